"""The hand-scored gold set of the transcript judges (`arena/coe/gold/gold.yaml`, written for this project).

RP items: a role (name, script, the other characters) and its lines, scored 1-10 with the rubric in
docs/coe.md. CMD items: a truth and a stated method and motive, scored 0-100. Every item says why
it got its score. `judge_gold(judge)` asks a judge (offline or LLM) every item through the same
`Judge` interface the games use; `benchmarks/judge_gold_bench.py` prints the agreement.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field

from arena.coe.judges import Judge, RoleLines

GOLD_FILE = Path(__file__).parent / "gold" / "gold.yaml"


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GoldRole(Strict):
    name: str
    script: str


class GoldContext(Strict):
    title: str
    roles: dict[str, GoldRole]


class RpItem(Strict):
    id: str
    context: str
    role: str
    score: int = Field(ge=1, le=10)
    why: str
    lines: list[str] = Field(min_length=1)


class CmdItem(Strict):
    id: str
    score: int = Field(ge=0, le=100)
    why: str
    true_method: str
    true_motive: str
    method: str
    motive: str


class GoldSet(Strict):
    contexts: dict[str, GoldContext]
    rp: list[RpItem]
    cmd: list[CmdItem]

    def role_lines(self, item: RpItem) -> RoleLines:
        roles = self.contexts[item.context].roles
        role = roles[item.role]
        return RoleLines(role.name, role.script, [r.name for k, r in roles.items() if k != item.role], item.lines)


def load_gold(path: Path = GOLD_FILE) -> GoldSet:
    return GoldSet.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))


@dataclass(frozen=True)
class GoldVerdict:
    item: str
    metric: str
    gold: float
    judged: float | None
    status: str


async def judge_gold(judge: Judge, gold: GoldSet | None = None) -> list[GoldVerdict]:
    """Every gold item judged once by `judge` (a failed judgement keeps its status and no value)."""
    gold = gold or load_gold()
    calls: list[tuple[str, str, int, Any]] = [("rp", i.id, i.score, judge.rp(gold.role_lines(i))) for i in gold.rp]
    calls += [("cmd", i.id, i.score, judge.cmd(i.method, i.motive, i.true_method, i.true_motive)) for i in gold.cmd]
    verdicts = await asyncio.gather(*(c[3] for c in calls))
    return [GoldVerdict(item, metric, float(score), None if v.value is None else float(v.value), v.status)
            for (metric, item, score, _), v in zip(calls, verdicts, strict=True)]
