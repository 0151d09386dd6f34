"""Media-rich card templates whose answers need vision, not OCR.

An analog clock has no numerals; a floor plan's doors and markers, a map's drawn route, the number
and colours of objects in a scene and the heights of unlabelled bars are all geometry. OCR reads at
most the names printed on them, never the answer.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Annotated, Any, Literal

from PIL import Image, ImageColor, ImageDraw
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from multimodal.cards.fonts import font, wrap_text

Shape = Literal["circle", "square", "triangle", "cross", "diamond"]


class Params(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def colour_name(value: str) -> str:
    ImageColor.getrgb(value)  # raises ValueError for an unknown colour
    return value


Colour = Annotated[str, AfterValidator(colour_name)]


class ClockParams(Params):
    hour: int = Field(ge=0, le=23)
    minute: int = Field(ge=0, le=59)
    caption: str = ""
    size: int = Field(default=520, ge=200, le=1200)
    face: Colour = "ivory"
    cracked: bool = False


class Room(Params):
    name: str
    x: int = Field(ge=0)
    y: int = Field(ge=0)
    w: int = Field(ge=1)
    h: int = Field(ge=1)
    colour: Colour = "white"


class Door(Params):
    between: tuple[str, str]


class Marker(Params):
    room: str
    colour: Colour
    shape: Shape = "circle"
    dx: float = Field(default=0.0, ge=-0.45, le=0.45)
    dy: float = Field(default=0.0, ge=-0.45, le=0.45)


class FloorplanParams(Params):
    title: str = ""
    cols: int = Field(ge=1, le=20)
    rows: int = Field(ge=1, le=20)
    cell: int = Field(default=110, ge=40, le=300)
    rooms: list[Room] = Field(min_length=1)
    doors: list[Door] = Field(default_factory=list)
    markers: list[Marker] = Field(default_factory=list)


class Place(Params):
    name: str
    x: float = Field(ge=0, le=100)
    y: float = Field(ge=0, le=100)


class Route(Params):
    path: list[str] = Field(min_length=2)
    colour: Colour = "red"
    dashed: bool = False


class RouteMapParams(Params):
    title: str = ""
    places: list[Place] = Field(min_length=2)
    roads: list[tuple[str, str]] = Field(default_factory=list)
    routes: list[Route] = Field(default_factory=list)
    size: int = Field(default=800, ge=300, le=1600)


class ObjectGroup(Params):
    shape: Shape
    colour: Colour
    count: int = Field(ge=1, le=30)


class ObjectsParams(Params):
    title: str = ""
    groups: list[ObjectGroup] = Field(min_length=1)
    seed: int = 0
    width: int = Field(default=800, ge=300, le=1600)
    height: int = Field(default=560, ge=200, le=1600)
    background: Colour = "beige"


class Bar(Params):
    label: str
    value: float = Field(ge=0)
    colour: Colour = "steelblue"


class BarChartParams(Params):
    title: str = ""
    bars: list[Bar] = Field(min_length=2)
    width: int = Field(default=800, ge=300, le=1600)
    height: int = Field(default=520, ge=200, le=1200)


def draw_shape(draw: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, colour: str) -> None:
    box = (cx - r, cy - r, cx + r, cy + r)
    outline = (30, 30, 30)
    if shape == "circle":
        draw.ellipse(box, fill=colour, outline=outline, width=2)
    elif shape == "square":
        draw.rectangle(box, fill=colour, outline=outline, width=2)
    elif shape == "triangle":
        draw.polygon([(cx, cy - r), (cx + r, cy + r), (cx - r, cy + r)], fill=colour, outline=outline)
    elif shape == "diamond":
        draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=colour, outline=outline)
    else:  # cross
        w = max(3, int(r / 2.5))
        draw.line((cx - r, cy - r, cx + r, cy + r), fill=colour, width=w)
        draw.line((cx - r, cy + r, cx + r, cy - r), fill=colour, width=w)


def draw_caption(img: Image.Image, text: str, size: int = 24) -> Image.Image:
    """Return `img` with `text` in a band below it (or `img` unchanged when there is no text)."""
    if not text:
        return img
    lines = wrap_text(text, "sans", size, img.width - 40)
    step = round(size * 1.4)
    out = Image.new("RGB", (img.width, img.height + step * len(lines) + size * 2), "white")
    out.paste(img, (0, 0))
    draw = ImageDraw.Draw(out)
    for i, line in enumerate(lines):
        draw.text((20, img.height + size + i * step), line, font=font("sans", size), fill=(30, 30, 30))
    return out


def render_clock(p: ClockParams) -> Image.Image:
    s = p.size
    img = Image.new("RGB", (s, s), (235, 235, 230))
    draw = ImageDraw.Draw(img)
    c, r = s / 2, s * 0.44
    draw.ellipse((c - r, c - r, c + r, c + r), fill=p.face, outline=(60, 45, 30), width=max(4, s // 60))
    for tick in range(60):
        angle = math.radians(tick * 6)
        inner = r * (0.82 if tick % 5 == 0 else 0.9)
        width = max(2, s // (70 if tick % 5 == 0 else 220))
        draw.line((c + inner * math.sin(angle), c - inner * math.cos(angle),
                   c + r * 0.95 * math.sin(angle), c - r * 0.95 * math.cos(angle)), fill=(40, 40, 40), width=width)
    hour_angle = math.radians(((p.hour % 12) + p.minute / 60) * 30)
    minute_angle = math.radians(p.minute * 6)
    draw.line((c, c, c + r * 0.5 * math.sin(hour_angle), c - r * 0.5 * math.cos(hour_angle)),
              fill=(20, 20, 20), width=max(6, s // 40))
    draw.line((c, c, c + r * 0.8 * math.sin(minute_angle), c - r * 0.8 * math.cos(minute_angle)),
              fill=(20, 20, 20), width=max(4, s // 70))
    draw.ellipse((c - s / 60, c - s / 60, c + s / 60, c + s / 60), fill=(150, 30, 30))
    if p.cracked:
        draw.line((c - r * 0.6, c - r * 0.7, c - r * 0.1, c - r * 0.2, c + r * 0.3, c - r * 0.45),
                  fill=(120, 120, 120), width=2)
    return draw_caption(img, p.caption)


def room_box(p: FloorplanParams, room: Room) -> tuple[int, int, int, int]:
    """A room's pixel box on the plan (30 px margin, 60 px title band when titled)."""
    x0, y0 = 30 + room.x * p.cell, 30 + (60 if p.title else 0) + room.y * p.cell
    return x0, y0, x0 + room.w * p.cell, y0 + room.h * p.cell


