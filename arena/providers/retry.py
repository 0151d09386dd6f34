"""Retry policy: bounded attempts, exponential backoff with jitter, and the server's Retry-After honoured."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from arena.providers.base import CallFailure

Sleep = Callable[[float], Awaitable[None]]


@dataclass(frozen=True)
class RetryPolicy:
    """`max_attempts` counts the first try. A Retry-After longer than `max_retry_after_s` is capped."""

    max_attempts: int = 4
    base_delay_s: float = 1.0
    max_delay_s: float = 60.0
    jitter: float = 0.5
    max_retry_after_s: float = 300.0

    def delay(self, attempts_made: int, failure: CallFailure, rng: random.Random) -> float:
        """Seconds to wait before the next attempt, after `attempts_made` failed ones."""
        if failure.retry_after_s is not None:
            return min(failure.retry_after_s, self.max_retry_after_s)
        backoff = min(self.max_delay_s, self.base_delay_s * 2 ** (attempts_made - 1))
        # Jitter spreads out clients that failed together, so they do not retry in lockstep.
        return backoff * (1.0 + self.jitter * rng.random())

    @property
    def max_wait_s(self) -> float:
        """The longest wait between two attempts: a jittered backoff or a capped Retry-After."""
        return max(self.max_delay_s * (1.0 + self.jitter), self.max_retry_after_s)

    def should_retry(self, attempts_made: int, failure: CallFailure) -> bool:
        return failure.retryable and attempts_made < self.max_attempts
