"""Chinese clue titles, texts and image captions, written from each clue's facts only.

As in English (`cluetext.py`), a caption gives what a picture is and its legend but never the answer
the picture holds (the clock's time, the doors, the route, counts and bar heights stay in the pixels).
"""

from __future__ import annotations

import random

from arena.generator import pools
from arena.generator.cluetext import at_fact, marker_slot, route_start
from arena.generator.evidence import ClueDraft
from arena.generator.facts import Motive, Trace
from arena.generator.phrases import moment
from arena.generator.world import World
from arena.generator.zh.lexicon import HATS, name, term
from arena.generator.zh.phrases import motive


def who(world: World, person_id: str | None) -> str:
    return name(world.person(person_id).name) if person_id else ""


def room(world: World, place: str | None) -> str:
    return term(world.place_name(place)) if place else ""


def clue_title(draft: ClueDraft, world: World) -> str:
    subject, where = who(world, draft.subject), room(world, draft.location)
    titles = {
        "clock": "停走的钟", "autopsy": "验尸官的初步报告", "clock_note": f"关于{room(world, world.murder_place)}的钟",
        "inventory": f"{room(world, world.weapon_place)}少了的东西",
        "log": f"{room(world, world.weapon_place)}的门禁记录",
        "floorplan": f"{term(world.building)}平面图", "ledger": "死者账簿里的一页", "objects": f"{where}桌上的棋子",
        "trace": f"在{where}发现的东西", "note": f"搜查{where}", "cloakroom": "衣帽间登记簿",
    }
    if draft.style in titles:
        return titles[draft.style]
    by_source = {
        "witness": f"{who(world, draft.witness)}的回忆", "staff": f"在{where}录下的证词",
        "receipt": f"{subject}的一张收据",
        "chat": "手机上的一段聊天", "ticket": f"{subject}盖了章的通行证", "route": f"{subject}手机的定位轨迹",
        "testimony": f"{who(world, draft.witness)}听说的{subject}的事", "letter": f"写给{subject}的一封信",
        "email": f"发给{subject}的电子邮件", "note": f"{subject}留着的一张字条", "cctv": f"{where}监控摄像头的截图",
        "timetable": "工作人员的行踪登记板", "seating": f"{where}的座次图", "exhibit": f"{subject}的文具匣",
    }
    return by_source.get(draft.source, f"关于{subject}的线索")


def sighting_text(rng: random.Random, draft: ClueDraft, world: World) -> str:
    fact = at_fact(draft, draft.subject)
    place, time, subject = room(world, fact.place), moment(world, fact.slot, draft.id), who(world, draft.subject)
    if draft.source == "witness":
        speaker = who(world, draft.witness)
        return rng.choice((f"{speaker}：“{time}我在{place}，{subject}整整一刻钟都和我在一起。”",
                           f"{speaker}回忆说：“{time}我待在{place}。{subject}也在，那一刻钟我们一直在说话。”"))
    staff = term(rng.choice(world.setting.staff))
    return rng.choice((f"{staff}的证词：“{time}，{subject}在{place}。我亲眼看见的。”",
                       f"{staff}说：“{time}我正在{place}招呼客人，{subject}就在那儿。”"))


def motive_text(rng: random.Random, draft: ClueDraft, world: World) -> str:
    fact = next(f for f in draft.facts if isinstance(f, Motive))
    person = world.person(fact.person)
    speaker, subject, victim = who(world, draft.witness), name(person.name), name(world.victim)
    return rng.choice((f"{speaker}：“上个星期我无意中听见{victim}和{subject}在吵架。现在也不算什么秘密了："
                       f"{subject}{motive(world, person, fact.kind)}。”",
                       f"{speaker}说：“{subject}私下跟我说过。实情是，{subject}{motive(world, person, fact.kind)}。”"))


def trace_text(rng: random.Random, draft: ClueDraft, world: World) -> str:
    fact = next((f for f in draft.facts if isinstance(f, Trace)), None)
    where = room(world, draft.location)
    if fact is None:
        return f"仔细搜查了{where}，没有发现任何异样。"
    item, owner = term(rng.choice(pools.TRACE_ITEMS)), who(world, fact.person)
    return rng.choice((f"{where}的一把椅子底下有一件{item}，是{owner}的。谁也说不准它是什么时候掉在那儿的。",
                       f"在{where}找到了{owner}的{item}；它可能是那天晚上任何时候落下的。"))


