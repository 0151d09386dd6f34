"""Every page through the real navigation (`AppTest`) on a database filled by real games and QA.

Values shown are checked against the database itself (queried here with `Reader` or plain SQL).
"""

from __future__ import annotations

import math
import re
import shutil
from pathlib import Path

import duckdb
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from arena.store import GameRecord, Reader, Store
from leaderboard.ui.common import entry_url, plain
from leaderboard.ui.nav import PAGES
from tests.ui.conftest import COT, LEGACY, BoardDb

TIMEOUT_S = 60


def run_page(page: str) -> None:
    from leaderboard.ui.nav import main

    main(page)


def app(page: str, db: Path, **query: str) -> AppTest:
    at = AppTest.from_function(run_page, args=(page,), default_timeout=TIMEOUT_S)
    at.session_state["arena_db"] = str(db)
    for key, value in query.items():
        at.query_params[key] = value
    return at.run()


def assert_clean(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info]
    parts += [w.value for w in at.warning] + [c.value for c in at.code]
    return "\n".join(str(p) for p in parts)


@pytest.mark.parametrize("page", list(PAGES))
def test_every_page_renders(board_db: BoardDb, page: str) -> None:
    at = app(page, board_db.path)
    assert_clean(at)
    assert at.title[0].value == PAGES[page][0]


def test_leaderboard_matches_the_latest_snapshot(board_db: BoardDb) -> None:
    at = app("leaderboard", board_db.path)
    assert_clean(at)
    table = at.dataframe[0].value
    snapshot = {r.entry_id: r for r in Reader(board_db.path).latest_snapshot() if r.faction == "overall"}
    active = {e.entry_id: e.name for e in Reader(board_db.path).entries(include_deprecated=False)}
    assert sorted(table["display"]) == sorted(active.values())
    for row in table.itertuples():
        entry_id = next(i for i, n in active.items() if n == row.display)
        assert row.games == snapshot[entry_id].games
        assert row.rank == snapshot[entry_id].rank
        assert row.mu == pytest.approx(snapshot[entry_id].mu)
    assert "latest rating snapshot" in texts(at)
    assert [entry_url(e, d) for e, d in zip(table["entry"], table["display"], strict=True)] == list(table["link"])
    assert "rates vision-language models" in texts(at)
    assert at.get("arrow_vega_lite_chart") or at.get("vega_lite_chart")
    with duckdb.connect(str(board_db.path), read_only=True) as conn:
        spent = dict(conn.execute("SELECT entry_id, sum(cost_usd) FROM agent_calls GROUP BY 1").fetchall())
    for row in table.itertuples():  # $ / game: what the entry's own calls cost, over its games
        if row.games > 0 and row.entry in spent:
            assert row.cost_per_game == pytest.approx(spent[row.entry] / row.games)


def test_cost_per_game_and_per_rating_point_on_a_hand_table() -> None:
    from leaderboard.ui.board_data import with_costs

    table = pd.DataFrame({"entry": ["a", "b", "c", "d"], "games": [4, 2, 0, 5], "rating": [1100.0, 950.0, 1000.0,
                                                                                          1200.0]})
    costs = pd.DataFrame({"entry_id": ["a", "b", "d"], "cost_usd": [2.0, 1.0, 0.0], "cost_games": [4, 2, 5]})
    out = with_costs(table, costs).set_index("entry")
    assert out.loc["a", "cost_per_game"] == pytest.approx(0.5) and out.loc["a", "cost_per_point"] == pytest.approx(0.02)
    assert out.loc["b", "cost_per_game"] == pytest.approx(0.5) and math.isnan(out.loc["b", "cost_per_point"])
    assert math.isnan(out.loc["c", "cost_per_game"])  # no games, no spend
    assert out.loc["d", "cost_per_game"] == 0.0 and math.isnan(out.loc["d", "cost_per_point"])  # free entry


