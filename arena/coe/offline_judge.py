"""The offline judge: deterministic, keyless scoring of transcripts, always labelled `offline`.

It is a transparent stand-in for an LLM judge, not an equal: it reads words, not meaning.

- SPC (was a key statement surfaced?): a statement counts as surfaced by an utterance when the
  utterance covers at least `coverage` of the statement's content words (light stemming) and
  their TF-IDF cosine similarity reaches `similarity`.
- RP (role-play naturalness, 1-10) follows the rubric in docs/coe.md: in character (first
  person, no meta talk about being a model, JSON or prompts), engaged (addresses others by name,
  asks and answers), grounded (uses names, places and times of its own script), varied (not
  repeating itself), and of a natural length.
- CMD (case detail, 0-100): how much of the true method and motive the reasoning statement
  covers, averaged over the two.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.metrics.pairwise import cosine_similarity

from arena.coe.judges import JudgeLabel, RoleLines, Verdict
from multimodal import language

_STOPWORD_TEXT = (
    "a an the and or but if of to in on at by for with from into onto over under about after before "
    "is are was were be been being am do does did have has had i you he she it we they me him her them "
    "my your his its our their this that these those there here then than so as not no yes just very "
    "what which who whom whose when where why how all any some each every one two would could should "
    "will shall can may might must also only even still too up down out off again"
)
STOPWORDS = frozenset(_STOPWORD_TEXT.split())
META_TALK = re.compile(r"\b(as an ai|language model|json|prompt|assistant|i cannot roleplay|system message)\b"
                       r"|作为(?:一个)?(?:AI|人工智能)|语言模型|提示词", re.IGNORECASE)
FIRST_PERSON = re.compile(r"\b(?:i|my|me)\b|我", re.IGNORECASE)


def stem(word: str) -> str:
    for suffix in ("ingly", "edly", "ing", "ed", "es", "s", "ly"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def content_words(text: str) -> set[str]:
    """Stemmed content words; Chinese is segmented by `multimodal.language` (jieba) and keeps
    one-character words (刀, 毒), other scripts drop one-letter tokens."""
    return {stem(w) for w in language.tokens(text)
            if (w not in language.STOP_WORDS["zh"] if language.has_cjk(w) else w not in STOPWORDS and len(w) > 1)}


def coverage(reference: str, candidate: str) -> float:
    """Share of the reference's content words that the candidate contains."""
    ref = content_words(reference)
    return len(ref & content_words(candidate)) / len(ref) if ref else 0.0


@dataclass(frozen=True)
class OfflineJudge:
    """Keyless judge; `label` is stored with every score and shown on the board."""

    coverage: float = 0.5
    similarity: float = 0.25
    name: str = "offline/lexical-v1"
    label: JudgeLabel = "offline"

    def statement_surfaced(self, statement: str, utterances: Sequence[str]) -> bool:
        candidates = [u for u in utterances if u.strip()]
        if not candidates:
            return False
        vectors = TfidfVectorizer(preprocessor=lambda t: " ".join(sorted(content_words(t)))).fit_transform(
            [statement, *candidates])
        sims = cosine_similarity(vectors[0], vectors[1:])[0]
        return any(s >= self.similarity and coverage(statement, u) >= self.coverage
                   for s, u in zip(sims, candidates, strict=True))

    def roleplay(self, utterances: Sequence[str], role_script: str, other_names: Sequence[str]) -> float:
        """Role-play naturalness on the 1-10 scale of the rubric."""
        said = [u for u in utterances if u.strip()]
        if not said:
            return 1.0
        text = " ".join(said)
        words = language.tokens(text)
        in_character = 0.0 if META_TALK.search(text) else (1.0 if FIRST_PERSON.search(text) else 0.5)
        engaged = min(1.0, sum(1 for n in other_names if n and n.split()[0].lower() in text.lower())
                      / max(1, min(3, len(other_names))))
        grounded = min(1.0, len(content_words(text) & content_words(role_script)) / 15)
        varied = len(set(said)) / len(said) * min(1.0, len(set(words)) / max(1, len(words)) * 2)
        mean_len = len(words) / len(said)
        natural_length = 1.0 if 8 <= mean_len <= 120 else 0.4
        score = (0.3 * in_character + 0.2 * engaged + 0.2 * grounded + 0.2 * varied + 0.1 * natural_length)
        return round(1.0 + 9.0 * score, 2)

    def case_detail(self, method: str, motive: str, true_method: str, true_motive: str) -> float:
        """0-100: mean coverage of the true method and motive by the stated ones."""
        return round(50.0 * (coverage(true_method, method) + coverage(true_motive, motive)), 1)

    # --- the `Judge` protocol (arena.coe.judges): the same measures, as verdicts ----------------

    async def spc(self, statements: Sequence[str], lines: Sequence[tuple[str, str]]) -> Verdict:
        said = [text for _, text in lines]
        return Verdict([self.statement_surfaced(s, said) for s in statements])

    async def rp(self, role: RoleLines) -> Verdict:
        return Verdict(self.roleplay(role.lines, role.script, role.others))

    async def cmd(self, method: str, motive: str, true_method: str, true_motive: str) -> Verdict:
        return Verdict(self.case_detail(method, motive, true_method, true_motive))
