"""Failures name their cause and endpoint, through each real SDK, against loopback listeners: a closed
port (connection refused), an unresolvable `.invalid` host (DNS), a self-signed TLS server, a server that
never answers (timeout) and HTTP error statuses. No message ever shows a key or URL credentials."""

from __future__ import annotations

import datetime
import ipaddress
import logging
import socket
import ssl
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.entries import Entry
from arena.providers.base import CallFailure
from arena.providers.failures import endpoint_of, explain, first_line, mask_text, mask_url
from arena.providers.messages import Message, Request
from tests.providers.conftest import FAKE_KEY, entry
from tests.providers.fake_api import Reply

MODELS = ("openai/gpt-4o", "anthropic/claude-3-5-sonnet", "google/gemini-2.0-flash")
PATHS = {"openai": "/v1/chat/completions", "anthropic": "/v1/messages", "google": ":generateContent"}
REQUEST = Request(messages=[Message.user("hello")])


def closed_port() -> int:
    """A loopback port with nobody listening (bound, then closed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def at(model: str, base: str | None) -> Entry:
    """An entry of `model` at `base` with its SDK's path prefix (as `conftest.entry` does for the fake API)."""
    suffix = "/v1" if model.startswith("openai") else ""
    return Entry(name=model, model=model, base_url=None if base is None else base + suffix)


@pytest.fixture
def tls_server(tmp_path: Path) -> Iterator[str]:
    """A TLS listener on loopback with a fresh self-signed certificate (no client trusts it)."""
    crypto = pytest.importorskip("cryptography")
    del crypto
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(1).not_valid_before(now).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
            .sign(key, hashes.SHA256()))
    (tmp_path / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (tmp_path / "key.pem").write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                         serialization.NoEncryption()))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(tmp_path / "cert.pem", tmp_path / "key.pem")
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            try:
                with context.wrap_socket(conn, server_side=True) as tls:
                    tls.recv(16)
            except (OSError, ssl.SSLError):
                pass  # the client refuses the certificate: that is the point

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"https://127.0.0.1:{listener.getsockname()[1]}"
    stop.set()
    thread.join(timeout=2)
    listener.close()


def assert_no_secret(text: str) -> None:
    assert FAKE_KEY not in text and "hunter2" not in text


@pytest.mark.parametrize("model", MODELS)
async def test_connection_refused_names_the_cause_and_the_endpoint(model, make_client, caplog):
    port = closed_port()
    client = make_client(max_attempts=2, use_cache=False)
    with caplog.at_level(logging.WARNING, logger="arena.providers.client"):
        response = await client.generate(at(model, f"http://127.0.0.1:{port}"), REQUEST)
    assert response.status == "api_error" and response.attempts == 2
    assert "connection refused at http://127.0.0.1:" in response.error and f":{port}/" in response.error
    assert PATHS[model.split("/")[0]] in response.error
    retry_line = caplog.messages[0]
    assert "attempt 1 failed (api_error: connection refused at http://127.0.0.1:" in retry_line, retry_line
    assert_no_secret(response.error + "\n".join(caplog.messages))


def test_the_invalid_top_level_domain_fails_to_resolve_fast_and_offline():
    started = time.perf_counter()
    with pytest.raises(socket.gaierror):
        socket.getaddrinfo("no-such-host.invalid", 80)
    assert time.perf_counter() - started < 5  # else the DNS tests below would need a stubbed resolver


@pytest.mark.parametrize("model", MODELS)
async def test_dns_failure_names_the_host(model, make_client):
    response = await make_client(max_attempts=1, use_cache=False).generate(
        at(model, "http://no-such-host.invalid"), REQUEST)
    assert response.status == "api_error"
    assert response.error.startswith("DNS lookup failed (") and " at http://no-such-host.invalid/" in response.error


@pytest.mark.parametrize("model", MODELS)
async def test_tls_error_says_the_certificate_was_refused(model, make_client, tls_server):
    response = await make_client(max_attempts=1, use_cache=False).generate(at(model, tls_server), REQUEST)
    assert response.status == "api_error"
    assert "TLS error (certificate verify failed: self-signed certificate)" in response.error
    assert f" at {tls_server}/" in response.error


