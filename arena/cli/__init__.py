"""The `arena` command line: one typer app, with a sub-command module per area."""

from __future__ import annotations

import sys

import typer
from rich.console import Console
from rich.markup import escape

from arena.cli.lazy import LazyCommand, lazy_group
from arena.errors import ArenaError


def _hide_flag_types() -> None:
    """Typer 0.29 prints `<bool>` beside plain flags such as `--json`, which reads as if the flag took a
    value (`--json true` fails). A flag takes none, so its help shows no type."""
    option = getattr(typer.core, "TyperOption", None)
    shown = getattr(option, "display_type_rich", None)
    if option is None or shown is None:
        return

    def display_type_rich(self: typer.core.TyperOption, ctx: object) -> str | None:
        return None if self.is_flag else shown(self, ctx)

    option.display_type_rich = display_type_rich  # type: ignore[method-assign]


# Every command's module is imported only when that command runs (arena.cli.lazy): `arena --help` and
# light commands do not pay for DuckDB, scikit-learn, Pillow or the provider SDKs.
COMMANDS = [
    LazyCommand("demo", "arena.cli.demo_cmd:demo", "Run the main job with no keys: a tournament of the built-in "
                "agents on the bundled cases, the QA suites, transcript scoring, then serve the leaderboard."),
    LazyCommand("tournament", "arena.cli.tournament_cmd:tournament",
                "Play an all-play-all tournament (resumable: rerun the same command to continue)."),
    LazyCommand("submit", "arena.cli.submit_cmd:submit",
                "Register an entry after a smoke check and place it against the active pool (or a frozen one)."),
    LazyCommand("qa", "arena.cli.qa_cmd:qa",
                "Ask an entry the multiple-choice questions of the cases; store every answer; print accuracy."),
    LazyCommand("leaderboard", "arena.cli.leaderboard_cmd:leaderboard",
                "Ratings from the recorded games: side-balanced Bradley-Terry, TrueSkill, win rates, failure rates."),
    LazyCommand("generate", "arena.cli.generate_cmd:generate",
                "Generate murder-mystery cases; each passes every check (coherence, unique solution, whole-case "
                "keys, images needed, script length) before it is written."),
    LazyCommand("play", "arena.cli.play_cmd:play",
                "Play one game between two entries, write its event log (JSONL) and record it in the store."),
    LazyCommand("replay", "arena.cli.play_cmd:replay_log",
                "Print a game's transcript; verify the log against its case by replaying it."),
    LazyCommand("scripts", "arena.cli.scripts_cmd:app", "Browse, check and render scripts (cases).", group=True),
    LazyCommand("import", "arena.cli.import_cmd:app",
                "Import cases from the WhodunitBench, MIRAGE and WellPlay (PLAYER*) datasets.", group=True),
    LazyCommand("models", "arena.cli.models_cmd:app", "Model providers and entries: list them, try one.", group=True),
    LazyCommand("coe", "arena.cli.coe_cmd:app",
                "Chain of evaluation: transcript metrics, the Table-3 protocol and report.", group=True),
]

_hide_flag_types()
app = typer.Typer(
    name="arena",
    help="Whodunit Arena: vision-language agents play murder mystery games; ratings, QA suites, leaderboard.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    cls=lazy_group(COMMANDS),
)


def _print_version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"whodunit-arena {version('whodunit-arena')}")
        except PackageNotFoundError:  # run from a checkout that was never installed
            typer.echo("whodunit-arena (not installed: version unknown)")
        raise typer.Exit()


@app.callback()
def _root(show_version: bool = typer.Option(False, "--version", callback=_print_version, is_eager=True,
                                            help="Print the harness version and exit.")) -> None:
    """Whodunit Arena: vision-language agents play murder mystery games; ratings, QA suites, leaderboard."""


err = Console(stderr=True)


def main() -> None:
    """Console entry point: user-facing errors print one clear message and exit 1, no traceback."""
    try:
        app()
    except ArenaError as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}", markup=True, highlight=False, soft_wrap=True)
        sys.exit(1)
