"""Card specs for image clues, in the `cards.yaml` format that `multimodal.cards.render` draws.

Text-rich cards (report, ticket, letter, e-mail, chat, receipt) print their facts as words;
media-rich cards (clock, floor plan, route map, counters, bar chart, CCTV still, timetable, seating
plan) hold theirs as geometry.
"""

from __future__ import annotations

import random
from typing import Any

from arena.generator.evidence import ClueDraft
from arena.generator.facts import Amount, At, Count, Detail, EntryLog, StoppedClock
from arena.generator.phrases import method_phrase, moment, motive_phrase
from arena.generator.pools import COAT_COLOURS, STAFF_COATS
from arena.generator.world import World
from arena.scripts.clock import SLOT_MINUTES, hhmm, minutes_of, slot_minutes

LETTER_LINES = {
    "debt": "You owe me {amount}. I have been patient long enough: the loan is called in for Monday.",
    "inheritance": "I have made up my mind. On Monday I rewrite my will, and you will not be in it.",
    "blackmail": "I still have the letters about the old scandal. You know what I expect in return.",
    "rivalry": "I will win {prize}, and when I do, you will be finished.",
    "dismissal": "You are dismissed as of Monday, and I intend to say publicly why.",
    "jealousy": "Yes, I am engaged to be married, and I will not hear another word from you about it.",
}
ITEMS = (("Coffee", "3.50"), ("Brandy", "7.00"), ("Sandwiches", "6.20"), ("Mineral water", "2.10"),
         ("Cigarettes", "4.80"), ("Tea for one", "2.90"), ("Lemon tart", "4.40"))
BAR_COLOURS = ("steelblue", "darkorange", "seagreen", "firebrick", "slateblue", "goldenrod", "teal")


def detail(draft: ClueDraft, topic: str) -> str:
    return next(f.value for f in draft.facts if isinstance(f, Detail) and f.topic == topic)


# looks per card medium (mild presets keep the OCR floor; hard cases add a few hard ones to letters)
LOOKS = {
    "document": ("typed", "aged", "textured", "scanned", "photographed", "book"),
    "receipt": ("scanned", "photographed", "textured"),
    "chat": ("plain", "photographed"),
    "clock": ("plain", "photographed"),
    "evidence": ("plain", "photographed"),
}
HARD_LETTER_LOOKS = ("handwritten", "stamped")
# written as JPEG (grain compresses badly in PNG)
PHOTO_MEDIA = frozenset({"document", "receipt", "chat", "clock", "cctv", "collage", "evidence"})


def image_file(draft: ClueDraft) -> str:
    return f"images/{draft.id}.{'jpg' if draft.medium in PHOTO_MEDIA else 'png'}"


def card_look(rng: random.Random, draft: ClueDraft, world: World) -> str | None:
    """A look preset for the card: how a real document of its kind would be photographed or scanned."""
    looks = LOOKS.get(draft.medium)
    if looks is None:
        return None
    if world.options.difficulty == "hard" and draft.source in ("letter", "email") and rng.random() < 0.3:
        return rng.choice(HARD_LETTER_LOOKS)
    return rng.choice(looks)


def person_name(world: World, person_id: str | None) -> str:
    return world.person(person_id).name if person_id else ""


def clock_params(rng: random.Random, draft: ClueDraft) -> dict[str, Any]:
    """A hands-only timepiece (no numerals): wall, carriage or pocket, with hour or quarter ticks."""
    shows = next(f.shows for f in draft.facts if isinstance(f, StoppedClock))
    hour, minute = divmod(shows, 60)
    return {"hour": hour, "minute": minute, "style": rng.choice(("wall", "carriage", "pocket")),
            "ticks": rng.choice(("hours", "quarters")), "size": 420}


def log_params(draft: ClueDraft, world: World) -> dict[str, Any]:
    log = next(f for f in draft.facts if isinstance(f, EntryLog))
    # by quarter hour, as the lock's report prints it: several people may pass one door in a quarter hour, never
    # all at one minute
    lines = [f"{world.slots[slot]}-{slot_end(world, slot)}  {person_name(world, pid)}" for pid, slot in log.entries]
    room = world.place_name(log.place)
    return {"style": "report", "font": "mono", "size": 22, "heading": f"Door log: {room}",
            "body": "\n".join(lines),
            "footer": f"Who opened the {room} door, by quarter hour. Printed at "
                      f"{world.slots[world.discovery_slot]}, when the alarm was raised."}


