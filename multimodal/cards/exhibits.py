"""Evidence objects drawn in enough detail to tell apart: a bloodied or clean knife, a full or empty vial,
a torn or whole glove, a glass with or without lipstick, a bottle's level, a key's teeth, a paper slip
(an IOU, a ticket) whole or torn in two, with its label written on it.

Template `evidence`, params `EvidenceParams`: exhibits laid out on a surface, each with an optional
numbered tag, so a question can ask which tag is the bloodied knife. States are drawn, never printed.

    template: evidence
    params:
      title: Exhibits from the study
      items:
        - {kind: knife, tag: "1", bloodied: true}
        - {kind: knife, tag: "2"}
        - {kind: vial, tag: "3", fill: 0.0, colour: teal}
        - {kind: glove, tag: "4", torn: true, colour: tan}
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, Literal

from PIL import Image, ImageColor, ImageDraw
from pydantic import Field

from multimodal.cards.media_cards import Colour, Params
from multimodal.cards.typefaces import face_font

BLOOD = (120, 10, 14, 235)
OUTLINE = (25, 25, 25, 255)


class Exhibit(Params):
    kind: Literal["knife", "vial", "glove", "glass", "bottle", "key", "note"]
    tag: str = Field(default="", max_length=6, description="printed on the evidence tag beside the object")
    colour: Colour | None = Field(default=None, description="liquid, glove or metal colour")
    bloodied: bool = False
    fill: float = Field(default=0.0, ge=0, le=1, description="how full a vial, glass or bottle is")
    stoppered: bool = True
    torn: bool = False
    lipstick: bool = False
    teeth: int = Field(default=3, ge=1, le=6)
    label: str = Field(default="", max_length=24)


class EvidenceParams(Params):
    title: str = ""
    items: list[Exhibit] = Field(min_length=1, max_length=12)
    per_row: int = Field(default=4, ge=1, le=6)
    cell: int = Field(default=260, ge=160, le=500)
    surface: Colour = "lightsteelblue"
    seed: int = 0


def rgba(name: str | None, default: str, alpha: int = 255) -> tuple[int, int, int, int]:
    r, g, b = ImageColor.getrgb(name or default)[:3]
    return r, g, b, alpha


def smear(d: ImageDraw.ImageDraw, rng: random.Random, cx: float, cy: float, r: float, n: int = 3) -> None:
    for _ in range(n):
        x, y = cx + rng.uniform(-r, r), cy + rng.uniform(-r * 0.4, r * 0.4)
        pts = [(x + rng.uniform(0.4, 1.0) * r * 0.5 * math.cos(t), y + rng.uniform(0.4, 1.0) * r * 0.3 * math.sin(t))
               for t in [k * math.pi / 5 for k in range(10)]]
        d.polygon(pts, fill=BLOOD)


def draw_knife(d: ImageDraw.ImageDraw, e: Exhibit, s: int, rng: random.Random) -> None:
    y = s * 0.5
    d.rounded_rectangle((s * 0.06, y - s * 0.06, s * 0.38, y + s * 0.06), radius=8, fill=(92, 58, 30, 255),
                        outline=OUTLINE, width=2)
    for x in (0.14, 0.22, 0.30):
        d.ellipse((s * x - 4, y - 4, s * x + 4, y + 4), fill=(200, 200, 200, 255))
    d.rectangle((s * 0.38, y - s * 0.08, s * 0.42, y + s * 0.08), fill=(150, 150, 150, 255), outline=OUTLINE)
    blade = [(s * 0.42, y - s * 0.06), (s * 0.80, y - s * 0.05), (s * 0.95, y + s * 0.015), (s * 0.42, y + s * 0.06)]
    d.polygon(blade, fill=(205, 210, 215, 255), outline=OUTLINE, width=2)
    d.line((s * 0.44, y - s * 0.02, s * 0.82, y - s * 0.015), fill=(245, 248, 250, 255), width=3)
    if e.bloodied:
        smear(d, rng, s * 0.72, y, s * 0.14, 4)
        d.polygon([(s * 0.80, y - s * 0.03), (s * 0.94, y + s * 0.015), (s * 0.80, y + s * 0.04)], fill=BLOOD)
        for k in range(3):
            cx = s * (0.6 + 0.1 * k)
            d.ellipse((cx - 4, y + s * 0.13 + k * 5, cx + 4, y + s * 0.13 + k * 5 + 8), fill=BLOOD)


def draw_vessel(d: ImageDraw.ImageDraw, e: Exhibit, s: int, body: tuple[float, float, float, float],
                neck: float = 0.0) -> None:
    """A glass vessel with liquid up to `e.fill` of its body; an empty one shows only a dry film."""
    x0, y0, x1, y1 = (v * s for v in body)
    liquid = rgba(e.colour, "darkred", 220)
    if e.fill > 0:
        top = y1 - (y1 - y0) * e.fill
        d.rectangle((x0 + 4, top, x1 - 4, y1 - 4), fill=liquid)
        d.line((x0 + 4, top, x1 - 4, top), fill=tuple(min(255, c + 60) for c in liquid[:3]) + (255,), width=3)
    d.rounded_rectangle((x0, y0, x1, y1), radius=10, outline=(70, 90, 110, 255), width=4)
    d.line((x0 + 9, y0 + 12, x0 + 9, y1 - 14), fill=(255, 255, 255, 200), width=3)
    if neck:
        nx = (x1 - x0) * neck
        d.rectangle((x0 + nx, y0 - s * 0.12, x1 - nx, y0), outline=(70, 90, 110, 255), width=4)
        if e.stoppered:
            d.rectangle((x0 + nx - 3, y0 - s * 0.18, x1 - nx + 3, y0 - s * 0.1), fill=(170, 120, 70, 255),
                        outline=OUTLINE)
    if e.label:
        fnt = face_font("serif", max(12, s // 18))
        ly = (y0 + y1) / 2 - fnt.size
        d.rectangle((x0 + 6, ly, x1 - 6, ly + fnt.size * 2), fill=(245, 240, 225, 255), outline=OUTLINE)
        d.text(((x0 + x1) / 2, ly + fnt.size), e.label, font=fnt, fill=(20, 20, 20, 255), anchor="mm")


def draw_glass(d: ImageDraw.ImageDraw, e: Exhibit, s: int) -> None:
    x0, x1, y0, y1 = s * 0.3, s * 0.7, s * 0.25, s * 0.82
    inset = s * 0.05
    if e.fill > 0:
        top = y1 - (y1 - y0) * e.fill
        t = (top - y0) / (y1 - y0)
        d.polygon([(x0 + inset * t + 4, top), (x1 - inset * t - 4, top), (x1 - inset - 4, y1 - 4),
                   (x0 + inset + 4, y1 - 4)], fill=rgba(e.colour, "goldenrod", 210))
    d.line([(x0, y0), (x0 + inset, y1), (x1 - inset, y1), (x1, y0)], fill=(70, 90, 110, 255), width=4)
    d.ellipse((x0, y0 - 8, x1, y0 + 8), outline=(70, 90, 110, 255), width=3)
    if e.lipstick:
        d.arc((x0 + s * 0.04, y0 - 9, x0 + s * 0.2, y0 + 12), 120, 250, fill=(200, 20, 60, 255), width=7)


def draw_glove(d: ImageDraw.ImageDraw, e: Exhibit, s: int, rng: random.Random) -> None:
    colour = rgba(e.colour, "tan")
    d.rounded_rectangle((s * 0.3, s * 0.42, s * 0.7, s * 0.88), radius=18, fill=colour, outline=OUTLINE, width=2)
    for i, (x, top) in enumerate(((0.32, 0.16), (0.42, 0.1), (0.52, 0.12), (0.61, 0.2))):
        if e.torn and i == 2:
            top = 0.3
        d.rounded_rectangle((s * x, s * top, s * (x + 0.085), s * 0.5), radius=12, fill=colour, outline=OUTLINE,
                            width=2)
        if e.torn and i == 2:
            d.line([(s * x, s * 0.3), (s * (x + 0.02), s * 0.33), (s * (x + 0.045), s * 0.29),
                    (s * (x + 0.065), s * 0.335), (s * (x + 0.085), s * 0.3)], fill=OUTLINE, width=3)
    d.rounded_rectangle((s * 0.16, s * 0.48, s * 0.36, s * 0.58), radius=12, fill=colour, outline=OUTLINE, width=2)
    d.rectangle((s * 0.3, s * 0.82, s * 0.7, s * 0.9), fill=tuple(max(0, c - 40) for c in colour[:3]) + (255,))
    if e.torn:
        cx, cy = s * 0.52, s * 0.64
        pts = [(cx + s * 0.09 * rng.uniform(0.5, 1.2) * math.cos(t),
                cy + s * 0.06 * rng.uniform(0.5, 1.2) * math.sin(t)) for t in [k * math.pi / 6 for k in range(12)]]
        d.polygon(pts, fill=(0, 0, 0, 0), outline=OUTLINE, width=3)
    if e.bloodied:
        smear(d, rng, s * 0.45, s * 0.72, s * 0.1, 3)


def draw_key(d: ImageDraw.ImageDraw, e: Exhibit, s: int) -> None:
    metal = rgba(e.colour, "darkgoldenrod")
    d.ellipse((s * 0.1, s * 0.38, s * 0.34, s * 0.62), outline=metal, width=max(6, s // 22))
    d.rectangle((s * 0.33, s * 0.47, s * 0.86, s * 0.53), fill=metal, outline=OUTLINE)
    for k in range(e.teeth):
        x = s * (0.82 - 0.07 * k)
        d.rectangle((x - s * 0.025, s * 0.53, x + s * 0.02, s * (0.6 + 0.03 * (k % 2))), fill=metal, outline=OUTLINE)


def draw_note(d: ImageDraw.ImageDraw, e: Exhibit, s: int, rng: random.Random) -> None:
    """A paper slip with its label written across it; torn, it lies in two halves split by a jagged gap."""
    paper, x0, x1, y0, y1 = rgba(e.colour, "oldlace"), s * 0.1, s * 0.9, s * 0.3, s * 0.66
    fnt = face_font("serif", max(14, s // 13))
    cut = [(s * 0.5 + rng.uniform(-0.04, 0.04) * s, y0 + (y1 - y0) * k / 6) for k in range(7)]
    gap = s * 0.05 if e.torn else 0
    halves = ([(x0, y0), *cut, (x0, y1)], [(x1, y0), *cut, (x1, y1)])
    for sign, half in zip((-1, 1), halves, strict=True):
        moved = [(x + sign * gap, y + (sign * s * 0.03 if e.torn else 0)) for x, y in half]
        d.polygon(moved, fill=paper, outline=OUTLINE if e.torn else paper, width=2)
    if not e.torn:
        d.rectangle((x0, y0, x1, y1), outline=OUTLINE, width=2)
    if e.label:
        d.text((s * 0.5, (y0 + y1) / 2), e.label, font=fnt, fill=(25, 25, 80, 255), anchor="mm")
    if e.bloodied:
        smear(d, rng, s * 0.7, y1 - s * 0.05, s * 0.08, 2)


def exhibit_tile(e: Exhibit, s: int, rng: random.Random) -> Image.Image:
    tile = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    if e.kind == "knife":
        draw_knife(d, e, s, rng)
    elif e.kind == "vial":
        draw_vessel(d, e, s, (0.4, 0.3, 0.6, 0.85), neck=0.12)
    elif e.kind == "bottle":
        draw_vessel(d, e, s, (0.3, 0.4, 0.7, 0.9), neck=0.32)
    elif e.kind == "glass":
        draw_glass(d, e, s)
    elif e.kind == "glove":
        draw_glove(d, e, s, rng)
    elif e.kind == "note":
        draw_note(d, e, s, rng)
    else:
        draw_key(d, e, s)
    return tile.rotate(rng.uniform(-10, 10), resample=Image.Resampling.BICUBIC)


def render_evidence(p: EvidenceParams) -> Image.Image:
    rng = random.Random(p.seed)
    cols = min(p.per_row, len(p.items))
    rows = math.ceil(len(p.items) / cols)
    title_h = 60 if p.title else 0
    img = Image.new("RGBA", (cols * p.cell + 40, rows * p.cell + 40 + title_h), rgba(p.surface, "white"))
    d = ImageDraw.Draw(img)
    if p.title:
        d.text((24, 16), p.title, font=face_font("bold", 26), fill=(20, 20, 20, 255))
    tag_font = face_font("bold", max(16, p.cell // 11))
    for i, item in enumerate(p.items):
        x, y = 20 + (i % cols) * p.cell, 20 + title_h + (i // cols) * p.cell
        img.alpha_composite(exhibit_tile(item, p.cell, rng), (x, y))
        if item.tag:
            w = tag_font.getlength(item.tag) + 18
            d.rectangle((x + 8, y + p.cell - tag_font.size - 26, x + 8 + w, y + p.cell - 12), fill=(250, 250, 240, 255),
                        outline=OUTLINE, width=2)
            d.text((x + 17, y + p.cell - tag_font.size - 20), item.tag, font=tag_font, fill=(20, 20, 20, 255))
    return img.convert("RGB")


EXHIBIT_TEMPLATES: dict[str, tuple[type[Params], Callable[[Any], Image.Image]]] = {
    "evidence": (EvidenceParams, render_evidence)}
