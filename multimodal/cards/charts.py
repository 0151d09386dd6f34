"""Seating charts and timetables drawn as graphics: who sat beside whom, and when, read off the drawing.

`seating_chart`: tables (round or long) with a name card at every chair, in order clockwise from
the top (round) or along the top side then back along the bottom (long); "" is an empty chair. Who
sat next to or opposite whom is geometry, not text.

`timetable`: a time axis with labelled ticks and one row per train, person or room; each span is a
bar with no times printed on it, so its start and end are read against the axis. Times are
"HH:MM"; a time before `start` means the next day (a timetable may run past midnight).

    template: timetable
    params:
      start: "21:00"
      end: "02:00"
      rows:
        - {label: Up express, spans: [{start: "21:40", end: "22:35", colour: steelblue}]}
        - {label: Signal box, spans: [{start: "23:10", end: "00:20", colour: firebrick}], marks: ["00:05"]}
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Annotated, Any, Literal

from PIL import Image, ImageDraw
from pydantic import AfterValidator, Field

from multimodal.cards.media_cards import Colour, Params
from multimodal.cards.typefaces import face_font


def clock_time(value: str) -> str:
    hh, _, mm = value.partition(":")
    if not (hh.isdigit() and mm.isdigit() and int(hh) < 24 and int(mm) < 60 and len(mm) == 2):
        raise ValueError(f"{value!r} is not a time HH:MM (00:00 to 23:59)")
    return value


Time = Annotated[str, AfterValidator(clock_time)]


class Table(Params):
    shape: Literal["round", "long"] = "round"
    label: str = ""
    x: float = Field(default=50, ge=0, le=100, description="centre, % of the width")
    y: float = Field(default=50, ge=0, le=100)
    seats: list[str] = Field(min_length=1, max_length=16, description="clockwise from the top; '' = empty chair")


class SeatingParams(Params):
    title: str = ""
    tables: list[Table] = Field(min_length=1)
    width: int = Field(default=900, ge=300, le=1800)
    height: int = Field(default=640, ge=300, le=1600)
    size: int = Field(default=18, ge=12, le=40)


class Span(Params):
    start: Time
    end: Time
    colour: Colour = "steelblue"
    label: str = ""


class Row(Params):
    label: str
    spans: list[Span] = Field(default_factory=list)
    marks: list[Time] = Field(default_factory=list, description="instants drawn as diamonds")


class TimetableParams(Params):
    title: str = ""
    start: Time
    end: Time
    tick_minutes: int = Field(default=30, ge=5, le=240)
    rows: list[Row] = Field(min_length=1)
    width: int = Field(default=1000, ge=400, le=2000)
    size: int = Field(default=18, ge=12, le=40)


def name_card(d: ImageDraw.ImageDraw, x: float, y: float, name: str, size: int, above: bool) -> None:
    """A chair at (x, y) with its name card on the side away from the table; an empty chair is hollow."""
    r = size * 0.9
    if not name:
        d.ellipse((x - r, y - r, x + r, y + r), outline=(110, 110, 110), width=3)
        return
    d.ellipse((x - r, y - r, x + r, y + r), fill=(150, 110, 80), outline=(60, 40, 30), width=2)
    fnt = face_font("serif", size)
    w = fnt.getlength(name) + 12
    y0 = y - r - size - 12 if above else y + r + 2
    d.rectangle((x - w / 2, y0, x + w / 2, y0 + size + 10), fill=(255, 255, 250), outline=(80, 80, 80))
    d.text((x, y0 + 4 + size / 2), name, font=fnt, fill=(20, 20, 20), anchor="mm")


def seat_points(t: Table, cx: float, cy: float, size: int) -> tuple[list[tuple[float, float]], tuple[float, ...]]:
    """Chair centres and the table's box for one table."""
    n = len(t.seats)
    if t.shape == "round":
        radius = max(size * 3.2, n * size * 0.75)
        ring = radius + size * 1.6
        pts = [(cx + ring * math.sin(2 * math.pi * i / n), cy - ring * math.cos(2 * math.pi * i / n)) for i in range(n)]
        return pts, (cx - radius, cy - radius, cx + radius, cy + radius)
    top = math.ceil(n / 2)
    half_w = max(top, 2) * size * 3.4 / 2
    box = (cx - half_w, cy - size * 2.2, cx + half_w, cy + size * 2.2)
    xs = [box[0] + (i + 0.5) * (2 * half_w) / top for i in range(top)]
    pts = [(x, box[1] - size * 1.5) for x in xs] + [(x, box[3] + size * 1.5) for x in reversed(xs)][: n - top]
    return pts, box


