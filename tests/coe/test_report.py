"""The Table-3 report: latest answer per question, ablations apart, LLM-judged columns only (offline scores
apart), failed judgements (NULL) left out with their reasons, conditions (table3 vs all-play-all), avg."""

from __future__ import annotations

from datetime import datetime, timedelta

import duckdb

from arena.coe.report import coe_report, mmr_by_depth
from arena.coe.scoring import ITD_RULE
from arena.store import (
    EntryRecord,
    GameRecord,
    MetricScoreRecord,
    QaAnswerRecord,
    QaRunRecord,
    Store,
    TournamentRecord,
)

T0 = datetime(2025, 1, 1)


def answer(qid: str, suite: str, correct: bool, minute: int = 0, **extra: object) -> QaAnswerRecord:
    fields = {"run_id": "r1", "entry_id": "m@1", "script_id": "case", "question_id": qid, "suite": suite,
              "correct": correct, "created_at": T0 + timedelta(minutes=minute), **extra}
    return QaAnswerRecord(**fields)  # type: ignore[arg-type]


def score(metric: str, value: float | None, label: str = "offline", game: str = "g1", role: str | None = None,
          minute: int = 0, judge: str | None = None, status: str = "ok") -> MetricScoreRecord:
    name = judge or (ITD_RULE if metric == "itd" else f"{label}-judge")
    return MetricScoreRecord(game_id=game, entry_id="m@1", metric=metric, value=value, judge=name, judge_label=label,
                             role=role, details={"status": status},
                             created_at=T0 + timedelta(minutes=minute))  # type: ignore[arg-type]


def test_known_answer_report(tmp_path) -> None:  # noqa: ANN001
    store = Store(tmp_path / "a.duckdb")
    store.upsert_entry(EntryRecord(name="Model M", provider="mock", model="m", entry_id="m@1",
                                   settings={"strategy": "cot"}))
    store.record_qa_run(QaRunRecord(run_id="r1", entry_id="m@1", config={"entry_name": "ignored"}))
    store.record_qa_answers([
        answer("l1", "lsu", False, 0, mode="cot"), answer("l1", "lsu", True, 5, mode="cot"),  # rerun: latest counts
        answer("l2", "lsu", False, 0, mode="cot"), answer("t1", "tiu", True, 0, mode="cot"),
        answer("m1", "mmr", True, 0, mode="cot", depth=1), answer("m2", "mmr", False, 0, mode="cot", depth=2),
        answer("t1", "tiu", False, 0, mode="cot", ablation="ocr-text"),
    ])
    store.record_metric_scores([
        score("rp", 6.0, role="fern"), score("rp", 8.0, role="basil"), score("rp", 4.0, "llm", role="fern"),
        score("rp", None, "llm", role="basil", status="parse_error"), score("spc", 50.0), score("itd", 100.0),
        score("cmd", 30.0, game="g1", role="fern"), score("cmd", 70.0, game="g2", role="fern"),
    ])
    with duckdb.connect(str(store.path), read_only=True) as conn:
        rows = coe_report(conn)
        depths = mmr_by_depth(conn)
    main, ablated = rows
    assert (main.name, main.mode, main.ablation) == ("Model M", "cot", "none")
    assert (main.lsu, main.n_lsu, main.tiu, main.mmr, main.n_mmr) == (50.0, 2, 100.0, 50.0, 2)
    assert main.condition == "all-play-all" and main.opponent is None
    assert main.rp == 4.0 and main.n_rp == 1 and main.judges == {"rp": "llm"}, "LLM only, failures out"
    assert main.judge_ids == {"rp": ["llm-judge"]} and main.null_reasons == {"rp": {"parse_error": 1}}
    assert (main.spc, main.itd, main.cmd, main.n_cmd) == (None, 100.0, None, 0), "offline scores are not columns"
    assert main.offline == {"rp": 7.0, "n_rp": 2, "spc": 50.0, "n_spc": 1, "cmd": 50.0, "n_cmd": 2}
    assert main.avg == round((50 + 100 + 40 + 100 + 50) / 5, 1) and main.n_metrics == 5, "offline never averaged"
    assert main.conditions == {"lsu": "qa", "tiu": "qa", "rp": "all-play-all", "itd": "all-play-all", "mmr": "qa"}
    assert main.judge_label == "llm" and main.miu is None
    assert main.ci["lsu"][0] < 50.0 < main.ci["lsu"][1]
    assert (ablated.mode, ablated.ablation, ablated.tiu, ablated.rp) == ("cot+ocr-text", "ocr-text", 0.0, None)
    assert [(d.depth, d.accuracy) for d in depths if d.ablation == "none"] == [(1, 100.0), (2, 0.0)]


def test_names_fall_back_to_the_qa_run_and_empty_databases_are_empty(tmp_path) -> None:  # noqa: ANN001
    store = Store(tmp_path / "b.duckdb")
    with duckdb.connect(str(store.path), read_only=True) as conn:
        assert coe_report(conn) == [] and mmr_by_depth(conn) == []
    store.record_qa_run(QaRunRecord(run_id="r1", entry_id="m@1", config={"entry_name": "from-run"}))
    store.record_qa_answers([answer("l1", "lsu", True)])
    with duckdb.connect(str(store.path), read_only=True) as conn:
        (row,) = coe_report(conn)
    assert row.name == "from-run" and row.mode == "direct" and row.lsu == 100.0 and row.avg == 100.0
    empty = duckdb.connect(str(tmp_path / "none.duckdb"))
    assert coe_report(empty) == []


def test_table3_games_are_their_own_condition(tmp_path) -> None:  # noqa: ANN001
    """Scores of games from a `table3` tournament form the table3 row; other games stay all-play-all."""
    store = Store(tmp_path / "c.duckdb")
    for entry_id in ("m@1", "naive@1", "other@1"):
        store.upsert_entry(EntryRecord(name=entry_id.split("@")[0], provider="mock", model=entry_id, entry_id=entry_id))
    store.record_tournament(TournamentRecord(tournament_id="t3", config={"kind": "table3"}))
    store.record_tournament(TournamentRecord(tournament_id="apa", config={"kind": "all-play-all"}))
    for gid, tid, murderer in (("g1", "t3", "naive@1"), ("g2", "t3", "naive@1"), ("g3", "apa", "other@1")):
        store.record_game(GameRecord(game_id=gid, tournament_id=tid, script_id="case", script_hash="h", seed=0,
                                     civilians_entry="m@1", murderer_entry=murderer, status="finished",
                                     winner="civilians"), [])
    store.record_metric_scores([
        score("itd", 50.0, game="g1"), score("itd", 100.0, game="g2"), score("itd", 0.0, game="g3"),
        score("rp", 8.0, "llm", game="g1", role="fern"), score("rp", 2.0, "llm", game="g3", role="fern"),
        score("cmd", None, "llm", game="g2", role="fern", status="no_truth"),
    ])
    with duckdb.connect(str(store.path), read_only=True) as conn:
        table3, apa = coe_report(conn)
    assert (table3.condition, table3.opponent, table3.opponent_id) == ("table3", "naive", "naive@1")
    assert (table3.itd, table3.n_itd, table3.rp, table3.n_games) == (75.0, 2, 8.0, 2)
    assert table3.cmd is None and table3.null_reasons == {"cmd": {"no_truth": 1}}
    assert (apa.condition, apa.itd, apa.rp, apa.n_games) == ("all-play-all", 0.0, 2.0, 1)
