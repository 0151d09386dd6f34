"""Files a case names, as case problems: the path rule of `multimodal.files` with case, field and fix.

Every file a script names (a role's `script_file`, a clue's `image.file`) goes through here, so a
path that leaves the case folder, a special file or an oversized file gets one message naming the
case file, the field, the path and the fix, wherever it is met (loading, validation, play).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from arena.errors import ScriptError
from arena.scripts.problems import Problem
from multimodal.files import FileProblem, max_script_bytes, read_inside, resolve_inside


def file_problem(file: str, field: str, name: str, exc: FileProblem) -> Problem:
    """The problem of a refused file: where it is named, the path, what is wrong and the fix."""
    return Problem(file, field, f"{name!r}: {exc}", exc.fix)


def read_case_text(folder: Path, name: str, file: str, field: str) -> str:
    """The UTF-8 text of a file named by a case (role script), under the path rule and the script cap."""
    try:
        data = read_inside(folder, name, max_script_bytes())
        return data.decode("utf-8")
    except FileProblem as exc:
        problem = file_problem(file, field, name, exc)
    except UnicodeDecodeError as exc:
        problem = Problem(file, field, f"{name!r}: not UTF-8 text ({exc.reason} at byte {exc.start})",
                          "save the file as UTF-8 text")
    raise ScriptError(str(problem), [problem])


def named_images(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(field path, file name) of every image a raw script document names."""
    for index, clue in enumerate(data.get("clues") or []):
        image = clue.get("image") if isinstance(clue, dict) else None
        if isinstance(image, dict) and isinstance(image.get("file"), str):
            yield f"clues[{index}].image.file", image["file"]


def image_path_problems(data: dict[str, Any], folder: Path, file: str) -> list[Problem]:
    """Images of a raw script document whose paths the path rule refuses (files are read later)."""
    problems = []
    for field, name in named_images(data):
        try:
            resolve_inside(folder, name)
        except FileProblem as exc:
            problems.append(file_problem(file, field, name, exc))
    return problems

