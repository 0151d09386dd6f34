"""What the plots change in the story: how the body is found, the culprit's own account, and the truth."""

from __future__ import annotations

from arena.generator.phrases import join_names, method_phrase
from arena.generator.world import Person, World
from arena.scripts.clock import slot_minutes


def found_sentence(world: World) -> str | None:
    """The briefing's discovery for a poison (the victim collapses where the dose was not given), else None."""
    if world.plot_spec.time != "onset":
        return None
    return (f"At {world.slots[world.discovery_slot]} {world.victim} collapsed in the {world.place_name(world.scene)} "
            f"and died within minutes; {world.staff} was the first to reach {world.pro(None, 1)}.")


def staged_place(world: World, person_id: str) -> str:
    assert world.shown_slot is not None
    return world.place_name(world.positions[person_id][world.shown_slot])


def murder_line(world: World, person: Person) -> str | None:
    """The culprit's account of the crime's quarter hour for the plots that change it, else None."""
    time, scene = world.slots[world.murder_slot], world.place_name(world.murder_place)
    partners = [world.person(c).name for c in world.culprits if c != person.id]
    together = f" together with {join_names(partners)}" if partners else ""
    if world.plot_spec.time == "onset":
        return (f"At {time} you were in the {scene}{together} with {world.victim}. While nobody was looking you "
                f"tipped the {world.weapon.name} into {world.pro(None, 2)} glass, and {world.pro(None)} drank it "
                f"without noticing. You knew it would take {slot_minutes(world.onset)} minutes to work.")
    if world.plot_spec.time in ("tampered", "chill"):
        assert world.shown_slot is not None
        staged = (f"{world.slots[world.shown_slot]}, when you had been seen in the "
                  f"{staged_place(world, person.id)}.")
        staging = ("The clock fell and stopped; before you left you opened its glass and pushed the hands back to "
                   if world.plot_spec.time == "tampered" else
                   "Before you left you opened the window wide to the cold night air so that the body would cool "
                   "fast and seem to have died earlier, at ")
        return (f"At {time} you were in the {scene}{together} with {world.victim}. The quarrel turned ugly and you "
                f"{method_phrase(world)}. {staging}{staged}")
    return None


def staging_secret(world: World) -> str | None:
    """What a culprit must also hide for the plots that stage a false time: how it was staged, else None."""
    scene = world.place_name(world.murder_place)
    if world.plot_spec.time == "tampered":
        return f"Nobody must learn that you set back the hands of the clock in the {scene}."
    if world.plot_spec.time == "chill":
        return f"Nobody must learn that you opened the window of the {scene} to the cold."
    return None


def fetch_line(world: World, person: Person, slot: int) -> str | None:
    """The culprit's account of taking the weapon from a locked cabinet, else None."""
    if world.plot_spec.access != "keys":
        return None
    container = world.weapon.container.removeprefix("the ")
    return (f"At {world.slots[slot]} you took a key of the {container} from the desk, unlocked it in the "
            f"{world.place_name(world.weapon_place)} and took the {world.weapon.name}.")


def truth_method(world: World, names: str) -> str | None:
    """The truth's method for the plots beyond the stopped clock, else None."""
    plot = world.plot_spec
    if plot.name == "stopped-clock":
        return None
    scene, time = world.place_name(world.murder_place), world.slots[world.murder_slot]
    taken = ("" if plot.access == "none" else
             f"took the {world.weapon.name} from {world.weapon.container} in the "
             f"{world.place_name(world.weapon_place)} and ")
    text = f"{names} {taken}{method_phrase(world)} in the {scene} at {time}"
    if world.shown_slot is not None:  # a staged false time
        staging = ("set the clock's hands to" if plot.time == "tampered" else
                   "opened the window to the cold so that the body would seem to have died at")
        text += f", then {staging} {world.slots[world.shown_slot]}, when {names} had been seen elsewhere"
    if plot.access == "none":
        text += (f"; {world.weapon.container} there stood open to anyone" if plot.time == "onset"
                 else f"; the {world.weapon.name} lay at hand there")
    if plot.time == "onset":
        text += (f". The poison took {slot_minutes(world.onset)} minutes to act: {world.victim} collapsed in the "
                 f"{world.place_name(world.scene)} at {world.slots[world.discovery_slot]}")
    return text + "."


def crime_event(world: World) -> str:
    """The truth timeline's line for the crime's quarter hour."""
    scene = world.place_name(world.murder_place)
    if world.plot_spec.time == "onset":
        return f"{world.victim} is given the {world.weapon.name} in the {scene}."
    if world.plot_spec.time == "tampered":
        return f"{world.victim} is killed in the {scene}; the clock stops, and its hands are set back."
    if world.plot_spec.time == "chill":
        return f"{world.victim} is killed in the {scene}; the window is opened to the cold."
    return f"{world.victim} is killed in the {scene}; the clock stops."


def found_event(world: World) -> str:
    if world.plot_spec.time == "onset":
        return f"{world.victim} collapses in the {world.place_name(world.scene)} and dies."
    return f"{world.staff.capitalize()} finds the body."
