"""Floor plans: rooms on a grid in two rows, doors between rooms that share a wall, walking distances.

Rooms in one row are joined left to right; one or two doors join the rows where rooms overlap.
`Layout.dist` counts doorways on the shortest walk, which is how far a person can get in a number
of time slots (one doorway per slot).
"""

from __future__ import annotations

import random
import re
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass

from arena.generator import pools
from arena.generator.settings import Setting

ROOM_HEIGHT = 2


@dataclass(frozen=True)
class Room:
    id: str
    name: str
    x: int
    y: int
    w: int
    h: int
    colour: str


@dataclass(frozen=True)
class Layout:
    rooms: tuple[Room, ...]
    doors: tuple[tuple[str, str], ...]
    cols: int
    rows: int
    distances: Mapping[tuple[str, str], int]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(room.id for room in self.rooms)

    def name(self, room_id: str) -> str:
        return next(room.name for room in self.rooms if room.id == room_id)

    def neighbours(self, room_id: str) -> tuple[str, ...]:
        return tuple(sorted({b for a, b in self.doors if a == room_id} | {a for a, b in self.doors if b == room_id}))

    def dist(self, a: str, b: str) -> int:
        return self.distances[(a, b)]

    def eccentricity(self, room_id: str) -> int:
        return max(self.dist(room_id, other) for other in self.ids)


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("'", "")).strip("_")


def shortest_paths(ids: tuple[str, ...], doors: tuple[tuple[str, str], ...]) -> dict[tuple[str, str], int]:
    """Doorways on the shortest walk between every pair of rooms (rooms never reached are absent)."""
    graph: dict[str, set[str]] = {room: set() for room in ids}
    for a, b in doors:
        graph[a].add(b)
        graph[b].add(a)
    out: dict[tuple[str, str], int] = {}
    for start in ids:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in sorted(graph[here]):
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    queue.append(nxt)
        out.update({(start, end): d for end, d in seen.items()})
    return out


def place_row(rng: random.Random, names: list[str], y: int, colours: list[str]) -> list[Room]:
    rooms, x = [], 0
    for name in names:
        width = rng.choice((2, 3))
        rooms.append(Room(slug(name), name, x, y, width, ROOM_HEIGHT, colours.pop()))
        x += width
    return rooms


def overlap(a: Room, b: Room) -> int:
    return min(a.x + a.w, b.x + b.w) - max(a.x, b.x)


def build_layout(rng: random.Random, setting: Setting, count: int) -> Layout:
    """Pick `count` rooms of the setting and lay them out as a connected two-row plan."""
    names = rng.sample(setting.rooms, count)
    colours = list(pools.ROOM_COLOURS)
    rng.shuffle(colours)
    top_count = (count + 1) // 2
    top = place_row(rng, names[:top_count], 0, colours)
    bottom = place_row(rng, names[top_count:], ROOM_HEIGHT, colours)
    doors = [(a.id, b.id) for row in (top, bottom) for a, b in zip(row, row[1:], strict=False)]
    across = [(t.id, b.id) for t in top for b in bottom if overlap(t, b) >= 1]
    doors += rng.sample(across, rng.randint(1, min(2, len(across))))
    rooms = tuple(top + bottom)
    ids = tuple(r.id for r in rooms)
    if len(across) > 1 and rng.random() < 0.4:  # drop one door for variety, if the plan stays connected
        dropped = rng.choice(doors)
        candidate = [d for d in doors if d != dropped]
        if len(shortest_paths(ids, tuple(candidate))) == len(ids) ** 2:
            doors = candidate
    cols = max(r.x + r.w for r in rooms)
    return Layout(rooms, tuple(doors), cols, 2 * ROOM_HEIGHT, shortest_paths(ids, tuple(doors)))
