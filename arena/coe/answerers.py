"""Who answers the QA suites: model entries through `ModelClient`, and three keyless reference rows.

- A model entry gets one `Request` per question: the system prompt, then one user message with
  the labelled context texts, each image as an `ImagePart` (none under `no-images`), the stem, the
  shuffled options and the answer format of the mode (`direct`: a JSON answer only; `cot`: reason
  first, then a final `Answer:` line). The run's seed is the request seed, so the response cache
  makes an identical rerun free.
- `builtin/random` guesses (seeded; as many letters as the question has correct options).
- `builtin/naive` retrieves (TF-IDF + FAISS, `multimodal.retrieval`) over its context texts and
  the OCR text of its images, and picks the option whose text the best passage supports.
- `builtin/ocr`, the OCR-only baseline, sees images only through tesseract and picks the option
  whose distinctive words and numbers the OCR text and context text contain (fuzzy, for OCR
  noise). It should do well on text-rich cards and near chance on media-rich ones.

Every answerer returns raw text; parsing and grading happen once, in `qa_run`, for all of them.
A built-in with no support for any option guesses rather than abstaining, as a reference row must.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from arena.coe.context import Ablation, QAContext
from arena.coe.mcq import ShuffledQuestion, question_rng
from arena.coe.prompting import render
from arena.coe.support import option_support
from arena.errors import ConfigError, ImageError
from arena.providers.messages import ImagePart, Message, Request, TextPart
from arena.scripts.schema import Question, Script
from multimodal.images import ImageProblem, inspect_bytes, read_image_file
from multimodal.language import ocr_language
from multimodal.ocr import OcrReader, OcrUnavailable
from multimodal.retrieval import RetrievalIndex, passages_from

if TYPE_CHECKING:
    from arena.entries import Entry
    from arena.providers.client import ModelClient

Mode = Literal["direct", "cot"]
MODES: tuple[str, ...] = ("direct", "cot")
NAIVE_THRESHOLD = 0.1


@dataclass(frozen=True)
class QaItem:
    """One question as asked: shuffled options, its context (after the ablation), the mode and seed."""

    script: Script
    shuffled: ShuffledQuestion
    context: QAContext
    mode: Mode
    seed: int
    ablation: Ablation = Ablation.NONE

    @property
    def question(self) -> Question:
        return self.shuffled.question

    @property
    def n_correct(self) -> int:
        return len(self.question.answer)


@dataclass(frozen=True)
class AnswerReply:
    """The raw reply and how the call went (status as in `Response.status`)."""

    text: str
    status: str = "ok"
    latency_ms: float | None = None
    tokens: int = 0
    error: str | None = None  # a failed call's cause (the client's message, keys redacted)


class Answerer(Protocol):
    entry: Entry

    async def answer(self, item: QaItem) -> AnswerReply: ...


# --- model entries ----------------------------------------------------------------------------


def choice_rule(item: QaItem) -> str:
    """How many options to choose, as the question says it (to a model and to a person alike)."""
    k = item.n_correct
    return "Choose exactly one option." if k == 1 else f"Exactly {k} options are correct: choose all {k}."


def answer_format(item: QaItem) -> str:
    k, choose = item.n_correct, choice_rule(item)
    example = '{"answer": "<letter>"}' if k == 1 else '{"answer": [' + ", ".join(['"<letter>"'] * k) + "]}"
    final = "<letter>" if k == 1 else ", ".join(["<letter>"] * k)
    if item.mode == "cot":
        return render("qa_cot.txt", choose=choose, final_example=final)
    return render("qa_direct.txt", choose=choose, example=example)


def image_part(path: Path) -> ImagePart:
    """An image file as a message part, its media type sniffed from the bytes."""
    try:
        data = read_image_file(path)
        info = inspect_bytes(data, str(path))
    except ImageProblem as exc:
        raise ImageError(f"{path}: cannot send this image clue ({exc}); fix or replace the file") from exc
    return ImagePart(data=data, media_type=info.media_type)


def answer_schema(item: QaItem) -> dict[str, Any]:
    """The answer's JSON Schema: the option letters as an enum (an array of exactly k distinct letters for a
    question with k correct options), after a free `reasoning` string for `cot`. Servers that turn a schema
    into a grammar (llama.cpp, vLLM) then let even a small model answer only with a legal letter."""
    letters = sorted(item.shuffled.options)
    letter = {"type": "string", "enum": letters}
    k = item.n_correct
    answer = letter if k == 1 else {"type": "array", "items": letter, "minItems": k, "maxItems": k,
                                    "uniqueItems": True}
    properties: dict[str, Any] = {"reasoning": {"type": "string"}} if item.mode == "cot" else {}
    properties["answer"] = answer
    return {"type": "object", "properties": properties, "required": list(properties),
            "additionalProperties": False}


def build_request(item: QaItem) -> Request:
    """System prompt + one user message: material, images, question, options, answer format; the answer
    constrained by `answer_schema` where the entry's server takes a schema (`Entry.structured`)."""
    parts: list[TextPart | ImagePart] = []
    if item.context.texts:
        parts.append(TextPart(text="Material:\n\n" + item.context.text))
    for img in item.context.images:
        parts.append(TextPart(text=f"Image clue '{img.title}':"))
        parts.append(image_part(img.path))
    options = "\n".join(f"{letter}. {text}" for letter, text in sorted(item.shuffled.options.items()))
    question = render("qa_question.txt", stem=item.question.stem, options=options)
    parts.append(TextPart(text=f"{question}\n\n{answer_format(item)}"))
    return Request(messages=[Message.system(render("qa_system.txt")), Message.user(*parts)], seed=item.seed,
                   json_mode=True, json_schema=answer_schema(item))


