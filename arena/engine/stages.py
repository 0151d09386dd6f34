"""Multi-stage cases (format 2): when each stage begins and what a role has been given so far.

**The stage rule.** A case with n stages plays them over the configured discussion rounds. The
first stage begins before the introductions. Stage i (0-based, i >= 1) begins at the start of
discussion round `stage.round` if the script sets it, else round 1 + floor(i * rounds / n); a round
past the last is moved to the last round, and a stage never begins before the one listed before it.
So 2 stages over 3 rounds begin at rounds 0 and 2; 7 stages over 3 rounds at 0, 1, 1, 2, 2, 3, 3.
When a stage begins (after the round's unlocked clues), each role is given its part of the stage's
script (shown under the stage title, after its own script), the stage's location clues can be
investigated from then on and its public clues are revealed to everyone. A single-stage case
(no `stages`) plays exactly as before.
"""

from __future__ import annotations

from dataclasses import dataclass

from arena.scripts.schema import Script


@dataclass(frozen=True)
class StagePlan:
    """One stage as the engine plays it."""

    id: str
    title: str
    round: int  # 0 for the first stage (before the introductions)
    scripts: dict[str, str]
    clues: tuple[str, ...]


def stage_round(index: int, count: int, rounds: int, given: int | None) -> int:
    """The discussion round at whose start stage `index` (0-based) of `count` begins (see the module)."""
    if index == 0:
        return 0
    at = given if given is not None else 1 + (index * rounds) // count
    return min(max(at, 1), rounds)


def stage_plans(script: Script, rounds: int) -> tuple[StagePlan, ...]:
    plans: list[StagePlan] = []
    for i, stage in enumerate(script.stages):
        at = stage_round(i, len(script.stages), rounds, stage.round)
        at = max(at, plans[-1].round) if plans else at
        plans.append(StagePlan(stage.id, stage.title, at, dict(stage.scripts), tuple(stage.clues)))
    return tuple(plans)


def stage_of_clues(plans: tuple[StagePlan, ...]) -> dict[str, int]:
    """Clue id -> index of the stage that makes it available (clues in no stage are not listed)."""
    found: dict[str, int] = {}
    for index, plan in enumerate(plans):
        for cid in plan.clues:
            found.setdefault(cid, index)
    return found


def stages_beginning(plans: tuple[StagePlan, ...], begun: int, round_no: int) -> list[int]:
    """Indexes of the stages not yet begun that begin at (or before) `round_no`."""
    return [i for i in range(begun, len(plans)) if plans[i].round <= round_no]


def role_script(base: str, plans: tuple[StagePlan, ...], begun: int, role_id: str) -> str:
    """The role's script with the parts of every begun stage appended under the stage title."""
    parts = [f"## {plan.title}\n{plan.scripts[role_id].strip()}" for plan in plans[:begun]
             if plan.scripts.get(role_id, "").strip()]
    if not parts:
        return base
    return "\n\n".join([base.rstrip(), *parts]) if base.strip() else "\n\n".join(parts)
