"""The texts the consistency linter reads, cut into sentences that know their line, and the case's names.

A `Source` is one text a player reads (a role script, the briefing, a clue's title or text, the words printed on a
card); a `Sentence` is a span of it with its line number inside that text, so a finding can say "role 'hana'
line 25". The clock times of a sentence (`point_times`) are the times it states as a moment: "At 20:30",
"20:30，", "9.40 pm"; a time that opens or closes a range ("from 22:55 to 22:58", "between 10.01 and 10.06",
"19:00以后") is not a moment and is left out, so two ranges never clash by their ends. `CaseNames` holds the
people (role names, the victim) and the places (location names, the rooms of a plan card) the rules match.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from arena.scripts.leaks import CN_TIME, card_words, chinese_times
from arena.scripts.problems import Problem
from arena.scripts.schema import Script
from multimodal.files import FileProblem, read_yaml_inside

TAG = "[consistency]"
FACTS_FILE = "facts.yaml"  # a generated case's typed facts (`arena/generator/facts.py`), read here as plain data


@dataclass(frozen=True)
class Source:
    """One text of the case. `kind` is role, briefing, clue or card; `ident` the role id, clue id or card file."""

    kind: str
    ident: str
    text: str
    clue: str = ""  # for a card: the clue that shows it

    def line(self, offset: int) -> int:
        return self.text.count("\n", 0, offset) + 1

    def path(self, offset: int) -> str:
        """The problem path: `roles hana line 25`, `briefing line 3`, `clues c_log line 2`, `cards images/x.png ...`."""
        plural = {"role": "roles", "clue": "clues", "card": "cards"}.get(self.kind, self.kind)
        name = f"{plural} {self.ident}" if self.ident else plural
        return f"{name} line {self.line(offset)}"

    def where(self, offset: int) -> str:
        """The place in words: `role 'hana' line 25`, `the briefing line 3`, `card images/x.png (clue 'c') line 2`."""
        line = self.line(offset)
        if self.kind == "briefing":
            return f"the briefing line {line}"
        if self.kind == "card":
            return f"card {self.ident} (clue {self.clue!r}) line {line}"
        return f"{self.kind} {self.ident!r} line {line}"


@dataclass(frozen=True)
class Sentence:
    source: Source
    start: int
    text: str

    def at(self, index: int) -> int:
        """The offset in the source of position `index` of this sentence."""
        return self.start + index

    def where(self, index: int) -> str:
        """Where position `index` of this sentence is, in words (`Source.where`)."""
        return self.source.where(self.at(index))


# a sentence ends at a full stop, a question or exclamation mark (English, after any closing quote), a Chinese
# sentence mark, a blank line, or the start of a list item or heading
BOUNDARY = re.compile(r"\n[ \t]*\n|\n(?=[ \t]*(?:[-*•#]|\d+[.)]\s))|(?<=[.!?])[\"”’)*]*\s+|(?<=[。！？；…])[」』”’）]*")


def sentences(source: Source) -> Iterator[Sentence]:
    start = 0
    for m in BOUNDARY.finditer(source.text):
        if m.start() > start:
            yield Sentence(source, start, source.text[start:m.start()])
        start = m.end()
    if start < len(source.text):
        yield Sentence(source, start, source.text[start:])


def paragraphs(source: Source) -> Iterator[Sentence]:
    """The text's paragraphs (split at blank lines), as spans."""
    start = 0
    for m in re.finditer(r"\n[ \t]*\n", source.text):
        yield Sentence(source, start, source.text[start:m.start()])
        start = m.end()
    yield Sentence(source, start, source.text[start:])


def case_sources(script: Script, cards: Mapping[str, tuple[str, Mapping[str, Any], Any]]) -> list[Source]:
    """Every text of the case: the briefing, the role scripts, each clue's title and text, each card's words."""
    out = [Source("briefing", "", script.briefing)]
    out += [Source("role", r.id, r.script) for r in script.roles]
    for clue in script.clues:
        out.append(Source("clue", clue.id, f"{clue.title}\n\n{clue.text}" if clue.text else clue.title))
        if clue.image is not None and clue.image.file in cards:
            words = card_words(*cards[clue.image.file])
            if words.strip():
                out.append(Source("card", clue.image.file, words, clue.id))
    return out


