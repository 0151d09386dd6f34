"""What people's answers say about the suites: human accuracy per suite with n, and the items where people
disagree with the key. Pure reads over a store connection (`arena coe report` and the Validate page).

- `people_accuracy(conn)`: for each person (entry `human/<name>`) and for all people pooled, accuracy
  per suite with n and a 95% Wilson interval, over the latest answer per person and question (no
  ablation), the same answers the report's rows count.
- `disputed_items(conn, lookup)`: every item answered by at least one person where a strict majority
  of the people who answered it chose something other than the key. Such an item is for review: a
  wrong key, an ambiguous stem, or evidence the item is not sent. Each says what people chose (in the
  case's own letters) and, when `lookup` finds the case, its stem, options and key as the case file
  reads now.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict

from arena.coe.qa_summary import SUITE_ORDER
from arena.coe.stats import accuracy
from arena.scripts.schema import Script
from arena.store import Connection
from arena.store.coe_queries import human_answers

ALL_PEOPLE = "all people"
NO_CHOICE = "none"  # an answer without letters (a person's answers always have some; kept for safety)


class PeopleRow(BaseModel):
    """One person (or all people pooled): per suite `{accuracy, n, correct, ci}` (`Accuracy.to_dict`)."""

    model_config = ConfigDict(frozen=True)
    entry: str
    people: int
    suites: dict[str, dict[str, Any]]


class Dispute(BaseModel):
    """An item most of the people who answered it got "wrong": what they chose, and the key."""

    model_config = ConfigDict(frozen=True)
    script_id: str
    question_id: str
    suite: str
    people: int
    disagree: int
    choices: dict[str, int]
    key: str | None = None
    stem: str | None = None
    options: dict[str, str] = {}


def _suites(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    flags: dict[str, list[bool]] = defaultdict(list)
    for r in rows:
        flags[r["suite"]].append(bool(r["correct"]))
    return {s: accuracy(flags[s]).to_dict() for s in SUITE_ORDER if s in flags}


def people_accuracy(conn: Connection) -> list[PeopleRow]:
    """One row per person (by entry id), then the pooled row when more than one person answered."""
    answers = human_answers(conn)
    by_person: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in answers:
        by_person[r["entry_id"]].append(r)
    rows = [PeopleRow(entry=entry, people=1, suites=_suites(mine)) for entry, mine in sorted(by_person.items())]
    if len(rows) > 1:
        rows.append(PeopleRow(entry=ALL_PEOPLE, people=len(rows), suites=_suites(answers)))
    return rows


def disputed_items(conn: Connection, lookup: Callable[[str], Script | None] | None = None) -> list[Dispute]:
    """The items where a strict majority of the people who answered chose something other than the key."""
    by_item: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in human_answers(conn):
        by_item[(r["script_id"], r["question_id"], r["suite"])].append(r)
    disputes = []
    for (script_id, question_id, suite), rows in by_item.items():
        wrong = [r for r in rows if not r["correct"]]
        if 2 * len(wrong) <= len(rows):
            continue
        choices = Counter(r["predicted"] or NO_CHOICE for r in rows)
        disputes.append(Dispute(script_id=script_id, question_id=question_id, suite=suite, people=len(rows),
                                disagree=len(wrong), choices=dict(sorted(choices.items())),
                                **_case_facts(lookup, script_id, question_id)))
    return sorted(disputes, key=lambda d: (-d.disagree / d.people, -d.people, d.script_id, d.question_id))


def _case_facts(lookup: Callable[[str], Script | None] | None, script_id: str, question_id: str) -> dict[str, Any]:
    script = lookup(script_id) if lookup is not None else None
    question = next((q for q in script.questions if q.id == question_id), None) if script is not None else None
    if question is None:
        return {}
    return {"key": ",".join(sorted(question.answer)), "stem": question.stem, "options": dict(question.options)}
