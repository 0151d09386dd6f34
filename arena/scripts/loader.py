"""Loading scripts from disk: YAML or JSON, role scripts from side files, all errors reported at once."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from arena.errors import ScriptError
from arena.scripts.names import FIX as FORGING_FIX
from arena.scripts.names import describe_forging
from arena.scripts.paths import image_path_problems, read_case_text
from arena.scripts.problems import Problem, raise_problems
from arena.scripts.schema import Script
from multimodal.files import FileProblem, max_script_bytes, parse_safe_yaml, read_inside

SCRIPT_FILES = ("script.yaml", "script.yml", "script.json")


def script_file(path: Path) -> Path:
    """The script file for a folder or file path."""
    if path.is_dir():
        for name in SCRIPT_FILES:
            if (path / name).is_file():
                return path / name
        present = [name for name in SCRIPT_FILES if os.path.lexists(path / name)]
        if present:
            raise ScriptError(f"{path}: {present[0]} is not a regular file (fix: make it a plain YAML or JSON file)")
        raise ScriptError(f"{path}: no script file (expected one of {', '.join(SCRIPT_FILES)})")
    if not path.exists():
        raise ScriptError(f"{path}: no such file or folder")
    return path


def parse_yaml(text: str, file: Path) -> Any:
    """Safe YAML, refusing documents whose aliases expand beyond MAX_YAML_NODES (alias bombs) or nested too
    deeply to read (`multimodal.files.parse_safe_yaml`)."""
    try:
        return parse_safe_yaml(text)
    except FileProblem as exc:
        raise ScriptError(f"{file}: {exc} (fix: {exc.fix})") from exc


def read_document(file: Path) -> dict[str, Any]:
    """The script file's fields. It is read under the path rule of its own folder, so a script.yaml that is a
    symbolic link out of the case folder is refused like any other file the case names."""
    try:
        text = read_inside(file.parent, file.name, max_script_bytes()).decode("utf-8")
    except FileProblem as exc:
        raise ScriptError(f"{file}: {exc} (fix: {exc.fix})") from exc
    except UnicodeDecodeError as exc:
        raise ScriptError(f"{file}: not UTF-8 text ({exc.reason} at byte {exc.start}) (fix: save it as UTF-8)") from exc
    kind = "JSON" if file.suffix == ".json" else "YAML"
    try:
        data = json.loads(text) if file.suffix == ".json" else parse_yaml(text, file)
    except RecursionError as exc:
        raise ScriptError(f"{file}: {kind} nested too deeply to read (fix: flatten the nesting)") from exc
    except json.JSONDecodeError as exc:
        raise ScriptError(f"{file}: not valid {kind}: {exc} (fix: correct the syntax at the place named)") from exc
    if not isinstance(data, dict):
        raise ScriptError(f"{file}: the top level must be a mapping of fields (id, title, roles...)")
    return data


def resolve_role_scripts(data: dict[str, Any], folder: Path, file: str) -> list[Problem]:
    """Replace each role's `script_file` by its text, in place; report refused or unreadable files."""
    problems: list[Problem] = []
    for index, role in enumerate(data.get("roles") or []):
        if not isinstance(role, dict) or not role.get("script_file"):
            continue
        try:
            role["script"] = read_case_text(folder, str(role["script_file"]), file, f"roles[{index}].script_file")
        except ScriptError as exc:
            problems += [p for p in exc.problems if isinstance(p, Problem)]
    return problems


def validation_problems(error: ValidationError, file: str) -> list[Problem]:
    problems = []
    for item in error.errors():
        path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in item["loc"]).lstrip(".")
        fix = "remove the field or check its spelling" if item["type"] == "extra_forbidden" else ""
        message = item["msg"]
        if item["type"] == "string_pattern_mismatch" and (forged := describe_forging(str(item["input"]))):
            message, fix = f"{message}: it {forged}", FORGING_FIX  # an id that could forge a line: say which character
        problems.append(Problem(file, path, message, fix))
    return problems


