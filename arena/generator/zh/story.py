"""The case-level Chinese texts: title, briefing, profiles, goals, the truth, chain steps and key statements."""

from __future__ import annotations

import random

from arena.generator.evidence import ClueDraft
from arena.generator.facts import At, ClockSlow, EntryLog, Fact, Motive, MotiveVoid
from arena.generator.prose import weapon_slot
from arena.generator.world import Person, World
from arena.generator.zh import lore
from arena.generator.zh.lexicon import name, term
from arena.generator.zh.phrases import join, method, motive, motive_sentence
from arena.scripts.clock import clock_label, minutes_of

NUMBERS = "零一二三四五六七八九十"


def title(rng: random.Random, world: World) -> str:
    return rng.choice((f"{term(world.building)}之死", f"{term(world.place_name(world.murder_place))}疑案",
                       f"{term(world.building)}的一刻钟", f"{name(world.victim)}的最后一位客人"))


def profile(world: World, person: Person) -> str:
    relation, job = term(person.relation), term(person.occupation)
    return f"{name(person.name)}，{name(world.victim)}的{relation}" + (f"，{job}" if job not in relation else "") + "。"


def briefing(rng: random.Random, world: World) -> str:
    w = world
    building, victim = term(w.building), name(w.victim)
    guests, weather = NUMBERS[len(w.people)], lore.WEATHER[rng.choice(w.setting.weather)]
    opening = rng.choice((f"{weather}{guests}位客人聚在{building}，赴{victim}做东的{term(w.setting.occasion)}。",
                          f"{victim}请了{guests}位客人来{building}参加{term(w.setting.occasion)}。{weather}"))
    found = f"{w.slots[w.discovery_slot]}，{term(w.staff)}发现{victim}死在{term(w.place_name(w.murder_place))}里。"
    parts = [opening, found]
    if len(w.culprits) > 1:
        parts.append(f"警方确信，客人中有{NUMBERS[len(w.culprits)]}个人是合伙作案。")
    parts.append(f"整个晚上没有人进出{building}，所以凶手就在客人之中。房间之间只能经由门相通。"
                 "行踪按一刻钟计（整点、一刻、半点、三刻起）：每一刻钟之内谁都没有换过房间，"
                 "从一个一刻钟到下一个一刻钟，谁也穿不过一道以上的门。")
    parts.append("在场的人：" + "；".join(profile(w, p).rstrip("。") for p in w.people) + "。")
    parts.append("房间：" + "、".join(term(r.name) for r in w.layout.rooms) + "。")
    return "".join(parts)


def goals(world: World, person: Person) -> list[str]:
    if person.culprit:
        return ["不要被大家投票指认为凶手。", "说法前后一致，把怀疑引到别人身上。"]
    return [f"找出杀害{name(world.victim)}的凶手，并投票指认。", "说真话；自己的秘密，除非与案情有关，可以不说。"]


def truth_parts(world: World) -> tuple[str, str, list[tuple[str, str]], str]:
    """(method, motive, timeline, summary), as `prose.truth_parts` in English."""
    w = world
    names = join([name(w.person(c).name) for c in w.culprits])
    how = (f"{names}从{term(w.place_name(w.weapon_place))}的{term(w.weapon.container)}里拿走{term(w.weapon.name)}，"
           f"{w.slots[w.murder_slot]}在{term(w.place_name(w.murder_place))}{method(w)}。")
    why = motive_sentence(w)
    timeline = []
    for c in w.culprits:
        fetched = weapon_slot(w, c)
        if fetched is not None:
            timeline.append((w.slots[fetched], f"{name(w.person(c).name)}从{term(w.place_name(w.weapon_place))}拿走"
                                               f"{term(w.weapon.name)}。"))
    timeline.append((w.slots[w.murder_slot], f"{name(w.victim)}在{term(w.place_name(w.murder_place))}遇害；钟停了。"))
    timeline.append((w.slots[w.discovery_slot], f"{term(w.staff)}发现了尸体。"))
    return how, why, sorted(timeline), f"{how}动机：{why}"


