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
