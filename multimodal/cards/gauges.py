"""A wall thermometer: a glass tube on a board, its column against a Celsius scale.

Template `thermometer`, params `ThermometerParams`: `degrees` (the reading), `low`/`high` (the scale's ends,
numbered every ten degrees, a longer tick every five, a short one every degree), `board` (the backing's colour),
`caption`. The reading is geometry only: the column's top stands at its tick, and no number on the card says it.

    template: thermometer
    params: {degrees: 8, low: -10, high: 40, board: burlywood}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PIL import Image, ImageDraw
from pydantic import Field, model_validator

from multimodal.cards.fonts import font
from multimodal.cards.media_cards import Colour, Params, draw_caption

COLUMN = (190, 30, 35)
INK = (30, 28, 26)


class ThermometerParams(Params):
    degrees: float = Field(ge=-40, le=60)
    low: int = Field(default=-10, ge=-40, le=50)
    high: int = Field(default=40, ge=-30, le=60)
    board: Colour = "burlywood"
    caption: str = ""
    height: int = Field(default=760, ge=400, le=1400)

    @model_validator(mode="after")
    def reading_on_the_scale(self) -> ThermometerParams:
        if not self.low < self.high or not self.low <= self.degrees <= self.high:
            raise ValueError(f"the reading {self.degrees} must lie on the scale {self.low}..{self.high}")
        return self


def render_thermometer(p: ThermometerParams) -> Image.Image:
    h = p.height
    w = round(h * 0.42)
    img = Image.new("RGB", (w, h), (232, 228, 220))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((w * 0.18, h * 0.03, w * 0.82, h * 0.97), radius=round(w * 0.08), fill=p.board,
                        outline=(90, 60, 35), width=3)
    top, bottom = h * 0.09, h * 0.80  # the scale's `high` and `low` ticks
    tube_x, tube_r = w * 0.60, w * 0.035

    def y_of(value: float) -> float:
        return bottom - (value - p.low) / (p.high - p.low) * (bottom - top)

    label = font("sans", max(14, round(h / 34)))
    for value in range(p.low, p.high + 1):
        tens, fives = value % 10 == 0, value % 5 == 0
        length = w * (0.14 if tens else 0.10 if fives else 0.055)
        y = y_of(value)
        d.line((tube_x - tube_r * 1.6 - length, y, tube_x - tube_r * 1.6, y), fill=INK,
               width=3 if tens else 2 if fives else 1)
        if tens:
            d.text((tube_x - tube_r * 1.6 - w * 0.17, y), str(value), font=label, fill=INK, anchor="rm")
    d.text((tube_x, h * 0.055), "°C", font=label, fill=INK, anchor="mm")
    bulb_y, bulb_r = h * 0.86, w * 0.075
    d.rounded_rectangle((tube_x - tube_r, top - h * 0.02, tube_x + tube_r, bulb_y), radius=round(tube_r),
                        fill=(240, 240, 236), outline=(120, 120, 120), width=2)
    d.rectangle((tube_x - tube_r * 0.55, y_of(p.degrees), tube_x + tube_r * 0.55, bulb_y), fill=COLUMN)
    d.ellipse((tube_x - bulb_r, bulb_y - bulb_r, tube_x + bulb_r, bulb_y + bulb_r), fill=COLUMN,
              outline=(120, 30, 30), width=2)
    return draw_caption(img, p.caption)


GAUGE_TEMPLATES: dict[str, tuple[type[Params], Callable[[Any], Image.Image]]] = {
    "thermometer": (ThermometerParams, render_thermometer)}
