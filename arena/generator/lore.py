"""Word pools for long role scripts: backstory, shared history, rooms, activities, memories.

Plain data, in tuples so a seeded `random.Random` picks the same items everywhere. Templates use
`{victim}`, `{vsub}`/`{vobj}`/`{vpos}` (the victim's pronouns), `{other}`, `{osub}`/`{oobj}`/`{opos}`
(another person's pronouns), `{town}`, `{city}`, `{item}`, `{room}`, `{building}`, `{ago}`. None of
them says anything about the crime: the crime's facts come only from the world model.
"""

from __future__ import annotations

TOWNS = ("Whitby", "Lisbon", "Trieste", "Bruges", "Galway", "Tangier", "Uppsala", "Porto", "Ghent", "Valletta",
         "Aberdeen", "Lucerne", "Bergen", "Dubrovnik", "Nantes", "Krakow", "Odessa", "Palermo")
CITIES = ("Vienna", "Marseille", "Edinburgh", "Prague", "Naples", "Copenhagen", "Seville", "Antwerp", "Zurich",
          "Istanbul", "Budapest", "Florence", "Hamburg", "Salzburg")
AGO = ("six", "eight", "nine", "eleven", "twelve", "fifteen", "eighteen", "twenty")
BACKSTORY = (
    "You grew up in {town}, in rooms above a shop that sold ship's chandlery, and you still wake at the sound of "
    "gulls that are not there. Your mother kept the accounts and your father kept the peace, and between them "
    "they taught you that a debt remembered is worse than a debt paid.",
    "{town} is where you were born and where you learnt to keep your own counsel. The winters were long, the "
    "school was strict, and the only warm room in the house was the kitchen, where your grandmother told "
    "stories that always ended badly for the clever.",
    "You were raised in {town} by an aunt who ran a boarding house. You learnt early to read a stranger by "
    "their shoes and their luggage, and to say good morning to people you did not like.",
)
MEETINGS = (
    "You first met {victim} {ago} years ago in {city}, at a charity auction where you both bid on the same "
    "ugly clock and neither of you would give way.",
    "It was in {city}, {ago} years ago, that you first met {victim}: a delayed train, a shared compartment and "
    "four hours of conversation that you can still recite.",
    "You and {victim} met {ago} years ago in {city}, at a dinner where you were seated together because "
    "nobody else would sit beside either of you.",
    "{ago} years ago, in a rain-soaked hotel lobby in {city}, {victim} lent you an umbrella and never asked for "
    "it back. That was how it began.",
)
SECRET_FEARS = (
    "If it came out, you would not be ruined, exactly, but people would look at you differently, and you "
    "have spent years arranging how people look at you.",
    "You have rehearsed what you would say if anyone asked, and every version sounds worse aloud.",
    "You have a feeling that someone here tonight knows it, and you would give a good deal to learn who.",
    "It is the sort of thing that sounds small in daylight and enormous at three in the morning.",
)

FAMILY_MEETINGS = (
    "Your earliest memory of {victim} is of a summer in {city} {ago} years before you were old enough to "
    "understand {vobj}: {vsub} taught you to skim stones and cheated at it.",
    "The first time you remember really talking to {victim} was in {city}, {ago} years ago, at a family "
    "funeral where the two of you hid in the cloakroom to escape the speeches.",
    "{ago} years ago, in {city}, {victim} took you to dinner and talked to you for the first time as an "
    "equal. You have measured every meeting since against that evening.",
)

ARRIVALS = (
    "Tonight you came to {building} for {occasion}, at {victim}'s invitation.",
    "{victim}'s invitation brought you to {building} tonight, for {occasion}.",
    "You are at {building} tonight because {victim} asked you: it was to be {occasion}.",
    "The card from {victim} said {occasion}, at {building}; you accepted the same afternoon.",
    "You almost did not come to {building} for {occasion}, but one does not refuse {victim}.",
    "{occasion} at {building}: {victim} had insisted, and so here you are.",
    "You arrived at {building} for {occasion} with the feeling that {victim} wanted something from you.",
    "It was {victim} who wrote to ask you to {building} for {occasion}.",
)
ALARMS = (
    "at {time} you were in the {room} when {staff} found {victim} dead in the {scene} and raised the alarm.",
    "you were still in the {room} at {time} when the cry went up: {staff} had found {victim} dead in the {scene}.",
    "the alarm came at {time}, while you were in the {room}: {victim} lay dead in the {scene}, and {staff} was "
    "shouting for help.",
    "at {time}, in the {room}, you heard {staff} call out; {victim} had been found dead in the {scene}.",
    "it was {time} and you were in the {room} when word came from {staff}: {victim}, dead, in the {scene}.",
    "{staff} raised the alarm at {time}; you were in the {room}, and the news was that {victim} lay dead in the "
    "{scene}.",
    "you remember the time exactly, {time}, because you were looking at the clock in the {room} when {staff} "
    "came running: {victim} was dead in the {scene}.",
    "at {time} the house changed: {staff} had found {victim} dead in the {scene}, and you were in the {room}.",
)

