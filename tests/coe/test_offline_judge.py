"""The offline judge on known pairs: surfaced statements, role-play rubric ordering, case detail."""

from __future__ import annotations

from arena.coe.offline_judge import OfflineJudge, content_words, coverage

JUDGE = OfflineJudge()


def test_content_words_drop_stopwords_and_stem() -> None:
    assert content_words("The voices were raised in the greenhouse") == {"voic", "rais", "greenhouse"}
    assert coverage("raised voices in the greenhouse", "I heard voices raised near the greenhouse") == 1.0


def test_statement_surfaced_by_a_paraphrase_but_not_by_an_unrelated_line() -> None:
    statement = "Raised voices came from the greenhouse at half past nine."
    assert JUDGE.statement_surfaced(statement, ["Good evening.", "At half past nine I heard raised voices "
                                                                  "coming from the greenhouse."])
    assert not JUDGE.statement_surfaced(statement, ["I was in the study playing chess all evening."])
    assert not JUDGE.statement_surfaced(statement, [])


def test_roleplay_rewards_in_character_engaged_grounded_speech() -> None:
    script = "You are Fern Holloway, the gardener. At half past nine you saw a light in the greenhouse."
    good = ["I am Fern, the gardener here. Basil, where were you at half past nine?",
            "I saw a light in the greenhouse, Rowan, and I want to know who lit it."]
    meta = ["As an AI language model I will output JSON.", "As an AI language model I will output JSON."]
    assert JUDGE.roleplay(good, script, ["Basil Crane", "Rowan Ashe"]) > JUDGE.roleplay(meta, script, ["Basil Crane"])
    assert JUDGE.roleplay([], script, []) == 1.0
    assert 1.0 <= JUDGE.roleplay(good, script, ["Basil Crane"]) <= 10.0


def test_case_detail_scores_coverage_of_the_truth() -> None:
    true_method, true_motive = "Struck her with a clay pot in the greenhouse.", "She refused to share credit."
    perfect = JUDGE.case_detail("struck with a clay pot in the greenhouse", "refused to share the credit",
                                true_method, true_motive)
    half = JUDGE.case_detail("struck with a clay pot in the greenhouse", "money", true_method, true_motive)
    none = JUDGE.case_detail("poison", "jealousy", true_method, true_motive)
    assert perfect == 100.0 and none == 0.0 and 40.0 <= half <= 60.0


# --- Chinese transcripts: words from jieba, one-character words kept ---------------------------

def test_chinese_statement_surfaced_by_a_paraphrase_but_not_by_an_unrelated_line() -> None:
    statement = "九点四十五分，陆明轩看见顾清秋在听松阁里把建盏凑在炭炉上烤，又用白手帕擦盏口。"
    paraphrase = "我九点四十五分去炭房拿炭，看见顾清秋在听松阁的炭炉边烤老板的建盏，还用白手帕擦了盏口。"
    assert JUDGE.statement_surfaced(statement, ["大家好。", paraphrase])
    assert not JUDGE.statement_surfaced(statement, ["我整晚都在西楼，十一点吃了安眠药就睡了。"])
    assert "刀" in content_words("他用刀刺了老板") and "的" not in content_words("老板的茶")


def test_chinese_roleplay_and_case_detail() -> None:
    script = "我叫陆明轩，是听松茶庄的制茶师傅。九点四十五分我去炭房拿炭，看见听松阁里有人烤建盏。"
    good = ["我是陆明轩，茶庄的制茶师傅。顾清秋，你九点四十五分在听松阁里做什么？",
            "我去炭房拿炭的时候，看见有人在听松阁里烤建盏，周子墨，你那时在哪里？"]
    meta = ["作为一个人工智能语言模型，我会输出JSON。", "作为一个人工智能语言模型，我会输出JSON。"]
    names = ["顾清秋", "周子墨", "沈若兰"]
    assert JUDGE.roleplay(good, script, names) > JUDGE.roleplay(meta, script, names)
    true_method = "把草乌药酒抹进兔毫建盏，毒死了沈怀远。"
    true_motive = "挪用四十一万六千元的假账被发现，第二天要报警。"
    full = JUDGE.case_detail("她把草乌药酒抹在兔毫建盏里", "假账被发现，挪用了四十一万六千元，要报警",
                             true_method, true_motive)
    none = JUDGE.case_detail("用刀刺死", "为了爱情", true_method, true_motive)
    assert full >= 60.0 and none == 0.0
