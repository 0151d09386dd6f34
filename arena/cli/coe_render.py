"""Printing the chain-of-evaluation report: the Table-3 rows with their condition, the offline judge's
scores apart, judge agreement, and the CoE-vs-win-rate correlation (tables and JSON)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Column, Table

from arena.coe.agreement import MIN_N
from arena.coe.ceiling import Ceiling, above_blind, blind_ceilings, blind_for
from arena.coe.human_report import Dispute, PeopleRow
from arena.coe.outcomes import Agreement, Correlation
from arena.coe.probe_report import INFERENTIAL_INFORMED, ProbeRow
from arena.coe.probes import THINKTHRICE_KEYS
from arena.coe.registry import JUDGED_METRICS, METRICS, digits
from arena.coe.report import CoeRow, DepthRow

ROW_KEYS = ("entry", "name", "mode", "ablation", "condition", "opponent", "opponent_id", *METRICS, "avg",
            *(f"n_{m}" for m in METRICS), "n_metrics", "n_games", "ci", "judges", "judge_ids", "judge_label",
            "conditions", "offline", "null_reasons", "mirage")
MIRAGE_COLUMNS = ("victory", "cic", "tii", "ici", "sci")
OFFLINE_NOTE = ("offline judge (offline/lexical-v1): word overlap, not an LLM judge. Shown apart; never "
                "averaged or compared with LLM-judged scores.")


def fmt(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def condition_text(row: CoeRow) -> str:
    return f"{row.condition} vs {row.opponent}" if row.opponent else row.condition


def row_json(row: CoeRow, ceilings: dict[str, Ceiling] | None = None) -> dict[str, Any]:
    data = row.model_dump()
    shown = {k: data[k] for k in ROW_KEYS}
    shown["above_blind"] = {s: m.model_dump() for s, m in above_blind(row, ceilings or {}).items()}
    return shown


def report_json(rows: list[CoeRow], agreement: list[Agreement], correlation: list[Correlation],
                probes: list[ProbeRow] | None = None, people: list[PeopleRow] | None = None,
                disputed: list[Dispute] | None = None) -> dict[str, Any]:
    ceilings = blind_ceilings(rows)
    return {"rows": [row_json(r, ceilings) for r in rows],
            "blind_ceiling": {s: c.model_dump() for s, c in ceilings.items()},
            "agreement": [a.model_dump() for a in agreement],
            "correlation": [c.model_dump() for c in correlation], "probes": [p.model_dump() for p in probes or []],
            "people": [p.model_dump() for p in people or []], "disputed": [d.model_dump() for d in disputed or []]}


def people_table(people: list[PeopleRow]) -> Table | None:
    """People's accuracy per suite, with n (entries human/<name>, from the Validate page or `arena qa`)."""
    if not people:
        return None
    suites = [s for s in ("lsu", "tiu", "miu", "mmr") if any(s in p.suites for p in people)]
    table = Table(Column("person", overflow="fold"), *(Column(s.upper(), justify="right") for s in suites),
                  title="People (human/<name>): accuracy per suite", box=box.SIMPLE_HEAD,
                  caption="accuracy % [95% CI] n=items, latest answer per person and item")
    for row in people:
        table.add_row(row.entry, *(accuracy_text(row.suites.get(s)) for s in suites))
    return table


def disputed_table(disputed: list[Dispute]) -> Table | None:
    """The items where most of the people who answered them chose something other than the key."""
    if not disputed:
        return None
    table = Table(Column("case", overflow="fold"), "item", "suite", "key", Column("people chose", overflow="fold"),
                  Column("disagree", justify="right"), Column("stem", overflow="fold"), box=box.SIMPLE_HEAD,
                  title="Items where people disagree with the key (for review)",
                  caption="a strict majority of the people who answered chose something else; letters are the "
                          "case's own; key and stem as the case file reads now (- when the case is not found)")
    for d in disputed:
        chose = ", ".join(f"{letters} x{n}" for letters, n in d.choices.items())
        table.add_row(d.script_id, d.question_id, d.suite.upper(), d.key or "-", chose, f"{d.disagree}/{d.people}",
                      d.stem or "-")
    return table


def ceiling_table(rows: list[CoeRow]) -> Table | None:
    """Per suite, the best blind row and how far each other row stands above it."""
    ceilings = blind_ceilings(rows)
    if not ceilings:
        return None
    suites = [s for s in ("lsu", "tiu", "miu", "mmr") if s in ceilings]
    table = Table(Column("", overflow="fold", min_width=14), *(Column(s.upper(), justify="right") for s in suites),
                  box=box.SIMPLE_HEAD, pad_edge=False, title="Above the blind ceiling (points)",
                  caption="blind ceiling = the best row that does not do the task (longest option, options-only "
                          "prior, keyword lookup without images; no-images for TIU/MIU/MMR; OCR-only for MIU/MMR); "
                          "* = the row's 95% CI lies above the ceiling's")
    table.add_row("blind ceiling", *(_ceiling_cell(ceilings[s]) for s in suites), style="bold")
    shown: set[tuple[str, str]] = set()
    for row in rows:  # the QA figures stand on every condition row of an entry's mode: one line each
        margins = above_blind(row, ceilings)
        if row.ablation != "none" or not margins or (row.entry, row.mode) in shown or blind_for(row):
            continue
        shown.add((row.entry, row.mode))
        table.add_row(f"{row.name} ({row.mode})", *(_margin_cell(margins.get(s)) for s in suites))
    return table


