"""The one place that knows how text splits into words and sentences, per language.

Every lexical part of the arena (retrieval, `builtin/naive`, the offline judge, QA option scoring,
importers' language detection) goes through here, so no other module assumes Latin letters.

- Chinese runs (Han characters) are segmented with jieba (its dictionary ships in the wheel:
  offline); Traditional characters are folded to Simplified with OpenCC before matching, so
  `聽松茶莊` and `听松茶庄` are the same words. Why jieba: `docs/languages.md`.
- Every other run is split into Unicode words (letters and digits of any script), lower-cased.
- Stop words are per language; a token is checked against the list of its own script (an English
  role id inside a Chinese case is still an English word).
- Sentences end at `.!?` followed by a space, and in Chinese text at `。！？；…!?` with no space
  needed; a closing quote or bracket stays with its sentence.
- OCR language codes for tesseract: `eng`, `chi_sim`, `chi_tra`.
"""

from __future__ import annotations

import logging
import re
from functools import lru_cache
from typing import Any

HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
CJK_CHAR = re.compile(f"[{HAN}]")
_RUNS = re.compile(f"([{HAN}]+)")
_WORD = re.compile(r"[^\W_]+")
_LATIN_WORD = re.compile(f"[^\\W\\d_{HAN}]")
# Chinese punctuation that closes a sentence; closing quotes/brackets that may follow it.
SENTENCE_MARKS = "。！？；…"
CLOSING = "」』”’）》〉】〕)]}"
OPENING = "「『“‘（《〈【〔([{"
NO_LINE_START = CLOSING + "，。、；：！？…—·%％"
NO_LINE_END = OPENING

# Times and counts decide murder mysteries ("at nine", "two cups"): keep number words.
_NUMBER_WORDS = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                 "fifteen", "twenty", "thirty", "forty", "fifty", "sixty", "hundred", "first", "second", "third"}
_ZH_STOP_TEXT = (
    "的 了 着 过 是 在 和 与 及 或 而 就 都 也 还 又 才 只 很 太 更 最 被 把 给 让 向 从 对 于 以 为 之 "
    "这 那 这个 那个 这些 那些 这里 那里 这样 那样 这么 那么 之后 之前 时候 一个 一些 一下 一点 "
    "我 你 您 他 她 它 我们 你们 他们 她们 它们 自己 咱们 大家 "
    "吗 呢 吧 啊 呀 嘛 哦 哈 嗯 啦 么 "
    "有 没有 没 不 不是 就是 还是 可以 可能 会 要 能 得 地 所以 因为 但是 但 可是 如果 虽然 然后 "
    "什么 怎么 怎么样 哪 哪里 哪儿 谁 为什么 多少 几 "
    "说 让 上 下 中 里 个 些 等 其 其中 已经 正在 一直 一起 非常 比较 一样 "
    "最后 后来 当时 现在 还有 只是 这时 那时 于是 其实 哪个 哪些 是否 "
)


@lru_cache(maxsize=1)
def _stop_table() -> dict[str, frozenset[str]]:
    # scikit-learn's English list, imported on first use: loading scikit-learn takes over a second, and
    # most users of this module (prompts, the mock provider, case statistics) never need stop words.
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    return {"en": frozenset(ENGLISH_STOP_WORDS) - _NUMBER_WORDS, "zh": frozenset(_ZH_STOP_TEXT.split())}


def __getattr__(name: str) -> Any:
    if name == "STOP_WORDS":  # `language.STOP_WORDS[lang]`: the stop words by base language code
        return _stop_table()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

OCR_LANGS = {"en": "eng", "zh": "chi_sim", "zh-hans": "chi_sim", "zh-cn": "chi_sim", "zh-hant": "chi_tra",
             "zh-tw": "chi_tra", "zh-hk": "chi_tra"}
LANGUAGE_NAMES = {"en": "English", "zh": "Chinese (中文)"}


def base_language(code: str | None) -> str:
    """`zh` for every Chinese code (`zh-TW`, `zh-Hant`...), else the lower-cased primary subtag."""
    primary = (code or "en").strip().lower().replace("_", "-").split("-")[0]
    return primary or "en"


def is_chinese(code: str | None) -> bool:
    return base_language(code) == "zh"


def has_cjk(text: str) -> bool:
    return CJK_CHAR.search(text) is not None


def detect_language(text: str) -> str:
    """`zh` when Chinese characters are at least a third as many as Latin letters in `text`, else `en`."""
    cjk = len(CJK_CHAR.findall(text))
    latin = len(re.findall(r"[A-Za-z]", text))
    return "zh" if cjk >= latin / 3 and cjk > 0 else "en"


def ocr_language(code: str | None, text_hint: str = "") -> str:
    """The tesseract language for a case: `chi_tra` for Traditional Chinese (by code, or when folding
    the case's own text changes it), `chi_sim` for other Chinese, else `eng`."""
    key = (code or "en").strip().lower().replace("_", "-")
    if key in OCR_LANGS:
        lang = OCR_LANGS[key]
        if lang == "chi_sim" and key == "zh" and text_hint and is_traditional(text_hint):
            return "chi_tra"
        return lang
    return "chi_sim" if is_chinese(key) else "eng"


@lru_cache(maxsize=1)
def _converter() -> Any:
    import opencc

    return opencc.OpenCC("t2s")


