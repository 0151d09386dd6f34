"""A person answers the QA suites (the human row): a stratified, seeded sample, one item at a time, timed,
with exactly the context a model gets, graded and recorded like a model's answers.

    run = HumanRun.begin(db, "Ada", scripts, HumanSample(suites, seed=0, size=20))
    item = run.next_item()              # built by `qa_run.make_item`: shuffled options, `question_context`
    view = run.view(item)               # what to show: texts, image files, stem, options, the choice rule
    run.answer(item, "B", latency_ms)   # graded by `qa_run.grade_reply`, stored by `record_qa_answers`

- **Who**: the entry `human/<name>` (`arena.store.sessions.human_entry`, as on the Play page),
  registered in `entries`. Answers are stored in `qa_answers` with mode `direct`, ablation `none`,
  and `latency_ms` = the time from showing the item to the answer.
- **Which items**: the questions of each stratum (one suite of one case) in a seeded order, at most
  `limit` per stratum; the strata are visited in a seeded order, one item each, round after round,
  until `size` items: every suite and case gets an item before any gets a second. The sample
  depends on the set of cases and suites, not on the order they were picked in.
- **Resuming**: the run id hashes the person, the suites, the cases with their content hashes, the
  seed, the size and the limit, so the same choice resumes the same run (answered items are skipped,
  as `arena qa` resumes a run by its id); `HumanRun.resume(db, run_id, cases)` rebuilds a run from its
  stored config (the Validate page keeps the run id in its URL).
- **Answering**: `answer_all(run, ask)` is the terminal's loop (`arena qa --entry human/<name>`); the
  board calls `next_item` and `answer` once per request. Both go through `answer`, which refuses a
  choice that is not legal (the wrong number of letters, a letter that is no option) without storing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from arena.coe.answerers import AnswerReply, Mode, QaItem, choice_rule, reply_json
from arena.coe.context import Ablation
from arena.coe.mcq import parse_answer
from arena.coe.prompting import render
from arena.coe.qa_run import (
    SUITE_GROUPS,
    QaConfig,
    answered,
    grade_reply,
    make_item,
    run_config,
    run_id_of,
)
from arena.coe.qa_summary import SUITE_ORDER, summarise
from arena.engine.rules import script_hash
from arena.errors import ArenaError, ConfigError, ScriptError
from arena.scripts.schema import Question, Script, Suite
from arena.store import EntryRecord, QaAnswerRecord, QaRunRecord, Reader, Store, default_db_path
from arena.store.coe_queries import latest_run_answers
from arena.store.coe_queries import run_config as stored_run_config
from arena.store.db import LockWait, reading
from arena.store.sessions import HUMAN_PREFIX, human_entry, is_human

DEFAULT_SIZE = 20
HUMAN_MODE: Mode = "direct"


class AnswerError(ArenaError):
    """A person's answer that is not a legal choice (nothing is stored): says what to give instead."""


def instructions() -> str:
    """The system prompt every model answering the suites gets: the person reads it too."""
    return render("qa_system.txt")


@dataclass(frozen=True)
class HumanSample:
    """What a person's run asks: suites, seed, how many items in all (`size`), at most `limit` per stratum."""

    suites: tuple[Suite, ...] = SUITE_GROUPS["all"]
    seed: int = 0
    size: int = DEFAULT_SIZE
    limit: int | None = None

    def __post_init__(self) -> None:
        if self.size < 1:
            raise ConfigError(f"sample size must be at least 1, got {self.size}")
        if not self.suites:
            raise ConfigError("choose at least one suite (lsu, tiu, miu, mmr)")

    @property
    def config(self) -> QaConfig:
        """The run's QA configuration: a person answers in direct mode, with nothing withheld."""
        return QaConfig(suites=self.suites, mode=HUMAN_MODE, ablation=Ablation.NONE, seed=self.seed,
                        limit=self.limit)


