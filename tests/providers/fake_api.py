"""A loopback HTTP server speaking the wire formats of the OpenAI, Anthropic and Gemini APIs.

Tests point the real SDK clients at it via base_url. Replies are scripted per test (status, headers,
body, or a hang that waits on an Event the test never sets); every request is recorded. When no
scripted reply is left, an optional `responder(recorded) -> Reply` answers (`player_responder` plays
a legal game action read from the decision block of the last user turn, in each API's wire shape).
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from arena.providers.mock import player_action, read_decision


@dataclass
class Reply:
    status: int = 200
    body: Any = None  # dict -> JSON; bytes -> sent as is; None -> the default success body for the path
    headers: dict[str, str] = field(default_factory=dict)
    hang: bool = False


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: Any


def openai_ok(text: str = "hello from openai", finish: str = "stop") -> dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1700000000, "model": "gpt-4o-2024-08-06",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": finish}],
            "usage": {"prompt_tokens": 1000, "completion_tokens": 200, "total_tokens": 1200,
                      "prompt_tokens_details": {"cached_tokens": 400}}}


def anthropic_ok(text: str = "hello from claude", stop: str = "end_turn") -> dict[str, Any]:
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-3-5-sonnet-20241022",
            "content": [{"type": "text", "text": text}], "stop_reason": stop, "stop_sequence": None,
            "usage": {"input_tokens": 300, "output_tokens": 50, "cache_read_input_tokens": 600,
                      "cache_creation_input_tokens": 100}}


def gemini_ok(text: str = "hello from gemini", finish: str = "STOP") -> dict[str, Any]:
    return {"candidates": [{"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": finish,
                            "index": 0}],
            "usageMetadata": {"promptTokenCount": 800, "candidatesTokenCount": 100, "thoughtsTokenCount": 20,
                              "totalTokenCount": 920},
            "modelVersion": "gemini-2.0-flash-001"}


def default_body(path: str) -> dict[str, Any]:
    if path.endswith("/chat/completions"):
        return openai_ok()
    if path.endswith("/messages"):
        return anthropic_ok()
    if ":generateContent" in path:
        return gemini_ok()
    return {"error": {"message": f"no such endpoint {path}"}}


def wire_turns(path: str, body: Any) -> list[tuple[str, list[dict[str, Any]]]]:
    """(role, content parts) of each non-system turn, from an OpenAI, Anthropic or Gemini request body."""
    if not isinstance(body, dict):
        return []
    if ":generateContent" in path:
        return [(c.get("role", "user"), c.get("parts", [])) for c in body.get("contents", [])]
    turns = []
    for message in body.get("messages", []):
        content = message.get("content")
        parts = [{"type": "text", "text": content}] if isinstance(content, str) else list(content or [])
        if message.get("role") != "system":
            turns.append((message.get("role", "user"), parts))
    return turns


def last_user_text(path: str, body: Any) -> str:
    """The text of the last user turn of a request body, in any of the three wire shapes."""
    users = [parts for role, parts in wire_turns(path, body) if role == "user"]
    return "\n\n".join(p["text"] for p in (users[-1] if users else []) if isinstance(p.get("text"), str))


def ok_body(path: str, text: str) -> dict[str, Any]:
    """A success body carrying `text` for the API that `path` belongs to."""
    if path.endswith("/chat/completions"):
        return openai_ok(text)
    if path.endswith("/messages"):
        return anthropic_ok(text)
    return gemini_ok(text)


def anthropic_tool_ok(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """An Anthropic reply that calls tool `name` (the answer of a forced tool call)."""
    body = anthropic_ok(stop="tool_use")
    body["content"] = [{"type": "tool_use", "id": "toolu_1", "name": name, "input": arguments}]
    return body


def sent_schema(path: str, body: Any) -> dict[str, Any] | None:
    """The answer schema a request carries in its API's structured-output field, if any."""
    if not isinstance(body, dict):
        return None
    if path.endswith("/chat/completions"):
        response_format = body.get("response_format") or {}
        if response_format.get("type") == "json_object":  # llama-cpp-python's dialect
            return response_format.get("schema")
        return (response_format.get("json_schema") or {}).get("schema") or body.get("guided_json")
    if path.endswith("/messages"):
        forced = (body.get("tool_choice") or {}).get("name")
        return next((t["input_schema"] for t in body.get("tools", []) if t.get("name") == forced), None)
    config = body.get("generationConfig") or {}
    return config.get("responseJsonSchema")


def answer_body(recorded: Recorded, action: dict[str, Any]) -> dict[str, Any]:
    """A success body carrying `action`: a forced tool call's input on Anthropic, else JSON text."""
    if recorded.path.endswith("/messages") and sent_schema(recorded.path, recorded.body) is not None:
        return anthropic_tool_ok(recorded.body["tool_choice"]["name"], action)
    return ok_body(recorded.path, json.dumps(action))


def player_responder(recorded: Recorded) -> Reply:
    """A legal action for the decision in the last user turn, seeded by the request body."""
    spec = read_decision(last_user_text(recorded.path, recorded.body))
    if spec is None:
        return Reply(status=400, body={"error": {"message": "no decision block in the last user turn"}})
    seed = hashlib.sha256(json.dumps(recorded.body, sort_keys=True).encode()).digest()
    return Reply(body=answer_body(recorded, player_action(spec, random.Random(seed))))


