"""How each entry's requests ask for JSON: a schema in one of the servers' dialects, JSON mode, or nothing.

Callers put the answer's JSON Schema on the request (`Request.json_schema`); this module decides per
entry (`Entry.structured`) what actually goes on the wire. The modes:

- `json_schema`: `response_format` `json_schema` (OpenAI, llama.cpp's llama-server, vLLM, Ollama's
  `/v1`, LM Studio, SGLang; Anthropic's forced tool and Gemini's `response_json_schema` too);
- `json_object+schema`: `response_format={"type": "json_object", "schema": ...}` (llama-cpp-python's
  server, which answers `json_schema` with HTTP 500; llama-server takes it as well);
- `guided_json`: the schema as the top-level `guided_json` field (vLLM before 0.12);
- `prompt`: no `response_format`; the schema is written into the last user message;
- `json_object`: JSON mode only, the schema dropped; `off`: neither.

The wire shape of the first three is the adapter's business (`Request.schema_dialect`); an adapter
lists the dialects it can send in an optional `schema_dialects` member (default: `json_schema` when it
declares `structured_outputs = True`). `auto` (the default) walks a ladder that keeps the constraint:
the adapter's schema dialects in the order above (`guided_json` only when pinned), then `prompt`. A
server that refuses the answer format (any HTTP status, 500 included, whose message names
response_format, json_schema, schema, grammar, ...) is asked again at once one rung lower; what works
is remembered per entry for the life of the client (and `remember` pins what a probe found), so later
calls go straight to it. An adapter without structured outputs starts `auto` at `json_object`.
"""

from __future__ import annotations

import json
from typing import Literal, get_args

from arena.entries import Entry, StructuredSetting
from arena.providers.base import Adapter, CallFailure
from arena.providers.messages import Request, SchemaDialect, TextPart

Mode = Literal["json_schema", "json_object+schema", "guided_json", "prompt", "json_object", "off"]
SCHEMA_DIALECTS: tuple[SchemaDialect, ...] = get_args(SchemaDialect)
AUTO_DIALECTS: tuple[SchemaDialect, ...] = ("json_schema", "json_object+schema")  # guided_json: pin it
REJECTION_MARKERS = ("response_format", "json_schema", "schema", "tool_choice", "tools", "grammar",
                     "response_mime_type", "responsemimetype", "json mode", "json_object", "guided_json")
# Which servers take each mode, as their docs say (docs/adding-a-model.md has each request shape)
SPOKEN_BY: dict[str, str] = {
    "json_schema": "OpenAI, llama.cpp's llama-server, vLLM, Ollama's /v1, LM Studio, SGLang",
    "json_object+schema": "llama-cpp-python's server (and llama-server)",
    "guided_json": "vLLM before 0.12",
    "prompt": "any server (the schema is written into the prompt)",
    "json_object": "servers with JSON mode (no schema)",
    "off": "any server (no constraint)",
}
PROMPT_SCHEMA_NOTE = "Your answer must be one JSON object that matches this JSON Schema:"


def supports_schema(adapter: Adapter) -> bool:
    return bool(getattr(adapter, "structured_outputs", False))


def adapter_dialects(adapter: Adapter) -> tuple[SchemaDialect, ...]:
    """The schema dialects `adapter` can put on the wire (its `schema_dialects`, else json_schema or none)."""
    declared = getattr(adapter, "schema_dialects", None)
    if declared is not None:
        return tuple(d for d in declared if d in SCHEMA_DIALECTS)
    return ("json_schema",) if supports_schema(adapter) else ()


def ladder(adapter: Adapter) -> tuple[Mode, ...]:
    """The modes `auto` tries for `adapter`, best first; each keeps the answer's schema."""
    if not supports_schema(adapter):
        return ("json_object", "off")
    dialects = adapter_dialects(adapter)
    return (*(d for d in AUTO_DIALECTS if d in dialects), "prompt")


