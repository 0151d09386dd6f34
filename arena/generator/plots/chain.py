"""The reasoning steps of the plots' legs: the true time against a tampered clock, a poison's time and room read
back from the collapse, and a cabinet's key register read as intervals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.generator.evidence import ClueDraft
from arena.generator.facts import WARM_ROOM, BodyCooling, KeyLog, RoomTemperature
from arena.generator.phrases import join_names
from arena.generator.world import World
from arena.scripts.clock import clock_label, hhmm, minutes_of, slot_minutes

if TYPE_CHECKING:
    from arena.generator.chain import ChainBuilder


def time_steps(chain: ChainBuilder, w: World, drafts: dict[str, ClueDraft]) -> list[str]:
    """The steps that fix when (and, for a poison, where) the crime happened; returns the final ones."""
    scene = w.place_name(w.murder_place)
    if w.plot_spec.time == "tampered":
        assert w.shown_slot is not None
        shown = clock_label(minutes_of(w.slots[w.shown_slot]))
        chain.add("s_watch", f"{w.victim}'s wristwatch stopped at the blow, at {w.slots[w.murder_slot]}.", ["c_watch"])
        chain.add("s_tamper", f"The clock from the {scene} shows {shown}, but its hands were set by hand after it "
                  "stopped: that time is false.", ["c_tamper"])
        return [chain.add("s_time", f"So {w.victim} was killed at {w.slots[w.murder_slot]}, not when the clock "
                          "claims; an alibi for the clock's time clears nobody.", ["s_watch", "s_tamper"])]
    if w.plot_spec.time == "chill":
        return chill_steps(chain, w, drafts)
    body = w.place_name(w.scene)
    minutes = slot_minutes(w.onset)
    chain.add("s_onset", f"The coroner's report: {w.weapon.name}, which takes effect {minutes} minutes after it is "
              "swallowed.", ["c_autopsy"])
    chain.add("s_time", f"{w.victim} collapsed in the {body} at {w.slots[w.discovery_slot]}, so the poison was given "
              f"{minutes} minutes earlier, at {w.slots[w.murder_slot]}.", ["s_onset"])
    return [chain.add("s_place", f"The trail of {w.victim}'s phone puts {w.pro(None, 1)} in the {scene} at "
                      f"{w.slots[w.murder_slot]}: the poison was given there, not where {w.pro(None)} collapsed.",
                      ["s_time", "c_vtrail"])]


def chill_steps(chain: ChainBuilder, w: World, drafts: dict[str, ClueDraft]) -> list[str]:
    """The time of death from the body's temperature, moved later by the cold of the room the body lay in."""
    cooling = next(f for f in drafts["c_cooling"].facts if isinstance(f, BodyCooling))
    degrees = next(f.degrees for f in drafts["c_thermo"].facts if isinstance(f, RoomTemperature))
    scene, quarters = w.place_name(w.murder_place), cooling.quarters_later(degrees)
    estimate = hhmm(cooling.estimate)
    chain.add("s_estimate", f"By the body's temperature the coroner puts death at {estimate} for a room at "
              f"{WARM_ROOM} °C, and a quarter hour later for every {cooling.per} degrees colder.", ["c_cooling"])
    chain.add("s_cold", f"The {scene} stood at {degrees} °C when the body was found, {WARM_ROOM - degrees} degrees "
              f"below that: death came {slot_minutes(quarters)} minutes later than the estimate.",
              ["s_estimate", "c_thermo"])
    return [chain.add("s_time", f"So {w.victim} was killed at {w.slots[w.murder_slot]}, not at {estimate}; an alibi "
                      f"for {estimate} clears nobody.", ["s_cold"])]


def key_steps(chain: ChainBuilder, w: World, drafts: dict[str, ClueDraft]) -> list[str]:
    """Who held a key of the weapon's cabinet before the crime: a key taken afterwards proves nothing."""
    log = next(f for f in drafts["c_keys"].facts if isinstance(f, KeyLog))
    m = w.murder_slot
    early = join_names(sorted({w.person(p).name for p, start, _ in log.holds if start <= m}))
    container = w.weapon.container.removeprefix("the ")
    rests = ["c_autopsy"]
    chain.add("s_weapon", f"The coroner's report names the {'poison' if w.plot_spec.time == 'onset' else 'weapon'}: "
              f"the {w.weapon.name}.", rests)
    chain.add("s_source", f"The {w.weapon.name} could only be taken from the {container} in the "
              f"{w.place_name(w.weapon_place)}, which stays locked.", ["s_weapon", "c_inventory"])
    return [chain.add("s_means", f"The key register shows that only {early} took a key of the {container} by "
                      f"{w.slots[m]}, so only they could have taken the {w.weapon.name}.",
                      ["s_source", "s_time", "c_keys"])]
