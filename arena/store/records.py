"""What the writer accepts: validated pydantic records, one per table.

Settings and configs are checked for secrets before anything reaches the database: a key whose
name looks like a credential (`api_key`, `token`, `password`, `authorization`, ...) or a value
that looks like a provider key (`sk-...`, `AIza...`) is refused with a StoreError naming the
offending field. Names of environment variables (`api_key_env`) are allowed; their values are not.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from arena.entries import url_credentials
from arena.errors import StoreError

SECRET_NAME = re.compile(r"(api[_-]?key|secret|passw(or)?d|authorization|bearer|access[_-]?token|auth[_-]?token"
                         r"|^token$|private[_-]?key|credential)", re.IGNORECASE)
SECRET_VALUE = re.compile(r"^(sk-[A-Za-z0-9_-]{8,}|sk_[A-Za-z0-9]{16,}|AIza[0-9A-Za-z_-]{20,}|Bearer\s+\S{8,})")
ALLOWED_NAME_SUFFIX = ("_env", "_env_var")
Suite = Literal["lsu", "tiu", "miu", "mmr"]
Winner = Literal["civilians", "murderer", "tie"]


def utc_now() -> datetime:
    """Now in UTC, without a zone (the store's timestamp convention)."""
    return datetime.now(UTC).replace(tzinfo=None)


def as_utc(value: datetime) -> datetime:
    """A zone-aware time converted to naive UTC; naive times are taken as UTC already."""
    return value.astimezone(UTC).replace(tzinfo=None) if value.tzinfo else value


def find_secrets(value: Any, where: str = "settings") -> list[str]:
    """Paths of fields in `value` (nested dicts/lists) that look like credentials."""
    found: list[str] = []
    if isinstance(value, Mapping):
        for key, item in value.items():
            path = f"{where}.{key}"
            name = str(key)
            if SECRET_NAME.search(name) and not name.lower().endswith(ALLOWED_NAME_SUFFIX):
                found.append(path)
            else:
                found.extend(find_secrets(item, path))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            found.extend(find_secrets(item, f"{where}[{index}]"))
    elif isinstance(value, str) and (SECRET_VALUE.match(value.strip()) or url_credentials(value)):
        found.append(where)
    return found


def reject_secrets(value: dict[str, Any], where: str) -> dict[str, Any]:
    """`value` unchanged if it holds no credential; otherwise StoreError naming the fields."""
    if paths := find_secrets(value, where):
        raise StoreError(f"refusing to store credentials: {', '.join(paths)}; keys belong in the environment "
                         "or .env, never in settings (store the variable's name, e.g. api_key_env)")
    return value


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str, ensure_ascii=False)


def entry_id_for(provider: str, model: str, settings: Mapping[str, Any]) -> str:
    """A stable id from provider, model and settings: `provider/model@<10 hex digits>`."""
    digest = hashlib.sha256(canonical_json({"provider": provider, "model": model, "settings": settings}).encode())
    return f"{provider}/{model}@{digest.hexdigest()[:10]}"


class Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    @field_validator("*", mode="after")
    @classmethod
    def _utc_times(cls, value: Any) -> Any:
        return as_utc(value) if isinstance(value, datetime) else value


class EntryRecord(Record):
    """A rated contestant. `entry_id` defaults to a hash of provider, model and settings."""

    name: str = Field(min_length=1)
    provider: str = Field(min_length=1)
    model: str = Field(min_length=1)
    settings: dict[str, Any] = Field(default_factory=dict)
    entry_id: str = ""

    @model_validator(mode="before")
    @classmethod
    def _check(cls, data: Any) -> Any:
        if isinstance(data, dict):
            reject_secrets(dict(data.get("settings") or {}), "settings")
            if not data.get("entry_id"):
                data = {**data, "entry_id": entry_id_for(data.get("provider", ""), data.get("model", ""),
                                                         data.get("settings") or {})}
        return data

    @classmethod
    def from_entry(cls, entry: Any) -> EntryRecord:
        """From an `arena.entries.Entry`: keeps its `entry_id` and its identity settings (never its key)."""
        settings = {k: v for k, v in entry.identity().items() if k != "model"}
        if getattr(entry, "about", None) is not None:  # what the model is, for the board: not an identity setting
            settings["about"] = entry.about.model_dump(mode="json", exclude_none=True)
        return cls(name=entry.name, provider=entry.provider, model=entry.model_name, settings=settings,
                   entry_id=entry.entry_id)


