"""Timepieces with hands only: wall clocks, pocket watches, wristwatches and carriage clocks, never digits.

Template `timepiece`, params `TimepieceParams`: `hour`, `minute` (and an optional `second` hand),
`style`, `ticks` (`none` leaves only the hands and the crown at twelve to read by), `mirrored` (the
face as seen in a mirror: the hands run the other way), `cracked`. The time is geometry only.

    template: timepiece
    params: {hour: 1, minute: 48, style: pocket, ticks: quarters, second: 20}
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Literal

from PIL import Image, ImageColor, ImageDraw, ImageOps
from pydantic import Field

from multimodal.cards.media_cards import Colour, Params, draw_caption

CASE = {"wall": (95, 60, 35), "pocket": (190, 150, 60), "wrist": (160, 160, 165), "carriage": (180, 140, 60)}


class TimepieceParams(Params):
    hour: int = Field(ge=0, le=23)
    minute: int = Field(ge=0, le=59)
    second: int | None = Field(default=None, ge=0, le=59)
    style: Literal["wall", "pocket", "wrist", "carriage"] = "wall"
    ticks: Literal["none", "quarters", "hours", "minutes"] = "hours"
    dial: Colour = "ivory"
    mirrored: bool = False
    cracked: bool = False
    caption: str = ""
    size: int = Field(default=480, ge=200, le=1200)


def hand(d: ImageDraw.ImageDraw, c: float, angle: float, length: float, width: float, tail: float,
         fill: tuple[int, int, int]) -> None:
    """A tapered hand from a short tail behind the centre to its tip."""
    sx, sy = math.sin(angle), -math.cos(angle)
    px, py = -sy, sx
    tip = (c + sx * length, c + sy * length)
    base = (c - sx * tail, c - sy * tail)
    d.polygon([(base[0] + px * width / 2, base[1] + py * width / 2), tip,
               (base[0] - px * width / 2, base[1] - py * width / 2)], fill=fill)


def draw_case(d: ImageDraw.ImageDraw, p: TimepieceParams, c: float, r: float) -> None:
    s, colour = p.size, CASE[p.style]
    dark = tuple(max(0, v - 60) for v in colour)
    if p.style == "wrist":
        d.rounded_rectangle((c - r * 0.55, 0, c + r * 0.55, s), radius=20, fill=(70, 45, 30), outline=(40, 25, 15))
    if p.style == "pocket":
        d.rectangle((c - r * 0.09, c - r * 1.22, c + r * 0.09, c - r * 1.05), fill=colour, outline=dark, width=2)
        d.ellipse((c - r * 0.22, c - r * 1.45, c + r * 0.22, c - r * 1.15), outline=colour, width=max(4, s // 80))
    if p.style == "carriage":
        d.rectangle((c - r * 1.2, c - r * 1.25, c + r * 1.2, c + r * 1.2), fill=colour, outline=dark, width=4)
        d.rectangle((c - r * 0.3, c - r * 1.4, c + r * 0.3, c - r * 1.25), fill=colour, outline=dark, width=3)
    rim = r * (1.12 if p.style != "carriage" else 1.04)
    d.ellipse((c - rim, c - rim, c + rim, c + rim), fill=colour, outline=dark, width=3)
    if p.style == "wrist":
        d.rectangle((c + rim - 4, c - r * 0.1, c + rim + r * 0.12, c + r * 0.1), fill=colour, outline=dark)


def draw_ticks(d: ImageDraw.ImageDraw, ticks: str, c: float, r: float, s: int, ink: tuple[int, int, int]) -> None:
    if ticks == "none":
        return
    for tick in range(60):
        major = tick % 5 == 0
        quarter = tick % 15 == 0
        if ticks == "quarters" and not quarter or ticks == "hours" and not major:
            continue
        a = math.radians(tick * 6)
        inner = r * (0.78 if quarter else 0.84 if major else 0.91)
        width = max(2, s // (50 if quarter else 80 if major else 240))
        sx, sy = math.sin(a), -math.cos(a)
        d.line((c + inner * sx, c + inner * sy, c + r * 0.96 * sx, c + r * 0.96 * sy), fill=ink, width=width)


def render_timepiece(p: TimepieceParams) -> Image.Image:
    s = p.size
    img = Image.new("RGB", (s, s), (232, 228, 220))
    d = ImageDraw.Draw(img)
    c, r = s / 2, s * 0.34
    draw_case(d, p, c, r)
    d.ellipse((c - r, c - r, c + r, c + r), fill=p.dial, outline=(60, 60, 60), width=2)
    dark_dial = sum(ImageColor.getrgb(p.dial)[:3]) < 300
    ink = (235, 230, 215) if dark_dial else (25, 25, 30)
    draw_ticks(d, p.ticks, c, r, s, ink)
    hand(d, c, math.radians(((p.hour % 12) + p.minute / 60) * 30), r * 0.52, s / 28, r * 0.1, ink)
    hand(d, c, math.radians((p.minute + (p.second or 0) / 60) * 6), r * 0.86, s / 42, r * 0.12, ink)
    if p.second is not None:
        a = math.radians(p.second * 6)
        sx, sy = math.sin(a), -math.cos(a)
        d.line((c - r * 0.2 * sx, c - r * 0.2 * sy, c + r * 0.9 * sx, c + r * 0.9 * sy), fill=(170, 30, 30),
               width=max(2, s // 200))
    d.ellipse((c - s / 70, c - s / 70, c + s / 70, c + s / 70), fill=(60, 60, 60))
    if p.cracked:
        d.line([(c - r * 0.7, c - r * 0.5), (c - r * 0.2, c - r * 0.1), (c + r * 0.1, c - r * 0.35),
                (c + r * 0.6, c + r * 0.2)], fill=(150, 150, 150), width=2)
    if p.mirrored:
        img = ImageOps.mirror(img)
    return draw_caption(img, p.caption)


CLOCK_TEMPLATES: dict[str, tuple[type[Params], Callable[[Any], Image.Image]]] = {
    "timepiece": (TimepieceParams, render_timepiece)}
