"""Blind answerers (longest option, options-only prior, keyword lookup) and the blind ceiling they set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.agents.registry import make_agent
from arena.cli import app
from arena.coe.blind import LongestAnswerer, LookupAnswerer, OptionPrior, PriorAnswerer, TextIndex, window_score
from arena.coe.ceiling import above_blind, blind_ceilings, blind_for
from arena.coe.qa_run import QaConfig, make_item
from arena.coe.report import CoeRow
from arena.entries import Entry, qa_entries, resolve_entry
from arena.errors import ConfigError
from arena.scripts.schema import Question, Script, Suite
from tests.conftest import FIXTURE_CASE

runner = CliRunner()


def builtin(name: str) -> Entry:
    return Entry(name=name, model=name, source="builtin")


def with_questions(script: Script, questions: list[Question], case_id: str | None = None,
                   fern_script: str | None = None) -> Script:
    roles = [r.model_copy(update={"script": fern_script}) if fern_script and r.id == "fern" else r
             for r in script.roles]
    return script.model_copy(update={"questions": questions, "id": case_id or script.id, "roles": roles})


def lsu(qid: str, stem: str, options: dict[str, str], answer: str) -> Question:
    return Question(id=qid, suite=Suite.LSU, role="fern", stem=stem, options=options, answer=list(answer),
                    evidence=["fern"])


def chosen(answerer, script: Script, question: Question, seed: int = 0) -> list[str]:  # noqa: ANN001
    item = make_item(script, question, QaConfig(seed=seed), None)
    letters = answerer.choose(item)
    return sorted(item.shuffled.to_original[letter] for letter in letters)


def test_blind_rows_answer_qa_only_and_resolve_by_name() -> None:
    for name in ("builtin/longest", "builtin/prior", "builtin/lookup"):
        assert resolve_entry(name, [], qa_entries()).model == name
        with pytest.raises(ConfigError, match="unknown built-in agent"):
            make_agent(name, "fern", 0)


def test_longest_picks_the_longest_option_whatever_the_shuffle(mini: Script) -> None:
    question = lsu("q1", "What did Fern hear?", {"A": "Music", "B": "Raised voices from the greenhouse door",
                                                   "C": "A shot", "D": "Nothing"}, "B")
    case = with_questions(mini, [question])
    answerer = LongestAnswerer(builtin("builtin/longest"))
    assert {tuple(chosen(answerer, case, question, seed)) for seed in range(6)} == {("B",)}


def test_lookup_finds_a_key_that_copies_its_sentence_and_not_one_that_is_paraphrased(mini: Script) -> None:
    text = ("At half past nine you stood by the potting bench and heard raised voices in the greenhouse. "
            + "Later the lamp went out. " * 30
            + "Music played in the house; a shot was fired in a film on the wireless; the hall was silent.")
    copied = lsu("q1", "What did you hear at the potting bench at half past nine?",
                 {"A": "music", "B": "raised voices", "C": "a shot", "D": "silent"}, "B")
    case = with_questions(mini, [copied], fern_script=text)
    assert chosen(LookupAnswerer(builtin("builtin/lookup")), case, copied) == ["B"]
    index = TextIndex(text)
    assert window_score(index, {"voices"}, {"potting", "bench"}) > window_score(index, {"music"}, {"potting", "bench"})
    paraphrased = lsu("q2", "Which sound reached the gardener while she worked among the seedlings?",
                      {"A": "music", "B": "raised voices", "C": "a shot", "D": "silent"}, "B")
    case = with_questions(mini, [paraphrased], fern_script=text)
    picks = {tuple(chosen(LookupAnswerer(builtin("builtin/lookup")), case, paraphrased, s)) for s in range(12)}
    assert len(picks) > 1  # nothing to go on: it guesses among the options it finds


def test_the_prior_learns_from_other_cases_only(mini: Script) -> None:
    def doorways(qid: str, answer: str) -> Question:
        return Question(id=qid, suite=Suite.MIU, stem="How many doorways?", evidence=["c_clock"],
                        options={"A": "0 doorways", "B": "1 doorway", "C": "2 doorways", "D": "3 doorways"},
                        answer=[answer])

    others = [with_questions(mini, [doorways(f"q{i}", "BCD"[i % 3])], case_id=f"other-{i}") for i in range(6)]
    target = with_questions(mini, [doorways("q0", "A")], case_id="target")
    prior = OptionPrior([*others, target])
    assert prior.score(Suite.MIU, "0 doorways", "target") < prior.score(Suite.MIU, "2 doorways", "target")
    # the target's own key does not count towards its own prior (leave one case out)
    assert prior.score(Suite.MIU, "0 doorways", "target") == OptionPrior(others).score(Suite.MIU, "0 doorways", "x")
    answerer = PriorAnswerer(builtin("builtin/prior"), corpus=lambda: [*others, target])
    assert all(chosen(answerer, target, target.questions[0], s) != ["A"] for s in range(8))


def row(entry: str, ablation: str = "none", **scores: float) -> CoeRow:
    values = {k: v for k, v in scores.items()}
    counts = {f"n_{k}": 40 for k in scores}
    ci = {k: [v - 10.0, v + 10.0] for k, v in scores.items()}
    return CoeRow(entry=f"{entry}@0123456789", name=entry, mode="direct", ablation=ablation, ci=ci,
                  **values, **counts)


def test_the_ceiling_takes_only_rows_blind_for_each_suite() -> None:
    rows = [row("builtin/longest", lsu=40.0, tiu=30.0, miu=28.0, mmr=35.0),
            row("builtin/lookup", lsu=70.0, tiu=20.0, miu=25.0, mmr=30.0),
            row("builtin/ocr", lsu=55.0, tiu=80.0, miu=33.0, mmr=31.0),
            row("openai/gpt-4o", ablation="no-images", lsu=90.0, tiu=45.0, miu=26.0, mmr=50.0),
            row("openai/gpt-4o", lsu=90.0, tiu=85.0, miu=75.0, mmr=52.0)]
    assert blind_for(rows[2]) == ("miu", "mmr") and blind_for(rows[3]) == ("tiu", "miu", "mmr")
    assert blind_for(rows[4]) == ()
    ceilings = blind_ceilings(rows)
    assert {s: (c.name, c.accuracy) for s, c in ceilings.items()} == {
        "lsu": ("builtin/lookup", 70.0), "tiu": ("openai/gpt-4o", 45.0), "miu": ("builtin/ocr", 33.0),
        "mmr": ("openai/gpt-4o", 50.0)}
    margins = above_blind(rows[4], ceilings)
    assert margins["lsu"].points == 20.0 and margins["lsu"].separated is False  # 80..100 vs 60..80: touching
    assert margins["miu"].points == 42.0 and margins["miu"].separated is True
    assert margins["mmr"].points == 2.0 and margins["mmr"].separated is False


def test_the_report_carries_the_ceiling_in_json_and_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_SCRIPTS", str(FIXTURE_CASE.parent))
    db = str(tmp_path / "a.duckdb")
    for entry in ("builtin/longest", "builtin/lookup", "builtin/naive"):
        result = runner.invoke(app, ["qa", "--entry", entry, "--scripts", str(FIXTURE_CASE), "--db", db, "--json"])
        assert result.exit_code == 0, result.output
    report = json.loads(runner.invoke(app, ["coe", "report", "--db", db, "--json"]).stdout)
    assert set(report["blind_ceiling"]) == {"lsu", "tiu", "miu", "mmr"}
    naive = next(r for r in report["rows"] if r["name"] == "builtin/naive")
    for suite, ceiling in report["blind_ceiling"].items():
        assert ceiling["name"] in ("builtin/longest", "builtin/lookup")
        assert naive["above_blind"][suite]["points"] == pytest.approx(naive[suite] - ceiling["accuracy"], abs=0.05)
    text = runner.invoke(app, ["coe", "report", "--db", db]).stdout
    assert "Above the blind ceiling" in text and "blind ceiling" in text
