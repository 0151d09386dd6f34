"""Prose figures: the fact share counts sentences naming the case (and a pronoun that refers back to one), the
masked recurrence finds one template rendered with other names in another case, and never within one."""

from __future__ import annotations

from arena.scripts.prose import (
    Entities,
    fact_share,
    masked,
    masked_recurrence,
    paragraph_facts,
    recurring_per_group,
)
from arena.scripts.schema import Script


def test_one_template_with_other_names_recurs_across_cases_but_not_within_one() -> None:
    a = Entities(frozenset({"Hana Devereux", "Library"})).pattern()
    b = Entities(frozenset({"Osric Finch", "Foyer"})).pattern()
    one = masked("At 20:30 Hana Devereux went through to the Library and waited there.", a)
    two = masked("At 21:15 Osric Finch went through to the Foyer and waited there.", b)
    assert one == two
    other = masked("The lamp in the hall was lit at nine and nobody came down.", a)
    assert masked_recurrence([[one, other], [two]]) == (2, 3)
    assert recurring_per_group([[one, one], [other]]) == [0, 0]


def test_a_sentence_naming_nobody_states_no_fact_unless_it_refers_back() -> None:
    pattern = Entities(frozenset({"Thorne"})).pattern()
    paragraph = ("Thorne left the hall with his bag at a quarter to ten. He took the last boat across the lake. "
                 "The air smelt of beeswax and stale tobacco all evening long.")
    assert paragraph_facts(paragraph, pattern, "en") == [True, True, False]


def test_fact_share_reads_the_briefing_and_role_scripts() -> None:
    script = Script.model_validate({
        "id": "t", "title": "T", "briefing": "Hana Devereux was found dead in the Library at 21:00 tonight.",
        "victim": "Hana Devereux", "culprits": ["osric"],
        "locations": [{"id": "library", "name": "Library"}],
        "roles": [{"id": "osric", "name": "Osric Finch", "profile": "A guest.", "culprit": True,
                   "script": "You are Osric Finch and you were in the Library at 20:45.\n\n"
                             "The rain did not stop once during the whole of that long evening."},
                  {"id": "ada", "name": "Ada Quill", "profile": "A guest.", "script": "Ada saw nobody."}],
        "clues": [], "truth": {"culprits": ["osric"], "method": "m", "motive": "m"}, "questions": []})
    assert fact_share(script) == (2, 3)
