"""Legible cards: every text-rich card with a mild look must keep the OCR floor once rendered.

After a case is written and rendered, `make_legible` reads each such card back with plain
tesseract (the same measure `arena scripts validate --legibility` applies). A card that recovers
fewer than `LEGIBILITY_FLOOR` of its words is drawn again with the next plainer look of
`FALLBACKS` (a plainer look, then a sans face) until one passes, and cards.yaml records what it kept. Hard looks
(handwriting, stamps, heavy photos) are measured by `benchmarks/cards_bench.py`, not floored. OCR
is deterministic for one tesseract build, so the written case stays byte-identical per seed.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena.errors import GenerationError
from multimodal.cards.legibility import file_recovery
from multimodal.cards.look import legibility_class, resolve_look
from multimodal.cards.render import CardSpec, card_bytes, load_card_specs

LEGIBILITY_FLOOR = 0.9  # share of a mild text card's words plain OCR must recover
# plainer renderings tried in turn for a card that misses: a look (None: none) and, last, a sans or serif face
# (plain OCR skips the item lines of some monospaced receipts between their dashed rules)
FALLBACKS: tuple[tuple[str | None, dict[str, str]], ...] = (
    ("typed", {}), ("book", {}), (None, {}), ("typed", {"font": "sans"}), (None, {"font": "sans"}),
    (None, {"font": "serif"}), ("typed", {"font": "serif"}))
FONT_TEMPLATES = frozenset({"document", "receipt"})  # templates whose params take a `font`
TEXT_TEMPLATES = frozenset({"document", "receipt", "chat"})


@dataclass(frozen=True)
class Redrawn:
    """A card re-rendered to keep the floor: its file, the look it had and its recovery, the look and face kept."""

    file: str
    was: str | None
    recovery: float
    now: str | None
    font: str | None = None


def floored(spec: CardSpec) -> bool:
    """Whether the OCR floor applies: a text card whose look is mild."""
    return spec.template in TEXT_TEMPLATES and legibility_class(resolve_look(spec.look)) == "mild"


def redraw(folder: Path, spec: CardSpec, lang: str = "eng") -> CardSpec | None:
    """The first fallback under which the card, written to its file, keeps the floor (None if none does)."""
    for look, params in FALLBACKS:
        if (look == spec.look and not params) or (params and spec.template not in FONT_TEMPLATES):
            continue
        candidate = spec.model_copy(update={"look": look, "params": {**spec.params, **params}})
        (folder / spec.file).write_bytes(card_bytes(candidate))
        if file_recovery(candidate, folder / spec.file, lang) >= LEGIBILITY_FLOOR:
            return candidate
    return None


def first_reading(folder: Path, specs: list[CardSpec], lang: str) -> list[tuple[int, CardSpec, float]]:
    """Every floored card's index, spec and OCR recovery as rendered, read in parallel (one tesseract process
    per core; the readings, and so the case, are the same as one at a time)."""
    floored_cards = [(i, spec) for i, spec in enumerate(specs) if floored(spec)]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        scores = list(pool.map(lambda card: file_recovery(card[1], folder / card[1].file, lang), floored_cards))
    return [(i, spec, got) for (i, spec), got in zip(floored_cards, scores, strict=True)]


def make_legible(folder: Path, lang: str = "eng") -> tuple[list[CardSpec], list[Redrawn]]:
    """Re-render every floored card of a written case that misses the floor: the specs as they now stand (to
    write back into cards.yaml) and the redraws. `lang` is the case's tesseract language (`ocr_language`)."""
    specs = load_card_specs(folder)
    redrawn: list[Redrawn] = []
    for i, spec, got in first_reading(folder, specs, lang):
        if got >= LEGIBILITY_FLOOR:
            continue
        better = redraw(folder, spec, lang)
        if better is None:
            raise GenerationError(f"{folder.name}: card {spec.file} recovers {got:.0%} of its words under OCR and no "
                                  f"plainer look reaches the {LEGIBILITY_FLOOR:.0%} floor (fix: shorten its text or "
                                  "use larger type)")
        specs[i] = better
        redrawn.append(Redrawn(spec.file, look_name(spec.look), got, look_name(better.look), better.params.get("font")))
    return specs, redrawn


def look_name(look: str | dict[str, Any] | None) -> str | None:
    return look if look is None or isinstance(look, str) else str(look.get("preset"))

