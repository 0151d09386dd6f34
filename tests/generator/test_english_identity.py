"""English output is pinned: a change to the generator that is meant to add other languages must leave the
English cases byte for byte as they were (script, roles, cards spec, facts, evidence).

When English prose changes on purpose, regenerate the digests below (the helper prints them) and say so.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from arena.generator import CaseOptions, Request, generate_case, write_case

PINNED = {
    (1001, CaseOptions(4, "easy", 1)): "a2c1a7317a11d30402af0a9e49437e311c0a15b9859d73a623b42f29c8f169f1",
    (1005, CaseOptions(8, "medium", 2)): "04b9bad9f46cd0e01b87ff2bfbd1c16a2e1da2663d8b69f5a7441aa993840819",
    (1003, CaseOptions(6, "hard", 1)): "217677f17d7f560478013dc64825c16cdc22b5fcbb448f62808cffa165ba18a8",
}


def digest(folder: Path) -> str:
    """SHA-256 over every written file's relative path and bytes, in path order."""
    h = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            h.update(str(path.relative_to(folder)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


@pytest.mark.parametrize(("seed", "options"), list(PINNED), ids=[str(s) for s, _ in PINNED])
def test_english_cases_are_byte_identical_to_the_pinned_digest(tmp_path: Path, seed: int,
                                                               options: CaseOptions) -> None:
    folder = write_case(generate_case(Request(seed, options)), tmp_path, render=False)
    assert digest(folder) == PINNED[(seed, options)]
