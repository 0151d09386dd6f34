"""Loopback fake of OpenAI's Files and Batches endpoints (used as a `FakeAPI.responder`).

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
from typing import Any

from arena.providers.mock import mcq_reply
from tests.providers.fake_api import Recorded, Reply, last_user_text, openai_ok


def multipart_file(recorded: Recorded) -> bytes:
    """The bytes of the `file` field of a multipart/form-data upload."""
    head = f"Content-Type: {recorded.headers['content-type']}\r\n\r\n".encode()
    message = email.parser.BytesParser(policy=email.policy.default).parsebytes(head + recorded.body)
    for part in message.iter_parts():  # type: ignore[attr-defined]
        if part.get_param("name", header="content-disposition") == "file":
            return bytes(part.get_payload(decode=True))
    raise AssertionError("no file field in the upload")


class FakeBatches:
    def __init__(self, polls_before_done: int = 1) -> None:
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
            self.files[output_id] = self._answers(lines)
            body["output_file_id"] = output_id
        return body

    @staticmethod
    def _answers(lines: list[str]) -> bytes:
        out = []
        for line in lines:
            row = json.loads(line)
            text = mcq_reply(last_user_text("/chat/completions", row["body"]), random.Random(row["custom_id"]))
            out.append(json.dumps({"id": "r", "custom_id": row["custom_id"],
                                   "response": {"status_code": 200, "body": openai_ok(text or "A")}}))
        return "\n".join(out).encode()
