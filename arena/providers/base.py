"""The adapter contract: what every provider (built-in or plugin) implements, and shared helpers.

An adapter is a thin mapping from a `Request` onto one API and back. It implements one
`async generate(request) -> Response` and `classify_error(exc) -> CallFailure`; retries, caching,
timeouts, concurrency limits and cost accounting live once, in `arena.providers.client`. The built-in
adapters classify through `arena.providers.failures` (the one mapping of SDK exceptions); an
optional `endpoint` attribute names the adapter's default URL in failures without a request URL.
"""

from __future__ import annotations

import email.utils
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from pydantic import SecretStr

from arena.errors import ImageError
from arena.providers.messages import CallStatus, ImagePart, Message, Request, Response
from multimodal.images import ImageProblem, fit_image

RETRYABLE_HTTP = frozenset({408, 409, 425, 429, 500, 502, 503, 504, 529})


@dataclass(frozen=True)
class ImageLimits:
    """What one API accepts per image: longest side in pixels, bytes, and formats kept as they are."""

    max_side: int = 2048
    max_bytes: int = 5 * 1024 * 1024
    formats: tuple[str, ...] = ("png", "jpeg", "gif", "webp")


@dataclass(frozen=True)
class AdapterConfig:
    """Everything a factory needs to build an adapter. The key is a SecretStr and never printed."""

    provider: str
    model: str
    base_url: str | None = None
    api_key: SecretStr | None = field(default=None, repr=False)
    timeout_s: float = 60.0
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class CallFailure:
    """How the client should treat an exception raised by an adapter."""

    status: CallStatus
    retryable: bool
    message: str
    retry_after_s: float | None = None
    http_status: int | None = None
    body: str | None = field(default=None, repr=False)  # an HTTP error's whole body (`message` has its first line)


class TransientError(Exception):
    """Raise from a plugin adapter to ask for a retry (optionally after `retry_after_s` seconds)."""

    def __init__(self, message: str, retry_after_s: float | None = None) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


class MalformedResponse(Exception):
    """An answer (usually an HTTP 200) whose body cannot be read as a reply: retried like a 5xx."""


def read_wire(convert: Callable[[Any], Response], raw: Any) -> Response:
    """`convert(raw)`, with any failure to read the SDK's reply object turned into MalformedResponse."""
    try:
        return convert(raw)
    except MalformedResponse:
        raise
    except (TypeError, AttributeError, KeyError, IndexError, ValueError) as exc:
        raise MalformedResponse(f"{type(exc).__name__}: {exc}") from exc


@runtime_checkable
class Adapter(Protocol):
    """One model behind one API. `cacheable=False` opts out of the response cache (e.g. scripted mocks).

    Optional members an adapter may add: `batch()` returns its provider's batch API (`arena.providers.batch.Batch`,
    used by `ModelClient.run_batch`); without it, `--batch` names the providers that have one."""

    provider: str
    model: str
    cacheable: bool
    image_limits: ImageLimits

    async def generate(self, request: Request) -> Response: ...

    def classify_error(self, exc: BaseException) -> CallFailure: ...


class AdapterFactory(Protocol):
    """What the registry and the `arena.adapters` entry points resolve to."""

    def __call__(self, config: AdapterConfig) -> Adapter: ...


def _mro_names(exc: BaseException) -> set[str]:
    return {cls.__name__ for cls in type(exc).__mro__}


def is_timeout(exc: BaseException) -> bool:
    """True for timeouts from asyncio, httpx/httpx2 and the SDKs (matched by class name, no imports)."""
    names = _mro_names(exc)
    return isinstance(exc, TimeoutError) or bool(names & {"TimeoutException", "APITimeoutError"})


def is_connection_error(exc: BaseException) -> bool:
    names = _mro_names(exc)
    return isinstance(exc, ConnectionError) or bool(
        names & {"APIConnectionError", "ConnectError", "NetworkError", "RemoteProtocolError", "ReadError"})


