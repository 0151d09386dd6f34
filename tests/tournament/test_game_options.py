"""Game options in the plan (`--key-clues-given`): their own plan keys, old keys unchanged, the games played
with the option, resumed and never played twice, and left out of the ratings."""

from __future__ import annotations

import asyncio
import json

from typer.testing import CliRunner

from arena.app.table3 import table3_rows
from arena.cli import app
from arena.coe.cases import CaseIndex
from arena.coe.offline_judge import OfflineJudge
from arena.coe.scoring import score_games
from arena.coe.table3 import table3_tournament
from arena.entries import resolve_entry
from arena.store import Reader, Store
from arena.tournament import RunOptions, all_play_all_tournament, run_tournament
from arena.tournament.plan import ScriptRef, game_options, games_of, plan_match, tournament_id_for
from leaderboard.ratings.games import to_rated
from tests.conftest import FIXTURE_CASE
from tests.tournament.helpers import mini_case, random_entries

KEY_CLUES = game_options(key_clues_given=True)
runner = CliRunner()


def test_options_at_their_default_keep_the_ids_recorded_before_options_existed() -> None:
    """These ids were computed by the plan code before game options existed: existing databases resume."""
    assert game_options(key_clues_given=False) == ()
    match = plan_match("t", ScriptRef("s1", "h1"), 7, "e/a@1", "e/b@2", game_options(key_clues_given=False))
    assert match.match_id == "m-e97ba8ed768797c18c7c"
    assert [g.plan_key for g in match.games] == ["pk-e97ba8ed768797c18c7ce9cc", "pk-ac03f08313d61d22c47f314e"]
    assert tournament_id_for(["e/a@1", "e/b@2"], [ScriptRef("s1", "h1")], 1, 0, 3) == "t-041e2e6dfd21"


def test_a_key_clues_game_and_a_normal_game_of_one_pairing_case_and_seed_have_different_keys() -> None:
    normal = plan_match("t", ScriptRef("s1", "h1"), 7, "e/a@1", "e/b@2")
    given = plan_match("t", ScriptRef("s1", "h1"), 7, "e/a@1", "e/b@2", KEY_CLUES)
    assert given.match_id != normal.match_id
    assert not {g.plan_key for g in given.games} & {g.plan_key for g in normal.games}
    assert all(g.options == KEY_CLUES for g in given.games) and all(g.options == () for g in normal.games)
    entries, case = random_entries(2), mini_case()
    plain = all_play_all_tournament(entries, [case], games_per_pair=1, seed=0, rounds=1)
    ablation = all_play_all_tournament(entries, [case], games_per_pair=1, seed=0, rounds=1, options=KEY_CLUES)
    assert plain.tournament_id != ablation.tournament_id and ablation.config["options"] == {"key_clues_given": True}
    named = all_play_all_tournament(entries, [case], games_per_pair=1, seed=0, rounds=1, name="n", options=KEY_CLUES)
    same_name = all_play_all_tournament(entries, [case], games_per_pair=1, seed=0, rounds=1, name="n")
    assert not {g.plan_key for g in games_of(named.matches)} & {g.plan_key for g in games_of(same_name.matches)}
    t3 = table3_tournament(entries[0], entries[1], [case], games=1, seed=0, rounds=1)
    t3_given = table3_tournament(entries[0], entries[1], [case], games=1, seed=0, rounds=1, options=KEY_CLUES)
    assert games_of(t3.matches)[0].plan_key != games_of(t3_given.matches)[0].plan_key


def test_a_key_clues_tournament_plays_with_the_option_resumes_and_stays_out_of_the_ratings(tmp_path) -> None:
    path = tmp_path / "a.duckdb"
    entries, case = random_entries(2), mini_case()
    for options in ((), KEY_CLUES):
        plan = all_play_all_tournament(entries, [case], games_per_pair=1, seed=0, rounds=1, name="same",
                                       options=options)
        summary = asyncio.run(run_tournament(plan, Store(path), RunOptions(rounds=1), snapshot=False))
        assert summary.played == 2 and summary.skipped_already_done == 0  # the normal games do not count as done
    again = asyncio.run(run_tournament(plan, Store(path), RunOptions(rounds=1), snapshot=False))
    assert again.played == 0 and again.skipped_already_done == 2 and again.remaining == 0
    games = Reader(path).game_log()
    assert len(games) == 4 and sorted(g.key_clues_given for g in games) == [False, False, True, True]
    with Reader(path).snapshot() as conn:
        started = [json.loads(r[0]) for r in conn.execute(
            "SELECT payload FROM events WHERE type = 'game_started' ORDER BY game_id").fetchall()]
    assert sorted(bool(p["config"].get("key_clues_given")) for p in started) == [False, False, True, True]
    rated = [g.game_id for g in games if to_rated(g) is not None]
    assert sorted(rated) == sorted(g.game_id for g in games if not g.key_clues_given) and len(rated) == 2


def test_the_tournament_command_takes_key_clues_given_and_reports_it_as_its_own_condition(tmp_path) -> None:
    db = str(tmp_path / "c.duckdb")
    common = ["tournament", "--entries", "builtin/naive,builtin/random", "--scripts", str(FIXTURE_CASE),
              "--rounds", "1", "--db", db, "--json"]
    for extra in ([], ["--key-clues-given"], ["--key-clues-given"]):
        done = runner.invoke(app, [*common, *extra])
        assert done.exit_code == 0, done.output
    assert json.loads(done.stdout.strip().splitlines()[-1])["played"] == 0  # the rerun resumed: nothing twice
    scored = runner.invoke(app, ["coe", "mirage", "--db", db, "--scripts-dir", str(FIXTURE_CASE.parent)])
    assert scored.exit_code == 0, scored.output
    rows = json.loads(runner.invoke(app, ["coe", "report", "--db", db, "--json"]).output)["rows"]
    by_condition = {(r["name"], r["condition"]): r["n_games"] for r in rows}
    assert by_condition[("builtin/naive", "key-clues-given")] == 1
    assert by_condition[("builtin/naive", "all-play-all")] == 1


def test_key_clues_table3_games_keep_their_opponent_and_their_own_condition(tmp_path) -> None:
    path = tmp_path / "t3.duckdb"
    naive, rnd = (resolve_entry(n, [], {}) for n in ("builtin/naive", "builtin/random"))
    for options in ((), KEY_CLUES):
        plan = table3_tournament(rnd, naive, [mini_case()], games=1, seed=0, rounds=1, options=options)
        asyncio.run(run_tournament(plan, Store(path), RunOptions(rounds=1), snapshot=False))
    asyncio.run(score_games(Store(path), OfflineJudge(), CaseIndex(FIXTURE_CASE.parent)))  # ITD, counted
    given = table3_rows(path, rnd.entry_id, naive.entry_id, "key-clues-given")
    plain = table3_rows(path, rnd.entry_id, naive.entry_id)
    assert len(given) == len(plain) == 1 and given[0].n_games == plain[0].n_games == 1
    assert given[0].opponent == "builtin/naive" and given[0].itd is not None
