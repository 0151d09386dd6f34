"""Gemini batch mode for `GeminiAdapter`: `aio.batches.create(src=[InlinedRequest(..., metadata={"key":
custom_id})])`, `aio.batches.get` until `JOB_STATE_SUCCEEDED`, then the inlined responses."""

from __future__ import annotations

from arena.providers.batch import BatchProgress
from arena.providers.google_genai import GeminiAdapter, from_wire
from arena.providers.messages import Request, Response


class GeminiBatch:
    """One Gemini batch job with inlined requests through the adapter's own SDK client."""

    price_factor = 0.5  # batch mode costs half the live rate

    def __init__(self, adapter: GeminiAdapter) -> None:
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
            out[cid] = (from_wire(item.response) if item.response is not None
                        else Response(status="api_error", error=str(item.error)[:300]))
        return out
