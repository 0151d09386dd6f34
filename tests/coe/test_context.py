"""Context selection: each suite gets exactly its evidence; ablations drop or OCR the images."""

from __future__ import annotations

from pathlib import Path

from arena.coe.context import Ablation, apply_ablation, leaf_ids, question_context
from arena.scripts.loader import load_script
from tests.conftest import FIXTURE_CASE


def q(script, qid):  # noqa: ANN001, ANN201
    return next(x for x in script.questions if x.id == qid)


def test_lsu_sends_the_role_script_only() -> None:
    script = load_script(FIXTURE_CASE)
    ctx = question_context(script, q(script, "q_lsu1"))
    assert ctx.images == []
    assert [label for label, _ in ctx.texts] == ["Role script of Fern Holloway"]
    assert "raised voices" in ctx.text


def test_miu_sends_its_image_and_no_images_drops_it() -> None:
    script = load_script(FIXTURE_CASE)
    ctx = question_context(script, q(script, "q_miu1"))
    assert [img.clue_id for img in ctx.images] == ["c_clock"]
    assert ctx.images[0].path.is_file()
    ablated = apply_ablation(ctx, Ablation.NO_IMAGES)
    assert ablated.images == [] and "(image withheld)" in ablated.text


def test_ocr_ablation_replaces_images_with_text() -> None:
    script = load_script(FIXTURE_CASE)
    ctx = question_context(script, q(script, "q_tiu1"))
    seen: list[Path] = []

    def fake_ocr(path: Path) -> str:
        seen.append(path)
        return "Meet me at nine"

    ablated = apply_ablation(ctx, Ablation.OCR_TEXT, fake_ocr)
    assert ablated.images == [] and seen == [ctx.images[0].path]
    assert "OCR text of image clue" in ablated.text and "Meet me at nine" in ablated.text


def test_mmr_follows_steps_to_clues_and_never_sends_step_text() -> None:
    script = load_script(FIXTURE_CASE)
    assert leaf_ids(script, ["s3"]) == ["c_clock", "fern", "basil", "c_note"]
    ctx = question_context(script, q(script, "q_mmr2"))
    assert {img.clue_id for img in ctx.images} == {"c_clock"}
    assert "Role script of Fern Holloway" in ctx.text and "Role script of Basil Crane" in ctx.text
    for step in script.steps().values():
        assert step.text not in ctx.text
