"""Batch APIs for work that is not turn by turn (QA, judging): submit many requests, poll, read results.

Three APIs are built (`batch_for(adapter)`):
- OpenAI Batch (`openai/...`): the requests go up as one JSONL file (`files.create(purpose=
  "batch")`), one batch runs them (`batches.create`, endpoint `/v1/chat/completions`, window 24 h),
  `batches.retrieve` reports progress and `files.content` of its output file gives one chat
  completion per `custom_id`;
- Anthropic Message Batches (`anthropic/...`): `messages.batches.create(requests=[{custom_id,
  params}])`, `retrieve` until `processing_status == "ended"`, then `results` streams one result
  per `custom_id`;
- Gemini batch mode (`google/...`): `aio.batches.create(src=[InlinedRequest(..., metadata={"key":
  custom_id})])`, `aio.batches.get` until `JOB_STATE_SUCCEEDED`, then the inlined responses.

A run is resumable: the batch id is kept in a state file (`.arena/batches/<run id>.json`, or
`$ARENA_BATCH_DIR/<run id>.json`) as soon as the batch is created, so a rerun polls that batch
instead of submitting again; the file is removed once the results are read. Results are priced
at the batch rate (`pricing.BATCH_FACTOR`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena.errors import ArenaError, ConfigError
from arena.providers.anthropic_messages import AnthropicAdapter
from arena.providers.anthropic_messages import from_wire as anthropic_from_wire
from arena.providers.google_genai import GeminiAdapter
from arena.providers.google_genai import from_wire as gemini_from_wire
from arena.providers.messages import Request, Response
from arena.providers.openai_chat import OpenAIChatAdapter, from_wire

BATCH_DIR_ENV = "ARENA_BATCH_DIR"
DEFAULT_BATCH_DIR = Path(".arena") / "batches"
Sleep = Callable[[float], Awaitable[None]]
DONE = frozenset({"completed"})
FAILED = frozenset({"failed", "expired", "cancelled", "cancelling"})


def batch_dir() -> Path:
    return Path(os.environ[BATCH_DIR_ENV]) if os.environ.get(BATCH_DIR_ENV) else DEFAULT_BATCH_DIR


@dataclass(frozen=True)
class BatchProgress:
    batch_id: str
    status: str
    done: int
    total: int
    output_file_id: str | None = None

    @property
    def finished(self) -> bool:
        return self.status in DONE


class OpenAIBatch:
    """One batch of chat completions through the adapter's own SDK client."""

    def __init__(self, adapter: Any) -> None:
        if not isinstance(adapter, OpenAIChatAdapter) or adapter.provider != "openai":
            raise ConfigError(f"--batch is built for openai/..., anthropic/... and google/... entries, not "
                              f"{getattr(adapter, 'provider', '?')}/...")
        self.adapter = adapter
        self._client = adapter._client  # noqa: SLF001 - the batch shares the adapter's configured client

    async def submit(self, requests: dict[str, Request]) -> str:
        """Upload the requests and start the batch; returns its id."""
        lines = [json.dumps({"custom_id": cid, "method": "POST", "url": "/v1/chat/completions",
                             "body": self.adapter.build_params(request)}) for cid, request in requests.items()]
        upload = await self._client.files.create(file=("batch.jsonl", "\n".join(lines).encode()), purpose="batch")
        batch = await self._client.batches.create(input_file_id=upload.id, endpoint="/v1/chat/completions",
                                                  completion_window="24h")
        return str(batch.id)

    async def poll(self, batch_id: str) -> BatchProgress:
        batch = await self._client.batches.retrieve(batch_id)
        counts = getattr(batch, "request_counts", None)
        return BatchProgress(batch_id, str(batch.status), getattr(counts, "completed", 0) or 0,
                             getattr(counts, "total", 0) or 0, getattr(batch, "output_file_id", None))

    async def results(self, progress: BatchProgress) -> dict[str, Response]:
        """custom_id -> the response (a line with an error status becomes an `api_error` response)."""
        if progress.output_file_id is None:
            return {}
        content = await self._client.files.content(progress.output_file_id)
        from openai.types.chat import ChatCompletion

        out: dict[str, Response] = {}
        for line in content.text.splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            reply = row.get("response") or {}
            if reply.get("status_code") == 200:
                out[row["custom_id"]] = from_wire(ChatCompletion.model_validate(reply["body"]))
            else:
                out[row["custom_id"]] = Response(status="api_error", error=json.dumps(row.get("error"))[:300])
        return out


