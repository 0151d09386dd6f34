"""Questions on the plots' own clues and reasoning steps: the victim's watch, the phone trail of a poisoned victim,
the poison's report, the cabinet's key register, the coroner's cooling note, the cold room's thermometer, and the
steps that read them."""

from __future__ import annotations

from arena.generator import pools
from arena.generator.evidence import ClueDraft
from arena.generator.facts import KeyLog, Query, RoomTemperature, VictimAt
from arena.generator.questions import (
    QuestionMaker,
    degrees_label,
    minutes_of,
    offered_rooms,
    person_step_question,
    sample_among,
    slot_window,
    time_options,
)
from arena.scripts.schema import ReasoningStep, Suite

ONSETS = ("15 minutes", "30 minutes", "45 minutes", "60 minutes")  # also how far the cold moves a time of death


def weapon_names(qm: QuestionMaker) -> list[str]:
    pool = pools.POISONS if qm.world.plot_spec.time == "onset" else pools.WEAPONS
    return [w[1] for w in pool]


def watch_options(qm: QuestionMaker) -> tuple[list[str], list[str]]:
    """The watch's true time among nearby quarters, the tampered clock's false time among them when near."""
    w = qm.world
    decoy = minutes_of(w.slots[w.shown_slot]) if w.shown_slot is not None else None
    return time_options(qm, minutes_of(w.slots[w.murder_slot]), decoy)


def plot_media_question(qm: QuestionMaker, d: ClueDraft) -> bool:
    """MIU on a plot's image clue; False when the clue is not one of the plots' own."""
    w = qm.world
    if d.style == "watch":
        qm.add(Suite.MIU, f"What time does {w.victim}'s wristwatch show?", *watch_options(qm),
               Query(kind="watch_shows"), [d.id])
        return True
    if d.style == "thermometer":
        thermometer_question(qm, d)
        return True
    if d.style == "victim_trail":
        slots = tuple(sorted(f.slot for f in d.facts if isinstance(f, VictimAt)))
        offered = offered_rooms(d)
        if len(offered) >= 3:  # fewer: too little choice to ask (the trail is evidence all the same)
            qm.add(Suite.MIU, f"On the chart of where {w.victim}'s phone was, how many different rooms does it "
                   "show?", [], offered, Query(kind="victim_rooms", slots=slots), [d.id])
        return True
    return False


def plot_card_question(qm: QuestionMaker, d: ClueDraft) -> bool:
    """TIU on a plot's text-rich card; False when the card is not one of the plots' own."""
    w, n = qm.world, qm.naming
    if d.style == "poison":
        qm.add(Suite.TIU, "According to the coroner's report, what was the poison?", [w.weapon.name],
               weapon_names(qm), Query(kind="weapon"), [d.id])
        qm.add(Suite.TIU, "According to the coroner's report, how long after it is swallowed does the poison act?",
               [], list(ONSETS), Query(kind="onset"), [d.id])
        return True
    if d.style == "cooling":
        assert w.shown_slot is not None  # the quarter hour the note's estimate names
        qm.add(Suite.TIU, "According to the coroner's note, at what time did death come by the body's temperature, "
               "for a room at ordinary warmth?", [w.slots[w.shown_slot]], slot_window(qm, w.shown_slot),
               Query(kind="cooling_estimate"), [d.id])
        return True
    if d.style == "keys":
        log = next(f for f in d.facts if isinstance(f, KeyLog))
        container = w.weapon.container.removeprefix("the ")
        holders = sorted({p for p, _, _ in log.holds})
        among = qm.people_among(holders[:1])
        qm.add(Suite.TIU, f"Which of these people does the key register of the {container} list?", [],
               [n.label(p) for p in among], Query(kind="key_holder_any", place=log.place, among=tuple(among),
                                                 multi=True), [d.id], size=len(among))
        single = [t for t in range(len(w.slots)) if sum(a <= t <= b for _, a, b in log.holds) == 1]
        if single:
            t = qm.rng.choice(single)
            among = qm.people_among([p for p, a, b in log.holds if a <= t <= b], 4)
            qm.add(Suite.TIU, f"According to the key register, who had a key of the {container} at {w.slots[t]}?", [],
                   [n.label(p) for p in among], Query(kind="key_holder", place=log.place, slots=(t,),
                                                     among=tuple(among)), [d.id])
        return True
    return False


def thermometer_question(qm: QuestionMaker, d: ClueDraft) -> None:
    """MIU on the room's thermometer, its reading offered among the four a cold room could have had at the cooling
    note's rate (one to four quarter hours' cold), as the clue was drawn."""
    reading = next(f for f in d.facts if isinstance(f, RoomTemperature))
    offered = [int(r) for r in dict(d.extra)["readings"].split()]
    qm.add(Suite.MIU, f"What temperature does the thermometer in the {qm.naming.label(reading.place)} show?",
           [degrees_label(reading.degrees)], [degrees_label(r) for r in offered if r != reading.degrees],
           Query(kind="room_temperature", place=reading.place), [d.id])


def plot_step_question(qm: QuestionMaker, step: ReasoningStep, evidence: list[str]) -> bool:
    """MMR on a plot's own reasoning step; False when the step is one every plot shares."""
    w, n = qm.world, qm.naming
    if step.id == "s_watch":
        qm.add(Suite.MMR, f"What time did {w.victim}'s wristwatch show when {w.pro(None)} was found?",
               *watch_options(qm), Query(kind="watch_shows"), evidence, depth=step.depth)
        return True
    if step.id == "s_tamper":
        return True  # what the clockmaker says is read, not seen: the time questions ask about its consequence
    if step.id == "s_estimate":
        return True  # the note's estimate is asked on the card; the step's consequence below
    if step.id == "s_cold":
        qm.add(Suite.MMR, "How much later than the coroner's estimate for a warm room did death come?", [],
               list(ONSETS), Query(kind="cooling_shift"), evidence, depth=step.depth)
        return True
    if step.id == "s_onset":
        qm.add(Suite.MMR, "How long after it was swallowed did the poison act?", [], list(ONSETS), Query(kind="onset"),
               evidence, depth=step.depth)
        return True
    if step.id == "s_time" and w.plot_spec.time == "onset":
        qm.add(Suite.MMR, f"At what time was {w.victim} given the poison?", [w.slots[w.murder_slot]],
               slot_window(qm, w.murder_slot),
               Query(kind="murder_time"), evidence, depth=step.depth)
        return True
    if step.id == "s_place":
        qm.add(Suite.MMR, f"In which room was {w.victim} given the poison?", [n.label(w.murder_place)], qm.rooms,
               Query(kind="murder_place"), evidence, depth=step.depth)
        return True
    if step.id == "s_means" and w.plot_spec.access == "keys":
        container = w.weapon.container.removeprefix("the ")
        crime = "poison was given" if w.plot_spec.time == "onset" else "murder"
        stem = f"Who took a key of the {container} before the {crime}, and so could have taken the {w.weapon.name}?"
        suspects = [p.id for p in w.people]
        for _ in range(6):
            if person_step_question(qm, step, "with_means", evidence, sample_among(qm, suspects, None, 4), stem):
                break
        return True
    return False
