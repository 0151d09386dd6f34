"""Provider-neutral model I/O: messages made of text and image parts, a request, and a response.

These pydantic models are the boundary between the arena and every model adapter. Images travel as
raw bytes with their media type and a sha256, so that cache keys and logs can name an image by its
hash instead of carrying its bytes.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Sequence
from functools import cached_property
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, computed_field, field_validator, model_validator

from arena.frozen import Memoised

CallStatus = Literal["ok", "refused_or_blocked", "api_error", "timeout", "context_limit"]
# How a request's JSON Schema goes on the wire (see arena.providers.structured for which server takes which)
SchemaDialect = Literal["json_schema", "json_object+schema", "guided_json"]
CALL_STATUSES: tuple[str, ...] = ("ok", "refused_or_blocked", "api_error", "timeout", "context_limit")

Base64Bytes = Annotated[bytes, PlainSerializer(lambda b: base64.b64encode(b).decode("ascii"), return_type=str)]


class TextPart(BaseModel):
    """A piece of text in a message."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    type: Literal["text"] = "text"
    text: str


class ImagePart(Memoised):
    """An image in a message: its bytes, media type and content hash (computed, never trusted from input)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    MEMOS: ClassVar[tuple[str, ...]] = ("sha256",)
    type: Literal["image"] = "image"
    data: Base64Bytes = Field(repr=False)
    media_type: str

    @model_validator(mode="before")
    @classmethod
    def _drop_serialized_hash(cls, value: Any) -> Any:
        # Dumps carry the computed hash; it is recomputed from the bytes, and a mismatch is corruption.
        if isinstance(value, dict) and "sha256" in value:
            value = dict(value)
            claimed = value.pop("sha256")
            data = value.get("data")
            raw = base64.b64decode(data) if isinstance(data, str) else data
            if isinstance(raw, bytes) and claimed != hashlib.sha256(raw).hexdigest():
                raise ValueError("image sha256 does not match its bytes")
        return value

    @field_validator("data", mode="before")
    @classmethod
    def _decode_base64(cls, value: Any) -> Any:
        # JSON round trips carry the bytes as base64 text.
        if isinstance(value, str):
            return base64.b64decode(value, validate=True)
        return value

    @field_validator("media_type")
    @classmethod
    def _check_media_type(cls, value: str) -> str:
        if not value.startswith("image/"):
            raise ValueError(f"media_type must be an image/* type, got {value!r}")
        return value

    @computed_field  # type: ignore[prop-decorator]
    @cached_property
    def sha256(self) -> str:
        """Hashed once per part (parts are frozen): cache keys name the image by it on every call."""
        return hashlib.sha256(self.data).hexdigest()

    def base64_data(self) -> str:
        """The bytes as base64 text (the Anthropic and Gemini wire shape)."""
        return base64.b64encode(self.data).decode("ascii")

    def data_url(self) -> str:
        """The image as a `data:` URL (the OpenAI wire shape)."""
        return f"data:{self.media_type};base64,{self.base64_data()}"


Part = Annotated[TextPart | ImagePart, Field(discriminator="type")]


class Message(Memoised):
    """One turn. System turns carry text only; user turns may mix text and images.

    `cache_breakpoint` marks the end of a stable prompt prefix (rules, role script, images) so that
    providers with explicit prompt caching can cache everything up to and including this message.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
    MEMOS: ClassVar[tuple[str, ...]] = ("_fingerprint_json", "_chain")
    role: Literal["system", "user", "assistant"]
    parts: list[Part]
    cache_breakpoint: bool = False

    @model_validator(mode="after")
    def _check_parts(self) -> Message:
        if not self.parts:
            raise ValueError(f"a {self.role} message needs at least one part")
        if self.role != "user" and any(isinstance(p, ImagePart) for p in self.parts):
            raise ValueError(f"only user messages may carry images, not {self.role} messages")
        return self

    @classmethod
    def system(cls, text: str) -> Message:
        return cls(role="system", parts=[TextPart(text=text)])

    @classmethod
    def user(cls, *parts: str | TextPart | ImagePart, cache_breakpoint: bool = False) -> Message:
        items = [TextPart(text=p) if isinstance(p, str) else p for p in parts]
        return cls(role="user", parts=items, cache_breakpoint=cache_breakpoint)

    @classmethod
    def assistant(cls, text: str) -> Message:
        return cls(role="assistant", parts=[TextPart(text=text)])

    @property
    def text(self) -> str:
        """All text parts joined by blank lines (images left out)."""
        return "\n\n".join(p.text for p in self.parts if isinstance(p, TextPart))

    @property
    def images(self) -> list[ImagePart]:
        return [p for p in self.parts if isinstance(p, ImagePart)]

    def fingerprint(self) -> dict[str, Any]:
        """This message as `Request.fingerprint` lists it: images named by their hashes."""
        return {"role": self.role, "cache_breakpoint": self.cache_breakpoint,
                "parts": [{"text": p.text} if isinstance(p, TextPart)
                          else {"image": p.sha256, "media_type": p.media_type} for p in self.parts]}

    def fingerprint_json(self, compact: bool = True) -> str:
        """`json.dumps(self.fingerprint(), sort_keys=True)`, compact or with the default separators, computed
        once per message: a conversation only grows, so each request serialises only its new messages."""
        memo = self._fingerprint_json
        text = memo.get(compact)
        if text is None:
            separators = (",", ":") if compact else (", ", ": ")
            text = memo[compact] = json.dumps(self.fingerprint(), sort_keys=True, separators=separators)
        return text

    @cached_property
    def _fingerprint_json(self) -> dict[bool, str]:
        return {}

    @cached_property
    def _chain(self) -> dict[tuple[str, bool], tuple[Message | None, Any]]:
        # (prefix, compact) -> (the message before this one, sha256 state up to and including this one)
        return {}


