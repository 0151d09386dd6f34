"""`arena generate --language zh`: a generated Chinese case passes every check, reads as Chinese, prints
legible Chinese cards, and plays through `arena play` and `arena qa` with built-in agents."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from PIL import Image
from typer.testing import CliRunner

from arena.cli import app
from arena.engine import read_jsonl
from arena.generator import CaseOptions, GeneratedCase, Request, check_folder
from arena.generator.check import check_case
from arena.generator.pipeline import card_params
from arena.generator.textunits import length
from arena.scripts.loader import load_script
from arena.scripts.schema import Suite
from arena.scripts.validation import validate_script
from multimodal.cards.legibility import card_words, word_recovery
from multimodal.cards.look import legibility_class, resolve_look
from multimodal.cards.render import load_card_specs, render_card
from multimodal.language import CJK_CHAR
from multimodal.ocr import ocr_pil
from tests.generator.conftest import cached_case

runner = CliRunner()
ZH = Request(1101, CaseOptions(4, "medium", 1, 6000, "zh"))
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[GeneratedCase, Path]:
    """The case as `arena generate` writes it: rendered, every mild text card held to the OCR floor (a case with a
    card no plainer look brings to the floor is drawn again)."""
    from arena.generator.pipeline import write_legible

    case, folder, _ = write_legible(ZH, tmp_path_factory.mktemp("zh"))
    return case, folder


@pytest.fixture(scope="module")
def case(written: tuple[GeneratedCase, Path]) -> GeneratedCase:
    return written[0]


@pytest.fixture(scope="module")
def folder(written: tuple[GeneratedCase, Path]) -> Path:
    return written[1]


def player_texts(case: GeneratedCase) -> dict[str, str]:
    s = case.script
    texts = {"title": s.title, "briefing": s.briefing, "truth": s.truth.summary}
    texts |= {f"role {r.id}": f"{r.name} {r.profile} {r.script} {' '.join(r.goals)}" for r in s.roles}
    texts |= {f"clue {c.id}": f"{c.title} {c.text} {c.image.alt if c.image else ''}" for c in s.clues}
    texts |= {f"question {q.id}": " ".join([q.stem, *q.options.values()]) for q in s.questions}
    texts |= {f"step {st.id}": st.text for st in s.reasoning_chains[0].steps}
    return texts


def test_a_chinese_case_passes_every_check_and_is_written_in_chinese(case: GeneratedCase, folder: Path) -> None:
    assert case.script.language == "zh" and case.script.id == "gen-1101-medium-4r-zh"
    assert check_case(case.script, case.facts, card_params(case), 6000) == []
    assert check_folder(folder) == []
    assert validate_script(load_script(folder), str(folder / "script.yaml")) == []
    assert "language: zh" in (folder / "script.yaml").read_text(encoding="utf-8")
    latin = {where: LATIN_WORD.findall(text) for where, text in player_texts(case).items()}
    assert {where: words for where, words in latin.items() if words} == {}
    for role in case.script.roles:
        assert length(role.script or "", "zh") >= 400  # the whole evening, the others and the role's own story
        assert len(CJK_CHAR.findall(role.name)) >= 2


def test_question_keys_are_rederived_in_chinese_by_the_solver(case: GeneratedCase) -> None:
    suites = {q.suite for q in case.script.questions}
    assert suites == set(Suite)
    keys = [q.options[a] for q in case.script.questions for a in q.answer]
    assert keys and all(CJK_CHAR.search(k) or re.fullmatch(r"[\d.:]+", k) for k in keys)


def test_a_stated_miu_answer_is_caught_by_the_chinese_phrase_check(case: GeneratedCase) -> None:
    miu = next(q for q in case.script.questions if q.suite is Suite.MIU and CJK_CHAR.search(q.options[q.answer[0]]))
    role = case.script.roles[0]
    leaked = role.model_copy(update={"script": f"{role.script}\n\n你注意到{miu.options[miu.answer[0]]}。\n"})
    script = case.script.model_copy(update={"roles": [leaked, *case.script.roles[1:]]})
    problems = [str(p) for p in check_case(script, case.facts, card_params(case), 6000)]
    assert any("[vision]" in p and miu.id in p for p in problems), problems


def test_a_mild_chinese_card_is_legible_to_chi_sim_ocr(folder: Path) -> None:
    script = load_script(folder)
    text_rich = {c.image.file for c in script.image_clues if c.image and c.image.kind.value == "text_rich"}
    spec = next(s for s in load_card_specs(folder)
                if s.file in text_rich and legibility_class(resolve_look(s.look)) == "mild")
    expected = card_words(spec)
    assert len(expected) >= 20 and all(CJK_CHAR.fullmatch(w) or not CJK_CHAR.search(w) for w in expected)
    recovered = word_recovery(expected, ocr_pil(render_card(spec), "chi_sim"))
    assert recovered >= 0.9, f"{spec.file}: chi_sim recovered {recovered:.0%} of {len(expected)} characters"
    assert Image.open(folder / spec.file).size == render_card(spec).size


def test_play_and_qa_run_on_a_generated_chinese_case(folder: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_DB", str(tmp_path / "store" / "arena.duckdb"))
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("ARENA_OCR_CACHE", str(tmp_path / "ocr"))
    log = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["play", "--script", str(folder), "--civilians", "builtin/naive",
                                 "--murderer", "builtin/naive", "--rounds", "2", "--seed", "2", "--out", str(log)])
    assert result.exit_code == 0, result.output
    assert "我知道的是" in result.stdout and "finished" in result.stdout
    events = read_jsonl(log)
    said = [t for e in events if e.type in ("utterance", "action", "answer")
            if (t := getattr(e, "text", None) or getattr(e, "speech", None))]
    scripts = "".join(r.script or "" for r in load_script(folder).roles)
    quoted = [s.removeprefix("我知道的是：") for s in said if s.startswith("我知道的是：")]
    assert quoted and all(CJK_CHAR.search(s) for s in said)
    assert sum(q.replace("我", "你") in scripts for q in quoted) >= len(quoted) // 2  # passages of its own script
    assert events[-1].type == "game_ended"
    qa = runner.invoke(app, ["qa", "--entry", "builtin/naive", "--scripts", str(folder), "--suite", "all",
                             "--db", str(tmp_path / "qa.duckdb"), "--json"])
    assert qa.exit_code == 0, qa.output
    summary = json.loads(qa.stdout[qa.stdout.index("{"):])
    assert summary["statuses"] == {"ok": len(load_script(folder).questions)}


MANIFEST = """generator_version: 2
words: 600
cases:
  - {seed: 5, roles: 4, difficulty: easy, culprits: 1}
  - {seed: 6, roles: 4, difficulty: hard, culprits: 1, language: zh, words: 900}
