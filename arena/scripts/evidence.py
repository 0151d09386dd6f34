"""The evidence layer: `evidence.yaml` beside a case, and the five checks that make a case measure.

The file lists the case's suspects and its facts; each fact names its source (an image, a clue, a
role script or the briefing), whether only a picture shows it (`media`) or it can be read as text
(`text`), and the suspects it rules out. The checks:

1. with all facts, the suspects left standing are exactly the case's culprits;
2. with only the `text` facts, at least two suspects remain, so vision is needed;
3. every source exists in the case;
4. no MIU question's correct answer is stated in any text the case gives (briefing, role scripts, clue
   titles, clue texts and captions, words printed on text-rich cards), in any format: times, numbers and
   money are compared in canonical form ("10:40" is stated by "twenty to eleven" and "10.40pm"; "£40" by
   "forty pounds");
5. no clue or card states its own motive conclusion (`arena/scripts/leaks.py`).

`possible_leaks` lists, for review only, the times and counts that a `media` fact's wording carries and
that a text also states (read from free wording, so it finds some that are fine: a time a fact refutes).

A case without `evidence.yaml` is not checked here. Every failure is one `Problem` naming the case,
the fact or question, and the fix.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError, model_validator

from arena.scripts.canonical import canonical
from arena.scripts.leaks import Text, Value, case_texts, stated_conclusions, stated_values, values_of
from arena.scripts.problems import Problem
from arena.scripts.schema import Id, Model, Script, Suite
from multimodal.files import FileProblem, read_yaml_inside

EVIDENCE_FILE = "evidence.yaml"
MIN_TEXT_SUSPECTS = 2


class Source(Model):
    """Exactly one of: an image file, a clue id, a role id, or the briefing."""

    image: str | None = None
    clue: str | None = None
    role: str | None = None
    briefing: bool | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> Source:
        given = [k for k in ("image", "clue", "role", "briefing") if getattr(self, k)]
        if len(given) != 1:
            raise ValueError(f"a source names exactly one of image, clue, role, briefing; got {given or 'none'}")
        return self

    def describe(self) -> str:
        return next(f"{k} {getattr(self, k)!r}" for k in ("image", "clue", "role", "briefing") if getattr(self, k))


class Fact(Model):
    id: Id
    says: str
    source: Source
    modality: Literal["media", "text"]
    excludes: list[str] = []


class Evidence(Model):
    version: Literal[1]
    suspects: list[str]
    facts: list[Fact]


def evidence_path(script: Script) -> Path | None:
    """The case's evidence file, or None when the case has none (or was not loaded from a folder). A name
    that is there but is no regular file (a link, a FIFO) is returned too: reading it says what is wrong."""
    if script.folder is None:
        return None
    path = script.folder / EVIDENCE_FILE
    return path if os.path.lexists(path) else None


def load_evidence(path: Path) -> Evidence | Problem:
    """The parsed evidence file, or one Problem saying what is wrong with it: the case path rule and the
    script cap, UTF-8, safe YAML (`multimodal.files.read_yaml_inside`), then the evidence format."""
    try:
        return Evidence.model_validate(read_yaml_inside(path.parent, path.name))
    except FileProblem as exc:
        return Problem(str(path), "", str(exc), exc.fix)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        return Problem(str(path), where, f"{first['msg']} ({exc.error_count()} error(s))",
                       "follow the evidence format in docs/script-format.md")


def remaining(evidence: Evidence, modality: str | None = None) -> list[str]:
    """Suspects no fact excludes, using every fact or only the facts of one modality."""
    out: set[str] = set()
    for fact in evidence.facts:
        if modality is None or fact.modality == modality:
            out.update(fact.excludes)
    return [s for s in evidence.suspects if s not in out]


def check_solution(script: Script, ev: Evidence, file: str) -> list[Problem]:
    """Checks 1 and 2: all facts name exactly the culprits; text facts alone leave two suspects."""
    problems = []
    left = remaining(ev)
    if sorted(left) != sorted(script.culprits):
        problems.append(Problem(
            file, "facts", f"case {script.id!r}: with all facts the suspects left are {left}, "
            f"but the culprits are {sorted(script.culprits)}",
            "add facts that exclude the innocent suspects, and let no fact exclude a culprit"))
    text_left = remaining(ev, "text")
    if len(text_left) < MIN_TEXT_SUSPECTS:
        deciders = sorted({f.id for f in ev.facts if f.modality == "text" and set(f.excludes) & set(ev.suspects)})
        problems.append(Problem(
            file, "facts", f"case {script.id!r}: text alone leaves only {text_left}, so images are not needed",
            f"move an exclusion into a fact only an image shows (modality: media); text facts that "
            f"exclude: {deciders}"))
    return problems


def check_references(script: Script, ev: Evidence, file: str) -> list[Problem]:
    """Check 3 (and suspect ids): every source and every excluded suspect exists in the case."""
    problems = []
    roles, clues = set(script.role_ids), {c.id for c in script.clues}
    base = script.folder or Path(file).parent
    for i, sid in enumerate(ev.suspects):
        if sid not in roles:
            problems.append(Problem(file, f"suspects[{i}]", f"case {script.id!r}: suspect {sid!r} is not a role",
                                    f"use one of {sorted(roles)}"))
    for i, fact in enumerate(ev.facts):
        src = fact.source
        missing = ((src.image is not None and not (base / src.image).is_file())
                   or (src.clue is not None and src.clue not in clues)
                   or (src.role is not None and src.role not in roles))
        if missing:
            problems.append(Problem(file, f"facts[{i}].source",
                                    f"case {script.id!r}: fact {fact.id!r} cites {src.describe()}, "
                                    "which is not in the case",
                                    "cite an existing image file, clue id or role id"))
        for sid in fact.excludes:
            if sid not in ev.suspects:
                problems.append(Problem(file, f"facts[{i}].excludes",
                                        f"case {script.id!r}: fact {fact.id!r} excludes {sid!r}, not a suspect",
                                        "list it under suspects or remove it"))
    return problems


def normalise(text: str) -> str:
    """Lower case, words only, single spaces, padded so a phrase matches whole words; times, numbers and
    money in one canonical form each (`arena/scripts/canonical.py`), so "£40" is found in "forty pounds"."""
    return canonical(text)


CardWords = dict[str, tuple[str, dict[str, Any], Any]]


def load_cards(script: Script, file: str) -> CardWords | Problem:
    """The case's cards (file -> template, params, look), empty without cards.yaml, or why it cannot be read."""
    from multimodal.cards.render import CardError, load_card_specs  # the card renderer loads Pillow

    if script.folder is None:
        return {}
    try:
        return {s.file: (s.template, s.params, s.look) for s in load_card_specs(script.folder)}
    except CardError as exc:
        return Problem(file, "cards.yaml", f"[leak] case {script.id!r}: the card texts cannot be read: {exc}",
                       "fix cards.yaml (docs/script-format.md, Clue cards)")


