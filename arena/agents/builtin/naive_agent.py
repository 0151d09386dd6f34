"""`builtin/naive`: the WhodunitBench naive agent, a retrieval baseline with no model behind it.

It indexes what it owns (its role script, goals and private clues) and what it can see (text
clues, and the OCR text of the image clues it may see) as sentence chunks in a TF-IDF + FAISS
memory (`multimodal.retrieval`), and plays from retrieval alone:

* speaks the case's language (`Observation.language`: English or Chinese phrases; words and
  sentences from `multimodal.language`, OCR with the case's tesseract language);
* answers a question with the passages most similar to it, or "I don't know." ("我不知道。") when
  nothing is similar enough;
* on its turn shares a passage of its evidence about the crime that it has not said yet (never a
  bare heading or list item), then asks the roles its evidence mentions most, or investigates
  locations nobody has explored;
* names and votes for the role its evidence points at most (never itself);
* as the murderer it keeps its own script to itself, unless a question is so close to its script
  that it counts as being confronted with proof (details of its script that no public text
  holds): then it confesses at once (WhodunitBench).

Every choice is taken from the decision's legal options, so its play is always legal.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from arena.agents.builtin.phrases import PHRASES, Phrases, phrases_for
from arena.engine.actions import Decision, DecisionKind
from arena.engine.observation import Observation
from multimodal import language
from multimodal.ocr import OcrReader, OcrUnavailable
from multimodal.retrieval import Hit, Passage, RetrievalIndex, passages_from

log = logging.getLogger(__name__)
DONT_KNOW = PHRASES["en"].dont_know
_VERB = (r"(?=\s+(?:\w+ed|met|saw|heard|went|had|have|did|do|are|were|was|will|can|must|know|knew|told|took|"
         r"left|found)\b)")
_PRONOUNS = [(r"\bYou are\b", "I am"), (r"\byou are\b", "I am"), (r"\bYou were\b", "I was"),
             (r"\byou were\b", "I was"), (r"\bYou\b", "I"), (r"\byourself\b", "myself"), (r"\bYour\b", "My"),
             (r"\byour\b", "my"), (r"\byou\b" + _VERB, "I"), (r"\byou\b", "me")]
MIN_SHARE_WORDS = 6  # shorter passages are headings and list items, not statements worth repeating
MIN_SHARE_WORDS_ZH = 7  # content words: "顾清秋，四十一岁，茶庄的账房。" (5) is a list item


def first_person(text: str) -> str:
    """Turn a second-person role-script sentence into something the role can say."""
    if language.has_cjk(text):
        return _first_person_zh(text)
    for pattern, replacement in _PRONOUNS:
        text = re.sub(pattern, replacement, text)
    return text


def _first_person_zh(text: str) -> str:
    """你/您 -> 我 outside quotations, for scripts written to the player ("你是…"); first-person
    scripts (most Chinese ones) are left as they are."""
    if text.count("你") + text.count("您") <= text.count("我"):
        return text
    parts = re.split(r"([「“『][^」”』]*[」”』])", text)
    return "".join(p if i % 2 else p.replace("你们", "我们").replace("你", "我").replace("您", "我")
                   for i, p in enumerate(parts))


def informative(passage: Passage) -> bool:
    """A statement worth repeating: enough words, not a heading or a list item ("Fane — Compartment 1").
    In Chinese: enough content words (jieba words less stop words) and a clause inside (headings
    such as `我的真实目的（我的秘密）` have no comma or full stop)."""
    if language.has_cjk(passage.text):
        return len(language.content_words(passage.text)) >= MIN_SHARE_WORDS_ZH \
            and any(mark in passage.text for mark in "，。！？；：")
    return len(language.letter_words(passage.text)) >= MIN_SHARE_WORDS


def cut_words(text: str, limit: int) -> str:
    return language.cut_words(text, limit)


class NaiveAgent:
    """Retrieval-only play for one role. Settings: `ocr` (read image clues), `ocr_cache` (folder),
    `lsa_dims` (LSA instead of plain TF-IDF), `answer_threshold`, `confess_threshold`, `k`."""

    def __init__(self, role_id: str, seed: int, *, ocr: bool = True, ocr_cache: str | None = None,
                 lsa_dims: int | None = None, answer_threshold: float = 0.15, confess_threshold: float = 0.35,
                 k: int = 3) -> None:
        self.role_id = role_id
        self.rng = random.Random(f"builtin/naive:{seed}:{role_id}")
        self.reader = OcrReader(cache_dir=ocr_cache) if ocr else None
        self.lsa_dims, self.k = lsa_dims, k
        self.answer_threshold, self.confess_threshold = answer_threshold, confess_threshold
        self.index = RetrievalIndex([])
        self.indexed: tuple[str, ...] | None = None
        self.ocr_text: dict[str, str] = {}
        self.titles: dict[str, str] = {}
        self.aliases: dict[str, str] = {}
        self.public_words: set[str] = set()
        self.first_counts: dict[str, int] = {}
        self.asked: Counter[str] = Counter()
        self.confessed = False
        self.suspect: str | None = None
        self.said: set[str] = set()
        self.ph: Phrases = PHRASES["en"]

    # --- memory -------------------------------------------------------------------------------

    def _read_image(self, obs: Observation, clue_id: str, path: Path | None) -> str:
        if self.reader is None or path is None or clue_id in self.ocr_text:
            return self.ocr_text.get(clue_id, "")
        try:
            text = self.reader.read_file(path)
        except (OSError, OcrUnavailable) as exc:
            log.warning("%s: no OCR for clue %s (%s)", obs.role, clue_id, exc)
            text = ""
        self.ocr_text[clue_id] = text
        return text

    def refresh(self, obs: Observation) -> None:
        """Rebuild the memory when the set of visible clues has changed (blocking: OCR)."""
        key = tuple(c.id for c in obs.clues)
        if key == self.indexed:
            return
        if self.indexed is None:
            self.ph = phrases_for(obs.language)
            if self.reader is not None:
                self.reader.lang = language.ocr_language(obs.language, obs.script)
        passages = passages_from(obs.script, "script")
        for clue in obs.clues:
            source = "own" if clue.source == "private" else "clue"
            self.titles[clue.id] = clue.title
            passages += passages_from(clue.text, f"{source}:{clue.id}")
            if clue.kind == "image":
                passages += passages_from(self._read_image(obs, clue.id, obs.image_path(clue)), f"ocr:{clue.id}")
        self.index = RetrievalIndex(passages, lsa_dims=self.lsa_dims)
        self.indexed = key
        if not self.aliases:
            self.aliases = role_aliases(obs)
            self.public_words = public_words(obs)
            self.first_counts = {loc.id: loc.clues_left for loc in obs.locations}

    def spoken(self, passage: Passage) -> str:
        """A passage as the role says it: its own script in the first person, a clue attributed."""
        kind, _, clue_id = passage.source.partition(":")
        if kind in ("clue", "own", "ocr") and clue_id in self.titles:
            return self.ph.clue_says.format(title=self.titles[clue_id], text=passage.text)
        return first_person(passage.text)

    # --- evidence -----------------------------------------------------------------------------

    def shareable(self, obs: Observation) -> Any:
        """Which passages this role is willing to repeat in public."""
        if obs.faction == "murderer" and not self.confessed:
            return lambda p: p.source != "script" and not p.source.startswith("own:")
        return None

    def pointed_roles(self, obs: Observation) -> list[str]:
        """Other roles ranked by how strongly the evidence about the crime mentions them."""
        weights: dict[str, float] = {}
        query = self.ph.case_query.format(victim=victim_name(obs.victim))
        for hit in self.index.search(query, 12, self.shareable(obs)):
            for role in mentioned(hit.passage.text, self.aliases):
                weights[role] = weights.get(role, 0.0) + hit.score
        ranked = [r for r, _ in sorted(weights.items(), key=lambda kv: (-kv[1], kv[0])) if r != obs.role]
        return ranked

    def statement(self, obs: Observation) -> Hit | None:
        """What to tell everyone on its turn: the informative passage it has not said yet that best
        matches the evening of the crime (the victim, the places, what was seen and heard), from its
        own script first (what only it knows), else from the clues."""
        allowed = self.shareable(obs)
        places = " ".join(loc.name for loc in obs.locations)
        query = f"{self.ph.case_query.format(victim=victim_name(obs.victim))} {places} {self.ph.scene_query}"

        def fresh(p: Passage) -> bool:
            return (allowed is None or allowed(p)) and p.text not in self.said \
                and informative(p)

        own = self.index.best(query, lambda p: fresh(p) and (p.source == "script" or p.source.startswith("own:")))
        return own if own is not None else self.index.best(query, fresh)

    def say(self, hits: list[Hit], limit: int) -> str:
        return cut_words(self.ph.separator.join(language.end_sentence(self.spoken(h.passage)) for h in hits), limit)

    # --- decisions ----------------------------------------------------------------------------

    async def act(self, observation: Observation) -> dict[str, Any]:
        if tuple(c.id for c in observation.clues) != self.indexed:
            await asyncio.to_thread(self.refresh, observation)
        return self.choose(observation)

    def choose(self, obs: Observation) -> dict[str, Any]:
        """The output for the pending decision (memory must be fresh: see `refresh`)."""
        d = obs.decision
        if d is None:
            raise ValueError(f"{obs.role} was asked to act without a pending decision")
        self.refresh(obs)
        match d.kind:
            case DecisionKind.INTRODUCE:
                return {"introduction": cut_words(self.ph.introduce.format(name=obs.name, text=obs.profile),
                                                  d.word_limit)}
            case DecisionKind.ANSWER:
                return {"answer": self.answer(obs, d)}
            case DecisionKind.DISCUSS:
                return self.turn(obs, d)
            case DecisionKind.REASON:
                return self.reason(obs, d)
            case DecisionKind.VOTE:
                return {"vote": self.choose_suspect(obs, d)}
        raise AssertionError(d.kind)  # pragma: no cover

    def answer(self, obs: Observation, d: Decision) -> str:
        question = d.question or ""
        if obs.faction == "murderer" and not self.confessed:
            proof = self.confronting_proof(question)
            if proof is not None:
                self.confessed = True
                return cut_words(self.ph.confess.format(victim=obs.victim, text=first_person(proof.passage.text)),
                                 d.word_limit)
        allowed = self.shareable(obs)
        hits = [h for h in self.index.search(question, 2, lambda p: (allowed is None or allowed(p))
                                             and informative(p))
                if h.score >= self.answer_threshold]
        return self.say(hits, d.word_limit) if hits else self.ph.dont_know

    def confronting_proof(self, question: str) -> Hit | None:
        """The passage of its own script a question confronts the murderer with, if any.

        Only details no public text holds count: names of roles and the victim, and the words of
        the briefing and the roles' profiles, are removed first (being addressed by name, or asked
        about what everyone knows, is not proof). Among the script passages closest to what is left,
        one confronts it when it shares two of those private words and is close to the question,
        or shares three or more (a long question is never very close to one sentence).
        """
        words = [w for w in language.content_words(question) if w not in self.public_words]
        for proof in self.index.search(" ".join(words), self.k, lambda p: p.source == "script"):
            passage_words = set(language.content_words(proof.passage.text))
            shared = {w for w in words if w in passage_words}
            if (len(shared) >= 2 and proof.score >= self.confess_threshold) \
                    or (len(shared) >= 3 and proof.score >= self.answer_threshold):
                return proof
        return None

    def turn(self, obs: Observation, d: Decision) -> dict[str, Any]:
        pointed = [r for r in self.pointed_roles(obs) if r in d.targets]
        fresh = [r for r in pointed if not self.asked[r]]
        unexplored = [loc for loc in d.locations if self.first_counts.get(loc, 0) == self._left(obs, loc)]
        if fresh:
            return self.ask(obs, d, fresh[0])
        if unexplored:
            name = next((loc.name for loc in obs.locations if loc.id == unexplored[0]), unexplored[0])
            speech = self.ph.investigate.format(location=unexplored[0], name=name)
            return {"speech": speech, "action": "investigate", "location": unexplored[0]}
        others = [r for r in d.targets if r != obs.role] or d.targets
        target = pointed[0] if pointed else self.rng.choice(others)
        return self.ask(obs, d, target)

    def ask(self, obs: Observation, d: Decision, target: str) -> dict[str, Any]:
        """Ask `target` about the evidence that mentions it (or where it was, without any)."""
        self.asked[target] += 1
        name = next((r.name for r in obs.roles if r.id == target), target)
        allowed = self.shareable(obs)
        about = [h for h in self.index.search(f"{name} {target}", 3,
                                              lambda p: (allowed is None or allowed(p)) and informative(p))
                 if target in mentioned(h.passage.text, self.aliases)]
        shared = self.statement(obs)
        if shared is not None:
            self.said.add(shared.passage.text)
            speech = cut_words(self.ph.here_is.format(text=self.spoken(shared.passage)), d.word_limit)
        else:
            speech = self.ph.hear_from.format(name=name)
        if about:
            question = cut_words(self.ph.explain.format(name=name, text=self.spoken(about[0].passage)), d.word_limit)
        else:
            question = self.ph.where_were_you.format(name=name, victim=victim_name(obs.victim))
        return {"speech": speech, "action": "ask", "target": target, "question": question}

    def choose_suspect(self, obs: Observation, d: Decision) -> str:
        """The role its evidence points at most; never itself (not even after a confession: the
        confession is its answer, the vote is the civilians' business)."""
        if self.suspect is None or self.suspect not in d.targets:
            pointed = [r for r in self.pointed_roles(obs) if r in d.targets and r != obs.role]
            others = [r for r in d.targets if r != obs.role]
            self.suspect = pointed[0] if pointed else self.rng.choice(others or d.targets)
        return self.suspect

    def reason(self, obs: Observation, d: Decision) -> dict[str, Any]:
        suspect = self.choose_suspect(obs, d)
        suspect_name = next((r.name for r in obs.roles if r.id == suspect), suspect)
        allowed = self.shareable(obs)

        def where(p: Passage) -> bool:
            return (allowed is None or allowed(p)) and informative(p)

        method = self.index.search(self.ph.method_query.format(victim=victim_name(obs.victim)), 1, where)
        motive = self.index.search(self.ph.motive_query.format(suspect=f"{suspect} {suspect_name}"), 1, where)
        return {"suspect": suspect, "method": self.say(method, d.word_limit) or self.ph.dont_know,
                "motive": self.say(motive, d.word_limit) or self.ph.dont_know}

    @staticmethod
    def _left(obs: Observation, location: str) -> int:
        return next((loc.clues_left for loc in obs.locations if loc.id == location), 0)


_NAME_PART = re.compile(r"[^\W_]+")
_LATIN_EDGE = f"[^\\W\\d_{language.HAN}]"


def _name_parts(name: str) -> list[str]:
    """Parts of a name that may stand for it: Latin words of 4+ letters; for Chinese names of three
    or more characters, the given name (`林秋白` -> `秋白`) and each part of a dotted name."""
    parts = []
    for word in _NAME_PART.findall(language.fold(name)):
        if language.has_cjk(word):
            parts += [word] if word != language.fold(name) and len(word) >= 2 else []
            parts += [word[1:]] if len(word) >= 3 else []
        elif len(word) >= 4:
            parts.append(word)
    return parts


def victim_name(victim: str) -> str:
    """The victim's name without the description after it ("沈怀远，六十二岁，…" -> "沈怀远")."""
    return re.split(r"[，,、（(；;]", victim, maxsplit=1)[0].strip() or victim


def role_aliases(obs: Observation) -> dict[str, str]:
    """Folded words that name one role: its id, full name, and name parts no other role shares."""
    counts: Counter[str] = Counter()
    for role in obs.roles:
        counts.update(set(_name_parts(role.name)))
    aliases: dict[str, str] = {}
    for role in obs.roles:
        aliases[role.id.lower()] = role.id
        aliases[language.fold(role.name)] = role.id
        for part in _name_parts(role.name):
            if counts[part] == 1:
                aliases[part] = role.id
    return aliases


def public_words(obs: Observation) -> set[str]:
    """Content words everyone can read: briefing, victim, role names and profiles, role ids."""
    text = " ".join([obs.briefing, obs.victim, *(f"{r.id} {r.name} {r.profile}" for r in obs.roles)])
    return set(language.content_words(text)) | set(language.content_words(obs.victim)) | \
        {w for r in obs.roles for w in language.tokens(f"{r.id} {r.name}")}


def mentioned(text: str, aliases: dict[str, str]) -> set[str]:
    """Role ids a passage mentions (by id, full name or a distinctive name part)."""
    folded = language.fold(text)
    found = set()
    for alias, role in aliases.items():
        if language.has_cjk(alias):
            if alias in folded:
                found.add(role)
        elif re.search(rf"(?<!{_LATIN_EDGE}){re.escape(alias)}(?!{_LATIN_EDGE})", folded):
            found.add(role)
    return found


__all__ = ["DONT_KNOW", "NaiveAgent", "Passage", "first_person", "mentioned", "role_aliases"]
