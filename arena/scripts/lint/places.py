"""Where people are at a time: the narrator of a role script, and named people across the case's texts.

A *placing* is a sentence that puts someone in a place of the case (a location's name, or a room of a plan card)
at one clock minute:

- the narrator of a role script (second person): "At 20:30 you were in the Stage Wings", "You stayed on in the
  Foyer; it was 19:45", "Around 20:00 you made your way into the Wardrobe", "20:30，你在后台", "20:45，你还在门厅";
- a named person, in any text: "Hana Devereux was in the Foyer at 20:15"; a staff witness's statement "The
  butler states: "At 21:52 I was serving in the Laundry, and Jonah Castellano was there."" (both the butler and
  Jonah); "At 20:45 the stage manager discovered the body of Victor Ashcombe in the Stage Wings" (the finder).
  A role's own narrator placings are that person's placings too.

A sentence that reports speech, a plan, a lie or a supposition ("If asked, say you were in the Wardrobe at
20:30", "You will tell them that you were in the control room", "就说你在...") places nobody. The time must be
the sentence's only moment (or the only one in the clause that places): ranges and their ends are not moments.

Findings: one person in two places at one minute (one finding per person and minute); and a "still in" /
"remained in" / "stayed on in" (还在, 仍在, 仍旧留在) whose place differs from the narrator's last placing
before it, when that placing is earlier in the evening.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from arena.scripts.clock import minutes_of
from arena.scripts.lint.texts import (
    CJK,
    CaseNames,
    Sentence,
    Source,
    clock_times,
    inside_quote,
    point_times,
    problem,
    quote,
    sentences,
    unquoted,
)
from arena.scripts.problems import Problem
from arena.scripts.schema import Script

STILL_EN = (r"you\s+(?:were|are)\s+still\s+(?:in|at|inside)|you\s+(?:remained|remain|stayed\s+on|stay\s+on|stayed|"
            r"stay)\s+(?:in|at|inside)|you\s+(?:had|have)\s+(?:not|never)\s+left")
AT_EN = r"you\s+(?:were|are)(?:\s+back)?\s+(?:in|at|inside)|(?:found|finds|seen|saw|sees)\s+you\s+(?:in|at)|" \
        r"began\s+for\s+you\s+in"
MOVE_EN = (r"you\s+(?:had\s+)?(?:went|gone|go|walked|walk|slipped|slip|came|come|returned|return|hurried|hurry|ran|"
           r"run|headed|head|moved|move|stepped|step|crossed|cross|made\s+your\s+way|make\s+your\s+way|wandered|"
           r"wander)(?:\s+(?:back|straight|over|through|across|down|up|along|out|in|on))*\s+(?:to|into|in\s+to|"
           r"inside|onto)")
STILL_ZH = r"你(?:人)?(?:还|仍|仍然|仍旧|依然|依旧)(?:留|待|呆|坐)?在|你没挪地方，还在"
AT_ZH = r"你(?:人|正|就|当时)?(?:待|呆|坐|站)?在"
MOVE_ZH = r"你(?:悄悄)?(?:走到了|走到|去了|进了|来到了|来到|回到了|回到|走进了|走进|溜进了|溜进|到了)"

# words that make a sentence speech, a plan, a lie or a supposition rather than a statement of where someone was
NOT_FACT_EN = re.compile(r"\b(?:say|says|said|tell|tells|told|claim|claims|claimed|pretend\w*|story|lie|lies|lying|"
                         r"alibi|asked|insist\w*|swear|sworn|admit\w*|deny|denied|would|could|should|might|must|may|"
                         r"will|shall|suppose\w*|imagine\w*|if|unless|whether|dream\w*|hope\w*|wish\w*|believe\w*|"
                         r"think|thinks|thought|statement|hide|hid|hidden|planned|plan|meant|intend\w*)\b", re.I)
NOT_FACT_ZH = re.compile(r"就说|说你|撒谎|谎|假装|如果|要是|万一|假如|告诉|声称|咬定|问起|承认|否认|隐瞒|以为|梦|"
                         r"打算|准备|口供|供述")
CLAUSE = re.compile(r"(?<!\d)[:：]|[:：](?!\d)|[;；,，]")

STAFF_SPEAKER = re.compile(r"\b([Tt]he\s+[a-z][a-z'’ ]{1,30}?)\s+states:")
STAFF_SELF = r"\bI\s+was(?:\s+\w+ing)?\s+(?:in|at)\s+"
THERE = r",?\s+and\s+(?P<who>{people})\s+(?:was|were)\s+there\b"
FINDER_EN = r"\b(?P<who>[Tt]he\s+[a-z][a-z'’ ]{{1,30}}?)\s+(?:had\s+)?(?:found|discovered)\s+(?:the\s+body\s+of\s+)?" \
            r"{victim}\s+(?:lying\s+)?(?:dead\s+)?in\s+"
FINDER_ZH = r"(?P<who>[\u4e00-\u9fff]{{2,5}}?)发现(?:了)?{victim}(?:已经)?(?:的尸体)?(?:死|倒|躺)?在\s*"
THIRD_EN = r"(?P<who>{people})\s+(?:was|is)(?:\s+(?:still|already|alone|back))?\s+(?:in|at|inside)\s+"
THIRD_ZH = r"(?P<who>{people})(?:还|仍|仍然|也|正|就)?(?:待|呆|坐|站)?在\s*"
QUOTE_MARKS = re.compile(r"[\"“”「」『』]")


@dataclass(frozen=True)
class Placing:
    """`who` (a role id, or a staff phrase such as "the butler") was in place `key` at `time`."""

    who: str
    key: str
    time: str
    still: bool
    sentence: Sentence
    index: int  # where the placing phrase starts in the sentence
    narrator: bool  # stated by the person's own role script, in the second person


def moment(sentence: Sentence, index: int) -> str | None:
    """The one clock minute a placing at `index` of the sentence is at: the only time of its clause, or, when its
    clause has none, the only time of the sentence."""
    text = sentence.text
    bounds = [0, *[m.end() for m in CLAUSE.finditer(text)], len(text) + 1]
    start = max(b for b in bounds if b <= index)
    end = min(b for b in bounds if b > index)
    points = point_times(text)
    if any(start <= at < end for at, *_ in clock_times(unquoted(text))):  # a range in the clause is not a moment
        clause = {t for i, t in points if start <= i < end}
    else:
        clause = {t for _, t in points}
    return clause.pop() if len(clause) == 1 else None


def is_fact(sentence: Sentence) -> bool:
    return not (NOT_FACT_EN.search(sentence.text) or NOT_FACT_ZH.search(sentence.text))


def narrator_pattern(names: CaseNames, chinese: bool) -> re.Pattern[str]:
    still, at, move = (STILL_ZH, AT_ZH, MOVE_ZH) if chinese else (STILL_EN, AT_EN, MOVE_EN)
    space = r"\s*" if chinese else r"\s+"
    return re.compile(rf"(?:(?P<still>{still})|{at}|{move}){space}{names.place_re.pattern}", re.I)


ITEM_LEAD = re.compile(r"^[ \t]*(?:[-*•]|\d+[.)])[ \t]+\*\*([^*\n]{1,60})\*\*", re.M)
ITEM_END = re.compile(r"\n[ \t]*\n|\n(?=[ \t]*(?:[-*•#]|\d+[.)])\s)")


def item_moments(text: str) -> list[tuple[int, int, str]]:
    """(start, end, time) of each list item led by one bold moment: "- **22:20.** You went into the common room"."""
    found = []
    for m in ITEM_LEAD.finditer(text):
        times = point_times(m.group(1))
        if len(times) == 1:
            end = ITEM_END.search(text, m.end())
            found.append((m.start(), end.start() if end else len(text), times[0][1]))
    return found


def narrator_placings(source: Source, names: CaseNames, chinese: bool) -> list[Placing]:
    """The narrator's placings. A sentence without a time of its own inside a list item led by a time ("- **22:20.**
    You went into the common room.") takes the item's time when it is the item's only placing."""
    pattern = narrator_pattern(names, chinese)
    found, untimed = [], []
    for sentence in sentences(source):
        if not is_fact(sentence):
            continue
        for m in pattern.finditer(sentence.text):
            if inside_quote(source.text, sentence.at(m.start())):
                continue
            key, still = names.place_key(m.group("place")), m.group("still") is not None
            if not any(clock_times(unquoted(sentence.text))):
                untimed.append(Placing(source.ident, key, "", still, sentence, m.start(), True))
            elif (time := moment(sentence, m.start())) is not None:
                found.append(Placing(source.ident, key, time, still, sentence, m.start(), True))
    for start, end, time in item_moments(source.text):
        inside = [p for p in untimed if start <= p.sentence.at(p.index) < end]
        if len(inside) == 1 and not any(start <= p.sentence.at(p.index) < end for p in found):
            found.append(replace(inside[0], time=time))
    return sorted(found, key=lambda p: p.sentence.at(p.index))