def sample_questions(scripts: Sequence[Script], sample: HumanSample) -> list[tuple[Script, Question]]:
    """The stratified sample (see the module docstring): the same for the same cases, suites and seed."""
    rng = random.Random(f"human-sample:{sample.seed}")
    suites = sorted(set(sample.suites), key=lambda s: SUITE_ORDER.index(s.value))
    strata: list[list[tuple[Script, Question]]] = []
    for script in sorted(scripts, key=lambda s: s.id):
        for suite in suites:
            items = [(script, q) for q in script.questions if q.suite is suite]
            rng.shuffle(items)
            if items:
                strata.append(items[: sample.limit])
    rng.shuffle(strata)
    chosen: list[tuple[Script, Question]] = []
    for depth in range(max((len(s) for s in strata), default=0)):
        chosen += [stratum[depth] for stratum in strata if depth < len(stratum)]
    return chosen[: sample.size]


def read_choice(item: QaItem, text: str) -> frozenset[str]:
    """The display letters a person chose ("b", "A, C", "AC"); AnswerError unless exactly the number of
    options the question asks for, all of them options."""
    allowed = set(item.shuffled.options)
    chosen = parse_answer((text or "").strip().upper(), allowed, multi=item.question.multi)
    k = item.n_correct
    if chosen is None or len(chosen) != k:
        want = "the letter of one option" if k == 1 else f"the letters of {k} options (e.g. A, C)"
        raise AnswerError(f"give {want}, from {', '.join(sorted(allowed))}")
    return chosen


@dataclass(frozen=True)
class ItemView:
    """One item as the person sees it: exactly what the model's request carries, in the same order."""

    position: int
    total: int
    texts: list[tuple[str, str]]
    images: list[tuple[str, Path]]
    stem: str
    options: list[tuple[str, str]]
    rule: str
    n_correct: int


