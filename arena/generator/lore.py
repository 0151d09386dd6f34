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
ITEMS = ("a brass compass", "a pressed cornflower", "a pocket chess set", "a tin of peppermints",
         "a folded railway timetable", "a silver thimble", "a pawn ticket", "a child's drawing of a horse",
         "a spare shoelace", "a stub of green sealing wax", "a key to a house you no longer own",
         "a photograph with a torn corner", "a cough lozenge in wax paper", "a foreign coin with a hole in it")
ACTIVITIES = (
    "turning the pages of an atlas without reading it", "polishing your spectacles on your sleeve",
    "counting the panes in the window", "writing a letter you knew you would never send",
    "picking at a plate of olives", "reading the notices pinned by the door", "warming your hands over a radiator",
    "listening to the talk in the next room without meaning to", "straightening a crooked picture frame",
    "trying to finish a crossword someone had abandoned", "pouring yourself a small glass of sherry",
    "rereading the dinner invitation as if it might say something new", "winding your wristwatch",
    "sketching the cornice on the back of an envelope", "leafing through an old photograph album",
    "sorting the matches in a matchbox by colour", "staring at your own reflection in a dark window",
    "turning a ring round and round on your finger",
)
ROOM_DETAILS = (
    "The air smelt of beeswax and stale tobacco.", "A lamp with a green shade threw a small circle of light.",
    "Somebody had left a pair of gloves drying over the back of a chair.",
    "The carpet was worn pale along a path nobody had planned.", "A clock you could not see ticked somewhere.",
    "The paintwork had faded to the colour of weak tea.",
    "A vase of lilies had begun to drop its petals on the table.", "The radiator knocked like a visitor.",
    "Every chair seemed to face a different way, as if an argument had just ended.",
    "There was a faint draught from under the door that touched your ankles.",
    "A stack of old newspapers leaned against the wall, yellowing from the top down.",
    "The light was low and amber, kinder to faces than daylight would have been.",
    "Someone had been smoking there earlier; the smell hung under the ceiling.",
    "A bowl of walnuts sat untouched, the nutcracker beside it like a small threat.",
)
MOODS = (
    "You felt oddly calm, the way you sometimes do before bad weather.",
    "Your thoughts kept drifting back to the letter on your desk at home.",
    "You were tired in the bones, and the evening had barely begun.",
    "A small headache had settled behind your left eye.",
    "You found yourself listening to every footstep in the corridor.",
    "You kept thinking of things you should have said years ago.",
    "You were hungry and a little cross about it.",
    "For no reason you could name, you felt watched.",
    "You were enjoying yourself more than you had expected, and felt guilty for it.",
    "Your mind was on money, as it so often is lately.",
)
TOPICS = (
    "the price of coal", "a scandal at the opera", "whether the roads would be passable tomorrow",
    "a play that had closed after three nights", "the best way to cook a trout", "an exhibition of Dutch maps",
    "a horse that had won at long odds", "the new bridge across the river", "a mutual friend's divorce",
    "the merits of trains over motor cars", "the rising cost of a good tailor", "a book nobody had finished",
)
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
TRAINING = (
    "Your first years of work were hard and badly paid. You lodged in a single room with a sloping ceiling and "
    "a landlady who counted the lumps of sugar, and you told yourself it was temporary for longer than it was.",
    "You trained under a master who praised nobody. When he finally said that one piece of your work was "
    "'not disgraceful', you went out and bought yourself a pair of good gloves, and you still have them.",
    "There was a season when nothing went right: a promotion fell through, a friend moved away, and a letter "
    "you had waited months for arrived and said no. You came out of it quieter and more careful.",
    "You have always worked best at night. Colleagues learnt not to call before ten in the morning, and the few "
    "who forgot were told so in words they remember.",
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
VICTIM_MEMORIES = (
    "{victim} could be generous without warning: once {vsub} paid a bill of yours before you knew it was due, "
    "and afterwards never mentioned it, which was somehow worse than if {vsub} had.",
    "You remember {victim} laughing at a funeral, quietly, at a joke only the two of you had understood. "
    "{vsub_cap} apologised to nobody.",
    "There was a summer when you saw {victim} almost every day, and a winter when you did not see {vobj} "
    "at all. You have never been sure which of you decided that.",
    "{victim} kept {vpos} promises to the letter and broke them in spirit, and you learnt to read the "
    "small print of everything {vsub} said.",
    "When {victim} was angry, {vsub} became polite. You learnt to fear the politeness more than any shouting.",
    "{victim} once told you that everyone has a price and that the only interesting question is the currency. "
    "You laughed at the time; you do not laugh about it now.",
)
OTHER_MEMORIES = (
    "You remember {other} at a wedding years ago, dancing badly and not caring who saw; it is the kindest "
    "picture of {oobj} you keep.",
    "{other} once lent you a book and asked for it back within the week, which told you something about {oobj}.",
    "You have heard {other} tell the same story about a shipwreck three times, and each time {osub} was "
    "braver in it.",
    "{other} has a way of answering a question with a question, and you have never quite decided whether "
    "it is shyness or strategy.",
    "Tonight {other} seemed thinner than when you last met, and {osub} kept glancing at the door.",
    "{other} tips waiters too much and colleagues too little, and you have never decided which says more "
    "about {oobj}.",
    "At a party last year {other} cornered you for an hour about drains. You have avoided {oobj} at parties since.",
    "{other} writes letters in green ink and signs them with a flourish that takes up half the page.",
    "You once saw {other} give a beggar a banknote and then walk on quickly, as if ashamed to be seen doing it.",
    "{other} laughs a fraction too late at jokes, as though checking first that laughing is allowed.",
    "Years ago {other} sent you flowers when you were ill, with a card that said only 'Get up'. You kept the card.",
    "{other} has beautiful handwriting and terrible taste in hats, and is proud of both.",
    "You have never seen {other} eat a full meal in company; {osub} pushes food about and talks instead.",
    "{other} once told you a secret about a mutual friend and then asked you to forget it, which you have not.",
    "You and {other} once spent an afternoon stuck in a lift, and by the end of it you knew more about "
    "{opos} childhood than you had wished to.",
    "{other} remembers birthdays, including yours, and you have never once remembered {opos}.",
    "When {other} is nervous {osub} straightens things: cutlery, cushions, other people's collars.",
)
MEMORIES = (
    "You think sometimes of a walk along the harbour wall in {town} when you were twelve, the wind so strong "
    "that you had to hold the railings, and how certain you were then that you would leave and never come back.",
    "Years ago you kept a diary for exactly one month. You burnt it the following spring, and you still "
    "remember one line of it, which you will not repeat.",
    "There was a teacher who told you that patience is only anger with good manners. You did not understand "
    "it then; you understand it better every year.",
    "You once missed a boat by a minute and watched it go, and for a whole afternoon you felt that your life "
    "had taken a wrong turning. Nothing came of it; that is what you remember most.",
    "On the way here you sat opposite a woman knitting something enormous and grey. You wondered who it "
    "was for, and you are still, absurdly, wondering.",
    "You have a habit of counting stairs. There are more of them in {building} than anybody needs.",
    "Your doctor has told you to sleep more and worry less. You have followed half of that advice.",
    "You keep meaning to learn to swim properly. Every summer you promise yourself, and every summer it rains.",
    "The last time you were at {building}, everyone was younger and the talk was kinder.",
    "A fortune teller at a fair once told you that you would lose something valuable in a house with many "
    "doors. You laughed. You are not laughing tonight.",
    "You have never liked the smell of lilies, ever since a hospital corridor you would rather forget.",
    "You still have the first money you ever earned, a single coin, in a drawer at home, and you could not "
    "say why you keep it.",
    "When you cannot sleep, you plan imaginary journeys: trains, timetables, hotels, the name of every "
    "station. It works more often than it should.",
    "You were once mistaken for somebody famous in a restaurant and, for a wicked quarter of an hour, you "
    "let the waiters go on believing it.",
    "There is a song your father used to whistle. You have never found out its name, and you hum it when "
    "you are frightened.",
    "The first time you saw the sea in winter you thought it was angry with you personally. You still half "
    "think so.",
)
SECRET_FEARS = (
    "If it came out, you would not be ruined, exactly, but people would look at you differently, and you "
    "have spent years arranging how people look at you.",
    "You have rehearsed what you would say if anyone asked, and every version sounds worse aloud.",
    "Only one other person in the world knows, and they are far away and, you hope, discreet.",
    "It is the sort of thing that sounds small in daylight and enormous at three in the morning.",
)
AFTERMATH = (
    "Afterwards everyone stood about in the corridor in the way people do when they no longer know what "
    "their hands are for.",
    "Every room seemed to grow colder after the alarm, though nobody had opened a door.",
    "Someone began to cry and then stopped very suddenly, as if they had remembered where they were.",
    "You noticed that your own hands were perfectly steady, and that frightened you more than trembling would have.",
    "Nobody sat down for a long time; sitting felt like agreeing that it had happened.",
    "Somebody fetched blankets that nobody needed, and the small errand seemed to help them.",
    "For a while the only sound was someone's watch, which ticked far too loudly.",
    "You caught yourself counting the people in the room, and then counting them again.",
    "The lights were all switched on at once, and every face looked older under them.",
    "Somebody kept saying that it could not be true, in a flat voice, as if reading it aloud.",
    "You found you were holding a glass you did not remember picking up.",
    "The staff moved about quietly, closing doors, and each click made someone start.",
)
POCKET = (
    "In your coat pocket tonight you carry {item}; you turned it over in your fingers all through the "
    "questions that followed, and you have not let go of it since.",
    "Your hand keeps going to your pocket, where you carry {item}. You brought it for luck, and you will "
    "keep it on you until this is over.",
    "You carry {item} in your pocket this evening, as you have done every day for years; tonight you "
    "touched it more often than you would like anyone to have noticed.",
)

# memories built from parts: "{WHEN}, {EVENT}. {SENSE} {REFLECTION}"
WHEN = (
    "The winter you turned nineteen", "One wet August in {town}", "In your first year of work",
    "On the night of a great storm", "The year the river froze", "During a long summer in {city}",
    "Not long after your father's illness", "The autumn you were twenty-three", "A few years after you left {town}",
    "When you were still new to {city}", "Once, long before tonight", "One dark January",
    "One Easter at your aunt's house", "The week you moved into your first flat", "Late one night in {city}",
    "Years ago, when money was tighter still", "On your thirtieth birthday", "The summer your hair first went grey",
    "On a Tuesday you have never forgotten", "The spring you were too busy to notice spring",
    "In the year of the long strike", "On the morning of an examination", "During your first visit to {city}",
    "The first winter you lived alone",
)
FAMILY_MEETINGS = (
    "Your earliest memory of {victim} is of a summer in {city} {ago} years before you were old enough to "
    "understand {vobj}: {vsub} taught you to skim stones and cheated at it.",
    "The first time you remember really talking to {victim} was in {city}, {ago} years ago, at a family "
    "funeral where the two of you hid in the cloakroom to escape the speeches.",
    "{ago} years ago, in {city}, {victim} took you to dinner and talked to you for the first time as an "
    "equal. You have measured every meeting since against that evening.",
)
EVENT = (
    "you lost a glove that someone you loved had given you", "you watched a stranger return a wallet and refuse "
    "the reward", "you found a letter tucked inside a second-hand book", "a man you barely knew told you his "
    "whole life story over one cup of coffee", "you sat up all night with a friend who could not stop shaking",
    "you saw a fire take a warehouse in less than an hour", "you were handed the wrong coat and wore it home",
    "you were offered a job you wanted and turned it down out of pride", "you rescued a cat from a drainpipe "
    "and were bitten for your trouble", "you heard your own name spoken in a room you had just left",
    "you told a lie so small that you forgot it, until it came back a year later", "a child asked you, very "
    "seriously, whether you were happy", "you watched an old couple dance in an empty square", "you broke a "
    "teacup that had survived three generations", "you were locked out of your lodgings and slept on a bench",
    "someone you admired let you down in front of everyone", "you read a newspaper report about yourself that "
    "was almost entirely wrong", "you were the last guest to leave a party and the host burst into tears",
    "you saw a man fall through ice and be pulled out laughing", "you won a raffle for a goose you did not want",
    "you were asked to keep a secret you would rather not have known", "you walked eleven miles because you "
    "were too stubborn to ask for a lift", "a letter you had written in anger arrived before the apology",
    "you realised halfway through a speech that nobody was listening", "you gave away something you later "
    "wanted back", "you got lost in a museum and found the best room in it", "you watched a bank of fog swallow "
    "a whole town in minutes", "you were mistaken for a thief in a shop and said nothing", "a piano tuner told "
    "you that every house has one note that is always out", "you saw your first dead body, an old man on a bench "
    "who looked as if he were only thinking",
)
SMELLS = ("wet wool", "coal smoke", "oranges", "hot tar", "lavender water", "old paper", "boot polish",
          "river mud", "burnt sugar", "carbolic soap", "cut grass", "paraffin", "cloves", "sea salt")
LIGHTS = ("thin and yellow", "the colour of pewter", "low and gold", "flat and white", "blue with cold",
          "soft as milk", "hard and bright", "brown as strong tea", "grey and patient", "pink at the edges",
          "smeared by rain", "sharp enough to cut")
SENSE = ("you remember that the place smelt of {smell} and that the light was {light}.",
         "what stays with you is the smell of {smell}, and the light, {light}.",
         "even now the smell of {smell} brings it back, and a light that was {light}.",
         "the air held {smell}, and the light was {light}.",
         "you could draw the scene from memory: the smell of {smell}, the light {light}.")
REFLECTION_TAILS = (
    "the smell of {smell} still brings it back", "you thought of it again on the way to {building}",
    "{first} would laugh if you told the story tonight", "you were reminded of it in {city} not long ago",
    "you have never mentioned it to {victim}", "it came back to you the last time you passed through {town}",
    "you almost told {first} about it over dinner", "a whiff of {smell} in the corridor tonight brought it back",
    "in {city} people would call that luck", "you half expect {first} to know about it already",
    "it is the kind of thing {victim} would have made a speech of", "you dreamt of it the night before you left {town}",
)
REFLECTION = (
    "You have thought about it more often than it deserves.", "It taught you that people forgive almost "
    "anything except being made to look foolish.", "You have never told anyone here about it.", "At the time it "
    "seemed enormous; now it seems merely strange.", "You suspect it changed you, though you could not say how.",
    "You laughed about it later, but not for a long while.", "It is one of the few things you are sure you "
    "remember exactly as it happened.", "Sometimes you wonder who else remembers it.", "It made you more careful, "
    "and perhaps a little meaner.", "You have told the story at dinners, and it improves every time.",
    "It comes back to you at odd moments, like tonight.", "If you had acted differently, you would be someone "
    "else now.", "You learnt more from it than from any book.", "You would give a good deal to have it back, or "
    "to have it undone; you are not sure which.", "Nobody believed you when you told them, so you stopped "
    "telling them.", "It was the first time you understood that grown-ups were guessing too.",
    "It is absurd how clearly you can still see it.", "You wrote it down once, and the words made it smaller.",
    "It made you kinder to strangers for about a week.", "You keep meaning to forget it.",
)
OVERHEARD = (
    "Someone in the corridor was humming a tune you could not place.", "Out in the hall a door banged and "
    "somebody swore softly.", "Far off, glasses clinked and a woman laughed too loudly.", "Somewhere a tap was "
    "running and nobody turned it off.",
    "A telephone rang twice in another room and fell silent.", "Footsteps went past the door, quick and light, "
    "and were gone.", "Someone was moving furniture nearby, or so it sounded.",
)  # the setting's own sounds: `scenery.SCENERY[...].sounds`

# memories that carry a detail an LSU question asks about (planted in the middle of the script)
PLANTED = (
    ("best_meal", "CITIES", "The best meal you ever ate was in {value}, in a cellar restaurant with no sign over "
     "the door; you have tried to find it again twice and failed both times."),
    ("first_job", "TOWNS", "Your very first wage was earned in {value}, sweeping the floor of a printing shop; "
     "the smell of ink still makes you feel fourteen."),
    ("lost_in", "CITIES", "You once lost your passport in {value} and spent three days in a consulate waiting "
     "room, reading the same magazine until you knew it by heart."),
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
MEMORY_HEADINGS = (
    "Some things you remember, which may or may not matter tonight:",
    "Memories come back at odd moments on a night like this:", "Things you find yourself thinking about:",
    "Odd pieces of your past keep surfacing tonight:", "What you remember, when the talk goes quiet:",
    "Some older memories, for what they are worth:", "A few things from your life that come back to you now:",
    "Your mind keeps wandering backwards tonight:",
)
SECRET_ASIDES = (
    "It has nothing to do with the death.", "Whatever else it is, it is not a reason to kill anyone.",
    "It has no bearing on what happened tonight.", "It is your own business, not the police's.",
    "It is shameful, perhaps, but it is not murder.", "You would rather die than explain it, but it explains "
    "nothing about tonight.", "It is unconnected to the death, and you mean to keep it that way.",
    "Nobody could twist it into a motive, though someone may try.",
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
MOOD_LEADS = ("By {time}", "Around {time}", "As {time} came and went,", "Just after {time}", "At about {time}",
              "Somewhere near {time}")
HEARD_LEADS = ("From outside the {room}, you noticed that", "While you were in the {room},",
               "Beyond the walls of the {room},", "Once, in the {room}, you heard how", "Near the {room},")

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
                      "not to mention it."),
    "colleagues": ("You have worked alongside {other} and respect the work, if not always the manners.",
                   "{other} shared an office with you for a season; you learnt {first}'s habits "
                   "better than you wished.",
                   "Professionally you think well of {other}; personally you have never been sure."),
    "cousins": ("{other} is your cousin; family gatherings with {first} are polite and no more.",
                "{other} is family, a cousin, and like most family {first} knows exactly where to press.",
                "You and {other} are cousins who meet at weddings and funerals and send cards in between."),
    "acquaintances": ("You know {other} only slightly, from a few dinners like this one, and have formed no firm "
                      "opinion of {obj}.", "{other} is a face you know from other evenings, no more than that.",
                      "You have exchanged perhaps fifty words with {other} in your life, all of them about weather."),
    "creditor and debtor": ("Money has passed between you and {other}, and it still sits awkwardly.",
                            "There is a loan between you and {other} that neither of you mentions in company.",
                            "{other} and you once signed a paper about money, and you both remember the sum."),
    "neighbours": ("{other} lives a few streets from you; you nod in the street and gossip about {first}.",
                   "You and {other} are neighbours; you know the sound of {first}'s car and the hour "
                   "{first} comes home.",
                   "{other} lives near enough that you have borrowed a ladder and never quite returned it."),
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
DOING_LEADS = (
    "For most of that quarter hour you were {activity}.", "For the next fifteen minutes or so you were {activity}.",
    "Most of the time after {time} you spent {activity}.", "From {time} you were mostly {activity}.",
    "You passed the quarter hour from {time} {activity}.", "Much of that quarter hour found you {activity}.",
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

# the day before the evening, hour by hour (the places are the setting's: `scenery.py`)
DAY_LEADS = (
    "At {time} you were {place}", "{time} found you {place}", "By {time} you were {place}",
    "The hour from {time} you spent {place}", "At {time}, if anyone had looked, they would have seen you {place}",
    "Around {time} you were {place}, and stayed most of the hour",
)
DAY_DOINGS = (
    "You wrote two letters and tore one of them up, the one to {first}.",
    "You read the same paragraph of the newspaper three times and could not have said what it was about.",
    "You counted your money twice and thought about {victim}'s last letter.",
    "You rehearsed, under your breath, what you would say to {victim} if the chance came.",
    "You tried to sleep and managed a quarter of an hour, full of dreams about {town}.",
    "You changed your mind about the evening three times and your gloves twice.",
    "You made a list of things to say to {victim} and another of things never to say.",
    "You polished your spectacles until there was nothing left to polish.",
    "You thought about sending your regrets for the evening, and did not.",
    "You looked at the clock more often than the clock deserved.",
    "You found a button missing and spent the better part of the hour replacing it.",
    "You noticed that your hands smelt of {smell}, and could not think why.",
)
DAY_DOINGS_OUT = (  # only away from home: strangers, weather, the journey
    "You ate something forgettable and paid too much for it.",
    "You bought peppermints you did not want, because the queue gave you something to do.",
    "A man talked to you about the weather in {town} as if it were a personal enemy.",
    "You watched the light change outside and thought of {city}.",
    "You caught sight of {first} in the distance and did not wave.",
    "You listened to two strangers argue about a horse race in {city}.",
    "A stranger asked you the time, then checked your answer against a watch of their own.",
    "You walked further than you meant to, and came back with wet shoes.",
)
DAY_HEADINGS = ("## Your day, hour by hour", "## The day before the evening, hour by hour",
                "## How the day went, one hour at a time", "## Your day, from the morning on")
EVENING_HEADINGS = ("## Your evening, quarter hour by quarter hour", "## How your evening went",
                    "## The evening itself, quarter hour by quarter hour",
                    "## Then the evening, a quarter hour at a time",
                    "## Your evening, minute by minute as best you recall")