def to_simplified(text: str) -> str:
    """Traditional characters folded to Simplified (text without Han characters is returned as is)."""
    return str(_converter().convert(text)) if has_cjk(text) else text


def is_traditional(text: str, threshold: float = 0.05) -> bool:
    """True when at least `threshold` of the Han characters change on folding to Simplified."""
    han = CJK_CHAR.findall(text[:5000])
    if not han:
        return False
    sample = "".join(han)
    changed = sum(a != b for a, b in zip(sample, to_simplified(sample), strict=False))
    return changed / len(han) >= threshold


def fold(text: str) -> str:
    """The matching form of `text`: lower case, Traditional folded to Simplified."""
    return to_simplified(text.lower())


@lru_cache(maxsize=1)
def _jieba() -> Any:
    import jieba

    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    return jieba


@lru_cache(maxsize=8192)
def _segment(run: str) -> tuple[str, ...]:
    return tuple(_jieba().lcut(run, HMM=True))


def tokens(text: str) -> list[str]:
    """The words of `text` in matching form (folded); punctuation and spaces are dropped.

    Han runs are segmented with jieba; everything else splits into Unicode letter/digit runs.
    """
    out: list[str] = []
    for i, run in enumerate(_RUNS.split(fold(text))):
        if i % 2:
            out.extend(w for w in _segment(run) if not w.isspace())
        else:
            out.extend(_WORD.findall(run))
    return out


def is_stop(token: str) -> bool:
    table = _stop_table()
    return token in (table["zh"] if has_cjk(token) else table["en"])


def content_words(text: str) -> list[str]:
    """Tokens without stop words and without one-letter non-Han tokens ("a", "s" of "it's")."""
    return [t for t in tokens(text) if not is_stop(t) and (len(t) > 1 or has_cjk(t))]


def stop_words(code: str | None) -> frozenset[str]:
    """The stop words of a language; English ones are added for Chinese (ids, names in English)."""
    lang = base_language(code)
    table = _stop_table()
    return table.get(lang, frozenset()) | table["en"]


def word_count(text: str) -> int:
    """Words as a reader counts them: spaced words, with jieba words inside Chinese text."""
    return sum(len(tokens(chunk)) if has_cjk(chunk) else 1 for chunk in text.split())


def letter_words(text: str, min_len: int = 3) -> list[str]:
    """Words that carry meaning: Han words of any length, other words of `min_len` letters or more."""
    return [t for t in tokens(text) if has_cjk(t) or (len(t) >= min_len and _LATIN_WORD.match(t))]


def cut_words(text: str, limit: int) -> str:
    """`text` cut to `limit` words (jieba words in Chinese), keeping the original characters."""
    if not has_cjk(text):
        return " ".join(text.split()[:limit])
    count = 0
    for start, piece in _pieces_with_offsets(text):
        if _WORD.search(piece):
            count += 1
            if count > limit:
                return text[:start].rstrip()
    return text.strip()


def _pieces_with_offsets(text: str) -> list[tuple[int, str]]:
    pieces: list[tuple[int, str]] = []
    offset = 0
    for i, run in enumerate(_RUNS.split(text)):
        if i % 2:
            simple = to_simplified(run)
            for word in _segment(simple if len(simple) == len(run) else run):
                pieces.append((offset, run[: len(word)]))
                offset, run = offset + len(word), run[len(word):]
        else:
            pieces.extend((offset + m.start(), m.group()) for m in re.finditer(r"\S+", run))
            offset += len(run)
    return pieces


_CLOSE_CLASS = re.escape(CLOSING)
_ENDS = SENTENCE_MARKS + "!?"  # half-width marks end a sentence too inside Chinese text
_ZH_SENTENCE_END = re.compile(f"(?<=[{_ENDS}])(?![{_CLOSE_CLASS}{_ENDS}])"
                              f"|(?<=[{_ENDS}][{_CLOSE_CLASS}])(?![{_CLOSE_CLASS}])")


def split_chinese_sentences(text: str) -> list[str]:
    """Pieces of `text` ending at Chinese sentence marks (a closing quote stays with its sentence)."""
    return [piece for piece in _ZH_SENTENCE_END.split(text) if piece.strip()]


def join_lines(text: str) -> str:
    """Line breaks inside Chinese text (left by OCR or hard wrapping) removed; others kept."""
    return re.sub(f"(?<=[{HAN}，。、；：！？」”])[ \\t]*\\n[ \\t]*(?=[{HAN}「“，。])", "", text)


_CJK_GAP = re.compile(f"(?<=[{HAN}，。、；：！？「」“”（）])[ \t]+(?=[{HAN}，。、；：！？「」“”（）])")


def squeeze_cjk_spaces(text: str) -> str:
    """Spaces between two Chinese characters or marks removed (tesseract's chi_* output has them)."""
    return _CJK_GAP.sub("", text)


def end_sentence(text: str) -> str:
    """Chinese text closed with `。` when it does not end with a mark already (so that two
    passages said one after the other stay two sentences); other text is returned as is."""
    text = text.rstrip()
    if not has_cjk(text) or not text or text[-1] in _ENDS + CLOSING + "：:—.":
        return text
    return text + "。"


def language_name(code: str | None) -> str:
    lang = base_language(code)
    return LANGUAGE_NAMES.get(lang, code or "English")
