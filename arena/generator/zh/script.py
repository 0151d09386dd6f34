"""Chinese role scripts: the same facts as the English writer states, told in natural Chinese prose.

A script states where its holder was in every quarter hour, who they saw (exactly the sightings of the
case's facts), their relation, motive or its absence, secret, the day hour by hour and every detail of
their life the facts record; memories fill it to the requested number of CJK characters. Details that
LSU questions ask about are spread through the memories, so each role is asked about its last quarter.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TypeVar

from arena.generator.evidence import ClueDraft
from arena.generator.facts import At, CaseFacts, Detail
from arena.generator.longform import sighting_ok
from arena.generator.lore import CITIES, TOWNS
from arena.generator.prose import weapon_slot
from arena.generator.scenery import scenery
from arena.generator.textunits import length
from arena.generator.world import Person, World
from arena.generator.zh import lore
from arena.generator.zh.lexicon import name, term
from arena.generator.zh.phrases import join, method, motive, pair_text

T = TypeVar("T")
LIFE = ("hometown", "first_job", "first_met", "remembered_in", "best_meal", "lost_in", "pocket")


@dataclass
class Writer:
    """A Chinese script being written: paragraphs, the sentence stating each detail, templates used."""

    rng: random.Random
    world: World
    person: Person
    shared: set[object]
    paragraphs: list[str] = field(default_factory=list)
    anchors: dict[str, str] = field(default_factory=dict)
    used: set[object] = field(default_factory=set)

    def pick(self, pool: tuple[T, ...], about: str = "") -> T:
        """A template unused in this script and, when possible, by the case's other roles (about the same
        person `about`, when given)."""
        unused = [t for t in pool if t not in self.used]
        fresh = [t for t in unused if (t, about) not in self.shared] or unused or list(pool)
        choice = self.rng.choice(fresh)
        self.used.add(choice)
        self.shared.add((choice, about))
        return choice

    def values(self, **extra: str) -> dict[str, str]:
        w = self.world
        return {"victim": name(w.victim), "building": term(w.building), **extra}

    def length(self) -> int:
        return sum(length(p, "zh") for p in self.paragraphs)


def detail_sentence(wr: Writer, fact: Detail) -> str:
    sentence = wr.pick(lore.DETAIL_SENTENCES[fact.topic]).format(**wr.values(value=term(fact.value)))
    wr.anchors[fact.topic] = sentence
    return sentence


def opening(wr: Writer) -> None:
    p = wr.person
    lead = wr.rng.choice(lore.OPENINGS).format(name=name(p.name), job=term(p.occupation))
    wr.paragraphs.append(f"# {name(p.name)}\n\n{lead}{lore.BACKGROUNDS[p.occupation]}")
    victim = lore.RELATIONS[p.relation].format(**wr.values())
    wr.paragraphs.append(victim + wr.pick(lore.VICTIM_MEMORIES).format(**wr.values()))
    arrivals = lore.LINER_ARRIVALS if scenery(wr.world.setting.id).arrivals else lore.ARRIVALS
    wr.paragraphs.append(wr.pick(arrivals).format(**wr.values(occasion=term(wr.world.setting.occasion))))


def others(wr: Writer) -> None:
    lines = []
    for other in wr.world.people:
        if other.id == wr.person.id:
            continue
        text = pair_text(wr.world, wr.person, other)
        if wr.rng.random() < 0.5:
            text += wr.pick(lore.OTHER_MEMORIES, about=other.id).format(other=name(other.name))
        lines.append(text)
    wr.paragraphs.append("## 今晚的其他人\n\n" + "\n\n".join(lines))


def motive_paragraph(wr: Writer) -> None:
    w, p = wr.world, wr.person
    herring = w.herring(p.id)
    if p.culprit:
        text = f"真相是：你{motive(w, p)}。所以{name(w.victim)}非死不可。"
    elif p.motive is None:
        text = wr.rng.choice(lore.NO_MOTIVE).format(**wr.values())
    else:
        text = wr.rng.choice(lore.MOTIVE_WORRY).format(m=motive(w, p))
        if herring is not None and herring.refutation == "void":
            text += lore.VOID_NOTE
    wr.paragraphs.append(text)
    if not p.culprit:
        secret = wr.rng.choice(lore.SECRET_LEADS).format(s=lore.SECRETS[p.secret])
        wr.paragraphs.append(secret + wr.pick(lore.SECRET_FEARS))


def day_section(wr: Writer, details: list[Detail]) -> None:
    days = sorted((d for d in details if d.topic.startswith("day_")), key=lambda d: d.topic)
    if not days:
        return
    wr.paragraphs.append(wr.pick(lore.DAY_HEADINGS))
    others_ = [o for o in wr.world.people if o.id != wr.person.id] or [wr.person]
    home = scenery(wr.world.setting.id).home
    for i, fact in enumerate(days):
        time = fact.topic[4:]
        leads = lore.DAY_LEADS if i else lore.DAY_LEADS[:1]  # "by then you were already..." needs an hour before it
        lead = wr.rng.choice(leads).format(time=time, place=term(fact.value))
        out = not private(fact.value, home)
        doing = wr.pick(lore.DAY_DOINGS + lore.DAY_DOINGS_OUT if out else lore.DAY_DOINGS).removeprefix("你").format(
            first=name(wr.rng.choice(others_).name), city=term(wr.rng.choice(list(CITIES))),
            town=term(wr.rng.choice(list(TOWNS))), smell=wr.rng.choice(lore.DAY_SMELLS))
        wr.anchors[fact.topic] = lead
        wr.paragraphs.append(f"{lead}，{doing}")


def private(place: str, home: tuple[str, ...]) -> bool:
    """Whether a day place is the role's own (at home, in its own room or cabin): no strangers, no weather."""
    return (place in home and not place.startswith("at ")) or "at home" in place or \
        place.startswith(("in your ", "in a guest room", "in a hotel room"))


