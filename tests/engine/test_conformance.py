"""Conformance: 200 seeds on every case with random agents; invariants checked after every step."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.engine import GameState, Observation, Phase, is_terminal, observe, pending_decision
from arena.engine.actions import PHASE_ORDER, DecisionKind
from arena.engine.events import ClueRevealed, EventBase, GameEnded, VoteEvent
from arena.scripts.schema import Script, Visibility
from tests.engine.helpers import case_paths, load_case, play_random

SEEDS = range(200)


def secrets_of(script: Script) -> list[str]:
    """Strings no civilian may ever see: culprit scripts and private clues, the truth, alt texts."""
    culprits = set(script.culprit_ids)
    found = [r.script for r in script.roles if r.id in culprits and r.script.strip()]
    found += [c.text for c in script.clues if c.visibility is Visibility.PRIVATE and c.holder in culprits and c.text]
    found += [t for t in (script.truth.method, script.truth.motive, script.truth.summary) if t.strip()]
    found += [c.image.alt for c in script.clues if c.image is not None]
    return found


def hidden_clues(script: Script, state: GameState, role: str) -> dict[str, str]:
    """Clue id -> text of clues `role` may not see in `state` (unrevealed, or another role's private)."""
    revealed = set(state.revealed)
    hidden = {}
    for c in script.clues:
        own = c.visibility is Visibility.PRIVATE and c.holder == role
        if c.visibility is not Visibility.PUBLIC and not own and c.id not in revealed:
            hidden[c.id] = c.text
    return hidden


def static_parts(obs: Observation) -> tuple[object, ...]:
    return (obs.rules, obs.briefing, obs.victim, obs.profile, obs.script, obs.goals, obs.roles)


def static_text(obs: Observation) -> str:
    """The parts of an observation that never change during a game."""
    parts = [obs.rules, obs.briefing, obs.victim, obs.profile, obs.script, *obs.goals]
    return "\n".join(parts + [f"{r.id} {r.name} {r.profile}" for r in obs.roles])


def dynamic_text(obs: Observation) -> str:
    """The parts that change, except the transcript (checked line by line, once per line)."""
    parts = [obs.error_note or ""]
    parts += [f"{c.id} {c.title} {c.text} {c.image}" for c in obs.clues]
    parts += [f"{loc.id} {loc.name} {loc.description}" for loc in obs.locations]
    if obs.decision is not None:
        parts += [obs.decision.instructions, obs.decision.question or ""]
    return "\n".join(parts)


class Checker:
    """Invariants over one game, fed one step at a time."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.secrets = secrets_of(script)
        self.civilians = [r for r in script.role_ids if r not in set(script.culprit_ids)]
        self.static: dict[str, Observation] = {}
        self.hidden_cache: dict[tuple[str, int], dict[str, str]] = {}
        self.lines_checked = 0
        self.steps = 0

    def assert_clean(self, role: str, text: str, hidden: dict[str, str]) -> None:
        for secret in self.secrets:
            assert secret not in text, f"{role} sees a secret: {secret[:60]!r}"
        for clue_text in hidden.values():
            assert not clue_text or clue_text not in text, f"{role} sees hidden clue text {clue_text[:60]!r}"

    def hidden(self, state: GameState, role: str) -> dict[str, str]:
        key = (role, len(state.revealed))  # revealed clues only grow, so the count identifies the set
        if key not in self.hidden_cache:
            self.hidden_cache[key] = hidden_clues(self.script, state, role)
        return self.hidden_cache[key]

    def check_leaks(self, state: GameState) -> None:
        """Every civilian's observation: static parts once per game, the rest at every step."""
        for role in self.civilians:
            obs = observe(state, role)
            hidden = self.hidden(state, role)
            assert not {c.id for c in obs.clues} & set(hidden), f"{role} sees a hidden clue"
            first = self.static.setdefault(role, obs)
            if first is obs:
                self.assert_clean(role, static_text(obs), hidden)
            else:
                assert static_parts(obs) == static_parts(first)
            self.assert_clean(role, dynamic_text(obs), hidden)
            assert len(obs.transcript) == len(state.transcript)  # public: the same lines for everyone
        new_lines = state.transcript[self.lines_checked:]  # checked once, against every civilian's hidden set
        for role in self.civilians:
            self.assert_clean(role, "\n".join(line.text for line in new_lines), self.hidden(state, role))
        self.lines_checked = len(state.transcript)

    def __call__(self, before: GameState, after: GameState, events: list[EventBase]) -> None:
        self.steps += 1
        decision = pending_decision(before)
        assert decision is not None
        if before.pending is not None:
            assert decision.kind is DecisionKind.ANSWER and decision.role == before.pending.target
        else:
            assert decision.role == before.queue[0]
        assert PHASE_ORDER.index(after.phase) >= PHASE_ORDER.index(before.phase)
        assert after.round >= before.round and after.round <= after.config.rounds
        for event in events:
            if isinstance(event, VoteEvent):
                assert before.phase is Phase.VOTING
            if isinstance(event, ClueRevealed) and event.reason == "investigate":
                assert self.script.clue(event.clue_id).visibility is Visibility.LOCATION
        assert len(set(after.revealed)) == len(after.revealed)
        if is_terminal(after):
            assert isinstance(events[-1], GameEnded) and after.phase is Phase.ENDED
        self.check_leaks(after)


@pytest.mark.parametrize("path", case_paths(), ids=lambda p: p.name)
def test_random_games_keep_every_invariant(path: Path) -> None:
    script = load_case(path)
    winners = set()
    for seed in SEEDS:
        checker = Checker(script)
        state, events = play_random(script, seed, hook=checker)
        assert is_terminal(state) and state.status == "finished"
        ended = events[-1]
        assert isinstance(ended, GameEnded)
        votes = [e for e in events if isinstance(e, VoteEvent)]
        assert len(votes) == len(script.roles)
        assert sum(ended.outcome.votes.values()) + ended.outcome.abstentions == len(votes)
        winners.add(ended.outcome.winner)
    assert winners == {"civilians", "murderer", "tie"}, "random play over 200 seeds should produce every outcome"
