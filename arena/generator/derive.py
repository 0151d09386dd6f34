"""Derivation of a full case from a world: the Script, its role texts, card specs and clue facts.

The result is in the project's script format (`arena/scripts/schema.py`), plus the facts each clue
was written from (`CaseFacts`), which the solver check reads.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from arena.generator import pools
from arena.generator.cards import card_spec, image_file
from arena.generator.chain import build_chain
from arena.generator.cluetext import clue_text, clue_title
from arena.generator.evidence import TEXT_RICH, ClueDraft, plan_evidence
from arena.generator.facts import (
    At,
    CaseFacts,
    ClockSlow,
    ClockTampered,
    Collapse,
    Fact,
    Motive,
    MotiveVoid,
    MurderPlace,
    NoMotive,
    Onset,
    Query,
    Relation,
)
from arena.generator.grounding import Grounding
from arena.generator.longform import Draft
from arena.generator.phrases import motive_phrase
from arena.generator.prose import briefing, goals, profile, role_script, truth_parts
from arena.generator.questions import (
    Naming,
    QuestionMaker,
    lsu_questions,
    media_card_question,
    normalised,
    presence_questions,
    step_question,
    text_card_question,
    text_clue_question,
)
from arena.generator.solver import Solver
from arena.generator.world import World
from arena.scripts.clock import slot_minutes
from arena.scripts.schema import (
    Clue,
    ImageKind,
    ImageRef,
    KeyStatement,
    Location,
    Question,
    ReasoningChain,
    Role,
    Script,
    Suite,
    TimelineEntry,
    Truth,
)


@dataclass(frozen=True)
class GeneratedCase:
    script: Script
    facts: CaseFacts
    cards: tuple[dict[str, Any], ...]
    world: World
    drafts: tuple[ClueDraft, ...] = ()  # the clue plan (a language layer rewrites its texts from it)


def alt_text(draft: ClueDraft, world: World, title: str) -> str:
    if draft.style == "clock":  # never the time: that is what the picture alone shows
        return "A clock face without numerals; only its hands tell the time"
    return f"{title} ({draft.medium.replace('_', ' ')} card)"


def make_clue(rng: random.Random, draft: ClueDraft, world: World) -> Clue:
    title = clue_title(draft, world)
    image = None
    if draft.is_image:
        kind = ImageKind.TEXT_RICH if draft.medium in TEXT_RICH else ImageKind.MEDIA_RICH
        image = ImageRef(file=image_file(draft), kind=kind, alt=alt_text(draft, world, title))
    return Clue(id=draft.id, kind="image" if draft.is_image else "text", title=title,
                text=clue_text(rng, draft, world), image=image, visibility=draft.visibility, holder=draft.holder,
                location=draft.location, unlock_round=draft.unlock_round, key=draft.key, misleading=draft.misleading)


def role_facts(world: World, written: dict[str, Draft]) -> dict[str, tuple[Fact, ...]]:
    """What each role script states about its own holder: where they were at every slot, their relation,
    their motive (or that they had none), and the details of their life the script tells."""
    out: dict[str, tuple[Fact, ...]] = {}
    for person in world.people:
        path = world.positions[person.id]
        facts: list[Fact] = [At(person=person.id, place=place, slot=t) for t, place in enumerate(path)]
        facts.append(Relation(person=person.id, relation=person.relation))
        if person.motive is None:
            facts.append(NoMotive(person=person.id))
        else:
            facts.append(Motive(person=person.id, kind=person.motive))
            herring = world.herring(person.id)
            if herring is not None and herring.refutation == "void":
                facts.append(MotiveVoid(person=person.id))
        facts += [fact for fact, _ in written[person.id].details]
        out[person.id] = tuple(facts)
    return out


def given_facts(world: World) -> tuple[Fact, ...]:
    """What the public briefing states: where the body lay (the murder room), or where a poisoned victim collapsed
    and when (the room where the poison was given is for the evidence to show)."""
    if world.plot_spec.time == "onset":
        return (Collapse(slot=world.discovery_slot, place=world.scene),)
    return (MurderPlace(place=world.murder_place),)


def case_facts(world: World, drafts: tuple[ClueDraft, ...], written: dict[str, Draft],
               queries: dict[str, Query]) -> CaseFacts:
    return CaseFacts(
        slots=world.slots, people={p.id: p.name for p in world.people},
        places={r.id: r.name for r in world.layout.rooms},
        weapons={w[0]: w[1] for w in (*pools.WEAPONS, *(pools.POISONS if world.plot_spec.time == "onset" else ()))},
        motive_phrases={kind: v[2] for kind, v in pools.MOTIVES.items()}, culprits=world.culprits,
        given=given_facts(world), clues={d.id: d.facts for d in drafts},
        roles=role_facts(world, written), sightings={pid: tuple(dict.fromkeys(w.sightings))
                                                      for pid, w in written.items()},
        queries=queries, media_clues=tuple(d.id for d in drafts if d.is_image and d.medium not in TEXT_RICH),
        by_looks=tuple(d.id for d in drafts if d.source == "cctv"))


def word_position(script: str, sentence: str, total: int) -> tuple[int, int, int]:
    """(first word, last word, words in the script) of a sentence in a script of `total` words."""
    at = script.find(sentence)
    first = len(script[:at].split()) if at >= 0 else -1
    return first, first + len(sentence.split()) - 1, total


def where_sentence(world: World, q: Question, query: Query) -> str:
    """The timeline sentence of a "where" question (it starts with the slot's time), or of the last quarter hour
    a question over several slots reads (the evidence reaches that far)."""
    if query.slot is not None:
        return world.slots[query.slot]
    return world.slots[max(query.slots)] if query.slots else ""


def statement_text(fact: Fact, world: World) -> str | None:
    if isinstance(fact, At):
        who, room = world.person(fact.person).name, world.place_name(fact.place)
        return f"{who} was in the {room} at {world.slots[fact.slot]}."
    if isinstance(fact, Motive):
        person = world.person(fact.person)
        return f"{person.name} {motive_phrase(world, person, fact.kind)}."
    if isinstance(fact, ClockSlow):
        return f"The clock in the {world.place_name(world.murder_place)} ran {fact.minutes} minutes slow."
    if isinstance(fact, MotiveVoid):
        person = world.person(fact.person)
        return f"{person.name}'s motive was settled: {motive_phrase(world, person, void=True)}."
    if isinstance(fact, ClockTampered):
        room = world.place_name(world.murder_place)
        return (f"The clock in the {room} was set by hand after it stopped: the time it "
                "shows is false.")
    if isinstance(fact, Onset):
        return f"The {world.weapon.name} takes effect {slot_minutes(fact.slots)} minutes after it is swallowed."
    return None


def key_statements(world: World, drafts: tuple[ClueDraft, ...],
                   statement: Callable[[Fact, World], str | None] = statement_text) -> list[KeyStatement]:
    """The facts that move the case forward when a role says them in discussion (worded by `statement`)."""
    found: dict[str, set[str]] = {}
    for d in drafts:
        if d.key and d.holder:
            for fact in d.facts:
                if (text := statement(fact, world)) and (not isinstance(fact, At) or fact.person == d.subject):
                    found.setdefault(text, set()).add(d.holder)
    for h in world.herrings:
        if h.refutation in ("alibi", "reach"):
            slot = world.murder_slot if h.refutation == "alibi" else h.reach_slot
            assert slot is not None
            fact = At(person=h.person, place=world.positions[h.person][slot], slot=slot)
            found.setdefault(statement(fact, world) or "", set()).add(h.person)
    return [KeyStatement(id=f"ks{i + 1}", text=text, holders=sorted(holders))
            for i, (text, holders) in enumerate(found.items())]


def make_questions(rng: random.Random, world: World, drafts: tuple[ClueDraft, ...], chain: ReasoningChain,
                   facts: CaseFacts, written: dict[str, Draft], clues: list[Clue]) -> QuestionMaker:
    naming = Naming(facts)
    qm = QuestionMaker(rng, world, naming, Solver(facts, facts.all_facts()))
    qm.grounding = Grounding(facts, naming, {s.id: tuple(s.rests_on) for s in chain.steps})
    qm.media = set(facts.media_clues)
    shown = [(d.id in qm.media, f.kind) for d in drafts for f in d.facts if isinstance(f, Motive)]
    qm.pictured_motives = {kind for media, kind in shown if media} - {kind for media, kind in shown if not media}
    qm.texts = normalised(" ".join([*("\n".join(d.paragraphs) for d in written.values()),
                                    *(f"{c.title} {c.text}" for c in clues)]))
    lsu_questions(qm, {pid: d.details for pid, d in written.items()},
                  {pid: "\n\n".join(d.paragraphs) for pid, d in written.items()})
    for d in drafts:
        if d.medium in TEXT_RICH:
            text_card_question(qm, d)
        elif d.is_image:
            media_card_question(qm, d)
        else:
            text_clue_question(qm, d)
    by_id = {d.id: d for d in drafts}
    for step in chain.steps:
        step_question(qm, step, [r for r in step.rests_on if r in by_id])
    presence_questions(qm, drafts)
    return qm


def make_roles(world: World, written: dict[str, Draft]) -> list[Role]:
    return [Role(id=p.id, name=p.name, profile=profile(world, p), script="\n\n".join(written[p.id].paragraphs) + "\n",
                 script_file=f"roles/{p.id}.md", goals=goals(world, p), culprit=p.culprit) for p in world.people]


def derive_case(rng: random.Random, world: World, case_id: str, metadata: dict[str, Any]) -> GeneratedCase:
    drafts = plan_evidence(rng, world)
    clues = [make_clue(rng, d, world) for d in drafts]
    cards = tuple(card_spec(rng, d, world) for d in drafts if d.is_image)
    chain = build_chain(world, drafts)
    shared: set[str] = set()
    written = {p.id: role_script(rng, world, p, drafts, shared) for p in world.people}
    roles = make_roles(world, written)
    qm = make_questions(rng, world, drafts, chain, case_facts(world, drafts, written, {}), written, clues)
    texts = {r.id: r.script or "" for r in roles}
    totals = {rid: len(text.split()) for rid, text in texts.items()}
    positions = {q.id: word_position(texts[q.role or ""], qm.anchors.get(q.id) or where_sentence(world, q, query),
                                     totals[q.role or ""]) for q, query in qm.items if q.suite is Suite.LSU}
    facts = case_facts(world, drafts, written, {q.id: query for q, query in qm.items}).model_copy(
        update={"positions": positions})
    method, motive, timeline, summary = truth_parts(world)
    statements = key_statements(world, drafts)
    title = rng.choice((f"Death at {world.building}", f"The {world.place_name(world.murder_place)} Affair",
                        f"A Quarter Hour at {world.building}", f"The Last Guest of {world.victim}"))
    script = Script(
        id=case_id, title=title, briefing=briefing(rng, world), victim=world.victim, culprits=list(world.culprits),
        locations=[Location(id=r.id, name=r.name, description=f"The {r.name} of {world.building}.")
                   for r in world.layout.rooms],
        roles=roles, clues=clues,
        truth=Truth(culprits=list(world.culprits), method=method, motive=motive,
                    timeline=[TimelineEntry(time=t, event=e) for t, e in timeline], summary=summary),
        key_statements=statements, key_roles=sorted({h for s in statements for h in s.holders}),
        reasoning_chains=[chain], questions=[q for q, _ in qm.items], metadata=metadata)
    return GeneratedCase(script=script, facts=facts, cards=cards, world=world, drafts=drafts)

