"""What an entry's model can take, applied to each request: the system role and the context window.

- `system_role = "fold"`: chat templates of some small local models drop (or reject) a system
  message; its text then goes at the top of the first user message instead.
- `context_tokens`: a request whose estimated prompt (`arena.providers.estimate.prompt_tokens`)
  plus its output limit would not fit is answered at once with status `context_limit` and no call,
  like a server's own context error: the decision is forfeited and the game goes on.
"""

from __future__ import annotations

from arena.entries import Entry
from arena.providers.estimate import prompt_tokens
from arena.providers.messages import Request, Response, TextPart

FOLD_HEADER = "Instructions:"


def fold_system(request: Request) -> Request:
    """`request` with its system messages moved into the first user message."""
    system = request.system_text
    if not system:
        return request
    turns = list(request.turns)
    first = next(i for i, m in enumerate(turns) if m.role == "user")
    head = TextPart(text=f"{FOLD_HEADER}\n{system}")
    turns[first] = turns[first].model_copy(update={"parts": [head, *turns[first].parts]})
    return request.model_copy(update={"messages": turns})


def adapt(entry: Entry, request: Request) -> Request:
    return fold_system(request) if entry.system_role == "fold" else request


def over_context(entry: Entry, request: Request) -> Response | None:
    """A `context_limit` response when the request cannot fit the entry's context window, else None."""
    if entry.context_tokens is None:
        return None
    needed = prompt_tokens(request, entry.provider) + (request.max_tokens or 0)
    if needed <= entry.context_tokens:
        return None
    return Response(status="context_limit", attempts=0,
                    error=f"the prompt (~{needed} tokens with the output limit) does not fit context_tokens = "
                          f"{entry.context_tokens}; raise it, or set long_script = retrieval | summary")
