"""Looks: how a rendered card is made to look like the real thing (paper, hand, stamps, folds, camera).

A card in `cards.yaml` takes an optional `look:`, either a preset name or a mapping of a preset and
overrides (every knob below), e.g.

    look: photographed
    look: {preset: handwritten, seed: 4, stamps: [{text: "RECEIVED\\n16 NOV 1934"}], tilt: -1.5}

`resolve_look(value)` turns that into a `Look`; `apply_look(img, look, seed)` returns the new image
(same card, look and seed: same pixels). A look's `face` is the typeface of every text part that
the card's params leave unset (`font`, `heading_font`, `signature_font`). Cards without a look are
rendered exactly as before.

`legibility_class(look)` says whether a card's text is meant to be read by OCR as well as by a
person ("mild": the >= 90% OCR floor applies) or is a harder style measured only in the
legibility report ("hard": handwriting, stamps over text, strong tilt or perspective, heavy camera).
"""

from __future__ import annotations

import zlib
from typing import Any, Literal

import numpy as np
from PIL import Image
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from multimodal.cards.media_cards import Colour
from multimodal.cards.paper import PaperKind, fold, press_stamp, put_on_paper, stain, warp
from multimodal.cards.photo import Surface, finish, jpeg_artefacts, lay_on, light, tilt
from multimodal.cards.text_cards import Face
from multimodal.cards.typefaces import HANDWRITING

FACE_FIELDS = ("font", "heading_font", "signature_font")


