"""Templated, varied prose: the public briefing, profiles, second-person role scripts and the truth.

Every sentence is drawn from a few variants with a seeded `random.Random`, and says only what the
world model holds: where each person was in every time slot, who was with them, their relations,
motive and secret. The culprits' scripts also tell them what to hide and how to deflect.
"""

from __future__ import annotations

import random

from arena.generator import pools
from arena.generator.cluetext import clue_title
from arena.generator.evidence import ClueDraft
from arena.generator.phrases import join_names, method_phrase, motive_phrase, motive_sentence, second_person
from arena.generator.world import Person, World


def profile(world: World, person: Person) -> str:
    return f"{person.name}, {person.occupation}; {world.victim}'s {person.relation}."


def briefing(rng: random.Random, world: World) -> str:
    m_time = world.slots[world.discovery_slot]
    scene = world.place_name(world.murder_place)
    opening = rng.choice((
        f"{rng.choice(world.setting.weather)} At {world.building}, {len(world.people)} guests had gathered for "
        f"{world.setting.occasion} hosted by {world.victim}.",
        f"{world.victim} had invited {len(world.people)} guests to {world.building} for {world.setting.occasion}. "
        f"{rng.choice(world.setting.weather)}",
    ))
    found = rng.choice((f"At {m_time} {world.staff} found {world.victim} dead in the {scene}.",
                        f"At {m_time} {world.staff} discovered the body of {world.victim} in the {scene}."))
    parts = [opening, found]
    if len(world.culprits) > 1:
        parts.append(f"The police are sure that {len(world.culprits)} of the guests acted together.")
    parts.append(f"Nobody entered or left {world.building} all evening, so the killer is one of the guests. "
                 f"Rooms connect only through doorways, and nobody could pass through more than one doorway "
                 f"in a quarter of an hour.")
    parts.append("Present: " + "; ".join(profile(world, p).rstrip(".") for p in world.people) + ".")
    parts.append("Rooms: " + ", ".join(r.name for r in world.layout.rooms) + ".")
    return " ".join(parts)


def slot_sentence(rng: random.Random, world: World, person: Person, t: int) -> str:
    path = world.positions[person.id]
    room, time = world.place_name(path[t]), world.slots[t]
    if t == 0:
        lead = rng.choice((f"At {time} you were in the {room}", f"{time} found you in the {room}",
                           f"The evening began for you in the {room} at {time}"))
    elif path[t] == path[t - 1]:
        lead = rng.choice((f"At {time} you were still in the {room}", f"You stayed on in the {room} past {time}",
                           f"At {time} you remained in the {room}"))
    else:
        lead = rng.choice((f"At {time} you went through to the {room}", f"At {time} you walked over to the {room}",
                           f"Around {time} you made your way into the {room}"))
    others = [p.name for p in world.people if p.id != person.id and world.positions[p.id][t] == path[t]]
    if world.victim_positions[t] == path[t] and t < world.murder_slot:
        others.append(world.victim)
    if others:
        lead += rng.choice((f", together with {join_names(others)}", f", where {join_names(others)} also was"
                            if len(others) == 1 else f", where {join_names(others)} also were",
                            f"; {join_names(others)} kept you company"))
    else:
        lead += rng.choice((", alone", ", with nobody else there", " on your own"))
    if world.victim_positions[t] == path[t] and t < world.murder_slot:
        lead += rng.choice((f". {world.victim} was in a sharp temper", f". {world.victim} seemed distracted",
                            f". {world.victim} was talking too loudly and kept checking the time"))
    return lead + "." + departures(rng, world, person, t)


def departures(rng: random.Random, world: World, person: Person, t: int) -> str:
    """What the person saw of others leaving the room they stayed in (true by the timeline)."""
    path = world.positions[person.id]
    if t + 1 >= world.discovery_slot or path[t + 1] != path[t]:
        return ""
    seen = []
    for other in world.people:
        route = world.positions[other.id]
        if other.id != person.id and route[t] == path[t] and route[t + 1] != path[t]:
            seen.append(f"{other.name} left for the {world.place_name(route[t + 1])}")
    if not seen:
        return ""
    return " " + rng.choice(("Shortly afterwards {s}.", "A little later {s}.", "You noticed that {s}.")).format(
        s=join_names(seen))


def culprit_sentence(world: World, person: Person, t: int) -> str | None:
    """The culprit's own account of fetching the weapon and of the murder, or None for other slots."""
    path, time = world.positions[person.id], world.slots[t]
    if t == world.murder_slot:
        partners = [world.person(c).name for c in world.culprits if c != person.id]
        together = f" together with {join_names(partners)}" if partners else ""
        return (f"At {time} you were in the {world.place_name(world.murder_place)}{together} with {world.victim}. "
                f"The quarrel turned ugly and you {method_phrase(world)}. The clock fell in the struggle and "
                f"stopped at that moment.")
    if t == weapon_slot(world, person.id):
        return (f"At {time} you slipped into the {world.place_name(path[t])} and took the {world.weapon.name} "
                f"from {world.weapon.container}.")
    return None


def weapon_slot(world: World, person_id: str) -> int | None:
    """The first slot at which this person entered the weapon room early enough to strike in time."""
    gap = world.layout.dist(world.weapon_place, world.murder_place)
    path = world.positions[person_id]
    return next((t for t in range(world.murder_slot - gap + 1) if path[t] == world.weapon_place), None)


def relations_paragraph(rng: random.Random, world: World, person: Person) -> str:
    lines = [rng.choice(("As for the others here tonight:", "About the other guests:", "The rest of the company:"))]
    for other in world.people:
        if other.id == person.id:
            continue
        if person.culprit and other.culprit:
            lines.append(f"{other.name} is your accomplice: the two of you planned tonight together, and you "
                         f"must protect each other.")
            continue
        index = world.pair_relations[(min(person.id, other.id), max(person.id, other.id))]
        lines.append(f"{other.name} is {other.occupation}. "
                     + pools.PAIR_RELATIONS[index][1].format(other=other.name, first=other.name.split()[0]))
    return " ".join(lines)


