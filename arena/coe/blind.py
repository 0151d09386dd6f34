"""Blind answerers: keyless rows that answer without doing the task, so that a score means something only
above them.

- `builtin/longest` picks the longest option(s): what a test-wise guesser does when the key is written
  with more care than its distractors.
- `builtin/prior` sees the options only (no stem, no context): it scores each option by how often that
  option text, or failing that its words, was the right answer in the *other* cases' questions of the
  same suite (leave one case out). It learns the regularities of a question writer ("0 doorways" is
  never the answer), not the case.
- `builtin/lookup` reads the text the item is sent, with every image withheld and no OCR: it finds each
  option's distinctive words in that text and scores the option by how many of the stem's words stand
  within `WINDOW` characters of them. It answers items whose stem and key copy the sentence that
  states the fact.

On items built right each stays near chance. `arena coe report`, the board and `arena scripts validate`
show the best of them per suite as the **blind ceiling** (`arena.coe.ceiling`).
"""

from __future__ import annotations

import bisect
import functools
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arena.coe.answerers import BuiltinAnswerer, QaItem, pick
from arena.coe.support import distinctive, tokens
from arena.scripts.schema import Script, Suite
from multimodal import language

if TYPE_CHECKING:
    from arena.entries import Entry
    from multimodal.ocr import OcrReader

WINDOW = 250  # characters either side of an option's word in which the stem's words are counted
PRIOR_SMOOTHING = 1.0  # pseudo-counts pulling a rarely seen option text towards the suite's base rate
BLIND_NAMES = ("builtin/longest", "builtin/prior", "builtin/lookup")


def option_length(text: str) -> int:
    """Length as a reader sees it: characters, spaces folded (Chinese options have no spaces)."""
    return len(" ".join(text.split()))


class LongestAnswerer(BuiltinAnswerer):
    name = "longest"

    def choose(self, item: QaItem) -> list[str]:
        scores = {letter: float(option_length(text)) for letter, text in item.shuffled.options.items()}
        return pick(scores, item.n_correct, self.rng(item))


# --- the options-only prior ---------------------------------------------------------------------


def normal_option(text: str) -> str:
    """An option text in the form the prior counts: folded, words only."""
    return " ".join(language.tokens(text))


@dataclass
class Rate:
    right: float = 0.0
    seen: float = 0.0

    def add(self, correct: bool) -> None:
        self.right += float(correct)
        self.seen += 1.0

    def smoothed(self, base: float) -> float:
        return (self.right + PRIOR_SMOOTHING * base) / (self.seen + PRIOR_SMOOTHING)


class OptionPrior:
    """Counts of option texts and option words as right or wrong, per suite and per case, so that the
    counts of every case but one can be read in one subtraction."""

    def __init__(self, cases: Iterable[Script]) -> None:
        self.texts: dict[tuple[str, str], dict[str, Rate]] = defaultdict(lambda: defaultdict(Rate))
        self.words: dict[tuple[str, str], dict[str, Rate]] = defaultdict(lambda: defaultdict(Rate))
        self.base: dict[str, Rate] = defaultdict(Rate)
        self.cases: set[str] = set()
        for script in cases:
            if script.id not in self.cases:
                self.cases.add(script.id)
                self._count(script)

    def _count(self, script: Script) -> None:
        for question in script.questions:
            suite = question.suite.value
            for letter, text in question.options.items():
                correct = letter in question.answer
                self.texts[(suite, normal_option(text))][script.id].add(correct)
                for word in tokens(text):
                    self.words[(suite, word)][script.id].add(correct)
                self.base[suite].add(correct)

    @staticmethod
    def _without(per_case: dict[str, Rate], case: str) -> Rate:
        total = Rate()
        for other, rate in per_case.items():
            if other != case:
                total.right += rate.right
                total.seen += rate.seen
        return total

    def score(self, suite: Suite, text: str, case: str) -> float:
        """How often options like `text` were right in the other cases (0..1)."""
        base = self.base.get(suite.value)
        prior = base.smoothed(0.25) if base is not None and base.seen else 0.25
        exact = self._without(self.texts.get((suite.value, normal_option(text)), {}), case)
        if exact.seen >= 2:
            return exact.smoothed(prior)
        rates = [self._without(self.words[(suite.value, w)], case) for w in tokens(text)
                 if (suite.value, w) in self.words]
        known = [r.smoothed(prior) for r in rates if r.seen]
        return sum(known) / len(known) if known else prior


