"""Agents by name: `make_agent("builtin/naive", role_id, seed)` through a dict of factories by provider.

A name is `provider/model`. Each provider prefix maps to one factory called with the model part,
the role, the seed and settings; model adapters register their prefix with `register_agent_factory`.

`seat_entries` seats two `arena.entries.Entry`s: built-in entries become built-in agents, every
other entry becomes a `ModelAgent` that calls its model through one shared `ModelClient`. The
seating names entries by `entry_id`, which is what the store records.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from arena.agents.base import Agent
from arena.agents.runner import SeatedAgents
from arena.engine.state import Seating, culprit_roles
from arena.errors import ConfigError
from arena.scripts.schema import Script

if TYPE_CHECKING:
    from arena.entries import Entry
    from arena.providers.client import ModelClient

AgentFactory = Callable[..., Agent]
"""(model: str, role_id: str, seed: int, **settings) -> Agent"""

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


AGENT_FACTORIES: dict[str, AgentFactory] = {"builtin": _builtin}


def register_agent_factory(provider: str, factory: AgentFactory) -> None:
    """Make `provider/<model>` names resolve through `factory`."""
    AGENT_FACTORIES[provider] = factory


def make_agent(name: str, role_id: str, seed: int, **settings: Any) -> Agent:
    """The agent called `name` (`provider/model`) playing `role_id`."""
    provider, sep, model = name.partition("/")
    if not sep or not model:
        raise ConfigError(f"agent name must look like provider/model (e.g. builtin/random), got {name!r}")
    factory = AGENT_FACTORIES.get(provider)
    if factory is None:
        raise ConfigError(f"no agent provider {provider!r} (known: {', '.join(sorted(AGENT_FACTORIES))})")
    try:
        return factory(model, role_id, seed, **settings)
    except TypeError as exc:
        raise ConfigError(f"{name}: bad settings {sorted(settings)} ({exc})") from exc


def seat_agents(script: Script, civilians: str, murderer: str, seed: int,
                civilian_settings: dict[str, Any] | None = None,
                murderer_settings: dict[str, Any] | None = None) -> SeatedAgents:
    """One agent per role: `murderer` in the culprit roles, `civilians` in all others."""
    culprits = culprit_roles(script)
    agents: dict[str, Agent] = {}
    for role_id in script.role_ids:
        if role_id in culprits:
            agents[role_id] = make_agent(murderer, role_id, seed, **(murderer_settings or {}))
        else:
            agents[role_id] = make_agent(civilians, role_id, seed, **(civilian_settings or {}))
    return SeatedAgents(seating=Seating(civilians=civilians, murderer=murderer), agents=agents)


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
