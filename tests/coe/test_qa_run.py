"""The QA runner: context per question, shuffling mapped back, failures kept, reruns never double count."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from arena.coe.answerers import AnswerReply, ModelAnswerer, QaItem, build_request
from arena.coe.context import Ablation
from arena.coe.qa_run import QaConfig, run_id_for, run_qa, select_questions, suites_for
from arena.entries import Entry
from arena.errors import ConfigError
from arena.providers.client import ModelClient
from arena.providers.messages import ImagePart, Request, Response
from arena.providers.mock import register_responder
from arena.scripts.schema import Script
from arena.store import Store
from arena.store.coe_queries import latest_run_answers
from arena.store.db import reading

OPTION = re.compile(r"^([A-Z])\. (.*)$", re.MULTILINE)


def oracle(script: Script, log: list[Request]) -> object:
    """A model that always knows the answer: it finds the options whose text is the key's text."""
    def respond(request: Request) -> str:
        log.append(request)
        text = request.messages[-1].text
        question = next(q for q in script.questions if f"Question: {q.stem}" in text)
        right = {question.options[letter] for letter in question.answer}
        shown = [letter for letter, option in OPTION.findall(text) if option in right]
        return '{"answer": ' + (f'"{shown[0]}"' if len(shown) == 1 else str(shown).replace("'", '"')) + "}"
    return respond


def answers(store: Store, run_id: str) -> list:  # noqa: ANN001
    with reading(store.path) as conn:
        return latest_run_answers(conn, run_id)


def count_rows(store: Store) -> int:
    with reading(store.path) as conn:
        return int(conn.execute("SELECT count(*) FROM qa_answers").fetchone()[0])  # type: ignore[index]


async def test_an_oracle_scores_everything_and_letters_map_back(mini: Script, store: Store,
                                                                 client: ModelClient) -> None:
    log: list[Request] = []
    register_responder("qa-oracle", oracle(mini, log))
    entry = Entry(name="oracle", model="mock/qa-oracle")
    for seed in (0, 1, 2):
        result = await run_qa(store, entry, ModelAnswerer(entry, client), [mini], QaConfig(seed=seed))
        rows = answers(store, result.run_id)
        assert len(rows) == len(mini.questions) == result.asked
        assert all(r.correct and r.status == "ok" for r in rows)
        keys = {q.id: ",".join(q.answer) for q in mini.questions}
        assert {r.question_id: r.predicted for r in rows} == keys
    assert all(r.seed in (0, 1, 2) for r in log)
    first_options = {tuple(OPTION.findall(r.messages[-1].text)) for r in log if "fallen clock" in r.messages[-1].text}
    assert len(first_options) > 1, "options must be shuffled differently under different seeds"


def miu_item(mini: Script, ablation: Ablation, ocr: object = None) -> QaItem:
    from arena.coe.qa_run import make_item

    question = next(q for q in mini.questions if q.suite.value == "miu")
    return make_item(mini, question, QaConfig(ablation=ablation), ocr)  # type: ignore[arg-type]


def test_an_miu_request_carries_its_image_and_no_images_none(mini: Script) -> None:
    request = build_request(miu_item(mini, Ablation.NONE))
    images = [p for m in request.messages for p in m.parts if isinstance(p, ImagePart)]
    clock = mini.image_path(mini.clue("c_clock"))
    assert [img.sha256 for img in images] == [hashlib.sha256(clock.read_bytes()).hexdigest()]
    assert images[0].media_type == "image/png"
    withheld = build_request(miu_item(mini, Ablation.NO_IMAGES))
    assert not [p for m in withheld.messages for p in m.parts if isinstance(p, ImagePart)]
    assert "(image withheld)" in withheld.messages[-1].text
    assert "What time does the fallen clock show?" in withheld.messages[-1].text


def test_ocr_text_ablation_sends_what_tesseract_reads(mini: Script, tmp_path: Path) -> None:
    from multimodal.ocr import OcrReader

    question = next(q for q in mini.questions if q.suite.value == "tiu")
    from arena.coe.qa_run import make_item

    reader = OcrReader(cache_dir=tmp_path / "ocr")
    item = make_item(mini, question, QaConfig(ablation=Ablation.OCR_TEXT), reader.read_file)
    request = build_request(item)
    assert not request.messages[-1].images
    ocr_text = reader.read_file(mini.image_path(mini.clue("c_note")))
    assert ocr_text and ocr_text.strip() in request.messages[-1].text