def render_seating(p: SeatingParams) -> Image.Image:
    title_h = 60 if p.title else 0
    img = Image.new("RGB", (p.width, p.height + title_h), (246, 242, 232))
    d = ImageDraw.Draw(img)
    if p.title:
        d.text((24, 16), p.title, font=face_font("bold", 26), fill=(20, 20, 20))
    for t in p.tables:
        cx, cy = t.x / 100 * p.width, title_h + t.y / 100 * p.height
        pts, box = seat_points(t, cx, cy, p.size)
        if t.shape == "round":
            d.ellipse(box, fill=(255, 255, 255), outline=(90, 70, 50), width=4)
        else:
            d.rectangle(box, fill=(255, 255, 255), outline=(90, 70, 50), width=4)
        if t.label:
            d.text((cx, cy), t.label, font=face_font("bold", p.size + 2), fill=(60, 60, 60), anchor="mm")
        for (x, y), name in zip(pts, t.seats, strict=True):
            name_card(d, x, y, name, p.size, above=y < cy)
    return img


def minutes(value: str, origin: int) -> int:
    """Minutes after midnight; a time before `origin` belongs to the next day."""
    hh, mm = value.split(":")
    m = int(hh) * 60 + int(mm)
    return m + 1440 if m < origin else m


def render_timetable(p: TimetableParams) -> Image.Image:
    origin = minutes(p.start, 0)
    stop = minutes(p.end, origin + 1)
    label_w = max(face_font("sans", p.size).getlength(r.label) for r in p.rows) + 40
    left, right = label_w, p.width - 40
    row_h = p.size * 3
    top = (70 if p.title else 20) + p.size * 2
    img = Image.new("RGB", (p.width, top + row_h * len(p.rows) + 30), "white")
    d = ImageDraw.Draw(img)
    if p.title:
        d.text((24, 16), p.title, font=face_font("bold", 26), fill=(20, 20, 20))

    def x_of(t: str) -> float:
        return left + (minutes(t, origin) - origin) / (stop - origin) * (right - left)

    tick = origin - origin % p.tick_minutes + (p.tick_minutes if origin % p.tick_minutes else 0)
    while tick <= stop:
        x = left + (tick - origin) / (stop - origin) * (right - left)
        d.line((x, top - 6, x, top + row_h * len(p.rows)), fill=(215, 215, 215), width=1)
        if tick % 60 == 0 or p.tick_minutes >= 60:
            label = f"{(tick // 60) % 24:02d}:{tick % 60:02d}"
            d.text((x, top - 12), label, font=face_font("sans", p.size - 2), fill=(40, 40, 40), anchor="ms")
            d.line((x, top - 6, x, top + row_h * len(p.rows)), fill=(170, 170, 170), width=2)
        tick += p.tick_minutes
    for i, row in enumerate(p.rows):
        y = top + i * row_h
        d.line((left, y + row_h, right, y + row_h), fill=(235, 235, 235))
        d.text((20, y + row_h / 2), row.label, font=face_font("sans", p.size), fill=(20, 20, 20), anchor="lm")
        for span in row.spans:
            d.rectangle((x_of(span.start), y + row_h * 0.2, x_of(span.end), y + row_h * 0.8), fill=span.colour,
                        outline=(30, 30, 30), width=2)
            if span.label:
                d.text((x_of(span.start) + 6, y + row_h / 2), span.label, font=face_font("sans", p.size - 4),
                       fill=(255, 255, 255), anchor="lm", stroke_width=2, stroke_fill=(30, 30, 30))
        for mark in row.marks:
            x, cy, r = x_of(mark), y + row_h / 2, row_h * 0.28
            d.polygon([(x, cy - r), (x + r, cy), (x, cy + r), (x - r, cy)], fill=(20, 20, 20))
    return img


CHART_TEMPLATES: dict[str, tuple[type[Params], Callable[[Any], Image.Image]]] = {
    "seating_chart": (SeatingParams, render_seating),
    "timetable": (TimetableParams, render_timetable),
}
