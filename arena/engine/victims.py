"""Multi-victim cases (format 2): one vote per victim and the per-victim win rule.

**The vote.** In a case with victims, the voting phase asks every voter once per victim, victim by
victim in the script's order ("vote for who they think is the murderer in each case", PLAYER*,
appendix A.2 rule 6). **The win rule per victim** is the one-victim rule (`outcome.decide`) applied
to that victim's votes and that victim's culprits: the civilians win a victim's vote only if one of
its culprits has strictly the most votes. **The game**: the civilians win when they win every
victim's vote; if they lose any one to the murderer the murderer wins; otherwise (no victim lost to
the murderer, some not won) the game takes the first such victim's result. A case without victims
plays exactly as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from arena.engine.events import Outcome, VictimVote
from arena.engine.outcome import decide
from arena.scripts.schema import Script


@dataclass(frozen=True)
class VictimPlan:
    id: str
    name: str
    culprits: tuple[str, ...]


def victim_plans(script: Script) -> tuple[VictimPlan, ...]:
    return tuple(VictimPlan(v.id, v.name, tuple(v.culprits)) for v in script.victims)


def vote_queue(voters: tuple[str, ...], victims: tuple[VictimPlan, ...]) -> tuple[str, ...]:
    """The voting order: the voters once per victim (once when the case has no victims)."""
    return tuple(voter for _ in range(max(1, len(victims))) for voter in voters)


def victim_at(victims: tuple[VictimPlan, ...], votes_cast: int, voters: int) -> VictimPlan | None:
    """The victim the next vote is about, after `votes_cast` votes by `voters` voters per victim."""
    if not victims or voters == 0:
        return None
    return victims[min(votes_cast // voters, len(victims) - 1)]


def vote_instructions(victim: VictimPlan, victims: int) -> str:
    return (f"Vote for the role you believe killed {victim.name} (victim {victim.id}, one of {victims} victims "
            "voted on one at a time), or abstain.")


Decide = Callable[[Sequence[tuple[str, str | None]], Sequence[str], Sequence[str]], Outcome]


def decide_victims(votes: Sequence[tuple[str, str | None]], voters: int, role_ids: Sequence[str],
                   victims: tuple[VictimPlan, ...], decide_one: Decide = decide) -> Outcome:
    """The outcome of a finished multi-victim game (see the module for the rule). `decide_one` is the
    one-victim rule applied to each victim's votes (the engine passes its rules version's)."""
    results = []
    for index, victim in enumerate(victims):
        part = decide_one(votes[index * voters:(index + 1) * voters], role_ids, victim.culprits)
        results.append(VictimVote(victim=victim.id, name=victim.name, culprits=part.culprits, winner=part.winner,
                                  votes=part.votes, abstentions=part.abstentions, leaders=part.leaders,
                                  reason=part.reason))
    winners = [r.winner for r in results]
    if all(w == "civilians" for w in winners):
        winner = "civilians"
    elif "murderer" in winners:
        winner = "murderer"
    else:
        winner = next(w for w in winners if w != "civilians")
    totals = dict.fromkeys(role_ids, 0)
    for r in results:
        for rid, n in r.votes.items():
            totals[rid] += n
    culprits = [rid for rid in role_ids if any(rid in v.culprits for v in victims)]
    leaders = list(dict.fromkeys(rid for r in results for rid in r.leaders))
    reason = "; ".join(f"{r.name}: {r.winner} ({r.reason})" for r in results)
    return Outcome(winner=winner, status="finished", culprits=culprits, votes=totals,  # type: ignore[arg-type]
                   abstentions=sum(r.abstentions for r in results), leaders=leaders, reason=reason,
                   victims=results)
