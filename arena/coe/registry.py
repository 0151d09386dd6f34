"""The chain-of-evaluation metrics, each defined once: id, full name, scale, digits, how it is scored, where it
comes from, how its interval is drawn and where the paper defines it (WhodunitBench, Table 3 and section 5).

The report, its JSON, the CLI table, the board and its charts iterate over `METRICS` and read a metric's
scale and digits from here; a new column is one more `Metric` (and the code that measures it). `average` is
the one average every surface shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Metric:
    id: str
    name: str  # what it measures, in words
    top: float  # the best score: 100 for a percentage, 10 for role-play's 1-10 rubric
    digits: int  # decimals in a report cell (the board shows one fewer)
    scored: Literal["counted", "judged"]  # a rule counts it, or a judge model gives it
    source: Literal["qa", "game"]  # answered questions, or game transcripts
    ci: str  # how its 95% interval is drawn
    paper: str  # where WhodunitBench defines it

    @property
    def stage(self) -> str:
        """The chain-of-evaluation stage it belongs to."""
        return STAGES[self.id]

    @property
    def scale(self) -> str:
        """How it is scored, as a column's help says it: "1-10, judged"."""
        low = 1 if self.top == 10 else 0
        return f"{low}-{self.top:g}, {self.scored}"

    def percent(self, value: float) -> float:
        """The value on 0-100, so that metrics of different scales share an axis and an average."""
        return value * 100.0 / self.top


QA_CI = "95% Wilson score interval over the latest answer per question"
GAME_CI = "none: the mean over the scored items, with n"
REGISTRY: dict[str, Metric] = {m.id: m for m in (
    Metric("lsu", "long-script understanding", 100, 1, "counted", "qa", QA_CI, "Table 3, perception"),
    Metric("tiu", "text-rich image understanding", 100, 1, "counted", "qa", QA_CI, "Table 3, perception"),
    Metric("miu", "media-rich image understanding (plans, clocks, maps, scenes)", 100, 1, "counted", "qa", QA_CI,
           "Table 3, perception"),
    Metric("rp", "role-play naturalness", 10, 2, "judged", "game", GAME_CI, "Table 3, role-play; section 5.1"),
    Metric("spc", "scenario progression (key statements surfaced)", 100, 1, "judged", "game", GAME_CI,
           "Table 3, decision; section 5.2"),
    Metric("itd", "interrogation decisions (key roles asked)", 100, 1, "counted", "game", GAME_CI,
           "Table 3, decision; section 5.2"),
    Metric("mmr", "multi-step multimodal reasoning", 100, 1, "counted", "qa", QA_CI, "Table 3, cognition"),
    Metric("cmd", "case detail (method and motive against the truth)", 100, 1, "judged", "game", GAME_CI,
           "Table 3, cognition; section 5.3"),
)}
STAGES = {"lsu": "perception", "tiu": "perception", "miu": "perception", "rp": "role-play", "spc": "decision",
          "itd": "decision", "mmr": "cognition", "cmd": "cognition"}

METRICS = tuple(REGISTRY)  # the Table-3 order
QA_METRICS = tuple(m.id for m in REGISTRY.values() if m.source == "qa")
GAME_METRICS = tuple(m.id for m in REGISTRY.values() if m.source == "game")
JUDGED_METRICS = tuple(m.id for m in REGISTRY.values() if m.scored == "judged")


def metric(metric_id: str) -> Metric:
    return REGISTRY[metric_id]


def digits(metric_id: str) -> int:
    return REGISTRY[metric_id].digits


def percent(metric_id: str, value: float) -> float:
    return REGISTRY[metric_id].percent(value)


def average(values: Mapping[str, object], metrics: tuple[str, ...] = METRICS) -> tuple[float | None, int]:
    """The mean of the measured `metrics` on 0-100 (role-play x10) and how many were measured: the one average
    of the report, its JSON, the CLI and the board."""
    scaled = [percent(m, float(v)) for m in metrics if isinstance(v := values.get(m), int | float)]
    return (round(sum(scaled) / len(scaled), 1) if scaled else None), len(scaled)