class ScriptRecord(Record):
    script_id: str = Field(min_length=1)
    content_hash: str = Field(min_length=1)
    title: str
    n_roles: int = Field(ge=1)
    n_culprits: int = Field(default=1, ge=1)
    n_clues: int = Field(default=0, ge=0)
    n_images: int = Field(default=0, ge=0)
    n_questions: int = Field(default=0, ge=0)
    language: str | None = None
    source: str | None = None


class TournamentRecord(Record):
    tournament_id: str = Field(min_length=1)
    name: str | None = None
    config: dict[str, Any] = Field(default_factory=dict)
    created_at: datetime = Field(default_factory=utc_now)

    @field_validator("config")
    @classmethod
    def _no_secrets(cls, value: dict[str, Any]) -> dict[str, Any]:
        return reject_secrets(value, "config")


class MatchRecord(Record):
    """A pair of side-swapped games on one script and seed."""

    match_id: str = Field(min_length=1)
    tournament_id: str | None = None
    script_id: str
    seed: int
    entry_a: str
    entry_b: str
    created_at: datetime = Field(default_factory=utc_now)


class GameRecord(Record):
    """One game's outcome. Only `status == "finished"` games count for ratings; `winner` "tie" (a vote
    tie; None in older rows) is a draw.

    `plan_key` is the deterministic key of the planned game (tournament, script, seed, seating...):
    a finished game without provider forfeits claims it for good, so recording it again is a no-op
    and a resumed tournament skips it. Other games (not finished, or finished with decisions lost to
    provider failures) keep the key only as `planned_key`, so a rerun plays them again.
    `plan_position` is the game's place in its plan: the ratings' fixed order.

    Per side (`civilians_*`, `murderer_*`): decisions the side made, and forfeited decisions split by
    cause: `provider_forfeits` (api_error, timeout, context_limit, refused_or_blocked) and
    `own_forfeits` (parse_error, invalid_action, the model's own fault).
    """

    game_id: str = Field(min_length=1)
    script_id: str
    script_hash: str
    seed: int
    civilians_entry: str
    murderer_entry: str
    status: str = Field(min_length=1)
    winner: Winner | None = None
    votes: dict[str, Any] = Field(default_factory=dict)
    match_id: str | None = None
    tournament_id: str | None = None
    plan_key: str | None = None
    abort_reason: str | None = None
    tokens: int = Field(default=0, ge=0)
    cost_usd: float = Field(default=0.0, ge=0.0)
    started_at: datetime = Field(default_factory=utc_now)
    finished_at: datetime = Field(default_factory=utc_now)
    plan_position: int | None = Field(default=None, ge=0)
    civilians_decisions: int = Field(default=0, ge=0)
    murderer_decisions: int = Field(default=0, ge=0)
    civilians_provider_forfeits: int = Field(default=0, ge=0)
    murderer_provider_forfeits: int = Field(default=0, ge=0)
    civilians_own_forfeits: int = Field(default=0, ge=0)
    murderer_own_forfeits: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _check_outcome(self) -> GameRecord:
        if self.winner is not None and self.status != "finished":
            raise ValueError(f"game {self.game_id}: winner {self.winner!r} given but status is {self.status!r}")
        return self

    @property
    def provider_forfeits(self) -> int:
        return self.civilians_provider_forfeits + self.murderer_provider_forfeits

    @property
    def counts(self) -> bool:
        """Whether the game claims its plan key: finished, with no decision lost to a provider failure."""
        return self.status == "finished" and self.provider_forfeits == 0


