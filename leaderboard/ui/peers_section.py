"""The peers' metrics on the chain-of-evaluation page: MIRAGE's five metrics and the post-game probes.

Frames come from `coe_data` (rows of `arena.coe.mirage_report` and `arena.coe.probe_report`); this
module only turns them into text cells (value [95% interval] n=...), with every acronym spelled out
in the column tooltips and a legend, "—" where nothing was measured, and the offline judge's MIRAGE
values in their own labelled table, never averaged with the LLM judges'.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from arena.coe.mirage_report import COUNTED, JUDGED
from arena.coe.probe_report import INFERENTIAL_INFORMED
from arena.coe.probes import THINKTHRICE_KEYS
from leaderboard.ui.common import DASH, count, missing

MIRAGE_NAMES = {"victory": ("Victory", "reciprocal rank of the culprit in the civilians' vote (MIRAGE Table 2)"),
                "cic": ("CIC", "Clue Investigation Capability: clues investigated / clues available (MIRAGE B.2)"),
                "tii": ("TII", "Trust Inclination Index: the civilians' trust toward the culprit, judged; lower is "
                               "better for them (MIRAGE B.1)"),
                "ici": ("ICI", "Interactivity Capability Index: four 0-20 criteria, judged (MIRAGE 3.2)"),
                "sci": ("SCI", "Script Compliance Index: role-play and Rouge-L script reconstruction (MIRAGE 3.2)")}
SPLIT_NAMES = {"factual own": "facts from the role's own script",
               "factual other civilians'": "facts from the other civilians' scripts",
               "factual murderer's": "facts from the murderer's script",
               "inferential": "inferential probes (overall accuracy)"}
CONDITION_HELP = ("the games the row comes from: all-play-all, table3 vs a fixed murderer, or key-clues-given "
                  "(WhodunitBench's ablation: the civilians were handed every key clue)")
REFERENCE_HELP = ("game = answered in the game's own conversation after the vote; own-script = the same entry "
                  "with only the role's script (PLAYER*'s lower bound); oracle = with every script (upper bound)")


def interval_text(value: object, n: object, ci: Any, digits: int = 1) -> str:
    """`62.0 [48–75] n=40`, or a dash when not measured."""
    if missing(value):
        return DASH
    has_ci = isinstance(ci, list | tuple) and len(ci) == 2
    interval = f" [{ci[0]:.0f}–{ci[1]:.0f}]" if has_ci else ""
    return f"{float(value):.{digits}f}{interval} n={count(n)}"  # type: ignore[arg-type]


def accuracy_cell(cell: Any) -> str:
    """A pooled accuracy (`Accuracy.to_dict`) as text."""
    if not isinstance(cell, dict) or cell.get("accuracy") is None:
        return DASH
    return interval_text(cell["accuracy"], cell.get("n"), cell.get("ci"))


def mirage_cells(frame: pd.DataFrame, metrics: tuple[str, ...]) -> pd.DataFrame:
    frame = frame.copy()
    for m in metrics:
        frame[MIRAGE_NAMES[m][0]] = [interval_text(v, n, ci) for v, n, ci in
                                     zip(frame[m], frame[f"n_{m}"], frame[f"ci_{m}"], strict=True)]
    frame["judges"] = frame["judges"].map(lambda j: j if isinstance(j, str) and j else DASH)
    return frame


def mirage_config(metrics: tuple[str, ...]) -> dict[str, Any]:
    config: dict[str, Any] = {"display": st.column_config.TextColumn("Entry"), "mode": st.column_config.TextColumn(
                                  "Mode", help="direct or cot (chain of thought)"),
                              "condition": st.column_config.TextColumn("Condition", help=CONDITION_HELP),
                              "judges": st.column_config.TextColumn("Judges", help="ids of the judges of TII/ICI/SCI")}
    for m in metrics:
        label, name = MIRAGE_NAMES[m]
        scale = "counted" if m in COUNTED else "judged"
        config[label] = st.column_config.TextColumn(label, help=f"{name}; 0-100, {scale}; value [95% interval] n")
    return config


def show_mirage(mirage: pd.DataFrame, offline: pd.DataFrame) -> None:
    st.subheader("MIRAGE metrics")
    if mirage.empty and offline.empty:
        st.info("No MIRAGE scores yet: run `arena coe mirage` (add `--judge ENTRY` for TII, ICI and SCI).")
        return
    order = ["display", "mode", "condition"]
    if not mirage.empty:
        labels = [MIRAGE_NAMES[m][0] for m in (*COUNTED, *JUDGED)]
        st.dataframe(mirage_cells(mirage, (*COUNTED, *JUDGED)), column_order=[*order, *labels, "judges"],
                     column_config=mirage_config((*COUNTED, *JUDGED)), hide_index=True)
    st.markdown(" · ".join(f"**{label}** {name}" for label, name in MIRAGE_NAMES.values()))
    st.caption("All 0-100. Victory and CIC are counted from the game log; TII, ICI and SCI come from LLM judges "
               "(never the player's own model) and show — without one. Each cell: mean [95% t interval] n = items "
               "(a game or a role each). Definitions and paper sections: docs/coe.md.")
    if not offline.empty:
        st.subheader("MIRAGE, offline judge (lexical baseline, not comparable)")
        labels = [MIRAGE_NAMES[m][0] for m in JUDGED]
        st.dataframe(mirage_cells(offline, JUDGED), column_order=[*order, *labels, "judges"],
                     column_config=mirage_config(JUDGED), hide_index=True)
        st.caption("offline = the keyless word-counting stand-in (offline/mirage-lexical-v1): its TII, ICI and SCI "
                   "are never averaged or compared with LLM-judged ones.")


def wellplay_cells(probes: pd.DataFrame) -> tuple[pd.DataFrame, list[str]]:
    frame = probes.copy()
    frame["weighted_text"] = [interval_text(v, n, ci) for v, n, ci in
                              zip(frame["weighted"], frame["n_games"], frame["weighted_ci"], strict=True)]
    frame["spread_text"] = frame["spread"].map(lambda v: DASH if missing(v) else f"{v:.1f}")
    categories = sorted({c for cats in frame["categories"] for c in (cats or {})})
    for c in categories:
        frame[f"cat {c}"] = [f"{cats[c]['accuracy']:.1f} ± {cats[c]['spread']:.1f} n={cats[c]['n']}"
                             if c in (cats or {}) else DASH for cats in frame["categories"]]
    return frame, categories


def thinkthrice_cells(probes: pd.DataFrame) -> pd.DataFrame:
    frame = probes.copy()
    for key in SPLIT_NAMES:
        frame[key] = [accuracy_cell((split or {}).get(key)) for split in frame["thinkthrice"]]
    frame["informed_text"] = ["; ".join(f"{accuracy_cell(cell)} ({who})" for who, cell in (informed or {}).items())
                              or DASH for informed in frame["informed"]]
    return frame


def show_probes(probes: pd.DataFrame) -> None:
    st.subheader("Post-game probes")
    if probes.empty:
        st.info("No post-game probes yet: play with `arena play --probes` or `arena tournament --probes`.")
        return
    common = {"display": st.column_config.TextColumn("Entry"),
              "condition": st.column_config.TextColumn("Condition", help=CONDITION_HELP),
              "faction": st.column_config.TextColumn("Faction", help="the side the entry played in these games"),
              "reference": st.column_config.TextColumn("Reference", help=REFERENCE_HELP),
              "graded_by": st.column_config.TextColumn("Graded by", help="exact-set grading rule of the answers")}
    wellplay, categories = wellplay_cells(probes)
    config = {**common, "weighted_text": st.column_config.TextColumn(
        "WellPlay weighted", help="points of the probes answered right / all points (who killed 10, reasoning 5, "
                                  "relations 2), 0-100; mean over games [95% t interval] n=games"),
              "spread_text": st.column_config.TextColumn("Spread", help="population SD of the role scores")}
    config |= {f"cat {c}": st.column_config.TextColumn(c.replace("_", " "), help=f"accuracy on the {c} probes: mean "
                                                        "over roles ± spread (population SD) n=roles")
               for c in categories}
    order = ["display", "condition", "faction", "reference", "weighted_text", "spread_text"]
    st.dataframe(wellplay, column_order=[*order, *(f"cat {c}" for c in categories), "graded_by"],
                 column_config=config, hide_index=True)
    st.caption("WellPlay (PLAYER*): weighted score and per-category accuracy with its spread. " + REFERENCE_HELP)
    split = thinkthrice_cells(probes)
    config = {**common, **{k: st.column_config.TextColumn(k, help=f"{v}; accuracy % [95% Wilson interval] n=answers")
                           for k, v in SPLIT_NAMES.items()},
              "informed_text": st.column_config.TextColumn(
                  INFERENTIAL_INFORMED, help="inferential probes answered right that count as informed: the rationale "
                                             "judged sound by a judge panel (panel:...), or offline the rule "
                                             "rule/informed-v1 (the role knew the probe's evidence)")}
    keys = [k for k in THINKTHRICE_KEYS if k != INFERENTIAL_INFORMED]
    st.dataframe(split, column_order=["display", "condition", "faction", "reference", *keys, "informed_text"],
                 column_config=config, hide_index=True)
    st.caption("ThinkThrice: factual accuracy by whose script the fact comes from, inferential accuracy overall and "
               "informed. Informed figures of a judge panel and of the offline rule are shown side by side, never "
               "pooled.")
