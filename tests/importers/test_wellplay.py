"""WellPlay (PLAYER*) import: counts against the raw CSVs (shared/external, skipped when absent),
weights, exact multi-select grading, and several culprits (synthetic case)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from arena.coe.mcq import grade, shuffle_options
from arena.importers import wellplay
from arena.importers.writer import write_case
from arena.scripts.loader import load_script
from tests.conftest import SHARED

ROOT = SHARED / "external" / "player"
needs_external = pytest.mark.skipif(not ROOT.is_dir(), reason="shared/external/player is not on this machine")


def rows(file: Path) -> list[dict[str, str]]:
    with file.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


@needs_external
def test_counts_weights_and_skips_match_the_raw_files(tmp_path: Path) -> None:
    (folder,) = wellplay.discover(ROOT)
    info = json.loads((folder / "json" / "script_info.json").read_text(encoding="utf-8"))
    role_rows = [(name, r) for name in info["character_name"] for r in rows(folder / "final_result" / f"{name}.csv")]
    one_letter_multi = [r for _, r in role_rows if r["type"] == "b" and len(r["truth"].strip()) == 1]
    aggregate = rows(folder / "final_result" / "FSA.csv")
    report = write_case(wellplay.import_case(folder, ROOT), tmp_path)
    assert report.ok, report.problems
    script = load_script(report.path)
    assert [r.name for r in script.roles] == info["character_name"]
    assert len(script.questions) == len(role_rows) - len(one_letter_multi)
    assert report.questions["lsu"] == sum(1 for _, r in role_rows if r["value"] == "c")
    weights = {"a": 10, "b": 5, "c": 2}
    expected_points = sum(weights[r["value"]] for _, r in role_rows if r not in one_letter_multi)
    assert sum(q.weight for q in script.questions) == expected_points
    reasons = [s.reason for s in report.skipped]
    assert sum("one-letter key" in r and "PLAYER's grader" in r for r in reasons) == len(one_letter_multi)
    assert sum(r.startswith("duplicate of") for r in reasons) == len(aggregate)  # FSA.csv repeats the role files
    murderers = [n for n in info["character_name"]
                 if json.loads((folder / "json" / f"{n}.json").read_text(encoding="utf-8"))["is_murderer"] == 1]
    assert [r.name for r in script.roles if r.culprit] == murderers
    assert script.victim == "Liu Qi" and script.truth.method == "Killed with a gun"


def write_synthetic_case(root: Path) -> Path:
    """A small WellPlay-shaped case written by the test: three roles, two of them murderers."""
    folder = root / "Lighthouse (3 people)"
    (folder / "json").mkdir(parents=True)
    (folder / "final_result").mkdir()
    names = ["Keeper Ames", "Cook Bell", "Clerk Dunn"]
    (folder / "json" / "script_info.json").write_text(json.dumps(
        {"agent_num": 3, "script_name": "Lighthouse", "character_name": names}), encoding="utf-8")
    for name, murderer in zip(names, (1, 1, 0), strict=True):
        role = {"script": [f"{name}\nYou work at the lighthouse. You saw the lamp go out at nine."],
                "acts_goal": ["1. Find the killer. 2. Do not lie."], "victims": ["Old Tom"],
                "kill_by_me": [murderer], "is_murderer": murderer, "final_goal": "", "secrets": ""}
        (folder / "json" / f"{name}.json").write_text(json.dumps(role), encoding="utf-8")
    header = "value,type,question,a,b,c,d,e,truth\n"
    (folder / "final_result" / "Clerk Dunn.csv").write_text(
        header
        + "a,b,Who killed Old Tom? Select all.,Keeper Ames,Cook Bell,Clerk Dunn,Nobody,,ab\n"
        + "b,a,How did Old Tom die?,Poison,Fall,Knife,,,b\n"
        + "c,a,What is Clerk Dunn to Old Tom?,Nephew,Stranger,,,,a\n"
        + "b,a,Broken row,Poison,,Knife,,,a\n", encoding="utf-8")
    return folder


def test_several_culprits_and_exact_multi_select(tmp_path: Path) -> None:
    folder = write_synthetic_case(tmp_path / "src")
    report = write_case(wellplay.import_case(folder, tmp_path / "src"), tmp_path / "out")
    assert report.ok, report.problems
    script = load_script(report.path)
    assert script.culprits == ["keeper_ames", "cook_bell"]
    assert script.metadata["kill_by_me"] == {"keeper_ames": ["Old Tom"], "cook_bell": ["Old Tom"]}
    assert script.role("clerk_dunn").goals == ["Find the killer.", "Do not lie."]
    who = next(q for q in script.questions if q.stem.startswith("Who killed"))
    assert who.multi and who.answer == ["A", "B"] and who.weight == 10 and who.suite.value == "mmr"
    shown = shuffle_options(who, None)
    assert grade(frozenset({"A", "B"}), shown)
    assert not grade(frozenset({"A", "B", "C", "D"}), shown)  # PLAYER's containment check would credit this
    assert not grade(frozenset({"A"}), shown)
    relation = next(q for q in script.questions if q.stem.startswith("What is"))
    assert relation.suite.value == "lsu" and relation.role == "clerk_dunn" and relation.weight == 2
    assert [s.item for s in report.skipped] == ["final_result/Clerk Dunn.csv row 4"]
    assert "not contiguous" in report.skipped[0].reason
    assert script.truth.method == "Fall"


def test_weighted_score(tmp_path: Path) -> None:
    questions = wellplay.import_case(write_synthetic_case(tmp_path), tmp_path).script.questions
    right = {q.id for q in questions if q.weight == 10}
    assert wellplay.weighted_score(questions, right) == pytest.approx(10 / sum(q.weight for q in questions))
    assert wellplay.weighted_score([], set()) == 0.0


def test_docs_say_why_multi_select_is_graded_exactly() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "importers.md").read_text(encoding="utf-8")
    assert "over-credit" in docs and "exact set" in docs