def _ceiling_cell(ceiling: Ceiling) -> str:
    ci = f" [{ceiling.ci[0]:.0f}-{ceiling.ci[1]:.0f}]" if ceiling.ci else ""
    return f"{ceiling.accuracy:.1f}{ci} {ceiling.name.removeprefix('builtin/')}"


def _margin_cell(margin: Any) -> str:
    if margin is None:
        return "-"
    return f"{margin.points:+.1f}" + ("*" if margin.separated else "")


def probe_condition(row: ProbeRow) -> str:
    return f"{row.condition} vs {row.opponent}" if row.opponent else row.condition


def accuracy_text(cell: dict[str, Any] | None) -> str:
    """`62.5 [30.6-86.3] n=8`, or `-`."""
    if not cell or cell.get("accuracy") is None:
        return "-"
    ci = cell.get("ci")
    return f"{cell['accuracy']:.1f}" + (f" [{ci[0]:.0f}-{ci[1]:.0f}]" if ci else "") + f" n={cell['n']}"


def wellplay_table(probes: list[ProbeRow]) -> Table:
    categories = sorted({c for p in probes for c in p.categories})
    table = Table("entry", "condition", "faction", "reference", Column("weighted", justify="right"),
                  *(Column(c, justify="right") for c in categories), Column("graded by"), box=box.SIMPLE_HEAD,
                  title="Post-game probes, WellPlay (PLAYER*): weighted score and accuracy per category",
                  caption="weighted 0-100 (who killed 10, reasoning 5, relations 2 points): mean over games "
                          "[95% t interval] n=games; per category: mean accuracy over roles ± spread (population "
                          "SD) n=roles; reference rows: own-script = only the role's script, oracle = every script")
    for p in probes:
        ci = f" [{p.weighted_ci[0]:.0f}-{p.weighted_ci[1]:.0f}]" if p.weighted_ci else ""
        cells = [f"{c['accuracy']:.1f}±{c['spread']:.1f} n={c['n']}" if (c := p.categories.get(k)) else "-"
                 for k in categories]
        table.add_row(p.name, probe_condition(p), p.faction, p.reference, f"{fmt(p.weighted)}{ci} n={p.n_games}",
                      *cells, p.graded_by)
    return table


def thinkthrice_table(probes: list[ProbeRow]) -> Table | None:
    shown = [p for p in probes if p.thinkthrice or p.informed]
    if not shown:
        return None
    keys = [k for k in THINKTHRICE_KEYS if k != INFERENTIAL_INFORMED]
    table = Table("entry", "condition", "faction", "reference", *(Column(k, justify="right") for k in keys),
                  Column("inferential informed (decided by)", justify="right"), box=box.SIMPLE_HEAD,
                  title="Post-game probes, ThinkThrice: factual accuracy by whose script, inferential accuracy",
                  caption="accuracy % [95% Wilson interval] n=answers; informed = inferential probes the role was in "
                          "a position to answer, decided by a judge panel (panel:...) or the offline rule "
                          "rule/informed-v1, never pooled")
    for p in shown:
        informed = "; ".join(f"{accuracy_text(cell)} ({who})" for who, cell in p.informed.items()) or "-"
        table.add_row(p.name, probe_condition(p), p.faction, p.reference,
                      *(accuracy_text(p.thinkthrice.get(k)) for k in keys), informed)
    return table


def report_table(rows: list[CoeRow], title: str) -> Table:
    table = Table(Column("entry", overflow="fold", min_width=14), Column("mode", no_wrap=True), Column("condition"),
                  *(Column(m.upper(), justify="right", no_wrap=True) for m in METRICS),
                  Column("avg", justify="right"), Column("judge"), box=box.SIMPLE_HEAD, pad_edge=False, title=title,
                  caption="LSU/TIU/MIU/MMR (accuracy, from the QA suites), SPC, ITD, CMD in %, RP 1-10; RP/SPC/CMD "
                          "by LLM judges only; avg = mean of the measured metrics with RP x10; item counts, 95% CIs "
                          "and reasons for missing scores: --json")
    for row in rows:
        cells = [fmt(getattr(row, m), digits(m)) for m in METRICS]
        judge = ", ".join(sorted({j for ids in row.judge_ids.values() for j in ids})) or "-"
        table.add_row(row.name, row.mode, condition_text(row), *cells, fmt(row.avg), judge,
                      style="dim" if row.ablation != "none" else None)
    return table


