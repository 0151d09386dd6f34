"""`arena scripts`: list, show, validate, stats and render the cases."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from arena.errors import ScriptError
from arena.scripts.loader import discover_scripts, find_script, load_script, load_script_unchecked, script_file
from arena.scripts.stats import count_words, plot_counts, script_stats

app = typer.Typer(help="Browse, check and render scripts (cases).", no_args_is_help=True)
out = Console(soft_wrap=True)  # piped output is never hard-wrapped mid-command

PathsArg = typer.Argument(None, help="Script folders or files (default: every bundled case).")


def resolve_paths(paths: list[Path] | None) -> list[Path]:
    found = list(paths) if paths else discover_scripts()
    if not found:
        raise ScriptError("no scripts found (give paths, or set ARENA_SCRIPTS to a folder of cases)")
    return found


RootOpt = typer.Option(None, help="Folder of cases (default: bundled).")


@app.command("list")
def list_scripts(root: Path = RootOpt) -> None:
    """List the available cases."""
    table = Table("id", "title", "roles", "clues", "questions", "path")
    for folder in discover_scripts(root):
        try:
            s = load_script_unchecked(folder)
            table.add_row(s.id, s.title, str(len(s.roles)), str(len(s.clues)), str(len(s.questions)), str(folder))
        except ScriptError as exc:
            table.add_row(folder.name, f"[red]invalid: {str(exc).splitlines()[0]}[/]", "", "", "", str(folder))
    out.print(table)


@app.command("show")
def show(script_id: str = typer.Argument(..., help="Case id, folder name or the path of a case folder."),
         spoilers: bool = typer.Option(False, help="Also print the truth and the culprits.")) -> None:
    """Show one case: briefing, roles, clues, question counts (truth only with --spoilers)."""
    s = load_script(find_script(script_id))
    out.rule(f"{s.title} [{s.id}]")
    out.print(s.briefing)
    out.print(f"\n[bold]Victim:[/] {s.victim}")
    table = Table("role", "name", "profile", "script words")
    for role in s.roles:
        table.add_row(role.id, role.name, role.profile, str(count_words(role.script)))
    out.print(table)
    clues = Table("clue", "kind", "visibility", "title")
    for c in s.clues:
        kind = f"image/{c.image.kind.value}" if c.image else "text"
        where = c.holder or c.location or (f"round {c.unlock_round}" if c.unlock_round else "")
        clues.add_row(c.id, kind, f"{c.visibility.value} {where}".strip(), c.title)
    out.print(clues)
    if spoilers:
        out.print(f"[bold]Culprits:[/] {', '.join(s.culprits)}\n[bold]Method:[/] {s.truth.method}\n"
                  f"[bold]Motive:[/] {s.truth.motive}")


def checked_case_problems(check: Callable[[], Sequence[object]]) -> Sequence[object]:
    """The case checks' problems; a side file they cannot read (facts.yaml, cards.yaml) is one problem among
    the others rather than the end of the case's report."""
    try:
        return check()
    except ScriptError as exc:
        return exc.problems or [str(exc)]


