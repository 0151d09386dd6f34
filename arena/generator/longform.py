"""Long second-person role scripts: backstory, the victim, the others, the evening hour by hour.

`long_script` writes one role's script of at least `words` words from the world model. It returns,
beside the text, what the text states as facts: details of the role's own life (for LSU
questions, with the sentence that states each), and what the role saw of other people (for the
solver). Sightings of others are narrated only outside the murder's quarter hour and the ones
either side, so a role's memories never decide the case without the clues.

Sentences are drawn without repetition within a script; memories are built from parts so that
long scripts do not repeat themselves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from arena.generator import lore
from arena.generator.facts import At, Detail
from arena.generator.phrases import capital, join_names
from arena.generator.world import Person, World

FAMILY = ("estranged sibling", "cousin", "godchild")


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

    def fill(self, template: str, other: Person | None = None, **extra: str) -> str:
        w = self.world
        values = {"victim": w.victim, "vsub": w.pro(None), "vobj": w.pro(None, 1), "vpos": w.pro(None, 2),
                  "vsub_cap": capital(w.pro(None)), "building": w.building, **extra}
        if other is not None:
            values |= {"other": other.name, "osub": other.pronoun, "oobj": w.pro(other.id, 1),
                       "opos": w.pro(other.id, 2)}
        return capital(template.format(**values))

    def pick(self, pool: tuple[str, ...]) -> str:
        """A template from `pool` not used yet in this script (any, once all are used)."""
        fresh = [t for t in pool if t not in self.used] or list(pool)
        choice = self.rng.choice(fresh)
        self.used.add(choice)
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
    d.paragraphs.append(" ".join(d.fill(d.pick(lore.TRAINING)) for _ in range(2)))


def victim_section(d: Draft) -> None:
    w = d.world
    city = d.rng.choice(lore.CITIES)
    family = d.person.relation in FAMILY
    pool = lore.FAMILY_MEETINGS if family else lore.MEETINGS
    met = d.detail("remembered_in" if family else "first_met", city,
                   d.fill(d.pick(pool), city=city, ago=d.rng.choice(lore.AGO)))
    relation = d.fill(d.person.relation_text)
    d.paragraphs.append(f"{relation} {met}")
    d.paragraphs.append(" ".join(d.fill(d.pick(lore.VICTIM_MEMORIES)) for _ in range(3)))
    d.paragraphs.append(f"Tonight you came to {w.building} for {w.setting.occasion}, at {w.victim}'s invitation.")


def others_section(d: Draft, pair_text: dict[str, str]) -> None:
    w = d.world
    d.paragraphs.append(d.rng.choice(("As for the others here tonight:", "About the other guests:",
                                      "The rest of the company, as you know them:")))
    for other in w.people:
        if other.id == d.person.id:
            continue
        if d.person.culprit and other.culprit:
            d.paragraphs.append(f"{other.name} is your accomplice: the two of you planned tonight together, and "
                                f"you must protect each other.")
            continue
        memories = " ".join(d.fill(d.pick(lore.OTHER_MEMORIES), other) for _ in range(2))
        d.paragraphs.append(f"{other.name} is {other.occupation}. {pair_text[other.id]} {memories}")


def memory(d: Draft) -> str:
    when = d.fill(d.pick(lore.WHEN), town=d.rng.choice(lore.TOWNS), city=d.rng.choice(lore.CITIES))
    sense = d.rng.choice(lore.SENSE).format(smell=d.rng.choice(lore.SMELLS), light=d.rng.choice(lore.LIGHTS))
    return f"{when}, {d.pick(lore.EVENT)}. {sense} {d.pick(lore.REFLECTION)}"


def memories_section(d: Draft, target: int) -> None:
    """Memories until the script (with what still follows, about `target` words) is long enough."""
    d.paragraphs.append(d.rng.choice(("Some things you remember, which may or may not matter tonight:",
                                      "Memories come back at odd moments on a night like this:")))
    singles = [t for t in lore.MEMORIES if t not in d.used]
    d.rng.shuffle(singles)
    count = d.words()
    start = count
    planted = list(lore.PLANTED)
    d.rng.shuffle(planted)
    while count < target:
        if planted and count - start >= (target - start) * (4 - len(planted)) / 4:
            topic, pool, template = planted.pop()
            value = d.rng.choice(getattr(lore, pool))
            d.paragraphs.append(d.detail(topic, value, template.format(value=value)))
            count += len(d.paragraphs[-1].split())
            continue
        if singles and d.rng.random() < 0.4:
            d.paragraphs.append(d.fill(singles.pop(), town=d.rng.choice(lore.TOWNS)))
        else:
            d.paragraphs.append(" ".join(memory(d) for _ in range(2)))
        count += len(d.paragraphs[-1].split())


def sighting_ok(world: World, t: int) -> bool:
    """Whether a script may name who else was in a room at slot t (not near the murder)."""
    return abs(t - world.murder_slot) > 1 and t < world.discovery_slot


def company(d: Draft, t: int) -> str:
    w, path = d.world, d.world.positions[d.person.id]
    others = [p for p in w.people if p.id != d.person.id and w.positions[p.id][t] == path[t]]
    if not sighting_ok(w, t):
        return d.rng.choice((" You were too wrapped up in your own thoughts to notice who came and went.",
                             " Afterwards you could not have said for certain who else passed through.",
                             " People came and went; you paid them no attention."))
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
        if other.id != d.person.id and route[t] == path[t] and route[t + 1] != path[t]:
            leaving.setdefault(w.place_name(route[t + 1]), []).append(other.name)
            d.sightings.append(At(person=other.id, place=route[t + 1], slot=t + 1))
    seen = [f"{join_names(names)} left for the {room}" for room, names in leaving.items()]
    return (" " + d.rng.choice(("Shortly afterwards {s}.", "A little later {s}.", "You noticed that {s}.")).format(
        s=join_names(seen))) if seen else ""


def slot_paragraph(d: Draft, t: int, special: str | None) -> str:
    w, path = d.world, d.world.positions[d.person.id]
    room, time = w.place_name(path[t]), w.slots[t]
    if special:
        return special
    if t == 0:
        lead = d.rng.choice((f"At {time} you were in the {room}.", f"{time} found you in the {room}.",
                             f"The evening began for you in the {room} at {time}."))
    elif path[t] == path[t - 1]:
        lead = d.rng.choice((f"At {time} you were still in the {room}.", f"At {time} you remained in the {room}.",
                             f"You stayed on in the {room}; it was {time}."))
    else:
        lead = d.rng.choice((f"At {time} you went through to the {room}.", f"At {time} you walked over to the "
                             f"{room}.", f"Around {time} you made your way into the {room}."))
    activity = d.pick(lore.ACTIVITIES)
    doing = d.detail(f"doing_{t}", activity, f"For most of that quarter hour you were {activity}.")
    parts = [lead + company(d, t), d.pick(lore.ROOM_DETAILS), doing, d.pick(lore.MOODS)]
    if d.rng.random() < 0.5:
        parts.append(d.pick(lore.OVERHEARD))
    return " ".join(parts) + departures(d, t)


def evening_section(d: Draft, specials: dict[int, str]) -> None:
    w = d.world
    d.paragraphs.append(d.rng.choice(("## Your evening, quarter hour by quarter hour",
                                      "## How your evening went")))
    for t in range(w.discovery_slot):
        d.paragraphs.append(slot_paragraph(d, t, specials.get(t)))
    disc = w.discovery_slot
    d.paragraphs.append(
        f"At {w.slots[disc]} you were in the {w.place_name(w.positions[d.person.id][disc])} when {w.staff} found "
        f"{w.victim} dead in the {w.place_name(w.murder_place)} and raised the alarm. "
        + " ".join(d.pick(lore.AFTERMATH) for _ in range(2)))
    item = d.rng.choice(lore.ITEMS)
    d.paragraphs.append(d.detail("pocket", item, d.fill(d.pick(lore.POCKET), item=item)))


def secret_paragraph(d: Draft) -> str:
    return (d.rng.choice(("You also keep a secret of your own: {s}.", "There is something you would rather nobody "
                          "found out: {s}.")).format(s=d.person.secret)
            + f" {d.pick(lore.SECRET_FEARS)} It has nothing to do with the death.")
