"""Public views of script objects, as they appear in observations (never the hidden fields)."""

from __future__ import annotations

from functools import cached_property
from typing import ClassVar, Literal

from pydantic import ConfigDict, Field

from arena.frozen import Memoised
from arena.scripts.schema import Clue, Visibility

ClueSource = Literal["public", "private", "revealed"]


class View(Memoised):
    model_config = ConfigDict(frozen=True, extra="forbid")
    MEMOS: ClassVar[tuple[str, ...]] = ("json_text",)

    @cached_property
    def json_text(self) -> str:
        """`model_dump_json()`, serialised once per view (views are frozen): every observation of a game
        lists the same role, location and clue views, and observation fingerprints are built from them."""
        return self.model_dump_json()


class RoleView(View):
    """A role as every player sees it."""

    id: str
    name: str
    profile: str


class LocationView(View):
    id: str
    name: str
    description: str
    clues_left: int = Field(description="clues still to be found there")


class ClueView(View):
    """A clue a role may see. `image` is relative to `Observation.folder` (None for text clues).

    The image's alt text is deliberately absent: agents must look at the image.
    """

    id: str
    kind: Literal["text", "image"]
    title: str
    text: str
    image: str | None = None
    image_kind: str | None = None
    source: ClueSource


def clue_view(clue: Clue) -> ClueView:
    """The view of `clue`, labelled by how a role comes to see it."""
    sources: dict[Visibility, ClueSource] = {Visibility.PUBLIC: "public", Visibility.PRIVATE: "private"}
    source = sources.get(clue.visibility, "revealed")
    image = clue.image
    return ClueView(id=clue.id, kind=clue.kind, title=clue.title, text=clue.text,
                    image=image.file if image else None, image_kind=image.kind.value if image else None,
                    source=source)
