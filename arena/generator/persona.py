"""Coherence and length checks of a generated case: personas that fit, grammar, no filler, long scripts.

* coherence: a relation that is a job appears in the role's profile; a motive fits the relation
  (`pools.MOTIVE_RELATIONS`); "a"/"an" agree with the next word; every clue is key, a red herring
  tied to a suspect, or context some question cites.
* length: every role script has at least the requested words, and every role is asked (LSU) about
  its script's last quarter.
"""

from __future__ import annotations

import re

from arena.generator import pools
from arena.generator.facts import CaseFacts, Motive, Relation
from arena.generator.findings import Finding
from arena.scripts.schema import Script, Suite

A_BEFORE_VOWEL = re.compile(r"\b[Aa] ((?!uni|use|usu|eu|one|once)[aeiou]\w*)")
AN_BEFORE_CONSONANT = re.compile(r"\b[Aa]n ((?!hour|honest|heir)[b-df-hj-np-tv-z]\w*)")
LAST_QUARTER = 0.75


def grammar_problems(where: str, text: str) -> list[Finding]:
    found = [m.group(0) for pattern in (A_BEFORE_VOWEL, AN_BEFORE_CONSONANT) for m in pattern.finditer(text)]
    return [Finding("coherence", where, f"article does not fit: {bad!r}", "use 'an' before a vowel sound, 'a' "
                    "before a consonant") for bad in found[:3]]


def persona_problems(script: Script, case: CaseFacts) -> list[Finding]:
    jobs = {label: occupations for label, _, occupations in pools.RELATIONS}
    problems = []
    for role in script.roles:
        facts = case.roles.get(role.id, ())
        relation = next((f.relation for f in facts if isinstance(f, Relation)), None)
        if relation is None:
            continue
        fitting = jobs.get(relation, ())
        said = f"{role.profile} {role.script or ''}"
        if fitting and not any(case.labels.get(job, job) in said for job in fitting):
            problems.append(Finding("coherence", f"role {role.id}", f"is the victim's {relation} but the profile "
                                    f"names none of {list(fitting)}", "draw the occupation from the relation's table"))
        for motive in (f for f in facts if isinstance(f, Motive)):
            allowed = pools.MOTIVE_RELATIONS.get(motive.kind, ())
            if allowed and relation not in allowed:
                problems.append(Finding("coherence", f"role {role.id}", f"motive {motive.kind!r} does not fit the "
                                        f"relation {relation!r}", f"use one of {list(allowed)}"))
    return problems


def filler_problems(script: Script, case: CaseFacts) -> list[Finding]:
    cited = {ref for q in script.questions for ref in q.evidence}
    problems = []
    for clue in script.clues:
        herring = clue.misleading and any(getattr(f, "person", None) in case.people for f in case.clues[clue.id])
        motive = any(isinstance(f, Motive) for f in case.clues[clue.id])  # a motive is the story's, asked or not
        if not (clue.key or herring or motive or clue.id in cited):
            problems.append(Finding("coherence", f"clue {clue.id}", "filler: not key, not a red herring tied to a "
                                    "suspect, and no question uses it", "drop it or ask about it"))
    return problems


def check_coherence(script: Script, case: CaseFacts) -> list[Finding]:
    problems = persona_problems(script, case) + filler_problems(script, case)
    problems += grammar_problems("briefing", script.briefing)
    for role in script.roles:
        problems += grammar_problems(f"role {role.id}", role.script or "")
    for clue in script.clues:
        problems += grammar_problems(f"clue {clue.id}", f"{clue.title}. {clue.text}")
    return problems


def check_length(script: Script, case: CaseFacts, words: int = 0) -> list[Finding]:
    """Every innocent role is asked about the last quarter of its script, so a long-script question needs the
    whole script. A script's length follows from its content: `words` (the requested length) is never a floor
    to pad to, only reported by `arena scripts stats`."""
    problems = []
    late = {q.role for q in script.questions if q.suite is Suite.LSU and q.id in case.positions
            and case.positions[q.id][0] >= LAST_QUARTER * case.positions[q.id][2]}
    for role in script.roles:
        if case.positions and role.id not in late and not role.culprit:  # no item is sent a culprit's script
            problems.append(Finding("length", f"role {role.id}", "no LSU question asks about the last quarter of "
                                    "its script", "ask about a detail told near the end"))
    return problems
