"""One small example card of each media-rich kind added for realistic cases (and a collage), as `CardSpec`s.

Used by the tests, `benchmarks/cards_bench.py` and as a starting point for code that builds cards:
`render_card(EXAMPLES[0])` is a CCTV still.
"""

from __future__ import annotations

from multimodal.cards.render import CardSpec

LETTER = {"style": "letter", "heading": "To Mr Pell", "body": "The key stayed on its hook until eleven.",
          "signature": "M. Vane"}

EXAMPLES: tuple[CardSpec, ...] = (
    CardSpec(file="cctv.jpg", template="cctv", params={
        "timestamp": "1934-11-16 01:12:44", "objects": [{"kind": "desk", "x": 5, "y": 5, "w": 30, "h": 12}],
        "figures": [{"x": 30, "y": 50, "coat": "navy", "hat": "brimmed", "carries": "briefcase"},
                    {"x": 70, "y": 40, "coat": "darkred", "carries": "umbrella", "facing": 120}]}),
    CardSpec(file="evidence.png", template="evidence", params={"items": [
        {"kind": "knife", "tag": "1", "bloodied": True}, {"kind": "vial", "tag": "2", "fill": 0.7},
        {"kind": "glove", "tag": "3", "torn": True}, {"kind": "glass", "fill": 0.3, "lipstick": True},
        {"kind": "bottle", "fill": 0.5, "label": "Port"}, {"kind": "key", "teeth": 5}]}),
    CardSpec(file="seating.png", template="seating_chart", params={"tables": [
        {"shape": "round", "x": 30, "seats": ["Ann", "Ben", "", "Cy"]},
        {"shape": "long", "x": 72, "seats": ["Di", "Ed", "Flo"]}]}),
    CardSpec(file="timetable.png", template="timetable", params={
        "start": "22:00", "end": "01:00", "rows": [{"label": "Mail", "spans": [{"start": "22:30", "end": "00:15"}],
                                                    "marks": ["23:40"]}]}),
    CardSpec(file="plan.png", template="furnished_plan", params={
        "cols": 3, "rows": 2, "rooms": [{"name": "Hall", "x": 0, "y": 0, "w": 2, "h": 2},
                                        {"name": "Study", "x": 2, "y": 0, "w": 1, "h": 2}],
        "doors": [{"between": ["Hall", "Study"]}],
        "furniture": [{"kind": "piano", "room": "Hall"}, {"kind": "desk", "room": "Study", "y": 0.3}],
        "people": [{"name": "Red", "colour": "red"}],
        "sightings": [{"person": "Red", "room": "Hall", "time": "21:00", "x": 0.2},
                      {"person": "Red", "room": "Study", "time": "21:30"}]}),
    CardSpec(file="deck.png", template="street_map", params={
        "style": "deck", "streets": [{"name": "Promenade", "points": [[5, 20], [80, 20]]}],
        "blocks": [{"name": "Saloon", "x": 10, "y": 35, "w": 25, "h": 30}],
        "walks": [{"who": "Mrs Vane", "stops": [{"x": 8, "y": 20, "time": "22:10"}, {"x": 60, "y": 20}]}]}),
    CardSpec(file="watch.png", template="timepiece", params={"hour": 1, "minute": 48, "second": 5, "style": "pocket"}),
    CardSpec(file="thermometer.png", template="thermometer", params={"degrees": 8, "low": -10, "high": 40}),
    CardSpec(file="sheet.jpg", template="collage", look="photographed", params={"items": [
        {"label": "A", "template": "document", "params": LETTER, "look": "handwritten"},
        {"label": "B", "template": "timepiece", "params": {"hour": 9, "minute": 40, "ticks": "none"}}]}),
)
