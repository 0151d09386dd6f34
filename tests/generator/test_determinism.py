"""Same seed and options, same case: identical text and identical pixels, file for file."""

from __future__ import annotations

from pathlib import Path

from arena.generator import CaseOptions, Request, generate_case, write_case


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_same_seed_gives_byte_identical_files(tmp_path: Path) -> None:
    request = Request(42, CaseOptions(6, "hard", 1))
    first = write_case(generate_case(request), tmp_path / "a")
    second = write_case(generate_case(request), tmp_path / "b")
    files = tree(first)
    assert any(name.endswith(".jpg") for name in files) and "script.yaml" in files and "facts.yaml" in files
    assert files == tree(second)


def test_rewriting_a_case_replaces_it_exactly(tmp_path: Path) -> None:
    request = Request(7, CaseOptions(4, "medium", 1))
    folder = write_case(generate_case(request), tmp_path)
    before = tree(folder)
    (folder / "images" / "stale.png").write_bytes(b"old")
    (folder / "roles" / "stale.md").write_text("old", encoding="utf-8")
    assert tree(write_case(generate_case(request), tmp_path)) == before


def test_other_seeds_and_options_give_other_cases() -> None:
    base = generate_case(Request(42, CaseOptions(6, "hard", 1))).script
    for other in (Request(43, CaseOptions(6, "hard", 1)), Request(42, CaseOptions(6, "easy", 1))):
        script = generate_case(other).script
        assert script.briefing != base.briefing
        assert [r.script for r in script.roles] != [r.script for r in base.roles]


def test_generation_uses_no_global_randomness() -> None:
    import random

    random.seed(1)
    first = generate_case(Request(11, CaseOptions(5, "medium", 2))).script
    random.seed(2)
    assert generate_case(Request(11, CaseOptions(5, "medium", 2))).script == first
