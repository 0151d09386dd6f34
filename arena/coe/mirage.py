"""MIRAGE's metrics from our event log: pure functions, events in, numbers out (MIRAGE, section 3.2
and appendix B; formulas and their sections in docs/coe.md).

All values are on 0-100 and belong to the game's civilian entry (it plays every civilian role):

- **Victory** (MIRAGE Table 2: "the MRR score of the result of voting"): the reciprocal rank of the
  culprit in the vote tally, x 100. Rank = 1 + the roles other than the culprit with at least as
  many votes (a tie never ranks the culprit first, as a tie never identifies it); a culprit with no
  vote scores 0. Several culprits: the best-ranked one. Several victims: the mean over the victims,
  each with its culprits.
- **CIC** (appendix B.2, `CIC = sum_c CN_c / CA`): clues the civilian roles revealed by investigating
  over every clue that can be investigated in the case (`location` clues, all stages), x 100.
- **TII** (appendix B.1, `TII_c' = sum_c P_T(c, c') / (sum_c P_S(c, c') + sum_c P_T(c, c'))`): from the
  trust and suspicion scores the civilian roles hold toward each other character (given by the
  judge, `mirage_judges`), per character; the game's TII is the culprits' mean, x 100: how far the
  civilians trusted the murderer (lower is better for the civilians).
- **ICI** (section 3.2, appendix table 23): the judge's four 0-20 criteria (reasoning and analysis,
  communication and cooperation, detail observation, creative thinking): their sum over 80, x 100.
- **SCI** (section 3.2, table 24): the mean of the judge's role-play score (0-20, x 5) and the Rouge-L
  F-measure of the role script against the judge's reconstruction of it from the transcript (x 100),
  per civilian role. Rouge-L comes from the `rouge-score` package on this module's tokens.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache

from rouge_score import rouge_scorer

from arena.coe.metrics import Transcript
from arena.engine.events import ClueRevealed, GameEnded, Outcome
from arena.scripts.schema import Script, Visibility

MIRAGE_RULE = "rule/mirage-v1"  # the judge id of the counted metrics (Victory, CIC)
MIRAGE_METRICS = ("victory", "tii", "cic", "ici", "sci")
ICI_CRITERIA = ("reasoning", "communication", "observation", "creativity")
WORD = re.compile(r"[^\W_]+", re.UNICODE)
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


class Words:
    """Tokenizer for Rouge-L: lower-cased Unicode words, each CJK character its own token.
    (Stand-in until the project's `multimodal/language.py` word splitter is on main.)"""

    def tokenize(self, text: str) -> list[str]:
        tokens: list[str] = []
        for word in WORD.findall(text.lower()):
            tokens += CJK.findall(word) if CJK.search(word) else [word]
        return tokens


@cache
def _scorer() -> rouge_scorer.RougeScorer:
    return rouge_scorer.RougeScorer(["rougeL"], tokenizer=Words())


def rouge_l(reference: str, candidate: str) -> float:
    """Rouge-L F-measure (0-1) of `candidate` against `reference`; 0 when either has no words."""
    if not Words().tokenize(reference) or not Words().tokenize(candidate):
        return 0.0
    return float(_scorer().score(reference, candidate)["rougeL"].fmeasure)


def reciprocal_rank(votes: Mapping[str, int], culprits: Iterable[str]) -> float:
    """The best reciprocal rank of a culprit in the tally (see the module docstring), 0-1."""
    best = 0.0
    for culprit in culprits:
        mine = votes.get(culprit, 0)
        if mine <= 0:
            continue
        rank = 1 + sum(1 for role, n in votes.items() if role != culprit and n >= mine)
        best = max(best, 1.0 / rank)
    return best


def victory(outcome: Outcome) -> float:
    """Victory (0-100) of a finished game's outcome."""
    if outcome.victims:
        return 100.0 * sum(reciprocal_rank(v.votes, v.culprits) for v in outcome.victims) / len(outcome.victims)
    return 100.0 * reciprocal_rank(outcome.votes, outcome.culprits)


def game_outcome(transcript: Transcript) -> Outcome | None:
    ended = next((e for e in transcript.events if isinstance(e, GameEnded)), None)
    return ended.outcome if ended is not None and ended.status == "finished" else None


def investigable(script: Script) -> list[str]:
    return [c.id for c in script.clues if c.visibility is Visibility.LOCATION]


def cic(transcript: Transcript, script: Script) -> tuple[float, list[str]] | None:
    """CIC (0-100) and the clues the civilian roles found; None when the case has nothing to investigate."""
    available = investigable(script)
    if not available:
        return None
    civilians = set(transcript.civilian_roles)
    found = [e.clue_id for e in transcript.events
             if isinstance(e, ClueRevealed) and e.reason == "investigate" and e.by in civilians]
    return 100.0 * len(set(found) & set(available)) / len(available), found


TrustTable = Mapping[str, Mapping[str, tuple[float, float]]]  # rater -> target -> (trust, suspicion)


def tii_per_character(table: TrustTable) -> dict[str, float]:
    """TII (0-100) of every character some rater scored; characters with no trust or suspicion left out."""
    trust: dict[str, float] = {}
    suspicion: dict[str, float] = {}
    for rater, row in table.items():
        for target, (t, s) in row.items():
            if target == rater:
                continue
            trust[target] = trust.get(target, 0.0) + t
            suspicion[target] = suspicion.get(target, 0.0) + s
    return {c: 100.0 * trust[c] / (trust[c] + suspicion[c]) for c in trust if trust[c] + suspicion[c] > 0}


def tii(table: TrustTable, culprits: Sequence[str]) -> float | None:
    """The game's TII: the culprits' mean TII as the raters saw them (None when no culprit was scored)."""
    per = tii_per_character(table)
    scored = [per[c] for c in culprits if c in per]
    return sum(scored) / len(scored) if scored else None


def ici(criteria: Mapping[str, float]) -> float:
    """ICI (0-100) from the four 0-20 criteria."""
    return 100.0 * sum(float(criteria[k]) for k in ICI_CRITERIA) / (20.0 * len(ICI_CRITERIA))


def sci(roleplay: float, reference: str, reconstruction: str) -> tuple[float, float]:
    """(SCI 0-100, Rouge-L 0-1) from the judge's 0-20 role-play score and its reconstruction of the script."""
    overlap = rouge_l(reference, reconstruction)
    return (5.0 * roleplay + 100.0 * overlap) / 2.0, overlap
