"""Loopback fakes of OpenAI's Files and Batches endpoints, Anthropic's Message Batches and Gemini's
batch mode (each used as a `FakeAPI.responder`).

POST /v1/files takes the multipart JSONL upload; POST /v1/batches starts a batch over it; GET
/v1/batches/{id} reports `in_progress` for `polls_before_done` polls, then `completed` with an
output file; GET /v1/files/{id}/content answers every line: multiple-choice questions with seeded
letters (as `mock/player` does), in the chat-completion shape.
"""

from __future__ import annotations

import email.parser
import email.policy
import json
import random
from collections.abc import Callable
from typing import Any

from arena.providers.mock import mcq_reply
from tests.providers.fake_api import Recorded, Reply, anthropic_ok, gemini_ok, last_user_text, openai_ok


def multipart_file(recorded: Recorded) -> bytes:
    """The bytes of the `file` field of a multipart/form-data upload."""
    head = f"Content-Type: {recorded.headers['content-type']}\r\n\r\n".encode()
    message = email.parser.BytesParser(policy=email.policy.default).parsebytes(head + recorded.body)
    for part in message.iter_parts():  # type: ignore[attr-defined]
        if part.get_param("name", header="content-disposition") == "file":
            return bytes(part.get_payload(decode=True))
    raise AssertionError("no file field in the upload")


def mcq_answer(body: dict[str, Any], custom_id: str) -> str:
    """Seeded letters for a multiple-choice question (as `mock/player` answers them)."""
    return mcq_reply(last_user_text("/chat/completions", body), random.Random(custom_id)) or "A"


class FakeBatches:
    def __init__(self, polls_before_done: int = 1, answer: Callable[[dict[str, Any], str], str] = mcq_answer) -> None:
        self.answer = answer
        self.files: dict[str, bytes] = {}
        self.batches: dict[str, dict[str, Any]] = {}
        self.polls_before_done = polls_before_done
        self.created = 0

    def __call__(self, recorded: Recorded) -> Reply:
        path = recorded.path.split("?")[0]
        if recorded.method == "POST" and path == "/v1/files":
            file_id = f"file-{len(self.files) + 1}"
            self.files[file_id] = multipart_file(recorded)
            return Reply(body={"id": file_id, "object": "file", "bytes": len(self.files[file_id]), "created_at": 1,
                               "filename": "batch.jsonl", "purpose": "batch", "status": "processed"})
        if recorded.method == "POST" and path == "/v1/batches":
            self.created += 1
            batch_id = f"batch_{self.created}"
            self.batches[batch_id] = {"input": recorded.body["input_file_id"], "polls": 0}
            return Reply(body=self._batch(batch_id))
        if recorded.method == "GET" and path.startswith("/v1/batches/"):
            batch_id = path.rsplit("/", 1)[1]
            self.batches[batch_id]["polls"] += 1
            return Reply(body=self._batch(batch_id))
        if recorded.method == "GET" and path.startswith("/v1/files/") and path.endswith("/content"):
            return Reply(body=self.files[path.split("/")[3]])
        return Reply(status=404, body={"error": {"message": f"no such endpoint {recorded.method} {path}"}})

    def _batch(self, batch_id: str) -> dict[str, Any]:
        state = self.batches[batch_id]
        lines = self.files[state["input"]].decode().splitlines()
        done = state["polls"] > self.polls_before_done
        body: dict[str, Any] = {"id": batch_id, "object": "batch", "endpoint": "/v1/chat/completions",
                                "input_file_id": state["input"], "completion_window": "24h", "created_at": 1,
                                "status": "completed" if done else "in_progress",
                                "request_counts": {"total": len(lines), "completed": len(lines) if done else 0,
                                                   "failed": 0}}
        if done:
            output_id = f"file-out-{batch_id}"
            self.files[output_id] = self._answers(lines, self.answer)
            body["output_file_id"] = output_id
        return body

    @staticmethod
    def _answers(lines: list[str], answer: Callable[[dict[str, Any], str], str]) -> bytes:
        out = []
        for line in lines:
            row = json.loads(line)
            text = answer(row["body"], row["custom_id"])
            out.append(json.dumps({"id": "r", "custom_id": row["custom_id"],
                                   "response": {"status_code": 200, "body": openai_ok(text)}}))
        return "\n".join(out).encode()


