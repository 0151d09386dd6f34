"""`arena qa --entry human/<name>`: a person answers on stdin; the answers are graded, timed and stored as
`human/<name>`; a rerun resumes the run; a refused answer is asked again; model-only options are errors."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
from typer.testing import CliRunner

from arena.cli import app
from arena.coe.human_qa import HumanRun, HumanSample
from arena.coe.qa_run import make_item
from arena.errors import ConfigError
from arena.scripts.loader import load_script
from arena.store.sessions import human_entry
from tests.conftest import FIXTURE_CASE

runner = CliRunner()


def base(db: Path) -> list[str]:
    return ["qa", "--entry", "human/Ada", "--scripts", str(FIXTURE_CASE), "--db", str(db), "--seed", "5",
            "--sample", "4", "--json"]


def letters_for(run: HumanRun, index: int, right: bool) -> list[str]:
    script, question = run.items[index]
    item = make_item(script, question, run.sample.config, None)
    good = sorted(item.shuffled.answer)
    return good if right else sorted(set(item.shuffled.options) - set(good))[: len(good)]


def test_a_person_answers_on_stdin_and_a_rerun_resumes(tmp_path: Path) -> None:
    db = tmp_path / "qa.duckdb"
    run = HumanRun(db, human_entry("Ada"), [load_script(FIXTURE_CASE)], HumanSample(seed=5, size=4))
    first, second = letters_for(run, 0, right=True), letters_for(run, 1, right=False)
    typed = f"{first[0].lower()}\n\nZ\n{''.join(second)}\nq\n"  # lower case; blank and Z are refused, asked again
    result = runner.invoke(app, base(db), input=typed)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert (summary["run_id"], summary["entry"]) == (run.run_id, "human/Ada")
    assert (summary["asked"], summary["skipped"]) == (2, 0)
    assert summary["overall"]["n"] == 2 and summary["overall"]["correct"] == 1
    assert "item 1 of 4" in result.stderr and "not recorded: give" in result.stderr
    script, question = run.items[0]
    assert f"Question: {question.stem}" in result.stderr
    with duckdb.connect(str(db), read_only=True) as conn:
        rows = conn.execute("SELECT question_id, entry_id, correct, latency_ms, mode FROM qa_answers "
                            "ORDER BY created_at").fetchall()
        entry = conn.execute("SELECT provider FROM entries WHERE entry_id = 'human/Ada'").fetchone()
    assert [(r[0], r[1], r[2], r[4]) for r in rows] == [(run.items[0][1].id, "human/Ada", True, "direct"),
                                                        (run.items[1][1].id, "human/Ada", False, "direct")]
    assert all(r[3] is not None and r[3] >= 0 for r in rows) and entry == ("human",)
    rest = "\n".join(",".join(letters_for(run, i, right=True)) for i in (2, 3)) + "\n"
    again = runner.invoke(app, base(db), input=rest)
    assert again.exit_code == 0, again.output
    resumed = json.loads(again.stdout)
    assert (resumed["run_id"], resumed["asked"], resumed["skipped"]) == (run.run_id, 2, 2)
    assert resumed["overall"] == {**resumed["overall"], "n": 4, "correct": 3}
    assert "item 3 of 4" in again.stderr and "item 1 of 4" not in again.stderr


def test_the_terminal_prints_texts_and_image_paths(tmp_path: Path) -> None:
    result = runner.invoke(app, ["qa", "--entry", "human/Ada", "--scripts", str(FIXTURE_CASE), "--suite", "miu",
                                 "--db", str(tmp_path / "qa.duckdb")], input="q\n")
    assert result.exit_code == 0, result.output
    assert str(FIXTURE_CASE / "images" / "clock.png") in result.stdout and "By suite" in result.stdout


def test_model_only_options_are_refused_for_a_person(tmp_path: Path) -> None:
    for extra in (["--mode", "cot"], ["--ablation", "no-images"], ["--batch"], ["-M", "temperature=1"]):
        result = runner.invoke(app, base(tmp_path / "e.duckdb") + extra, input="q\n")
        assert isinstance(result.exception, ConfigError) and extra[0] in str(result.exception)
    result = runner.invoke(app, ["qa", "--entry", "builtin/random", "--sample", "3", "--db",
                                 str(tmp_path / "e.duckdb")])
    assert isinstance(result.exception, ConfigError) and "--sample" in str(result.exception)
