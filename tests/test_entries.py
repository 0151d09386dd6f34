"""Entries: TOML loading, inline specs with -M options, built-ins, and stable ids."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from arena.entries import Entry, load_entries, parse_options, read_entries_file, resolve_entry
from arena.errors import ConfigError


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "entries.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_file_entries_and_builtins(tmp_path):
    path = write(tmp_path, '[entries.my-gpt]\nmodel = "openai/gpt-4o"\ntemperature = 0\n\n'
                           '[entries.local]\nmodel = "openai-compatible/qwen2-vl"\nbase_url = "http://127.0.0.1:8000/v1"\n'
                           'options = { image_max_side = 1024 }\n')
    entries = load_entries(path)
    assert set(entries) == {"builtin/random", "builtin/naive", "my-gpt", "local"}
    gpt = entries["my-gpt"]
    assert (gpt.provider, gpt.model_name, gpt.temperature, gpt.source) == ("openai", "gpt-4o", 0.0, "file")
    assert entries["local"].options == {"image_max_side": 1024}
    assert entries["builtin/naive"].is_builtin


def test_id_is_stable_and_changes_with_play_settings_only():
    base = Entry(name="a", model="openai/gpt-4o", temperature=0.0)
    assert base.entry_id == Entry(name="renamed", model="openai/gpt-4o", temperature=0.0).entry_id
    assert base.entry_id.startswith("openai/gpt-4o@") and len(base.entry_id.split("@")[1]) == 10
    changed = [Entry(name="a", model="openai/gpt-4o", temperature=0.7),
               Entry(name="a", model="openai/gpt-4o", temperature=0.0, strategy="cot"),
               Entry(name="a", model="openai/gpt-4o-mini", temperature=0.0),
               Entry(name="a", model="openai/gpt-4o", temperature=0.0, options={"x": 1})]
    assert len({base.entry_id, *(e.entry_id for e in changed)}) == 5
    operational = Entry(name="a", model="openai/gpt-4o", temperature=0.0, timeout_s=5, max_concurrency=1,
                        api_key_env="OTHER_KEY", price_input_per_mtok=1.0)
    assert operational.entry_id == base.entry_id


def test_id_is_a_known_hash():
    # Pinned so that an accidental change of the id recipe (which would orphan every rating) fails here.
    assert Entry(name="x", model="mock/echo").entry_id == Entry(name="y", model="mock/echo").entry_id
    identity = {"base_url": None, "max_tokens": None, "model": "mock/echo", "options": {}, "strategy": "direct",
                "temperature": None}
    digest = hashlib.sha256(json.dumps(identity, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    assert Entry(name="x", model="mock/echo").entry_id == f"mock/echo@{digest[:10]}"


def test_unknown_setting_names_file_entry_and_fix(tmp_path):
    path = write(tmp_path, '[entries.typo]\nmodel = "openai/gpt-4o"\ntemprature = 0.5\n')
    with pytest.raises(ConfigError) as info:
        read_entries_file(path)
    message = str(info.value)
    assert str(path) in message and "[entries.typo]" in message and "temprature" in message and "options" in message


@pytest.mark.parametrize("text, fragment", [
    ('[entries.a]\nmodel = "gpt-4o"\n', "provider/model"),
    ('[entries.a]\nmodel = "openai/gpt-4o"\nstrategy = "tree"\n', "strategy"),
    ('[entries.a\n', "not valid TOML"),
    ('title = "no entries"\n', "no entries"),
    ('[entries.a]\nmodel = "mock/x"\n[entries.b]\nmodel = "mock/x"\n', "identical settings"),
])
def test_invalid_files(tmp_path, text, fragment):
    with pytest.raises(ConfigError, match=fragment):
        read_entries_file(write(tmp_path, text))


def test_entries_file_resolution(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ARENA_ENTRIES", raising=False)
    assert set(load_entries()) == {"builtin/random", "builtin/naive"}
    write(tmp_path, '[entries.cwd]\nmodel = "mock/echo"\n')
    assert "cwd" in load_entries()
    other = tmp_path / "other.toml"
    other.write_text('[entries.env]\nmodel = "mock/seeded"\n')
    monkeypatch.setenv("ARENA_ENTRIES", str(other))
    assert "env" in load_entries() and "cwd" not in load_entries()
    with pytest.raises(ConfigError, match="not found"):
        load_entries(tmp_path / "missing.toml")


def test_inline_spec_with_options():
    entry = resolve_entry("openai-compatible/llava", ["base_url=http://127.0.0.1:8000/v1", "temperature=0.7",
                                                      "max_concurrency=2", "image_max_side=768"], entries={})
    assert entry.base_url == "http://127.0.0.1:8000/v1" and entry.temperature == 0.7 and entry.max_concurrency == 2
    assert entry.options == {"image_max_side": 768} and entry.source == "inline"


def test_named_entry_with_override_is_a_new_id(tmp_path):
    entries = load_entries(write(tmp_path, '[entries.g]\nmodel = "google/gemini-2.0-flash"\ntemperature = 0\n'))
    hotter = resolve_entry("g", ["temperature=1.0"], entries)
    assert hotter.name == "g" and hotter.temperature == 1.0 and hotter.entry_id != entries["g"].entry_id
    with pytest.raises(ConfigError, match="no entry named"):
        resolve_entry("gemini", [], entries)
    with pytest.raises(ConfigError, match="temperature"):
        resolve_entry("g", ["temperature=9"], entries)


def test_option_values_are_typed():
    assert parse_options(['outputs=["a", "b"]', "x=1", "flag=true", "name=plain text"]) == {
        "outputs": ["a", "b"], "x": 1, "flag": True, "name": "plain text"}
    with pytest.raises(ConfigError, match="key=value"):
        parse_options(["novalue"])


def test_builtin_names_are_reserved(tmp_path):
    with pytest.raises(ConfigError, match="built-in"):
        load_entries(write(tmp_path, '[entries."builtin/naive"]\nmodel = "mock/echo"\n'))


def test_example_entries_file_is_valid():
    example = Path(__file__).resolve().parents[1] / "entries.example.toml"
    entries = read_entries_file(example)
    assert {"gpt-4o", "gpt-4o-cot", "qwen-vl-local"} <= set(entries)
    assert entries["gpt-4o"].entry_id != entries["gpt-4o-cot"].entry_id
