"""`arena coe table3` on the fixture case: the entry as the civilians against the fixed murderer, seeded and
resumable, recorded like any game, scored on those games only, QA suites run, the Table-3 row printed."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
from typer.testing import CliRunner

from arena.cli import app
from arena.coe.table3 import table3_tournament
from arena.entries import builtin_entries
from arena.providers.messages import Request
from arena.providers.mock import register_responder
from arena.scripts.loader import load_script
from arena.store import Store
from tests.coe.conftest import record_played_game
from tests.conftest import FIXTURE_CASE

runner = CliRunner()


def run(db: Path, *extra: str) -> dict:
    result = runner.invoke(app, ["coe", "table3", "--entry", "builtin/naive", "--opponent", "builtin/random",
                                 "--scripts", str(FIXTURE_CASE), "--rounds", "1", "--db", str(db), "--json",
                                 *(extra or ("--games", "2"))])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_table3_on_the_fixture_case(tmp_path: Path) -> None:
    db = tmp_path / "arena.duckdb"
    entries = builtin_entries()
    naive, rand = entries["builtin/naive"], entries["builtin/random"]
    # an all-play-all style game of the same entry: it must not leak into the table3 row
    record_played_game(Store(db), load_script(FIXTURE_CASE), naive, rand, seed=7, rounds=1)
    first = run(db)
    assert first["tournament"]["played"] == 2 and first["qa"]["asked"] == 5
    with duckdb.connect(str(db), read_only=True) as conn:
        kind = conn.execute("SELECT json_extract_string(config, '$.kind') FROM tournaments").fetchone()[0]
        games = conn.execute("SELECT game_id, civilians_entry, murderer_entry, seed FROM games WHERE tournament_id = ?",
                             [first["tournament"]["tournament_id"]]).fetchall()
        itd = conn.execute("SELECT avg(value), count(*) FROM metric_scores WHERE metric = 'itd' AND game_id IN "
                           "(SELECT game_id FROM games WHERE tournament_id = ?)",
                           [first["tournament"]["tournament_id"]]).fetchone()
        lsu = conn.execute("SELECT 100.0 * avg(correct::INT) FROM qa_answers WHERE suite = 'lsu'").fetchone()[0]
        unscored = conn.execute("SELECT count(*) FROM metric_scores WHERE game_id LIKE 'mini-greenhouse-7-%'"
                                ).fetchone()[0]
    assert kind == "table3" and len(games) == 2 and len({g[3] for g in games}) == 2
    assert all((g[1], g[2]) == (naive.entry_id, rand.entry_id) for g in games), "entry as civilians only"
    assert unscored == 0, "table3 scores only its own games"
    (row,) = first["rows"]
    assert (row["condition"], row["opponent_id"], row["n_games"]) == ("table3", rand.entry_id, 2)
    assert row["itd"] == round(itd[0], 1) and row["n_itd"] == itd[1] == 2
    assert row["lsu"] == round(lsu, 1) and row["conditions"]["lsu"] == "qa" and row["conditions"]["itd"] == "table3"
    assert row["rp"] is None and row["offline"]["n_rp"] == 4, "offline judge: apart, 2 civilian roles x 2 games"
    again = run(db)
    assert again["tournament"]["played"] == 0 and again["tournament"]["skipped_already_done"] == 2
    assert again["judging"][0]["games"] == 0 and again["qa"]["asked"] == 0 and again["rows"] == first["rows"]


def test_table3_plan_is_one_sided_and_keyed_by_sides() -> None:
    entries = builtin_entries()
    naive, rand = entries["builtin/naive"], entries["builtin/random"]
    script = load_script(FIXTURE_CASE)
    plan = table3_tournament(naive, rand, [script], games=3, seed=0, rounds=1)
    swapped = table3_tournament(rand, naive, [script], games=3, seed=0, rounds=1)
    games = [g for m in plan.matches for g in m.games]
    assert len(games) == 3 and {(g.civilians, g.murderer) for g in games} == {(naive.entry_id, rand.entry_id)}
    assert plan.tournament_id != swapped.tournament_id and plan.config["kind"] == "table3"
    assert [g.seed for g in games] == [g.seed for m in swapped.matches for g in m.games], "same randomness per case"
    same = table3_tournament(naive, naive, [script], games=1, seed=0, rounds=1)
    assert len(same.entries) == 1, "naive against naive is the paper's reference row"


def test_table3_with_a_loopback_judge_panel(tmp_path: Path) -> None:
    """LLM-judged scores fill the row's RP/SPC/CMD and its average; the offline judge stays apart."""
    def reply(request: Request) -> str:
        text = request.messages[-1].text
        if "Key statements" in text:
            return json.dumps({"surfaced": {"1": "yes", "2": "no"}})
        return json.dumps({"score": 6 if "role-play" in text else 40})

    register_responder("t3-judge", reply)
    out = run(tmp_path / "arena.duckdb", "--judge", "offline,mock/t3-judge", "--games", "1", "--suite", "lsu")
    (row,) = out["rows"]
    judge_id = out["judging"][1]["judge"]
    assert [j["label"] for j in out["judging"]] == ["offline", "llm"] and judge_id.startswith("mock/t3-judge@")
    assert (row["rp"], row["spc"], row["judge_label"]) == (6.0, 50.0, "llm")
    assert row["judge_ids"] == {"rp": [judge_id], "spc": [judge_id], "cmd": [judge_id]}
    assert row["offline"]["n_rp"] == 2 and row["n_rp"] == 2
    measured = [row[m] * (10 if m == "rp" else 1) for m in ("lsu", "rp", "spc", "itd", "cmd") if row[m] is not None]
    assert row["avg"] == round(sum(measured) / len(measured), 1) and row["n_metrics"] == len(measured)
