"""Chain-of-evaluation page: WhodunitBench Table 3 per entry, mode and condition (from
`arena.coe.report`), a grouped bar chart, the offline judge's scores apart and labelled, judge
agreement, the CoE-vs-win-rate correlation (section 5.3), MMR accuracy by reasoning depth, and in a
tab of their own the peers' metrics: MIRAGE's and the post-game probes' (`peers_section`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd
import streamlit as st

from arena.coe.registry import JUDGED_METRICS, METRICS, QA_METRICS, REGISTRY, digits, percent
from leaderboard.ui import charts, coe_data, data, peers_section
from leaderboard.ui.common import DASH, count, entry_url, link_column, missing, open_board, store_errors

if TYPE_CHECKING:
    from streamlit.elements.lib.column_types import ColumnConfig

NAMES = {m.id: m.name for m in REGISTRY.values()}
SCALES = {m.id: m.scale for m in REGISTRY.values() if m.source == "game"}
COMPLETE = (f"all {len(METRICS)} metrics", list(METRICS))
QA_SET = (f"the {len(QA_METRICS)} QA metrics", list(QA_METRICS))


def cell_text(value: object, n: object, ci: list[float] | None, digits: int = 1) -> str:
    """`62 [48–75] n=40`, or a dash when the metric was not measured."""
    if missing(value):
        return DASH
    interval = f" [{ci[0]:.{digits}f}–{ci[1]:.{digits}f}]" if ci else ""
    return f"{float(value):.{digits}f}{interval} n={count(n)}"  # type: ignore[arg-type]


def with_cells(table: pd.DataFrame) -> pd.DataFrame:
    """Adds `<metric>_cell` texts (value, interval, n), the comparable averages and the judge text."""
    table = table.copy()
    cis = table["ci"] if "ci" in table else pd.Series([{}] * len(table), index=table.index)
    for m in METRICS:
        if m in table:
            table[f"{m}_cell"] = [cell_text(v, n, (ci or {}).get(m), digits(m) - 1)
                                  for v, n, ci in zip(table[m], table[f"n_{m}"], cis, strict=True)]
    for key, (_, metrics) in (("avg_all", COMPLETE), ("avg_qa", QA_SET)):
        present = [m for m in metrics if m in table]
        scaled = table[present].astype(float).mul([percent(m, 1.0) for m in present], axis=1)
        complete = len(present) == len(metrics)
        table[key] = scaled.mean(axis=1).where(scaled.notna().all(axis=1)) if complete else float("nan")
        table[f"{key}_cell"] = [DASH if missing(v) else f"{v:.1f}" for v in table[key]]
    if "judge_labels" in table:
        table["judge_text"] = table["judge_labels"].map(lambda j: j if isinstance(j, str) and j else DASH)
    return table


def column_config() -> dict[str, ColumnConfig]:
    config: dict[str, ColumnConfig] = {
        "display": st.column_config.TextColumn("Entry"), "link": link_column("Entry"),
        "mode": st.column_config.TextColumn(
            "Mode", help="direct or cot (chain of thought); +no-images / +ocr-text are ablations"),
        "condition": st.column_config.TextColumn("Condition", help="table3 = the paper's protocol against a fixed "
                                                 "murderer; all-play-all = every other game; key-clues-given = games "
                                                 "where the civilians were handed every key clue (WhodunitBench's "
                                                 "ablation, unrated); qa = questions only"),
        "judge_text": st.column_config.TextColumn("Judge", help="llm when RP/SPC/CMD come from LLM judges")}
    for m, name in NAMES.items():
        scale = SCALES.get(m, "accuracy %")
        config[f"{m}_cell"] = st.column_config.TextColumn(m.upper(), help=f"{m.upper()}: {name} ({scale}); "
                                                          "value [95% interval] n=items")
    config["avg_all_cell"] = st.column_config.TextColumn(
        f"Average (all {len(METRICS)})", help=f"Mean of all {len(METRICS)} metrics on 0-100 (RP x10); only for rows "
        "that have every one")
    config["avg_qa_cell"] = st.column_config.TextColumn(
        "QA average", help=f"Mean of {', '.join(m.upper() for m in QA_METRICS)}; only for rows that have each")
    return config


def labelled(table: pd.DataFrame, names: dict[str, str]) -> pd.DataFrame:
    """Adds `display` (entry name) and `label`; a separate `ablation` column folds into the mode as `+ablation`."""
    table = table.copy()
    if "display" not in table:
        table["display"] = table.get("name")
    table["display"] = table["display"].fillna(table["entry"].map(lambda e: names.get(e, e)))
    if "ablation" in table:
        ablation, mode = table["ablation"].fillna("none").astype(str), table["mode"].astype(str)
        labelled_already = mode.str.contains("+", regex=False)
        table["mode"] = mode.where((ablation == "none") | labelled_already, mode + "+" + ablation)
    if "judge_labels" not in table and "judge_label" in table:
        table["judge_labels"] = table["judge_label"].fillna("").str.replace("+", ", ", regex=False)
    if "condition" in table:
        vs = table["opponent"].fillna("").map(lambda o: f" vs {o}" if o else "") if "opponent" in table else ""
        table["condition"] = table["condition"].astype(str) + vs
    table["label"] = table["display"].astype(str) + " / " + table["mode"].astype(str)
    if "condition" in table:
        table["label"] = table["label"] + " / " + table["condition"]
    return table


def show_table(table: pd.DataFrame) -> None:
    table = with_cells(table)
    table["link"] = [entry_url(e, d) for e, d in zip(table["entry"], table["display"], strict=True)]
    order = ["link", "mode", "condition", "avg_qa_cell", "avg_all_cell",
             *(f"{m}_cell" for m in METRICS if m in table), "judge_text"]
    st.dataframe(table, column_config=column_config(), column_order=order, hide_index=True, width="stretch")
    st.markdown(" · ".join(f"**{m.upper()}** {name}" for m, name in NAMES.items()))
    st.caption("Each cell: score [95% interval] n = items scored. LSU, TIU, MIU, MMR: multiple-choice accuracy (%) "
               "over the latest answer per question (Wilson interval). SPC, ITD, CMD (0-100) and RP (1-10) score the "
               "entry's game transcripts as the civilians; RP, SPC and CMD come from LLM judges only. Averages are "
               f"shown only over comparable, complete sets: all {len(METRICS)} metrics (RP x10), or the QA metrics; "
               "a row missing one shows —. Rows with `+no-images` / `+ocr-text` are ablations.")


def render() -> None:
    st.title("Chain of evaluation")
    path = open_board(lambda s: s.counts.get("qa_answers", 0) + s.counts.get("metric_scores", 0) > 0,
                      "No QA answers or transcript scores yet. Run `arena qa --entry builtin/naive --suite all` "
                      "and `arena coe score`, then press Refresh.")
    if path is None:
        return
    with store_errors():
        frames, source = coe_data.coe(path)
        if frames.empty:
            st.info("No QA answers or transcript scores yet.")
            return
        names = data.display_names(path)
        chain, peers = st.tabs(["Chain of evaluation (WhodunitBench)", "MIRAGE and post-game probes"])
        with chain:
            show_chain(frames, names)
        with peers:
            show_peers(frames, names)
        st.caption(f"Computed by {source}.")


def show_chain(frames: coe_data.CoeFrames, names: dict[str, str]) -> None:
    """The Table-3 rows, the chart by metric and the companions."""
    if frames.table.empty:
        st.info("No QA answers or transcript scores yet.")
        return
    table = labelled(frames.table, names)
    show_table(table)
    show_ceiling(frames, names)
    main_rows = table[~table["mode"].astype(str).str.contains("+", regex=False)]
    metrics = [m for m in METRICS if m in main_rows and main_rows[m].notna().any()]
    if metrics:
        st.subheader("Scores by metric")
        st.altair_chart(charts.coe_bars(main_rows, metrics), width="stretch")
    show_companions(frames, names)


def show_ceiling(frames: coe_data.CoeFrames, names: dict[str, str]) -> None:
    """The blind ceiling per suite and each entry's points above it."""
    st.subheader("Above the blind ceiling")
    if frames.ceiling.empty:
        st.info("No blind row yet: run `arena qa --entry builtin/longest` (and builtin/prior, builtin/lookup, "
                "builtin/ocr, or any entry with `--ablation no-images`) on the same cases.")
        return
    st.caption("A suite's score means what its name says only above its blind ceiling: the best row that answers "
               "without doing the task (the longest option, an options-only prior from the other cases, a keyword "
               "lookup in the text sent with images withheld; no images for TIU, MIU and MMR; OCR only for MIU and "
               "MMR). Points above the ceiling; *apart* lists the suites where the entry's 95% interval lies wholly "
               "above the ceiling's.")
    ceiling = frames.ceiling.assign(interval=[f"{c[0]:.0f} to {c[1]:.0f}" if c else "too few items"
                                              for c in frames.ceiling["ci"]])
    st.dataframe(ceiling, column_order=["suite", "ceiling", "interval", "n", "row"], hide_index=True,
                 column_config={"ceiling": st.column_config.NumberColumn("ceiling %", format="%.1f")})
    if not frames.above.empty:
        above = labelled(frames.above, names)
        suites = [s for s in ("LSU", "TIU", "MIU", "MMR") if s in above]
        st.dataframe(above, column_order=["display", "mode", *suites, "apart"], hide_index=True,
                     column_config={s: st.column_config.NumberColumn(s, format="%+.1f") for s in suites})