def floorplan_params(draft: ClueDraft, world: World) -> dict[str, Any]:
    rooms = [{"name": r.name, "x": r.x, "y": r.y, "w": r.w, "h": r.h, "colour": r.colour} for r in world.layout.rooms]
    doors = [{"between": [world.place_name(a), world.place_name(b)]} for a, b in world.layout.doors]
    where = {f.person: f.place for f in draft.facts if isinstance(f, At)}
    markers: list[dict[str, Any]] = []
    used: dict[str, int] = {}
    for pid, mark in draft.extra:
        colour, shape = mark.split()
        index = used.get(where[pid], 0)
        used[where[pid]] = index + 1
        markers.append({"room": world.place_name(where[pid]), "colour": colour, "shape": shape,
                        "dx": round(-0.3 + 0.2 * (index % 4), 2), "dy": 0.2 if index < 4 else 0.38})
    plan = {"cols": world.layout.cols, "rows": world.layout.rows, "cell": 100, "rooms": rooms, "doors": doors}
    if draft.medium != "furnished_plan":
        return {**plan, "markers": markers}
    furniture = [{"kind": f.value.replace(" ", "_"), "room": world.place_name(f.topic.split(":", 1)[1]),
                  "x": 0.5, "y": 0.3, "w": 0.45, "h": 0.25}
                 for f in draft.facts if isinstance(f, Detail) and f.topic.startswith("furniture:")]
    people = [{"name": person_name(world, pid).split()[0], "colour": mark.split()[0], "shape": mark.split()[1]}
              for pid, mark in draft.extra]
    sightings = [{"person": person_name(world, pid).split()[0], "room": m["room"], "x": round(0.5 + m["dx"], 2),
                  "y": round(0.5 + m["dy"], 2), "time": world.slots[next(f.slot for f in draft.facts
                                                                        if isinstance(f, At) and f.person == pid)]}
                 for (pid, _), m in zip(draft.extra, markers, strict=True)]
    return {**plan, "cell": 130, "furniture": furniture, "people": people, "sightings": sightings}


def route_params(draft: ClueDraft, world: World) -> dict[str, Any]:
    layout = world.layout
    # neighbours in a row alternate up and down, so their printed names never overlap
    places = [{"name": r.name, "x": round((r.x + r.w / 2) / layout.cols * 100, 2),
               "y": round((r.y + r.h / 2) / layout.rows * 100 + (8 if i % 2 else -8), 2)}
              for i, r in enumerate(layout.rooms)]
    steps = sorted((f.slot, f.place) for f in draft.facts if isinstance(f, At))
    # no roads: the doorways are the floor plan's fact; a trail shows only where the phone went
    route = {"path": [world.place_name(p) for _, p in steps], "colour": "red"}
    return {"places": places, "routes": [route], "size": 900}


def bar_params(rng: random.Random, draft: ClueDraft, world: World) -> dict[str, Any]:
    colours = list(BAR_COLOURS)
    rng.shuffle(colours)
    people = {p.id for p in world.people}
    amounts = [f for f in draft.facts if isinstance(f, Amount)]
    bars = [{"label": world.person(f.label).name.split()[0] if f.label in people else f.label, "value": f.value,
             "colour": colours[i % len(colours)]} for i, f in enumerate(amounts)]
    return {"title": f"Owed to {world.victim}", "bars": bars, "width": 720, "height": 460}


