"""The leak check: no text of a case states what an image exists to carry, and no clue states its own conclusion.

The texts are everything the case gives a player to read: the briefing, every role script, every clue's title
and text (an image clue's text is its caption, sent with the image) and the words printed on text-rich cards
(`cards.yaml` params of document, chat and receipt cards, also inside a collage, and any rubber stamp's text).

Two kinds of finding, each one `Problem` tagged `[leak]` naming the case, the text and the value:

- **stated values**: a time or a count that an image carries, found in a text in canonical form
  (`arena/scripts/canonical.py`, Chinese times such as 十点三十七分 folded to 10:37). A time is found in
  either clock form: 10:52 is stated by "10.52pm", "twenty-two fifty-two" and "22:52". The values come from
  the `media` facts of `evidence.yaml` (`values_of`), or for generated cases from their typed facts
  (`arena/generator/leaks.py`).
- **stated conclusions**: a clue text or card that draws its own conclusion about a motive: a connector and
  a motive word in one sentence (`CONNECTORS` and `MOTIVE_WORDS`, English and Chinese). The lists are small on
  purpose: they catch the gloss ("So Hana Devereux stood to lose an inheritance", "which gave her a motive",
  "所以他有动机") and let the evidence itself stand (a letter calling in a loan, a will, an IOU).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from arena.scripts.canonical import canonical
from arena.scripts.problems import Problem
from arena.scripts.schema import Script

TEXT_TEMPLATES = frozenset({"document", "chat", "receipt"})
# card params that are layout, not printed words
LAYOUT_KEYS = frozenset({"style", "font", "heading_font", "signature_font", "size", "mine", "width", "height",
                         "cell", "seed", "colour", "shape", "x", "y", "angle", "file", "template", "total_label"})
TIME_TOKEN = re.compile(r"^(\d{1,2}):(\d{2})$")
# a dotted time stands alone in a fact's wording ("the clock shows 8.52"), not after a currency sign
DOTTED_TIME = re.compile(r"(?<![\d£$€.,:])(\d{1,2})\.([0-5]\d)(?![\d])(?!\.\d)")


@dataclass(frozen=True)
class Text:
    where: str  # "role 'fern' script", "clue 'c_note' title", "card images/note.png"
    text: str


@dataclass(frozen=True)
class Value:
    """A value an image carries: how it is written in its source, its kind and the phrases that state it."""

    shown: str
    kind: str  # "time" or "count"
    phrases: frozenset[str]  # canonical time tokens (time) or padded canonical phrases (count)
    source: str  # the fact or clue that carries it


def printed(value: Any, key: str = "") -> list[str]:
    """The printed words of a card's params (layout keys skipped)."""
    if key in LAYOUT_KEYS:
        return []
    if isinstance(value, Mapping):
        return [w for k, v in value.items() for w in printed(v, str(k))]
    if isinstance(value, list | tuple):
        return [w for v in value for w in printed(v, key)]
    return [value] if isinstance(value, str) else []


def card_words(template: str, params: Mapping[str, Any], look: Any) -> str:
    """The words printed on one card: a text-rich card's params, a collage's text-rich items, any stamp."""
    words: list[str] = []
    if template in TEXT_TEMPLATES:
        words += printed(params)
    for item in params.get("items", []) if template == "collage" else []:
        if isinstance(item, Mapping) and item.get("template") in TEXT_TEMPLATES:
            words += printed(item.get("params", {}))
    stamps = look.get("stamps", []) if isinstance(look, Mapping) else []
    words += [str(s.get("text", "")) for s in stamps if isinstance(s, Mapping)]
    return "\n".join(words)


def case_texts(script: Script, cards: Mapping[str, tuple[str, Mapping[str, Any], Any]]) -> list[Text]:
    """Every text the case gives: briefing, role scripts, clue titles, clue texts and captions, card words.
    `cards` maps a card file to its (template, params, look)."""
    texts = [Text("the briefing", script.briefing)]
    texts += [Text(f"role {r.id!r}'s script", r.script) for r in script.roles]
    for clue in script.clues:
        texts.append(Text(f"clue {clue.id!r} title", clue.title))
        if clue.text:
            texts.append(Text(f"clue {clue.id!r} {'caption' if clue.image else 'text'}", clue.text))
        if clue.image is not None and clue.image.file in cards:
            words = card_words(*cards[clue.image.file])
            if words.strip():
                texts.append(Text(f"card {clue.image.file} (clue {clue.id!r})", words))
    return texts


# ---- times and counts in canonical form ----------------------------------------------------------------------