def parse_retry_after(headers: Mapping[str, str] | None, now: float | None = None) -> float | None:
    """Seconds to wait from `retry-after-ms` or `Retry-After` (delta seconds or an HTTP date)."""
    if not headers:
        return None
    lowered = {k.lower(): v for k, v in headers.items()}
    if (ms := lowered.get("retry-after-ms")) is not None:
        try:
            return max(0.0, float(ms) / 1000.0)
        except ValueError:
            pass
    value = lowered.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        parsed = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None  # an unreadable hint falls back to exponential backoff
    return max(0.0, parsed.timestamp() - (now if now is not None else time.time()))


def classify_http(status: int, message: str, headers: Mapping[str, str] | None = None,
                  context_markers: tuple[str, ...] = ()) -> CallFailure:
    """Map an HTTP error status (+ body text) to a CallFailure."""
    lowered = message.lower()
    if status in (400, 413) and any(marker in lowered for marker in context_markers):
        return CallFailure("context_limit", False, message, http_status=status)
    retryable = status in RETRYABLE_HTTP or status >= 500
    return CallFailure("api_error", retryable, message, parse_retry_after(headers), status)


def classify_generic(exc: BaseException) -> CallFailure:
    """Fallback classification for exceptions an adapter does not recognise."""
    message = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, TransientError):
        return CallFailure("api_error", True, message, exc.retry_after_s)
    if isinstance(exc, MalformedResponse | json.JSONDecodeError):
        return CallFailure("api_error", True, f"malformed response body ({message})")
    if is_timeout(exc):
        return CallFailure("timeout", True, message)
    if is_connection_error(exc):
        return CallFailure("api_error", True, message)
    return CallFailure("api_error", False, message)


FIT_MEMO_SIZE = 512
_fitted: OrderedDict[tuple[str, ImageLimits], ImagePart | str] = OrderedDict()
_fitted_lock = threading.Lock()


def fit_request_images(request: Request, limits: ImageLimits) -> Request:
    """Return `request` with every image re-encoded/scaled to fit `limits` (unchanged ones kept as is).

    Each image is decoded and fitted once per (content hash, limits) in the process: an append-only
    conversation re-sends the same images on every call and retry, and those come from the memo.
    """
    if not any(m.images for m in request.messages):
        return request
    messages = [_fit_message(m, limits) for m in request.messages]
    return request.model_copy(update={"messages": messages})


def _fit_message(message: Message, limits: ImageLimits) -> Message:
    if not message.images:
        return message
    parts = [fitted_part(part, limits) if isinstance(part, ImagePart) else part for part in message.parts]
    if all(new is old for new, old in zip(parts, message.parts, strict=True)):
        return message
    return message.model_copy(update={"parts": parts})


def fitted_part(part: ImagePart, limits: ImageLimits) -> ImagePart:
    """`part` fitted to `limits` (itself when it already fits), memoised by content hash and limits;
    an image that cannot be sent raises ImageError every time it is asked for."""
    slot = (part.sha256, limits)
    with _fitted_lock:
        known = _fitted.get(slot)
        if known is not None:
            _fitted.move_to_end(slot)
    if known is None:
        known = _fit_part(part, limits)
        with _fitted_lock:
            _fitted[slot] = known
            while len(_fitted) > FIT_MEMO_SIZE:
                _fitted.popitem(last=False)
    if isinstance(known, str):
        raise ImageError(known)
    return part if known.sha256 == part.sha256 and known.media_type == part.media_type else known


def _fit_part(part: ImagePart, limits: ImageLimits) -> ImagePart | str:
    try:
        data, media_type = fit_image(part.data, limits.max_side, limits.max_bytes, limits.formats)
    except ImageProblem as exc:
        return f"image {part.sha256[:12]} cannot be sent: {exc}"
    return part if data is part.data else ImagePart(data=data, media_type=media_type)


def require_sdk(module: str, package: str) -> Any:
    """Import an SDK lazily; a missing one is a ConfigError that says what to install."""
    import importlib

    from arena.errors import ConfigError

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ConfigError(f"the {package!r} package is needed for this provider: pip install {package}") from exc
