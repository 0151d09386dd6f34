"""Transcript metrics of a game's civilian entry, read from its event log (WhodunitBench section 5).

The civilian entry plays every civilian role, so "the entry" here is the civilian faction:

- ITD (interrogation decisions, 0-100): key roles that some civilian role questioned (an `ask`
  action targeting it) over the key roles that could be questioned. A key role counts as
  questionable when at least one civilian role other than itself exists (nobody asks themself);
  a key role questioned only by the murderer does not count. No questionable key role: no score.
- SPC (scenario progression, 0-100): key statements surfaced in the civilian roles' discussion
  utterances (speeches, questions and answers of the discussion phase) over the key statements
  the civilian side holds (at least one civilian holder: a fact only the murderer knows is not
  the civilians' to surface). Whether a statement was surfaced is the judge's call.
- RP (role-play, 1-10), per civilian role: everything the role said in public (introduction,
  speeches, questions, answers), judged against the rubric in docs/coe.md; the report averages roles.
- CMD (case detail, 0-100), per civilian role: its reasoning-phase method and motive against the
  truth. A reasoning the player forfeited (or never gave) scores 0 without asking the judge: the
  player failed, not the judge.

This module is pure: events in, items to judge out. `scoring` calls the judges and stores.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from arena.engine.events import (
    EVENT_ADAPTER,
    ActionEvent,
    AnswerEvent,
    EventBase,
    ReasoningEvent,
    SeatingEvent,
    Utterance,
)
from arena.errors import LogError
from arena.scripts.schema import KeyStatement, Script


@dataclass(frozen=True)
class Transcript:
    """A game's events with its seating: who played which side, and each role's name."""

    events: tuple[EventBase, ...]
    seating: SeatingEvent

    @property
    def civilian_roles(self) -> list[str]:
        return [r for r in self.seating.order if self.seating.factions.get(r) == "civilians"]

    def name(self, role: str) -> str:
        return self.seating.roles.get(role, role)


def events_from_rows(rows: Iterable[Any]) -> list[EventBase]:
    """Typed events from stored rows (`EventRow`s or dicts with type, role and payload)."""
    events: list[EventBase] = []
    for row in rows:
        data = row if isinstance(row, dict) else row.model_dump()
        fields = {**data["payload"], "type": data["type"]}
        if data.get("role") is not None:
            fields["role"] = data["role"]
        events.append(EVENT_ADAPTER.validate_python(fields))
    return events


def transcript_from(events: Sequence[EventBase]) -> Transcript:
    seating = next((e for e in events if isinstance(e, SeatingEvent)), None)
    if seating is None:
        raise LogError("the game's events have no seating event; it cannot be attributed to entries")
    return Transcript(tuple(events), seating)


@dataclass(frozen=True)
class ItdResult:
    value: float
    questioned: list[str]
    key_roles: list[str]


def itd(transcript: Transcript, script: Script) -> ItdResult | None:
    """Key roles questioned by civilian roles, x 100 over the questionable key roles (None: none)."""
    civilians = set(transcript.civilian_roles)
    askable = [k for k in script.key_roles if civilians - {k}]
    if not askable:
        return None
    asked = {e.target for e in transcript.events
             if isinstance(e, ActionEvent) and e.action == "ask" and e.role in civilians and e.target != e.role}
    questioned = [k for k in askable if k in asked]
    return ItdResult(100.0 * len(questioned) / len(askable), questioned, askable)


def civilian_statements(transcript: Transcript, script: Script) -> list[KeyStatement]:
    civilians = set(transcript.civilian_roles)
    return [k for k in script.key_statements if civilians & set(k.holders)]


def discussion_lines(transcript: Transcript, roles: Iterable[str]) -> list[tuple[str, str]]:
    """(role, text) of the roles' speeches, questions and answers in the discussion phase."""
    wanted = set(roles)
    lines: list[tuple[str, str]] = []
    for e in transcript.events:
        if isinstance(e, ActionEvent) and e.role in wanted:
            lines += [(e.role, text) for text in (e.speech, e.question) if text and text.strip()]
        elif isinstance(e, AnswerEvent) and e.role in wanted and not e.forfeit and e.text.strip():
            lines.append((e.role, e.text))
    return lines


def public_lines(transcript: Transcript, role: str) -> list[str]:
    """Everything one role said in public, introduction included (the RP material)."""
    intro = [e.text for e in transcript.events
             if isinstance(e, Utterance) and e.role == role and not e.forfeit and e.text.strip()]
    return intro + [text for _, text in discussion_lines(transcript, [role])]


def reasoning_of(transcript: Transcript, role: str) -> ReasoningEvent | None:
    """The role's reasoning statement, or None when it forfeited or never gave one."""
    found = next((e for e in transcript.events if isinstance(e, ReasoningEvent) and e.role == role), None)
    if found is None or found.forfeit or not (found.method.strip() or found.motive.strip()):
        return None
    return found
