"""Importer for WhodunitBench cases: one `env_p_all.json` (+ the sibling `img/` folder) per case.

Mapping (see docs/importers.md for the full table):

- `role[]` -> roles; `m == 1` marks the culprit (`murder` is the fallback when no flag is set);
  `back` is the private script, its first sentences the public profile; `task_nm` / `task_m`
  give civilian / murderer goals.
- `public_clue` -> public text clues; `key_clues_pool.p` -> public key clues (the direct clues);
  `key_clues_pool.<role>` -> that role's private key clues and key statements;
  `key_clues_pool.<k>-step` -> reasoning steps at depth k + 1 in one chain.
- `img/*` -> public image clues, format sniffed from the bytes (JPEG data in `.png` files is
  written out as `.jpg`); kinds per `image_kinds`.
- questions per `whodunitbench_qa`; `key_role` -> key roles; `reason` -> truth motive/summary.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from arena.errors import DatasetError
from arena.importers.case import LICENCE_NOTE, ImportedCase, Skipped, with_report
from arena.importers.image_kinds import assign_kinds, paper_share
from arena.importers.source import source_bytes, source_text
from arena.importers.text import RoleNames, detect_language, first_sentences, numbered_items, slugify, unique_ids
from arena.importers.whodunitbench_qa import PoolIndex, image_questions, lsu_questions, mmr_questions
from arena.scripts.schema import (
    Clue,
    ImageKind,
    ImageRef,
    KeyStatement,
    Question,
    ReasoningChain,
    ReasoningStep,
    Role,
    Script,
    Suite,
    Truth,
    TruthOrigin,
    Visibility,
)
from multimodal.images import ImageProblem, inspect_bytes

DATASET = "WhodunitBench"
UPSTREAM = "jun0wanan/WhodunitBench-Murder_Mystery_Games"
CASE_FILE = "env_p_all.json"
IMAGE_EXT = {"jpeg": "jpg", "png": "png", "gif": "gif", "webp": "webp", "bmp": "bmp"}
STEP_KEY = re.compile(r"^(\d+)\s*-?\s*step$")
VICTIM = re.compile(r"死者(?:是|为)\s*([^\s，。,.；;：:、！!？?]{1,12})")
NOT_NAME = set("的是了在有和与被把时死后前这那他她我你们其并因为所也就都而")


def discover(root: Path) -> list[Path]:
    """Every folder below `root` (or `root` itself) holding an `env_p_all.json`, sorted."""
    return sorted({p.parent for p in root.rglob(CASE_FILE) if p.is_file()})


def read_case(folder: Path) -> dict[str, Any]:
    file = folder / CASE_FILE
    try:
        data = json.loads(source_text(folder, file))
    except json.JSONDecodeError as exc:
        raise DatasetError(f"{file}: cannot read ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("role"), list) or len(data["role"]) < 2:
        raise DatasetError(f"{file}: expected an object with a `role` list of two or more roles")
    for i, role in enumerate(data["role"]):
        if not isinstance(role, dict) or not str(role.get("name") or "").strip():
            raise DatasetError(f"{file}: role[{i}] has no name")
    return data


def lang_text(lang: str, zh: str, en: str) -> str:
    return zh if lang == "zh" else en


def find_victim(data: dict[str, Any], role_names: list[str]) -> str | None:
    """`死者是X` in the task text, else the name that most often follows `死者` across the case."""
    match = VICTIM.search(str(data.get("task_nm") or ""))
    if match:
        return match.group(1)
    text = json.dumps(data, ensure_ascii=False)
    follow = Counter(m for m in re.findall(r"死者([\u4e00-\u9fff•·]{2})", text) if not set(m) & NOT_NAME)
    if not follow:
        return None
    two, seen = follow.most_common(1)[0]
    if seen < 2 or any(two in name for name in role_names):
        return None
    name = two
    for _ in (3, 4):  # extend while the longer form is (almost) always how the name appears
        longer = Counter(m for m in re.findall(re.escape(name) + r"[\u4e00-\u9fff]", text))
        if not longer:
            break
        best, count = longer.most_common(1)[0]
        if count < 0.8 * text.count(name) or set(best[-1]) & NOT_NAME:
            break
        name = best
    return name


def build_roles(data: dict[str, Any], lang: str, notes: list[str]) -> tuple[list[Role], RoleNames]:
    raw_roles = data["role"]
    names = [str(r["name"]).strip() for r in raw_roles]
    ids = unique_ids(names)
    role_names = RoleNames.build(names, ids)
    flagged = {ids[i] for i, r in enumerate(raw_roles) if str(r.get("m", 0)).strip() in ("1", "True", "true")}
    named = role_names.resolve(str(data.get("murder") or "")) if data.get("murder") else None
    if not flagged and named:
        flagged = {named}
        notes.append("no role has m = 1; the culprit comes from the `murder` field")
    if not flagged:
        raise DatasetError("no culprit: no role has m = 1 and `murder` names no role")
    if named and named not in flagged:
        notes.append(f"`murder` names {data['murder']!r} but m = 1 marks {sorted(flagged)}; the m flags are used")
    civil_goals = [g for g in numbered_items(str(data.get("task_nm") or "")) if not g.startswith("死者")]
    culprit_goals = numbered_items(str(data.get("task_m") or ""))
    roles = []
    for raw, name, rid in zip(raw_roles, names, ids, strict=True):
        back = str(raw.get("back") or "").strip()
        parts = [back]
        if raw.get("self"):
            parts.append(lang_text(lang, "【自我介绍】\n", "## Self-introduction\n") + str(raw["self"]).strip())
        if raw.get("answer"):
            parts.append(lang_text(lang, "【被问到时的回答】\n", "## Prepared answer\n") + str(raw["answer"]).strip())
        script = "\n\n".join(p for p in parts if p)
        # `self` is the self-introduction meant for the other players; `back` is private.
        profile = first_sentences(str(raw.get("self") or "").strip() or back or name)
        culprit = rid in flagged
        roles.append(Role(id=rid, name=name, profile=profile, script=script, culprit=culprit,
                          goals=culprit_goals if culprit else civil_goals))
    return roles, role_names


def pool_levels(pool: dict[str, Any]) -> dict[int, list[str]]:
    levels: dict[int, list[str]] = {}
    for key, items in pool.items():
        match = STEP_KEY.match(str(key).strip())
        if match:
            levels[int(match.group(1))] = [str(t).strip() for t in items or [] if str(t).strip()]
    return levels


def build_clues(data: dict[str, Any], names: RoleNames, lang: str,
                skipped: list[Skipped]) -> tuple[list[Clue], list[KeyStatement], PoolIndex, list[ReasoningChain]]:
    pool = data.get("key_clues_pool") or {}
    clues = [Clue(id=f"c_pub_{i}", kind="text", title=lang_text(lang, f"公开线索 {i}", f"Public clue {i}"), text=t,
                  visibility=Visibility.PUBLIC)
             for i, t in enumerate(numbered_items(str(data.get("public_clue") or "")), start=1)]
    public = []
    for i, text in enumerate((str(t).strip() for t in pool.get("p") or []), start=1):
        if text:
            clues.append(Clue(id=f"c_p_{i}", kind="text", title=lang_text(lang, f"关键线索 {i}", f"Key clue {i}"),
                              text=text, visibility=Visibility.PUBLIC, key=True))
            public.append(f"c_p_{i}")
    private: dict[str, list[str]] = {}
    statements: list[KeyStatement] = []
    for key, items in pool.items():
        if key == "p" or STEP_KEY.match(str(key).strip()):
            continue
        rid = names.resolve(str(key))
        if rid is None:
            skipped.append(Skipped(f"key_clues_pool[{key!r}]", "pool key names no role",
                                   json.dumps(items, ensure_ascii=False)))
            continue
        name = next(n for n, i in names.ids_by_name.items() if i == rid)
        for i, text in enumerate((str(t).strip() for t in items or []), start=1):
            if not text:
                continue
            title = lang_text(lang, f"{key}的线索 {i}", f"Clue of {name} {i}")
            clues.append(Clue(id=f"c_{rid}_{i}", kind="text", title=title, text=text,
                              visibility=Visibility.PRIVATE, holder=rid, key=True))
            statements.append(KeyStatement(id=f"ks_{rid}_{i}", text=text, holders=[rid]))
            private.setdefault(rid, []).append(f"c_{rid}_{i}")
    levels = pool_levels(pool)
    chains, step_ids = build_chain(levels, public + [c for ids in private.values() for c in ids] or list(names.pinyin))
    return clues, statements, PoolIndex(names, public, private, step_ids), chains


def build_chain(levels: dict[int, list[str]], base: list[str]) -> tuple[list[ReasoningChain], dict[int, list[str]]]:
    """One chain: level-k steps (depth k + 1) rest on every step of the level below, level 1 on the clues."""
    steps: list[ReasoningStep] = []
    step_ids: dict[int, list[str]] = {}
    below = base
    for level in sorted(k for k, texts in levels.items() if texts):
        ids = [f"s{level}_{i}" for i in range(1, len(levels[level]) + 1)]
        steps += [ReasoningStep(id=sid, text=text, depth=level + 1, rests_on=below)
                  for sid, text in zip(ids, levels[level], strict=True)]
        step_ids[level] = ids
        below = ids
    if not steps:
        return [], step_ids
    return [ReasoningChain(id="chain_main", conclusion=steps[-1].text, steps=steps)], step_ids


def natural_key(path: Path) -> tuple[Any, ...]:
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", path.name))


def read_images(folder: Path, skipped: list[Skipped]) -> list[tuple[str, bytes, str]]:
    """(clue id, bytes, format) for every readable image in `folder/img`, in natural file order."""
    img_dir = folder / "img"
    if not img_dir.is_dir():
        skipped.append(Skipped("img/", "no img/ folder beside env_p_all.json: the case has no image clues"))
        return []
    images = []
    ids = unique_ids([p.stem for p in sorted(img_dir.iterdir(), key=natural_key) if p.is_file()], prefix="img_")
    files = [p for p in sorted(img_dir.iterdir(), key=natural_key) if p.is_file()]
    for path, cid in zip(files, ids, strict=True):
        try:
            blob = source_bytes(folder, path, image=True)
            info = inspect_bytes(blob, f"img/{path.name}")
        except (DatasetError, ImageProblem) as exc:
            skipped.append(Skipped(f"img/{path.name}", str(exc)))
            continue
        images.append((cid, blob, info.format))
    return images


def image_clues(images: list[tuple[str, bytes, str]], data: dict[str, Any], lang: str,
                meta: dict[str, Any]) -> tuple[list[Clue], dict[str, bytes]]:
    text_q = len((data.get("ei_q") or {}).get("key_q") or [])
    media_q = len((data.get("cxi_q") or {}).get("key_q") or [])
    scores = [paper_share(blob) for _, blob, _ in images]
    kinds = assign_kinds(scores, text_q, media_q)
    clues, files = [], {}
    for (cid, blob, fmt), kind, score in zip(images, kinds, scores, strict=True):
        name = f"images/{cid.removeprefix('img_')}.{IMAGE_EXT[fmt]}"
        files[name] = blob
        clues.append(Clue(id=cid, kind="image", title=lang_text(lang, f"图片线索 {cid.removeprefix('img_')}",
                                                              f"Image clue {cid.removeprefix('img_')}"),
                          visibility=Visibility.PUBLIC, key=True,
                          image=ImageRef(file=name, kind=kind, alt=f"WhodunitBench clue image ({fmt.upper()})")))
        meta[cid] = {"file": name, "format": fmt, "paper_share": score, "kind": kind.value}
    return clues, files


def build_truth(data: dict[str, Any], culprits: list[str], chains: list[ReasoningChain], lang: str,
                synthesized: list[str]) -> Truth:
    """Method and motive marked by origin: `derived` from other source fields, `missing` (empty) when the
    source has nothing to build them from, never a placeholder text that CMD would score against."""
    reason = str(data.get("reason") or "").strip()
    method_from: TruthOrigin
    if chains:
        method, method_from = chains[0].conclusion, "derived"
        synthesized.append("truth.method: the last step of the reasoning chain (the source has no method field)")
    elif reason:
        method, method_from = reason, "derived"
        synthesized.append("truth.method: the `reason` text (the source has no method field)")
    else:
        method, method_from = "", "missing"
        synthesized.append("truth.method: missing, the source has neither a reasoning chain nor a `reason` text")
    if not reason:
        synthesized.append("truth.motive: missing, the source has no `reason` text")
    return Truth(culprits=culprits, method=method, motive=reason, summary=reason, method_from=method_from,
                 motive_from="source" if reason else "missing")


def case_questions(data: dict[str, Any], roles: list[Role], pools: PoolIndex,
                   img_clues: list[Clue]) -> tuple[list[Question], list[Skipped]]:
    image_ids = [c.id for c in img_clues]
    kinds = {c.image.kind for c in img_clues if c.image}
    questions, skipped = lsu_questions(data["role"], [r.id for r in roles])
    for block, suite, kind in (("ei_q", Suite.TIU, ImageKind.TEXT_RICH), ("cxi_q", Suite.MIU, ImageKind.MEDIA_RICH)):
        found, more = image_questions(data.get(block), block, suite, image_ids, kind in kinds)
        questions += found
        skipped += more
    found, more = mmr_questions(list(data.get("key_clues_questions") or []), pools)
    return questions + found, skipped + more


def key_roles_of(data: dict[str, Any], names: RoleNames, skipped: list[Skipped]) -> list[str]:
    key_roles: list[str] = []
    for name in data.get("key_role") or []:
        rid = names.resolve(str(name))
        if rid is None:
            skipped.append(Skipped("key_role", "names no role", str(name)))
        elif rid not in key_roles:
            key_roles.append(rid)
    return key_roles


def case_metadata(data: dict[str, Any], rel: str, synthesized: list[str], notes: list[str], images: int,
                  images_meta: dict[str, Any]) -> dict[str, Any]:
    return {
        "importer": "arena.importers.whodunitbench",
        "source": {"dataset": DATASET, "repository": UPSTREAM, "path": rel, "files": [CASE_FILE, "img/"]},
        "licence": LICENCE_NOTE,
        "synthesized": synthesized,
        "image_evidence": (f"no question names its image: every TIU/MIU question cites all {images} "
                           "image clues of the case"),
        "image_kinds": {"rule": "paper-pixel share ranking split in the ei_q:cxi_q proportion (docs/importers.md)",
                        "images": images_meta},
        "mmr_depth": "source `p` or a role pool = depth 1; `-k` = depth k + 1; `-n` = deepest pool level + 1",
        "unmapped_fields": sorted(set(data) & {"role-q", "key_clue_q"}),
        "notes": notes,
    }


def import_case(folder: Path, root: Path) -> ImportedCase:
    """Import one WhodunitBench case folder; `root` is the folder given on the command line."""
    data = read_case(folder)
    lang = detect_language(json.dumps(data, ensure_ascii=False))
    skipped: list[Skipped] = []
    notes: list[str] = []
    synthesized = ["roles[].profile: first sentence(s) of the role's `self` introduction, else of `back`",
                   "briefing: victim and role names", "clue titles and role script section headings"]
    roles, names = build_roles(data, lang, notes)
    clues, statements, pools, chains = build_clues(data, names, lang, skipped)
    images_meta: dict[str, Any] = {}
    img_clues, files = image_clues(read_images(folder, skipped), data, lang, images_meta)
    questions, more = case_questions(data, roles, pools, img_clues)
    skipped += more
    key_roles = key_roles_of(data, names, skipped)
    victim = find_victim(data, [r.name for r in roles])
    if victim is None:
        victim = lang_text(lang, "死者（原始数据未写明姓名）", "the victim (not named in the source data)")
        synthesized.append("victim: not named in the source data")
    culprits = [r.id for r in roles if r.culprit]
    title = str(data.get("ju_name") or folder.name)
    briefing = lang_text(lang, f"本案死者是{victim}。在场的人有：{'、'.join(r.name for r in roles)}。",
                         f"{victim} is dead. Present: {', '.join(r.name for r in roles)}.")
    truth = build_truth(data, culprits, chains, lang, synthesized)
    rel = folder.relative_to(root).as_posix() if folder != root else folder.name
    metadata = case_metadata(data, rel, synthesized, notes, len(img_clues), images_meta)
    script = Script(id=slugify(f"wb-{title}", "-"), title=title, language=lang, briefing=briefing, victim=victim,
                    culprits=culprits, roles=roles, clues=clues + img_clues, key_statements=statements,
                    key_roles=key_roles, reasoning_chains=chains, questions=questions, metadata=metadata, truth=truth)
    return ImportedCase(script.id, with_report(script, skipped), files, tuple(skipped))