def test_deprecated_entries_appear_behind_the_toggle(board_db: BoardDb) -> None:
    at = app("leaderboard", board_db.path)
    assert "random-legacy" not in set(at.dataframe[0].value["display"])
    at.toggle[0].set_value(True).run()
    assert_clean(at)
    shown = at.dataframe[0].value.set_index("display")
    assert shown.loc["random-legacy", "deprecated"]
    legacy_games = sum(1 for g in Reader(board_db.path).finished_games() if LEGACY.entry_id in
                       (g.civilians_entry, g.murderer_entry))
    assert shown.loc["random-legacy", "games"] == legacy_games


def test_stale_snapshot_falls_back_to_live_ratings(board_db: BoardDb, tmp_path: Path) -> None:
    copy = tmp_path / "stale.duckdb"
    shutil.copy(board_db.path, copy)
    active = {e.entry_id for e in Reader(copy).entries(include_deprecated=False)}
    last = next(g for g in Reader(copy).games(status="finished") if g.civilians_entry in active)
    extra = GameRecord(**{**last.model_dump(include=set(GameRecord.model_fields)), "game_id": "extra-game",
                          "plan_key": None})
    Store(copy).record_game(extra, [])
    at = app("leaderboard", copy)
    assert_clean(at)
    assert f"Computed live from {len(Reader(copy).finished_games())} finished games" in texts(at)
    table = at.dataframe[0].value.set_index("display")
    civ_name = board_db_name(board_db, last.civilians_entry)
    finished = [g for g in Reader(copy).finished_games() if last.civilians_entry in (g.civilians_entry,
                                                                                      g.murderer_entry)]
    assert table.loc[civ_name, "games"] == len(finished)


TURN_EVENTS = {"utterance", "action", "answer", "clue_revealed", "reasoning", "vote", "invalid_output"}


def board_db_name(board_db: BoardDb, entry_id: str) -> str:
    return next(e.name for e in board_db.entries.values() if e.entry_id == entry_id)


def test_head_to_head_lists_the_pair_and_links_the_replay(board_db: BoardDb) -> None:
    at = app("head-to-head", board_db.path)
    assert_clean(at)
    civ, mur = at.selectbox[0].value, at.selectbox[1].value
    games = at.dataframe[0].value
    with duckdb.connect(str(board_db.path), read_only=True) as conn:
        expected = conn.execute("SELECT game_id FROM games WHERE civilians_entry = ? AND murderer_entry = ? "
                                "ORDER BY finished_at DESC, game_id", [civ, mur]).fetchall()
    assert games["game_id"].tolist() == [row[0] for row in expected]
    link = at.get("page_link")[0]
    assert link.value == f"Replay game {expected[0][0]}"
    assert link.proto.query_string == f"game={expected[0][0]}"
    assert len(at.get("arrow_vega_lite_chart") or at.get("vega_lite_chart")) == 2
    assert "either side:" in texts(at)


def test_head_to_head_cells_carry_n_and_an_interval(board_db: BoardDb) -> None:
    from leaderboard.ui.head_to_head_page import cells

    table = cells(pd.DataFrame([p.model_dump() for p in Reader(board_db.path).pair_results()]), {})
    assert len(table) > 0
    for row in table.itertuples():
        decided = row.games - row.draws
        if decided:
            assert f"n={decided}" in row.rate_label and "[" in row.rate_label and "%" in row.interval
        else:
            assert row.rate_label.startswith("—") and "n=0" in row.rate_label
        assert row.games_label.startswith(str(row.games))


