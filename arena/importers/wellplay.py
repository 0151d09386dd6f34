"""Importer for WellPlay, the PLAYER* dataset: `json/<role>.json` + `final_result/<role>.csv` per case.

- `json/script_info.json` lists the characters; `json/<name>.json` holds `script` (acts),
  `acts_goal`, `is_murderer`, `victims`, `kill_by_me`. Every role with `is_murderer == 1` is a
  culprit, so several culprits are supported.
- `final_result/<name>.csv` (and `relation_<name>.csv`) are the questions put to that role after
  the game: `value` a/b/c = who killed / reasoning / relations, worth 10/5/2 points (kept in
  `Question.weight`), `type` a = single answer, b = multi-select, `truth` the key.
  Value `c` (relations) -> LSU about the asked role; `a`/`b` -> MMR, depth 1 (the source has no
  depth). Evidence = the asked role. Files not named after a role (`GM.csv`) are questions for
  someone who sees every script: all MMR, evidence = every role. Rows that repeat another file's
  row (`FSA.csv` is all role files concatenated) are skipped as duplicates, with the reason.
- Victims are kept apart: with two or more victims the case lists `victims[]`, each with the
  roles whose `kill_by_me` flag is set for it (format 2: one vote per victim). Each question keeps
  its WellPlay category (`who_killed` / `reasoning` / `relations`) for the post-game probes.
- A multi-select row is graded as an exact set here; its key must list every correct option, so a
  one-letter key on a "select the two..." row is reported and skipped (PLAYER's own grader
  counts any answer containing that letter as right, which credits picking every option).
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from arena.errors import DatasetError
from arena.importers.case import LICENCE_NOTE, ImportedCase, Skipped, with_report
from arena.importers.options import OptionsError, parse_answer
from arena.importers.source import source_bytes, source_text
from arena.importers.text import RoleNames, detect_language, first_sentences, normalize_name, slugify, unique_ids
from arena.scripts.format2 import weighted_score
from arena.scripts.schema import Question, QuestionCategory, Role, Script, Suite, Truth, Victim

__all__ = ["import_case", "discover", "weighted_score"]

DATASET = "WellPlay (PLAYER*)"
UPSTREAM = "alickzhu/PLAYER"
WEIGHTS = {"a": 10.0, "b": 5.0, "c": 2.0}
CATEGORIES = {"a": QuestionCategory.WHO_KILLED, "b": QuestionCategory.REASONING, "c": QuestionCategory.RELATIONS}
OPTION_COLUMNS = ("a", "b", "c", "d", "e")
HOW = re.compile(r"how did .* die|how was .* killed|怎么死|如何死|死因", re.I)
MOTIVE = re.compile(r"motive|动机", re.I)


def discover(root: Path) -> list[Path]:
    """Every case folder below `root` (or `root` itself): the parent of a `json/` folder of roles."""
    found = set()
    for file in root.rglob("*.json"):
        if file.parent.name == "json" and (file.name == "script_info.json" or "is_murderer" in read_head(file, root)):
            found.add(file.parent.parent)
    return sorted(found)


def read_head(file: Path, base: Path) -> str:
    try:
        return source_bytes(base, file)[:4096].decode("utf-8", errors="replace")
    except DatasetError:
        return ""


def read_json(file: Path, base: Path) -> Any:
    """A JSON file that must lie under `base` (the case folder)."""
    try:
        return json.loads(source_text(base, file, "utf-8-sig"))
    except json.JSONDecodeError as exc:
        raise DatasetError(f"{file}: cannot read ({exc})") from exc


def role_files(folder: Path) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    """(script_info, [(name, role json)]) in the character order of script_info."""
    json_dir = folder / "json"
    info_file = json_dir / "script_info.json"
    info = read_json(info_file, folder) if info_file.is_file() else {}
    files = {normalize_name(p.stem): p for p in json_dir.glob("*.json") if p.name != "script_info.json"}
    names = [str(n) for n in info.get("character_name") or []] or sorted(p.stem for p in files.values())
    roles = []
    for name in names:
        file = files.get(normalize_name(name))
        if file is None:
            raise DatasetError(f"{json_dir}: no role file for character {name!r}")
        data = read_json(file, folder)
        if not isinstance(data, dict):
            raise DatasetError(f"{file}: expected a role object")
        roles.append((name, data))
    if len(roles) < 2:
        raise DatasetError(f"{json_dir}: a case needs two or more role files")
    return info, roles


def clean_goal_text(text: str) -> list[str]:
    """Goal sentences: literal `\\N` breaks and inline `2. ` numbering split, numbers dropped."""
    flat = str(text).replace("\\N", "\n").replace("\\n", "\n")
    items = re.split(r"\n|\s(?=\d+\s*[.．、]\s)", flat)
    return [g for g in (re.sub(r"^\s*\d+\s*[.．、]\s*", "", item).strip() for item in items) if g]


def build_role(name: str, rid: str, data: dict[str, Any], lang: str) -> Role:
    acts = data.get("script") or []
    acts = [str(a) for a in (acts if isinstance(acts, list) else [acts]) if str(a).strip()]
    script = "\n\n".join(a.strip() for a in acts)
    for key, heading in (("acts_performance", "Performance"), ("secrets", "Secrets")):
        value = data.get(key)
        text = "\n".join(map(str, value)) if isinstance(value, list) else str(value or "")
        if text.strip():
            script += f"\n\n## {heading}\n{text.strip()}"
    goals = [g for a in data.get("acts_goal") or [] for g in clean_goal_text(a)]
    if str(data.get("final_goal") or "").strip():
        goals += clean_goal_text(data["final_goal"])
    culprit = str(data.get("is_murderer", 0)).strip() in ("1", "True", "true")
    return Role(id=rid, name=name, profile=first_sentences(acts[0] if acts else name), script=script or name,
                goals=goals, culprit=culprit)


def csv_rows(file: Path, base: Path, skipped: list[Skipped]) -> list[dict[str, str]]:
    try:
        rows = list(csv.DictReader(io.StringIO(source_text(base, file, "utf-8-sig"), newline="")))
    except (DatasetError, csv.Error) as exc:
        skipped.append(Skipped(f"final_result/{file.name}", f"cannot read ({exc})"))
        return []
    needed = {"value", "type", "question", "a", "b", "truth"}
    if rows and not needed <= set(rows[0]):
        skipped.append(Skipped(f"final_result/{file.name}", f"missing columns {sorted(needed - set(rows[0]))}"))
        return []
    return rows


def row_options(row: dict[str, str]) -> dict[str, str]:
    values = [str(row.get(c) or "").strip() for c in OPTION_COLUMNS]
    count = next((i for i, v in enumerate(values) if not v), len(values))
    if any(values[count:]):
        raise OptionsError("options are not contiguous (an empty option column before a filled one: shifted columns?)")
    return {chr(ord("A") + i): v for i, v in enumerate(values[:count])}


def row_question(qid: str, row: dict[str, str], tester: str | None, all_roles: list[str]) -> Question:
    """One question from a CSV row; raise OptionsError saying why the row cannot be imported."""
    value, kind = str(row.get("value") or "").strip().lower(), str(row.get("type") or "").strip().lower()
    if value not in WEIGHTS:
        raise OptionsError(f"unknown value {value!r} (expected a, b or c)")
    if kind not in ("a", "b"):
        raise OptionsError(f"unknown type {kind!r} (expected a = single answer, b = multi-select)")
    options = row_options(row)
    if len(options) < 2:
        raise OptionsError("fewer than two options")
    answer = parse_answer(row.get("truth"), options)
    if kind == "a" and len(answer) > 1:
        raise OptionsError(f"single-answer row with a multi-letter key {row.get('truth')!r}")
    if kind == "b" and len(answer) < 2:
        raise OptionsError(f"multi-select row with a one-letter key {row.get('truth')!r}: exact-set grading needs "
                           "every correct option (PLAYER's grader credits any answer containing the letter)")
    lsu = value == "c" and tester is not None
    fields: dict[str, Any] = {"role": tester} if lsu else {"depth": 1}
    try:
        return Question(id=qid, suite=Suite.LSU if lsu else Suite.MMR, stem=str(row["question"]).strip(),
                        options=options, answer=answer, weight=WEIGHTS[value], category=CATEGORIES[value],
                        evidence=[tester] if tester else list(all_roles),
                        source_text=json.dumps(row, ensure_ascii=False), **fields)
    except ValidationError as exc:
        raise OptionsError("; ".join(e["msg"] for e in exc.errors())) from exc


def tester_of(file: Path, names: RoleNames) -> str | None:
    stem = file.stem.removeprefix("relation_")
    return names.exact(stem)


def row_key(row: dict[str, str]) -> tuple[str, ...]:
    return tuple(str(row.get(c) or "").strip() for c in ("value", "type", "question", *OPTION_COLUMNS, "truth"))


def build_questions(folder: Path, names: RoleNames, all_roles: list[str]) -> tuple[list[Question], list[Skipped]]:
    files = sorted((folder / "final_result").glob("*.csv")) if (folder / "final_result").is_dir() else []
    files.sort(key=lambda f: (tester_of(f, names) is None, f.name))  # role files first, then GM/aggregates
    questions: list[Question] = []
    skipped: list[Skipped] = []
    seen: dict[tuple[str | None, tuple[str, ...]], str] = {}
    seen_any: dict[tuple[str, ...], str] = {}
    for file in files:
        tester = tester_of(file, names)
        prefix = f"wp_{slugify(file.stem)}"
        for n, row in enumerate(csv_rows(file, folder, skipped), start=1):
            item = f"final_result/{file.name} row {n}"
            key = row_key(row)
            earlier = seen.get((tester, key)) or (seen_any.get(key) if tester is None else None)
            if earlier:
                skipped.append(Skipped(item, f"duplicate of {earlier}", row.get("question", "")))
                continue
            seen[(tester, key)] = seen_any.setdefault(key, item)
            try:
                questions.append(row_question(f"{prefix}_{n}", row, tester, all_roles))
            except OptionsError as exc:
                skipped.append(Skipped(item, str(exc), json.dumps(row, ensure_ascii=False)))
    return questions, skipped


def answer_text(questions: list[Question], pattern: re.Pattern[str]) -> str | None:
    for q in questions:
        if q.suite is Suite.MMR and len(q.answer) == 1 and pattern.search(q.stem):
            return q.options[q.answer[0]]
    return None


def import_case(folder: Path, root: Path) -> ImportedCase:
    """Import one WellPlay case folder (holding `json/` and `final_result/`)."""
    info, raw_roles = role_files(folder)
    title = str(info.get("script_name") or folder.name)
    lang = detect_language(title + json.dumps([r for _, r in raw_roles], ensure_ascii=False)[:20000])
    names_list = [n for n, _ in raw_roles]
    ids = unique_ids(names_list)
    names = RoleNames.build(names_list, ids)
    roles = [build_role(n, rid, data, lang) for (n, data), rid in zip(raw_roles, ids, strict=True)]
    culprits = [r.id for r in roles if r.culprit]
    if not culprits:
        raise DatasetError(f"{folder / 'json'}: no role has is_murderer = 1")
    victims = list(dict.fromkeys(str(v) for _, data in raw_roles for v in data.get("victims") or []))
    questions, skipped = build_questions(folder, names, ids)
    synthesized = ["roles[].profile: first sentence(s) of the first act", "briefing: victims and characters"]
    victim = ", ".join(victims) or ("死者" if lang == "zh" else "the victim")
    if not victims:
        synthesized.append("victim: not named in the source data")
    method, motive = answer_text(questions, HOW), answer_text(questions, MOTIVE)
    synthesized.append("truth.method / truth.motive: the keyed answers of the 'how did ... die' and 'motive' "
                       "questions, where present (the source has no truth text)")
    briefing = (f"本案死者：{victim}。在场的人有：{'、'.join(names_list)}。" if lang == "zh"
                else f"{victim} {'were' if len(victims) > 1 else 'was'} killed. Present: {', '.join(names_list)}.")
    kills = {rid: [v for v, k in zip(data.get("victims") or [], data.get("kill_by_me") or [], strict=False) if k]
             for (_, data), rid in zip(raw_roles, ids, strict=True)}
    metadata = {
        "importer": "arena.importers.wellplay",
        "source": {"dataset": DATASET, "repository": UPSTREAM, "path": rel_path(folder, root),
                   "files": ["json/", "final_result/"]},
        "licence": LICENCE_NOTE,
        "synthesized": synthesized,
        "question_mapping": "value c -> lsu about the asked role; a/b -> mmr depth 1; weight = 10/5/2 points",
        "kill_by_me": {rid: victims_of for rid, victims_of in kills.items() if victims_of},
        "game_settings": {k: info[k] for k in ("open_discuss_rounds", "keep_asking", "privacy_discuss_rounds")
                          if k in info},
    }
    victim_list = case_victims(victims, kills, culprits, synthesized)
    script = Script(id=slugify(f"wellplay-{title}", "-"), title=title, language=lang, briefing=briefing,
                    victim=victim, culprits=culprits, roles=roles, questions=questions, metadata=metadata,
                    format_version=2, victims=victim_list,
                    truth=Truth(culprits=culprits, method=method or "", motive=motive or "",
                                method_from="derived" if method else "missing",
                                motive_from="derived" if motive else "missing"))
    return ImportedCase(script.id, with_report(script, skipped), {}, tuple(skipped))


def case_victims(names: list[str], kills: dict[str, list[str]], culprits: list[str],
                 synthesized: list[str]) -> list[Victim]:
    """Two or more victims, each with the roles whose `kill_by_me` flag is set for it; none (one vote
    for the whole case) when there is one victim or the flags do not name a culprit for every victim."""
    if len(names) < 2:
        return []
    killers = {name: [rid for rid in culprits if name in kills.get(rid, [])] for name in names}
    if not all(killers.values()):
        synthesized.append("victims: not kept apart (kill_by_me names no culprit for "
                           f"{', '.join(n for n, k in killers.items() if not k)}); one vote for the case")
        return []
    ids = unique_ids(names, prefix="v_")
    return [Victim(id=vid, name=name, culprits=killers[name]) for name, vid in zip(names, ids, strict=True)]


def rel_path(folder: Path, root: Path) -> str:
    return folder.relative_to(root).as_posix() if folder != root else folder.name
