"""Furnished floor plans with where people stood at given times, and street or deck maps with timed routes.

`furnished_plan`: the `floorplan` template plus furniture drawn from above (`furniture[]`: kind,
room, x/y/w/h as fractions of the room) and `sightings[]` (person, room, x, y, time): each person
has a marker colour and shape (`people[]`, shown in a legend); a sighting is that marker with its
time beside it, and one person's sightings are joined in time order by a dotted trail. Which
person stood by the piano at 21:30 is geometry.

`street_map`: streets (named polylines) and blocks (buildings, or cabins with `style: deck`, which
draws a ship's hull and planking), with walks: one per person, a coloured line through stops, each
stop with its time. Coordinates are 0..100 of the map.

    template: street_map
    params:
      style: street
      streets: [{name: High Street, points: [[0, 50], [100, 50]]}]
      blocks: [{name: Bank, x: 10, y: 30, w: 18, h: 15}]
      walks: [{who: Mr Pell, colour: red, stops: [{x: 5, y: 52, time: "21:05"}, {x: 60, y: 52, time: "21:20"}]}]
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Literal

from PIL import Image, ImageDraw
from pydantic import Field

from multimodal.cards.charts import Time, minutes
from multimodal.cards.media_cards import (
    Colour,
    FloorplanParams,
    Params,
    Shape,
    draw_segment,
    draw_shape,
    render_floorplan,
    room_box,
)
from multimodal.cards.typefaces import face_font

FurnitureKind = Literal["table", "round_table", "chair", "bed", "sofa", "desk", "piano", "bookshelf", "wardrobe",
                        "bath", "stove", "sink", "fireplace", "rug", "plant", "cabinet", "safe"]
WOOD, EDGE = (196, 164, 120), (70, 55, 40)


class Furniture(Params):
    kind: FurnitureKind
    room: str
    x: float = Field(default=0.5, ge=0, le=1, description="centre, fraction of the room's width")
    y: float = Field(default=0.5, ge=0, le=1)
    w: float = Field(default=0.3, gt=0, le=1)
    h: float = Field(default=0.2, gt=0, le=1)


class Person(Params):
    name: str = Field(min_length=1)
    colour: Colour
    shape: Shape = "circle"


class Sighting(Params):
    person: str
    room: str
    x: float = Field(default=0.5, ge=0, le=1)
    y: float = Field(default=0.5, ge=0, le=1)
    time: Time


class FurnishedPlanParams(FloorplanParams):
    furniture: list[Furniture] = Field(default_factory=list)
    people: list[Person] = Field(default_factory=list)
    sightings: list[Sighting] = Field(default_factory=list)


def draw_furniture(d: ImageDraw.ImageDraw, f: Furniture, box: tuple[float, float, float, float]) -> None:
    bx0, by0, bx1, by1 = box
    cx, cy = bx0 + f.x * (bx1 - bx0), by0 + f.y * (by1 - by0)
    hw, hh = f.w * (bx1 - bx0) / 2, f.h * (by1 - by0) / 2
    r = (cx - hw, cy - hh, cx + hw, cy + hh)
    k = f.kind
    if k in ("round_table", "plant"):
        d.ellipse(r, fill=WOOD if k == "round_table" else (90, 150, 90), outline=EDGE, width=2)
    elif k == "rug":
        d.rectangle(r, fill=(205, 150, 140), outline=(150, 90, 80), width=3)
        d.rectangle((r[0] + 6, r[1] + 6, r[2] - 6, r[3] - 6), outline=(150, 90, 80), width=1)
    elif k == "piano":
        d.polygon([(r[0], r[1]), (r[2], r[1]), (r[2], cy), (cx, r[3]), (r[0], r[3])], fill=(35, 35, 35), outline=EDGE)
        d.rectangle((r[0], r[1], r[2], r[1] + hh * 0.3), fill=(245, 245, 245), outline=(20, 20, 20))
    elif k == "bed":
        d.rectangle(r, fill=(235, 235, 245), outline=EDGE, width=2)
        d.rectangle((r[0] + 4, r[1] + 4, r[2] - 4, r[1] + hh * 0.45), fill=(255, 255, 255), outline=EDGE)
        d.line((r[0], cy - hh * 0.1, r[2], cy - hh * 0.1), fill=EDGE, width=1)
    elif k == "sofa":
        d.rounded_rectangle(r, radius=6, fill=(150, 90, 90), outline=EDGE, width=2)
        d.rectangle((r[0] + 6, r[1] + hh * 0.6, r[2] - 6, r[3] - 4), fill=(175, 115, 115), outline=EDGE)
    elif k == "stove":
        d.rectangle(r, fill=(210, 210, 210), outline=EDGE, width=2)
        for dx in (-0.5, 0.5):
            for dy in (-0.5, 0.5):
                q = min(hw, hh) * 0.35
                ex, ey = cx + dx * hw, cy + dy * hh
                d.ellipse((ex - q, ey - q, ex + q, ey + q), outline=(40, 40, 40), width=2)
    elif k in ("bath", "sink"):
        d.rounded_rectangle(r, radius=8, fill=(245, 250, 255), outline=(90, 110, 130), width=3)
        d.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill=(90, 110, 130))
    elif k == "bookshelf":
        d.rectangle(r, fill=WOOD, outline=EDGE, width=2)
        steps = max(3, int(hw * 2 / 10))
        for i in range(1, steps):
            x = r[0] + i * (r[2] - r[0]) / steps
            d.line((x, r[1] + 2, x, r[3] - 2), fill=EDGE, width=1)
    elif k == "fireplace":
        d.rectangle(r, fill=(150, 80, 60), outline=EDGE, width=2)
        d.rectangle((cx - hw * 0.5, cy - hh * 0.3, cx + hw * 0.5, r[3]), fill=(40, 30, 25))
    elif k == "safe":
        d.rectangle(r, fill=(110, 115, 120), outline=(30, 30, 30), width=3)
        d.ellipse((cx - hh * 0.4, cy - hh * 0.4, cx + hh * 0.4, cy + hh * 0.4), outline=(220, 220, 220), width=2)
    elif k == "chair":
        d.rectangle(r, fill=WOOD, outline=EDGE, width=2)
        d.rectangle((r[0], r[1], r[2], r[1] + hh * 0.5), fill=EDGE)
    else:  # table, desk, wardrobe, cabinet
        d.rectangle(r, fill=WOOD, outline=EDGE, width=2)
        if k in ("wardrobe", "cabinet"):
            d.line((cx, r[1], cx, r[3]), fill=EDGE, width=2)


def render_furnished_plan(p: FurnishedPlanParams) -> Image.Image:
    rooms = {room.name: room for room in p.rooms}
    people = {person.name: person for person in p.people}
    unknown = sorted(({f.room for f in p.furniture} | {s.room for s in p.sightings}) - set(rooms))
    if unknown:
        raise ValueError(f"furniture/sightings name unknown rooms: {unknown}")
    strangers = sorted({s.person for s in p.sightings} - set(people))
    if strangers:
        raise ValueError(f"sightings name people missing from people[]: {strangers}")
    base = render_floorplan(p)
    legend_h = 50 if p.people else 0
    img = Image.new("RGB", (base.width, base.height + legend_h), "white")
    img.paste(base, (0, 0))
    d = ImageDraw.Draw(img)
    for f in p.furniture:
        draw_furniture(d, f, room_box(p, rooms[f.room]))
    r = p.cell * 0.11
    where: dict[str, list[tuple[int, float, float, str]]] = {}
    for s in p.sightings:
        x0, y0, x1, y1 = room_box(p, rooms[s.room])
        where.setdefault(s.person, []).append((minutes(s.time, 0), x0 + s.x * (x1 - x0), y0 + s.y * (y1 - y0), s.time))
    fnt = face_font("bold", max(12, p.cell // 8))
    for name, spots in where.items():
        spots.sort()
        for (_, ax, ay, _), (_, bx, by, _) in zip(spots, spots[1:], strict=False):
            draw_segment(d, (ax, ay), (bx, by), people[name].colour, dashed=True)
        for _, x, y, time in spots:
            draw_shape(d, people[name].shape, x, y, r, people[name].colour)
            d.text((x + r + 3, y - r - 2), time, font=fnt, fill=(20, 20, 20), stroke_width=2,
                   stroke_fill=(255, 255, 255))
    x = 30
    for person in p.people:
        draw_shape(d, person.shape, x + 12, base.height + 22, 11, person.colour)
        d.text((x + 30, base.height + 10), person.name, font=face_font("sans", 20), fill=(20, 20, 20))
        x += 60 + int(face_font("sans", 20).getlength(person.name))
    return img


class Street(Params):
    name: str = ""
    points: list[tuple[float, float]] = Field(min_length=2)


class Block(Params):
    name: str = ""
    x: float = Field(ge=0, le=100)
    y: float = Field(ge=0, le=100)
    w: float = Field(gt=0, le=100)
    h: float = Field(gt=0, le=100)
    colour: Colour = "wheat"


class Stop(Params):
    x: float = Field(ge=0, le=100)
    y: float = Field(ge=0, le=100)
    time: Time | None = None


class Walk(Params):
    who: str = Field(min_length=1)
    colour: Colour = "red"
    dashed: bool = False
    stops: list[Stop] = Field(min_length=2)


class StreetMapParams(Params):
    title: str = ""
    style: Literal["street", "deck"] = "street"
    streets: list[Street] = Field(default_factory=list)
    blocks: list[Block] = Field(default_factory=list)
    walks: list[Walk] = Field(default_factory=list)
    width: int = Field(default=1000, ge=300, le=2000)
    height: int = Field(default=700, ge=200, le=1600)


def draw_ground(d: ImageDraw.ImageDraw, p: StreetMapParams, top: int) -> None:
    w, h = p.width, p.height
    if p.style == "street":
        d.rectangle((0, top, w, top + h), fill=(226, 232, 214))
        return
    d.rectangle((0, top, w, top + h), fill=(60, 100, 140))
    hull = [(w * 0.03, top + h * 0.12), (w * 0.80, top + h * 0.12), (w * 0.98, top + h * 0.5),
            (w * 0.80, top + h * 0.88), (w * 0.03, top + h * 0.88)]
    d.polygon(hull, fill=(214, 190, 150), outline=(60, 40, 25))
    for y in range(int(top + h * 0.12) + 14, int(top + h * 0.88), 14):
        d.line((w * 0.035, y, w * 0.8, y), fill=(196, 170, 130), width=1)
    d.line(hull + [hull[0]], fill=(60, 40, 25), width=5)


def render_street_map(p: StreetMapParams) -> Image.Image:
    title_h = 60 if p.title else 0
    legend_h = 46 if p.walks else 0
    img = Image.new("RGB", (p.width, p.height + title_h + legend_h), "white")
    d = ImageDraw.Draw(img)
    if p.title:
        d.text((24, 16), p.title, font=face_font("bold", 26), fill=(20, 20, 20))
    draw_ground(d, p, title_h)

    def at(x: float, y: float) -> tuple[float, float]:
        return x / 100 * p.width, title_h + y / 100 * p.height

    for street in p.streets:
        pts = [at(x, y) for x, y in street.points]
        d.line(pts, fill=(250, 250, 245), width=26, joint="curve")
        if street.name:
            (ax, ay), (bx, by) = pts[0], pts[1]
            angle = math.degrees(math.atan2(by - ay, bx - ax))
            label = Image.new("RGBA", (int(face_font("sans", 16).getlength(street.name)) + 8, 24), (0, 0, 0, 0))
            ImageDraw.Draw(label).text((4, 2), street.name, font=face_font("sans", 16), fill=(90, 90, 90, 255))
            label = label.rotate(-angle, expand=True, resample=Image.Resampling.BICUBIC)
            off = math.radians(angle - 90)  # beside the street, so routes drawn on it never hide the name
            mx, my = ax + (bx - ax) * 0.3 + 24 * math.cos(off), ay + (by - ay) * 0.3 + 24 * math.sin(off)
            img.paste(label, (int(mx - label.width / 2), int(my - label.height / 2)), label)
    for b in p.blocks:
        (x0, y0), (x1, y1) = at(b.x, b.y), at(b.x + b.w, b.y + b.h)
        d.rectangle((x0, y0, x1, y1), fill=b.colour, outline=(80, 70, 60), width=2)
        if b.name:
            d.text(((x0 + x1) / 2, (y0 + y1) / 2), b.name, font=face_font("sans", 17), fill=(30, 30, 30), anchor="mm")
    tfont = face_font("bold", 16)
    for walk in p.walks:
        pts = [at(s.x, s.y) for s in walk.stops]
        for start, end in zip(pts, pts[1:], strict=False):
            draw_segment(d, start, end, walk.colour, walk.dashed)
        for (x, y), stop in zip(pts, walk.stops, strict=True):
            d.ellipse((x - 7, y - 7, x + 7, y + 7), fill=walk.colour, outline=(20, 20, 20), width=2)
            if stop.time:
                tw = tfont.getlength(stop.time)
                d.rectangle((x + 9, y - 26, x + 15 + tw, y - 6), fill=(255, 255, 255), outline=walk.colour, width=2)
                d.text((x + 12, y - 25), stop.time, font=tfont, fill=(20, 20, 20))
    x, y = 24, title_h + p.height + 12
    for walk in p.walks:
        d.line((x, y + 11, x + 40, y + 11), fill=walk.colour, width=6)
        d.text((x + 48, y), walk.who, font=face_font("sans", 18), fill=(20, 20, 20))
        x += 80 + int(face_font("sans", 18).getlength(walk.who))
    return img


PLAN_TEMPLATES: dict[str, tuple[type[Params], Callable[[Any], Image.Image]]] = {
    "furnished_plan": (FurnishedPlanParams, render_furnished_plan),
    "street_map": (StreetMapParams, render_street_map),
}