def caption(draft: ClueDraft, world: World) -> str:
    """The text shown with an image clue: what it is and the legend, never the answer."""
    scene = room(world, world.murder_place)
    if draft.style == "clock" and draft.medium == "collage":
        return (f"搜查时收集到的几只钟表，放在一起拍了照。标着{dict(draft.extra)['tag']}的那只，就是{scene}里的钟，"
                "扭打时被碰落在地，就在那一刻停了。另外几只几天前就已经停了。")
    if draft.style == "clock":
        return f"{scene}里的钟，扭打时被碰落在地，就在那一刻停了。"
    if draft.source == "cctv":
        return (f"{room(world, at_fact(draft, draft.subject).place)}上方监控摄像头的一帧画面，画面上印着时间。"
                "工作人员穿深色制服、戴帽子；今晚每位客人穿哪件外套、戴什么帽子，衣帽间登记簿上都有记录。")
    if draft.source == "exhibit":
        return (f"{who(world, draft.subject)}文具匣里的东西，按发现时的原样拍了照。{name(world.victim)}借出的每一笔钱"
                "都留着借据，对方还清了，就把那张借据撕成两半。")
    if draft.source == "seating":
        return (f"工作人员为{room(world, at_fact(draft, draft.subject).place)}排的座次图：每把椅子前都摆着一张名牌，"
                "每张桌子都注明是为哪一刻钟摆的。每个人都坐在自己名牌所在的位置上。")
    if draft.source == "timetable":
        return ("工作人员用粉笔记下谁在哪个房间，誊成了这张图：每一段横条表示在横条上所写房间里的一段停留，"
                "对照时间轴来读。")
    if draft.style == "floorplan":
        legend = "；".join(f"{colour_words(mark)}＝{who(world, pid)}" for pid, mark in draft.extra)
        text = f"{term(world.building)}的平面图。墙上的缺口就是门。"
        if legend:
            slot = marker_slot(draft)
            text += f"图上的标记表示{moment(world, slot, draft.id)}时移动感应器测到的各人位置：{legend}。"
        return text
    if draft.source == "route":
        start = route_start(draft)
        return (f"{who(world, draft.subject)}手机的定位记录：每一刻钟一个点，从{world.slots[start]}开始。"
                "箭头表示走动的方向。")
    if draft.style == "objects":
        return f"{room(world, draft.location)}一张桌上留着一盘没下完的棋子。"
    if draft.style == "ledger":
        return f"根据账簿画出的欠{name(world.victim)}的钱数；图上每个人当时都欠着钱。"
    return ""


def colour_words(mark: str) -> str:
    """"red circle" -> "红色圆形"."""
    from arena.generator.zh.lexicon import MARKER_WORDS

    return "".join(MARKER_WORDS.get(part, part) for part in mark.split())


def outfit(look: str) -> str:
    coat, hat = look.split()
    return f"{term(coat)}外套，{HATS[hat]}"


def clue_text(rng: random.Random, draft: ClueDraft, world: World) -> str:
    if draft.is_image:
        return caption(draft, world)
    if draft.style in ("alibi", "reach"):
        return sighting_text(rng, draft, world)
    if draft.style == "motive":
        return motive_text(rng, draft, world)
    if draft.style == "void":
        person = world.person(draft.subject or "")
        return (f"一张{name(world.victim)}签了名的字条，落款是案发前一天，由{name(person.name)}收着："
                f"{motive(world, person, void=True)}；和{name(person.name)}之间的那件事已经了结。")
    if draft.style == "cloakroom":
        listed = "；".join(f"{who(world, pid)}，{outfit(look)}" for pid, look in draft.extra)
        return f"今晚衣帽间登记的外套和帽子：{listed}。"
    if draft.style in ("trace", "note"):
        return trace_text(rng, draft, world)
    if draft.style == "clock_note":
        speaker = who(world, draft.witness) if draft.witness else term(rng.choice(world.setting.staff))
        return (f"{speaker}：“{room(world, world.murder_place)}的钟慢{world.clock_slow}分钟，已经好几个星期了，"
                "一直没人去调。”")
    if draft.style == "inventory":
        return (f"{room(world, world.weapon_place)}里的{term(world.weapon.container)}敞着，"
                f"{term(world.weapon.name)}不见了。"
                f"工作人员证实，整座{term(world.building)}只有这一件，从来不放在别处。")
    raise ValueError(f"no Chinese text for clue style {draft.style!r}")


def alt_text(draft: ClueDraft, title: str) -> str:
    if draft.style == "clock":
        return "一只没有数字的钟面，只有指针显示时间"
    return f"{title}（图片）"
