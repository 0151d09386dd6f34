"""MIRAGE import against shared/external (skipped when absent): counts, truth, and the culprit refusal."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from arena.errors import ConfigError
from arena.importers import mirage
from arena.importers.writer import write_case
from arena.scripts.loader import load_script
from tests.conftest import SHARED

ROOT = SHARED / "external" / "mirage"
TITLE = "The Eastern Star Cruise Ship"
pytestmark = pytest.mark.skipif(not ROOT.is_dir(), reason="shared/external/mirage is not on this machine")


def test_import_counts_truth_and_victim(tmp_path: Path) -> None:
    (folder,) = mirage.discover(ROOT)
    characters = json.loads((folder / "script.json").read_text(encoding="utf-8"))
    clues = json.loads((folder / "clues.json").read_text(encoding="utf-8"))
    truth = json.loads((ROOT / "Truth.json").read_text(encoding="utf-8"))[TITLE]
    report = write_case(mirage.import_case(folder, ROOT, ["Manager Xiu"]), tmp_path)
    assert report.ok, report.problems
    script = load_script(report.path)
    assert [r.name for r in script.roles] == list(characters)
    assert script.culprits == ["manager_xiu"] and script.culprit_ids == ["manager_xiu"]
    assert [loc.name for loc in script.locations] == list(clues)
    assert len(script.clues) == sum(len(v) for v in clues.values())
    assert all(c.visibility.value == "location" for c in script.clues)
    assert script.truth.summary == truth and script.victim == "Qi Liu"
    assert all(part in script.role("captain_hong").script for part in characters["Captain Hong"].values())
    assert script.role("captain_hong").goals == [characters["Captain Hong"]["Purpose"]]
    assert script.metadata["source"]["dataset"] == "MIRAGE" and "no licence" in script.metadata["licence"]


def test_refuses_without_a_culprit_and_rejects_unknown_names() -> None:
    (folder,) = mirage.discover(ROOT)
    with pytest.raises(ConfigError, match="never guesses"):
        mirage.import_case(folder, ROOT, [])
    with pytest.raises(ConfigError, match="not a character"):
        mirage.import_case(folder, ROOT, ["Colonel Mustard"])


def test_culprit_by_part_of_the_name_and_from_a_culprits_file(tmp_path: Path) -> None:
    (folder,) = mirage.discover(ROOT)
    assert mirage.import_case(folder, ROOT, ["xiu"]).script.culprits == ["manager_xiu"]
    file = tmp_path / "culprits.yaml"
    file.write_text(f"{TITLE}: [Manager Xiu, Singer Lin]\nOther Title: Somebody\n", encoding="utf-8")
    mapping = mirage.read_culprits_file(file)
    assert mapping == {TITLE: ["Manager Xiu", "Singer Lin"], "Other Title": ["Somebody"]}
    case = mirage.import_case(folder, ROOT, mapping[TITLE])
    assert case.script.culprits == ["manager_xiu", "singer_lin"]


def test_truth_json_is_found_above_the_script_folder(tmp_path: Path) -> None:
    src = tmp_path / "En"
    shutil.copytree(ROOT / TITLE, src / "scripts" / TITLE)
    shutil.copy(ROOT / "Truth.json", src)
    (folder,) = mirage.discover(src)
    assert mirage.import_case(folder, src, ["Manager Xiu"]).skipped == ()
    (src / "Truth.json").unlink()
    case = mirage.import_case(folder, src, ["Manager Xiu"], victim="Liu Qi")
    assert [s.item for s in case.skipped] == ["Truth.json"] and case.script.victim == "Liu Qi"