def show_peers(frames: coe_data.CoeFrames, names: dict[str, str]) -> None:
    """MIRAGE's metrics (LLM-judged, then the offline judge's apart) and the post-game probes."""
    mirage, offline = (labelled(f, names) if not f.empty else f for f in (frames.mirage, frames.mirage_offline))
    peers_section.show_mirage(mirage, offline)
    probes = frames.probes
    if not probes.empty:
        probes = labelled(probes.assign(mode=probes["faction"]), names)
    peers_section.show_probes(probes)


def show_companions(frames: coe_data.CoeFrames, names: dict[str, str]) -> None:
    """The offline judge's scores (apart), judge agreement, correlation with win rate, MMR by depth."""
    if not frames.offline.empty:
        st.subheader("Offline judge (lexical baseline, not comparable)")
        offline = labelled(frames.offline, names)
        for m in JUDGED_METRICS:
            offline[m.upper()] = [cell_text(v, n, None, digits(m))
                                  for v, n in zip(offline[m], offline[f"n_{m}"], strict=True)]
        order = ["display", "mode", "condition", "judge", *(m.upper() for m in JUDGED_METRICS)]
        st.dataframe(offline, column_order=order, hide_index=True, column_config={"display": "Entry"})
        st.caption("offline = the keyless word-overlap judge (offline/lexical-v1). Its scores are never averaged "
                   "or compared with LLM-judged ones.")
    if not frames.agreement.empty:
        st.subheader("Agreement between LLM judges")
        agreement = frames.agreement.assign(
            metric=frames.agreement["metric"].str.upper(), judges=frames.agreement["judges"].map(", ".join),
            alpha=frames.agreement["alpha"].map(lambda a: DASH if missing(a) else f"{a:.2f}"))
        st.dataframe(agreement, hide_index=True)
        st.caption("Krippendorff's alpha (interval) over the items scored by at least two judges.")
    if not frames.correlation.empty and (frames.correlation["n"] > 0).any():
        st.subheader("CoE metric vs arena win rate")
        shown = frames.correlation[frames.correlation["n"] > 0]
        st.dataframe(shown.assign(
            metric=shown["metric"].str.upper(),
            rho=[DASH if missing(r) else f"{r:+.2f}" + (f" [{c[0]:+.2f}, {c[1]:+.2f}]" if c is not None else "")
                 for r, c in zip(shown["rho"], shown["ci"], strict=True)],
            note=shown["note"].map(lambda n: n if isinstance(n, str) and n else DASH)).drop(columns="ci"),
            hide_index=True, column_config={"rho": "Spearman's rho [95% interval]", "n": "entries"})
        st.caption("Spearman's rho between each metric and the entries' win rates (section 5.3 of the paper), "
                   "with a 95% bootstrap interval; under 5 entries: n too small.")
    if not frames.unparsed.empty:
        st.subheader("QA answers that did not parse")
        st.dataframe(labelled(frames.unparsed, names), column_order=["display", "mode", "script_id", "question_id",
                                                                      "raw_reply"], hide_index=True,
                     column_config={"display": "Entry", "raw_reply": st.column_config.TextColumn("Reply as sent")})
        st.caption("The latest answer per question whose reply named no clear, legal option (it counts as wrong). "
                   "A reply of `{}` or prose: the server ignored the answer schema; see `arena models check`.")
    if not frames.depth.empty:
        st.subheader("MMR accuracy by reasoning depth")
        st.altair_chart(charts.depth_lines(labelled(frames.depth, names)), width="stretch")
        st.caption("Each point: accuracy at that depth, its size and the number above it = questions (n); the "
                   "vertical line = 95% Wilson interval. A depth with few questions has a wide interval: read "
                   "the line, not the point.")
