"""The words and cards of the plots' own clues: the victim's watch, the tampered clock, the poison's report, the
victim's phone trail, the cabinet's key register, and the coroner's cooling note and the thermometer's reading of a
room left open to the cold.

Captions say what a picture is, never what it shows (the watch's time, the trail's rooms are only in the pixels).
"""

from __future__ import annotations

import random
from typing import Any

from arena.generator.cards import detail, slot_end, stay_bars
from arena.generator.evidence import ClueDraft
from arena.generator.facts import WARM_ROOM, BodyCooling, KeyLog, Onset, RoomTemperature, VictimAt, WatchStopped
from arena.generator.phrases import capital
from arena.generator.world import World
from arena.scripts.clock import SLOT_MINUTES, hhmm, slot_minutes

TITLES = {
    "watch": "{victim}'s wristwatch",
    "tamper": "About the clock in the {scene}",
    "poison": "The coroner's report",
    "victim_trail": "{victim}'s phone location trail",
    "keys": "Key register of the {container}",
    "cooling": "The coroner's note on the time of death",
    "thermometer": "The thermometer in the {scene}",
}


def plot_title(draft: ClueDraft, world: World) -> str | None:
    """The title of a plot clue, or None for the clues every plot shares."""
    pattern = TITLES.get(draft.style)
    if pattern is None:
        return None
    return pattern.format(victim=world.victim, scene=world.place_name(world.murder_place),
                          container=world.weapon.container.removeprefix("the "))


def onset_words(draft: ClueDraft) -> str:
    return f"{slot_minutes(next(f.slots for f in draft.facts if isinstance(f, Onset)))} minutes"


def plot_text(rng: random.Random, draft: ClueDraft, world: World) -> str | None:
    """The text (or an image's caption) of a plot clue, or None for the clues every plot shares."""
    if draft.style == "watch":
        return (f"{world.victim}'s wristwatch, found on {world.pro(None, 2)} wrist with its glass cracked by the "
                f"blow; it stopped at that moment.")
    if draft.style == "victim_trail":
        return (f"The location history of {world.victim}'s phone, which {world.pro(None)} carried all evening, as the "
                "phone's app draws it: each bar is a stay in the room written on it, read against the time axis.")
    if draft.style == "tamper":
        room = world.place_name(world.murder_place)
        speaker = detail(draft, "signature")
        return rng.choice((
            f"{speaker}: \"The clock from the {room} stopped when it hit the floor, but that is not the time it "
            "shows. Its glass had been opened afterwards and the minute hand is bent where a finger pushed it "
            "round. Whoever did that chose the time it shows.\"",
            f"{speaker}: \"I took the {room} clock apart. The movement jammed in the fall, yet the hands turn "
            "freely on their arbor and carry fresh fingerprints: they were set by hand after it stopped. The time "
            "on its face is the time someone wanted us to read.\""))
    if draft.style == "thermometer":
        room = world.place_name(world.murder_place)
        return (f"The thermometer on the wall of the {room}, photographed when the body was found there. The "
                f"window beside it stood wide open to the night; nothing had been moved.")
    if draft.style in ("poison", "keys", "cooling"):
        return ""  # a text-rich card: its words are printed on the card
    return None


def plot_card(rng: random.Random, draft: ClueDraft, world: World) -> dict[str, Any] | None:
    """The card parameters of a plot clue's image, or None for the clues every plot shares."""
    if draft.style == "watch":
        shows = next(f.shows for f in draft.facts if isinstance(f, WatchStopped))
        hour, minute = divmod(shows, 60)
        return {"hour": hour, "minute": minute, "style": "wrist", "ticks": rng.choice(("hours", "quarters")),
                "size": 420}
    if draft.style == "poison":
        return {"style": "report", "heading": "Coroner's report",
                "subheading": f"{capital(world.building)}. The deceased: {world.victim}",
                "body": f"Cause of death: {world.weapon.name}, swallowed in a drink. It takes effect "
                        f"{onset_words(draft)} after it is swallowed; the collapse follows within minutes. No blow, "
                        "no wound: nothing else was involved.",
                "signature": detail(draft, "signature")}
    if draft.style == "keys":
        log = next(f for f in draft.facts if isinstance(f, KeyLog))
        lines = [f"{world.person(pid).name:<22} taken {world.slots[start]}  returned {slot_end(world, end)}"
                 for pid, start, end in log.holds]
        container = world.weapon.container.removeprefix("the ")
        return {"style": "report", "font": "mono", "size": 20,
                "heading": f"Key register: {container}, {world.place_name(log.place)}",
                "body": "\n".join(lines) or "No key taken this evening.",
                "footer": f"The cabinet stays locked; its keys are kept at the desk and every key taken is written "
                          f"here. Copied at {world.slots[world.discovery_slot]}, when the alarm was raised."}
    if draft.style in ("cooling", "thermometer"):
        return chill_card(rng, draft, world)
    if draft.style == "victim_trail":
        steps = sorted((f.slot, f.place) for f in draft.facts if isinstance(f, VictimAt))
        return {"title": f"Where {world.victim}'s phone was", "start": world.slots[steps[0][0]],
                "end": slot_end(world, steps[-1][0]), "tick_minutes": SLOT_MINUTES,
                "rows": [{"label": world.victim.split()[0], "spans": stay_bars(world, steps)}], "width": 1000}
    return None


SCALES = ((-10, 40), (-20, 50), (-10, 50))  # a thermometer's ends, in degrees


def chill_card(rng: random.Random, draft: ClueDraft, world: World) -> dict[str, Any]:
    """The coroner's printed estimate by the body's temperature with the rule for a colder room, or the room's
    thermometer (its reading only in the pixels)."""
    found = world.slots[world.discovery_slot]
    if draft.style == "cooling":
        cooling = next(f for f in draft.facts if isinstance(f, BodyCooling))
        return {"style": "report", "heading": "Coroner's note: the time of death",
                "subheading": f"{capital(world.building)}. The deceased: {world.victim}",
                "body": f"Body temperature taken at {found}, where the body lay. In a room at ordinary warmth "
                        f"({WARM_ROOM} degrees Celsius) a body cools at a known rate, and by that rate death came at "
                        f"{hhmm(cooling.estimate)}. A colder room cools a body faster: for every "
                        f"{cooling.per} degrees the room stood below {WARM_ROOM}, death came a quarter hour later "
                        "than that.",
                "signature": detail(draft, "signature")}
    degrees = next(f.degrees for f in draft.facts if isinstance(f, RoomTemperature))
    low, high = rng.choice(SCALES)
    return {"degrees": degrees, "low": low, "high": high, "board": rng.choice(("burlywood", "tan", "lightgrey"))}