heldout:
  first_seed: 1
  count: 2
"""


def test_a_manifest_pins_chinese_cases_and_the_stamp_still_skips_an_up_to_date_set(tmp_path: Path) -> None:
    from arena.generator.manifest import load_manifest, public_requests

    (tmp_path / "generated.yaml").write_text(MANIFEST, encoding="utf-8")
    requests = public_requests(load_manifest(tmp_path / "generated.yaml"))
    assert [(r.options.language, r.options.words) for r in requests] == [("en", 600), ("zh", 900)]
    out = tmp_path / "set"
    args = ["generate", "--manifest", str(tmp_path / "generated.yaml"), "--out", str(out)]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == ["gen-5-easy-4r", "gen-6-hard-4r-zh"]
    zh = load_script(out / "gen-6-hard-4r-zh")
    assert zh.language == "zh" and min(length(r.script or "", "zh") for r in zh.roles) >= 400  # content, not 900
    again = runner.invoke(app, args)
    assert again.exit_code == 0 and "up to date" in again.output


def test_the_cli_records_6000_characters_as_a_chinese_cases_content_target_and_never_pads(tmp_path: Path) -> None:
    result = runner.invoke(app, ["generate", "--seed", "8", "--roles", "4", "--language", "zh", "--no-render",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (folder,) = tmp_path.iterdir()
    assert folder.name.endswith("-zh")
    written = yaml.safe_load((folder / "script.yaml").read_text(encoding="utf-8"))
    assert written["metadata"]["generator"]["words"] == 6000
    assert max(length(p.read_text(encoding="utf-8"), "zh") for p in (folder / "roles").iterdir()) < 6000


def test_chinese_scripts_repeat_few_sentences_and_lsu_evidence_sits_where_the_positions_say() -> None:
    from arena.generator.repetition import repeat_share

    case = cached_case(Request(1105, CaseOptions(7, "medium", 1, 6000, "zh")))
    assert repeat_share([r.script or "" for r in case.script.roles], "zh") < 0.25
    scripts = {r.id: CJK_CHAR.findall(r.script or "") for r in case.script.roles}
    details = [q for q in case.script.questions if q.suite is Suite.LSU and case.facts.queries[q.id].kind == "detail"]
    assert details
    for q in details:
        first, last, total = case.facts.positions[q.id]
        chars = scripts[q.role or ""]
        assert total == len(chars) and 0 <= first <= last < total
        anchored = "".join(chars[first:last + 1])
        assert "".join(CJK_CHAR.findall(q.options[q.answer[0]])) in anchored, (q.stem, anchored)


def test_validate_reads_chinese_cards_in_chinese_and_counts_characters(folder: Path) -> None:
    from arena.generator.report import case_problems
    from arena.scripts.loader import load_script_unchecked

    script = load_script_unchecked(folder)
    file = str(folder / "script.yaml")
    shortest = min(length(r.script or "", "zh") for r in script.roles)
    assert case_problems(script, file, min_words=shortest, legibility=True) == []
    longer = [str(p) for p in case_problems(script, file, min_words=7000)]
    assert len(longer) == len(script.roles) and all("characters, fewer than 7000" in p for p in longer)


def test_chinese_lsu_options_are_named_by_the_chinese_script_exactly_as_the_key_is() -> None:
    """Matched on the Chinese text, not on the English draw: a relation the English script names may go unnamed
    in Chinese, and an option the script alone names would then be the key to a lookup."""
    checked = 0
    for seed in (1101, 1102, 1103, 1104):
        zh = cached_case(Request(seed, CaseOptions(4 + seed % 3, "medium", 1, 6000, "zh")))
        for q in zh.script.questions:
            query = zh.facts.queries[q.id]
            if q.suite is Suite.LSU and query.kind in ("where", "relation"):
                text = zh.script.role(q.role or "").script or ""
                named = {text.count(option) > 0 for option in q.options.values()}
                assert len(named) == 1, (zh.script.id, q.stem, q.options)
                checked += query.kind == "relation"
    assert checked >= 8
