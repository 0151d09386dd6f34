"""`arena generate`: generate checked cases from seeds, for the public or the held-out split."""

from __future__ import annotations

import time
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import track
from rich.table import Table

from arena.errors import GenerationError
from arena.generator import CaseOptions, Request, effective_seed, generate_case, heldout_salt, parse_roles, roles_for
from arena.generator.pipeline import write_case
from arena.scripts.loader import load_script_unchecked
from arena.scripts.validation import validate_script

out = Console(soft_wrap=True)  # piped output is never hard-wrapped mid-command


class Difficulty(StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


class SplitName(StrEnum):
    PUBLIC = "public"
    HELDOUT = "heldout"


def generate(
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first case; the same seed and options give the "
                                      "same case, byte for byte.")],
    out_dir: Annotated[Path, typer.Option("--out", help="Folder to write into, one sub-folder per case (usable as "
                                          "ARENA_SCRIPTS).")],
    count: Annotated[int, typer.Option("--count", min=1, help="Number of cases, from seeds N..N+M-1.")] = 1,
    roles: Annotated[str, typer.Option("--roles", help="Number of roles (6), or a range drawn per seed "
                                       "(4-8).")] = "4-8",
    difficulty: Annotated[Difficulty, typer.Option("--difficulty", help="Reasoning depth, red herrings and how "
                                                   "much hinges on images.")] = Difficulty.MEDIUM,
    culprits: Annotated[int, typer.Option("--culprits", min=1, max=2, help="Culprits acting together.")] = 1,
    split: Annotated[SplitName, typer.Option("--split", help="heldout: seeds are keyed with the secret "
                                             "ARENA_HELDOUT_SALT, so published seed numbers cannot reproduce the "
                                             "cases.")] = SplitName.PUBLIC,
    render: Annotated[bool, typer.Option("--render/--no-render", help="Render the image clues (PNG).")] = True,
) -> None:
    """Generate murder-mystery cases; each passes the solver check (exactly one solution) before it is written."""
    bounds = parse_roles(roles)
    salt = heldout_salt() if split is SplitName.HELDOUT else None
    table = Table("id", "roles", "difficulty", "attempt", "clues", "questions", "max depth", "folder")
    started = time.perf_counter()
    seeds = range(seed, seed + count)
    for number in track(seeds, description="generating", console=out, disable=count < 2):
        effective = effective_seed(number, split.value, salt)
        options = CaseOptions(roles=roles_for(effective, bounds), difficulty=difficulty.value, culprits=culprits)
        case = generate_case(Request(number, options, split.value, effective))
        folder = write_case(case, out_dir, render=render)
        if render:
            problems = validate_script(load_script_unchecked(folder))
            if problems:
                raise GenerationError(f"{folder}: the written case fails validation: {problems[0]}")
        script = case.script
        depth = max(step.depth for chain in script.reasoning_chains for step in chain.steps)
        table.add_row(script.id, str(options.roles), options.difficulty, str(script.metadata["generator"]["attempt"]),
                      str(len(script.clues)), str(len(script.questions)), str(depth), str(folder))
    out.print(table)
    out.print(f"{count} case(s) in {time.perf_counter() - started:.2f} s")
