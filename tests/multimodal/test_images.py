"""Image checks: formats sniffed from bytes, limits, re-encoding within provider limits."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from multimodal.images import ImageProblem, fit_image, inspect_bytes, sniff_format


def encoded(fmt: str, size: tuple[int, int] = (64, 48)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(out, format=fmt)
    return out.getvalue()


@pytest.mark.parametrize("fmt,name", [("PNG", "png"), ("JPEG", "jpeg"), ("GIF", "gif"), ("WEBP", "webp"),
                                      ("BMP", "bmp")])
def test_sniff_by_content(fmt: str, name: str) -> None:
    assert sniff_format(encoded(fmt)) == name
    assert inspect_bytes(encoded(fmt)).format == name


def test_jpeg_bytes_named_png_are_jpeg() -> None:
    info = inspect_bytes(encoded("JPEG"), "clue.png")
    assert info.format == "jpeg" and info.media_type == "image/jpeg"


def test_garbage_and_truncated_images_are_rejected() -> None:
    with pytest.raises(ImageProblem, match="unrecognised"):
        inspect_bytes(b"hello world" * 10)
    with pytest.raises(ImageProblem, match="does not decode"):
        inspect_bytes(encoded("PNG")[:60])


def test_size_limits() -> None:
    with pytest.raises(ImageProblem, match="outside"):
        inspect_bytes(encoded("PNG", (10, 10)))


def test_fit_image_keeps_small_images_and_shrinks_large_ones() -> None:
    small = encoded("PNG")
    assert fit_image(small, 1024, 10_000_000) == (small, "image/png")
    big = encoded("PNG", (3000, 1500))
    data, media = fit_image(big, 1000, 10_000_000)
    assert media == "image/png"
    with Image.open(io.BytesIO(data)) as img:
        assert img.size == (1000, 500)
    data, media = fit_image(encoded("GIF"), 1024, 10_000_000, formats=("jpeg",))
    assert media == "image/jpeg" and sniff_format(data) == "jpeg"


def test_a_decompression_bomb_is_an_image_problem_not_a_pillow_error() -> None:
    from tests.scripts.attacks import bomb_png

    with pytest.raises(ImageProblem, match="decompression bomb") as refused:
        inspect_bytes(bomb_png(30000), "bomb.png")
    assert refused.value.fix and "8192" in refused.value.fix


def test_the_declared_size_is_checked_before_any_pixel_is_decoded() -> None:
    import struct

    from tests.scripts.attacks import chunk

    header = chunk(b"IHDR", struct.pack(">IIBBBBB", 9000, 40, 8, 0, 0, 0, 0))
    no_pixels = b"\x89PNG\r\n\x1a\n" + header + chunk(b"IEND", b"")  # decoding it fails: "cannot load"
    with pytest.raises(ImageProblem, match="9000x40 pixels, outside 32..8192 pixels per side"):
        inspect_bytes(no_pixels, "wide.png")
    small = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 40, 8, 0, 0, 0, 0)) + chunk(b"IEND", b"")
    with pytest.raises(ImageProblem, match="does not decode"):
        inspect_bytes(small, "empty.png")
