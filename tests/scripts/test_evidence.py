"""The evidence layer: a good evidence file passes; each crafted breakage gives one clear message."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from arena.scripts.evidence import EVIDENCE_FILE, load_evidence, possible_leaks, remaining
from arena.scripts.loader import load_script_unchecked
from arena.scripts.problems import Problem
from arena.scripts.schema import Suite
from arena.scripts.stats import count_words
from arena.scripts.validation import validate_script
from tests.conftest import FIXTURE_CASE, SCRIPTS_DATA

HAND_WRITTEN = ["night-train", "observatory", "saffron-kitchen"]


def good_evidence() -> dict[str, Any]:
    return {
        "version": 1,
        "suspects": ["rowan", "fern", "basil"],
        "facts": [
            {"id": "voices", "says": "Raised voices in the greenhouse at half past nine.",
             "source": {"clue": "c_voices"}, "modality": "text", "excludes": []},
            {"id": "study", "says": "Fern and Basil were in the study from nine forty.",
             "source": {"role": "fern"}, "modality": "text", "excludes": []},
            {"id": "clock", "says": "The clock stopped at 9.40, when Fern and Basil were in the study.",
             "source": {"image": "images/clock.png"}, "modality": "media", "excludes": ["fern", "basil"]},
        ],
    }


def case_with(tmp_path: Path, evidence: dict[str, Any], edit: Any = None) -> Path:
    """The fixture case with an evidence file. Its scripts say the study alibi began at "nine forty", which
    states the clock's 9:40 in words (the format-aware MIU check flags it), so the good case says "twenty-five
    to ten" instead: the alibi still covers 9:40 and no text gives the clock's reading."""
    case = tmp_path / "case"
    shutil.copytree(FIXTURE_CASE, case)
    (case / EVIDENCE_FILE).write_text(yaml.safe_dump(evidence, sort_keys=False))
    text = (case / "script.yaml").read_text().replace("nine forty", "twenty-five to ten")
    data = yaml.safe_load(text)
    if edit is not None:
        edit(data)
    (case / "script.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    return case


def test_the_fixture_states_the_clock_reading_in_words_and_is_flagged(tmp_path: Path) -> None:
    case = case_with(tmp_path, good_evidence())
    (case / "script.yaml").write_text((case / "script.yaml").read_text().replace("twenty-five to ten", "nine forty"))
    assert any("q_miu1" in m and "'9:40'" in m for m in messages(case))


def messages(case: Path) -> list[str]:
    return [str(p) for p in validate_script(load_script_unchecked(case))]


def review(case: Path) -> list[str]:
    """What `arena scripts validate` lists for review (possible leaks), beside the problems."""
    return [str(p) for p in possible_leaks(load_script_unchecked(case), str(case / "script.yaml"))]


def test_good_evidence_passes(tmp_path: Path) -> None:
    assert messages(case_with(tmp_path, good_evidence())) == []


def test_culprit_not_unique_is_rejected(tmp_path: Path) -> None:
    ev = good_evidence()
    ev["facts"][2]["excludes"] = ["fern"]
    [msg] = messages(case_with(tmp_path, ev))
    assert "mini-greenhouse" in msg and "['rowan', 'basil']" in msg and "exclude the innocent" in msg


def test_text_alone_deciding_is_rejected(tmp_path: Path) -> None:
    ev = good_evidence()
    ev["facts"][2]["modality"] = "text"
    [msg] = messages(case_with(tmp_path, ev))
    assert "text alone leaves only ['rowan']" in msg and "'clock'" in msg and "modality: media" in msg


@pytest.mark.parametrize("source", [{"image": "images/nope.png"}, {"clue": "c_nope"}, {"role": "nobody"}])
def test_missing_source_is_rejected(tmp_path: Path, source: dict[str, str]) -> None:
    ev = good_evidence()
    ev["facts"][0]["source"] = source
    [msg] = messages(case_with(tmp_path, ev))
    assert "fact 'voices'" in msg and "not in the case" in msg and "facts[0].source" in msg


def test_miu_answer_stated_in_a_script_is_rejected(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["roles"][2]["script"] += " When you found her, the fallen clock said 9:40."

    case = case_with(tmp_path, good_evidence(), edit)
    msgs = messages(case)
    [msg] = [m for m in msgs if "q_miu1" in m]
    assert "'9:40'" in msg and "role 'basil'" in msg and "narrates the image" in msg
    assert not any("[leak]" in m for m in msgs)  # a stated time is listed for review, not a failure ...
    assert any("[leak]" in m and "role 'basil'" in m for m in review(case))  # (tests/scripts/test_leaks.py)


@pytest.mark.parametrize("sentence", ["the fallen clock said twenty to ten", "the fallen clock stopped at 9.40pm",
                                      "the clock read nine forty", "the clock hands stood at 9:40 p.m."])
def test_miu_answer_stated_in_another_time_format_is_rejected(tmp_path: Path, sentence: str) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["roles"][2]["script"] += f" When you found her, {sentence}."

    [msg] = [m for m in messages(case_with(tmp_path, good_evidence(), edit)) if "q_miu1" in m]
    assert "'9:40'" in msg and "role 'basil'" in msg


@pytest.mark.parametrize(("answer", "sentence", "flagged"), [
    ("£40", "She owed forty pounds.", True), ("£40", "The note was for 40 pounds.", True),
    ("3 glasses", "There were three glasses on the tray.", True),
    ("£40", "She waited 40 minutes.", False), ("3 glasses", "There were thirty glasses.", False)])
def test_miu_answer_stated_as_money_or_number_words_is_rejected(tmp_path: Path, answer: str, sentence: str,
                                                                 flagged: bool) -> None:
    def edit(data: dict[str, Any]) -> None:
        q = next(q for q in data["questions"] if q["id"] == "q_miu1")
        q["options"][str(q["answer"])[0]] = answer
        data["roles"][2]["script"] += f" {sentence}"

    found = [m for m in messages(case_with(tmp_path, good_evidence(), edit)) if "q_miu1" in m]
    assert bool(found) is flagged and all(repr(answer) in m for m in found)


def test_a_24_hour_timeline_entry_does_not_state_a_clock_reading(tmp_path: Path) -> None:
    """The MIU answer is the face's phrase "9:40"; a timeline's "21:40" is not that phrase. It does state the moment
    the clock carries, which the leak check reports (tests/scripts/test_leaks.py)."""
    def edit(data: dict[str, Any]) -> None:
        data["roles"][2]["script"] += " At 21:40 you were in the study."

    case = case_with(tmp_path, good_evidence(), edit)
    assert not [m for m in messages(case) if "q_miu1" in m]
    listed = review(case)
    assert [m for m in listed if "[leak]" in m] and all("'9:40'" in m for m in listed)


def test_miu_answer_on_a_text_card_is_rejected(tmp_path: Path) -> None:
    case = case_with(tmp_path, good_evidence())
    cards = (case / "cards.yaml").read_text().replace("Tell nobody.", "The clock said 9:40. Tell nobody.")
    (case / "cards.yaml").write_text(cards)
    assert any("q_miu1" in m and "card images/note.png" in m for m in messages(case))


def test_malformed_evidence_file_is_one_problem(tmp_path: Path) -> None:
    ev = good_evidence()
    ev["facts"][0]["modality"] = "smell"
    ev["facts"][1]["source"] = {"role": "fern", "clue": "c_voices"}
    [msg] = messages(case_with(tmp_path, ev))
    assert EVIDENCE_FILE in msg and "facts.0.modality" in msg and "2 error(s)" in msg


def test_unknown_suspect_and_exclusion_are_named(tmp_path: Path) -> None:
    ev = good_evidence()
    ev["suspects"].append("ghost")
    ev["facts"][2]["excludes"] = ["fern", "basil", "ghost", "nobody"]
    msgs = messages(case_with(tmp_path, ev))
    assert any("suspect 'ghost' is not a role" in m for m in msgs)
    assert any("excludes 'nobody', not a suspect" in m for m in msgs)


@pytest.mark.parametrize("name", HAND_WRITTEN)
def test_hand_written_cases_need_their_images(name: str) -> None:
    case = SCRIPTS_DATA / name
    ev = load_evidence(case / EVIDENCE_FILE)
    assert not isinstance(ev, Problem), str(ev)
    script = load_script_unchecked(case)
    assert remaining(ev) == script.culprits
    assert len(remaining(ev, "text")) >= 2
    assert any(f.modality == "media" and f.excludes for f in ev.facts)
    media = {f.source.image for f in ev.facts if f.modality == "media"}
    assert media and all(img is not None and (case / img).is_file() for img in media)


TEXT_ONLY_SUSPECTS = {
    "night-train": ["clara", "marsh", "pibbs"],
    "observatory": ["edith", "walter"],
    "saffron-kitchen": ["margot", "rafael"],
}


@pytest.mark.parametrize("name", HAND_WRITTEN)
def test_text_alone_leaves_the_documented_suspects(name: str) -> None:
    ev = load_evidence(SCRIPTS_DATA / name / EVIDENCE_FILE)
    assert not isinstance(ev, Problem), str(ev)
    assert sorted(remaining(ev, "text")) == sorted(TEXT_ONLY_SUSPECTS[name])


@pytest.mark.parametrize("name", HAND_WRITTEN)
def test_hand_written_cases_are_long_and_asked_about_throughout(name: str) -> None:
    script = load_script_unchecked(SCRIPTS_DATA / name)
    words = {role.id: count_words(role.script) for role in script.roles}
    assert all(n >= 4000 for n in words.values()), words
    lsu = [q for q in script.questions if q.suite is Suite.LSU]
    assert len(lsu) >= 30
    per_role = {role.id: sum(q.role == role.id for q in lsu) for role in script.roles}
    assert all(n >= 5 for n in per_role.values()), per_role