# ---- clock times --------------------------------------------------------------------------------------------

TIME = re.compile(r"(?<![\d£$€¥.,:])([01]?\d|2[0-3])[:.]([0-5]\d)(?![\d:]|\.\d)(?:\s?([ap])\.?\s?m\b\.?)?", re.I)
RANGE_BEFORE = re.compile(r"(?:\b(?:from|between|until|till|to|after|before|since|and|past|than)\s+|[-–—~至到从]\s*)$",
                          re.I)
RANGE_AFTER = re.compile(r"^(?:\s*(?:to|until|till|and|or|-|–|—|~)\s*\d|"
                         r"\s*(?:前后|左右)?(?:以后|之后|以前|之前|起|到|至|多|—|-|~|–))", re.I)
AFTERNOON = re.compile(r"(?:下午|晚上|傍晚|夜里|夜间)\s*$")
QUOTED = re.compile(r"[\"“「『][^\"“”「」『』\n]{0,300}[\"”」』]")


def clock(hour: int, minute: int, half: str | None) -> str:
    """A time as written, in one form: 24-hour when am/pm says so ("9.40 pm" -> 21:40), else as given (9:40)."""
    if half:
        hour = hour % 12 + (12 if half.lower() == "p" else 0)
        return f"{hour:02d}:{minute:02d}"
    return f"{hour:02d}:{minute:02d}" if hour >= 10 else f"{hour}:{minute:02d}"


def unquoted(text: str) -> str:
    """`text` with its quotations blanked (same length): a time someone is quoted as saying is not a moment of
    the sentence that quotes it."""
    return QUOTED.sub(lambda m: " " * len(m.group(0)), text)


def clock_times(text: str) -> Iterator[tuple[int, int, int, int, str | None]]:
    """(start, end, hour, minute, am/pm) of each clock time written in digits or in Chinese (十点三十七分 = 10:37)."""
    chinese = [(m.start(), m.end(), TIME.search(chinese_times(m.group(0)))) for m in CN_TIME.finditer(text)]
    for start, end, digits in chinese:
        if digits is not None:
            yield start, end, int(digits.group(1)), int(digits.group(2)), None
    for m in TIME.finditer(text):
        if not any(s <= m.start() < e for s, e, _ in chinese):
            yield m.start(), m.end(), int(m.group(1)), int(m.group(2)), m.group(3)


def point_times(text: str, quotes: bool = False) -> list[tuple[int, str]]:
    """(index, time) of each clock time `text` states as a moment, outside quotations unless `quotes`."""
    if not quotes:
        text = unquoted(text)
    found = []
    for start, end, hour, minute, half in sorted(clock_times(text)):
        before, after = text[max(0, start - 9):start], text[end:end + 6]
        if RANGE_BEFORE.search(before) or RANGE_AFTER.search(after):
            continue
        if half is None and AFTERNOON.search(before) and hour < 12:
            half = "p"
        found.append((start, clock(hour, minute, half)))
    return found


def inside_quote(text: str, index: int) -> bool:
    """Whether position `index` of `text` is inside a quotation opened earlier in its paragraph."""
    start = text.rfind("\n\n", 0, index) + 1
    before = text[start:index]
    return (before.count('"') % 2 == 1 or before.count("“") > before.count("”")
            or before.count("「") > before.count("」"))


# ---- names --------------------------------------------------------------------------------------------------

CJK = re.compile(r"[\u3400-\u9fff]")
HONORIFIC = re.compile(r"^(?:the |mr\.? |mrs\.? |miss |ms\.? |dr\.? |captain |major |professor |sir |lady )", re.I)


def place_forms(name: str) -> list[str]:
    """The ways a text names a place: as given, without a bracketed note, without a leading "The"."""
    base = re.sub(r"\s*[(（][^)）]*[)）]\s*$", "", name.strip())
    forms = {name.strip(), base, re.sub(r"^the\s+", "", base, flags=re.I)}
    return [f for f in forms if len(f) >= (2 if CJK.search(f) else 3)]


