"""ThinkThrice's "informed" decided by a judge panel: strict replies, majority, ties and failures left out,
no self-judging, blinded prompts; and end to end through `arena play --probes --judge`, with known answers."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import duckdb
from typer.testing import CliRunner

from arena.cli import app
from arena.coe.context import QAContext
from arena.coe.informed import InformedItem, InformedPanel, parse_informed, premises
from arena.coe.judges import LLMJudge
from arena.coe.panel import Blind, EntryFacts
from arena.coe.probes import probe_questions
from arena.entries import Entry, resolve_entry
from arena.providers.client import ModelClient
from arena.providers.messages import Request
from arena.providers.mock import register_responder
from arena.scripts.loader import load_script
from tests.conftest import FIXTURE_CASE

runner = CliRunner()
PLAYER = EntryFacts("secret-player@1", "secret-player", "mock", "player-model")


def replying(text: str, prompts: list[str] | None = None):
    def respond(request: Request) -> str:
        if prompts is not None:
            prompts.append(request.messages[-1].text)
        return text
    return respond


def test_replies_are_parsed_strictly() -> None:
    assert parse_informed('{"informed": "yes"}') is True and parse_informed('{"informed": "No"}') is False
    assert parse_informed('{"informed": true}') is True
    assert parse_informed("yes") is None and parse_informed('{"informed": "maybe"}') is None
    assert parse_informed('{"informed": "yes", "why": "x"}') is None


def test_premises_follow_the_chain_down_to_clues_and_scripts() -> None:
    script = load_script(FIXTURE_CASE)
    q = next(p for p in probe_questions(script) if p.id == "q_mmr2")  # evidence s1, s2
    assert premises(script, q) == ["The struggle happened at 21:40.", "Fern and Basil were in the study at 21:40.",
                                   "the clue 'The fallen clock'", "facts from Fern Holloway's script",
                                   "facts from Basil Crane's script"]


def test_the_panel_decides_by_majority_leaves_ties_and_failures_out_and_never_judges_its_own_model() -> None:
    script = load_script(FIXTURE_CASE)
    q1, q2 = (p for p in probe_questions(script) if p.id in ("q_mmr1", "q_mmr2"))
    prompts: list[str] = []
    register_responder("inf-yes", replying('{"informed": "yes"}', prompts))
    register_responder("inf-no", replying('{"informed": "no"}'))
    register_responder("inf-bad", replying("I think so"))
    yes, no, bad = (Entry(name=f"j-{k}", model=f"mock/inf-{k}", temperature=0) for k in ("yes", "no", "bad"))
    knowledge = QAContext([("What was said", "secret-player says: the clock stopped at 21:40")])
    self_entry = EntryFacts(no.entry_id, no.name, no.provider, no.model_name)  # j-no played this role itself
    items = [InformedItem("fern", q1, knowledge, PLAYER), InformedItem("basil", q2, knowledge, self_entry)]

    async def decide(judges: list[Entry]) -> dict[tuple[str, str], bool]:
        async with ModelClient(use_cache=False) as client:
            panel = InformedPanel([LLMJudge(j, client) for j in judges], Blind.of([PLAYER]))
            return await panel.decide(script, items)

    assert asyncio.run(decide([yes, yes, no])) == {("fern", "q_mmr1"): True, ("basil", "q_mmr2"): True}
    assert asyncio.run(decide([yes, no])) == {("basil", "q_mmr2"): True}  # fern: a tie; basil: j-no sits out
    assert asyncio.run(decide([bad, no])) == {("fern", "q_mmr1"): False}  # basil: no valid verdict left
    assert asyncio.run(decide([bad])) == {}
    assert prompts and all("secret-player" not in p and "[player]" in p for p in prompts)
    assert any("Its correct answer: 21:40" in p for p in prompts)


def play_with_judge(tmp_path: Path, judge: str, name: str) -> list[dict]:
    db = str(tmp_path / f"{name}.duckdb")
    result = runner.invoke(app, ["play", "--script", str(FIXTURE_CASE), "--civilians", "builtin/naive", "--murderer",
                                 "builtin/random", "--rounds", "1", "--seed", "2", "--probes", "--judge", judge,
                                 "--json", "--out", str(tmp_path / f"{name}.jsonl"), "--db", db])
    assert result.exit_code == 0, result.output
    with duckdb.connect(db, read_only=True) as conn:
        rows = conn.execute("SELECT metric, role, details FROM metric_scores ORDER BY metric, role").fetchall()
    return [{"metric": m, "role": r, **json.loads(d)} for m, r, d in rows]


def test_play_with_a_judge_stores_the_panels_informed_split_labelled(tmp_path: Path) -> None:
    register_responder("inf-all", replying('{"informed": "yes"}'))
    register_responder("inf-none", replying('{"informed": "no"}'))
    judge = resolve_entry("mock/inf-all", [], {}).entry_id
    everything = play_with_judge(tmp_path, "mock/inf-all", "all")
    assert {r["informed_by"] for r in everything} == {f"panel:{judge}"}
    for r in everything:  # every inferential probe informed: informed == inferential, n == 2 (q_mmr1, q_mmr2)
        assert r["counts"]["inferential informed"] == r["counts"]["inferential"] and r["counts"]["inferential"][1] == 2
    nothing = play_with_judge(tmp_path, "mock/inf-none", "none")
    assert all(r["counts"]["inferential informed"] == [0, 0] and r["inferential informed"] is None for r in nothing)
    rule = play_with_judge(tmp_path, "offline", "rule")  # the labelled fallback
    assert {r["informed_by"] for r in rule} == {"rule/informed-v1"}
    oracle = [r for r in rule if r["metric"] == "probe_oracle"]  # every script and clue: the rule says informed
    assert all(r["counts"]["inferential informed"][1] == 2 for r in oracle)
    own = [r for r in rule if r["metric"] == "probe_own-script"]  # both rest on the clock card: never in a script
    assert own and all(r["counts"]["inferential informed"][1] == 0 for r in own)
    report = json.loads(runner.invoke(app, ["coe", "report", "--db", str(tmp_path / "all.duckdb"), "--json"]).output)
    assert {who for p in report["probes"] for who in p["informed"]} == {f"panel:{judge}"}


def test_a_tournament_with_probes_and_a_judge_labels_the_panel(tmp_path: Path) -> None:
    register_responder("inf-t", replying('{"informed": "no"}'))
    db = str(tmp_path / "t.duckdb")
    result = runner.invoke(app, ["tournament", "--entries", "builtin/naive,builtin/random", "--scripts",
                                 str(FIXTURE_CASE), "--rounds", "1", "--probes", "--judge", "mock/inf-t", "--db", db,
                                 "--json"])
    assert result.exit_code == 0, result.output
    with duckdb.connect(db, read_only=True) as conn:
        labels = conn.execute("SELECT DISTINCT json_extract_string(details, '$.informed_by') FROM metric_scores")
        assert labels.fetchall() == [(f"panel:{resolve_entry('mock/inf-t', [], {}).entry_id}",)]
