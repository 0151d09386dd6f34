"""The manifest of a pinned generated set (`scripts_data/generated.yaml`) and the held-out hash.

The manifest pins every public case by seed and options (its plot included, checked against the
plots written in the case's language when the manifest is loaded), so one command rebuilds the set
byte for byte. Its `heldout` block says how many held-out cases there are and publishes only the
SHA-256 of their keyed seeds: the seeds come from the secret salt (`heldout.py`), which never enters
the repository, so nobody can regenerate them from the manifest, while the holder of the salt can
show that a held-out set is the one published.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError

from arena.errors import ConfigError
from arena.generator.heldout import effective_seed
from arena.generator.pipeline import GENERATOR_VERSION, Request
from arena.generator.plots import get_plot
from arena.generator.world import DEFAULT_WORDS, CaseOptions, Difficulty

STAMP_FILE = ".manifest-stamp"


class PinnedCase(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    seed: int
    roles: int = Field(ge=4, le=8)
    difficulty: Difficulty
    culprits: int = Field(1, ge=1, le=2)
    language: Literal["en", "zh"] = "en"
    words: int | None = Field(None, ge=200)  # default: the manifest's words (en), 6000 characters (zh)
    plot: str | None = None  # a name of `plots.PLOTS` written in `language`; None: the seed's turn


class HeldOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    first_seed: int = 1
    count: int = Field(24, ge=1)
    seeds_sha256: str | None = None  # SHA-256 of the keyed seeds, one per line


class Manifest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    generator_version: int
    words: int = 4000
    cases: list[PinnedCase]
    heldout: HeldOut = Field(default_factory=lambda: HeldOut(first_seed=1, count=24))


def load_manifest(path: Path) -> Manifest:
    try:
        manifest = Manifest.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ConfigError(f"{path}: {where}: {first['msg']} (fix: see docs/generator.md, 'The public set')") from None
    except (OSError, yaml.YAMLError) as exc:
        raise ConfigError(f"{path}: not a generated-set manifest: {str(exc).splitlines()[0]} (fix: see "
                          "docs/generator.md, 'The public set')") from None
    if manifest.generator_version != GENERATOR_VERSION:
        raise ConfigError(f"{path}: pinned for generator version {manifest.generator_version}, this is version "
                          f"{GENERATOR_VERSION} (fix: re-pin the set and update the published figures)")
    check_plots(path, manifest)
    return manifest


def check_plots(path: Path, manifest: Manifest) -> None:
    """Every plot a case names exists and is written in the case's language (ConfigError naming the seed)."""
    for i, case in enumerate(manifest.cases):
        if case.plot is None:
            continue
        try:
            get_plot(case.plot, case.language)
        except ConfigError as exc:
            raise ConfigError(f"{path}: cases.{i} (seed {case.seed}): {exc}") from None


def public_requests(manifest: Manifest) -> list[Request]:
    return [Request(c.seed, CaseOptions(c.roles, c.difficulty, c.culprits, case_words(manifest, c), c.language,
                                        c.plot))
            for c in manifest.cases]


def case_words(manifest: Manifest, case: PinnedCase) -> int:
    """A pinned case's script length: its own, else the manifest's for English, else the language default."""
    if case.words is not None:
        return case.words
    return manifest.words if case.language == "en" else DEFAULT_WORDS[case.language]


def heldout_options(manifest: Manifest, number: int) -> CaseOptions:
    """Held-out options cycle like the public ones: 4-8 roles, the three difficulties; no plot is named, so each
    case takes its seed's turn (`plots.plot_for`)."""
    i = number - manifest.heldout.first_seed
    return CaseOptions(4 + i % 5, ("easy", "medium", "hard")[(i // 5) % 3], 2 if i % 8 == 5 else 1, manifest.words)


def heldout_requests(manifest: Manifest, salt: SecretStr) -> list[Request]:
    h = manifest.heldout
    return [Request(n, heldout_options(manifest, n), "heldout", effective_seed(n, "heldout", salt))
            for n in range(h.first_seed, h.first_seed + h.count)]


def seeds_hash(requests: list[Request]) -> str:
    """SHA-256 of the keyed seeds, one decimal per line: what the manifest publishes."""
    text = "".join(f"{r.effective}\n" for r in requests)
    return hashlib.sha256(text.encode()).hexdigest()


def code_digest() -> str:
    """A digest of the generator's and the card renderer's source: a changed generator rebuilds the set."""
    import multimodal.cards

    roots = (Path(__file__).parent, Path(multimodal.cards.__file__).parent)
    digest = hashlib.sha256()
    for file in sorted(p for root in roots for p in root.rglob("*.py")):  # language layers live in sub-packages
        digest.update(file.relative_to(file.parent.parent).as_posix().encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()


def stamp(manifest_text: str) -> str:
    return hashlib.sha256(f"v{GENERATOR_VERSION}\n{code_digest()}\n{manifest_text}".encode()).hexdigest()


def up_to_date(manifest_path: Path, out: Path) -> bool:
    """Whether `out` holds the set this manifest pins (written by the same generator version)."""
    file = out / STAMP_FILE
    return file.is_file() and file.read_text(encoding="utf-8").strip() == stamp(
        manifest_path.read_text(encoding="utf-8"))


def write_stamp(manifest_path: Path, out: Path) -> None:
    (out / STAMP_FILE).write_text(stamp(manifest_path.read_text(encoding="utf-8")) + "\n", encoding="utf-8")
