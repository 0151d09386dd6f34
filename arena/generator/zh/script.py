"""Chinese role scripts: the same facts as the English writer states, told in natural Chinese prose.

A script states where its holder was in every quarter hour, who they saw (exactly the sightings of the
case's facts), their relation to the victim and to each other person, the secret of the one person whose secret
they know, their motive or its absence, their own secret and the details of their life the facts record. Its
length follows from what it has to tell: nothing pads it to a length.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TypeVar

from arena.generator.evidence import ClueDraft
from arena.generator.facts import At, CaseFacts, Detail
from arena.generator.longform import alarms, noticed, pictured
from arena.generator.prose import weapon_slot
from arena.generator.textunits import length
from arena.generator.world import Person, World
from arena.generator.zh import lore
from arena.generator.zh.lexicon import name, term
from arena.generator.zh.phrases import join, method, motive, pair_text, ta

T = TypeVar("T")
LIFE = ("hometown", "first_met", "remembered_in")


@dataclass
class Writer:
    """A Chinese script being written: paragraphs, the sentence stating each detail, templates used."""

    rng: random.Random
    world: World
    person: Person
    shared: set[object]
    pictured: frozenset[At] = frozenset()  # where the case's images place people (`longform.pictured`)
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
    wr.paragraphs.append(victim)
    arrivals = lore.LINER_ARRIVALS if wr.world.setting.arrivals else lore.ARRIVALS
    wr.paragraphs.append(wr.pick(arrivals).format(**wr.values(occasion=term(wr.world.setting.occasion))))


def others(wr: Writer) -> None:
    lines = []
    for other in wr.world.people:
        if other.id == wr.person.id:
            continue
        lines.append(pair_text(wr.world, wr.person, other) + confided(wr, other))
    wr.paragraphs.append("## 今晚的其他人\n\n" + "\n\n".join(lines))


CONFIDED = ("{who}有件事瞒着别人，却没瞒过你：{told}。", "{who}曾把一桩心事托付给你，你一直替{ta}守着：{told}。",
            "你无意中得知了{who}最不愿让人知道的事：{told}。")


def confided(wr: Writer, other: Person) -> str:
    """The secret of `other`, when this role is the one who knows it: the holder's own words turned round (the
    first 你 is the holder's name, the others 他 or 她)."""
    if wr.world.confidants.get(wr.person.id) != other.id:
        return ""
    who, pronoun = name(other.name), ta(wr.world, other.id)
    first, _, rest = lore.SECRETS[other.secret].partition("你")
    told = first + who + rest.replace("你", pronoun)
    sentence = wr.pick(CONFIDED).format(who=who, ta=pronoun, told=told)
    wr.anchors["secret_of"] = sentence
    return sentence


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


def company(wr: Writer, t: int, seen: list[At]) -> str:
    w, path = wr.world, wr.world.positions[wr.person.id]
    room = term(w.place_name(path[t]))
    if not noticed(w, wr.person.id, t, wr.pictured):
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


def slot_paragraph(wr: Writer, t: int, seen: list[At]) -> str:
    w, path = wr.world, wr.world.positions[wr.person.id]
    special = culprit_special(wr, t) if wr.person.culprit else None
    if special:
        return special
    room, time = term(w.place_name(path[t])), w.slots[t]
    leads = lore.EVENING_LEADS_FIRST if t == 0 else lore.EVENING_LEADS_STAY if path[t] == path[t - 1] \
        else lore.EVENING_LEADS_MOVE
    return wr.rng.choice(leads).format(time=time, room=room) + company(wr, t, seen) + leaving(wr, t, seen)


def evening_section(wr: Writer, seen: list[At]) -> None:
    w = wr.world
    wr.paragraphs.append(wr.pick(lore.EVENING_HEADINGS))
    for t in range(w.discovery_slot):
        wr.paragraphs.append(slot_paragraph(wr, t, seen))
    disc = w.discovery_slot
    here = term(w.place_name(w.positions[wr.person.id][disc]))
    alarm = wr.rng.choice(alarms(w, wr.person.id, lore.ALARMS, "还在")).format(time=w.slots[disc], room=here,
                                              staff=term(w.staff), victim=name(w.victim),
                                              scene=term(w.place_name(w.murder_place)))
    wr.paragraphs.append(alarm.rstrip("，,") + ("" if alarm.endswith(("。", "！")) else "。"))


def life_paragraph(wr: Writer, life: list[Detail]) -> None:
    """The details of the role's own life that the facts record (where it grew up, where it met the victim),
    one sentence each, in one paragraph."""
    if life:
        wr.paragraphs.append("".join(detail_sentence(wr, d) for d in life))


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


def role_script(rng: random.Random, world: World, person: Person, facts: CaseFacts, drafts: tuple[ClueDraft, ...],
                titles: dict[str, str], shared: set[object]) -> tuple[str, dict[str, str]]:
    """(the script, detail topic -> the sentence stating it) for one role: as long as what it has to tell."""
    wr = Writer(rng, world, person, shared, pictured(drafts))
    details = [f for f in facts.roles.get(person.id, ()) if isinstance(f, Detail)]
    seen = [f for f in facts.sightings.get(person.id, ()) if isinstance(f, At)]
    opening(wr)
    others(wr)
    motive_paragraph(wr)
    life_paragraph(wr, [d for d in details if d.topic in LIFE])
    evening_section(wr, seen)
    tail = [t for t in (held_paragraph(wr, drafts, titles), hide_paragraph(wr) if person.culprit else None,
                        wr.pick(lore.CULPRIT_GOALS if person.culprit else lore.GOALS).format(**wr.values())) if t]
    wr.paragraphs += tail
    return "\n\n".join(wr.paragraphs) + "\n", wr.anchors
