"""Keeping a judge panel honest: blinding, no self-judging, and order swaps per judge.

- **Blinding**: judges see character names, quoted lines and reference text only. `Blind` also
  scrubs from every quoted line the names, ids, models and providers of the two entries that
  played the game (a model may well say "as gpt-4o, ..."), so no judge learns whose transcript it
  reads.
- **No self-judging**: a judge never scores a game whose civilian entry is itself or runs on the
  same provider and model (`self_judging`).
- **Order swaps**: where order can bias a judge, each judge sees its own order. The SPC key
  statements are shown in a permutation seeded by (judge, game) (`statement_order`), and the
  verdicts are mapped back to the case's order before they are stored.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from arena.tournament.plan import digest

HIDDEN = "[player]"
UNHIDDEN_PROVIDERS = frozenset({"builtin", "mock", "human"})  # ordinary words; not a model's name
MIN_TERM = 3


@dataclass(frozen=True)
class EntryFacts:
    """What identifies an entry: its id, display name, provider and model."""

    entry_id: str
    name: str
    provider: str
    model: str

    @property
    def terms(self) -> list[str]:
        """The strings that would give the entry away, longest first."""
        found = {self.entry_id, self.name, f"{self.provider}/{self.model}", self.entry_id.split("@")[0]}
        if self.provider not in UNHIDDEN_PROVIDERS:  # a built-in's bare model name is a word ("naive")
            found |= {self.provider, self.model, self.model.split("/")[-1]}
        return sorted((t for t in found if len(t) >= MIN_TERM), key=len, reverse=True)


@dataclass(frozen=True)
class Blind:
    """Replaces every identifying term of the given entries by `[player]` (case-insensitive)."""

    pattern: re.Pattern[str] | None

    @classmethod
    def of(cls, entries: Iterable[EntryFacts]) -> Blind:
        terms = sorted({t for e in entries for t in e.terms}, key=len, reverse=True)
        if not terms:
            return cls(None)
        alternatives = "|".join(re.escape(t) for t in terms)
        return cls(re.compile(rf"(?<![\w/@.-])(?:{alternatives})(?![\w/@-])", re.IGNORECASE))

    def __call__(self, text: str) -> str:
        return text if self.pattern is None else self.pattern.sub(HIDDEN, text)

    def lines(self, lines: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
        return [(speaker, self(text)) for speaker, text in lines]


def self_judging(judge: EntryFacts | None, civilians: EntryFacts | None) -> bool:
    """True when `judge` would score its own transcript: the same entry, or the same provider and model."""
    if judge is None or civilians is None:
        return False
    same_model = (judge.provider, judge.model) == (civilians.provider, civilians.model)
    return judge.entry_id == civilians.entry_id or same_model


def statement_order(judge_name: str, game_id: str, n: int) -> list[int]:
    """A permutation of range(n) for this judge and game: each judge of a panel sees its own order,
    the same one on every rerun."""
    order = list(range(n))
    random.Random(int(digest("spc-order", judge_name, game_id, length=12), 16)).shuffle(order)
    return order


def unpermute(flags: Sequence[bool], order: Sequence[int]) -> list[bool]:
    """Verdicts given in the shown order, back in the original order (`flags[k]` is about `order[k]`)."""
    back = [False] * len(order)
    for shown, original in enumerate(order):
        back[original] = flags[shown]
    return back