class Request(BaseModel):
    """One generation request. Unset sampling fields fall back to the entry's settings."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    messages: list[Message]
    max_tokens: int | None = Field(default=None, gt=0)
    temperature: float | None = Field(default=None, ge=0.0, le=2.0)
    seed: int | None = None
    json_mode: bool = False
    json_schema: dict[str, Any] | None = Field(
        default=None, description="the answer's JSON Schema (structured outputs); implies json_mode")
    schema_dialect: SchemaDialect | None = Field(
        default=None, description="how json_schema goes on the wire (`arena.providers.structured`); None: the "
                                  "adapter's own shape (json_schema on OpenAI-style servers)")
    stop: list[str] = Field(default_factory=list)
    prompt_cache_key: str | None = Field(
        default=None, description="groups requests that share a prompt prefix (OpenAI's prompt_cache_key); "
                                  "routing only, so not part of the response-cache key")

    @model_validator(mode="after")
    def _check_messages(self) -> Request:
        if not any(m.role == "user" for m in self.messages):
            raise ValueError("a request needs at least one user message")
        return self

    @property
    def system_text(self) -> str:
        return "\n\n".join(m.text for m in self.messages if m.role == "system")

    @property
    def turns(self) -> list[Message]:
        """The non-system messages, in order."""
        return [m for m in self.messages if m.role != "system"]

    def fingerprint(self) -> dict[str, Any]:
        """A JSON-able view with images replaced by their hashes: what cache keys are built from."""
        view: dict[str, Any] = {"messages": [m.fingerprint() for m in self.messages], "max_tokens": self.max_tokens,
                                "temperature": self.temperature, "seed": self.seed, "json_mode": self.json_mode,
                                "stop": list(self.stop)}
        if self.json_schema is not None:  # only when set, so keys of requests without one stay as they were
            view["json_schema"] = self.json_schema
        if self.schema_dialect is not None:  # likewise
            view["schema_dialect"] = self.schema_dialect
        return view

    def _fingerprint_head(self, comma: str, colon: str) -> str:
        """The fingerprint's keys that sort before "messages" (json_mode, json_schema when set, max_tokens)."""
        head: dict[str, Any] = {"json_mode": self.json_mode, "max_tokens": self.max_tokens}
        if self.json_schema is not None:
            head["json_schema"] = self.json_schema
        return json.dumps(head, sort_keys=True, separators=(comma, colon), default=str)

    def _fingerprint_tail(self, comma: str, colon: str) -> str:
        """The fingerprint's keys that sort after "messages" (schema_dialect when set, seed, stop, temperature)."""
        tail: dict[str, Any] = {"schema_dialect": self.schema_dialect} if self.schema_dialect is not None else {}
        tail.update({"seed": self.seed, "stop": list(self.stop), "temperature": self.temperature})
        return json.dumps(tail, separators=(comma, colon), default=str)

    def fingerprint_json(self, compact: bool = True) -> str:
        """`json.dumps(self.fingerprint(), sort_keys=True, default=str)` (compact, or with the default
        separators), byte for byte, built from each message's memoised JSON: linear in what is new."""
        comma, colon = (",", ":") if compact else (", ", ": ")
        head = self._fingerprint_head(comma, colon)
        tail = self._fingerprint_tail(comma, colon)
        messages = comma.join([m.fingerprint_json(compact) for m in self.messages])
        return f'{head[:-1]}{comma}"messages"{colon}[{messages}]{comma}{tail[1:]}'

    def fingerprint_sha256(self, prefix: str = "", suffix: str = "", compact: bool = True) -> str:
        """sha256 hex of `prefix + self.fingerprint_json(compact) + suffix`, hashing only the messages not
        hashed before after the same prefix and settings (see `chained_sha256`)."""
        comma, colon = (",", ":") if compact else (", ", ": ")
        head = self._fingerprint_head(comma, colon)
        tail = self._fingerprint_tail(comma, colon)
        state = chained_sha256(f'{prefix}{head[:-1]}{comma}"messages"{colon}[', self.messages, compact)
        state.update(f"]{comma}{tail[1:]}{suffix}".encode())
        return str(state.hexdigest())