def load_script_unchecked(path: str | os.PathLike[str]) -> Script:
    """Parse a script without cross-reference or image checks (see `load_script`)."""
    file = script_file(Path(path))
    data = read_document(file)
    problems = resolve_role_scripts(data, file.parent, str(file)) + image_path_problems(data, file.parent, str(file))
    try:
        script = Script.model_validate(data)
    except ValidationError as exc:
        raise_problems(str(file), problems + validation_problems(exc, str(file)))
        raise  # unreachable: raise_problems raised
    raise_problems(str(file), problems)
    script._folder = file.parent
    return script


def load_script(path: str | os.PathLike[str]) -> Script:
    """Load and fully validate a script; raise ScriptError listing every problem found."""
    from arena.scripts.validation import validate_script

    script = load_script_unchecked(path)
    raise_problems(str(script_file(Path(path))), validate_script(script))
    return script


def default_scripts_dir() -> Path:
    """`ARENA_SCRIPTS`, else `./scripts_data`, else the bundled cases beside the package."""
    env = os.environ.get("ARENA_SCRIPTS")
    if env:
        return Path(env)
    local = Path.cwd() / "scripts_data"
    if local.is_dir():
        return local
    return Path(__file__).resolve().parents[2] / "scripts_data"


def discover_scripts(root: str | os.PathLike[str] | None = None) -> list[Path]:
    """Every script folder directly below `root` (default: the bundled cases), sorted by name."""
    base = Path(root) if root is not None else default_scripts_dir()
    if not base.is_dir():
        return []
    return sorted(p for p in base.iterdir() if p.is_dir() and any((p / n).is_file() for n in SCRIPT_FILES))


GENERATED_DIR = "generated"  # the public generated set, built by `make setup` (git-ignored)
GENERATED_MANIFEST = "generated.yaml"
# `bundled` (alias `handwritten`): the hand-written cases; `generated`: the public generated set; `public`
# and `all`: both (`all` will also take any set added later).
CASE_SETS = ("bundled", "public", "all", "handwritten", "generated")
HANDWRITTEN_SETS = ("bundled", "handwritten", "public", "all")
GENERATED_SETS = ("generated", "public", "all")


def generated_notice(root: str | os.PathLike[str] | None = None) -> str | None:
    """A message when the public generated set is pinned by a manifest but has not been built."""
    base = Path(root) if root is not None else default_scripts_dir()
    if (base / GENERATED_MANIFEST).is_file() and not discover_scripts(base / GENERATED_DIR):
        return (f"the generated cases are not built ({base / GENERATED_DIR} is empty): run `make setup` or "
                f"`arena generate --manifest {base / GENERATED_MANIFEST} --out {base / GENERATED_DIR}`; "
                f"using the hand-written cases only")
    return None


def discover_cases(root: str | os.PathLike[str] | None = None, which: str = "all") -> list[Path]:
    """The hand-written cases under `root` and/or the generated ones under `root/generated`."""
    base = Path(root) if root is not None else default_scripts_dir()
    found = discover_scripts(base) if which in HANDWRITTEN_SETS else []
    if which in GENERATED_SETS:
        if (notice := generated_notice(base)) is not None:
            print(f"note: {notice}", file=sys.stderr)
        found += discover_scripts(base / GENERATED_DIR)
    return found


def find_script(script_id: str, root: str | os.PathLike[str] | None = None) -> Path:
    """The folder of the script with this id (folder name or `id` field), generated cases included, or
    `script_id` itself when it is the path of a case folder."""
    given = Path(script_id)
    if given.is_dir() and any((given / n).is_file() for n in SCRIPT_FILES):
        return given
    base = Path(root) if root is not None else default_scripts_dir()
    candidates = discover_scripts(base) + discover_scripts(base / GENERATED_DIR)
    for folder in candidates:
        if folder.name == script_id:
            return folder
    for folder in candidates:
        try:
            if load_script_unchecked(folder).id == script_id:
                return folder
        except ScriptError:
            continue
    known = ", ".join(p.name for p in candidates) or "none"
    raise ScriptError(f"no script with id {script_id!r} (known: {known})")
