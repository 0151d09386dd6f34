"""WhodunitBench import on a small synthetic case written by the test (no external data needed)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from arena.errors import DatasetError
from arena.importers import whodunitbench
from arena.importers.writer import write_case


def synthetic() -> dict[str, Any]:
    def role(name: str, m: int) -> dict[str, Any]:
        return {"name": name, "back": f"我是{name}。那天晚上我在花园里。", "m": m,
                "r_q": [{"q": f"{name}那天晚上在哪里？a. 花园 b. 书房", "ans": "a"}]}

    return {
        "role": [role("甲先生", 0), role("乙小姐", 0), role("丙管家", 0)],
        "murder": "丙管家",
        "key_clues_pool": {"p": ["花瓶碎了"], "1-step": ["有人在书房打斗"], "乙小姐": ["乙小姐听到了喊声"]},
        "public_clue": "\n1. 书房的门是锁着的\n",
        "key_clues_questions": [
            {"q": "花瓶怎么了？a. 碎了 b. 不见了", "ans": "a", "source": "p"},
            {"q": "打斗发生在哪里？a. 书房 b. 花园", "ans": "a", "source": "p-1"},
            {"q": "乙小姐听到了什么？a. 喊声 b. 歌声", "ans": "a", "source": "y"},
            {"q": "谁是凶手？a. 甲 b. 丙", "ans": "b", "source": "戊先生"},
        ],
        "ei_q": {"key_q": ["1.信上写了什么？a. 见面 b. 道歉"], "key_ans": ["a"]},
        "cxi_q": {"key_q": ["1.钟停在几点？a. 九点 b. 十点"], "key_ans": ["b"]},
        "key_role": ["乙小姐"],
        "task_nm": "请完成以下任务\n1.找出凶手",
        "task_m": "1.隐藏身份",
        "reason": "丙管家为了遗产。",
    }


def write(folder: Path, data: dict[str, Any], images: list[str]) -> Path:
    folder.mkdir(parents=True)
    (folder / "env_p_all.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    if images:
        (folder / "img").mkdir()
    for i, colour in enumerate(images, start=1):
        out = io.BytesIO()
        Image.new("RGB", (64, 64), colour).save(out, format="JPEG")
        (folder / "img" / f"{i}.png").write_bytes(out.getvalue())  # JPEG data named .png, as upstream
    return folder


def test_synthetic_case_imports_and_reports(tmp_path: Path) -> None:
    folder = write(tmp_path / "src" / "case", synthetic(), ["white", "#101020"])
    case = whodunitbench.import_case(folder, tmp_path / "src")
    script = case.script
    assert script.culprits == ["bingguanjia"]  # no m flag: `murder` names the culprit
    assert any("murder" in note for note in script.metadata["notes"])
    assert script.victim.startswith("死者") and any(s.startswith("victim") for s in script.metadata["synthesized"])
    assert script.key_roles == ["yixiaojie"]
    assert {c.image.file for c in script.image_clues if c.image} == {"images/1.jpg", "images/2.jpg"}
    kinds = {c.image.file: c.image.kind.value for c in script.image_clues if c.image}
    assert kinds == {"images/1.jpg": "text_rich", "images/2.jpg": "media_rich"}  # white page vs dark scene
    mmr = [q for q in script.questions if q.suite.value == "mmr"]
    assert [q.depth for q in mmr] == [1, 2, 1]  # `y` = 乙小姐 by pinyin
    assert mmr[2].evidence == ["c_yixiaojie_1", "yixiaojie"]
    skipped = {s.item: s.reason for s in case.skipped}
    assert "names no role" in skipped["key_clues_questions[3]"]
    report = write_case(case, tmp_path / "out")
    assert report.ok, report.problems
    assert report.questions == {"lsu": 3, "tiu": 1, "miu": 1, "mmr": 3}


def test_single_image_cannot_serve_both_image_suites(tmp_path: Path) -> None:
    folder = write(tmp_path / "src" / "case", synthetic(), ["white"])
    case = whodunitbench.import_case(folder, tmp_path / "src")
    assert [q.suite.value for q in case.script.questions].count("tiu") == 1
    (miu,) = [s for s in case.skipped if s.item.startswith("cxi_q")]
    assert "no media_rich image clue" in miu.reason
    assert write_case(case, tmp_path / "out").ok


def test_case_without_culprit_is_an_error(tmp_path: Path) -> None:
    data = synthetic()
    data["murder"] = "无名氏"
    folder = write(tmp_path / "src" / "case", data, [])
    with pytest.raises(DatasetError, match="no culprit"):
        whodunitbench.import_case(folder, tmp_path / "src")
