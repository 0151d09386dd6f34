"""Choosing who and what plays: entries from names with scoped `-M` options, scripts from `all` or ids.

`-M key=value` applies to every chosen entry; `-M NAME:key=value` only to the entry named NAME
(as written in `--entries`, e.g. `-M mock/player:latency_ms=200`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from arena.entries import Entry, resolve_entry
from arena.errors import ConfigError, ScriptError
from arena.scripts.loader import CASE_SETS, discover_cases, find_script, load_script
from arena.scripts.schema import Script


def split_list(text: str) -> list[str]:
    """`a,b , c` -> ['a', 'b', 'c'] (empty items dropped)."""
    return [item.strip() for item in text.split(",") if item.strip()]


def scoped_options(specs: Sequence[str], options: Sequence[str]) -> dict[str, list[str]]:
    """`-M` options per entry spec: unscoped ones go to every spec, `NAME:key=value` to NAME only."""
    scoped: dict[str, list[str]] = {spec: [] for spec in specs}
    for option in options:
        key, sep, value = option.partition("=")
        target, colon, name = key.rpartition(":")
        if not sep or not colon:
            for spec in specs:
                scoped[spec].append(option)
            continue
        if target not in scoped:
            raise ConfigError(f"-M {option!r}: {target!r} is not one of the chosen entries ({', '.join(specs)})")
        scoped[target].append(f"{name}={value}")
    return scoped


def resolve_entries(specs: Sequence[str], options: Sequence[str], known: Mapping[str, Entry]) -> list[Entry]:
    """The chosen entries, each with its options; the same entry twice is an error."""
    if not specs:
        raise ConfigError("no entries chosen; e.g. --entries builtin/naive,builtin/random")
    per_spec = scoped_options(specs, options)
    entries = [resolve_entry(spec, per_spec[spec], dict(known)) for spec in specs]
    seen: dict[str, str] = {}
    for spec, entry in zip(specs, entries, strict=True):
        if entry.entry_id in seen:
            raise ConfigError(f"--entries {seen[entry.entry_id]!r} and {spec!r} are the same entry "
                              f"({entry.entry_id}); list each entry once")
        seen[entry.entry_id] = spec
    return entries


def load_case(ref: str, root: Path | None = None) -> Script:
    """A case by folder/file path, else by id or folder name among the cases under `root` (default: bundled)."""
    path = Path(ref)
    return load_script(path if path.exists() else find_script(ref, root))


def select_scripts(choice: str, root: Path | None = None,
                   on_broken: Callable[[str, ScriptError], None] | None = None) -> list[Script]:
    """`all` = every case under `root` (default: the bundled cases and the generated set beside them),
    `handwritten` or `generated` = one of the two; else comma-separated ids or paths.

    With `on_broken`, a case that does not load is reported to it and left out instead of stopping
    the whole selection; it is an error only when no case is left.
    """
    if choice.strip() in CASE_SETS:
        refs = [str(folder) for folder in discover_cases(root, choice.strip())]
        if not refs:
            raise ConfigError(f"--scripts {choice.strip()}: no cases found (set ARENA_SCRIPTS, name case folders, "
                              "or build the generated set with `make setup`)")
    else:
        refs = split_list(choice)
    if not refs:
        raise ConfigError("--scripts: give `all` or case ids/paths separated by commas")
    cases = []
    for ref in refs:
        try:
            cases.append(load_case(ref, root))
        except ScriptError as exc:
            if on_broken is None:
                raise
            on_broken(ref, exc)
    if not cases:
        raise ConfigError(f"--scripts {choice}: none of the {len(refs)} case(s) loads; fix the problems reported")
    return cases
