"""`builtin/naive` in Chinese: on the bundled case 听松茶庄 and on the imported WhodunitBench cases
XIAOHUA and Pu (skipped when shared/external is absent) it speaks passages of its own script and
of the clues, in Chinese, says "我不知道。" when nothing fits, confesses only when confronted with
details of its script that no public text holds, and never suspects or votes for itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arena.agents import play_game
from arena.agents.builtin.naive_agent import NaiveAgent
from arena.agents.builtin.phrases import PHRASES
from arena.engine import GameConfig, observe
from arena.engine.events import ActionEvent, ReasoningEvent, VoteEvent
from arena.importers import whodunitbench
from arena.importers.writer import write_case
from arena.scripts.loader import load_script
from arena.scripts.schema import Script
from multimodal import language
from multimodal.cards.legibility import printed_strings
from multimodal.cards.render import load_card_specs
from tests.agents.seating import seat_builtins as seat_agents
from tests.agents.test_naive_agent import asked
from tests.conftest import SCRIPTS_DATA, SHARED

ZH = PHRASES["zh"]
TINGSONG = SCRIPTS_DATA / "tingsong"
WB = SHARED / "external" / "whodunitbench"
_QUOTE = re.compile(r"^「(?P<title>[^」]*)」上写着：(?P<text>.*)$", re.DOTALL)


def flat(text: str) -> str:
    """Text as passages keep it: Chinese line breaks joined, markup and spaces removed, folded."""
    return language.fold(re.sub(r"\s+|\*\*|__|`", "", language.join_lines(text)))


def own_or_clue(script: Script, role: str, statement: str, printed: str = "") -> bool:
    """A statement is a passage of the role's script, of a clue's text, or (read by OCR) of a card."""
    body = statement.removeprefix(ZH.here_is.format(text=""))
    quoted = _QUOTE.match(body)
    said = flat((quoted.group("text") if quoted else body).rstrip("。"))
    if not quoted:
        return said in flat(script.role(role).script)
    clue = next(c for c in script.clues if c.title == quoted.group("title"))
    if said in flat(clue.text):
        return True
    han = language.CJK_CHAR.findall(said)  # OCR text: its characters must be the card's, not noise
    return bool(han) and sum(ch in printed for ch in han) / len(han) >= 0.9


async def naive_game(script: Script, tmp: Path, ocr: bool, rounds: int = 3) -> list:
    settings = {"ocr": ocr, "ocr_cache": str(tmp / "ocr")} if ocr else {"ocr": False}
    seated = seat_agents(script, "builtin/naive", "builtin/naive", 1, civilian_settings=settings,
                         murderer_settings=settings)
    return (await play_game(script, seated, GameConfig(rounds=rounds), 1)).events


def check_statements(script: Script, events: list, printed: str = "") -> list[str]:
    statements = [(e.role, e.speech) for e in events if isinstance(e, ActionEvent)
                  and (e.speech or "").startswith(ZH.here_is.format(text=""))]
    assert statements, "nobody shared a statement"
    for role, speech in statements:
        assert own_or_clue(script, role, speech, printed), f"{role}: {speech}"
        latin, han = len(re.findall(r"[A-Za-z]", speech)), len(language.CJK_CHAR.findall(speech))
        assert han >= 5 * latin, f"{role} does not speak Chinese: {speech}"  # "PPT" inside is fine
    for e in events:
        if isinstance(e, VoteEvent | ReasoningEvent) and e.role in script.culprits:
            assert (e.target if isinstance(e, VoteEvent) else e.suspect) != e.role
    return [s for _, s in statements]


@pytest.fixture(scope="module")
def tingsong() -> Script:
    return load_script(TINGSONG)


async def test_naive_speaks_its_script_and_the_clues_of_tingsong(tingsong: Script, tmp_path: Path) -> None:
    printed = "".join(s for spec in load_card_specs(TINGSONG) for s in printed_strings(spec.params))
    events = await naive_game(tingsong, tmp_path, ocr=True)
    check_statements(tingsong, events, language.fold(printed))
    intros = [e.text for e in events if e.type == "utterance" and getattr(e, "kind", "") == "introduction"]
    assert intros and all(t.startswith("我是") for t in intros)


def test_i_dont_know_in_chinese_when_nothing_fits(tingsong: Script) -> None:
    state = asked(tingsong, "guqingqiu", "zhouzimo", "那场足球比赛是哪个球队赢的？")
    agent = NaiveAgent("zhouzimo", 0, ocr=False)
    assert agent.choose(observe(state, "zhouzimo"))["answer"] == "我不知道。"


def test_murderer_confesses_only_when_confronted_with_its_secrets(tingsong: Script) -> None:
    public = asked(tingsong, "luminxuan", "guqingqiu",
                   "顾清秋，你是茶庄的账房吗？你在茶庄做了九年，住在账房后面的小屋里？")
    agent = NaiveAgent("guqingqiu", 0, ocr=False)
    assert not agent.choose(observe(public, "guqingqiu"))["answer"].startswith("我承认")
    secret = asked(tingsong, "luminxuan", "guqingqiu",
                   "你是不是把草乌药酒倒进了老板的兔毫建盏，凑在炭炉上烤干，再用白手帕擦了盏口？")
    agent = NaiveAgent("guqingqiu", 0, ocr=False)
    answer = agent.choose(observe(secret, "guqingqiu"))["answer"]
    assert answer.startswith("我承认：是我杀了沈怀远") and agent.confessed


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Script]:
    if not WB.is_dir():
        pytest.skip("shared/external/whodunitbench is not on this machine")
    out = tmp_path_factory.mktemp("wb")
    return {folder.name: load_script(write_case(whodunitbench.import_case(folder, WB), out).path)
            for folder in whodunitbench.discover(WB)}


@pytest.mark.parametrize("name", ["XIAOHUA_example", "Pu"])
async def test_naive_speaks_passages_on_the_imported_whodunitbench_cases(
        name: str, imported: dict[str, Script], tmp_path: Path) -> None:
    script = imported[name]
    assert script.language == "zh"
    statements = check_statements(script, await naive_game(script, tmp_path, ocr=False, rounds=2))
    assert all(len(language.CJK_CHAR.findall(s)) >= 10 for s in statements)
