"""Chinese card texts: the English card spec keeps its geometry, colours and looks; its words are rewritten.

Every printed word comes from the same facts as the English card (names, rooms, times, sums), so the
whole-case checks of what a card states hold unchanged. Rendering picks the Noto CJK faces by itself
(`multimodal.cards.fonts`) and breaks lines without spaces.
"""

from __future__ import annotations

from typing import Any

from arena.generator.cards import slot_end
from arena.generator.evidence import ClueDraft
from arena.generator.facts import At, Detail, EntryLog
from arena.generator.phrases import moment
from arena.generator.world import World
from arena.generator.zh.lexicon import name, term
from arena.generator.zh.phrases import method, motive

LETTER_LINES = {
    "debt": "你欠我{amount}。我已经够有耐心了：这笔借款周一到期，必须还清。",
    "inheritance": "我已经拿定主意。周一我就改写遗嘱，里面不会再有你。",
    "blackmail": "那桩旧丑闻的信还在我手里。我要什么，你心里清楚。",
    "rivalry": "{prize}我志在必得，等我拿到手，你也就完了。",
    "dismissal": "从周一起你被辞退了，我还打算当众说明原因。",
    "jealousy": "不错，我订婚了。这件事我不想再从你嘴里听到一个字。",
}


def who(world: World, person_id: str | None) -> str:
    return name(world.person(person_id).name) if person_id else ""


def sighting(params: dict[str, Any], draft: ClueDraft, world: World) -> dict[str, Any]:
    fact = next(f for f in draft.facts if isinstance(f, At) and f.person == draft.subject)
    # the card's own minute inside the quarter hour, never the murder's quarter hour itself (arena/generator/leaks.py)
    person, room, time = who(world, fact.person), term(world.place_name(fact.place)), moment(world, fact.slot, draft.id)
    if draft.source == "receipt":
        return {**params, "shop": term(world.building), "address": room, "when": f"今晚 {time}",
                "lines": [{"item": term(i["item"]), "price": i["price"]} for i in params["lines"]],
                "total_label": "合计", "payment": f"签收：{person}", "footer": "谢谢惠顾。", "width": RECEIPT_WIDTH}
    if draft.source == "chat":
        staff = term(params["messages"][0]["sender"].lower()) if params["messages"][0]["sender"].lower() in STAFF \
            else params["messages"][0]["sender"]
        return {"title": f"{staff}的消息", "messages": [
            {"sender": staff, "time": time, "text": f"{person}这会儿就在{room}，和我在一起。谁能再送些杯子过来？",
             "mine": True}, {"sender": "前台", "time": time, "text": "马上到。"}]}
    return {**params, "heading": f"{term(world.building)}：{room}", "body": f"准入：{person}。盖章时间：{time}。",
            "footer": "请随身携带此证。"}


# Chinese receipts: a narrow slip (short gaps between item and price) and a flatbed scan rather than a photo
# on a table; chi_sim OCR's layout analysis drops the item rows of a photographed receipt (38-58% of characters
# recovered, against 85-100% scanned; see docs/generator.md).
RECEIPT_WIDTH = 340
RECEIPT_LOOKS = {"photographed": "scanned"}


def card_spec(spec: dict[str, Any], draft: ClueDraft, world: World) -> dict[str, Any]:
    """The Chinese spec of one card: its params rewritten, a receipt's look as a Chinese slip reads best."""
    out = {**spec, "params": card_params(spec["params"], draft, world)}
    if spec["template"] == "receipt" and spec.get("look") in RECEIPT_LOOKS:
        out["look"] = RECEIPT_LOOKS[spec["look"]]
    return out


STAFF = {s for s in ("the butler", "the housekeeper", "the cook", "the chauffeur", "the night porter",
                     "the head waiter", "the concierge", "the chambermaid", "the stage doorkeeper",
                     "the stage manager", "the usher", "the prompter", "the station cook", "the radio operator",
                     "the caretaker", "the duty medic", "the steward", "the purser", "the ship's doctor", "the bosun")}


def paper(params: dict[str, Any], draft: ClueDraft, world: World) -> dict[str, Any]:
    person = world.person(draft.subject or "")
    full, victim = name(person.name), name(world.victim)
    line = LETTER_LINES[person.motive or "debt"].format(amount=term(world.amount), prize=term(world.prize))
    if draft.style == "void" and draft.source == "receipt":
        return {**params, "shop": "还款收据", "when": "案发前一天", "lines": [{"item": f"{victim}的借款",
                "price": term(world.amount)}], "total": term(world.amount), "total_label": "合计",
                "payment": f"付款人：{full}", "width": RECEIPT_WIDTH,
                "footer": "款已收讫，账目全部结清。"}
    heading = f"{victim}写给{full}的信"  # a long heading and the salutation on the first line: chi_sim keeps both
    if draft.style == "void":
        body = f"{full}：这件事就此了结——{motive(world, person, void=True)}。"
        return {**params, "heading": heading, "body": body, "signature": victim, "footer": "落款日期为案发前一天。"}
    if draft.source == "email":
        return {**params, "heading": "电子邮件",
                "body": f"发件人：{victim}\n收件人：{full}\n发送时间：前一天\n\n{line}"}
    if draft.source == "chat":
        holder = who(world, draft.holder)
        return {"title": f"{victim}和{full}", "messages": [
            {"sender": victim, "time": "昨天", "text": line},
            {"sender": full, "time": "昨天", "text": "别在这儿说。今晚不行。", "mine": True},
            {"sender": holder, "time": "今天", "text": f"从{full}的手机上转过来的。"}]}
    return {**params, "heading": heading, "body": f"{full}：{line}", "signature": victim}


