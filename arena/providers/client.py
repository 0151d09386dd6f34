"""The one place around every adapter: key lookup, retries, timeouts, concurrency, cache and cost.

Callers hold one `ModelClient` per process and call

    response = await client.generate(entry, request)

which never raises for a model or network failure: the `Response.status` says what happened
(`ok`, `refused_or_blocked`, `api_error`, `timeout`, `context_limit`). Configuration problems (an
unknown provider, a missing key or SDK, an unusable image) raise `ArenaError`s instead. A failure's
`Response.error` names its cause and endpoint (`arena.providers.failures`), keys redacted.
Concurrency: each call holds a slot of its entry's `max_concurrency` and one of its provider
endpoint's limit (`arena.providers.limits`: the entries file's `[providers.NAME]`, else the environment).

Timeout model: an attempt may take `entry.timeout_s` (+ a grace second); retryable failures are
retried up to `retry.max_attempts` attempts, waiting the backoff or the server's Retry-After (capped)
in between; `call_budget_s` is the sum of all of that, and the game runner's per-decision timeout
is never shorter. A per-entry circuit breaker (`arena.providers.breaker`) makes an entry whose
endpoint looks down fail fast instead of spending that budget on every decision.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import BaseModel, ConfigDict

from arena.entries import Entry, provider_limits
from arena.errors import ArenaError, ConfigError
from arena.providers.base import Adapter, AdapterConfig, CallFailure, classify_generic
from arena.providers.batch import BatchState, batch_for, run_batch
from arena.providers.breaker import DOWN_MESSAGE, BreakerPolicy, CircuitBreaker
from arena.providers.cache import ResponseCache, cache_key
from arena.providers.capabilities import adapt, over_context
from arena.providers.failures import explain
from arena.providers.limits import provider_limit
from arena.providers.messages import CallStatus, Request, Response
from arena.providers.pricing import Price, PriceTable
from arena.providers.registry import create_adapter
from arena.providers.retry import RetryPolicy, Sleep
from arena.providers.secrets import KeyStore
from arena.providers.structured import Mode, StructuredModes, shape

log = logging.getLogger(__name__)
TIMEOUT_GRACE_S = 1.0
REDACTED = "[redacted]"


class CallRecord(BaseModel):
    """One `generate` call as the store records it: no prompt, no key."""

    model_config = ConfigDict(frozen=True)
    entry_id: str
    entry_name: str
    status: CallStatus
    attempts: int
    latency_ms: float
    prompt_tokens: int
    completion_tokens: int
    cached_prompt_tokens: int
    cost_usd: float | None
    cached: bool
    cache_key: str
    error: str | None = None


@dataclass
class Usage:
    """Running totals for one entry."""

    calls: int = 0
    cached_calls: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_prompt_tokens: int = 0
    cost_usd: float = 0.0
    statuses: Counter[str] = field(default_factory=Counter)

    def add(self, record: CallRecord) -> None:
        self.calls += 1
        self.cached_calls += int(record.cached)
        self.retries += max(0, record.attempts - 1)
        self.prompt_tokens += record.prompt_tokens
        self.completion_tokens += record.completion_tokens
        self.cached_prompt_tokens += record.cached_prompt_tokens
        self.cost_usd += record.cost_usd or 0.0
        self.statuses[record.status] += 1


class ModelClient:
    """Calls entries' models. Inject `sleep`, `clock` and `rng` to test retries without waiting."""

    def __init__(self, *, cache: ResponseCache | None = None, use_cache: bool = True,
                 prices: PriceTable | None = None, retry: RetryPolicy | None = None, keys: KeyStore | None = None,
                 provider_limits: Mapping[str, int] | None = None, sleep: Sleep = asyncio.sleep,
                 clock: Callable[[], float] = time.perf_counter, rng: random.Random | None = None,
                 on_call: Callable[[CallRecord], None] | None = None, breaker: BreakerPolicy | None = None) -> None:
        self.cache = (cache if cache is not None else ResponseCache.default()) if use_cache else None
        self.prices = prices or PriceTable.load()
        self.retry = retry or RetryPolicy()
        self.keys = keys or KeyStore()
        # None: the entries file's [providers.NAME] tables, read when the first call needs them
        self.provider_limits = dict(provider_limits) if provider_limits is not None else None
        self.usage: dict[str, Usage] = {}
        self._sleep, self._clock, self._rng, self._on_call = sleep, clock, rng or random.Random(), on_call
        self.breaker = CircuitBreaker(breaker or BreakerPolicy(), clock)
        self.structured = StructuredModes()
        self._adapters: dict[str, Adapter] = {}
        self._semaphores: dict[str, asyncio.Semaphore] = {}
        self._secrets: set[str] = set()

    def __repr__(self) -> str:
        return f"ModelClient(cache={self.cache!r}, adapters={len(self._adapters)})"

    async def __aenter__(self) -> ModelClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the SDK clients (and the cache); the client can not be used afterwards."""
        for adapter in self._adapters.values():
            closer = getattr(adapter, "aclose", None)
            if closer is not None:
                with contextlib.suppress(Exception):  # closing a half-broken HTTP pool must not mask results
                    await closer()
        self._adapters.clear()
        if self.cache is not None:
            self.cache.close()

    def adapter(self, entry: Entry) -> Adapter:
        """The adapter for `entry`, built once; raises ConfigError for a missing key, SDK or provider."""
        slot = entry.settings_json
        if slot not in self._adapters:
            self._adapters[slot] = create_adapter(self._adapter_config(entry))
        return self._adapters[slot]

    def check_entries(self, *entries: Entry) -> None:
        """Build the adapter of every model entry now: an unknown provider, a missing key (environment or
        .env) or SDK raises its ConfigError here, before anything is played or paid for."""
        for entry in entries:
            if not entry.is_builtin:
                self.adapter(entry)

    def _adapter_config(self, entry: Entry) -> AdapterConfig:
        if entry.is_builtin:
            raise ConfigError(f"{entry.name} is a built-in agent (arena.agents), not a model to call")
        key, names = self.keys.key_for(entry.provider, entry.api_key_env)
        if key is None and entry.api_key_env:
            raise ConfigError(f"entry {entry.name!r}: api_key_env {entry.api_key_env} is not set (environment or .env)")
        if key is not None:
            self._secrets.add(key.get_secret_value())
        return AdapterConfig(provider=entry.provider, model=entry.model_name, base_url=entry.base_url,
                             api_key=key, timeout_s=entry.timeout_s, options=dict(entry.options))

    async def generate(self, entry: Entry, request: Request, *, epoch: int = 0, no_cache: bool = False) -> Response:
        """Answer `request` with `entry`'s model; failures come back as a Response status."""
        adapter = self.adapter(entry)
        request = adapt(entry, self.structured.apply(entry, adapter, resolve_request(entry, request)))
        if (too_long := over_context(entry, request)) is not None:
            self._record(entry, too_long, "")
            return too_long
        key = cache_key(entry.identity(), request, epoch)
        use_cache = self.cache is not None and not no_cache and getattr(adapter, "cacheable", True)
        started = self._clock()
        # SQLite work runs in a worker thread: a slow disk must not stall the other games' calls.
        hit = await asyncio.to_thread(self.cache.get, key) if use_cache and self.cache is not None else None
        if hit is not None:
            response = hit.model_copy(update={"cached": True, "cost_usd": 0.0, "attempts": 0,
                                              "latency_ms": (self._clock() - started) * 1000.0})
        else:
            response = await self._call_with_retries(entry, adapter, request)
            response = response.model_copy(update={"cost_usd": self._cost(entry, response)})
            if use_cache and self.cache is not None:
                await asyncio.to_thread(self.cache.put, key, response)
        self._record(entry, response, key)
        return response

    async def run_batch(self, entry: Entry, requests: Mapping[str, Request], state: BatchState,
                        report: Callable[[str], None], *, structured: bool = False, poll_s: float = 30.0,
                        sleep: Sleep = asyncio.sleep) -> dict[str, Response]:
        """Send `requests` (custom id -> request) as one batch of `entry`'s provider, or resume the batch `state`
        names; return the responses, each priced at the batch's rate and counted in `usage` like a live call.
        `structured`: the entry's structured-output mode shapes each request, as `generate` does."""
        adapter = self.adapter(entry)
        batch = batch_for(adapter)
        wire = {cid: resolve_request(entry, r) for cid, r in requests.items()}
        if structured:
            wire = {cid: self.structured.apply(entry, adapter, r) for cid, r in wire.items()}
        responses = await run_batch(batch, state, wire, report, poll_s, sleep)
        priced = {}
        for cid, response in responses.items():
            cost = self._cost(entry, response)
            priced[cid] = response.model_copy(update={"cost_usd": None if cost is None else cost * batch.price_factor})
            self._record(entry, priced[cid], "")
        return priced

    async def _call_with_retries(self, entry: Entry, adapter: Adapter, request: Request) -> Response:
        attempts, key = 0, entry.entry_id
        while True:
            if (down := self.breaker.check(key)) is not None:
                return Response(status="api_error", attempts=attempts, error=self._redact(down))
            attempts += 1
            started = self._clock()
            try:
                # asyncio.timeout, not wait_for: no extra task per call (the same TimeoutError when it expires)
                provider_slots, entry_slots = self._limits(entry)
                async with provider_slots, entry_slots, asyncio.timeout(entry.timeout_s + TIMEOUT_GRACE_S):
                    response = await adapter.generate(request)
            except (ArenaError, asyncio.CancelledError):
                self.breaker.abandoned(key)
                raise
            except Exception as exc:  # every other failure is classified, then retried or returned as data
                failure = self._classify(entry, adapter, exc)
                if (lower := self.structured.step_down(entry, adapter, request, failure)) is not None:
                    log.warning("%s: the server refused the answer format (%s); asking again with %s",
                                entry.entry_id, failure.message[:120], self.structured.mode(entry, adapter))
                    request = lower
                    continue
            else:
                self.breaker.succeeded(key)
                latency = (self._clock() - started) * 1000.0
                return response.model_copy(update={"attempts": attempts, "latency_ms": latency,
                                                   "cached": False, "error": self._redact(response.error)})
            self.breaker.failed(key, failure)
            down_now = self.breaker.is_open(key)
            if down_now or not self.retry.should_retry(attempts, failure):
                message = f"{DOWN_MESSAGE}: {failure.message}" if down_now else failure.message
                return Response(status=failure.status, attempts=attempts, error=self._redact(message),
                                latency_ms=(self._clock() - started) * 1000.0)
            delay = self.retry.delay(attempts, failure, self._rng)
            log.warning("%s: attempt %d failed (%s: %s); retrying in %.2fs", entry.entry_id, attempts,
                        failure.status, self._redact(failure.message), delay)
            await self._sleep(delay)

    async def attempt(self, entry: Entry, request: Request, mode: Mode) -> Response | CallFailure:
        """One attempt at `request` shaped for structured mode `mode`: no cache, retry or step-down, the
        failure returned as it was classified (a probe of what the server accepts, `dialect_probe`)."""
        adapter = self.adapter(entry)
        shaped = adapt(entry, shape(resolve_request(entry, request), mode))
        started = self._clock()
        try:
            provider_slots, entry_slots = self._limits(entry)
            async with provider_slots, entry_slots, asyncio.timeout(entry.timeout_s + TIMEOUT_GRACE_S):
                response = await adapter.generate(shaped)
        except (ArenaError, asyncio.CancelledError):
            raise
        except Exception as exc:  # the probe reports the failure; it is data, not a crash
            failure = self._classify(entry, adapter, exc)
            return replace(failure, message=self._redact(failure.message) or "", body=self._redact(failure.body))
        return response.model_copy(update={"attempts": 1, "latency_ms": (self._clock() - started) * 1000.0,
                                           "error": self._redact(response.error)})

    def _classify(self, entry: Entry, adapter: Adapter, exc: Exception) -> CallFailure:
        """The adapter's classification, with the cause in words and the endpoint (`arena.providers.failures`)."""
        try:
            failure = adapter.classify_error(exc)
        except Exception:  # a buggy classifier must not turn one failure into a crash
            log.exception("classify_error of %r failed", adapter)
            failure = classify_generic(exc)
        endpoint = entry.base_url or getattr(adapter, "endpoint", None)
        return explain(failure, exc, base_url=endpoint, timeout_s=entry.timeout_s)

    def _limits(self, entry: Entry) -> tuple[asyncio.Semaphore, asyncio.Semaphore]:
        """The provider's and the entry's semaphores (a call holds one slot of each)."""
        provider_slot = f"provider:{entry.provider}|{entry.base_url or ''}"
        entry_slot = f"entry:{entry.settings_json}"
        if provider_slot not in self._semaphores:
            if self.provider_limits is None:
                self.provider_limits = provider_limits()
            limit = provider_limit(entry.provider, self.provider_limits)[0]
            self._semaphores[provider_slot] = asyncio.Semaphore(limit)
        if entry_slot not in self._semaphores:
            self._semaphores[entry_slot] = asyncio.Semaphore(entry.max_concurrency)
        return self._semaphores[provider_slot], self._semaphores[entry_slot]

    def call_budget_s(self, entry: Entry) -> float:
        """The longest one `generate` for `entry` may take with all its attempts and waits between them: a
        caller's own timeout (the game runner's) must not be shorter, or it cuts retries that would succeed."""
        attempts = self.retry.max_attempts
        return (entry.timeout_s + TIMEOUT_GRACE_S) * attempts + self.retry.max_wait_s * (attempts - 1)

    def price(self, entry: Entry) -> Price | None:
        """The entry's price: the table row, with the entry's overrides on top."""
        base = self.prices.lookup(entry.provider, entry.model_name)
        if entry.price_input_per_mtok is None and entry.price_output_per_mtok is None:
            return base
        inp = entry.price_input_per_mtok if entry.price_input_per_mtok is not None else (base.input if base else 0.0)
        out = entry.price_output_per_mtok if entry.price_output_per_mtok is not None else (base.output if base else 0.0)
        keep = base is not None and entry.price_input_per_mtok is None
        return Price(inp, out, base.cached_input if keep and base else None,
                     base.cache_write_input if keep and base else None)

    def _cost(self, entry: Entry, response: Response) -> float | None:
        price = self.price(entry)
        if price is None:
            return None
        return price.cost(response.prompt_tokens, response.completion_tokens, response.cached_prompt_tokens,
                          response.cache_write_prompt_tokens)

    def _redact(self, text: str | None) -> str | None:
        if text is None:
            return None
        for secret in self._secrets:
            text = text.replace(secret, REDACTED)
        return text

    def _record(self, entry: Entry, response: Response, key: str) -> None:
        record = CallRecord(entry_id=entry.entry_id, entry_name=entry.name, status=response.status,
                            attempts=response.attempts, latency_ms=response.latency_ms,
                            prompt_tokens=response.prompt_tokens, completion_tokens=response.completion_tokens,
                            cached_prompt_tokens=response.cached_prompt_tokens, cost_usd=response.cost_usd,
                            cached=response.cached, cache_key=key, error=response.error)
        self.usage.setdefault(entry.entry_id, Usage()).add(record)
        if self._on_call is not None:
            self._on_call(record)


def resolve_request(entry: Entry, request: Request) -> Request:
    """Fill the request's unset sampling fields from the entry's settings."""
    updates: dict[str, Any] = {}
    if request.temperature is None and entry.temperature is not None:
        updates["temperature"] = entry.temperature
    if request.max_tokens is None and entry.max_tokens is not None:
        updates["max_tokens"] = entry.max_tokens
    return request.model_copy(update=updates) if updates else request
