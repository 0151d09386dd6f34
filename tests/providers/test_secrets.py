"""Keys come only from the environment or .env, and never reach logs, the cache or returned objects."""

from __future__ import annotations

import logging
import random
from pathlib import Path

from arena.entries import Entry
from arena.providers.cache import ResponseCache
from arena.providers.client import ModelClient
from arena.providers.messages import Message, Request
from arena.providers.retry import RetryPolicy
from arena.providers.secrets import KeyStore, read_dotenv
from tests.providers.conftest import FAKE_KEY, png_bytes
from tests.providers.fake_api import FakeAPI, Reply


def test_dotenv_parsing(tmp_path):
    env = tmp_path / ".env"
    env.write_text('# keys\nexport OPENAI_API_KEY="sk-one"\nANTHROPIC_API_KEY=\'sk-two\'\n'
                   "GEMINI_API_KEY=sk-three # inline comment\nnot a line\nEMPTY=\n", encoding="utf-8")
    assert read_dotenv(env) == {"OPENAI_API_KEY": "sk-one", "ANTHROPIC_API_KEY": "sk-two",
                                "GEMINI_API_KEY": "sk-three", "EMPTY": ""}
    assert read_dotenv(tmp_path / "missing.env") == {}


def test_environment_wins_over_dotenv_and_values_stay_secret(tmp_path):
    env = tmp_path / ".env"
    env.write_text("OPENAI_API_KEY=from-file\nGOOGLE_API_KEY=g-file\n", encoding="utf-8")
    store = KeyStore(environ={"OPENAI_API_KEY": "from-env"}, dotenv=env)
    key = store.get("OPENAI_API_KEY")
    assert key is not None and key.get_secret_value() == "from-env"
    assert "from-env" not in repr(key) and "from-env" not in str(key)
    google, tried = store.key_for("google", None)
    assert google is not None and google.get_secret_value() == "g-file"
    assert tried == ("GEMINI_API_KEY", "GOOGLE_API_KEY")
    custom, tried = store.key_for("openai", "MY_KEY")
    assert custom is None and tried == ("MY_KEY",)


async def test_no_artifact_contains_the_key(tmp_path: Path, caplog):
    caplog.set_level(logging.DEBUG)
    dotenv = tmp_path / ".env"
    dotenv.write_text(f"OPENAI_API_KEY={FAKE_KEY}\nANTHROPIC_API_KEY={FAKE_KEY}\nGEMINI_API_KEY={FAKE_KEY}\n")
    api = FakeAPI()
    cache_dir = tmp_path / "cache"
    records = []
    client = ModelClient(cache=ResponseCache(cache_dir / "responses.sqlite"), keys=KeyStore(environ={}, dotenv=dotenv),
                         retry=RetryPolicy(max_attempts=2), sleep=_no_sleep, rng=random.Random(0),
                         on_call=records.append)
    echo_key = {"error": {"message": f"Incorrect API key provided: {FAKE_KEY}", "type": "invalid_request_error"}}
    api.replies.extend([Reply(429, {"error": {"message": "slow"}}, {"retry-after": "1"}), Reply(),
                        Reply(401, echo_key), Reply(500, echo_key), Reply(500, echo_key)])
    entries = [Entry(name="gpt", model="openai/gpt-4o", base_url=f"{api.url}/v1"),
               Entry(name="claude", model="anthropic/claude-3-5-haiku", base_url=api.url),
               Entry(name="gemini", model="google/gemini-2.0-flash", base_url=api.url)]
    request = Request(messages=[Message.system("rules"), Message.user("hi", _image())])
    responses = [await client.generate(e, request, epoch=i) for i in range(3) for e in entries]
    try:
        assert any(r.error and "Incorrect API key" in r.error for r in responses)
        artifacts = [caplog.text, repr(client), repr(client.keys), repr(client.usage)]
        artifacts += [repr(a) for a in client._adapters.values()]
        for obj in [*entries, *responses, *records]:
            artifacts += [repr(obj), str(obj), obj.model_dump_json()]
        assert client.cache is not None and len(client.cache) >= 3
        client.cache.close()
        artifacts += [p.read_bytes().decode("latin-1") for p in cache_dir.iterdir()]
        leaks = [a[:200] for a in artifacts if FAKE_KEY in a or FAKE_KEY[:20] in a]
        assert leaks == []
        assert len(list(cache_dir.iterdir())) >= 1 and len(records) == 9
    finally:
        await client.aclose()
        api.close()


async def _no_sleep(seconds: float) -> None:
    return None


def _image():
    from arena.providers.messages import ImagePart

    return ImagePart(data=png_bytes(), media_type="image/png")