def plan(params: dict[str, Any], world: World) -> dict[str, Any]:
    rooms = {r.name: term(r.name) for r in world.layout.rooms}
    firsts = {p.name.split()[0]: name(p.name) for p in world.people}
    out = {**params, "rooms": [{**r, "name": rooms[r["name"]]} for r in params["rooms"]],
           "doors": [{"between": [rooms[a] for a in d["between"]]} for d in params["doors"]]}
    if "markers" in params:
        out["markers"] = [{**m, "room": rooms[m["room"]]} for m in params["markers"]]
    if "furniture" in params:
        out["furniture"] = [{**f, "room": rooms[f["room"]]} for f in params["furniture"]]
        out["people"] = [{**p, "name": firsts[p["name"]]} for p in params["people"]]
        out["sightings"] = [{**s, "person": firsts[s["person"]], "room": rooms[s["room"]]} for s in params["sightings"]]
    return out


def log(draft: ClueDraft, world: World, params: dict[str, Any]) -> dict[str, Any]:
    entries = next(f for f in draft.facts if isinstance(f, EntryLog)).entries
    room = term(world.place_name(world.weapon_place))
    lines = [f"{world.slots[slot]}-{slot_end(world, slot)}，{who(world, pid)}开门。"  # chi_sim reads rows, not tables
             for pid, slot in entries]
    return {**params, "heading": f"门禁记录：{room}", "body": "\n".join(lines),
            "footer": f"按刻钟记下开{room}门的人。打印于{world.slots[world.discovery_slot]}，即警报响起之时。"}


def signature(draft: ClueDraft, topic: str) -> str:
    return term(next(f.value for f in draft.facts if isinstance(f, Detail) and f.topic == topic))


def documents(params: dict[str, Any], draft: ClueDraft, world: World) -> dict[str, Any] | None:
    """Coroner's report, door log, clockmaker's card and inventory; None for other drafts."""
    if draft.style == "autopsy":
        return {**params, "heading": "验尸官初步报告",
                "subheading": f"{term(world.building)}。死者：{name(world.victim)}",
                "body": f"检验结果：有人{method(world)}。凶器是{term(world.weapon.name)}，没有用过别的凶器。"
                        "死亡时间只能确定在当晚，无法更精确。", "signature": signature(draft, "signature")}
    if draft.style == "log":
        return log(draft, world, params)
    if draft.style == "clock_note":
        room = term(world.place_name(world.murder_place))
        return {**params, "heading": f"钟表匠检修卡：{room}的钟",
                "body": f"上周检修。此钟慢{world.clock_slow}分钟。已约下月校准；"
                        f"在此之前，请在所示时间上加{world.clock_slow}分钟。",
                "signature": signature(draft, "signature")}
    if draft.style == "inventory":
        room = term(world.place_name(world.weapon_place))
        return {**params, "heading": f"物品清点：{room}",
                "body": f"{term(world.weapon.container)}敞开着，{term(world.weapon.name)}缺失。"
                        f"备注：整座{term(world.building)}只有这一件{term(world.weapon.name)}，从不放在别处。",
                "footer": f"警报响起后清点，时间{world.slots[world.discovery_slot]}。"}
    return None


def name_cards(params: dict[str, Any], draft: ClueDraft, world: World) -> dict[str, Any]:
    """A seating plan's name cards or the IOUs of a writing case: the subject by full Chinese name (first name in
    English), outside guests by Chinese family name and title; seat geometry, tears and tags unchanged."""
    firsts = {p.name.split()[0]: name(p.name) for p in world.people}

    def card(label: str) -> str:
        return firsts.get(label) or term(label) if label else ""

    if draft.source == "seating":
        room = term(world.place_name(next(f.place for f in draft.facts if isinstance(f, At))))
        return {**params, "title": f"座次图：{room}",
                "tables": [{**t, "seats": [card(x) for x in t["seats"]]} for t in params["tables"]]}
    items = [{**i, "label": "借据：" + card(i["label"].removeprefix("IOU: "))} if i["kind"] == "note" else i
             for i in params["items"]]
    return {**params, "title": "文具匣里找到的东西", "items": items}


def card_params(params: dict[str, Any], draft: ClueDraft, world: World) -> dict[str, Any]:
    """The Chinese params of one card, from its English params and its draft."""
    if draft.style == "clock" or draft.style == "objects":
        return params
    if draft.source == "cctv":
        cam = params["camera"].split()
        place = next(f.place for f in draft.facts if isinstance(f, At))
        return {**params, "camera": f"{cam[0]} {cam[1]} {term(world.place_name(place))}"}
    if draft.source in ("seating", "exhibit"):
        return name_cards(params, draft, world)
    if draft.source == "timetable":
        firsts = {p.name.split()[0]: name(p.name) for p in world.people}
        rows = [{"label": firsts.get(r["label"]) or term(r["label"].lower()),
                 "spans": [{**s, "label": term(s["label"])} for s in r["spans"]]} for r in params["rows"]]
        return {**params, "title": "工作人员的行踪登记板", "rows": rows}
    if (doc := documents(params, draft, world)) is not None:
        return doc
    if draft.style == "floorplan":
        return plan(params, world)
    if draft.source == "route":
        return {**params, "places": [{**p, "name": term(p["name"])} for p in params["places"]],
                "routes": [{**r, "path": [term(x) for x in r["path"]]} for r in params["routes"]]}
    if draft.style == "ledger":
        firsts = {p.name.split()[0]: name(p.name) for p in world.people}
        return {**params, "title": f"欠{name(world.victim)}的钱", "bars": [
            {**b, "label": firsts.get(b["label"]) or term(b["label"])} for b in params["bars"]]}
    if draft.style in ("alibi", "reach"):
        return sighting(params, draft, world)
    return paper(params, draft, world)