def statement_text(fact: Fact, world: World) -> str | None:
    """A key statement in Chinese (the facts `derive.statement_text` states in English)."""
    if isinstance(fact, At):
        who, place = name(world.person(fact.person).name), term(world.place_name(fact.place))
        return f"{world.slots[fact.slot]}时，{who}在{place}。"
    if isinstance(fact, Motive):
        person = world.person(fact.person)
        return f"{name(person.name)}{motive(world, person, fact.kind)}。"
    if isinstance(fact, ClockSlow):
        return f"{term(world.place_name(world.murder_place))}的钟慢{fact.minutes}分钟。"
    if isinstance(fact, MotiveVoid):
        person = world.person(fact.person)
        return f"{name(person.name)}的动机已经了结：{motive(world, person, void=True)}。"
    return None


def step_text(step_id: str, world: World, drafts: dict[str, ClueDraft]) -> str:
    """The Chinese text of a reasoning step of `chain.build_chain`, by its id."""
    w, m = world, world.murder_slot
    scene, weapon, victim = term(w.place_name(w.murder_place)), term(w.weapon.name), name(w.victim)
    names = join([name(w.person(c).name) for c in w.culprits])
    if step_id.startswith(("s_void_", "s_clear_")):
        return clearing_text(step_id, w, drafts)
    shows = clock_label(minutes_of(w.slots[m]) - w.clock_slow)
    entered = []
    if "c_log" in drafts:
        log = next(f for f in drafts["c_log"].facts if isinstance(f, EntryLog))
        entered = sorted({name(w.person(p).name) for p, t in log.entries if t <= m})
    time = (f"那只钟慢{w.clock_slow}分钟，所以{victim}遇害的时间是{w.slots[m]}。" if "c_clock_note" in drafts
            else f"{scene}里的钟在扭打中停了：{victim}遇害的时间是{w.slots[m]}。")
    near = join([term(w.place_name(p)) for p in w.layout.neighbours(w.murder_place)])
    texts = {
        "s_clock": f"{scene}里的钟在扭打中停了，指在{shows}。", "s_time": time,
        "s_weapon": f"验尸官的报告写明了凶器：{weapon}。",
        "s_source": f"{weapon}只能是从{term(w.place_name(w.weapon_place))}拿走的。",
        "s_means": f"门禁记录显示，到{w.slots[m]}为止只有{join(entered)}进过{term(w.place_name(w.weapon_place))}，"
                   f"所以只有他们拿得到{weapon}。",
        "s_doors": f"平面图显示，{scene}只和{near}相通。",
        "s_motive": f"{names}有杀害{victim}的理由：{motive_sentence(w)}",
        "s_final": f"其他人都被排除了：只有{names}既拿得到{weapon}，又有机会在{w.slots[m]}出现在{scene}。",
    }
    return texts[step_id]


def clearing_text(step_id: str, world: World, drafts: dict[str, ClueDraft]) -> str:
    w, m = world, world.murder_slot
    pid = step_id.split("_", 2)[2]
    person, scene = w.person(pid), term(w.place_name(w.murder_place))
    who = name(person.name)
    if step_id.startswith("s_void_"):
        return f"{who}的动机已经不成立了：{motive(w, person, void=True)}。"
    herring = w.herring(pid)
    if herring is not None and herring.refutation == "reach":
        fact = next(f for f in drafts[f"c_reach_{pid}"].facts if isinstance(f, At) and f.slot == herring.reach_slot)
        gap = w.layout.dist(fact.place, w.murder_place)
        return (f"{w.slots[fact.slot]}时{who}在{term(w.place_name(fact.place))}，离{scene}隔着{gap}道门。"
                f"一刻钟只能穿过一道门，{who}不可能在{w.slots[m]}出现在{scene}。")
    place = term(w.place_name(w.positions[pid][m]))
    return f"{w.slots[m]}时{who}在{place}，所以案发时不可能在{scene}。"


def conclusion(world: World) -> str:
    return f"{join([name(world.person(c).name) for c in world.culprits])}杀害了{name(world.victim)}。"
