"""A board database filled by real play: built-in agents play bundled cases, QA answers are graded.

`fill_board_db(path)` plays a few one-round games with `arena.agents.play_game` (built-in entries,
plus one game where a role's agent emits garbage so the log holds invalid outputs and a forfeit),
records them with `Store`, appends a ratings snapshot, and records QA answers graded with the real
`arena.coe.mcq` and transcript metrics scored by the offline judge. The session fixture builds it once.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from arena.agents import SeatedAgents, play_game, seat_entries
from arena.coe.mcq import grade, parse_answer, question_rng, shuffle_options, to_original_letters
from arena.coe.offline_judge import OfflineJudge
from arena.engine import GameConfig
from arena.engine.events import ActionEvent, AgentCall, ReasoningEvent
from arena.engine.rules import script_hash
from arena.entries import Entry, builtin_entries
from arena.scripts.loader import discover_scripts, load_script
from arena.scripts.schema import Script
from leaderboard.ratings.snapshot import recompute_and_snapshot
from leaderboard.store import (
    AgentCallRecord,
    EntryRecord,
    GameRecord,
    MetricScoreRecord,
    QaAnswerRecord,
    QaRunRecord,
    ScriptRecord,
    Store,
)

LEGACY = Entry(name="random-legacy", model="builtin/random", temperature=0.5)


@dataclass(frozen=True)
class BoardDb:
    path: Path
    entries: dict[str, Entry]
    scripts: dict[str, Script]


class GarbageAgent:
    """Answers every decision with text that is not an action: the runner logs parse errors and forfeits."""

    async def act(self, observation: Any) -> str:
        return "<b>no JSON here</b> **at all**"


def script_record(script: Script) -> ScriptRecord:
    return ScriptRecord(script_id=script.id, content_hash=script_hash(script), title=script.title,
                        n_roles=len(script.roles), n_culprits=len(script.culprit_ids), n_clues=len(script.clues),
                        n_images=len(script.image_clues), n_questions=len(script.questions), language=script.language)


def call_rows(result: Any, game_id: str, civ: Entry, mur: Entry, culprits: set[str]) -> list[AgentCallRecord]:
    """The game's AgentCall events as agent_calls rows (entry by the role's faction)."""
    return [AgentCallRecord(entry_id=(mur if e.role in culprits else civ).entry_id, kind=e.decision.value,
                            status=e.status, game_id=game_id, role=e.role, latency_ms=e.latency_ms,
                            prompt_tokens=e.input_tokens or 0, completion_tokens=e.output_tokens or 0)
            for e in result.events if isinstance(e, AgentCall)]


def play_and_record(store: Store, script: Script, civ: Entry, mur: Entry, seed: int, minute: int,
                    garbage_role: str | None = None) -> str:
    seated = seat_entries(script, civ, mur, seed)
    if garbage_role is not None:
        seated = SeatedAgents(seated.seating, {**seated.agents, garbage_role: GarbageAgent()})
    result = asyncio.run(play_game(script, seated, GameConfig(rounds=1), seed, timeout_s=60))
    game_id = f"{script.id}-{seed}-{minute}"
    winner = result.winner if result.status == "finished" and result.winner != "none" else None
    record = GameRecord(game_id=game_id, script_id=script.id, script_hash=script_hash(script), seed=seed,
                        civilians_entry=civ.entry_id, murderer_entry=mur.entry_id, status=result.status,
                        winner=winner, votes=result.outcome.votes,
                        abort_reason=None if result.status == "finished" else result.outcome.reason,
                        started_at=f"2025-03-01T10:{minute:02d}:00", finished_at=f"2025-03-01T10:{minute:02d}:30")
    store.record_game(record, result.events)
    store.record_agent_calls(call_rows(result, game_id, civ, mur, set(script.culprit_ids)))
    return game_id


def record_qa(store: Store, entry: Entry, scripts: list[Script], mode: str, ablation: str, seed: int) -> None:
    """Seeded guesses, written as replies and graded exactly like a QA run grades a model's answers."""
    run_id = f"qa-{entry.name}-{mode}-{ablation}"
    store.record_qa_run(QaRunRecord(run_id=run_id, entry_id=entry.entry_id, config={"mode": mode, "seed": seed}))
    guesser, answers = random.Random(f"{entry.entry_id}:{seed}"), []
    for script in scripts:
        for question in script.questions:
            shuffled = shuffle_options(question, question_rng(seed, script.id, question.id))
            reply = f"Answer: ({guesser.choice(sorted(shuffled.options))})"
            chosen = parse_answer(reply, set(shuffled.options), question.multi)
            answers.append(QaAnswerRecord(
                run_id=run_id, entry_id=entry.entry_id, script_id=script.id, question_id=question.id,
                suite=question.suite.value, mode=mode, ablation=ablation, seed=seed, depth=question.depth,
                predicted="".join(to_original_letters(chosen, shuffled) or []) or None,
                correct=grade(chosen, shuffled), status="ok" if chosen else "parse_error"))
    store.record_qa_answers(answers)


