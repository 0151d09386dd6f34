"""Held-out splits: cases whose seeds cannot be reproduced from the published seed numbers.

For `split=heldout` the effective seed is HMAC-SHA256(salt, seed), with the salt taken from the
environment variable `ARENA_HELDOUT_SALT` (or a git-ignored `.env`). Without the salt nobody can
regenerate a held-out case from its seed number. The salt is never written into a case, a log or an
error message; the case records only `split: heldout`.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Literal

from pydantic import SecretStr

from arena.errors import ConfigError
from arena.providers.secrets import KeyStore

Split = Literal["public", "heldout"]
SALT_ENV = "ARENA_HELDOUT_SALT"
MIN_SALT_CHARS = 16


def heldout_salt(store: KeyStore | None = None) -> SecretStr:
    """The held-out salt; ConfigError when it is missing or too short to keep the split secret."""
    salt = (store or KeyStore()).get(SALT_ENV)
    if salt is None:
        raise ConfigError(f"--split heldout needs a secret salt: set {SALT_ENV} in the environment or in .env "
                          f"(at least {MIN_SALT_CHARS} random characters, e.g. from `openssl rand -hex 32`)")
    if len(salt.get_secret_value()) < MIN_SALT_CHARS:
        raise ConfigError(f"{SALT_ENV} is too short: use at least {MIN_SALT_CHARS} random characters")
    return salt


def effective_seed(seed: int, split: Split, salt: SecretStr | None = None) -> int:
    """The seed the generator really uses: `seed` itself, or for held-out cases a keyed hash of it."""
    if split == "public":
        return seed
    if salt is None:
        raise ConfigError(f"held-out seeds need the salt from {SALT_ENV}")
    digest = hmac.new(salt.get_secret_value().encode(), f"whodunit-arena heldout {seed}".encode(), hashlib.sha256)
    return int.from_bytes(digest.digest()[:8], "big")
