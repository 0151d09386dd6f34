"""The peers' tab of the CoE page (AppTest) on a database filled by real tournaments (one with the key clues
given), `arena coe mirage` and post-game probes; values are checked against the database itself."""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from arena.cli import app as cli
from arena.store import MetricScoreRecord, Store
from tests.conftest import FIXTURE_CASE
from tests.ui.test_pages import app, assert_clean, texts

runner = CliRunner()
DASH = "—"


@pytest.fixture(scope="module")
def peers_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    path = tmp_path_factory.mktemp("peers") / "arena.duckdb"
    common = ["tournament", "--entries", "builtin/naive,builtin/random", "--scripts", str(FIXTURE_CASE),
              "--rounds", "1", "--probes", "--db", str(path), "--json"]
    for extra in ([], ["--key-clues-given"]):
        done = runner.invoke(cli, [*common, *extra])
        assert done.exit_code == 0, done.output
    scored = runner.invoke(cli, ["coe", "mirage", "--db", str(path), "--scripts-dir", str(FIXTURE_CASE.parent)])
    assert scored.exit_code == 0, scored.output
    with duckdb.connect(str(path), read_only=True) as conn:
        games = conn.execute("SELECT game_id, civilians_entry FROM games ORDER BY game_id").fetchall()
    # two LLM judges' TII on every game (as `arena coe mirage --judge A,B` stores them)
    Store(path).record_metric_scores([
        MetricScoreRecord(game_id=g, entry_id=e, metric="tii", value=value, judge=judge, judge_label="llm",
                          details={"status": "ok"})
        for i, (g, e) in enumerate(games) for judge, value in (("judge-a", 20.0 + i), ("judge-b", 40.0 + i))])
    yield path


def frame_with(at, column: str):
    return next(d.value for d in at.dataframe if column in d.value.columns)


def test_the_peers_tab_shows_mirage_with_llm_and_offline_judges_apart(peers_db: Path) -> None:
    at = app("coe", peers_db)
    assert_clean(at)
    assert [t.label for t in at.tabs] == ["Chain of evaluation (WhodunitBench)", "MIRAGE and post-game probes"]
    headers = [h.value for h in at.subheader]
    assert "MIRAGE metrics" in headers and "MIRAGE, offline judge (lexical baseline, not comparable)" in headers
    mirage = frame_with(at, "Victory")
    with duckdb.connect(str(peers_db), read_only=True) as conn:
        naive = conn.execute("SELECT entry_id FROM entries WHERE name = 'builtin/naive'").fetchone()[0]
        llm = [v for (v,) in conn.execute("""SELECT m.value FROM metric_scores m JOIN games g USING (game_id)
            JOIN events e ON e.game_id = g.game_id AND e.type = 'game_started'
            WHERE m.metric = 'tii' AND m.judge_label = 'llm' AND m.entry_id = ?
            AND NOT contains(e.payload, 'key_clues_given')""", [naive]).fetchall()]
        offline_tii = conn.execute("SELECT count(*) FROM metric_scores WHERE metric = 'tii' AND judge_label = "
                                   "'offline' AND value IS NOT NULL").fetchone()[0]
    row = mirage[(mirage["display"] == "builtin/naive") & (mirage["condition"] == "all-play-all")].iloc[0]
    assert row["tii"] == pytest.approx(statistics.fmean(llm), abs=0.05) and row["n_tii"] == len(llm) == 2
    assert row["TII"].startswith(f"{statistics.fmean(llm):.1f} [") and row["TII"].endswith("n=2")
    assert row["judges"] == "judge-a, judge-b"
    assert row["ICI"] == DASH and row["SCI"] == DASH, "no LLM judge scored ICI/SCI: a dash, not the offline value"
    assert row["Victory"] != DASH and row["CIC"] != DASH
    offline = next(d.value for d in at.dataframe if "ICI" in d.value.columns and "Victory" not in d.value.columns)
    assert set(offline["judges"]) == {"offline/mirage-lexical-v1"} and "Victory" not in offline.columns
    assert (offline["ICI"] != DASH).all() and offline_tii > 0
    assert not offline["tii"].isin(mirage["tii"].dropna()).any(), "offline TII never mixed into the LLM mean"
    assert set(mirage["condition"]) == {"all-play-all", "key-clues-given"}
    shown = texts(at)
    assert "Trust Inclination Index" in shown and "Clue Investigation Capability" in shown


def test_the_peers_tab_shows_probe_scores_with_references_and_intervals(peers_db: Path) -> None:
    at = app("coe", peers_db)
    assert_clean(at)
    wellplay = frame_with(at, "weighted_text")
    split = frame_with(at, "informed_text")
    with duckdb.connect(str(peers_db), read_only=True) as conn:
        values = [v for (v,) in conn.execute("""SELECT m.value FROM metric_scores m JOIN games g USING (game_id)
            JOIN entries n ON n.entry_id = m.entry_id JOIN events e ON e.game_id = g.game_id
            AND e.type = 'game_started' WHERE m.metric = 'probe_oracle' AND n.name = 'builtin/random'
            AND m.entry_id = g.civilians_entry AND NOT contains(e.payload, 'key_clues_given')""").fetchall()]
    row = wellplay[(wellplay["display"] == "builtin/random") & (wellplay["faction"] == "civilians")
                   & (wellplay["reference"] == "oracle") & (wellplay["condition"] == "all-play-all")].iloc[0]
    assert row["weighted"] == pytest.approx(statistics.fmean(values), abs=0.05)
    assert row["weighted_text"].endswith("n=1")  # one game: no interval
    assert set(wellplay["reference"]) == {"game", "own-script", "oracle"}
    assert set(wellplay["condition"]) == {"all-play-all", "key-clues-given"}
    assert {"cat who_killed", "cat factual", "cat inferential"} <= set(wellplay.columns)
    assert " ± " in row["cat who_killed"]
    civilians = split[split["faction"] == "civilians"]
    assert civilians["factual own"].str.contains(r"\[\d+–\d+\] n=\d+", regex=True).all()
    assert (civilians["informed_text"].str.endswith("(rule/informed-v1)")).all()
    murderer = split[split["faction"] == "murderer"]  # one culprit: its own facts are `own`, never `murderer's`
    assert (murderer["factual murderer's"] == DASH).all() and (murderer["factual other civilians'"] != DASH).all()
