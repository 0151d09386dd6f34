"""The win rule: tally the votes and decide the winner (see `rules.py` for the rule in prose)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from arena.engine.events import Outcome, Winner


def tally(votes: Iterable[tuple[str, str | None]], role_ids: Sequence[str]) -> tuple[dict[str, int], int]:
    """Valid votes per role (every role listed, in script order) and the number of abstentions.

    A vote for something that is not a role counts as an abstention.
    """
    counts = dict.fromkeys(role_ids, 0)
    abstentions = 0
    for _, target in votes:
        if target is not None and target in counts:
            counts[target] += 1
        else:
            abstentions += 1
    return counts, abstentions


def decide(votes: Iterable[tuple[str, str | None]], role_ids: Sequence[str], culprits: Iterable[str],
           tie_is_draw: bool = True) -> Outcome:
    """The outcome of a finished game: civilians win iff a culprit has strictly the most votes; a tie for
    the most votes is the outcome `tie` (a murderer win under engine version 1: `tie_is_draw=False`);
    no valid votes at all is a murderer win."""
    counts, abstentions = tally(votes, role_ids)
    culprit_list = [r for r in role_ids if r in set(culprits)]
    top = max(counts.values(), default=0)
    winner: Winner
    leaders = [r for r, n in counts.items() if n == top] if top > 0 else []
    if len(leaders) == 1 and leaders[0] in culprit_list:
        winner, reason = "civilians", f"culprit {leaders[0]} has strictly the most votes ({top})"
    elif not leaders:
        winner, reason = "murderer", "no valid votes"
    elif len(leaders) > 1:
        winner = "tie" if tie_is_draw else "murderer"
        reason = f"tie for the most votes ({top}) between {', '.join(leaders)}"
    else:
        winner, reason = "murderer", f"{leaders[0]}, not a culprit, has the most votes ({top})"
    return Outcome(winner=winner, status="finished", culprits=culprit_list, votes=counts,
                   abstentions=abstentions, leaders=leaders, reason=reason)


def aborted(votes: Iterable[tuple[str, str | None]], role_ids: Sequence[str], culprits: Iterable[str],
            reason: str) -> Outcome:
    """The outcome of an aborted game: no winner; the votes cast so far are kept for the record."""
    counts, abstentions = tally(votes, role_ids)
    culprit_set = set(culprits)
    return Outcome(winner="none", status="aborted", culprits=[r for r in role_ids if r in culprit_set],
                   votes=counts, abstentions=abstentions, leaders=[], reason=reason)