CN_DIGIT = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
CN_NUM = "零〇一二两三四五六七八九十"
CN_TIME = re.compile(rf"([{CN_NUM}\d]{{1,3}})点(钟)?(半|一刻|三刻|[{CN_NUM}\d]{{1,3}}(?:分(?!钟))?)?")
CN_COUNT = re.compile(rf"([{CN_NUM}\d]{{1,3}})(个|颗|只|张|道|扇|把|根|条|枚|粒|名|位|间|齿|盏|块|封|瓶|支)")


def cn_number(text: str) -> int | None:
    """A Chinese numeral up to 99 (十, 十二, 二十, 三十七, 零五) or digits, as an int."""
    if text.isdigit():
        return int(text)
    if "十" in text:
        tens, _, units = text.partition("十")
        high = CN_DIGIT.get(tens, -1) if tens else 1
        low = CN_DIGIT.get(units, -1) if units else 0
        return None if high < 0 or low < 0 else high * 10 + low
    digits = [CN_DIGIT.get(c) for c in text]
    return None if any(d is None for d in digits) else int("".join(str(d) for d in digits))


def chinese_times(text: str) -> str:
    """Chinese clock times in digits: 十点三十七分 -> 10:37, 十点半 -> 10:30, 十点三刻 -> 10:45, 九点二十 -> 9:20."""

    def one(m: re.Match[str]) -> str:
        hour, minute_text = cn_number(m.group(1)), m.group(3) or ""
        quarter = {"半": 30, "一刻": 15, "三刻": 45}.get(minute_text)
        minute = quarter if quarter is not None else cn_number(minute_text.rstrip("分")) if minute_text else 0
        if hour is None or minute is None or not 0 <= hour <= 23 or not 0 <= minute <= 59:
            return m.group(0)
        if hour == 1 and not (minute_text or m.group(2)):
            return m.group(0)  # 一点 alone is "a little"
        return f" {hour}:{minute:02d} "

    return CN_TIME.sub(one, text)


def time_tokens(text: str, loose: bool = False) -> set[str]:
    """The clock times a text states, in canonical form. `loose` reads a bare dotted number as a time (in a fact's
    wording "shows 8.52" is a time; in a receipt "3.50" is a price)."""
    text = chinese_times(text)
    if loose:
        text = DOTTED_TIME.sub(r"\1:\2", text)
    return {t for t in canonical(text).split() if TIME_TOKEN.match(t)}


def clock_forms(token: str) -> frozenset[str]:
    """Every canonical token naming the same moment: 10:52 <-> 22:52, 8:05 <-> 20:05 <-> 08:05, 12:43 <-> 00:43."""
    m = TIME_TOKEN.match(token)
    if m is None:
        return frozenset({token})
    hour, minute = int(m.group(1)), m.group(2)
    if token.startswith("0") or hour == 0:
        return frozenset({token, f"{hour % 12 or 12}:{minute}"})
    if hour >= 13:
        return frozenset({token, f"{hour - 12}:{minute}"})
    if hour == 12:
        return frozenset({token, f"00:{minute}"})
    return frozenset({token, f"{hour + 12}:{minute}", f"0{hour}:{minute}"})


STOP_WORDS = ("a an the of and or in on at to from by with for as than not no but is was were are its his her their "
              "out into over under round so which who dr mr mrs miss ms")
LABEL_WORDS = ("room table lot compartment panel stage no number platform car cabin seat coach track plate gate door "
               "line box bay ward floor level page item card exhibit photo mark cam camera tag")
STOP, LABELS = frozenset(STOP_WORDS.split()), frozenset(LABEL_WORDS.split())
NUMBER = re.compile(r"^\d+$")


def count_phrases(text: str) -> set[frozenset[str]]:
    """Counts a fact's wording states, each as the phrases that would state it again: "fourteen white stones" ->
    {" 14 white stones ", " 14 stones "}; Chinese 十四颗 -> {"14颗"}. A number after a label word (Room 12,
    Table 4) is a name, not a count."""
    found: set[frozenset[str]] = set()
    for segment in re.split(r"[,;:()\"'“”‘’]|\.\s", text):
        words = [w for w in canonical(segment).split() if not TIME_TOKEN.match(w)]
        for i, word in enumerate(words):
            if not NUMBER.match(word) or (i and words[i - 1] in LABELS):
                continue
            run = []
            for nxt in words[i + 1:i + 4]:
                if nxt in STOP or NUMBER.match(nxt) or nxt.startswith(("£", "$", "€")):
                    break
                run.append(nxt)
            if run:
                found.add(frozenset({f" {word} {' '.join(run)} ", f" {word} {run[-1]} "}))
    for m in CN_COUNT.finditer(text):
        n = cn_number(m.group(1))
        if n is not None:
            found.add(frozenset({f"{n}{m.group(2)}"}))
    return found


