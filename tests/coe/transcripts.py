"""A hand-made game on the mini case, built with the engine's event classes, with known metric values.

Civilians: fern (the key role) and basil; murderer: rowan. Basil questions Fern (ITD 100); Fern's
answer states the raised voices (one of the two civilian-held key statements: SPC 50); the alibi
statement is said only by the murderer, which must not count for the civilians.
"""

from __future__ import annotations

from arena.engine.actions import Phase
from arena.engine.events import (
    ActionEvent,
    AnswerEvent,
    EventBase,
    GameEnded,
    Outcome,
    ReasoningEvent,
    SeatingEvent,
    Utterance,
    VoteEvent,
)

CIVILIANS, MURDERER = "civ-entry@0001", "mur-entry@0002"
ROLES = {"rowan": "Rowan Ashe", "fern": "Fern Holloway", "basil": "Basil Crane"}


def hand_made_game(basil_asks_fern: bool = True) -> list[EventBase]:
    target = "fern" if basil_asks_fern else "rowan"
    return [
        SeatingEvent(civilians=CIVILIANS, murderer=MURDERER, order=["rowan", "fern", "basil"], roles=ROLES,
                     factions={"rowan": "murderer", "fern": "civilians", "basil": "civilians"}),
        Utterance(role="fern", phase=Phase.INITIALIZATION, round=0, text="I am Fern Holloway, the gardener."),
        Utterance(role="basil", phase=Phase.INITIALIZATION, round=0, text="I am Basil, the nephew."),
        ActionEvent(role="basil", round=1, action="ask", speech=f"I want to hear from {ROLES[target]}.",
                    target=target, question="What did you hear at half past nine?"),
        AnswerEvent(role=target, round=1, asker="basil", question="What did you hear at half past nine?",
                    text="Raised voices came from the greenhouse at half past nine." if target == "fern"
                    else "Nothing at all."),
        ActionEvent(role="rowan", round=1, action="ask", speech="Fern and Basil were together in the study from "
                    "nine forty.", target="basil", question="Were you playing chess?"),
        AnswerEvent(role="basil", round=1, asker="rowan", question="Were you playing chess?", text="Yes, with Fern."),
        ActionEvent(role="fern", round=1, action="investigate", speech="Let us look at the study.", location="study"),
        ReasoningEvent(role="fern", suspect="rowan", method="Rowan struck her with a clay pot in the greenhouse.",
                       motive="She refused to share credit for the orchid hybrid."),
        ReasoningEvent(role="basil", suspect=None, method="", motive="", forfeit="timeout"),
        ReasoningEvent(role="rowan", suspect="basil", method="Poison.", motive="Debts."),
        VoteEvent(role="fern", target="rowan"), VoteEvent(role="basil", target="rowan"),
        VoteEvent(role="rowan", target="basil"),
        GameEnded(status="finished", outcome=Outcome(winner="civilians", status="finished", culprits=["rowan"],
                                                     votes={"rowan": 2, "basil": 1, "fern": 0}, abstentions=0,
                                                     leaders=["rowan"], reason="the culprit got the most votes")),
    ]
