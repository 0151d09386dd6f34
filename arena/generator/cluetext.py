"""Clue titles and texts: the words of text clues and the captions of image clues.

Each text is written from the clue's facts only. Image captions say what the picture is and give
the legend a reader needs (who wears which marker, when a phone trail starts) but never the answer
the picture holds: the clock's time, the doors, the route, the counts and the bar heights are only
in the pixels.
"""

from __future__ import annotations

import random

from arena.generator import pools
from arena.generator.evidence import ClueDraft
from arena.generator.facts import At, Motive, Trace
from arena.generator.phrases import article, capital, moment, motive_phrase
from arena.generator.plots.text import plot_text, plot_title
from arena.generator.world import World


def name(world: World, person_id: str | None) -> str:
    return world.person(person_id).name if person_id else ""


def first(world: World, person_id: str | None) -> str:
    return name(world, person_id).split()[0] if person_id else ""


def clue_title(draft: ClueDraft, world: World) -> str:
    plotted = plot_title(draft, world)
    if plotted is not None:
        return plotted
    subject, room = first(world, draft.subject), world.place_name(draft.location) if draft.location else ""
    titles = {
        "clock": "The stopped clock", "autopsy": "The coroner's preliminary report",
        "clock_note": f"About the clock in the {world.place_name(world.murder_place)}",
        "inventory": f"Missing from the {world.place_name(world.weapon_place)}",
        "log": f"Door log of the {world.place_name(world.weapon_place)}",
        "floorplan": f"Floor plan of {world.building}",
        "ledger": "A page from the victim's ledger", "objects": f"Counters on a table in the {room}",
        "trace": f"Something found in the {room}", "note": f"A search of the {room}",
        "cloakroom": "The cloakroom list",
    }
    if draft.style in titles:
        return titles[draft.style]
    by_source = {
        "witness": f"What {first(world, draft.witness)} remembers", "staff": f"A statement taken in the {room}",
        "receipt": f"A receipt of {subject}'s", "chat": "A chat on a phone", "ticket": f"{subject}'s stamped pass",
        "route": f"{subject}'s phone location trail", "testimony": f"What {first(world, draft.witness)} overheard",
        "letter": f"A letter to {subject}", "email": f"An e-mail to {subject}",
        "note": f"A note kept by {subject}", "cctv": f"A security camera still from the {room}",
        "timetable": "The staff's movement board", "seating": f"The seating plan of the {room}",
        "exhibit": f"{subject}'s writing case",
    }
    return by_source.get(draft.source, f"A clue about {subject}")


def at_fact(draft: ClueDraft, person: str | None) -> At:
    return next(f for f in draft.facts if isinstance(f, At) and f.person == person)


def marker_slot(draft: ClueDraft) -> int:
    """The quarter hour a floor plan's markers show (its first position fact)."""
    return next(f.slot for f in draft.facts if isinstance(f, At))


def route_start(draft: ClueDraft) -> int:
    """The first quarter hour of a phone's location trail."""
    return min(f.slot for f in draft.facts if isinstance(f, At))


def sighting_text(rng: random.Random, draft: ClueDraft, world: World) -> str:
    fact = at_fact(draft, draft.subject)
    room, time, who = world.place_name(fact.place), moment(world, fact.slot, draft.id), name(world, draft.subject)
    if draft.source == "witness":
        speaker = name(world, draft.witness)
        return rng.choice((f"{speaker}: \"At {time} I was in the {room}, and {who} was there with me the whole "
                           f"quarter hour.\"", f"{speaker} recalls: \"At {time} I was in the "
                           f"{room}. {who} was there too; we talked the whole quarter hour.\""))
    staff = rng.choice(world.setting.staff)
    obj = world.pro(draft.subject, 1)
    return rng.choice((f"Statement of {staff}: \"{who} was in the {room} at {time}. I saw {obj} there myself.\"",
                       f"{staff.capitalize()} states: \"At {time} I was serving in the {room}, and {who} was "
                       f"there.\""))


def motive_text(rng: random.Random, draft: ClueDraft, world: World) -> str:
    fact = next(f for f in draft.facts if isinstance(f, Motive))
    person = world.person(fact.person)
    speaker = name(world, draft.witness)
    return rng.choice((f"{speaker}: \"Last week I overheard {world.victim} and {person.name} arguing. It is "
                       f"no secret now: {person.name} {motive_phrase(world, person, fact.kind)}.\"",
                       f"{speaker} says: \"{person.name} confided in me. The truth is that {person.name} "
                       f"{motive_phrase(world, person, fact.kind)}.\""))


