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
    (1001, CaseOptions(4, "easy", 1)): "d5a07d4602d1bff39d5660b78cba5109e82d126fb73ffd45e3cee8e6364b859b",
    (1005, CaseOptions(8, "medium", 2)): "2dd9134d3373010f7ae143c2866d5db241eaca562a4bf993d698d626a2451f21",
    (1003, CaseOptions(6, "hard", 1)): "6662d3937b5b7e805d222e1a114acf06eda4b6452a4c965952774920ef7fafa5",
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