def record_metrics(store: Store, game_id: str, script: Script, civ: Entry) -> None:
    """Offline-judge CMD, SPC and ITD of the civilian entry, from the stored events."""
    from leaderboard.store import Reader

    events = Reader(store.path).events(game_id)
    civilians = set(script.role_ids) - set(script.culprit_ids)
    judge = OfflineJudge()
    said = [str(e.payload.get("speech") or e.payload.get("text") or "") for e in events if e.role in civilians]
    asked = {e.payload.get("target") for e in events if e.type == ActionEvent.model_fields["type"].default
             and e.role in civilians and e.payload.get("action") == "ask"}
    reasoning = [e.payload for e in events if e.type == ReasoningEvent.model_fields["type"].default
                 and e.role in civilians]
    spc = [judge.statement_surfaced(k.text, said) for k in script.key_statements]
    cmd = [judge.case_detail(r.get("method", ""), r.get("motive", ""), script.truth.method, script.truth.motive)
           for r in reasoning]
    values = {"spc": 100.0 * sum(spc) / max(len(spc), 1),
              "itd": 100.0 * len(asked & set(script.key_roles)) / max(len(script.key_roles), 1),
              "cmd": sum(cmd) / max(len(cmd), 1), "rp": judge.roleplay(said, "", [])}
    store.record_metric_scores([MetricScoreRecord(game_id=game_id, entry_id=civ.entry_id, metric=name, value=value,
                                                  judge="offline", judge_label="offline")
                                for name, value in values.items()])


def fill_board_db(path: Path) -> BoardDb:
    """Play, record and score a small tournament into `path` (see the module docstring)."""
    store = Store(path)
    entries = {**builtin_entries(), LEGACY.name: LEGACY}
    for entry in entries.values():
        store.upsert_entry(EntryRecord.from_entry(entry))
    scripts = {s.id: s for s in (load_script(folder) for folder in discover_scripts())}
    for script in scripts.values():
        store.record_script(script_record(script))
    naive, rnd = entries["builtin/naive"], entries["builtin/random"]
    first, second = list(scripts.values())[:2]
    plan = [(first, naive, rnd), (first, rnd, naive), (second, naive, rnd), (second, rnd, naive),
            (first, LEGACY, rnd), (first, rnd, LEGACY)]
    for minute, (script, civ, mur) in enumerate(plan):
        game_id = play_and_record(store, script, civ, mur, seed=minute, minute=minute)
        record_metrics(store, game_id, script, civ)
    play_and_record(store, second, rnd, LEGACY, seed=7, minute=30, garbage_role=second.culprit_ids[0])
    store.deprecate_entry(LEGACY.entry_id)
    recompute_and_snapshot(store, min_games=3, bootstrap_rounds=20)
    for entry, mode in ((naive, "direct"), (rnd, "direct"), (rnd, "cot")):
        record_qa(store, entry, list(scripts.values()), mode, "none", seed=1)
    record_qa(store, naive, list(scripts.values()), "direct", "no-images", seed=1)
    return BoardDb(path, entries, scripts)


@pytest.fixture(scope="session")
def board_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BoardDb]:
    yield fill_board_db(tmp_path_factory.mktemp("board") / "arena.duckdb")
