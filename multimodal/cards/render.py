"""Render clue cards from a case's `cards.yaml` spec into PNG files, byte-for-byte reproducibly.

A spec lists cards: `{file, template, params}`. The same spec gives the same pixels and the same
PNG bytes (bundled fonts, seeded layouts, no timestamps or metadata in the files).
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from PIL import Image
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from multimodal.cards.fonts import FontMissing, script_fonts
from multimodal.cards.media_cards import MEDIA_TEMPLATES
from multimodal.cards.text_cards import TEXT_TEMPLATES

TEMPLATES: dict[str, tuple[type[BaseModel], Callable[[Any], Image.Image]]] = {**TEXT_TEMPLATES, **MEDIA_TEMPLATES}
SPEC_FILE = "cards.yaml"


class CardSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    file: str = Field(min_length=1, description="output path relative to the case folder")
    template: str
    params: dict[str, Any] = Field(default_factory=dict)


class CardError(ValueError):
    """A card spec that cannot be rendered; the message names the card and the problem."""


def load_card_specs(folder: Path) -> list[CardSpec]:
    """The card specs of a case folder (empty when it has no cards.yaml)."""
    path = folder / SPEC_FILE
    if not path.is_file():
        return []
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        return [CardSpec.model_validate(item) for item in data.get("cards", [])]
    except (yaml.YAMLError, ValidationError, AttributeError) as exc:
        raise CardError(f"{path}: {exc}") from exc


def render_card(spec: CardSpec) -> Image.Image:
    if spec.template not in TEMPLATES:
        raise CardError(f"{spec.file}: unknown template {spec.template!r}; known: {', '.join(sorted(TEMPLATES))}")
    params_model, render = TEMPLATES[spec.template]
    try:
        params = params_model.model_validate(spec.params)
        with script_fonts(json.dumps(spec.params, ensure_ascii=False)):  # Noto CJK for Chinese cards
            return render(params)
    except FontMissing as exc:
        raise CardError(f"{spec.file}: {exc}") from exc
    except (ValidationError, ValueError) as exc:
        raise CardError(f"{spec.file} ({spec.template}): {exc}") from exc


def png_bytes(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=9)
    return out.getvalue()


def render_cards(folder: Path, out_dir: Path | None = None) -> list[Path]:
    """Render every card of `folder` (into `out_dir` if given, else beside the spec); return the paths."""
    written = []
    for spec in load_card_specs(folder):
        target = (out_dir or folder) / spec.file
        target.parent.mkdir(parents=True, exist_ok=True)
        data = png_bytes(render_card(spec))
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
        written.append(target)
    return written
