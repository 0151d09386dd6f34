"""Word pools the world model draws from: names, occupations, relations, motives, secrets, weapons.

Everything here is plain data. Pools are tuples (never sets) so that a seeded `random.Random`
picks the same items on every run and every platform.
"""

from __future__ import annotations

FEMALE_NAMES = (
    "Ada", "Amara", "Beatrix", "Celeste", "Delphine", "Elif", "Esme", "Greta", "Hana", "Ines", "Juno", "Keiko",
    "Leonie", "Mabel", "Mira", "Nadia", "Oona", "Petra", "Priya", "Rosalind", "Sabine", "Tamsin", "Uma", "Vesna",
    "Wilhelmina", "Yara",
)
MALE_NAMES = (
    "Anton", "Bram", "Callum", "Dario", "Edmund", "Farid", "Felix", "Hamish", "Ivo", "Jonah", "Kasimir", "Laszlo",
    "Lorcan", "Marek", "Nikhil", "Osric", "Quentin", "Rafael", "Silas", "Soren", "Teodor", "Valentin", "Xavier",
    "Zeno",
)
# every first name with its pronoun set, in a fixed order
FIRST_NAMES = tuple(sorted([(n, "she") for n in FEMALE_NAMES] + [(n, "he") for n in MALE_NAMES]))

SURNAMES = (
    "Ashdown", "Baptiste", "Castellano", "Dunmore", "Eriksen", "Fairclough", "Galloway", "Hargreave",
    "Ibarra", "Jovanovic", "Kowalczyk", "Lindqvist", "Marchetti", "Nakamura", "Okafor", "Pemberton",
    "Quill", "Rasmussen", "Sandoval", "Thorne", "Underhill", "Varga", "Whitlock", "Yilmaz", "Zielinski",
    "Abernathy", "Blackwood", "Carrow", "Devereux", "Ellery", "Finch", "Greaves", "Holloway", "Iyer",
)

VICTIM_NAMES = (
    ("Augustin Blackthorne", "he"), ("Cordelia Vane", "she"), ("Ignatius Moreland", "he"), ("Lucinda Harrow", "she"),
    ("Maximilian Crewe", "he"), ("Octavia Selwyn", "she"), ("Percival Langley", "he"), ("Seraphina Dorsey", "she"),
    ("Theodora Quayle", "she"), ("Victor Ashcombe", "he"),
)
PRONOUNS = {  # subject, object, possessive determiner, reflexive
    "she": ("she", "her", "her", "herself"),
    "he": ("he", "him", "his", "himself"),
}

# (occupation, one background sentence in the second person)
OCCUPATIONS = (
    ("a portrait painter", "You paint for a living, and your commissions have been thin this year."),
    ("a retired surgeon", "Decades in the operating theatre left you with steady hands and few illusions."),
    ("a wine merchant", "Your family business supplies half the cellars in the county."),
    ("a journalist", "You write for a city paper and never quite stop asking questions."),
    ("an architect", "You draw houses for people richer than you and resent it only a little."),
    ("a violinist", "You tour with a chamber orchestra and travel with your instrument everywhere."),
    ("a solicitor", "You draft wills and contracts, and you know where most of the money in this circle sits."),
    ("a botanist", "You study rare orchids and spend more time in glasshouses than in company."),
    ("a racing driver", "You made your name on the track and have been restless since your last crash."),
    ("a stage actor", "You are used to an audience, and you know how to hold a room."),
    ("an antiques dealer", "You buy and sell old furniture and older secrets."),
    ("a schoolteacher", "You teach history at a village school and have little patience for pretence."),
    ("a private banker", "You manage other people's fortunes and guard your own closely."),
    ("a ship's engineer", "You have spent years below decks and trust machines more than people."),
    ("a novelist", "You write detective stories and find the real thing less tidy than fiction."),
    ("a photographer", "You notice light, faces and small details that others miss."),
    ("a chemist", "You run a small laboratory and know exactly what is dangerous in any cupboard."),
    ("a pilot", "You fly mail planes across the mountains and keep odd hours."),
    ("a jeweller", "You repair watches and set stones, and you can price a necklace at a glance."),
    ("a chef", "You ran a celebrated restaurant until it closed last spring."),
    ("a diplomat", "You have served in three embassies and say less than you know."),
    ("an art historian", "You authenticate paintings, and your opinion can make or break a sale."),
    ("a nurse", "You have cared for the sick for twenty years and keep calm in a crisis."),
    ("a composer", "You write film scores and hum when you are nervous."),
    ("a personal secretary", "You keep other people's diaries in order and your own life in a small notebook."),
    ("a physician", "You run a country practice and are used to being called out at any hour."),
    ("an accountant", "You read balance sheets the way other people read novels."),
)

