"""What an importer produces: an imported case (script, role texts, images) and its import report.

Every importer turns one source case into an `ImportedCase`; `writer.write_case` puts it on disk as
`OUTDIR/<slug>/script.yaml` + `roles/*.md` + `images/*` and validates it. Items that could not be
imported are `Skipped` entries with a reason: they go into `metadata.import_report` and the
`--report` output, never silently away. Names, titles and profiles are cleaned of characters that
could forge a line (`clean_names`); the fields cleaned are listed in the report.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from arena.scripts.names import clean_line, name_fields
from arena.scripts.schema import Script, Suite

LICENCE_NOTE = "no licence; for research use of the original data only; not redistributed"


@dataclass(frozen=True)
class Skipped:
    item: str  # where in the source: `ei_q[3]`, `final_result/Captain Hong.csv row 7`
    reason: str
    text: str = ""  # the original text, so the item can be found and fixed

    def as_dict(self) -> dict[str, str]:
        data = {"item": self.item, "reason": self.reason}
        if self.text:
            data["text"] = self.text
        return data


@dataclass(frozen=True)
class ImportedCase:
    slug: str
    script: Script  # role scripts inline; the writer moves them to roles/<id>.md
    images: dict[str, bytes] = field(default_factory=dict)  # path relative to the case folder -> bytes
    skipped: tuple[Skipped, ...] = ()


@dataclass(frozen=True)
class ImportReport:
    slug: str
    path: str
    roles: int
    clues: int
    images: int
    questions: dict[str, int]
    skipped: tuple[Skipped, ...]
    problems: tuple[str, ...] = ()  # validation problems of the written case (empty when valid)

    @property
    def ok(self) -> bool:
        return not self.problems


def suite_counts(script: Script) -> dict[str, int]:
    counts = Counter(q.suite.value for q in script.questions)
    return {suite.value: counts.get(suite.value, 0) for suite in Suite}


def report_metadata(script: Script, skipped: tuple[Skipped, ...] | list[Skipped],
                    cleaned: list[str] | None = None) -> dict[str, Any]:
    """The `metadata.import_report` block: what was imported, what was skipped (with reasons) and, when
    any, the one-line texts whose control, line-separator or bidi characters were removed."""
    report: dict[str, Any] = {
        "counts": {
            "roles": len(script.roles),
            "clues": len(script.clues),
            "images": len(script.image_clues),
            "questions": suite_counts(script),
        },
        "skipped": [s.as_dict() for s in skipped],
    }
    if cleaned:
        report["cleaned"] = cleaned
    return report


def clean_names(script: Script) -> tuple[Script, list[str]]:
    """The script with its names, titles and profiles cleaned of characters that could forge a line
    (`arena.scripts.names`: a source is not ours to fix, so they are removed rather than refused), and the
    field paths that changed."""
    changed = [path for path, text in name_fields(script) if clean_line(text) != text]
    if not changed:
        return script, []
    update: dict[str, Any] = {
        "title": clean_line(script.title), "victim": clean_line(script.victim),
        "roles": [r.model_copy(update={"name": clean_line(r.name), "profile": clean_line(r.profile)})
                  for r in script.roles],
        "locations": [loc.model_copy(update={"name": clean_line(loc.name)}) for loc in script.locations],
        "clues": [c.model_copy(update={"title": clean_line(c.title)}) for c in script.clues],
        "stages": [st.model_copy(update={"title": clean_line(st.title)}) for st in script.stages],
        "victims": [v.model_copy(update={"name": clean_line(v.name)}) for v in script.victims],
    }
    return script.model_copy(update=update), changed


def with_report(script: Script, skipped: list[Skipped]) -> Script:
    """The script with its one-line texts cleaned (`clean_names`) and `metadata.import_report` filled in
    from its own content."""
    script, cleaned = clean_names(script)
    metadata = dict(script.metadata)
    metadata["import_report"] = report_metadata(script, skipped, cleaned)
    return script.model_copy(update={"metadata": metadata})
