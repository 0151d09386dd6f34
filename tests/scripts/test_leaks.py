"""The leak check: crafted leaks in a copy of the fixture case are each one `[leak]` problem naming the text and the
value; the wording helpers fold times, counts and Chinese numerals as documented."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from arena.scripts.leaks import chinese_times, clock_forms, conclusion, count_phrases, lead_clause, values_of
from tests.scripts.test_evidence import case_with, good_evidence, messages, review


def leaks(case: Path) -> list[str]:
    """The leak findings: failures (a stated MIU answer, a motive conclusion) and those listed for review
    (a time or count a media fact carries, stated in a text)."""
    return [m for m in messages(case) if "[leak]" in m] + review(case)


def with_pots() -> dict[str, Any]:
    """The good evidence plus a media fact that carries a count."""
    ev = good_evidence()
    ev["facts"].append({"id": "pots", "says": "The photograph shows three broken pots by the door; nobody swept.",
                        "source": {"image": "images/clock.png"}, "modality": "media", "excludes": []})
    return ev


def edit_cards(case: Path, old: str, new: str) -> None:
    text = (case / "cards.yaml").read_text()
    assert old in text
    (case / "cards.yaml").write_text(text.replace(old, new))


def test_the_good_case_has_no_leak(tmp_path: Path) -> None:
    assert leaks(case_with(tmp_path, with_pots())) == []


def test_a_caption_stating_the_clock_time_is_a_leak(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        clock = next(c for c in data["clues"] if c["id"] == "c_clock")
        clock["text"] = "The greenhouse clock. It stopped at twenty to ten, when it fell."

    [msg] = leaks(case_with(tmp_path, good_evidence(), edit))
    assert "clue 'c_clock' caption" in msg and "'9:40'" in msg and "mini-greenhouse" in msg and "fact 'clock'" in msg


def test_a_title_stating_the_clock_time_is_a_leak(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        next(c for c in data["clues"] if c["id"] == "c_clock")["title"] = "The clock that stopped at 9.40pm"

    [msg] = leaks(case_with(tmp_path, good_evidence(), edit))
    assert "clue 'c_clock' title" in msg and "'9:40'" in msg


def test_a_card_body_stating_a_count_is_a_leak(tmp_path: Path) -> None:
    case = case_with(tmp_path, with_pots())
    edit_cards(case, "Tell nobody.", "Mind the 3 broken pots. Tell nobody.")
    [msg] = leaks(case)
    assert "card images/note.png" in msg and "count" in msg and "fact 'pots'" in msg and "'3 pots'" in msg


def test_a_count_in_words_in_a_role_script_is_a_leak(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["roles"][1]["script"] += " By the door lay three pots, all broken."

    [msg] = leaks(case_with(tmp_path, with_pots(), edit))
    assert "role 'fern'" in msg and "'3 pots'" in msg


def test_a_card_stamp_stating_the_time_is_a_leak(tmp_path: Path) -> None:
    case = case_with(tmp_path, good_evidence())
    edit_cards(case, "    template: document\n", "    template: document\n    look: {preset: stamped, stamps: "
               "[{text: \"RECEIVED 21:40\"}]}\n")
    [msg] = leaks(case)
    assert "card images/note.png" in msg and "'9:40'" in msg


def test_the_24_hour_form_of_a_clock_reading_is_a_leak(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["clues"][2]["text"] += " The bank closed its books at 21:40."

    [msg] = leaks(case_with(tmp_path, good_evidence(), edit))
    assert "clue 'c_debt' text" in msg and "'9:40'" in msg


def test_a_motive_gloss_on_a_clue_is_a_leak(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["clues"][2]["text"] = ("Basil Crane owes the bank four thousand pounds. So Basil Crane stood to lose "
                                    "everything unless his aunt died.")

    [msg] = leaks(case_with(tmp_path, good_evidence(), edit))
    assert "clue 'c_debt' text" in msg and "own conclusion" in msg and "So Basil Crane stood to lose" in msg


def test_a_motive_gloss_on_a_card_is_a_leak(tmp_path: Path) -> None:
    case = case_with(tmp_path, good_evidence())
    edit_cards(case, "Tell nobody. - R", "Tell nobody. She stole the hybrid, which gave me a motive. - R")
    [msg] = leaks(case)
    assert "card images/note.png" in msg and "which gave me a motive" in msg


def test_the_evidence_itself_is_not_a_conclusion(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["clues"][2]["text"] = "Basil Crane owes the bank four thousand pounds; the loan is called in on Monday."

    assert leaks(case_with(tmp_path, good_evidence(), edit)) == []


def test_a_role_script_may_reason_about_motives(tmp_path: Path) -> None:
    """The conclusion rule is for clues and cards: a role may think aloud about who had a motive."""
    def edit(data: dict[str, Any]) -> None:
        data["roles"][1]["script"] += " Basil owed money, so he had a motive."

    assert leaks(case_with(tmp_path, good_evidence(), edit)) == []


def test_the_explanation_after_a_facts_reading_is_not_its_value(tmp_path: Path) -> None:
    """Only the lead clause is the image's reading: "... at 9.40: Fern left at 9.15" carries 9:40, not 9:15."""
    ev = good_evidence()
    ev["facts"][2]["says"] = "The clock stopped at 9.40: Fern had seen a light at half past nine."
    assert leaks(case_with(tmp_path, ev)) == []  # the role scripts say "half past nine"


