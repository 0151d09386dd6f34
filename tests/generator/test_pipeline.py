"""Bulk generation: 100 cases across sizes and difficulties validate and pass the solver check;
a handful are written with rendered images and pass full validation from disk."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from arena.errors import ConfigError
from arena.generator import CaseOptions, Request, check_case, check_folder, write_case
from arena.generator.pipeline import card_params, parse_roles, roles_for, structural_problems
from arena.generator.plots import plot_names
from arena.scripts.loader import load_script
from arena.scripts.schema import ImageKind, Suite, Visibility
from tests.generator.conftest import cached_case, spread

BULK = spread(30)
# every plot at every difficulty, so that a difference between difficulties is not a difference between plots
BALANCED = [Request(400 + i, CaseOptions(5 + i, difficulty, 1, plot=plot))
            for plot in plot_names("en", held_out=False) for i in range(3) for difficulty in ("easy", "medium", "hard")]


def test_spread_covers_every_size_difficulty_and_culprit_count() -> None:
    assert {r.options.roles for r in BULK} == {4, 5, 6, 7, 8}
    assert {r.options.difficulty for r in BULK} == {"easy", "medium", "hard"}
    assert {r.options.culprits for r in BULK} == {1, 2}


@pytest.mark.parametrize("request_", BULK, ids=lambda r: r.case_id)
def test_bulk_case_validates_and_passes_the_solver_check(request_: Request) -> None:
    case = cached_case(request_)
    script = case.script
    assert structural_problems(script) == []
    assert check_case(script, case.facts, card_params(case)) == []
    assert len(script.roles) == request_.options.roles
    assert sorted(script.culprits) == sorted(case.facts.culprits) and len(script.culprits) == request_.options.culprits
    assert {q.suite for q in script.questions} == set(Suite)
    # as long as its content: every script tells the whole evening, quarter hour by quarter hour
    assert all(all(t in (role.script or "") for t in case.world.slots[:case.world.discovery_slot + 1])
               for role in script.roles)
    assert 5 <= len(script.locations) <= 8
    assert all(c.location in {loc.id for loc in script.locations} for c in script.clues
               if c.visibility is Visibility.LOCATION)
    culprits = set(script.culprits)
    assert not [c.id for c in script.clues if c.key and c.holder in culprits], "a culprit could hide a key clue"
    kinds = {c.image.kind for c in script.image_clues if c.image}
    assert kinds == {ImageKind.TEXT_RICH, ImageKind.MEDIA_RICH}


def test_role_scripts_differ_between_roles_and_between_seeds() -> None:
    first, second = cached_case(BULK[0]).script, cached_case(BULK[5]).script
    texts = [r.script for r in first.roles]
    assert len(set(texts)) == len(texts)
    openings = {r.script.split(".")[0] for case in (first, second) for r in case.roles}
    assert len(openings) == len(first.roles) + len(second.roles)


def test_difficulty_moves_depth_herrings_and_images() -> None:
    def stats(difficulty: str) -> tuple[float, float, float]:  # depth is compared within a plot, below
        cases = [cached_case(r) for r in BALANCED if r.options.difficulty == difficulty]
        depth = sum(max(s.depth for s in c.script.reasoning_chains[0].steps) for c in cases) / len(cases)
        herrings = sum(len(c.world.suspicious) for c in cases) / len(cases)
        keys = [cl for c in cases for cl in c.script.clues if cl.key]
        images = sum(cl.image is not None for cl in keys) / len(keys)
        return depth, herrings, images

    easy, medium, hard = stats("easy"), stats("medium"), stats("hard")
    assert easy[1] < medium[1] < hard[1], "harder cases have more red herrings"
    assert easy[2] < medium[2] < hard[2], "more of a harder case hinges on images"
    assert all(max(s.depth for s in cached_case(r).script.reasoning_chains[0].steps) >= 4
               for r in BULK if r.options.difficulty == "hard")


def test_within_a_plot_a_harder_case_is_never_shallower() -> None:
    """The plots differ in depth (a poisoning needs more steps than a stopped clock), so depth by difficulty is
    compared within one plot: the stopped clock's hard cases add the slow-clock step."""
    def depth(difficulty: str) -> int:
        case = cached_case(Request(11, CaseOptions(5, difficulty, 1, plot="stopped-clock")))
        return max(s.depth for s in case.script.reasoning_chains[0].steps)

    assert depth("easy") <= depth("medium") <= depth("hard") and depth("easy") < depth("hard")


@pytest.mark.parametrize("request_", [BULK[i] for i in (0, 13, 27)], ids=lambda r: r.case_id)
def test_written_case_with_images_loads_and_rechecks(request_: Request, tmp_path: Path) -> None:
    folder = write_case(cached_case(request_), tmp_path)
    script = load_script(folder)  # full validation, including that every image decodes
    images = [p for p in (folder / "images").iterdir() if p.suffix in (".png", ".jpg")]
    assert len(images) == len(script.image_clues) > 0
    assert sorted(p.stem for p in (folder / "roles").glob("*.md")) == sorted(script.role_ids)
    assert check_folder(folder) == []


def test_parse_roles_and_per_seed_roles() -> None:
    assert parse_roles("6") == (6, 6) and parse_roles("4-8") == (4, 8)
    for bad in ("3", "4-9", "eight", "8-4"):
        with pytest.raises(ConfigError):
            parse_roles(bad)
    drawn = Counter(roles_for(seed, (4, 8)) for seed in range(200))
    assert set(drawn) == {4, 5, 6, 7, 8}
    assert roles_for(17, (4, 8)) == roles_for(17, (4, 8))


def test_case_id_names_seed_options_and_split() -> None:
    assert Request(3, CaseOptions(5, "hard", 2)).case_id == "gen-3-hard-5r-2c"
    assert Request(3, CaseOptions(5, "easy", 1), "heldout", 99).case_id == "heldout-3-easy-5r"
