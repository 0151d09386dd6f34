"""Plots: the solution structures a generated case can have, each a pair of legs.

A plot fixes how the case's two hard questions are answered from the evidence:

* **when** (the time leg): a clock stopped in the struggle (`clock`); a scene clock set to a false
  time that gives the killer an alibi, against the victim's watch that stopped at the blow
  (`tampered`); or a poison that acts after a delay, so the time it was given is the collapse less
  the onset, and the room is wherever the victim was then (`onset`); or a room left open to the cold, so that
  the body cooled fast and its temperature puts death earlier than it came, at a time the killer is seen elsewhere:
  the coroner's rule for a cold room and the room's thermometer give the true time (`chill`);
* **who could** (the access leg): the weapon's only store and its door log (`store`); the key
  register of the locked cabinet it was kept in, read as intervals: only a key held before the crime
  counts (`keys`); or nothing: the weapon lay at hand (`none`).

Nine plots are the nine pairs of the first three time legs with the access legs; the cold room is played with the
weapon at hand.

Every plot clears the innocents with the same kinds of clue (alibis, distances, settled motives);
what changes is what those clues must be read against. The name is written into the case's
metadata (`plot`) and reported by `arena scripts stats`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

TimeLeg = Literal["clock", "tampered", "onset", "chill"]
AccessLeg = Literal["store", "keys", "none"]


@dataclass(frozen=True)
class Plot:
    name: str
    time: TimeLeg
    access: AccessLeg
    summary: str
    languages: frozenset[str] = frozenset({"en"})


PLOTS: dict[str, Plot] = {p.name: p for p in (
    Plot("stopped-clock", "clock", "store",
         "A clock stopped in the struggle gives the time; the weapon's only store and its door log say who could "
         "have taken it.", frozenset({"en", "zh"})),
    Plot("locked-cabinet", "clock", "keys",
         "The stopped clock gives the time; the weapon was locked in a cabinet, and its key register says who held "
         "the key before then (a key taken after the murder proves nothing)."),
    Plot("weapon-at-hand", "clock", "none",
         "The weapon lay at hand in the room, so anyone could have used it: the stopped clock gives the time, and "
         "only alibis, distances and settled motives clear anyone."),
    Plot("staged-alibi", "tampered", "store",
         "The scene clock was set to a false time at which the killer is seen elsewhere; the victim's broken watch "
         "gives the true time, and the weapon store's door log says who could have taken it."),
    Plot("staged-cabinet", "tampered", "keys",
         "A clock set to a false time that gives the killer an alibi, the victim's broken watch with the true time, "
         "and a locked weapon cabinet whose key register says who held the key before the murder."),
    Plot("false-clock", "tampered", "none",
         "A clock set to a false time that frames an innocent and clears the killer; the victim's broken watch "
         "gives the true time, and alibis at that time decide."),
    Plot("slow-poison", "onset", "none",
         "A poison that acts after a delay: the collapse less the onset gives when it was given, the victim's phone "
         "trail gives where, and alibis at that time and place decide."),
    Plot("poison-cabinet", "onset", "keys",
         "A delayed poison from a locked cabinet: the collapse less the onset gives when, the victim's phone trail "
         "where, and the cabinet's key register who could have taken the poison before then."),
    Plot("poison-store", "onset", "store",
         "A delayed poison taken from a store room: the collapse less the onset gives when, the victim's phone trail "
         "where, and the store's door log who went in before then."),
    Plot("cold-room", "chill", "none",
         "The killer opened the room to the cold night so that the body cooled fast: its temperature puts death "
         "earlier, when the killer is seen elsewhere. The coroner's rule for a cold room and the room's thermometer "
         "give the true time, and alibis at that time decide."),
)}
DEFAULT_PLOT = "stopped-clock"
COLD_QUARTERS = (1, 2, 3, 4)  # how many quarter hours a cold room moves the time of death, as its question offers
# plots only held-out cases use (with the held-back settings, `settings.HELD_BACK`): a model that learnt the public
# plots rather than how to reason shows a gap on them
HELD_BACK = frozenset({"poison-store"})


def plot_names(language: str, held_out: bool = False) -> tuple[str, ...]:
    """The plots written in `language` that a case of the split may take."""
    return tuple(name for name, plot in PLOTS.items()
                 if language in plot.languages and (held_out or name not in HELD_BACK))


def plot_for(seed: int, language: str, held_out: bool = False) -> str:
    """The plot a seed gets when none is asked for: the plots written in the case's language, in turn."""
    names = plot_names(language, held_out)
    return names[seed % len(names)]


def get_plot(name: str, language: str, held_out: bool = False) -> Plot:
    from arena.errors import ConfigError

    plot = PLOTS.get(name)
    if plot is None:
        raise ConfigError(f"plot {name!r}: there is no such plot (fix: one of {', '.join(PLOTS)})")
    if language not in plot.languages:
        raise ConfigError(f"plot {name!r} is written in {', '.join(sorted(plot.languages))} only, not {language!r} "
                          f"(fix: one of {', '.join(plot_names(language))})")
    if name in HELD_BACK and not held_out:
        raise ConfigError(f"plot {name!r} is held back for the held-out set (fix: --split heldout, or one of "
                          f"{', '.join(plot_names(language))})")
    return plot
