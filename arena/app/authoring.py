"""Authoring mode (`arena generate --author ENTRY`): a model rewrites a checked case's role scripts from their fact
plans; each draft is read back by the rules (and by a judge entry where one is given) and sent back with the
findings until it passes or the attempts run out. A case is kept only when every role's script passes and the
assembled case passes every generator check again; otherwise it is rejected with the reasons, and nothing of it
is kept. See docs/generator.md, "Authoring mode"."""

from __future__ import annotations

import asyncio
import shutil
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from arena.entries import Entry
from arena.errors import ConfigError, GenerationError
from arena.generator.authoring.assemble import AuthorMark, authored_case
from arena.generator.authoring.plan import RolePlan, role_plan
from arena.generator.authoring.prompts import author_request, judge_request, read_verdicts, script_text
from arena.generator.authoring.readback import CHECK, copied_share, read_back
from arena.generator.check import check_case
from arena.generator.derive import GeneratedCase
from arena.generator.findings import Finding
from arena.generator.pipeline import Request as CaseRequest
from arena.generator.pipeline import card_params, generate_case, keep_legible, structural_problems, write_case
from arena.generator.report import written_problems
from arena.providers.client import ModelClient
from arena.providers.messages import Response
from multimodal.language import ocr_language

JUDGE_TRIES = 2


@dataclass
class RoleOutcome:
    role: str
    attempts: int = 0
    text: str = ""  # the accepted script
    last: str = ""  # the last draft read back (the accepted one, or the last rejected one)
    findings: list[Finding] = field(default_factory=list)

    @property
    def accepted(self) -> bool:
        return bool(self.text) and not self.findings


@dataclass
class Authored:
    """One case's authoring: the authored case (None when rejected), each role's outcome, the case-level problems,
    and what the calls cost (None when an entry has no price)."""

    source_id: str
    case: GeneratedCase | None
    roles: dict[str, RoleOutcome]
    problems: list[str]
    calls: int = 0
    cost_usd: float | None = 0.0

    @property
    def copied(self) -> float | None:
        """The mean share of the plan's sentences the kept scripts repeat word for word (None when rejected)."""
        shares = self.case.script.metadata["authored"]["copied"].values() if self.case else []
        return sum(shares) / len(shares) if shares else None

    @property
    def reasons(self) -> list[str]:
        return self.problems + [str(f) for r in self.roles.values() for f in r.findings]


@dataclass
class Spend:
    calls: int = 0
    cost_usd: float | None = 0.0

    def add(self, response: Response) -> None:
        self.calls += 1
        if self.cost_usd is not None:
            self.cost_usd = None if response.cost_usd is None else self.cost_usd + response.cost_usd


def call_seed(case_id: str, role: str, attempt: int, what: str) -> int:
    return zlib.crc32(f"{what} {case_id} {role} {attempt}".encode())


def failed_call(where: str, who: str, response: Response) -> Finding:
    return Finding(CHECK, where, f"the {who}'s call ended {response.status}: {response.error or 'no text'}",
                   "try again later, or check the entry with `arena models try`")


async def judged(client: ModelClient, judge: Entry, plan: RolePlan, text: str, seed: int,
                 spend: Spend) -> list[Finding]:
    """The judge's findings on an authored text: a line it finds missing or contradicted."""
    where, problem = f"role {plan.role}", ""
    for _ in range(JUDGE_TRIES):
        response = await client.generate(judge, judge_request(plan, text, seed))
        spend.add(response)
        if response.status != "ok":
            return [failed_call(where, "judge", response)]
        verdicts = read_verdicts(response.text, plan)
        if isinstance(verdicts, str):
            problem = verdicts
            continue
        by_line = {line.number: line for line in plan.lines}
        return [Finding(CHECK, where,
                        f"the judge finds plan line {v.line} {v.verdict}: {v.why or by_line[v.line].says}",
                        "state that line as the plan gives it") for v in verdicts if v.verdict != "stated"]
    return [Finding(CHECK, where, f"the judge's reply could not be read ({problem})",
                    "use a judge entry that answers in JSON (structured outputs)")]