def company(wr: Writer, t: int, seen: list[At]) -> str:
    w, path = wr.world, wr.world.positions[wr.person.id]
    room = term(w.place_name(path[t]))
    if not sighting_ok(w, t):
        return wr.rng.choice(lore.UNNOTICED).format(room=room)
    here = [name(w.person(f.person).name) for f in seen if f.slot == t and f.place == path[t]]
    return wr.rng.choice(lore.COMPANY).format(names=join(here)) if here else wr.rng.choice(lore.ALONE)


def leaving(wr: Writer, t: int, seen: list[At]) -> str:
    """Who the holder saw leave for another room (sightings at t + 1 away from the holder's room)."""
    w, path = wr.world, wr.world.positions[wr.person.id]
    if t + 1 >= len(path):
        return ""
    gone: dict[str, list[str]] = {}
    for f in seen:
        if f.slot == t + 1 and f.place != path[t + 1]:
            gone.setdefault(term(w.place_name(f.place)), []).append(name(w.person(f.person).name))
    return "".join(wr.rng.choice(lore.LEAVING).format(names=join(n), room=r) for r, n in gone.items())


def culprit_special(wr: Writer, t: int) -> str | None:
    w, p = wr.world, wr.person
    time = w.slots[t]
    if t == w.murder_slot:
        partners = [name(w.person(c).name) for c in w.culprits if c != p.id]
        together = f"和{join(partners)}一起" if partners else ""
        return (f"{time}，你{together}在{term(w.place_name(w.murder_place))}里和{name(w.victim)}起了争执。"
                f"争执越闹越凶，你{method(w)}。扭打中碰翻了些东西，你没顾得上收拾。")
    if t == weapon_slot(w, p.id):
        return (f"{time}，你悄悄溜进{term(w.place_name(w.positions[p.id][t]))}，从{term(w.weapon.container)}里"
                f"拿走了{term(w.weapon.name)}。")
    return None


def slot_paragraph(wr: Writer, t: int, seen: list[At], doings: dict[int, Detail]) -> str:
    w, path = wr.world, wr.world.positions[wr.person.id]
    special = culprit_special(wr, t) if wr.person.culprit else None
    if special:
        return special
    room, time = term(w.place_name(path[t])), w.slots[t]
    leads = lore.EVENING_LEADS_FIRST if t == 0 else lore.EVENING_LEADS_STAY if path[t] == path[t - 1] \
        else lore.EVENING_LEADS_MOVE
    parts = [wr.rng.choice(leads).format(time=time, room=room) + company(wr, t, seen),
             f"{room}里，{wr.pick(lore.ROOM_DETAILS)}。"]
    if t in doings:
        doing = wr.rng.choice(lore.DOING_LEADS).format(time=time, activity=term(doings[t].value))
        wr.anchors[doings[t].topic] = doing
        parts.append(doing)
    parts.append(wr.rng.choice(lore.MOOD_LEADS).format(time=time) + wr.pick(lore.MOODS))
    if wr.rng.random() < 0.5:
        sounds = lore.OVERHEARD + tuple(lore.SOUNDS[s] for s in scenery(w.setting.id).sounds)
        parts.append(wr.rng.choice(lore.HEARD_LEADS).format(room=room) + wr.pick(sounds))
    return "".join(parts) + leaving(wr, t, seen)


def evening_section(wr: Writer, seen: list[At], details: list[Detail]) -> None:
    w = wr.world
    doings = {int(d.topic.split("_")[1]): d for d in details if d.topic.startswith("doing_")}
    wr.paragraphs.append(wr.pick(lore.EVENING_HEADINGS))
    for t in range(w.discovery_slot):
        wr.paragraphs.append(slot_paragraph(wr, t, seen, doings))
    disc = w.discovery_slot
    here = term(w.place_name(w.positions[wr.person.id][disc]))
    alarm = wr.rng.choice(lore.ALARMS).format(time=w.slots[disc], room=here,
                                              staff=term(w.staff), victim=name(w.victim),
                                              scene=term(w.place_name(w.murder_place)))
    wr.paragraphs.append(alarm + "，".join(wr.rng.sample(lore.AFTERMATH, 2)) + "。")


