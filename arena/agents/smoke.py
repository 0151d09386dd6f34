"""The smoke check: does an entry play legally? Two short games on a bundled case, then a verdict.

`smoke_check(entry, client)` seats the entry in every civilian role against `builtin/random` as the
murderer, and again with the sides swapped (same case and seed), and measures from the event logs
what a new entry must get right before it is scheduled: the share of its decisions that ended in a
legal action, parse failures, call statuses, whether its prompts carried images and the provider
accepted them, latency, tokens and cost. Each criterion is a `CheckResult`; the report passes when
all of them pass. `compare_structured` plays the same match with the entry's structured outputs and
with them off, and reports the parse-error rate of each. Further checks (e.g. a few QA questions)
plug in through `extra_checks`: async callables `(entry, client) -> list[CheckResult]` whose
results are appended to the same list.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from arena.agents.model_agent import AgentStats, ModelAgent
from arena.agents.registry import seat_entries, seat_timeout_s
from arena.agents.runner import DEFAULT_TIMEOUT_S, GameResult, play_game, provider_failure
from arena.engine.actions import OWN_FAULTS, PROVIDER_FAILURES
from arena.engine.events import AgentCall, InvalidOutput, ObservationEvent
from arena.engine.rules import GameConfig
from arena.engine.state import culprit_roles
from arena.entries import Entry, builtin_entries
from arena.errors import ConfigError
from arena.providers.client import ModelClient
from arena.scripts.loader import discover_scripts, load_script
from arena.scripts.schema import Script

Side = Literal["civilians", "murderer"]
MIN_LEGAL_SHARE = 0.8
MAX_PROVIDER_FAILURE_SHARE = 0.05
PARSE_FAILURES = OWN_FAULTS
OPPONENT = "builtin/random"


@dataclass(frozen=True)
class CheckResult:
    """One pass/fail criterion with a human-readable detail."""

    name: str
    passed: bool
    detail: str


SmokeCheck = Callable[[Entry, ModelClient], Awaitable[list[CheckResult]]]


@dataclass(frozen=True)
class PlayedGame:
    """One game of the check as played, for a caller that records it (`arena models check --db`)."""

    result: GameResult
    civilians: Entry
    murderer: Entry
    script: Script
    seed: int
    started_at: datetime


GameSink = Callable[[PlayedGame], None]


@dataclass(frozen=True)
class GameSummary:
    """What the checked entry did in one game (its own roles only)."""

    side: Side
    script_id: str
    seed: int
    status: str
    winner: str
    decisions: int
    legal: int
    calls: int
    statuses: dict[str, int]
    latencies_ms: list[float] = field(repr=False)
    input_tokens: int
    output_tokens: int
    cost_usd: float | None
    images_sent: int
    requests_with_images: int
    requests_with_images_ok: int
    abort_reason: str | None = None
    last_failure: str | None = None  # the last provider failure of the entry's roles, with its cause


@dataclass(frozen=True)
class SmokeReport:
    entry_id: str
    entry_name: str
    games: list[GameSummary]
    checks: list[CheckResult]

    @property
    def passed(self) -> bool:
        return bool(self.checks) and all(check.passed for check in self.checks)

    @property
    def decisions(self) -> int:
        return sum(g.decisions for g in self.games)

    @property
    def legal_share(self) -> float:
        return sum(g.legal for g in self.games) / self.decisions if self.decisions else 0.0

    @property
    def statuses(self) -> dict[str, int]:
        total: Counter[str] = Counter()
        for game in self.games:
            total.update(game.statuses)
        return dict(sorted(total.items()))

    @property
    def parse_failures(self) -> int:
        return sum(n for status, n in self.statuses.items() if status in PARSE_FAILURES)

    @property
    def latency_ms(self) -> dict[str, float]:
        values = sorted(v for g in self.games for v in g.latencies_ms)
        if not values:
            return {"mean": 0.0, "p50": 0.0, "max": 0.0}
        return {"mean": round(sum(values) / len(values), 1), "p50": round(values[len(values) // 2], 1),
                "max": round(values[-1], 1)}

    @property
    def cost_usd(self) -> float | None:
        costs = [g.cost_usd for g in self.games if g.cost_usd is not None]
        return round(sum(costs), 6) if costs else None

    def to_dict(self) -> dict[str, Any]:
        games = [{k: v for k, v in asdict(g).items() if k != "latencies_ms"} for g in self.games]
        return {"entry_id": self.entry_id, "entry": self.entry_name, "passed": self.passed,
                "legal_share": round(self.legal_share, 4), "decisions": self.decisions,
                "parse_failures": self.parse_failures, "statuses": self.statuses, "latency_ms": self.latency_ms,
                "input_tokens": sum(g.input_tokens for g in self.games),
                "output_tokens": sum(g.output_tokens for g in self.games), "cost_usd": self.cost_usd,
                "images_sent": sum(g.images_sent for g in self.games),
                "checks": [asdict(c) for c in self.checks], "games": games}


def default_script() -> Script:
    """The bundled case with the fewest roles: the cheapest complete game."""
    scripts = [load_script(path) for path in discover_scripts()]
    if not scripts:
        raise ConfigError("no bundled cases found under scripts_data/; give a script to check against")
    return min(scripts, key=lambda s: (len(s.role_ids), s.id))


def summarize(result: GameResult, side: Side, roles: frozenset[str], agents: Sequence[ModelAgent],
              script_id: str, seed: int) -> GameSummary:
    """The entry's share of one game's log: its decisions, calls, tokens and image counts."""
    decisions = sum(1 for e in result.events if isinstance(e, ObservationEvent) and e.role in roles
                    and e.attempt == 1)
    forfeits = sum(1 for e in result.events if isinstance(e, InvalidOutput) and e.role in roles and e.final)
    calls = [e for e in result.events if isinstance(e, AgentCall) and e.role in roles]
    costs = [c.cost_usd for c in calls if c.cost_usd is not None]
    stats = AgentStats()
    for agent in agents:
        stats.images_sent += agent.stats.images_sent
        stats.requests_with_images += agent.stats.requests_with_images
        stats.requests_with_images_ok += agent.stats.requests_with_images_ok
    return GameSummary(side=side, script_id=script_id, seed=seed, status=result.status, winner=result.winner,
                       decisions=decisions, legal=decisions - forfeits, calls=len(calls),
                       statuses=dict(Counter(c.status for c in calls)),
                       latencies_ms=[t.latency_ms for t in result.timings if t.role in roles],
                       input_tokens=sum(c.input_tokens or 0 for c in calls),
                       output_tokens=sum(c.output_tokens or 0 for c in calls),
                       cost_usd=round(sum(costs), 6) if costs else None, images_sent=stats.images_sent,
                       requests_with_images=stats.requests_with_images,
                       requests_with_images_ok=stats.requests_with_images_ok,
                       abort_reason=result.outcome.reason if result.status != "finished" else None,
                       last_failure=provider_failure(result.events, roles))


async def _play_side(entry: Entry, client: ModelClient, script: Script, side: Side, seed: int,
                     rounds: int, on_game: GameSink | None = None) -> GameSummary:
    opponent = builtin_entries()[OPPONENT]
    civilians, murderer = (entry, opponent) if side == "civilians" else (opponent, entry)
    seated = seat_entries(script, civilians, murderer, seed, client)
    culprits = culprit_roles(script)
    roles = frozenset(r for r in script.role_ids if (r in culprits) == (side == "murderer"))
    timeout = seat_timeout_s(civilians, murderer, client, DEFAULT_TIMEOUT_S)
    started_at = datetime.now(UTC).replace(tzinfo=None)
    result = await play_game(script, seated, GameConfig(rounds=rounds), seed, timeout_s=timeout)
    if on_game is not None:
        on_game(PlayedGame(result, civilians, murderer, script, seed, started_at))
    agents = [a for r, a in seated.agents.items() if r in roles and isinstance(a, ModelAgent)]
    return summarize(result, side, roles, agents, script.id, seed)


def judge(games: Sequence[GameSummary], script: Script, image_mode: str = "native") -> list[CheckResult]:
    """The pass/fail criteria over both games; images are judged only for an entry that is sent them
    (`image_mode` native: a text-only entry gets their OCR text, captions or nothing instead)."""
    decisions = sum(g.decisions for g in games)
    legal = sum(g.legal for g in games)
    calls = sum(g.calls for g in games)
    failed = sum(n for g in games for s, n in g.statuses.items() if s in PROVIDER_FAILURES)
    unfinished = [f"{g.side}: {g.status}" + (f" ({g.abort_reason})" if g.abort_reason else "")
                  for g in games if g.status != "finished"]
    cause = next((f"; last: {g.last_failure}" for g in reversed(games) if g.last_failure), "")
    share = legal / decisions if decisions else 0.0
    checks = [
        CheckResult("games finish", not unfinished,
                    ("; ".join(unfinished) + cause) if unfinished else f"{len(games)} games finished"),
        CheckResult("legal actions", share >= MIN_LEGAL_SHARE,
                    f"{legal}/{decisions} decisions ended in a legal action "
                    f"({share:.0%}; needs {MIN_LEGAL_SHARE:.0%})" + (cause if share < MIN_LEGAL_SHARE else "")),
        CheckResult("provider calls", calls > 0 and failed <= MAX_PROVIDER_FAILURE_SHARE * calls,
                    f"{failed}/{calls} calls failed at the provider (timeout, error, refusal, context)"
                    + (cause if failed else "")),
    ]
    if image_mode != "native":
        checks.append(CheckResult("images accepted", True, f"no image sent: the entry reads them as {image_mode}"))
    elif any(clue.image is not None for clue in script.clues):
        sent = sum(g.requests_with_images for g in games)
        accepted = sum(g.requests_with_images_ok for g in games)
        checks.append(CheckResult("images accepted", sent > 0 and accepted > 0,
                                  f"{accepted}/{sent} requests with images answered ok "
                                  f"({sum(g.images_sent for g in games)} image parts sent)"
                                  + (cause if accepted == 0 else "")))
    return checks


async def smoke_check(entry: Entry, client: ModelClient, *, script: Script | None = None, seed: int = 0,
                      rounds: int = 1, extra_checks: Sequence[SmokeCheck] = (),
                      on_game: GameSink | None = None, pre_checks: Sequence[SmokeCheck] = ()) -> SmokeReport:
    """Play the entry on both sides of one short match against builtin/random and judge the result;
    `on_game` sees each game as it ends (to record it). `pre_checks` run before the games (the answer-format
    probe, whose finding the games then use), `extra_checks` after them."""
    if entry.is_builtin:
        raise ConfigError(f"{entry.name} is a built-in agent; the smoke check is for model entries")
    case = script if script is not None else default_script()
    checks = [result for pre in pre_checks for result in await pre(entry, client)]
    games = list(await asyncio.gather(*(_play_side(entry, client, case, side, seed, rounds, on_game)
                                        for side in ("civilians", "murderer"))))
    checks += judge(games, case, entry.image_mode_used)
    for extra in extra_checks:
        checks.extend(await extra(entry, client))
    return SmokeReport(entry_id=entry.entry_id, entry_name=entry.name, games=games, checks=checks)


@dataclass(frozen=True)
class StructuredComparison:
    """The same match played with structured outputs (`with_`) and without (`without`)."""

    with_: SmokeReport
    without: SmokeReport
    mode_with: str

    @staticmethod
    def parse_error_rate(report: SmokeReport) -> float:
        calls = sum(g.calls for g in report.games)
        return report.parse_failures / calls if calls else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"mode_with": self.mode_with,
                "with": {"parse_error_rate": round(self.parse_error_rate(self.with_), 4),
                         "parse_failures": self.with_.parse_failures, "legal_share": round(self.with_.legal_share, 4),
                         "calls": sum(g.calls for g in self.with_.games)},
                "without": {"parse_error_rate": round(self.parse_error_rate(self.without), 4),
                            "parse_failures": self.without.parse_failures,
                            "legal_share": round(self.without.legal_share, 4),
                            "calls": sum(g.calls for g in self.without.games)}}


async def compare_structured(entry: Entry, client: ModelClient, *, script: Script | None = None, seed: int = 0,
                             rounds: int = 1) -> StructuredComparison:
    """Smoke-check `entry` with its `structured` setting (`auto` if it is `off`) and with `off`."""
    mode = entry.structured if entry.structured != "off" else "auto"
    with_ = entry.model_copy(update={"structured": mode})
    without = entry.model_copy(update={"structured": "off"})
    first = await smoke_check(with_, client, script=script, seed=seed, rounds=rounds)
    second = await smoke_check(without, client, script=script, seed=seed, rounds=rounds)
    return StructuredComparison(with_=first, without=second, mode_with=client.structured.mode(
        with_, client.adapter(with_)))
