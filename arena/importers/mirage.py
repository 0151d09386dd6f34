"""Importer for MIRAGE scripts: `<title>/script.json` + `<title>/clues.json`, truths in `Truth.json`.

- `script.json` maps each character to six parts (Story, Script, Relationship, Performance,
  Purpose, Ability): the role script is all of them under headings, the profile the first
  sentence(s) of Story, the goal its Purpose.
- `clues.json` maps a location to its clues: each becomes an investigable location clue, revealed
  in list order.
- `Truth.json` (in the script folder or any folder above it, up to the import root) maps script
  titles to the truth narrative.

MIRAGE's data does not name the culprit (its code hard-codes it per script), so the importer
refuses to guess: the caller names it (`culprits` argument, from `--culprit` or a culprits file).
The victim is the one person every character's Relationship section describes who is not a
character (`Qi Liu`); `victim` overrides that. Multi-stage scripts (`script.json` keyed by stage)
import as format-2 cases with `stages` (`arena.importers.mirage_stages`).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from arena.errors import ConfigError, DatasetError
from arena.importers.case import LICENCE_NOTE, ImportedCase, Skipped, with_report
from arena.importers.mirage_stages import build_stages, is_staged, split_script, staged_clues
from arena.importers.source import source_text
from arena.importers.text import RoleNames, detect_language, first_sentences, slugify, unique_ids
from arena.scripts.schema import Clue, Location, Role, Script, Truth, Visibility

DATASET = "MIRAGE"
UPSTREAM = "lime728/MIRAGE"
PARTS = ("Story", "Script", "Relationship", "Performance", "Purpose", "Ability")
RELATION = re.compile(r"^\s*([^:：(（\n]{2,60}?)\s*(?:[(（][^)）]*[)）])?\s*[:：]", re.M)


def discover(root: Path) -> list[Path]:
    """Every folder below `root` (or `root` itself) holding a MIRAGE `script.json`, sorted."""
    return sorted({p.parent for p in root.rglob("script.json") if p.is_file() and (p.parent / "clues.json").is_file()})


def read_json(file: Path, base: Path) -> Any:
    """A JSON file that must lie under `base` (the case or dataset folder)."""
    try:
        return json.loads(source_text(base, file))
    except json.JSONDecodeError as exc:
        raise DatasetError(f"{file}: cannot read ({exc})") from exc


def read_culprits_file(file: Path) -> dict[str, list[str]]:
    """A YAML or JSON mapping `script title -> culprit name or list of names`."""
    try:
        data = yaml.safe_load(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise ConfigError(f"{file}: cannot read the culprits file ({exc})") from exc
    if not isinstance(data, dict):
        raise ConfigError(f"{file}: expected a mapping of script title -> culprit name(s)")
    return {str(k): [str(v)] if isinstance(v, str) else [str(x) for x in v or []] for k, v in data.items()}


def find_truth(folder: Path, root: Path, title: str) -> str | None:
    for base in (folder, *folder.parents):
        file = base / "Truth.json"
        if file.is_file():
            data = read_json(file, root)
            if isinstance(data, dict) and title in data:
                return str(data[title])
        if base == root or base == base.parent:
            break
    return None


def find_victim(characters: dict[str, dict[str, Any]], names: RoleNames) -> str | None:
    """The one person named in every character's Relationship part who is not a character."""
    counts: Counter[str] = Counter()
    for parts in characters.values():
        mentioned = {m.strip() for m in RELATION.findall(str(parts.get("Relationship") or ""))}
        counts.update(m for m in mentioned if names.resolve(m) is None)
    everyone = [name for name, n in counts.items() if n == len(characters)]
    return everyone[0] if len(everyone) == 1 else None


def role_script(parts: dict[str, Any]) -> str:
    sections = [f"## {key}\n{str(parts[key]).strip()}" for key in PARTS if str(parts.get(key) or "").strip()]
    extra = [f"## {key}\n{str(v).strip()}" for key, v in parts.items() if key not in PARTS and str(v or "").strip()]
    return "\n\n".join(sections + extra)


def resolve_culprits(wanted: list[str], names: RoleNames, display: list[str], title: str) -> list[str]:
    known = ", ".join(display)
    if not wanted:
        raise ConfigError(
            f"MIRAGE does not record the culprit of {title!r}; name it with --culprit NAME or a --culprits-file "
            f"(characters: {known}). The importer never guesses a culprit.")
    ids = []
    for name in wanted:
        rid = names.resolve(name)
        if rid is None:
            raise ConfigError(f"culprit {name!r} is not a character of {title!r} (characters: {known})")
        ids.append(rid)
    return list(dict.fromkeys(ids))