def victim_name(script: Script) -> str:
    return re.split(r"[,，(（]", script.victim, maxsplit=1)[0].strip()


def third_person_placings(source: Source, names: CaseNames, script: Script, chinese: bool) -> list[Placing]:
    """Named people's placings in one text. In a clue or card a quotation is the evidence (a witness's statement),
    so it is read as the text's own words; in a role script or the briefing quoted speech places nobody."""
    people, place, victim = names.person_re.pattern, names.place_re.pattern, re.escape(victim_name(script))
    third = re.compile((THIRD_ZH if chinese else THIRD_EN).format(people=people) + place)  # names keep their case
    finder = re.compile((FINDER_ZH if chinese else FINDER_EN).format(victim=victim) + place)
    there = re.compile(THERE.format(people=people))
    if source.kind in ("clue", "card"):
        source = replace(source, text=QUOTE_MARKS.sub(" ", source.text))
    found = []
    for sentence in sentences(source):
        if not point_times(sentence.text):
            continue
        speaker = STAFF_SPEAKER.search(sentence.text)
        if speaker:
            for m in re.finditer(STAFF_SELF + place, sentence.text, re.I):
                found += placed(sentence, m, speaker.group(1).lower(), names)
                for who in there.finditer(sentence.text, m.end()):
                    found += placed(sentence, m, names.person_key(who.group("who")), names)
            continue
        if not is_fact(sentence):
            continue
        for m in third.finditer(sentence.text):
            found += placed(sentence, m, names.person_key(m.group("who")), names)
        for m in finder.finditer(sentence.text):
            found += placed(sentence, m, m.group("who").lower(), names)
    return found


