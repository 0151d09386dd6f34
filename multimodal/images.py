"""Image files: sniff the real format from the bytes, check size limits, re-encode for providers."""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, UnidentifiedImageError

MAGIC: tuple[tuple[bytes, int, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", 0, "png"),
    (b"\xff\xd8\xff", 0, "jpeg"),
    (b"GIF87a", 0, "gif"),
    (b"GIF89a", 0, "gif"),
    (b"BM", 0, "bmp"),
    (b"WEBP", 8, "webp"),
)
MEDIA_TYPES = {"png": "image/png", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
               "bmp": "image/bmp"}

MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_SIDE = 8192
MIN_SIDE = 32


class ImageProblem(ValueError):
    """An image that is missing, not an image, corrupt or out of limits; the message says which."""


@dataclass(frozen=True)
class ImageInfo:
    format: str
    width: int
    height: int
    size_bytes: int
    sha256: str

    @property
    def media_type(self) -> str:
        return MEDIA_TYPES[self.format]


def sniff_format(data: bytes) -> str | None:
    """The image format named by the leading bytes (not the file name), or None."""
    for magic, offset, name in MAGIC:
        if data[offset:offset + len(magic)] == magic:
            if name == "webp" and data[:4] != b"RIFF":
                continue
            return name
    return None


def inspect_bytes(data: bytes, label: str = "image") -> ImageInfo:
    """Check that `data` is a decodable image within limits; raise ImageProblem saying what is wrong."""
    if len(data) > MAX_FILE_BYTES:
        raise ImageProblem(f"{label}: {len(data)} bytes, over the {MAX_FILE_BYTES} byte limit")
    fmt = sniff_format(data)
    if fmt is None:
        raise ImageProblem(f"{label}: not a PNG, JPEG, GIF, WebP or BMP image (unrecognised leading bytes)")
    try:
        with Image.open(io.BytesIO(data)) as img:
            img.load()
            width, height = img.size
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise ImageProblem(f"{label}: looks like {fmt.upper()} but does not decode ({exc})") from exc
    if max(width, height) > MAX_SIDE or min(width, height) < MIN_SIDE:
        raise ImageProblem(
            f"{label}: {width}x{height} pixels, outside {MIN_SIDE}..{MAX_SIDE} pixels per side"
        )
    return ImageInfo(fmt, width, height, len(data), hashlib.sha256(data).hexdigest())


def inspect_file(path: Path) -> ImageInfo:
    """Like `inspect_bytes` for a file; a missing file is an ImageProblem too."""
    try:
        data = path.read_bytes()
    except FileNotFoundError as exc:
        raise ImageProblem(f"{path}: file not found") from exc
    except OSError as exc:
        raise ImageProblem(f"{path}: cannot read ({exc})") from exc
    return inspect_bytes(data, str(path))


def fit_image(data: bytes, max_side: int, max_bytes: int,
              formats: tuple[str, ...] = ("png", "jpeg")) -> tuple[bytes, str]:
    """Return image bytes and media type within a provider's limits, re-encoding only when needed.

    Keeps the original when its format is accepted and it is within limits; otherwise scales the
    longer side down to `max_side` and re-encodes (PNG for text-heavy cards, JPEG if PNG is too big).
    """
    info = inspect_bytes(data)
    if info.format in formats and max(info.width, info.height) <= max_side and info.size_bytes <= max_bytes:
        return data, info.media_type
    with Image.open(io.BytesIO(data)) as source:
        img = source.convert("RGB")
        scale = min(1.0, max_side / max(img.size))
        if scale < 1.0:
            img = img.resize((max(1, round(img.width * scale)), max(1, round(img.height * scale))),
                             Image.Resampling.LANCZOS)
        for fmt, kwargs in (("png", {"optimize": True}), ("jpeg", {"quality": 90}), ("jpeg", {"quality": 70})):
            if fmt not in formats:
                continue
            out = io.BytesIO()
            img.save(out, format=fmt.upper(), **kwargs)
            if out.tell() <= max_bytes:
                return out.getvalue(), MEDIA_TYPES[fmt]
    raise ImageProblem(f"image cannot be brought under {max_bytes} bytes at {max_side} pixels")
