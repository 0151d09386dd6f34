"""Provider-neutral messages: computed image hashes, JSON round trips, fingerprints without bytes."""

from __future__ import annotations

import hashlib

import pytest
from pydantic import ValidationError

from arena.providers.messages import ImagePart, Message, Request, Response
from tests.providers.conftest import png_bytes


def test_image_hash_is_computed_from_bytes():
    data = png_bytes()
    part = ImagePart(data=data, media_type="image/png")
    assert part.sha256 == hashlib.sha256(data).hexdigest()
    assert part.data_url().startswith("data:image/png;base64,")
    assert "data=" not in repr(part)


def test_request_round_trips_through_json():
    request = Request(messages=[Message.system("rules"),
                                Message.user("look", ImagePart(data=png_bytes(), media_type="image/png"))],
                      seed=4, json_mode=True)
    again = Request.model_validate_json(request.model_dump_json())
    assert again == request and again.messages[1].images[0].data == png_bytes()
    dumped = request.model_dump(mode="json")
    dumped["messages"][1]["parts"][1]["sha256"] = "0" * 64
    with pytest.raises(ValidationError, match="does not match"):
        Request.model_validate(dumped)


def test_fingerprint_names_images_by_hash_only():
    part = ImagePart(data=png_bytes(), media_type="image/png")
    fingerprint = Request(messages=[Message.user("look", part)]).fingerprint()
    image = fingerprint["messages"][0]["parts"][1]
    assert image == {"image": part.sha256, "media_type": "image/png"}


def test_invalid_messages_are_rejected():
    image = ImagePart(data=png_bytes(), media_type="image/png")
    with pytest.raises(ValidationError, match="only user messages"):
        Message(role="system", parts=[image])
    with pytest.raises(ValidationError, match="at least one user message"):
        Request(messages=[Message.system("rules")])
    with pytest.raises(ValidationError, match="image/"):
        ImagePart(data=b"x", media_type="text/plain")
    with pytest.raises(ValidationError):
        Response(status="exploded")
