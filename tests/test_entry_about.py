"""An entry's metadata (display name, organisation, licence, release date, link): read from the entries file,
shown by `arena models list`, and never part of its id (the board's entry page: tests/ui/test_entry_about_page.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from arena.entries import About, Entry, load_entries
from leaderboard.ui.entry_page import about_line, link_text

ABOUT = {"display_name": "Gemma 3 270M", "organisation": "Google", "licence": "Gemma Terms of Use",
         "release_date": "2025-08", "link": "https://ai.google.dev/gemma"}


def test_metadata_is_read_from_the_entries_file_and_leaves_the_id_alone(tmp_path: Path) -> None:
    path = tmp_path / "entries.toml"
    path.write_text('[entries.tiny]\nmodel = "openai-compatible/gemma-3-270m"\nbase_url = "http://127.0.0.1:8765/v1"\n'
                    '[entries.tiny.about]\ndisplay_name = "Gemma 3 270M"\norganisation = "Google"\n'
                    'release_date = "2025-08"\nlink = "https://ai.google.dev/gemma"\n', encoding="utf-8")
    tiny = load_entries(path)["tiny"]
    assert tiny.about is not None and tiny.about.line() == ("Gemma 3 270M · Google · released 2025-08 · "
                                                            "https://ai.google.dev/gemma")
    bare = Entry(name="tiny", model="openai-compatible/gemma-3-270m", base_url="http://127.0.0.1:8765/v1")
    assert tiny.entry_id == bare.entry_id  # what a model is does not change how it plays


@pytest.mark.parametrize("bad", [{"link": "javascript:alert(1)"}, {"link": "https://user:pw@example.com/"},
                                 {"release_date": "August 2025"}, {"colour": "blue"}])
def test_bad_metadata_is_refused_with_the_field(bad: dict[str, str]) -> None:
    with pytest.raises(ValidationError) as raised:
        About(**bad)
    assert next(iter(bad)) in str(raised.value)


def test_a_stored_link_is_a_link_only_when_it_is_plain_http() -> None:
    assert link_text("https://example.com/model") == "[https://example.com/model](https://example.com/model)"
    assert "](" not in link_text("javascript:alert(1)") and "](" not in link_text("https://x.com/a) [b](c")
    assert about_line({"display_name": "M", "link": "javascript:x"}) == "**M** · javascript:x"


def test_models_list_shows_the_metadata(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from arena.cli import app

    (tmp_path / "entries.toml").write_text('[entries.tiny]\nmodel = "mock/player"\n[entries.tiny.about]\n'
                                           'display_name = "Tiny"\norganisation = "Acme"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "200")
    result = CliRunner().invoke(app, ["models", "list", "--entries", str(tmp_path / "entries.toml")])
    assert result.exit_code == 0, result.output
    row = next(line for line in result.output.splitlines() if "tiny" in line)
    assert "Tiny · Acme" in row