@app.command("validate")
def validate(paths: list[Path] = PathsArg,
             min_words: int = typer.Option(0, "--min-words", help="Also require every role script to have at "
                                           "least this many words (CJK characters in a Chinese case)."),
             legibility: bool = typer.Option(False, "--legibility/--no-legibility", help="Also OCR every "
                                             "text-rich card (about a second a card)."),
             blind: bool = typer.Option(False, "--blind/--no-blind", help="Also report each suite's blind ceiling: "
                                        "the best of builtin/longest, builtin/prior and builtin/lookup on the case "
                                        "(the prior reads every installed case once, some seconds)."),
             blind_margin: float = typer.Option(None, "--blind-margin", help="Also fail a case whose blind ceiling "
                                                "in a suite is more than this many points above chance.")) -> None:
    """Check cases: structure, and the case checks (coherence, solution, keys, vision, length, legibility),
    each problem with case, clue or question and the fix; exit 1 on any problem. With --blind, the blind ceilings."""
    from arena.coe.ceiling import case_ceilings  # runs the blind answerers on the case's items
    from arena.generator.report import case_problems  # the checks load the solver and the image tools
    from arena.scripts.evidence import possible_leaks
    from arena.scripts.validation import validate_script

    failed = 0
    for path in resolve_paths(paths):
        problems: Sequence[object]  # Problems, or the error's own message when it lists none
        try:
            script = load_script_unchecked(path)
            file = str(script_file(path))
            problems = [*validate_script(script, file), *checked_case_problems(
                functools.partial(case_problems, script, file, min_words or None, legibility))]
            ceilings = case_ceilings(script) if blind or blind_margin is not None else []
            review = possible_leaks(script, file)
        except ScriptError as exc:
            problems, ceilings, review = exc.problems or [str(exc)], [], []
        if blind_margin is not None:
            problems = [*problems, *(f"[blind] {script.id}: {c.text()} is {c.over_chance:.0f} points above chance "
                                     f"(allowed {blind_margin:g}); rewrite the items a blind answerer gets right "
                                     "(see docs/coe.md, blind rows)" for c in ceilings if c.over_chance > blind_margin)]
        if problems:
            failed += 1
            out.print(f"[red]FAIL[/] {path}: {len(problems)} problem(s)")
            for problem in problems:
                out.print(f"  - {problem}", markup=False, highlight=False)
        else:
            out.print(f"[green]ok[/]   {path}")
        if ceilings:
            out.print("  blind ceilings: " + "; ".join(c.text() for c in ceilings), markup=False, highlight=False)
        for problem in review:  # not failures: places where a text may state what an image carries
            out.print(f"  review: {problem}", markup=False, highlight=False)
    if failed:
        raise typer.Exit(1)


@app.command("stats")
def stats(paths: list[Path] = PathsArg, as_json: bool = typer.Option(False, "--json", help="Print JSON."),
          summary: bool = typer.Option(False, "--summary", help="With --json: print {\"cases\": [...], \"plots\": "
                                       "{plot: cases}} instead of the bare list of cases.")) -> None:
    """Counts per case: roles, shortest role script, images, questions per suite, key statements, consistency
    findings (lint), plot; then the cases per plot."""
    rows = [script_stats(load_script_unchecked(p), str(p)) for p in resolve_paths(paths)]
    if as_json:  # the bare list is the contract outside tooling reads; the summary is asked for
        print(json.dumps({"cases": rows, "plots": plot_counts(rows)} if summary else rows, indent=2))
        return
    table = Table("id", "roles", "min words", "text/media img", "lsu/tiu/miu/mmr", "mmr depth", "key st.", "key roles",
                  "lint", "plot")
    for r in rows:
        q = r["questions"]
        table.add_row(r["id"], str(r["roles"]), str(r["min_role_words"]),
                      f"{r['images']['text_rich']}/{r['images']['media_rich']}",
                      f"{q['lsu']}/{q['tiu']}/{q['miu']}/{q['mmr']}", str(r["mmr_max_depth"]),
                      str(r["key_statements"]), str(r["key_roles"]), str(r["lint"]), r["plot"] or "-")
    out.print(table)
    out.print("plots: " + ", ".join(f"{plot} {n}" for plot, n in plot_counts(rows).items()), markup=False,
              highlight=False)


@app.command("render")
def render(paths: list[Path] = PathsArg) -> None:
    """Render the clue cards of each case from its cards.yaml (reproducible: same spec, same bytes)."""
    from multimodal.cards.render import CardError, render_cards  # Pillow, fonts: only for rendering

    for path in resolve_paths(paths):
        folder = path if path.is_dir() else path.parent
        try:
            written = render_cards(folder)
        except CardError as exc:
            raise ScriptError(str(exc)) from exc
        out.print(f"{folder}: {len(written)} card(s)")
