"""Props out of their era: a medium the case's year did not have yet, or props of two eras that cannot meet.

`PROPS` is the table, as plain data: each prop or period word, the year it came into use (`since`) and, for a
word that marks a period (a coin, a city's name of the time, a kind of show), the last year it fits (`until`),
with the English and Chinese words that name it. The years are those of common use, rounded, from the standard
histories of each medium (the first telegram line 1844, Bell's telephone 1876, the Shanghai sound film 1931 and
Hollywood's 1927, commercial CCTV in the 1970s, the first handheld mobile phone call 1983 and networks from 1985,
SMS 1992, consumer GPS after selective availability ended in 2000, the smartphone 2007); they date a prop, not
a plot, and a rule fires only when the gap is plain.

The case's year is `metadata.era` or `metadata.year` (a number such as 1934, or a text holding one), else the
latest year the briefing states ("15 November 1934", "一九三四年", "二〇二三年", 民国十六年 = 1927). With a year,
a prop whose `since` is later is an anachronism (one finding per prop, at its first mention). Without one, a
period word whose `until` is earlier than another prop's `since` is one finding per period word, naming the
later props. A case with no year and no clash is not checked, and says nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from arena.scripts.lint.texts import Sentence, Source, problem, quote, sentences
from arena.scripts.problems import Problem
from arena.scripts.schema import Script


@dataclass(frozen=True)
class Prop:
    name: str
    since: int
    until: int | None  # the last year a period word fits; None for a prop still in use
    en: str  # regex of the English words (case-insensitive unless it says otherwise), "" for none
    zh: str  # regex of the Chinese words, "" for none


PROPS: tuple[Prop, ...] = (
    Prop("photograph", 1839, None, r"\bphotographs?\b", r"照片|相片"),
    Prop("telegram", 1844, 1980, r"\btelegrams?\b|\bradiotelegrams?\b", r"电报"),
    Prop("typewriter", 1874, None, r"\btypewriters?\b|\btypewritten\b", r"打字机"),
    Prop("telephone", 1876, None, r"\btelephones?\b", r"电话"),
    Prop("vaudeville", 1880, 1932, r"(?-i:\bvaudeville\b)", ""),  # the show, in lower case; a theatre's name is not
    Prop("gramophone", 1887, None, r"\bgramophones?\b", r"留声机"),
    Prop("silver dollar", 1890, 1949, "", r"银元|银洋|袁大头"),
    Prop("radio broadcast", 1920, None, r"\bradio (?:broadcasts?|programmes?|programs?)\b|\bwireless sets?\b",
         r"收音机|无线电广播"),
    Prop("talking pictures", 1927, 1950, r"\btalkies\b|\btalking pictures?\b", r"有声电影"),
    Prop("Beiping (the city's name)", 1928, 1949, "", r"北平"),
    Prop("television", 1936, None, r"\btelevisions?\b|\btelevised\b", r"电视机|电视台|看电视"),
    Prop("CCTV", 1970, None, r"\bCCTV\b|\bsecurity cameras?\b|\bsurveillance cameras?\b|\bdoorbell cameras?\b",
         r"监控录像|监控摄像|监控画面|监控镜头|摄像头"),
    # a plain "door log" may be a porter's book, so only the electronic kinds are named
    Prop("electronic door log", 1975, None, r"\belectronic door logs?\b|\bkey ?cards?\b|\bswipe cards?\b", r"门禁"),
    Prop("mobile phone", 1985, None, r"\bmobile (?:phone|telephone)s?\b|\bcell ?phones?\b",
         r"手机|大哥大"),
    Prop("phone chat or text message", 1992, None, r"\btext messages?\b|\bSMS\b|\btexted\b|\bchat on a phone\b|"
         r"\bphone chats?\b|\bWhatsApp\b", r"(?<!封)短信|手机上的一段聊天|手机聊天|微信"),
    Prop("e-mail", 1993, None, r"\be-?mails?\b|\be-?mailed\b", r"电子邮件"),
    Prop("GPS location trail", 2000, None, r"\bGPS\b|\blocation (?:trail|history)\b|\bsat-?nav\b", r"定位记录|GPS"),
    Prop("smartphone", 2007, None, r"\bsmartphones?\b|\biPhones?\b", r"智能手机"),
)
PATTERNS = tuple((p, re.compile("|".join(w for w in (p.en, p.zh) if w), re.I)) for p in PROPS)

YEAR = re.compile(r"(?<![\d£$€¥#/.-])(1[6-9]\d\d|20\d\d)(?![\d'’s]|\.\d)")
CN_YEAR = re.compile(r"([一二三四五六七八九〇零○]{4})年")
MINGUO = re.compile(r"民国([一二三四五六七八九十]{1,3}|\d{1,2})年")
CN_DIGITS = {c: str(i) for i, c in enumerate("〇一二三四五六七八九")} | {"零": "0", "○": "0"}


def minguo_year(text: str) -> int:
    if text.isdigit():
        return 1911 + int(text)
    tens, _, units = text.partition("十")
    value = (int(CN_DIGITS[tens]) if tens else 1) * 10 + (int(CN_DIGITS[units]) if units else 0) if "十" in text \
        else int(CN_DIGITS[text])
    return 1911 + value


def years_in(text: str) -> list[int]:
    found = [int(y) for y in YEAR.findall(text)]
    found += [int("".join(CN_DIGITS[c] for c in m)) for m in CN_YEAR.findall(text)]
    found += [minguo_year(m) for m in MINGUO.findall(text)]
    return found


def case_year(script: Script) -> int | None:
    """`metadata.era` / `metadata.year`, else the latest year the briefing states, else None."""
    for key in ("era", "year"):
        value = script.metadata.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and years_in(value):
            return max(years_in(value))
    return max(years_in(script.briefing), default=None)


@dataclass(frozen=True)
class Mention:
    prop: Prop
    sentence: Sentence
    index: int
    words: str
    count: int  # how many mentions the case has in all


def prop_hits(text: str) -> list[tuple[Prop, re.Match[str]]]:
    """Each prop a text names, where a name inside a longer one ("手机" in "手机上的一段聊天") counts only as the
    longer."""
    hits = [(prop, m) for prop, pattern in PATTERNS for m in pattern.finditer(text)]
    return [(prop, m) for prop, m in hits if not any(
        o.start() <= m.start() and m.end() <= o.end() and o.end() - o.start() > m.end() - m.start() for _, o in hits)]


def first_mentions(sources: Iterable[Source]) -> list[Mention]:
    """The first mention of each prop in the case's texts, with the number of its mentions."""
    first: dict[str, tuple[Sentence, re.Match[str]]] = {}
    counts: dict[str, int] = {}
    for source in sources:
        for sentence in sentences(source):
            for prop, m in prop_hits(sentence.text):
                counts[prop.name] = counts.get(prop.name, 0) + 1
                first.setdefault(prop.name, (sentence, m))
    by_name = {p.name: p for p in PROPS}
    return [Mention(by_name[n], s, m.start(), m.group(0), counts[n]) for n, (s, m) in first.items()]


def times(mention: Mention) -> str:
    return f" (and {mention.count - 1} more mention(s))" if mention.count > 1 else ""


def era_problems(script: Script, sources: Iterable[Source], file: str) -> list[Problem]:
    mentions = first_mentions(sources)
    year = case_year(script)
    if year is not None:
        return [problem(file, script, m.sentence, m.index,
                        f"{m.words!r} ({m.prop.name}, from about {m.prop.since}) in a case set in {year}{times(m)}: "
                        f"{quote(m.sentence.text)}", f"use a medium the year {year} had, or change the case's year")
                for m in mentions if m.prop.since > year]
    problems = []
    for early in mentions:
        if early.prop.until is None:
            continue
        later = [m for m in mentions if m.prop.since > early.prop.until]
        if not later:
            continue
        named = "; ".join(f"{m.words!r} ({m.prop.name}, from {m.prop.since}) at "
                          f"{m.sentence.where(m.index)}" for m in later)
        problems.append(problem(
            file, script, early.sentence, early.index,
            f"{early.words!r} ({early.prop.name}, {early.prop.since}-{early.prop.until}){times(early)} beside props "
            f"of a later era: {named}", "keep the case's props to one era, or state its year (metadata.era)"))
    return problems
