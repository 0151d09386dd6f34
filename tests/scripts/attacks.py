"""Crafted hostile cases: each a copy of the fixture case with one file reference or file turned hostile.

`build_attack(name, root)` writes the case below `root/cases/<name>/` and returns it with the field
the refusal must name. Files outside the case live in `root/outside/`: a text file and a PNG that
carry `SECRET` in their bytes, so a test can check that no byte of them ever reached a provider.
"""

from __future__ import annotations

import io
import os
import shutil
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from PIL import Image, PngImagePlugin

from tests.conftest import FIXTURE_CASE

SECRET = b"OUTSIDE-SECRET-4b1d9e"
ROLE = 1  # the fixture role whose script is pointed elsewhere
CLUE = 0  # the fixture clue whose image is pointed elsewhere


@dataclass(frozen=True)
class Attack:
    name: str
    folder: Path
    field: str  # the field path the refusal must name ("" when the script file itself is hostile)


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def bomb_png(side: int = 30000, height: int | None = None) -> bytes:
    """A small PNG whose header declares side x side (or height) grey pixels, with only its first rows."""
    rows = zlib.compress(b"\x00" * (side + 1) * 16, 9)  # the first 16 rows; the rest would follow
    header = struct.pack(">IIBBBBB", side, height or side, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")


def secret_png() -> bytes:
    info = PngImagePlugin.PngInfo()
    info.add_text("secret", SECRET.decode())
    out = io.BytesIO()
    Image.new("RGB", (64, 48), (10, 200, 30)).save(out, format="PNG", pnginfo=info)
    return out.getvalue()


def alias_bomb(levels: int = 9) -> str:
    """YAML whose aliases expand to 9**levels strings while the text stays under a kilobyte."""
    lines = ['  l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels):
        lines.append(f"  l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]")
    return "metadata:\n" + "\n".join(lines) + "\n"


def outside(root: Path) -> Path:
    folder = root / "outside"
    if not folder.is_dir():
        folder.mkdir(parents=True)
        (folder / "secret.txt").write_bytes(b"root:x:0:0:" + SECRET + b"\n")
        (folder / "secret.png").write_bytes(secret_png())
    return folder


def edit(case: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = yaml.safe_load((case / "script.yaml").read_text(encoding="utf-8"))
    change(data)
    (case / "script.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")


def role_file(name: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["roles"][ROLE].pop("script", None)
        data["roles"][ROLE]["script_file"] = name
    return change


def image_file(name: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["clues"][CLUE]["image"]["file"] = name
    return change


ROLE_FIELD = f"roles[{ROLE}].script_file"
IMAGE_FIELD = f"clues[{CLUE}].image.file"


def arrange(name: str, case: Path, out: Path) -> str:  # noqa: PLR0911, PLR0912 - one branch per attack
    """Turn the copied case hostile in the way `name` says; return the field the refusal names."""
    depth = "../" * (len(case.resolve().parts) + 2)
    if name == "script_file_etc_passwd":
        edit(case, role_file(f"{depth}etc/passwd"))
    elif name == "script_file_dotdot":
        edit(case, role_file("../../outside/secret.txt"))
    elif name == "script_file_absolute":
        edit(case, role_file(str(out / "secret.txt")))
    elif name == "script_file_symlink_out":
        (case / "roles").mkdir()
        (case / "roles" / "fern.md").symlink_to(out / "secret.txt")
        edit(case, role_file("roles/fern.md"))
    elif name == "script_file_dev_zero":
        edit(case, role_file("/dev/zero"))
    elif name == "script_file_symlink_dev_zero":
        (case / "roles").mkdir()
        (case / "roles" / "fern.md").symlink_to("/dev/zero")
        edit(case, role_file("roles/fern.md"))
    elif name == "script_file_fifo":
        (case / "roles").mkdir()
        os.mkfifo(case / "roles" / "fern.md")
        edit(case, role_file("roles/fern.md"))
    elif name == "script_file_nul":
        edit(case, role_file("roles/fern.md\x00.txt"))
    elif name == "script_file_over_cap":
        (case / "roles").mkdir()
        (case / "roles" / "fern.md").write_bytes(b"You are Fern. " * (4 * 1024 * 1024 // 14 + 1))
        edit(case, role_file("roles/fern.md"))
    elif name == "image_dotdot":
        edit(case, image_file("../../outside/secret.png"))
    elif name == "image_absolute":
        edit(case, image_file(str(out / "secret.png")))
    elif name == "image_symlink_out":
        (case / "images" / "note.png").unlink()
        (case / "images" / "note.png").symlink_to(out / "secret.png")
    elif name == "image_folder_symlink_out":
        shutil.rmtree(case / "images")
        (case / "images").symlink_to(out, target_is_directory=True)
        edit(case, image_file("images/secret.png"))
    elif name == "image_bomb":
        (case / "images" / "note.png").write_bytes(bomb_png())
    elif name == "image_dev_zero_link":
        (case / "images" / "note.png").unlink()
        (case / "images" / "note.png").symlink_to("/dev/zero")
    elif name == "image_symlink_loop":
        (case / "images" / "note.png").unlink()
        (case / "images" / "note.png").symlink_to(case / "images" / "note.png")
    elif name == "yaml_alias_bomb":
        with (case / "script.yaml").open("a", encoding="utf-8") as handle:
            handle.write(alias_bomb())
        return ""
    elif name == "yaml_deep_nesting":
        with (case / "script.yaml").open("a", encoding="utf-8") as handle:
            handle.write("metadata: " + "[" * 100_000 + "]" * 100_000 + "\n")
        return ""
    elif name == "script_yaml_over_cap":
        with (case / "script.yaml").open("a", encoding="utf-8") as handle:
            handle.write(("# padding" + " " * 1014 + "\n") * (4 * 1024 + 1))
        return ""
    elif name == "script_yaml_is_dev_zero":
        (case / "script.yaml").unlink()
        (case / "script.yaml").symlink_to("/dev/zero")
        return ""
    else:
        raise KeyError(name)
    return ROLE_FIELD if name.startswith("script_file") else IMAGE_FIELD


ATTACKS = ("script_file_etc_passwd", "script_file_dotdot", "script_file_absolute", "script_file_symlink_out",
           "script_file_dev_zero", "script_file_symlink_dev_zero", "script_file_fifo", "script_file_nul",
           "script_file_over_cap", "image_dotdot", "image_absolute", "image_symlink_out", "image_folder_symlink_out",
           "image_bomb", "image_dev_zero_link", "image_symlink_loop", "yaml_alias_bomb", "yaml_deep_nesting",
           "script_yaml_over_cap", "script_yaml_is_dev_zero")


def build_attack(name: str, root: Path) -> Attack:
    """Write the hostile case `name` below `root/cases/` (with `root/outside/` beside it)."""
    out = outside(root)
    case = root / "cases" / name
    shutil.copytree(FIXTURE_CASE, case)
    return Attack(name, case, arrange(name, case, out))
