"""`arena import ...` end to end: reports, validation of every written case, the MIRAGE refusal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from tests.conftest import ROOT, SHARED

EXTERNAL = SHARED / "external"
pytestmark = pytest.mark.skipif(not EXTERNAL.is_dir(), reason="shared/external is not on this machine")
runner = CliRunner()


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    code = "from arena.cli import main; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


def test_every_imported_case_passes_scripts_validate(tmp_path: Path) -> None:
    out = tmp_path / "cases"
    commands = [
        ["import", "whodunitbench", str(EXTERNAL / "whodunitbench"), "--out", str(out)],
        ["import", "mirage", str(EXTERNAL / "mirage"), "--out", str(out), "--culprit", "Manager Xiu"],
        ["import", "wellplay", str(EXTERNAL / "player"), "--out", str(out)],
    ]
    for command in commands:
        result = runner.invoke(app, command)
        assert result.exit_code == 0, result.output
    cases = sorted(p for p in out.iterdir() if p.is_dir())
    assert [p.name for p in cases] == ["mirage-the-eastern-star-cruise-ship", "wb-pu", "wb-xiaohua",
                                       "wellplay-oriental-star-cruise-incident"]
    result = runner.invoke(app, ["scripts", "validate", *map(str, cases)])
    assert result.exit_code == 0, result.output
    assert result.output.count("ok") == len(cases)


def test_report_lists_counts_and_skipped_items(tmp_path: Path) -> None:
    result = runner.invoke(app, ["import", "wellplay", str(EXTERNAL / "player"), "--out", str(tmp_path), "--report"],
                           terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "5 roles" in result.output and "lsu 30 / tiu 0 / miu 0 / mmr 24" in result.output
    assert "one-letter key" in result.output and "FSA.csv row 1" in result.output
    result = runner.invoke(app, ["import", "whodunitbench", str(EXTERNAL / "whodunitbench" / "Pu"),
                                 "--out", str(tmp_path), "--report"])
    assert result.exit_code == 0, result.output
    assert "9 images" in result.output and "nothing skipped" in result.output


def test_mirage_without_culprit_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    result = arena("import", "mirage", str(EXTERNAL / "mirage"), "--out", str(tmp_path / "out"))
    assert result.returncode == 1
    assert "does not record the culprit" in result.stderr and "--culprit" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_existing_hand_written_folder_is_not_replaced(tmp_path: Path) -> None:
    target = tmp_path / "wb-pu"
    target.mkdir()
    (target / "notes.txt").write_text("mine", encoding="utf-8")
    result = arena("import", "whodunitbench", str(EXTERNAL / "whodunitbench" / "Pu"), "--out", str(tmp_path))
    assert result.returncode == 1 and "--overwrite" in result.stderr
    assert (target / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_empty_folder_is_an_error(tmp_path: Path) -> None:
    result = arena("import", "wellplay", str(tmp_path), "--out", str(tmp_path / "out"))
    assert result.returncode == 1 and "no WellPlay case" in result.stderr
