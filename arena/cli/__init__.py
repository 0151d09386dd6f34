"""The `arena` command line: one typer app, with a sub-command module per area."""

from __future__ import annotations

import sys

import typer
from rich.console import Console
from rich.markup import escape

from arena.cli import (
    coe_cmd,
    demo_cmd,
    generate_cmd,
    import_cmd,
    leaderboard_cmd,
    models_cmd,
    play_cmd,
    qa_cmd,
    scripts_cmd,
    submit_cmd,
    tournament_cmd,
)
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


_hide_flag_types()
app = typer.Typer(
    name="arena",
    help="Whodunit Arena: vision-language agents play murder mystery games; ratings, QA suites, leaderboard.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.add_typer(scripts_cmd.app, name="scripts")
app.add_typer(import_cmd.app, name="import")
app.add_typer(models_cmd.app, name="models")
app.add_typer(coe_cmd.app, name="coe")
app.command("demo")(demo_cmd.demo)
app.command("tournament")(tournament_cmd.tournament)
app.command("submit")(submit_cmd.submit)
app.command("qa")(qa_cmd.qa)
app.command("leaderboard")(leaderboard_cmd.leaderboard)
app.command("generate")(generate_cmd.generate)
app.command("play")(play_cmd.play)
app.command("replay")(play_cmd.replay_log)

err = Console(stderr=True)


def main() -> None:
    """Console entry point: user-facing errors print one clear message and exit 1, no traceback."""
    try:
        app()
    except ArenaError as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}", markup=True, highlight=False, soft_wrap=True)
        sys.exit(1)
