"""Cost before spending: tokens and dollars of planned calls, estimated from rendered requests.

The prompt of a request is counted as its characters / 4 (about right for English with every
provider's tokenizer; Chinese text counts nearer 1 token per character, so it is counted by
characters outside ASCII) plus a fixed count per image (OpenAI 765: a high-detail image of four
512-pixel tiles; Anthropic 1,600: the cap for a 1568-pixel image; Gemini 258; the mock provider 85,
as it counts them). The output of a call is not known before it is made: it is taken as
`OUTPUT_TOKENS[strategy]` (capped by the entry's `max_tokens`). Prompt caching follows each
provider's prefix rules (`cached_tokens`): OpenAI and Gemini reuse the longest earlier prompt of
the same agent when it is at least 1,024 tokens (in 128-token steps for OpenAI), Anthropic reads
the prefix up to its cache breakpoints (system prompt and briefing) from the second request on and
writes it on the first. Money uses the entry's prices (`ModelClient.price`), with and without those
cache rates.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from arena.providers.messages import Request
from arena.providers.pricing import Price

CHARS_PER_TOKEN = 4
IMAGE_TOKENS = {"openai": 765, "openai-compatible": 765, "anthropic": 1600, "google": 258, "mock": 85}
DEFAULT_IMAGE_TOKENS = 765
OUTPUT_TOKENS = {"direct": 150, "cot": 450, "qa_direct": 20, "qa_cot": 300}
MIN_CACHEABLE = 1024
OPENAI_CACHE_STEP = 128


def text_tokens(text: str) -> int:
    wide = sum(1 for ch in text if ord(ch) > 0x2E7F)  # CJK and beyond: about one token per character
    return wide + (len(text) - wide) // CHARS_PER_TOKEN


def prompt_tokens(request: Request, provider: str) -> int:
    """The estimated prompt tokens of `request` for `provider`."""
    per_image = IMAGE_TOKENS.get(provider, DEFAULT_IMAGE_TOKENS)
    return sum(text_tokens(m.text) + per_image * len(m.images) + 4 for m in request.messages)


def prefix_tokens(request: Request, provider: str) -> int:
    """Tokens of the messages up to and including the last `cache_breakpoint` (the system prompt counts)."""
    marks = [i for i, m in enumerate(request.messages) if m.cache_breakpoint]
    if not marks:
        return 0
    head = request.model_copy(update={"messages": request.messages[:marks[-1] + 1]})
    return prompt_tokens(head, provider)


def cached_tokens(provider: str, prompts: Sequence[int], prefix: int) -> tuple[list[int], list[int]]:
    """(cache reads, cache writes) per request of one agent whose prompts grow as `prompts`."""
    reads, writes = [0] * len(prompts), [0] * len(prompts)
    if provider == "anthropic":
        for i in range(len(prompts)):
            (reads if i else writes)[i] = prefix if prefix >= MIN_CACHEABLE else 0
        return reads, writes
    if provider not in ("openai", "google"):
        return reads, writes
    for i in range(1, len(prompts)):
        seen = max(prompts[:i])
        if min(seen, prompts[i]) >= MIN_CACHEABLE:
            hit = min(seen, prompts[i])
            reads[i] = hit - hit % OPENAI_CACHE_STEP if provider == "openai" else hit
    return reads, writes


@dataclass
class CostLine:
    """What one entry is estimated to spend."""

    name: str
    games: int = 0
    calls: int = 0
    prompt_tokens: int = 0
    cached_tokens: int = 0
    cache_write_tokens: int = 0
    output_tokens: int = 0
    price: Price | None = None

    def add_agent(self, provider: str, requests: Sequence[Request], output_each: int) -> None:
        """Count one agent's requests (in order) and their outputs."""
        prompts = [prompt_tokens(r, provider) for r in requests]
        reads, writes = cached_tokens(provider, prompts, prefix_tokens(requests[0], provider) if requests else 0)
        self.calls += len(requests)
        self.prompt_tokens += sum(prompts)
        self.cached_tokens += sum(reads)
        self.cache_write_tokens += sum(writes)
        self.output_tokens += output_each * len(requests)

    @property
    def usd(self) -> float | None:
        """Dollars at list prices with the estimated prompt-cache reads and writes."""
        if self.price is None:
            return None
        return self.price.cost(self.prompt_tokens, self.output_tokens, self.cached_tokens, self.cache_write_tokens)

    @property
    def usd_uncached(self) -> float | None:
        return None if self.price is None else self.price.cost(self.prompt_tokens, self.output_tokens)

    def to_dict(self) -> dict[str, object]:
        usd, plain = self.usd, self.usd_uncached
        return {"entry": self.name, "games": self.games, "calls": self.calls, "prompt_tokens": self.prompt_tokens,
                "cached_prompt_tokens": self.cached_tokens, "cache_write_tokens": self.cache_write_tokens,
                "output_tokens": self.output_tokens, "usd": None if usd is None else round(usd, 4),
                "usd_without_prompt_cache": None if plain is None else round(plain, 4)}


def output_estimate(kind: str, max_tokens: int | None) -> int:
    """`OUTPUT_TOKENS[kind]`, capped by the entry's output limit."""
    guess = OUTPUT_TOKENS[kind]
    return min(guess, max_tokens) if max_tokens else guess


def total_usd(lines: Iterable[CostLine]) -> float | None:
    """The sum over entries; None when any entry's price is unknown."""
    costs = [line.usd for line in lines]
    return None if any(c is None for c in costs) else sum(c for c in costs if c is not None)
