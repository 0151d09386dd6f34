"""`arena generate`: generate checked cases from seeds or from a manifest, public or held out."""

from __future__ import annotations

import asyncio
import time
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import track
from rich.table import Table

from arena.entries import Entry, load_entries, provider_limits, resolve_entry
from arena.errors import ConfigError, GenerationError
from arena.generator import CaseOptions, Request, effective_seed, generate_case, heldout_salt, parse_roles, roles_for
from arena.generator.manifest import (
    heldout_requests,
    load_manifest,
    public_requests,
    seeds_hash,
    up_to_date,
    write_stamp,
)
from arena.generator.pipeline import write_case, write_legible
from arena.generator.plots import PLOTS, get_plot
from arena.generator.report import written_problems
from arena.generator.textunits import length
from arena.generator.world import DEFAULT_WORDS

if TYPE_CHECKING:
    from arena.app.authoring import Authored

out = Console(soft_wrap=True)  # piped output is never hard-wrapped mid-command


class Difficulty(StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


class Language(StrEnum):
    EN = "en"
    ZH = "zh"


class SplitName(StrEnum):
    PUBLIC = "public"
    HELDOUT = "heldout"


def plot_help() -> str:
    """The --plot help: every plot's name, with its languages where it is written in more than English."""
    names = [name if p.languages == {"en"} else f"{name} ({', '.join(sorted(p.languages))})"
             for name, p in PLOTS.items()]
    return (f"Plot (solution structure, docs/generator.md 'Plots'): {', '.join(names)}; the others are English "
            "only. Default: each seed takes its turn among the plots written in --language.")


def seed_requests(seed: int, count: int, roles: str, difficulty: str, culprits: int, split: SplitName,
                  words: int, language: str = "en", plot: str | None = None) -> list[Request]:
    """Requests for seeds N..N+count-1; a plot, when named, is checked against the language first."""
    if plot is not None:  # ConfigError naming the plots to choose from, before any case is drawn
        get_plot(plot, language, held_out=split is SplitName.HELDOUT)
    bounds = parse_roles(roles)
    salt = heldout_salt() if split is SplitName.HELDOUT else None
    requests = []
    for number in range(seed, seed + count):
        effective = effective_seed(number, split.value, salt)
        options = CaseOptions(roles_for(effective, bounds), difficulty, culprits, words, language,  # type: ignore[arg-type]
                              plot)
        requests.append(Request(number, options, split.value, effective))
    return requests


def build(requests: list[Request], out_dir: Path, render: bool) -> None:
    """Generate, write and re-validate every request; a case that fails is never left on disk."""
    table = Table("id", "roles", "difficulty", "attempt", "clues", "questions", "max depth", "LSU by quarter",
                  "min length", "folder")
    started, redrawn = time.perf_counter(), 0
    for request in track(requests, description="generating", console=out, disable=len(requests) < 2):
        if not render:
            case = generate_case(request)
            folder = write_case(case, out_dir, render=False)
        else:
            case, folder, kept = write_legible(request, out_dir)
            redrawn += len(kept)
            problems = written_problems(folder)
            if problems:
                raise GenerationError(f"seed {request.seed}: the written case {folder} fails validation: "
                                      f"{problems[0]}")
        script = case.script
        depth = max(step.depth for chain in script.reasoning_chains for step in chain.steps)
        quarters = [0, 0, 0, 0]
        for first, _, total in case.facts.positions.values():
            quarters[min(3, 4 * first // max(total, 1))] += 1
        table.add_row(script.id, str(request.options.roles), request.options.difficulty,
                      str(script.metadata["generator"]["attempt"]), str(len(script.clues)),
                      str(len(script.questions)), str(depth), "/".join(map(str, quarters)),
                      str(min(length(r.script or "", script.language) for r in script.roles)), str(folder))
    out.print(table)
    out.print(f"{len(requests)} case(s) in {time.perf_counter() - started:.2f} s"
              + (f"; {redrawn} card(s) re-rendered in a plainer look to keep the OCR floor" if redrawn else ""))


def model_entry(spec: str, options: list[str], entries_file: Path | None, what: str) -> Entry:
    entry = resolve_entry(spec, options, load_entries(entries_file))
    if entry.is_builtin:
        raise ConfigError(f"--{what} {spec}: a built-in agent plays games and writes no prose (fix: a model entry, "
                          "e.g. mock/author or openai/gpt-4o)")
    return entry


def build_authored(requests: list[Request], out_dir: Path, render: bool, author: Entry, judge: Entry | None,
                   attempts: int, entries_file: Path | None, drafts_dir: Path | None) -> None:
    """Generate each request's case, have `author` write its role scripts, and keep the cases that pass; the
    rejected ones are listed with their reasons (exit status 1), their last drafts written to `drafts_dir`."""
    from arena.app.authoring import write_authored, write_drafts
    from arena.providers.client import ModelClient

    async def run() -> list[tuple[Authored, Path | None]]:
        async with ModelClient(provider_limits=provider_limits(entries_file)) as client:
            client.check_entries(author, *([judge] if judge else []))
            return [await write_authored(client, r, out_dir, author, judge, attempts, render) for r in requests]

    started = time.perf_counter()
    results = asyncio.run(run())
    table = Table("case", "roles", "drafts", "calls", "cost $", "copied", "kept as")
    rejected = []
    for result, folder in results:
        drafts = sum(o.attempts for o in result.roles.values())
        cost = "unknown" if result.cost_usd is None else f"{result.cost_usd:.4f}"
        copied = "" if result.copied is None else f"{result.copied:.0%}"
        table.add_row(result.source_id, str(len(result.roles)), str(drafts), str(result.calls), cost, copied,
                      folder.name if folder else "rejected")
        if folder is None:
            rejected.append(result)
    out.print(table)
    out.print(f"{len(results) - len(rejected)} of {len(results)} case(s) authored by {author.name} into {out_dir} in "
              f"{time.perf_counter() - started:.1f} s")
    for result in rejected:
        out.print(f"[red]{result.source_id} rejected:[/]")
        for problem in result.problems[:4]:
            out.print(f"  {problem}", markup=False)
        for role, outcome in result.roles.items():
            if not outcome.accepted:
                out.print(f"  role {role}: {len(outcome.findings)} finding(s) after {outcome.attempts} draft(s)",
                          markup=False)
                for finding in outcome.findings[:3]:
                    out.print(f"    {finding}", markup=False)
        if drafts_dir is not None:
            out.print(f"  the last drafts and all their findings: {write_drafts(result, drafts_dir)}", markup=False)
    if rejected:
        raise typer.Exit(1)


def from_manifest(manifest_path: Path, out_dir: Path, split: SplitName, render: bool, force: bool) -> None:
    manifest = load_manifest(manifest_path)
    if split is SplitName.HELDOUT:
        requests = heldout_requests(manifest, heldout_salt())
        digest = seeds_hash(requests)
        if manifest.heldout.seeds_sha256 not in (None, digest):
            raise ConfigError(f"{manifest_path}: the held-out seeds from this salt hash to {digest}, the manifest "
                              f"publishes {manifest.heldout.seeds_sha256} (fix: use the salt the set was pinned with)")
        out.print(f"held-out seeds sha256: {digest}")
        build(requests, out_dir, render)
        return
    if not force and render and up_to_date(manifest_path, out_dir):
        out.print(f"{out_dir}: the generated set is up to date ({len(manifest.cases)} cases); --force rebuilds it")
        return
    build(public_requests(manifest), out_dir, render)
    if render:
        write_stamp(manifest_path, out_dir)


def generate(
    out_dir: Annotated[Path, typer.Option("--out", help="Folder to write into, one sub-folder per case (usable as "
                                          "ARENA_SCRIPTS).")],
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the first case; the same seed and options "
                                             "give the same case, byte for byte.")] = None,
    manifest: Annotated[Path | None, typer.Option("--manifest", help="Build the pinned set a manifest lists "
                                                  "(e.g. scripts_data/generated.yaml) instead of --seed.")] = None,
    count: Annotated[int, typer.Option("--count", min=1, help="Number of cases, from seeds N..N+M-1.")] = 1,
    roles: Annotated[str, typer.Option("--roles", help="Number of roles (6), or a range drawn per seed "
                                       "(4-8).")] = "4-8",
    difficulty: Annotated[Difficulty, typer.Option("--difficulty", help="Reasoning depth, red herrings and how "
                                                   "much hinges on images.")] = Difficulty.MEDIUM,
    culprits: Annotated[int, typer.Option("--culprits", min=1, max=2, help="Culprits acting together.")] = 1,
    words: Annotated[int | None, typer.Option("--words", min=200, help="Minimum length of every role script: words, "
                                              "or CJK characters for --language zh (default 4000 words, 6000 "
                                              "characters).")] = None,
    language: Annotated[Language, typer.Option("--language", help="Language of every text of the case: en, or zh "
                                               "(Simplified Chinese).")] = Language.EN,
    plot: Annotated[str | None, typer.Option("--plot", help=plot_help())] = None,
    split: Annotated[SplitName, typer.Option("--split", help="heldout: seeds are keyed with the secret "
                                             "ARENA_HELDOUT_SALT, so published seed numbers cannot reproduce the "
                                             "cases.")] = SplitName.PUBLIC,
    render: Annotated[bool, typer.Option("--render/--no-render", help="Render the image clues (PNG).")] = True,
    force: Annotated[bool, typer.Option("--force", help="With --manifest: rebuild even when up to date.")] = False,
    author: Annotated[str | None, typer.Option("--author", help="Authoring mode: this model entry writes every "
                                               "role script from the checked case's fact plan; the rules read each "
                                               "fact back and the case is kept only when all pass (docs/generator.md "
                                               "'Authoring mode'). mock/author runs it offline.")] = None,
    judge: Annotated[str | None, typer.Option("--judge", help="With --author: a model entry that also reads "
                                              "every authored script against its plan.")] = None,
    author_attempts: Annotated[int, typer.Option("--author-attempts", min=1, help="With --author: drafts per role, "
                                                 "each after the last one's findings.")] = 3,
    drafts: Annotated[Path | None, typer.Option("--drafts", help="With --author: write a rejected case's last "
                                                "drafts, each with its findings, under DIR/<case id>/.")] = None,
    option: Annotated[list[str] | None, typer.Option("-M", "--option", help="With --author: author setting "
                                                     "key=value (repeatable).")] = None,
    entries_file: Annotated[Path | None, typer.Option(
        "--entries-file", help="Entries TOML file for --author and --judge (default: $ARENA_ENTRIES, else "
                               "./entries.toml).")] = None,
) -> None:
    """Generate murder-mystery cases; each passes every check (coherence, unique solution, whole-case keys,
    images needed, script length) before it is written."""
    if (judge is not None or drafts is not None) and author is None:
        raise ConfigError("--judge and --drafts go with --author")
    if manifest is not None:
        if author is not None:
            raise ConfigError("--author goes with --seed: the manifest's set is the template-written public set")
        if plot is not None:
            raise ConfigError("--plot goes with --seed; a manifest names each case's plot (its `plot:` field)")
        from_manifest(manifest, out_dir, split, render, force)
        return
    if seed is None:
        raise ConfigError("give --seed N (and --count M) or --manifest FILE")
    length_ = words if words is not None else DEFAULT_WORDS[language.value]
    requests = seed_requests(seed, count, roles, difficulty.value, culprits, split, length_, language.value, plot)
    if author is not None:
        if language is not Language.EN:
            raise ConfigError("--author writes English cases (fix: --language en)")
        writer = model_entry(author, option or [], entries_file, "author")
        checker = model_entry(judge, [], entries_file, "judge") if judge else None
        build_authored(requests, out_dir, render, writer, checker, author_attempts, entries_file, drafts)
        return
    build(requests, out_dir, render)
