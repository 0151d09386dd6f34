"""The async game runner: drives one game, asking each role's agent in turn, and logs everything.

The retry-then-forfeit policy lives here and only here. For each decision the runner observes
the acting role, calls its agent with a timeout, and parses the raw output. Unparseable or
illegal output is asked again (at most `config.max_reasks` times, with `error_note` set in the next
observation); timeouts and provider failures are not re-asked (the provider client already
retries). When no legal action results, the fallback action is applied with the failure status;
the engine aborts the game when a faction's forfeits pass the configured threshold.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field

from arena.agents.base import Agent, AgentFailure, AgentReply, RawOutput
from arena.engine.actions import PROVIDER_FAILURES, Action, Decision, Status, fallback_action
from arena.engine.events import AgentCall, EventBase, InvalidOutput, ObservationEvent, Outcome, cut_raw
from arena.engine.observation import observe
from arena.engine.parsing import OutputError, parse_output
from arena.engine.rules import GameConfig
from arena.engine.state import GameState, Seating
from arena.engine.transitions import apply, new_game, outcome, pending_decision
from arena.errors import ConfigError
from arena.scripts.schema import Script

log = logging.getLogger(__name__)
DEFAULT_TIMEOUT_S = 120.0
MESSAGE_LIMIT = 500
REASKED: frozenset[Status] = frozenset({"parse_error", "invalid_action"})

EventSink = Callable[[EventBase], None]


@dataclass(frozen=True)
class CallTiming:
    """Wall-clock telemetry of one agent call, kept out of the event log so that two identical games give
    byte-identical logs: the n-th timing belongs to the game's n-th `agent_call` event."""

    role: str
    latency_ms: float


TimingSink = Callable[[CallTiming], None]


@dataclass(frozen=True)
class SeatedAgents:
    """The entries playing each faction and one agent per role (keyed by role id)."""

    seating: Seating
    agents: Mapping[str, Agent]


@dataclass(frozen=True)
class GameResult:
    events: list[EventBase]
    outcome: Outcome
    final_state: GameState
    timings: list[CallTiming] = field(default_factory=list)

    @property
    def status(self) -> str:
        return self.outcome.status

    @property
    def winner(self) -> str:
        return self.outcome.winner


@dataclass(frozen=True)
class _Attempt:
    action: Action | None
    status: Status
    message: str
    raw: str


async def _call(agent: Agent, observation: object, timeout_s: float) -> tuple[RawOutput | None, AgentReply | None,
                                                                             Status, str]:
    """Call the agent once; map every failure to a status and a short message (no traceback)."""
    try:
        async with asyncio.timeout(timeout_s):  # no extra task per call, unlike wait_for
            reply = await agent.act(observation)  # type: ignore[arg-type]
    except TimeoutError:
        return None, None, "timeout", f"no output within {timeout_s:g} s"
    except AgentFailure as exc:
        return None, None, exc.status, exc.message[:MESSAGE_LIMIT]
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # noqa: BLE001 - any agent crash is recorded as data, not raised
        log.debug("agent raised", exc_info=True)
        return None, None, "api_error", f"{type(exc).__name__}: {exc}"[:MESSAGE_LIMIT]
    if isinstance(reply, AgentReply):
        return reply.output, reply, "ok", ""
    return reply, None, "ok", ""


def provider_failure(events: Iterable[EventBase], roles: Collection[str] | None = None) -> str | None:
    """The message of the last provider failure in a game's log (of `roles` only, if given): what a game
    aborted by provider forfeits died of, e.g. "connection refused at http://127.0.0.1:9/v1/chat/completions"."""
    last = None
    for event in events:
        if isinstance(event, InvalidOutput) and event.status in PROVIDER_FAILURES and (roles is None
                                                                                      or event.role in roles):
            last = f"{event.status}: {event.message}"
    return last


def abort_reason(reason: str, events: Iterable[EventBase]) -> str:
    """An unfinished game's reason with the last provider failure of its log appended, when there is one
    (the store's `abort_reason`, the replay header and `arena play`'s last line)."""
    cause = provider_failure(events)
    return reason if cause is None else f"{reason}; last provider failure: {cause}"