# relation of a suspect to the victim: (label, sentence with {victim} and {vobj}/{vpos}, occupations that fit;
# empty = any of FREE_OCCUPATIONS). A relation that is a job fixes the job.
RELATIONS = (
    ("business partner", "You and {victim} have run the firm together for eleven years, half the shares each.",
     ("a wine merchant", "an antiques dealer", "a private banker", "an architect")),
    ("personal secretary", "You keep {victim}'s diary, answer {vpos} letters and know {vpos} appointments "
     "before {vsub} does.",
     ("a personal secretary",)),
    ("old friend", "You and {victim} have known each other since university and still dine together every month.", ()),
    ("family physician", "For ten years {victim} has come to you when unwell, and you keep {vpos} medical file.",
     ("a physician",)),
    ("godchild", "{victim} stood beside the font at your christening and paid for your education.", ()),
    ("estranged sibling", "You and {victim} grew up under one roof with the same parents, though you have barely "
     "spoken in years.", ()),
    ("cousin", "Your mother and one of {victim}'s parents were brother and sister.", ()),
    ("former spouse", "You and {victim} were married once; the divorce was bitter.", ()),
    ("tenant", "You rent a cottage on land owned by {victim}.", ()),
    ("protege", "{victim} discovered your talent and launched your career.",
     ("a portrait painter", "a violinist", "a stage actor", "a composer", "a photographer", "a novelist")),
    ("biographer", "You are writing the authorised story of {victim}'s life.", ("a journalist", "a novelist")),
    ("rival collector", "You and {victim} have bid against each other for the same rare pieces for years.",
     ("an antiques dealer", "an art historian", "a jeweller", "a private banker")),
    ("accountant", "You keep {victim}'s books and know every debt owed to {vobj}.", ("an accountant",)),
    ("neighbour", "Your house stands beside {victim}'s, and you see everyone who calls.", ()),
)
# occupations that carry no relation of their own (any relation marked "any" may take them)
FREE_OCCUPATIONS = (
    "a portrait painter", "a retired surgeon", "a wine merchant", "a journalist", "an architect", "a violinist",
    "a solicitor", "a botanist", "a racing driver", "a stage actor", "an antiques dealer", "a schoolteacher",
    "a private banker", "a ship's engineer", "a novelist", "a photographer", "a chemist", "a pilot", "a jeweller",
    "a chef", "a diplomat", "an art historian", "a nurse", "a composer",
)
# which relations make each motive plausible (empty = any relation)
MOTIVE_RELATIONS = {
    "debt": (),
    "inheritance": ("godchild", "estranged sibling", "cousin"),
    "blackmail": (),
    "rivalry": ("business partner", "rival collector", "protege", "neighbour", "old friend"),
    "dismissal": ("personal secretary", "accountant", "family physician", "biographer"),
    "jealousy": ("former spouse", "old friend", "neighbour", "protege"),
}

# relationships between two suspects: label, sentence about "{other}" in the second person
PAIR_RELATIONS = (
    ("old friends", "{other} is one of your oldest friends; you trust {first} more than most."),
    ("rivals", "You and {other} have been quietly competing for years, and neither of you forgets a slight."),
    ("former lovers", "You and {other} were close once; it ended badly and you avoid being alone with {first}."),
    ("colleagues", "You have worked alongside {other} and respect the work, if not always the manners."),
    ("cousins", "{other} is your cousin; family gatherings with {first} are polite and no more."),
    ("acquaintances", "You know {other} only slightly, from a few dinners like this one, and have formed no firm "
     "opinion of {obj}."),
    ("creditor and debtor", "Money has passed between you and {other}, and it still sits awkwardly."),
    ("neighbours", "{other} lives a few streets from you; you nod in the street and gossip about {first}."),
)

# motive kinds: (kind, how the motive reads, how a clue cancels it, option phrase)
MOTIVES = {
    "debt": ("owed {victim} {amount} and the loan was called in for Monday",
             "the loan of {amount} was repaid in full the day before the murder",
             "owed the victim money"),
    "inheritance": ("stood to lose an inheritance: {victim} meant to rewrite the will on Monday",
                    "{victim} had already dropped the plan to rewrite the will and said so in writing",
                    "stood to lose an inheritance"),
    "blackmail": ("was being blackmailed by {victim} over an old scandal",
                  "{victim} had returned the compromising letters and ended the blackmail",
                  "was being blackmailed by the victim"),
    "rivalry": ("was about to be ruined by {victim} in a bitter competition for {prize}",
                "{victim} had already withdrawn from the competition for {prize}",
                "was losing a rivalry with the victim"),
    "dismissal": ("was about to be dismissed and publicly disgraced by {victim}",
                  "{victim} had torn up the dismissal letter and apologised",
                  "was about to be dismissed by the victim"),
    "jealousy": ("was consumed by jealousy after learning of {victim}'s secret engagement",
                 "the engagement had been called off and the matter settled between them",
                 "was jealous of the victim's engagement"),
}
PRIZES = ("the museum directorship", "the Hargrove prize", "a seat on the board", "the harbour contract")
AMOUNTS = ("4,000 pounds", "9,500 pounds", "12,000 pounds", "2,750 pounds", "18,000 pounds")

