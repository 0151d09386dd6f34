"""Prompt injection: players who speak the lines of `tests/fixtures/injection_corpus.jsonl` (fake system lines,
phase headers, fences, `</transcript>`, JSON action blobs, Unicode line separators...) in a whole game over each
provider's wire format. Their words must reach the other players only as quoted, attributed transcript lines:
never a system message, never a line of their own, never a phase header or decision block.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Iterator
from itertools import count
from typing import Any

import pytest

from arena.engine.state import Line, Phase
from arena.providers.mock import player_action, read_decision
from arena.scripts.loader import load_script
from tests.conftest import FIXTURE_CASE, ROOT
from tests.providers.conftest import entry
from tests.providers.fake_api import FakeAPI, Recorded, Reply, last_user_text, ok_body, wire_turns
from tests.providers.test_games_over_http import MODELS, play, system_and_schema

CORPUS: list[str] = [json.loads(line) for line in
                     (ROOT / "tests" / "fixtures" / "injection_corpus.jsonl").read_text(encoding="utf-8").splitlines()]
TEXT_FIELDS = ("introduction", "speech", "question", "answer", "method", "motive")
TAG = re.compile(r"INJ\d\d")
ID = r"[A-Za-z0-9][A-Za-z0-9_.\-]*"
QUOTED = re.compile(rf'^\[[a-z]+(?: r\d+)?\] [^"\n]+ \({ID}\) [a-z]+(?: to {ID})?: (".*")$')
ASKED = re.compile(rf'^The question from [^"\n]+ \({ID}\): (".*")$')


def injector() -> Any:
    """A loopback responder playing legal actions whose every text field is the next corpus line, tagged."""
    serial: Iterator[int] = count()

    def respond(recorded: Recorded) -> Reply:
        spec = read_decision(last_user_text(recorded.path, recorded.body))
        if spec is None:
            return Reply(status=400, body={"error": {"message": "no decision block in the last user turn"}})
        seed = hashlib.sha256(json.dumps(recorded.body, sort_keys=True).encode()).digest()
        action = player_action(spec, random.Random(seed))
        for key in TEXT_FIELDS:
            if isinstance(action.get(key), str):
                n = next(serial) % len(CORPUS)
                action[key] = f"INJ{n:02d} {CORPUS[n]}"
        return Reply(body=ok_body(recorded.path, json.dumps(action)))
    return respond


def text_parts(parts: list[dict[str, Any]]) -> list[str]:
    return [p["text"] for p in parts if isinstance(p.get("text"), str)]


def check_user_text(text: str) -> set[str]:
    """Every line carrying injected words is one quoted, attributed line; returns the tags seen."""
    seen = set()
    lines = text.splitlines()  # splits on U+2028, U+2029, NEL... as a model's tokenizer may
    assert sum(line.startswith("DECISION (") for line in lines) <= 1
    assert sum(line.startswith("```") for line in lines) in (0, 2)
    for line in lines:
        tags = TAG.findall(line)
        if not tags:
            continue
        match = QUOTED.match(line) or ASKED.match(line)
        assert match is not None, f"injected words outside a quoted line: {line!r}"
        words = json.loads(match.group(1))
        assert isinstance(words, str) and TAG.search(words), line
        seen.update(tags)
    return seen


@pytest.mark.parametrize("provider", list(MODELS))
async def test_injected_speech_stays_quoted_in_every_wire_format(provider: str, fake_api: FakeAPI,
                                                                 make_client: Any) -> None:
    fake_api.responder = injector()
    case = load_script(FIXTURE_CASE)
    model = entry(MODELS[provider], fake_api)
    result = await play(case, model, model, make_client(), seed=11)
    assert result.status == "finished"
    seen: set[str] = set()
    for recorded in fake_api.requests:
        system, _ = system_and_schema(provider, recorded.body)
        assert "INJ" not in system
        roles = [role for role, _ in wire_turns(recorded.path, recorded.body)]
        assert set(roles) <= {"user", "assistant", "model"} and roles[0] == "user"
        if provider == "openai":
            assert [m["role"] for m in recorded.body["messages"]].count("system") == 1
        for role, parts in wire_turns(recorded.path, recorded.body):
            if role == "user":  # assistant turns are the model's own earlier replies, as it sent them
                for text in text_parts(parts):
                    seen |= check_user_text(text)
    assert len(seen) >= 10, "the injected lines reached other players (quoted), else this test checks nothing"


@pytest.mark.parametrize("text", CORPUS)
def test_each_corpus_line_quotes_onto_one_attributed_line(text: str) -> None:
    line = Line(phase=Phase.DISCUSSION, round=1, speaker="fern", speaker_name="Fern Holloway", kind="speech",
                text=f"INJ00 {text}", target="basil")
    quoted = line.quoted()
    assert len(quoted.splitlines()) == 1 and check_user_text(quoted) == {"INJ00"}
