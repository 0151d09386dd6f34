"""The smoke check's first step: which answer format the entry's server takes, and whether prompts arrive.

Runs `arena.providers.dialect_probe.probe_dialect` before the games (so they use what it found) and
turns it into two verdicts: "answer format" (the server accepted a structured mode; the detail names
it, the servers known to speak it, and why the modes above it were passed over) and "prompt received"
(the server's `usage.prompt_tokens` for the probe is not a small fraction of the estimate).
"""

from __future__ import annotations

from arena.agents.smoke import CheckResult
from arena.entries import Entry
from arena.providers.client import ModelClient
from arena.providers.dialect_probe import MIN_PROMPT_SHARE, DialectProbe, probe_dialect
from arena.providers.structured import SPOKEN_BY, supports_schema


async def dialect_check(entry: Entry, client: ModelClient) -> list[CheckResult]:
    """A smoke-check step (`smoke_check(..., pre_checks=(dialect_check,))`); an adapter without structured
    outputs (mock, most plugins) has nothing to choose between and is not called."""
    adapter = client.adapter(entry)
    if not supports_schema(adapter):
        mode = client.structured.mode(entry, adapter)
        return [CheckResult("answer format", True, f"{mode} (the provider declares no structured outputs; "
                                                   "not probed)")]
    return dialect_results(await probe_dialect(entry, client))


def dialect_results(probe: DialectProbe) -> list[CheckResult]:
    passed_over = "; ".join(f"{t.mode}: {t.detail}" for t in probe.tries if t.mode != probe.chosen)
    if probe.chosen is None:
        fix = "pin a mode that the server takes" if probe.pinned else "check base_url and the model name"
        format_check = CheckResult("answer format", False, f"the server took none of the answer formats tried "
                                                           f"({passed_over}); {fix}")
    else:
        kept = next(t for t in probe.tries if t.mode == probe.chosen)
        how = "pinned by structured" if probe.pinned else "found by auto; pin it with structured"
        note = "" if kept.conforms else "; its answer did not keep to the schema"
        others = f"; passed over: {passed_over}" if passed_over else ""
        format_check = CheckResult("answer format", True, f"{probe.chosen} ({how} = \"{probe.chosen}\"; spoken by "
                                                          f"{SPOKEN_BY[probe.chosen]}){note}{others}")
    return [format_check, prompt_result(probe)]


def prompt_result(probe: DialectProbe) -> CheckResult:
    seen, estimate = probe.prompt_tokens, probe.estimated_prompt_tokens
    arrived = probe.prompt_arrived
    if probe.chosen is None:
        last = probe.tries[-1].detail if probe.tries else "nothing was sent"
        return CheckResult("prompt received", False, f"not verified: the server answered no probe ({last})")
    if arrived is None:
        detail = f"the server reported no prompt tokens (estimate ~{estimate}); not verified"
        return CheckResult("prompt received", True, detail)
    if arrived:
        return CheckResult("prompt received", True, f"the server read {seen} prompt tokens (estimate ~{estimate})")
    return CheckResult("prompt received", False,
                       f"the server read only {seen} prompt tokens of ~{estimate} sent (under "
                       f"{MIN_PROMPT_SHARE:.0%}): the model never saw the prompt. Its chat template drops part of "
                       "each request: try system_role = \"fold\", or a server chat format that reads plain "
                       "string content")
