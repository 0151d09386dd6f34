"""The case checks `arena scripts validate` reports beside the structural ones.

Each problem is tagged with its check: [coherence], [solution], [chain], [keys], [vision],
[wording], [length], [leak], [legibility], [consistency]. Every case gets the consistency linter
(`arena/scripts/lint`: statements of its texts that cannot all be true). Generated cases (with facts.yaml) get
the generator's whole-case checks (the evidence-layer checks of any case with evidence.yaml run in `validate_script`,
`arena/scripts/evidence.py`); script length is checked only when asked (`min_words`, any case: a generated
script is as long as its content and never padded to its requested words); legibility (real
OCR on every text-rich card with a mild look, floor 90% of its words, `arena/generator/legible.py`;
hard looks are only measured) only when asked, since it takes about a second a card.
"""

from __future__ import annotations

import os
from pathlib import Path

from arena.generator.textunits import length
from arena.scripts.problems import Problem
from arena.scripts.schema import ImageKind, Script
from multimodal.language import is_chinese, ocr_language


def generated_problems(folder: Path, file: str) -> list[Problem]:
    from arena.generator.check import check_folder
    from arena.generator.facts import FACTS_FILE

    if not os.path.lexists(folder / FACTS_FILE):  # a link or FIFO in its place is reported by check_folder
        return []
    return [Problem(file, f.where, f"[{f.check}] {f.message}", f.fix) for f in check_folder(folder)]


def length_problems(script: Script, file: str, min_words: int) -> list[Problem]:
    """Role scripts shorter than `min_words` (CJK characters in a Chinese case)."""
    unit = "characters" if is_chinese(script.language) else "words"
    sizes = {r.id: length(r.script or "", script.language) for r in script.roles}
    return [Problem(file, f"roles {rid}", f"[length] script has {n} {unit}, fewer than {min_words}",
                    "lengthen the role's timeline and history") for rid, n in sizes.items() if n < min_words]


def legibility_problems(script: Script, folder: Path, file: str) -> list[Problem]:
    from arena.generator.legible import LEGIBILITY_FLOOR, floored
    from multimodal.cards.legibility import file_recovery
    from multimodal.cards.render import load_card_specs

    specs = {s.file: s for s in load_card_specs(folder)} if (folder / "cards.yaml").is_file() else {}
    lang = ocr_language(script.language, script.briefing)
    problems = []
    for clue in script.clues:
        if clue.image is None or clue.image.kind is not ImageKind.TEXT_RICH or clue.image.file not in specs:
            continue
        if not floored(specs[clue.image.file]):
            continue  # handwriting, stamps, heavy photos: measured by benchmarks/cards_bench.py, not held to a floor
        got = file_recovery(specs[clue.image.file], folder / clue.image.file, lang)
        if got < LEGIBILITY_FLOOR:
            problems.append(Problem(file, f"clues {clue.id}", f"[legibility] OCR recovers {got:.0%} of the card's "
                                    f"words (floor {LEGIBILITY_FLOOR:.0%})", "use a plainer style or larger type"))
    return problems


def case_problems(script: Script, file: str, min_words: int | None = None, legibility: bool = False) -> list[Problem]:
    from arena.scripts.evidence import check_evidence
    from arena.scripts.lint import lint_case

    folder = script.folder or Path(file).parent
    layered = set(check_evidence(script, file))  # validate_script reports these (a motive gloss, found both ways)
    problems = [p for p in generated_problems(folder, file) if p not in layered] + lint_case(script, file)
    if min_words:
        problems += length_problems(script, file, min_words)
    if legibility:
        problems += legibility_problems(script, folder, file)
    return problems


def written_problems(folder: Path) -> list[str]:
    """What `arena scripts validate` finds in a written case: structure, the case checks, the consistency linter."""
    from arena.scripts.loader import load_script_unchecked
    from arena.scripts.validation import validate_script

    script = load_script_unchecked(folder)
    file = str(folder / "script.yaml")
    return [str(p) for p in (*validate_script(script, file), *case_problems(script, file))]