def images_as(request: Request, mode: str, item: QaItem, reader: OcrReader | None = None) -> Request:
    """`request` with its images replaced as a text-only entry's `image_mode_used` says: `ocr`, their OCR text
    (in the case's language); `caption` and `none`, a note that an image was there (its label stays)."""
    if mode == "native" or not any(m.images for m in request.messages):
        return request
    lang = ocr_language(item.script.language, item.script.briefing)
    messages = []
    for message in request.messages:
        parts: list[TextPart | ImagePart] = []
        for part in message.parts:
            if not isinstance(part, ImagePart):
                parts.append(part)
            elif mode == "ocr":
                text = " ".join((reader or OcrReader()).read_bytes(part.data, lang).split())
                parts.append(TextPart(text=f"[OCR text] {text or '(no text found in the image)'}"))
            else:
                parts.append(TextPart(text="(an image, not shown)"))
        messages.append(message.model_copy(update={"parts": parts}))
    return request.model_copy(update={"messages": messages})


class ModelAnswerer:
    """Asks a model entry through the shared client (limits, retries, cache, cost live there); a text-only
    entry (`vision = false`, or an `image_mode` other than native) gets the images as `images_as` says."""

    def __init__(self, entry: Entry, client: ModelClient, no_cache: bool = False) -> None:
        self.entry, self.client, self.no_cache = entry, client, no_cache
        self._ocr: OcrReader | None = None

    async def answer(self, item: QaItem) -> AnswerReply:
        mode = self.entry.image_mode_used
        if mode == "ocr" and self._ocr is None:
            self._ocr = OcrReader()
        request = await asyncio.to_thread(images_as, build_request(item), mode, item, self._ocr)
        response = await self.client.generate(self.entry, request, no_cache=self.no_cache)
        return AnswerReply(response.text, response.status, response.latency_ms,
                           response.prompt_tokens + response.completion_tokens, response.error)


# --- reference rows ---------------------------------------------------------------------------


def reply_json(letters: list[str]) -> str:
    return json.dumps({"answer": letters[0] if len(letters) == 1 else sorted(letters)})


def pick(scores: dict[str, float], k: int, rng: random.Random) -> list[str]:
    """The k best-scored letters; ties broken by the seeded generator, so equal support is a guess."""
    jitter = {letter: rng.random() for letter in sorted(scores)}
    return sorted(scores, key=lambda letter: (-scores[letter], jitter[letter]))[:k]


