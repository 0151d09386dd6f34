"""The consistency linter: rules over the texts of any case (hand-written, generated or imported) that find
statements which cannot all be true.

`lint_case(script, file)` returns one `Problem` per inconsistency, its message tagged `[consistency]` and naming
the case, the text (role script, briefing, clue, card) and the line inside it, with a short quotation. The rules,
one module each:

- `places.py`: a person (the narrator of a role script, or a named person across the texts) in two places at
  one clock minute; a narrator "still in" a place after their last stated place was another;
- `superlatives.py`: one superlative relation ("the friend you have kept longest", 最好的朋友) said of two
  people in one role script;
- `era.py`: a prop or medium that did not exist yet in the case's year (read from `metadata.era` /
  `metadata.year`, else the briefing), or, without a year, props of incompatible eras in one case;
- `objects.py`: a weapon kept in a container that does not fit the room it is in ("a marble bookend in the
  locked bookcase in the Orchestra Pit");
- `doorlog.py`: a door log that prints one door opened by more than two people at the same minute.

A card or clue that states the conclusion it should be evidence for is the leak check's (`arena/scripts/leaks.py`,
`stated_conclusions`, run by `validate_script` and by the generator's checks): it is not repeated here.
"""

from __future__ import annotations

from arena.scripts.evidence import load_cards
from arena.scripts.lint.doorlog import door_log_problems
from arena.scripts.lint.era import era_problems
from arena.scripts.lint.objects import object_problems
from arena.scripts.lint.places import place_problems
from arena.scripts.lint.superlatives import superlative_problems
from arena.scripts.lint.texts import TAG, case_facts, case_names, case_sources
from arena.scripts.problems import Problem
from arena.scripts.schema import Script

__all__ = ["TAG", "lint_case"]


def lint_case(script: Script, file: str) -> list[Problem]:
    """Every consistency finding of the case, each once."""
    cards = load_cards(script, file)
    words = {} if isinstance(cards, Problem) else cards  # an unreadable cards.yaml is the leak check's finding
    sources = case_sources(script, words)
    names = case_names(script, words)
    facts = case_facts(script)
    found = (place_problems(script, sources, names, file) + superlative_problems(script, sources, names, file)
             + era_problems(script, sources, file) + object_problems(script, sources, facts, file)
             + door_log_problems(script, sources, names, file))
    return list(dict.fromkeys(found))
