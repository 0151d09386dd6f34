"""Small phrases shared by role scripts, clue texts and card captions: names, motives, the method."""

from __future__ import annotations

import zlib

from arena.generator import pools
from arena.generator.world import Person, World
from arena.scripts.clock import hhmm, minutes_of


def moment(world: World, slot: int, key: str) -> str:
    """A minute inside quarter hour `slot` ("20:37" in the quarter from 20:30), never the quarter's own label: a card
    or statement prints the time it was made, so the murder's quarter hour, which only the stopped clock may give,
    is not printed on the alibis (`arena/generator/leaks.py`). Stable per `key` (a clue id); no randomness drawn."""
    return hhmm(minutes_of(world.slots[slot]) + 1 + zlib.crc32(key.encode()) % 13)


def join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def motive_phrase(world: World, person: Person, kind: str | None = None, void: bool = False) -> str:
    reads, cancels, _ = pools.MOTIVES[kind or person.motive or "debt"]
    return (cancels if void else reads).format(victim=world.victim, amount=world.amount, prize=world.prize)


def method_phrase(world: World) -> str:
    return f"{world.weapon.method.format(victim=world.victim)} the {world.weapon.name}"


def motive_sentence(world: World) -> str:
    """The culprits' shared motive as a sentence: "A owed ..." or "A and B each owed ..."."""
    names = [world.person(c).name for c in world.culprits]
    each = " each" if len(names) > 1 else ""
    return f"{join_names(names)}{each} {motive_phrase(world, world.person(world.culprits[0]))}."


def second_person(phrase: str) -> str:
    """Turn a third-person motive phrase into the second person ("was ..." -> "were ...")."""
    return "were " + phrase[4:] if phrase.startswith("was ") else phrase


def capital(text: str) -> str:
    """The text with its first letter upper-cased (the rest untouched)."""
    return text[:1].upper() + text[1:]


def article(noun_phrase: str) -> str:
    """"a" or "an" before a noun phrase, by its first sound (spelling rules with the usual exceptions)."""
    word = noun_phrase.split()[0].lower() if noun_phrase.split() else ""
    vowel = word[:1] in "aeiou" and not word.startswith(("uni", "use", "eu", "one"))
    return f"{'an' if vowel or word.startswith(('honest', 'hour', 'heir')) else 'a'} {noun_phrase}"
