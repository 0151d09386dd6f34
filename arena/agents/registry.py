"""Seating: one path from entries to the agents at the table.

`seat_entries` seats two `arena.entries.Entry`s: built-in entries become built-in agents
(`make_agent("builtin/naive", role_id, seed, **options)`), every other entry becomes a
`ModelAgent` that calls its model through one shared `ModelClient`. The seating names entries by
`entry_id`, which is what the store records. Use `arena.entries.builtin_entry` for a built-in
with options (`builtin_entry("builtin/naive", ocr=False)`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arena.agents.base import Agent
from arena.agents.runner import SeatedAgents
from arena.engine.state import Seating, culprit_roles
from arena.errors import ConfigError
from arena.scripts.schema import Script

if TYPE_CHECKING:
    from arena.entries import Entry
    from arena.providers.client import ModelClient

BUILTIN_MODELS = ("random", "naive")


def _builtin(model: str, role_id: str, seed: int, **settings: Any) -> Agent:
    if model == "random":
        from arena.agents.builtin.random_agent import RandomAgent

        return RandomAgent(role_id, seed, **settings)
    if model == "naive":
        from arena.agents.builtin.naive_agent import NaiveAgent

        return NaiveAgent(role_id, seed, **settings)
    raise ConfigError(f"unknown built-in agent builtin/{model}; known: "
                      f"{', '.join('builtin/' + m for m in BUILTIN_MODELS)}")


def make_agent(name: str, role_id: str, seed: int, **settings: Any) -> Agent:
    """The built-in agent called `name` (`builtin/random`, `builtin/naive`) playing `role_id`; model entries
    are seated by `seat_entries` / `agent_for_entry` with a `ModelClient`."""
    provider, sep, model = name.partition("/")
    if provider != "builtin" or not sep or not model:
        raise ConfigError(f"{name!r} is not a built-in agent (builtin/random or builtin/naive); seat model "
                          "entries with seat_entries and a ModelClient")
    try:
        return _builtin(model, role_id, seed, **settings)
    except TypeError as exc:
        raise ConfigError(f"{name}: bad settings {sorted(settings)} ({exc})") from exc


def agent_for_entry(entry: Entry, role_id: str, seed: int, client: ModelClient | None = None) -> Agent:
    """The agent that plays `role_id` for `entry`; model entries need the shared `client`."""
    if entry.is_builtin:
        return make_agent(entry.model, role_id, seed, **entry.options)
    if client is None:
        raise ConfigError(f"entry {entry.name!r} calls a model: a ModelClient is needed to seat it")
    from arena.agents.model_agent import ModelAgent

    return ModelAgent(entry, role_id, seed, client)


def seat_entries(script: Script, civilians: Entry, murderer: Entry, seed: int,
                 client: ModelClient | None = None) -> SeatedAgents:
    """One agent per role: `murderer` in the culprit roles, `civilians` in the others (seating by entry id)."""
    culprits = culprit_roles(script)
    agents = {role_id: agent_for_entry(murderer if role_id in culprits else civilians, role_id, seed, client)
              for role_id in script.role_ids}
    return SeatedAgents(seating=Seating(civilians=civilians.entry_id, murderer=murderer.entry_id), agents=agents)


def seat_timeout_s(civilians: Entry, murderer: Entry, client: ModelClient | None, floor_s: float) -> float:
    """The runner's per-call timeout for a game of these entries: at least `floor_s`, and never shorter
    than a model entry's whole retry budget in `client` (the client retries; the runner is a safety net)."""
    budgets = [client.call_budget_s(e) for e in (civilians, murderer) if client is not None and not e.is_builtin]
    return max([floor_s, *budgets])
