"""The post-game probes' rows of `arena coe report` (and of the board): pure reads over a store connection.

`probe_report(conn)` gives one `ProbeRow` per entry, game condition (`all-play-all`, `table3` vs an
opponent, `key-clues-given`), faction the entry played and **reference** (`game`: answered in the
game's own conversation; `own-script`: with only the role's script, PLAYER*'s lower bound;
`oracle`: with every script, the upper bound), from the latest probe score per game and role.

- **WellPlay weighted score** (0-100): the mean over the row's games of the game's mean over its
  roles (roles of one game are not independent), with a 95% t interval over games and `n_games`;
  `spread` is the population standard deviation over the role scores.
- **Per category** (who killed, reasoning, relations, factual, inferential): the mean over the
  role scores of the role's accuracy in that category and its spread (WellPlay's per-category
  spread), `n` = role scores, `items` = answers.
- **ThinkThrice**: the factual split by whose script the fact comes from (own, other civilians',
  the murderer's) and the inferential accuracy, pooled over every answer of the row, with n and a
  95% Wilson interval. **Informed** inferential accuracy is kept per decider (`informed`): the
  labelled offline rule `rule/informed-v1`, or a judge panel (`panel:` and its judge ids). The two
  are never pooled. Rows recorded before the counts were stored have no ThinkThrice cells.

Every answer is graded by rule (`rule/probes-v1`: the exact set of letters): `graded_by` says so.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from typing import Any

from pydantic import BaseModel, ConfigDict

from arena.coe.probes import THINKTHRICE_KEYS
from arena.coe.report import TABLE3_KIND, entry_names, game_condition
from arena.coe.stats import Accuracy, mean_interval
from arena.store import Connection
from arena.store.coe_queries import has_tables, latest_probe_rows, tournament_kinds

REFERENCES = ("game", "own-script", "oracle")
INFERENTIAL_INFORMED = "inferential informed"


class ProbeRow(BaseModel):
    """One row of the probes table; percentages 0-100, None where not measured."""

    model_config = ConfigDict(frozen=True)
    entry: str
    name: str
    condition: str
    opponent: str | None = None
    opponent_id: str | None = None
    faction: str
    reference: str
    graded_by: str
    n_games: int
    n_roles: int
    weighted: float | None = None
    weighted_ci: list[float] | None = None
    spread: float | None = None
    categories: dict[str, dict[str, float | int]] = {}
    thinkthrice: dict[str, dict[str, Any]] = {}
    informed: dict[str, dict[str, Any]] = {}


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def _faction(row: dict[str, Any]) -> str:
    details = row["details"] or {}
    if details.get("faction"):
        return str(details["faction"])
    return "civilians" if row["entry_id"] == row["civilians_entry"] else "murderer"


def _pooled(rows: list[dict[str, Any]], key: str) -> tuple[int, int]:
    cells = [(r["details"].get("counts") or {}).get(key) for r in rows]
    present = [c for c in cells if c]
    return sum(int(c[0]) for c in present), sum(int(c[1]) for c in present)


def _categories(rows: list[dict[str, Any]]) -> dict[str, dict[str, float | int]]:
    per: dict[str, list[float]] = defaultdict(list)
    items: dict[str, int] = defaultdict(int)
    for r in rows:
        for category, (correct, n) in (r["details"].get("category_counts") or {}).items():
            if n:
                per[category].append(100.0 * correct / n)
                items[category] += int(n)
    return {c: {"accuracy": round(statistics.fmean(v), 1), "spread": round(statistics.pstdev(v), 1), "n": len(v),
                "items": items[c]} for c, v in sorted(per.items())}


def _thinkthrice(rows: list[dict[str, Any]]) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """(the pooled split and inferential accuracy, the informed accuracy per decider)."""
    split = {k: Accuracy(*_pooled(rows, k)).to_dict() for k in THINKTHRICE_KEYS if k != INFERENTIAL_INFORMED}
    deciders: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        if r["details"].get("counts"):
            deciders[str(r["details"].get("informed_by") or "rule/informed-v1")].append(r)
    informed = {d: Accuracy(*_pooled(mine, INFERENTIAL_INFORMED)).to_dict() for d, mine in sorted(deciders.items())}
    return {k: v for k, v in split.items() if v["n"]}, informed


def probe_cell(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of one row's latest probe scores (see the module docstring)."""
    by_game: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        by_game[r["game_id"]].append(float(r["value"]))
    game_means = [statistics.fmean(v) for v in by_game.values()]
    interval = mean_interval(game_means)
    split, informed = _thinkthrice(rows)
    return {"n_games": len(by_game), "n_roles": len(rows), "weighted": _round(statistics.fmean(game_means)),
            "weighted_ci": None if interval is None else [round(interval[0], 1), round(interval[1], 1)],
            "spread": _round(statistics.pstdev([float(r["value"]) for r in rows])),
            "categories": _categories(rows), "thinkthrice": split, "informed": informed}


def probe_report(conn: Connection) -> list[ProbeRow]:
    """One row per entry, game condition, faction and reference (see the module docstring)."""
    if not has_tables(conn):
        return []
    names, _ = entry_names(conn)
    kinds = tournament_kinds(conn)
    groups: dict[tuple[str, str, str | None, str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in latest_probe_rows(conn):
        kind = kinds.get(r["tournament_id"] or "")
        opponent = r["murderer_entry"] if kind == TABLE3_KIND and _faction(r) == "civilians" else None
        reference = str(r["metric"]).removeprefix("probe_")
        groups[(r["entry_id"], game_condition(kind, bool(r["key_clues"])), opponent, _faction(r), reference,
                r["judge"])].append(r)
    rows = [ProbeRow(entry=entry, name=names.get(entry, entry), condition=condition, opponent_id=opponent,
                     opponent=None if opponent is None else names.get(opponent, opponent), faction=faction,
                     reference=reference, graded_by=judge, **probe_cell(mine))
            for (entry, condition, opponent, faction, reference, judge), mine in groups.items()]
    order = {r: i for i, r in enumerate(REFERENCES)}
    return sorted(rows, key=lambda r: (r.name, r.condition, r.opponent or "", r.faction, order.get(r.reference, 9)))