def chained_sha256(prefix: str, messages: Sequence[Message], compact: bool = True) -> Any:
    """The sha256 state over `prefix` followed by the messages' JSON joined by commas, resumed from the
    longest run of leading messages hashed before after the same prefix (an append-only conversation
    hashes only its new messages). Each message keeps the state after itself and the message before it,
    so a resumed run is used only when every link back to the first message is the same object."""
    comma = "," if compact else ", "
    start, state = 0, None
    for k in range(len(messages) - 1, -1, -1):
        link = messages[k]._chain.get((prefix, compact))
        if link is not None and _linked(messages, k, prefix, compact):
            start, state = k + 1, link[1]
            break
    for k in range(start, len(messages)):
        state = hashlib.sha256(prefix.encode()) if state is None else state.copy()
        state.update(((comma if k else "") + messages[k].fingerprint_json(compact)).encode())
        messages[k]._chain[(prefix, compact)] = (messages[k - 1] if k else None, state)
    return (state or hashlib.sha256(prefix.encode())).copy()


def _linked(messages: Sequence[Message], k: int, prefix: str, compact: bool) -> bool:
    for j in range(k, -1, -1):
        link = messages[j]._chain.get((prefix, compact))
        if link is None or link[0] is not (messages[j - 1] if j else None):
            return False
    return True


class Response(BaseModel):
    """What came back from one call, success or not. A failed call is data, not an exception."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    text: str = ""
    status: CallStatus = "ok"
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_prompt_tokens: int = 0
    cache_write_prompt_tokens: int = 0
    latency_ms: float = 0.0
    cost_usd: float | None = None
    cached: bool = False
    attempts: int = 1
    raw_finish_reason: str | None = None
    provider_model: str | None = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.status == "ok"