class HumanRun:
    """One person's run over one sample: its items, which are answered, and recording an answer."""

    def __init__(self, path: Path | str | None, person: EntryRecord, scripts: Sequence[Script],
                 sample: HumanSample, retry: LockWait | None = None) -> None:
        self.path, self.retry = default_db_path(path), retry
        self.person, self.scripts, self.sample = person, list(scripts), sample
        self.items = sample_questions(scripts, sample)
        self.identity = {**run_config(person, scripts, sample.config), "sample": sample.size}
        self.run_id = run_id_of(self.identity)
        self._store: Store | None = None

    @property
    def store(self) -> Store:
        """The writer, opened on first use (it creates the database and runs its migrations)."""
        if self._store is None:
            self._store = Store(self.path, self.retry)
        return self._store

    @classmethod
    def begin(cls, path: Path | str | None, name: str, scripts: Sequence[Script], sample: HumanSample) -> HumanRun:
        """Register the person and the run (both idempotent: the same choice is the same run)."""
        if not scripts:
            raise ConfigError("choose at least one case")
        run = cls(path, human_entry(name), scripts, sample)
        run.store.upsert_entry(run.person)
        run.store.record_qa_run(QaRunRecord(run_id=run.run_id, entry_id=run.person.entry_id,
                                            config={**run.identity, "entry_name": run.person.name}))
        return run

    @classmethod
    def resume(cls, path: Path | str | None, run_id: str, find: Callable[[str], Script | None]) -> HumanRun:
        """The stored run `run_id`, its cases found by id with `find`; ConfigError for an unknown or a model's
        run, ScriptError when one of its cases is missing or changed since."""
        config = _stored_config(default_db_path(path), run_id)
        if config is None or not is_human(str(config.get("entry_id"))) or "sample" not in config:
            raise ConfigError(f"no person's QA run {run_id!r} in {default_db_path(path)}; start a new one")
        scripts = [_case(find, str(ident), str(digest)) for ident, digest in config["scripts"]]
        sample = HumanSample(suites=tuple(Suite(s) for s in config["suites"]), seed=int(config["seed"]),
                             size=int(config["sample"]), limit=config.get("limit"))
        run = cls(path, human_entry(str(config["entry_id"]).removeprefix(HUMAN_PREFIX)), scripts, sample)
        if run.run_id != run_id:
            raise ConfigError(f"QA run {run_id!r} does not rebuild from its stored config; start a new one")
        return run

    def done(self) -> set[tuple[str, str]]:
        """(case, question) of the sample answered already."""
        return answered(self.store, self.run_id, retry_failed=False)

    def pending(self) -> list[tuple[Script, Question]]:
        done = self.done()
        return [(s, q) for s, q in self.items if (s.id, q.id) not in done]

    def next_item(self) -> QaItem | None:
        """The first item of the sample not answered yet (None when all are)."""
        todo = self.pending()
        return make_item(*todo[0], self.sample.config, None) if todo else None

    def view(self, item: QaItem) -> ItemView:
        position = next(i for i, (s, q) in enumerate(self.items) if (s.id, q.id) == (item.script.id, item.question.id))
        return ItemView(position=position + 1, total=len(self.items), texts=list(item.context.texts),
                        images=[(img.title, img.path) for img in item.context.images], stem=item.question.stem,
                        options=sorted(item.shuffled.options.items()), rule=choice_rule(item),
                        n_correct=item.n_correct)

    def answer(self, item: QaItem, text: str, latency_ms: float) -> QaAnswerRecord | None:
        """Grade and store the person's answer, with their time; AnswerError (nothing stored) for an illegal
        choice; None (nothing stored) when the item was answered already, e.g. a form sent twice."""
        letters = read_choice(item, text)
        if (item.script.id, item.question.id) in self.done():
            return None
        reply = AnswerReply(reply_json(sorted(letters)), latency_ms=round(max(0.0, latency_ms), 1))
        record = grade_reply(item, reply, self.run_id, self.person)
        self.store.record_qa_answers([record])
        return record

    def summary(self) -> dict[str, Any]:
        """The run's figures as `arena qa --json` gives them (accuracy per suite and case with n and CI)."""
        with reading(self.store.path, self.retry) as conn:
            answers = latest_run_answers(conn, self.run_id)
        header = {"run_id": self.run_id, "entry": self.person.entry_id, "name": self.person.name,
                  "mode": HUMAN_MODE, "ablation": "none", "seed": self.sample.seed, "sample": self.sample.size,
                  "script_ids": [s.id for s in self.scripts], "total": len(self.items)}
        return summarise(answers, {(s.id, q.id): q.weight for s, q in self.items}, header)


class Asker(Protocol):
    """Shows an item (with what was wrong with the last answer, if anything) and returns the person's
    answer as typed, or None to stop."""

    def __call__(self, view: ItemView, problem: str | None) -> str | None: ...


def answer_all(run: HumanRun, ask: Asker, clock: Callable[[], float] = time.monotonic) -> int:
    """Ask every pending item in turn and record each answer with the time since the item was shown
    (a refused answer is asked again; the clock keeps running). Returns how many were answered."""
    count = 0
    while (item := run.next_item()) is not None:
        shown, problem = clock(), None
        while True:
            text = ask(run.view(item), problem)
            if text is None:
                return count
            try:
                run.answer(item, text, (clock() - shown) * 1000.0)
                break
            except AnswerError as exc:
                problem = str(exc)
        count += 1
    return count


def _stored_config(path: Path, run_id: str) -> dict[str, Any] | None:
    reader = Reader(path)
    if not reader.exists():
        return None
    with reader.snapshot() as conn:
        return None if conn is None else stored_run_config(conn, run_id)


def _case(find: Callable[[str], Script | None], script_id: str, digest: str) -> Script:
    script = find(script_id)
    if script is None:
        raise ScriptError(f"case {script_id!r} of this run is not installed (set ARENA_SCRIPTS to its folder's parent)")
    if script_hash(script) != digest:
        raise ScriptError(f"case {script_id!r} has changed since this run started, so it cannot be resumed; "
                          "start a new one")
    return script
