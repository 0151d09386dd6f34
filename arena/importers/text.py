"""Text helpers shared by the importers: ids from names (pinyin for Chinese), name matching, profiles.

Ids in the script format are ASCII (`[A-Za-z0-9_.-]`), so Chinese names become pinyin (`白老师` ->
`bailaoshi`); `唐•何塞` and `唐·何塞` (bullet or middle dot) are the same name; a source's shorthand
for a role (`g` for 鬼学姐, `何塞` for 唐·何塞) is resolved by `RoleNames.resolve`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from pypinyin import lazy_pinyin

from multimodal.language import detect_language

DOTS = "·•‧・･∙⋅"
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
SENTENCE_END = re.compile(r"(?<=[。！？!?；;])|(?<=\.)(?=\s)")
MAX_ID = 48


def normalize_name(name: str) -> str:
    """Compare names by this: NFKC, one kind of middle dot, no spaces, lower case."""
    text = unicodedata.normalize("NFKC", name)
    for dot in DOTS:
        text = text.replace(dot, "·")
    return re.sub(r"\s+", "", text).lower()


def ascii_words(text: str) -> list[str]:
    """Lower-case ASCII words of a name, Chinese characters spelled in pinyin (one word per name run)."""
    words: list[str] = []
    for run in re.findall(r"[\u3400-\u9fff\uf900-\ufaff]+|[A-Za-z0-9]+", unicodedata.normalize("NFKC", text)):
        if CJK.match(run):
            words.append("".join(lazy_pinyin(run, errors="ignore")).replace("ü", "v"))
        else:
            words.append(run.lower())
    return [w for w in words if w]


def slugify(text: str, sep: str = "_", fallback: str = "x") -> str:
    """An id-safe slug: `Captain Hong (Second Mate)` -> `captain_hong`, `唐•何塞` -> `tang_hesai`."""
    base = re.sub(r"[(（\[【].*?[)）\]】]", " ", text) or text
    words = ascii_words(base) or ascii_words(text)
    slug = sep.join(words)[:MAX_ID].strip(sep)
    return slug or fallback


def unique_ids(names: Iterable[str], prefix: str = "", sep: str = "_") -> list[str]:
    """One slug per name, made unique with a numeric suffix, in the given order."""
    seen: set[str] = set()
    ids = []
    for name in names:
        base = prefix + slugify(name, sep)
        ident, n = base, 2
        while ident in seen:
            ident, n = f"{base}{sep}{n}", n + 1
        seen.add(ident)
        ids.append(ident)
    return ids


def first_sentences(text: str, max_chars: int | None = None) -> str:
    """The first sentence(s) of `text`: whole sentences where possible, at most `max_chars`.

    Leading bracketed headings (`【第一幕 初识】`) are dropped and line breaks inside Chinese text
    (left by OCR) are joined. The default length is 160 characters, 80 for Chinese.
    """
    flat = re.sub(r"^\s*(?:【[^】]*】\s*)+", "", text)
    flat = re.sub(r"(?<=[\u3400-\u9fff，。、；：！？])\s+(?=[\u3400-\u9fff，。、；：！？])", "", flat)
    flat = re.sub(r"\s+", " ", flat).strip()
    limit = max_chars or (80 if detect_language(flat) == "zh" else 160)
    if len(flat) <= limit:
        return flat
    out = ""
    for sentence in SENTENCE_END.split(flat):
        if out and len(out) + len(sentence) > limit:
            break
        out += sentence
    out = out.strip()
    return out if 0 < len(out) <= limit else flat[:limit].rstrip() + "…"


def numbered_items(text: str) -> list[str]:
    """Items of a numbered list (`1. ...`, `2、...`); the non-empty lines when nothing is numbered."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    numbered = [re.sub(r"^\d+\s*[.．、)]\s*", "", line) for line in lines if re.match(r"^\d+\s*[.．、)]", line)]
    return [item for item in numbered if item] or lines


@dataclass(frozen=True)
class RoleNames:
    """Role names of one case with their ids, for resolving the names and shorthands a source uses."""

    ids_by_name: dict[str, str]  # normalized name -> role id
    pinyin: dict[str, str]  # role id -> pinyin of the name, no separators

    @classmethod
    def build(cls, names: list[str], ids: list[str]) -> RoleNames:
        return cls({normalize_name(n): i for n, i in zip(names, ids, strict=True)},
                   {i: "".join(ascii_words(n)) for n, i in zip(names, ids, strict=True)})

    def exact(self, name: str) -> str | None:
        return self.ids_by_name.get(normalize_name(name))

    def resolve(self, token: str, prefer: Iterable[str] = ()) -> str | None:
        """The role a name or shorthand means: exact name, unique part of a name, or pinyin prefix.

        `prefer` (role ids, e.g. the owners of private clue pools) is tried first for shorthands.
        Returns None when nothing or more than one role matches.
        """
        found = self.exact(token)
        if found:
            return found
        key = normalize_name(token)
        if not key:
            return None
        parts = [i for n, i in self.ids_by_name.items() if key in n]
        if len(parts) == 1:
            return parts[0]
        if key.isascii() and key.isalpha():
            preferred = list(prefer)
            for pool in (preferred, list(self.pinyin)):
                hits = [i for i in pool if self.pinyin.get(i, "").startswith(key)]
                if len(hits) == 1:
                    return hits[0]
        return None
