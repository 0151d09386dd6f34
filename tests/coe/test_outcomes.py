"""CoE vs outcomes (WhodunitBench 5.3): Spearman's rho with a bootstrap interval, on hand cases."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import duckdb
import pytest

from arena.coe.agreement import spearman
from arena.coe.outcomes import coe_vs_win_rate, win_rates
from arena.coe.report import coe_report
from arena.store import EntryRecord, GameRecord, QaAnswerRecord, Store, TournamentRecord


def test_spearman_known_values() -> None:
    up = spearman([1, 2, 3, 4, 5], [0.1, 0.3, 0.2, 0.6, 0.9])
    assert up.rho == pytest.approx(0.9) and up.n == 5  # one swapped pair: 1 - 6*2/(5*24)
    assert up.ci is not None and up.ci[0] <= 0.9 <= up.ci[1] <= 1.0
    assert spearman([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]).rho == pytest.approx(-1.0)
    small = spearman([1, 2, 3, 4], [1, 2, 3, 4])
    assert (small.rho, small.ci, small.note) == (None, None, "n too small")
    assert spearman([1, 1, 1, 1, 1], [1, 2, 3, 4, 5]).note == "constant values"
    assert spearman([1, 2, 3, 4, 5], [1, 3, 2, 5, 4], seed=3).ci == spearman([1, 2, 3, 4, 5], [1, 3, 2, 5, 4],
                                                                                seed=3).ci


def test_coe_metric_vs_win_rate_on_a_hand_made_log(tmp_path: Path) -> None:
    """Five entries; entry k answers k of 4 LSU questions and beats every entry below it (win rate k/4)."""
    store = Store(tmp_path / "a.duckdb")
    ids = [f"e{k}@1" for k in range(5)]
    for k, entry in enumerate(ids):
        store.upsert_entry(EntryRecord(name=f"e{k}", provider="mock", model=f"m{k}", entry_id=entry))
        store.record_qa_answers([QaAnswerRecord(run_id=f"r{k}", entry_id=entry, script_id="case", question_id=f"q{i}",
                                                suite="lsu", correct=i < k) for i in range(4)])
    store.record_tournament(TournamentRecord(tournament_id="apa", config={"kind": "all-play-all"}))
    store.record_tournament(TournamentRecord(tournament_id="t3", config={"kind": "table3"}))
    games = [(f"g{a}{b}", "apa", ids[a], ids[b], "murderer") for a, b in combinations(range(5), 2)]
    games.append(("t3-lost", "t3", ids[4], ids[0], "murderer"))  # a table3 game: not part of the arena win rate
    for gid, tid, civ, mur, winner in games:
        store.record_game(GameRecord(game_id=gid, tournament_id=tid, script_id="case", script_hash="h", seed=0,
                                     civilians_entry=civ, murderer_entry=mur, status="finished", winner=winner), [])
    with duckdb.connect(str(store.path), read_only=True) as conn:
        rates = win_rates(conn)
        correlation = coe_vs_win_rate(conn, coe_report(conn))
    assert rates == {ids[k]: k / 4 for k in range(5)}
    lsu = next(c for c in correlation if c.metric == "lsu")
    assert (lsu.condition, lsu.n, lsu.rho, lsu.ci) == ("all-play-all", 5, 1.0, [1.0, 1.0])
    assert next(c for c in correlation if c.metric == "rp").note == "n too small"