def sighting_params(rng: random.Random, draft: ClueDraft, world: World) -> dict[str, Any]:
    fact = next(f for f in draft.facts if isinstance(f, At) and f.person == draft.subject)
    # the card's own minute, inside the quarter hour: an alibi never prints the murder's quarter hour
    who, room, time = person_name(world, fact.person), world.place_name(fact.place), moment(world, fact.slot, draft.id)
    if draft.source == "receipt":
        lines = list(draft.extra) or rng.sample(ITEMS, rng.randint(1, 3))
        total = f"{sum(float(p) for _, p in lines):.2f}"
        return {"shop": world.building, "address": room, "when": f"Tonight {time}",
                "lines": [{"item": i, "price": p} for i, p in lines], "total": total, "payment": f"Signed: {who}",
                "footer": "Thank you for your custom."}
    if draft.source == "chat":
        staff = rng.choice(world.setting.staff)
        return {"title": f"Messages of {staff}", "messages": [
            {"sender": staff.capitalize(), "time": time, "text": f"{who} is here in the {room} with me right now. "
             f"Could someone bring more glasses?", "mine": True},
            {"sender": "Front desk", "time": time, "text": "On the way."}]}
    return {"style": "ticket", "font": "sans", "heading": f"{world.building}: {room}",
            "body": f"Admitted: {who}. Time stamped: {time}.", "footer": "Keep this pass with you."}


def paper_params(rng: random.Random, draft: ClueDraft, world: World) -> dict[str, Any]:
    """Letters, e-mails, chats and receipts about motives and their cancellation."""
    person = world.person(draft.subject or "")
    line = LETTER_LINES[person.motive or "debt"].format(amount=world.amount, prize=world.prize)
    if draft.style == "void" and draft.source == "receipt":
        return {"shop": "Receipt of repayment", "when": "The day before the murder",
                "lines": [{"item": f"Loan from {world.victim}", "price": world.amount}], "total": world.amount,
                "payment": f"Paid by {person.name}", "footer": "Received with thanks. Account settled in full."}
    if draft.style == "void":
        body = f"Dear {person.name.split()[0]},\n\nLet this settle it: {motive_phrase(world, person, void=True)}."
        return {"style": "letter", "heading": f"To {person.name}", "body": body, "signature": world.victim,
                "footer": "Dated the day before the murder."}
    if draft.source == "email":  # a printed e-mail: a generated case is set in the present day (ERA)
        return {"style": "report", "font": "sans", "heading": "E-mail",
                "body": f"From: {world.victim}\nTo: {person.name}\nSent: the day before\n\n{line}"}
    if draft.source == "chat":
        holder = person_name(world, draft.holder)
        return {"title": f"{world.victim} and {person.name}", "messages": [
            {"sender": world.victim, "time": "Yesterday", "text": line},
            {"sender": person.name, "time": "Yesterday", "text": "Not here. Not tonight.", "mine": True},
            {"sender": holder, "time": "Today", "text": f"Forwarded from {person.name}'s phone."}]}
    return {"style": "letter", "heading": f"To {person.name}", "body": f"Dear {person.name.split()[0]},\n\n{line}",
            "signature": world.victim}


CARRY_PAINT = ("saddlebrown", "firebrick", "goldenrod")


def paint(colour: str) -> str:
    return COAT_COLOURS.get(colour, colour)


STAFF_SPOTS = ((12, (20, 80)), (88, (20, 80)), (50, (82, 92)))  # where staff stand: the edges, the foot


def cctv_params(rng: random.Random, draft: ClueDraft, world: World) -> dict[str, Any]:
    """A grainy top-down still from the camera in the subject's room: the subject by coat and hat, staff in
    dark uniform coats; the burnt-in timestamp is a minute inside the sighting's quarter hour (`moment`)."""
    fact = next(f for f in draft.facts if isinstance(f, At))
    look = dict(draft.extra)
    figures = [{"x": rng.randint(25, 75), "y": rng.randint(35, 70), "coat": paint(look["coat"]), "hat": look["hat"],
                "hat_colour": "black", "carries": look["carries"], "carry_colour": rng.choice(CARRY_PAINT),
                "facing": rng.randrange(0, 360, 15)}]
    for x, y in STAFF_SPOTS[:int(look["staff"])]:
        figures.append({"x": x, "y": rng.randint(*y), "coat": rng.choice(STAFF_COATS), "hat": "cap",
                        "hat_colour": "black", "facing": rng.randrange(0, 360, 15)})
    objects = [{"kind": kind, "x": x, "y": rng.randint(5, 15), "w": 18, "h": 10}
               for kind, x in zip(rng.sample(("table", "sofa", "desk", "bench", "plant", "rug"), 2), (5, 60),
                                  strict=True)]
    return {"camera": f"CAM {rng.randint(2, 9)} {world.place_name(fact.place).upper()}",
            "timestamp": f"{moment(world, fact.slot, draft.id)}:{rng.randint(0, 59):02d}", "objects": objects,
            "figures": figures, "floor": rng.choice(("#7d8c99", "#8a9482", "#9a8f86")),
            "seed": rng.randrange(1_000_000)}


