"""Chinese question stems, written from each question's typed query (the same query the solver answers).

Options are the English display strings put through the lexicon (`term`); the solver answers through
the case's Chinese names and labels, so a key re-derived by the checks compares as Chinese text.
"""

from __future__ import annotations

from arena.generator.evidence import ClueDraft
from arena.generator.facts import Detail, Query
from arena.generator.world import World
from arena.generator.zh.lexicon import name, term
from arena.scripts.clock import spoken_time_zh
from arena.scripts.schema import Question, Suite

LIFE_STEMS = {
    "secret_of": "{name}在为谁守口如瓶？",
}
MULTI = "请选出所有符合的选项。"
SEATING = {  # seat geometry only the plan shows
    "opposite": "{room}的座次图上，{name}对面那把椅子前摆的是谁的名牌？",
    "empty": "{room}的座次图上，{name}那一桌有几把椅子前没有名牌？",
}


class Stems:
    """Stems for one case: its world, its clue drafts and their Chinese titles."""

    def __init__(self, world: World, drafts: dict[str, ClueDraft], titles: dict[str, str]) -> None:
        self.world, self.drafts, self.titles = world, drafts, titles

    def who(self, person_id: str | None) -> str:
        return name(self.world.person(person_id or "").name)

    def room(self, place: str | None) -> str:
        return term(self.world.place_name(place or ""))

    def stem(self, q: Question, query: Query) -> str:
        text = {Suite.LSU: self.lsu, Suite.TIU: self.tiu, Suite.MIU: self.miu, Suite.MMR: self.mmr}[q.suite](q, query)
        return text + MULTI if query.multi else text

    def lsu(self, q: Question, query: Query) -> str:
        w, person = self.world, self.who(query.person)
        if query.kind == "where":
            return f"{spoken_time_zh(w.slots[query.slot or 0])}，{person}在哪里？"
        if query.kind == "relation":
            return f"{person}是{name(w.victim)}的什么人？"
        if query.kind == "trail_rooms":
            return f"从{w.slots[min(query.slots)]}到{w.slots[max(query.slots)]}，{person}一共待过几个不同的房间？"
        if query.kind == "trail_moves":
            return (f"从{spoken_time_zh(w.slots[min(query.slots)])}到{spoken_time_zh(w.slots[max(query.slots)])}，"
                    f"{person}从一个房间换到另一个房间，一共换了几次？")
        return LIFE_STEMS[query.topic or ""].format(name=person, victim=name(w.victim))

    def tiu(self, q: Question, query: Query) -> str:
        w, draft = self.world, self.drafts.get(q.evidence[0])
        title = self.titles.get(q.evidence[0], "")
        if query.kind == "detail":
            return {"method": f"根据「{title}」，死者是怎么被杀的？", "total": f"「{title}」上的合计金额是多少？",
                    "signature": f"「{title}」是谁签的名？"}[query.topic or ""]
        stems = {
            "entered": lambda: f"{self.room(query.place)}的门禁记录上列出了下面哪些人？",
            "entry_time": lambda: (f"根据{self.room(query.place)}的门禁记录，"
                                   f"{self.who(query.person)}是在哪一刻钟开的门？"),
            "weapon": lambda: "根据验尸官的报告，凶器是什么？",
            "where": lambda: f"根据这张卡片，{w.slots[query.slot or 0]}时{self.who(query.person)}在哪里？",
            "voided": lambda: "这份文件表明，谁的动机在案发前就已经了结了？",
            "clock_offset": lambda: f"根据检修卡，{self.room(w.murder_place)}的钟走时如何？",
            "weapon_place": lambda: f"根据物品清点，{term(w.weapon.name)}原本放在哪里？",
            "motive_kind": lambda: f"这张卡片透露了{self.who(query.person)}的什么事？",
        }
        assert draft is not None or query.kind in stems
        return stems[query.kind]()

    def miu(self, q: Question, query: Query) -> str:
        w, draft = self.world, self.drafts[q.evidence[0]]
        if query.kind == "detail":
            topic = query.topic or ""
            if topic.startswith("furniture:"):
                return f"平面图上，{self.room(topic.split(':', 1)[1])}里画的是哪件家具？"
            if topic == "torn":
                return f"{self.who(draft.subject)}文具匣的照片上，有几张借据被撕成了两半？"
            look, place = dict(draft.extra), self.room(draft_place(draft))
            if topic in SEATING:
                return SEATING[topic].format(room=place, name=self.who(draft.subject))
            if topic == "carries":
                return f"{place}的监控截图上，穿{term(look['coat'])}外套的人手里拿着什么？"
            return f"{place}的监控截图上有几个人？"
        if query.kind == "clock_shows":
            if draft.medium == "collage":
                return f"在那张拍下几只钟表的照片上，标着{dict(draft.extra)['tag']}的那只显示几点？"
            return "停走的钟显示几点？"
        if query.kind == "trail_rooms":
            if draft.source == "timetable":
                return f"工作人员的行踪登记板上，{self.who(draft.subject)}那一行显示了几个不同的房间？"
            return "手机定位轨迹一共经过了几个不同的房间？"
        if query.kind == "taller_bars":
            label = query.person or ""
            short = self.who(label) if label in {p.id for p in w.people} else term(label)
            return f"在欠{name(w.victim)}钱数的图上，有几根柱子比{short}的高？"
        stems = {
            "door_count": lambda: f"平面图上，{self.room(query.place)}有几道门通向别处？",
            "distance": lambda: f"平面图上，从{self.room(query.place)}走到{self.room(next(iter(query.among), ''))}，"
                        "至少要穿过几道门？",
            "marker_count": lambda: f"平面图上，{self.room(query.place)}里有几个标记？",
        }
        return stems[query.kind]()

    def mmr(self, q: Question, query: Query) -> str:
        w = self.world
        victim, scene, weapon = name(w.victim), self.room(w.murder_place), term(w.weapon.name)
        stems = {
            "present": lambda: f"{w.slots[next(iter(query.slots), 0)]}时，下面哪些人在{self.room(query.place)}？",
            "clock_shows": lambda: "发现时，那只停走的钟显示几点？", "murder_time": lambda: f"{victim}是几点被杀的？",
            "weapon": lambda: f"{victim}是被什么东西杀死的？", "weapon_place": lambda: f"{weapon}可能是从哪里拿走的？",
            "doors_of": lambda: f"从哪些房间可以直接走进{scene}？",
            "with_means": lambda: f"谁在案发前进过{self.room(w.weapon_place)}，因而有机会拿走{weapon}？",
            "with_motive": lambda: f"谁有杀害{victim}的理由，而且这个理由当晚仍然成立？",
            "culprits": lambda: f"是谁杀了{victim}？",
            "voided": lambda: "谁的动机早已了结？", "no_opportunity": lambda: f"案发时，谁不可能在{scene}？",
            "motive_kind": lambda: f"{self.who(query.person)}有什么理由想害{victim}？",
        }
        return stems[query.kind]()


def draft_place(draft: ClueDraft) -> str:
    return next((getattr(f, "place", "") for f in draft.facts if not isinstance(f, Detail) and hasattr(f, "place")), "")
