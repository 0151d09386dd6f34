"""Pure transitions: start a game, say who must decide what, apply an action, tell the outcome.

No I/O, clock or global randomness: turn orders come from `random.Random` instances seeded with
strings derived from the game seed, so a seed fixes the whole game up to the agents' choices.
"""

from __future__ import annotations

import random
import re
from functools import partial

from arena.engine import actions as A
from arena.engine.actions import INSTRUCTIONS, JSON_SHAPES, Decision, DecisionKind, Phase
from arena.engine.events import (
    ActionEvent,
    AnswerEvent,
    ClueRevealed,
    EventBase,
    GameEnded,
    GameStarted,
    Outcome,
    PhaseStarted,
    ReasoningEvent,
    SeatingEvent,
    StageStarted,
    Utterance,
    VoteEvent,
)
from arena.engine.outcome import aborted, decide
from arena.engine.rules import ENGINE_VERSION, TIE_ENGINE_VERSION, GameConfig, script_hash
from arena.engine.stages import stages_beginning
from arena.engine.state import GameState, Line, PendingQuestion, ScriptFacts, Seating
from arena.engine.victims import decide_victims, victim_at, vote_instructions, vote_queue
from arena.errors import GameError
from arena.scripts.schema import Script

_SPACE = re.compile(r"\s+")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
CHARS_PER_WORD = 25  # a "word" longer than this is cut too, so one token cannot flood a prompt

Events = list[EventBase]


def clean_text(text: str, max_words: int) -> tuple[str, bool]:
    """Collapse whitespace onto one line and cut to `max_words` words; True when something was cut."""
    flat = _SPACE.sub(" ", _CONTROL.sub(" ", text)).strip()
    words = flat.split(" ") if flat else []
    cut = len(words) > max_words
    out = " ".join(words[:max_words])
    limit = max_words * CHARS_PER_WORD
    if len(out) > limit:
        out, cut = out[:limit].rstrip(), True
    return out, cut


