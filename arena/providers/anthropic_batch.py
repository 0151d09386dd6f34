"""Anthropic's Message Batches for `AnthropicAdapter`: `messages.batches.create(requests=[{custom_id,
params}])`, `retrieve` until `processing_status == "ended"`, then `results` streams one result per
`custom_id`."""

from __future__ import annotations

from arena.providers.anthropic_messages import AnthropicAdapter, from_wire
from arena.providers.batch import BatchProgress
from arena.providers.messages import Request, Response


class AnthropicBatch:
    """One Message Batch through the adapter's own SDK client."""

    price_factor = 0.5  # Message Batches cost half the live rate

    def __init__(self, adapter: AnthropicAdapter) -> None:
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
                out[row.custom_id] = from_wire(row.result.message)
            else:
                out[row.custom_id] = Response(status="api_error", error=f"batch result {row.result.type}")
        return out