def _raw_text(raw: RawOutput | None) -> str:
    if raw is None:
        return ""
    if isinstance(raw, str):
        return raw
    try:
        return json.dumps(raw, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return repr(raw)


class _Driver:
    """One game in progress: the state, the log, and the agents."""

    def __init__(self, script: Script, seated: SeatedAgents, config: GameConfig, seed: int, timeout_s: float,
                 clock: Callable[[], float], on_event: EventSink | None, on_timing: TimingSink | None) -> None:
        self.state, opening = new_game(script, seated.seating, config, seed)
        self.agents, self.timeout_s, self.clock, self.on_event = seated.agents, timeout_s, clock, on_event
        self.on_timing = on_timing
        self.events: list[EventBase] = []
        self.timings: list[CallTiming] = []
        self.emit(opening)

    def emit(self, events: list[EventBase]) -> None:
        for event in events:
            self.events.append(event)
            if self.on_event is not None:
                self.on_event(event)

    def time(self, timing: CallTiming) -> None:
        self.timings.append(timing)
        if self.on_timing is not None:
            self.on_timing(timing)

    async def attempt(self, decision: Decision, number: int, note: str | None) -> _Attempt:
        obs = observe(self.state, decision.role)
        if note is not None:
            obs = obs.model_copy(update={"error_note": note})
        self.emit([ObservationEvent(role=decision.role, decision=decision.kind, round=decision.round,
                                    attempt=number, sha256=obs.fingerprint())])
        started = self.clock()
        raw, reply, status, message = await _call(self.agents[decision.role], obs, self.timeout_s)
        action = None
        if status == "ok":
            try:
                action = parse_output(raw if raw is not None else "", decision, self.state)
            except OutputError as exc:
                status, message = exc.status, exc.message
        self.time(CallTiming(decision.role, round((self.clock() - started) * 1000.0, 3)))
        self.emit([AgentCall(role=decision.role, decision=decision.kind, round=decision.round, attempt=number,
                             status=status,
                             input_tokens=reply.input_tokens if reply else None,
                             output_tokens=reply.output_tokens if reply else None,
                             cost_usd=reply.cost_usd if reply else None, cached=bool(reply and reply.cached),
                             cached_prompt_tokens=reply.cached_prompt_tokens if reply else None,
                             reasoning=reply.reasoning if reply else None)])
        return _Attempt(action, status, message, _raw_text(raw))

    async def decide(self, decision: Decision) -> Action:
        """A legal action for `decision`: the agent's, after re-asks, else the fallback."""
        note: str | None = None
        attempts = 1 + self.state.config.max_reasks
        for number in range(1, attempts + 1):
            result = await self.attempt(decision, number, note)
            if result.action is not None:
                return result.action
            final = number == attempts or result.status not in REASKED
            self.emit([InvalidOutput(role=decision.role, decision=decision.kind, round=decision.round,
                                     attempt=number, status=result.status, message=result.message,
                                     raw=cut_raw(result.raw), final=final)])
            if final:
                return fallback_action(decision, result.status)
            note = f"Your previous output was rejected ({result.status}): {result.message}"
        raise AssertionError("unreachable")  # pragma: no cover

    async def run(self) -> GameResult:
        while (decision := pending_decision(self.state)) is not None:
            action = await self.decide(decision)
            self.state, events = apply(self.state, action)
            self.emit(events)
        return GameResult(events=self.events, outcome=outcome(self.state), final_state=self.state,
                          timings=self.timings)


async def play_game(script: Script, seated: SeatedAgents, config: GameConfig | None = None, seed: int = 0, *,
                    timeout_s: float = DEFAULT_TIMEOUT_S, clock: Callable[[], float] = time.perf_counter,
                    on_event: EventSink | None = None, on_timing: TimingSink | None = None) -> GameResult:
    """Play one game to the end and return its events, outcome and call timings.

    `on_event` sees each event as it is logged (progress displays, streaming writers). `clock`
    measures agent latency, which is telemetry: it goes to `GameResult.timings` and `on_timing`,
    never into the event log, so the same seed and agents give a byte-identical log.
    """
    missing = [r for r in script.role_ids if r not in seated.agents]
    if missing:
        raise ConfigError(f"no agent for role(s) {', '.join(missing)} of script {script.id!r}")
    if timeout_s <= 0:
        raise ConfigError(f"timeout_s must be positive, got {timeout_s}")
    driver = _Driver(script, seated, config or GameConfig(), seed, timeout_s, clock, on_event, on_timing)
    return await driver.run()