def test_coe_table_matches_the_answers(board_db: BoardDb) -> None:
    at = app("coe", board_db.path)
    assert_clean(at)
    table = at.dataframe[0].value
    naive = board_db.entries["builtin/naive"].entry_id
    with duckdb.connect(str(board_db.path), read_only=True) as conn:
        lsu, n = conn.execute("SELECT 100.0 * avg(correct::INT), count(*) FROM qa_answers WHERE entry_id = ? "
                              "AND suite = 'lsu' AND mode = 'direct' AND ablation = 'none'", [naive]).fetchone()
        cmd = conn.execute("SELECT avg(value) FROM metric_scores WHERE entry_id = ? AND metric = 'cmd'",
                           [naive]).fetchone()[0]
    row = table[(table["display"] == "builtin/naive") & (table["mode"] == "direct")
                & (table["condition"] == "all-play-all")].iloc[0]
    # arena.coe.report rounds to one decimal
    assert row["lsu"] == pytest.approx(lsu, abs=0.05) and row["n_lsu"] == n
    assert pd.isna(row["cmd"]) and not row["judge_labels"], "offline-judge scores stay out of the main table"
    offline = next(d.value for d in at.dataframe if "judge" in d.value.columns)
    naive_offline = offline[offline["display"] == "builtin/naive"].iloc[0]
    assert naive_offline["judge"] == "offline"
    assert naive_offline["cmd"] == pytest.approx(cmd, abs=0.051)  # shown to one digit
    ablation = table[table["mode"] == "direct+no-images"]
    assert len(ablation) == 1 and pd.isna(ablation.iloc[0]["cmd"])
    assert "offline" in texts(at)
    assert row["lsu_cell"].startswith(f"{lsu:.0f} [") and row["lsu_cell"].endswith(f"n={n}")
    complete = table[["lsu", "tiu", "miu", "rp", "spc", "itd", "mmr", "cmd"]].notna().all(axis=1)
    assert (table.loc[~complete, "avg_all_cell"] == "—").all()
    qa_complete = table[["lsu", "tiu", "miu", "mmr"]].notna().all(axis=1)
    assert (table.loc[qa_complete, "avg_qa_cell"] != "—").all()
    assert (table.loc[~qa_complete, "avg_qa_cell"] == "—").all()
    assert "long-script understanding" in texts(at) and "None" not in set(table["cmd_cell"])


def test_replay_of_an_aborted_game_shows_statuses_images_and_plain_text(board_db: BoardDb) -> None:
    game = Reader(board_db.path).games(status="aborted")[0]
    at = app("replay", board_db.path, game=game.game_id)
    assert_clean(at)
    assert any(game.abort_reason in w.value for w in at.warning)
    events = Reader(board_db.path).events(game.game_id)
    turns = [e for e in events if e.type in TURN_EVENTS]
    assert len(at.chat_message) == len(turns), "one chat message per turn, the whole game by default"
    flagged = [e for e in events if e.type == "invalid_output" or e.payload.get("forfeit") == "parse_error"]
    shown = texts(at)
    assert shown.count("parse\\_error") == len(flagged) > 0
    assert len(at.image) >= 1
    # The agent's markup is shown verbatim (escaped), never rendered through markdown.
    assert "\\<b\\>no JSON here\\</b\\> \\*\\*at all\\*\\*" in shown
    assert "<b>no JSON" not in shown
    votes = at.dataframe[-2].value
    voted = {e.role for e in events if e.type == "vote"}
    assert (votes["voted for"] != "—").sum() == len(voted)
    calls = at.dataframe[-1].value
    assert calls["calls"].astype(int).sum() == sum(1 for e in events if e.type == "agent_call")


