"""Tiny case folders for the consistency linter's tests: a briefing, role scripts, text clues and, when given,
typed facts, written to a temporary folder and loaded as `arena scripts validate` loads them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from arena.scripts.lint import lint_case
from arena.scripts.loader import load_script_unchecked
from arena.scripts.problems import Problem

ROOMS = ("Foyer", "Stage Wings", "Green Room", "Library", "Orchestra Pit")


def write_case(folder: Path, roles: dict[str, str], briefing: str = "Victor Ashcombe was found dead.",
               clues: dict[str, str] | None = None, language: str = "en", rooms: tuple[str, ...] = ROOMS,
               metadata: dict[str, Any] | None = None, facts: dict[str, Any] | None = None,
               names: dict[str, str] | None = None) -> Path:
    """A case whose roles are `roles` (id -> script; the name is `names[id]`, else the id capitalised and a
    surname: hana -> Hana Devereux, quentin -> Quentin Iyer), with a text clue per `clues` entry (id -> text)."""
    surnames = ("Devereux", "Iyer", "Greaves", "Finch")
    data: dict[str, Any] = {
        "id": "tiny", "title": "Tiny", "language": language, "briefing": briefing, "victim": "Victor Ashcombe",
        "culprits": [next(iter(roles))],
        "locations": [{"id": f"r{i}", "name": name} for i, name in enumerate(rooms)],
        "roles": [{"id": rid, "name": (names or {}).get(rid, f"{rid.capitalize()} {surnames[i % 4]}"),
                   "profile": "A guest.", "script": text, "culprit": i == 0}
                  for i, (rid, text) in enumerate(roles.items())],
        "clues": [{"id": cid, "kind": "text", "title": f"Clue {cid}", "text": text, "visibility": "public"}
                  for cid, text in (clues or {}).items()],
        "truth": {"culprits": [next(iter(roles))], "method": "A blow.", "motive": "Money."},
        "metadata": metadata or {},
    }
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "script.yaml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    if facts is not None:
        (folder / "facts.yaml").write_text(yaml.safe_dump(facts, sort_keys=False), encoding="utf-8")
    return folder


def lint(folder: Path) -> list[Problem]:
    return lint_case(load_script_unchecked(folder), str(folder / "script.yaml"))
