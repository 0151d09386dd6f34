"""Questions for the four suites, each paired with a typed query whose answer the solver re-derives.

LSU asks about a role's own script, TIU about a text-rich card, MIU about a media-rich card and MMR
about each step of the reasoning chain, with the step's depth. Options are display strings made
by `Naming`, the same naming the solver uses, so a re-derived answer compares as text.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from arena.generator import pools
from arena.generator.evidence import EMPTY_CHAIRS, FURNITURE, ClueDraft
from arena.generator.facts import Amount, At, CaseFacts, Detail, EntryLog, Motive, Query, QueryKind
from arena.generator.pools import CARRIES, COAT_WORDS
from arena.generator.textunits import chinese_phrase
from arena.generator.world import CLOCK_SLOW, Person, World
from arena.scripts.canonical import canonical
from arena.scripts.clock import clock_label, minutes_of, slot_minutes, spoken_time
from arena.scripts.schema import Question, ReasoningStep, Suite
from multimodal import language
from multimodal.language import is_chinese

T = TypeVar("T")

LETTERS = "ABCDEFGH"


@dataclass(frozen=True)
class Naming:
    """Display strings for ids, shared by question options and the solver."""

    facts: CaseFacts

    def label(self, value: str) -> str:
        f = self.facts
        for table in (f.people, f.places, f.weapons, f.motive_phrases):
            if value in table:
                return table[value]
        return self.facts.labels.get(value, value)

    def slot(self, slot: int, clock: bool = False) -> str:
        text = self.facts.slots[slot]
        return clock_label(minutes_of(text)) if clock else text


def make_options(rng: random.Random, correct: list[str], pool: list[str],
                 size: int = 4) -> tuple[dict[str, str], list[str]]:
    """Options holding every correct text plus distractors from `pool`; (options, answer letters)."""
    distractors = [p for p in dict.fromkeys(pool) if p not in correct]
    chosen = correct + rng.sample(distractors, max(0, min(len(distractors), size - len(correct))))
    rng.shuffle(chosen)
    options = {LETTERS[i]: text for i, text in enumerate(chosen)}
    return options, [k for k, v in options.items() if v in correct]


class Truth(Protocol):
    def answer(self, query: Query, naming: Naming) -> set[str]: ...


class Grounds(Protocol):
    """Re-derives a key from what its item is sent (`arena.generator.grounding.Grounding`)."""

    def evidence(self, suite: Suite, query: Query, evidence: list[str], derived: set[str],
                 options: dict[str, str], answer: list[str]) -> list[str] | None: ...


class QuestionMaker:
    """Accumulates questions and their queries, numbering ids q1, q2, ...

    The key of every question is what the whole-case solver (`truth`: all the case's facts) derives
    for its query, never what the question was meant to ask: a question whose intended answer is not
    the whole-case answer, or whose single answer is not unique, is not asked."""

    def __init__(self, rng: random.Random, world: World, naming: Naming, truth: Truth) -> None:
        self.rng, self.world, self.naming, self.truth = rng, world, naming, truth
        self.items: list[tuple[Question, Query]] = []
        self.anchors: dict[str, str] = {}  # question id -> the script sentence holding its evidence
        self.texts = ""  # the case's texts written so far, normalised, so MIU answers can avoid them
        self.grounding: Grounds | None = None  # when set, every key must follow from what its item is sent
        self.media: set[str] = set()  # ids of the media-rich clues (a picture shows their facts)
        self.pictured_motives: set[str] = set()  # motive kinds that a picture shows instead of a text (a ledger)

    def add(self, suite: Suite, stem: str, correct: list[str], pool: list[str], query: Query, evidence: list[str],
            role: str | None = None, depth: int | None = None, size: int = 4) -> str | None:
        derived = self.truth.answer(query, self.naming)
        multi = query.multi or "Choose all that apply" in stem
        if not derived or (not multi and len(derived) != 1) or (correct and not derived & set(correct)):
            return None  # the whole case does not support the question as drawn
        if suite is Suite.MIU and any(stated(self, answer) for answer in derived):
            return None  # a text already states the answer, in some format: the image would not be needed
        if multi and "Choose all that apply" not in stem:
            stem += " Choose all that apply."
        options, answer = make_options(self.rng, sorted(derived), pool, size)
        if len(answer) == len(options) and query.kind != "doors_of":
            return None  # every option true: the question tells nothing
        if self.grounding is not None:
            sent = self.grounding.evidence(suite, query.model_copy(update={"multi": multi}), evidence, derived,
                                           options, answer)
            if sent is None:
                return None  # no honest context gives this key: ask something else
            evidence = sent
        qid = f"q{len(self.items) + 1}"
        self.items.append((Question(id=qid, suite=suite, stem=stem, options=options, answer=answer,
                                    evidence=evidence, role=role, depth=depth), query.model_copy(
                                        update={"multi": multi})))
        return qid

    def people_among(self, must: list[str], size: int = 5) -> list[str]:
        others = [p.id for p in self.world.people if p.id not in must]
        return sorted(must + self.rng.sample(others, max(0, min(len(others), size - len(must)))))

    @property
    def rooms(self) -> list[str]:
        return [r.name for r in self.world.layout.rooms]


MOVES = (0, 1, 2, 3)  # the counts a moves question may offer (those some span of the role's evening gives)


def moves_question(qm: QuestionMaker, person: Person) -> None:
    """How many times a person went from one room to another between two quarter hours of the evening, read off
    the script's timeline (the count is stated nowhere, so no phrase lookup finds it). The two times are drawn so
    that the count is drawn evenly from the counts of `MOVES` that some span gives, which are the options
    (`balanced_pick`): neither the options offered nor how often each is right tells an options-only prior
    anything."""
    w = qm.world
    spans = [tuple(range(a, b + 1)) for a in range(w.discovery_slot)
             for b in range(a + len(MOVES) - 1, w.discovery_slot)]  # long enough for every count offered

    def moves(span: tuple[int, ...]) -> Query:
        return Query(kind="trail_moves", person=person.id, slots=span)

    picked, offered = balanced_pick(qm, spans, lambda sp: derived_count(qm, moves(sp)), MOVES, 1)
    for span in picked:
        qm.add(Suite.LSU, f"Between {spoken_time(w.slots[span[0]])} and {spoken_time(w.slots[span[-1]])}, how many "
               f"times did {person.name} go from one room to another?", [], [plural(i, "time") for i in offered],
               moves(span), [person.id], role=person.id)


def lsu_questions(qm: QuestionMaker, details: dict[str, list[tuple[Detail, str]]], scripts: dict[str, str]) -> None:
    """Per role: where they were at two times, how often they changed rooms between two times, their relation to
    the victim and whose secret they keep. Not asked: where a role grew up or met the victim (one town in the
    whole script: a phrase lookup answers it without reading). Times are asked in words ("half past seven"), not
    as the script's "19:30", and the distractors are named by the script as often as the answer
    (`matched_distractors`)."""
    w = qm.world
    for person in w.people:
        script = scripts.get(person.id, "")
        asked = 0
        for slot in qm.rng.sample(range(w.discovery_slot + 1), w.discovery_slot + 1):
            place = w.place_name(w.positions[person.id][slot])
            pool = matched_distractors(qm, script, place, qm.rooms)
            if asked < WHERE_QUESTIONS and pool and qm.add(
                    Suite.LSU, f"Where was {person.name} at {spoken_time(w.slots[slot])}?", [place], pool,
                    Query(kind="where", person=person.id, slot=slot), [person.id], role=person.id):
                asked += 1
        moves_question(qm, person)
        pool = matched_distractors(qm, script, person.relation, [r[0] for r in pools.RELATIONS])
        if pool:
            qm.add(Suite.LSU, f"What is {person.name} to {w.victim}?", [person.relation], pool,
                   Query(kind="relation", person=person.id), [person.id], role=person.id)
        for fact, sentence in details.get(person.id, []):
            if fact.topic != "secret_of":
                continue
            others = [p.id for p in w.people if p.id != person.id]
            key = qm.naming.label(fact.value)
            pool = matched_distractors(qm, script, key, [qm.naming.label(o) for o in others])
            qid = pool and qm.add(Suite.LSU, f"For whom is {person.name} keeping a confidence?", [key], pool,
                                  Query(kind="detail", person=person.id, topic=fact.topic), [person.id],
                                  role=person.id)
            if qid:
                qm.anchors[qid] = sentence


WHERE_QUESTIONS = 2  # per role


def option_words(text: str) -> set[str]:
    return set(language.content_words(text))


def found_share(words: set[str], option: str) -> float:
    """The share of an option's words that a text holds (a set of its words)."""
    wanted = option_words(option)
    return sum(w in words for w in wanted) / len(wanted) if wanted else 0.0


def matched_distractors(qm: QuestionMaker, text: str, answer: str, pool: list[str], size: int = 4) -> list[str]:
    """Up to `size - 1` distractors from `pool` whose words `text` holds as fully as it holds the answer's: an
    option the item's text never names is then no easier to rule out than the answer is to find (a lookup that
    favours the options a text names learns nothing). Empty when fewer than two fit: the item would offer
    too little choice, and is not asked."""
    words = option_words(text)
    share = found_share(words, answer)
    fitting = [p for p in dict.fromkeys(pool) if p != answer and found_share(words, p) == share]
    return qm.rng.sample(fitting, min(size - 1, len(fitting))) if len(fitting) >= 2 else []


def log_questions(qm: QuestionMaker, d: ClueDraft) -> None:
    w, n = qm.world, qm.naming
    log = next(f for f in d.facts if isinstance(f, EntryLog))
    room = w.place_name(log.place)
    among = qm.people_among([log.entries[0][0]])
    qm.add(Suite.TIU, f"Which of these people does the door log of the {room} list?", [], [n.label(p) for p in among],
           Query(kind="entered", place=log.place, among=tuple(among), multi=True), [d.id], size=len(among))
    for person in sorted({p for p, _ in log.entries}):
        first = min(t for p, t in log.entries if p == person)
        qm.add(Suite.TIU, f"According to the door log of the {room}, in which quarter hour did {n.label(person)} "
               "open its door?", [], slot_window(qm, first), Query(kind="entry_time", place=log.place, person=person),
               [d.id])


def card_detail_questions(qm: QuestionMaker, d: ClueDraft) -> None:
    """Questions on what a text-rich card prints beside its facts (totals, signatures). The distractors come from
    the answer's own pool (coroners for a coroner's report, totals of as many items), so that an options-only prior
    cannot tell the answer by its kind. How the victim died is not asked: the weapon question asks it, and the
    methods are too few and too uneven for four honest options."""
    for fact in d.facts:
        if isinstance(fact, Detail) and fact.person == d.id and fact.topic in CARD_DETAILS:
            stem, pools_of = CARD_DETAILS[fact.topic]
            pool = next((p for p in pools_of(d) if fact.value in p), ())
            qm.add(Suite.TIU, stem.format(title=clue_title_of(qm, d)), [fact.value], list(pool),
                   Query(kind="detail", person=d.id, topic=fact.topic), [d.id])


def clue_title_of(qm: QuestionMaker, d: ClueDraft) -> str:
    from arena.generator.cluetext import clue_title

    return clue_title(d, qm.world)


def receipt_totals(d: ClueDraft) -> list[list[str]]:
    """Every total a receipt of as many items as `d`'s could show."""
    from itertools import combinations

    from arena.generator.evidence import RECEIPT_ITEMS

    size = len(d.extra)
    return [sorted({f"{sum(float(p) for _, p in combo):.2f}" for combo in combinations(RECEIPT_ITEMS, size)})]


def signers(d: ClueDraft) -> list[tuple[str, ...]]:
    from arena.generator.evidence import CLOCKMAKERS, CORONERS

    return [CORONERS, CLOCKMAKERS]


CARD_DETAILS: dict[str, tuple[str, Callable[[ClueDraft], list[Any]]]] = {
    "total": ("On the card \"{title}\", what is the total?", receipt_totals),
    "signature": ("Who signed the card \"{title}\"?", signers),
}


def text_card_question(qm: QuestionMaker, d: ClueDraft) -> None:
    from arena.generator.plots.questions import plot_card_question

    w, n = qm.world, qm.naming
    card_detail_questions(qm, d)
    if plot_card_question(qm, d):
        return
    if d.style == "autopsy":
        qm.add(Suite.TIU, "According to the coroner's report, what was the weapon?", [w.weapon.name],
               [x[1] for x in pools.WEAPONS], Query(kind="weapon"), [d.id])
    elif d.style == "log":
        log_questions(qm, d)
    elif d.style in ("alibi", "reach"):
        fact = next(f for f in d.facts if isinstance(f, At) and f.person == d.subject)
        qm.add(Suite.TIU, f"According to this card, where was {n.label(fact.person)} at {w.slots[fact.slot]}?",
               [n.label(fact.place)], qm.rooms, Query(kind="where", person=fact.person, slot=fact.slot), [d.id])
    elif d.style == "void":
        others = [p.id for p in w.people if p.id != d.subject and (h := w.herring(p.id)) is not None
                  and h.refutation != "void" or p.culprit]
        among = sorted([d.subject or ""] + qm.rng.sample(others, min(3, len(others))))
        qm.add(Suite.TIU, "Whose motive does this document show was settled before the murder?",
               [n.label(d.subject or "")], [n.label(p) for p in among], Query(kind="voided", among=tuple(among)),
               [d.id])
    elif d.style == "clock_note":
        room = n.label(w.murder_place)
        slow = f"{w.clock_slow} minutes slow"
        qm.add(Suite.TIU, f"According to the service card, how does the clock in the {room} keep time?", [slow],
               [f"{m} minutes slow" for m in CLOCK_SLOW], Query(kind="clock_offset"), [d.id])
    elif d.style == "inventory":
        qm.add(Suite.TIU, f"According to the inventory, where was the {w.weapon.name} kept?",
               [n.label(w.weapon_place)], qm.rooms, Query(kind="weapon_place"), [d.id])
    elif d.style == "motive":
        motive = next(f for f in d.facts if isinstance(f, Motive))
        qm.add(Suite.TIU, f"What does this card reveal about {n.label(motive.person)}?", [n.label(motive.kind)],
               text_motives(qm), Query(kind="motive_kind", person=motive.person), [d.id])


def text_clue_question(qm: QuestionMaker, d: ClueDraft) -> None:
    """MMR on a text clue that is context (a motive told by a witness): the reason it gives."""
    if d.style == "motive":
        motive = next(f for f in d.facts if isinstance(f, Motive))
        qm.add(Suite.MMR, f"What reason did {qm.naming.label(motive.person)} have to wish {qm.world.victim} harm?",
               [qm.naming.label(motive.kind)], text_motives(qm), Query(kind="motive_kind", person=motive.person),
               [d.id], depth=1)


def text_motives(qm: QuestionMaker) -> list[str]:
    """The motives a text of this case could reveal: every kind but those a picture shows here (a ledger's debts).
    Offering a kind that is never a text's answer in such a case would teach an options-only prior to rule it
    out (the debt phrase was right on 14% of the motive cards that offered it, the others on 23-32%)."""
    return [phrase for kind, phrase in qm.naming.facts.motive_phrases.items() if kind not in qm.pictured_motives]


def degrees_label(degrees: int) -> str:
    """A room temperature as a thermometer reading is written (degrees Celsius)."""
    return f"{degrees} °C"


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def offered_rooms(d: ClueDraft) -> list[str]:
    """The room counts a board's or trail's question offers, as its window was drawn (`sources.drawn_evenly`)."""
    return [plural(int(i), "room") for i in dict(d.extra)["rooms"].split()]


def count_options(label: str, top: int = 6) -> list[str]:
    return [plural(i, label) for i in range(top + 1)]


DOOR_COUNTS = 1  # door-count questions per plan: two made them over a fifth of MIU (one kind of ten)
DISTANCES = 1  # walking-distance questions per plan: two made them a fifth of MIU
COUNTS = (1, 2, 3, 4)  # the counts a door-count or distance question offers, always the same four
MARKER_COUNTS = (0, 1, 2, 3)
BAR_COUNTS = (0, 1, 2, 3)


def derived_count(qm: QuestionMaker, query: Query) -> int:
    """The count the solver gives for a counting query (-1 when it gives none)."""
    derived = qm.truth.answer(query, qm.naming)
    return next((int(t.split()[0]) for t in derived if t.split()[0].isdigit()), -1)


def balanced_pick(qm: QuestionMaker, candidates: list[T], key: Callable[[T], int], values: tuple[int, ...],
                  k: int) -> tuple[list[T], tuple[int, ...]]:
    """Up to `k` candidates whose keys are drawn evenly from the `values` that some candidate has, and those values
    (the options to offer, in order). Targets are drawn first (distinct while they last), each then filled by a
    candidate with that key. Offering only the values that can be keys, each drawn as often as any other, keeps
    every option as often right as the others across the set: a value no candidate has (a room with four doorways
    in a small house) would otherwise be offered and never right, which an options-only prior learns. Nothing is
    picked when fewer than three values can be keys (too little choice to ask)."""
    pool: list[T] = list(candidates)
    keys = {id(c): key(c) for c in pool}
    offered = tuple(v for v in values if any(keys[id(c)] == v for c in pool))
    if len(offered) < 3:
        return [], offered
    targets = qm.rng.sample(offered, min(k, len(offered))) + [qm.rng.choice(offered) for _ in range(k - len(offered))]
    out: list[T] = []
    for target in targets:
        fitting = [c for c in pool if keys[id(c)] == target]
        if fitting:
            chosen = qm.rng.choice(fitting)
            pool.remove(chosen)
            out.append(chosen)
    return out, offered


def time_options(qm: QuestionMaker, minutes: int, decoy: int | None = None) -> tuple[list[str], list[str]]:
    """([the time a face shows], three distractors a quarter hour apart around it): how many distractors come
    before it is drawn evenly, so an options-only prior cannot tell the answer by its place among the times. A
    decoy (the false time of a tampered clock) is offered when it lies within reach."""
    before = qm.rng.randrange(4)
    near = [minutes + slot_minutes(step) for step in range(-before, 4 - before) if step]
    if decoy is not None and decoy not in near and abs(decoy - minutes) <= 45:
        near[qm.rng.randrange(len(near))] = decoy
    return [clock_label(minutes)], [clock_label(m) for m in near]


def slot_window(qm: QuestionMaker, slot: int) -> list[str]:
    """Four consecutive quarter hours of the evening holding `slot`, at a place drawn evenly among those the
    evening allows (so neither the answer's place nor the times offered give it away)."""
    count = len(qm.world.slots)
    starts = [s for s in range(slot - 3, slot + 1) if s >= 0 and s + 4 <= count] or [max(0, min(slot, count - 4))]
    start = qm.rng.choice(starts)
    return list(qm.world.slots[start:start + 4])


def floorplan_questions(qm: QuestionMaker, d: ClueDraft) -> None:
    """Door counts of some rooms, walking distances and marker counts: read off the plan only."""
    w, n = qm.world, qm.naming
    rooms, offered = balanced_pick(qm, list(w.layout.ids), lambda r: len(w.layout.neighbours(r)), COUNTS, DOOR_COUNTS)
    counts = [plural(i, "doorway") for i in offered]
    for room in rooms:
        query = Query(kind="door_count", place=room)
        qm.add(Suite.MIU, f"On the floor plan, how many doorways lead out of the {n.label(room)}?", [], counts,
               query, [d.id])
    pairs = [(a, b) for a in w.layout.ids for b in w.layout.ids if a < b]
    far, offered = balanced_pick(qm, pairs, lambda p: w.layout.dist(*p), COUNTS, DISTANCES)
    for a, b in far:
        query = Query(kind="distance", place=a, among=(b,))
        qm.add(Suite.MIU, f"On the floor plan, through how many doorways at least must one pass to walk from the "
               f"{n.label(a)} to the {n.label(b)}?", [], [plural(i, "doorway") for i in offered], query, [d.id])
    pieces = [f for f in d.facts if isinstance(f, Detail) and f.topic.startswith("furniture:")]
    for f in qm.rng.sample(pieces, min(2, len(pieces))):
        if not stated(qm, f.value):
            qm.add(Suite.MIU, f"On the floor plan, which piece of furniture is drawn in the "
                   f"{n.label(f.topic.split(':', 1)[1])}?", [], drawn_elsewhere(qm, f.value, pieces),
                   Query(kind="detail", person=d.id, topic=f.topic), [d.id])
    marked = tuple(pid for pid, _ in d.extra)
    slots = tuple(f.slot for f in d.facts if isinstance(f, At))[:1]
    if marked and slots:
        def markers(room: str) -> Query:
            return Query(kind="marker_count", place=room, among=marked, slots=slots)

        shown = len({f.place for f in d.facts if isinstance(f, At)})
        rooms, offered = balanced_pick(qm, list(w.layout.ids), lambda r: derived_count(qm, markers(r)), MARKER_COUNTS,
                                       shown + 1)
        for room in rooms:
            qm.add(Suite.MIU, f"How many markers does the floor plan show in the {n.label(room)}?", [],
                   [plural(i, "marker") for i in offered], markers(room), [d.id])


def drawn_elsewhere(qm: QuestionMaker, piece: str, pieces: list[Detail]) -> list[str]:
    """Distractors for the piece drawn in one room: the pieces drawn in the plan's other rooms first (each of them
    is on the plan, so only finding the room tells them apart), then others. Drawn from the whole list, the
    distractors were rarer than the pieces rooms hold, and the longest name was right 39% of the time."""
    others = list(dict.fromkeys(f.value for f in pieces if f.value != piece))
    rest = [x for x in FURNITURE if x != piece and x not in others]
    return qm.rng.sample(others, min(3, len(others))) + qm.rng.sample(rest, max(0, 3 - len(others)))


def normalised(text: str, language: str = "en") -> str:
    """Lower-case words joined by single spaces, padded, with times, numbers and money in canonical form
    (`arena/scripts/canonical.py`): phrases compare as whole words, whatever format states them. Chinese text
    is split into jieba words (`textunits.chinese_phrase`)."""
    if is_chinese(language):
        return chinese_phrase(text)
    return canonical(text)


def stated(qm: QuestionMaker, answer: str) -> bool:
    """Whether an MIU answer appears in a text of the case already written (it would then not need the image)."""
    return normalised(answer) in qm.texts  # the question maker works on the English texts (a language layer re-checks)


def cctv_questions(qm: QuestionMaker, d: ClueDraft) -> None:
    """What the figure in the subject's coat carries, and how many people the still shows."""
    look = dict(d.extra)
    coat = COAT_WORDS.get(look["coat"], look["coat"])
    room = qm.naming.label(next(f.place for f in d.facts if isinstance(f, At)))
    carries = next(f.value for f in d.facts if isinstance(f, Detail) and f.topic == "carries")
    if not stated(qm, carries):
        qm.add(Suite.MIU, f"On the security camera still from the {room}, what does the person in the {coat} coat "
               "carry?", [], list(CARRIES), Query(kind="detail", person=d.id, topic="carries"), [d.id, "c_cloakroom"])
    qm.add(Suite.MIU, f"How many people does the security camera still from the {room} show?", [],
           count_options("figure", 4)[1:], Query(kind="detail", person=d.id, topic="figures"), [d.id, "c_cloakroom"])


def seating_questions(qm: QuestionMaker, d: ClueDraft) -> None:
    """Who sat opposite the subject, and how many chairs at the subject's table stayed empty: seat geometry."""
    layout = dict(d.extra)
    room = qm.naming.label(next(f.place for f in d.facts if isinstance(f, At)))
    first = qm.naming.label(d.subject or "").split()[0]
    opposite = next(f.value for f in d.facts if isinstance(f, Detail) and f.topic == "opposite")
    guests = [g for key in ("seats", "other_seats") for g in layout[key].split("|") if g and g != first]
    if not stated(qm, opposite):
        qm.add(Suite.MIU, f"On the seating plan of the {room}, whose name card faces {first}'s across the table?",
               [], guests, Query(kind="detail", person=d.id, topic="opposite"), [d.id])
    qm.add(Suite.MIU, f"On the seating plan of the {room}, how many chairs at {first}'s table have no name card?",
           [], [plural(i, "empty chair") for i in EMPTY_CHAIRS], Query(kind="detail", person=d.id, topic="empty"),
           [d.id])


def sheet_question(qm: QuestionMaker, d: ClueDraft) -> None:
    extra = dict(d.extra)
    correct, near = clock_options(qm)
    decoys = [clock_label(int(m)) for m in extra["decoys"].split()]
    qm.add(Suite.MIU, f"On the photographed sheet of timepieces, what time does the one tagged {extra['tag']} show?",
           correct, decoys + qm.rng.sample(near, 1), Query(kind="clock_shows"), [d.id])


def media_card_question(qm: QuestionMaker, d: ClueDraft) -> None:
    from arena.generator.plots.questions import plot_media_question

    w = qm.world
    if plot_media_question(qm, d):
        return
    if d.style == "clock" and d.medium == "collage":
        sheet_question(qm, d)
    elif d.source == "cctv":
        cctv_questions(qm, d)
    elif d.source == "seating":
        seating_questions(qm, d)
    elif d.source == "exhibit":
        qm.add(Suite.MIU, f"On the photograph of {qm.naming.label(d.subject or '').split()[0]}'s writing case, how "
               "many IOUs are torn in two?", [], count_options("torn IOU", 3)[1:],
               Query(kind="detail", person=d.id, topic="torn"), [d.id])
    elif d.source == "timetable":
        slots = tuple(sorted(f.slot for f in d.facts if isinstance(f, At)))
        first = qm.naming.label(d.subject or "").split()[0]
        qm.add(Suite.MIU, f"On the staff's movement board, how many different rooms does {first}'s row show?", [],
               offered_rooms(d), Query(kind="trail_rooms", person=d.subject, slots=slots), [d.id])
    elif d.style == "clock":
        qm.add(Suite.MIU, "What time does the stopped clock show?", *clock_options(qm), Query(kind="clock_shows"),
               [d.id])
    elif d.style == "floorplan":
        floorplan_questions(qm, d)
    elif d.source == "route":
        slots = tuple(sorted(f.slot for f in d.facts if isinstance(f, At)))
        qm.add(Suite.MIU, "How many different rooms does the phone trail pass through?", [],
               count_options("room", 6), Query(kind="trail_rooms", person=d.subject, slots=slots), [d.id])
    elif d.style == "ledger":
        amounts = [f for f in d.facts if isinstance(f, Amount)]
        def taller(f: Amount) -> int:
            return sum(other.value > f.value for other in amounts)
        owing, offered = balanced_pick(qm, amounts, taller, BAR_COUNTS, 2)
        for f in owing:
            label = qm.naming.label(f.label) if f.label in qm.naming.facts.people else f.label
            short = label.split()[0] if f.label in qm.naming.facts.people else label
            qm.add(Suite.MIU, f"On the chart of sums owed to {w.victim}, how many bars are taller than "
                   f"{short}'s?", [], [plural(i, "bar") for i in offered], Query(kind="taller_bars", person=f.label),
                   [d.id])


PRESENCE_QUESTIONS = 12


def presence_questions(qm: QuestionMaker, drafts: tuple[ClueDraft, ...] = ()) -> None:
    """MMR: who was in a room at a time, combining role scripts with a picture that places someone (a plan's
    markers, a trail, a movement board): each question starts from a sighting that only an image shows, and asks
    about a room and time once (the same room and time with other people offered would count one question
    several times)."""
    w, n = qm.world, qm.naming
    seen = [(d.id, f) for d in drafts if d.is_image and d.id in qm.media for f in d.facts if isinstance(f, At)
            and f.slot < w.discovery_slot]
    first: dict[tuple[str, int], tuple[str, At]] = {}
    for clue, fact in qm.rng.sample(seen, len(seen)):
        first.setdefault((fact.place, fact.slot), (clue, fact))  # one item per room and time: no near-duplicates
    for clue, fact in list(first.values())[:PRESENCE_QUESTIONS]:
        among = qm.people_among([fact.person], 5)
        qm.add(Suite.MMR, f"Which of these people were in the {n.label(fact.place)} at {w.slots[fact.slot]}?", [],
               [n.label(p) for p in among], Query(kind="present", place=fact.place, slots=(fact.slot,),
                                                  among=tuple(among), multi=True),
               [clue, *(p for p in among if p != fact.person)], depth=2, size=len(among))


def clock_options(qm: QuestionMaker) -> tuple[list[str], list[str]]:
    """([the time on the stopped clock's face], distractors: nearby quarters, evenly placed around it)."""
    w = qm.world
    shows = minutes_of(w.slots[w.murder_slot]) - w.clock_slow
    if w.shown_slot is not None:  # a tampered clock shows the false time it was set to
        shows = minutes_of(w.slots[w.shown_slot])
    return time_options(qm, shows)


STEP_QUERIES: dict[str, QueryKind] = {
    "s_clock": "clock_shows", "s_time": "murder_time", "s_weapon": "weapon", "s_source": "weapon_place",
    "s_means": "with_means", "s_doors": "doors_of", "s_motive": "with_motive", "s_final": "culprits",
}


def step_question(qm: QuestionMaker, step: ReasoningStep, clue_refs: list[str]) -> None:
    """One MMR question per reasoning step, keyed by the whole case (person questions ask for every
    true option)."""
    from arena.generator.plots.questions import plot_step_question, weapon_names

    w, n = qm.world, qm.naming
    if plot_step_question(qm, step, [step.id] + clue_refs):
        return
    suspects = [p.id for p in w.people]
    kind: QueryKind = STEP_QUERIES.get(step.id, "voided" if step.id.startswith("s_void_") else "no_opportunity")
    evidence = [step.id] + clue_refs
    if kind == "clock_shows":
        qm.add(Suite.MMR, "What time did the stopped clock show when it was found?", *clock_options(qm),
               Query(kind=kind), evidence, depth=step.depth)
    elif kind == "murder_time":
        qm.add(Suite.MMR, f"At what time was {w.victim} killed?", [w.slots[w.murder_slot]],
               slot_window(qm, w.murder_slot),
               Query(kind=kind), evidence, depth=step.depth)
    elif kind == "weapon":
        qm.add(Suite.MMR, f"What was {w.victim} killed with?", [w.weapon.name], weapon_names(qm),
               Query(kind=kind), evidence, depth=step.depth)
    elif kind == "weapon_place":
        qm.add(Suite.MMR, f"Where could the {w.weapon.name} have been taken from?", [n.label(w.weapon_place)],
               qm.rooms, Query(kind=kind), evidence, depth=step.depth)
    elif kind == "doors_of":
        near = [n.label(p) for p in w.layout.neighbours(w.murder_place)]
        qm.add(Suite.MMR, f"From which rooms could someone step straight into the {n.label(w.murder_place)}? "
               "Choose all that apply.", near, qm.rooms, Query(kind=kind, place=w.murder_place,
               among=w.layout.ids, multi=True), evidence, depth=step.depth, size=len(qm.rooms))
    else:
        subject = step.id.split("_", 2)[2] if step.id.startswith(("s_void_", "s_clear_")) else None
        for _ in range(AMONG_TRIES):  # a set of people whose key is honest (not "everyone but the culprit")
            if person_step_question(qm, step, kind, evidence, sample_among(qm, suspects, subject, 4)):
                break


AMONG_TRIES = 6


def person_step_question(qm: QuestionMaker, step: ReasoningStep, kind: QueryKind, evidence: list[str],
                         among: list[str], stem: str | None = None) -> str | None:
    w, n = qm.world, qm.naming
    stems = {"with_means": f"Who entered the {n.label(w.weapon_place)} before the murder, and so could have "
                           f"taken the {w.weapon.name}?",
             "with_motive": f"Who had a reason to kill {w.victim} that still held that evening?",
             "culprits": f"Who killed {w.victim}?", "voided": "Whose motive had already been settled?",
             "no_opportunity": f"Who could not have been in the {n.label(w.murder_place)} when the murder happened?"}
    return qm.add(Suite.MMR, stem or stems[kind], [], [n.label(p) for p in among],
                  Query(kind=kind, among=tuple(among), multi=True), evidence, depth=step.depth, size=len(among))


def sample_among(qm: QuestionMaker, pool: list[str], subject: str | None, size: int) -> list[str]:
    """`size` people of `pool` (all of them when it is smaller), the subject among them if there is one."""
    others = [p for p in pool if p != subject]
    picked = qm.rng.sample(others, min(len(others), size - (1 if subject else 0)))
    return sorted(picked + ([subject] if subject else []))
