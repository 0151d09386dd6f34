"""WhodunitBench's Table-3 protocol for one entry after its games are played (`arena coe table3`): the
games' transcripts judged, the QA suites asked on the same cases, and the entry's Table-3 rows read back
from the one report implementation. Rerunning judges and asks only what is missing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from arena.app.qa import Progress, run_suites
from arena.coe.cases import CaseIndex
from arena.coe.judging import score_with_judges
from arena.coe.qa_run import QaConfig, QaRunResult
from arena.coe.report import KEY_CLUES, CoeRow, coe_report
from arena.coe.scoring import ScoreSummary
from arena.entries import Entry
from arena.scripts.schema import Script
from arena.store import Reader, Store


@dataclass(frozen=True)
class Table3Result:
    judged: list[ScoreSummary]
    qa: QaRunResult
    rows: list[CoeRow]


async def judge_and_ask(store: Store, entry: Entry, opponent: Entry, cases: Sequence[Script],
                        judges: Sequence[Entry | None], config: QaConfig, tournament_id: str, *,
                        key_clues_given: bool = False, no_cache: bool = False,
                        on_progress: Progress | None = None) -> Table3Result:
    """Judge the tournament's transcripts, run the QA suites, and return the entry's rows against `opponent`."""
    index = CaseIndex(_by_id={s.id: s for s in cases})
    judged = await score_with_judges(store, judges, index, no_cache=no_cache, tournament=tournament_id)
    qa = await run_suites(store, entry, list(cases), config, no_cache=no_cache, on_progress=on_progress)
    rows = table3_rows(store.path, entry.entry_id, opponent.entry_id, KEY_CLUES if key_clues_given else "table3")
    return Table3Result(judged, qa, rows)


def table3_rows(path: Path, entry_id: str, opponent_id: str, condition: str = "table3") -> list[CoeRow]:
    """The entry's `table3` (or key-clues `table3`) rows against this opponent, from the one report implementation."""
    with Reader(path).snapshot() as conn:
        rows = [] if conn is None else coe_report(conn)
    return [r for r in rows if r.entry == entry_id and r.condition == condition and r.opponent_id == opponent_id]