class AnthropicBatch:
    """One Message Batch through the adapter's own SDK client."""

    def __init__(self, adapter: Any) -> None:
        self.adapter = adapter
        self._client = adapter._client  # noqa: SLF001 - the batch shares the adapter's configured client

    async def submit(self, requests: dict[str, Request]) -> str:
        params = [{"custom_id": cid, "params": self.adapter.build_params(request)} for cid, request in requests.items()]
        batch = await self._client.messages.batches.create(requests=params)
        return str(batch.id)

    async def poll(self, batch_id: str) -> BatchProgress:
        batch = await self._client.messages.batches.retrieve(batch_id)
        counts = batch.request_counts
        finished = counts.succeeded + counts.errored + counts.canceled + counts.expired
        status = "completed" if batch.processing_status == "ended" else str(batch.processing_status)
        return BatchProgress(batch_id, status, finished, finished + counts.processing)

    async def results(self, progress: BatchProgress) -> dict[str, Response]:
        out: dict[str, Response] = {}
        async for row in await self._client.messages.batches.results(progress.batch_id):
            if row.result.type == "succeeded":
                out[row.custom_id] = anthropic_from_wire(row.result.message)
            else:
                out[row.custom_id] = Response(status="api_error", error=f"batch result {row.result.type}")
        return out


class GeminiBatch:
    """One Gemini batch job with inlined requests through the adapter's own SDK client."""

    def __init__(self, adapter: Any) -> None:
        self.adapter = adapter
        self._client = adapter._client  # noqa: SLF001 - the batch shares the adapter's configured client
        self._types = adapter._types  # noqa: SLF001

    async def submit(self, requests: dict[str, Request]) -> str:
        inlined = []
        for cid, request in requests.items():
            params = self.adapter.build_params(request)
            inlined.append(self._types.InlinedRequest(model=params["model"], contents=params["contents"],
                                                      config=params["config"], metadata={"key": cid}))
        job = await self._client.aio.batches.create(model=self.adapter.model, src=inlined)
        return str(job.name)

    async def poll(self, batch_id: str) -> BatchProgress:
        job = await self._client.aio.batches.get(name=batch_id)
        state = str(getattr(job.state, "value", job.state))
        status = {"JOB_STATE_SUCCEEDED": "completed", "JOB_STATE_FAILED": "failed",
                  "JOB_STATE_CANCELLED": "cancelled", "JOB_STATE_EXPIRED": "expired"}.get(state, state)
        return BatchProgress(batch_id, status, 0, 0)

    async def results(self, progress: BatchProgress) -> dict[str, Response]:
        job = await self._client.aio.batches.get(name=progress.batch_id)
        out: dict[str, Response] = {}
        for item in (job.dest.inlined_responses if job.dest else None) or []:
            cid = str((item.metadata or {}).get("key"))
            out[cid] = (gemini_from_wire(item.response) if item.response is not None
                        else Response(status="api_error", error=str(item.error)[:300]))
        return out


def batch_for(adapter: Any) -> OpenAIBatch | AnthropicBatch | GeminiBatch:
    """The batch API of `adapter`'s provider; ConfigError for a provider without one here."""
    if isinstance(adapter, AnthropicAdapter):
        return AnthropicBatch(adapter)
    if isinstance(adapter, GeminiAdapter):
        return GeminiBatch(adapter)
    return OpenAIBatch(adapter)


async def run_batch(batch: OpenAIBatch | AnthropicBatch | GeminiBatch, state: BatchState, requests: dict[str, Request],
                    report: Callable[[str], None], poll_s: float, sleep: Sleep) -> dict[str, Response]:
    """Submit `requests` (or resume the batch `state` names), poll with progress, return the results; the
    state file goes once they are read."""
    batch_id = state.load()
    if batch_id is None:
        batch_id = await batch.submit(requests)
        state.save(batch_id, batch.adapter.provider)
        report(f"submitted batch {batch_id} ({len(requests)} requests); rerun the same command to resume")
    else:
        report(f"resuming batch {batch_id}")
    while not (progress := await batch.poll(batch_id)).finished:
        if progress.status in FAILED:
            state.clear()
            raise ArenaError(f"batch {batch_id} ended {progress.status}; rerun to submit it again")
        report(f"batch {batch_id}: {progress.status}, {progress.done}/{progress.total or len(requests)} done")
        await sleep(poll_s)
    results = await batch.results(progress)
    state.clear()
    return results


class BatchState:
    """The state file of one run: which batch holds its requests."""

    def __init__(self, run_id: str) -> None:
        self.path = batch_dir() / f"{run_id}.json"

    def load(self) -> str | None:
        try:
            return str(json.loads(self.path.read_text(encoding="utf-8"))["batch_id"])
        except (OSError, ValueError, KeyError):
            return None

    def save(self, batch_id: str, provider: str) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"batch_id": batch_id, "provider": provider}), encoding="utf-8")
        os.replace(tmp, self.path)

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)