def loose_player_responder(prose_share: float) -> Callable[[Recorded], Reply]:
    """A stand-in for a small model that drifts into prose: with an answer schema on the wire it answers
    like `player_responder` (the server's constrained decoding keeps it to the schema); without one it
    answers in prose with no JSON object `prose_share` of the time (seeded by the request body)."""

    def respond(recorded: Recorded) -> Reply:
        seed = hashlib.sha256(json.dumps(recorded.body, sort_keys=True).encode()).digest()
        if sent_schema(recorded.path, recorded.body) is None and random.Random(seed).random() < prose_share:
            return Reply(body=ok_body(recorded.path, "I think we should look at the clues again before deciding."))
        return player_responder(recorded)

    return respond


def schema_instance(schema: dict[str, Any]) -> Any:
    """The first value a grammar built from `schema` allows (enums: their first member), for the schemas that
    the arena sends: objects of enums, strings, nulls and arrays of enums."""
    if "enum" in schema:
        return schema["enum"][0]
    if "anyOf" in schema:
        return schema_instance(schema["anyOf"][0])
    kind = schema.get("type")
    if kind == "object":
        return {key: schema_instance(sub) for key, sub in schema.get("properties", {}).items()}
    if kind == "array":
        items = schema.get("items", {})
        values = items.get("enum", ["x"])
        return values[: max(1, schema.get("minItems", 1))]
    return None if kind == "null" else "x"


# llama-cpp-python's server (0.3.36, `python -m llama_cpp.server --chat_format gemma`, Gemma 3 270M) as observed:
# `response_format` json_schema is refused with HTTP 500 and this body (its pydantic validation error);
LLAMA_CPP_PYTHON_REFUSAL: dict[str, Any] = {"error": {
    "message": "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), "
               "'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema', 'ctx': {'expected': "
               "\"'text' or 'json_object'\"}}\n\n  File \"llama_cpp/server/app.py\", line 376, in "
               "create_chat_completion\n    POST /v1/chat/completions",
    "type": "internal_server_error", "param": None, "code": None}}
LLAMA_CPP_PYTHON_TEMPLATE_TOKENS = 3  # the Gemma turn markers around an empty prompt: 7 tokens seen in all


def llama_cpp_python_responder(recorded: Recorded) -> Reply:
    """llama-cpp-python's server with its Gemma chat format, mirroring what the real one answered: json_schema
    -> the 500 above; `{"type": "json_object", "schema": S}` -> an answer kept to S (a legal action: the server
    compiles S to a grammar); `{"type": "json_object"}` alone or an unknown top-level field (`guided_json`) ->
    no constraint (the real model then answered an unrelated object, or prose); the system message and any
    `content` given as an array of parts are dropped by the template, which `usage.prompt_tokens` shows (7 for
    a user turn of two text parts, 41 for the same text as one string)."""
    body = recorded.body if isinstance(recorded.body, dict) else {}
    response_format = body.get("response_format") or {}
    if response_format.get("type") not in (None, "text", "json_object"):
        return Reply(status=500, body=LLAMA_CPP_PYTHON_REFUSAL)
    kept = [m for m in body.get("messages", []) if m.get("role") != "system"]
    seen = [m["content"] for m in kept if isinstance(m.get("content"), str)]
    tokens = LLAMA_CPP_PYTHON_TEMPLATE_TOKENS + sum(4 + len(text) // 4 for text in seen) + (4 if not seen else 0)
    last_user = next((m for m in reversed(kept) if m.get("role") == "user"), None)
    if last_user is None or not isinstance(last_user.get("content"), str):
        text = "|\n| | | | | | | |"  # what the model made of an empty prompt
    elif response_format.get("type") == "json_object" and "schema" in response_format:
        if read_decision(last_user["content"]) is not None:
            text = player_responder(recorded).body["choices"][0]["message"]["content"]
        else:
            text = json.dumps(schema_instance(response_format["schema"]))
    elif response_format.get("type") == "json_object":
        text = "{}"
    else:
        text = "I think we should look at the clues again before deciding."
    answer = openai_ok(text)
    answer["usage"] = {"prompt_tokens": tokens, "completion_tokens": max(1, len(text) // 4),
                       "total_tokens": tokens + max(1, len(text) // 4)}
    return Reply(body=answer)


class FakeAPI:
    """Start with `FakeAPI()`, script with `.replies.extend([...])`, stop with `.close()`."""

    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.responder: Callable[[Recorded], Reply] | None = None
        self.requests: list[Recorded] = []
        self.release = threading.Event()
        self._lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self.server.daemon_threads = True
        self._thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def count(self, fragment: str = "") -> int:
        with self._lock:
            return sum(1 for r in self.requests if fragment in r.path)

    def last(self) -> Recorded:
        with self._lock:
            return self.requests[-1]

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()

    def _next(self, recorded: Recorded) -> Reply:
        with self._lock:
            self.requests.append(recorded)
            if self.replies:
                return self.replies.pop(0)
            return self.responder(recorded) if self.responder is not None else Reply()

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def do_GET(self) -> None:  # noqa: N802 (http.server naming)
                self._answer(api._next(Recorded("GET", self.path, {k.lower(): v for k, v in self.headers.items()},
                                                None)))

            def do_POST(self) -> None:  # noqa: N802 (http.server naming)
                raw = self.rfile.read(int(self.headers.get("content-length") or 0))
                try:
                    body = json.loads(raw) if raw else None
                except ValueError:
                    body = raw
                self._answer(api._next(Recorded("POST", self.path, {k.lower(): v for k, v in self.headers.items()},
                                                body)))

            def _answer(self, reply: Reply) -> None:
                if reply.hang:
                    api.release.wait()
                    return
                payload = reply.body if reply.body is not None else default_body(self.path)
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        return Handler
