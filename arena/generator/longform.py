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
import re
from dataclasses import dataclass, field

from arena.generator import lore
from arena.generator.facts import At, Detail
from arena.generator.phrases import capital, join_names
from arena.generator.scenery import scenery
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
    d.paragraphs.append(d.fill(d.pick(lore.TRAINING)))


def victim_section(d: Draft) -> None:
    w = d.world
    city = d.rng.choice(lore.CITIES)
    family = d.person.relation in FAMILY
    pool = lore.FAMILY_MEETINGS if family else lore.MEETINGS
    met = d.detail("remembered_in" if family else "first_met", city,
                   d.fill(d.pick(pool), city=city, ago=d.rng.choice(lore.AGO)))
    relation = d.fill(d.person.relation_text)
    d.paragraphs.append(f"{relation} {met}")
    d.paragraphs.append(" ".join(d.fill(d.pick(lore.VICTIM_MEMORIES)) for _ in range(2)))
    d.paragraphs.append(d.fill(d.pick(scenery(w.setting.id).arrivals or lore.ARRIVALS), occasion=w.setting.occasion))


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
        memories = " ".join(d.fill(d.pick(lore.OTHER_MEMORIES, other.id), other) for _ in range(2))
        d.paragraphs.append(f"{other.name} is {other.occupation}. {pair_text[other.id]} {memories}")


def reflection(d: Draft) -> str:
    """A reflection on a memory, tied to this script by a clause naming a place, a guest or a smell."""
    others = [p for p in d.world.people if p.id != d.person.id]
    other = d.rng.choice(others) if others else d.person
    tail = d.rng.choice(lore.REFLECTION_TAILS).format(
        smell=d.rng.choice(lore.SMELLS), town=d.rng.choice(lore.TOWNS), city=d.rng.choice(lore.CITIES),
        first=other.first, building=d.world.building, victim=d.world.victim)
    return f"{d.pick(lore.REFLECTION).rstrip('.')}; {tail}."


def memory(d: Draft) -> str:
    when = d.fill(d.pick(lore.WHEN), town=d.rng.choice(lore.TOWNS), city=d.rng.choice(lore.CITIES))
    sense = d.rng.choice(lore.SENSE).format(smell=d.rng.choice(lore.SMELLS), light=d.rng.choice(lore.LIGHTS))
    text = f"{when}, {d.pick(lore.EVENT)}, and {sense}"
    return f"{text} {reflection(d)}" if d.rng.random() < 0.5 else text


def memories_section(d: Draft, target: int) -> None:
    """Memories until the script (with what still follows, about `target` words) is long enough."""
    d.paragraphs.append(d.pick(lore.MEMORY_HEADINGS))
    singles = [t for t in lore.MEMORIES if t not in d.used and t not in d.shared]
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
            single = singles.pop()
            d.shared.add(single)
            d.paragraphs.append(d.fill(single, town=d.rng.choice(lore.TOWNS)))
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
        return " " + d.rng.choice(lore.UNNOTICED).format(room=w.place_name(path[t]), time=w.slots[t])
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
    doing = d.detail(f"doing_{t}", activity, d.rng.choice(lore.DOING_LEADS).format(time=time, activity=activity))
    detail = d.pick(lore.ROOM_DETAILS)
    mood = d.pick(lore.MOODS)
    parts = [lead + company(d, t), f"In the {room}, {detail[0].lower()}{detail[1:]}", doing,
             f"{d.rng.choice(lore.MOOD_LEADS).format(time=time)} {mood[0].lower()}{mood[1:]}"]
    if d.rng.random() < 0.5:
        heard = d.pick(lore.OVERHEARD + scenery(w.setting.id).sounds)
        parts.append(f"{d.rng.choice(lore.HEARD_LEADS).format(room=room)} {heard[0].lower()}{heard[1:]}")
    return " ".join(parts) + departures(d, t)


def day_hours(world: World) -> list[str]:
    """The whole hours of the day before the evening's first quarter hour, from eight in the morning."""
    hour, minute = (int(x) for x in world.slots[0].split(":"))
    return [f"{h:02d}:00" for h in range(8, hour + (minute > 0))]


def day_section(d: Draft) -> None:
    """The day hour by hour, from the morning to the evening: the morning, the journey (on a liner, the voyage),
    then at or near the building, each from the setting's own places (`scenery.py`).
    Each hour states where the role was (a detail LSU questions ask about); none of it is in the building's rooms,
    so it never touches the evening's facts."""
    hours = day_hours(d.world)
    d.paragraphs.append(d.pick(lore.DAY_HEADINGS))
    others = [p for p in d.world.people if p.id != d.person.id] or [d.person]
    stages = [min(2, i * 3 // max(1, len(hours))) for i in range(len(hours))]
    tables = scenery(d.world.setting.id).day_places
    picked = [sorted((d.pick(tables[s]) for _ in range(stages.count(s))), key=tables[s].index) for s in range(3)]
    for time, stage in zip(hours, stages, strict=True):
        place = picked[stage].pop(0)  # a stage's places in table order: a journey runs in the order of its route
        out = stage > 0 or place.startswith("at ")  # at home nobody sells peppermints or talks about the weather
        pool = lore.DAY_DOINGS + lore.DAY_DOINGS_OUT if out else lore.DAY_DOINGS
        doing = d.fill(d.pick(pool), first=d.rng.choice(others).first, town=d.rng.choice(lore.TOWNS),
                       city=d.rng.choice(lore.CITIES), smell=d.rng.choice(lore.SMELLS))
        lead = capital(d.rng.choice(lore.DAY_LEADS).format(time=time, place=place))
        d.paragraphs.append(d.detail(f"day_{time}", place, f"{lead}; {doing[0].lower()}{doing[1:]}"))


def evening_section(d: Draft, specials: dict[int, str]) -> None:
    w = d.world
    day_section(d)
    d.paragraphs.append(d.pick(lore.EVENING_HEADINGS))
    for t in range(w.discovery_slot):
        d.paragraphs.append(slot_paragraph(d, t, specials.get(t)))
    disc = w.discovery_slot
    alarm = d.pick(lore.ALARMS).format(time=w.slots[disc], room=w.place_name(w.positions[d.person.id][disc]),
                                       staff=w.staff, victim=w.victim, scene=w.place_name(w.murder_place))
    d.paragraphs.append(f"{capital(alarm)} " + " ".join(d.pick(lore.AFTERMATH) for _ in range(2)))
    item = d.rng.choice(lore.ITEMS)
    d.paragraphs.append(d.detail("pocket", item, d.fill(d.pick(lore.POCKET), item=item)))


def secret_paragraph(d: Draft) -> str:
    return (d.rng.choice(("You also keep a secret of your own: {s}.", "There is something you would rather nobody "
                          "found out: {s}.")).format(s=d.person.secret)
            + f" {d.pick(lore.SECRET_FEARS)} {d.pick(lore.SECRET_ASIDES)}")
