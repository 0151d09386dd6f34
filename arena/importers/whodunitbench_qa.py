"""WhodunitBench questions: per-role long-script MCQ (LSU), image MCQ (TIU, MIU), reasoning MCQ (MMR).

Sources in `env_p_all.json`:

- `role[i].r_q` (`{q, ans}` objects, some of them Python-repr strings) or `role[i].q` + `.a` -> LSU
  about that role; evidence = the role.
- `ei_q` -> TIU, `cxi_q` -> MIU (`key_q` numbered stems + `key_ans`). No question names its image,
  so each cites every image clue of the case (the validator needs one of the suite's kind).
- `key_clues_questions` (`{q, ans, source}`) -> MMR. `source` says where the answer comes from:
  `p` = the direct clue pool, a role name or shorthand (`g` = 鬼学姐, `何塞` = 唐·何塞) = that
  role's private pool, `X+Y` = several pools, `all` = every pool, and a suffix `-k` = k inference
  steps beyond those clues (`-n` = the last step of the chain). Depth = k + 1, because depth 1
  means "read off a clue" in this format. Evidence = the clues of the named pools, the named
  roles, and the reasoning steps at level k.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from arena.importers.case import Skipped
from arena.importers.options import OptionsError, parse_answer, split_options, strip_numbering
from arena.importers.text import RoleNames
from arena.scripts.schema import Question, Suite

SOURCE = re.compile(r"^(?P<head>.+?)(?:\s*-\s*(?P<level>\d+|n))?$")


@dataclass(frozen=True)
class PoolIndex:
    """Clue and step ids of a case, for mapping a `source` tag to depth and evidence."""

    names: RoleNames
    public: list[str]  # clue ids of the direct pool `p`
    private: dict[str, list[str]]  # role id -> clue ids of its pool
    steps: dict[int, list[str]]  # inference level k (1, 2...) -> step ids

    @property
    def max_level(self) -> int:
        return max(self.steps, default=0)


def as_item(raw: Any) -> dict[str, Any]:
    """A question item as a mapping; Python-repr strings are read with ast.literal_eval, never eval."""
    if isinstance(raw, dict):
        return raw
    if isinstance(raw, str):
        text = raw.strip()
        for parse in (json.loads, ast.literal_eval):
            try:
                value = parse(text)
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                continue
            if isinstance(value, dict):
                return value
    raise OptionsError(f"item is neither an object nor a readable Python/JSON mapping: {str(raw)[:80]!r}")


def pick(item: dict[str, Any], *keys: str) -> Any:
    for key in keys:
        if key in item:
            return item[key]
    raise OptionsError(f"item has no {' / '.join(keys)} field (has {', '.join(map(str, item)) or 'none'})")


def make_question(qid: str, suite: Suite, text: Any, answer: Any, item: str, number: int | None = None,
                  **fields: Any) -> Question | Skipped:
    """One MCQ from a stem with embedded options, or a Skipped entry saying why it cannot be read."""
    source = str(text if text is not None else "")
    try:
        if not isinstance(text, str) or not text.strip():
            raise OptionsError("empty question text")
        split = split_options(strip_numbering(text, number))
        return Question(id=qid, suite=suite, stem=split.stem, options=split.options,
                        answer=parse_answer(answer, split.options), source_text=source, **fields)
    except OptionsError as exc:
        return Skipped(item, str(exc), source)
    except ValidationError as exc:
        return Skipped(item, "; ".join(e["msg"] for e in exc.errors()), source)


def collect(result: Question | Skipped, questions: list[Question], skipped: list[Skipped]) -> None:
    if isinstance(result, Question):
        questions.append(result)
    else:
        skipped.append(result)


def lsu_items(role: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """(item ref, stem, answer) for one role: `r_q` when present, else `q` with `a`."""
    items: list[tuple[str, Any, Any]] = []
    r_q = role.get("r_q") or []
    if r_q:
        for j, raw in enumerate(r_q):
            try:
                mapping = as_item(raw)
                items.append((f"r_q[{j}]", pick(mapping, "q", "question"), pick(mapping, "ans", "a", "answer")))
            except OptionsError as exc:
                items.append((f"r_q[{j}]", None, str(exc)))
        return items
    stems, answers = list(role.get("q") or []), list(role.get("a") or [])
    for j, stem in enumerate(stems):
        items.append((f"q[{j}]", stem, answers[j] if j < len(answers) else None))
    return items


def lsu_questions(roles: list[dict[str, Any]], role_ids: list[str]) -> tuple[list[Question], list[Skipped]]:
    questions: list[Question] = []
    skipped: list[Skipped] = []
    for i, (role, rid) in enumerate(zip(roles, role_ids, strict=True)):
        for n, (ref, stem, answer) in enumerate(lsu_items(role), start=1):
            item = f"role[{i}].{ref}"
            if stem is None:
                skipped.append(Skipped(item, str(answer)))
                continue
            result = make_question(f"lsu_{rid}_{n}", Suite.LSU, stem, answer, item, role=rid, evidence=[rid])
            collect(result, questions, skipped)
    return questions, skipped


def image_questions(block: Any, name: str, suite: Suite, image_ids: list[str],
                    has_kind: bool) -> tuple[list[Question], list[Skipped]]:
    """TIU or MIU questions from an `ei_q` / `cxi_q` block; each cites every image clue."""
    if not isinstance(block, dict):
        return [], []
    stems, answers = list(block.get("key_q") or []), list(block.get("key_ans") or [])
    questions: list[Question] = []
    skipped: list[Skipped] = []
    for j, stem in enumerate(stems):
        item = f"{name}.key_q[{j}]"
        if not has_kind:
            kind = "text_rich" if suite is Suite.TIU else "media_rich"
            reason = (f"no image evidence: the case has no {kind} image clue"
                      if image_ids else "no image evidence: the case has no images (no img/ folder or none readable)")
            skipped.append(Skipped(item, reason, str(stem)))
            continue
        answer = answers[j] if j < len(answers) else None
        result = make_question(f"{suite.value}_{j + 1}", suite, stem, answer, item, number=j + 1,
                               evidence=list(image_ids))
        collect(result, questions, skipped)
    return questions, skipped


def dedupe(ids: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(ids))


def source_evidence(source: Any, pools: PoolIndex) -> tuple[int, list[str]]:
    """(depth, evidence ids) for a `source` tag; raise OptionsError when it cannot be mapped."""
    match = SOURCE.match(str(source or "").strip())
    if not match:
        raise OptionsError(f"empty source tag {source!r}")
    level_text = match.group("level")
    if level_text == "n":
        if not pools.max_level:
            raise OptionsError(f"source {source!r} asks for the last inference step, but the pool has no k-step levels")
        level = pools.max_level
    else:
        level = int(level_text or 0)
    evidence: list[str] = []
    for token in (t.strip() for t in re.split(r"[+＋]", match.group("head"))):
        if token.lower() == "p":
            evidence += pools.public
        elif token.lower() == "all":
            evidence += pools.public + [c for ids in pools.private.values() for c in ids]
        else:
            role = pools.names.resolve(token, prefer=pools.private)
            if role is None:
                raise OptionsError(f"source {source!r}: {token!r} names no role (or more than one)")
            evidence += pools.private.get(role, []) + [role]
    evidence += pools.steps.get(level, []) if level else []
    if not evidence:
        raise OptionsError(f"source {source!r} points at an empty clue pool")
    return level + 1, dedupe(evidence)


def mmr_questions(items: list[Any], pools: PoolIndex) -> tuple[list[Question], list[Skipped]]:
    questions: list[Question] = []
    skipped: list[Skipped] = []
    for j, raw in enumerate(items):
        ref = f"key_clues_questions[{j}]"
        try:
            mapping = as_item(raw)
            depth, evidence = source_evidence(mapping.get("source"), pools)
            stem, answer = pick(mapping, "q", "question"), pick(mapping, "ans", "a", "answer")
        except OptionsError as exc:
            skipped.append(Skipped(ref, str(exc), str(raw if not isinstance(raw, dict) else raw.get("q", ""))))
            continue
        result = make_question(f"mmr_{j + 1}", Suite.MMR, stem, answer, ref, depth=depth, evidence=evidence)
        collect(result, questions, skipped)
    return questions, skipped