def offline_table(rows: list[CoeRow]) -> Table | None:
    shown = [r for r in rows if r.offline]
    if not shown:
        return None
    table = Table("entry", "condition", *(Column(m.upper(), justify="right") for m in JUDGED_METRICS),
                  *(Column(f"n {m.upper()}", justify="right") for m in JUDGED_METRICS), box=box.SIMPLE_HEAD,
                  title="Offline judge (lexical baseline, not comparable)", caption=OFFLINE_NOTE)
    for row in shown:
        values = [fmt(row.offline.get(m), digits(m)) for m in JUDGED_METRICS]
        counts = [str(row.offline.get(f"n_{m}", 0)) for m in JUDGED_METRICS]
        table.add_row(row.name, condition_text(row), *values, *counts)
    return table


def mirage_table(rows: list[CoeRow], offline: bool) -> Table | None:
    """MIRAGE's metrics per row: LLM-judged TII/ICI/SCI, or (`offline`) the offline judge's, apart."""
    shown = [r for r in rows if r.mirage and (r.mirage.get("offline") if offline else True)]
    if not shown:
        return None
    title = ("MIRAGE metrics, offline judge (lexical baseline, not comparable)" if offline
             else "MIRAGE metrics (Victory, CIC counted from the log; TII, ICI, SCI by LLM judges)")
    table = Table("entry", "condition", *(Column(m.upper() if m != "victory" else "Victory", justify="right")
                                          for m in MIRAGE_COLUMNS), Column("judge"), box=box.SIMPLE_HEAD, title=title,
                  caption="all 0-100; definitions and paper sections: docs/coe.md")
    for row in shown:
        cell = row.mirage
        judged = cell.get("offline", {}) if offline else cell
        values = [fmt(cell.get(m)) if m in ("victory", "cic") else fmt(judged.get(m)) for m in MIRAGE_COLUMNS]
        judge = "offline/mirage-lexical-v1" if offline else (
            ", ".join(sorted({j for ids in cell.get("judge_ids", {}).values() for j in ids})) or "-")
        table.add_row(row.name, condition_text(row), *values, judge)
    return table


def agreement_table(agreement: list[Agreement]) -> Table | None:
    if not agreement:
        return None
    table = Table("metric", "judges", Column("items", justify="right"), Column("Krippendorff alpha", justify="right"),
                  title="Agreement between LLM judges", box=box.SIMPLE_HEAD)
    for a in agreement:
        table.add_row(a.metric.upper(), ", ".join(a.judges), str(a.items), fmt(a.alpha, 3))
    return table


def correlation_table(correlation: list[Correlation]) -> Table | None:
    shown = [c for c in correlation if c.n > 0]
    if not shown:
        return None
    table = Table("condition", "metric", Column("entries", justify="right"), Column("Spearman rho", justify="right"),
                  Column("95% CI (bootstrap)", justify="right"), title="CoE metric vs arena win rate (paper 5.3)",
                  box=box.SIMPLE_HEAD)
    for c in shown:
        rho = c.note if c.rho is None else f"{c.rho:+.2f}"
        ci = "-" if c.ci is None else f"[{c.ci[0]:+.2f}, {c.ci[1]:+.2f}]"
        table.add_row(c.condition, c.metric.upper(), str(c.n), rho or "-", ci)
    return table


def depth_table(depths: list[DepthRow]) -> Table:
    table = Table("entry", "mode", "depth", Column("MMR", justify="right"), Column("n", justify="right"),
                  Column("95% CI", justify="right"), title="MMR by reasoning depth", box=box.SIMPLE_HEAD)
    for d in depths:
        table.add_row(d.name, d.mode, str(d.depth), f"{d.accuracy:.1f}%", str(d.n), f"[{d.ci[0]:.0f}, {d.ci[1]:.0f}]")
    return table


def print_report(out: Console, path: Path, rows: list[CoeRow], depths: list[DepthRow], agreement: list[Agreement],
                 correlation: list[Correlation], probes: list[ProbeRow] | None = None,
                 people: list[PeopleRow] | None = None, disputed: list[Dispute] | None = None) -> None:
    if rows:
        out.print(report_table(rows, f"Chain of evaluation ({path})"))
    for extra in (ceiling_table(rows), people_table(people or []), disputed_table(disputed or []),
                  offline_table(rows), mirage_table(rows, offline=False),
                  mirage_table(rows, offline=True), wellplay_table(probes) if probes else None,
                  thinkthrice_table(probes or []), agreement_table(agreement), correlation_table(correlation)):
        if extra is not None:
            out.print(extra)
    if correlation and all(c.rho is None for c in correlation):
        most = max(c.n for c in correlation)
        out.print(f"CoE metric vs arena win rate (paper 5.3): n too small ({most} entries with a metric and an "
                  f"arena win rate; {MIN_N} needed)", highlight=False)
    if depths:
        out.print(depth_table(depths))
