"""Writing an imported case to disk (deterministic YAML, role texts, images) and validating it.

The output is byte-for-byte the same for the same input: keys in schema order, no dates, no
absolute paths. A target folder is only replaced when it holds an earlier import (its
`metadata.importer` is set) or `overwrite` is given, so a hand-written case is never clobbered.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import yaml

from arena.errors import ConfigError, DatasetError, ScriptError
from arena.importers.case import ImportedCase, ImportReport, suite_counts
from arena.scripts.loader import load_script
from multimodal.files import FileProblem, max_script_bytes, read_capped, target_inside


class CaseDumper(yaml.SafeDumper):
    """Multi-line strings as `|` blocks, so imported texts stay readable in script.yaml."""


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    # PyYAML falls back to a quoted scalar by itself when a block cannot hold the text faithfully.
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


CaseDumper.add_representer(str, _str)


def dump_yaml(data: Any) -> str:
    return yaml.dump(data, Dumper=CaseDumper, allow_unicode=True, sort_keys=False, width=100000,
                     default_flow_style=False)


def script_document(case: ImportedCase) -> tuple[dict[str, Any], dict[str, str]]:
    """The script.yaml mapping (role scripts moved to side files) and the side files' texts."""
    data = case.script.model_dump(mode="json", exclude_defaults=True)
    data = {"format_version": case.script.format_version, **data}
    role_files: dict[str, str] = {}
    for role in data.get("roles", []):
        text = role.pop("script", "")
        if text:
            name = f"roles/{role['id']}.md"
            role_files[name] = text if text.endswith("\n") else text + "\n"
            role["script_file"] = name
    return data, role_files


def prepare_folder(folder: Path, overwrite: bool) -> None:
    if not folder.exists():
        return
    previous = folder / "script.yaml"
    imported = False
    if previous.is_file():
        try:
            text = read_capped(previous, max_script_bytes()).decode("utf-8")
            meta = (yaml.safe_load(text) or {}).get("metadata") or {}
            imported = bool(meta.get("importer"))
        except (yaml.YAMLError, FileProblem, UnicodeDecodeError, AttributeError):
            imported = False
    if not (imported or overwrite):
        raise ConfigError(f"{folder} exists and is not an earlier import; pass --overwrite to replace it")
    shutil.rmtree(folder)


def write_target(base: Path, name: str) -> Path:
    """Where to write `name` below `base`: the path rule of case files holds for what is written too."""
    try:
        return target_inside(base, name)
    except FileProblem as exc:
        raise DatasetError(f"{base}: refusing to write {name!r}: {exc} (fix: {exc.fix})") from exc


def write_case(case: ImportedCase, out_root: Path, overwrite: bool = False) -> ImportReport:
    """Write the case below `out_root/<slug>/` (never outside it), validate it, and report what it holds."""
    folder = write_target(out_root, case.slug)
    prepare_folder(folder, overwrite)
    data, role_files = script_document(case)
    for name, blob in [*((n, t.encode("utf-8")) for n, t in role_files.items()), *case.images.items()]:
        target = write_target(folder, name)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(blob)
    write_target(folder, "script.yaml").write_text(dump_yaml(data), encoding="utf-8")
    try:
        load_script(folder)
        problems: tuple[str, ...] = ()
    except ScriptError as exc:
        problems = tuple(str(p) for p in exc.problems) or (str(exc),)
    script = case.script
    return ImportReport(case.slug, str(folder), len(script.roles), len(script.clues), len(script.image_clues),
                        suite_counts(script), case.skipped, problems)