# each secret told of its holder by another role (`{name}` and the holder's pronouns `{sub}`, `{obj}`, `{pos}`)
SECRETS_TOLD = {
    "you have been gambling at a card club and lost more than you can admit":
        "{name} has been gambling at a card club and has lost more than {sub} can admit",
    "you once signed a reference for someone you knew to be a fraud":
        "{name} once signed a reference for someone {sub} knew to be a fraud",
    "you are quietly applying for a post abroad and have told nobody":
        "{name} is quietly applying for a post abroad and has told nobody else",
    "you borrowed a valuable book from the library here and never returned it":
        "{name} borrowed a valuable book from the library here and never returned it",
    "you were dismissed from a previous position, though you tell people you resigned":
        "{name} was dismissed from a previous position, whatever the story of a resignation",
    "you read a private letter that was not meant for you":
        "{name} read a private letter that was not meant for {obj}",
    "you have been secretly corresponding with a rival newspaper":
        "{name} has been secretly corresponding with a rival newspaper",
    "you are engaged to be married and have hidden it from your family":
        "{name} is engaged to be married and has hidden it from {pos} family",
    "you sold a family heirloom and replaced it with a copy":
        "{name} sold a family heirloom and replaced it with a copy",
    "you failed an examination that everyone believes you passed":
        "{name} failed an examination that everyone believes {sub} passed",
    "you have been paying someone else's debts and cannot say whose":
        "{name} has been paying someone else's debts and will not say whose",
    "you came here tonight under a false pretext, hoping to see a document":
        "{name} came here tonight under a false pretext, hoping to see a document",
}
SECRETS = tuple(SECRETS_TOLD)  # in the second person, as the holder's own script tells it

# weapons: (id, name, container phrase, method: "{verb} {victim} {rest} the {weapon}")
WEAPONS = (
    ("candlestick", "silver candlestick", "the locked silver cabinet", "struck {victim} down with"),
    ("letter_opener", "brass letter opener", "the writing desk drawer", "stabbed {victim} with"),
    ("poker", "iron fireplace poker", "the hearth stand", "struck {victim} down with"),
    ("cord", "silk curtain cord", "the linen press", "strangled {victim} with"),
    ("dagger", "antique dagger", "the glass display case", "stabbed {victim} with"),
    ("bookend", "marble bookend", "the locked bookcase", "struck {victim} down with"),
    ("wrench", "heavy wrench", "the tool chest", "struck {victim} down with"),
    ("statuette", "bronze statuette", "the curio cabinet", "struck {victim} down with"),
)
# poisons that act after a delay (the onset is the case's, stated by the coroner): same shape as WEAPONS
POISONS = (
    ("aconite", "aconite tincture", "the apothecary chest", "poisoned {victim} with"),
    ("digitalis", "digitalis", "the medicine cabinet", "poisoned {victim} with"),
    ("belladonna", "belladonna drops", "the locked medicine chest", "poisoned {victim} with"),
    ("strychnine", "strychnine", "the gardener's poison cupboard", "poisoned {victim} with"),
    ("thallium", "thallium salt", "the laboratory cabinet", "poisoned {victim} with"),
)
TRACE_ITEMS = ("monogrammed handkerchief", "silver cufflink", "pair of reading glasses", "fountain pen",
               "silk scarf", "theatre ticket stub", "leather glove", "engraved lighter")

MARKER_COLOURS = ("red", "blue", "green", "orange", "purple", "black", "magenta", "teal")
MARKER_SHAPES = ("circle", "square", "triangle", "diamond")
ROOM_COLOURS = ("#f4ecd8", "#e3eef7", "#e8f3e0", "#f7e4e1", "#efe6f5", "#fdf6d3", "#e0f0ee", "#f0e0d0")

# what guests wear (the cloakroom list) and what a CCTV still shows them carrying
# guests from outside the case, seated beside suspects on seating plans (titles + surnames no suspect has)
GUESTS = ("Mr Pryce", "Mrs Ballard", "Miss Lund", "Dr Quist", "Mr Tamura", "Mrs Duval", "Miss Farrow", "Mr Osei",
          "Mrs Brandt", "Dr Hale", "Miss Corrigan", "Mr Albescu", "Mrs Petrov", "Mr Nygaard")
COATS = ("navy", "darkred", "olive", "camel", "plum", "teal", "mustard", "ivory")
COAT_COLOURS = {"camel": "#c19a6b", "plum": "#8e4585", "mustard": "#d4a017", "ivory": "#f2ecd8"}
HATS = ("brimmed", "cap", "beanie", "none")
CARRIES = ("briefcase", "handbag", "backpack", "umbrella", "cane")
STAFF_COATS = ("black", "dimgray")
COAT_WORDS = {"darkred": "dark red"}