def test_an_unreadable_cards_file_is_one_problem(tmp_path: Path) -> None:
    case = case_with(tmp_path, good_evidence())
    (case / "cards.yaml").write_text(yaml.safe_dump({"cards": [{"file": "images/note.png", "colour": "red"}]}))
    [msg] = leaks(case)
    assert "cards.yaml" in msg and "cannot be read" in msg


@pytest.mark.parametrize(("text", "found"), [
    ("So Hana Devereux stood to lose an inheritance: the will was to change.", True),
    ("Forwarded from Hana Devereux's phone.", False),
    ("Therefore the steward had every reason to silence him.", True),
    ("It was so cold that the pipes froze. He owed nothing.", False),
    ("从他的手机上转过来的。原来他欠了一大笔钱。", True),
    ("所以她有杀人的动机。", True),
    ("可见他早就心怀怨恨，这就是理由。", True),
    ("我借给你的钱，星期一之前必须还清。", False),
])
def test_conclusion_patterns(text: str, found: bool) -> None:
    assert (conclusion(text) is not None) is found


@pytest.mark.parametrize(("text", "time"), [("十点三十七分", "10:37"), ("十点半", "10:30"), ("十点三刻", "10:45"),
                                            ("九点二十场长", "9:20"), ("十点零五", "10:05"),
                                            ("十八点四十七分", "18:47")])
def test_chinese_times_fold_to_digits(text: str, time: str) -> None:
    assert time in chinese_times(text)


def test_a_little_is_not_one_oclock() -> None:
    assert ":" not in chinese_times("快一点走")


def test_clock_forms_name_the_same_moment() -> None:
    assert clock_forms("10:52") >= {"10:52", "22:52"}
    assert clock_forms("22:52") == {"22:52", "10:52"}
    assert clock_forms("12:43") == {"12:43", "00:43"}
    assert clock_forms("08:05") == {"08:05", "8:05"}


def test_values_come_from_the_lead_clause() -> None:
    assert lead_clause("座次图：十点半上菜时他坐在三号房；其后不详") == "十点半上菜时他坐在三号房"
    times = [v.shown for v in values_of("f", "Dr Marsh's clock shows 1.48: long before Fane tried the door at 2.10")]
    assert times == ["1:48"]


def test_numbers_after_labels_are_not_counts() -> None:
    assert count_phrases("Table 4 seats Thorne; Room 12 has two doors") == {frozenset({" 2 doors "})}
    assert {p for ps in count_phrases("十四颗白石") for p in ps} == {"14颗"}
