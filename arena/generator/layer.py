"""The evidence layer of a generated case (`evidence.yaml`, see docs/script-format.md).

One entry per clue (and one per role whose script says where it saw others): what it says, where it
comes from, whether only a picture shows it, and which suspects it rules out. The solver decides
exclusions: each innocent is attributed to one source of a minimal set of sources that rules them
out, a text source when text alone suffices, else an image. So the layer's two checks (culprits =
suspects nobody excludes; at least two suspects left by text facts) agree with the solver's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arena.generator.facts import CaseFacts, Collapse, Fact, MurderPlace
from arena.generator.solver import Solver
from arena.scripts.schema import Script
from multimodal.language import is_chinese

EVIDENCE_FILE = "evidence.yaml"


def sources(case: CaseFacts) -> dict[str, tuple[Fact, ...]]:
    """Every removable source of facts: clues by id, role sightings as `role:<id>`."""
    out = dict(case.clues)
    out |= {f"role:{rid}": facts for rid, facts in case.sightings.items() if facts}
    return out


def excluded(case: CaseFacts, person: str, chosen: Sequence[str], table: dict[str, tuple[Fact, ...]]) -> bool:
    return not Solver(case, [f for sid in chosen for f in table[sid]]).consistent(person)


def minimal(case: CaseFacts, person: str, start: list[str], table: dict[str, tuple[Fact, ...]]) -> list[str]:
    """A minimal subset of `start` that still rules `person` out (greedy, in order)."""
    kept = list(start)
    for sid in start:
        trial = [s for s in kept if s != sid]
        if excluded(case, person, trial, table):
            kept = trial
    return kept


def attribution(case: CaseFacts) -> dict[str, list[str]]:
    """Source id -> the suspects it is credited with ruling out."""
    table = sources(case)
    text = [s for s in table if s not in case.media_clues]
    out: dict[str, list[str]] = {}
    for person in case.people:
        if person in case.culprits:
            continue
        if excluded(case, person, text, table):
            chosen = minimal(case, person, text, table)[:1]
        else:
            needed = minimal(case, person, list(table), table)
            chosen = [s for s in needed if s in case.media_clues][:1] or needed[:1]
        for sid in chosen:
            out.setdefault(sid, []).append(person)
    return out


def evidence_document(script: Script, case: CaseFacts) -> dict[str, Any]:
    credit = attribution(case)
    clues = {c.id: c for c in script.clues}
    scene = case.places[next(f.place for f in case.given if isinstance(f, MurderPlace | Collapse))]
    zh = is_chinese(script.language)
    facts: list[dict[str, Any]] = [{"id": "murder-room", "says": f"尸体是在{scene}发现的。" if zh else
                                    f"The body was found in the {scene}.",
                                    "source": {"briefing": True}, "modality": "text", "excludes": []}]
    for sid in sources(case):
        if sid.startswith("role:"):
            role = sid.split(":", 1)[1]
            seen = f"{case.people[role]}的剧本写了其他人在哪里。" if zh else \
                f"{case.people[role]}'s script says where others were."
            entry = {"id": f"seen-by-{role}", "says": seen, "source": {"role": role}}
        else:
            clue = clues[sid]
            source = {"image": clue.image.file} if clue.image is not None else {"clue": sid}
            entry = {"id": sid, "says": clue.title, "source": source}
        entry["modality"] = "media" if sid in case.media_clues else "text"
        entry["excludes"] = sorted(credit.get(sid, []))
        facts.append(entry)
    return {"version": 1, "suspects": sorted(case.people), "facts": facts}
