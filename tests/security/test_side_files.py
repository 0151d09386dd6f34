"""Case side files under the same rules as the rest: evidence.yaml, cards.yaml, facts.yaml and script.yaml.

Each attack turns one side file of a copy of the fixture case hostile: bytes that are not UTF-8, YAML
nested too deep to read, an alias bomb, the wrong types, a list where a mapping belongs, a symbolic
link out of the case folder (to a file carrying a secret), a FIFO (a read that never ends), a file over the cap.
Each must end as one problem naming the file and the fix, never a traceback: in `arena scripts
validate`, `arena play`, and in `arena tournament`, `arena qa` and `arena coe table3`, which skip the
broken case with its problems and go on with the others.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.coe.cases import CaseIndex
from arena.engine.rules import script_hash
from arena.errors import ScriptError
from arena.generator.check import check_folder
from arena.scripts.loader import load_script
from arena.scripts.problems import Problem
from tests.conftest import FIXTURE_CASE
from tests.scripts.attacks import SECRET, alias_bomb

runner = CliRunner()
VALID_EVIDENCE = """version: 1
suspects: [rowan, fern, basil]
facts:
  - {id: f_clock, says: The clock shows when it happened., source: {image: images/clock.png}, modality: media,
     excludes: [fern]}
  - {id: f_alibi, says: Basil was in the study., source: {role: fern}, modality: text, excludes: [basil]}
