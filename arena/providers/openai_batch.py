"""OpenAI's Batch API for `OpenAIChatAdapter` (`openai/...` only): the requests go up as one JSONL file
(`files.create(purpose="batch")`), one batch runs them (`batches.create`, endpoint `/v1/chat/completions`,
window 24 h), `batches.retrieve` reports progress and `files.content` of its output file gives one chat
completion per `custom_id`."""

from __future__ import annotations

import json

from arena.errors import ConfigError
from arena.providers.batch import BatchProgress
from arena.providers.messages import Request, Response
from arena.providers.openai_chat import OpenAIChatAdapter, from_wire


class OpenAIBatch:
    """One batch of chat completions through the adapter's own SDK client."""

    price_factor = 0.5  # the Batch API's price: half the live rate

    def __init__(self, adapter: OpenAIChatAdapter) -> None:
        if adapter.provider != "openai":
            raise ConfigError(f"--batch is built for openai/..., anthropic/... and google/... entries, not "
                              f"{adapter.provider}/... (an OpenAI-compatible server has no Batch API here)")
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
