"""The naive agent: retrieval answers, "I don't know", confession when confronted, always legal play."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from arena.agents import play_game
from arena.agents.builtin.naive_agent import DONT_KNOW, NaiveAgent, first_person, mentioned, role_aliases
from arena.engine import Answer, Ask, GameConfig, GameState, Introduce, Phase, Seating, apply, new_game, observe
from arena.engine import pending_decision as decision_of
from arena.engine.events import InvalidOutput, VoteEvent
from arena.scripts.loader import load_script
from arena.scripts.schema import Script
from tests.agents.seating import seat_builtins as seat_agents
from tests.conftest import FIXTURE_CASE
from tests.engine.helpers import FakeClock, case_paths, load_case

NO_OCR = {"ocr": False}


@pytest.fixture(scope="module")
def script() -> Script:
    return load_script(FIXTURE_CASE)


def asked(script: Script, asker: str, target: str, question: str) -> GameState:
    """A state in which `target` must answer `question` from `asker` (round 1)."""
    state, _ = new_game(script, Seating(civilians="builtin/naive", murderer="builtin/naive"), GameConfig(), 0)
    while state.phase is Phase.INITIALIZATION:
        state, _ = apply(state, Introduce(role=decision_of(state).role, text="hello"))
    while decision_of(state).role != asker:
        role = decision_of(state).role
        other = next(r for r in script.role_ids if r not in (role, asker))
        state, _ = apply(state, Ask(role=role, speech="", target=other, question="?"))
        state, _ = apply(state, Answer(role=decision_of(state).role, text="no comment"))
    state, _ = apply(state, Ask(role=asker, speech="", target=target, question=question))
    return state


def answer_of(script: Script, role: str, question: str, asker: str = "fern") -> tuple[NaiveAgent, str]:
    state = asked(script, asker, role, question)
    agent = NaiveAgent(role, 0, **NO_OCR)
    return agent, agent.choose(observe(state, role))["answer"]


def test_answers_from_its_script_when_something_matches(script: Script) -> None:
    _, answer = answer_of(script, "fern", "What did you hear in the greenhouse at half past nine?", asker="basil")
    assert "Raised voices" in answer or "raised voices" in answer


def test_answers_i_dont_know_when_nothing_matches(script: Script) -> None:
    _, answer = answer_of(script, "basil", "Which ship sailed from Lisbon carrying the telescope?")
    assert answer == DONT_KNOW


def test_murderer_confesses_when_confronted_with_its_own_script(script: Script) -> None:
    agent, answer = answer_of(script, "rowan", "Rowan, you struck the professor with a clay pot in the "
                                               "greenhouse because she refused to share credit for the orchid!")
    assert answer.startswith("I confess") and "clay pot" in answer
    assert agent.confessed


def test_murderer_does_not_confess_to_a_routine_question(script: Script) -> None:
    agent, answer = answer_of(script, "rowan", "Rowan Ashe, where were you when Professor Ivy Moss died?")
    assert not answer.startswith("I confess") and not agent.confessed
    assert "struck" not in answer  # its own script stays private


def test_pronouns_and_role_mentions() -> None:
    assert first_person("You met her at nine; your note asked for it.") == "I met her at nine; my note asked for it."
    obs = observe(new_game(load_script(FIXTURE_CASE), Seating(civilians="a", murderer="b"), GameConfig(), 0)[0],
                  "fern")
    aliases = role_aliases(obs)
    assert mentioned("Basil Crane and Rowan were seen; fern too.", aliases) == {"basil", "rowan", "fern"}
    assert mentioned("Nobody at all.", aliases) == set()


@pytest.mark.parametrize("path", case_paths(), ids=lambda p: p.name)
async def test_naive_play_is_always_legal(path: Path) -> None:
    script = load_case(path)
    culprits = set(script.culprit_ids)
    for seed, (civilians, murderer) in enumerate([("builtin/naive", "builtin/naive"),
                                                  ("builtin/naive", "builtin/random"),
                                                  ("builtin/random", "builtin/naive")]):
        seated = seat_agents(script, civilians, murderer, seed, civilian_settings=NO_OCR
                             if civilians == "builtin/naive" else None,
                             murderer_settings=NO_OCR if murderer == "builtin/naive" else None)
        result = await play_game(script, seated, GameConfig(), seed)
        assert result.status == "finished"
        assert not [e for e in result.events if isinstance(e, InvalidOutput)]
        if civilians == "builtin/naive":
            for vote in (e for e in result.events if isinstance(e, VoteEvent) and e.role not in culprits):
                assert vote.target != vote.role, "a naive civilian voted for itself"


async def test_naive_games_are_deterministic(script: Script) -> None:
    logs = []
    for _ in range(2):
        seated = seat_agents(script, "builtin/naive", "builtin/naive", 4, civilian_settings=NO_OCR,
                             murderer_settings=NO_OCR)
        result = await play_game(script, seated, GameConfig(), 4, clock=FakeClock())
        logs.append([e.model_dump_json() for e in result.events])
    assert logs[0] == logs[1]


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract binary not installed")
def test_reads_only_the_images_it_may_see(script: Script, tmp_path: Path) -> None:
    state, _ = new_game(script, Seating(civilians="builtin/naive", murderer="builtin/naive"), GameConfig(), 0)
    agent = NaiveAgent("fern", 0, ocr_cache=str(tmp_path))
    agent.refresh(observe(state, "fern"))
    sources = {p.source for p in agent.index.passages}
    assert "ocr:c_clock" in sources  # public image: read
    assert "ocr:c_note" not in sources and "c_note" not in agent.ocr_text  # not yet found: never read
    assert any("greenhouse clock" in p.text.lower() for p in agent.index.passages if p.source == "ocr:c_clock")


def discuss_state(script: Script, seed: int = 0) -> GameState:
    state, _ = new_game(script, Seating(civilians="builtin/naive", murderer="builtin/naive"), GameConfig(), seed)
    while state.phase is Phase.INITIALIZATION:
        state, _ = apply(state, Introduce(role=decision_of(state).role, text="hello"))
    return state


def test_asks_the_role_its_evidence_mentions_most_then_explores(script: Script) -> None:
    state = discuss_state(script)
    role = decision_of(state).role
    agent = NaiveAgent(role, 0, **NO_OCR)
    obs = observe(state, role)
    agent.refresh(obs)
    pointed = agent.pointed_roles(obs)
    first = agent.choose(obs)
    if pointed:
        assert first["action"] == "ask" and first["target"] == pointed[0]
    agent.asked.update({r: 1 for r in script.role_ids})  # nobody left to ask for the first time
    second = agent.choose(obs)
    assert second["action"] == "investigate" and second["location"] in obs.decision.locations


async def test_naive_civilians_explore_every_location(script: Script) -> None:
    seated = seat_agents(script, "builtin/naive", "builtin/random", 2, civilian_settings=NO_OCR)
    result = await play_game(script, seated, GameConfig(), 2)
    explored = {e.location for e in result.events if e.type == "action" and e.action == "investigate"}
    assert explored == {loc.id for loc in script.locations}


def test_votes_for_the_most_pointed_role_never_itself(script: Script) -> None:
    state = discuss_state(script)
    for role in ("fern", "basil"):
        agent = NaiveAgent(role, 0, **NO_OCR)
        obs = observe(state, role)
        agent.refresh(obs)
        pointed = agent.pointed_roles(obs)
        decision = obs.decision or decision_of(state).model_copy(update={"kind": "vote", "role": role,
                                                                         "targets": list(script.role_ids)})
        vote = agent.choose_suspect(obs, decision)
        assert vote != role and (not pointed or vote == pointed[0])


@pytest.mark.parametrize("path", case_paths(), ids=lambda p: p.name)
async def test_naive_speakers_share_statements_never_twice_and_never_headings(path: Path) -> None:
    from arena.agents.builtin.naive_agent import MIN_SHARE_WORDS
    from arena.agents.builtin.phrases import phrases_for
    from arena.engine.events import ActionEvent
    from multimodal.language import word_count

    script = load_case(path)
    seated = seat_agents(script, "builtin/naive", "builtin/naive", 4, civilian_settings=NO_OCR,
                         murderer_settings=NO_OCR)
    result = await play_game(script, seated, GameConfig(rounds=3), 4)
    prefix = phrases_for(script.language).here_is.format(text="")  # "Here is what I know: ", "我知道的是："
    shared: dict[str, list[str]] = {}
    for event in result.events:
        if isinstance(event, ActionEvent) and (event.speech or "").startswith(prefix):
            shared.setdefault(event.role, []).append(event.speech.removeprefix(prefix))
    assert shared, "nobody shared anything in three rounds"
    for role, statements in shared.items():
        assert len(statements) == len(set(statements)), f"{role} repeated itself: {statements}"
        assert all(word_count(s) >= MIN_SHARE_WORDS for s in statements), statements