class PriorAnswerer(BuiltinAnswerer):
    """Options only, with a prior learned from the other cases of `corpus` (default: every installed case:
    the hand-written ones and the generated set, plus the case asked about, which it leaves out)."""

    name = "prior"

    def __init__(self, entry: Entry, ocr: OcrReader | None = None,
                 corpus: Callable[[], Sequence[Script]] | None = None) -> None:
        super().__init__(entry, ocr)
        self._corpus = corpus or installed_corpus
        self._prior: OptionPrior | None = None

    def prior(self) -> OptionPrior:
        if self._prior is None:
            self._prior = OptionPrior(self._corpus())
        return self._prior

    def choose(self, item: QaItem) -> list[str]:
        prior = self.prior()
        scores = {letter: prior.score(item.question.suite, text, item.script.id)
                  for letter, text in item.shuffled.options.items()}
        return pick(scores, item.n_correct, self.rng(item))


def installed_corpus() -> list[Script]:
    """Every case that loads under the scripts folder, hand-written and generated (a failing one is left
    out: the prior only counts questions); read once per folder and process."""
    from arena.scripts.loader import default_scripts_dir

    return list(_corpus_of(str(default_scripts_dir().resolve())))


@functools.lru_cache(maxsize=4)
def _corpus_of(folder: str) -> tuple[Script, ...]:
    from arena.errors import ScriptError
    from arena.scripts.loader import discover_cases, load_script_unchecked

    cases = []
    for path in discover_cases(folder, which="all"):
        try:
            cases.append(load_script_unchecked(path))
        except ScriptError:
            continue
    return tuple(cases)


# --- the keyword lookup -------------------------------------------------------------------------

_WORD = re.compile(r"\w+")
_SPACE = re.compile(r"\s+")


class TextIndex:
    """Where each word stands in a folded text (character offsets, sorted), for window counts."""

    def __init__(self, text: str) -> None:
        self.text = _SPACE.sub(" ", language.fold(text))
        self.at: dict[str, list[int]] = defaultdict(list)
        for match in _WORD.finditer(self.text):
            self.at[match.group()].append(match.start())

    def positions(self, word: str) -> list[int]:
        """Offsets of `word`: a whole word in Latin script, any occurrence of a Han word."""
        if not language.has_cjk(word):
            return self.at.get(word, [])
        found, start = [], self.text.find(word)
        while start >= 0:
            found.append(start)
            start = self.text.find(word, start + 1)
        return found

    def near(self, word: str, at: int, width: int = WINDOW) -> bool:
        hits = self.positions(word)
        i = bisect.bisect_left(hits, at - width)
        return i < len(hits) and hits[i] <= at + width


def window_score(index: TextIndex, option_words: set[str], stem_words: set[str]) -> float:
    """The most stem words found within `WINDOW` characters of any of the option's words, plus the share
    of the option's words found at all (a tie-break among options that no stem word stands beside)."""
    best, found = 0, 0
    for word in option_words:
        hits = index.positions(word)
        found += bool(hits)
        for at in hits:
            best = max(best, sum(1 for s in stem_words if index.near(s, at)))
    return best + (found / len(option_words) if option_words else 0.0)


class LookupAnswerer(BuiltinAnswerer):
    name = "lookup"

    def choose(self, item: QaItem) -> list[str]:
        index = TextIndex(" \n".join(body for _, body in item.context.texts))
        stem = {w for w in tokens(item.question.stem) if len(w) > 1 or language.has_cjk(w)}
        scores = {}
        for letter, wanted in distinctive(item.shuffled.options).items():
            scores[letter] = window_score(index, wanted - stem, stem) if wanted - stem else 0.0
        return pick(scores, item.n_correct, self.rng(item))


BLIND_ANSWERERS: dict[str, type[BuiltinAnswerer]] = {
    "builtin/longest": LongestAnswerer, "builtin/prior": PriorAnswerer, "builtin/lookup": LookupAnswerer}
