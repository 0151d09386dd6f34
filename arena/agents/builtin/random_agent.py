"""`builtin/random`: a seeded agent that always plays a legal random action with a short template line.

It is the floor of the leaderboard and the workhorse of the conformance tests: its output is a
dict in exactly the documented shapes, its choices come only from the decision's legal options,
and its randomness comes from a `random.Random` seeded with the game seed and its role.
"""

from __future__ import annotations

import random
from typing import Any

from arena.engine.actions import DecisionKind
from arena.engine.observation import Observation

SPEECHES = (
    "I want to hear everyone's account of the evening.",
    "Something about the timeline does not add up.",
    "Let us look at the evidence before we accuse anyone.",
    "I have nothing to hide.",
    "Somebody here is not telling the whole truth.",
)
QUESTIONS = (
    "Where were you when it happened?",
    "What did you see that evening?",
    "Why should we believe you?",
    "Who did you speak to last?",
)
ANSWERS = (
    "I was elsewhere, I assure you.",
    "I saw nothing unusual.",
    "I cannot remember exactly.",
    "Ask someone else; I have told you all I know.",
)


class RandomAgent:
    """Legal random play. `abstain_rate` is the chance of abstaining in a vote."""

    def __init__(self, role_id: str, seed: int, abstain_rate: float = 0.1) -> None:
        self.role_id = role_id
        self.rng = random.Random(f"builtin/random:{seed}:{role_id}")
        self.abstain_rate = abstain_rate

    async def act(self, observation: Observation) -> dict[str, Any]:
        return self.choose(observation)

    def choose(self, obs: Observation) -> dict[str, Any]:
        """The output for the pending decision (synchronous; `act` wraps it)."""
        decision = obs.decision
        if decision is None:
            raise ValueError(f"{obs.role} was asked to act without a pending decision")
        rng = self.rng
        match decision.kind:
            case DecisionKind.INTRODUCE:
                return {"introduction": f"I am {obs.name}. {obs.profile}"}
            case DecisionKind.ANSWER:
                return {"answer": rng.choice(ANSWERS)}
            case DecisionKind.DISCUSS:
                speech = rng.choice(SPEECHES)
                if decision.locations and (not decision.targets or rng.random() < 0.4):
                    return {"speech": speech, "action": "investigate", "location": rng.choice(decision.locations)}
                return {"speech": speech, "action": "ask", "target": rng.choice(decision.targets),
                        "question": rng.choice(QUESTIONS)}
            case DecisionKind.REASON:
                return {"suspect": rng.choice(decision.targets), "method": "I cannot say how it was done.",
                        "motive": "I cannot say why."}
            case DecisionKind.VOTE:
                if rng.random() < self.abstain_rate:
                    return {"vote": None}
                return {"vote": rng.choice(decision.targets)}
        raise AssertionError(decision.kind)  # pragma: no cover
