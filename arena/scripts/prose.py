"""What a case's prose is made of: the share of sentences that state a fact of the case, and how much of it
recurs in other cases once the names are masked.

Both figures read only the texts a player reads (the briefing and the role scripts), so they apply to every
case: hand-written, generated and imported.

- **Fact share** (`fact_share`): a sentence states a fact of the case when it names one of the case's
  entities: a person (a role's full, first or last name, or the victim), a place (a location's name), a clock
  time, or a word of the case's own vocabulary given by the caller (for a generated case: its weapon,
  containers, motives and secrets). The measure is generous to filler that happens to name a person, and
  strict about scenery: "The air smelt of beeswax" names nothing of the case.
- **Masked recurrence** (`masked_recurrence`): each sentence with its names, places, numbers and times
  replaced by placeholders; the share of a corpus's sentences whose masked form occurs in another case.
  Templated prose recurs; written prose does not (hand-written cases: about 1%).

Sentences are those long enough to count (`sentences`): over six words, or over twelve CJK characters.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from arena.scripts.schema import Script
from multimodal.language import CJK_CHAR, is_chinese, split_chinese_sentences

MIN_WORDS = 6
MIN_CHARS = 12
LATIN_END = re.compile(r"(?<=[.!?])\s+|\n+")
CLOCK = re.compile(r"\b\d{1,2}[:.]\d{2}\b|[零〇一二两三四五六七八九十]+点(?:[零〇一二三四五六七八九十]+分|半|整)?")
NUMBER = re.compile(r"\d+(?:[.,]\d+)*|[零〇一二两三四五六七八九十百千]+")
HEADING = re.compile(r"^#+\s")
ITEM = re.compile(r"^(?:[-*+]|\d+[.)]|#+)\s")
CAPITALISED = re.compile(r"(?<=[\w,;:] )[A-Z][\w'’-]*")
ANAPHOR = re.compile(r"\b(?:he|she|him|her|his|hers|they|them|their)\b", re.IGNORECASE)
CHINESE_ANAPHOR = re.compile(r"[他她]")
CHINESE_TITLES = ("先生", "太太", "小姐", "夫人", "老板", "掌柜", "师傅", "大夫", "医生", "经理", "科长", "场长",
                  "少爷", "老爷", "同志", "探长", "巡捕")
STOP_NAMES = frozenset({"the", "of", "and", "mr", "mrs", "miss", "dr", "sir", "lady", "lord", "room"})


def lines_of(text: str, language: str) -> list[str]:
    """The text's logical lines: a hard-wrapped paragraph joined into one, list items and headings kept apart
    (headings then skipped)."""
    out: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            out.append("")
        elif out and out[-1] and not ITEM.match(stripped) and not HEADING.match(out[-1]):
            out[-1] += ("" if is_chinese(language) else " ") + stripped
        else:
            out.append(stripped)
    return [line for line in out if line and not HEADING.match(line)]


def sentences(text: str, language: str = "en") -> list[str]:
    """The sentences of `text` long enough to count (headings skipped, wrapped lines joined)."""
    lines = lines_of(text, language)
    if is_chinese(language):
        pieces = [s for line in lines for s in split_chinese_sentences(line)]
        return [s.strip() for s in pieces if len(CJK_CHAR.findall(s)) > MIN_CHARS]
    return [p.strip() for line in lines for p in LATIN_END.split(line) if len(p.split()) > MIN_WORDS]


def reader_texts(script: Script) -> list[str]:
    """The texts a player reads at length: the briefing and every role script."""
    return [script.briefing, *(role.script or "" for role in script.roles)]


def chinese_name_forms(name: str) -> set[str]:
    """How Chinese prose calls a person named `name` (2-4 characters): the full name, the given name, 老 or 小
    with the surname, and the surname with a title (沈先生, 钱掌柜)."""
    if not 2 <= len(name) <= 4 or not all(CJK_CHAR.match(c) for c in name):
        return {name} if name else set()
    surname = name[0]
    return {name, name[1:] if len(name) > 2 else name, f"老{surname}", f"小{surname}",
            *(surname + title for title in CHINESE_TITLES)}


def name_parts(name: str) -> set[str]:
    """A name and its parts long enough to mean it ("Mr Adrian Thorne" -> the whole, Adrian, Thorne)."""
    if CJK_CHAR.search(name):
        return {form for word in re.split(r"[\s，,（）()·]+", name) for form in chinese_name_forms(word)}
    words = [w for w in re.split(r"[\s,()'’]+", name) if w]
    parts = {w for w in words if len(w) > 2 and w.lower() not in STOP_NAMES}
    return {name.strip(), *parts} if name.strip() else parts


def case_names(script: Script) -> set[str]:
    """The case's people and places as they are written: role and victim names (and their parts), location
    names (and their distinctive words)."""
    names: set[str] = set()
    for role in script.roles:
        names |= name_parts(role.name)
    names |= name_parts(re.split(r"[,，]", script.victim)[0])
    for location in script.locations:
        names |= name_parts(location.name)
    return {n for n in names if len(n) > 1}


@dataclass(frozen=True)
class Entities:
    """What counts as naming the case: names (matched as words in spaced text, as substrings in Chinese)."""

    names: frozenset[str]
    language: str = "en"

    def pattern(self) -> re.Pattern[str] | None:
        if not self.names:
            return None
        alternatives = "|".join(re.escape(n) for n in sorted(self.names, key=len, reverse=True))
        if is_chinese(self.language):
            return re.compile(alternatives)
        return re.compile(rf"(?<![\w])(?:{alternatives})(?![\w])", re.IGNORECASE)


def entities(script: Script, vocabulary: Iterable[str] = ()) -> Entities:
    return Entities(frozenset(case_names(script) | {v for v in vocabulary if len(v) > 1}), script.language)


def states_fact(sentence: str, pattern: re.Pattern[str] | None) -> bool:
    return bool(CLOCK.search(sentence)) or (pattern is not None and pattern.search(sentence) is not None)


def paragraph_facts(paragraph: str, pattern: re.Pattern[str] | None, language: str) -> list[bool]:
    """Per counted sentence of a paragraph: whether it states a fact of the case. A sentence that refers back
    by pronoun to a person the paragraph has just named counts with it ("Thorne left at 9.43. He took the
    bag."), so written prose is not penalised for not repeating names."""
    out: list[bool] = []
    named = False
    anaphor = CHINESE_ANAPHOR if is_chinese(language) else ANAPHOR
    for sentence in sentences(paragraph, language):
        states = states_fact(sentence, pattern) or (named and bool(anaphor.search(sentence)))
        named = states_fact(sentence, pattern)
        out.append(states)
    return out


def fact_share(script: Script, vocabulary: Iterable[str] = ()) -> tuple[int, int]:
    """(sentences that state a fact of the case, sentences) over the briefing and the role scripts."""
    pattern = entities(script, vocabulary).pattern()
    flags = [flag for text in reader_texts(script) for paragraph in re.split(r"\n\s*\n", text)
             for flag in paragraph_facts(paragraph, pattern, script.language)]
    return sum(flags), len(flags)


def masked(sentence: str, pattern: re.Pattern[str] | None) -> str:
    """The sentence with the case's names, clock times and numbers replaced by placeholders, lower-cased and
    with spacing folded, so that two cases' renderings of one template compare equal."""
    text = CLOCK.sub("<t>", sentence)
    if pattern is not None:
        text = pattern.sub("<n>", text)
    text = NUMBER.sub("<d>", text)
    text = CAPITALISED.sub("<n>", text)  # other proper names (towns, ships, firms) vary between renderings too
    return re.sub(r"\s+", " ", text.lower()).strip(" .。")


def masked_sentences(script: Script, vocabulary: Iterable[str] = ()) -> list[str]:
    pattern = entities(script, vocabulary).pattern()
    return [masked(s, pattern) for text in reader_texts(script) for s in sentences(text, script.language)]


def recurring_per_group(groups: Sequence[Sequence[str]]) -> list[int]:
    """For each group (a case's masked sentences, a role's sentences), how many of its items also occur in
    another group."""
    owners: dict[str, set[int]] = {}
    for i, group in enumerate(groups):
        for item in group:
            owners.setdefault(item, set()).add(i)
    return [sum(len(owners[item]) > 1 for item in group) for group in groups]


def masked_recurrence(cases: Sequence[Sequence[str]]) -> tuple[int, int]:
    """(sentences whose masked form occurs in another case, sentences) over `cases`, each given as its
    masked sentences (`masked_sentences`)."""
    return sum(recurring_per_group(cases)), sum(len(case) for case in cases)


@dataclass(frozen=True)
class ProseFigures:
    """A corpus's prose figures for one group of cases (a plot and a language)."""

    cases: int
    questions: int
    sentences: int
    stated: int  # sentences that state a fact of the case
    recurring: int  # sentences whose masked form occurs in another case of the whole corpus

    @property
    def fact_share(self) -> float:
        return self.stated / self.sentences if self.sentences else 0.0

    @property
    def recurrence(self) -> float:
        return self.recurring / self.sentences if self.sentences else 0.0


def plot_of(script: Script) -> str | None:
    """The plot a generated case names in its metadata (`plot`); None for a case without one (hand-written)."""
    plot = script.metadata.get("plot") or script.metadata.get("generator", {}).get("plot")
    return str(plot) if plot else None


def group_of(script: Script) -> tuple[str, str]:
    """(plot, language) of a case: the plot a generated case names in its metadata, else "-"."""
    return plot_of(script) or "-", script.language


def corpus_figures(scripts: Sequence[Script]) -> dict[tuple[str, str], ProseFigures]:
    """Per (plot, language): cases, questions, fact share and masked recurrence (against the whole corpus of the
    same language, so a template shared by two plots still counts as recurring)."""
    recurring: dict[int, int] = {}
    for language in {s.language for s in scripts}:
        same = [i for i, s in enumerate(scripts) if s.language == language]
        recurring |= dict(zip(same, recurring_per_group([masked_sentences(scripts[i]) for i in same]), strict=True))
    out: dict[tuple[str, str], ProseFigures] = {}
    for i, script in enumerate(scripts):
        stated, total = fact_share(script)
        key = group_of(script)
        was = out.get(key, ProseFigures(0, 0, 0, 0, 0))
        out[key] = ProseFigures(was.cases + 1, was.questions + len(script.questions), was.sentences + total,
                                was.stated + stated, was.recurring + recurring[i])
    return out
