"""How many calls may be in flight, and which limit says so.

Two limits cap a model call, and a call holds one slot of each: the entry's `max_concurrency`
(default 4), and the provider endpoint's limit, shared by every entry of that provider and
`base_url`: `[providers.NAME] max_concurrency = N` in the entries file, else `$ARENA_PROVIDER_LIMIT`,
else 16. A tournament's `--concurrency` is the number of games at once; a game asks one agent at a
time, so it wants up to that many calls in flight, and `concurrency_note` says in one line which
limit caps it below that and how to raise it.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Mapping, Sequence

from arena.entries import Entry
from arena.errors import ConfigError

DEFAULT_PROVIDER_LIMIT = 16
PROVIDER_LIMIT_ENV = "ARENA_PROVIDER_LIMIT"


def default_provider_limit() -> int:
    """Calls in flight per provider endpoint unless the entries file names the provider: $ARENA_PROVIDER_LIMIT,
    else 16 (it caps every entry of that provider together, above each entry's `max_concurrency`)."""
    raw = os.environ.get(PROVIDER_LIMIT_ENV, "").strip()
    if not raw:
        return DEFAULT_PROVIDER_LIMIT
    if not raw.isdigit() or int(raw) < 1:
        raise ConfigError(f"{PROVIDER_LIMIT_ENV}={raw!r} must be a whole number of calls, at least 1 (e.g. 64)")
    return int(raw)


def provider_limit(provider: str, configured: Mapping[str, int]) -> tuple[int, str]:
    """The provider's limit and where it comes from (for messages)."""
    if provider in configured:
        return configured[provider], f"[providers.{provider}] max_concurrency in the entries file"
    limit = default_provider_limit()
    if os.environ.get(PROVIDER_LIMIT_ENV, "").strip():
        return limit, f"${PROVIDER_LIMIT_ENV}"
    return limit, f"the default provider limit (${PROVIDER_LIMIT_ENV} unset)"


def concurrency_note(entries: Sequence[Entry], requested: int, configured: Mapping[str, int]) -> str | None:
    """One line naming the limit that keeps fewer than `requested` calls in flight, and how to raise it;
    None when the limits allow `requested` (or no entry calls a model)."""
    groups: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    for entry in {e.entry_id: e for e in entries if not e.is_builtin}.values():
        groups[(entry.provider, entry.base_url or "")].append(entry)
    if not groups:
        return None
    capacity, causes = 0, []
    for (provider, base_url), members in sorted(groups.items()):
        by_entries = sum(e.max_concurrency for e in members)
        limit, source = provider_limit(provider, configured)
        capacity += min(limit, by_entries)
        where = f"{provider} at {base_url}" if base_url else provider
        if limit < by_entries:
            causes.append(f"provider {where} allows {limit} ({source}; raise it with [providers.{provider}] "
                          f"max_concurrency = {requested} in the entries file, or {PROVIDER_LIMIT_ENV}={requested})")
        else:
            names = ", ".join(f"{e.name} {e.max_concurrency}" for e in members)
            causes.append(f"the entries of {where} allow {by_entries} together (max_concurrency: {names}; raise "
                          "max_concurrency in their [entries.NAME] tables)")
    if capacity >= requested:
        return None
    return f"--concurrency {requested}: at most {capacity} model calls run at once: " + "; ".join(causes)
