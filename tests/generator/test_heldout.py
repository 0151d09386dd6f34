"""Held-out split: keyed seeds need the salt, differ from public seeds, and never leak the salt."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import SecretStr

from arena.errors import ConfigError
from arena.generator import CaseOptions, Request, effective_seed, generate_case, heldout_salt, write_case
from arena.generator.heldout import SALT_ENV
from arena.providers.secrets import KeyStore

SALT = "test-salt-7f3a9c1d2e4b5a6f"


def store(values: dict[str, str], tmp_path: Path) -> KeyStore:
    return KeyStore(environ=values, dotenv=tmp_path / "missing.env")


def test_missing_or_short_salt_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=SALT_ENV):
        heldout_salt(store({}, tmp_path))
    with pytest.raises(ConfigError, match="too short"):
        heldout_salt(store({SALT_ENV: "short"}, tmp_path))
    with pytest.raises(ConfigError):
        effective_seed(3, "heldout", None)


def test_salt_comes_from_the_environment_or_dotenv(tmp_path: Path) -> None:
    assert heldout_salt(store({SALT_ENV: SALT}, tmp_path)).get_secret_value() == SALT
    env_file = tmp_path / ".env"
    env_file.write_text(f"{SALT_ENV}={SALT}\n", encoding="utf-8")
    assert heldout_salt(KeyStore(environ={}, dotenv=env_file)).get_secret_value() == SALT


def test_effective_seed_is_keyed() -> None:
    salt = SecretStr(SALT)
    assert effective_seed(5, "public") == 5
    keyed = effective_seed(5, "heldout", salt)
    assert keyed == effective_seed(5, "heldout", salt)
    assert keyed not in (5, effective_seed(6, "heldout", salt), effective_seed(5, "heldout", SecretStr(SALT + "x")))


def test_heldout_case_differs_from_the_public_one_and_records_only_the_split(tmp_path: Path) -> None:
    options = CaseOptions(5, "medium", 1)
    public = generate_case(Request(5, options))
    held = generate_case(Request(5, options, "heldout", effective_seed(5, "heldout", SecretStr(SALT))))
    assert held.script.id == "heldout-5-medium-5r"
    assert held.script.metadata["generator"]["split"] == "heldout"
    assert held.script.briefing != public.script.briefing
    folder = write_case(held, tmp_path)
    keyed = str(effective_seed(5, "heldout", SecretStr(SALT)))
    for path in folder.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            assert SALT.encode() not in data and keyed.encode() not in data, path
