"""A weapon kept in a container its room would not hold (typed facts give the room, the texts the container) is one
finding at the sentence that takes it; the same container in a room that has one is none, and a case without
typed facts is not checked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.scripts.lint.cases import lint, write_case

TAKES = "At 19:30 you slipped into the {room} and took the marble bookend from the locked bookcase.\n"


def facts(room: str) -> dict[str, Any]:
    return {"weapons": {"bookend": "marble bookend"}, "places": {"room": room},
            "clues": {"c_inventory": [{"type": "weapon_kept", "weapon": "bookend", "place": "room"}]}}


def test_a_bookcase_in_an_orchestra_pit(tmp_path: Path) -> None:
    roles = {"hana": "You are Hana.\n\n" + TAKES.format(room="Orchestra Pit"), "quentin": "Hi."}
    [finding] = lint(write_case(tmp_path, roles, facts=facts("Orchestra Pit")))
    assert finding.path == "roles hana line 3"
    assert "the marble bookend is kept in the locked bookcase in the Orchestra Pit" in finding.message


def test_a_bookcase_in_a_library_is_fine(tmp_path: Path) -> None:
    roles = {"hana": TAKES.format(room="Library"), "quentin": "Hi."}
    assert lint(write_case(tmp_path, roles, facts=facts("Library"))) == []


def test_without_typed_facts_objects_are_not_checked(tmp_path: Path) -> None:
    roles = {"hana": TAKES.format(room="Orchestra Pit"), "quentin": "Hi."}
    assert lint(write_case(tmp_path, roles)) == []
