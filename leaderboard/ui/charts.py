"""Altair charts of the board: rating intervals, the per-side scatter, head-to-head heatmaps, CoE bars,
history lines."""

from __future__ import annotations

from typing import Any, Literal

import altair as alt
import pandas as pd

from arena.coe.registry import percent

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


def side_scatter(board: pd.DataFrame) -> alt.LayerChart:
    """Deceiving rating (as murderer, y) against detecting rating (as civilians, x), one labelled point per
    entry with both 95% intervals as bars; the dashed diagonal is the same standing on both sides."""
    data = board.dropna(subset=["rating_murderer", "rating_civilian"])[["display", *SIDE_FIELDS]]
    bounds = data[["rating_civilian_low", "rating_civilian_high", "rating_murderer_low", "rating_murderer_high"]]
    scale = alt.Scale(zero=False, domain=[float(bounds.min().min()), float(bounds.max().max())])

    def axis(side: str, field: str) -> dict[str, Any]:
        title = "detecting: rating as civilians" if side == "civilian" else "deceiving: rating as murderer"
        return {"shorthand": f"{field}:Q", "title": f"{title} (95% CI)", "scale": scale}
    x, y = alt.X(**axis("civilian", "rating_civilian")), alt.Y(**axis("murderer", "rating_murderer"))
    line = pd.DataFrame({"rating_civilian": scale.domain, "rating_murderer": scale.domain})
    diagonal = alt.Chart(line).mark_line(strokeDash=[4, 4], color="gray").encode(x=x, y=y)
    base = alt.Chart(data)
    across = base.mark_rule(opacity=0.5).encode(x=alt.X(**axis("civilian", "rating_civilian_low")),
                                                x2="rating_civilian_high:Q", y=y)
    upward = base.mark_rule(opacity=0.5).encode(y=alt.Y(**axis("murderer", "rating_murderer_low")),
                                                y2="rating_murderer_high:Q", x=x)
    tip = ["display", *(alt.Tooltip(f"{f}:Q", format=".0f") for f in SIDE_FIELDS[:6]), *SIDE_FIELDS[6:]]
    points = base.mark_point(filled=True, size=80).encode(x=x, y=y, tooltip=tip)
    labels = base.mark_text(align="left", dx=7, dy=-7, fontSize=11).encode(x=x, y=y, text="display:N")
    return (diagonal + across + upward + points + labels).properties(height=380)


SIDE_FIELDS = ["rating_civilian", "rating_civilian_low", "rating_civilian_high", "rating_murderer",
               "rating_murderer_low", "rating_murderer_high", "games_civilian", "games_murderer"]


def heatmap(cells: pd.DataFrame, value: str, title: str, fmt: str, scheme: HeatScheme,
            domain: list[float] | None = None, order: list[str] | None = None, label: str | None = None,
            select: str | None = None) -> alt.LayerChart:
    """Rows = civilians entry, columns = murderer entry, colour = `value`, text = the `label` column (else
    `value` in `fmt`). The legend sits below the chart with its whole title; `select` names a point
    selection on the two entries (click a cell)."""
    top = float(cells[value].max()) if len(cells) else 1.0
    scale = alt.Scale(scheme=scheme, domain=domain) if domain else alt.Scale(scheme=scheme, domain=[0, top])
    x = alt.X("murderer:N", title="murderer entry", sort=order, axis=alt.Axis(labelAngle=-30, labelLimit=200))
    y = alt.Y("civilians:N", title="civilians entry", sort=order, axis=alt.Axis(labelLimit=200))
    base = alt.Chart(cells).encode(x=x, y=y)
    legend = alt.Legend(orient="bottom", title=title, titleLimit=0, format=fmt, direction="horizontal",
                        gradientLength=220, tickMinStep=0.25 if domain else 1)
    rect = base.mark_rect().encode(color=alt.Color(f"{value}:Q", scale=scale, legend=legend),
                                   tooltip=[alt.Tooltip(f"{f}:{t}", title=name, format=fm)
                                            for f, t, name, fm in TOOLTIP if f in cells.columns])
    if select is not None:
        pick = alt.selection_point(name=select, fields=["civilians_entry", "murderer_entry"], on="click", empty=False)
        rect = rect.add_params(pick).encode(
            stroke=alt.condition(pick, alt.value("black"), alt.value(None)))  # type: ignore[arg-type]
    valid = f"isValid(datum['{value}']) && "
    dark = (f"{valid}(datum['{value}'] < 0.2 || datum['{value}'] > 0.8)" if domain
            else f"{valid}datum['{value}'] > {DARK_SHARE * top}")
    text = base.mark_text(fontSize=12, lineBreak="\n").encode(
        text=alt.Text(f"{label}:N") if label else alt.Text(f"{value}:Q", format=fmt),
        color=alt.condition(dark, alt.value("white"), alt.value("black")))  # type: ignore[arg-type]
    return (rect + text).properties(title=title, width=alt.Step(112), height=alt.Step(56))


