"""OCR with an on-disk cache keyed by the image's sha256."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from multimodal import ocr
from multimodal.ocr import OcrReader, ocr_image
from tests.conftest import FIXTURE_CASE

NOTE = FIXTURE_CASE / "images" / "note.png"
needs_tesseract = pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract binary not installed")


@needs_tesseract
def test_reads_a_text_card_and_caches_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reader = OcrReader(cache_dir=tmp_path)
    text = reader.read_file(NOTE)
    assert "greenhouse at nine" in " ".join(text.split()).lower()
    digest = hashlib.sha256(NOTE.read_bytes()).hexdigest()
    cached = list(tmp_path.glob(f"{digest}-eng-*.txt"))
    assert len(cached) == 1 and cached[0].read_text(encoding="utf-8") == text

    def no_tesseract(*args: object) -> str:
        raise AssertionError("tesseract called despite a cached result")

    monkeypatch.setattr(ocr, "_run_tesseract", no_tesseract)
    assert OcrReader(cache_dir=tmp_path).read_file(NOTE) == text
    assert ocr_image(NOTE, cache_dir=tmp_path) == text


def test_cache_is_keyed_by_content_not_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[bytes] = []

    def fake(data: bytes, lang: str, config: str) -> str:
        calls.append(data)
        return f"text {len(calls)}"

    monkeypatch.setattr(ocr, "_run_tesseract", fake)
    copy = tmp_path / "renamed.png"
    copy.write_bytes(NOTE.read_bytes())
    reader = OcrReader(cache_dir=tmp_path / "cache")
    assert reader.read_file(NOTE) == reader.read_file(copy) == "text 1"
    assert (reader.hits, reader.misses) == (1, 1)
    other = OcrReader(cache_dir=tmp_path / "cache", lang="deu")
    assert other.read_file(NOTE) == "text 2"  # another language is another cache entry


def test_unwritable_cache_still_returns_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ocr, "_run_tesseract", lambda data, lang, config: "read")
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert OcrReader(cache_dir=blocker / "sub").read_file(NOTE) == "read"


def test_cache_folder_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ocr.OCR_CACHE_ENV, str(tmp_path / "ocr"))
    assert OcrReader().cache_dir == tmp_path / "ocr"
