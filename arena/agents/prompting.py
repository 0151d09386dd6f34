"""Prompt rendering for model agents: templates in `arena/agents/prompts/*.txt` filled from observations.

An agent's conversation is append-only. It opens with a stable prefix (the system prompt: rules and
how to answer; the briefing: case, role profile, private role script, goals, roles, locations and
the clues visible at the start, with their images) and then grows by one user message per decision
(new transcript lines, newly revealed clues with their images, the decision block) and one
assistant message per reply. Agents' words only ever appear as quoted, attributed transcript lines
(`Line.quoted`) or JSON-quoted strings, so nothing a player says can pose as the system or as
another speaker.

The decision block ends with a ```decision fence holding a machine-readable copy of the decision
(kind, legal targets and locations, required keys) that `mock/player` reads.
"""

from __future__ import annotations

import json
import os
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from string import Template
from typing import Any, Literal

from arena.engine.actions import DECISION_FENCE, Decision, DecisionKind
from arena.engine.observation import Observation
from arena.engine.state import quote_words
from arena.engine.views import ClueView
from arena.entries import ImageMode
from arena.errors import ImageError
from arena.providers.messages import ImagePart, TextPart
from multimodal.files import IMAGE_CAP_ENV, FileProblem, max_image_bytes, read_inside
from multimodal.images import ImageProblem, inspect_bytes
from multimodal.language import base_language, language_name
from multimodal.ocr import OcrReader

PROMPTS = Path(__file__).parent / "prompts"
Strategy = Literal["direct", "cot"]
PRIVATE_KEYS = frozenset({"reasoning", "thoughts", "thinking", "analysis", "scratchpad", "rationale"})

REQUIRED_KEYS: dict[DecisionKind, list[list[str]]] = {
    DecisionKind.INTRODUCE: [["introduction"]],
    DecisionKind.DISCUSS: [["speech", "action", "target", "question"], ["speech", "action", "location"]],
    DecisionKind.ANSWER: [["answer"]],
    DecisionKind.REASON: [["suspect", "method", "motive"]],
    DecisionKind.VOTE: [["vote"]],
}


@lru_cache(maxsize=32)
def template(name: str) -> Template:
    """The template `prompts/<name>.txt` (read once)."""
    return Template((PROMPTS / f"{name}.txt").read_text(encoding="utf-8"))


def render(template_name: str, /, **values: object) -> str:
    """Fill a template; a missing value is a KeyError naming it (a bug, not user input)."""
    return template(template_name).substitute({k: str(v) for k, v in values.items()}).strip()


def system_prompt(obs: Observation, strategy: Strategy) -> str:
    example = obs.roles[0].id if obs.roles else obs.role
    text = render("system", rules=obs.rules, example_role=example, strategy=render(f"strategy_{strategy}"))
    if base_language(obs.language) != "en":  # English cases keep their prompt (and its cache keys) as is
        text += "\n\n" + render("language", language=language_name(obs.language))
    return text


def _bullets(items: Iterable[str]) -> str:
    lines = [f"- {item}" for item in items]
    return "\n".join(lines) if lines else "- (none)"


NOT_SHOWN = {"caption": " (an image, not shown: its caption is all you get)",
             "none": " (an image, not shown)"}


def clue_line(clue: ClueView, image_number: int | None, mode: ImageMode = "native") -> str:
    """One clue as a bullet item; an image clue names the image of the message that shows it."""
    text = f": {clue.text}" if clue.text and (mode != "none" or clue.kind != "image") else ""
    shown = f" (shown as image {image_number} of this message)" if image_number is not None else ""
    if mode == "ocr" and image_number is not None:
        shown = f" (image {image_number} of this message, given as its OCR text)"
    if image_number is None and clue.image is not None:
        shown = NOT_SHOWN.get(mode, "")
    return f"{clue.id} [{clue.source}] {clue.title}{text}{shown}"


LOADED_MEMO_SIZE = 256
Signature = tuple[int, int, int, int]
_loaded: OrderedDict[tuple[str, str], tuple[Signature, ImagePart]] = OrderedDict()


