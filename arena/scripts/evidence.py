"""The evidence layer: `evidence.yaml` beside a case, and the four checks that make a case measure.

The file lists the case's suspects and its facts; each fact names its source (an image, a clue, a
role script or the briefing), whether only a picture shows it (`media`) or it can be read as text
(`text`), and the suspects it rules out. The checks:

1. with all facts, the suspects left standing are exactly the case's culprits;
2. with only the `text` facts, at least two suspects remain, so vision is needed;
3. every source exists in the case;
4. no MIU question's correct answer is stated in a role script, text clue or the briefing, in any
   format: times, numbers and money are compared in canonical form ("10:40" is stated by "twenty to
   eleven" and "10.40pm"; "£40" by "forty pounds").

A case without `evidence.yaml` is not checked here. Every failure is one `Problem` naming the case,
the fact or question, and the fix.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import yaml
from pydantic import ValidationError, model_validator

from arena.scripts.canonical import canonical
from arena.scripts.problems import Problem
from arena.scripts.schema import Id, Model, Script, Suite

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
    """The case's evidence file, or None when the case has none (or was not loaded from a folder)."""
    if script.folder is None:
        return None
    path = script.folder / EVIDENCE_FILE
    return path if path.is_file() else None


def load_evidence(path: Path) -> Evidence | Problem:
    """The parsed evidence file, or one Problem saying what is wrong with it."""
    try:
        return Evidence.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    except yaml.YAMLError as exc:
        return Problem(str(path), "", f"not valid YAML: {exc}", "fix the YAML syntax")
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


def case_texts(script: Script) -> list[tuple[str, str]]:
    """(where, text) for every text a player can read: briefing, role scripts, clue texts."""
    texts = [("the briefing", script.briefing)]
    texts += [(f"role {r.id!r}'s script", r.script) for r in script.roles]
    texts += [(f"clue {c.id!r}", c.text) for c in script.clues if c.text]
    return texts


def check_miu_unstated(script: Script, file: str) -> list[Problem]:
    """Check 4: the correct option of each MIU question appears in no text of the case."""
    problems = []
    texts = [(where, normalise(text)) for where, text in case_texts(script)]
    for i, q in enumerate(script.questions):
        if q.suite is not Suite.MIU:
            continue
        for letter in q.answer:
            phrase = normalise(q.options.get(letter, ""))
            hits = [where for where, text in texts if phrase.strip() and phrase in text]
            if hits:
                problems.append(Problem(file, f"questions[{i}]",
                                        f"case {script.id!r}: MIU question {q.id!r} has its answer "
                                        f"{q.options[letter]!r} stated in {', '.join(hits)}",
                                        "remove the sentence that narrates the image, or ask about "
                                        "something only the image shows"))
    return problems


def check_evidence(script: Script, file: str) -> list[Problem]:
    """Every evidence-layer problem of a case; none when it has no evidence file."""
    path = evidence_path(script)
    if path is None:
        return []
    loaded = load_evidence(path)
    if isinstance(loaded, Problem):
        return [loaded]
    where = str(path)
    return (check_references(script, loaded, where) + check_solution(script, loaded, where)
            + check_miu_unstated(script, file))
