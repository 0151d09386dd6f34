"""CCTV stills: a top-down scene with furniture and people, grainy and soft, with a burnt-in timestamp.

People are drawn from above (shoulders in their coat colour, head or hat, a bag, case, umbrella or
cane at their side) and are told apart only by those things, never by a printed name, so who stood
where at the stamped time is a question for the eyes. Template `cctv`, params `CctvParams`:

    template: cctv
    params:
      camera: CAM 3 LOBBY
      timestamp: "1934-11-16 01:12:44"
      objects: [{kind: desk, x: 10, y: 10, w: 30, h: 12}, {kind: door, x: 80, y: 0, w: 12, h: 3}]
      figures:
        - {x: 30, y: 55, coat: navy, hat: brimmed, bag: briefcase, facing: 90}
        - {x: 62, y: 40, coat: darkred, hat: none, hair: goldenrod, bag: umbrella}
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Literal

import numpy as np
from PIL import Image, ImageColor, ImageDraw, ImageFilter
from pydantic import Field

from multimodal.cards.media_cards import Colour, Params
from multimodal.cards.typefaces import face_font

Hat = Literal["none", "brimmed", "cap", "beanie"]
Carry = Literal["none", "briefcase", "handbag", "backpack", "umbrella", "cane"]
FURNITURE_FILL = {"table": (120, 96, 70), "desk": (100, 80, 60), "chair": (90, 70, 55), "sofa": (110, 60, 60),
                  "counter": (150, 150, 150), "bench": (120, 100, 80), "plant": (60, 110, 60), "car": (70, 80, 100),
                  "door": (60, 50, 40), "rug": (140, 70, 60), "bed": (200, 200, 210), "piano": (30, 30, 30)}


class SceneObject(Params):
    kind: Literal["table", "desk", "chair", "sofa", "counter", "bench", "plant", "car", "door", "rug", "bed", "piano"]
    x: float = Field(ge=0, le=100, description="left edge, % of the width")
    y: float = Field(ge=0, le=100, description="top edge, % of the height")
    w: float = Field(default=10, gt=0, le=100)
    h: float = Field(default=10, gt=0, le=100)


class Figure(Params):
    x: float = Field(ge=0, le=100, description="centre, % of the width")
    y: float = Field(ge=0, le=100)
    coat: Colour = "dimgray"
    hair: Colour = "saddlebrown"
    hat: Hat = "none"
    hat_colour: Colour = "black"
    carries: Carry = "none"
    carry_colour: Colour = "saddlebrown"
    facing: float = Field(default=0, ge=0, lt=360, description="degrees clockwise from up")


class CctvParams(Params):
    camera: str = "CAM 1"
    timestamp: str = Field(min_length=1, description="burnt into the frame, e.g. 1934-11-16 01:12:44")
    objects: list[SceneObject] = Field(default_factory=list)
    figures: list[Figure] = Field(default_factory=list)
    width: int = Field(default=800, ge=300, le=1600)
    height: int = Field(default=560, ge=200, le=1200)
    floor: Colour = "tan"
    night: bool = Field(default=False, description="infrared look: green-grey, no colour")
    seed: int = 0


def draw_floor(draw: ImageDraw.ImageDraw, w: int, h: int, floor: str) -> None:
    base = ImageColor.getrgb(floor)[:3]
    draw.rectangle((0, 0, w, h), fill=base)
    tile = max(30, w // 16)
    darker = tuple(max(0, c - 14) for c in base)
    for x in range(0, w, tile):
        draw.line((x, 0, x, h), fill=darker, width=1)
    for y in range(0, h, tile):
        draw.line((0, y, w, y), fill=darker, width=1)


def draw_object(draw: ImageDraw.ImageDraw, obj: SceneObject, w: int, h: int) -> None:
    box = (obj.x / 100 * w, obj.y / 100 * h, (obj.x + obj.w) / 100 * w, (obj.y + obj.h) / 100 * h)
    fill = FURNITURE_FILL[obj.kind]
    edge = tuple(max(0, c - 45) for c in fill)
    if obj.kind in ("table", "plant") and abs(obj.w / 100 * w - obj.h / 100 * h) < 8:
        draw.ellipse(box, fill=fill, outline=edge, width=3)
        if obj.kind == "plant":
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            for k in range(8):
                a = k * math.pi / 4
                draw.line((cx, cy, cx + math.cos(a) * (box[2] - box[0]) / 2, cy + math.sin(a) * (box[3] - box[1]) / 2),
                          fill=(40, 80, 40), width=3)
        return
    draw.rounded_rectangle(box, radius=6 if obj.kind in ("sofa", "car", "bed") else 2, fill=fill, outline=edge, width=3)
    if obj.kind == "car":
        inset = (box[2] - box[0]) * 0.25
        draw.rectangle((box[0] + inset, box[1] + 6, box[2] - inset, box[3] - 6), fill=(40, 50, 60))
    if obj.kind == "bed":
        draw.rectangle((box[0] + 4, box[1] + 4, box[2] - 4, box[1] + (box[3] - box[1]) * 0.22), fill=(235, 235, 240))


def figure_tile(f: Figure, r: int) -> Image.Image:
    """One person seen from above, facing up, on a transparent tile (rotated by the caller)."""
    s = r * 4
    tile = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    c = s / 2
    coat = ImageColor.getrgb(f.coat)[:3]
    if f.carries == "backpack":
        d.rounded_rectangle((c - r * 0.7, c + r * 0.35, c + r * 0.7, c + r * 0.95), radius=5,
                            fill=ImageColor.getrgb(f.carry_colour), outline=(20, 20, 20), width=2)
    d.ellipse((c - r * 1.15, c - r * 0.62, c + r * 1.15, c + r * 0.62), fill=coat, outline=(20, 20, 20), width=2)
    carry = ImageColor.getrgb(f.carry_colour)[:3]
    if f.carries == "briefcase":
        d.rectangle((c + r * 1.15, c - r * 0.1, c + r * 1.55, c + r * 0.85), fill=carry, outline=(15, 15, 15), width=2)
    elif f.carries == "handbag":
        d.ellipse((c - r * 1.55, c - r * 0.05, c - r * 1.05, c + r * 0.55), fill=carry, outline=(15, 15, 15), width=2)
        d.line((c - r * 1.3, c - r * 0.05, c - r * 0.6, c - r * 0.45), fill=(15, 15, 15), width=2)
    elif f.carries == "umbrella":
        d.ellipse((c + r * 0.6, c - r * 1.9, c + r * 1.9, c - r * 0.6), fill=carry, outline=(15, 15, 15), width=2)
        for k in range(4):
            a = k * math.pi / 4
            d.line((c + r * 1.25 - math.cos(a) * r * 0.65, c - r * 1.25 - math.sin(a) * r * 0.65,
                    c + r * 1.25 + math.cos(a) * r * 0.65, c - r * 1.25 + math.sin(a) * r * 0.65), fill=(15, 15, 15))
    elif f.carries == "cane":
        d.line((c + r * 1.2, c + r * 0.2, c + r * 1.5, c - r * 1.3), fill=carry, width=max(3, r // 5))
        d.ellipse((c + r * 1.35, c - r * 1.45, c + r * 1.65, c - r * 1.15), fill=carry)
    head = r * 0.5
    hair = ImageColor.getrgb(f.hair)[:3]
    hat = ImageColor.getrgb(f.hat_colour)[:3]
    if f.hat == "brimmed":
        d.ellipse((c - r * 0.72, c - r * 0.72, c + r * 0.72, c + r * 0.72), fill=hat, outline=(10, 10, 10), width=2)
        d.ellipse((c - head, c - head, c + head, c + head), fill=tuple(min(255, v + 25) for v in hat),
                  outline=(10, 10, 10), width=1)
    elif f.hat == "cap":
        d.ellipse((c - head, c - head, c + head, c + head), fill=hat, outline=(10, 10, 10), width=2)
        d.chord((c - head * 0.9, c - head * 1.9, c + head * 0.9, c - head * 0.2), 180, 360, fill=hat,
                outline=(10, 10, 10))
    elif f.hat == "beanie":
        d.ellipse((c - head * 1.05, c - head * 1.05, c + head * 1.05, c + head * 1.05), fill=hat, outline=(10, 10, 10))
        d.ellipse((c - head * 0.3, c - head * 0.3, c + head * 0.3, c + head * 0.3), fill=(230, 230, 230))
    else:
        d.ellipse((c - head, c - head, c + head, c + head), fill=hair, outline=(10, 10, 10), width=2)
    return tile


def cctv_grade(img: Image.Image, rng: np.random.Generator, night: bool) -> Image.Image:
    """Low resolution, soft focus, grain, scan lines and a dark corner vignette."""
    w, h = img.size
    small = img.resize((w // 2, h // 2), Image.Resampling.BILINEAR).resize((w, h), Image.Resampling.BILINEAR)
    arr = np.asarray(small.filter(ImageFilter.GaussianBlur(0.8)), dtype=np.float32)
    grey = arr.mean(axis=2, keepdims=True)
    arr = grey * np.array((0.78, 1.0, 0.8), dtype=np.float32) if night else arr * 0.55 + grey * 0.45
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    arr *= (1.0 - 0.9 * ((xx / w - 0.5) ** 2 + (yy / h - 0.5) ** 2))[..., None]
    arr[::3] *= 0.9
    arr += (rng.standard_normal((h, w), dtype=np.float32) * 9.0)[..., None]
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")


def render_cctv(p: CctvParams) -> Image.Image:
    w, h = p.width, p.height
    img = Image.new("RGB", (w, h))
    draw = ImageDraw.Draw(img)
    draw_floor(draw, w, h, p.floor)
    for obj in p.objects:
        draw_object(draw, obj, w, h)
    r = max(16, min(w, h) // 15)
    scene = img.convert("RGBA")
    for f in p.figures:
        tile = figure_tile(f, r).rotate(-f.facing, resample=Image.Resampling.BICUBIC)
        scene.alpha_composite(tile, (int(f.x / 100 * w - tile.width / 2), int(f.y / 100 * h - tile.height / 2)))
    out = cctv_grade(scene.convert("RGB"), np.random.default_rng(p.seed), p.night)
    draw = ImageDraw.Draw(out)
    fnt = face_font("mono", max(18, w // 30))
    for text, (x, y) in ((p.camera, (14, 12)), (p.timestamp, (w - fnt.getlength(p.timestamp) - 14, h - fnt.size - 20))):
        draw.rectangle((x - 6, y - 4, x + fnt.getlength(text) + 6, y + fnt.size + 6), fill=(12, 12, 12))
        draw.text((x, y), text, font=fnt, fill=(245, 245, 245))
    return out

SCENE_TEMPLATES: dict[str, tuple[type[Params], Callable[[Any], Image.Image]]] = {"cctv": (CctvParams, render_cctv)}
