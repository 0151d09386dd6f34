"""Entries: what gets rated, i.e. a model (`provider/model`) plus its settings.

Entries come from a TOML file (`--entries FILE`, else `$ARENA_ENTRIES`, else `./entries.toml`):

    [entries.my-gpt]
    model = "openai/gpt-4o"
    temperature = 0

or inline as `provider/model` with `-M key=value` options. `builtin/random` and `builtin/naive`
always exist; `builtin/ocr` (the OCR-only reference row) exists for QA suites only (`qa_entries`),
since it cannot play a game. Every entry has a stable id derived from a hash of the settings that change its
play (model, sampling, strategy, server, provider options): change one and it is a new entry.
`structured` (auto | json_schema | json_object+schema | guided_json | prompt | json_object | off) says how
answers are constrained (`arena.providers.structured`); with the
capabilities of local and text-only models (`vision`, `image_mode`, `system_role`, `context_tokens`,
`long_script`) it joins the identity only when changed from its default, so older ids stay valid.
Operational settings (timeout, concurrency, key variable, prices) do not change the id. The same file
may cap the calls in flight per provider endpoint (`[providers.NAME] max_concurrency = N`, see
`provider_limits`); `$ARENA_PROVIDER_LIMIT` (default 16) caps the providers it does not name.
Keys are never part of an entry, only the name of the variable that holds one.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tomllib
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar, Literal
from urllib.parse import parse_qsl, urlsplit

from pydantic import ConfigDict, Field, ValidationError, computed_field, field_validator

from arena.errors import ConfigError
from arena.frozen import Memoised

ENTRIES_ENV = "ARENA_ENTRIES"
DEFAULT_ENTRIES_FILE = Path("entries.toml")
BUILTIN_NAMES = ("builtin/random", "builtin/naive")
# answer QA suites only (`make_agent` refuses them for games): the OCR-only row and the blind answerers
QA_BUILTIN_NAMES = ("builtin/ocr", "builtin/longest", "builtin/prior", "builtin/lookup")
IDENTITY_FIELDS = ("model", "temperature", "max_tokens", "strategy", "base_url", "options")
# Settings added later: part of the identity only when changed from their default, so the ids of
# entries that leave them alone stay what they were.
LATER_IDENTITY_DEFAULTS: dict[str, Any] = {"structured": "auto", "vision": True, "image_mode": "native",
                                           "system_role": "system", "context_tokens": None, "long_script": "full"}
# auto, a schema dialect (json_schema, json_object+schema, guided_json), the schema in the prompt, JSON mode, nothing
StructuredSetting = Literal["auto", "json_schema", "json_object+schema", "guided_json", "prompt", "json_object", "off"]
# Providers whose entries never open a connection or read a key: the only ones that may be played from
# settings read back from a database or a session (see `trusted_entry`).
OFFLINE_PROVIDERS = ("builtin", "mock")
# Query parameters of a `base_url` that carry a credential; such a URL is refused (keys go in api_key_env).
SECRET_QUERY = re.compile(r"key|token|secret|passw|auth|sig|credential", re.IGNORECASE)
ImageMode = Literal["native", "ocr", "caption", "none"]


class About(Memoised):
    """What a model is, for people reading the board: none of it changes how the entry plays (not in `entry_id`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    display_name: str | None = Field(default=None, max_length=80, description="the name shown on the board")
    organisation: str | None = Field(default=None, max_length=80, description="who made the model")
    licence: str | None = Field(default=None, max_length=80, description="e.g. Apache-2.0, proprietary")
    release_date: str | None = Field(default=None, pattern=r"^\d{4}-\d{2}(-\d{2})?$",
                                     description="YYYY-MM-DD or YYYY-MM")
    link: str | None = Field(default=None, max_length=300, description="a page about the model (http or https)")

    @field_validator("link")
    @classmethod
    def _check_link(cls, value: str | None) -> str | None:
        if value is None:
            return value
        if urlsplit(value).scheme not in ("http", "https") or url_credentials(value):
            raise ValueError(f"link {value!r}: give an http(s) address without credentials")
        return value

    def line(self) -> str:
        """"Gemma 3 270M · Google · Gemma licence · released 2025-08 · https://..." (the parts that are set)."""
        parts = [self.display_name, self.organisation, self.licence,
                 f"released {self.release_date}" if self.release_date else None, self.link]
        return " · ".join(p for p in parts if p)


class Entry(Memoised):
    """One rated contestant. `name` is a label; `entry_id` is the stable identity."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    MEMOS: ClassVar[tuple[str, ...]] = ("entry_id", "settings_json")
    name: str
    model: str = Field(description="provider/model, e.g. openai/gpt-4o")
    temperature: float | None = Field(default=None, ge=0.0, le=2.0)
    max_tokens: int | None = Field(default=None, gt=0)
    strategy: Literal["direct", "cot"] = "direct"
    base_url: str | None = None
    api_key_env: str | None = None
    timeout_s: float = Field(default=120.0, gt=0)
    max_concurrency: int = Field(default=4, gt=0)
    price_input_per_mtok: float | None = Field(default=None, ge=0)
    price_output_per_mtok: float | None = Field(default=None, ge=0)
    options: dict[str, Any] = Field(default_factory=dict)
    structured: StructuredSetting = Field(
        default="auto", description="how answers are constrained: a JSON Schema, JSON mode, or not at all "
                                    "(auto: the schema where the provider supports it, stepping down when refused)")
    vision: bool = Field(default=True, description="false: the model gets no image; each goes as image_mode says")
    image_mode: ImageMode = Field(default="native", description="native (the image), ocr (its OCR text), caption "
                                                                "(the clue's caption only) or none")
    system_role: Literal["system", "fold"] = Field(
        default="system", description="fold: the system prompt goes at the top of the first user message")
    context_tokens: int | None = Field(default=None, gt=0, description="the model's context window, in tokens")
    long_script: Literal["full", "retrieval", "summary"] = Field(
        default="full", description="when the briefing would not fit context_tokens: keep the role script whole "
                                    "(the call fails as context_limit), its most relevant paragraphs, or a summary")
    source: Literal["builtin", "file", "inline"] = "inline"
    about: About | None = Field(default=None, description="display name, organisation, licence, release date, link")

    @property
    def image_mode_used(self) -> ImageMode:
        """How images are sent: `image_mode`, except that a text-only entry (`vision = false`) reads them as OCR
        text when `image_mode` says native."""
        return "ocr" if not self.vision and self.image_mode == "native" else self.image_mode

    @field_validator("model")
    @classmethod
    def _check_model(cls, value: str) -> str:
        provider, sep, name = value.partition("/")
        if not sep or not provider or not name:
            raise ValueError(f"model must look like provider/model (e.g. openai/gpt-4o), got {value!r}")
        return value

    @field_validator("base_url")
    @classmethod
    def _check_base_url(cls, value: str | None) -> str | None:
        if value is not None:
            check_base_url(value)
        return value

    @property
    def provider(self) -> str:
        return self.model.partition("/")[0]

    @property
    def model_name(self) -> str:
        return self.model.partition("/")[2]

    @property
    def is_builtin(self) -> bool:
        return self.provider == "builtin"

    def identity(self) -> dict[str, Any]:
        """The settings that define this entry's play; hashed into `entry_id` and into cache keys."""
        identity = {name: getattr(self, name) for name in IDENTITY_FIELDS}
        identity.update({name: getattr(self, name) for name, default in LATER_IDENTITY_DEFAULTS.items()
                         if getattr(self, name) != default})
        return identity

    @computed_field  # type: ignore[prop-decorator]
    @cached_property
    def entry_id(self) -> str:
        """Hashed once per entry (entries are frozen): every model call names its entry by it."""
        canonical = json.dumps(self.identity(), sort_keys=True, separators=(",", ":"), default=str)
        return f"{self.model}@{hashlib.sha256(canonical.encode()).hexdigest()[:10]}"

    @cached_property
    def settings_json(self) -> str:
        """All settings as JSON (operational ones too), computed once: the key of the entry's adapter and
        concurrency limit in a model client."""
        return self.model_dump_json()


def url_credentials(url: str) -> list[str]:
    """What in a URL carries a credential: "user:password@" and query parameters named like a key."""
    try:
        parts = urlsplit(url)
        found = ["user:password@"] if parts.username is not None or parts.password is not None else []
    except ValueError:
        return []
    return found + [name for name, _ in parse_qsl(parts.query, keep_blank_values=True) if SECRET_QUERY.search(name)]


def check_base_url(url: str) -> None:
    """ValueError for a server URL that carries a credential (user:password@, ?api_key=...): a URL is
    stored, hashed into the entry id and shown, so a key in it would be published."""
    if found := url_credentials(url):
        raise ValueError(f"base_url must not carry a credential ({', '.join(found)}); put the key in an "
                         "environment variable and name it with api_key_env")


def is_offline(entry: Entry) -> bool:
    """True for an entry that never dials out or reads a key: a built-in or mock agent with no server and no
    key variable."""
    return entry.provider in OFFLINE_PROVIDERS and entry.base_url is None and entry.api_key_env is None


def trusted_entry(described: Entry, known: Mapping[str, Entry]) -> Entry:
    """The entry to play for one described by stored data (a database row, a play session): the owner's own
    entry with the same id from `known` (the entries file and the built-ins), else the described entry only if
    it is offline. Stored settings never decide where a request goes or which key it carries, so a model
    entry that is not in the owner's entries file is refused (ConfigError, saying how to add it)."""
    for entry in known.values():
        if entry.entry_id == described.entry_id:
            return entry
    if is_offline(described):
        return described
    where = f" at {described.base_url}" if described.base_url else ""
    raise ConfigError(f"entry {described.name!r} ({described.entry_id}{where}) is not in your entries file, and "
                      "settings read from a database are never used to call a model; to play it, add "
                      f"[entries.{described.name.replace('/', '-')}] with model = {described.model!r} and the same "
                      "settings to your entries file (see entries.example.toml)")


def builtin_entries() -> dict[str, Entry]:
    return {name: Entry(name=name, model=name, source="builtin") for name in BUILTIN_NAMES}


def builtin_entry(name: str, **options: Any) -> Entry:
    """A built-in entry (`builtin/random`, `builtin/naive`) with agent options (e.g. `ocr=False`)."""
    known = builtin_entries()
    if name not in known:
        raise ConfigError(f"{name!r} is not a built-in entry; known: {', '.join(sorted(known))}")
    return apply_options(known[name], options)


def qa_entries(path: Path | None = None) -> dict[str, Entry]:
    """`load_entries` plus the QA-only built-ins (`builtin/ocr`): the entries `arena qa` accepts."""
    qa_only = {name: Entry(name=name, model=name, source="builtin") for name in QA_BUILTIN_NAMES}
    return {**load_entries(path), **qa_only}


def entries_path(explicit: Path | None = None) -> Path | None:
    """Which entries file applies: the explicit one, else $ARENA_ENTRIES, else ./entries.toml if present."""
    if explicit is not None:
        return explicit
    if os.environ.get(ENTRIES_ENV):
        return Path(os.environ[ENTRIES_ENV])
    return DEFAULT_ENTRIES_FILE if DEFAULT_ENTRIES_FILE.is_file() else None


def load_entries(path: Path | None = None) -> dict[str, Entry]:
    """Built-in entries plus those of the entries file (see `entries_path`), by name."""
    entries = builtin_entries()
    file = entries_path(path)
    if file is None:
        return entries
    for name, entry in read_entries_file(file).items():
        if name in entries:
            raise ConfigError(f"{file}: [entries.{name}] reuses a built-in entry name; pick another name")
        entries[name] = entry
    return entries


def read_toml(path: Path) -> dict[str, Any]:
    """An entries file's TOML; ConfigError naming the file when it is missing or not TOML."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ConfigError(f"{path}: entries file not found (give --entries FILE or set {ENTRIES_ENV})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from exc


def provider_limits(path: Path | None = None) -> dict[str, int]:
    """`[providers.NAME] max_concurrency = N` of the entries file (see `entries_path`): calls in flight per
    provider endpoint, by provider name; an empty dict when there is no file or no such table."""
    file = entries_path(path)
    return {} if file is None else read_provider_limits(file)


def read_provider_limits(path: Path) -> dict[str, int]:
    """The `[providers.*]` tables of an entries file; errors name the file, the table and the field."""
    tables = read_toml(path).get("providers", {})
    if not isinstance(tables, dict):
        raise ConfigError(f"{path}: providers must be tables like [providers.openai] with max_concurrency = 32")
    limits: dict[str, int] = {}
    for name, table in tables.items():
        unknown = sorted(set(table) - {"max_concurrency"}) if isinstance(table, dict) else []
        value = table.get("max_concurrency") if isinstance(table, dict) else None
        if unknown or not isinstance(value, int) or isinstance(value, bool) or value < 1:
            extra = f"; unknown: {', '.join(unknown)}" if unknown else ""
            raise ConfigError(f"{path}: [providers.{name}] takes one setting, max_concurrency = a whole number "
                              f"of calls in flight, at least 1 (e.g. 32){extra}")
        limits[name] = value
    return limits


def read_entries_file(path: Path) -> dict[str, Entry]:
    """Parse and validate an entries TOML file; errors name the file, the entry and the field."""
    tables = read_toml(path).get("entries")
    if not isinstance(tables, dict) or not tables:
        raise ConfigError(f'{path}: no entries; add tables like [entries.my-gpt] with model = "openai/gpt-4o"')
    entries = {name: _build(path, name, table) for name, table in tables.items()}
    _reject_duplicates(path, entries)
    read_provider_limits(path)  # a bad [providers.*] table is reported with the entries, before anything runs
    return entries


def _build(path: Path, name: str, table: Any) -> Entry:
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: entries.{name} must be a table ([entries.{name}])")
    try:
        return Entry(name=name, source="file", **table)
    except ValidationError as exc:
        problems = "; ".join(_describe(err) for err in exc.errors())
        raise ConfigError(f"{path}: [entries.{name}]: {problems}") from None


def _describe(err: Any) -> str:
    field = ".".join(str(p) for p in err["loc"]) or "entry"
    if err["type"] == "extra_forbidden":
        return (f"unknown setting {field!r} (known: {', '.join(k for k in Entry.model_fields if k != 'source')}; "
                f"provider-specific settings go under options = {{ ... }})")
    return f"{field}: {err['msg']}"


def _reject_duplicates(path: Path, entries: dict[str, Entry]) -> None:
    seen: dict[str, str] = {}
    for name, entry in entries.items():
        if entry.entry_id in seen:
            raise ConfigError(f"{path}: entries {seen[entry.entry_id]!r} and {name!r} have identical settings; "
                              "remove one or change a setting")
        seen[entry.entry_id] = name


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """`-M key=value` pairs; values are read as TOML (0.7, true, ["a", "b"]) and otherwise kept as text."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"-M {pair!r}: expected key=value, e.g. -M temperature=0.7")
        try:
            value = tomllib.loads(f"v = {raw}")["v"]
        except tomllib.TOMLDecodeError:
            value = raw
        options[key.strip()] = value
    return options


def apply_options(entry: Entry, options: dict[str, Any]) -> Entry:
    """A copy of `entry` with `-M` options applied: known settings directly, the rest under `options`."""
    if not options:
        return entry
    data = entry.model_dump(exclude={"entry_id"})
    extras = dict(data["options"])
    for key, value in options.items():
        if key in Entry.model_fields and key not in ("name", "source", "options"):
            data[key] = value
        else:
            extras[key] = value
    data["options"] = extras
    try:
        return Entry(**data)
    except ValidationError as exc:
        raise ConfigError(f"entry {entry.name!r}: " + "; ".join(_describe(e) for e in exc.errors())) from None


def resolve_entry(spec: str, options: list[str] | None = None, entries: dict[str, Entry] | None = None) -> Entry:
    """An entry by name (from `entries`, default: `load_entries()`) or inline `provider/model`, plus `-M` options."""
    known = load_entries() if entries is None else entries
    parsed = parse_options(options or [])
    if spec in known:
        return apply_options(known[spec], parsed)
    if "/" not in spec:
        raise ConfigError(f"no entry named {spec!r}; known: {', '.join(known)}; or give provider/model")
    try:
        base = Entry(name=spec, model=spec, source="inline")
    except ValidationError as exc:
        raise ConfigError(f"{spec!r}: " + "; ".join(_describe(e) for e in exc.errors())) from None
    return apply_options(base, parsed)
