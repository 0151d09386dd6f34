"""The Table-3 report: latest answer per question, ablations apart, LLM scores preferred, failed
judgements (NULL) left out, avg."""

from __future__ import annotations

from datetime import datetime, timedelta

import duckdb

from arena.coe.report import coe_report, mmr_by_depth
from leaderboard.store import EntryRecord, MetricScoreRecord, QaAnswerRecord, QaRunRecord, Store

T0 = datetime(2025, 1, 1)


def answer(qid: str, suite: str, correct: bool, minute: int = 0, **extra: object) -> QaAnswerRecord:
    fields = {"run_id": "r1", "entry_id": "m@1", "script_id": "case", "question_id": qid, "suite": suite,
              "correct": correct, "created_at": T0 + timedelta(minutes=minute), **extra}
    return QaAnswerRecord(**fields)  # type: ignore[arg-type]


def score(metric: str, value: float, label: str = "offline", game: str = "g1", role: str | None = None,
          minute: int = 0) -> MetricScoreRecord:
    return MetricScoreRecord(game_id=game, entry_id="m@1", metric=metric, value=value, judge=f"{label}-judge",
                             judge_label=label, role=role, created_at=T0 + timedelta(minutes=minute))  # type: ignore[arg-type]


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
        score("rp", None, "llm", role="basil"), score("spc", 50.0), score("itd", 100.0),
        score("cmd", 30.0, game="g1", role="fern"), score("cmd", 70.0, game="g2", role="fern"),
    ])
    with duckdb.connect(str(store.path), read_only=True) as conn:
        rows = coe_report(conn)
        depths = mmr_by_depth(conn)
    main, ablated = rows
    assert (main.name, main.mode, main.ablation) == ("Model M", "cot", "none")
    assert (main.lsu, main.n_lsu, main.tiu, main.mmr, main.n_mmr) == (50.0, 2, 100.0, 50.0, 2)
    assert main.rp == 4.0 and main.n_rp == 1 and main.judges["rp"] == "llm", "LLM preferred, failures out"
    assert (main.spc, main.itd, main.cmd, main.n_cmd) == (50.0, 100.0, 50.0, 2)
    assert main.avg == round((50 + 100 + 40 + 50 + 100 + 50 + 50) / 7, 1) and main.n_metrics == 7
    assert main.judge_label == "llm+offline" and main.miu is None
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
