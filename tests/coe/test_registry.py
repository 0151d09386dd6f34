"""The metric registry: each metric defined once, and every surface (report, CLI table, board, chart) reading its
scale and digits from it rather than special-casing role-play."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from arena.coe import registry
from arena.coe.registry import GAME_METRICS, JUDGED_METRICS, METRICS, QA_METRICS, REGISTRY, average, percent

ROOT = Path(__file__).resolve().parents[2]


def test_the_registry_holds_table_3_in_order_with_the_papers_split() -> None:
    assert METRICS == ("lsu", "tiu", "miu", "rp", "spc", "itd", "mmr", "cmd")
    assert QA_METRICS == ("lsu", "tiu", "miu", "mmr") and GAME_METRICS == ("rp", "spc", "itd", "cmd")
    assert JUDGED_METRICS == ("rp", "spc", "cmd")
    assert {m.stage for m in REGISTRY.values()} == {"perception", "role-play", "decision", "cognition"}
    assert REGISTRY["rp"].scale == "1-10, judged" and REGISTRY["itd"].scale == "0-100, counted"


def test_one_average_puts_role_play_on_the_percent_scale_and_skips_what_was_not_measured() -> None:
    assert percent("rp", 7.5) == 75.0 and percent("lsu", 40.0) == 40.0
    assert average({"lsu": 40.0, "rp": 7.5, "tiu": None}) == (57.5, 2)
    assert average({}) == (None, 0)
    assert average({"lsu": 40.0, "rp": 7.5}, QA_METRICS) == (40.0, 1)


def test_the_report_the_board_and_the_chart_use_the_registry() -> None:
    from arena.coe import report
    from leaderboard.ui import charts, coe_page

    assert report.average is registry.average
    assert {m.id: m.name for m in REGISTRY.values()} == coe_page.NAMES
    table = pd.DataFrame({"label": ["a"], "rp": [8.0], "lsu": [30.0]})
    chart = charts.coe_bars(table, ["lsu", "rp"]).to_dict()
    scores = {row["metric"]: row["score"] for row in chart["datasets"][next(iter(chart["datasets"]))]}
    assert scores == {"LSU": 30.0, "RP": 80.0}


def test_no_surface_special_cases_role_play_any_more() -> None:
    for folder in ("arena", "leaderboard"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text()
            assert 'm == "rp"' not in text and 'metric == "rp"' not in text, path
