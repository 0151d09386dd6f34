"""Model providers: provider-neutral messages, thin adapters per API, and the client around them.

    from arena.providers import ModelClient, Message, Request, ImagePart
    async with ModelClient() as client:
        response = await client.generate(entry, Request(messages=[Message.user("Who did it?")]))
"""

from arena.providers.base import AdapterConfig, CallFailure, ImageLimits, TransientError
from arena.providers.cache import ResponseCache, cache_key
from arena.providers.client import CallRecord, ModelClient, Usage
from arena.providers.messages import CALL_STATUSES, CallStatus, ImagePart, Message, Request, Response, TextPart
from arena.providers.registry import ENTRY_POINT_GROUP, create_adapter, list_providers, register_adapter
from arena.providers.retry import RetryPolicy

__all__ = [
    "CALL_STATUSES", "ENTRY_POINT_GROUP", "AdapterConfig", "CallFailure", "CallRecord", "CallStatus", "ImageLimits",
    "ImagePart", "Message", "ModelClient", "Request", "Response", "ResponseCache", "RetryPolicy", "TextPart",
    "TransientError", "Usage", "cache_key", "create_adapter", "list_providers", "register_adapter",
]
