"""Image files: sniff the real format from the bytes, check size limits, re-encode for providers.

Limits are checked before decoding: the byte cap (`ARENA_MAX_IMAGE_BYTES`) before reading, and the
pixel size declared in the header before any pixel is decompressed, so a small file that declares
30000x30000 pixels (a decompression bomb) is refused in milliseconds. Pillow's own bomb limit is set
to the same pixel budget as a second line of defence.
"""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from multimodal.files import IMAGE_CAP_ENV, FileProblem, max_image_bytes, read_capped

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

MAX_SIDE = 8192
MIN_SIDE = 32
MAX_PIXELS = MAX_SIDE * MAX_SIDE
Image.MAX_IMAGE_PIXELS = MAX_PIXELS  # Pillow warns above this and refuses above twice this


class ImageProblem(ValueError):
    """An image that is missing, not an image, corrupt or out of limits; the message says which."""

    def __init__(self, message: str, fix: str = "") -> None:
        super().__init__(message)
        self.fix = fix


def check_side(label: str, width: int, height: int) -> None:
    if max(width, height) > MAX_SIDE or min(width, height) < MIN_SIDE:
        raise ImageProblem(f"{label}: {width}x{height} pixels, outside {MIN_SIDE}..{MAX_SIDE} pixels per side",
                           f"scale the image to at most {MAX_SIDE} pixels per side")


def decode_size(data: bytes, label: str, fmt: str) -> tuple[int, int]:
    """Width and height, checked from the header before the pixels are decoded; then a full decode."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as img:
                check_side(label, *img.size)
                img.load()
                return img.size
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise ImageProblem(f"{label}: refused as a decompression bomb ({exc})",
                           f"scale the image to at most {MAX_SIDE} pixels per side") from exc
    except ImageProblem:
        raise
    except Exception as exc:  # noqa: BLE001 - any decoder failure on untrusted bytes is this image's problem
        raise ImageProblem(f"{label}: looks like {fmt.upper()} but does not decode ({type(exc).__name__}: {exc})",
                           "re-export the image as PNG or JPEG") from exc


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
    cap = max_image_bytes()
    if len(data) > cap:
        raise ImageProblem(f"{label}: {len(data)} bytes, over the cap of {cap} bytes",
                           f"shrink the image, or raise the cap with {IMAGE_CAP_ENV}=<bytes>")
    fmt = sniff_format(data)
    if fmt is None:
        raise ImageProblem(f"{label}: not a PNG, JPEG, GIF, WebP or BMP image (unrecognised leading bytes)",
                           "save the image as PNG or JPEG")
    width, height = decode_size(data, label, fmt)
    return ImageInfo(fmt, width, height, len(data), hashlib.sha256(data).hexdigest())


def read_image_file(path: Path) -> bytes:
    """The bytes of an image file: a regular file within the image byte cap; ImageProblem otherwise."""
    try:
        return read_capped(path, max_image_bytes(), IMAGE_CAP_ENV)
    except FileProblem as exc:
        raise ImageProblem(f"{path}: {exc}", exc.fix) from exc


def inspect_file(path: Path) -> ImageInfo:
    """Like `inspect_bytes` for a file; a missing, special or oversized file is an ImageProblem too."""
    return inspect_bytes(read_image_file(path), str(path))


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
