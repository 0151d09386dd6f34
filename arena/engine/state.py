"""The game state: an immutable value. Transitions (`transitions.py`) return new states.

`ScriptFacts` holds what the engine derives once from the script (factions, location clue queues,
unlock schedule); `GameState` holds everything that changes. Both are frozen dataclasses of
tuples, so a state can be shared, compared and kept in a history without copying.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from arena.engine.actions import Decision, Phase, Status
from arena.engine.events import Outcome
from arena.engine.rules import ENGINE_VERSION, GameConfig
from arena.engine.stages import StagePlan, stage_of_clues, stage_plans
from arena.engine.victims import VictimPlan, victim_plans
from arena.engine.views import ClueView, RoleView, clue_view
from arena.frozen import Memoised
from arena.scripts.schema import Script, Visibility

Faction = Literal["civilians", "murderer"]
GameStatus = Literal["running", "finished", "aborted"]


class Seating(BaseModel):
    """Which entry plays the civilian roles and which plays the culprit role(s)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    civilians: str
    murderer: str

    def entry_for(self, faction: Faction) -> str:
        return self.civilians if faction == "civilians" else self.murderer


LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def quote_words(text: str) -> str:
    """Words as one JSON string on one line: JSON escapes control characters, and the Unicode line and
    paragraph separators (which JSON leaves raw) are escaped too, so quoted words never start a new line."""
    return json.dumps(text, ensure_ascii=False).translate(LINE_BREAKS)