class BuiltinAnswerer:
    """Shared plumbing of the keyless rows: a seeded generator per question and a timed, sync choice."""

    name = "builtin"

    def __init__(self, entry: Entry, ocr: OcrReader | None = None) -> None:
        self.entry = entry
        self.reader = ocr if ocr is not None else OcrReader()

    def rng(self, item: QaItem) -> random.Random:
        base = question_rng(item.seed, item.script.id, item.question.id)
        return random.Random(f"{self.name}:{base.random()}")

    async def answer(self, item: QaItem) -> AnswerReply:
        started = time.perf_counter()
        letters = self.choose(item)
        return AnswerReply(reply_json(letters), latency_ms=(time.perf_counter() - started) * 1000.0)

    def choose(self, item: QaItem) -> list[str]:
        raise NotImplementedError

    def evidence(self, context: QAContext, lang: str = "en") -> list[tuple[str, str]]:
        """(source, text) of the context texts and, for each image, the text tesseract reads in it
        (in the case language `lang`)."""
        found = [(label, body) for label, body in context.texts]
        ocr_lang = ocr_language(lang, " ".join(body for _, body in context.texts))
        for img in context.images:
            try:
                found.append((f"ocr:{img.clue_id}", self.reader.read_file(img.path, ocr_lang)))
            except (OSError, OcrUnavailable) as exc:
                raise ConfigError(f"{self.entry.name} reads images with tesseract: {exc}") from exc
        return found


class RandomAnswerer(BuiltinAnswerer):
    name = "random"

    def choose(self, item: QaItem) -> list[str]:
        return self.rng(item).sample(sorted(item.shuffled.options), item.n_correct)


class NaiveAnswerer(BuiltinAnswerer):
    name = "naive"

    def choose(self, item: QaItem) -> list[str]:
        evidence = self.evidence(item.context, item.script.language)
        passages = [p for source, text in evidence for p in passages_from(text, source)]
        index = RetrievalIndex(passages)
        scores = {}
        for letter, text in item.shuffled.options.items():
            hit = index.best(f"{item.question.stem} {text}")
            alone = index.best(text)
            scores[letter] = max(hit.score if hit else 0.0, alone.score if alone else 0.0)
        if max(scores.values()) < NAIVE_THRESHOLD:
            scores = dict.fromkeys(scores, 0.0)
        return pick(scores, item.n_correct, self.rng(item))


class OcrAnswerer(BuiltinAnswerer):
    name = "ocr"

    def choose(self, item: QaItem) -> list[str]:
        evidence = " \n".join(text for _, text in self.evidence(item.context, item.script.language))
        scores = option_support(item.shuffled.options, evidence)
        return pick(scores, item.n_correct, self.rng(item))


BUILTIN_ANSWERERS: dict[str, type[BuiltinAnswerer]] = {
    "builtin/random": RandomAnswerer, "builtin/naive": NaiveAnswerer, "builtin/ocr": OcrAnswerer}


def builtin_answerers() -> dict[str, type[BuiltinAnswerer]]:
    """Every keyless QA row: the reference rows above and the blind answerers (`arena.coe.blind`)."""
    from arena.coe.blind import BLIND_ANSWERERS  # it builds on this module

    return {**BUILTIN_ANSWERERS, **BLIND_ANSWERERS}


def make_answerer(entry: Entry, client: ModelClient | None = None, *, ocr: OcrReader | None = None,
                  no_cache: bool = False) -> Answerer:
    """The answerer for an entry: a reference row for built-ins, else a model behind `client`."""
    if entry.is_builtin:
        kinds = builtin_answerers()
        kind = kinds.get(entry.model)
        if kind is None:
            raise ConfigError(f"{entry.model} does not answer QA suites; built-in QA rows: {', '.join(kinds)}")
        return kind(entry, ocr)
    if client is None:
        raise ConfigError(f"entry {entry.name!r} calls a model: a ModelClient is needed to answer")
    return ModelAnswerer(entry, client, no_cache)
