"""`arena qa --entry human/<name>`: a person answers a stratified sample of the suites in the terminal.

The loop, the sample, the timing, the grading and the recording are `arena.coe.human_qa`'s (the
Validate page uses the same); this module only prints each item (its texts, the paths of its
images, the question and options as a model gets them) and reads the person's letters from stdin.
Under `--json` the items go to stderr, so stdout stays one JSON object.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path

import typer

from arena.coe.human_qa import HumanRun, HumanSample, ItemView, answer_all, instructions
from arena.coe.prompting import render
from arena.coe.qa_run import QaRunResult
from arena.errors import ConfigError
from arena.scripts.schema import Script
from arena.store.sessions import HUMAN_PREFIX

STOP = {"q", "quit", "stop"}


def refuse_model_options(given: Mapping[str, bool]) -> None:
    """A person answers in direct mode with nothing withheld and calls no model: such options are errors."""
    used = [flag for flag, on in given.items() if on]
    if used:
        raise ConfigError(f"{', '.join(used)}: not for a person's run (--entry human/<name>); a person answers "
                          "in direct mode, with nothing withheld, and calls no model")


class TerminalAsker:
    """Prints an item and reads one line of letters (`q` or the end of input stops; a rerun resumes)."""

    def __init__(self, to_stderr: bool) -> None:
        self.to_stderr = to_stderr

    def say(self, text: str, nl: bool = True) -> None:
        typer.echo(text, err=self.to_stderr, nl=nl)

    def __call__(self, view: ItemView, problem: str | None) -> str | None:
        if problem is None:
            self.say(item_text(view))
        else:
            self.say(f"not recorded: {problem}")
        letters = "one letter" if view.n_correct == 1 else f"{view.n_correct} letters"
        self.say(f"answer ({letters}; q to stop)> ", nl=False)
        line = sys.stdin.readline()
        if not line or line.strip().lower() in STOP:
            return None
        return line.strip()


def item_text(view: ItemView) -> str:
    """The item as a model's request lays it out: material, images (as file paths), question, options, rule."""
    parts = [f"--- item {view.position} of {view.total} ---"]
    if view.texts:
        parts.append("Material:\n\n" + "\n\n".join(f"## {label}\n{body}" for label, body in view.texts))
    parts += [f"Image clue '{title}': {path}" for title, path in view.images]
    options = "\n".join(f"{letter}. {text}" for letter, text in view.options)
    parts.append(render("qa_question.txt", stem=view.stem, options=options) + f"\n\n{view.rule}")
    return "\n\n".join(parts)


def answer_as_person(entry: str, cases: list[Script], sample: HumanSample, db: Path | None,
                     as_json: bool) -> tuple[HumanRun, QaRunResult]:
    """Run the person's sample in the terminal; (the run, what was asked and skipped) for the summary."""
    run = HumanRun.begin(db, entry.removeprefix(HUMAN_PREFIX), cases, sample)
    skipped = len(run.items) - len(run.pending())
    asker = TerminalAsker(to_stderr=as_json)
    asker.say(f"{run.person.name}: {len(run.items)} items, {skipped} answered already (run {run.run_id}); "
              f"timed from when each item is shown.\n\n{instructions()}\n")
    asked = answer_all(run, asker)
    return run, QaRunResult(run.run_id, asked=asked, skipped=skipped, questions=run.items)
