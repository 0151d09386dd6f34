"""The Chinese language layer of the generator (`arena generate --language zh`).

The world, the clue plan, the facts, the reasoning chain and the questions (with their typed queries)
are drawn once, by the same code as in English. `localise` then writes every text a player reads in
Simplified Chinese from those same facts: role scripts of the requested number of CJK characters,
clue texts and card words, question stems and options, briefing, truth and chain. The case facts get
Chinese display names and `labels` (English value -> Chinese) so the solver answers in Chinese and the
whole-case checks re-derive every key in the case's own language.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from arena.generator import pools
from arena.generator.derive import GeneratedCase, key_statements, where_sentence
from arena.generator.facts import CaseFacts, Detail, Relation
from arena.generator.textunits import position
from arena.generator.zh import story
from arena.generator.zh.cards import card_spec
from arena.generator.zh.clues import alt_text, clue_text, clue_title
from arena.generator.zh.lexicon import name, term
from arena.generator.zh.questions import Stems
from arena.generator.zh.script import role_script
from arena.scripts.schema import Clue, Question, ReasoningChain, Role, Script, Suite, TimelineEntry, Truth

__all__ = ["localise"]


def chinese_facts(case: GeneratedCase) -> CaseFacts:
    """The case facts with Chinese display names and labels for every other value a question shows."""
    f, script = case.facts, case.script
    values = {o for q in script.questions for o in q.options.values()}
    values |= {x.value for facts in f.roles.values() for x in facts
               if isinstance(x, Detail) and x.value not in f.people}  # a person's label is the name
    values |= {x.relation for facts in f.roles.values() for x in facts if isinstance(x, Relation)}
    values |= {f"{case.world.clock_slow} minutes slow"} if case.world.clock_slow else set()
    values |= {x.value for facts in f.clues.values() for x in facts if isinstance(x, Detail)}
    values |= {p.occupation for p in case.world.people}
    return f.model_copy(update={
        "people": {k: name(v) for k, v in f.people.items()}, "places": {k: term(v) for k, v in f.places.items()},
        "weapons": {k: term(v) for k, v in f.weapons.items()},
        "motive_phrases": {k: term(v) for k, v in f.motive_phrases.items()},
        "labels": {v: term(v) for v in sorted(values) if term(v) != v}})


def questions(case: GeneratedCase, stems: Stems) -> list[Question]:
    out = []
    for q in case.script.questions:
        query = case.facts.queries[q.id]
        out.append(q.model_copy(update={"stem": stems.stem(q, query),
                                        "options": {k: term(v) for k, v in q.options.items()}}))
    return out


def rematched(case: GeneratedCase, texts: dict[str, str]) -> GeneratedCase:
    """The case with each relation item's distractors named by the Chinese role script exactly as its key is (or
    not named, as the key is not). The English draw matched them on the English script (`matched_distractors`),
    and a relation the English names may go unnamed in Chinese, which a lookup on the Chinese text would learn.
    Distractors are re-drawn from the same pool when needed, with a generator of their own (nothing else in the
    case changes). An item that too few relations fit is not asked, as in English."""
    questions = []
    for q in case.script.questions:
        query, text = case.facts.queries[q.id], texts.get(q.role or "", "")
        if q.suite is Suite.LSU and query.kind == "relation":
            key = q.options[q.answer[0]]
            named = term(key) in text
            wrong = [letter for letter in q.options if letter not in q.answer]
            if any((term(q.options[letter]) in text) != named for letter in wrong):
                fitting = [r for r, *_ in pools.RELATIONS if r != key and (term(r) in text) == named]
                if len(fitting) < len(wrong):
                    continue
                drawn = random.Random(f"{case.script.id}/{q.id}").sample(fitting, len(wrong))
                q = q.model_copy(update={"options": {**q.options, **dict(zip(wrong, drawn, strict=True))}})
        questions.append(q)
    kept = {q.id for q in questions}
    return replace(case, script=case.script.model_copy(update={"questions": questions}),
                   facts=case.facts.model_copy(update={"queries": {k: v for k, v in case.facts.queries.items()
                                                                   if k in kept}}))


def roles(rng: random.Random, case: GeneratedCase,
          titles: dict[str, str]) -> tuple[list[Role], dict[str, dict[str, str]]]:
    w = case.world
    shared: set[object] = set()
    out, anchors = [], {}
    for p in w.people:
        text, anchors[p.id] = role_script(rng, w, p, case.facts, case.drafts, titles, shared)
        out.append(Role(id=p.id, name=name(p.name), profile=story.profile(w, p), script=text,
                        script_file=f"roles/{p.id}.md", goals=story.goals(w, p), culprit=p.culprit))
    return out, anchors


def positions(case: GeneratedCase, texts: dict[str, str], anchors: dict[str, dict[str, str]]) -> dict[str, Any]:
    """LSU question id -> (first character, last character, script characters) of the sentence it rests on."""
    out = {}
    for q in case.script.questions:
        if q.suite is not Suite.LSU:
            continue
        query, role = case.facts.queries[q.id], q.role or ""
        if query.kind == "detail":
            anchor = anchors[role].get(query.topic or "", "")
        else:
            anchor = where_sentence(case.world, q, query)
        out[q.id] = position(texts[role], anchor, "zh")
    return out


def clues(rng: random.Random, case: GeneratedCase, titles: dict[str, str]) -> list[Clue]:
    drafts = {d.id: d for d in case.drafts}
    out = []
    for c in case.script.clues:
        d = drafts[c.id]
        image = c.image.model_copy(update={"alt": alt_text(d, titles[c.id])}) if c.image is not None else None
        out.append(c.model_copy(update={"title": titles[c.id], "text": clue_text(rng, d, case.world), "image": image}))
    return out


def localise(rng: random.Random, case: GeneratedCase) -> GeneratedCase:
    """The case with every text in Simplified Chinese; ids, facts, keys and chain structure unchanged."""
    w, drafts = case.world, {d.id: d for d in case.drafts}
    titles = {d.id: clue_title(d, w) for d in case.drafts}
    role_list, anchors = roles(rng, case, titles)
    case = rematched(case, {r.id: r.script or "" for r in role_list})
    facts = chinese_facts(case).model_copy(update={"positions": positions(
        case, {r.id: r.script or "" for r in role_list}, anchors)})
    how, why, timeline, summary = story.truth_parts(w)
    chain = case.script.reasoning_chains[0]
    steps = [s.model_copy(update={"text": story.step_text(s.id, w, drafts)}) for s in chain.steps]
    statements = key_statements(w, case.drafts, story.statement_text)
    script = case.script.model_copy(update={
        "title": story.title(rng, w), "briefing": story.briefing(rng, w), "victim": name(w.victim), "language": "zh",
        "locations": [loc.model_copy(update={"name": term(loc.name),
                                             "description": f"{term(w.building)}的{term(loc.name)}。"})
                      for loc in case.script.locations],
        "roles": role_list, "clues": clues(rng, case, titles),
        "truth": Truth(culprits=list(w.culprits), method=how, motive=why,
                       timeline=[TimelineEntry(time=t, event=e) for t, e in timeline], summary=summary),
        "key_statements": statements,
        "reasoning_chains": [ReasoningChain(id=chain.id, conclusion=story.conclusion(w), steps=steps)],
        "questions": questions(case, Stems(w, drafts, titles))})
    cards = tuple(card_spec(spec, drafts[clue_id(spec)], w) for spec in case.cards)
    return GeneratedCase(script=Script.model_validate(script.model_dump()), facts=facts, cards=cards, world=w,
                         drafts=case.drafts)


def clue_id(spec: dict[str, Any]) -> str:
    return str(spec["file"]).split("/")[-1].rsplit(".", 1)[0]
