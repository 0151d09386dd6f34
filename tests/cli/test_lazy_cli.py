"""The command line starts light: `import arena.cli` loads no heavy library, and the one-line help that
`arena --help` shows without importing the commands matches each command's own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from arena.cli import COMMANDS, app
from arena.cli.lazy import load

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("sklearn", "faiss", "streamlit", "scipy", "PIL", "duckdb", "numpy", "pandas", "openai", "anthropic",
         "google.genai", "httpx", "jieba", "trueskill", "pydantic", "yaml")


def loaded_after(code: str) -> list[str]:
    probe = f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=env, cwd=ROOT)
    return json.loads(done.stdout.splitlines()[-1])


def test_importing_the_command_line_loads_none_of_the_heavy_libraries():
    modules = loaded_after("import arena.cli")
    assert [h for h in HEAVY if h in modules] == []
    assert "arena.cli.tournament_cmd" not in modules and "arena.cli.coe_cmd" not in modules


def test_help_lists_every_command_without_importing_any():
    modules = loaded_after("from typer.testing import CliRunner\nfrom arena.cli import app\n"
                           "assert CliRunner().invoke(app, ['--help']).exit_code == 0")
    assert not [m for m in modules if m.endswith("_cmd")]
    text = CliRunner().invoke(app, ["--help"]).output
    assert all(spec.name in text for spec in COMMANDS)


def first_paragraph(text: str | None) -> str:
    return " ".join((text or "").split("\n\n")[0].split())


def test_each_listed_help_line_is_the_commands_own():
    for spec in COMMANDS:
        command = load(spec)
        assert first_paragraph(command.help) == spec.help, spec.name


def test_a_command_still_runs_and_shows_its_own_options():
    runner = CliRunner()
    listed = runner.invoke(app, ["scripts", "list", "--root", str(ROOT / "tests" / "fixtures")])
    assert listed.exit_code == 0 and "mini" in listed.output
    helped = runner.invoke(app, ["tournament", "--help"])
    assert helped.exit_code == 0 and "--concurrency" in helped.output
    unknown = runner.invoke(app, ["no-such-command"])
    assert unknown.exit_code == 2 and "No such command" in unknown.output


def test_the_leaderboard_command_loads_its_ratings_and_store_only_when_it_runs():
    modules = loaded_after("from typer.testing import CliRunner\nfrom arena.cli import app\n"
                           "assert CliRunner().invoke(app, ['leaderboard', '--help']).exit_code == 0")
    assert "arena.cli.leaderboard_cmd" in modules
    assert [h for h in ("numpy", "trueskill", "duckdb", "scipy") if h in modules] == []
    import leaderboard.ratings as ratings  # the package's names still resolve (imported on first use)
    from leaderboard.ratings import board, defaults

    assert ratings.compute_board is board.compute_board and board.MIN_GAMES == defaults.MIN_GAMES
    assert sorted(name for name in ratings.__all__ if getattr(ratings, name) is None) == []


def test_light_commands_and_the_mock_provider_do_not_load_scikit_learn():
    fixtures = str(ROOT / "tests" / "fixtures")
    modules = loaded_after("from typer.testing import CliRunner\nfrom arena.cli import app\n"
                           "import arena.providers.mock\n"
                           f"result = CliRunner().invoke(app, ['scripts', 'list', '--root', {fixtures!r}])\n"
                           "assert result.exit_code == 0")
    assert "arena.scripts.stats" in modules and "multimodal.language" in modules and "sklearn" not in modules
    from multimodal import language

    assert language.is_stop("the") and "the" in language.STOP_WORDS["en"] and "的" in language.stop_words("zh")