def build_clues(clue_data: dict[str, Any], skipped: list[Skipped]) -> tuple[list[Location], list[Clue]]:
    locations, clues = [], []
    for (name, items), lid in zip(clue_data.items(), unique_ids(list(clue_data), prefix="loc_"), strict=True):
        if not isinstance(items, list):
            skipped.append(Skipped(f"clues.json[{name!r}]", "expected a list of clue texts"))
            continue
        locations.append(Location(id=lid, name=str(name)))
        for i, text in enumerate(items, start=1):
            if not str(text or "").strip():
                skipped.append(Skipped(f"clues.json[{name!r}][{i - 1}]", "empty clue"))
                continue
            clues.append(Clue(id=f"c_{lid.removeprefix('loc_')}_{i}", kind="text", title=f"{name} #{i}",
                              text=str(text).strip(), visibility=Visibility.LOCATION, location=lid))
    return locations, clues


def import_case(folder: Path, root: Path, culprits: list[str], victim: str | None = None) -> ImportedCase:
    """Import one MIRAGE script folder; `culprits` are character names (required)."""
    title = folder.name
    characters = read_json(folder / "script.json", folder)
    clue_data = read_json(folder / "clues.json", folder)
    staged = split_script(characters) if isinstance(characters, dict) else None
    if staged is not None:
        characters = staged.first_parts()
    if not isinstance(characters, dict) or len(characters) < 2 or \
            not all(isinstance(v, dict) for v in characters.values()):
        raise DatasetError(f"{folder / 'script.json'}: expected an object of two or more characters -> parts")
    if not isinstance(clue_data, dict):
        raise DatasetError(f"{folder / 'clues.json'}: expected an object of location -> clue list")
    names_list = list(characters)
    ids = unique_ids(names_list)
    names = RoleNames.build(names_list, ids)
    culprit_ids = resolve_culprits(culprits, names, names_list, title)
    skipped: list[Skipped] = []
    synthesized = ["roles[].profile: first sentence(s) of Story", "briefing: victim, characters and locations",
                   "role scripts: the six parts under `## Part` headings", "clue titles: location and number"]
    roles = [Role(id=rid, name=name, profile=first_sentences(str(parts.get("Story") or name)),
                  script=role_script(parts), culprit=rid in culprit_ids,
                  goals=[str(parts["Purpose"]).strip()] if str(parts.get("Purpose") or "").strip() else [])
             for (name, parts), rid in zip(characters.items(), ids, strict=True)]
    stage_clues: dict[str, list[str]] = {}
    if staged is not None and is_staged(clue_data, list):
        locations, clues, stage_clues = staged_clues(clue_data, staged.stages)
    else:
        locations, clues = build_clues(clue_data, skipped)
    stages = build_stages(staged, dict(zip(names_list, ids, strict=True)), stage_clues, role_script) if staged else []
    if staged is not None:
        synthesized.append("stages: role scripts are the first stage's parts; later stages' parts and clues "
                           "become stages[]")
    truth_text = find_truth(folder, root, title)
    if truth_text is None:
        skipped.append(Skipped("Truth.json", f"no truth for {title!r} in a Truth.json at or above the script folder"))
        synthesized.append("truth: missing, no Truth.json entry")
    synthesized.append("truth.method and truth.motive: the whole truth narrative (the source does not separate them)")
    found_victim = victim or find_victim(characters, names)
    if found_victim is None:
        found_victim = "the victim (not named in the source data)"
        synthesized.append("victim: not named in the source data")
    elif victim is None:
        synthesized.append("victim: the person every character's Relationship part describes")
    lang = detect_language((truth_text or "") + " ".join(map(str, characters)))
    briefing = (f"{found_victim} has been killed. Present: {', '.join(names_list)}. "
                f"Places that can be searched: {', '.join(loc.name for loc in locations) or 'none'}.")
    metadata = {
        "importer": "arena.importers.mirage",
        "source": {"dataset": DATASET, "repository": UPSTREAM, "path": rel_path(folder, root),
                   "files": ["script.json", "clues.json", "Truth.json"]},
        "licence": LICENCE_NOTE,
        "culprit_source": "given by the user (MIRAGE's data does not name the culprit)",
        "synthesized": synthesized,
    }
    script = Script(id=slugify(f"mirage-{title}", "-"), title=title, language=lang, briefing=briefing,
                    victim=found_victim, culprits=culprit_ids, locations=locations, roles=roles, clues=clues,
                    truth=mirage_truth(culprit_ids, truth_text), metadata=metadata,
                    stages=stages, format_version=2 if stages else 1)
    return ImportedCase(script.id, with_report(script, skipped), {}, tuple(skipped))


def rel_path(folder: Path, root: Path) -> str:
    return folder.relative_to(root).as_posix() if folder != root else folder.name


def mirage_truth(culprits: list[str], text: str | None) -> Truth:
    """The truth narrative as both method and motive (`derived`: the source does not separate them), or
    both `missing` (empty) when the source has no Truth.json entry."""
    if text is None:
        return Truth(culprits=culprits, method_from="missing", motive_from="missing")
    return Truth(culprits=culprits, method=text, motive=text, summary=text, method_from="derived",
                 motive_from="derived")
