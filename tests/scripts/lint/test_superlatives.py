"""One superlative said of two people in one role script is one finding at the second; said of one person twice,
or "one of your oldest friends", it is none."""

from __future__ import annotations

from pathlib import Path

from tests.scripts.lint.cases import lint, write_case

DELPHINE = "Delphine Greaves is a photographer. Of everyone here, Delphine Greaves is the friend you have kept longest."


def test_the_friend_kept_longest_said_of_two_people(tmp_path: Path) -> None:
    roles = {"hana": f"{DELPHINE}\n\nQuentin Iyer is a jeweller. Quentin Iyer is your oldest friend.\n",
             "quentin": "You are Quentin.", "delphine": "You are Delphine."}
    [finding] = lint(write_case(tmp_path, roles))
    assert finding.path == "roles hana line 3"
    assert "'the friend you have kept longest' is said of Delphine Greaves (role 'hana' line 1" in finding.message
    assert "and of Quentin Iyer" in finding.message


def test_one_person_twice_and_one_of_several_are_fine(tmp_path: Path) -> None:
    roles = {"hana": f"{DELPHINE}\n\nDelphine is your oldest friend.\n\nQuentin Iyer is one of your oldest friends.\n",
             "quentin": "You are Quentin.", "delphine": "You are Delphine."}
    assert lint(write_case(tmp_path, roles)) == []


def test_a_chinese_superlative_said_of_two_people(tmp_path: Path) -> None:
    roles = {"hana": "李明是你最好的朋友。\n\n王芳是你最要好的朋友。\n", "liming": "你是李明。",
             "wangfang": "你是王芳。"}
    names = {"hana": "赵红", "liming": "李明", "wangfang": "王芳"}
    [finding] = lint(write_case(tmp_path, roles, language="zh", names=names))
    assert finding.path == "roles hana line 3" and "'最好的朋友' is said of 李明" in finding.message
