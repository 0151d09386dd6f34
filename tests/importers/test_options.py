"""Option splitting on tricky stems (synthetic strings): marker styles, Chinese punctuation, line breaks."""

from __future__ import annotations

import pytest

from arena.importers.options import OptionsError, parse_answer, split_options, strip_numbering

CASES = [
    ("Who left first? a. Ann b. Bob c. Cy d. Dee", "Who left first?", ["Ann", "Bob", "Cy", "Dee"]),
    ("凶器是什么？a.刀 b.枪 c.绳 d.毒", "凶器是什么？", ["刀", "枪", "绳", "毒"]),
    ("凶器是什么？A、刀 B、枪 C、绳", "凶器是什么？", ["刀", "枪", "绳"]),
    ("凶器是什么？（a）刀（b）枪（c）绳", "凶器是什么？", ["刀", "枪", "绳"]),
    ("Which room? (A) hall (B) study (C) cellar", "Which room?", ["hall", "study", "cellar"]),
    ("Which room? A: hall B: study", "Which room?", ["hall", "study"]),
    ("哪一天？A：周一；B：周二；C：周三。", "哪一天？", ["周一", "周二", "周三"]),
    ("哪一天？\nA．周一\nB．周二\nC．周三\n", "哪一天？", ["周一", "周二", "周三"]),
    ("Which?\n  a) red\n  b) green\n  c) blue", "Which?", ["red", "green", "blue"]),
    ("是否开封？a. 是 b. 否 ", "是否开封？", ["是", "否"]),
]


@pytest.mark.parametrize(("text", "stem", "options"), CASES)
def test_split_options_styles(text: str, stem: str, options: list[str]) -> None:
    split = split_options(text)
    assert split.stem == stem
    assert list(split.options) == [chr(ord("A") + i) for i in range(len(options))]
    assert list(split.options.values()) == options


def test_letters_inside_words_are_not_markers() -> None:
    split = split_options("被换掉的是维生素c.还是钙片？a. 维生素c b. 钙片 c. 都不是")
    assert split.stem == "被换掉的是维生素c.还是钙片？"
    assert split.options == {"A": "维生素c", "B": "钙片", "C": "都不是"}
    split = split_options("Was Vitamin C. found? a. yes b. no")
    assert split.options == {"A": "yes", "B": "no"}


def test_the_longest_run_nearest_the_end_wins() -> None:
    split = split_options("Plan A: wait. Plan B: run. Which plan? a) wait b) run c) hide")
    assert split.stem == "Plan A: wait. Plan B: run. Which plan?"
    assert split.options == {"A": "wait", "B": "run", "C": "hide"}


def test_mixed_marker_styles_still_split_when_nothing_else_fits() -> None:
    assert split_options("哪个？A. 甲 B、乙 C：丙").options == {"A": "甲", "B": "乙", "C": "丙"}


@pytest.mark.parametrize("text", ["没有选项的问题？", "Only one: a. yes", "a. x b. y", "Q? a. b. y"])
def test_unreadable_stems_raise_with_a_reason(text: str) -> None:
    with pytest.raises(OptionsError) as info:
        split_options(text)
    assert str(info.value)


def test_strip_numbering_keeps_numbers_that_belong_to_the_text() -> None:
    assert strip_numbering("4.601活动室的果汁？", 4) == "601活动室的果汁？"
    assert strip_numbering("1.5米高的弹孔？", 7) == "1.5米高的弹孔？"
    assert strip_numbering("12、问题", 3) == "问题"
    assert strip_numbering("没有编号", 1) == "没有编号"


def test_parse_answer() -> None:
    options = {"A": "x", "B": "y", "C": "z"}
    assert parse_answer("b", options) == ["B"]
    assert parse_answer(" (C) ", options) == ["C"]
    assert parse_answer("a,c", options) == ["A", "C"]
    assert parse_answer("CA", options) == ["A", "C"]
    for bad in ("d", "", None, "是"):
        with pytest.raises(OptionsError):
            parse_answer(bad, options)
