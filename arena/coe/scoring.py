"""`arena coe score`: judge finished games' transcripts and store ITD, SPC, RP and CMD per game.

Idempotent per judge: an item (game, metric, role) that already has a real score from this judge
is never judged again, so rerunning scores only new games and retries items whose judge call
failed. A failed judgement is stored as a row without a score: `value` NULL and `details.status`
saying why; every reader skips those rows. A case without a known method or motive gets CMD
NULL with status `no_truth` (never retried: there is nothing to score against). Judges are
blinded, never score their own entry's games, and see SPC statements in their own order (see
`panel`). ITD needs no judge: it is counted
from the ask actions and stored once per game under the rule's own name (`rule/ask-actions-v1`).
Rows are written one transaction per batch of games.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from arena.coe.cases import CaseIndex
from arena.coe.judges import Judge, RoleLines, Verdict
from arena.coe.metrics import (
    Transcript,
    civilian_statements,
    discussion_lines,
    events_from_rows,
    itd,
    public_lines,
    reasoning_of,
    transcript_from,
)
from arena.coe.panel import Blind, EntryFacts, self_judging, statement_order, unpermute
from arena.errors import LogError
from arena.scripts.schema import Script
from arena.store import MetricScoreRecord, Store
from arena.store.coe_queries import entry_rows, game_event_rows, judgeable_games, judged_games, scored_items
from arena.store.db import reading

ITD_RULE = "rule/ask-actions-v1"
Item = tuple[str, str, str | None]  # (game, metric, role)


@dataclass
class ScoreSummary:
    judge: str
    label: str
    games: int = 0
    scored: int = 0
    failed: int = 0
    skipped: list[dict[str, str]] = field(default_factory=list)
    failures: dict[str, int] = field(default_factory=dict)  # rows without a score, by status (parse_error...)
    judged: int = 0  # scores given by the judge itself (not counted by a rule, such as ITD)

    def to_dict(self) -> dict[str, Any]:
        return {"judge": self.judge, "label": self.label, "games": self.games, "scores": self.scored,
                "failed": self.failed, "failures": dict(sorted(self.failures.items())), "skipped": self.skipped}

    def count(self, rows: list[MetricScoreRecord]) -> None:
        """Add a stored batch of rows: scores, and rows without a score by their status."""
        self.scored += sum(1 for r in rows if r.value is not None)
        self.judged += sum(1 for r in rows if r.value is not None and r.judge == self.judge)
        for row in rows:
            if row.value is None:
                self.failed += 1
                status = str(row.details.get("status") or "unknown")
                self.failures[status] = self.failures.get(status, 0) + 1


@dataclass(frozen=True)
class GameJob:
    game_id: str
    entry_id: str
    script: Script
    transcript: Transcript
    done: frozenset[Item]
    blind: Blind = Blind(None)


def judge_facts(judge: Judge | Any) -> EntryFacts | None:
    """The judge's own entry (for the self-judging rule); None for a judge that is no entry."""
    entry = getattr(judge, "entry", None)
    if entry is None:
        return None
    return EntryFacts(entry.entry_id, entry.name, entry.provider, entry.model_name)


def pending_games(store: Store, judge: Judge | Any, cases: CaseIndex, summary: ScoreSummary,
                  tournament: str | None = None, rule: str = ITD_RULE) -> list[GameJob]:
    """Finished games (of `tournament`, when given) with something left to score by this judge (or by the
    counting `rule`, ITD's by default), with their scripts and events."""
    jobs: list[GameJob] = []
    me = judge_facts(judge)
    with reading(store.path, store.retry) as conn:
        by_judge, by_rule = judged_games(conn, [judge.name]), judged_games(conn, [rule])
        done = scored_items(conn, [judge.name, rule])
        entries = {k: EntryFacts(**v) for k, v in entry_rows(conn).items()}
        for game in judgeable_games(conn):
            gid = game["game_id"]
            if (tournament is not None and game["tournament_id"] != tournament) or (by_judge.get(gid)
                                                                                   and by_rule.get(gid)):
                continue
            if self_judging(me, entries.get(game["civilians_entry"])):
                summary.skipped.append({"game_id": gid, "reason": "self_judging: the judge played this transcript"})
                continue
            script, reason = cases.for_game(game["script_id"], game["script_hash"])
            rows = game_event_rows(conn, gid)
            try:
                transcript = transcript_from(events_from_rows({**r, "payload": _json(r["payload"])} for r in rows))
            except (LogError, ValueError) as exc:
                script, reason = None, f"events unreadable ({str(exc)[:200]})"
            if script is None:
                summary.skipped.append({"game_id": gid, "reason": reason or "unknown"})
                continue
            mine = frozenset(item for item in done if item[0] == gid)
            players = [entries[e] for e in (game["civilians_entry"], game["murderer_entry"]) if e in entries]
            jobs.append(GameJob(gid, game["civilians_entry"], script, transcript, mine, Blind.of(players)))
    return jobs


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