class EventRecord(Record):
    seq: int = Field(ge=0)
    type: str = Field(min_length=1)
    role: str | None = None
    payload: dict[str, Any] = Field(default_factory=dict)


class AgentCallRecord(Record):
    """One model call: what it cost and how it ended. No prompt, no key, no error text."""

    entry_id: str
    kind: str
    status: str
    game_id: str | None = None
    role: str | None = None
    latency_ms: float = Field(default=0.0, ge=0.0)
    prompt_tokens: int = Field(default=0, ge=0)
    completion_tokens: int = Field(default=0, ge=0)
    cost_usd: float = Field(default=0.0, ge=0.0)
    cached: bool = False
    cached_prompt_tokens: int = Field(default=0, ge=0, description="prompt tokens read from the provider's cache")
    created_at: datetime = Field(default_factory=utc_now)


class QaRunRecord(Record):
    run_id: str = Field(min_length=1)
    entry_id: str
    config: dict[str, Any] = Field(default_factory=dict)
    created_at: datetime = Field(default_factory=utc_now)

    @field_validator("config")
    @classmethod
    def _no_secrets(cls, value: dict[str, Any]) -> dict[str, Any]:
        return reject_secrets(value, "config")


class QaAnswerRecord(Record):
    run_id: str
    entry_id: str
    script_id: str
    question_id: str
    suite: Suite
    mode: str = "direct"
    ablation: str = "none"
    seed: int = 0
    depth: int | None = None
    predicted: str | None = None
    correct: bool
    status: str = "ok"
    latency_ms: float | None = None
    tokens: int = Field(default=0, ge=0)
    created_at: datetime = Field(default_factory=utc_now)
    raw_reply: str | None = Field(default=None, description="the reply, cut short, when it did not parse")


class MetricScoreRecord(Record):
    game_id: str
    entry_id: str
    metric: str
    value: float | None = Field(description="None for a failed judgement (details say why)")
    judge: str
    judge_label: Literal["llm", "offline"]
    role: str | None = None
    details: dict[str, Any] = Field(default_factory=dict)
    created_at: datetime = Field(default_factory=utc_now)


class RatingSnapshotRecord(Record):
    """One row of a ratings snapshot: an entry's standing in one faction view at `computed_at`."""

    snapshot_id: str
    computed_at: datetime
    system: str
    entry_id: str
    faction: Literal["overall", "civilians", "murderer"]
    mu: float | None = None
    sigma: float | None = None
    conservative: float | None = None
    bt: float | None = None
    ci_low: float | None = None
    ci_high: float | None = None
    rank: int | None = None
    games: int = Field(ge=0)
    wins: int = Field(ge=0)
    provisional: bool
    n_games_total: int = Field(ge=0)
    details: dict[str, Any] | None = Field(default=None, description="the rest of the board row and the "
                                           "snapshot's settings (side term, ties, pool...)")


class RatingPoolRecord(Record):
    """One entry of a frozen reference pool: its side-balanced strength and rating when the pool was frozen."""

    pool: str = Field(min_length=1)
    frozen_at: datetime
    entry_id: str
    strength: float
    rating: float
    ci_low: float | None = None
    ci_high: float | None = None
    games: int = Field(ge=0)
    side_term: float
    n_games_total: int = Field(ge=0)


class TournamentLease(Record):
    """The run holding a tournament now: which process (`pid` on `host`), since when, under which run id."""

    tournament_id: str = Field(min_length=1)
    run_id: str = Field(min_length=1)
    pid: int = Field(ge=0)
    host: str = Field(min_length=1)
    started_at: datetime = Field(default_factory=utc_now)

    def describe(self) -> str:
        """`pid 123 on host h, started 2026-01-02 03:04:05 UTC` (for messages)."""
        return f"pid {self.pid} on host {self.host}, started {self.started_at:%Y-%m-%d %H:%M:%S} UTC"
