"""Objects where they do not belong: a weapon kept in a container that no room of its kind would hold.

Narrow on purpose: only a case with typed facts (`facts.yaml`, written by the generator) is checked, where each
`weapon_kept` fact names the weapon and the room it was taken from. The container is read from the texts (the
first sentence naming the weapon and a container of `MISPLACED`: "took the marble bookend from the locked
bookcase"). `MISPLACED` lists, for each container the generator uses, the rooms of its settings that plainly have
no such thing (a bookcase in an orchestra pit, a linen press in a library); a room left out is not a claim that
the container fits there, only that the rule is not sure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from arena.scripts.lint.texts import Source, clue_facts, mapping, problem, quote, sentences
from arena.scripts.problems import Problem
from arena.scripts.schema import Script

THEATRE_PIT = ("Orchestra Pit", "Stage Wings", "Fly Gallery")
WET_ROOMS = ("Kitchen", "Galley", "Wine Cellar", "Laundry", "Boiler Room", "Spa")
PARLOURS = ("Library", "Reading Room", "Study", "Music Room", "Morning Room", "Dining Room", "Ballroom", "Restaurant",
            "Bar", "Card Room", "Smoking Room", "Billiard Room", "Saloon", "Promenade Lounge", "Gallery", "Lobby",
            "Foyer", "Winter Garden", "Green Room")
OFFICES = ("Manager's Office", "Purser's Office", "Box Office", "Chart Room", "Radio Room", "Wireless Room")

# container -> rooms it does not belong in
MISPLACED: dict[str, frozenset[str]] = {
    "locked bookcase": frozenset(THEATRE_PIT + WET_ROOMS + ("Ballroom", "Bar", "Cabin Corridor", "Greenhouse")),
    "locked silver cabinet": frozenset(THEATRE_PIT + ("Wardrobe", "Laundry", "Boiler Room", "Workshop", "Laboratory",
                                                      "Greenhouse", "Infirmary", "Spa", "Radio Room",
                                                      "Wireless Room", "Observatory", "Cabin Corridor")),
    "writing desk drawer": frozenset(THEATRE_PIT + WET_ROOMS + ("Ballroom", "Bar", "Cabin Corridor", "Greenhouse")),
    "hearth stand": frozenset(THEATRE_PIT + ("Wine Cellar", "Laundry", "Spa", "Greenhouse", "Winter Garden",
                                             "Cabin Corridor", "Laboratory", "Box Office")),
    "linen press": frozenset(THEATRE_PIT + tuple(r for r in PARLOURS if r != "Green Room") + OFFICES
                             + ("Observatory", "Greenhouse", "Boiler Room", "Wine Cellar")),
    "glass display case": frozenset(("Orchestra Pit", "Fly Gallery", "Cabin Corridor") + WET_ROOMS),
    "tool chest": frozenset(PARLOURS + ("Box Office", "Dressing Room", "Infirmary", "Manager's Office",
                                        "Purser's Office", "Spa")),
    "curio cabinet": frozenset(THEATRE_PIT + WET_ROOMS + ("Workshop", "Greenhouse", "Laboratory", "Infirmary",
                                                          "Cabin Corridor", "Radio Room", "Wireless Room")),
}
CONTAINERS = "|".join(re.escape(c) for c in sorted(MISPLACED, key=len, reverse=True))


def kept(facts: dict[str, Any]) -> list[tuple[str, str]]:
    """(weapon name, room name) of each `weapon_kept` fact."""
    weapons, places = mapping(facts.get("weapons")), mapping(facts.get("places"))
    found = [(str(weapons.get(str(f.get("weapon")), f.get("weapon"))),
              str(places.get(str(f.get("place")), f.get("place")))) for _, f in clue_facts(facts)
             if f.get("type") == "weapon_kept"]
    return list(dict.fromkeys(found))


def object_problems(script: Script, sources: Iterable[Source], facts: dict[str, Any] | None,
                    file: str) -> list[Problem]:
    if facts is None:
        return []
    texts = list(sources)
    problems = []
    for weapon, room in kept(facts):
        near = re.compile(rf"\b{re.escape(weapon)}\b[^.。]*?\bfrom\s+the\s+({CONTAINERS})\b", re.I)
        for sentence in (s for source in texts for s in sentences(source)):
            m = near.search(sentence.text)
            if m is None:
                continue
            container = m.group(1).lower()
            if room in MISPLACED[container]:
                problems.append(problem(file, script, sentence, m.start(),
                                        f"the {weapon} is kept in the {container} in the {room}, a room with no "
                                        f"{container}: {quote(sentence.text)}",
                                        f"keep the {weapon} in a container that the {room} would hold, or in a room "
                                        f"that has a {container}"))
            break
    return problems
