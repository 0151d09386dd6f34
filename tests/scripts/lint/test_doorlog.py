"""A door log with one door opened by more than two people at one minute is one finding at the log's line, read
from the text of a log clue or from typed `entry_log` facts; two people at one minute is fine."""

from __future__ import annotations

from pathlib import Path

from tests.scripts.lint.cases import lint, write_case

ROLES = {"hana": "Hi.", "quentin": "Hi.", "delphine": "Hi.", "osric": "Hi."}


def log(*names: str) -> str:
    lines = [f"21:00  door opened  {n}" for n in names] + ["21:30  door opened  Osric Finch"]
    return "Door log: Foyer\n" + "\n".join(lines)


def test_three_people_at_one_door_in_one_minute(tmp_path: Path) -> None:
    clues = {"c_log": log("Hana Devereux", "Quentin Iyer", "Delphine Greaves")}
    [finding] = lint(write_case(tmp_path, ROLES, clues=clues))
    assert finding.path == "clues c_log line 4"
    assert "3 people open one door at 21:00: Hana Devereux, Quentin Iyer, Delphine Greaves" in \
        finding.message


def test_two_people_at_one_minute_is_fine(tmp_path: Path) -> None:
    assert lint(write_case(tmp_path, ROLES, clues={"c_log": log("Hana Devereux", "Quentin Iyer")})) == []


def test_a_log_by_quarter_hour_may_list_several_people_in_one_window(tmp_path: Path) -> None:
    lines = [f"21:00-21:15  {n}" for n in ("Hana Devereux", "Quentin Iyer", "Delphine Greaves")]
    assert lint(write_case(tmp_path, ROLES, clues={"c_log": "Door log: Foyer\n" + "\n".join(lines)})) == []
    chinese = "门禁记录：门厅\n" + "\n".join(f"21:00至21:15，{n}开门。" for n in ("Hana Devereux", "Quentin Iyer",
                                                                              "Delphine Greaves"))
    assert lint(write_case(tmp_path / "zh", ROLES, clues={"c_log": chinese})) == []
