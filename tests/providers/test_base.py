"""Shared adapter helpers: Retry-After parsing, HTTP error classification, image fitting."""

from __future__ import annotations

import email.utils

import pytest

from arena.errors import ImageError
from arena.providers.base import (
    ImageLimits,
    TransientError,
    classify_generic,
    classify_http,
    fit_request_images,
    parse_retry_after,
)
from arena.providers.messages import ImagePart, Message, Request
from tests.providers.conftest import png_bytes


def test_retry_after_forms():
    assert parse_retry_after({"Retry-After": "12"}) == 12.0
    assert parse_retry_after({"retry-after-ms": "250", "retry-after": "9"}) == 0.25
    date = email.utils.formatdate(1_000_030, usegmt=True)
    assert parse_retry_after({"retry-after": date}, now=1_000_000) == pytest.approx(30.0)
    assert parse_retry_after({"retry-after": "soon"}) is None
    assert parse_retry_after({}) is None and parse_retry_after(None) is None


@pytest.mark.parametrize("status, retryable", [(429, True), (500, True), (503, True), (529, True), (400, False),
                                               (401, False), (404, False)])
def test_http_statuses(status, retryable):
    failure = classify_http(status, "error", {"retry-after": "2"})
    assert failure.status == "api_error" and failure.retryable is retryable and failure.retry_after_s == 2.0


def test_context_markers_only_on_bad_request():
    assert classify_http(400, "Prompt is too long", None, ("prompt is too long",)).status == "context_limit"
    assert classify_http(500, "prompt is too long", None, ("prompt is too long",)).status == "api_error"


def test_generic_classification():
    assert classify_generic(TimeoutError()).status == "timeout"
    assert classify_generic(ConnectionRefusedError()).retryable
    assert classify_generic(TransientError("busy", 3)).retry_after_s == 3
    assert not classify_generic(ValueError("bad")).retryable


def test_fitting_keeps_small_images_and_rejects_broken_ones():
    small = ImagePart(data=png_bytes(), media_type="image/png")
    request = Request(messages=[Message.user("x", small)])
    assert fit_request_images(request, ImageLimits()).messages[0].images[0] is small
    jpeg_only = fit_request_images(request, ImageLimits(formats=("jpeg",)))
    assert jpeg_only.messages[0].images[0].media_type == "image/jpeg"
    broken = Request(messages=[Message.user("x", ImagePart(data=b"not an image", media_type="image/png"))])
    with pytest.raises(ImageError, match="cannot be sent"):
        fit_request_images(broken, ImageLimits())
