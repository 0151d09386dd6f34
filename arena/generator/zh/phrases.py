"""Small Chinese phrases shared by scripts, clues and cards: lists of names, motives, the method, pair relations."""

from __future__ import annotations

from arena.generator.prose import pair_variant, relation_of
from arena.generator.world import Person, World
from arena.generator.zh import lore
from arena.generator.zh.lexicon import name, term


def join(names: list[str]) -> str:
    """"甲、乙和丙"."""
    if len(names) <= 1:
        return "".join(names)
    return "、".join(names[:-1]) + "和" + names[-1]


def motive(world: World, person: Person, kind: str | None = None, void: bool = False) -> str:
    reads, cancels = lore.MOTIVES[kind or person.motive or "debt"]
    return (cancels if void else reads).format(victim=name(world.victim), amount=term(world.amount),
                                               prize=term(world.prize))


def method(world: World) -> str:
    return lore.METHODS[world.weapon.method].format(weapon=term(world.weapon.name), victim=name(world.victim))


def motive_sentence(world: World) -> str:
    names = [name(world.person(c).name) for c in world.culprits]
    each = "都" if len(names) > 1 else ""
    return f"{join(names)}{each}{motive(world, world.person(world.culprits[0]))}。"


def pair_text(world: World, person: Person, other: Person) -> str:
    """What `person` thinks of `other`, from the pair relation drawn for the two (each side words it its own way,
    no wording twice in one script)."""
    variants = lore.PAIRS[relation_of(world, person, other)]
    index = pair_variant(world, person, lambda relation: len(lore.PAIRS[relation]))[other.id]
    return variants[index].format(other=name(other.name))


def ta(world: World, person_id: str | None) -> str:
    """他 or 她 for a person (None: the victim)."""
    key = world.victim_pronoun if person_id is None else world.person(person_id).pronoun
    return "她" if key == "she" else "他"