def check_miu_unstated(script: Script, texts: list[Text], file: str) -> list[Problem]:
    """Check 4: the correct option of each MIU question appears in no text of the case."""
    problems = []
    normalised = [(t.where, normalise(t.text)) for t in texts]
    for i, q in enumerate(script.questions):
        if q.suite is not Suite.MIU:
            continue
        for letter in q.answer:
            phrase = normalise(q.options.get(letter, ""))
            hits = [where for where, text in normalised if phrase.strip() and phrase in text]
            if hits:
                problems.append(Problem(file, f"questions[{i}]",
                                        f"case {script.id!r}: MIU question {q.id!r} has its answer "
                                        f"{q.options[letter]!r} stated in {', '.join(hits)}",
                                        "remove the sentence that narrates the image, or ask about "
                                        "something only the image shows"))
    return problems


def media_values(ev: Evidence) -> list[Value]:
    """The times and counts the media facts carry (from each fact's lead clause, `leaks.values_of`)."""
    return [v for fact in ev.facts if fact.modality == "media" for v in values_of(fact.id, fact.says)]


def check_evidence(script: Script, file: str) -> list[Problem]:
    """Every evidence-layer problem of a case; none when it has no evidence file."""
    path = evidence_path(script)
    if path is None:
        return []
    loaded = load_evidence(path)
    if isinstance(loaded, Problem):
        return [loaded]
    where = str(path)
    cards = load_cards(script, file)
    texts = case_texts(script, cards if not isinstance(cards, Problem) else {})
    return (check_references(script, loaded, where) + check_solution(script, loaded, where)
            + check_miu_unstated(script, texts, file) + ([cards] if isinstance(cards, Problem) else [])
            + stated_conclusions(script, texts, file))


def possible_leaks(script: Script, file: str) -> list[Problem]:
    """Times and counts that a `media` fact of evidence.yaml carries and that a text of the case also states,
    for a person to review (`arena scripts validate` lists them; they do not fail the case). They are read
    from each fact's wording, which also holds times a fact refutes or merely mentions, so a finding is a
    place to look rather than a verdict. A culprit's own script is left out: the culprit knows the truth."""
    path = evidence_path(script)
    loaded = load_evidence(path) if path is not None else None
    if loaded is None or isinstance(loaded, Problem):
        return []
    cards = load_cards(script, file)
    culprits = {f"role {r.id!r}'s script" for r in script.roles if r.culprit}
    texts = [t for t in case_texts(script, cards if not isinstance(cards, Problem) else {}) if t.where not in culprits]
    return stated_values(script, texts, media_values(loaded), file)