@pytest.mark.parametrize("model", MODELS)
async def test_a_server_that_never_answers_times_out_after_n_seconds(model, fake_api, make_client):
    fake_api.replies.append(Reply(hang=True))
    response = await make_client(max_attempts=1, use_cache=False).generate(
        entry(model, fake_api, timeout_s=0.5), REQUEST)
    assert response.status == "timeout"
    assert response.error.startswith("timed out after 0.5 s at http://127.0.0.1:") and fake_api.url in response.error


@pytest.mark.parametrize("model", MODELS)
async def test_http_status_shows_the_first_line_of_the_body_and_never_the_key(model, fake_api, make_client):
    body = f"Incorrect API key provided: {FAKE_KEY}\nsee https://example.test/docs for help".encode()
    fake_api.replies.append(Reply(status=401, body=body))
    response = await make_client(max_attempts=1, use_cache=False).generate(entry(model, fake_api), REQUEST)
    assert response.status == "api_error"
    assert response.error.startswith("HTTP 401: Incorrect API key provided: [redacted]"), response.error
    assert "see https://example.test" not in response.error and f" at {fake_api.url}/" in response.error
    assert_no_secret(response.error)


async def test_a_json_error_body_gives_its_message(fake_api, make_client):
    fake_api.replies.append(Reply(status=500, body={"error": {"message": "Input should be 'text' or 'json_object'"}},
                                  headers={"retry-after": "0"}))
    fake_api.replies.append(Reply(status=500, body={"error": {"message": "Input should be 'text' or 'json_object'"}},
                                  headers={"retry-after": "0"}))
    response = await make_client(max_attempts=2, use_cache=False).generate(
        entry("openai-compatible/local", fake_api, structured="off"), REQUEST)
    assert response.error == (f"HTTP 500: Input should be 'text' or 'json_object' at {fake_api.url}"
                              "/v1/chat/completions")


async def test_userinfo_in_an_sdk_base_url_is_masked(make_client, monkeypatch):
    """A base_url with credentials is refused in an entry, but the openai SDK also reads OPENAI_BASE_URL."""
    port = closed_port()
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://user:hunter2@127.0.0.1:{port}/v1")
    response = await make_client(max_attempts=1, use_cache=False).generate(at("openai/gpt-4o", None), REQUEST)
    assert f"connection refused at http://***@127.0.0.1:{port}/v1/chat/completions" in response.error
    assert_no_secret(response.error)


def test_masking_urls_and_text():
    assert mask_url("https://user:pw@host:8/v1?api_key=abc&model=x") == "https://***@host:8/v1?api_key=***&model=x"
    assert mask_url("http://127.0.0.1:9/v1") == "http://127.0.0.1:9/v1"
    assert mask_text("GET http://a:b@h/x?token=zz&k=1 failed") == "GET http://***@h/x?token=***&k=1 failed"


def test_first_line_of_a_body():
    assert first_line('{"error": {"message": "bad model\\nmore"}}') == "bad model"
    assert first_line("\n\n<html>oops</html>\nrest") == "<html>oops</html>"
    assert first_line("x" * 300).endswith("...") and len(first_line("x" * 300)) == 203


def test_a_plugin_failure_gets_the_endpoint_and_a_timeout_its_seconds():
    class PluginError(Exception):
        pass

    failure = explain(CallFailure("api_error", False, "PluginError: the model is busy"), PluginError(),
                      base_url="http://u:secret@10.0.0.2:8000/v1", timeout_s=30)
    assert failure.message == "PluginError: the model is busy at http://***@10.0.0.2:8000/v1"
    timeout = explain(CallFailure("timeout", True, "TimeoutError: "), TimeoutError(), base_url=None, timeout_s=2.5)
    assert timeout.message == "timed out after 2.5 s"
    assert endpoint_of(ValueError("no request")) is None
