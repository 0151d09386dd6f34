"""A Chinese case end to end through the CLI: `arena play` (the terminal transcript and the event
log in Chinese) and `arena qa` (the naive row well above random guessing on the Chinese case)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.engine import read_jsonl
from multimodal.language import CJK_CHAR
from tests.conftest import SCRIPTS_DATA

runner = CliRunner()
TINGSONG = SCRIPTS_DATA / "tingsong"


@pytest.fixture(autouse=True)
def _env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_DB", str(tmp_path / "store" / "arena.duckdb"))
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("ARENA_OCR_CACHE", str(tmp_path / "ocr"))


def test_play_a_chinese_game_with_a_chinese_transcript(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["play", "--script", str(TINGSONG), "--civilians", "builtin/naive",
                                 "--murderer", "mock/player", "--rounds", "1", "--seed", "2", "--out", str(log)])
    assert result.exit_code == 0, result.output
    assert "听松茶庄" in result.stdout and "我知道的是" in result.stdout and "finished" in result.stdout
    said = [e for e in read_jsonl(log) if e.type in ("utterance", "action", "answer")]
    texts = [getattr(e, "text", None) or getattr(e, "speech", None) or "" for e in said]
    assert texts and sum(bool(CJK_CHAR.search(t)) for t in texts) >= 0.9 * len([t for t in texts if t])
    assert read_jsonl(log)[-1].type == "game_ended"


def test_qa_on_the_chinese_case_naive_beats_random(tmp_path: Path) -> None:
    scores = {}
    for entry in ("builtin/random", "builtin/naive"):
        result = runner.invoke(app, ["qa", "--entry", entry, "--scripts", str(TINGSONG), "--suite", "lsu",
                                     "--db", str(tmp_path / "qa.duckdb"), "--seed", "1", "--json"])
        assert result.exit_code == 0, result.output
        summary = json.loads(result.stdout)
        assert summary["overall"]["n"] == 28 and summary["statuses"] == {"ok": 28}
        scores[entry] = summary["overall"]["accuracy"]
    assert scores["builtin/naive"] >= scores["builtin/random"] + 20, scores
