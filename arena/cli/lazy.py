"""Sub-commands loaded when they are run, so `arena --help` and light commands start fast.

Each command module imports what its work needs (DuckDB, scikit-learn, Pillow, provider SDKs, ...),
which took seconds for every command. `LazyGroup` knows the commands by name, module and one-line
help (`COMMANDS`); it imports a command's module only when that command is run or its own help is
asked for. `tests/cli/test_lazy_cli.py` checks that each line of help matches the command's own.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

Command = Any  # typer's own (vendored) click command classes
Context = Any


@dataclass(frozen=True)
class LazyCommand:
    """A command by name: `module:attribute` is a typer app (a group) or a command function."""

    name: str
    target: str
    help: str
    group: bool = False


def load(spec: LazyCommand) -> Command:
    """Import the command's module and build its click command."""
    module, _, attribute = spec.target.partition(":")
    value = getattr(importlib.import_module(module), attribute)
    if spec.group:
        command = typer.main.get_command(value)
    else:
        holder = typer.Typer(pretty_exceptions_enable=False, add_completion=False)
        holder.command(spec.name)(value)
        command = typer.main.get_command(holder)
    command.name = spec.name
    return command


class LazyGroup(TyperGroup):
    """A typer group whose sub-commands (`self.lazy`) are imported on first use."""

    lazy: dict[str, LazyCommand] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._loaded: dict[str, Command] = {}
        self._listing = False

    def list_commands(self, ctx: Context) -> list[str]:
        return [*super().list_commands(ctx), *self.lazy]

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        spec = self.lazy.get(cmd_name)
        if spec is None:
            return super().get_command(ctx, cmd_name)
        if self._listing:  # the group's own help lists names and one-line help: nothing is imported
            return TyperCommand(spec.name, help=spec.help, short_help=spec.help)
        if cmd_name not in self._loaded:
            self._loaded[cmd_name] = load(spec)
        return self._loaded[cmd_name]

    def format_help(self, ctx: Context, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


def lazy_group(commands: list[LazyCommand]) -> type[LazyGroup]:
    """A LazyGroup class that knows `commands` (typer takes the class, not an instance)."""
    return type("ArenaCommands", (LazyGroup,), {"lazy": {c.name: c for c in commands}})
