"""A stored event log as a readable transcript: seating, phases of attributed turns, usage, outcome.

Pure functions over the `events` rows (seq, type, role, payload), so the replay page only lays
out what this module builds. Every turn keeps its full text, the speaker's role and faction, the
question it asks or answers and the clue it revealed, and apart from the text the private reasoning a
`cot` model gave with that answer (from its `agent_call`; older logs have none); `knowledge` says
which role knew which clue after a given turn. Agents' words stay plain strings here; the page
escapes them (no markdown or HTML from an agent is ever rendered).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

RAW_SHOWN = 300


@dataclass(frozen=True)
class Line:
    """One row of the transcript; `clue_id` is set on clue reveals, `status` on forfeits and failures."""

    speaker: str
    action: str
    target: str
    text: str
    status: str = ""
    clue_id: str | None = None
    role: str | None = None
    faction: str = ""
    question: str = ""
    kind: str = ""
    reasoning: str = ""  # the speaker's private reasoning for this turn (strategy `cot`), never its speech


@dataclass
class Section:
    phase: str
    round: int
    lines: list[Line] = field(default_factory=list)

    @property
    def title(self) -> str:
        name = self.phase.capitalize()
        return f"{name} (round {self.round})" if self.phase == "discussion" else name


@dataclass
class Transcript:
    started: dict[str, Any] = field(default_factory=dict)
    seating: dict[str, Any] = field(default_factory=dict)
    sections: list[Section] = field(default_factory=list)
    usage: dict[str, dict[str, float]] = field(default_factory=dict)
    outcome: dict[str, Any] | None = None
    ended_status: str | None = None
    places: Mapping[str, str] = field(default_factory=dict)  # location id -> name, from the case when installed
    clues: Mapping[str, str] = field(default_factory=dict)  # clue id -> title

    def place(self, location: str | None) -> str:
        """A location's name (its id when the case is not installed here)."""
        return self.places.get(location or "", location or "")

    def who(self, role: str | None) -> str:
        """`Name (role)`, marked when the role belongs to the murderer faction."""
        if not role:
            return ""
        name = self.seating.get("roles", {}).get(role, role)
        mark = " [murderer]" if self.seating.get("factions", {}).get(role) == "murderer" else ""
        return f"{name} ({role}){mark}"

    def add(self, line: Line) -> None:
        if not self.sections:
            self.sections.append(Section("setup", 0))
        self.sections[-1].lines.append(line)

    @property
    def statuses(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for section in self.sections:
            for line in section.lines:
                if line.status:
                    counts[line.status] = counts.get(line.status, 0) + 1
        return counts


def payload_of(row: Mapping[str, Any]) -> dict[str, Any]:
    payload = row.get("payload") or {}
    return json.loads(payload) if isinstance(payload, str) else dict(payload)


def marks(p: Mapping[str, Any]) -> str:
    """The status a line carries: a forfeit status, else 'truncated' when the text was cut."""
    return str(p.get("forfeit") or ("truncated" if p.get("truncated") else ""))


def action_line(t: Transcript, role: str | None, p: Mapping[str, Any]) -> Line:
    kind = str(p.get("action", ""))
    speech = str(p.get("speech") or "")
    if kind == "ask":
        return Line(t.who(role), "asks", t.who(p.get("target")), speech, marks(p),
                    question=str(p.get("question") or ""))
    if kind == "investigate":
        return Line(t.who(role), "investigates", t.place(p.get("location")), speech, marks(p))
    return Line(t.who(role), kind or "pass", "", speech, marks(p))


def attributed(t: Transcript, line: Line, kind: str, role: str | None) -> Line:
    """The line with its event kind, the acting role and that role's faction."""
    who = role if kind != "clue_revealed" else None
    faction = str(t.seating.get("factions", {}).get(who, "")) if who else ""
    return replace(line, kind=kind, role=who, faction=faction)


def line_for(t: Transcript, kind: str, role: str | None, p: Mapping[str, Any]) -> Line | None:  # noqa: PLR0911
    if kind == "utterance":
        return Line(t.who(role), str(p.get("kind", "introduction")), "", str(p.get("text") or ""), marks(p))
    if kind == "action":
        return action_line(t, role, p)
    if kind == "answer":
        return Line(t.who(role), "answers", t.who(p.get("asker")), str(p.get("text") or ""), marks(p),
                    question=str(p.get("question") or ""))
    if kind == "clue_revealed":
        where = f" at {t.place(p['location'])}" if p.get("location") else ""
        clue = str(p.get("clue_id", ""))
        title = str(p.get("title", "")) or t.clues.get(clue, clue)
        return Line(t.who(p.get("by")) or "(game)", f"clue revealed ({p.get('reason', '')}{where})",
                    title, "", clue_id=clue)
    if kind == "reasoning":
        text = f"Method: {p.get('method') or ''}\nMotive: {p.get('motive') or ''}"
        return Line(t.who(role), "suspects", t.who(p.get("suspect")) or "nobody", text, marks(p))
    if kind == "vote":
        return Line(t.who(role), "votes", t.who(p.get("target")) or "abstains", "", marks(p))
    if kind == "invalid_output":
        raw = str(p.get("raw") or "")
        text = f"{p.get('message', '')}\nraw: {raw[:RAW_SHOWN]}{'...' if len(raw) > RAW_SHOWN else ''}"
        final = ", final" if p.get("final") else ""
        label = f"invalid {p.get('decision', '')} (attempt {p.get('attempt', '?')}{final})"
        return Line(t.who(role), label, "", text, str(p.get("status") or "invalid"))
    return None


def add_usage(t: Transcript, role: str | None, p: Mapping[str, Any]) -> None:
    """Calls, failures, tokens and cost per role as the log has them (wall-clock time is telemetry, kept in
    `agent_calls`, not in the log)."""
    usage = t.usage.setdefault(t.who(role) or "?", {"calls": 0, "failed": 0, "input_tokens": 0,
                                                   "output_tokens": 0, "cost_usd": 0.0})
    usage["calls"] += 1
    usage["failed"] += p.get("status") != "ok"
    usage["input_tokens"] += p.get("input_tokens") or 0
    usage["output_tokens"] += p.get("output_tokens") or 0
    usage["cost_usd"] += p.get("cost_usd") or 0.0


def with_reasoning(line: Line, pending: dict[str, list[str]]) -> Line:
    """The line with the private reasoning its speaker's last call gave, if any (a call's events follow it:
    its invalid output or the engine's lines, so each reasoning goes to the next line of that role)."""
    queued = pending.get(line.role or "") if line.kind != "clue_revealed" else None
    return replace(line, reasoning=queued.pop(0)) if queued else line


def build_transcript(rows: Iterable[Mapping[str, Any]], places: Mapping[str, str] | None = None,
                     clues: Mapping[str, str] | None = None) -> Transcript:
    """The transcript of one game's event rows (in `seq` order); `places` and `clues` name the case's location
    and clue ids, so no line reads as an id."""
    t = Transcript(places=dict(places or {}), clues=dict(clues or {}))
    pending: dict[str, list[str]] = {}
    for row in rows:
        kind, role, p = str(row["type"]), row.get("role"), payload_of(row)
        if kind == "game_started":
            t.started = p
        elif kind == "seating":
            t.seating = p
        elif kind == "phase_started":
            t.sections.append(Section(str(p.get("phase", "")), int(p.get("round") or 0)))
        elif kind == "agent_call":
            add_usage(t, role, p)
            if p.get("reasoning") and role:
                pending.setdefault(str(role), []).append(str(p["reasoning"]))
        elif kind == "game_ended":
            t.outcome, t.ended_status = dict(p.get("outcome") or {}), str(p.get("status", ""))
        elif (line := line_for(t, kind, role, p)) is not None:
            t.add(with_reasoning(attributed(t, line, kind, role), pending))
    return t


def seating_rows(t: Transcript, names: Mapping[str, str]) -> list[dict[str, str]]:
    """Role, name, faction and the entry playing it, in seating order."""
    seating = t.seating
    entries = {"civilians": seating.get("civilians", ""), "murderer": seating.get("murderer", "")}
    rows = []
    for role in seating.get("order") or list(seating.get("roles", {})):
        faction = seating.get("factions", {}).get(role, "")
        entry = entries.get(faction, "")
        rows.append({"role": role, "name": seating.get("roles", {}).get(role, role), "faction": faction,
                     "entry": names.get(entry, entry)})
    return rows


def turns(t: Transcript) -> list[tuple[str, Line]]:
    """Every line with its section title, in order: turn n is `turns(t)[n - 1]`."""
    return [(section.title, line) for section in t.sections for line in section.lines]


def knowledge(t: Transcript, clues: Iterable[tuple[str, str, str, str | None]], upto: int) -> dict[str, set[str]]:
    """Clue id -> the roles that knew it after turn `upto`.

    `clues` are (id, title, visibility, holder) from the case: public clues are known to every role
    from the start, private ones to their holder; a location or unlocked clue to everyone once
    revealed. Without the case (`clues` empty) only the revealed clues are listed.
    """
    roles = list(t.seating.get("order") or t.seating.get("roles", {}))
    known: dict[str, set[str]] = {}
    for clue_id, _, visibility, holder in clues:
        if visibility == "public":
            known[clue_id] = set(roles)
        elif visibility == "private":
            known[clue_id] = {holder} if holder else set()
        else:
            known[clue_id] = set()
    for _, line in turns(t)[:upto]:
        if line.clue_id:
            known[line.clue_id] = set(roles)
    return known
