"""Grounded keys: every key is re-derived from exactly what its item is sent.

An item is sent the sources its evidence reaches (`arena.coe.context`: reasoning steps are followed
down to the clues and role scripts they rest on). `Grounding.evidence` takes the evidence a question
was drawn with and returns the evidence to send with it, or None when no honest context exists:

- the culprits' own scripts are never sent (they state the truth): citing one drops it;
- the solver (`Solver`) over the facts of the sources sent (plus the public givens that the stems
  name) must give the same answer as over the whole case; when it does not, sources that bring the
  missing facts are added one at a time (clues first, then innocent roles' scripts, at most
  `MAX_ADDED`), and if none closes the gap the question is not asked;
- an MMR item must need an image: with the facts of its media-rich clues withheld the solver must no
  longer give its key (otherwise it is a text question, and it is not asked as MMR);
- a "choose all" item whose unkeyed options are exactly culprits ("everyone but the culprit") rewards
  guessing the culprit rather than reasoning, and is not asked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from arena.generator.facts import CaseFacts, Fact, Query
from arena.generator.questions import Naming
from arena.generator.solver import Solver
from arena.scripts.schema import Suite

MAX_ADDED = 4


@dataclass(frozen=True)
class Grounding:
    """The case's sources and the reasoning steps' `rests_on`, to ground each question as it is drawn."""

    case: CaseFacts
    naming: Naming
    steps: Mapping[str, tuple[str, ...]]

    @property
    def culprits(self) -> set[str]:
        return set(self.case.culprits)

    def leaves(self, ids: Iterable[str]) -> list[str]:
        """Clue and role ids reached from `ids` through the reasoning steps, in order of first reach."""
        seen: list[str] = []
        stack = list(reversed(list(ids)))
        while stack:
            ident = stack.pop()
            if ident in self.steps:
                stack.extend(reversed(self.steps[ident]))
            elif ident not in seen:
                seen.append(ident)
        return seen

    def facts_of(self, sources: Iterable[str], media: bool = True) -> list[Fact]:
        """What the sources state: a clue's facts, a role script's facts about its holder and about others."""
        found: list[Fact] = []
        for source in sources:
            if source in self.case.clues:
                if media or source not in self.case.media_clues:
                    found += self.case.clues[source]
            else:
                found += [*self.case.roles.get(source, ()), *self.case.sightings.get(source, ())]
        return found

    def answer(self, query: Query, sources: Iterable[str], media: bool = True) -> set[str]:
        return Solver(self.case, self.facts_of(sources, media)).answer(query, self.naming)

    def evidence(self, suite: Suite, query: Query, evidence: list[str], derived: set[str],
                 options: Mapping[str, str], answer: list[str]) -> list[str] | None:
        """The evidence to send so that the key is derived from it alone, or None (see the module doc)."""
        if query.multi and everyone_but_culprits(self, query, options, answer):
            return None
        kept = [e for e in evidence if e not in self.culprits]
        sources = [s for s in self.leaves(kept) if s not in self.culprits]
        if suite is Suite.LSU:  # a role's own script, nothing else: it is grounded or it is not asked
            return kept if self.answer(query, sources) == derived and kept else None
        added = self.close_gap(query, sources, derived)
        if added is None:
            return None
        sources, kept = sources + added, kept + added
        if suite is Suite.MMR and not any(s in self.case.media_clues for s in sources):
            return None
        if suite is Suite.MMR and self.answer(query, sources, media=False) == derived:
            return None  # the text alone gives the key: not a multimodal item
        return kept

    def close_gap(self, query: Query, sources: list[str], derived: set[str]) -> list[str] | None:
        """Sources to add (none if the answer already matches), or None when at most MAX_ADDED cannot match."""
        added: list[str] = []
        current = self.answer(query, sources)
        candidates = [c for c in (*self.case.clues, *self.case.roles) if c not in sources and c not in self.culprits]
        while current != derived:
            if len(added) == MAX_ADDED:
                return None
            best, best_gap = None, gap(current, derived)
            for candidate in candidates:
                trial = self.answer(query, [*sources, *added, candidate])
                if gap(trial, derived) < best_gap:
                    best, best_gap, current_trial = candidate, gap(trial, derived), trial
            if best is None:
                return None
            added.append(best)
            candidates.remove(best)
            current = current_trial
        return added


def gap(found: set[str], wanted: set[str]) -> int:
    """How far a derived answer is from the key: options missing plus options too many."""
    return len(wanted - found) + len(found - wanted)


def everyone_but_culprits(grounding: Grounding, query: Query, options: Mapping[str, str], answer: list[str]) -> bool:
    """A "choose all" item whose unkeyed options name exactly culprits (one or more)."""
    culprit_names = {grounding.naming.label(c) for c in grounding.culprits}
    unkeyed = {text for letter, text in options.items() if letter not in answer}
    return bool(unkeyed) and unkeyed <= culprit_names and len(answer) > 0