class Stamp(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    text: str = Field(min_length=1, description="the stamp's words; \\n breaks lines")
    colour: Colour = "firebrick"
    shape: Literal["box", "circle", "oval"] = "box"
    x: float | None = Field(default=None, ge=0, le=1, description="centre, fraction of the width (seeded if unset)")
    y: float | None = Field(default=None, ge=0, le=1)
    angle: float | None = Field(default=None, ge=-45, le=45)


class Look(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    preset: str = "plain"
    seed: int | None = Field(default=None, description="defaults to a hash of the card's file name")
    face: Face | None = None
    paper: PaperKind = "plain"
    ink: Colour | None = None
    ink_wear: float = Field(default=0.0, ge=0, le=1)
    warp: float = Field(default=0.0, ge=0, le=8, description="pixels by which the ink wanders (an unsteady hand)")
    folds: int = Field(default=0, ge=0, le=3)
    stains: int = Field(default=0, ge=0, le=6)
    stamps: tuple[Stamp, ...] = ()
    tilt: float = Field(default=0.0, ge=-15, le=15, description="degrees, counter-clockwise")
    keystone: float = Field(default=0.0, ge=0, le=0.3, description="top edge narrower by this share")
    photo: bool = False
    surface: Surface = "wood"
    light: float = Field(default=0.0, ge=0, le=1)
    noise: float = Field(default=0.0, ge=0, le=25)
    blur: float = Field(default=0.0, ge=0, le=3)
    jpeg_quality: int | None = Field(default=None, ge=10, le=100)


PRESETS: dict[str, dict[str, Any]] = {
    "plain": {},
    "textured": {"paper": "textured"},
    "aged": {"paper": "aged", "folds": 2, "stains": 1},
    "typed": {"face": "typewriter", "paper": "textured", "ink_wear": 0.35},
    "book": {"face": "book", "paper": "aged"},
    "scanned": {"paper": "textured", "tilt": -0.9, "noise": 3.0},
    "photographed": {"paper": "textured", "photo": True, "tilt": 1.5, "keystone": 0.03, "light": 0.35,
                     "noise": 3.0, "blur": 0.4, "jpeg_quality": 85},
    "handwritten": {"face": "hand_pen", "paper": "lined", "ink": "midnightblue", "tilt": 0.8, "warp": 2.0},
    "scrawled": {"face": "hand_scrawl", "paper": "textured", "ink": "black", "tilt": 1.5, "stains": 1, "warp": 3.0},
    "stamped": {"paper": "textured", "stamps": [{"text": "RECEIVED"}]},
    "photo_heavy": {"paper": "aged", "folds": 2, "stains": 2, "warp": 2.5, "photo": True, "surface": "desk",
                    "tilt": 6.5, "keystone": 0.11, "light": 0.8, "noise": 7.0, "blur": 1.0, "jpeg_quality": 35},
}


class LookError(ValueError):
    """A look that is not a known preset or has a bad knob; the message says which and lists the presets."""


def resolve_look(value: str | dict[str, Any] | None) -> Look | None:
    """A `Look` from a preset name or a mapping `{preset, ...overrides}`; None for no look."""
    if value is None:
        return None
    given = {"preset": value} if isinstance(value, str) else dict(value)
    preset = str(given.get("preset", "plain"))
    if preset not in PRESETS:
        raise LookError(f"unknown look {preset!r}; presets: {', '.join(PRESETS)}")
    try:
        return Look.model_validate({**PRESETS[preset], **given})
    except ValidationError as exc:
        raise LookError(f"look {preset!r}: {exc}") from exc


def look_seed(look: Look, file: str) -> int:
    """The look's seed, or a stable hash of the card's file name (never Python's salted hash)."""
    return look.seed if look.seed is not None else zlib.crc32(file.encode("utf-8"))


def legibility_class(look: Look | None) -> Literal["mild", "hard"]:
    """'mild' when the OCR floor applies to the card's text, 'hard' for the styles only reported."""
    if look is None:
        return "mild"
    hard = (look.face in HANDWRITING or bool(look.stamps) or abs(look.tilt) > 3 or look.keystone > 0.06
            or (look.jpeg_quality or 100) < 70 or look.blur > 0.8 or look.noise > 6 or look.light > 0.5
            or look.warp > 1.5)
    return "hard" if hard else "mild"


def card_legibility(template: str, look: Any, params: dict[str, Any]) -> Literal["mild", "hard"]:
    """A card's class: its own look's and, for a collage, the hardest of its items' looks (a handwritten slip
    laid among printed cards makes the sheet hard to read as a whole)."""
    if legibility_class(resolve_look(look)) == "hard":
        return "hard"
    items = params.get("items", []) if template == "collage" else []
    hard = any(isinstance(i, dict) and legibility_class(resolve_look(i.get("look"))) == "hard" for i in items)
    return "hard" if hard else "mild"


def with_face(params: dict[str, Any], look: Look | None, fields: set[str]) -> dict[str, Any]:
    """The card's params with the look's face filled into every face field the params leave unset."""
    if look is None or look.face is None:
        return params
    return {**{key: look.face for key in FACE_FIELDS if key in fields}, **params}


def is_plain(look: Look | None) -> bool:
    """True when the look changes nothing (no look, `plain`, or only a preset name and seed)."""
    return look is None or look == Look(preset=look.preset, seed=look.seed)


def apply_look(img: Image.Image, look: Look | None, seed: int) -> Image.Image:
    """The card made to look real: paper and ink, folds, stains, stamps, then tilt and the camera."""
    if look is None or is_plain(look):
        return img
    rng = np.random.default_rng(seed)
    out = warp(img.convert("RGB"), rng, look.warp)  # before the paper: the ink wanders, the rules stay straight
    if look.paper != "plain" or look.ink is not None or look.ink_wear:
        out = put_on_paper(out, rng, look.paper, look.ink, look.ink_wear)
    out = stain(fold(out, rng, look.folds), rng, look.stains)
    for st in look.stamps:
        out = press_stamp(out, rng, st.text, st.colour, st.shape, st.x, st.y, st.angle)
    if look.photo or look.tilt or look.keystone:
        surface: Surface = look.surface if look.photo else "scanner"
        card = tilt(out, look.tilt, look.keystone)
        arr = lay_on(card, rng, surface, shadow=look.photo, margin=0.06 if look.photo else 0.01)
    else:
        arr = np.asarray(out, dtype=np.float32)
    if look.light:
        arr = light(arr, rng, look.light)
    out = finish(arr, rng, look.noise, look.blur)
    return jpeg_artefacts(out, look.jpeg_quality) if look.jpeg_quality else out