async def judge_game(job: GameJob, judge: Judge) -> list[MetricScoreRecord]:
    """Every missing item of one game, the judge calls of the game run concurrently."""
    t, script = job.transcript, job.script
    rows: list[MetricScoreRecord] = []

    def record(metric: str, value: float | None, name: str, label: str, role: str | None = None,
               **details: Any) -> None:
        rows.append(MetricScoreRecord(game_id=job.game_id, entry_id=job.entry_id, metric=metric, value=value,
                                      judge=name, judge_label=label, role=role, details=details))  # type: ignore[arg-type]

    if (job.game_id, "itd", None) not in job.done and (result := itd(t, script)) is not None:
        record("itd", result.value, ITD_RULE, "offline", questioned=result.questioned, key_roles=result.key_roles)
    calls: list[tuple[str, str | None, Callable[[Verdict], None], Any]] = []
    statements = civilian_statements(t, script)
    if statements and (job.game_id, "spc", None) not in job.done:
        order = statement_order(judge.name, job.game_id, len(statements))
        lines = job.blind.lines([(t.name(r), text) for r, text in discussion_lines(t, t.civilian_roles)])
        calls.append(("spc", None, _spc_writer(record, judge, statements, order),
                      judge.spc([statements[i].text for i in order], lines)))
    for role in t.civilian_roles:
        if (job.game_id, "rp", role) not in job.done:
            others = [t.name(r) for r in t.seating.order if r != role]
            role_lines = RoleLines(t.name(role), script.role(role).script, others,
                                   [job.blind(line) for line in public_lines(t, role)])
            calls.append(("rp", role, _value_writer(record, judge, "rp", role), judge.rp(role_lines)))
        if (job.game_id, "cmd", role) not in job.done and (call := _cmd_call(job, judge, role, record)):
            calls.append(("cmd", role, _value_writer(record, judge, "cmd", role), call))
    verdicts = await asyncio.gather(*(call for *_, call in calls))
    for (_, _, write, _), verdict in zip(calls, verdicts, strict=True):
        write(verdict)
    return rows


def _cmd_call(job: GameJob, judge: Judge, role: str, record: Callable[..., None]) -> Any | None:
    """The judge call for one role's CMD, or None when it is settled without a judge: NULL with reason
    `no_truth` when the case has no known method or motive, 0 when the player forfeited its reasoning."""
    truth = job.script.truth
    if not truth.complete:
        record("cmd", None, judge.name, judge.label, role, status="no_truth", reason="no_truth",
               method_from=truth.method_from, motive_from=truth.motive_from)
        return None
    reasoning = reasoning_of(job.transcript, role)
    if reasoning is None:
        record("cmd", 0.0, judge.name, judge.label, role, status="ok", forfeit=True)
        return None
    return judge.cmd(job.blind(reasoning.method), job.blind(reasoning.motive), truth.method, truth.motive)


def _value_writer(record: Callable[..., None], judge: Judge, metric: str,
                  role: str | None) -> Callable[[Verdict], None]:
    def write(verdict: Verdict) -> None:
        value = None if verdict.value is None else float(verdict.value)
        record(metric, value, judge.name, judge.label, role, status=verdict.status, **verdict.detail)
    return write


def _spc_writer(record: Callable[..., None], judge: Judge, statements: list[Any],
                order: list[int]) -> Callable[[Verdict], None]:
    shown = [statements[i].id for i in order]

    def write(verdict: Verdict) -> None:
        if verdict.value is None:
            record("spc", None, judge.name, judge.label, None, status=verdict.status, shown_order=shown,
                   **verdict.detail)
            return
        flags = unpermute(verdict.value, order)
        surfaced = [s.id for s, hit in zip(statements, flags, strict=True) if hit]
        record("spc", 100.0 * len(surfaced) / len(statements), judge.name, judge.label, None, status="ok",
               surfaced=surfaced, total=len(statements), shown_order=shown)
    return write


async def score_games(store: Store, judge: Judge, cases: CaseIndex | None = None, *, batch_games: int = 8,
                      on_batch: Callable[[int, int], None] | None = None,
                      tournament: str | None = None) -> ScoreSummary:
    """Judge every finished game (of `tournament`, when given) not yet fully scored by `judge`; one write
    transaction per batch."""
    summary = ScoreSummary(judge.name, judge.label)
    jobs = pending_games(store, judge, cases or CaseIndex(), summary, tournament)
    return await run_batches(store, jobs, lambda job: judge_game(job, judge), summary, batch_games, on_batch)


async def run_batches(store: Store, jobs: list[GameJob], work: Callable[[GameJob], Awaitable[list[MetricScoreRecord]]],
                      summary: ScoreSummary, batch_games: int = 8,
                      on_batch: Callable[[int, int], None] | None = None) -> ScoreSummary:
    """Run `work` on the jobs, `batch_games` games at a time, storing each batch's rows in one write."""
    for start in range(0, len(jobs), batch_games):
        batch = jobs[start:start + batch_games]
        results = await asyncio.gather(*(work(job) for job in batch))
        rows = [row for game_rows in results for row in game_rows]
        store.record_metric_scores(rows)
        summary.games += len(batch)
        summary.count(rows)
        if on_batch is not None:
            on_batch(summary.games, len(jobs))
    return summary
