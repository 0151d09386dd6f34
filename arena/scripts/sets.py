"""The set a case belongs to, read off its metadata: figures from different sets are not one population.

- `authored by NAME`: a generated case whose role scripts a model entry wrote (`arena generate --author`,
  `metadata.authored`);
- `generated` / `held-out generated`: the template generator's cases (`metadata.generator`; held-out ids start
  `heldout-`);
- `imported from DATASET`: a peer's case brought in by `arena import` (`metadata.source.dataset`);
- `hand-written`: every other case.
"""

from __future__ import annotations

from typing import Any

from arena.scripts.schema import Script

HAND_WRITTEN = "hand-written"


def authored_by(script: Script) -> dict[str, Any] | None:
    """What `arena generate --author` recorded about who wrote the case's prose, None for other cases."""
    authored = script.metadata.get("authored")
    return authored if isinstance(authored, dict) and authored.get("entry") else None


def case_set(script: Script) -> str:
    authored = authored_by(script)
    if authored is not None:
        return f"authored by {authored.get('name') or authored['entry']}"
    source = script.metadata.get("source")
    if isinstance(source, dict) and source.get("dataset"):
        return f"imported from {source['dataset']}"
    if isinstance(script.metadata.get("generator"), dict):
        return "held-out generated" if script.id.startswith("heldout-") else "generated"
    return HAND_WRITTEN


def authored_note(script: Script) -> str | None:
    """One line on an authored case: who wrote it, who checked it, how much of it is the generator's own prose."""
    authored = authored_by(script)
    if authored is None:
        return None
    copied = authored.get("copied") or {}
    share = sum(copied.values()) / len(copied) if copied else None
    return (f"Role scripts written by {authored['entry']} ({authored.get('model', '?')}) from the case's fact plan, "
            f"checked by {authored.get('checked_by', 'rules')}"
            + (f"; {share:.0%} of the plan's sentences kept word for word" if share is not None else "") + ".")
