"""Per-entry circuit breaker: stop calling an endpoint that looks down, then probe it again later.

After `failures` consecutive transport failures of one entry (connection refused or reset,
timeouts, HTTP 5xx, malformed HTTP 200 bodies) the breaker opens: every call of that entry fails
at once, without touching the network, for `cooldown_s` seconds. Then one call is let through as a
probe: a success closes the breaker, a failure opens it for another cool-down. Any success resets
the count. Answers that show the endpoint is up (429, 4xx, refusals, context limits) are not
transport failures and reset the count too.

Without a breaker a dead endpoint costs every decision its whole retry budget; with the defaults
(120 s timeout, 4 attempts) that is about 8 minutes a decision and hours a game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from arena.providers.base import CallFailure

DOWN_MESSAGE = "endpoint looks down"


@dataclass(frozen=True)
class BreakerPolicy:
    """`failures` consecutive transport failures open the breaker for `cooldown_s` seconds (0 disables it)."""

    failures: int = 5
    cooldown_s: float = 300.0

    @property
    def enabled(self) -> bool:
        return self.failures > 0


def is_transport_failure(failure: CallFailure) -> bool:
    """Connection failures, timeouts, 5xx and malformed bodies: the endpoint did not answer properly."""
    if failure.status == "timeout":
        return True
    if failure.status != "api_error" or not failure.retryable:
        return False
    return failure.http_status is None or failure.http_status >= 500


@dataclass
class _Circuit:
    consecutive: int = 0
    opened_at: float | None = None
    probing: bool = False
    last_error: str = ""


@dataclass
class CircuitBreaker:
    """Breaker state for every entry (by key); `clock` is injectable so tests never wait."""

    policy: BreakerPolicy = field(default_factory=BreakerPolicy)
    clock: Callable[[], float] = time.monotonic
    _circuits: dict[str, _Circuit] = field(default_factory=dict)

    def check(self, key: str) -> str | None:
        """None when a call may go ahead (taking the probe slot after a cool-down), else why it may not."""
        circuit = self._circuits.get(key)
        if circuit is None or circuit.opened_at is None:
            return None
        left = circuit.opened_at + self.policy.cooldown_s - self.clock()
        if left <= 0 and not circuit.probing:
            circuit.probing = True
            return None
        wait = f"probed again in {left:.0f} s" if left > 0 else "a probe call is in flight"
        return (f"{DOWN_MESSAGE}: {circuit.consecutive} consecutive transport failures (last: "
                f"{circuit.last_error[:200]}); failing fast, {wait}")

    def is_open(self, key: str) -> bool:
        circuit = self._circuits.get(key)
        return circuit is not None and circuit.opened_at is not None

    def succeeded(self, key: str) -> None:
        self._circuits.pop(key, None)

    def failed(self, key: str, failure: CallFailure) -> None:
        """Count `failure` (only transport failures count; other answers prove the endpoint is up)."""
        if not self.policy.enabled:
            return
        if not is_transport_failure(failure):
            self.succeeded(key)
            return
        circuit = self._circuits.setdefault(key, _Circuit())
        circuit.consecutive += 1
        circuit.last_error = failure.message
        if circuit.consecutive >= self.policy.failures:
            circuit.opened_at, circuit.probing = self.clock(), False

    def abandoned(self, key: str) -> None:
        """A call ended without an answer (cancelled): free the probe slot it may hold."""
        circuit = self._circuits.get(key)
        if circuit is not None:
            circuit.probing = False
