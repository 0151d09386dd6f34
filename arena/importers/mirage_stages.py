"""MIRAGE multi-stage scripts: `script.json` keyed by stage (`"Stage 1": {character: parts}, ...`).

Four of MIRAGE's eight scripts are multi-stage (MIRAGE, table 1, `#Stages`). Their `script.json`
maps each stage to the characters' six parts for that stage, and `clues.json` may be flat
(`location -> clues`, all available from the start) or keyed by stage the same way. The importer
writes a format-2 case: each role's script is its first stage's parts, every later stage becomes
a `stages[]` entry holding the roles' parts for it and the clues found in that stage.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arena.importers.text import unique_ids
from arena.scripts.schema import Clue, Location, Stage, Visibility


@dataclass(frozen=True)
class StagedSource:
    """A staged `script.json`, split: stage names in order, and each character's parts per stage."""

    stages: list[str]
    parts: dict[str, dict[str, dict[str, Any]]]  # character -> stage -> parts

    def first_parts(self) -> dict[str, dict[str, Any]]:
        """Character -> the parts of the first stage it appears in (the base role script)."""
        return {name: next(iter(by_stage.values())) for name, by_stage in self.parts.items()}


def is_staged(data: Any, leaf: type) -> bool:
    """True when `data` maps stage names to mappings whose values are all of type `leaf`."""
    return isinstance(data, dict) and bool(data) and all(
        isinstance(v, dict) and v and all(isinstance(x, leaf) for x in v.values()) for v in data.values())


def split_script(data: dict[str, Any]) -> StagedSource | None:
    """The staged form of a `script.json`, or None when it is a plain `character -> parts` mapping."""
    if not is_staged(data, dict):
        return None
    parts: dict[str, dict[str, dict[str, Any]]] = {}
    for stage, characters in data.items():
        for name, character_parts in characters.items():
            parts.setdefault(str(name), {})[str(stage)] = character_parts
    return StagedSource([str(s) for s in data], parts)


StagedClues = tuple[list[Location], list[Clue], dict[str, list[str]]]


def staged_clues(clue_data: dict[str, Any], stages: list[str]) -> StagedClues:
    """Locations, clues and stage -> clue ids from a `clues.json` keyed by stage."""
    names = list(dict.fromkeys(str(loc) for per_stage in clue_data.values() for loc in per_stage))
    ids = dict(zip(names, unique_ids(names, prefix="loc_"), strict=True))
    clues: list[Clue] = []
    by_stage: dict[str, list[str]] = {stage: [] for stage in stages}
    for k, (stage, per_stage) in enumerate(clue_data.items(), start=1):
        for name, items in per_stage.items():
            lid = ids[str(name)]
            for i, text in enumerate(items or [], start=1):
                if not str(text or "").strip():
                    continue
                cid = f"c_{lid.removeprefix('loc_')}_s{k}_{i}"
                clues.append(Clue(id=cid, kind="text", title=f"{name} ({stage}) #{i}", text=str(text).strip(),
                                  visibility=Visibility.LOCATION, location=lid))
                by_stage.setdefault(str(stage), []).append(cid)
    return [Location(id=ids[n], name=n) for n in names], clues, by_stage


def build_stages(source: StagedSource, ids: dict[str, str], clues_by_stage: dict[str, list[str]],
                 script_of: Any) -> list[Stage]:
    """One `Stage` per source stage: each role's parts for it (except the base stage) and its clues."""
    stages = []
    for k, name in enumerate(source.stages, start=1):
        scripts = {ids[char]: script_of(by_stage[name]) for char, by_stage in source.parts.items()
                   if name in by_stage and next(iter(by_stage)) != name}
        stages.append(Stage(id=f"stage_{k}", title=name, scripts={r: t for r, t in scripts.items() if t.strip()},
                            clues=clues_by_stage.get(name, [])))
    return stages
