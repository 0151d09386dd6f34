"""`arena generate` through the real console entry point: seeds, counts, held-out salt, errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from arena.generator.heldout import SALT_ENV

SALT = "cli-test-salt-0123456789abcdef"


def arena(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k != SALT_ENV}
    return subprocess.run([sys.executable, "-c", "from arena.cli import main; main()", *args], capture_output=True,
                          text=True, cwd=cwd, env=base | (env or {}) | {"COLUMNS": "200"}, timeout=300)


def test_count_generates_consecutive_seeds_that_validate(tmp_path: Path) -> None:
    result = arena("generate", "--seed", "10", "--count", "2", "--roles", "4-8", "--difficulty", "hard",
                   "--words", "600", "--out", str(tmp_path / "cases"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    folders = sorted(p.name for p in (tmp_path / "cases").iterdir())
    assert [name.split("-")[1] for name in folders] == ["10", "11"]
    assert all("-hard-" in name for name in folders) and "2 case(s)" in result.stdout
    check = arena("scripts", "validate", *(str(tmp_path / "cases" / f) for f in folders), cwd=tmp_path)
    assert check.returncode == 0, check.stdout
    assert check.stdout.count("ok") == 2


def test_heldout_without_salt_fails_cleanly(tmp_path: Path) -> None:
    result = arena("generate", "--seed", "1", "--split", "heldout", "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert result.returncode == 1
    assert SALT_ENV in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_heldout_with_salt_writes_a_heldout_case_without_the_salt(tmp_path: Path) -> None:
    result = arena("generate", "--seed", "1", "--roles", "5", "--split", "heldout", "--no-render",
                   "--out", str(tmp_path / "out"), cwd=tmp_path, env={SALT_ENV: SALT})
    assert result.returncode == 0, result.stderr
    (folder,) = (tmp_path / "out").iterdir()
    assert folder.name == "heldout-1-medium-5r"
    text = (folder / "script.yaml").read_text(encoding="utf-8")
    assert "split: heldout" in text
    assert all(SALT not in p.read_text(encoding="utf-8") for p in folder.rglob("*") if p.is_file())
    assert SALT not in result.stdout + result.stderr


def test_bad_roles_is_a_user_error(tmp_path: Path) -> None:
    result = arena("generate", "--seed", "1", "--roles", "3-9", "--out", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 1 and "4-8" in result.stderr and "Traceback" not in result.stderr


MANIFEST = """generator_version: 2
words: 600
cases:
  - {seed: 5, roles: 4, difficulty: easy, culprits: 1}
  - {seed: 6, roles: 5, difficulty: hard, culprits: 1}
heldout:
  first_seed: 1
  count: 2
  seeds_sha256: null
