"""MIRAGE's metrics with known answers on a hand-made transcript (docs/coe.md gives the formulas)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from arena.coe.judges import Verdict
from arena.coe.metrics import transcript_from
from arena.coe.mirage import MIRAGE_RULE, cic, ici, reciprocal_rank, rouge_l, sci, tii, victory
from arena.coe.mirage_judges import OfflineMirageJudge, PlayerView, parse_abilities, parse_compliance, parse_trust
from arena.coe.mirage_scoring import judge_mirage
from arena.coe.scoring import GameJob
from arena.engine.actions import Phase
from arena.engine.events import (
    ActionEvent,
    AnswerEvent,
    ClueRevealed,
    GameEnded,
    Outcome,
    PhaseStarted,
    ReasoningEvent,
    SeatingEvent,
    Utterance,
    VictimVote,
    VoteEvent,
)
from arena.scripts.loader import load_script

STAGED = Path(__file__).resolve().parents[1] / "fixtures" / "staged_case"
NAMES = {"ada": "Ada Finch", "cole": "Cole Marsh", "bea": "Bea Lowe"}


def outcome(votes: dict[str, int], culprits: list[str], victims: list[VictimVote] | None = None) -> Outcome:
    return Outcome(winner="murderer", status="finished", culprits=culprits, votes=votes, abstentions=0, leaders=[],
                   reason="test", victims=victims)


def victim_vote(votes: dict[str, int], culprits: list[str]) -> VictimVote:
    return VictimVote(victim="v", name="V", culprits=culprits, winner="murderer", votes=votes, abstentions=0,
                      leaders=[], reason="test")


def test_victory_is_the_reciprocal_rank_of_the_culprit() -> None:
    assert reciprocal_rank({"a": 2, "b": 1, "c": 0}, ["b"]) == 0.5
    assert reciprocal_rank({"a": 1, "b": 1, "c": 0}, ["a"]) == 0.5  # a tie never ranks the culprit first
    assert reciprocal_rank({"a": 3, "b": 0}, ["b"]) == 0.0  # no vote, no rank
    assert reciprocal_rank({"a": 1, "b": 2, "c": 3}, ["a", "b"]) == 0.5  # the best-ranked culprit
    assert victory(outcome({"a": 3, "b": 1}, ["a"])) == 100.0
    two = [victim_vote({"a": 2, "b": 1}, ["a"]), victim_vote({"a": 2, "b": 1, "c": 1}, ["c"])]
    assert victory(outcome({"a": 4, "b": 2, "c": 1}, ["a", "c"], two)) == pytest.approx(100 * (1 + 1 / 3) / 2)


def test_rouge_l_tii_ici_and_sci_formulas() -> None:
    assert rouge_l("the cat sat on the mat", "the cat on the mat") == pytest.approx(2 * 1 * (5 / 6) / (1 + 5 / 6))
    assert rouge_l("听松茶庄", "听松") == pytest.approx(2 * 1 * 0.5 / 1.5)  # one token per CJK character
    assert rouge_l("anything", "") == 0.0
    table = {"Bea": {"Ada": (2.0, 6.0), "Cole": (5.0, 5.0)}, "Dan": {"Ada": (0.0, 4.0), "Bea": (3.0, 1.0)}}
    assert tii(table, ["Ada"]) == pytest.approx(100 * 2 / 12)
    assert tii(table, ["Ada", "Cole"]) == pytest.approx((100 * 2 / 12 + 50) / 2)
    assert tii(table, ["Eve"]) is None
    assert ici({"reasoning": 20, "communication": 10, "observation": 10, "creativity": 0}) == 50.0
    assert sci(16, "you hid the key", "you hid the key") == (90.0, 1.0)


def hand_made_game() -> list:
    """Bea (civilian) and the culprits Ada and Cole, on the staged fixture, written by hand."""
    return [
        SeatingEvent(civilians="c", murderer="m", order=["bea", "ada", "cole"], roles=NAMES,
                     factions={"bea": "civilians", "ada": "murderer", "cole": "murderer"}),
        PhaseStarted(phase=Phase.INITIALIZATION, round=0, turn_order=["bea", "ada", "cole"]),
        Utterance(role="bea", phase=Phase.INITIALIZATION, round=0, text="I am Bea Lowe, I watch birds."),
        ActionEvent(role="bea", round=1, action="investigate", speech="I suspect Ada is lying.", location="lamp"),
        ClueRevealed(clue_id="c_paint", title="Paint", round=1, reason="investigate", by="bea", location="lamp"),
        ActionEvent(role="ada", round=1, action="investigate", speech="", location="lamp"),
        ClueRevealed(clue_id="c_deed", title="Deed", round=1, reason="investigate", by="ada", location="lamp"),
        ActionEvent(role="bea", round=2, action="ask", speech="", target="cole", question="Cole, I trust you?"),
        AnswerEvent(role="cole", round=2, asker="bea", question="Cole, I trust you?", text="Yes."),
        ReasoningEvent(role="bea", suspect="ada", method="pushed", motive="the sale"),
        VoteEvent(role="bea", target="ada"), VoteEvent(role="ada", target="bea"), VoteEvent(role="cole", target="bea"),
        GameEnded(status="finished", outcome=outcome({"ada": 1, "cole": 0, "bea": 2}, ["ada", "cole"])),
    ]


def test_cic_counts_only_the_civilians_investigations() -> None:
    result = cic(transcript_from(hand_made_game()), load_script(STAGED))
    assert result is not None
    assert result[0] == pytest.approx(100 / 3) and result[1] == ["c_paint"]  # 3 location clues in the case


class FixedJudge:
    name, label = "test/fixed-judge", "llm"

    async def trust(self, view: PlayerView) -> Verdict:
        return Verdict({"Ada Finch": (1.0, 3.0), "Cole Marsh": (4.0, 4.0)})

    async def abilities(self, view: PlayerView) -> Verdict:
        return Verdict({"reasoning": 12.0, "communication": 8.0, "observation": 16.0, "creativity": 4.0})

    async def compliance(self, view: PlayerView) -> Verdict:
        return Verdict({"roleplay": 10.0, "reconstruction": view.script})


def test_every_metric_of_the_hand_made_game_is_stored_with_its_judge() -> None:
    job = GameJob("g1", "c", load_script(STAGED), transcript_from(hand_made_game()), frozenset())
    rows = {(r.metric, r.role): r for r in asyncio.run(judge_mirage(job, FixedJudge()))}
    assert rows[("victory", None)].value == 50.0 and rows[("victory", None)].judge == MIRAGE_RULE
    assert rows[("cic", None)].value == pytest.approx(33.33)
    assert rows[("tii", None)].value == pytest.approx((25.0 + 50.0) / 2)  # culprits Ada and Cole, rater Bea
    assert rows[("ici", "bea")].value == 50.0 and rows[("ici", "bea")].judge == "test/fixed-judge"
    assert rows[("sci", "bea")].value == 75.0  # (10 x 5 + Rouge-L 1.0 x 100) / 2
    assert {r.judge_label for m, r in rows.items() if m[0] in ("tii", "ici", "sci")} == {"llm"}


def test_a_failed_judgement_is_stored_without_a_value() -> None:
    class Failing(FixedJudge):
        async def abilities(self, view: PlayerView) -> Verdict:
            return Verdict(None, "parse_error")

    job = GameJob("g1", "c", load_script(STAGED), transcript_from(hand_made_game()), frozenset())
    rows = {(r.metric, r.role): r for r in asyncio.run(judge_mirage(job, Failing()))}
    assert rows[("ici", "bea")].value is None and rows[("ici", "bea")].details["status"] == "parse_error"


def test_llm_replies_are_parsed_strictly() -> None:
    assert parse_trust('{"scores": {"Ada": {"trust": 2, "suspicion": 7}}}', ["Ada"]) == {"Ada": (2.0, 7.0)}
    assert parse_trust('{"scores": {"Ada": {"trust": 11, "suspicion": 7}}}', ["Ada"]) is None
    assert parse_trust('{"scores": {}}', ["Ada"]) is None
    good = '{"reasoning": 1, "communication": 2, "observation": 3, "creativity": 20}'
    assert parse_abilities(good) == {"reasoning": 1.0, "communication": 2.0, "observation": 3.0, "creativity": 20.0}
    assert parse_abilities(good.replace("20", "21")) is None
    assert parse_compliance('{"roleplay": 12, "script": "You are..."}') == {"roleplay": 12.0,
                                                                            "reconstruction": "You are..."}
    assert parse_compliance('{"roleplay": 12}') is None


def test_the_offline_judge_reads_trust_and_suspicion_words() -> None:
    view = PlayerView("Bea Lowe", "", ["Ada Finch", "Cole Marsh", "Dan Roe"],
                      ["I suspect Ada. Ada is lying about the stairs.", "I trust Cole, his alibi holds."], [], "")
    verdict = asyncio.run(OfflineMirageJudge().trust(view))
    assert verdict.value == {"Ada Finch": (0.0, 2.0), "Cole Marsh": (1.0, 0.0)}  # Dan never named: not scored
