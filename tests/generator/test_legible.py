"""Generated text cards keep the 90% OCR floor: a mild card that misses is re-rendered in a plainer look."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from arena.generator.legible import LEGIBILITY_FLOOR, floored, make_legible
from arena.generator.pipeline import keep_legible
from multimodal.cards.legibility import file_recovery
from multimodal.cards.render import SPEC_FILE, CardSpec, load_card_specs, render_cards

pytest.importorskip("pytesseract")

# A receipt as the generator draws it: under the photographed look plain OCR drops the price column.
RECEIPT = {"file": "images/c_reach.jpg", "template": "receipt", "look": "photographed", "params": {
    "shop": "the Alpine Kurhaus", "address": "Restaurant", "when": "Tonight 21:30",
    "lines": [{"item": "Brandy", "price": "7.00"}, {"item": "Coffee", "price": "3.50"},
              {"item": "Sandwiches", "price": "6.20"}],
    "total": "16.70", "payment": "Signed: Celeste Holloway", "footer": "Thank you for your custom."}}
TICKET = {"file": "images/c_ticket.jpg", "template": "document", "look": "typed", "params": {
    "style": "ticket", "font": "sans", "heading": "The Alpine Kurhaus: Library",
    "body": "Admitted: Ada Brandt. Time stamped: 21:15.", "footer": "Keep this pass with you."}}
LETTER = {"file": "images/c_letter.jpg", "template": "document", "look": "handwritten", "params": {
    "style": "letter", "heading": "To Ada Brandt", "body": "Dear Ada,\n\nYou owe me 400 pounds.",
    "signature": "Victor Hale"}}


def case_folder(tmp_path: Path, cards: list[dict]) -> Path:
    (tmp_path / SPEC_FILE).write_text(yaml.safe_dump({"cards": cards}, sort_keys=False), encoding="utf-8")
    render_cards(tmp_path)
    return tmp_path


def test_the_floor_is_ninety_percent_for_mild_text_cards_only() -> None:
    assert LEGIBILITY_FLOOR == 0.9
    assert floored(CardSpec.model_validate(RECEIPT)) and floored(CardSpec.model_validate(TICKET))
    assert not floored(CardSpec.model_validate(LETTER))  # handwriting is measured, not floored
    assert not floored(CardSpec(file="images/c.png", template="timepiece", params={"hour": 9, "minute": 15}))


def test_a_card_that_misses_is_re_rendered_and_cards_yaml_records_its_new_look(tmp_path: Path) -> None:
    folder = case_folder(tmp_path, [RECEIPT, TICKET, LETTER])
    before = {s.file: (folder / s.file).read_bytes() for s in load_card_specs(folder)}
    assert file_recovery(CardSpec.model_validate(RECEIPT), folder / RECEIPT["file"]) < LEGIBILITY_FLOOR

    redrawn = keep_legible(folder)

    assert [(r.file, r.was) for r in redrawn] == [(RECEIPT["file"], "photographed")]
    assert redrawn[0].recovery < LEGIBILITY_FLOOR and redrawn[0].now != "photographed"
    specs = {s.file: s for s in load_card_specs(folder)}
    assert specs[RECEIPT["file"]].look == redrawn[0].now
    assert file_recovery(specs[RECEIPT["file"]], folder / RECEIPT["file"]) >= LEGIBILITY_FLOOR
    assert (folder / RECEIPT["file"]).read_bytes() != before[RECEIPT["file"]]
    # the card that passed and the hard-look card are left exactly as they were
    assert specs[TICKET["file"]].look == "typed" and specs[LETTER["file"]].look == "handwritten"
    assert (folder / TICKET["file"]).read_bytes() == before[TICKET["file"]]
    assert (folder / LETTER["file"]).read_bytes() == before[LETTER["file"]]
    # the written folder now renders to the same bytes from its cards.yaml (the look kept is the one drawn)
    rendered = (folder / RECEIPT["file"]).read_bytes()
    render_cards(folder)
    assert (folder / RECEIPT["file"]).read_bytes() == rendered
    assert make_legible(folder)[1] == []


def test_a_case_no_rendering_makes_legible_is_drawn_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from arena.generator import CaseOptions, Request, generate_case, legible, pipeline
    from arena.generator.pipeline import write_legible

    request = Request(5, CaseOptions(4, "easy", 1, 300))
    first = generate_case(request).script.metadata["generator"]["attempt"]
    calls: list[str] = []
    dropped: list[Path] = []  # the folders write_legible gave up on

    def recovery(spec: CardSpec, path: Path, lang: str = "eng") -> float:
        """The first card read stays illegible, under every fallback, until the first written case is given up
        (cards are read in parallel, so which card is first may vary)."""
        calls.append(spec.file)
        assert lang == "eng"
        return 0.5 if spec.file == calls[0] and not dropped else 1.0

    real_rmtree = shutil.rmtree

    def rmtree(path: Path, ignore_errors: bool = False) -> None:
        if Path(path).name not in ("roles", "images"):  # write_case clears those before writing
            dropped.append(Path(path))
        real_rmtree(path, ignore_errors=ignore_errors)

    monkeypatch.setattr(pipeline.shutil, "rmtree", rmtree)
    monkeypatch.setattr(legible, "file_recovery", recovery)
    case, folder, redrawn = write_legible(request, tmp_path)
    assert case.script.metadata["generator"]["attempt"] > first and redrawn == []
    assert folder.name == case.script.id and all((folder / s.file).is_file() for s in load_card_specs(folder))
