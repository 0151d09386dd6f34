"""Render clue cards from a case's `cards.yaml` spec into PNG or JPEG files, byte-for-byte reproducibly.

A spec lists cards: `{file, template, params, look}`. The same spec gives the same pixels and the
same bytes (pinned fonts, seeded layouts and looks, no timestamps or metadata in the files). The
file's suffix picks the format: `.png`, or `.jpg`/`.jpeg` (photographed looks; JPEG at the look's
`jpeg_quality`, else 90).

API for code that builds cards (e.g. the generator): `render_card(CardSpec(file=..., template=...,
params={...}, look="photographed"))` returns a PIL image; `card_bytes(spec)` the encoded file;
`TEMPLATES` maps each template name to its params model and render function; looks are in
`multimodal.cards.look`.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from multimodal.cards.charts import CHART_TEMPLATES
from multimodal.cards.clocks import CLOCK_TEMPLATES
from multimodal.cards.collage import CollageParams, compose
from multimodal.cards.exhibits import EXHIBIT_TEMPLATES
from multimodal.cards.fonts import FontMissing, script_fonts
from multimodal.cards.gauges import GAUGE_TEMPLATES
from multimodal.cards.look import LookError, apply_look, is_plain, look_seed, resolve_look, with_face
from multimodal.cards.media_cards import MEDIA_TEMPLATES
from multimodal.cards.photo import jpeg_bytes
from multimodal.cards.plans import PLAN_TEMPLATES
from multimodal.cards.scenes import SCENE_TEMPLATES
from multimodal.cards.text_cards import TEXT_TEMPLATES
from multimodal.files import FileProblem, read_yaml_inside, target_inside

TEMPLATES: dict[str, tuple[type[BaseModel], Callable[[Any], Image.Image]]] = {
    **TEXT_TEMPLATES, **MEDIA_TEMPLATES, **SCENE_TEMPLATES, **EXHIBIT_TEMPLATES, **CHART_TEMPLATES,
    **PLAN_TEMPLATES, **CLOCK_TEMPLATES, **GAUGE_TEMPLATES}
SPEC_FILE = "cards.yaml"


class CardSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    file: str = Field(min_length=1, description="output path relative to the case folder")
    template: str
    params: dict[str, Any] = Field(default_factory=dict)
    look: str | dict[str, Any] | None = Field(default=None, description="a look preset name or {preset, ...}")


class CardError(ValueError):
    """A card spec that cannot be rendered; the message names the card and the problem."""


def load_card_specs(folder: Path) -> list[CardSpec]:
    """The card specs of a case folder (empty when it has no cards.yaml). The file is read like every file a
    case names (`multimodal.files.read_yaml_inside`: path rule, cap, UTF-8, safe YAML); anything wrong with
    it, its place or its types is one CardError naming the file, the field and the fix."""
    path = folder / SPEC_FILE
    if not os.path.lexists(path):
        return []
    try:
        cards = read_yaml_inside(folder, SPEC_FILE).get("cards", [])
    except FileProblem as exc:
        raise CardError(f"{path}: {exc} (fix: {exc.fix})") from exc
    if not isinstance(cards, list):
        raise CardError(f"{path}: cards: a {type(cards).__name__}, not a list (fix: list the cards, each with "
                        "file, template and params)")
    specs = []
    for index, item in enumerate(cards):
        try:
            specs.append(CardSpec.model_validate(item))
        except ValidationError as exc:
            first = exc.errors()[0]
            where = "".join(f".{part}" for part in first["loc"])
            raise CardError(f"{path}: cards[{index}]{where}: {first['msg']} (fix: give each card file, template "
                            "and params, docs/script-format.md)") from exc
    return specs


def render_card(spec: CardSpec) -> Image.Image:
    """The card's image: its template drawn from its params, then its look applied."""
    if spec.template not in TEMPLATES:
        raise CardError(f"{spec.file}: unknown template {spec.template!r}; known: {', '.join(sorted(TEMPLATES))}")
    params_model, render = TEMPLATES[spec.template]
    try:
        look = resolve_look(spec.look)
        params = params_model.model_validate(with_face(spec.params, look, set(params_model.model_fields)))
        with script_fonts(json.dumps(spec.params, ensure_ascii=False)):  # Noto CJK for Chinese cards
            img = render(params)
        return apply_look(img, look, look_seed(look, spec.file)) if look is not None else img
    except FontMissing as exc:
        raise CardError(f"{spec.file} ({spec.template}): {exc}") from exc
    except LookError as exc:
        raise CardError(f"{spec.file} (look): {exc}") from exc
    except (ValidationError, ValueError) as exc:
        raise CardError(f"{spec.file} ({spec.template}): {exc}") from exc


def render_collage(p: CollageParams) -> Image.Image:
    """A collage sheet: each item rendered as a card of its own (looks seeded by sheet seed and position)."""
    images = []
    for i, item in enumerate(p.items):
        if item.template == "collage":
            raise ValueError(f"items[{i}]: a collage cannot hold a collage")
        spec = CardSpec(file=f"collage-{p.seed}-{i}.png", template=item.template, params=item.params, look=item.look)
        images.append(render_card(spec))
    return compose(images, [item.label for item in p.items], p)


TEMPLATES["collage"] = (CollageParams, render_collage)


def png_bytes(img: Image.Image, compress_level: int = 9) -> bytes:
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=compress_level)
    return out.getvalue()


def encode(img: Image.Image, file: str, jpeg_quality: int | None = None, looked: bool = False) -> bytes:
    """The file's bytes: PNG for `.png`, JPEG for `.jpg`/`.jpeg`; any other suffix is a CardError.

    Cards with a look carry paper grain, which PNG compresses poorly: they are written at zlib
    level 6 (5x faster than 9, ~10% larger); `.jpg` makes them 4-6x smaller still.
    """
    suffix = Path(file).suffix.lower()
    if suffix == ".png":
        return png_bytes(img, 6 if looked else 9)
    if suffix in (".jpg", ".jpeg"):
        return jpeg_bytes(img, jpeg_quality or 90)
    raise CardError(f"{file}: a card file ends in .png, .jpg or .jpeg (got {suffix or 'no suffix'!r})")


def card_bytes(spec: CardSpec) -> bytes:
    """The encoded file of a card (PNG or JPEG by its suffix)."""
    img = render_card(spec)
    look = resolve_look(spec.look)
    return encode(img, spec.file, look.jpeg_quality if look else None, looked=not is_plain(look))


def render_cards(folder: Path, out_dir: Path | None = None) -> list[Path]:
    """Render every card of `folder` (into `out_dir` if given, else beside the spec); return the paths."""
    written = []
    for spec in load_card_specs(folder):
        try:  # a card is written only inside the case (or output) folder, like every file a case names
            target = target_inside(out_dir or folder, spec.file)
        except FileProblem as exc:
            raise CardError(f"{spec.file}: {exc} (fix: {exc.fix})") from exc
        target.parent.mkdir(parents=True, exist_ok=True)
        data = card_bytes(spec)
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
        written.append(target)
    return written