def test_replay_deep_link_steps_to_a_turn_with_full_text_and_the_clue_panel(board_db: BoardDb) -> None:
    game = Reader(board_db.path).games(status="finished")[0]
    events = Reader(board_db.path).events(game.game_id)
    turns = [e for e in events if e.type in TURN_EVENTS]
    first_reveal = next(i for i, e in enumerate(turns, start=1) if e.type == "clue_revealed")
    at = app("replay", board_db.path, game=game.game_id, turn=str(first_reveal))
    assert_clean(at)
    assert at.slider[0].value == first_reveal and len(at.chat_message) == first_reveal
    assert at.query_params["turn"] == [str(first_reveal)] or at.query_params["turn"] == str(first_reveal)
    longest = max((e.payload.get("text") or "" for e in turns[:first_reveal] if e.type == "utterance"), key=len)
    assert longest and longest.split()[-1].rstrip(".") in texts(at), "speech is shown in full"
    revealed = turns[first_reveal - 1].payload["clue_id"]
    script = board_db.scripts[game.script_id]
    panel = next(m.value for m in at.markdown if m.value.startswith("- **"))  # one line per known clue
    line = next(x for x in panel.splitlines() if f"({plain(revealed)}) · **new**:" in x)
    assert line.endswith(f":green-badge[everyone ({len(script.role_ids)})]"), "a found clue is known to all"
    private = next(c for c in script.clues if c.visibility.value == "private" and c.holder)
    line = next(x for x in panel.splitlines() if f"({plain(private.id)})" in x)
    assert line.endswith(f"-badge[{plain(private.holder)}]"), "a private clue only to its holder"
    at.slider[0].set_value(1).run()
    assert_clean(at)
    assert len(at.chat_message) == 1


def test_replay_before_the_last_turn_hides_the_end_and_names_places_and_clues(board_db: BoardDb) -> None:
    game = Reader(board_db.path).games(status="finished")[0]
    events = Reader(board_db.path).events(game.game_id)
    turns = [e for e in events if e.type in TURN_EVENTS]
    at = app("replay", board_db.path, game=game.game_id, turn="2")
    assert_clean(at)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Winner"] == "?" and metrics["Status"] == "in play"
    assert not any(m.value.startswith("**Outcome:**") for m in at.markdown), "the end is not shown at turn 2"
    assert any("last turn" in c.value for c in at.caption)
    at.slider[0].set_value(len(turns)).run()
    assert_clean(at)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Winner"] == str(game.winner) and any(m.value.startswith("**Outcome:**") for m in at.markdown)
    script = board_db.scripts[game.script_id]
    headings = [m.value for m in at.markdown if " · turn " in m.value]
    investigated = [e.payload["location"] for e in turns if e.payload.get("action") == "investigate"]
    revealed = [e.payload["clue_id"] for e in turns if e.type == "clue_revealed"]
    assert investigated and revealed
    names = {loc.id: loc.name for loc in script.locations}
    assert all(any(f"→ {plain(names[loc])}" in h for h in headings) for loc in investigated)
    assert not any(h.endswith(f"→ {plain(loc)} · turn") for h in headings for loc in investigated if loc != names[loc])
    assert not any(f"→ {plain(clue)} ·" in h for h in headings for clue in revealed), "clues by title, not id"


def test_scripts_page_shows_case_statistics(board_db: BoardDb) -> None:
    at = app("scripts", board_db.path)
    assert_clean(at)
    assert at.selectbox[0].value == "all sets"
    script_id = at.selectbox[1].value
    with duckdb.connect(str(board_db.path), read_only=True) as conn:
        games = conn.execute("SELECT count(*) FROM games WHERE script_id = ?", [script_id]).fetchone()[0]
    metrics = {m.label: m.value for m in at.metric}
    assert metrics.get("Games", "0") == str(games) if games else "No games recorded" in texts(at)
    assert at.expander and "Spoilers" in at.expander[0].label
    assert len(at.image) == len(board_db.scripts[script_id].image_clues)


