"""Settings a generated case can take place in: the building, its rooms, its staff and its mood.

A setting is plain data. Room names are unique within a setting, and every setting offers at
least eight rooms, so the world model can pick five to eight of them.
"""

from __future__ import annotations

from dataclasses import dataclass

ERA = 2024  # every generated case is set in the present day: phones, CCTV and electronic door logs exist (its
# metadata states the year, which the consistency linter checks every prop against)


@dataclass(frozen=True)
class Setting:
    id: str
    buildings: tuple[str, ...]
    occasion: str  # what brought everyone together, after "gathered for"
    rooms: tuple[str, ...]
    staff: tuple[str, ...]  # people who are not players: they find bodies and give statements
    weather: tuple[str, ...]
    arrivals: tuple[str, ...] = ()  # how a role came to be there, when `lore.ARRIVALS` ("you came to ...") does not fit


HELD_BACK = frozenset({"station"})  # settings only held-out cases use: template learning shows as a gap


def drawable(held_out: bool) -> tuple[Setting, ...]:
    """The settings a case may be drawn in: all of them for a held-out case, the public ones otherwise."""
    return SETTINGS if held_out else tuple(s for s in SETTINGS if s.id not in HELD_BACK)


SETTINGS = (
    Setting(
        id="manor",
        buildings=("Harrowgate Manor", "Wrexley Hall", "Fenwick House", "Thornbury Court"),
        occasion="a birthday dinner",
        rooms=("Library", "Study", "Kitchen", "Conservatory", "Dining Room", "Gallery", "Billiard Room",
               "Wine Cellar", "Music Room", "Morning Room"),
        staff=("the butler", "the housekeeper", "the cook", "the chauffeur"),
        weather=("Rain had been falling since dusk.", "A gale rattled the windows all evening.",
                 "Fog lay thick over the grounds."),
    ),
    Setting(
        id="hotel",
        buildings=("the Hotel Belvedere", "the Grand Meridian", "the Alpine Kurhaus"),
        occasion="the hotel's centenary gala",
        rooms=("Lobby", "Bar", "Restaurant", "Ballroom", "Reading Room", "Spa", "Manager's Office",
               "Laundry", "Winter Garden", "Card Room"),
        staff=("the night porter", "the head waiter", "the concierge", "the chambermaid"),
        weather=("Snow had closed the mountain road.", "Snow fell on the lake all evening.",
                 "A hard frost had settled over the lake and the mountains."),
    ),
    Setting(
        id="theatre",
        buildings=("the Alcott Theatre", "the Lyric Playhouse", "the Old Vaudeville"),
        occasion="the opening night party",
        rooms=("Stage Wings", "Green Room", "Wardrobe", "Box Office", "Dressing Room", "Prop Store",
               "Rehearsal Room", "Foyer", "Fly Gallery", "Orchestra Pit"),
        staff=("the stage doorkeeper", "the stage manager", "the usher", "the prompter"),
        weather=("Rain drummed on the roof above the flies.", "Frost glittered on the street outside.",
                 "The city was unusually quiet that night."),
    ),
    Setting(
        id="station",
        buildings=("Polaris Research Station", "Cape Halloran Observatory", "Kessler Field Station"),
        occasion="the end-of-season farewell dinner",
        rooms=("Laboratory", "Mess Hall", "Radio Room", "Workshop", "Greenhouse", "Storeroom",
               "Observatory", "Infirmary", "Common Room", "Boiler Room"),
        staff=("the station cook", "the radio operator", "the caretaker", "the duty medic"),
        weather=("A blizzard cut the station off from the world.", "The wind howled over the ice.",
                 "The aurora burned green over the roof."),
    ),
    Setting(
        id="liner",
        buildings=("the SS Orinoco", "the RMS Calliope", "the MV Northern Star"),
        occasion="the captain's farewell dinner",
        rooms=("Saloon", "Smoking Room", "Promenade Lounge", "Purser's Office", "Galley", "Chart Room",
               "Ballroom", "Library", "Wireless Room", "Cabin Corridor"),
        staff=("the steward", "the purser", "the ship's doctor", "the bosun"),
        weather=("The sea was rough and the ship rolled all evening.", "A calm sea lay under a full moon.",
                 "Fog horns sounded every few minutes."),
        arrivals=("You have been aboard {building} since the voyage began, at {victim}'s invitation; tonight is "
                  "{occasion}.", "{victim}'s invitation brought you aboard {building} for the crossing, and tonight "
                  "is {occasion}.", "You are aboard {building} because {victim} asked you to make the crossing; "
                  "tonight was to be {occasion}.", "You almost did not sail on {building}, but one does not refuse "
                  "{victim}; and so tonight you are at {occasion}."),
    ),
)
