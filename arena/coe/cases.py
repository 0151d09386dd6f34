"""Which cases (scripts) a command works on: `all`, ids, a case folder, or a folder of case folders.

Also `CaseIndex`, which finds the script a stored game was played on by id and content hash: a
game is only scored against the exact script version it was played on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from arena.engine.rules import script_hash
from arena.errors import ConfigError, ScriptError
from arena.scripts.loader import CASE_SETS, SCRIPT_FILES, discover_cases, discover_scripts, find_script, load_script
from arena.scripts.schema import Script


def load_cases(spec: str = "bundled", root: Path | None = None,
               on_broken: Callable[[str, ScriptError], None] | None = None) -> list[Script]:
    """A case set (`bundled`: the hand-written cases under `root`, default the scripts folder; `public`/`all`:
    with the generated set; `generated`), `ID,ID,...`, or a path.

    A path may be one case folder (or its script file) or a folder holding case folders, e.g. the
    output of `arena import` or `arena generate`. With `on_broken`, a case that does not load is reported
    to it (with its problems) and left out; it is an error only when no case is left.
    """
    if spec in CASE_SETS:
        folders = discover_cases(root, spec)
    elif Path(spec).exists():
        path = Path(spec)
        is_case = path.is_file() or any((path / name).is_file() for name in SCRIPT_FILES)
        folders = [path] if is_case else discover_scripts(path)
    else:
        folders = [find_script(ident.strip(), root) for ident in spec.split(",") if ident.strip()]
    if not folders:
        raise ConfigError(f"--scripts {spec!r}: no cases found (give bundled, public, ids such as night-train, "
                          "or a case folder)")
    cases = []
    for folder in folders:
        try:
            cases.append(load_script(folder))
        except ScriptError as exc:
            if on_broken is None:
                raise
            on_broken(str(folder), exc)
    if not cases:
        raise ConfigError(f"--scripts {spec!r}: none of the {len(folders)} case(s) loads; fix the problems reported")
    return cases


@dataclass
class CaseIndex:
    """Scripts by id, loaded on first use from `root` (default: the bundled cases)."""

    root: Path | None = None
    _by_id: dict[str, Script | None] = field(default_factory=dict)
    _broken: dict[str, ScriptError] = field(default_factory=dict)  # cases found that do not load

    def get(self, script_id: str) -> Script | None:
        if script_id not in self._by_id:
            try:
                folder = find_script(script_id, self.root)
            except ScriptError:
                self._by_id[script_id] = None
                return None
            try:
                self._by_id[script_id] = load_script(folder)
            except ScriptError as exc:
                self._by_id[script_id], self._broken[script_id] = None, exc
        return self._by_id[script_id]

    def for_game(self, script_id: str, content_hash: str) -> tuple[Script | None, str | None]:
        """(script, None) when the exact version is here, else (None, the reason it is skipped)."""
        script = self.get(script_id)
        if (broken := self._broken.get(script_id)) is not None:
            problems = broken.problems or [broken]
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            return None, f"script {script_id!r} does not load: {problems[0]}{more}"
        if script is None:
            return None, f"script {script_id!r} not found among the cases (pass --scripts-dir)"
        if script_hash(script) != content_hash:
            return None, f"script {script_id!r} has changed since the game was played (content hash differs)"
        return script, None
