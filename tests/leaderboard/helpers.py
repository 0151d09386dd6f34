"""Builders shared by the leaderboard tests: entries, games and synthetic logs with known strengths."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

from arena.store import EntryRecord, GameRecord, Store

T0 = datetime(2025, 1, 1, 12, 0, 0)


def entry(name: str, **settings: Any) -> EntryRecord:
    return EntryRecord(name=name, provider="mock", model=name, settings=settings)


def new_store(tmp_path: Path, names: tuple[str, ...] = ("alpha", "beta", "gamma")) -> tuple[Store, list[str]]:
    """A fresh store file with the given entries registered; returns (store, entry ids)."""
    store = Store(tmp_path / "arena.duckdb")
    ids = []
    for name in names:
        record = entry(name)
        store.upsert_entry(record)
        ids.append(record.entry_id)
    return store, ids


def game(game_id: str, civ: str, mur: str, winner: str | None = "civilians", status: str = "finished",
         minute: int = 0, **extra: Any) -> GameRecord:
    return GameRecord(game_id=game_id, script_id="mini_case", script_hash="h1", seed=minute, civilians_entry=civ,
                      murderer_entry=mur, status=status, winner=winner if status == "finished" else None,
                      started_at=T0 + timedelta(minutes=minute), finished_at=T0 + timedelta(minutes=minute, seconds=30),
                      **extra)


def events(n: int, role: str = "detective") -> list[dict[str, Any]]:
    return [{"type": "speech", "role": role, "text": f"line {i}", "turn": i} for i in range(n)]


def game_dict(game_id: str, civ: str, mur: str, winner: str | None, minute: int) -> dict[str, Any]:
    return {"game_id": game_id, "civilians_entry": civ, "murderer_entry": mur, "winner": winner,
            "finished_at": T0 + timedelta(minutes=minute)}


# A hand-checked log: a-b x3 (civilians 2-1), b-a x2 (murderer win, draw), c-a civilian win, c self-play,
# and an aborted game that must be ignored.
HAND_LOG: list[dict[str, Any]] = [
    game_dict("g1", "a", "b", "civilians", 0),
    game_dict("g2", "a", "b", "murderer", 1),
    game_dict("g3", "a", "b", "civilians", 2),
    game_dict("g4", "b", "a", "murderer", 3),
    game_dict("g5", "b", "a", None, 4),
    game_dict("g6", "c", "a", "civilians", 5),
    game_dict("g7", "c", "c", "murderer", 6),
    {**game_dict("g8", "a", "c", None, 7), "status": "aborted"},
]


def synthetic_log(strengths: dict[str, float], n_games: int, seed: int, murderer_edge: float = 0.0,
                  draw_rate: float = 0.0, as_murderer: dict[str, float] | None = None) -> list[dict[str, Any]]:
    """Random pairings; civilians win with probability sigmoid(s_civ - m_mur - murderer_edge), where the
    murderer-side strengths `m` are `as_murderer` when given, else `strengths`."""
    rng = np.random.default_rng(seed)
    names = list(strengths)
    civ = rng.integers(0, len(names), n_games)
    mur = (civ + rng.integers(1, len(names), n_games)) % len(names)
    s = np.array([strengths[n] for n in names])
    m = np.array([(as_murderer or strengths)[n] for n in names])
    p_civ = 1.0 / (1.0 + np.exp(-(s[civ] - m[mur] - murderer_edge)))
    u, d = rng.random(n_games), rng.random(n_games)
    log = []
    for i in range(n_games):
        winner = None if d[i] < draw_rate else ("civilians" if u[i] < p_civ[i] else "murderer")
        log.append(game_dict(f"g{i:06d}", names[civ[i]], names[mur[i]], winner, i))
    return log
