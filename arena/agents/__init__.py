"""Agents: the interface, the async game runner, the agent registry and the built-in offline agents."""

from arena.agents.base import Agent, AgentFailure, AgentReply
from arena.agents.registry import agent_for_entry, make_agent, seat_entries, seat_timeout_s
from arena.agents.runner import GameResult, SeatedAgents, play_game

__all__ = ["Agent", "AgentFailure", "AgentReply", "GameResult", "SeatedAgents", "agent_for_entry", "make_agent",
           "play_game", "seat_entries", "seat_timeout_s"]