def motive_paragraph(rng: random.Random, world: World, person: Person) -> str:
    herring = world.herring(person.id)
    if person.culprit:
        return (f"The truth is that you {second_person(motive_phrase(world, person))}. That is why {world.victim} "
                f"had to die.")
    if person.motive is None:
        return rng.choice((f"You had no quarrel with {world.victim}, and you will miss the dinners here.",
                           f"You were on good terms with {world.victim} and are shaken by the death.",
                           f"{world.victim} was kind to you, and you have no reason to wish them harm."))
    text = rng.choice(("You have reason to worry: you {m}. If that comes out, eyes will turn to you.",
                       "It will not look good for you: you {m}, and others may know it.",
                       "People may suspect you, because you {m}."))
    text = text.format(m=second_person(motive_phrase(world, person)))
    if herring is not None and herring.refutation == "void":
        text += f" What few people know is that {motive_phrase(world, person, void=True)}; you can prove it."
    return text


def hide_paragraph(rng: random.Random, world: World, person: Person) -> str:
    m = world.murder_slot
    alt = rng.choice([r for r in world.layout.ids if r != world.murder_place])
    fetched = weapon_slot(world, person.id)
    parts = [f"What you must hide: that you were in the {world.place_name(world.murder_place)} at "
             f"{world.slots[m]}, and that you {method_phrase(world)}."]
    if fetched is not None:
        parts.append(f"Nobody must learn that you took the {world.weapon.name} from the "
                     f"{world.place_name(world.weapon_place)} at {world.slots[fetched]}.")
    parts.append(f"If asked, say you were in the {world.place_name(alt)} at {world.slots[m]}. You are the only "
                 f"player allowed to lie; lie where you must, and keep your story consistent.")
    targets = [world.person(h.person) for h in world.herrings]
    if targets:
        target = rng.choice(targets)
        parts.append(f"If suspicion turns to you, remind everyone that {target.name} {motive_phrase(world, target)}.")
    return " ".join(parts)


def goals(world: World, person: Person) -> list[str]:
    if person.culprit:
        return ["Avoid being voted out as the killer.", "Keep your story consistent and steer suspicion elsewhere."]
    return [f"Find out who killed {world.victim} and vote for the killer.", "Tell the truth; keep your own secret "
            "unless it matters to the case."]


def role_script(rng: random.Random, world: World, person: Person, drafts: tuple[ClueDraft, ...]) -> str:
    opening = rng.choice((f"You are {person.name}, {person.occupation}.", f"Your name is {person.name}; by "
                          f"profession you are {person.occupation}.", f"You are {person.name} and you work as "
                          f"{person.occupation}."))
    intro = f"{opening} {person.background} {person.relation_text} " + rng.choice((
        f"Tonight you came to {world.building} for {world.setting.occasion}.",
        f"This evening {world.victim} welcomed you to {world.building} for {world.setting.occasion}."))
    paragraphs = [intro, relations_paragraph(rng, world, person), motive_paragraph(rng, world, person)]
    if not person.culprit:
        paragraphs.append(rng.choice(("You also keep a secret of your own: {s}.", "There is something you would "
                                      "rather nobody found out: {s}.")).format(s=person.secret)
                          + " It has nothing to do with the death.")
    evening = [rng.choice(("Here is how your evening went.", "Your evening, quarter hour by quarter hour:"))]
    for t in range(world.discovery_slot):
        special = culprit_sentence(world, person, t) if person.culprit else None
        evening.append(special or slot_sentence(rng, world, person, t))
    d = world.discovery_slot
    evening.append(f"At {world.slots[d]} you were in the {world.place_name(world.positions[person.id][d])} when "
                   f"{world.staff} found {world.victim} dead in the {world.place_name(world.murder_place)} and "
                   f"raised the alarm.")
    paragraphs.append(" ".join(evening))
    held = [d for d in drafts if d.holder == person.id]
    if held:
        paragraphs.append("You hold evidence that others have not seen yet: " + "; ".join(
            f"\"{clue_title(d, world)}\"" for d in held) + ". You may show it whenever you choose.")
    if person.culprit:
        paragraphs.append(hide_paragraph(rng, world, person))
    paragraphs.append("Your goals: " + " ".join(goals(world, person)))
    return "\n\n".join(paragraphs) + "\n"


def truth_parts(world: World) -> tuple[str, str, list[tuple[str, str]], str]:
    """(method, motive, timeline, summary)."""
    names = join_names([world.person(c).name for c in world.culprits])
    method = (f"{names} took the {world.weapon.name} from {world.weapon.container} in the "
              f"{world.place_name(world.weapon_place)} and {method_phrase(world)} in the "
              f"{world.place_name(world.murder_place)} at {world.slots[world.murder_slot]}.")
    motive = motive_sentence(world)
    timeline = []
    for c in world.culprits:
        fetched = weapon_slot(world, c)
        if fetched is not None:
            timeline.append((world.slots[fetched], f"{world.person(c).name} takes the {world.weapon.name} from the "
                                                   f"{world.place_name(world.weapon_place)}."))
    timeline.append((world.slots[world.murder_slot], f"{world.victim} is killed in the "
                                                     f"{world.place_name(world.murder_place)}; the clock stops."))
    timeline.append((world.slots[world.discovery_slot], f"{world.staff.capitalize()} finds the body."))
    summary = f"{method} Motive: {motive}"
    return method, motive, sorted(timeline), summary
