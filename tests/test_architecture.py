"""The map of the code holds: the import-linter contracts are kept, and only the store writes SQL.

`lint-imports` checks the layering and "only the store talks to DuckDB" (pyproject.toml); the AST
check below catches what imports cannot: a string of SQL against the store's base tables in a
module outside `arena/store` (the store owns the schema; everyone else calls its named queries).
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("arena", "leaderboard", "multimodal")
STORE = ROOT / "arena" / "store"
BASE_TABLES = ("entries", "scripts", "tournaments", "matches", "games", "events", "agent_calls", "qa_runs",
               "qa_answers", "metric_scores", "rating_snapshots", "rating_pools", "schema_migrations")
SQL_ON_TABLE = re.compile(r"\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+(?:\w+\.)?(" + "|".join(BASE_TABLES) + r")\b")
SQL_VERB = re.compile(r"\b(?:SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP)\b")


def sql_strings(path: Path) -> list[tuple[int, str]]:
    """(line, text) of the string constants in `path` that read or write a base table."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
            if SQL_VERB.search(text) and SQL_ON_TABLE.search(text):
                found.append((node.lineno, " ".join(text.split())[:80]))
    return found


def modules_outside_the_store() -> list[Path]:
    return [p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py")) if STORE not in p.parents]


def test_the_sql_check_sees_sql_against_base_tables(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('Q = """SELECT count(*)\n  FROM games WHERE status = ?"""\nW = "the games FROM the night"\n'
                      'R = "SELECT response FROM responses"\n')
    assert [line for line, _ in sql_strings(sample)] == [1]


def test_no_module_outside_the_store_writes_sql_against_its_tables():
    offenders = [f"{p.relative_to(ROOT)}:{line}: {text}" for p in modules_outside_the_store()
                 for line, text in sql_strings(p)]
    assert offenders == [], "SQL outside arena/store (add a named query there):\n" + "\n".join(offenders)


def test_the_store_itself_is_seen_by_the_check():
    assert any(sql_strings(p) for p in sorted(STORE.glob("*.py")))


def test_import_contracts_are_kept():
    exe = Path(sys.executable).with_name("lint-imports")
    command = str(exe) if exe.is_file() else shutil.which("lint-imports")
    if command is None:
        pytest.skip("import-linter is not installed (pip install -e '.[dev]')")
    result = subprocess.run([command, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "broken" in result.stdout and " 0 broken" in result.stdout
