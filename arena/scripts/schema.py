"""The script (case) format: typed pydantic models for one murder-mystery case.

A script is a folder holding `script.yaml` (this model), the role scripts it references and its
image files. Every object that can be referenced carries an `id`; ids share one namespace per
script, so a reference such as a question's evidence is never ambiguous. Structural checks that
need the whole script or the file system (dangling ids, image decoding) live in `validation.py`.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
    model_validator,
)

FORMAT_VERSION = 1  # the default; 2 adds `stages`, `victims` and question `category` / `from_role`
FORMAT_VERSIONS = (1, 2)

Id = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")]


class Model(BaseModel):
    """Base: unknown keys are errors (a typo must not be silently ignored); instances are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


FORMAT2_FIELDS = ("stages", "victims")


def drop_unset(data: dict[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    """`data` without the keys in `names` whose values are None or empty."""
    for name in names:
        if name in data and data[name] in (None, [], {}):
            del data[name]
    return data


class Visibility(StrEnum):
    PUBLIC = "public"  # every role sees it from the start
    PRIVATE = "private"  # only `holder` sees it from the start
    LOCATION = "location"  # revealed to everyone when someone investigates `location`
    UNLOCKED = "unlocked"  # revealed to everyone at the start of discussion round `unlock_round`


class ImageKind(StrEnum):
    TEXT_RICH = "text_rich"  # letters, chats, receipts, reports, tickets: mostly text
    MEDIA_RICH = "media_rich"  # plans, clocks, maps, photos, charts: needs vision, not OCR


class Suite(StrEnum):
    LSU = "lsu"  # long-script understanding
    TIU = "tiu"  # text-rich image understanding
    MIU = "miu"  # media-rich image understanding
    MMR = "mmr"  # multi-step multimodal reasoning


class CulpritRule(StrEnum):
    ANY = "any"  # with several culprits, civilians win if any one of them is voted out


class QuestionCategory(StrEnum):
    """What a question asks, for post-game probes (format 2). WellPlay's three categories (PLAYER* /
    WellPlay, its dataset section) and ThinkThrice's factual / inferential split."""

    WHO_KILLED = "who_killed"  # WellPlay value a: 10 points
    REASONING = "reasoning"  # WellPlay value b: 5 points
    RELATIONS = "relations"  # WellPlay value c: 2 points
    FACTUAL = "factual"  # ThinkThrice: a fact stated in one role's script (`from_role`)
    INFERENTIAL = "inferential"  # ThinkThrice: needs reasoning over several facts


class Location(Model):
    id: Id
    name: str = Field(min_length=1)
    description: str = ""


class Role(Model):
    id: Id
    name: str = Field(min_length=1)
    profile: str = Field(min_length=1, description="public description every player sees")
    script: str = Field(default="", description="private role script, second person")
    script_file: str | None = Field(default=None, description="path of the script text, relative")
    goals: list[str] = Field(default_factory=list)
    culprit: bool = False


class ImageRef(Model):
    file: str = Field(min_length=1, description="path relative to the script folder")
    kind: ImageKind
    alt: str = Field(min_length=1, description="alt text for screen readers, never shown to agents")


class Clue(Model):
    id: Id
    kind: Literal["text", "image"]
    title: str = Field(min_length=1)
    text: str = Field(default="", description="the clue's text; for image clues an optional caption")
    image: ImageRef | None = None
    visibility: Visibility
    holder: str | None = Field(default=None, description="role id, for private clues")
    location: str | None = Field(default=None, description="location id, for location clues")
    unlock_round: int | None = Field(default=None, ge=1, description="for unlocked clues")
    key: bool = False
    misleading: bool = False


class TimelineEntry(Model):
    time: str = Field(min_length=1)
    event: str = Field(min_length=1)


TruthOrigin = Literal["source", "derived", "missing"]
ORIGIN_FIELDS = ("method_from", "motive_from")


class Truth(Model):
    """The solution. `method_from` / `motive_from` say where each text comes from: `source` (written
    for the case or given by the source data), `derived` (built from other source fields by an
    importer, e.g. a reasoning chain's conclusion) or `missing` (the source has none: the text is
    empty and CMD is not scored against it). Left at `source` they are not serialised, so the
    content hash of a case written before these fields existed is unchanged."""

    culprits: list[str] = Field(min_length=1)
    method: str = ""
    motive: str = ""
    timeline: list[TimelineEntry] = Field(default_factory=list)
    summary: str = ""
    method_from: TruthOrigin = "source"
    motive_from: TruthOrigin = "source"

    @model_validator(mode="after")
    def _texts_match_origins(self) -> Truth:
        for name, origin in (("method", self.method_from), ("motive", self.motive_from)):
            text = getattr(self, name).strip()
            if origin != "missing" and not text:
                raise ValueError(f"truth.{name} is empty; write it, or set truth.{name}_from: missing")
            if origin == "missing" and text:
                raise ValueError(f"truth.{name}_from is missing but truth.{name} has text; remove one of them")
        return self

    @model_serializer(mode="wrap")
    def _drop_default_origins(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for name in ORIGIN_FIELDS:
            if data.get(name) == "source":
                del data[name]
        return data

    @property
    def complete(self) -> bool:
        """True when both method and motive are known (neither is `missing`)."""
        return "missing" not in (self.method_from, self.motive_from)


class KeyStatement(Model):
    id: Id
    text: str = Field(min_length=1)
    holders: list[str] = Field(min_length=1, description="role ids whose knowledge holds it")


class ReasoningStep(Model):
    id: Id
    text: str = Field(min_length=1)
    depth: int = Field(ge=1)
    rests_on: list[str] = Field(min_length=1, description="clue, role or step ids")


class ReasoningChain(Model):
    id: Id
    conclusion: str = Field(min_length=1)
    steps: list[ReasoningStep] = Field(min_length=1)


class Question(Model):
    id: Id
    suite: Suite
    stem: str = Field(min_length=1)
    options: dict[str, str] = Field(min_length=2)
    answer: list[str] = Field(min_length=1)
    evidence: list[str] = Field(default_factory=list, description="clue, role or step ids")
    role: str | None = Field(default=None, description="the role an LSU question is about")
    depth: int | None = Field(default=None, ge=1, description="reasoning depth, for MMR")
    weight: float = Field(default=1.0, gt=0)
    source_text: str | None = Field(default=None, description="original text, for imported items")
    category: QuestionCategory | None = Field(default=None, description="probe category (format 2)")
    from_role: str | None = Field(default=None, description="role whose script states the fact (format 2)")

    @model_serializer(mode="wrap")
    def _drop_unset_format2(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Format-2 fields left unset are not serialised, so format-1 content hashes are unchanged."""
        return drop_unset(handler(self), ("category", "from_role"))

    @field_validator("answer", mode="before")
    @classmethod
    def _split_answer(cls, value: Any) -> Any:
        """Accept "B", "AC" or ["A", "C"]; store a sorted list of letters."""
        if isinstance(value, str):
            value = [c for c in value.replace(",", "").replace(" ", "")]
        if isinstance(value, list):
            return sorted({str(v).strip() for v in value})
        return value

    @field_validator("options")
    @classmethod
    def _option_keys(cls, value: dict[str, str]) -> dict[str, str]:
        for key, text in value.items():
            if len(key) != 1 or not key.isalpha() or not key.isupper():
                raise ValueError(f"option key {key!r} must be one upper-case letter (A, B, C...)")
            if not str(text).strip():
                raise ValueError(f"option {key} is empty")
        return value

    @property
    def multi(self) -> bool:
        return len(self.answer) > 1


class Stage(Model):
    """One stage (act) of a multi-stage case (format 2). The first stage begins before the
    introductions; stage k >= 2 begins at the start of discussion round `round`, or by default round
    1 + floor((k - 1) * rounds / n) for n stages (see `arena.engine.stages`). When a stage begins each
    role receives its part of `scripts`, and `clues` become available: `location` clues can be
    investigated from then on, `public` clues are shown to everyone then."""

    id: Id
    title: str = Field(min_length=1)
    round: int | None = Field(default=None, ge=1, description="discussion round it begins (not for the first)")
    scripts: dict[str, str] = Field(default_factory=dict, description="role id -> this stage's script part")
    clues: list[str] = Field(default_factory=list, description="clue ids that become available in this stage")


class Victim(Model):
    """One victim of a multi-victim case (format 2), with the roles who killed them. The vote is
    taken once per victim (PLAYER*: "vote for who they think is the murderer in each case")."""

    id: Id
    name: str = Field(min_length=1)
    culprits: list[str] = Field(min_length=1, description="role ids")


class Script(Model):
    format_version: int = FORMAT_VERSION
    id: Id
    title: str = Field(min_length=1)
    language: str = Field(default="en", min_length=2)
    briefing: str = Field(min_length=1, description="public case briefing")
    victim: str = Field(min_length=1)
    culprits: list[str] = Field(min_length=1)
    culprit_rule: CulpritRule = CulpritRule.ANY
    locations: list[Location] = Field(default_factory=list)
    roles: list[Role] = Field(min_length=2)
    clues: list[Clue] = Field(default_factory=list)
    truth: Truth
    key_statements: list[KeyStatement] = Field(default_factory=list)
    key_roles: list[str] = Field(default_factory=list)
    reasoning_chains: list[ReasoningChain] = Field(default_factory=list)
    questions: list[Question] = Field(default_factory=list)
    metadata: dict[str, Any] = Field(default_factory=dict)
    stages: list[Stage] = Field(default_factory=list, description="format 2: acts revealed as the game advances")
    victims: list[Victim] = Field(default_factory=list, description="format 2: victims, each with its culprits")

    _folder: Path | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _format2_needs_version(self) -> Script:
        used = [name for name in FORMAT2_FIELDS if getattr(self, name)]
        used += sorted({f"questions[].{name}" for q in self.questions for name in ("category", "from_role")
                        if getattr(q, name) is not None})
        if used and self.format_version < 2:
            raise ValueError(f"{', '.join(used)} need format_version: 2 (fix: set format_version: 2)")
        return self

    @model_serializer(mode="wrap")
    def _drop_empty_format2(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Empty `stages` / `victims` are not serialised, so format-1 content hashes are unchanged."""
        return drop_unset(handler(self), FORMAT2_FIELDS)

    @property
    def folder(self) -> Path | None:
        """The folder the script was loaded from (image paths are relative to it)."""
        return self._folder

    def role(self, role_id: str) -> Role:
        for role in self.roles:
            if role.id == role_id:
                return role
        raise KeyError(role_id)

    def clue(self, clue_id: str) -> Clue:
        for clue in self.clues:
            if clue.id == clue_id:
                return clue
        raise KeyError(clue_id)

    @property
    def role_ids(self) -> list[str]:
        return [role.id for role in self.roles]

    @property
    def culprit_ids(self) -> list[str]:
        return [role.id for role in self.roles if role.culprit]

    @property
    def image_clues(self) -> list[Clue]:
        return [clue for clue in self.clues if clue.image is not None]

    def image_path(self, clue: Clue) -> Path:
        """The clue's image file. The loader refuses a case whose image paths break the path rule
        (`arena.scripts.paths`), so for a loaded case this lies inside its folder; readers still read it
        with the image cap and regular-file check of `multimodal.files`."""
        if clue.image is None:
            raise ValueError(f"clue {clue.id} has no image")
        base = self._folder or Path(".")
        return base / clue.image.file

    def steps(self) -> dict[str, ReasoningStep]:
        return {step.id: step for chain in self.reasoning_chains for step in chain.steps}