def chinese_counts(text: str) -> str:
    """The text with Chinese counts in digits (十四颗 -> 14颗), joined so a count phrase is found as a substring."""
    return CN_COUNT.sub(lambda m: f"{cn_number(m.group(1))}{m.group(2)}" if cn_number(m.group(1)) is not None
                        else m.group(0), text)


LEAD_LABEL = re.compile(r"^[^\d:：;；]{1,8}[:：]\s*")  # "座次图：" before the reading
CLAUSE_END = re.compile(r"(?<!\d):|:(?!\d)|[;；：]")


def lead_clause(says: str) -> str:
    """The reading a fact leads with: its wording up to the first colon or semicolon that ends a clause (the rest
    explains what follows from it), after a short label such as "座次图：" (a plan's name)."""
    rest = LEAD_LABEL.sub("", says.strip(), count=1)
    return CLAUSE_END.split(rest, maxsplit=1)[0]


def values_of(fact_id: str, says: str) -> list[Value]:
    """The times and counts a media fact's wording carries (in its lead clause)."""
    clause = lead_clause(says)
    out = [Value(t, "time", clock_forms(t), f"fact {fact_id!r}") for t in sorted(time_tokens(clause, loose=True))]
    out += [Value(min(p, key=len).strip(), "count", p, f"fact {fact_id!r}") for p in
            sorted(count_phrases(clause), key=sorted)]
    return out


@dataclass(frozen=True)
class Readable:
    """A text prepared once for comparison: its time tokens and its canonical words."""

    where: str
    times: frozenset[str]
    words: str

    @staticmethod
    def of(text: Text) -> Readable:
        return Readable(text.where, frozenset(time_tokens(text.text)), canonical(text.text) + chinese_counts(text.text))


def states(readable: Readable, value: Value) -> bool:
    if value.kind == "time":
        return bool(readable.times & value.phrases)
    return any(p in readable.words for p in value.phrases)


def stated_values(script: Script, texts: Iterable[Text], values: Iterable[Value], file: str,
                  exempt: Mapping[str, frozenset[str]] | None = None) -> list[Problem]:
    """One `[leak]` problem per (value, text) where the text states a value an image carries. `exempt` maps a
    text's `where` to the value sources it may state (see `arena/generator/leaks.py`: a timeline)."""
    readable = [Readable.of(t) for t in texts]
    problems = []
    for value in values:
        for text in readable:
            if value.source in (exempt or {}).get(text.where, frozenset()) or not states(text, value):
                continue
            problems.append(Problem(file, text.where, f"[leak] case {script.id!r}: states {value.shown!r}, the "
                                    f"{value.kind} that {value.source} gives only in its image",
                                    "let only the image carry it: remove or reword the sentence (a card prints its "
                                    "own time, not the one the image gives)"))
    return problems


# ---- conclusions ------------------------------------------------------------------------------------------------

CONNECTORS = {
    "en": r"\b(?:so|therefore|thus|hence|which means|which meant|which gave|this means|that means|that is why|"
          r"clearly|obviously|evidently|it follows that)\b",
    "zh": r"所以|因此|因而|可见|由此|原来|这说明|这意味着|这就是",
}
MOTIVE_WORDS = {
    "en": r"\b(?:motive|motives|reason to|reason for|reasons to|stood to lose|stands to lose|stand to lose|"
          r"stood to gain|stands to gain|stood to inherit|to inherit|blackmailed|dismissed|ruined|jealous|jealousy|"
          r"owed|grudge|wanted (?:him|her|them) dead)\b",
    "zh": r"动机|理由|原因|遗产|欠|勒索|敲诈|解雇|开除|嫉妒|吃醋|失去|记恨|怀恨",
}
SENTENCE = re.compile(r"(?<=[.!?。！？；;])\s*|\n+")


def conclusion(text: str) -> str | None:
    """The first sentence of `text` that draws a motive conclusion (a connector, then a motive word), or None."""
    for sentence in SENTENCE.split(text):
        for lang in ("en", "zh"):
            link = re.search(CONNECTORS[lang], sentence, re.IGNORECASE)
            if link and re.search(MOTIVE_WORDS[lang], sentence[link.end():], re.IGNORECASE):
                return sentence.strip()
    return None


def stated_conclusions(script: Script, texts: Iterable[Text], file: str) -> list[Problem]:
    """One `[leak]` problem per clue text or card that states its own motive conclusion."""
    problems = []
    for text in texts:
        if not text.where.startswith(("clue ", "card ")):
            continue
        found = conclusion(text.text)
        if found:
            problems.append(Problem(file, text.where, f"[leak] case {script.id!r}: states its own conclusion: "
                                    f"{found!r}", "show the evidence (the debt, the letter, the will) "
                                    "and leave the conclusion to the players"))
    return problems
