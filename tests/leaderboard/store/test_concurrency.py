"""One writer process and one reader process share a database file while games are being recorded."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from arena.store import Reader
from tests.leaderboard.helpers import new_store

WORKER = Path(__file__).with_name("concurrent_worker.py")
N_GAMES = 40


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(WORKER), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def test_a_reader_process_reads_consistent_data_while_a_writer_process_writes(tmp_path):
    store, (a, b, _) = new_store(tmp_path)
    writer = start("writer", str(store.path), str(N_GAMES), a, b)
    reader = start("reader", str(store.path), str(N_GAMES))
    w_out, w_err = writer.communicate(timeout=300)
    r_out, r_err = reader.communicate(timeout=300)
    assert writer.returncode == 0, w_err
    assert reader.returncode == 0, r_err
    assert json.loads(w_out) == {"written": N_GAMES}
    summary = json.loads(r_out)
    assert summary["last"] == N_GAMES, summary
    assert summary["torn"] == 0 and summary["went_back"] == 0, summary
    assert Reader(store.path).counts()["games"] == N_GAMES
