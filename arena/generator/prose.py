"""Templated, varied prose: the public briefing, profiles, second-person role scripts and the truth.

Every sentence is drawn from a few variants with a seeded `random.Random`, and says only what the
world model holds: where each person was in every time slot, who was with them, their relations,
motive and secret. The culprits' scripts also tell them what to hide and how to deflect.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

from arena.generator import lore, pools
from arena.generator.cluetext import clue_title
from arena.generator.evidence import ClueDraft
from arena.generator.longform import (
    Draft,
    backstory,
    evening_section,
    others_section,
    pictured,
    secret_paragraph,
    victim_section,
)
from arena.generator.phrases import capital, join_names, method_phrase, motive_phrase, motive_sentence, second_person
from arena.generator.plots.story import (
    crime_event,
    fetch_line,
    found_event,
    found_sentence,
    murder_line,
    staging_secret,
    truth_method,
)
from arena.generator.world import Person, World

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def profile(world: World, person: Person) -> str:
    job = person.occupation if person.occupation.split()[-1] not in person.relation else ""
    return f"{person.name}, {world.victim}'s {person.relation}" + (f" and {job}" if job else "") + "."


def briefing(rng: random.Random, world: World) -> str:
    m_time = world.slots[world.discovery_slot]
    scene = world.place_name(world.scene)
    guests = NUMBER_WORDS[len(world.people)]
    opening = rng.choice((
        f"{rng.choice(world.setting.weather)} At {world.building}, {guests} guests had gathered for "
        f"{world.setting.occasion} hosted by {world.victim}.",
        f"{world.victim} had invited {guests} guests to {world.building} for {world.setting.occasion}. "
        f"{rng.choice(world.setting.weather)}",
    ))
    found = found_sentence(world) or rng.choice((f"At {m_time} {world.staff} found {world.victim} dead in the {scene}.",
                                                 f"At {m_time} {world.staff} discovered the body of {world.victim} in "
                                                 f"the {scene}."))
    parts = [opening, found]
    if len(world.culprits) > 1:
        parts.append(f"The police are sure that {NUMBER_WORDS[len(world.culprits)]} of the guests acted together.")
    parts.append(f"Nobody entered or left {world.building} all evening, so the killer is one of the guests. "
                 "Rooms connect only through doorways. Whereabouts are kept by the quarter hour (on the hour, at "
                 "quarter past, half past and quarter to): within a quarter hour nobody changed rooms, "
                 "and from one quarter hour to the next nobody passed through more than a single doorway.")
    parts.append("Present: " + "; ".join(profile(world, p).rstrip(".") for p in world.people) + ".")
    parts.append("Rooms: " + ", ".join(r.name for r in world.layout.rooms) + ".")
    return " ".join(parts)


def culprit_sentence(world: World, person: Person, t: int) -> str | None:
    """The culprit's own account of fetching the weapon and of the murder, or None for other slots."""
    path, time = world.positions[person.id], world.slots[t]
    if t == world.murder_slot and (line := murder_line(world, person)) is not None:
        return line
    if t == world.murder_slot:
        partners = [world.person(c).name for c in world.culprits if c != person.id]
        together = f" together with {join_names(partners)}" if partners else ""
        return (f"At {time} you were in the {world.place_name(world.murder_place)}{together} with {world.victim}. "
                f"The quarrel turned ugly and you {method_phrase(world)}. Things were knocked over in the "
                f"struggle; you did not stop to set them straight.")
    if t == weapon_slot(world, person.id):
        if (fetched := fetch_line(world, person, t)) is not None:
            return fetched
        return (f"At {time} you slipped into the {world.place_name(path[t])} and took the {world.weapon.name} "
                f"from {world.weapon.container}.")
    return None


def weapon_slot(world: World, person_id: str) -> int | None:
    """The first slot at which this person entered the weapon room early enough to strike in time (None when the
    weapon lay at hand)."""
    if world.plot_spec.access == "none":
        return None
    gap = world.layout.dist(world.weapon_place, world.murder_place)
    path = world.positions[person_id]
    return next((t for t in range(world.murder_slot - gap + 1) if path[t] == world.weapon_place), None)


def pair_variant(world: World, person: Person, count: Callable[[str], int]) -> dict[str, int]:
    """Which wording (of `count(relation)` variants) `person`'s script gives each other person's relation: each
    side of a pair, and each pair, words it its own way (crc32 is stable across runs), and no wording is used twice
    in one script (so "the friend you have kept longest" is said of one person only)."""
    out: dict[str, int] = {}
    used: set[tuple[str, int]] = set()
    for other in world.people:
        if other.id == person.id:
            continue
        relation = pools.PAIR_RELATIONS[world.pair_relations[(min(person.id, other.id), max(person.id, other.id))]][0]
        n = count(relation)
        base = zlib.crc32(f"{person.id}|{other.id}".encode()) % n
        index = next(((base + k) % n for k in range(n) if (relation, (base + k) % n) not in used), base)
        used.add((relation, index))
        out[other.id] = index
    return out


def relation_of(world: World, person: Person, other: Person) -> str:
    return pools.PAIR_RELATIONS[world.pair_relations[(min(person.id, other.id), max(person.id, other.id))]][0]