def timetable_params(rng: random.Random, draft: ClueDraft, world: World) -> dict[str, Any]:
    """The staff's movement board: one bar per stay in a room, read against the time axis; times never printed."""
    steps = sorted((f.slot, f.place) for f in draft.facts if isinstance(f, At))
    first, last = steps[0][0], steps[-1][0]
    rows = [{"label": person_name(world, draft.subject).split()[0], "spans": stay_bars(world, steps)}]
    for staff in rng.sample(world.setting.staff, min(2, len(world.setting.staff))):
        room = rng.choice(world.layout.rooms).name
        rows.append({"label": staff.capitalize(), "spans": [{"start": world.slots[first], "end": slot_end(world, last),
                                                            "label": room, "colour": "gray"}]})
    rng.shuffle(rows)
    start = world.slots[max(0, first - 1)]
    return {"title": "Movement board kept by the staff", "start": start, "end": slot_end(world, last + 1),
            "tick_minutes": SLOT_MINUTES, "rows": rows, "width": 1000}


def stay_bars(world: World, steps: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """One bar per stay in a room, from (slot, place) steps in time order: a movement board's row."""
    spans: list[dict[str, Any]] = []
    for slot, place in steps:
        if spans and spans[-1]["place"] == place and spans[-1]["last"] == slot - 1:
            spans[-1]["last"] = slot
        else:
            spans.append({"place": place, "first": slot, "last": slot})
    return [{"start": world.slots[s["first"]], "end": slot_end(world, s["last"]), "label": world.place_name(s["place"]),
             "colour": BAR_COLOURS[i % len(BAR_COLOURS)]} for i, s in enumerate(spans)]


def slot_end(world: World, slot: int) -> str:
    """The end of quarter hour `slot` as "HH:MM" (the label of the next slot)."""
    last = min(slot, len(world.slots) - 1)
    return hhmm(minutes_of(world.slots[last]) + slot_minutes(1 + slot - last))


def seating_params(draft: ClueDraft, world: World) -> dict[str, Any]:
    """The plan of two round tables in the sighting's room, each labelled with the time it was laid for (a minute
    inside its quarter hour, as every alibi prints its own minute); a name card at every chair (the subject by first
    name, outside guests by title), '' an empty chair."""
    room = world.place_name(next(f.place for f in draft.facts if isinstance(f, At)))
    layout = dict(draft.extra)
    keys = ("", "other_") if layout["left"] == "mine" else ("other_", "")
    tables = [{"shape": "round", "label": moment(world, int(layout[key + "slot"]), f"{draft.id}:{key}"), "x": x,
               "y": 52, "seats": layout[key + "seats"].split("|")} for key, x in zip(keys, (27, 73), strict=True)]
    return {"title": f"Seating plan: {room}", "tables": tables, "width": 1000, "height": 560}


def slip_params(rng: random.Random, draft: ClueDraft) -> dict[str, Any]:
    """The IOUs of the subject's writing case as exhibits (torn or whole, in the draft's order), and a key."""
    items: list[dict[str, Any]] = [{"kind": "note", "label": f"IOU: {who}", "torn": state == "torn"}
                                   for who, state in draft.extra]
    items.insert(rng.randrange(len(items) + 1), {"kind": "key", "teeth": rng.randint(2, 5)})
    for i, item in enumerate(items):
        item["tag"] = str(i + 1)
    return {"title": "Found in a writing case", "items": items, "per_row": 4, "cell": 240,
            "surface": rng.choice(("lightsteelblue", "tan", "darkseagreen")), "seed": rng.randrange(1_000_000)}


def clock_sheet(rng: random.Random, draft: ClueDraft) -> dict[str, Any]:
    """A photographed sheet of timepieces; the murder room's clock is the one with the draft's tag."""
    clock, extra = clock_params(rng, draft), dict(draft.extra)
    decoys = iter(int(m) for m in extra["decoys"].split())
    items = []
    for label in "ABC":
        params = clock
        if label != extra["tag"]:
            hour, minute = divmod(next(decoys), 60)
            params = {**clock, "hour": hour % 24, "minute": minute, "style": rng.choice(("wall", "carriage", "pocket"))}
        items.append({"label": label, "template": "timepiece", "params": {**params, "size": 360}})
    return {"items": items, "layout": "grid", "surface": rng.choice(("table", "wood")), "width": 1300,
            "seed": rng.randrange(1_000_000)}


def card_params(rng: random.Random, draft: ClueDraft, world: World) -> dict[str, Any]:
    from arena.generator.plots.text import plot_card

    plotted = plot_card(rng, draft, world)
    if plotted is not None:
        return plotted
    if draft.style == "clock":
        return clock_sheet(rng, draft) if draft.medium == "collage" else clock_params(rng, draft)
    if draft.source == "cctv":
        return cctv_params(rng, draft, world)
    if draft.source == "timetable":
        return timetable_params(rng, draft, world)
    if draft.source == "seating":
        return seating_params(draft, world)
    if draft.source == "exhibit":
        return slip_params(rng, draft)
    if draft.style == "autopsy":
        when = ("The time of death: see the note on the body's temperature." if world.plot_spec.time == "chill"
                else "The time of death cannot be fixed more closely than the evening.")
        return {"style": "report", "heading": "Coroner's preliminary report",
                "subheading": f"{world.building}. The deceased: {world.victim}",
                "body": f"Findings: someone {method_phrase(world)}. The weapon was the {world.weapon.name}; no other "
                        f"weapon was involved. {when}",
                "signature": detail(draft, "signature")}
    if draft.style == "log":
        return log_params(draft, world)
    if draft.style == "clock_note":
        room = world.place_name(world.murder_place)
        return {"style": "ticket", "font": "sans", "heading": f"Clockmaker's service card: {room} clock",
                "body": f"Inspected last week. The clock runs {world.clock_slow} minutes slow. Adjustment booked for "
                        f"next month; until then, add {world.clock_slow} minutes to the time it shows.",
                "signature": detail(draft, "signature")}
    if draft.style == "inventory":
        room = world.place_name(world.weapon_place)
        return {"style": "report", "font": "mono", "heading": f"Inventory check: {room}",
                "body": f"{world.weapon.container.capitalize()}: "
                        f"{'locked' if world.plot_spec.access == 'keys' else 'open'}.\n"
                        f"{world.weapon.name.capitalize()}: MISSING.\n"
                        f"Note: the only {world.weapon.name} in {world.building}; it is never kept anywhere else.",
                "footer": f"Checked after the alarm at {world.slots[world.discovery_slot]}."}
    if draft.style == "floorplan":
        return floorplan_params(draft, world)
    if draft.source == "route":
        return route_params(draft, world)
    if draft.style == "objects":
        groups = [{"shape": f.shape, "colour": f.colour, "count": f.count} for f in draft.facts if isinstance(f, Count)]
        return {"groups": groups, "seed": rng.randrange(1_000_000), "width": 640, "height": 420}
    if draft.style == "ledger":
        return bar_params(rng, draft, world)
    if draft.style in ("alibi", "reach"):
        return sighting_params(rng, draft, world)
    return paper_params(rng, draft, world)


def card_spec(rng: random.Random, draft: ClueDraft, world: World) -> dict[str, Any]:
    template = "timepiece" if draft.medium == "clock" else draft.medium
    spec = {"file": image_file(draft), "template": template, "params": card_params(rng, draft, world)}
    look = card_look(rng, draft, world)
    if look is not None and look != "plain":
        spec["look"] = look
    return spec