def memory(wr: Writer) -> str:
    """One memory: when, where, what the place was like, what happened there, and what it left behind."""
    rng = wr.rng
    n = rng.choice("三五六七八九十") if rng.random() < 0.5 else rng.choice(("十二", "十五", "二十"))
    place = term(rng.choice(list(TOWNS) + list(CITIES)))
    where, what = wr.pick(lore.EVENTS)
    sense = rng.choice(lore.SENSES).format(smell=rng.choice(lore.SMELLS), light=rng.choice(lore.LIGHTS))
    after = wr.pick(lore.REFLECTIONS).format(place=place) if rng.random() < 0.5 else ""
    return f"{rng.choice(lore.WHEN).format(n=n)}，{where.format(place=place)}，{sense}，{what}{after}"


def other_memory(wr: Writer) -> str:
    """A memory of another guest, by name (a personal memory once those run out)."""
    others = [o for o in wr.world.people if o.id != wr.person.id]
    if others and any(t not in wr.used for t in lore.OTHER_MEMORIES):
        other = wr.rng.choice(others)
        return wr.pick(lore.OTHER_MEMORIES, about=other.id).format(other=name(other.name))
    return memory(wr)


def memories_section(wr: Writer, target: int, life: list[Detail]) -> None:
    """Memories until the script reaches `target` characters, with the life details spread evenly through them
    and the last one near the end."""
    wr.paragraphs.append(wr.pick(lore.MEMORY_HEADINGS))
    start = wr.length()
    pending = list(life)
    while wr.length() < target or pending:
        share = (wr.length() - start) / max(1, target - start)
        due = pending and share >= (len(life) - len(pending)) / max(1, len(life)) * 0.9
        if due or (pending and wr.length() >= target):
            text = detail_sentence(wr, pending.pop(0))
            wr.paragraphs.append(text + memory(wr))
            continue
        wr.paragraphs.append(memory(wr) if wr.rng.random() < 0.7 else other_memory(wr) + memory(wr))


def held_paragraph(wr: Writer, drafts: tuple[ClueDraft, ...], titles: dict[str, str]) -> str | None:
    held = [f"「{titles[d.id]}」" for d in drafts if d.holder == wr.person.id]
    return lore.HOLDS.format(titles="、".join(held)) if held else None


def hide_paragraph(wr: Writer) -> str:
    w, p = wr.world, wr.person
    m = w.murder_slot
    alt = wr.rng.choice([r for r in w.layout.ids if r != w.murder_place])
    fetched = weapon_slot(w, p.id)
    parts = [f"你必须隐瞒的是：{w.slots[m]}你在{term(w.place_name(w.murder_place))}，并且{method(w)}。"]
    if fetched is not None:
        parts.append(f"绝不能让人知道，{w.slots[fetched]}你从{term(w.place_name(w.weapon_place))}拿走了{term(w.weapon.name)}。")
    parts.append(f"有人问起，就说{w.slots[m]}你在{term(w.place_name(alt))}。你是唯一可以撒谎的玩家；"
                 "该撒谎的时候就撒谎，但前后要说得一致。")
    targets = [w.person(h.person) for h in w.suspicious]
    if targets:
        target = wr.rng.choice(targets)
        parts.append(f"要是怀疑落到你头上，就提醒大家：{name(target.name)}{motive(w, target)}。")
    return "".join(parts)


def life_order(details: list[Detail], asked: set[str]) -> list[Detail]:
    """Life details for the memories: the ones no question asks first, the asked ones last (so the script's
    last quarter holds an asked detail)."""
    life = [d for d in details if d.topic in LIFE]
    return [d for d in life if d.topic not in asked] + [d for d in life if d.topic in asked]


def role_script(rng: random.Random, world: World, person: Person, facts: CaseFacts, drafts: tuple[ClueDraft, ...],
                titles: dict[str, str], asked: set[str], target: int,
                shared: set[object]) -> tuple[str, dict[str, str]]:
    """(the script, detail topic -> the sentence stating it) for one role, at least `target` CJK characters."""
    wr = Writer(rng, world, person, shared)
    details = [f for f in facts.roles.get(person.id, ()) if isinstance(f, Detail)]
    seen = [f for f in facts.sightings.get(person.id, ()) if isinstance(f, At)]
    opening(wr)
    others(wr)
    motive_paragraph(wr)
    day_section(wr, details)
    evening_section(wr, seen, details)
    tail = [t for t in (held_paragraph(wr, drafts, titles), hide_paragraph(wr) if person.culprit else None,
                        wr.pick(lore.CULPRIT_GOALS if person.culprit else lore.GOALS).format(**wr.values())) if t]
    memories_section(wr, target - sum(length(t, "zh") for t in tail), life_order(details, asked))
    wr.paragraphs += tail
    return "\n\n".join(wr.paragraphs) + "\n", wr.anchors
