"""API keys: read only from the environment or a git-ignored `.env` file, held as SecretStr.

The `.env` format is the simple one: `NAME=value` lines, optional `export ` prefix, optional
single or double quotes, `#` comments. Process environment variables win over `.env`. The file is
never written, and `os.environ` is never modified.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from pydantic import SecretStr

DEFAULT_KEY_ENV = {
    "openai": ("OPENAI_API_KEY",),
    "anthropic": ("ANTHROPIC_API_KEY",),
    "google": ("GEMINI_API_KEY", "GOOGLE_API_KEY"),
}


def read_dotenv(path: Path) -> dict[str, str]:
    """Parse a `.env` file into a dict; a missing file is an empty dict."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    values: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        name, _, value = line.removeprefix("export ").partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        values[name.strip()] = value
    return values


class KeyStore:
    """Looks keys up by variable name. Its repr names the sources, never a value."""

    def __init__(self, environ: Mapping[str, str] | None = None, dotenv: Path | None = None) -> None:
        self._environ = os.environ if environ is None else environ
        self._dotenv_path = dotenv if dotenv is not None else Path.cwd() / ".env"
        self._dotenv: dict[str, str] | None = None

    def __repr__(self) -> str:
        return f"KeyStore(dotenv={str(self._dotenv_path)!r})"

    def get(self, name: str) -> SecretStr | None:
        value = self._environ.get(name)
        if not value:
            if self._dotenv is None:
                self._dotenv = read_dotenv(self._dotenv_path)
            value = self._dotenv.get(name)
        return SecretStr(value) if value else None

    def key_for(self, provider: str, api_key_env: str | None) -> tuple[SecretStr | None, tuple[str, ...]]:
        """The key for an entry and the variable names that were tried (for error messages)."""
        names = (api_key_env,) if api_key_env else DEFAULT_KEY_ENV.get(provider, ())
        for name in names:
            if (key := self.get(name)) is not None:
                return key, names
        return None, names