"""
WRONG_TYPES = {"evidence.yaml": "version: 1\nsuspects: 5\nfacts: []\n", "cards.yaml": "cards: 5\n",
               "facts.yaml": "slots: 5\npeople: []\n"}
EXPECTED = {  # attack -> words the problem must hold
    "not_utf8": "not UTF-8", "deep": "nested too deeply", "alias_bomb": "alias bomb", "wrong_type": "",
    "top_list": "not a mapping", "symlink_out": "outside the case folder", "fifo": "not a regular file",
    "over_cap": "over the cap",
}


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_DB", str(tmp_path / "store" / "arena.duckdb"))
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("ARENA_MAX_SCRIPT_BYTES", raising=False)


def outside(root: Path) -> Path:
    """A file outside every case, in valid YAML, carrying the secret."""
    secret = root / "outside" / "secret.yaml"
    secret.parent.mkdir(parents=True, exist_ok=True)
    secret.write_text(f"version: 1\nsuspects: [{SECRET.decode()}]\nfacts: []\ncards: []\n", encoding="utf-8")
    return secret


def hostile_bytes(side: str, attack: str) -> bytes:
    contents: dict[str, Callable[[], bytes]] = {
        "not_utf8": lambda: b"version: 1\nsuspects: [\xff\xfe\xfd]\n",
        "deep": lambda: ("version: " + "[" * 100_000 + "]" * 100_000 + "\n").encode(),
        "alias_bomb": lambda: alias_bomb().encode(),
        "wrong_type": lambda: WRONG_TYPES[side].encode(),
        "top_list": lambda: b"- one\n- two\n",
        "over_cap": lambda: b"# padding\n" * (4 * 1024 * 1024 // 10 + 1),
    }
    return contents[attack]()


def hostile_case(root: Path, side: str, attack: str) -> Path:
    """A copy of the fixture case (with a valid evidence.yaml, so that cards.yaml is read) whose `side` file
    is turned hostile by `attack`."""
    case = root / "cases" / f"{side.split('.')[0]}-{attack}"
    shutil.copytree(FIXTURE_CASE, case)
    if side != "evidence.yaml":
        (case / "evidence.yaml").write_text(VALID_EVIDENCE, encoding="utf-8")
    target = case / side
    target.unlink(missing_ok=True)
    if attack == "symlink_out":
        target.symlink_to(outside(root))
    elif attack == "fifo":
        os.mkfifo(target)  # reading it would block forever
    else:
        target.write_bytes(hostile_bytes(side, attack))
    return case


def side_problems(problems: list[object], side: str) -> list[object]:
    return [p for p in problems if side in str(p)]


LOADED_SIDES = ("evidence.yaml", "cards.yaml")  # read whenever a case is loaded (play, qa, coe, tournament)


@pytest.mark.parametrize("attack", list(EXPECTED))
@pytest.mark.parametrize("side", LOADED_SIDES)
def test_loading_a_case_with_a_hostile_side_file_gives_one_problem_with_its_place(tmp_path, side, attack):
    case = hostile_case(tmp_path, side, attack)
    with pytest.raises(ScriptError) as refused:
        load_script(case)
    found = side_problems(refused.value.problems, side)
    assert len(found) == 1, refused.value.problems
    (problem,) = found
    assert isinstance(problem, Problem) and EXPECTED[attack] in str(problem) and "fix" in str(problem)
    assert SECRET.decode() not in str(refused.value)


@pytest.mark.parametrize("attack", list(EXPECTED))
def test_a_hostile_facts_file_is_one_problem_of_the_generated_case_checks(tmp_path, attack):
    case = hostile_case(tmp_path, "facts.yaml", attack)
    with pytest.raises(ScriptError) as refused:
        check_folder(case)
    (problem,) = refused.value.problems
    assert isinstance(problem, Problem) and problem.file.endswith("facts.yaml") and EXPECTED[attack] in str(problem)
    assert SECRET.decode() not in str(refused.value)


def test_a_wrongly_typed_side_file_names_the_field(tmp_path):
    for side, field in (("evidence.yaml", "suspects"), ("cards.yaml", "cards"), ("facts.yaml", "slots")):
        case = hostile_case(tmp_path / side, side, "wrong_type")
        with pytest.raises(ScriptError) as refused:
            check_folder(case) if side == "facts.yaml" else load_script(case)
        assert field in str(side_problems(refused.value.problems, side)[0])


def test_a_script_yaml_linked_from_outside_the_case_folder_is_refused(tmp_path):
    elsewhere = tmp_path / "outside" / "case"
    shutil.copytree(FIXTURE_CASE, elsewhere)
    borrowed = tmp_path / "cases" / "borrowed"
    borrowed.mkdir(parents=True)
    (borrowed / "script.yaml").symlink_to(elsewhere / "script.yaml")
    with pytest.raises(ScriptError, match="outside the case folder through a symbolic link"):
        load_script(borrowed)
    inside = tmp_path / "cases" / "inside"  # a link that stays inside its folder is fine
    shutil.copytree(FIXTURE_CASE, inside)
    (inside / "script.yaml").rename(inside / "real.yaml")
    (inside / "script.yaml").symlink_to(inside / "real.yaml")
    assert load_script(inside).id == "mini-greenhouse"


@pytest.mark.parametrize("attack", list(EXPECTED))
@pytest.mark.parametrize("side", ["evidence.yaml", "cards.yaml", "facts.yaml"])
def test_arena_scripts_validate_reports_each_side_file_attack_without_a_traceback(tmp_path, side, attack):
    case = hostile_case(tmp_path, side, attack)
    result = runner.invoke(app, ["scripts", "validate", str(case)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    text = result.stdout.replace("\n", "")
    assert f"FAIL {case}" in text and side in text and EXPECTED[attack] in text and "fix" in text
    assert "Traceback" not in result.output and SECRET.decode() not in result.output


def test_arena_play_stops_on_a_hostile_side_file_before_playing(tmp_path):
    case = hostile_case(tmp_path, "evidence.yaml", "not_utf8")
    out = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["play", "--script", str(case), "--civilians", "builtin/random", "--murderer",
                                 "builtin/naive", "--rounds", "1", "--out", str(out), "--json"])
    assert isinstance(result.exception, ScriptError) and "evidence.yaml" in str(result.exception)
    assert "not UTF-8" in str(result.exception) and not out.exists()


def cases_arg(tmp_path: Path, side: str = "cards.yaml", attack: str = "deep") -> tuple[str, Path]:
    broken = hostile_case(tmp_path, side, attack)
    return f"{FIXTURE_CASE},{broken}", broken


def assert_skipped(stderr: str, broken: Path, side: str) -> None:
    flat = stderr.replace("\n", "")
    assert f"skipped case {broken}" in flat and side in flat and "Traceback" not in stderr


def test_arena_tournament_skips_the_broken_case_with_its_problems(tmp_path):
    scripts, broken = cases_arg(tmp_path, "evidence.yaml", "symlink_out")
    result = runner.invoke(app, ["tournament", "--entries", "builtin/random,builtin/naive", "--scripts", scripts,
                                 "--rounds", "1", "--db", str(tmp_path / "t.duckdb"), "--json"])
    assert result.exit_code == 0, result.output
    assert_skipped(result.stderr, broken, "evidence.yaml")
    summary = json.loads(result.stdout)
    assert summary["planned"] == 2 and summary["played"] == 2  # the fixture case only


def test_arena_qa_skips_the_broken_case_with_its_problems(tmp_path):
    scripts, broken = cases_arg(tmp_path, "cards.yaml", "not_utf8")
    result = runner.invoke(app, ["qa", "--entry", "builtin/random", "--scripts", scripts, "--db",
                                 str(tmp_path / "q.duckdb"), "--json"])
    assert result.exit_code == 0, result.output
    assert_skipped(result.stderr, broken, "cards.yaml")
    summary = json.loads(result.stdout)
    assert set(summary["scripts"]) == {"mini-greenhouse"} and summary["asked"] == 5


def test_arena_coe_table3_skips_the_broken_case_with_its_problems(tmp_path):
    scripts, broken = cases_arg(tmp_path, "evidence.yaml", "wrong_type")
    result = runner.invoke(app, ["coe", "table3", "--entry", "mock/player", "--scripts", scripts, "--rounds", "1",
                                 "--db", str(tmp_path / "c.duckdb"), "--dry-run", "--json"])
    assert result.exit_code == 0, result.output
    assert_skipped(result.stderr, broken, "evidence.yaml")
    assert json.loads(result.stdout)["games"] == 1  # the fixture case's game only: the broken case is left out


def test_coe_scoring_names_why_a_broken_case_is_skipped(tmp_path):
    broken = hostile_case(tmp_path, "evidence.yaml", "deep")
    index = CaseIndex(broken.parent)
    script, reason = index.for_game("mini-greenhouse", script_hash(load_script(FIXTURE_CASE)))
    assert script is None and reason is not None
    assert "does not load" in reason and "evidence.yaml" in reason and "nested too deeply" in reason