def test_direct_and_cot_formats(mini: Script) -> None:
    item = miu_item(mini, Ablation.NONE)
    direct = build_request(item).messages[-1].text
    assert '{"answer": "<letter>"}' in direct and "Answer: <letter>" not in direct
    cot = build_request(QaItem(item.script, item.shuffled, item.context, "cot", 0)).messages[-1].text
    assert "step by step" in cot and "Answer: <letter>" in cot
    multi = next(q for q in mini.questions if q.multi)
    from arena.coe.qa_run import make_item

    assert "Exactly 2 options are correct" in build_request(make_item(mini, multi, QaConfig(), None)).messages[-1].text


async def test_a_rerun_of_the_same_configuration_does_not_double_count(mini: Script, store: Store,
                                                                       client: ModelClient) -> None:
    log: list[Request] = []
    register_responder("qa-rerun", oracle(mini, log))
    entry = Entry(name="rerun", model="mock/qa-rerun")
    config = QaConfig(seed=3)
    first = await run_qa(store, entry, ModelAnswerer(entry, client), [mini], config)
    again = await run_qa(store, entry, ModelAnswerer(entry, client), [mini], config)
    assert first.run_id == again.run_id and again.asked == 0 and again.skipped == len(mini.questions)
    assert count_rows(store) == len(mini.questions) and len(log) == len(mini.questions)


def test_run_ids_follow_the_configuration(mini: Script) -> None:
    entry = Entry(name="x", model="mock/x")
    base = run_id_for(entry, [mini], QaConfig())
    assert base == run_id_for(entry, [mini], QaConfig())
    changed = [QaConfig(seed=1), QaConfig(mode="cot"), QaConfig(ablation=Ablation.NO_IMAGES), QaConfig(limit=1),
               QaConfig(suites=suites_for("perception"))]
    ids = {run_id_for(entry, [mini], c) for c in changed}
    assert base not in ids and len(ids) == len(changed)
    assert run_id_for(Entry(name="y", model="mock/y"), [mini], QaConfig()) != base


async def test_failures_count_as_wrong_keep_their_status_and_can_be_retried(mini: Script, store: Store,
                                                                            client: ModelClient) -> None:
    state = {"down": True}

    def flaky(request: Request) -> str | Response:
        text = request.messages[-1].text
        if "Question: What time does the fallen clock show?" in text and state["down"]:
            return Response(status="timeout", error="slow")
        if "note ask" in text:
            return "It could be (A) or (B)"
        return "banana"

    register_responder("qa-flaky", flaky)
    entry = Entry(name="flaky", model="mock/qa-flaky")
    result = await run_qa(store, entry, ModelAnswerer(entry, client), [mini], QaConfig())
    rows = {r.question_id: r for r in answers(store, result.run_id)}
    assert rows["q_miu1"].status == "timeout" and not rows["q_miu1"].correct and rows["q_miu1"].predicted is None
    assert rows["q_tiu1"].status == "parse_error" and not rows["q_tiu1"].correct
    state["down"] = False
    retried = await run_qa(store, entry, ModelAnswerer(entry, client), [mini], QaConfig(), retry_failed=True)
    assert retried.asked == 1
    latest = {r.question_id: r for r in answers(store, result.run_id)}
    assert latest["q_miu1"].status == "parse_error" and len(latest) == len(mini.questions)


class Exploding:
    """Answers two questions, then fails like a missing key would."""

    def __init__(self, entry: Entry) -> None:
        self.entry, self.seen = entry, 0

    async def answer(self, item: QaItem) -> AnswerReply:
        self.seen += 1
        if self.seen == 3:
            raise ConfigError("no key")
        return AnswerReply('{"answer": "A"}')


async def test_a_killed_run_keeps_its_finished_batches_and_resumes(mini: Script, store: Store) -> None:
    entry = Entry(name="boom", model="mock/boom")
    with pytest.raises(ConfigError):
        await run_qa(store, entry, Exploding(entry), [mini], QaConfig(), batch_size=2)
    assert count_rows(store) == 3, "the first batch and the failing batch's other answer are kept"
    resumed = await run_qa(store, entry, Exploding(entry), [mini], QaConfig(), batch_size=2)
    assert resumed.skipped == 3 and resumed.asked == len(mini.questions) - 3
    assert count_rows(store) == len(mini.questions)


def test_selection_by_suite_and_limit(mini: Script) -> None:
    chosen = select_questions([mini], QaConfig(suites=suites_for("cognition")))
    assert [q.id for _, q in chosen] == ["q_mmr1", "q_mmr2"]
    assert [q.id for _, q in select_questions([mini], QaConfig(suites=suites_for("mmr"), limit=1))] == ["q_mmr1"]
    with pytest.raises(ConfigError, match="--suite"):
        suites_for("vision")
    with pytest.raises(ConfigError, match="--limit"):
        QaConfig(limit=0)
