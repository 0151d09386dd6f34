"""Hostile cases are refused: `arena scripts validate` names case, field, path and fix; `arena play` stops
before any model call, so no byte from outside a case folder ever reaches a provider (loopback server)."""

from __future__ import annotations

import base64
import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.errors import ScriptError
from arena.scripts.loader import load_script
from multimodal.files import FileProblem, read_capped, read_inside, resolve_inside
from tests.conftest import FIXTURE_CASE
from tests.providers.conftest import FAKE_KEY
from tests.providers.fake_api import FakeAPI, player_responder
from tests.scripts.attacks import ATTACKS, ROLE_FIELD, SECRET, build_attack, edit, role_file

runner = CliRunner()


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_DB", str(tmp_path / "store" / "arena.duckdb"))
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    monkeypatch.delenv("ARENA_MAX_SCRIPT_BYTES", raising=False)
    monkeypatch.delenv("ARENA_MAX_IMAGE_BYTES", raising=False)


@pytest.fixture
def api() -> FakeAPI:
    server = FakeAPI()
    server.responder = player_responder
    yield server
    server.close()


def play_args(case: Path, api: FakeAPI, tmp_path: Path) -> list[str]:
    return ["play", "--script", str(case), "--civilians", "openai/arena-test-model", "--murderer", "builtin/random",
            "--rounds", "1", "--timeout", "30", "-M", f"openai/arena-test-model:base_url={api.url}/v1",
            "--out", str(tmp_path / "game.jsonl"), "--json"]


def leaked_bytes(api: FakeAPI) -> int:
    """Requests whose body carries the outside files' marker (text, or inside a base64 image)."""
    count = 0
    for request in api.requests:
        body = json.dumps(request.body)
        blobs = [body.encode()] + [base64.b64decode(b + "=" * (-len(b) % 4), altchars=b"-_" if "-" in b else None)
                                   for b in re.findall(r"[A-Za-z0-9+/_-]{64,}", body)]
        count += sum(blob.count(SECRET) for blob in blobs)
    return count


@pytest.mark.parametrize("name", ATTACKS)
def test_validate_refuses_each_attack_naming_field_path_and_fix(name: str, tmp_path: Path) -> None:
    attack = build_attack(name, tmp_path)
    result = runner.invoke(app, ["scripts", "validate", str(attack.folder)])
    assert result.exit_code == 1, result.output
    text = result.stdout.replace("\n", "")
    assert "FAIL" in text and "fix" in text and SECRET.decode() not in text
    assert attack.field in text and str(attack.folder) in text


@pytest.mark.parametrize("name", ATTACKS)
def test_play_refuses_each_attack_before_any_model_call(name: str, tmp_path: Path, api: FakeAPI) -> None:
    attack = build_attack(name, tmp_path)
    result = runner.invoke(app, play_args(attack.folder, api, tmp_path))
    assert result.exit_code != 0
    assert isinstance(result.exception, ScriptError) and attack.field in str(result.exception)
    assert api.requests == [] and leaked_bytes(api) == 0
    assert not (tmp_path / "game.jsonl").exists()


def test_the_same_harness_sees_a_clean_case_played_over_the_wire(tmp_path: Path, api: FakeAPI) -> None:
    """The control: a clean copy plays through the loopback server, whose requests carry the role scripts."""
    clean = tmp_path / "clean"
    shutil.copytree(FIXTURE_CASE, clean)
    (clean / "roles").mkdir()
    (clean / "roles" / "fern.md").write_bytes(b"You are Fern. " + SECRET)  # inside the case: allowed
    edit(clean, role_file("roles/fern.md"))
    result = runner.invoke(app, play_args(clean, api, tmp_path))
    assert result.exit_code == 0, result.output
    assert api.requests and leaked_bytes(api) > 0  # the harness would see outside bytes if they were sent


def test_an_inside_symlink_and_nested_paths_are_accepted(tmp_path: Path) -> None:
    (tmp_path / "case" / "roles" / "deep").mkdir(parents=True)
    (tmp_path / "case" / "roles" / "deep" / "a.md").write_text("text")
    (tmp_path / "case" / "alias.md").symlink_to(tmp_path / "case" / "roles" / "deep" / "a.md")
    case = tmp_path / "case"
    assert read_inside(case, "alias.md", 100) == b"text"
    assert resolve_inside(case, "./roles/deep/a.md") == case / "roles" / "deep" / "a.md"
    with pytest.raises(FileProblem, match="'..'"):
        resolve_inside(case, "roles/../../x")


def test_reading_a_device_or_an_endless_file_never_passes_the_cap(tmp_path: Path) -> None:
    with pytest.raises(FileProblem, match="not a regular file"):
        read_capped(Path("/dev/zero"), 10)
    (tmp_path / "big").write_bytes(b"x" * 101)
    with pytest.raises(FileProblem, match="over the cap of 100 bytes"):
        read_capped(tmp_path / "big", 100)
    assert read_capped(tmp_path / "big", 101) == b"x" * 101


def test_the_script_cap_is_raised_by_its_environment_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    attack = build_attack("script_file_over_cap", tmp_path)
    with pytest.raises(ScriptError) as refused:
        load_script(attack.folder)
    assert "ARENA_MAX_SCRIPT_BYTES" in str(refused.value) and ROLE_FIELD in str(refused.value)
    monkeypatch.setenv("ARENA_MAX_SCRIPT_BYTES", str(8 * 1024 * 1024))
    assert load_script(attack.folder).role("fern").script.startswith("You are Fern.")
    monkeypatch.setenv("ARENA_MAX_SCRIPT_BYTES", "lots")
    with pytest.raises(ScriptError, match="ARENA_MAX_SCRIPT_BYTES='lots'"):
        load_script(attack.folder)


def test_the_image_cap_is_set_by_its_environment_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    attack = build_attack("image_dotdot", tmp_path)
    (attack.folder / "script.yaml").write_text(
        (attack.folder / "script.yaml").read_text().replace("../../outside/secret.png", "images/note.png"))
    load_script(attack.folder)
    monkeypatch.setenv("ARENA_MAX_IMAGE_BYTES", "100")
    with pytest.raises(ScriptError) as refused:
        load_script(attack.folder)
    assert "over the cap of 100 bytes" in str(refused.value) and "ARENA_MAX_IMAGE_BYTES" in str(refused.value)
