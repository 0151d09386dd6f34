"""What each question is sent with: exactly the context it needs, and nothing that gives it away.

- LSU: the script of the role the question is about.
- TIU / MIU: the image clues the question cites (with their titles).
- MMR: the clues, images and role scripts along its reasoning chain: cited reasoning steps are
  followed down to the clues and roles they rest on; the steps' own texts (the conclusions the
  question asks for) are never sent.

Ablations: `no-images` drops every image (titles stay); `ocr-text` replaces each image by the
text tesseract reads from it, which is how the OCR-only baseline sees the world.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from arena.scripts.schema import Question, Script, Suite


class Ablation(StrEnum):
    NONE = "none"
    NO_IMAGES = "no-images"
    OCR_TEXT = "ocr-text"


@dataclass(frozen=True)
class ContextImage:
    clue_id: str
    title: str
    path: Path


@dataclass(frozen=True)
class QAContext:
    """Labelled text passages and images to show with one question."""

    texts: list[tuple[str, str]] = field(default_factory=list)
    images: list[ContextImage] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n\n".join(f"## {label}\n{body}" for label, body in self.texts)


def chain_ids(script: Script, ids: list[str]) -> list[str]:
    """Every id reached from `ids`, following reasoning steps down (steps included); order of first reach."""
    steps = script.steps()
    seen: list[str] = []
    stack = list(reversed(ids))
    visited: set[str] = set()
    while stack:
        ident = stack.pop()
        if ident in visited:
            continue
        visited.add(ident)
        seen.append(ident)
        if ident in steps:
            stack.extend(reversed(steps[ident].rests_on))
    return seen


def leaf_ids(script: Script, ids: list[str]) -> list[str]:
    """Clue and role ids reached from `ids`, following reasoning steps down; order of first reach."""
    steps = script.steps()
    return [i for i in chain_ids(script, ids) if i not in steps]


def evidence_context(script: Script, ids: list[str]) -> QAContext:
    texts: list[tuple[str, str]] = []
    images: list[ContextImage] = []
    roles = set(script.role_ids)
    clues = {c.id: c for c in script.clues}
    for ident in ids:
        if ident in roles:
            role = script.role(ident)
            texts.append((f"Role script of {role.name}", role.script))
        elif ident in clues:
            clue = clues[ident]
            if clue.image is not None:
                images.append(ContextImage(clue.id, clue.title, script.image_path(clue)))
                if clue.text:
                    texts.append((f"Caption of image clue '{clue.title}'", clue.text))
            else:
                texts.append((f"Clue '{clue.title}'", clue.text))
    return QAContext(texts, images)


def question_context(script: Script, question: Question) -> QAContext:
    """The context a question is sent with, before any ablation."""
    if question.suite is Suite.LSU and question.role is not None:
        return evidence_context(script, [question.role])
    if question.suite in (Suite.TIU, Suite.MIU):
        cited = [i for i in question.evidence if i in {c.id for c in script.image_clues}]
        return evidence_context(script, cited)
    return evidence_context(script, leaf_ids(script, question.evidence))


def apply_ablation(context: QAContext, ablation: Ablation, ocr: Callable[[Path], str] | None = None) -> QAContext:
    """Drop images, or replace them by their OCR text (`ocr` reads one image file)."""
    if ablation is Ablation.NONE or not context.images:
        return context
    if ablation is Ablation.NO_IMAGES:
        notes = [(f"Image clue '{img.title}'", "(image withheld)") for img in context.images]
        return QAContext(context.texts + notes, [])
    if ocr is None:
        raise ValueError("the ocr-text ablation needs an OCR function")
    read = [(f"OCR text of image clue '{img.title}'", ocr(img.path).strip() or "(no text found)")
            for img in context.images]
    return QAContext(context.texts + read, [])