class FakeMessageBatches:
    """POST /v1/messages/batches, GET .../{id} (`in_progress` for `polls_before_done` polls, then `ended`
    with a results_url), GET .../{id}/results (JSONL, one succeeded message per request)."""

    def __init__(self, polls_before_done: int = 1) -> None:
        self.batches: dict[str, dict[str, Any]] = {}
        self.polls_before_done = polls_before_done

    def __call__(self, recorded: Recorded) -> Reply:
        path = recorded.path.split("?")[0]
        if recorded.method == "POST" and path == "/v1/messages/batches":
            batch_id = f"msgbatch_{len(self.batches) + 1}"
            self.batches[batch_id] = {"requests": recorded.body["requests"], "polls": 0}
            return Reply(body=self._batch(batch_id, recorded))
        if recorded.method == "GET" and path.endswith("/results"):
            return Reply(body=self._results(path.split("/")[4]))
        if recorded.method == "GET" and path.startswith("/v1/messages/batches/"):
            batch_id = path.rsplit("/", 1)[1]
            self.batches[batch_id]["polls"] += 1
            return Reply(body=self._batch(batch_id, recorded))
        return Reply(status=404, body={"error": {"message": f"no such endpoint {recorded.method} {path}"}})

    def _batch(self, batch_id: str, recorded: Recorded) -> dict[str, Any]:
        state = self.batches[batch_id]
        n, ended = len(state["requests"]), state["polls"] > self.polls_before_done
        return {"id": batch_id, "type": "message_batch", "created_at": "2026-01-01T00:00:00Z",
                "expires_at": "2026-01-02T00:00:00Z", "archived_at": None, "cancel_initiated_at": None,
                "ended_at": "2026-01-01T01:00:00Z" if ended else None,
                "processing_status": "ended" if ended else "in_progress",
                "request_counts": {"processing": 0 if ended else n, "succeeded": n if ended else 0, "errored": 0,
                                   "canceled": 0, "expired": 0},
                "results_url": f"http://{recorded.headers['host']}/v1/messages/batches/{batch_id}/results"
                if ended else None}

    def _results(self, batch_id: str) -> bytes:
        out = []
        for request in self.batches[batch_id]["requests"]:
            text = mcq_reply(last_user_text("/messages", request["params"]), random.Random(request["custom_id"]))
            out.append(json.dumps({"custom_id": request["custom_id"],
                                   "result": {"type": "succeeded", "message": anthropic_ok(text or "A")}}))
        return "\n".join(out).encode()


class FakeGeminiBatches:
    """POST .../models/{model}:batchGenerateContent (inlined requests), GET .../batches/{id}: pending for
    `polls_before_done` polls, then succeeded with one inlined response per request (metadata kept)."""

    def __init__(self, polls_before_done: int = 1) -> None:
        self.batches: dict[str, dict[str, Any]] = {}
        self.polls_before_done = polls_before_done

    def __call__(self, recorded: Recorded) -> Reply:
        path = recorded.path.split("?")[0]
        if recorded.method == "POST" and path.endswith(":batchGenerateContent"):
            name = f"batches/b{len(self.batches) + 1}"
            self.batches[name] = {"requests": recorded.body["batch"]["inputConfig"]["requests"]["requests"],
                                  "polls": 0}
            return Reply(body=self._job(name))
        if recorded.method == "GET" and "/batches/" in path:
            name = "batches/" + path.rsplit("/", 1)[1]
            self.batches[name]["polls"] += 1
            return Reply(body=self._job(name))
        return Reply(status=404, body={"error": {"code": 404, "message": f"no such endpoint {path}"}})

    def _job(self, name: str) -> dict[str, Any]:
        state = self.batches[name]
        done = state["polls"] > self.polls_before_done
        metadata: dict[str, Any] = {"model": "models/gemini-test",
                                    "state": "BATCH_STATE_SUCCEEDED" if done else "BATCH_STATE_PENDING"}
        if done:
            responses = []
            for item in state["requests"]:
                key = (item.get("metadata") or {}).get("key", "")
                text = mcq_answer({"messages": [{"role": "user", "content": _gemini_text(item["request"])}]}, key)
                responses.append({"response": gemini_ok(text), "metadata": item.get("metadata")})
            metadata["output"] = {"inlinedResponses": {"inlinedResponses": responses}}
        return {"name": name, "metadata": metadata, "done": done}


def _gemini_text(request: dict[str, Any]) -> str:
    contents = request.get("contents") or []
    parts = contents[-1].get("parts", []) if contents else []
    return "\n\n".join(p["text"] for p in parts if isinstance(p.get("text"), str))