def trace_text(rng: random.Random, draft: ClueDraft, world: World) -> str:
    fact = next((f for f in draft.facts if isinstance(f, Trace)), None)
    room = world.place_name(draft.location or "")
    if fact is None:
        return f"A careful search of the {room} turns up nothing out of place."
    item = rng.choice(pools.TRACE_ITEMS)
    return rng.choice((f"Under a chair in the {room} lies {article(item)} belonging to {name(world, fact.person)}. "
                       f"Nobody can say when it was dropped.", f"{capital(article(item))} of "
                       f"{name(world, fact.person)}'s is found in the {room}; it could have been left there at any "
                       f"time that evening."))


def caption(rng: random.Random, draft: ClueDraft, world: World) -> str:
    """The text shown with an image clue: what it is and the legend, never the answer."""
    if draft.style == "clock" and draft.medium == "collage":
        return (f"Timepieces gathered by the search, photographed together. The one tagged {dict(draft.extra)['tag']} "
                f"is the clock from the {world.place_name(world.murder_place)}, knocked to the floor in the struggle; "
                "it stopped at that moment. The others had run down days before.")
    if draft.style == "clock":
        return (f"The clock from the {world.place_name(world.murder_place)}, knocked to the floor in the struggle; "
                f"it stopped at that moment.")
    if draft.source == "cctv":
        return (f"A frame from the security camera over the {world.place_name(at_fact(draft, draft.subject).place)}, "
                "with its time burnt in. Staff wear dark uniform coats and caps; the cloakroom list says which coat "
                "and hat each guest wore tonight.")
    if draft.source == "timetable":
        return ("The board on which the staff chalked up who was in which room, copied as a chart: each bar is a "
                "stay in the room written on it, read against the time axis.")
    if draft.source == "exhibit":
        return (f"What lay in {name(world, draft.subject)}'s writing case, photographed as found. {world.victim} "
                "kept every IOU and tore each one in two when the debt was repaid.")
    if draft.source == "seating":
        return (f"The staff's seating plan for the {world.place_name(at_fact(draft, draft.subject).place)}: a name "
                "card at every chair, each table marked with the quarter hour it was laid for. Everyone sat where "
                "their card was.")
    if draft.style == "floorplan":
        legend = "; ".join(f"{mark} = {name(world, pid)}" for pid, mark in draft.extra)
        text = f"The floor plan of {world.building}. Gaps in the walls are doorways."
        if legend:
            when = moment(world, marker_slot(draft), draft.id)
            text += f" Markers show where the motion sensors placed people at {when}: {legend}."
        return text
    if draft.source == "route":
        start = route_start(draft)
        return (f"The location history of {name(world, draft.subject)}'s phone: one point every quarter hour, "
                f"starting at {world.slots[start]}. Arrows show the direction of travel.")
    if draft.style == "objects":
        return f"Counters of an unfinished game, left on a table in the {world.place_name(draft.location or '')}."
    if draft.style == "ledger":
        return f"Sums owed to {world.victim}, drawn from the ledger; every person shown owed money at the time."
    return ""


HAT_WORDS = {"none": "no hat", "brimmed": "a brimmed hat", "cap": "a cap", "beanie": "a knitted beanie"}


def outfit_words(look: str) -> str:
    coat, hat = look.split()
    return f"{article(pools.COAT_WORDS.get(coat, coat) + ' coat')} and {HAT_WORDS[hat]}"


def clue_text(rng: random.Random, draft: ClueDraft, world: World) -> str:
    plotted = plot_text(rng, draft, world)
    if plotted is not None:
        return plotted
    if draft.is_image:
        return caption(rng, draft, world)
    if draft.style == "inventory":
        state = "is locked again, yet" if world.plot_spec.access == "keys" else "stands open and"
        return (f"{world.weapon.container.capitalize()} in the {world.place_name(world.weapon_place)} {state} "
                f"the {world.weapon.name} is gone. The staff confirm it is the only one in {world.building} and is "
                f"never kept anywhere else.")
    if draft.style in ("alibi", "reach"):
        return sighting_text(rng, draft, world)
    if draft.style == "motive":
        return motive_text(rng, draft, world)
    if draft.style == "void":
        person = world.person(draft.subject or "")
        return (f"A signed note from {world.victim}, dated the day before the murder, kept by {person.name}: "
                f"{motive_phrase(world, person, void=True)}; the matter with {person.name} was closed.")
    if draft.style == "cloakroom":
        return "Coats and hats left in the cloakroom's book tonight: " + "; ".join(
            f"{name(world, pid)}, {outfit_words(look)}" for pid, look in draft.extra) + "."
    if draft.style in ("trace", "note"):
        return trace_text(rng, draft, world)
    if draft.style == "clock_note":
        room = world.place_name(world.murder_place)
        speaker = name(world, draft.witness) if draft.witness else rng.choice(world.setting.staff).capitalize()
        return (f"{speaker}: \"The clock in the {room} has been running {world.clock_slow} minutes slow for weeks; "
                f"nobody ever set it right.\"")
    raise ValueError(f"no text for clue style {draft.style!r}")

