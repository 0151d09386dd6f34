"""Price lookup by longest model-name prefix, free providers, and cost arithmetic."""

from __future__ import annotations

import pytest

from arena.errors import ConfigError
from arena.providers.pricing import FREE, Price, PriceTable


def test_longest_prefix_wins():
    table = PriceTable.load()
    assert table.lookup("openai", "gpt-4o-mini-2024-07-18") == table.lookup("openai", "gpt-4o-mini")
    assert table.lookup("openai", "gpt-4o-2024-08-06").input == 2.50
    assert table.lookup("openai", "gpt-4o-mini").input == 0.15
    assert table.lookup("anthropic", "gpt-4o") is None
    assert table.lookup("openai-compatible", "anything") is FREE and table.lookup("mock", "x") is FREE


def test_cost_with_cached_tokens():
    price = Price(input=2.0, output=8.0, cached_input=0.5)
    assert price.cost(1_000_000, 0) == pytest.approx(2.0)
    assert price.cost(1_000_000, 500_000, cached_prompt_tokens=400_000) == pytest.approx(1.2 + 0.2 + 4.0)
    assert Price(1.0, 1.0).cost(100, 0, cached_prompt_tokens=100) == pytest.approx(1e-4)


def test_bad_table_names_the_row(tmp_path):
    bad = tmp_path / "prices.toml"
    bad.write_text('[openai."gpt-x"]\ninput = 1.0\n')
    with pytest.raises(ConfigError, match="gpt-x"):
        PriceTable.load(bad)


def test_cache_reads_and_writes_have_their_own_rates() -> None:
    price = Price(input=3.0, output=15.0, cached_input=0.3, cache_write_input=3.75)
    # 1000 prompt tokens: 600 read from the cache, 100 written to it, 300 plain.
    assert price.cost(1000, 50, 600, 100) == pytest.approx((300 * 3.0 + 600 * 0.3 + 100 * 3.75 + 50 * 15.0) / 1e6)
    assert Price(1.0, 2.0).cost(1000, 0, 600, 100) == pytest.approx(1000 / 1e6), "no rates: everything at input"
    claude = PriceTable.load().lookup("anthropic", "claude-sonnet-4-20250514")
    assert claude is not None and claude.cache_write_input == pytest.approx(1.25 * claude.input)
