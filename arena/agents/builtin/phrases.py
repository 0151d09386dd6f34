"""What the built-in agents say, per language: the few fixed phrases around their evidence and the
query words they search their memory with. A case in another language uses the English phrases."""

from __future__ import annotations

from dataclasses import dataclass

from multimodal import language


@dataclass(frozen=True)
class Phrases:
    """Templates take `str.format` fields: {name}, {victim}, {text}, {title}, {location} (id), {suspect}."""

    dont_know: str
    introduce: str
    here_is: str
    clue_says: str
    hear_from: str
    explain: str
    where_were_you: str
    investigate: str
    confess: str
    case_query: str
    scene_query: str
    method_query: str
    motive_query: str
    separator: str


PHRASES: dict[str, Phrases] = {
    "en": Phrases(
        dont_know="I don't know.",
        introduce="I am {name}. {text}",
        here_is="Here is what I know: {text}",
        clue_says="The clue \"{title}\" says: {text}",
        hear_from="I would like to hear from {name}.",
        explain="{name}, can you explain this: {text}",
        where_were_you="{name}, where were you and what did you do when {victim} died?",
        investigate="Let us see what is in {location}.",
        confess="I confess: I killed {victim}. {text}",
        case_query="{victim} killed murder death weapon poison struck motive why who alone seen night",
        scene_query="saw heard door key time o'clock",
        method_query="how {victim} killed weapon poison struck method",
        motive_query="why motive money revenge hated secret {suspect}",
        separator=" ",
    ),
    "zh": Phrases(
        dont_know="我不知道。",
        introduce="我是{name}。{text}",
        here_is="我知道的是：{text}",
        clue_says="「{title}」上写着：{text}",
        hear_from="我想听听{name}怎么说。",
        explain="{name}，你能解释一下这件事吗：{text}",
        where_were_you="{name}，{victim}遇害的时候，你在哪里、在做什么？",
        investigate="我们去{name}看看吧。",
        confess="我承认：是我杀了{victim}。{text}",
        case_query="{victim} 死 死亡 遇害 杀 凶手 凶器 毒 刀 动机 为什么 独自 看见 晚上 尸体",
        scene_query="看见 看到 听到 门 钥匙 时间 点 分",
        method_query="{victim} 怎么 死 杀 凶器 毒 手法 刀",
        motive_query="为什么 动机 钱 报复 恨 秘密 {suspect}",
        separator="",
    ),
}


def phrases_for(code: str | None) -> Phrases:
    """The phrases of a case language (`zh-TW` -> Chinese); English for languages without their own."""
    return PHRASES.get(language.base_language(code), PHRASES["en"])
