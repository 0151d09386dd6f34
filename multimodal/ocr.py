"""OCR of image clues with tesseract, cached on disk by the image's sha256.

Reading a card takes tesseract a fraction of a second; a tournament reads the same few cards
thousands of times, so every result is stored under `<cache>/<sha256>-<lang>-<config hash>.txt`
and read back from there. The cache folder is `$ARENA_OCR_CACHE`, else
`$XDG_CACHE_HOME/whodunit-arena/ocr` (`~/.cache/...`). Writes are atomic (temp file + rename), so
concurrent games may share the folder.

The language is the case's (`multimodal.language.ocr_language`: `eng`, `chi_sim`, `chi_tra`).
tesseract's Chinese models want characters about twice the height cards print them at, so images
read in Chinese are enlarged 2x first (card characters recovered: 79-99% -> 93-100%); tesseract
puts spaces between Chinese characters, and they are removed from what is returned.

tesseract's own OpenMP threads cost more than they save on card-sized images (37 cards read one
after another: 22.1 s with them, 11.2 s without), so `OMP_THREAD_LIMIT` defaults to 1 for the
tesseract processes started from here (a value the user set wins); callers that read many cards
read them in parallel instead (`arena/generator/legible.py`).
"""

from __future__ import annotations

import hashlib
import io
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from multimodal.language import squeeze_cjk_spaces

log = logging.getLogger(__name__)
os.environ.setdefault("OMP_THREAD_LIMIT", "1")  # see the module docstring; pytesseract passes os.environ on
OCR_CACHE_ENV = "ARENA_OCR_CACHE"
DEFAULT_CONFIG = "--psm 3"


class OcrUnavailable(RuntimeError):
    """tesseract (or pytesseract) is not installed; the message says how to install it."""


def default_cache_dir() -> Path:
    if os.environ.get(OCR_CACHE_ENV):
        return Path(os.environ[OCR_CACHE_ENV])
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "whodunit-arena" / "ocr"


ENLARGE_BELOW = 2000  # Chinese is read from images enlarged 2x when their longer side is below this


def prepared(image: Image.Image, lang: str) -> Image.Image:
    """The image as tesseract should see it in `lang`: RGB, enlarged 2x for Chinese."""
    rgb = image.convert("RGB")
    if lang.startswith("chi") and max(rgb.size) < ENLARGE_BELOW:
        return rgb.resize((rgb.width * 2, rgb.height * 2), Image.Resampling.LANCZOS)
    return rgb


def ocr_pil(image: Image.Image, lang: str = "eng", config: str = DEFAULT_CONFIG) -> str:
    """Run tesseract on an open image in `lang` (uncached; `OcrReader` caches by content)."""
    try:
        import pytesseract
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise OcrUnavailable("pytesseract is not installed: pip install pytesseract") from exc
    try:
        return squeeze_cjk_spaces(str(pytesseract.image_to_string(prepared(image, lang), lang=lang, config=config)))
    except pytesseract.TesseractNotFoundError as exc:
        raise OcrUnavailable("the tesseract binary is not installed (Debian: apt-get install tesseract-ocr)") from exc
    except pytesseract.TesseractError as exc:
        raise OcrUnavailable(f"tesseract cannot read {lang!r} (Debian: apt-get install tesseract-ocr-"
                             f"{lang.replace('_', '-')}, or run tools/system_deps.sh): {exc}") from exc


def _run_tesseract(data: bytes, lang: str, config: str) -> str:
    with Image.open(io.BytesIO(data)) as image:
        return ocr_pil(image, lang, config)


@dataclass
class OcrReader:
    """Reads images with tesseract through an on-disk cache; counts hits and misses."""

    cache_dir: Path | str | None = None
    lang: str = "eng"
    config: str = DEFAULT_CONFIG
    hits: int = 0
    misses: int = 0

    def __post_init__(self) -> None:
        self.cache_dir = default_cache_dir() if self.cache_dir is None else Path(self.cache_dir)

    def cache_path(self, digest: str, lang: str | None = None) -> Path:
        assert isinstance(self.cache_dir, Path)
        lang = lang or self.lang
        enlarged = "|x2" if lang.startswith("chi") else ""  # English keys stay as they were
        settings = hashlib.sha256(f"{lang}|{self.config}{enlarged}".encode()).hexdigest()[:8]
        return self.cache_dir / f"{digest}-{lang}-{settings}.txt"

    def read_bytes(self, data: bytes, lang: str | None = None) -> str:
        """The text in an encoded image (PNG, JPEG...), read in `lang` (default: the reader's)."""
        lang = lang or self.lang
        path = self.cache_path(hashlib.sha256(data).hexdigest(), lang)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            pass
        else:
            self.hits += 1
            return squeeze_cjk_spaces(text)
        self.misses += 1
        text = _run_tesseract(data, lang, self.config).strip()
        _write_atomic(path, text)
        return text

    def read_file(self, path: str | os.PathLike[str], lang: str | None = None) -> str:
        return self.read_bytes(Path(path).read_bytes(), lang)


def _write_atomic(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".ocr-", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        # A read-only or full cache must not stop a game: the text is still returned, uncached.
        log.warning("OCR cache not written (%s): %s", path.parent, exc)


def ocr_image(path: str | os.PathLike[str], cache_dir: str | os.PathLike[str] | None = None,
              lang: str = "eng") -> str:
    """The text tesseract reads in an image file (cached by content)."""
    reader = OcrReader(cache_dir=Path(cache_dir) if cache_dir is not None else None, lang=lang)
    return reader.read_file(path)
