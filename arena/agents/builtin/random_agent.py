"""`builtin/random`: a seeded agent that always plays a legal random action with a short template line.

It is the floor of the leaderboard and the workhorse of the conformance tests: its output is a
dict in exactly the documented shapes, its choices come only from the decision's legal options,
and its randomness comes from a `random.Random` seeded with the game seed and its role. Its lines
are in the case language (English or Chinese; the random draws are the same in both).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from arena.engine.actions import DecisionKind
from arena.engine.observation import Observation
from multimodal.language import base_language

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


@dataclass(frozen=True)
class Lines:
    speeches: tuple[str, ...]
    questions: tuple[str, ...]
    answers: tuple[str, ...]
    introduce: str
    method: str
    motive: str


LINES = {
    "en": Lines(SPEECHES, QUESTIONS, ANSWERS, "I am {name}. {profile}", "I cannot say how it was done.",
                "I cannot say why."),
    "zh": Lines(
        speeches=("我想听听每个人那天晚上的经过。", "时间线有些地方对不上。", "先看看证据，再指认任何人。",
                  "我没有什么可隐瞒的。", "这里有人没有说出全部实话。"),
        questions=("案发的时候你在哪里？", "那天晚上你看见了什么？", "我们凭什么相信你？", "你最后和谁说过话？"),
        answers=("我当时在别处，我保证。", "我没看见什么异常。", "我记不太清了。", "去问别人吧，我知道的都说了。"),
        introduce="我是{name}。{profile}", method="我说不出是怎么做到的。", motive="我说不出为什么。"),
}


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
        rng, say = self.rng, LINES.get(base_language(obs.language), LINES["en"])
        match decision.kind:
            case DecisionKind.INTRODUCE:
                return {"introduction": say.introduce.format(name=obs.name, profile=obs.profile)}
            case DecisionKind.ANSWER:
                return {"answer": rng.choice(say.answers)}
            case DecisionKind.DISCUSS:
                speech = rng.choice(say.speeches)
                if decision.locations and (not decision.targets or rng.random() < 0.4):
                    return {"speech": speech, "action": "investigate", "location": rng.choice(decision.locations)}
                return {"speech": speech, "action": "ask", "target": rng.choice(decision.targets),
                        "question": rng.choice(say.questions)}
            case DecisionKind.REASON:
                return {"suspect": rng.choice(decision.targets), "method": say.method, "motive": say.motive}
            case DecisionKind.VOTE:
                if rng.random() < self.abstain_rate:
                    return {"vote": None}
                return {"vote": rng.choice(decision.targets)}
        raise AssertionError(decision.kind)  # pragma: no cover
