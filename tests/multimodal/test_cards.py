"""Clue-card rendering: reproducible to the byte, committed images up to date, bad specs named."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops

from multimodal.cards.gauges import COLUMN
from multimodal.cards.render import CardError, CardSpec, load_card_specs, png_bytes, render_card, render_cards
from tests.conftest import FIXTURE_CASE, bundled_cases

CASES = [FIXTURE_CASE, *bundled_cases()]


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_committed_cards_match_a_fresh_render(case: Path, tmp_path: Path) -> None:
    specs = load_card_specs(case)
    assert specs, f"{case} has no cards.yaml"
    written = render_cards(case, tmp_path)
    for spec, fresh in zip(specs, written, strict=True):
        assert fresh.read_bytes() == (case / spec.file).read_bytes(), f"{spec.file} is stale: run arena scripts render"


def test_rendering_twice_gives_identical_bytes() -> None:
    for spec in load_card_specs(FIXTURE_CASE):
        assert png_bytes(render_card(spec)) == png_bytes(render_card(spec))


def test_every_template_renders() -> None:
    specs = [
        CardSpec(file="a.png", template="chat", params={"title": "Group", "messages": [
            {"sender": "Ann", "time": "21:02", "text": "Where are you?"},
            {"sender": "Me", "text": "Library", "mine": True}]}),
        CardSpec(file="b.png", template="receipt", params={"shop": "Corner Shop", "lines": [
            {"item": "Candles", "price": "2.40"}], "total": "2.40"}),
        CardSpec(file="c.png", template="floorplan", params={"cols": 3, "rows": 2, "rooms": [
            {"name": "Hall", "x": 0, "y": 0, "w": 2, "h": 2}, {"name": "Study", "x": 2, "y": 0, "w": 1, "h": 2}],
            "doors": [{"between": ["Hall", "Study"]}], "markers": [{"room": "Study", "colour": "red"}]}),
        CardSpec(file="d.png", template="route_map", params={"places": [
            {"name": "Mill", "x": 10, "y": 10}, {"name": "Bridge", "x": 80, "y": 60}],
            "roads": [["Mill", "Bridge"]], "routes": [{"path": ["Mill", "Bridge"], "dashed": True}]}),
        CardSpec(file="e.png", template="objects", params={"groups": [{"shape": "triangle", "colour": "blue",
                                                                      "count": 5}], "seed": 3}),
        CardSpec(file="f.png", template="bar_chart", params={"bars": [{"label": "Mon", "value": 3},
                                                                      {"label": "Tue", "value": 7}]}),
    ]
    for spec in specs:
        img = render_card(spec)
        assert img.width >= 200 and img.height >= 150
        low, high = img.convert("L").getextrema()
        assert high - low > 50  # something dark was drawn on a light card


@pytest.mark.parametrize("params,match", [
    ({"hour": 25, "minute": 0}, "hour"),
    ({"hour": 3, "minute": 0, "face": "not-a-colour"}, "colour"),
    ({"hour": 3}, "minute"),
])
def test_bad_params_name_the_card(params: dict, match: str) -> None:
    with pytest.raises(CardError) as err:
        render_card(CardSpec(file="images/x.png", template="clock", params=params))
    assert "images/x.png" in str(err.value)
    assert match in str(err.value).lower() or "unknown color" in str(err.value).lower()


def test_door_between_rooms_without_a_shared_wall_fails() -> None:
    spec = CardSpec(file="p.png", template="floorplan", params={"cols": 4, "rows": 1, "rooms": [
        {"name": "A", "x": 0, "y": 0, "w": 1, "h": 1}, {"name": "B", "x": 3, "y": 0, "w": 1, "h": 1}],
        "doors": [{"between": ["A", "B"]}]})
    with pytest.raises(CardError, match="share no wall"):
        render_card(spec)


def test_unknown_template() -> None:
    with pytest.raises(CardError, match="unknown template"):
        render_card(CardSpec(file="x.png", template="hologram"))


def column_top(degrees: float, **params: object) -> int:
    """The first row, from the top, where the thermometer's red column shows in the middle of its tube."""
    img = render_card(CardSpec(file="t.png", template="thermometer", params={"degrees": degrees, **params}))
    x = round(img.width * 0.60)
    return next(y for y in range(img.height) if img.getpixel((x, y)) == COLUMN)


def test_a_thermometer_column_rises_one_even_step_per_degree() -> None:
    tops = [column_top(d) for d in range(0, 19)]
    steps = {a - b for a, b in zip(tops, tops[1:], strict=False)}
    assert min(steps) > 0 and max(steps) - min(steps) <= 1  # evenly spaced, higher for every degree
    assert column_top(15, low=-20, high=50) == column_top(15)  # the middle of either scale sits at one height


def test_a_thermometer_reading_is_geometry_not_text() -> None:
    def card(degrees: int) -> Image.Image:
        return render_card(CardSpec(file="t.png", template="thermometer", params={"degrees": degrees}))

    changed = ImageChops.difference(card(13), card(14)).getbbox()
    assert changed is not None
    left, _, right, _ = changed
    assert right - left < card(13).width * 0.05  # only the column in the tube differs: no number names the reading


def test_a_thermometer_reading_off_its_scale_names_the_card() -> None:
    with pytest.raises(CardError, match="(?s)images/t.png.*on the scale"):
        render_card(CardSpec(file="images/t.png", template="thermometer", params={"degrees": 45}))
