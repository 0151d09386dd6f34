"""Importers read only regular files inside the source folder and write only inside `--out`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from arena.errors import DatasetError
from arena.importers import whodunitbench
from arena.importers.writer import write_case, write_target
from tests.importers.test_whodunitbench_synthetic import synthetic, write
from tests.scripts.attacks import SECRET, outside


def all_bytes(folder: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink())


def test_an_image_linked_from_outside_the_source_is_skipped_not_imported(tmp_path: Path) -> None:
    folder = write(tmp_path / "src" / "case", synthetic(), ["white", "#101020"])
    (folder / "img" / "3.png").symlink_to(outside(tmp_path) / "secret.png")
    os.mkfifo(folder / "img" / "4.png")
    case = whodunitbench.import_case(folder, tmp_path / "src")
    skipped = {s.item: s.reason for s in case.skipped}
    assert "outside the case folder" in skipped["img/3.png"]  # the FIFO is not a file: never opened
    assert len(case.images) == 2 and all(SECRET not in blob for blob in case.images.values())
    report = write_case(case, tmp_path / "out")
    assert report.ok and SECRET not in all_bytes(tmp_path / "out")


def test_a_case_file_linked_from_outside_is_refused(tmp_path: Path) -> None:
    folder = write(tmp_path / "src" / "case", synthetic(), [])
    (folder / "env_p_all.json").unlink()
    (folder / "env_p_all.json").symlink_to(outside(tmp_path) / "secret.txt")
    with pytest.raises(DatasetError, match="outside the case folder"):
        whodunitbench.import_case(folder, tmp_path / "src")


def test_writing_never_follows_a_link_out_of_the_output_folder(tmp_path: Path) -> None:
    folder = write(tmp_path / "src" / "case", synthetic(), ["white", "#101020"])
    case = whodunitbench.import_case(folder, tmp_path / "src")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "keep.txt").write_text("keep")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / case.slug).symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(DatasetError, match="refusing to write"):
        write_case(case, tmp_path / "out", overwrite=True)
    assert [p.name for p in elsewhere.iterdir()] == ["keep.txt"]
    (tmp_path / "out" / case.slug).unlink()
    target = tmp_path / "out" / case.slug
    target.mkdir()
    (target / "images").symlink_to(elsewhere, target_is_directory=True)  # a link inside the output folder
    with pytest.raises(DatasetError, match="outside the case folder"):
        write_target(target, "images/1.jpg")
    assert [p.name for p in elsewhere.iterdir()] == ["keep.txt"]