def turn_order(seed: int, round_no: int, order: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(random.Random(f"{seed}:round:{round_no}").sample(order, len(order)))


def initial_state(script: Script, seating: Seating, config: GameConfig, seed: int,
                  engine_version: int = ENGINE_VERSION) -> GameState:
    """The state before the first introduction: seated in a seeded order, nothing said.

    `engine_version` is the rules version (a replay passes the one its log recorded)."""
    facts = ScriptFacts.of(script, config.rounds)
    order = tuple(random.Random(f"{seed}:seating").sample(facts.role_ids, len(facts.role_ids)))
    return GameState(script=script, facts=facts, config=config, seed=seed, seating=seating, order=order,
                     queue=order, engine_version=engine_version, stages_begun=1 if facts.stages else 0)


def opening_events(state: GameState) -> Events:
    """The events that open the log of a game started with `initial_state`."""
    facts, script = state.facts, state.script
    first_stage: Events = [StageStarted(stage=facts.stages[0].id, index=1, round=0)] if facts.stages else []
    return [
        GameStarted(engine_version=state.engine_version, script_id=script.id, script_title=script.title,
                    script_hash=script_hash(script), config=state.config, seed=state.seed),
        SeatingEvent(civilians=state.seating.civilians, murderer=state.seating.murderer, order=list(state.order),
                     roles=dict(facts.names), factions={r: facts.faction(r) for r in facts.role_ids}),
        *first_stage,
        PhaseStarted(phase=Phase.INITIALIZATION, round=0, turn_order=list(state.order)),
    ]


def new_game(script: Script, seating: Seating, config: GameConfig, seed: int) -> tuple[GameState, Events]:
    state = initial_state(script, seating, config, seed)
    return state, opening_events(state)


def is_terminal(state: GameState) -> bool:
    return state.status != "running"


def pending_decision(state: GameState) -> Decision | None:
    """Who must act now and what kind of decision, with the legal choices; None when the game is over."""
    return state.decision


def next_decision(state: GameState) -> Decision | None:
    """`pending_decision` computed from the rules (`GameState.decision` caches it per state)."""
    if is_terminal(state):
        return None
    limit = state.config.max_words
    if state.pending is not None:
        p = state.pending
        return Decision(kind=DecisionKind.ANSWER, role=p.target, phase=state.phase, round=state.round,
                        word_limit=limit, asker=p.asker, question=p.question,
                        instructions=INSTRUCTIONS[DecisionKind.ANSWER].format(asker=state.facts.names[p.asker]),
                        json_shape=JSON_SHAPES[DecisionKind.ANSWER])
    role = state.queue[0]
    kind = {Phase.INITIALIZATION: DecisionKind.INTRODUCE, Phase.DISCUSSION: DecisionKind.DISCUSS,
            Phase.REASONING: DecisionKind.REASON, Phase.VOTING: DecisionKind.VOTE}[state.phase]
    targets: list[str] = []
    locations: list[str] = []
    if kind is DecisionKind.DISCUSS:
        targets = [r for r in state.facts.role_ids if r != role]
        locations = [loc for loc in state.facts.location_ids if state.remaining_at(loc)]
    elif kind in (DecisionKind.REASON, DecisionKind.VOTE):
        targets = list(state.facts.role_ids)
    instructions = INSTRUCTIONS[kind]
    victim = victim_at(state.facts.victims, len(state.votes), len(state.voters)) if kind is DecisionKind.VOTE else None
    if victim is not None:
        instructions = vote_instructions(victim, len(state.facts.victims))
    return Decision(kind=kind, role=role, phase=state.phase, round=state.round, targets=targets,
                    locations=locations, word_limit=limit, instructions=instructions,
                    json_shape=JSON_SHAPES[kind])


def legal_actions(state: GameState) -> list[A.Introduce | A.Ask | A.Investigate | A.Answer | A.Reason | A.Vote]:
    """Every structurally different legal action for the pending decision, with empty texts."""
    d = pending_decision(state)
    if d is None:
        return []
    match d.kind:
        case DecisionKind.INTRODUCE:
            return [A.Introduce(role=d.role, text="")]
        case DecisionKind.ANSWER:
            return [A.Answer(role=d.role, text="")]
        case DecisionKind.DISCUSS:
            asks = [A.Ask(role=d.role, speech="", target=t, question="") for t in d.targets]
            return [*asks, *(A.Investigate(role=d.role, speech="", location=loc) for loc in d.locations)]
        case DecisionKind.REASON:
            return [A.Reason(role=d.role, suspect=s, method="", motive="") for s in [*d.targets, None]]
        case DecisionKind.VOTE:
            return [A.Vote(role=d.role, target=t) for t in [*d.targets, None]]
    raise AssertionError(d.kind)  # pragma: no cover


def check_action(decision: Decision, action: A.Action) -> str | None:
    """Why `action` is not legal for `decision` (a message for the agent), or None when it is."""
    if action.role != decision.role:
        return f"it is {decision.role}'s decision, not {action.role}'s"
    if A.ACTION_DECISION[action.kind] is not decision.kind:
        return f"expected a {decision.kind.value} decision, got a {action.kind} action"
    if isinstance(action, A.Pass) and action.forfeit is None:
        return "passing is not a legal choice; ask a role or investigate a location"
    if isinstance(action, A.Ask) and action.target not in decision.targets:
        return f"cannot ask {action.target!r}; ask one of: {', '.join(decision.targets)}"
    if isinstance(action, A.Investigate) and action.location not in decision.locations:
        legal = ", ".join(decision.locations) or "none left"
        return f"cannot investigate {action.location!r}; locations with clues left: {legal}"
    if isinstance(action, A.Reason) and action.suspect is not None and action.suspect not in decision.targets:
        return f"unknown suspect {action.suspect!r}; name one of: {', '.join(decision.targets)}"
    if isinstance(action, A.Vote) and action.target is not None and action.target not in decision.targets:
        return f"cannot vote for {action.target!r}; vote for one of: {', '.join(decision.targets)} or null"
    return None


def apply(state: GameState, action: A.Action) -> tuple[GameState, Events]:
    """Apply a legal action; return the new state and the events it produced. Raises GameError if illegal."""
    decision = pending_decision(state)
    if decision is None:
        raise GameError("the game is over; no action can be applied")
    problem = check_action(decision, action)
    if problem is not None:
        raise GameError(f"illegal action in {state.phase.value}, round {state.round}: {problem}")
    state, events = _record(state, action)
    state = state.evolve(steps=state.steps + 1)
    if action.forfeit is not None:
        state = state.evolve(forfeits=(*state.forfeits, (action.role, action.forfeit)))
        faction = state.facts.faction(action.role)
        limit = state.config.forfeit_limit(state.planned_decisions(faction))
        if state.forfeits_of(faction) > limit:
            reason = f"the {faction} forfeited {state.forfeits_of(faction)} decisions (limit {limit})"
            return _end(state, events, aborted(state.votes, state.facts.role_ids, state.facts.culprits, reason))
    return _advance(state, events)


def _line(state: GameState, role: str, kind: str, text: str, target: str | None = None) -> Line:
    return Line(phase=state.phase, round=state.round, speaker=role, speaker_name=state.facts.names.get(role, role),
                kind=kind, text=text, target=target)  # type: ignore[arg-type]


def _record(state: GameState, action: A.Action) -> tuple[GameState, Events]:
    """The direct effect of an action: transcript lines, revealed clue, pending question, queue."""
    words = state.config.max_words
    role, lines = action.role, list[Line]()
    if isinstance(action, A.Introduce):
        text, cut = clean_text(action.text, words)
        if text:
            lines.append(_line(state, role, "introduction", text))
        event: EventBase = Utterance(role=role, phase=state.phase, round=state.round, text=text, truncated=cut,
                                     forfeit=action.forfeit)
    elif isinstance(action, A.Answer):
        return _record_answer(state, action)
    elif isinstance(action, A.Reason):
        method, cut1 = clean_text(action.method, words)
        motive, cut2 = clean_text(action.motive, words)
        lines.append(_line(state, role, "reasoning", f"suspect: {action.suspect or 'none'}; method: {method}; "
                                                     f"motive: {motive}"))
        state = state.evolve(reasonings=(*state.reasonings, (role, action.suspect, method, motive)))
        event = ReasoningEvent(role=role, suspect=action.suspect, method=method, motive=motive,
                               truncated=cut1 or cut2, forfeit=action.forfeit)
    elif isinstance(action, A.Vote):
        victim = victim_at(state.facts.victims, len(state.votes), len(state.voters))
        about = f" (for {victim.name})" if victim is not None else ""
        lines.append(_line(state, role, "vote", (action.target or "abstain") + about))
        state = state.evolve(votes=(*state.votes, (role, action.target)))
        event = VoteEvent(role=role, target=action.target, forfeit=action.forfeit,
                          victim=victim.id if victim is not None else None)
    else:
        return _record_turn(state, action)
    return state.evolve(transcript=(*state.transcript, *lines), queue=state.queue[1:]), [event]


def _record_answer(state: GameState, action: A.Answer) -> tuple[GameState, Events]:
    assert state.pending is not None
    p = state.pending
    text, cut = clean_text(action.text, state.config.max_words)
    line = _line(state, action.role, "answer", text, target=p.asker)
    event = AnswerEvent(role=action.role, round=state.round, asker=p.asker, question=p.question, text=text,
                        truncated=cut, forfeit=action.forfeit)
    return state.evolve(transcript=(*state.transcript, line), pending=None, queue=state.queue[1:]), [event]


def _record_turn(state: GameState, action: A.Ask | A.Investigate | A.Pass) -> tuple[GameState, Events]:
    words, role = state.config.max_words, action.role
    speech, cut = clean_text(action.speech, words)
    lines = [_line(state, role, "speech", speech)] if speech else []
    events: Events = []
    if isinstance(action, A.Ask):
        question, cut_q = clean_text(action.question, words)
        lines.append(_line(state, role, "question", question, target=action.target))
        events.append(ActionEvent(role=role, round=state.round, action="ask", speech=speech, target=action.target,
                                  question=question, truncated=cut or cut_q, forfeit=action.forfeit))
        pending = PendingQuestion(asker=role, target=action.target, question=question)
        return state.evolve(transcript=(*state.transcript, *lines), pending=pending), events
    if isinstance(action, A.Investigate):
        clue = state.script.clue(state.remaining_at(action.location)[0])
        events.append(ActionEvent(role=role, round=state.round, action="investigate", speech=speech,
                                  location=action.location, truncated=cut, forfeit=action.forfeit))
        events.append(ClueRevealed(clue_id=clue.id, title=clue.title, round=state.round, reason="investigate",
                                   by=role, location=action.location))
        lines.append(_line(state, role, "clue", f"{state.facts.names[role]} investigated {action.location} "
                                                f"and found clue {clue.id} ({clue.title})"))
        state = state.evolve(revealed=(*state.revealed, clue.id))
    else:
        events.append(ActionEvent(role=role, round=state.round, action="pass", speech=speech, truncated=cut,
                                  forfeit=action.forfeit))
    return state.evolve(transcript=(*state.transcript, *lines), queue=state.queue[1:]), events


def _advance(state: GameState, events: Events) -> tuple[GameState, Events]:
    """Move to the next round or phase while nobody is left to act in the current one."""
    while not state.queue and state.pending is None:
        if state.phase is Phase.INITIALIZATION or (state.phase is Phase.DISCUSSION
                                                    and state.round < state.config.rounds):
            state = _start_round(state, state.round + 1, events)
        elif state.phase is Phase.DISCUSSION:
            state = state.evolve(phase=Phase.REASONING, queue=state.order)
            events.append(PhaseStarted(phase=Phase.REASONING, round=state.round, turn_order=list(state.order)))
        elif state.phase is Phase.REASONING:
            queue = vote_queue(state.voters, state.facts.victims)
            state = state.evolve(phase=Phase.VOTING, queue=queue)
            events.append(PhaseStarted(phase=Phase.VOTING, round=state.round, turn_order=list(queue)))
        else:
            return _end(state, events, final_outcome(state))
    return state, events


def final_outcome(state: GameState) -> Outcome:
    """The outcome of a game whose votes are all cast: per victim when the case has victims."""
    facts = state.facts
    decide_one = partial(decide, tie_is_draw=state.engine_version >= TIE_ENGINE_VERSION)
    if facts.victims:
        return decide_victims(state.votes, len(state.voters), facts.role_ids, facts.victims, decide_one=decide_one)
    return decide_one(state.votes, facts.role_ids, facts.culprits)


def _start_round(state: GameState, round_no: int, events: Events) -> GameState:
    order = turn_order(state.seed, round_no, state.order)
    state = state.evolve(phase=Phase.DISCUSSION, round=round_no, queue=order)
    events.append(PhaseStarted(phase=Phase.DISCUSSION, round=round_no, turn_order=list(order)))
    lines = []
    for clue_id in state.facts.unlocks.get(round_no, ()):
        clue = state.script.clue(clue_id)
        events.append(ClueRevealed(clue_id=clue.id, title=clue.title, round=round_no, reason="unlock"))
        lines.append(Line(phase=Phase.DISCUSSION, round=round_no, speaker="", speaker_name="", kind="clue",
                          text=f"clue {clue.id} ({clue.title}) is now available to everyone"))
    unlocked = state.facts.unlocks.get(round_no, ())
    state = state.evolve(revealed=(*state.revealed, *unlocked), transcript=(*state.transcript, *lines))
    return _begin_stages(state, round_no, events)


def _begin_stages(state: GameState, round_no: int, events: Events) -> GameState:
    """Begin the stages due at this round (`arena.engine.stages`): their public clues are revealed."""
    facts = state.facts
    for index in stages_beginning(facts.stages, state.stages_begun, round_no):
        plan = facts.stages[index]
        shown = [cid for cid in plan.clues if state.script.clue(cid).visibility.value == "public"]
        events.append(StageStarted(stage=plan.id, index=index + 1, round=round_no, revealed=shown))
        lines = [Line(phase=Phase.DISCUSSION, round=round_no, speaker="", speaker_name="", kind="clue",
                      text=f"stage {index + 1} ({plan.title}) begins" + (f"; clues now available to everyone: "
                                                                        f"{', '.join(shown)}" if shown else ""))]
        state = state.evolve(stages_begun=index + 1, revealed=(*state.revealed, *shown),
                             transcript=(*state.transcript, *lines))
    return state


def _end(state: GameState, events: Events, result: Outcome) -> tuple[GameState, Events]:
    events.append(GameEnded(status=result.status, outcome=result))
    return state.evolve(phase=Phase.ENDED, queue=(), pending=None, status=result.status, outcome=result), events


def outcome(state: GameState) -> Outcome:
    """The outcome of a terminal state; GameError while the game is running."""
    if state.outcome is None:
        raise GameError(f"the game is still running ({state.phase.value}, round {state.round})")
    return state.outcome
