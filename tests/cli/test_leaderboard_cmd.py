"""`arena leaderboard` through the real console entry point, on DuckDB files made in tmp_path."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from arena.store import Reader, Store
from tests.leaderboard.helpers import game, new_store

JSON_KEYS = {"entry", "mu", "sigma", "conservative", "bt", "ci_low", "ci_high", "rank", "games", "wins",
             "provisional", "win_rate_civilian", "win_rate_murderer"}


def arena(*args: str, cwd: Path, db: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "ARENA_DB"}
    env["COLUMNS"] = "200"
    if db is not None:
        env["ARENA_DB"] = str(db)
    code = "from arena.cli import main; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=120)


def played_store(tmp_path: Path) -> tuple[Path, list[str]]:
    store, ids = new_store(tmp_path)
    a, b, c = ids
    for i in range(12):
        store.record_game(game(f"ab{i}", a, b, winner="civilians" if i % 4 else "murderer", minute=i), [])
        store.record_game(game(f"ba{i}", b, a, winner="murderer", minute=100 + i), [])
    store.record_game(game("bc", b, c, winner="civilians", minute=300), [])
    return store.path, ids


def test_an_empty_missing_or_folder_database_gives_a_helpful_message(tmp_path):
    missing = arena("leaderboard", "--db", str(tmp_path / "none.duckdb"), cwd=tmp_path)
    assert missing.returncode == 1 and "no such database file" in " ".join(missing.stderr.split())
    assert not (tmp_path / "none.duckdb").exists()
    folder = arena("leaderboard", "--db", str(tmp_path), cwd=tmp_path)
    assert folder.returncode == 1 and "is a folder" in folder.stderr
    store, _ = new_store(tmp_path)
    as_json = arena("leaderboard", "--json", cwd=tmp_path, db=store.path)
    assert as_json.returncode == 0 and json.loads(as_json.stdout) == []
    assert "No finished games" in as_json.stderr


def test_table_lists_entries_by_name_with_ratings(tmp_path):
    db, _ = played_store(tmp_path)
    result = arena("leaderboard", cwd=tmp_path, db=db)
    assert result.returncode == 0, result.stderr
    words = " ".join(result.stdout.split())
    assert "25 rated finished games" in words and "fewer than 10 games" in words
    rows = [line.split() for line in result.stdout.splitlines() if line.split()[:1] in (["1"], ["2"], ["3"])]
    assert [row[1] for row in rows] == ["alpha", "beta", "gamma"]
    assert rows[2][2] == "*" and rows[0][2] != "*"  # gamma has one game: provisional
    assert "21/24" in rows[0] and "75%" in rows[0]


def test_json_rows_have_the_documented_keys_and_consistent_values(tmp_path):
    db, (a, b, c) = played_store(tmp_path)
    result = arena("leaderboard", "--db", str(db), "--json", "--bootstrap", "20", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    assert [r["entry"] for r in rows] == [a, b, c]
    assert all(set(r) >= JSON_KEYS for r in rows)
    alpha = rows[0]
    assert (alpha["games"], alpha["wins"], alpha["provisional"], alpha["name"]) == (24, 21, False, "alpha")
    assert alpha["win_rate_civilian"] == 0.75 and alpha["win_rate_murderer"] == 1.0
    assert alpha["ci_low"] <= alpha["bt"] <= alpha["ci_high"] and alpha["rank"] == 1
    assert alpha["conservative"] == alpha["mu"] - 3 * alpha["sigma"]


def test_snapshot_option_stores_the_board(tmp_path):
    db, (a, _, _) = played_store(tmp_path)
    assert Reader(db).latest_snapshot() == []
    result = arena("leaderboard", "--db", str(db), "--snapshot", "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    shown = {r["entry"]: r for r in json.loads(result.stdout)}
    stored = {(r.entry_id, r.faction): r for r in Reader(db).latest_snapshot()}
    assert len(stored) == 9 and stored[(a, "overall")].mu == shown[a]["mu"]
    assert stored[(a, "overall")].ci_high == shown[a]["ci_high"]


def test_provider_failure_games_are_unrated_unless_included_and_rates_are_shown(tmp_path):
    db, (a, b, _) = played_store(tmp_path)
    store = Store(db)
    counts = {"civilians_decisions": 10, "murderer_decisions": 4}
    store.record_game(game("faulty", a, b, winner="murderer", minute=400, civilians_provider_forfeits=3, **counts), [])
    store.record_game(game("tie", b, a, winner="tie", minute=401, **counts), [])
    default = json.loads(arena("leaderboard", "--db", str(db), "--json", "--bootstrap", "5", cwd=tmp_path).stdout)
    kept = json.loads(arena("leaderboard", "--db", str(db), "--json", "--bootstrap", "5",
                            "--include-provider-failures", cwd=tmp_path).stdout)
    alpha, alpha_kept = (next(r for r in rows if r["entry"] == a) for rows in (default, kept))
    assert (alpha["games"], alpha_kept["games"]) == (25, 26) and alpha["unrated_games"] == 1
    assert alpha["provider_failure_rate"] == 3 / 14 and alpha["forfeit_rate"] == 3 / 14
    assert alpha["draws"] == 1 and alpha["win_rate_murderer"] == 1.0  # the tie is left out of the win rate
    board = default[0]["board"]
    assert (board["ties"], board["rated_games"], board["excluded_provider_failure_games"]) == (1, 26, 1)
    assert board["side_term_low"] <= board["side_term"] <= board["side_term_high"]
    table = " ".join(arena("leaderboard", "--db", str(db), "--bootstrap", "5", cwd=tmp_path).stdout.split())
    assert "equal murderer wins" in table and "1 ties" in table and "1 games with provider failures unrated" in table


def test_freeze_then_pool_shows_the_frozen_ratings_and_refuses_unknown_pools(tmp_path):
    db, (a, b, c) = played_store(tmp_path)
    frozen = arena("leaderboard", "--db", str(db), "--freeze", "ref", "--bootstrap", "5", cwd=tmp_path)
    assert frozen.returncode == 0 and "froze pool ref: 3 entries" in frozen.stdout
    again = arena("leaderboard", "--db", str(db), "--freeze", "ref", cwd=tmp_path)
    assert again.returncode != 0 and "frozen already" in again.stderr + again.stdout
    shown = json.loads(arena("leaderboard", "--db", str(db), "--pool", "ref", "--json", cwd=tmp_path).stdout)
    assert shown["pool"] == "ref" and {e["entry_id"] for e in shown["entries"]} == {a, b, c}
    assert shown["placed"] == []
    table = arena("leaderboard", "--db", str(db), "--pool", "ref", cwd=tmp_path)
    assert "Frozen pool ref (frozen" in " ".join(table.stdout.split())
    missing = arena("leaderboard", "--db", str(db), "--pool", "nope", cwd=tmp_path)
    assert missing.returncode != 0 and "no frozen pool 'nope'" in " ".join((missing.stderr + missing.stdout).split())


SIDE_KEYS = ("rating_murderer", "rating_civilian", "rating_clean")


def all_pairs_store(tmp_path: Path) -> tuple[Path, list[str]]:
    """alpha, beta, gamma play every seating 6 times; alpha wins as the murderer, and gamma wins 6 more games
    in which beta forfeited decisions as the murderer."""
    store, ids = new_store(tmp_path)
    minute = 0
    for civ in ids:
        for mur in ids:
            if civ == mur:
                continue
            for i in range(6):
                winner = "murderer" if mur == ids[0] and i else "civilians" if i % 2 else "murderer"
                store.record_game(game(f"{civ[:6]}-{mur[:6]}-{i}", civ, mur, winner=winner, minute=minute), [])
                minute += 1
    for i in range(6):
        store.record_game(game(f"forfeit{i}", ids[2], ids[1], winner="civilians", minute=minute + i,
                               murderer_decisions=5, murderer_own_forfeits=2), [])
    return store.path, ids


def test_json_rows_carry_per_side_and_clean_ratings_within_their_bounds(tmp_path):
    db, (a, b, c) = all_pairs_store(tmp_path)
    result = arena("leaderboard", "--db", str(db), "--json", "--bootstrap", "30", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    rows = {r["entry"]: r for r in json.loads(result.stdout)}
    for row in rows.values():
        for key in SIDE_KEYS:
            assert row[f"{key}_low"] <= row[key] <= row[f"{key}_high"], key
        assert isinstance(row["clean_differs"], bool)
    assert rows[a]["rating_murderer"] > rows[b]["rating_murderer"]
    assert (rows[c]["games"], rows[c]["clean_games"], rows[b]["clean_games"]) == (30, 24, 24)
    summary = rows[a]["board"]
    assert summary["per_side_identified"] and (summary["rated_games"], summary["clean_rated_games"]) == (42, 36)


def test_table_shows_the_per_side_table_and_says_when_sides_are_not_identified(tmp_path):
    db, _ = all_pairs_store(tmp_path)
    result = arena("leaderboard", "--db", str(db), "--bootstrap", "10", cwd=tmp_path)
    words = " ".join(result.stdout.split())
    assert result.returncode == 0 and "Per side and clean games (36 clean games)" in words
    assert "not identified" not in words
    side_rows = [line.split() for line in result.stdout.split("Per side and clean games")[1].splitlines()
                 if line.split()[:1] in (["alpha"], ["beta"], ["gamma"])]
    assert len(side_rows) == 3 and all(row[1].isdigit() and row[3].isdigit() for row in side_rows)
    other_db, _ = played_store(tmp_path / "other")
    unidentified = arena("leaderboard", "--db", str(other_db), "--bootstrap", "5", cwd=tmp_path).stdout
    assert "Per-side ratings: not identified" in " ".join(unidentified.split())
