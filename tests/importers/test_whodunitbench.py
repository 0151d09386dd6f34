"""WhodunitBench import against the example data in shared/external (skipped when it is absent).

Expected counts are computed here from the raw JSON, independently of the importer.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from arena.importers import whodunitbench
from arena.importers.case import ImportReport
from arena.importers.writer import write_case
from arena.scripts.loader import load_script
from arena.scripts.schema import ImageKind, Script
from tests.conftest import SHARED

ROOT = SHARED / "external" / "whodunitbench"
pytestmark = pytest.mark.skipif(not ROOT.is_dir(), reason="shared/external/whodunitbench is not on this machine")
CASES = {"XIAOHUA_example": "wb-xiaohua", "Pu": "wb-pu"}


def raw(name: str) -> dict[str, Any]:
    return json.loads((ROOT / name / "env_p_all.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[ImportReport, Script]]:
    out = tmp_path_factory.mktemp("wb")
    result = {}
    for folder in whodunitbench.discover(ROOT):
        report = write_case(whodunitbench.import_case(folder, ROOT), out)
        result[folder.name] = (report, load_script(report.path))
    return result


def test_every_case_is_found_and_validates(imported: dict[str, tuple[ImportReport, Script]]) -> None:
    assert set(imported) == set(CASES)
    for name, (report, script) in imported.items():
        assert report.ok, report.problems
        assert script.id == CASES[name] and script.language == "zh"


@pytest.mark.parametrize("name", sorted(CASES))
def test_counts_match_the_raw_file(name: str, imported: dict[str, tuple[ImportReport, Script]]) -> None:
    data = raw(name)
    report, script = imported[name]
    assert len(script.roles) == len(data["role"])
    assert report.questions["lsu"] == sum(len(r["r_q"]) for r in data["role"])
    assert report.questions["tiu"] == len(data["ei_q"]["key_q"])
    assert report.questions["miu"] == len(data["cxi_q"]["key_q"])
    assert report.questions["mmr"] == len(data["key_clues_questions"])
    assert report.skipped == ()
    pool = data["key_clues_pool"]
    steps = sum(len(v) for k, v in pool.items() if k.endswith("-step"))
    assert sum(len(c.steps) for c in script.reasoning_chains) == steps
    private = sum(len(v) for k, v in pool.items() if k != "p" and not k.endswith("-step"))
    assert len(script.key_statements) == private
    public_items = [line for line in data["public_clue"].splitlines() if line.strip()]
    images = len(list((ROOT / name / "img").iterdir()))
    assert len(script.clues) == len(public_items) + len(pool["p"]) + private + images
    assert len(script.image_clues) == images


@pytest.mark.parametrize("name", sorted(CASES))
def test_roles_culprit_and_key_roles(name: str, imported: dict[str, tuple[ImportReport, Script]]) -> None:
    data = raw(name)
    _, script = imported[name]
    assert [r.name for r in script.roles] == [r["name"] for r in data["role"]]
    assert [r.name for r in script.roles if r.culprit] == [r["name"] for r in data["role"] if r["m"] == 1]
    # Pu spells 唐•何塞 with a bullet in key_role and 唐·何塞 with a middle dot in role[]: still one role.
    assert len(script.key_roles) == len(data["key_role"])
    assert all(r.profile and r.script for r in script.roles)


@pytest.mark.parametrize("name", sorted(CASES))
def test_answers_and_source_text_are_kept(name: str, imported: dict[str, tuple[ImportReport, Script]]) -> None:
    data = raw(name)
    _, script = imported[name]
    mmr = [q for q in script.questions if q.suite.value == "mmr"]
    for q, item in zip(mmr, data["key_clues_questions"], strict=True):
        assert q.source_text == item["q"]
        assert q.answer == [item["ans"].strip().upper()]
        assert q.stem in item["q"] and all(text in item["q"] for text in q.options.values())
    tiu = [q for q in script.questions if q.suite.value == "tiu"]
    assert [q.source_text for q in tiu] == data["ei_q"]["key_q"]


def test_mmr_depth_follows_the_source_tag(imported: dict[str, tuple[ImportReport, Script]]) -> None:
    data = raw("Pu")
    _, script = imported["Pu"]
    deepest = max(int(k.split("-")[0]) for k in data["key_clues_pool"] if k.endswith("-step"))
    mmr = [q for q in script.questions if q.suite.value == "mmr"]
    for q, item in zip(mmr, data["key_clues_questions"], strict=True):
        tag = item["source"]
        level = tag.rsplit("-", 1)[1] if "-" in tag else "0"
        assert q.depth == (deepest if level == "n" else int(level)) + 1, tag


def test_pinyin_shorthand_sources_point_at_the_role_pool(imported: dict[str, tuple[ImportReport, Script]]) -> None:
    data = raw("XIAOHUA_example")
    _, script = imported["XIAOHUA_example"]
    ghost = next(r.id for r in script.roles if r.name == "鬼学姐")
    mmr = [q for q in script.questions if q.suite.value == "mmr"]
    tagged = [q for q, item in zip(mmr, data["key_clues_questions"], strict=True) if item["source"] == "g"]
    assert tagged and all(ghost in q.evidence and q.depth == 1 for q in tagged)


def test_pu_images_are_jpeg_data_written_as_jpg(imported: dict[str, tuple[ImportReport, Script]]) -> None:
    sources = sorted((ROOT / "Pu" / "img").iterdir())
    assert all(p.suffix == ".png" and p.read_bytes()[:3] == b"\xff\xd8\xff" for p in sources)
    _, script = imported["Pu"]
    files = [script.image_path(c) for c in script.image_clues]
    assert files and all(f.suffix == ".jpg" and f.read_bytes()[:3] == b"\xff\xd8\xff" for f in files)
    assert sorted(f.read_bytes() for f in files) == sorted(p.read_bytes() for p in sources)


@pytest.mark.parametrize("name", sorted(CASES))
def test_image_questions_cite_every_image(name: str, imported: dict[str, tuple[ImportReport, Script]]) -> None:
    _, script = imported[name]
    image_ids = {c.id for c in script.image_clues}
    kinds = {c.image.kind for c in script.image_clues if c.image}
    assert kinds == {ImageKind.TEXT_RICH, ImageKind.MEDIA_RICH}
    for q in script.questions:
        if q.suite.value in ("tiu", "miu"):
            assert set(q.evidence) == image_ids
    assert "every TIU/MIU question cites all" in script.metadata["image_evidence"]


def test_metadata_names_source_and_licence(imported: dict[str, tuple[ImportReport, Script]]) -> None:
    _, script = imported["Pu"]
    meta = script.metadata
    assert meta["source"]["dataset"] == "WhodunitBench" and meta["source"]["path"] == "Pu"
    assert "no licence" in meta["licence"] and "not redistributed" in meta["licence"]
    assert meta["import_report"]["counts"]["questions"]["mmr"] == len(raw("Pu")["key_clues_questions"])
    assert script.victim == "卡门"
    assert imported["XIAOHUA_example"][1].victim == "夏晴天"


def copy_case(name: str, dest: Path, images: bool) -> Path:
    folder = dest / name
    folder.mkdir(parents=True)
    shutil.copy(ROOT / name / "env_p_all.json", folder)
    if images:
        shutil.copytree(ROOT / name / "img", folder / "img")
    return folder


def test_case_without_images_keeps_lsu_and_mmr_and_reports_image_questions(tmp_path: Path) -> None:
    folder = copy_case("XIAOHUA_example", tmp_path / "src", images=False)
    data = raw("XIAOHUA_example")
    case = whodunitbench.import_case(folder, tmp_path / "src")
    report = write_case(case, tmp_path / "out")
    assert report.ok, report.problems
    assert report.images == 0 and report.questions["tiu"] == report.questions["miu"] == 0
    assert report.questions["mmr"] == len(data["key_clues_questions"])
    image_items = [s for s in report.skipped if s.item.startswith(("ei_q", "cxi_q"))]
    assert len(image_items) == len(data["ei_q"]["key_q"]) + len(data["cxi_q"]["key_q"])
    assert all("no images" in s.reason for s in image_items)
    assert any(s.item == "img/" for s in report.skipped)
    assert len(load_script(report.path).metadata["import_report"]["skipped"]) == len(report.skipped)


def test_python_repr_items_are_read_and_bad_items_reported(tmp_path: Path) -> None:
    folder = tmp_path / "src" / "case"
    folder.mkdir(parents=True)
    data = raw("Pu")
    role = data["role"][0]
    role["r_q"][0] = repr(role["r_q"][0])  # a Python-repr string, as in parts of the upstream data
    role["r_q"][1] = "__import__('os').system('true')"  # not a literal: must be reported, never run
    role["r_q"][2] = {"q": "没有选项的问题？", "ans": "a"}
    del data["role"][1]["r_q"]  # without r_q the role's q / a lists are used
    data["key_clues_questions"][0] = repr(data["key_clues_questions"][0])
    (folder / "env_p_all.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    case = whodunitbench.import_case(folder, tmp_path / "src")
    skipped = {s.item: s.reason for s in case.skipped}
    assert "role[0].r_q[1]" in skipped and "role[0].r_q[2]" in skipped
    assert "no option list" in skipped["role[0].r_q[2]"]
    lsu = [q for q in case.script.questions if q.suite.value == "lsu"]
    assert len(lsu) == sum(len(r.get("r_q") or r["q"]) for r in data["role"]) - 2
    assert sum(q.role == case.script.roles[1].id for q in lsu) == len(data["role"][1]["q"])
    assert len([q for q in case.script.questions if q.suite.value == "mmr"]) == len(data["key_clues_questions"])
    assert lsu[0].id.endswith("_1") and lsu[0].answer == [raw("Pu")["role"][0]["r_q"][0]["ans"].upper()]


def test_import_is_deterministic(tmp_path: Path) -> None:
    texts = []
    for run in ("a", "b"):
        report = write_case(whodunitbench.import_case(ROOT / "Pu", ROOT), tmp_path / run)
        texts.append((Path(report.path) / "script.yaml").read_bytes())
    assert texts[0] == texts[1]


def test_imported_questions_get_their_evidence_as_coe_context(imported: dict[str, tuple[ImportReport, Script]]) -> None:
    from arena.coe.context import question_context

    _, script = imported["Pu"]
    by_suite = {q.suite.value: q for q in script.questions}
    lsu = question_context(script, by_suite["lsu"])
    assert lsu.texts and not lsu.images
    tiu = question_context(script, by_suite["tiu"])
    assert len(tiu.images) == len(script.image_clues) and all(i.path.is_file() for i in tiu.images)
    deep = max((q for q in script.questions if q.suite.value == "mmr"), key=lambda q: q.depth or 0)
    mmr = question_context(script, deep)
    step_texts = {s.text for s in script.steps().values()}
    assert mmr.texts and not any(body in step_texts for _, body in mmr.texts)  # conclusions are never sent
