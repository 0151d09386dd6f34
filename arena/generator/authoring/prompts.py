"""What the author and the judge are sent, and how their replies are read.

The author gets the role's plan as numbered lines in a ```plan block (JSON: each line's text, the words it must
keep, its time), the rules the read-back applies, and, on a second attempt, its rejected draft with the findings.
It answers with the script as Markdown. The judge gets the authored script and the same numbered lines and answers,
per line, whether the script states it, omits it or contradicts it (JSON; a schema where the entry supports one).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from arena.generator.authoring.plan import RolePlan
from arena.generator.findings import Finding
from arena.providers.messages import Message, Request

PLAN_FENCE = "plan"
PLAN_BLOCK = re.compile(r"```" + PLAN_FENCE + r"\s*\n(\{.*?\})\s*\n```", re.DOTALL)
SCRIPT_BLOCK = re.compile(r"^```(?:markdown|md)?\s*\n(.*?)\n```\s*$", re.DOTALL)
VERDICTS = ("stated", "missing", "contradicted")

AUTHOR_SYSTEM = (
    "You write role scripts for a murder-mystery party game. Each player reads only their own script, so it must "
    "tell them, in the second person, who they are and what they saw and did that evening. You write vivid, "
    "concrete prose in your own words, and you never change a fact you are given.")

AUTHOR_RULES = """Write the role script of {name} from the plan below, in English, in the second person ("you").

Rules (a checker reads your script back and rejects it if one is broken):
1. State every plan line. Each line's `keep` words must appear, spelled as given.
2. A line with a `time` belongs to that quarter hour: write the time as HH:MM (for example {example}) and tell the
   line's facts after it, before you write the next quarter hour's time.
3. Lines without a time may be told in any order before the evening, but the words of one line must stay in one
   paragraph.
4. Write no clock time that the plan does not give, and never say where anyone was at a time the plan does not
   place them there. Do not add people, rooms, weapons or events.
5. Rewrite every line in your own words; do not copy the plan's sentences. Start with the heading "# {name}".

Answer with the script only, as Markdown, with no comments before or after it.

```{fence}
{plan}
```"""

RETRY = ("The checker rejected your script:\n{findings}\n\nWrite the whole script again, mending these and keeping "
         "every other line.")

JUDGE_SYSTEM = "You check that a text states given facts. You answer in JSON only."

JUDGE_PROMPT = """Here is a role script, and numbered facts its author was given.

For every fact, say whether the script states it ("stated"), leaves it out ("missing"), or says something that
cannot be true with it ("contradicted"). Answer with one JSON object:
{{"verdicts": [{{"line": 1, "verdict": "stated", "why": "..."}}, ...]}}, one entry per fact.

Script:
<<<
{script}
>>>

Facts:
{facts}"""

JUDGE_SCHEMA = {
    "type": "object", "additionalProperties": False, "required": ["verdicts"],
    "properties": {"verdicts": {"type": "array", "items": {
        "type": "object", "additionalProperties": False, "required": ["line", "verdict", "why"],
        "properties": {"line": {"type": "integer"}, "verdict": {"type": "string", "enum": list(VERDICTS)},
                       "why": {"type": "string"}}}}}}


def plan_json(plan: RolePlan) -> str:
    lines = [{"n": line.number, "says": line.says, "keep": [t.label.lstrip("~") for t in line.terms],
              **({"time": line.time} if line.time else {})} for line in plan.lines]
    return json.dumps({"role": plan.name, "lines": lines}, ensure_ascii=False, separators=(",", ":"))


def output_budget(plan: RolePlan) -> int:
    """The author's output limit: room for twice the plan's words (a script retells its plan, it does not pad it),
    so a model that runs on cannot fill the context window before its retry."""
    words = sum(len(line.says.split()) for line in plan.lines)
    return max(1024, min(4096, int(2 * 1.4 * words) + 256))


def author_request(plan: RolePlan, seed: int, draft: str | None = None,
                   findings: list[Finding] | None = None) -> Request:
    """The author's request; with a rejected `draft`, the conversation goes on with its findings."""
    example = next((line.time for line in plan.lines if line.time), "21:15")
    first = AUTHOR_RULES.format(name=plan.name, example=example, fence=PLAN_FENCE, plan=plan_json(plan))
    messages = [Message.system(AUTHOR_SYSTEM), Message.user(first)]
    if draft is not None:
        listed = "\n".join(f"- {f.message} (fix: {f.fix})" for f in (findings or [])[:12])
        messages += [Message.assistant(draft), Message.user(RETRY.format(findings=listed))]
    return Request(messages=messages, seed=seed, max_tokens=output_budget(plan))


def read_plan(text: str) -> dict[str, object] | None:
    """The plan a request carries (for the mock author), None when there is none."""
    blocks = PLAN_BLOCK.findall(text)
    if not blocks:
        return None
    try:
        data = json.loads(blocks[-1])
    except json.JSONDecodeError:
        return None
    return data if isinstance(data, dict) else None


def script_text(reply: str, name: str) -> str:
    """The authored script from a reply: without a code fence around it, headed by the role's name."""
    text = reply.strip()
    fenced = SCRIPT_BLOCK.match(text)
    if fenced:
        text = fenced.group(1).strip()
    if not text.startswith("# "):
        text = f"# {name}\n\n{text}"
    return text


def judge_request(plan: RolePlan, text: str, seed: int) -> Request:
    facts = "\n".join(f"{line.number}. {line.says}" for line in plan.lines)
    return Request(messages=[Message.system(JUDGE_SYSTEM), Message.user(JUDGE_PROMPT.format(script=text,
                                                                                             facts=facts))],
                   seed=seed, json_schema=JUDGE_SCHEMA, max_tokens=2048, temperature=0.0)


@dataclass(frozen=True)
class Verdict:
    line: int
    verdict: str
    why: str


def read_verdicts(reply: str, plan: RolePlan) -> list[Verdict] | str:
    """The judge's verdicts, one per plan line; or what is wrong with the reply."""
    match = re.search(r"\{.*\}", reply, re.DOTALL)
    try:
        data = json.loads(match.group(0)) if match else None
    except json.JSONDecodeError:
        data = None
    items = data.get("verdicts") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return "the reply is not a JSON object with a verdicts list"
    found: dict[int, Verdict] = {}
    for item in items:
        if isinstance(item, dict) and isinstance(item.get("line"), int) and item.get("verdict") in VERDICTS:
            found.setdefault(item["line"], Verdict(item["line"], item["verdict"], str(item.get("why", ""))))
    lacking = [line.number for line in plan.lines if line.number not in found]
    if lacking:
        return f"no verdict for line(s) {', '.join(map(str, lacking[:8]))}"
    return [found[line.number] for line in plan.lines]
