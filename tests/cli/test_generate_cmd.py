"""`arena generate` through the real console entry point: seeds, counts, held-out salt, errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from arena.generator.heldout import SALT_ENV

SALT = "cli-test-salt-0123456789abcdef"


def arena(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k != SALT_ENV}
    return subprocess.run([sys.executable, "-c", "from arena.cli import main; main()", *args], capture_output=True,
                          text=True, cwd=cwd, env=base | (env or {}) | {"COLUMNS": "200"}, timeout=300)


def test_count_generates_consecutive_seeds_that_validate(tmp_path: Path) -> None:
    result = arena("generate", "--seed", "10", "--count", "3", "--roles", "4-8", "--difficulty", "hard",
                   "--out", str(tmp_path / "cases"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    folders = sorted(p.name for p in (tmp_path / "cases").iterdir())
    assert [name.split("-")[1] for name in folders] == ["10", "11", "12"]
    assert all("-hard-" in name for name in folders) and "3 case(s)" in result.stdout
    check = arena("scripts", "validate", *(str(tmp_path / "cases" / f) for f in folders), cwd=tmp_path)
    assert check.returncode == 0, check.stdout
    assert check.stdout.count("ok") == 3


def test_heldout_without_salt_fails_cleanly(tmp_path: Path) -> None:
    result = arena("generate", "--seed", "1", "--split", "heldout", "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert result.returncode == 1
    assert SALT_ENV in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_heldout_with_salt_writes_a_heldout_case_without_the_salt(tmp_path: Path) -> None:
    result = arena("generate", "--seed", "1", "--roles", "5", "--split", "heldout", "--no-render",
                   "--out", str(tmp_path / "out"), cwd=tmp_path, env={SALT_ENV: SALT})
    assert result.returncode == 0, result.stderr
    (folder,) = (tmp_path / "out").iterdir()
    assert folder.name == "heldout-1-medium-5r"
    text = (folder / "script.yaml").read_text(encoding="utf-8")
    assert "split: heldout" in text
    assert all(SALT not in p.read_text(encoding="utf-8") for p in folder.rglob("*") if p.is_file())
    assert SALT not in result.stdout + result.stderr


def test_bad_roles_is_a_user_error(tmp_path: Path) -> None:
    result = arena("generate", "--seed", "1", "--roles", "3-9", "--out", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 1 and "4-8" in result.stderr and "Traceback" not in result.stderr
