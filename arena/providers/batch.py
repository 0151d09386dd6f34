"""Batch APIs for work that is not turn by turn (QA, judging): submit many requests, poll, read results.

Three APIs are built, each beside its adapter (`batch_for(adapter)` asks the adapter's `batch()`):
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
instead of submitting again; the file is removed once the results are read. `ModelClient.run_batch`
sends them and prices the results at the batch's rate (`Batch.price_factor`), counted with every other call.
"""

from __future__ import annotations

import json
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from arena.errors import ArenaError, ConfigError
from arena.providers.messages import Request, Response

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


class Batch(Protocol):
    """A provider's batch API, built by its adapter's optional `batch()` member (beside the adapter:
    `openai_batch.py`, `anthropic_batch.py`, `google_batch.py`). `price_factor` is the batch rate as a share
    of the live price."""

    adapter: Any
    price_factor: float

    async def submit(self, requests: dict[str, Request]) -> str: ...

    async def poll(self, batch_id: str) -> BatchProgress: ...

    async def results(self, progress: BatchProgress) -> dict[str, Response]: ...


def batch_for(adapter: Any) -> Batch:
    """The batch API of `adapter` (its `batch()` member); ConfigError for an adapter without one."""
    make = getattr(adapter, "batch", None)
    if make is None:
        raise ConfigError(f"--batch is built for openai/..., anthropic/... and google/... entries, not "
                          f"{getattr(adapter, 'provider', '?')}/...")
    batch: Batch = make()
    return batch


async def run_batch(batch: Batch, state: BatchState, requests: dict[str, Request],
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
