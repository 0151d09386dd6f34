"""What one role may know: `observe(state, role)` is the only way game information reaches an agent.

A role sees the rules, the public case (briefing, victim, every role's public profile, the
locations), its own private material (script, goals, private clues), the clues that are public or
have been revealed, the public transcript so far and, when it must act, the decision it faces.
It never sees another role's script or private clues, the truth, or unrevealed clues.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field
from pydantic_core import to_json

from arena.engine.actions import Decision, Phase
from arena.engine.rules import GameConfig, rules_text
from arena.engine.stages import role_script
from arena.engine.state import GameState, Line
from arena.engine.transitions import pending_decision
from arena.engine.views import ClueView, LocationView, RoleView, View
from arena.scripts.schema import Visibility


class Observation(View):
    """Everything one role knows at one moment, and what it must do now (`decision`)."""

    role: str
    name: str
    faction: Literal["civilians", "murderer"]
    rules: str
    script_id: str
    title: str
    briefing: str
    victim: str
    profile: str
    script: str
    goals: list[str]
    roles: list[RoleView]
    locations: list[LocationView]
    clues: list[ClueView]
    transcript: list[Line]
    phase: Phase
    round: int
    rounds: int
    decision: Decision | None = Field(default=None, description="set when this role must act now")
    error_note: str | None = Field(default=None, description="why the previous answer was rejected")
    folder: str | None = Field(default=None, description="the script folder; image paths are relative to it")
    language: str = Field(default="en", description="the case's language (BCP 47 code, e.g. `en`, `zh`)")

    def image_path(self, clue: ClueView) -> Path | None:
        if clue.image is None:
            return None
        return Path(self.folder or ".") / clue.image

    def transcript_text(self) -> str:
        """The transcript as attributed, quoted lines, one per line."""
        return "\n".join(line.quoted() for line in self.transcript)

    def fingerprint(self) -> str:
        """A hash of what the agent saw (independent of where the script folder lives): the sha256 of
        `fingerprint_json()`, resumed from the hash of the role's fixed text (hashed once per role)."""
        _, state = _head(*self._head_values())
        digest = state.copy()
        digest.update(self._rest_json().encode("utf-8"))
        return digest.hexdigest()

    def fingerprint_json(self) -> str:
        """`model_dump_json` without `folder` (and without `language` when English, so English games keep
        their hashes), byte for byte, assembled from JSON kept between decisions: the role's fixed text
        once per role, each view and transcript line once (see `View.json_text`, `Line.json_text`)."""
        return _head(*self._head_values())[0] + self._rest_json()

    def _head_values(self) -> tuple[str | tuple[str, ...], ...]:
        return (self.role, self.name, self.faction, self.rules, self.script_id, self.title, self.briefing,
                self.victim, self.profile, self.script, tuple(self.goals))

    def _rest_json(self) -> str:
        lists = ",".join(f'"{name}":[{",".join([item.json_text for item in items])}]' for name, items in (
            ("roles", self.roles), ("locations", self.locations), ("clues", self.clues),
            ("transcript", self.transcript)))
        decision = "null" if self.decision is None else to_json(self.decision).decode()
        note = "null" if self.error_note is None else to_json(self.error_note).decode()
        language = "" if self.language == "en" else f',"language":{to_json(self.language).decode()}'
        return (f'{lists},"phase":{to_json(self.phase).decode()},"round":{self.round},'
                f'"rounds":{self.rounds},"decision":{decision},"error_note":{note}{language}}}')


FINGERPRINT_FIELDS = ("role", "name", "faction", "rules", "script_id", "title", "briefing", "victim", "profile",
                      "script", "goals", "roles", "locations", "clues", "transcript", "phase", "round", "rounds",
                      "decision", "error_note", "language")
"""The order `fingerprint_json` writes (the model's field order, `folder` left out): a test holds them equal."""


@lru_cache(maxsize=1024)
def _head(*values: str | tuple[str, ...]) -> tuple[str, Any]:
    """The JSON up to `roles` (the fields that stay the same for a role over a game, but for the script
    by stage) and the sha256 state over it: each decision hashes only the rest."""
    text = "{" + ",".join(f'"{name}":{to_json(list(v) if isinstance(v, tuple) else v).decode()}'
                          for name, v in zip(FINGERPRINT_FIELDS, values, strict=False)) + ","
    return text, hashlib.sha256(text.encode("utf-8"))


def visible_clues(state: GameState, role_id: str) -> list[ClueView]:
    """Public clues, this role's private clues and the revealed clues, in script order; with the
    `key_clues_given` ablation, every key clue too for a civilian role."""
    revealed = set(state.revealed)
    given = state.facts.key_clues if state.config.key_clues_given and \
        state.facts.faction(role_id) == "civilians" else frozenset()
    views = []
    for view, visibility, holder in state.facts.clue_views:
        if visibility is Visibility.PUBLIC or (visibility is Visibility.PRIVATE and holder == role_id) \
                or (visibility is not Visibility.PRIVATE and view.id in revealed) or view.id in given:
            views.append(view)
    return views


@lru_cache(maxsize=4096)
def _location_view(location_id: str, name: str, description: str, left: int) -> LocationView:
    return LocationView(id=location_id, name=name, description=description, clues_left=left)


@lru_cache(maxsize=64)
def _rules(config: GameConfig) -> str:
    return rules_text(config)


def observe(state: GameState, role_id: str) -> Observation:
    """The observation of `role_id`; its `decision` is set only if this role must act now."""
    script = state.script
    role = script.role(role_id)
    decision = pending_decision(state)
    # Built without validating again: every value comes from the validated script and game state.
    return Observation.model_construct(
        role=role.id, name=role.name, faction=state.facts.faction(role.id), rules=_rules(state.config),
        script_id=script.id, title=script.title, briefing=script.briefing, victim=script.victim,
        profile=role.profile, script=role_script(role.script, state.facts.stages, state.stages_begun, role.id),
        goals=list(role.goals), roles=list(state.facts.role_views),
        locations=[_location_view(loc.id, loc.name, loc.description, len(state.remaining_at(loc.id)))
                   for loc in script.locations],
        clues=visible_clues(state, role.id), transcript=list(state.transcript), phase=state.phase,
        round=state.round, rounds=state.config.rounds,
        decision=decision if decision is not None and decision.role == role.id else None,
        folder=state.facts.folder, language=script.language,
    )
