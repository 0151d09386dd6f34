"""Props out of their era: with a year (metadata or briefing) a prop that came later is one finding at its first
mention; without one, a period word beside a later prop is one; a prop of the year, or no date and no clash,
is none."""

from __future__ import annotations

from pathlib import Path

from arena.scripts.lint.era import case_year, years_in
from arena.scripts.loader import load_script_unchecked
from tests.scripts.lint.cases import lint, write_case

BRIEFING = "Thursday, 15 November 1934. Victor Ashcombe lies dead in the Foyer."


def test_a_mobile_phone_in_1934_is_an_anachronism(tmp_path: Path) -> None:
    roles = {"hana": "You telephoned the theatre.\n\nYou checked your mobile phone for messages.\n", "quentin": "Hi."}
    [finding] = lint(write_case(tmp_path, roles, briefing=BRIEFING))
    assert finding.path == "roles hana line 3"
    assert "'mobile phone' (mobile phone, from about 1985) in a case set in 1934" in finding.message


def test_a_telephone_in_1934_is_fine(tmp_path: Path) -> None:
    roles = {"hana": "You used the telephone in the hall and read a telegram.\n", "quentin": "Hi."}
    assert lint(write_case(tmp_path, roles, briefing=BRIEFING)) == []


def test_the_metadata_year_comes_first(tmp_path: Path) -> None:
    roles = {"hana": "You checked your mobile phone.\n", "quentin": "Hi."}
    folder = write_case(tmp_path, roles, briefing=BRIEFING, metadata={"era": 2001})
    assert case_year(load_script_unchecked(folder)) == 2001 and lint(folder) == []


def test_without_a_year_a_telegram_beside_a_phone_chat(tmp_path: Path) -> None:
    roles = {"hana": "A telegram came for you at six.\n", "quentin": "You keep a chat on a phone from last week.\n"}
    [finding] = lint(write_case(tmp_path, roles))
    assert finding.path == "roles hana line 1"
    assert "'telegram' (telegram, 1844-1980) beside props of a later era: 'chat on a phone'" in finding.message
    assert "role 'quentin' line 1" in finding.message


def test_without_a_year_or_a_clash_nothing_is_said(tmp_path: Path) -> None:
    roles = {"hana": "A telegram came for you at six.\n", "quentin": "You used the telephone.\n"}
    assert lint(write_case(tmp_path, roles)) == []


def test_chinese_silver_dollars_beside_a_mobile_phone(tmp_path: Path) -> None:
    roles = {"hana": "你欠了他九千五百块银元。\n", "quentin": "你用手机打了个电话。\n"}
    [finding] = lint(write_case(tmp_path, roles, language="zh"))
    assert finding.path == "roles hana line 1" and "'银元' (silver dollar, 1890-1949)" in finding.message


def test_a_short_letter_in_1927_is_not_a_text_message(tmp_path: Path) -> None:
    roles = {"hana": "抽屉里还锁着他写给你的一封短信。\n", "quentin": "你打了个电话。\n"}
    assert lint(write_case(tmp_path, roles, briefing="民国十六年十月三十一日，上海秋雨。", language="zh")) == []


def test_years_in_briefings() -> None:
    assert years_in("Thursday, 15 November 1934; the ledger of 1924") == [1934, 1924]
    assert years_in("一九八三年一月") == [1983] and years_in("二〇二三年四月") == [2023]
    assert years_in("民国十六年（一九二七年）") == [1927, 1927]
    assert years_in("£1934 and No. 12, the 1920s") == []