async def author_role(client: ModelClient, author: Entry, judge: Entry | None, case_id: str, plan: RolePlan,
                      case: GeneratedCase, attempts: int, spend: Spend) -> RoleOutcome:
    outcome, draft = RoleOutcome(plan.role), None
    findings: list[Finding] = []
    where = f"role {plan.role}"
    for attempt in range(attempts):
        outcome.attempts = attempt + 1
        request = author_request(plan, call_seed(case_id, plan.role, attempt, "author"), draft, findings)
        response = await client.generate(author, request)
        spend.add(response)
        if response.status != "ok" or not response.text.strip():
            findings = [failed_call(where, "author", response)]
            continue
        draft = response.text
        text = outcome.last = script_text(draft, plan.name)
        findings = read_back(case.script, case.facts, plan, text)
        if not findings and judge is not None:
            findings = await judged(client, judge, plan, text, call_seed(case_id, plan.role, attempt, "judge"), spend)
        if not findings:
            outcome.text = text
            break
    outcome.findings = findings
    return outcome


async def author_case(client: ModelClient, case: GeneratedCase, author: Entry, judge: Entry | None = None,
                      attempts: int = 3) -> Authored:
    """Author every role of `case` (concurrently; the client keeps each entry's limits), then assemble and check."""
    script = case.script
    if script.language != "en":
        raise ConfigError(f"{script.id}: authoring mode writes English cases (fix: --language en)")
    if attempts < 1:
        raise ConfigError("--author-attempts must be at least 1")
    plans = {r.id: role_plan(script, case.facts, r.id) for r in script.roles}
    spend = Spend()
    outcomes = await asyncio.gather(*(author_role(client, author, judge, script.id, plans[r.id], case, attempts,
                                                  spend) for r in script.roles))
    roles = {o.role: o for o in outcomes}
    result = Authored(script.id, None, roles, [])
    if all(o.accepted for o in outcomes):
        mark = AuthorMark(author.name, author.entry_id, author.model, judge.entry_id if judge else None,
                          {o.role: o.attempts for o in outcomes},
                          {o.role: copied_share(plans[o.role], o.text) for o in outcomes})
        built = authored_case(case, plans, {o.role: o.text for o in outcomes}, mark)
        problems = structural_problems(built.script) + [
            str(f) for f in check_case(built.script, built.facts, card_params(built))]
        result.case, result.problems = (None, problems) if problems else (built, [])
    result.calls, result.cost_usd = spend.calls, spend.cost_usd
    return result


def write_drafts(result: Authored, folder: Path) -> Path:
    """A rejected case's last drafts, one Markdown file per role with its findings after it, under `folder/<id>/`."""
    out = folder / result.source_id
    out.mkdir(parents=True, exist_ok=True)
    for role, outcome in result.roles.items():
        listed = "\n".join(f"- {f}" for f in outcome.findings) or "- accepted"
        (out / f"{role}.md").write_text(f"{outcome.last or '(no draft)'}\n\n---\n\nFindings after "
                                        f"{outcome.attempts} draft(s):\n\n{listed}\n", encoding="utf-8")
    if result.problems:
        (out / "case.md").write_text("\n".join(f"- {p}" for p in result.problems) + "\n", encoding="utf-8")
    return out


async def write_authored(client: ModelClient, request: CaseRequest, root: Path, author: Entry,
                         judge: Entry | None = None, attempts: int = 3,
                         render: bool = True) -> tuple[Authored, Path | None]:
    """Generate the request's case, author it and write it under `root` (rendered, at the OCR floor, validated).
    A rejected case leaves nothing on disk; its reasons are in the result."""
    result = await author_case(client, generate_case(request), author, judge, attempts)
    if result.case is None:
        return result, None
    folder = write_case(result.case, root, render)
    if not render:
        return result, folder
    try:
        keep_legible(folder, ocr_language(result.case.script.language, result.case.script.briefing))
        problems = written_problems(folder)
    except GenerationError as exc:
        problems = [str(exc)]
    if problems:
        shutil.rmtree(folder, ignore_errors=True)
        result.case, result.problems = None, problems
        return result, None
    return result, folder
