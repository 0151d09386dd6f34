"""The echo plugin example, followed the way docs/adding-a-model.md tells a user: copy it, rename it,
install it, try it, check it and submit it, until the copy is a registered, placed entry."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.store import Reader
from tests.conftest import FIXTURE_CASE, ROOT

EXAMPLE = ROOT / "examples" / "arena-echo-plugin"
runner = CliRunner()


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("ARENA_DB", str(tmp_path / "arena.duckdb"))


def copy_example(dest: Path) -> Path:
    """The example copied and renamed as a user would: package `arena_shout_plugin`, provider `shout`
    (so it cannot clash with the installed echo plugin)."""
    root = dest / "arena-shout-plugin"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("*.egg-info", "__pycache__"))
    (root / "arena_echo_plugin").rename(root / "arena_shout_plugin")
    pyproject = root / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8").replace("arena-echo-plugin", "arena-shout-plugin")
    text = text.replace("arena_echo_plugin", "arena_shout_plugin").replace('\necho = "', '\nshout = "')
    pyproject.write_text(text, encoding="utf-8")
    return root


def install(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What `pip install -e` leaves behind, without pip and undone after the test: the package folder
    on sys.path, beside a dist-info folder whose entry_points.txt holds the pyproject's entry points,
    which `importlib.metadata.entry_points()` (the registry's lookup) finds there."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    dist_info = root / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n", encoding="utf-8")
    groups = [f"[{group}]\n" + "".join(f"{name} = {value}\n" for name, value in eps.items())
              for group, eps in project["entry-points"].items()]
    (dist_info / "entry_points.txt").write_text("\n".join(groups), encoding="utf-8")
    monkeypatch.syspath_prepend(str(root))


def arena(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_copy_of_the_echo_example_passes_the_smoke_check_and_is_registered(tmp_path, monkeypatch):
    install(copy_example(tmp_path), monkeypatch)
    assert "shout" in arena("models", "list") and "arena_shout_plugin:create" in arena("models", "list")
    assert "loud: Who did it?" in arena("models", "try", "shout/loud", "-p", "Who did it?")
    checked = json.loads(arena("models", "check", "shout/loud", "--script", str(FIXTURE_CASE), "--json"))
    assert checked["passed"] is True and checked["legal_share"] == 1.0 and checked["parse_failures"] == 0
    arena("submit", "builtin/random", "--json")
    submitted = json.loads(arena("submit", "shout/loud", "--scripts", str(FIXTURE_CASE), "--rounds", "1", "--json"))
    smoke = submitted["smoke"]
    assert smoke["passed"] is True and smoke["legal_share"] == 1.0 and smoke["parse_failures"] == 0
    assert all(game["legal"] == game["decisions"] for game in smoke["games"])
    assert submitted["registered"] is True and submitted["placement"]["played"] == 2
    reader = Reader(tmp_path / "arena.duckdb")
    assert submitted["entry_id"] in {e.entry_id for e in reader.entries()}
    assert {g.status for g in reader.games(entry_id=submitted["entry_id"])} == {"finished"}
