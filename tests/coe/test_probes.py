"""Post-game probes: the probe set of a case and the WellPlay / ThinkThrice scores, with known answers."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.coe.probes import ProbeAnswer, probe_questions, thinkthrice, wellplay
from arena.scripts.loader import load_script
from arena.scripts.schema import Question, QuestionCategory, Suite
from tests.conftest import FIXTURE_CASE

STAGED = Path(__file__).resolve().parents[1] / "fixtures" / "staged_case"
runner = CliRunner()


def q(qid: str, category: str, weight: float = 1.0, from_role: str | None = None,
      evidence: list[str] | None = None) -> Question:
    return Question(id=qid, suite=Suite.MMR, depth=1, stem="?", options={"A": "a", "B": "b"}, answer="A",
                    evidence=evidence or ["x"], weight=weight, category=QuestionCategory(category), from_role=from_role)


def test_our_own_case_gets_probes_from_its_facts() -> None:
    script = load_script(FIXTURE_CASE)
    probes = {p.id: p for p in probe_questions(script)}
    who = probes["probe_who_case"]
    assert who.stem == "Who killed Professor Ivy Moss?" and who.weight == 10
    assert [who.options[a] for a in who.answer] == ["Rowan Ashe"]
    assert probes["q_lsu1"].category is QuestionCategory.FACTUAL and probes["q_lsu1"].from_role == "fern"
    assert {probes["q_mmr1"].category, probes["q_mmr2"].category} == {QuestionCategory.INFERENTIAL}
    assert "q_tiu1" not in probes


def test_a_two_victim_case_keeps_its_own_categorised_questions() -> None:
    probes = probe_questions(load_script(STAGED))
    assert [p.id for p in probes] == ["q_who_tom", "q_who_nell", "q_shout", "q_debt"]


def test_wellplay_weighted_score_and_spread_per_category() -> None:
    questions = [q("w", "who_killed", 10), q("r", "reasoning", 5), q("l", "relations", 2)]
    answers = [ProbeAnswer("ann", "w", True), ProbeAnswer("ann", "r", False), ProbeAnswer("ann", "l", True),
               ProbeAnswer("bob", "w", False), ProbeAnswer("bob", "r", False), ProbeAnswer("bob", "l", True)]
    scores = wellplay(questions, answers)
    assert scores["weighted"] == {"ann": pytest.approx(100 * 12 / 17), "bob": pytest.approx(100 * 2 / 17)}
    assert scores["categories"]["who_killed"] == {"accuracy": 50.0, "spread": 50.0, "n": 1}
    assert scores["categories"]["relations"] == {"accuracy": 100.0, "spread": 0.0, "n": 1}


def test_thinkthrice_splits_facts_by_whose_script_and_counts_informed_inferences() -> None:
    script = load_script(FIXTURE_CASE)  # culprit rowan; civilians fern, basil
    questions = [q("own", "factual", from_role="fern"), q("oth", "factual", from_role="basil"),
                 q("mur", "factual", from_role="rowan"), q("inf1", "inferential", evidence=["c_clock"]),
                 q("inf2", "inferential", evidence=["s3"])]  # s3 rests on s2 (fern, basil), s1 (c_clock), c_note
    answers = [ProbeAnswer("fern", "own", True), ProbeAnswer("fern", "oth", False), ProbeAnswer("fern", "mur", True),
               ProbeAnswer("fern", "inf1", True), ProbeAnswer("fern", "inf2", False)]
    known = {"fern": {"fern", "c_clock", "c_voices"}}
    scores = thinkthrice(script, questions, answers, {"rowan"}, known)
    assert scores == {"factual own": 100.0, "factual other civilians'": 0.0, "factual murderer's": 100.0,
                      "inferential": 50.0, "inferential informed": 100.0}


def test_play_with_probes_stores_a_score_per_role_and_condition(tmp_path: Path) -> None:
    db = str(tmp_path / "a.duckdb")
    result = runner.invoke(app, ["play", "--script", str(STAGED), "--civilians", "builtin/naive", "--murderer",
                                 "builtin/random", "--rounds", "1", "--seed", "3", "--probes", "--json",
                                 "--out", str(tmp_path / "g.jsonl"), "--db", db])
    assert result.exit_code == 0, result.output
    probes = json.loads(result.output.strip().splitlines()[-1])["probes"]
    assert set(probes) == {"game", "own-script", "oracle"}
    assert 0 <= probes["game"]["civilians"]["weighted"] <= 100
    assert set(probes["oracle"]["civilians"]["categories"]) == {"who_killed", "factual", "reasoning"}
    with duckdb.connect(db, read_only=True) as conn:
        rows = conn.execute("SELECT metric, count(*) FROM metric_scores GROUP BY metric ORDER BY metric").fetchall()
    assert rows == [("probe_game", 3), ("probe_oracle", 3), ("probe_own-script", 3)]  # three roles


def test_a_tournament_with_probes_stores_them_for_every_finished_game(tmp_path: Path) -> None:
    db = str(tmp_path / "t.duckdb")
    result = runner.invoke(app, ["tournament", "--entries", "builtin/naive,builtin/random", "--scripts", str(STAGED),
                                 "--rounds", "1", "--probes", "--db", db, "--json"])
    assert result.exit_code == 0, result.output
    with duckdb.connect(db, read_only=True) as conn:
        per_game = conn.execute("SELECT game_id, count(*) FROM metric_scores WHERE judge = 'rule/probes-v1' "
                                "GROUP BY game_id").fetchall()
        games = conn.execute("SELECT count(*) FROM games WHERE status = 'finished'").fetchone()
    assert games is not None and len(per_game) == games[0] == 2
    assert {n for _, n in per_game} == {9}  # three roles x three conditions
