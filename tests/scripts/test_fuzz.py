"""Property-based fuzzing of the case loader and validator: whatever the input, only the project's errors.

Profiles: `fast` (default, 50 examples per property) and `thorough` (1,000), chosen with
`ARENA_FUZZ_PROFILE=thorough`. No example database is written (runs stay reproducible and leave no
files behind); a failure prints the example to replay with `@example`.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.errors import ArenaError
from arena.scripts.loader import load_script, load_script_unchecked
from arena.scripts.validation import validate_script
from tests.conftest import FIXTURE_CASE

COMMON = {"deadline": None, "database": None,
          "suppress_health_check": [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]}
settings.register_profile("fast", max_examples=50, **COMMON)
settings.register_profile("thorough", max_examples=1000, **COMMON)
PROFILE = settings.get_profile(os.environ.get("ARENA_FUZZ_PROFILE", "fast"))
FIXTURE_DATA: dict[str, Any] = yaml.safe_load((FIXTURE_CASE / "script.yaml").read_text(encoding="utf-8"))

scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True),
                    st.text(max_size=40), st.sampled_from(["", "..", "/", "/dev/zero", "a\x00b", "images/note.png",
                                                           "../outside", "~", "C:\\x", "\\\\host\\share"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=12), inner, max_size=4)),
                      max_leaves=12)
path_texts = st.one_of(st.text(max_size=60), st.lists(st.sampled_from(["..", ".", "images", "note.png", "roles", "",
                                                                       "/", "\x00", "clock.png", "~"]),
                                                      max_size=6).map("/".join))


def case_folder(tmp_path: Path) -> Path:
    """A fresh copy of the fixture case's folder (images, cards) for one example."""
    folder = tmp_path / "case"
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(FIXTURE_CASE, folder)
    return folder


def load_and_validate(folder: Path) -> None:
    """What `arena scripts validate` does; the only exception allowed out is the project's own."""
    try:
        validate_script(load_script_unchecked(folder))
        load_script(folder)
    except ArenaError:
        pass


def at_path(data: Any, steps: list[int]) -> tuple[Any, Any]:
    """(container, key) reached by walking `steps` (indices into keys/items) down from `data`."""
    container, key = data, None
    for step in steps:
        holder = container if key is None else container[key]
        if isinstance(holder, dict) and holder:
            container, key = holder, sorted(holder, key=str)[step % len(holder)]
        elif isinstance(holder, list) and holder:
            container, key = holder, step % len(holder)
        else:
            break
    return container, key


@PROFILE
@given(raw=st.binary(max_size=2000))
def test_any_bytes_as_script_yaml(tmp_path: Path, raw: bytes) -> None:
    folder = case_folder(tmp_path)
    (folder / "script.yaml").write_bytes(raw)
    load_and_validate(folder)


@PROFILE
@given(text=st.text(max_size=400), as_json=st.booleans())
def test_any_text_as_script_document(tmp_path: Path, text: str, as_json: bool) -> None:
    folder = case_folder(tmp_path)
    (folder / "script.yaml").unlink()
    (folder / ("script.json" if as_json else "script.yaml")).write_text(text, encoding="utf-8")
    load_and_validate(folder)


@PROFILE
@given(steps=st.lists(st.integers(0, 50), min_size=1, max_size=6), value=values, drop=st.booleans())
def test_one_field_of_the_fixture_replaced_or_dropped(tmp_path: Path, steps: list[int], value: Any,
                                                      drop: bool) -> None:
    data = copy.deepcopy(FIXTURE_DATA)
    container, key = at_path(data, steps)
    if key is None:
        return
    if drop:
        del container[key]
    else:
        container[key] = value
    folder = case_folder(tmp_path)
    (folder / "script.yaml").unlink()
    (folder / "script.json").write_text(json.dumps(data, default=str), encoding="utf-8")
    load_and_validate(folder)


@PROFILE
@given(script_file=path_texts, image_file=path_texts)
def test_any_file_path_is_loaded_inside_the_folder_or_refused(tmp_path: Path, script_file: str,
                                                              image_file: str) -> None:
    data = copy.deepcopy(FIXTURE_DATA)
    data["roles"][1]["script_file"] = script_file
    data["clues"][0]["image"]["file"] = image_file
    folder = case_folder(tmp_path)
    (folder / "script.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    try:
        script = load_script(folder)
    except ArenaError:
        return
    root = folder.resolve()
    assert script.image_path(script.clues[0]).resolve().is_relative_to(root)


@PROFILE
@given(blob=st.one_of(st.binary(max_size=3000),
                      st.binary(max_size=200).map(lambda b: b"\x89PNG\r\n\x1a\n" + b),
                      st.binary(max_size=200).map(lambda b: b"\xff\xd8\xff" + b),
                      st.binary(max_size=200).map(lambda b: b"GIF89a" + b)))
def test_any_bytes_as_an_image_give_problems_not_exceptions(tmp_path: Path, blob: bytes) -> None:
    folder = case_folder(tmp_path)
    (folder / "images" / "note.png").write_bytes(blob)
    problems = validate_script(load_script_unchecked(folder))
    assert all(p.path.startswith("clues[") for p in problems)
