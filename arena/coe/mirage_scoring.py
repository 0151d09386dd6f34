"""`arena coe mirage`: score finished games with MIRAGE's metrics and store them as metric scores.

Victory and CIC are counted from the log and stored under the rule `rule/mirage-v1`; TII, ICI and
SCI are judged (`mirage_judges`) and stored under the judge's id and label (`llm` or `offline`),
like the CoE scores (`scoring`): idempotent per judge, failed judgements stored as NULL with the
status and retried by a rerun, judges blinded and never scoring their own entry's games.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from arena.coe.cases import CaseIndex
from arena.coe.judges import Verdict
from arena.coe.metrics import Transcript, public_lines, reasoning_of
from arena.coe.mirage import MIRAGE_RULE, cic, game_outcome, ici, sci, tii, tii_per_character, victory
from arena.coe.mirage_judges import MirageJudge, PlayerView
from arena.coe.scoring import GameJob, ScoreSummary, pending_games, run_batches
from arena.engine.events import ActionEvent, AnswerEvent, VoteEvent
from arena.store import MetricScoreRecord, Store


def actions_of(t: Transcript, role: str) -> list[str]:
    """What one role did, in words: questions asked and answered, places investigated, reasoning, votes."""
    done: list[str] = []
    for e in t.events:
        if isinstance(e, ActionEvent) and e.role == role and e.action == "ask" and e.target:
            done.append(f"asked {t.name(e.target)}: {e.question or ''}".strip())
        elif isinstance(e, ActionEvent) and e.role == role and e.action == "investigate":
            done.append(f"investigated {e.location}")
        elif isinstance(e, AnswerEvent) and e.role == role and not e.forfeit:
            done.append(f"answered {t.name(e.asker)}")
        elif isinstance(e, VoteEvent) and e.role == role:
            done.append(f"voted for {t.name(e.target) if e.target else 'nobody'}")
    reasoning = reasoning_of(t, role)
    if reasoning is not None:
        suspect = t.name(reasoning.suspect) if reasoning.suspect else "nobody"
        done.append(f"named {suspect} as the murderer: {reasoning.method} {reasoning.motive}".strip())
    return done


def player_view(job: GameJob, role: str) -> PlayerView:
    t, truth = job.transcript, job.script.truth
    lines = public_lines(t, role)
    reasoning = reasoning_of(t, role)
    if reasoning is not None and reasoning.suspect:
        lines.append(f"I suspect {t.name(reasoning.suspect)}. {reasoning.method} {reasoning.motive}".strip())
    lines += [f"I vote for {t.name(e.target)}." for e in t.events if isinstance(e, VoteEvent) and e.role == role
              and e.target]
    return PlayerView(t.name(role), job.script.role(role).script, [t.name(r) for r in t.seating.order if r != role],
                      [job.blind(line) for line in lines], [job.blind(a) for a in actions_of(t, role)],
                      truth.summary or f"{truth.method} {truth.motive}".strip())


async def judge_mirage(job: GameJob, judge: MirageJudge) -> list[MetricScoreRecord]:
    """Every missing MIRAGE item of one game; the judge calls run concurrently."""
    t, rows = job.transcript, list[MetricScoreRecord]()

    def record(metric: str, value: float | None, name: str, label: str, role: str | None = None,
               **details: Any) -> None:
        rows.append(MetricScoreRecord(game_id=job.game_id, entry_id=job.entry_id, metric=metric, value=value,
                                      judge=name, judge_label=label, role=role, details=details))  # type: ignore[arg-type]

    outcome = game_outcome(t)
    if (job.game_id, "victory", None) not in job.done and outcome is not None:
        record("victory", round(victory(outcome), 2), MIRAGE_RULE, "offline", status="ok")
    if (job.game_id, "cic", None) not in job.done and (found := cic(t, job.script)) is not None:
        record("cic", round(found[0], 2), MIRAGE_RULE, "offline", status="ok", found=found[1])
    roles = t.civilian_roles
    views = {role: player_view(job, role) for role in roles}
    calls: list[tuple[Callable[[Any], None], Any]] = []
    if (job.game_id, "tii", None) not in job.done:
        calls.append((_tii_writer(record, judge, job, roles),
                      asyncio.gather(*(judge.trust(views[r]) for r in roles))))
    for role in roles:
        if (job.game_id, "ici", role) not in job.done:
            calls.append((_ici_writer(record, judge, role), judge.abilities(views[role])))
        if (job.game_id, "sci", role) not in job.done:
            calls.append((_sci_writer(record, judge, role, views[role].script), judge.compliance(views[role])))
    results = await asyncio.gather(*(call for _, call in calls))
    for (write, _), result in zip(calls, results, strict=True):
        write(result)
    return rows


def _tii_writer(record: Callable[..., None], judge: MirageJudge, job: GameJob,
                roles: list[str]) -> Callable[[list[Verdict]], None]:
    t = job.transcript

    def write(verdicts: list[Verdict]) -> None:
        failed = next((v for v in verdicts if not v.ok), None)
        if failed is not None:
            record("tii", None, judge.name, judge.label, None, status=failed.status, **failed.detail)
            return
        table = {t.name(r): v.value for r, v in zip(roles, verdicts, strict=True)}
        culprits = [t.name(r) for r in t.seating.order if t.seating.factions.get(r) == "murderer"]
        value = tii(table, culprits)
        per = {k: round(v, 2) for k, v in tii_per_character(table).items()}
        record("tii", None if value is None else round(value, 2), judge.name, judge.label, None,
               status="ok" if value is not None else "no_signal", per_character=per)
    return write


def _ici_writer(record: Callable[..., None], judge: MirageJudge, role: str) -> Callable[[Verdict], None]:
    def write(verdict: Verdict) -> None:
        if not verdict.ok:
            record("ici", None, judge.name, judge.label, role, status=verdict.status, **verdict.detail)
            return
        record("ici", round(ici(verdict.value), 2), judge.name, judge.label, role, status="ok", criteria=verdict.value)
    return write


def _sci_writer(record: Callable[..., None], judge: MirageJudge, role: str,
                script: str) -> Callable[[Verdict], None]:
    def write(verdict: Verdict) -> None:
        if not verdict.ok:
            record("sci", None, judge.name, judge.label, role, status=verdict.status, **verdict.detail)
            return
        value, overlap = sci(verdict.value["roleplay"], script, verdict.value["reconstruction"])
        record("sci", round(value, 2), judge.name, judge.label, role, status="ok",
               roleplay=verdict.value["roleplay"], rouge_l=round(overlap, 4))
    return write


async def score_mirage(store: Store, judge: MirageJudge, cases: CaseIndex | None = None, *,
                       tournament: str | None = None, batch_games: int = 8) -> ScoreSummary:
    """Score every finished game (of `tournament`, when given) not yet fully scored by `judge`."""
    summary = ScoreSummary(judge.name, judge.label)
    jobs = pending_games(store, judge, cases or CaseIndex(), summary, tournament, rule=MIRAGE_RULE)
    return await run_batches(store, jobs, lambda job: judge_mirage(job, judge), summary, batch_games)
