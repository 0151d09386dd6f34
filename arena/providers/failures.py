"""What went wrong with a call, in words: every SDK's exceptions mapped to a status and a cause.

The one mapping from exceptions to `CallFailure`s. The openai and anthropic SDKs raise
`APIStatusError` (with `status_code` and the HTTP `response`), `APITimeoutError` and
`APIConnectionError`; google-genai raises `errors.APIError` (with `code`) for an HTTP status and lets
httpx's own `ConnectError` and `TimeoutException` through; all three wrap the socket's error
(`ConnectionRefusedError`, `socket.gaierror`, `ssl.SSLError`, `TimeoutError`) as the exception's cause.
Classes are matched by name along the MRO and the cause chain, so no SDK is imported here.

Causes read as "connection refused", "DNS lookup failed for HOST (...)", "TLS error (...)",
"timed out after N s" or "HTTP 500: <first line of the body>", and `explain` adds the endpoint
(the request's URL, else the entry's `base_url`) with any credential in it masked, so a failure
names what failed and where, and never shows a key.
"""

from __future__ import annotations

import json
import re
import socket
import ssl
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from arena.entries import SECRET_QUERY
from arena.providers.base import CallFailure, classify_generic, classify_http, is_timeout

MASK = "***"
BODY_LIMIT = 200
CHAIN_LIMIT = 12
# "scheme://user:password@host" inside any text (an SDK message, a server's error body)
USERINFO = re.compile(r"(?P<scheme>[a-z][a-z0-9+.-]*://)[^/\s@]+@", re.IGNORECASE)
QUERY_SECRET = re.compile(r"(?P<name>[?&][^=&\s]*(?:key|token|secret|passw|auth|sig|credential)[^=&\s]*=)[^&\s]+",
                          re.IGNORECASE)


def causes(exc: BaseException) -> Iterator[BaseException]:
    """`exc`, then what it was raised from (`__cause__`, else `__context__`), innermost last."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen and len(seen) < CHAIN_LIMIT:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _names(exc: BaseException) -> set[str]:
    return {cls.__name__ for cls in type(exc).__mro__}


def mask_url(url: str) -> str:
    """`url` with "user:password@" and key-like query values replaced by ***."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return mask_text(url)
    netloc = parts.netloc
    if "@" in netloc:
        netloc = f"{MASK}@{netloc.rpartition('@')[2]}"
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        query = urlencode([(k, MASK if SECRET_QUERY.search(k) else v) for k, v in pairs], safe="*")
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def mask_text(text: str) -> str:
    """Every URL credential inside free text masked (userinfo and key-like query values)."""
    return QUERY_SECRET.sub(lambda m: m["name"] + MASK, USERINFO.sub(lambda m: m["scheme"] + MASK + "@", text))


def endpoint_of(exc: BaseException) -> str | None:
    """The URL the failed request went to, from the SDK's or httpx's request object (masked)."""
    for item in causes(exc):
        for holder in (item, getattr(item, "response", None)):
            try:
                request = getattr(holder, "request", None)  # httpx raises when a response has no request
            except RuntimeError:
                request = None
            url = getattr(request, "url", None)
            if url is not None:
                return mask_url(str(url))
    return None


def first_line(text: str) -> str:
    """The error message of a JSON error body, else the body's first non-empty line, cut short."""
    text = text.strip()
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict):
        error = data.get("error", data)
        message = error.get("message") if isinstance(error, dict) else error
        if isinstance(message, str) and message.strip():
            text = message.strip()
    line = next((part.strip() for part in text.splitlines() if part.strip()), "")
    return line if len(line) <= BODY_LIMIT else line[:BODY_LIMIT] + "..."


def transport_cause(exc: BaseException) -> str | None:
    """Why the connection failed (refused, reset, DNS, TLS), from the innermost socket error; None when
    `exc` is not a connection failure."""
    for item in reversed(list(causes(exc))):
        if isinstance(item, ssl.SSLCertVerificationError):
            return f"TLS error (certificate verify failed: {item.verify_message})"
        if isinstance(item, ssl.SSLError):
            return f"TLS error ({item.reason or item})"
        if isinstance(item, socket.gaierror):
            return f"DNS lookup failed ({item.strerror or item})"
        if isinstance(item, ConnectionRefusedError):
            return "connection refused"
        if isinstance(item, ConnectionResetError):
            return "connection reset by the server"
    names = set().union(*(_names(item) for item in causes(exc)))
    if names & {"APIConnectionError", "ConnectError", "NetworkError", "RemoteProtocolError", "ReadError",
                "ConnectionError"}:
        inner = list(causes(exc))[-1]
        return f"connection failed ({type(inner).__name__}: {inner})"
    return None


def http_error(exc: BaseException) -> tuple[int, str, Mapping[str, str] | None] | None:
    """(status, body text, headers) of an HTTP error answer from openai/anthropic (`status_code`),
    google-genai (`code`) or httpx (`HTTPStatusError.response`); None for anything else."""
    response: Any = getattr(exc, "response", None)
    status = getattr(exc, "status_code", None)
    if not isinstance(status, int):
        code = getattr(exc, "code", None)
        status = code if isinstance(code, int) and code >= 400 else None
    if status is None and "HTTPStatusError" in _names(exc):
        status = getattr(response, "status_code", None)
    if not isinstance(status, int):
        return None
    try:
        body = str(getattr(response, "text", "") or "")
    except Exception:  # noqa: BLE001 - a streamed body that cannot be read: fall back to the SDK's message
        body = ""
    body = body or str(getattr(exc, "message", "") or exc)
    headers = getattr(response, "headers", None)
    return status, body, dict(headers) if headers is not None else None


def classify_exception(exc: BaseException, context_markers: tuple[str, ...] = ()) -> CallFailure:
    """The status, retryability and cause of an exception raised by any built-in adapter's SDK."""
    answered = http_error(exc)
    if answered is not None:
        status, body, headers = answered
        failure = classify_http(status, body, headers, context_markers)  # markers are read in the whole body
        return replace(failure, message=f"HTTP {status}: {first_line(body) or 'no body'}", body=body)
    if is_timeout(exc):
        return CallFailure("timeout", True, "timed out")
    if (cause := transport_cause(exc)) is not None:
        return CallFailure("api_error", True, cause)
    return classify_generic(exc)


def explain(failure: CallFailure, exc: BaseException, *, base_url: str | None, timeout_s: float) -> CallFailure:
    """`failure` (from any adapter, plugins included) with the cause in words and the endpoint named."""
    message = failure.message
    if failure.status == "timeout" and is_timeout(exc):  # a plugin's own timeout message is kept
        message = f"timed out after {timeout_s:g} s"
    elif failure.http_status is None and (cause := transport_cause(exc)) is not None:
        message = cause
    endpoint = endpoint_of(exc) or (mask_url(base_url) if base_url else None)
    if endpoint and endpoint not in message:
        message = f"{message} at {endpoint}"
    return replace(failure, message=mask_text(message))