"""


def test_manifest_builds_the_pinned_set_once_and_skips_it_when_up_to_date(tmp_path: Path) -> None:
    (tmp_path / "generated.yaml").write_text(MANIFEST, encoding="utf-8")
    out = tmp_path / "generated"
    first = arena("generate", "--manifest", str(tmp_path / "generated.yaml"), "--out", str(out), cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == ["gen-5-easy-4r", "gen-6-hard-5r"]
    assert all((out / name / "evidence.yaml").is_file() for name in ("gen-5-easy-4r", "gen-6-hard-5r"))
    again = arena("generate", "--manifest", str(tmp_path / "generated.yaml"), "--out", str(out), cwd=tmp_path)
    assert again.returncode == 0 and "up to date" in again.stdout
    listed = arena("scripts", "list", cwd=tmp_path, env={"ARENA_SCRIPTS": str(tmp_path)})
    assert listed.returncode == 0


def test_manifest_heldout_checks_the_published_hash(tmp_path: Path) -> None:
    (tmp_path / "generated.yaml").write_text(MANIFEST.replace("seeds_sha256: null", "seeds_sha256: '" + "0" * 64 + "'"),
                                             encoding="utf-8")
    result = arena("generate", "--manifest", str(tmp_path / "generated.yaml"), "--split", "heldout", "--no-render",
                   "--out", str(tmp_path / "held"), cwd=tmp_path, env={SALT_ENV: SALT})
    assert result.returncode == 1 and "hash to" in result.stderr and SALT not in result.stderr
    assert not (tmp_path / "held").exists()


def test_a_missing_generated_set_is_named_with_the_command_that_builds_it(tmp_path: Path) -> None:
    from arena.scripts.loader import discover_cases, generated_notice

    (tmp_path / "generated.yaml").write_text(MANIFEST, encoding="utf-8")
    notice = generated_notice(tmp_path)
    assert notice is not None and "make setup" in notice and "arena generate --manifest" in notice
    assert discover_cases(tmp_path, "generated") == []


def test_no_seed_and_no_manifest_is_a_user_error(tmp_path: Path) -> None:
    result = arena("generate", "--out", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 1 and "--manifest" in result.stderr and "Traceback" not in result.stderr


def test_plot_is_written_into_the_case_metadata(tmp_path: Path) -> None:
    import yaml

    result = arena("generate", "--seed", "3", "--roles", "4", "--difficulty", "easy", "--plot", "stopped-clock",
                   "--no-render", "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    (folder,) = (tmp_path / "out").iterdir()
    script = yaml.safe_load((folder / "script.yaml").read_text(encoding="utf-8"))
    assert script["metadata"]["plot"] == "stopped-clock"


def test_an_unknown_plot_or_one_not_written_in_the_language_is_a_user_error(tmp_path: Path) -> None:
    from arena.generator.plots import PLOTS

    unknown = arena("generate", "--seed", "1", "--plot", "no-such-plot", "--out", str(tmp_path / "a"), cwd=tmp_path)
    assert unknown.returncode == 1 and "Traceback" not in unknown.stderr
    message = " ".join(unknown.stderr.split())
    assert "'no-such-plot': there is no such plot" in message and all(name in message for name in PLOTS)
    english_only = next(name for name, plot in PLOTS.items() if "zh" not in plot.languages)
    wrong = arena("generate", "--seed", "1", "--plot", english_only, "--language", "zh", "--out", str(tmp_path / "b"),
                  cwd=tmp_path)
    assert wrong.returncode == 1 and "Traceback" not in wrong.stderr
    assert f"plot {english_only!r} is written in en only, not 'zh' (fix: one of stopped-clock" in " ".join(
        wrong.stderr.split())
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_the_help_lists_the_plots_and_a_manifest_takes_no_plot(tmp_path: Path) -> None:
    from arena.generator.plots import PLOTS

    shown = " ".join(arena("generate", "--help", cwd=tmp_path).stdout.split())
    assert "--plot" in shown and all(name in shown for name in PLOTS)
    (tmp_path / "generated.yaml").write_text(MANIFEST, encoding="utf-8")
    result = arena("generate", "--manifest", str(tmp_path / "generated.yaml"), "--plot", "stopped-clock",
                   "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert result.returncode == 1 and "`plot:` field" in result.stderr and not (tmp_path / "out").exists()


def test_author_mode_writes_an_authored_case_that_validates(tmp_path: Path) -> None:
    result = arena("generate", "--seed", "31", "--roles", "4", "--difficulty", "easy", "--out", str(tmp_path / "cases"),
                   "--author", "mock/author", "--judge", "mock/author", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    folders = [p.name for p in (tmp_path / "cases").iterdir()]
    assert folders == ["gen-31-easy-4r-by-mock-author"], folders
    assert "1 of 1 case(s) authored by mock/author" in result.stdout
    check = arena("scripts", "validate", str(tmp_path / "cases" / folders[0]), cwd=tmp_path)
    assert check.returncode == 0, check.stdout
    assert "checked_by: rules and judge" in (tmp_path / "cases" / folders[0] / "script.yaml").read_text()


def test_author_mode_rejects_a_case_and_writes_nothing(tmp_path: Path) -> None:
    result = arena("generate", "--seed", "31", "--roles", "4", "--difficulty", "easy", "--out", str(tmp_path / "cases"),
                   "--author", "mock/echo", "--author-attempts", "1", "--no-render",
                   "--drafts", str(tmp_path / "drafts"), cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "gen-31-easy-4r rejected" in result.stdout and "not a script" in result.stdout
    assert "1 finding(s) after 1 draft(s)" in result.stdout
    drafts = sorted((tmp_path / "drafts" / "gen-31-easy-4r").glob("*.md"))
    assert len(drafts) == 4 and all("```plan" in d.read_text() and "not a script" in d.read_text() for d in drafts)
    assert not (tmp_path / "cases").exists() or not any((tmp_path / "cases").iterdir())


def test_author_mode_refuses_what_it_cannot_write(tmp_path: Path) -> None:
    for args, said in ((["--author", "builtin/random"], "built-in agent"),
                       (["--judge", "mock/author"], "--judge and --drafts go with"),
                       (["--author", "mock/author", "--language", "zh"], "English")):
        result = arena("generate", "--seed", "1", "--out", str(tmp_path / "x"), *args, cwd=tmp_path)
        assert result.returncode == 1 and said in result.stderr + result.stdout, (args, result.stderr)
        assert not (tmp_path / "x").exists()
