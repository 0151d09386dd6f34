"""`arena scripts ...` through the real console entry point: exit codes and the stats JSON contract."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import FIXTURE_CASE, ROOT, bundled_cases

STATS_KEYS = {"id", "path", "roles", "min_role_words", "images", "questions", "mmr_max_depth", "key_statements",
              "key_roles", "lint", "plot", "set"}


def arena(*args: str, cwd: Path = ROOT, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    code = "from arena.cli import main; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120)


def test_help_on_every_scripts_command() -> None:
    for command in ("list", "show", "validate", "stats", "render"):
        result = arena("scripts", command, "--help")
        assert result.returncode == 0 and "Usage" in result.stdout


def test_stats_json_shape() -> None:
    result = arena("scripts", "stats", str(FIXTURE_CASE), "--json")
    assert result.returncode == 0, result.stderr
    (row,) = json.loads(result.stdout)
    assert set(row) == STATS_KEYS
    assert row["images"] == {"text_rich": 1, "media_rich": 1}
    assert row["questions"] == {"lsu": 1, "tiu": 1, "miu": 1, "mmr": 2}
    assert row["mmr_max_depth"] == 3 and row["roles"] == 3 and row["key_roles"] == 1
    assert row["lint"] == 0
    assert row["plot"] is None  # a hand-written case names no plot
    assert row["set"] == "hand-written"


def test_stats_reports_each_case_plot_and_the_cases_per_plot(tmp_path: Path) -> None:
    import yaml

    case = tmp_path / "plotted"
    shutil.copytree(FIXTURE_CASE, case)
    script = yaml.safe_load((case / "script.yaml").read_text(encoding="utf-8"))
    script["id"] = "mini-plotted"
    script["metadata"] = {"plot": "locked-cabinet"}
    (case / "script.yaml").write_text(yaml.safe_dump(script, sort_keys=False), encoding="utf-8")
    plain = arena("scripts", "stats", str(FIXTURE_CASE), str(case), "--json")
    assert plain.returncode == 0, plain.stderr
    assert [r["plot"] for r in json.loads(plain.stdout)] == [None, "locked-cabinet"]  # still the bare list
    summary = arena("scripts", "stats", str(FIXTURE_CASE), str(case), str(case), "--json", "--summary")
    assert summary.returncode == 0, summary.stderr
    shown = json.loads(summary.stdout)
    assert [r["plot"] for r in shown["cases"]] == [None, "locked-cabinet", "locked-cabinet"]
    assert list(shown["plots"].items()) == [("locked-cabinet", 2), ("-", 1)]
    text = arena("scripts", "stats", str(FIXTURE_CASE), str(case), env={**os.environ, "COLUMNS": "200"})
    assert text.returncode == 0, text.stderr
    assert "plots: - 1, locked-cabinet 1" in text.stdout and "locked-cabinet │" in text.stdout


def test_bundled_cases_meet_the_content_bar() -> None:
    cases = bundled_cases()
    assert len(cases) >= 3
    result = arena("scripts", "stats", *map(str, cases), "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    assert any(r["roles"] == 6 for r in rows)
    for r in rows:
        # the bar is what a case needs, not a length or count to pad to: 4-8 roles whose scripts carry the
        # case, images of both kinds, every suite asked, reasoning at depth 3 or more
        assert 4 <= r["roles"] <= 8, r["id"]
        assert r["min_role_words"] >= 1000, r["id"]
        assert r["images"]["text_rich"] >= 3 and r["images"]["media_rich"] >= 3, r["id"]
        q = r["questions"]
        assert q["lsu"] >= 15 and q["tiu"] >= 8 and q["miu"] >= 9 and q["mmr"] >= 9, r["id"]
        assert r["mmr_max_depth"] >= 3 and r["key_statements"] >= 7 and r["key_roles"] >= 1, r["id"]


def test_validate_exit_codes(tmp_path: Path) -> None:
    assert arena("scripts", "validate", str(FIXTURE_CASE)).returncode == 0
    broken = tmp_path / "broken"
    shutil.copytree(FIXTURE_CASE, broken)
    (broken / "images" / "note.png").unlink()
    result = arena("scripts", "validate", str(FIXTURE_CASE), str(broken))
    assert result.returncode == 1
    assert "note.png: file not found" in result.stdout.replace("\n", "")


def test_show_hides_spoilers_unless_asked() -> None:
    assert arena("scripts", "show", "mini-greenhouse").returncode == 1  # not a bundled case
    env = {**os.environ, "ARENA_SCRIPTS": str(FIXTURE_CASE.parent)}
    shown = arena("scripts", "show", "mini-greenhouse", env=env)
    assert shown.returncode == 0, shown.stderr
    assert "Rowan Ashe" in shown.stdout and "clay pot" not in shown.stdout
    assert "clay pot" in arena("scripts", "show", "mini-greenhouse", "--spoilers", env=env).stdout
    by_path = arena("scripts", "show", str(FIXTURE_CASE))  # a folder, as `play` and `validate` accept
    assert by_path.returncode == 0, by_path.stderr
    assert "Rowan Ashe" in by_path.stdout


def test_an_entries_file_error_names_the_entry(tmp_path: Path) -> None:
    typo = tmp_path / "typo.toml"
    typo.write_text('[entries.my-gpt]\nprovider = "openai"\n', encoding="utf-8")
    result = arena("play", "--script", str(FIXTURE_CASE), "--civilians", "my-gpt", "--murderer", "builtin/random",
                   "--entries-file", str(typo), "--no-record")
    assert result.returncode == 1
    assert "[entries.my-gpt]: model: Field required" in " ".join(result.stderr.split())


def test_render_is_idempotent(tmp_path: Path) -> None:
    case = tmp_path / "case"
    shutil.copytree(FIXTURE_CASE, case)
    shutil.rmtree(case / "images")
    assert arena("scripts", "render", str(case)).returncode == 0
    first = (case / "images" / "clock.png").read_bytes()
    assert arena("scripts", "validate", str(case)).returncode == 0
    assert arena("scripts", "render", str(case)).returncode == 0
    assert (case / "images" / "clock.png").read_bytes() == first


def test_help_shows_no_value_type_for_plain_flags() -> None:
    shown = arena("play", "--help").stdout
    assert "--no-record" in shown and "<int>" in shown  # options with values keep their type
    assert "<bool>" not in shown


def test_version_prints_the_installed_harness_version() -> None:
    from importlib.metadata import version

    result = arena("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"whodunit-arena {version('whodunit-arena')}"
