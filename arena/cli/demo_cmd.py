"""`arena demo`: the main job on the embedded defaults, end to end, in one command.

It runs, in order, the same commands a user would type (printing each one first):

1. `arena tournament`: the built-in agents and the keyless `mock/player` model entry play every
   bundled case, side-swapped, into the DuckDB file;
2. `arena qa`: the reference rows (random guessing, the naive retrieval agent, the OCR-only
   baseline) and `mock/player` (through the model path, images included) answer every QA suite;
3. `arena coe score`: the offline judge scores the transcripts (RP, SPC, ITD, CMD);
4. `arena leaderboard`: the ratings in the terminal;
5. `streamlit run streamlit_app.py`: the leaderboard service, at the printed local URL.

Every step is idempotent (the tournament resumes, QA runs skip answered questions, scoring skips
scored games). When every step has finished once for a database, a marker file beside it
(`<db>.demo-done`, holding the plan) lets a rerun go straight to the board; `--redo` runs the steps
again. The board runs as a child that dies with the demo, even when the demo is killed with
SIGKILL (Linux parent-death signal), so the port is free for the next run.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import shlex
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import typer
from rich.console import Console

from arena.errors import ConfigError
from arena.store.db import DB_ENV, default_db_path

out = Console(soft_wrap=True)  # piped output is never hard-wrapped mid-command
APP_FILE = Path(__file__).resolve().parents[2] / "streamlit_app.py"
GAME_ENTRIES = ("builtin/naive", "builtin/random", "mock/player")
QA_ENTRIES = ("builtin/random", "builtin/naive", "builtin/ocr", "builtin/longest", "builtin/prior", "builtin/lookup",
              "mock/player")
DbOpt = typer.Option(None, "--db", help="DuckDB file (default: $ARENA_DB, else ./arena.duckdb).")


@dataclass(frozen=True)
class DemoPlan:
    """What the demo runs: the arena commands (argument lists after `arena`) and the board command."""

    steps: list[list[str]]
    serve: list[str] | None


def plan_demo(db: Path, port: int, rounds: int, games_per_pair: int, serve: bool,
              scripts: str = "bundled") -> DemoPlan:
    """The commands of the demo for database `db`; pure, so a test can check them without running."""
    where = ["--db", str(db)]
    steps = [["tournament", "--entries", ",".join(GAME_ENTRIES), "--scripts", scripts, "--games-per-pair",
              str(games_per_pair), "--rounds", str(rounds), *where]]
    steps += [["qa", "--entry", entry, "--suite", "all", "--scripts", scripts, *where] for entry in QA_ENTRIES]
    case_dir = Path(scripts)
    found_in = ["--scripts-dir", str(case_dir.resolve().parent)] if case_dir.is_dir() else []
    steps += [["coe", "score", *found_in, *where], ["leaderboard", *where]]
    board = ["streamlit", "run", str(APP_FILE), "--server.port", str(port), "--server.address", "127.0.0.1",
             "--server.headless", "true", "--browser.gatherUsageStats", "false",
             "--server.fileWatcherType", "none"]  # the watcher floods the terminal with inotify overflows
    return DemoPlan(steps, board if serve else None)


def run_step(args: list[str], env: dict[str, str]) -> None:
    """Run `arena ARGS` in a child process; a failing step stops the demo with its exit code."""
    out.print(f"[bold cyan]$ arena {shlex.join(args)}[/]", highlight=False)
    code = subprocess.call([sys.executable, "-m", "arena", *args], env=env)
    if code != 0:
        raise ConfigError(f"`arena {shlex.join(args)}` failed with exit code {code}; fix that and rerun "
                          "`arena demo` (finished work is kept and not redone)")


def done_marker(db: Path) -> Path:
    """The file that says every step of the demo has finished once for `db`."""
    return db.with_name(db.name + ".demo-done")


def steps_done(db: Path, plan: DemoPlan) -> bool:
    """Whether the demo's steps already ran to the end for `db` with this very plan."""
    marker = done_marker(db)
    try:
        return db.is_file() and json.loads(marker.read_text(encoding="utf-8")) == plan.steps
    except (OSError, ValueError):
        return False


def _die_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    """Ask Linux to send the child SIGTERM when its parent dies (PR_SET_PDEATHSIG = 1)."""
    # Not Linux: no prctl; the SIGTERM handler in serve_board still stops the board on a plain kill.
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGTERM), 0, 0, 0)


def serve_board(command: list[str], env: dict[str, str], port: int) -> None:
    """Serve the board until Ctrl-C or a kill; the board never outlives the demo."""
    if not APP_FILE.is_file():
        raise ConfigError(f"{APP_FILE} not found: run the demo from a checkout of the project")
    out.print(f"[bold green]Leaderboard: http://127.0.0.1:{port}[/]  (Ctrl-C to stop)", highlight=False)
    child = subprocess.Popen([sys.executable, "-m", *command], env=env, preexec_fn=_die_with_parent)
    previous = signal.signal(signal.SIGTERM, lambda *_: child.terminate())
    try:
        child.wait()
    except KeyboardInterrupt:
        child.terminate()
        child.wait()
        out.print("stopped")
    finally:
        signal.signal(signal.SIGTERM, previous)


def demo(
    db: Path | None = DbOpt,
    port: int = typer.Option(8501, "--port", min=1, max=65535, help="Port of the leaderboard service."),
    rounds: int = typer.Option(2, "--rounds", min=1, max=20, help="Discussion rounds per game."),
    games_per_pair: int = typer.Option(1, "--games-per-pair", min=1, help="Matches per pair of entries and case."),
    serve: bool = typer.Option(True, "--serve/--no-serve", help="Serve the leaderboard when done."),
    scripts: str = typer.Option("bundled", "--scripts", help="Cases: bundled (the hand-written ones), public (with "
                                "the generated set), generated, ids (a,b) or a case folder."),
    redo: bool = typer.Option(False, "--redo", help="Run the steps again even if they finished before."),
) -> None:
    """Run the main job with no keys: a tournament of the built-in agents on the bundled cases, the QA
    suites, transcript scoring, then serve the leaderboard."""
    path = default_db_path(db).resolve()
    env = {**os.environ, DB_ENV: str(path)}
    plan = plan_demo(path, port, rounds, games_per_pair, serve, scripts)
    if steps_done(path, plan) and not redo:
        out.print(f"The demo already ran on {path}; serving the board (--redo runs the steps again).",
                  highlight=False)
    else:
        for args in plan.steps:
            run_step(args, env)
        done_marker(path).write_text(json.dumps(plan.steps), encoding="utf-8")
        out.print(f"[green]done[/]: everything is recorded in {path}", highlight=False)
    if plan.serve is not None:
        serve_board(plan.serve, env, port)
