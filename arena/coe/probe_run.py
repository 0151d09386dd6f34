"""Asking the post-game probes (`probes`) after a game, and the two reference rows.

- `game`: after the vote, every role's agent answers each probe in character. A model agent is
  asked in its own conversation (`ModelAgent.probe`: the question is appended to the history it
  played the game with); a built-in agent answers through its QA answerer from what the role knew
  at the end of the game (its script, the clues it saw, the transcript).
- `own-script`: the same entry answers the same probes given only the role's own script
  (PLAYER*'s lower bound); `oracle`: given every role's script and every clue (the upper bound).

"Informed" (ThinkThrice): decided by a judge panel when one is given (`arena.coe.informed`), else by the
labelled rule `rule/informed-v1` (`probes`); the decider is stored with the scores (`informed_by`).

Each role's answers become one metric score per condition (`probe_game`, `probe_own-script`,
`probe_oracle`: the WellPlay weighted score 0-100) with the answers in `details`, stored under the
rule `rule/probes-v1` for the entry that played the role.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arena.agents.runner import GameResult, SeatedAgents
from arena.coe.answerers import Answerer, QaItem, answer_format
from arena.coe.context import ContextImage, QAContext, evidence_context
from arena.coe.informed import InformedPanel, informed_items
from arena.coe.mcq import grade, parse_answer, question_rng, shuffle_options
from arena.coe.panel import EntryFacts
from arena.coe.probes import (
    INFORMED_RULE,
    ProbeAnswer,
    category_counts,
    probe_questions,
    thinkthrice_counts,
    wellplay,
)
from arena.engine.observation import observe
from arena.engine.state import GameState
from arena.scripts.schema import Question, Script
from arena.store import MetricScoreRecord

PROBE_RULE = "rule/probes-v1"
CONDITIONS = ("game", "own-script", "oracle")


def game_context(state: GameState, role: str) -> QAContext:
    """What `role` knew at the end of the game: its script (stages included), the clues it saw, the transcript."""
    obs = observe(state, role)
    texts = [("Your role script", obs.script)]
    texts += [(f"Clue '{c.title}'", c.text) for c in obs.clues if c.text]
    texts.append(("What was said in the game", obs.transcript_text() or "(nothing)"))
    images = [ContextImage(c.id, c.title, path) for c in obs.clues if (path := obs.image_path(c)) is not None]
    return QAContext(texts, images)


def reference_context(script: Script, role: str, condition: str) -> QAContext:
    if condition == "own-script":
        return evidence_context(script, [role])
    return evidence_context(script, [*script.role_ids, *(c.id for c in script.clues)])


@dataclass(frozen=True)
class ProbeRun:
    """One condition's answers, with the scores of the two families."""

    condition: str
    answers: list[ProbeAnswer]
    scores: dict[str, Any]


async def ask(answerer: Answerer, agent: Any, script: Script, question: Question, context: QAContext, seed: int,
              role: str) -> ProbeAnswer:
    shuffled = shuffle_options(question, question_rng(seed, script.id, f"{role}:{question.id}"))
    item = QaItem(script, shuffled, context, "direct", seed)
    if agent is not None:  # in the role's own conversation
        options = "\n".join(f"{k}. {v}" for k, v in sorted(shuffled.options.items()))
        text = await agent.probe(f"The game is over. Stay in character and answer.\n{question.stem}\n{options}\n"
                                 f"{answer_format(item)}")
    else:
        text = (await answerer.answer(item)).text
    return ProbeAnswer(role, question.id, grade(parse_answer(text, set(shuffled.options), question.multi), shuffled))


async def run_probes(script: Script, result: GameResult, seated: SeatedAgents, answerers: dict[str, Answerer],
                     seed: int, conditions: tuple[str, ...] = CONDITIONS, panel: InformedPanel | None = None,
                     players: Mapping[str, EntryFacts] | None = None) -> list[ProbeRun]:
    """Every role answers every probe under each condition; `answerers`: faction -> the entry's answerer.
    With a `panel`, its judges decide "informed" from what each role knew under the condition (`informed`);
    `players`: faction -> the entry that played it (no judge decides for its own model)."""
    questions = probe_questions(script)
    state = result.final_state
    runs = []
    for condition in conditions:
        calls, contexts = [], {}
        for role in script.role_ids:
            agent = seated.agents[role] if condition == "game" and hasattr(seated.agents[role], "probe") else None
            context = game_context(state, role) if condition == "game" else reference_context(script, role, condition)
            contexts[role] = context
            answerer = answerers[state.facts.faction(role)]
            calls += [ask(answerer, agent, script, q, context, seed, role) for q in questions]
        answers = list(await asyncio.gather(*calls))
        if panel is None:
            scores = probe_scores(script, state, questions, answers, condition=condition)
        else:
            entries = {r: (players or {}).get(state.facts.faction(r)) for r in script.role_ids}
            decided = await panel.decide(script, informed_items(questions, contexts, entries))
            scores = probe_scores(script, state, questions, answers, decided, panel.name, condition)
        runs.append(ProbeRun(condition, answers, scores))
    return runs


def known_ids(script: Script, state: GameState, role: str, condition: str) -> set[str]:
    """The role and clue ids `role` knew when it answered under `condition` (for the rule `rule/informed-v1`):
    its script and the clues it saw (`game`), its script only (`own-script`), every script and clue (`oracle`)."""
    if condition == "oracle":
        return {*script.role_ids, *(c.id for c in script.clues)}
    if condition == "own-script":
        return {role}
    return {role, *(c.id for c in observe(state, role).clues)}


def probe_scores(script: Script, state: GameState, questions: list[Question], answers: list[ProbeAnswer],
                 decided: Mapping[tuple[str, str], bool] | None = None, informed_by: str = INFORMED_RULE,
                 condition: str = "game") -> dict[str, Any]:
    """Per role: the WellPlay weighted score, the ThinkThrice split, their (correct, n) counts and who decided
    "informed" (`decided` by a judge panel, else the rule); per faction: WellPlay's categories."""
    culprits = set(state.facts.culprits)
    by_role: dict[str, Any] = {}
    for role in script.role_ids:
        mine = [a for a in answers if a.role == role]
        known = {role: known_ids(script, state, role, condition)}
        counts = thinkthrice_counts(script, questions, mine, culprits, known, decided)
        by_role[role] = {"weighted": wellplay(questions, mine)["weighted"].get(role),
                         **{k: (100.0 * c / n if n else None) for k, (c, n) in counts.items()},
                         "counts": counts, "category_counts": category_counts(questions, mine),
                         "informed_by": informed_by, "faction": state.facts.faction(role)}
    factions = {f: wellplay(questions, [a for a in answers if state.facts.faction(a.role) == f])["categories"]
                for f in ("civilians", "murderer")}
    return {"by_role": by_role, "categories": factions}


def probe_records(runs: list[ProbeRun], game_id: str, entries: Mapping[str, str],
                  factions: Mapping[str, str]) -> list[MetricScoreRecord]:
    """One metric score per role and condition: the role's weighted score, its answers in `details`."""
    rows = []
    for run in runs:
        for role, scores in run.scores["by_role"].items():
            if scores["weighted"] is None:
                continue
            answers = {a.question_id: a.correct for a in run.answers if a.role == role}
            rows.append(MetricScoreRecord(game_id=game_id, entry_id=entries[factions[role]],
                                          metric=f"probe_{run.condition}", value=round(scores["weighted"], 2),
                                          judge=PROBE_RULE, judge_label="offline", role=role,
                                          details={"status": "ok", "answers": answers, **scores,
                                                   "categories": run.scores["categories"][factions[role]]}))
    return rows