DARK_SHARE = 0.55  # on a sequential scheme, cells above this share of the maximum get white text
TOOLTIP: list[tuple[str, str, str, Any]] = [
           ("civilians", "N", "civilians", alt.Undefined), ("murderer", "N", "murderer", alt.Undefined),
           ("games", "Q", "finished games", "d"), ("civilian_wins", "Q", "civilian wins", "d"),
           ("murderer_wins", "Q", "murderer wins", "d"), ("draws", "Q", "ties", "d"),
           ("interval", "N", "civilian win rate (95% interval)", alt.Undefined)]


def coe_bars(table: pd.DataFrame, metrics: list[str]) -> alt.Chart:
    """Grouped bars: one group per metric, one bar per entry/mode row (RP scaled x10 to share the axis)."""
    long = table.melt(id_vars=["label"], value_vars=metrics, var_name="metric", value_name="score").dropna()
    long["score"] = [percent(m, s) for m, s in zip(long["metric"], long["score"], strict=True)]
    long["metric"] = long["metric"].str.upper()
    return alt.Chart(long).mark_bar().encode(
        x=alt.X("metric:N", title=None, sort=[m.upper() for m in metrics], axis=alt.Axis(labelAngle=0)),
        xOffset="label:N",
        y=alt.Y("score:Q", title="score (0-100; RP x10)", scale=alt.Scale(domain=[0, 100])),
        color=alt.Color("label:N", title="entry / mode / condition", scale=alt.Scale(scheme="tableau10"),
                        legend=alt.Legend(orient="bottom", columns=2, labelLimit=0, titleLimit=0)),
        tooltip=["label", "metric", alt.Tooltip("score:Q", format=".1f")]).properties(height=320)


def depth_lines(depth: pd.DataFrame) -> alt.LayerChart:
    """MMR accuracy by reasoning depth, one line per entry/mode, with each point's 95% interval and n."""
    data = depth.assign(ci_low=[c[0] for c in depth["ci"]], ci_high=[c[1] for c in depth["ci"]])
    color = alt.Color("label:N", title="entry / mode", scale=alt.Scale(scheme="tableau10"),
                      legend=alt.Legend(orient="bottom", columns=2, labelLimit=0, titleLimit=0))
    base = alt.Chart(data).encode(x=alt.X("depth:O", title="reasoning depth (steps)", axis=alt.Axis(labelAngle=0)),
                                  color=color, xOffset="label:N")
    tooltip = ["label", "depth", alt.Tooltip("accuracy:Q", format=".1f"), alt.Tooltip("ci_low:Q", format=".1f"),
               alt.Tooltip("ci_high:Q", format=".1f"), alt.Tooltip("n:Q", title="questions")]
    rules = base.mark_rule(strokeWidth=2, opacity=0.6).encode(
        y=alt.Y("ci_low:Q", title="MMR accuracy % (95% interval)", scale=alt.Scale(domain=[0, 100])), y2="ci_high:Q")
    points = base.mark_point(filled=True).encode(y="accuracy:Q", size=alt.Size("n:Q", title="questions",
                                                 legend=alt.Legend(orient="bottom")), tooltip=tooltip)
    labels = base.mark_text(dy=-12, fontSize=10).encode(y="accuracy:Q", text=alt.Text("n:Q", format="d"))
    return (rules + points + labels).properties(height=300)


def history_lines(history: pd.DataFrame) -> alt.LayerChart:
    """The overall Bradley-Terry rating over snapshots, with its 95% interval as a band."""
    overall = history[history["faction"] == "overall"]
    x = alt.X("computed_at:T", title="snapshot (UTC)", axis=alt.Axis(format="%b %d %H:%M:%S", labelAngle=0))
    tip = [alt.Tooltip("computed_at:T", title="snapshot", format="%Y-%m-%d %H:%M:%S"),
           alt.Tooltip("bt:Q", title="Bradley-Terry", format=".0f"),
           alt.Tooltip("ci_low:Q", title="95% low", format=".0f"),
           alt.Tooltip("ci_high:Q", title="95% high", format=".0f"),
           alt.Tooltip("conservative:Q", title="TrueSkill μ − 3σ", format=".1f"), alt.Tooltip("games:Q", format="d")]
    base = alt.Chart(overall).encode(x=x)
    band = base.mark_area(opacity=0.2).encode(y=alt.Y("ci_low:Q", title="Bradley-Terry (95% interval)",
                                                       scale=alt.Scale(zero=False)), y2="ci_high:Q")
    return (band + base.mark_line(point=True).encode(y="bt:Q", tooltip=tip)).properties(height=240)
