"""World model invariants over many seeds: walks, the crime, red herrings, the floor plan."""

from __future__ import annotations

import random

import pytest

from arena.generator.pipeline import attempt_rng, seed_rng
from arena.generator.plots import COLD_QUARTERS, PLOTS
from arena.generator.prose import weapon_slot
from arena.generator.world import (
    HERRINGS,
    ONSET_QUARTERS,
    TAMPERED_QUARTERS,
    CaseOptions,
    World,
    build_world,
    time_leg,
)

OPTIONS = [CaseOptions(r, d, c) for r in (4, 6, 8) for d in ("easy", "medium", "hard") for c in (1, 2)]


def worlds() -> list[World]:
    found = []
    for i, options in enumerate(OPTIONS * 4):
        world = build_world(attempt_rng(i, 0), options)
        if world is not None:
            found.append(world)
    return found


WORLDS = worlds()


def test_most_draws_give_a_world() -> None:
    assert len(WORLDS) >= 0.9 * len(OPTIONS) * 4


@pytest.mark.parametrize("world", WORLDS, ids=lambda w: f"{w.options.difficulty}-{len(w.people)}")
def test_world_invariants(world: World) -> None:
    layout, m, scene = world.layout, world.murder_slot, world.murder_place
    assert len({p.id for p in world.people}) == len(world.people) == world.options.roles
    assert len(world.culprits) == world.options.culprits
    assert all(layout.dist(a, b) < 100 for a in layout.ids for b in layout.ids), "the plan is connected"
    assert len(world.slots) == m + 2
    for person in world.people:
        path = world.positions[person.id]
        assert len(path) == len(world.slots)
        assert all(layout.dist(a, b) <= 1 for a, b in zip(path, path[1:], strict=False)), "one doorway per slot"
        assert (path[m] == scene) == person.culprit, "only the culprits are at the scene at the murder slot"
        assert path[m + 1] != scene, "the body is found by staff"
        if person.culprit:
            assert weapon_slot(world, person.id) is not None, "culprits fetch the weapon in time"
    assert world.victim_positions[m] == scene
    low, high = HERRINGS[world.options.difficulty]
    innocents = world.options.roles - world.options.culprits
    assert min(low, innocents) <= len(world.suspicious) <= high
    assert len(world.herrings) == innocents, "every innocent is cleared by a clue, never by a missing motive"
    assert any(h.refutation == "alibi" for h in world.suspicious), "the clock must matter"
    for h in world.herrings:
        person = world.person(h.person)
        assert not person.culprit
        assert (person.motive is not None) or h.refutation != "void", "only a motive can be settled"
        visits = world.weapon_place in world.positions[h.person][: m + 1]
        assert visits == (h.refutation != "means"), "herrings have access to the weapon unless means clears them"
        if h.refutation == "reach":
            assert h.reach_slot in (m - 1, m + 1) and h.reach_place is not None
            assert world.positions[h.person][h.reach_slot] == h.reach_place
            assert layout.dist(h.reach_place, scene) >= 2
    assert {p.motive for p in world.people if p.culprit} != {None}


@pytest.mark.parametrize("world", WORLDS[:30], ids=lambda w: f"{w.options.difficulty}-{len(w.people)}")
def test_personas_fit_their_tables(world: World) -> None:
    from arena.generator import pools

    jobs = {label: occupations for label, _, occupations in pools.RELATIONS}
    for person in world.people:
        assert not jobs[person.relation] or person.occupation in jobs[person.relation]
        allowed = pools.MOTIVE_RELATIONS.get(person.motive or "", ())
        assert not allowed or person.relation in allowed, f"{person.motive} does not fit {person.relation}"
        assert person.pronoun in ("she", "he")
    assert len({p.relation for p in world.people}) == len(world.people)


def test_floor_plan_doors_join_rooms_that_share_a_wall() -> None:
    for world in WORLDS[:20]:
        rooms = {r.id: r for r in world.layout.rooms}
        for a, b in world.layout.doors:
            ra, rb = rooms[a], rooms[b]
            side = ra.x + ra.w == rb.x or rb.x + rb.w == ra.x
            stacked = ra.y + ra.h == rb.y or rb.y + rb.h == ra.y
            overlap_x = min(ra.x + ra.w, rb.x + rb.w) - max(ra.x, rb.x)
            assert (side and ra.y == rb.y) or (stacked and overlap_x >= 1)


def test_build_world_draws_only_from_its_rng() -> None:
    options = CaseOptions(6, "hard", 1)
    random.seed(0)
    first = build_world(attempt_rng(3, 0), options)
    random.seed(99)
    assert build_world(attempt_rng(3, 0), options) == first


def leg(world: World) -> int:
    """The size of the world's time trick: the poison's onset, else how far the shown time lies from the murder."""
    return world.onset or world.murder_slot - (world.shown_slot if world.shown_slot is not None else world.murder_slot)


@pytest.mark.parametrize("plot", ["staged-alibi", "slow-poison", "cold-room"])
def test_the_time_trick_is_the_seeds_so_no_attempt_can_filter_it(plot: str) -> None:
    """A longer shift fails the timeline more often; were it drawn per attempt, the retries would keep short shifts
    (staged-alibi kept 2 quarter hours on 82 of 120 seeds). Drawn from the seed, every attempt of a seed has the same
    size, and a case kept on any attempt has the size its seed drew."""
    plot_ = PLOTS[plot]
    sizes = set()
    for seed in range(40):
        drawn = time_leg(seed_rng(seed), plot_)
        sizes.add(drawn)
        legs = {leg(w) for a in range(6)
                if (w := build_world(attempt_rng(seed, a), CaseOptions(6, "hard", plot=plot), seed_rng(seed)))}
        assert legs <= {drawn}, (seed, legs, drawn)
    assert sizes == set({"tampered": TAMPERED_QUARTERS, "onset": ONSET_QUARTERS, "chill": COLD_QUARTERS}[plot_.time])


def test_a_clock_plot_draws_no_time_trick() -> None:
    rng = seed_rng(5)
    state = rng.getstate()
    assert time_leg(rng, PLOTS["stopped-clock"]) == 0
    assert rng.getstate() == state
