"""Role scripts too long for a model's context window (`Entry.context_tokens`, `Entry.long_script`).

The briefing carries the role's whole private script. When the first request would take more than
`BRIEFING_SHARE` of the window (the rest is left for the game: transcripts, clues, decisions,
answers), the script is cut to fit:

- `retrieval`: the script's paragraphs scored by how many words they share with what the role must
  act on (its goals, the roles, the locations and the visible clues), the best kept in their
  original order until the budget is used;
- `summary`: the first sentence of every paragraph, in order, until the budget is used;
- `full` (default): nothing is cut, and a request that does not fit ends as `context_limit`.

Both cuts are deterministic and offline (no model call). The briefing says the script was shortened.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from arena.engine.observation import Observation
from arena.providers.estimate import text_tokens

BRIEFING_SHARE = 0.6
MIN_SCRIPT_TOKENS = 200
WORD = re.compile(r"\w+", re.UNICODE)
SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s*")
NOTE = {"retrieval": "(Your script was too long for your context: only its most relevant paragraphs are kept.)",
        "summary": "(Your script was too long for your context: only the first sentence of each paragraph is kept.)"}


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text) if len(w) > 3}


def _paragraphs(script: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", script) if p.strip()]


def _fill(pieces: list[str], order: list[int], budget: int) -> str:
    kept: set[int] = set()
    used = 0
    for index in order:
        cost = text_tokens(pieces[index])
        if used + cost > budget:
            continue
        kept.add(index)
        used += cost
    return "\n\n".join(pieces[i] for i in sorted(kept))


def retrieve(obs: Observation, budget: int) -> str:
    paragraphs = _paragraphs(obs.script)
    focus = _words(" ".join([*obs.goals, *(r.name for r in obs.roles), *(loc.name for loc in obs.locations),
                             *(f"{c.title} {c.text}" for c in obs.clues)]))
    scores = [len(_words(p) & focus) for p in paragraphs]
    order = sorted(range(len(paragraphs)), key=lambda i: (-scores[i], i))
    return _fill(paragraphs, order, budget)


def summarise(obs: Observation, budget: int) -> str:
    leads = [SENTENCE_END.split(p, maxsplit=1)[0] for p in _paragraphs(obs.script)]
    return _fill(leads, list(range(len(leads))), budget)


CUTS: dict[str, Callable[[Observation, int], str]] = {"retrieval": retrieve, "summary": summarise}


def fit_script(obs: Observation, context_tokens: int | None, strategy: str, prompt_tokens: int) -> Observation:
    """`obs` with its script cut per `strategy` when a first request of `prompt_tokens` would take more than
    `BRIEFING_SHARE` of `context_tokens`; unchanged otherwise (or for `full`)."""
    if context_tokens is None or strategy not in CUTS or prompt_tokens <= BRIEFING_SHARE * context_tokens:
        return obs
    others = prompt_tokens - text_tokens(obs.script)
    budget = max(MIN_SCRIPT_TOKENS, int(BRIEFING_SHARE * context_tokens) - others)
    script = CUTS[strategy](obs, budget)
    return obs.model_copy(update={"script": f"{NOTE[strategy]}\n\n{script}"})
