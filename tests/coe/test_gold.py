"""The hand-scored gold set: at least 30 items with scores in range and reasons, and the judge-vs-gold
comparison: a judge that returns the gold scores agrees perfectly, the offline judge is measured."""

from __future__ import annotations

import asyncio
import importlib.util
from collections.abc import Sequence

from arena.coe.gold import judge_gold, load_gold
from arena.coe.judges import RoleLines, Verdict
from arena.coe.offline_judge import OfflineJudge
from tests.conftest import ROOT


class GoldEcho:
    """A judge that answers each item's gold score (found by its lines / stated method)."""

    name, label = "echo", "llm"

    def __init__(self) -> None:
        gold = load_gold()
        self.rp_scores = {tuple(i.lines): i.score for i in gold.rp}
        self.cmd_scores = {(i.method, i.motive): i.score for i in gold.cmd}

    async def rp(self, role: RoleLines) -> Verdict:
        return Verdict(float(self.rp_scores[tuple(role.lines)]))

    async def spc(self, statements: Sequence[str], lines: Sequence[tuple[str, str]]) -> Verdict:
        return Verdict(None, "unused")

    async def cmd(self, method: str, motive: str, true_method: str, true_motive: str) -> Verdict:
        return Verdict(float(self.cmd_scores[(method, motive)]))


def bench() -> object:
    spec = importlib.util.spec_from_file_location("judge_gold_bench", ROOT / "benchmarks" / "judge_gold_bench.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_gold_set_is_large_enough_and_well_formed() -> None:
    gold = load_gold()
    ids = [i.id for i in gold.rp] + [i.id for i in gold.cmd]
    assert len(ids) >= 30 and len(set(ids)) == len(ids) and len(gold.rp) >= 15 and len(gold.cmd) >= 15
    assert all(i.why.strip() for i in gold.rp + gold.cmd)  # type: ignore[operator]
    assert {i.score for i in gold.rp} >= {1, 2, 5, 8, 9} and {i.score for i in gold.cmd} >= {0, 50, 100}
    fern = gold.role_lines(gold.rp[0])
    assert fern.name == "Tobias Reed" and fern.others == ["Nell Quarry", "Dr Amos Finch"]


def test_judge_vs_gold_agreement() -> None:
    echo = GoldEcho()
    module = bench()
    perfect = asyncio.run(judge_gold(echo))  # type: ignore[arg-type]
    line = module.agreement_line("echo", "rp", perfect)  # type: ignore[attr-defined]
    assert "16/16" in line and "+1.00 [+1.00, +1.00]" in line and line.split()[-2] == "+1.00"
    offline = asyncio.run(judge_gold(OfflineJudge()))
    assert len(offline) == 32 and all(v.judged is not None for v in offline)
    rp = [v for v in offline if v.metric == "rp"]
    worst = min(rp, key=lambda v: v.judged)  # type: ignore[arg-type, return-value]
    assert worst.gold <= 2, "the offline judge's lowest RP is a broken-role item"