def schema_text(schema: dict[str, object]) -> str:
    return f"{PROMPT_SCHEMA_NOTE}\n```json\n{json.dumps(schema, sort_keys=True)}\n```"


def with_schema_in_prompt(request: Request, schema: dict[str, object]) -> Request:
    """`request` with the schema written at the end of its last user message."""
    messages = list(request.messages)
    last = max(i for i, m in enumerate(messages) if m.role == "user")
    parts = [*messages[last].parts, TextPart(text=schema_text(schema))]
    messages[last] = messages[last].model_copy(update={"parts": parts})
    return request.model_copy(update={"messages": messages})


def shape(request: Request, mode: Mode) -> Request:
    """`request` as sent in `mode` (unchanged when it already fits)."""
    schema = request.json_schema
    if schema is None:
        if mode == "off" and request.json_mode:
            return request.model_copy(update={"json_mode": False})
        return request
    if mode in SCHEMA_DIALECTS:
        dialect = None if mode == "json_schema" else mode  # None: the adapter's default shape, old cache keys
        return request.model_copy(update={"schema_dialect": dialect, "json_mode": True})
    if mode == "prompt":
        return with_schema_in_prompt(request, schema).model_copy(
            update={"json_schema": None, "json_mode": False, "schema_dialect": None})
    return request.model_copy(update={"json_schema": None, "json_mode": mode == "json_object",
                                      "schema_dialect": None})


def mode_of(request: Request) -> Mode:
    """The mode a shaped request was sent in (as far as the request shows it)."""
    if request.json_schema is not None:
        return request.schema_dialect or "json_schema"
    if request.json_mode:
        return "json_object"
    last = next(m for m in reversed(request.messages) if m.role == "user")
    return "prompt" if PROMPT_SCHEMA_NOTE in last.text else "off"


def is_rejection(failure: CallFailure) -> bool:
    """A server's answer (any HTTP error status, 500 included) whose message blames the answer format."""
    if failure.http_status is None or failure.http_status < 400 or failure.http_status == 429:
        return False
    lowered = f"{failure.message}\n{failure.body or ''}".lower()
    return any(marker in lowered for marker in REJECTION_MARKERS)


class StructuredModes:
    """The mode each entry's calls use now, with `auto`'s remembered step-downs and probe results."""

    def __init__(self) -> None:
        self._fallen: dict[str, Mode] = {}

    def mode(self, entry: Entry, adapter: Adapter) -> Mode:
        setting: StructuredSetting = entry.structured
        if setting != "auto":
            return setting
        return self._fallen.get(entry.entry_id, ladder(adapter)[0])

    def apply(self, entry: Entry, adapter: Adapter, request: Request) -> Request:
        return shape(request, self.mode(entry, adapter))

    def remember(self, entry: Entry, mode: Mode) -> None:
        """Use `mode` for an `auto` entry's later calls (what `arena models check` found works)."""
        if entry.structured == "auto":
            self._fallen[entry.entry_id] = mode

    def step_down(self, entry: Entry, adapter: Adapter, request: Request, failure: CallFailure) -> Request | None:
        """For an `auto` entry whose server refused the answer format of `request` (already shaped): the original
        request one rung lower (remembered for the entry), else None (not a refusal, or no rung left)."""
        if entry.structured != "auto" or not is_rejection(failure):
            return None
        if request.json_schema is None and request.json_mode and supports_schema(adapter):
            return request.model_copy(update={"json_mode": False})  # a schemaless JSON-mode request: once
        rungs = ladder(adapter)
        current = mode_of(request)
        if current not in rungs or current == rungs[-1]:
            return None
        lower = rungs[rungs.index(current) + 1]
        self._fallen[entry.entry_id] = lower
        if request.json_schema is not None:  # a schema mode: the next rung keeps the schema
            return shape(request, lower)
        return request.model_copy(update={"json_mode": False})  # json_object -> off

    def fallen(self) -> dict[str, Mode]:
        """entry id -> the mode `auto` stepped down to, or that a probe found (for reports)."""
        return dict(self._fallen)