def placed(sentence: Sentence, m: re.Match[str], who: str, names: CaseNames) -> list[Placing]:
    time = moment(sentence, m.start())
    if time is None:
        return []
    return [Placing(who, names.place_key(m.group("place")), time, False, sentence, m.start(), False)]


def case_placings(script: Script, sources: Iterable[Source], names: CaseNames) -> list[Placing]:
    chinese = script.language.lower().startswith("zh")
    out: list[Placing] = []
    for source in sources:
        if source.kind == "role":
            out += narrator_placings(source, names, chinese)
        out += third_person_placings(source, names, script, chinese)
    return out


def two_places(script: Script, placings: list[Placing], file: str) -> list[Problem]:
    """One problem per person and minute with two places."""
    problems = []
    by_moment: dict[tuple[str, str], list[Placing]] = {}
    for p in placings:
        by_moment.setdefault((p.who, p.time), []).append(p)
    for (who, time), group in by_moment.items():
        places = list(dict.fromkeys(p.key for p in group))
        if len(places) < 2:
            continue
        first = next(p for p in group if p.key == places[0])
        other = next(p for p in group if p.key != places[0])
        person = "you (the narrator)" if first.narrator and other.narrator else who_name(script, who)
        problems.append(problem(
            file, script, other.sentence, other.index,
            f"{person} at {time} in both {the(places[0])} ({first.sentence.where(first.index)}"
            f": {quote(first.sentence.text)}) and {the(other.key)}: {quote(other.sentence.text)}",
            "put them in one place at that minute, or give the two statements different times"))
    return problems


def unsure_between(source: Source, names: CaseNames, start: int, end: int, key: str) -> bool:
    """Whether a sentence between offsets `start` and `end` names a time and a place other than `key`: a move the
    rules did not read may be there, so a "still" after it is not judged."""
    between = [s for s in sentences(source) if start <= s.start and s.start + len(s.text) <= end]
    return any(any(clock_times(s.text)) and any(names.place_key(m.group("place")) != key
                                                 for m in names.place_re.finditer(s.text)) for s in between)


def still_elsewhere(script: Script, placings: list[Placing], names: CaseNames, file: str) -> list[Problem]:
    """A narrator's "still in X" right after a placing in another place earlier in the evening, with nothing between
    them that could be a move."""
    problems = []
    for source in {p.sentence.source for p in placings if p.narrator}:
        own = [p for p in placings if p.narrator and p.sentence.source == source]
        own.sort(key=lambda p: p.sentence.at(p.index))
        clash = {p.time for p in own if len({q.key for q in own if q.time == p.time}) > 1}
        for before, p in zip(own, own[1:], strict=False):
            if not p.still or p.time in clash or p.key == before.key or minutes_of(before.time) >= minutes_of(p.time):
                continue
            if unsure_between(source, names, before.sentence.start + len(before.sentence.text), p.sentence.start,
                              before.key):
                continue
            where = before.sentence.where(before.index)
            problems.append(problem(
                file, script, p.sentence, p.index,
                f"\"still\" in {the(p.key)} at {p.time}, but the last place given before it is {the(before.key)} at "
                f"{before.time} ({where}): {quote(p.sentence.text)}",
                f"say the narrator went to {the(p.key)}, or keep them in {the(before.key)}"))
    return problems


def the(place: str) -> str:
    """A place as an English message names it: "the Foyer", but 门厅 alone."""
    return place if CJK.match(place) else f"the {place}"


def who_name(script: Script, who: str) -> str:
    return next((r.name for r in script.roles if r.id == who), who)


def place_problems(script: Script, sources: Iterable[Source], names: CaseNames, file: str) -> list[Problem]:
    placings = case_placings(script, sources, names)
    return two_places(script, placings, file) + still_elsewhere(script, placings, names, file)
