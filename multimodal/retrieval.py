"""Retrieval memory over sentence chunks: TF-IDF (optionally LSA) vectors in a FAISS inner-product index.

Words come from `multimodal.language` (jieba for Chinese, Unicode words elsewhere, stop words of
each token's script), so one index serves cases in any language. Vectors are L2-normalised, so
the inner product is the cosine similarity: 1.0 for the same words, 0.0 for no shared term. A
query made only of unknown words scores 0 against everything, which is how a caller tells
"nothing relevant" from a weak match. Fitting is deterministic (LSA uses a fixed random state),
so the same texts always give the same hits.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import faiss
import numpy as np
from sklearn.decomposition import TruncatedSVD
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.preprocessing import normalize

from multimodal import language

STOP_WORDS = language.STOP_WORDS["en"]
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n\s*\n|\n(?=\s*[-*•])")
_SPACE = re.compile(r"\s+")
_HEADING = re.compile(r"^(#+ .*|\s*【[^】：:]{1,16}】)", re.MULTILINE)  # markdown, or `【第一幕 初识】`
_ABBREVIATION = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|St|Mt|No|Capt|Col|Prof|Rev|Sgt|Lt|Jr|Sr|Fr|Insp)\.$")
_MARKUP = re.compile(r"\*\*|__|`|^#+\s*|^>\s*", re.MULTILINE)


@dataclass(frozen=True)
class Passage:
    """One chunk of text and where it came from (e.g. `script`, `clue:c_note`, `ocr:c_note`)."""

    text: str
    source: str


@dataclass(frozen=True)
class Hit:
    score: float
    passage: Passage


def _pieces(text: str) -> list[str]:
    """Sentence pieces, with a split after a title abbreviation ("Dr.", "Mrs.") undone."""
    pieces: list[str] = []
    # a heading is never part of a sentence
    separated = _HEADING.sub(lambda m: f"\n\n{m.group(1).strip()}\n\n", language.join_lines(text))
    for piece in _SENTENCE_END.split(_MARKUP.sub("", separated)):
        if pieces and _ABBREVIATION.search(pieces[-1]):
            pieces[-1] = f"{pieces[-1]} {piece}"
        elif language.has_cjk(piece):
            pieces.extend(language.split_chinese_sentences(piece))
        else:
            pieces.append(piece)
    return pieces


def _cut_at(flat: str, max_chars: int) -> int:
    """Where to cut a run longer than `max_chars`: the last space (or Chinese comma) in its second half."""
    cut = max(flat.rfind(" ", 0, max_chars), max(flat.rfind(mark, 0, max_chars) + 1 for mark in "，、："))
    return cut if cut > max_chars // 2 else max_chars


def split_sentences(text: str, min_words: int = 3, max_chars: int = 400) -> list[str]:
    """Sentence-sized chunks: split at sentence ends (Chinese ones too) and blank lines; long runs
    are cut at spaces or Chinese commas (Chinese runs at a third of `max_chars`: a character
    carries about as much as a word).

    Chunks of fewer than `min_words` words (headings, stray names) are dropped.
    """
    chunks: list[str] = []
    for piece in _pieces(text):
        flat = _SPACE.sub(" ", piece).strip(" -*•")
        limit = max_chars // 3 if language.has_cjk(flat) else max_chars
        while len(flat) > limit:
            cut = _cut_at(flat, limit)
            chunks.append(flat[:cut].strip())
            flat = flat[cut:].strip()
        if language.word_count(flat) >= min_words:
            chunks.append(flat)
    return chunks


def passages_from(text: str, source: str) -> list[Passage]:
    return [Passage(chunk, source) for chunk in split_sentences(text)]


class RetrievalIndex:
    """A fitted TF-IDF (+LSA) model over `passages` and a FAISS index of their vectors."""

    def __init__(self, passages: Iterable[Passage], lsa_dims: int | None = None) -> None:
        self.passages = list(dict.fromkeys(passages))  # drop exact duplicates, keep order
        self.vectorizer = TfidfVectorizer(analyzer=language.content_words, sublinear_tf=True)
        self.svd: TruncatedSVD | None = None
        self.index: faiss.IndexFlatIP | None = None
        if not self.passages:
            return
        try:
            matrix = self.vectorizer.fit_transform(p.text for p in self.passages)
        except ValueError:  # every passage was stop words only: nothing to index
            self.passages = []
            return
        if lsa_dims and min(matrix.shape) > 2:
            self.svd = TruncatedSVD(n_components=min(lsa_dims, min(matrix.shape) - 1), random_state=0)
            dense = self.svd.fit_transform(matrix)
        else:
            dense = matrix.toarray()
        vectors = np.ascontiguousarray(normalize(dense).astype(np.float32))
        self.index = faiss.IndexFlatIP(vectors.shape[1])
        self.index.add(vectors)

    def __len__(self) -> int:
        return len(self.passages)

    def embed(self, text: str) -> np.ndarray:
        vector = self.vectorizer.transform([text])
        dense = self.svd.transform(vector) if self.svd is not None else vector.toarray()
        return np.ascontiguousarray(normalize(dense).astype(np.float32))

    def search(self, query: str, k: int = 3, where: Callable[[Passage], bool] | None = None,
               min_score: float = 1e-6) -> list[Hit]:
        """The `k` most similar passages (optionally only those `where` accepts), best first."""
        if self.index is None or not query.strip():
            return []
        wanted = len(self.passages) if where is not None else min(k, len(self.passages))
        scores, ids = self.index.search(self.embed(query), wanted)
        hits = []
        for score, i in zip(scores[0], ids[0], strict=True):
            if i < 0 or score < min_score:
                continue
            passage = self.passages[int(i)]
            if where is None or where(passage):
                hits.append(Hit(round(float(score), 6), passage))
            if len(hits) == k:
                break
        return hits

    def best(self, query: str, where: Callable[[Passage], bool] | None = None) -> Hit | None:
        hits = self.search(query, 1, where)
        return hits[0] if hits else None
