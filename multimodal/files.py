"""Files named by a case: the one rule for where they may be and how much of them is read.

A case names its files (role scripts, images, cards...) by paths relative to its folder. Such a
path is accepted only when it is relative, has no `..` part and no NUL byte, and still lies under
the folder once every symbolic link is followed. A file is read only when it is a regular file (never
a device, FIFO or socket), and never past a byte cap, so a hostile case can neither exfiltrate a
local file nor exhaust memory. Caps come from the environment (`ARENA_MAX_SCRIPT_BYTES`,
`ARENA_MAX_IMAGE_BYTES`) so that a large legitimate case can raise them.

A YAML side file of a case (`evidence.yaml`, `cards.yaml`, `facts.yaml`) is read by `read_yaml_inside`:
the same rule and cap, then UTF-8, safe YAML without alias bombs or nesting too deep to read, and a
mapping at the top; whatever is wrong is one FileProblem with its fix, never a traceback.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

import yaml

MIB = 1024 * 1024
SCRIPT_CAP_ENV = "ARENA_MAX_SCRIPT_BYTES"
IMAGE_CAP_ENV = "ARENA_MAX_IMAGE_BYTES"
DEFAULT_SCRIPT_BYTES = 4 * MIB
DEFAULT_IMAGE_BYTES = 20 * MIB
RELATIVE_FIX = "name a file inside the case folder by a relative path such as roles/alice.md or images/note.png"


class FileProblem(ValueError):
    """A named file that is refused or unreadable; `fix` says what to do about it."""

    def __init__(self, message: str, fix: str = "") -> None:
        super().__init__(message)
        self.fix = fix


def byte_cap(env: str, default: int) -> int:
    """The cap set by environment variable `env` (a positive byte count), else `default`."""
    raw = os.environ.get(env, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value <= 0:
        raise FileProblem(f"{env}={raw!r} is not a positive number of bytes", f"set {env} to e.g. {default}")
    return value


def max_script_bytes() -> int:
    """Largest role script or script.yaml read (`ARENA_MAX_SCRIPT_BYTES`, default 4 MiB)."""
    return byte_cap(SCRIPT_CAP_ENV, DEFAULT_SCRIPT_BYTES)


def max_image_bytes() -> int:
    """Largest image file read (`ARENA_MAX_IMAGE_BYTES`, default 20 MiB)."""
    return byte_cap(IMAGE_CAP_ENV, DEFAULT_IMAGE_BYTES)


def check_relative(name: str) -> PurePosixPath:
    """`name` as a relative path without `..`, NUL or drive; FileProblem otherwise."""
    if "\x00" in name:
        raise FileProblem("the path contains a NUL byte", RELATIVE_FIX)
    if not name.strip():
        raise FileProblem("the path is empty", RELATIVE_FIX)
    posix, windows = PurePosixPath(name), PureWindowsPath(name)
    if posix.is_absolute() or windows.is_absolute() or windows.drive or name.startswith(("~", "\\")):
        raise FileProblem("the path is absolute", RELATIVE_FIX)
    if ".." in posix.parts or ".." in windows.parts:
        raise FileProblem("the path climbs out of the case folder with '..'", RELATIVE_FIX)
    return posix


def resolve_inside(base: Path, name: str) -> Path:
    """`base / name`, after checking that it lies under `base` with every symbolic link followed."""
    relative = check_relative(name)
    try:
        root = base.resolve()
        target = (root / relative).resolve()
    except (OSError, RuntimeError, ValueError) as exc:  # RuntimeError: a symbolic link loop
        raise FileProblem(f"the path cannot be resolved ({exc})", RELATIVE_FIX) from exc
    if target != root and not target.is_relative_to(root):
        raise FileProblem(f"the path leads outside the case folder through a symbolic link (to {target})",
                          "copy the file into the case folder instead of linking to it")
    return base / relative


def regular_size(path: Path) -> int:
    """The size of `path` when it is a regular file (links followed); FileProblem otherwise."""
    try:
        info = os.stat(path)
    except FileNotFoundError as exc:
        raise FileProblem("file not found", "check the spelling of the path, or add the file") from exc
    except (OSError, ValueError) as exc:
        raise FileProblem(f"cannot read ({exc})", "check the file's permissions") from exc
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a device, FIFO or socket, not a regular file"
        raise FileProblem(f"the path is {kind}", "point it at a regular file")
    return info.st_size


def too_large(size: str, cap: int, cap_env: str) -> FileProblem:
    return FileProblem(f"the file is {size} bytes, over the cap of {cap} bytes",
                       f"shrink the file, or raise the cap with {cap_env}=<bytes>")


def read_capped(path: Path, cap: int, cap_env: str = SCRIPT_CAP_ENV) -> bytes:
    """The bytes of regular file `path`, never reading more than `cap` + 1 bytes; FileProblem otherwise."""
    size = regular_size(path)
    if size > cap:
        raise too_large(str(size), cap, cap_env)
    try:  # O_NONBLOCK: a FIFO swapped in after the check must not block the open
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise FileProblem(f"cannot open ({exc})", "check the file's permissions") from exc
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise FileProblem("the path is not a regular file", "point it at a regular file")
        data = handle.read(cap + 1)
    if len(data) > cap:
        raise too_large(f"more than {cap}", cap, cap_env)
    return data


def read_inside(base: Path, name: str, cap: int, cap_env: str = SCRIPT_CAP_ENV) -> bytes:
    """The bytes of the file `name` of folder `base`, under the path rule and the byte cap."""
    return read_capped(resolve_inside(base, name), cap, cap_env)


def target_inside(base: Path, name: str) -> Path:
    """Where to write `name` below `base` (which may not exist yet); the same rule as for reading."""
    base.mkdir(parents=True, exist_ok=True)
    target = resolve_inside(base, name)
    if target.is_symlink():
        raise FileProblem("the target is a symbolic link", "remove the link before writing")
    return target


MAX_YAML_NODES = 1_000_000  # nodes after aliases are expanded: far above any real case, far below a bomb


def expanded_nodes(node: yaml.Node, memo: dict[int, int]) -> int:
    """How many nodes `node` stands for once every alias is expanded (shared nodes counted each time)."""
    key = id(node)
    if key not in memo:
        memo[key] = 1  # a recursive alias counts once instead of looping
        if isinstance(node, yaml.SequenceNode):
            memo[key] += sum(expanded_nodes(child, memo) for child in node.value)
        elif isinstance(node, yaml.MappingNode):
            memo[key] += sum(expanded_nodes(k, memo) + expanded_nodes(v, memo) for k, v in node.value)
    return memo[key]


def parse_safe_yaml(text: str) -> Any:
    """Safe YAML; FileProblem for bad syntax, nesting too deep to read, or aliases expanding beyond
    MAX_YAML_NODES (an alias bomb)."""
    try:
        loader = yaml.SafeLoader(text)  # it reads the stream at once: a control character fails here
    except yaml.YAMLError as exc:
        raise FileProblem(f"not valid YAML: {exc}", "correct the syntax at the place named") from exc
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        size = expanded_nodes(node, {})
        if size > MAX_YAML_NODES:
            raise FileProblem(f"YAML aliases expand to more than {MAX_YAML_NODES} values ({size}); refused as an "
                              "alias bomb", "write the values out instead of repeating aliases")
        return loader.construct_document(node)
    except RecursionError as exc:
        raise FileProblem("YAML nested too deeply to read", "flatten the nesting") from exc
    except yaml.YAMLError as exc:
        raise FileProblem(f"not valid YAML: {exc}", "correct the syntax at the place named") from exc
    finally:
        loader.dispose()


def read_yaml_inside(base: Path, name: str, cap: int | None = None) -> dict[str, Any]:
    """The mapping in YAML file `name` of folder `base` (empty for an empty file): the path rule, the script
    cap (or `cap`), UTF-8 and `parse_safe_yaml`; FileProblem otherwise."""
    data = read_inside(base, name, max_script_bytes() if cap is None else cap)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileProblem(f"not UTF-8 text ({exc.reason} at byte {exc.start})", "save the file as UTF-8") from exc
    parsed = parse_safe_yaml(text)
    if parsed is None:
        return {}
    if not isinstance(parsed, dict):
        raise FileProblem(f"the top level is a {type(parsed).__name__}, not a mapping of fields",
                          "start the file with its fields (key: value)")
    return parsed
