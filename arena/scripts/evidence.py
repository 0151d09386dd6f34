"""The evidence layer of a case (`evidence.yaml` beside script.yaml) and its checks.

The layer lists the case's facts, each with its source (a clue, an image file, a role, the
briefing), its modality (`media`: only a picture shows it; `text`: readable as text) and the
suspects it rules out. Checks:
  1. with all facts, the suspects nobody excludes are exactly the culprits;
  2. with only text facts, at least two suspects remain (the images are needed);
  3. every source exists in the case;
  4. no MIU question's correct option is stated in a role script, a text clue or the briefing.
Each failure is one Problem naming the case, fact or question and the fix.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from arena.scripts.problems import Problem
from arena.scripts.schema import Script, Suite

EVIDENCE_FILE = "evidence.yaml"


class Source(BaseModel):
    model_config = ConfigDict(extra="forbid")
    image: str | None = None
    clue: str | None = None
    role: str | None = None
    briefing: bool | None = None


class EvidenceFact(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    says: str
    source: Source
    modality: Literal["media", "text"]
    excludes: list[str] = Field(default_factory=list)


class EvidenceLayer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int = 1
    suspects: list[str]
    facts: list[EvidenceFact]


def normalised(text: str) -> str:
    return " " + " ".join(re.findall(r"[a-z0-9:]+", text.lower())) + " "


def load_layer(folder: Path, file: str) -> tuple[EvidenceLayer | None, list[Problem]]:
    path = folder / EVIDENCE_FILE
    try:
        data: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
        return EvidenceLayer.model_validate(data), []
    except (OSError, yaml.YAMLError, ValidationError) as exc:
        return None, [Problem(file, EVIDENCE_FILE, f"unreadable evidence layer: {str(exc).splitlines()[0]}",
                              "follow the format in docs/script-format.md")]


def source_problems(script: Script, folder: Path, layer: EvidenceLayer, file: str) -> list[Problem]:
    roles, clues = set(script.role_ids), {c.id for c in script.clues}
    problems = []
    for fact in layer.facts:
        s, at = fact.source, f"{EVIDENCE_FILE}: fact {fact.id}"
        if s.role is not None and s.role not in roles:
            problems.append(Problem(file, at, f"source role {s.role!r} is not in the case", f"one of {sorted(roles)}"))
        if s.clue is not None and s.clue not in clues:
            problems.append(Problem(file, at, f"source clue {s.clue!r} is not in the case", "name an existing clue"))
        if s.image is not None and not (folder / s.image).is_file():
            problems.append(Problem(file, at, f"source image {s.image!r} does not exist", "render the cards or fix "
                                    "the path"))
    return problems


def check_evidence(script: Script, folder: Path, file: str) -> list[Problem]:
    """Every problem of the case's evidence layer (none when the case has no evidence.yaml)."""
    if not (folder / EVIDENCE_FILE).is_file():
        return []
    layer, problems = load_layer(folder, file)
    if layer is None:
        return problems
    problems += source_problems(script, folder, layer, file)
    suspects = set(layer.suspects)
    left = suspects - {p for f in layer.facts for p in f.excludes}
    if left != set(script.culprits):
        problems.append(Problem(file, EVIDENCE_FILE, f"[solution] with all facts {sorted(left)} remain, the culprits "
                                f"are {sorted(script.culprits)}", "add the fact that rules out the others"))
    text_left = suspects - {p for f in layer.facts if f.modality == "text" for p in f.excludes}
    if len(text_left) < 2:
        problems.append(Problem(file, EVIDENCE_FILE, f"[vision] text facts alone leave only {sorted(text_left)}",
                                "move a ruling-out fact into an image"))
    texts = [script.briefing] + [r.script or "" for r in script.roles] + [
        f"{c.title} {c.text}" for c in script.clues if c.image is None]
    haystack = [normalised(t) for t in texts]
    for q in script.questions:
        if q.suite is Suite.MIU:
            for letter in q.answer:
                if any(normalised(q.options[letter]) in t for t in haystack):
                    problems.append(Problem(file, f"questions {q.id}", f"[vision] MIU answer {q.options[letter]!r} is "
                                            "stated in text", "ask about what only the image shows"))
    return problems