def pair_wordings(relation: str) -> tuple[str, ...]:
    """The English wordings of a pair relation: the pool's own and the prose variants, each once."""
    return tuple(dict.fromkeys((dict(pools.PAIR_RELATIONS)[relation], *lore.PAIR_VARIANTS.get(relation, ()))))


def pair_sentences(world: World, person: Person) -> dict[str, str]:
    """What `person` thinks of each other person, from the pair relation drawn for the two of them."""
    wording = pair_variant(world, person, lambda relation: len(pair_wordings(relation)))
    out = {}
    for other in world.people:
        if other.id != person.id:
            text = pair_wordings(relation_of(world, person, other))[wording[other.id]]
            out[other.id] = capital(text.format(other=other.name, first=other.first, obj=world.pro(other.id, 1)))
    return out


def motive_paragraph(d: Draft) -> str:
    world, person = d.world, d.person
    herring = world.herring(person.id)
    if person.culprit:
        return (f"The truth is that you {second_person(motive_phrase(world, person))}. That is why {world.victim} "
                f"had to die.")
    if person.motive is None:
        return d.pick(("You had no quarrel with {victim}, and you will miss {vobj}.",
                       "You were on good terms with {victim} and are shaken by the death.",
                       "{victim} was kind to you, and you have no reason to wish {vobj} harm.",
                       "Whatever others felt about {victim}, you had no reason to want {vobj} dead.")).format(
            victim=world.victim, vobj=world.pro(None, 1))
    text = d.pick(("You have reason to worry: you {m}. If that comes out, eyes will turn to you.",
                   "It will not look good for you: you {m}, and others may know it.",
                   "People may suspect you, because you {m}.",
                   "You know how it will look: you {m}."))
    text = text.format(m=second_person(motive_phrase(world, person)))
    if herring is not None and herring.refutation == "void":
        text += " What few people know is that the matter was settled before tonight, and you hold the proof."
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
    staged = staging_secret(world)
    if staged is not None:
        parts.append(staged)
    parts.append(f"If asked, say you were in the {world.place_name(alt)} at {world.slots[m]}. You are the only "
                 f"player allowed to lie; lie where you must, and keep your story consistent.")
    targets = [world.person(h.person) for h in world.suspicious]
    if targets:
        target = rng.choice(targets)
        parts.append(f"If suspicion turns to you, remind everyone that {target.name} {motive_phrase(world, target)}.")
    return " ".join(parts)


def goals(world: World, person: Person) -> list[str]:
    if person.culprit:
        return ["Avoid being voted out as the killer.", "Keep your story consistent and steer suspicion elsewhere."]
    return [f"Find out who killed {world.victim} and vote for the killer.", "Tell the truth; keep your own secret "
            "unless it matters to the case."]


def role_script(rng: random.Random, world: World, person: Person, drafts: tuple[ClueDraft, ...],
                shared: set[str] | None = None) -> Draft:
    """The role's script with the facts it states, as long as what it has to tell (never padded). `shared`
    collects the templates the case's roles have used, so each role prefers sentences no other role of the case
    has."""
    d = Draft(rng, world, person, shared=shared if shared is not None else set(), pictured=pictured(drafts))
    opening = rng.choice((f"You are {person.name}, {person.occupation}.", f"Your name is {person.name}; by "
                          f"profession you are {person.occupation}.", f"You are {person.name} and you work as "
                          f"{person.occupation}."))
    d.paragraphs.append(f"# {person.name}\n\n{opening}")
    backstory(d)
    victim_section(d)
    others_section(d, pair_sentences(world, person))
    d.paragraphs.append(motive_paragraph(d))
    if not person.culprit:
        d.paragraphs.append(secret_paragraph(d))
    specials = {t: s for t in range(world.discovery_slot) if person.culprit
                and (s := culprit_sentence(world, person, t)) is not None}
    evening_section(d, specials)
    held = [x for x in drafts if x.holder == person.id]
    if held:
        d.paragraphs.append("You hold evidence that others have not seen yet: " + "; ".join(
            f"\"{clue_title(x, world)}\"" for x in held) + "; you may show it whenever you choose.")
    if person.culprit:
        d.paragraphs.append(hide_paragraph(rng, world, person))
    d.paragraphs.append(d.pick(lore.CULPRIT_GOALS if person.culprit else lore.GOALS).format(victim=world.victim))
    return d


def truth_parts(world: World) -> tuple[str, str, list[tuple[str, str]], str]:
    """(method, motive, timeline, summary)."""
    names = join_names([world.person(c).name for c in world.culprits])
    method = truth_method(world, names) or (
        f"{names} took the {world.weapon.name} from {world.weapon.container} in the "
        f"{world.place_name(world.weapon_place)} and {method_phrase(world)} in the "
        f"{world.place_name(world.murder_place)} at {world.slots[world.murder_slot]}.")
    motive = motive_sentence(world)
    timeline = []
    for c in world.culprits:
        fetched = weapon_slot(world, c)
        if fetched is not None:
            timeline.append((world.slots[fetched], f"{world.person(c).name} takes the {world.weapon.name} from the "
                                                   f"{world.place_name(world.weapon_place)}."))
    timeline.append((world.slots[world.murder_slot], crime_event(world)))
    timeline.append((world.slots[world.discovery_slot], found_event(world)))
    summary = f"{method} Motive: {motive}"
    return method, motive, sorted(timeline), summary