# more ways to say each pair relation (pools.PAIR_RELATIONS names), so two roles never describe alike
PAIR_VARIANTS = {
    "old friends": ("You and {other} go back further than either of you admits; {first} is someone you trust.",
                    "{other} is an old friend, one of the few who knew you before you were anybody.",
                    "Of everyone here, {other} is the friend you have kept longest."),
    "rivals": ("{other} and you want the same things, and have for years; you keep a careful score.",
               "Every success of {first}'s lands on you like a small insult, and you suspect the feeling is mutual.",
               "You have been measured against {other} for as long as you can remember, and you hate it."),
    "former lovers": ("You and {other} were close once; it ended badly and you avoid being alone with {first}.",
                      "There was a time when you and {other} were inseparable; now you are carefully polite.",
                      "{other} once meant a great deal to you. You have both agreed, without a word, "
                      "not to mention it.",
                      "You and {other} were engaged for one summer, long ago; it is never mentioned now."),
    "colleagues": ("You have worked alongside {other} and respect the work, if not always the manners.",
                   "{other} shared an office with you for a season; you learnt {first}'s habits "
                   "better than you wished.",
                   "Professionally you think well of {other}; personally you have never been sure.",
                   "You and {other} were once on the same committee and disagreed, courteously, about everything."),
    "cousins": ("{other} is your cousin; family gatherings with {first} are polite and no more.",
                "{other} is family, a cousin, and like most family {first} knows exactly where to press.",
                "You and {other} are cousins who meet at weddings and funerals and send cards in between.",
                "{other} is a cousin on your mother's side, and the family still compares the two of you."),
    "acquaintances": ("You know {other} only slightly, from a few dinners like this one, and have formed no firm "
                      "opinion of {obj}.", "{other} is a face you know from other evenings, no more than that.",
                      "You have exchanged perhaps fifty words with {other} in your life, all of them about weather.",
                      "{other} is a face from other people's parties; you do not know what {first} thinks."),
    "creditor and debtor": ("Money has passed between you and {other}, and it still sits awkwardly.",
                            "There is a loan between you and {other} that neither of you mentions in company.",
                            "{other} and you once signed a paper about money, and you both remember the sum.",
                            "A sum of money lies unsettled between you and {other}, and both of you keep count."),
    "neighbours": ("{other} lives a few streets from you; you nod in the street and gossip about {first}.",
                   "You and {other} are neighbours; you know the sound of {first}'s car and the hour "
                   "{first} comes home.",
                   "{other} lives near enough that you have borrowed a ladder and never quite returned it.",
                   "You and {other} have been neighbours for years and know each other's comings and goings too well."),
}
GOALS = (
    "Your goals: find out who killed {victim} and vote for the killer. Tell the truth; keep your own secret unless "
    "it matters to the case.",
    "What you want now is simple: to learn who killed {victim}, and to vote for that person. You will tell the "
    "truth, though your private business stays private unless it bears on the case.",
    "Your aim tonight: name {victim}'s killer and vote accordingly. Be honest about what you saw; your secret "
    "may stay yours unless it turns out to matter.",
    "You mean to see {victim}'s killer caught: find them, and cast your vote against them. Answer truthfully, and "
    "keep your secret to yourself unless the case needs it.",
    "Before the night is out you want the truth about {victim}'s death and a vote against whoever did it. You have "
    "no reason to lie, only a secret to guard where it is beside the point.",
    "Find {victim}'s killer; vote for that person. Speak truthfully about the evening, and reveal your secret only "
    "if it helps.",
    "Your task is to work out who killed {victim} and to vote for the killer, telling the truth as you go and "
    "holding back only what is private and irrelevant.",
    "All that matters now is who killed {victim}. Find out, vote for the killer, tell the truth, and keep your "
    "secret unless it becomes part of the case.",
)
CULPRIT_GOALS = (
    "Your goals: avoid being voted out as the killer. Keep your story consistent and steer suspicion elsewhere.",
    "What you need now is to survive the vote: keep your story straight and let suspicion settle on someone else.",
    "You must not be voted out as {victim}'s killer. Keep every detail of your story consistent, and nudge the "
    "others towards another suspect.",
    "Stay calm, stay consistent, and make sure the vote lands on somebody else.",
)
UNNOTICED = (
    "You were too wrapped up in your own thoughts to notice who came and went.",
    "Afterwards you could not have said for certain who else passed through the {room}.",
    "People came and went in the {room}; you paid them no attention.",
    "Who else was in the {room} around {time}, you honestly could not say.",
    "You had your back to the door of the {room} and noticed nobody.",
    "If anyone came into the {room} then, you did not mark it.",
    "Your attention was elsewhere; the comings and goings of the {room} passed you by.",
    "You kept no count of who passed through the {room} at {time}.",
)

EVENING_HEADINGS = ("## Your evening, quarter hour by quarter hour", "## How your evening went",
                    "## The evening itself, quarter hour by quarter hour",
                    "## Then the evening, a quarter hour at a time",
                    "## Your evening, minute by minute as best you recall")