def _signature(path: Path) -> Signature | None:
    """(device, inode, size, mtime) of the file `path` leads to (links followed); None when unreadable."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


def load_clue_image(folder: Path, name: str, label: str) -> ImagePart:
    """The image `name` of case folder `folder`, read under the path rule and the image cap and checked
    once per process: every agent of every game shows the same few clue images. A later call is served
    from memory only while the file the path leads to is the same one (device, inode, size, mtime), so a
    swapped file or link is read and checked again; FileProblem or ImageProblem when it is not usable."""
    slot = (str(folder), name)
    known = _loaded.get(slot)
    if known is not None and known[0] == _signature(folder / name):
        return known[1]
    before = _signature(folder / name)
    data = read_inside(folder, name, max_image_bytes(), IMAGE_CAP_ENV)
    part = ImagePart(data=data, media_type=inspect_bytes(data, label).media_type)
    if before is not None and before == _signature(folder / name):
        _loaded[slot] = (before, part)
        while len(_loaded) > LOADED_MEMO_SIZE:
            _loaded.popitem(last=False)
    return part


class ClueImages:
    """Loads each clue image once, with its media type sniffed from the bytes (never the file name).

    `mode` is the entry's image mode: `native` sends the image; `ocr` sends its OCR text (tesseract)
    instead, for text-only models; `caption` and `none` send nothing (the clue line says so)."""

    def __init__(self, mode: ImageMode = "native", ocr: OcrReader | None = None) -> None:
        self.mode = mode
        self._ocr = ocr
        self._parts: dict[Path, ImagePart | TextPart] = {}

    def part(self, obs: Observation, clue: ClueView) -> ImagePart | TextPart | None:
        path = obs.image_path(clue)
        if path is None or clue.image is None or self.mode in ("caption", "none"):
            return None
        if path not in self._parts:
            try:  # the case's path rule and image cap hold here too, not only when the case was loaded
                image = load_clue_image(Path(obs.folder or "."), clue.image, str(path))
            except (FileProblem, ImageProblem) as exc:
                raise ImageError(f"clue {clue.id} of script {obs.script_id}: cannot load image {path}: {exc}") from exc
            self._parts[path] = image if self.mode == "native" else TextPart(text=self._read(image.data))
        return self._parts[path]

    def _read(self, data: bytes) -> str:
        if self._ocr is None:
            self._ocr = OcrReader()
        text = " ".join(self._ocr.read_bytes(data).split())
        return f"[OCR text] {text}" if text else "[OCR text] (no text found in the image)"


def clue_parts(obs: Observation, clues: Sequence[ClueView],
               images: ClueImages) -> tuple[str, list[TextPart | ImagePart]]:
    """The clues as bullet text, and the labelled image parts that go with it."""
    lines: list[str] = []
    parts: list[TextPart | ImagePart] = []
    number = 0
    for clue in clues:
        image = images.part(obs, clue)
        if image is not None:
            number += 1
            parts += [TextPart(text=f"Image {number}: clue {clue.id} ({clue.title})"), image]
        lines.append(clue_line(clue, number if image is not None else None, images.mode))
    return _bullets(lines), parts


def briefing_parts(obs: Observation, images: ClueImages) -> list[TextPart | ImagePart]:
    """The first user message: everything this role knows at the start, images included."""
    clues, image_parts = clue_parts(obs, obs.clues, images)
    faction = "civilian" if obs.faction == "civilians" else "murderer"
    text = render(
        "briefing", title=obs.title, briefing=obs.briefing, victim=obs.victim, name=obs.name, role=obs.role,
        faction=obs.faction, faction_note=render(f"faction_{faction}"), profile=obs.profile, script=obs.script,
        goals=_bullets(obs.goals), roles=_bullets(f"{r.id}: {r.name}. {r.profile}" for r in obs.roles),
        locations=_bullets(f"{loc.id}: {loc.name}. {loc.description}" for loc in obs.locations), clues=clues)
    return [TextPart(text=text), *image_parts]


def update_parts(obs: Observation, new_lines: Sequence[str], new_clues: Sequence[ClueView],
                 images: ClueImages) -> list[TextPart | ImagePart]:
    """What happened since this role's last turn: quoted transcript lines, revealed clues with images."""
    parts: list[TextPart | ImagePart] = []
    if new_lines:
        parts.append(TextPart(text=render("transcript", lines="\n".join(new_lines))))
    if new_clues:
        clues, image_parts = clue_parts(obs, new_clues, images)
        parts += [TextPart(text=render("new_clues", clues=clues)), *image_parts]
    return parts


def decision_spec(obs: Observation, decision: Decision, strategy: Strategy) -> dict[str, Any]:
    """The machine-readable decision: what to do, the legal choices and the keys an answer needs."""
    keys = REQUIRED_KEYS[decision.kind]
    if decision.kind is DecisionKind.DISCUSS:
        keys = [k for k in keys if ("target" in k and decision.targets) or ("location" in k and decision.locations)]
    return {"kind": decision.kind.value, "role": decision.role, "name": obs.name, "phase": decision.phase.value,
            "round": decision.round, "targets": list(decision.targets), "locations": list(decision.locations),
            "word_limit": decision.word_limit, "asker": decision.asker, "required_keys": keys,
            "actions": [("ask" if "target" in k else "investigate") for k in keys if "action" in k],
            "strategy": strategy, **({"language": obs.language} if base_language(obs.language) != "en" else {})}


def _choices(obs: Observation, decision: Decision) -> str:
    names = {r.id: r.name for r in obs.roles}
    lines = []
    if decision.question is not None and decision.asker is not None:
        lines.append(f"The question from {names.get(decision.asker, decision.asker)} ({decision.asker}): "
                     f"{quote_words(decision.question)}")
    if decision.targets:
        lines.append("Legal role ids: " + ", ".join(f"{t} ({names.get(t, t)})" for t in decision.targets))
    if decision.locations:
        left = {loc.id: loc for loc in obs.locations}
        lines.append("Locations with clues left: " + ", ".join(
            f"{i} ({left[i].name}, {left[i].clues_left} left)" if i in left else i for i in decision.locations))
    return "\n".join(lines)


def decision_text(obs: Observation, strategy: Strategy) -> str:
    """The decision block that closes every turn message."""
    decision = obs.decision
    if decision is None:
        raise ValueError(f"{obs.role}: no pending decision to render")
    note = f"NOTE: {obs.error_note} Answer again, fixing that." if obs.error_note else ""
    spec = json.dumps(decision_spec(obs, decision, strategy), ensure_ascii=False, sort_keys=True)
    when = f"{decision.phase.value} phase" + (f", round {decision.round} of {obs.rounds}"
                                              if decision.kind in (DecisionKind.DISCUSS, DecisionKind.ANSWER) else "")
    return render("decision", when=when, name=obs.name,
                  role=obs.role, instructions=decision.instructions, details=_choices(obs, decision),
                  word_limit=decision.word_limit, error_note=note, json_shape=decision.json_shape,
                  fence=DECISION_FENCE, spec=spec)
