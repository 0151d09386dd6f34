"""Prompt templates of the chain of evaluation: files in `arena/coe/prompts/`, filled with `string.Template`.

`$name` placeholders (not `{name}`) so that the JSON examples in the templates need no escaping.
A missing placeholder value is an error, never a silently half-filled prompt.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from string import Template

PROMPTS = Path(__file__).with_name("prompts")


@cache
def template_text(name: str) -> str:
    """The raw text of a template file (e.g. `qa_system.txt`, `rp_rubric.md`), trailing newline removed."""
    return (PROMPTS / name).read_text(encoding="utf-8").rstrip("\n")


def render(template: str, /, **values: object) -> str:
    """The template filled with `values`; KeyError names a placeholder that was not given."""
    return Template(template_text(template)).substitute({k: str(v) for k, v in values.items()})


def quoted_lines(lines: list[tuple[str, str]]) -> str:
    """Attributed, quoted transcript lines; a speaker's text can not pose as another speaker or a heading."""
    if not lines:
        return "(none)"
    return "\n".join(f'- {speaker}: "{_one_line(text)}"' for speaker, text in lines)


def _one_line(text: str) -> str:
    return " ".join(text.replace('"', "'").split())
