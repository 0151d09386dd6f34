"""Each setting's surroundings, for the prose: where the day before the evening was spent and what
could be heard outside a room during the evening.

A role's day runs in three stages (`longform.day_section`): the morning (`home`), the middle of the
day (`journey`: getting there, or on a liner the voyage itself) and the afternoon (`nearby`: at or
near the building, never in one of its rooms, so the day never touches the evening's facts). The
evening's sounds (`sounds`) join the setting-free `lore.OVERHEARD`; a liner has its own arrivals (its
guests have been aboard all along). `tables(setting_id)` names every
table the prose of a setting may draw a scene phrase from, so a test can check that a country house
never gets a ferry and a polar station never gets a village church.
"""

from __future__ import annotations

from dataclasses import dataclass

from arena.generator import lore


@dataclass(frozen=True)
class Scenery:
    home: tuple[str, ...]
    journey: tuple[str, ...]
    nearby: tuple[str, ...]
    sounds: tuple[str, ...]
    arrivals: tuple[str, ...] = ()  # how a role came to be there, when `lore.ARRIVALS` ("you came to ...") does not fit

    @property
    def day_places(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        return self.home, self.journey, self.nearby


TOWN_MORNING = ("at the breakfast table at home", "at the post office", "at the barber's", "at the bank",
                "in a bookshop", "at the market", "in the doctor's waiting room", "in the garden at home")

SCENERY = {
    "manor": Scenery(
        home=TOWN_MORNING,
        journey=("at the railway station", "in a station buffet", "in a second-class carriage",
                 "on the branch-line train", "on the country bus", "at a roadside inn", "in the carrier's cart",
                 "in a hired car"),
        nearby=("in a guest room upstairs", "on the walk by the lake", "in the village church",
                "in the tea shop in the village", "on the terrace outside", "at the bookbinder's in the village",
                "at the chemist's in the village", "on the garden path"),
        sounds=("A dog barked once outside and thought better of it.", "The stable clock struck, a little late.",
                "Somewhere below, pans rattled and a voice gave orders.",
                "A log settled in a grate somewhere with a soft crash.")),
    "hotel": Scenery(  # a winter resort by a lake in the mountains
        home=TOWN_MORNING,
        journey=("at the railway station", "in a station buffet", "in a first-class carriage",
                 "in the waiting room at the junction", "on the mountain railway", "on the lake steamer",
                 "in a hired car on the pass road", "in the hotel's motor from the station"),
        nearby=("in your room upstairs", "on the promenade by the lake", "in the village church",
                "in the pastry shop in the village", "on the hotel terrace", "in the hotel's writing room",
                "at the chemist's in the village", "on the path to the frozen waterfall"),
        sounds=("The lift whined up and down its shaft.", "A bellboy's whistle sounded in the corridor.",
                "Somewhere a guest was practising scales on a piano.",
                "Sleigh bells went past outside and faded.")),
    "theatre": Scenery(  # a playhouse in a city
        home=TOWN_MORNING,
        journey=("on the suburban train", "at the railway terminus", "in a station buffet", "on the underground",
                 "on the tram", "upstairs on a city bus", "in a hired car", "in a taxi"),
        nearby=("in a café across the street", "at the stage door", "in a bookshop round the corner",
                "in the pub on the corner", "in a hotel room near the theatre", "on a bench in the square",
                "at the florist's opposite", "in the church across the square"),
        sounds=("Somewhere above, a flat was hauled up into the flies.",
                "The orchestra was tuning, one instrument at a time.",
                "A stagehand dropped something in the wings and swore.", "Traffic hissed past in the street outside.")),
    "station": Scenery(  # a remote polar research station or observatory, reached from a depot town
        home=("in the boarding house in the depot town", "at the outfitter's in the depot town",
              "at the harbour office", "in the depot town's café", "at the post office in the depot town",
              "at the shipping agent's", "in the doctor's surgery in the depot town", "at the bank in the depot town"),
        journey=("on the supply ship", "at the fuel depot", "in the radio hut at the depot",
                 "in the hangar at the airstrip", "on the supply plane", "in the hut at the landing strip",
                 "on the tracked snow vehicle", "on the sledge track to the station"),
        nearby=("in your bunk room", "on the flagged path to the weather mast", "in the drying room",
                "at the instrument hut", "on the marked route round the station", "in the boot room",
                "at the fuel tanks", "in the station's little gym"),
        sounds=("The generator coughed, caught and ran on.",
                "The outer door banged and someone stamped snow off their boots.",
                "The radio crackled somewhere down the corridor.", "The heating pipes ticked as they cooled.")),
    "liner": Scenery(  # aboard, on the last night of the voyage
        home=("in your cabin", "in the ship's barber's shop", "at breakfast in the first-class dining room",
              "on the sports deck", "in the Turkish bath", "at the shop on C deck", "in the writing room",
              "at the swimming pool"),
        journey=("at the rail of the boat deck", "in a deck chair on the sun deck", "in the verandah café",
                 "in the gymnasium", "on a tour of the bridge", "at the deck-quoits court", "on the aft well deck",
                 "at the ship's kennels"),
        nearby=("at the deck tennis court", "on the aft deck", "at the hairdresser's on B deck",
                "at the ship's post office", "in the florist's shop aboard", "on the boat deck at sunset",
                "in the lift between decks", "in your cabin, dressing for dinner"),
        sounds=("The engines throbbed somewhere far below.", "The ship's bell struck the half hour.",
                "A steward's trolley rattled along the corridor.", "The whole ship creaked as it rolled."),
        arrivals=("You have been aboard {building} since the voyage began, at {victim}'s invitation; tonight is "
                  "{occasion}.", "{victim}'s invitation brought you aboard {building} for the crossing, and tonight "
                  "is {occasion}.", "You are aboard {building} because {victim} asked you to make the crossing; "
                  "tonight was to be {occasion}.", "You almost did not sail on {building}, but one does not refuse "
                  "{victim}; and so tonight you are at {occasion}.")),
}

# setting-free tables the prose draws a scene of the day or the evening from (memories of the past are not
# scene: they happened elsewhere)
SCENE_TABLES = {"ACTIVITIES": lore.ACTIVITIES, "ROOM_DETAILS": lore.ROOM_DETAILS, "OVERHEARD": lore.OVERHEARD,
                "AFTERMATH": lore.AFTERMATH, "DAY_DOINGS": lore.DAY_DOINGS, "DAY_DOINGS_OUT": lore.DAY_DOINGS_OUT,
                "REFLECTION_TAILS": lore.REFLECTION_TAILS, "MOODS": lore.MOODS}


def scenery(setting_id: str) -> Scenery:
    return SCENERY[setting_id]


def tables(setting_id: str) -> dict[str, tuple[str, ...]]:
    """Every table a setting's prose may draw a scene phrase from: the setting-free ones and its own."""
    own = SCENERY[setting_id]
    return {**SCENE_TABLES, "home": own.home, "journey": own.journey, "nearby": own.nearby, "sounds": own.sounds,
            "arrivals": own.arrivals or lore.ARRIVALS}


def day_place_options(setting_id: str) -> list[str]:
    """Every place a role of this setting may have spent an hour of the day in (LSU answer options)."""
    return [place for stage in SCENERY[setting_id].day_places for place in stage]
