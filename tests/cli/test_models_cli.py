"""`arena models ...` through the real console entry point, offline (mock provider, no keys)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import FIXTURE_CASE

FAKE_KEY = "sk-CLI-CANARY-0123456789"


def arena(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY") and k != "ARENA_ENTRIES"}
    env.update({"COLUMNS": "200", "OPENAI_API_KEY": FAKE_KEY})
    code = "from arena.cli import main; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=120)


def test_list_shows_providers_builtins_and_configured_entries(tmp_path):
    (tmp_path / "entries.toml").write_text('[entries.my-gpt]\nmodel = "openai/gpt-4o"\ntemperature = 0\n\n'
                                           '[entries.claude]\nmodel = "anthropic/claude-3-5-haiku"\n')
    result = arena("models", "list", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    for text in ("openai-compatible", "google", "mock", "builtin/random", "builtin/naive", "my-gpt", "claude",
                 "missing ANTHROPIC_API_KEY"):
        assert text in result.stdout
    assert FAKE_KEY not in result.stdout + result.stderr


def test_try_mock_with_an_image_and_cache(tmp_path):
    image = next(FIXTURE_CASE.rglob("*.png"))
    first = arena("models", "try", "mock/echo", "-p", "who did it?", "-i", str(image), cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert "who did it?" in first.stdout and "status ok" in first.stdout
    scripted = arena("models", "try", "mock/flaky", "-M", 'outputs=[{status = "api_error", error = "down"}]',
                     cwd=tmp_path)
    assert scripted.returncode == 2 and "status api_error" in scripted.stdout and "down" in scripted.stdout


def test_try_reports_config_errors_cleanly(tmp_path):
    missing = arena("models", "try", "nope/model", cwd=tmp_path)
    assert missing.returncode == 1 and "unknown provider 'nope'" in missing.stderr and "Traceback" not in missing.stderr
    builtin = arena("models", "try", "builtin/naive", cwd=tmp_path)
    assert builtin.returncode == 1 and "built-in agent" in builtin.stderr


def test_check_mock_player_passes(tmp_path):
    result = arena("models", "check", "mock/player", "--json", "--seed", "2", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["passed"] is True and report["legal_share"] == 1.0 and report["images_sent"] > 0
    assert [g["side"] for g in report["games"]] == ["civilians", "murderer"]
    table = arena("models", "check", "mock/player", "-M", "latency_ms=1", "--script", str(FIXTURE_CASE), cwd=tmp_path)
    assert table.returncode == 0 and "PASSED" in table.stdout and "legal actions" in table.stdout


def test_check_fails_with_a_nonzero_exit_on_garbage(tmp_path):
    result = arena("models", "check", "mock/garbage", "-M", 'outputs=["no json here"]', "--no-cache",
                   "--script", str(FIXTURE_CASE), cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "FAILED" in result.stdout and "legal actions" in result.stdout and "Traceback" not in result.stderr
    builtin = arena("models", "check", "builtin/random", cwd=tmp_path)
    assert builtin.returncode == 1 and "built-in agent" in builtin.stderr


def test_check_compare_structured_reports_both_rates(tmp_path):
    result = arena("models", "check", "mock/player", "--compare-structured", "--json", "--script", str(FIXTURE_CASE),
                   cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["mode_with"] == "json_object", "mock has no schema support: auto uses JSON mode"
    assert report["with"]["parse_error_rate"] == 0.0 == report["without"]["parse_error_rate"]
    assert report["with"]["calls"] > 0 and report["without"]["calls"] > 0
