"""The reasoning chain of a generated case: from the key clues, step by step, to the culprits.

Depth 1 reads a fact off one clue; a step combining earlier steps sits one level above the deepest
of them. The final step rests, through the others, on exactly the key clues.
"""

from __future__ import annotations

from arena.generator.evidence import ClueDraft
from arena.generator.facts import At, EntryLog
from arena.generator.phrases import join_names, motive_phrase, motive_sentence
from arena.generator.world import World
from arena.scripts.clock import clock_label, minutes_of
from arena.scripts.schema import ReasoningChain, ReasoningStep


class ChainBuilder:
    def __init__(self) -> None:
        self.steps: list[ReasoningStep] = []

    def add(self, step_id: str, text: str, rests_on: list[str]) -> str:
        depths = {s.id: s.depth for s in self.steps}
        depth = 1 + max((depths[r] for r in rests_on if r in depths), default=0)
        self.steps.append(ReasoningStep(id=step_id, text=text, depth=depth, rests_on=rests_on))
        return step_id


def means_steps(chain: ChainBuilder, world: World, drafts: dict[str, ClueDraft]) -> list[str]:
    if "c_keys" in drafts:
        from arena.generator.plots.chain import key_steps

        return key_steps(chain, world, drafts)
    if "c_log" not in drafts:
        return []
    w, m = world, world.murder_slot
    log = next(f for f in drafts["c_log"].facts if isinstance(f, EntryLog))
    entered = join_names(sorted({w.person(p).name for p, t in log.entries if t <= m}))
    room = w.place_name(w.weapon_place)
    chain.add("s_weapon", f"The coroner's report names the weapon: the {w.weapon.name}.", ["c_autopsy"])
    chain.add("s_source", f"The {w.weapon.name} could only be taken from the {room}.", ["s_weapon", "c_inventory"])
    return [chain.add("s_means", f"The door log shows that only {entered} entered the {room} by {w.slots[m]}, so "
                      f"only they could have taken the {w.weapon.name}.", ["s_source", "s_time", "c_log"])]


def when_where(world: World) -> str:
    """The step that fixes the crime's time (and, for a poison, its room): what clearing by alibi rests on."""
    return "s_place" if world.plot_spec.time == "onset" else "s_time"


def clearing_steps(chain: ChainBuilder, world: World, drafts: dict[str, ClueDraft]) -> list[str]:
    w, m = world, world.murder_slot
    scene = w.place_name(w.murder_place)
    out = []
    if any(h.refutation == "reach" for h in w.herrings):
        near = join_names([w.place_name(p) for p in w.layout.neighbours(w.murder_place)])
        chain.add("s_doors", f"The floor plan shows that the {scene} opens only onto the {near}.", ["c_floorplan"])
    for h in w.herrings:
        person = w.person(h.person)
        if h.refutation == "void":
            out.append(chain.add(f"s_void_{h.person}", f"{person.name}'s motive no longer held: "
                                 f"{motive_phrase(w, person, void=True)}.", [f"c_void_{h.person}"]))
        elif h.refutation == "alibi":
            clue = f"c_alibi_{h.person}" if f"c_alibi_{h.person}" in drafts else "c_floorplan"
            place = w.place_name(w.positions[h.person][m])
            when = "the poison was given" if w.plot_spec.time == "onset" else "the murder happened"
            out.append(chain.add(f"s_clear_{h.person}", f"{person.name} was in the {place} at {w.slots[m]}, so "
                                 f"could not have been in the {scene} when {when}.",
                                 [when_where(w), clue]))
        elif h.refutation == "reach":
            fact = next(f for f in drafts[f"c_reach_{h.person}"].facts
                        if isinstance(f, At) and f.slot == h.reach_slot)
            gap = w.layout.dist(fact.place, w.murder_place)
            out.append(chain.add(
                f"s_clear_{h.person}", f"{person.name} was in the {w.place_name(fact.place)} at "
                f"{w.slots[fact.slot]}, {gap} doorways from the {scene}. Passing one doorway per quarter hour, "
                f"{person.name} could not have been in the {scene} at {w.slots[m]}.",
                [when_where(w), "s_doors", f"c_reach_{h.person}"]))
    return out


def build_chain(world: World, drafts: tuple[ClueDraft, ...]) -> ReasoningChain:
    by_id = {d.id: d for d in drafts}
    w = world
    chain = ChainBuilder()
    scene = w.place_name(w.murder_place)
    if w.plot_spec.time != "clock":
        from arena.generator.plots.chain import time_steps

        finals = time_steps(chain, w, by_id)
    elif "c_clock_note" in by_id:
        shows = clock_label(minutes_of(w.slots[w.murder_slot]) - w.clock_slow)
        chain.add("s_clock", f"The clock from the {scene} stopped in the struggle, showing {shows}.", ["c_clock"])
        finals = [chain.add("s_time", f"That clock ran {w.clock_slow} minutes slow, so {w.victim} was killed at "
                            f"{w.slots[w.murder_slot]}.", ["s_clock", "c_clock_note"])]
    else:
        finals = [chain.add("s_time", f"The clock from the {scene} stopped in the struggle: {w.victim} was "
                            f"killed at {w.slots[w.murder_slot]}.", ["c_clock"])]
    finals += means_steps(chain, w, by_id)
    culprits = [w.person(c) for c in w.culprits]
    names = join_names([c.name for c in culprits])
    motive_ids = [d.id for d in drafts if d.style in ("motive", "ledger") and d.subject in w.culprits
                  or d.style == "ledger" and any(c in {getattr(f, "person", "") for f in d.facts} for c in w.culprits)]
    if motive_ids:  # context: a motive explains the crime, but unknown motives never clear anyone
        chain.add("s_motive", f"{names} had a reason to kill {w.victim}: {motive_sentence(w)}", motive_ids)
    finals += clearing_steps(chain, w, by_id)
    access = "" if w.plot_spec.access == "none" else f"access to the {w.weapon.name} and "
    chain.add("s_final", f"Everyone else is ruled out: only {names} had {access}the chance to be in the "
              f"{w.place_name(w.murder_place)} at {w.slots[w.murder_slot]}.", finals)
    return ReasoningChain(id="chain_main", conclusion=f"{names} killed {w.victim}.", steps=chain.steps)
