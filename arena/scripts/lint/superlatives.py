"""One superlative said of two people: "the friend you have kept longest" can be only one person.

Within one role script, each superlative relation phrase (`SUPERLATIVES`: phrases that mean the same relation
share a group, so "your oldest friend" and "the friend you have kept longest" are one) is attached to the person
named in the same sentence, or, when the sentence names nobody, in the same paragraph; a sentence or paragraph
that names several people attaches to nobody. "One of your oldest friends" and 最老的朋友之一 are not
superlatives of one person. A group attached to two different people is one finding.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from arena.scripts.lint.places import victim_name
from arena.scripts.lint.texts import CaseNames, Sentence, Source, paragraphs, problem, quote, sentences
from arena.scripts.problems import Problem
from arena.scripts.schema import Script

# (the group's name, the phrases of the group as a regex)
SUPERLATIVES: tuple[tuple[str, str], ...] = (
    ("the friend you have kept longest", r"the friend you have kept longest|(?<!one of )your oldest friend|"
     r"your longest-standing friend"),
    ("your closest friend", r"(?<!one of )your (?:closest|best|dearest) friend"),
    ("the only person you trust", r"the only (?:person|one|man|woman) (?:here )?you (?:really |truly )?trust"),
    ("the person you love most", r"the (?:person|one|man|woman) you love (?:most|best)|the love of your life"),
    ("最老的朋友", r"最老的朋友|相交最久的朋友|认识最久的朋友"),
    ("最好的朋友", r"最好的朋友|最要好的朋友|最亲密的朋友"),
    ("唯一信任的人", r"唯一信任的人|唯一信得过的人|唯一相信的人"),
    ("最爱的人", r"最爱的人"),
)
PATTERNS = tuple((name, re.compile(rf"(?:{phrases})(?![\w-]|之一)", re.I)) for name, phrases in SUPERLATIVES)


def named(span: Sentence, people: re.Pattern[str], names: CaseNames, own: str) -> set[str]:
    """The people a span names (role ids, or the victim's name), the narrator left out."""
    keys = set()
    for m in people.finditer(span.text):
        form = m.group(0)
        keys.add(names.person_key(form))
    return keys - {own}


def attachments(source: Source, names: CaseNames, victim: str) -> list[tuple[str, str, Sentence, int]]:
    """(group, person, sentence, index) for each superlative phrase of the text attached to one person."""
    forms = [f for fs in names.people.values() for f in fs] + ([victim] if victim else [])
    people = re.compile("|".join(re.escape(f) for f in sorted(set(forms), key=len, reverse=True)))
    found = []
    paras = list(paragraphs(source))
    for sentence in sentences(source):
        for group, pattern in PATTERNS:
            for m in pattern.finditer(sentence.text):
                who = named(sentence, people, names, source.ident)
                if not who:
                    para = next(p for p in paras if p.start <= sentence.start < p.start + len(p.text) + 2)
                    who = named(para, people, names, source.ident)
                if len(who) == 1:
                    found.append((group, who.pop(), sentence, m.start()))
    return found


def superlative_problems(script: Script, sources: Iterable[Source], names: CaseNames, file: str) -> list[Problem]:
    problems = []
    victim = victim_name(script)
    for source in sources:
        if source.kind != "role":
            continue
        first: dict[str, tuple[str, Sentence, int]] = {}
        reported: set[str] = set()
        for group, who, sentence, index in attachments(source, names, victim):
            if group not in first:
                first[group] = (who, sentence, index)
                continue
            earlier, at, at_index = first[group]
            if who == earlier or group in reported:
                continue
            reported.add(group)
            problems.append(problem(
                file, script, sentence, index,
                f"{group!r} is said of {names.name(earlier)} ({at.where(at_index)}: "
                f"{quote(at.text)}) and of {names.name(who)}: {quote(sentence.text)}",
                "say it of one person only, and give the other a relation of their own"))
    return problems