def test_entry_page_shows_history_and_no_secrets(board_db: BoardDb) -> None:
    naive = board_db.entries["builtin/naive"]
    at = app("entry", board_db.path, entry=naive.entry_id)
    assert_clean(at)
    assert at.header[0].value == "builtin/naive"
    history = [d.value for d in at.dataframe if "conservative" in d.value.columns][0]
    snapshots = [r for r in Reader(board_db.path).rating_history(naive.entry_id)]
    assert len(history) == len(snapshots)
    settings = at.dataframe[0].value
    assert list(settings.columns) == ["setting", "value", "meaning"]
    assert "strategy" in set(settings["setting"]) and "api_key" not in set(settings["setting"])
    assert not settings["value"].isin(["None", "null", "{}"]).any()
    metrics = {m.label: m.value for m in at.metric}
    finished = [g for g in Reader(board_db.path).finished_games() if naive.entry_id in (g.civilians_entry,
                                                                                        g.murderer_entry)]
    assert metrics["Finished games"] == str(len(finished)) and metrics["Cost"] == "$0"


def test_an_unknown_entry_says_so_instead_of_showing_another(board_db: BoardDb) -> None:
    at = app("entry", board_db.path, entry="nope")
    assert_clean(at)
    assert any("No entry 'nope'" in w.value for w in at.warning)
    assert not at.header and at.selectbox[0].value is None


def test_a_single_snapshot_history_reads_as_a_sentence(board_db: BoardDb, tmp_path: Path) -> None:
    copy = tmp_path / "one.duckdb"
    shutil.copy(board_db.path, copy)
    with duckdb.connect(str(copy)) as conn:
        first = conn.execute("SELECT min(computed_at) FROM rating_snapshots").fetchone()[0]
        conn.execute("DELETE FROM rating_snapshots WHERE computed_at > ?", [first])
    naive = board_db.entries["builtin/naive"]
    at = app("entry", copy, entry=naive.entry_id)
    assert_clean(at)
    assert "One snapshot so far" in texts(at)
    assert not (at.get("arrow_vega_lite_chart") or at.get("vega_lite_chart"))


@pytest.mark.parametrize("page", list(PAGES))
def test_missing_and_empty_databases_show_how_to_start(tmp_path: Path, page: str) -> None:
    missing = app(page, tmp_path / "none.duckdb")
    assert_clean(missing)
    empty_path = tmp_path / "empty.duckdb"
    Store(empty_path)
    empty = app(page, empty_path)
    assert_clean(empty)
    if page not in ("scripts", "play", "validate"):  # the case browser, Play and Validate need no filled database
        assert "arena demo" in texts(missing) and "no database file" in texts(missing)
        assert "arena tournament --entries builtin/naive,builtin/random" in texts(empty)


def test_leaderboard_shows_side_advantage_ties_and_failure_rates_and_a_frozen_pool(board_db: BoardDb,
                                                                                   tmp_path: Path) -> None:
    from leaderboard.ratings.snapshot import freeze_pool

    at = app("leaderboard", board_db.path)
    assert_clean(at)
    shown = texts(at)
    snapshot = Reader(board_db.path).latest_snapshot()
    assert f"snapshot `{snapshot[0].snapshot_id}`" in shown
    assert "Murderer-side advantage: an equal murderer wins" in shown
    table = at.dataframe[0].value
    assert list(table["rank"]) == sorted(table["rank"])
    games = Reader(board_db.path).game_log()
    for row in table.itertuples():
        entry_id = next(e.entry_id for e in Reader(board_db.path).entries() if e.name == row.display)
        decisions = sum(getattr(g, f"{side}_decisions") for g in games for side in ("civilians", "murderer")
                        if getattr(g, f"{side}_entry") == entry_id)
        forfeits = sum(getattr(g, f"{side}_{kind}_forfeits") for g in games for side in ("civilians", "murderer")
                       for kind in ("own", "provider") if getattr(g, f"{side}_entry") == entry_id)
        assert row.forfeit_rate == pytest.approx(forfeits / decisions)
    copy = tmp_path / "pool.duckdb"
    shutil.copy(board_db.path, copy)
    frozen = freeze_pool(Store(copy), "ref", bootstrap_rounds=5)
    at = app("leaderboard", copy)
    at.selectbox[0].set_value("Frozen pool ref").run()
    assert_clean(at)
    assert "Frozen pool **ref**" in texts(at)
    assert len(at.dataframe[0].value) == len(frozen.entries)


