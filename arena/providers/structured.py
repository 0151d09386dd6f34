"""How each entry's requests ask for JSON: a schema, a JSON object, or nothing (`Entry.structured`).

Callers put the answer's JSON Schema on the request (`Request.json_schema`); this module decides per
entry what actually goes on the wire:

- `json_schema`: always the schema (a server that rejects it fails the call);
- `json_object`: JSON mode only, the schema dropped;
- `off`: neither (the prompt alone says what to answer);
- `auto` (default): the schema when the adapter declares `structured_outputs = True`, else JSON
  mode; when a server rejects the schema (HTTP 400 naming response_format, schema or tools) the
  call is retried at once with JSON mode, and if that is rejected too, with neither. The step down
  is remembered per entry for the life of the client, so later calls go straight to what works.
"""

from __future__ import annotations

from typing import Literal

from arena.entries import Entry
from arena.providers.base import Adapter, CallFailure
from arena.providers.messages import Request

Mode = Literal["json_schema", "json_object", "off"]
LADDER: tuple[Mode, ...] = ("json_schema", "json_object", "off")
REJECTION_MARKERS = ("response_format", "json_schema", "schema", "tool_choice", "tools", "grammar",
                     "response_mime_type", "responsemimetype", "json mode")


def supports_schema(adapter: Adapter) -> bool:
    return bool(getattr(adapter, "structured_outputs", False))


def shape(request: Request, mode: Mode) -> Request:
    """`request` as sent in `mode` (unchanged when it already fits)."""
    if mode == "json_schema" or (request.json_schema is None and (mode == "json_object" or not request.json_mode)):
        return request
    if mode == "json_object":
        return request.model_copy(update={"json_schema": None, "json_mode": True})
    return request.model_copy(update={"json_schema": None, "json_mode": False})


def is_rejection(failure: CallFailure) -> bool:
    """A 400 (or 422) whose message blames the structured-output parameters."""
    if failure.http_status not in (400, 422):
        return False
    lowered = f"{failure.message}\n{failure.body or ''}".lower()
    return any(marker in lowered for marker in REJECTION_MARKERS)


class StructuredModes:
    """The mode each entry's calls use now, with `auto`'s remembered step-downs."""

    def __init__(self) -> None:
        self._fallen: dict[str, Mode] = {}

    def mode(self, entry: Entry, adapter: Adapter) -> Mode:
        if entry.structured != "auto":
            return entry.structured
        start: Mode = "json_schema" if supports_schema(adapter) else "json_object"
        return self._fallen.get(entry.entry_id, start)

    def apply(self, entry: Entry, adapter: Adapter, request: Request) -> Request:
        return shape(request, self.mode(entry, adapter))

    def step_down(self, entry: Entry, request: Request, failure: CallFailure) -> Request | None:
        """For an `auto` entry whose server rejected `request`'s JSON settings: the request one step down
        (remembered for the entry), else None (not a rejection, or nothing left to drop)."""
        if entry.structured != "auto" or not is_rejection(failure):
            return None
        current: Mode = "json_schema" if request.json_schema is not None else (
            "json_object" if request.json_mode else "off")
        if current == "off":
            return None
        lower = LADDER[LADDER.index(current) + 1]
        self._fallen[entry.entry_id] = lower
        return shape(request, lower)

    def fallen(self) -> dict[str, Mode]:
        """entry id -> the mode `auto` stepped down to (for reports)."""
        return dict(self._fallen)
