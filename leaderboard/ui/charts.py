"""Altair charts of the board: rating intervals, head-to-head heatmaps, CoE bars, history lines."""

from __future__ import annotations

from typing import Literal

import altair as alt
import pandas as pd

WIDTH = "container"
# The Vega colour schemes the heatmaps use (altair types `scheme` as a literal of scheme names).
HeatScheme = Literal["blues", "redyellowgreen"]


def ci_chart(board: pd.DataFrame) -> alt.Chart:
    """Bradley-Terry rating per entry with its 95% bootstrap interval as an error bar."""
    data = board.dropna(subset=["bt"])[["display", "bt", "ci_low", "ci_high", "games"]]
    order = data.sort_values("bt", ascending=False)["display"].tolist()
    y = alt.Y("display:N", sort=order, title=None)
    bars = alt.Chart(data).mark_rule(strokeWidth=2).encode(
        y=y, x=alt.X("ci_low:Q", title="Bradley-Terry rating (95% CI)", scale=alt.Scale(zero=False)), x2="ci_high:Q")
    points = alt.Chart(data).mark_point(filled=True, size=80).encode(
        y=y, x="bt:Q", tooltip=["display", alt.Tooltip("bt:Q", format=".0f"), alt.Tooltip("ci_low:Q", format=".0f"),
                                alt.Tooltip("ci_high:Q", format=".0f"), "games"])
    # A step, not a pixel height: with a fixed height Streamlit collapses a nominal axis onto one line.
    return (bars + points).properties(height=alt.Step(30))


def heatmap(cells: pd.DataFrame, value: str, title: str, fmt: str, scheme: HeatScheme,
            domain: list[float] | None = None, order: list[str] | None = None) -> alt.LayerChart:
    """Rows = civilians entry, columns = murderer entry, colour and label = `value`."""
    scale = alt.Scale(scheme=scheme, domain=domain) if domain else alt.Scale(scheme=scheme)
    x = alt.X("murderer:N", title="murderer entry", sort=order, axis=alt.Axis(labelAngle=-30))
    y = alt.Y("civilians:N", title="civilians entry", sort=order)
    base = alt.Chart(cells).encode(x=x, y=y)
    rect = base.mark_rect().encode(color=alt.Color(f"{value}:Q", scale=scale, title=title),
                                   tooltip=["civilians", "murderer", "games", "civilian_wins",
                                            alt.Tooltip("civilian_win_rate:Q", format=".0%")])
    text = base.mark_text(fontSize=13).encode(text=alt.Text(f"{value}:Q", format=fmt))
    return (rect + text).properties(title=title, width=alt.Step(110), height=alt.Step(48))


def coe_bars(table: pd.DataFrame, metrics: list[str]) -> alt.Chart:
    """Grouped bars: one group per metric, one bar per entry/mode row (RP scaled x10 to share the axis)."""
    long = table.melt(id_vars=["label"], value_vars=metrics, var_name="metric", value_name="score").dropna()
    long["score"] = [s * 10 if m == "rp" else s for m, s in zip(long["metric"], long["score"], strict=True)]
    long["metric"] = long["metric"].str.upper()
    return alt.Chart(long).mark_bar().encode(
        x=alt.X("metric:N", title=None, sort=[m.upper() for m in metrics]), xOffset="label:N",
        y=alt.Y("score:Q", title="score (0-100; RP x10)", scale=alt.Scale(domain=[0, 100])),
        color=alt.Color("label:N", title="entry / mode"),
        tooltip=["label", "metric", alt.Tooltip("score:Q", format=".1f")]).properties(height=320)


def depth_lines(depth: pd.DataFrame) -> alt.Chart:
    """MMR accuracy by reasoning depth, one line per entry/mode."""
    return alt.Chart(depth).mark_line(point=True).encode(
        x=alt.X("depth:O", title="reasoning depth"),
        y=alt.Y("accuracy:Q", title="MMR accuracy %", scale=alt.Scale(domain=[0, 100])),
        color=alt.Color("label:N", title="entry / mode"), tooltip=["label", "depth", "accuracy", "n"]).properties(
        height=260)


def history_lines(history: pd.DataFrame) -> alt.Chart:
    """Overall conservative TrueSkill and Bradley-Terry over snapshots."""
    overall = history[history["faction"] == "overall"]
    long = overall.melt(id_vars=["computed_at"], value_vars=["conservative", "bt"], var_name="rating",
                        value_name="value").dropna()
    return alt.Chart(long).mark_line(point=True).encode(
        x=alt.X("computed_at:T", title="snapshot"), y=alt.Y("value:Q", title=None, scale=alt.Scale(zero=False),
                                                     axis=alt.Axis(format=".1f")),
        color=alt.Color("rating:N", legend=None), row=alt.Row("rating:N", title=None),
        tooltip=["computed_at:T", "rating", alt.Tooltip("value:Q", format=".1f")]).properties(
        height=140).resolve_scale(y="independent")