def render_floorplan(p: FloorplanParams) -> Image.Image:
    pad, cell = 30, p.cell
    title_h = 60 if p.title else 0
    img = Image.new("RGB", (p.cols * cell + 2 * pad, p.rows * cell + 2 * pad + title_h), "white")
    draw = ImageDraw.Draw(img)
    if p.title:
        draw.text((pad, 15), p.title, font=font("bold", 28), fill=(20, 20, 20))
    rooms = {room.name: room for room in p.rooms}
    unknown = [n for d in p.doors for n in d.between if n not in rooms]
    unknown += [m.room for m in p.markers if m.room not in rooms]
    if unknown:
        raise ValueError(f"doors/markers name unknown rooms: {sorted(set(unknown))}")

    def box(room: Room) -> tuple[int, int, int, int]:
        return room_box(p, room)

    for room in p.rooms:
        draw.rectangle(box(room), fill=room.colour, outline=(20, 20, 20), width=6)
        x0, y0, _, _ = box(room)
        draw.text((x0 + 12, y0 + 10), room.name, font=font("sans", max(14, cell // 6)), fill=(20, 20, 20))
    for door in p.doors:
        draw_door(draw, box(rooms[door.between[0]]), box(rooms[door.between[1]]), cell)
    for marker in p.markers:
        x0, y0, x1, y1 = box(rooms[marker.room])
        cx = (x0 + x1) / 2 + marker.dx * (x1 - x0)
        cy = (y0 + y1) / 2 + marker.dy * (y1 - y0)
        draw_shape(draw, marker.shape, cx, cy, cell * 0.14, marker.colour)
    return img


def draw_door(draw: ImageDraw.ImageDraw, a: tuple[int, int, int, int], b: tuple[int, int, int, int], cell: int) -> None:
    """Open a gap in the wall two rooms share, with a door swing arc; fail if they share no wall."""
    gap = cell * 0.35
    if a[2] == b[0] or b[2] == a[0]:  # vertical shared wall
        x = a[2] if a[2] == b[0] else a[0]
        lo, hi = max(a[1], b[1]), min(a[3], b[3])
        if hi - lo < gap:
            raise ValueError("a door joins rooms that share no wall")
        mid = (lo + hi) / 2
        draw.line((x, mid - gap / 2, x, mid + gap / 2), fill="white", width=10)
        draw.arc((x - gap, mid - gap / 2 - gap, x + gap, mid - gap / 2 + gap), 0, 90, fill=(90, 90, 90), width=2)
        return
    if a[3] == b[1] or b[3] == a[1]:  # horizontal shared wall
        y = a[3] if a[3] == b[1] else a[1]
        lo, hi = max(a[0], b[0]), min(a[2], b[2])
        if hi - lo < gap:
            raise ValueError("a door joins rooms that share no wall")
        mid = (lo + hi) / 2
        draw.line((mid - gap / 2, y, mid + gap / 2, y), fill="white", width=10)
        draw.arc((mid - gap / 2 - gap, y - gap, mid - gap / 2 + gap, y + gap), 0, 90, fill=(90, 90, 90), width=2)
        return
    raise ValueError("a door joins rooms that share no wall")


def render_route_map(p: RouteMapParams) -> Image.Image:
    s, pad = p.size, 60
    title_h = 60 if p.title else 0
    img = Image.new("RGB", (s, s + title_h), (236, 240, 228))
    draw = ImageDraw.Draw(img)
    if p.title:
        draw.text((pad, 15), p.title, font=font("bold", 28), fill=(20, 20, 20))
    where = {pl.name: (pad + pl.x / 100 * (s - 2 * pad), title_h + pad + pl.y / 100 * (s - 2 * pad)) for pl in p.places}
    missing = sorted({n for road in p.roads for n in road if n not in where} |
                     {n for route in p.routes for n in route.path if n not in where})
    if missing:
        raise ValueError(f"roads/routes name unknown places: {missing}")
    for a, b in p.roads:
        draw.line((*where[a], *where[b]), fill=(170, 170, 160), width=12)
    for route in p.routes:
        for a, b in zip(route.path, route.path[1:], strict=False):
            draw_segment(draw, where[a], where[b], route.colour, route.dashed)
    for pl in p.places:
        x, y = where[pl.name]
        draw.ellipse((x - 12, y - 12, x + 12, y + 12), fill=(60, 60, 60))
        draw.text((x + 16, y - 30), pl.name, font=font("sans", 22), fill=(20, 20, 20))
    return img


def draw_segment(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], colour: str,
                 dashed: bool) -> None:
    length = math.dist(a, b)
    pieces = max(1, int(length // 24)) if dashed else 1
    for i in range(pieces):
        if dashed and i % 2:
            continue
        t0, t1 = i / pieces, (i + 1) / pieces
        draw.line((a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0,
                   a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), fill=colour, width=6)
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    head = [(mx + 16 * math.cos(angle), my + 16 * math.sin(angle)),
            (mx + 14 * math.cos(angle + 2.5), my + 14 * math.sin(angle + 2.5)),
            (mx + 14 * math.cos(angle - 2.5), my + 14 * math.sin(angle - 2.5))]
    draw.polygon(head, fill=colour)


def render_objects(p: ObjectsParams) -> Image.Image:
    title_h = 60 if p.title else 0
    img = Image.new("RGB", (p.width, p.height + title_h), p.background)
    draw = ImageDraw.Draw(img)
    if p.title:
        draw.text((30, 15), p.title, font=font("bold", 28), fill=(20, 20, 20))
    rng = random.Random(p.seed)
    radius = 22
    placed: list[tuple[float, float]] = []
    for group in p.groups:
        for _ in range(group.count):
            for _attempt in range(2000):
                x = rng.uniform(radius + 10, p.width - radius - 10)
                y = rng.uniform(title_h + radius + 10, title_h + p.height - radius - 10)
                if all(math.dist((x, y), q) > radius * 2.6 for q in placed):
                    break
            else:
                raise ValueError("too many objects for the scene; enlarge width/height")
            placed.append((x, y))
            draw_shape(draw, group.shape, x, y, radius, group.colour)
    return img


def render_bar_chart(p: BarChartParams) -> Image.Image:
    img = Image.new("RGB", (p.width, p.height), "white")
    draw = ImageDraw.Draw(img)
    top, bottom, left, right = (80 if p.title else 30), p.height - 70, 60, p.width - 30
    if p.title:
        draw.text((left, 20), p.title, font=font("bold", 26), fill=(20, 20, 20))
    peak = max(bar.value for bar in p.bars) or 1.0
    for i in range(1, 5):  # unlabelled grid lines: heights are read by eye
        y = bottom - (bottom - top) * i / 4
        draw.line((left, y, right, y), fill=(225, 225, 225), width=1)
    draw.line((left, top, left, bottom), fill=(40, 40, 40), width=3)
    draw.line((left, bottom, right, bottom), fill=(40, 40, 40), width=3)
    slot = (right - left) / len(p.bars)
    for i, bar in enumerate(p.bars):
        x0 = left + slot * i + slot * 0.2
        height = (bottom - top) * bar.value / peak * 0.95
        draw.rectangle((x0, bottom - height, x0 + slot * 0.6, bottom), fill=bar.colour, outline=(30, 30, 30))
        draw.text((x0, bottom + 14), bar.label, font=font("sans", 20), fill=(20, 20, 20))
    return img


MEDIA_TEMPLATES: dict[str, tuple[type[BaseModel], Callable[[Any], Image.Image]]] = {
    "clock": (ClockParams, render_clock),
    "floorplan": (FloorplanParams, render_floorplan),
    "route_map": (RouteMapParams, render_route_map),
    "objects": (ObjectsParams, render_objects),
    "bar_chart": (BarChartParams, render_bar_chart),
}
