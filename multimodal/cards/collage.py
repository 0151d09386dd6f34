"""Collage sheets: several cards laid on one surface, each slightly turned, with a shadow and a lettered tag.

Template `collage` (registered in `multimodal.cards.render`, which renders the items): `items[]` are
cards of any other template, each with its own `params`, optional `look` and a `label` printed on a
tag pinned to its corner, so a question can be about "the card tagged B on the sheet".

    template: collage
    params:
      layout: scatter
      items:
        - {label: A, template: document, params: {style: note, body: Meet me at nine.}, look: handwritten}
        - {label: B, template: timepiece, params: {hour: 9, minute: 40, style: pocket}}

`compose(images, labels, params)` does the layout (pure: images in, sheet out, seeded).
"""

from __future__ import annotations

import math
import random
from typing import Any, Literal

import numpy as np
from PIL import Image, ImageDraw, ImageFilter
from pydantic import Field

from multimodal.cards.media_cards import Params
from multimodal.cards.photo import Surface, surface_texture, tilt
from multimodal.cards.typefaces import face_font


class CollageItem(Params):
    template: str
    params: dict[str, Any] = Field(default_factory=dict)
    look: str | dict[str, Any] | None = None
    label: str = Field(default="", max_length=4)


class CollageParams(Params):
    items: list[CollageItem] = Field(min_length=1, max_length=9)
    layout: Literal["grid", "scatter"] = "scatter"
    surface: Surface = "table"
    width: int = Field(default=1400, ge=600, le=3000)
    seed: int = 0


def place(img: Image.Image, cell_w: int, rng: random.Random, spread: float) -> Image.Image:
    """The card scaled to its cell, turned a little, over a soft shadow (RGBA, transparent around it)."""
    scale = min(cell_w * 0.86 / img.width, cell_w * 1.05 / img.height, 1.0)
    small = img.resize((max(1, round(img.width * scale)), max(1, round(img.height * scale))), Image.Resampling.LANCZOS)
    turned = tilt(small, rng.uniform(-spread, spread), 0.0)
    pad, off = 16, 7
    canvas = Image.new("RGBA", (turned.width + 2 * pad, turned.height + 2 * pad), (0, 0, 0, 0))
    shadow = Image.new("RGBA", turned.size, (0, 0, 0, 255))
    shadow.putalpha(turned.getchannel("A").point(lambda v: v * 45 // 100))
    canvas.alpha_composite(shadow, (pad + off, pad + off))
    canvas = canvas.filter(ImageFilter.GaussianBlur(6))
    canvas.alpha_composite(turned, (pad, pad))
    return canvas


def pin_tag(d: ImageDraw.ImageDraw, x: float, y: float, label: str) -> None:
    fnt = face_font("bold", 30)
    w = fnt.getlength(label) + 24
    d.rectangle((x, y, x + w, y + 44), fill=(255, 255, 245), outline=(30, 30, 30), width=3)
    d.text((x + 12, y + 6), label, font=fnt, fill=(20, 20, 20))
    d.ellipse((x + w / 2 - 7, y - 9, x + w / 2 + 7, y + 5), fill=(200, 30, 30), outline=(90, 10, 10))


def compose(images: list[Image.Image], labels: list[str], p: CollageParams) -> Image.Image:
    rng = random.Random(p.seed)
    cols = math.ceil(math.sqrt(len(images)))
    cell_w = p.width // cols
    spread = 6.0 if p.layout == "scatter" else 1.5
    tiles = [place(img, cell_w, rng, spread) for img in images]
    rows = [tiles[i:i + cols] for i in range(0, len(tiles), cols)]
    heights = [max(t.height for t in row) for row in rows]
    sheet_h = sum(heights) + 40
    base = surface_texture(np.random.default_rng(p.seed), (p.width, sheet_h), p.surface)
    sheet = Image.fromarray(base.clip(0, 255).astype(np.uint8), "RGB").convert("RGBA")
    draw = ImageDraw.Draw(sheet)
    y0 = 20
    for r, row in enumerate(rows):
        for c, tile in enumerate(row):
            jitter = cell_w * 0.05 if p.layout == "scatter" else 0
            x = int(c * cell_w + (cell_w - tile.width) / 2 + rng.uniform(-jitter, jitter))
            y = int(y0 + (heights[r] - tile.height) / 2 + rng.uniform(-jitter, jitter) / 2)
            sheet.alpha_composite(tile, (max(0, x), max(0, y)))
            label = labels[r * cols + c]
            if label:
                pin_tag(draw, max(0, x) + 16, max(0, y) + 18, label)
        y0 += heights[r]
    return sheet.convert("RGB")
