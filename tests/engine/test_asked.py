"""Which number a told hand's question asks for: learned from the told stories (asked.py)."""

from __future__ import annotations

import subprocess
import sys

from engine.understanding import asked
from engine.understanding.amount_roles import RoleModel
from engine.understanding.corpus import load_corpus


def test_every_told_story_labels_a_known_ask_and_teaches_it() -> None:
    stories = [r for r in load_corpus() if r.amounts]
    assert stories and all(r.ask in asked.ASKS for r in stories if r.ask != "lookup")
    assert len(asked.training_rows(stories)) >= 0.99 * len(stories)


def test_questions_worded_in_no_phrase_list_are_read_for_what_they_ask() -> None:
    cases = {
        "Flop: S1 bets 300, S4 makes it 900. What is the least S1 can re-raise to?": "min_raise",
        "im bb with 200 in, cutoff makes it 700. how much more do i need to throw in?": "call_amount",
        "River, he bets 175 and I flick in a single 500 chip without a word. What comes back to me?": "change_back",
    }
    for text, want in cases.items():
        ask, p, probs = asked.read(text)
        assert ask == want, (text, probs)
        assert 0.0 < p <= 1.0 and abs(sum(probs.values()) - 1.0) < 1e-9


def test_a_model_with_nothing_to_tell_apart_claims_no_ask_and_reading_needs_no_learning_library() -> None:
    one = RoleModel.train([({"q:min": 1.0}, "min_raise")], 1.0)
    assert one.roles == ("other",)  # nothing to tell apart: no ask is claimed
    asked.ask_model()  # trained (or loaded) here, so the child process below only loads the cache
    code = ("import sys; from engine.understanding import asked; asked.read('UTG opens 600. min raise?'); "
            "print('sklearn' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_ask_read_sends_the_question_to_the_call_with_the_askers_blind_counted() -> None:
    from engine import answer

    r = answer("im bb with 200 in, cutoff makes it 700, everyone else folds. how much more do i need to throw in "
               "to call")
    assert r.citations[0] == "1.1.3"
    assert r.amounts.get("to_call") == 500 and "700 − 200 = 500" in r.outcome
