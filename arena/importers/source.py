"""Reading a dataset's files: regular files inside the source folder only, never past a byte cap.

Importers follow the path rule of `multimodal.files` for what they read: a file (or a folder on the
way to it) that is a symbolic link leading out of the source folder, a device or FIFO, or a file
over the cap is refused with a DatasetError naming it, so an imported case can carry nothing from
elsewhere on the machine.
"""

from __future__ import annotations

from pathlib import Path

from arena.errors import DatasetError
from multimodal.files import IMAGE_CAP_ENV, SCRIPT_CAP_ENV, FileProblem, max_image_bytes, max_script_bytes, read_inside


def source_bytes(base: Path, file: Path, image: bool = False) -> bytes:
    """The bytes of `file`, which must lie under `base` (the case or dataset folder) with links followed."""
    try:
        relative = file.relative_to(base).as_posix()
    except ValueError as exc:
        raise DatasetError(f"{file}: not inside the source folder {base}") from exc
    cap, env = (max_image_bytes(), IMAGE_CAP_ENV) if image else (max_script_bytes(), SCRIPT_CAP_ENV)
    try:
        return read_inside(base, relative, cap, env)
    except FileProblem as exc:
        raise DatasetError(f"{file}: {exc} (fix: {exc.fix})") from exc


def source_text(base: Path, file: Path, encoding: str = "utf-8") -> str:
    """The text of `file` under `base` (see `source_bytes`); undecodable text is a DatasetError."""
    try:
        return source_bytes(base, file).decode(encoding)
    except UnicodeDecodeError as exc:
        raise DatasetError(f"{file}: not {encoding} text ({exc.reason} at byte {exc.start})") from exc