@dataclass(frozen=True)
class CaseNames:
    """The people and places of a case, each with the forms a text may use, and the regexes that find them."""

    people: dict[str, tuple[str, ...]]  # key (role id or name) -> forms (full name, unique first name)
    places: dict[str, tuple[str, ...]]  # key (a canonical name) -> forms
    place_re: re.Pattern[str] = field(repr=False)
    person_re: re.Pattern[str] = field(repr=False)

    def place_key(self, form: str) -> str:
        """The canonical name of the place a form names (compared case-insensitively)."""
        low = form.lower()
        return next((k for k, forms in self.places.items() if low in (f.lower() for f in forms)), form)

    def person_key(self, form: str) -> str:
        """The role id a name form stands for (compared case-insensitively), or the form itself."""
        low = form.lower()
        return next((k for k, forms in self.people.items() if low in (f.lower() for f in forms)), form)

    def name(self, key: str) -> str:
        return self.people[key][0] if key in self.people else key


def alternation(forms: Iterable[str]) -> str:
    """A regex alternation of `forms`, longest first; a Latin form must stand as whole words (CJK has no spaces)."""
    def one(form: str) -> str:
        return re.escape(form) if CJK.match(form) else rf"(?<![\w-]){re.escape(form)}(?![\w-])"

    return "|".join(one(f) for f in sorted(set(forms), key=len, reverse=True)) or r"(?!x)x"


def plan_rooms(cards: Mapping[str, tuple[str, Mapping[str, Any], Any]]) -> list[str]:
    """Room names drawn on plan cards (`floorplan` and `furnished_plan` rooms)."""
    rooms = []
    for template, params, _ in cards.values():
        if template in ("floorplan", "furnished_plan"):
            rooms += [str(r["name"]) for r in listed(params.get("rooms")) if isinstance(r, Mapping) and r.get("name")]
    return rooms


def case_names(script: Script, cards: Mapping[str, tuple[str, Mapping[str, Any], Any]]) -> CaseNames:
    people: dict[str, tuple[str, ...]] = {}
    firsts = [HONORIFIC.sub("", r.name).split()[0] for r in script.roles if HONORIFIC.sub("", r.name).split()]
    for role in script.roles:
        bare = HONORIFIC.sub("", role.name)
        forms = [role.name, bare] if bare != role.name else [role.name]
        first = bare.split()[0] if bare.split() else ""
        if " " in bare and firsts.count(first) == 1 and len(first) >= 3:
            forms.append(first)
        people[role.id] = tuple(dict.fromkeys(forms))
    places: dict[str, tuple[str, ...]] = {}
    for name in [loc.name for loc in script.locations] + plan_rooms(cards):
        forms = place_forms(name)
        key = min(forms, key=len)
        if key.lower() not in (k.lower() for k in places):
            places[key] = tuple(forms)
    place_re = re.compile(rf"(?i:(?:\bthe\s+)?(?P<place>{alternation(f for fs in places.values() for f in fs)}))")
    person_re = re.compile(f"(?:{alternation(f for fs in people.values() for f in fs)})")
    return CaseNames(people, places, place_re, person_re)


def case_facts(script: Script) -> dict[str, Any] | None:
    """The case's typed facts as plain data, or None when it has none (or they cannot be read: the generator's
    checks report that)."""
    if script.folder is None or not (script.folder / FACTS_FILE).is_file():
        return None
    try:
        return read_yaml_inside(script.folder, FACTS_FILE)
    except FileProblem:
        return None


def mapping(value: Any) -> dict[str, Any]:
    """`value` when it is a mapping, else empty: typed facts are read defensively (their own check reports a
    malformed file)."""
    return value if isinstance(value, dict) else {}


def listed(value: Any) -> list[Any]:
    """`value` when it is a list, else empty."""
    return value if isinstance(value, list) else []


def clue_facts(facts: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(clue id, fact) for every well-formed fact of every clue in typed facts."""
    for clue_id, given in mapping(facts.get("clues")).items():
        for fact in listed(given):
            if isinstance(fact, dict):
                yield str(clue_id), fact


def problem(file: str, script: Script, sentence: Sentence, index: int, what: str, fix: str) -> Problem:
    """One `[consistency]` problem at position `index` of `sentence`, naming the case, the text and its line."""
    offset = sentence.at(index)
    return Problem(file, sentence.source.path(offset),
                   f"{TAG} case {script.id!r}, {sentence.source.where(offset)}: {what}", fix)


def quote(text: str, limit: int = 80) -> str:
    """A short, one-line quotation of `text`."""
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[:limit - 1] + "…")
