"""Second-person role scripts: backstory, the victim, the others, the evening quarter hour by quarter hour.

`role_script` (in `prose.py`) writes one role's script from the world model, with these parts. Beside the
text, a draft records what the text states as facts: details of the role's own life and whose secret it knows
(for LSU questions, with the sentence that states each), and what the role saw of other people (for the
solver). Sightings of others are narrated only outside the murder's quarter hour and the ones either side, so
a role's memories never decide the case without the clues.

Every sentence states a fact of the case; a script is as long as what it has to tell and is never padded to a
length. Sentences are drawn without repetition within a script, and each role prefers wordings no other role
of the case has used.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from arena.generator import lore, pools
from arena.generator.evidence import ClueDraft
from arena.generator.facts import At, Detail
from arena.generator.phrases import capital, join_names
from arena.generator.world import Person, World

FAMILY = ("estranged sibling", "cousin", "godchild")


OPENERS = ("You", "It", "When", "The", "He", "She", "They", "Your", "Nothing", "There", "Now", "Since", "Then",
           "Everyone", "Nobody", "That", "This")
KNOT = re.compile(r"\. (" + "|".join(OPENERS) + r")\b")


def knit(text: str) -> str:
    """A multi-sentence template as one sentence: "... since. You ..." becomes "... since; you ...", so the
    follow-up clause stays with the names and places of its first part instead of recurring on its own."""
    return KNOT.sub(lambda m: "; " + m.group(1).lower(), text)


@dataclass
class Draft:
    """A script being written: its paragraphs, and the facts its sentences state."""

    rng: random.Random
    world: World
    person: Person
    paragraphs: list[str] = field(default_factory=list)
    details: list[tuple[Detail, str]] = field(default_factory=list)  # (fact, the sentence stating it)
    sightings: list[At] = field(default_factory=list)
    used: set[str] = field(default_factory=set)
    shared: set[str] = field(default_factory=set)  # templates the case's other roles have used already
    pictured: frozenset[At] = frozenset()  # where the case's images place people (`pictured`)

    def fill(self, template: str, other: Person | None = None, **extra: str) -> str:
        w = self.world
        values = {"victim": w.victim, "vsub": w.pro(None), "vobj": w.pro(None, 1), "vpos": w.pro(None, 2),
                  "vsub_cap": capital(w.pro(None)), "building": w.building, **extra}
        if other is not None:
            values |= {"other": other.name, "osub": other.pronoun, "oobj": w.pro(other.id, 1),
                       "opos": w.pro(other.id, 2)}
        return knit(capital(template.format(**values)))

    def pick(self, pool: tuple[str, ...], about: str = "") -> str:
        """A template from `pool` used neither in this script nor by another role of the case (about the same
        person `about`, when given); else one not used in this script; any, once all are used."""
        unused = [t for t in pool if t not in self.used]
        fresh = [t for t in unused if t + about not in self.shared] or unused or list(pool)
        choice = self.rng.choice(fresh)
        self.used.add(choice)
        self.shared.add(choice + about)
        return choice

    def detail(self, topic: str, value: str, sentence: str) -> str:
        self.details.append((Detail(person=self.person.id, topic=topic, value=value), sentence))
        return sentence

    def words(self) -> int:
        return sum(len(p.split()) for p in self.paragraphs)


def backstory(d: Draft) -> None:
    town = d.rng.choice(lore.TOWNS)
    home = d.detail("hometown", town, d.fill(d.pick(lore.BACKSTORY), town=town))
    d.paragraphs.append(f"{d.person.background} {home}")


def victim_section(d: Draft) -> None:
    w = d.world
    city = d.rng.choice(lore.CITIES)
    family = d.person.relation in FAMILY
    pool = lore.FAMILY_MEETINGS if family else lore.MEETINGS
    met = d.detail("remembered_in" if family else "first_met", city,
                   d.fill(d.pick(pool), city=city, ago=d.rng.choice(lore.AGO)))
    relation = d.fill(d.person.relation_text)
    d.paragraphs.append(f"{relation} {met}")
    d.paragraphs.append(d.fill(d.pick(w.setting.arrivals or lore.ARRIVALS), occasion=w.setting.occasion))


def others_section(d: Draft, pair_text: dict[str, str]) -> None:
    w = d.world
    d.paragraphs.append(d.pick(("As for the others here tonight:", "About the other guests:",
                                "The rest of the company, as you know them:", "The others, as you know them:")))
    for other in w.people:
        if other.id == d.person.id:
            continue
        if d.person.culprit and other.culprit:
            d.paragraphs.append(f"{other.name} is your accomplice: the two of you planned tonight together, and "
                                f"you must protect each other.")
            continue
        d.paragraphs.append(f"{other.name} is {other.occupation}. {pair_text[other.id]}" + confided(d, other))


CONFIDED = ("You know something about {first} that the others do not: {told}.",
            "{first} once trusted you with a secret, and you have kept it: {told}.",
            "By chance you learnt what {first} would rather nobody knew: {told}.")


def confided(d: Draft, other: Person) -> str:
    """The secret of `other`, when this role is the one who knows it (a detail LSU questions ask about)."""
    w = d.world
    if w.confidants.get(d.person.id) != other.id:
        return ""
    sub, obj, pos, _ = pools.PRONOUNS[other.pronoun]
    told = pools.SECRETS_TOLD[other.secret].format(name=other.first, sub=sub, obj=obj, pos=pos)
    return " " + d.detail("secret_of", other.id, d.pick(CONFIDED).format(first=other.first, told=told))


def alarms(world: World, person_id: str, pool: tuple[str, ...], still: str) -> tuple[str, ...]:
    """The alarm lines that fit where the person was: a line saying they were `still` in the room only when they
    were there the quarter hour before too."""
    path = world.positions[person_id]
    stayed = path[world.discovery_slot] == path[world.discovery_slot - 1]
    return pool if stayed else tuple(line for line in pool if still not in line)


def sighting_ok(world: World, t: int) -> bool:
    """Whether a script may name who else was in a room at slot t (not near the murder)."""
    return abs(t - world.murder_slot) > 1 and t < world.discovery_slot


def pictured(drafts: tuple[ClueDraft, ...]) -> frozenset[At]:
    """Where the case's images (a movement board, a phone trail, a CCTV still, a plan's markers) place people: a
    script that names someone there gives the image away (the `[leak]` check)."""
    return frozenset(f for x in drafts if x.is_image for f in x.facts if isinstance(f, At))


def noticed(world: World, person: str, t: int, shown: frozenset[At]) -> bool:
    """Whether a script may name who else was in its holder's room at slot t: not near the murder, and nobody
    there placed there by an image."""
    room = world.positions[person][t]
    return sighting_ok(world, t) and not any(
        At(person=p.id, place=room, slot=t) in shown for p in world.people if p.id != person)


def company(d: Draft, t: int) -> str:
    w, path = d.world, d.world.positions[d.person.id]
    others = [p for p in w.people if p.id != d.person.id and w.positions[p.id][t] == path[t]]
    if not noticed(w, d.person.id, t, d.pictured):
        return " " + d.pick(lore.UNNOTICED).format(room=w.place_name(path[t]), time=w.slots[t])
    d.sightings += [At(person=p.id, place=path[t], slot=t) for p in others]
    if others:
        return " " + d.rng.choice(("{n} {v} there too.", "You shared the room with {n}.",
                                   "{n} kept you company.")).format(n=join_names([p.name for p in others]),
                                                                    v="was" if len(others) == 1 else "were")
    return " " + d.rng.choice(("Nobody else was there.", "You had the room to yourself.", "You were alone."))


def departures(d: Draft, t: int) -> str:
    w, path = d.world, d.world.positions[d.person.id]
    if t + 1 >= w.discovery_slot or path[t + 1] != path[t] or not (sighting_ok(w, t) and sighting_ok(w, t + 1)):
        return ""
    leaving: dict[str, list[str]] = {}
    for other in w.people:
        route = w.positions[other.id]
        if other.id != d.person.id and route[t] == path[t] and route[t + 1] != path[t] and \
                At(person=other.id, place=route[t + 1], slot=t + 1) not in d.pictured:
            leaving.setdefault(w.place_name(route[t + 1]), []).append(other.name)
            d.sightings.append(At(person=other.id, place=route[t + 1], slot=t + 1))
    seen = [f"{join_names(names)} left for the {room}" for room, names in leaving.items()]
    return (" " + d.rng.choice(("Shortly afterwards {s}.", "A little later {s}.", "You noticed that {s}.")).format(
        s=join_names(seen))) if seen else ""


FIRST_LEADS = ("At {time} you were in the {room}.", "{time} found you in the {room}.",
               "The evening began for you in the {room} at {time}.", "When the clock reached {time} you were in the "
               "{room}.", "You spent the quarter hour from {time} in the {room}.")
STAY_LEADS = ("At {time} you were still in the {room}.", "At {time} you remained in the {room}.",
              "You stayed on in the {room}; it was {time}.", "{time} came, and you had not left the {room}.",
              "You were in the {room} again at {time}, having not moved.")
MOVE_LEADS = ("At {time} you went through to the {room}.", "At {time} you walked over to the {room}.",
              "Around {time} you made your way into the {room}.", "By {time} you had moved on to the {room}.",
              "You crossed to the {room} at {time}.")


def slot_paragraph(d: Draft, t: int, special: str | None) -> str:
    w, path = d.world, d.world.positions[d.person.id]
    room, time = w.place_name(path[t]), w.slots[t]
    if special:
        return special
    pool = FIRST_LEADS if t == 0 else STAY_LEADS if path[t] == path[t - 1] else MOVE_LEADS
    lead = d.pick(pool, about=str(t)).format(time=time, room=room)  # two roles in one quarter hour word it apart
    return lead + company(d, t) + departures(d, t)


def evening_section(d: Draft, specials: dict[int, str]) -> None:
    w = d.world
    d.paragraphs.append(d.pick(lore.EVENING_HEADINGS))
    for t in range(w.discovery_slot):
        d.paragraphs.append(slot_paragraph(d, t, specials.get(t)))
    disc = w.discovery_slot
    alarm = d.pick(alarms(w, d.person.id, lore.ALARMS, "still")).format(
        time=w.slots[disc], room=w.place_name(w.positions[d.person.id][disc]),
                                       staff=w.staff, victim=w.victim, scene=w.place_name(w.scene))
    d.paragraphs.append(capital(alarm))


def secret_paragraph(d: Draft) -> str:
    return (d.rng.choice(("You also keep a secret of your own: {s}.", "There is something you would rather nobody "
                          "found out: {s}.")).format(s=d.person.secret)
            + f" {d.pick(lore.SECRET_FEARS)}")