def test_replay_shows_cot_reasoning_apart_collapsed_and_labelled(board_db: BoardDb) -> None:
    reader = Reader(board_db.path)
    game = next(g for g in reader.games(status="finished") if g.civilians_entry == COT.entry_id)
    events = reader.events(game.game_id)
    thoughts = [e.payload["reasoning"] for e in events if e.type == "agent_call" and e.payload.get("reasoning")]
    assert thoughts and all(t.startswith("Private thoughts") for t in thoughts)
    at = app("replay", board_db.path, game=game.game_id)
    assert_clean(at)
    assert "not recorded" not in texts(at) and not at.info, "the old 'reasoning is not recorded' notice is gone"
    boxes = [box for box in at.expander if box.label == "private reasoning"]
    assert len(boxes) == len(thoughts)
    assert [box.caption[0].value.split("  \n", 1)[1] for box in boxes] == [plain(t) for t in thoughts]
    for message in at.chat_message:  # the public text of a turn never holds the reasoning
        public = [m.value for m in message.markdown]
        assert not any("Private thoughts" in text for text in public)
    murderers = set(board_db.scripts[game.script_id].culprit_ids)
    assert all(e.role not in murderers for e in events if e.type == "agent_call" and e.payload.get("reasoning"))


def test_replay_outcome_names_people_not_role_ids(board_db: BoardDb) -> None:
    reader = Reader(board_db.path)
    game = reader.games(status="finished")[0]
    ended = next(e for e in reader.events(game.game_id) if e.type == "game_ended")
    seating = next(e for e in reader.events(game.game_id) if e.type == "seating").payload
    at = app("replay", board_db.path, game=game.game_id)
    assert_clean(at)
    outcome = next(m.value for m in at.markdown if m.value.startswith("**Outcome:**"))
    reason = outcome.rsplit("abstentions. ", 1)[1]
    leaders = ended.payload["outcome"]["leaders"]
    assert leaders and all(plain(seating["roles"][r]) in reason for r in leaders)
    assert not any(re.search(rf"\b{re.escape(r)}\b", reason) for r in leaders), "no raw role id left"


def test_authored_cases_form_their_own_set_on_the_scripts_page(board_db: BoardDb, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    from arena.app.authoring import author_case
    from arena.entries import resolve_entry
    from arena.generator import CaseOptions, Request, generate_case
    from arena.generator.pipeline import write_case
    from arena.providers.client import ModelClient
    from leaderboard.ui.scripts_page import installed_cases
    from tests.conftest import FIXTURE_CASE

    async def authored():  # noqa: ANN202
        async with ModelClient(use_cache=False) as client:
            return await author_case(client, generate_case(Request(7201, CaseOptions(4, "easy", 1))),
                                     resolve_entry("mock/author", [], {}))

    result = asyncio.run(authored())
    assert result.case is not None, result.reasons
    write_case(result.case, tmp_path / "cases", render=False)
    shutil.copytree(FIXTURE_CASE, tmp_path / "cases" / FIXTURE_CASE.name)
    monkeypatch.setenv("ARENA_SCRIPTS", str(tmp_path / "cases"))
    installed_cases.clear()
    try:
        at = app("scripts", board_db.path)
        assert_clean(at)
        sets = at.selectbox[0]
        assert sets.options == ["all sets (2 cases)", "authored by mock/author (1 cases)", "hand-written (1 cases)"]
        at = sets.select("authored by mock/author").run()
        assert at.selectbox[1].options == [f"{result.case.script.title} ({result.case.script.id})"]
        assert "Set: authored by mock/author" in [c.value for c in at.caption]
        assert any("checked by rules" in i.value and "100% of the plan's sentences" in i.value for i in at.info)
    finally:
        installed_cases.clear()
