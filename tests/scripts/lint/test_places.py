"""Places at a time: the narrator in two places at one minute, "still in" after a move, and a named person whom
two texts put in two places; each is one finding naming the role (or text) and the line, and the right text
(a stay, a lie to tell, a range, another minute) is none."""

from __future__ import annotations

from pathlib import Path

from tests.scripts.lint.cases import lint, write_case

MOVED = "At 20:15 you walked over to the Foyer.\n\nAt 20:30 you were in the Stage Wings with Victor Ashcombe.\n\n"
OTHER = "At 20:30 you were in the Green Room.\n"


def test_still_in_after_a_move_is_one_finding_at_its_line(tmp_path: Path) -> None:
    roles = {"hana": MOVED + "You were still in the Foyer at 20:45 when the cry went up.\n", "quentin": OTHER}
    [finding] = lint(write_case(tmp_path, roles))
    assert finding.path == "roles hana line 5"
    assert finding.message.startswith("[consistency] case 'tiny', role 'hana' line 5:")
    assert "the Foyer at 20:45" in finding.message and "Stage Wings at 20:30 (role 'hana' line 3)" in finding.message


def test_still_in_the_same_room_is_fine(tmp_path: Path) -> None:
    roles = {"hana": MOVED + "At 20:45 you were still in the Stage Wings.\n\nYou stayed on in the Stage Wings; it "
             "was 21:00.", "quentin": OTHER}
    assert lint(write_case(tmp_path, roles)) == []


def test_the_narrator_in_two_places_at_one_minute(tmp_path: Path) -> None:
    roles = {"hana": MOVED + "At 20:30 you went through to the Library.\n", "quentin": OTHER}
    [finding] = lint(write_case(tmp_path, roles))
    assert finding.path == "roles hana line 5"
    assert "at 20:30 in both the Stage Wings (role 'hana' line 3" in finding.message
    assert "and the Library" in finding.message


def test_a_lie_to_tell_and_a_range_place_nobody(tmp_path: Path) -> None:
    roles = {"hana": MOVED + "If asked, say you were in the Library at 20:30.\n\nYou will tell them you were in the "
             "Foyer at 20:30.\n\nBetween 20:25 and 20:30 you were in the Green Room.\n", "quentin": OTHER}
    assert lint(write_case(tmp_path, roles)) == []


def test_a_list_item_led_by_a_time_places_its_one_sentence(tmp_path: Path) -> None:
    roles = {"hana": "- **20:30.** You went into the Library. You read.\n- **20:45.** You were still in the Foyer.\n",
             "quentin": OTHER}
    [finding] = lint(write_case(tmp_path, roles))
    assert finding.path == "roles hana line 2" and "Library at 20:30" in finding.message


def test_a_named_person_two_texts_put_in_two_places(tmp_path: Path) -> None:
    roles = {"hana": "At 20:30 you were in the Stage Wings.\n", "quentin": "Hana Devereux was in the Foyer at 20:30, "
             "by the door.\n"}
    [finding] = lint(write_case(tmp_path, roles))
    assert finding.path in ("roles hana line 1", "roles quentin line 1")
    assert "Hana Devereux at 20:30 in both" in finding.message


def test_a_named_person_at_other_minutes_is_fine(tmp_path: Path) -> None:
    roles = {"hana": "At 20:30 you were in the Stage Wings.\n", "quentin": "Hana Devereux was in the Foyer at 20:35.\n"}
    assert lint(write_case(tmp_path, roles)) == []


def test_a_staff_witness_who_finds_the_body_and_serves_elsewhere_at_that_minute(tmp_path: Path) -> None:
    briefing = "At 20:45 the stage manager discovered the body of Victor Ashcombe in the Stage Wings."
    clues = {"c_statement": 'The stage manager states: "At 20:45 I was serving in the Green Room, and Quentin Iyer '
                            'was there."'}
    roles = {"hana": "At 20:45 you were in the Foyer.\n", "quentin": "At 20:45 you were in the Green Room.\n"}
    [finding] = lint(write_case(tmp_path, roles, briefing=briefing, clues=clues))
    assert finding.path == "clues c_statement line 3" and "the stage manager at 20:45 in both" in finding.message
    clues["c_statement"] = clues["c_statement"].replace("20:45 I", "20:52 I")
    assert lint(write_case(tmp_path / "later", roles, briefing=briefing, clues=clues)) == []


def test_chinese_still_after_a_move(tmp_path: Path) -> None:
    rooms = ("后台", "门厅", "化妆间")
    roles = {"hana": "20:15，你在门厅。\n\n20:30，你去了后台。\n\n20:45，你还在门厅，忽然听见惊叫声。\n",
             "quentin": "20:30，你在化妆间。\n"}
    [finding] = lint(write_case(tmp_path, roles, language="zh", rooms=rooms))
    assert finding.path == "roles hana line 5" and "门厅 at 20:45" in finding.message
    roles["hana"] = roles["hana"].replace("20:45，你还在门厅", "20:45，你还在后台")
    assert lint(write_case(tmp_path / "stay", roles, language="zh", rooms=rooms)) == []


def test_still_after_a_move_the_rules_do_not_read_is_not_judged(tmp_path: Path) -> None:
    roles = {"hana": MOVED.replace("20:30 you were in the Stage Wings", "20:40 you drifted into the Library") +
             "At 20:45 you were still in the Library.\n", "quentin": OTHER}
    assert lint(write_case(tmp_path, roles)) == []
