"""The plan: fairness of the all-play-all, deterministic ids and seeds, placement."""

from __future__ import annotations

from collections import Counter

import pytest

from arena.errors import ConfigError
from arena.tournament.plan import (
    ScriptRef,
    all_play_all,
    games_of,
    placement,
    plan_match,
    tournament_id_for,
)

ENTRIES = ["e/c@3", "e/a@1", "e/b@2", "e/d@4"]
SCRIPTS = [ScriptRef("s1", "h1"), ScriptRef("s2", "h2")]


def test_every_ordered_pair_plays_every_script_on_both_sides_equally_often():
    games = games_of(all_play_all("t", ENTRIES, SCRIPTS, 3, seed=7))
    seatings = Counter((g.civilians, g.murderer, g.script.script_id) for g in games)
    expected = {(a, b, s.script_id) for a in ENTRIES for b in ENTRIES if a != b for s in SCRIPTS}
    assert set(seatings) == expected
    assert set(seatings.values()) == {3}
    assert len(games) == 4 * 3 * 2 * 3  # ordered pairs x scripts x matches


def test_a_match_is_two_side_swapped_games_with_one_seed():
    match = plan_match("t", SCRIPTS[0], 11, "e/b@2", "e/a@1")
    first, second = match.games
    assert (match.entry_a, match.entry_b) == ("e/a@1", "e/b@2")
    assert (first.civilians, first.murderer) == (second.murderer, second.civilians)
    assert first.seed == second.seed == 11 and first.match_id == second.match_id == match.match_id
    assert first.plan_key != second.plan_key


def test_ids_and_seeds_are_deterministic_and_seeds_are_shared_across_pairs():
    one, two = all_play_all("t", ENTRIES, SCRIPTS, 2, 5), all_play_all("t", list(reversed(ENTRIES)), SCRIPTS, 2, 5)
    assert [g.plan_key for g in games_of(one)] == [g.plan_key for g in games_of(two)]
    keys = [g.plan_key for g in games_of(one)]
    assert len(set(keys)) == len(keys)
    seeds_per_script_and_round = Counter((m.script.script_id, m.seed) for m in one)
    assert set(seeds_per_script_and_round.values()) == {6}  # all 6 pairs share each (script, match n) seed
    assert len(seeds_per_script_and_round) == 4
    other_seed = all_play_all("t", ENTRIES, SCRIPTS, 2, 6)
    assert {m.seed for m in other_seed}.isdisjoint({m.seed for m in one})


def test_tournament_id_follows_the_configuration_only():
    base = tournament_id_for(ENTRIES, SCRIPTS, 1, 0, 3)
    assert base == tournament_id_for(list(reversed(ENTRIES)), list(reversed(SCRIPTS)), 1, 0, 3)
    changed = [tournament_id_for(ENTRIES[:3], SCRIPTS, 1, 0, 3), tournament_id_for(ENTRIES, SCRIPTS, 2, 0, 3),
               tournament_id_for(ENTRIES, SCRIPTS, 1, 1, 3), tournament_id_for(ENTRIES, SCRIPTS, 1, 0, 2),
               tournament_id_for(ENTRIES, [ScriptRef("s1", "other"), SCRIPTS[1]], 1, 0, 3)]
    assert base not in changed and len(set(changed)) == len(changed)


def test_a_changed_script_gives_new_plan_keys():
    old = {g.plan_key for g in games_of(all_play_all("t", ENTRIES, SCRIPTS[:1], 1, 0))}
    new = {g.plan_key for g in games_of(all_play_all("t", ENTRIES, [ScriptRef("s1", "h1-edited")], 1, 0))}
    assert old.isdisjoint(new)


def test_placement_meets_every_pool_entry_on_both_sides_cycling_scripts():
    matches = placement("p", "e/new@9", ["e/a@1", "e/b@2", "e/new@9"], SCRIPTS, 3, seed=0)
    assert len(matches) == 6  # the newcomer is not its own opponent
    assert Counter(m.script.script_id for m in matches) == {"s1": 4, "s2": 2}
    sides = Counter((g.civilians, g.murderer) for g in games_of(matches))
    assert sides == {("e/new@9", "e/a@1"): 3, ("e/a@1", "e/new@9"): 3, ("e/new@9", "e/b@2"): 3,
                     ("e/b@2", "e/new@9"): 3}


@pytest.mark.parametrize(("entries", "message"), [(["e/a@1"], "at least 2"), (["e/a@1", "e/a@1"], "twice")])
def test_bad_entry_lists_are_refused(entries, message):
    with pytest.raises(ConfigError, match=message):
        all_play_all("t", entries, SCRIPTS, 1, 0)


def test_no_scripts_or_no_matches_is_refused():
    with pytest.raises(ConfigError, match="no scripts"):
        all_play_all("t", ENTRIES, [], 1, 0)
    with pytest.raises(ConfigError, match="games-per-pair"):
        all_play_all("t", ENTRIES, SCRIPTS, 0, 0)
    with pytest.raises(ConfigError, match="itself"):
        plan_match("t", SCRIPTS[0], 0, "e/a@1", "e/a@1")