class Line(Memoised):
    """One public line of the transcript: who said what, when. Text is already cleaned and cut."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    MEMOS: ClassVar[tuple[str, ...]] = ("json_text",)

    phase: Phase
    round: int
    speaker: str
    speaker_name: str
    kind: Literal["introduction", "speech", "question", "answer", "reasoning", "vote", "clue"]
    text: str
    target: str | None = None

    @cached_property
    def json_text(self) -> str:
        """`model_dump_json()`, once per line: the transcript only grows, and every observation lists it."""
        return self.model_dump_json()

    def quoted(self) -> str:
        """The line as other agents see it: attributed, and the words in quotes on one line."""
        to = f" to {self.target}" if self.target else ""
        prefix = f"[{self.phase.value} r{self.round}]" if self.phase is Phase.DISCUSSION else f"[{self.phase.value}]"
        if self.kind == "clue":
            return f"{prefix} clue revealed: {self.text}"
        words = quote_words(self.text)
        return f"{prefix} {self.speaker_name} ({self.speaker}) {self.kind}{to}: {words}"


def culprit_roles(script: Script) -> frozenset[str]:
    """The murderer faction: roles marked `culprit`, listed in `culprits` or in `truth.culprits`."""
    named = set(script.culprit_ids) | set(script.truth.culprits) | set(script.culprits)
    return frozenset(named & set(script.role_ids))


def staged_visibility(visibility: Visibility, stage: int) -> Visibility:
    """A public clue of a later stage is seen only once revealed, like an unlocked clue."""
    return Visibility.UNLOCKED if visibility is Visibility.PUBLIC and stage > 0 else visibility


@dataclass(frozen=True)
class ScriptFacts:
    """What the engine needs from the script, derived once per game."""

    role_ids: tuple[str, ...]
    names: dict[str, str]
    culprits: frozenset[str]
    location_ids: tuple[str, ...]
    location_clues: dict[str, tuple[str, ...]]
    unlocks: dict[int, tuple[str, ...]]
    folder: str | None
    role_views: tuple[RoleView, ...]
    clue_views: tuple[tuple[ClueView, Visibility, str | None], ...]
    stages: tuple[StagePlan, ...] = ()
    stage_of: dict[str, int] = field(default_factory=dict)  # clue id -> stage that makes it available
    victims: tuple[VictimPlan, ...] = ()
    key_clues: frozenset[str] = frozenset()

    @classmethod
    def of(cls, script: Script, rounds: int) -> ScriptFacts:
        location_clues: dict[str, tuple[str, ...]] = {}
        unlocks: dict[int, tuple[str, ...]] = {}
        for clue in script.clues:
            if clue.visibility is Visibility.LOCATION and clue.location:
                location_clues[clue.location] = (*location_clues.get(clue.location, ()), clue.id)
            elif clue.visibility is Visibility.UNLOCKED:
                at = min(clue.unlock_round or 1, rounds)
                unlocks[at] = (*unlocks.get(at, ()), clue.id)
        stages = stage_plans(script, rounds)
        stage_of = stage_of_clues(stages)
        return cls(
            role_ids=tuple(script.role_ids),
            names={role.id: role.name for role in script.roles},
            culprits=culprit_roles(script),
            location_ids=tuple(loc.id for loc in script.locations),
            location_clues=location_clues,
            unlocks=unlocks,
            folder=str(script.folder) if script.folder is not None else None,
            role_views=tuple(RoleView(id=r.id, name=r.name, profile=r.profile) for r in script.roles),
            clue_views=tuple((clue_view(c), staged_visibility(c.visibility, stage_of.get(c.id, 0)), c.holder)
                             for c in script.clues),
            stages=stages, stage_of=stage_of, victims=victim_plans(script),
            key_clues=frozenset(c.id for c in script.clues if c.key),
        )

    def faction(self, role_id: str) -> Faction:
        return "murderer" if role_id in self.culprits else "civilians"


@dataclass(frozen=True)
class PendingQuestion:
    asker: str
    target: str
    question: str


@dataclass(frozen=True)
class GameState:
    """Everything about one game at one moment. `queue[0]` is the next role to act in the phase."""

    script: Script = field(repr=False, compare=False)
    facts: ScriptFacts = field(repr=False)
    config: GameConfig
    seed: int
    seating: Seating
    order: tuple[str, ...]
    phase: Phase = Phase.INITIALIZATION
    round: int = 0
    queue: tuple[str, ...] = ()
    pending: PendingQuestion | None = None
    revealed: tuple[str, ...] = ()
    transcript: tuple[Line, ...] = ()
    reasonings: tuple[tuple[str, str | None, str, str], ...] = ()
    votes: tuple[tuple[str, str | None], ...] = ()
    forfeits: tuple[tuple[str, Status], ...] = ()
    steps: int = 0
    status: GameStatus = "running"
    outcome: Outcome | None = None
    engine_version: int = ENGINE_VERSION
    stages_begun: int = 0

    def evolve(self, **changes: object) -> GameState:
        return replace(self, **changes)  # type: ignore[arg-type]

    @property
    def voters(self) -> tuple[str, ...]:
        if self.config.murderer_may_vote:
            return self.order
        return tuple(r for r in self.order if r not in self.facts.culprits)

    @cached_property
    def decision(self) -> Decision | None:
        """Who must act now, with the legal choices (None once the game is over): derived from this state by
        the rules in `arena.engine.transitions` and computed once per state, like `unrevealed`."""
        from arena.engine.transitions import next_decision  # the rules import this module

        return next_decision(self)

    @cached_property
    def unrevealed(self) -> dict[str, tuple[str, ...]]:
        """Location id -> its unrevealed clue ids, in the script's order (derived, cached per state)."""
        revealed, stage_of, begun = set(self.revealed), self.facts.stage_of, self.stages_begun
        return {loc: tuple(c for c in clues if c not in revealed and stage_of.get(c, 0) < max(begun, 1))
                for loc, clues in self.facts.location_clues.items()}

    def remaining_at(self, location: str) -> tuple[str, ...]:
        """Unrevealed clue ids at `location`, in the script's order."""
        return self.unrevealed.get(location, ())

    def planned_decisions(self, faction: Faction) -> int:
        """Decisions a faction makes in a full game, answers excluded (they depend on play)."""
        roles = [r for r in self.order if self.facts.faction(r) == faction]
        voters = [r for r in self.voters if self.facts.faction(r) == faction]
        return len(roles) * (2 + self.config.rounds) + len(voters) * max(1, len(self.facts.victims))

    def forfeits_of(self, faction: Faction) -> int:
        return sum(1 for role, _ in self.forfeits if self.facts.faction(role) == faction)
