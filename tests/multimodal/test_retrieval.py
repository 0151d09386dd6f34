"""Retrieval memory: sentence chunks, TF-IDF/LSA vectors, FAISS inner-product search."""

from __future__ import annotations

from multimodal.retrieval import Passage, RetrievalIndex, passages_from, split_sentences

TEXT = """# The night of the murder

You met the professor in the greenhouse at nine. You struck her with a clay pot.
Dr. Crane was playing chess in the study with Fern after nine forty.

The bank letter says Basil owes four thousand pounds."""


def test_sentences_headings_and_abbreviations() -> None:
    chunks = split_sentences(TEXT)
    assert chunks[0] == "The night of the murder"
    assert "Dr. Crane was playing chess in the study with Fern after nine forty." in chunks
    assert all(len(c.split()) >= 3 for c in chunks)
    long = split_sentences("word " * 300, max_chars=100)
    assert all(len(c) <= 100 for c in long) and len(long) >= 10


def test_best_match_comes_first() -> None:
    index = RetrievalIndex(passages_from(TEXT, "script"))
    hits = index.search("who was playing chess in the study?", k=2)
    assert hits[0].passage.text.startswith("Dr. Crane") and hits[0].score > 0.3
    assert len(hits) <= 2 and all(a.score >= b.score for a, b in zip(hits, hits[1:], strict=False))


def test_number_words_count() -> None:
    index = RetrievalIndex(passages_from(TEXT, "script"))
    best = index.best("at nine")
    assert best is not None and "nine" in best.passage.text


def test_unknown_words_match_nothing() -> None:
    index = RetrievalIndex(passages_from(TEXT, "script"))
    assert index.search("quantum chromodynamics", k=3) == []
    assert RetrievalIndex([]).search("anything") == []
    assert RetrievalIndex([Passage("the and of", "x")]).search("the") == []


def test_filter_by_source() -> None:
    passages = [Passage("The clay pot was broken in the greenhouse.", "script"),
                Passage("A broken clay pot lies by the door.", "clue:c_pot")]
    index = RetrievalIndex(passages)
    hits = index.search("broken clay pot", k=3, where=lambda p: p.source.startswith("clue:"))
    assert [h.passage.source for h in hits] == ["clue:c_pot"]


def test_lsa_mode_is_deterministic() -> None:
    passages = passages_from(TEXT * 3, "script")
    first = RetrievalIndex(passages, lsa_dims=3).search("greenhouse professor", k=3)
    second = RetrievalIndex(passages, lsa_dims=3).search("greenhouse professor", k=3)
    assert first == second and first
