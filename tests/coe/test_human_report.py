"""People's answers in the report: accuracy per suite with n, and the items where people disagree with the key
(a strict majority of the people who answered chose something else), with two people, through the
application code (`HumanRun.answer`) and `arena coe report` (text and JSON)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from typer.testing import CliRunner

from arena.cli import app
from arena.coe.answerers import make_answerer
from arena.coe.human_qa import HumanRun, HumanSample
from arena.coe.human_report import ALL_PEOPLE, disputed_items, people_accuracy
from arena.coe.qa_run import QaConfig, make_item, run_qa
from arena.entries import builtin_entry
from arena.scripts.loader import load_script
from arena.scripts.schema import Script
from arena.store import Reader, Store
from tests.conftest import FIXTURE_CASE

runner = CliRunner()
# question -> (Ada right?, Bea right? or None when Bea did not answer it)
PLAN: dict[str, tuple[bool, bool | None]] = {
    "q_lsu1": (False, False),  # both disagree with the key: disputed, 2 of 2
    "q_tiu1": (True, False),  # one of two: no majority, not disputed
    "q_miu1": (False, None),  # the only person who answered disagrees: disputed, 1 of 1
    "q_mmr1": (True, True),  # both agree with the key
    "q_mmr2": (False, True),  # a multi-select item, one of two: not disputed
}


def answer(run: HumanRun, question_id: str, right: bool) -> str:
    """Record the person's answer to one item (right or wrong); the letters chosen, in the case's own letters."""
    script, question = next((s, q) for s, q in run.items if q.id == question_id)
    item = make_item(script, question, run.sample.config, None)
    good = sorted(item.shuffled.answer)
    letters = good if right else sorted(set(item.shuffled.options) - set(good))[: len(good)]
    assert run.answer(item, ",".join(letters), latency_ms=1500.0) is not None
    return ",".join(sorted(item.shuffled.to_original[x] for x in letters))


def fill(db: Path, script: Script) -> dict[str, list[str]]:
    """Ada answers every item, Bea all but one; a model row answers too (never counted among people)."""
    chosen: dict[str, list[str]] = {}
    ada = HumanRun.begin(db, "Ada", [script], HumanSample(seed=1, size=5))
    bea = HumanRun.begin(db, "Bea", [script], HumanSample(seed=2, size=5))
    for question_id, (ada_right, bea_right) in PLAN.items():
        chosen[question_id] = [answer(ada, question_id, ada_right)]
        if bea_right is not None:
            chosen[question_id].append(answer(bea, question_id, bea_right))
    entry = builtin_entry("builtin/random")
    asyncio.run(run_qa(Store(db), entry, make_answerer(entry), [script], QaConfig(seed=1)))
    return chosen


def test_items_where_most_people_disagree_with_the_key_are_listed(tmp_path: Path) -> None:
    db, script = tmp_path / "qa.duckdb", load_script(FIXTURE_CASE)
    chosen = fill(db, script)
    with Reader(db).snapshot() as conn:
        assert conn is not None
        disputes = disputed_items(conn, {script.id: script}.get)
        people = people_accuracy(conn)
    assert [d.question_id for d in disputes] == ["q_lsu1", "q_miu1"]  # 2 of 2 first, then 1 of 1
    lsu, miu = disputes
    assert (lsu.people, lsu.disagree, miu.people, miu.disagree) == (2, 2, 1, 1)
    questions = {q.id: q for q in script.questions}
    for d in disputes:
        assert d.key == ",".join(questions[d.question_id].answer) and d.stem == questions[d.question_id].stem
        assert sum(d.choices.values()) == d.people and set(d.choices) == set(chosen[d.question_id])
    assert [p.entry for p in people] == ["human/Ada", "human/Bea", ALL_PEOPLE]
    ada, bea, pooled = people
    assert {s: c["n"] for s, c in ada.suites.items()} == {"lsu": 1, "tiu": 1, "miu": 1, "mmr": 2}
    assert bea.suites["mmr"] == {**bea.suites["mmr"], "n": 2, "correct": 2} and "miu" not in bea.suites
    assert pooled.people == 2 and pooled.suites["tiu"]["n"] == 2 and pooled.suites["tiu"]["correct"] == 1


def test_the_report_shows_people_and_disputed_items(tmp_path: Path) -> None:
    db, script = tmp_path / "qa.duckdb", load_script(FIXTURE_CASE)
    fill(db, script)
    args = ["coe", "report", "--db", str(db), "--scripts-dir", str(FIXTURE_CASE.parent)]
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert [(d["question_id"], d["disagree"], d["people"]) for d in data["disputed"]] == [("q_lsu1", 2, 2),
                                                                                          ("q_miu1", 1, 1)]
    assert data["disputed"][0]["key"] == "B" and data["disputed"][0]["stem"].startswith("What did Fern hear")
    assert [p["entry"] for p in data["people"]] == ["human/Ada", "human/Bea", ALL_PEOPLE]
    rows = {r["entry"]: r for r in data["rows"]}  # people are rows of the report like any entry, with n
    assert rows["human/Ada"]["n_mmr"] == 2 and rows["human/Ada"]["mmr"] == 50.0 and rows["human/Bea"]["n_miu"] == 0
    text = runner.invoke(app, args)
    assert text.exit_code == 0, text.output
    assert "Items where people disagree with the key" in text.stdout and "q_lsu1" in text.stdout
    assert "People (human/<name>)" in text.stdout and "human/Bea" in text.stdout
