"""The manifest of the pinned set: plots named per case, checked on load, spread over the shipped set."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from pydantic import SecretStr

from arena.errors import ConfigError
from arena.generator.manifest import heldout_options, heldout_requests, load_manifest, public_requests
from arena.generator.plots import HELD_BACK, PLOTS
from tests.conftest import ROOT

MANIFEST = """generator_version: 2
words: 600
cases:
  - {seed: 5, roles: 4, difficulty: easy, culprits: 1, plot: PLOT_EN}
  - {seed: 6, roles: 4, difficulty: hard, culprits: 1}
  - {seed: 7, roles: 5, difficulty: medium, culprits: 1, language: zh, plot: PLOT_ZH}
heldout:
  first_seed: 1
  count: 2
"""


def write(tmp_path: Path, en: str = "locked-cabinet", zh: str = "stopped-clock") -> Path:
    path = tmp_path / "generated.yaml"
    path.write_text(MANIFEST.replace("PLOT_EN", en).replace("PLOT_ZH", zh), encoding="utf-8")
    return path


def test_public_requests_carry_the_pinned_plot_and_held_out_ones_the_seeds_turn(tmp_path: Path) -> None:
    english = next(name for name in PLOTS if name != "stopped-clock")
    manifest = load_manifest(write(tmp_path, en=english))
    assert [r.options.plot for r in public_requests(manifest)] == [english, None, "stopped-clock"]
    assert heldout_options(manifest, 1).plot is None
    assert all(r.options.plot is None for r in heldout_requests(manifest, SecretStr("test-salt-0123456789abcdef")))


def test_an_unknown_plot_is_rejected_naming_the_case_seed(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"cases\.0 \(seed 5\): plot 'no-such-plot': there is no such plot "
                                          r"\(fix: one of stopped-clock"):
        load_manifest(write(tmp_path, en="no-such-plot"))


def test_a_plot_not_written_in_the_case_language_is_rejected_naming_the_case_seed(tmp_path: Path) -> None:
    english_only = next(name for name, plot in PLOTS.items() if "zh" not in plot.languages)
    with pytest.raises(ConfigError, match=rf"cases\.2 \(seed 7\): plot '{english_only}' is written in en only, "
                                          r"not 'zh' \(fix: one of stopped-clock\)"):
        load_manifest(write(tmp_path, zh=english_only))


def test_the_shipped_manifest_names_every_plot_and_no_plot_holds_more_than_a_fifth() -> None:
    cases = load_manifest(ROOT / "scripts_data" / "generated.yaml").cases
    assert all(case.plot is not None for case in cases), [case.seed for case in cases if case.plot is None]
    counts = Counter(case.plot for case in cases)
    assert all(n <= 0.2 * len(cases) for n in counts.values()), counts
    assert {case.plot for case in cases if case.language == "zh"} == {"stopped-clock"}
    assert set(counts) == set(PLOTS) - HELD_BACK  # every public plot, and none held back for the held-out set
    for plot in counts:  # every plot gets every difficulty and, in English, every role count
        difficulties = Counter(case.difficulty for case in cases if case.plot == plot)
        assert set(difficulties) == {"easy", "medium", "hard"} and min(difficulties.values()) >= 2, plot
        assert {case.roles for case in cases if case.plot == plot and case.language == "en"} == set(range(4, 9)), plot
