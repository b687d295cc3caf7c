"""Legal conclusions are drawn in engine/rules/conclusions.py, from what the reader reports."""

from __future__ import annotations

import re
from pathlib import Path

from engine.ask import answer
from engine.facts import Action, Facts
from engine.rules.conclusions import CONCLUSIONS, conclude

UNDERSTANDING = Path(__file__).resolve().parents[2] / "engine" / "understanding"
# Facts a story can state outright ("facing 250", "BB posted 200", "a 9,150 pot", "Seat 3 has put 600 in so far",
# "both all in"), which the reader then reports; the rules conclude them only when nobody stated them.
STATED_TOO = {"bet_faced", "already_in", "pot", "stack_behind", "contributions", "both_all_in", "verbal_timing"}


def test_the_reader_never_sets_a_legal_conclusion() -> None:
    sets = re.compile(r"""doc\.set\(\s*["'](""" + "|".join(CONCLUSIONS) + r""")["']""")
    found = [f"{p.name}: {m.group(1)}" for p in UNDERSTANDING.glob("*.py")
             for m in sets.finditer(p.read_text(encoding="utf-8"))
             if m.group(1) not in STATED_TOO]
    assert found == []


def test_the_first_bettor_faces_the_big_blind_preflop_and_nothing_later() -> None:
    assert conclude(Facts(first_to_bet=True, big_blind=200)).bet_faced == 200
    assert conclude(Facts(first_to_bet=True, big_blind=200, street="turn")).bet_faced == 0
    assert conclude(Facts(first_to_bet=True, bet_faced=600, big_blind=200)).bet_faced == 600  # stated wins


def test_action_changed_only_by_a_bet_or_raise_after_the_out_of_turn_action() -> None:
    oot = Action(actor="Seat 6", kind="bet", amount=300, out_of_turn=True)
    raised = Facts(actions=[oot, Action(actor="Seat 4", kind="raise", amount=900)])
    checked = Facts(actions=[oot, Action(actor="Seat 4", kind="check")])
    assert conclude(raised).action_changed is True
    assert conclude(checked).action_changed is False
    assert conclude(Facts(oot_action="bet", skipped_action="check_call_fold")).action_changed is False
    assert conclude(Facts(oot_action="bet")).action_changed is None  # nobody said: asked, not guessed
    assert conclude(Facts(actions=raised.actions, action_changed=False)).action_changed is False


def test_chips_that_came_back_after_the_action_changed_were_never_put_in() -> None:
    shove = Action(actor="BTN", kind="all-in", amount=800, out_of_turn=True, street="preflop")
    hand = [shove, Action(actor="HJ", kind="raise", amount=40, street="preflop"),
            Action(actor="BTN", kind="call", street="preflop")]
    facts = Facts(actions=hand, hand_actions=hand, big_blind=10, small_blind=5)
    assert conclude(facts).contributions["BTN"] == 40  # his call, not the shove that came back
    earlier = Facts(street="flop", actions=[Action(actor="HJ", kind="bet", amount=15)], hand_actions=[
        Action(actor="BTN", kind="call", amount=8, out_of_turn=True), Action(actor="HJ", kind="bet", amount=15,
                                                                             street="flop")],
        skipped_action="bet_or_raise", big_blind=2)
    assert conclude(earlier).contributions["BTN"] == 8  # a change judged on the flop leaves the preflop call in


def test_last_aggressor_and_forfeit_come_from_the_actions() -> None:
    acts = [Action(actor="villain", kind="all-in", amount=2000), Action(actor="i", kind="call"),
            Action(actor="he", kind="fold")]
    f = conclude(Facts(actions=acts, asks_show_order=True))
    assert f.last_aggressor == "villain" and f.aggression is True
    assert f.claimant_is_aggressor is False and f.others_forfeited is True
    assert conclude(Facts(asks_show_order=True, checked_down=True)).aggression is False
    assert conclude(Facts(someone_mucked=True, opponent_tabled=True)).others_forfeited is False


def test_a_named_claimant_is_compared_with_the_last_bettor() -> None:
    acts = [Action(actor="Seat 7", kind="bet", amount=400), Action(actor="Seat 2", kind="call")]
    assert conclude(Facts(actions=acts, claimants=["Seat 7"])).claimant_is_aggressor is True
    assert conclude(Facts(actions=acts, claimants=["Seat 2"])).claimant_is_aggressor is False


def test_a_told_out_of_turn_bet_is_binding_when_only_a_check_came_between() -> None:
    r = answer("Seat 6 bet 300 out of turn, then Seat 4 checked. Is the bet binding?")
    assert r.kind == "ruling" and r.citations[0] in ("1.8.1", "1.8")
    assert "binding" in r.outcome.lower() and "not binding" not in r.outcome.lower()


def test_one_card_with_nobody_said_to_have_mucked_is_ruled_under_a_stated_assumption() -> None:
    from engine.decide import decide

    r = decide(Facts(cards_tabled=1), topic="both_cards_tabled")
    assert r.kind == "ruling" and r.citations[0] == "1.12" and "both" in r.outcome
    assert any("mucked" in a for a in r.assumptions)  # what would flip it is said
    asked = decide(Facts(cards_tabled=0, claimant_is_aggressor=False), topic="both_cards_tabled")
    assert asked.kind == "needs_facts"  # with no card shown, whether the others mucked decides: it is asked


def test_what_the_player_already_has_in_comes_from_his_own_told_bet() -> None:
    acts = [Action(actor="i", kind="bet", amount=400), Action(actor="guy", kind="raise", amount=1200),
            Action(actor="i", kind="call")]  # the call told without an amount is the chips themselves
    assert conclude(Facts(actions=acts, put_by="i", chips_put_out=500)).already_in == 400
    assert conclude(Facts(actions=acts[1:2], put_by="i", chips_put_out=500)).already_in is None
    r = answer("i bet 400 on the turn, guy raises me to 1200, i toss out 500 thinking thats the call. how much more")
    assert r.kind == "ruling" and "300" in r.outcome


def test_the_pot_of_a_told_hand_is_its_bets_replayed_with_the_blinds_left_in() -> None:
    hand = [Action(actor="CO", kind="all-in", amount=1275, street="preflop"),
            Action(actor="SB", kind="fold", street="preflop"),
            Action(actor="BB", kind="all-in", amount=1275, street="preflop")]
    assert conclude(Facts(hand_actions=hand, small_blind=50, big_blind=100)).pot == 2600  # the SB's 50 stays in
    flop = [Action(actor="A", kind="bet", amount=400, street="flop"), Action(actor="B", kind="call", street="flop")]
    pre = [Action(actor="A", kind="raise", amount=300, street="preflop"),
           Action(actor="B", kind="call", street="preflop")]
    assert conclude(Facts(hand_actions=pre + flop, small_blind=50, big_blind=100)).pot == 1550  # 600 + blinds + 800
    assert conclude(Facts(hand_actions=hand, pot=9000)).pot == 9000  # a pot someone stated wins
    assert conclude(Facts(hand_actions=flop[:1])).pot is None  # a lone bet is no pot to split


def test_each_players_bets_over_the_whole_hand_are_added_up_street_by_street() -> None:
    hand = [Action(actor="S3", kind="raise", amount=150, street="preflop"),
            Action(actor="S6", kind="call", street="preflop"),
            Action(actor="S3", kind="bet", amount=275, street="flop"),
            Action(actor="S6", kind="raise", amount=600, street="flop"),
            Action(actor="S3", kind="call", street="flop")]
    per = conclude(Facts(hand_actions=hand, small_blind=25, big_blind=50)).contributions
    assert per == {"S3": 750, "S6": 750, "SB": 25, "BB": 50}  # 150 + 600 each, the blinds left in
    assert conclude(Facts(hand_actions=hand, small_blind=25, big_blind=50)).pot == 1575
    assert conclude(Facts()).contributions is None


def test_what_is_left_behind_is_the_whole_stack_less_the_chips_put_out() -> None:
    assert conclude(Facts(stack_total=850, chips_put_out=600)).stack_behind == 250
    assert conclude(Facts(stack_total=850, chips_put_out=600, stack_behind=100)).stack_behind == 100  # stated wins
    assert conclude(Facts(stack_total=850)).stack_behind is None  # nothing put out: nothing to take away


def test_a_misdeal_with_no_sized_bet_told_never_prints_an_empty_sum() -> None:
    r = answer("so the dealer was cutting and the bottom card flipped up, everybody saw it, he just kept going and "
               "dealt. what happens?")
    assert r.citations[0] == "2.1.1"
    assert "0 in all" not in r.outcome and "()" not in r.outcome


def test_a_short_callers_behind_is_his_own_stack_when_one_was_told_for_him() -> None:
    from engine.rules.conclusions import caller_behind

    f = Facts(put_by="Seat 5", stacks={"Seat 5": 180, "Seat 2": 600}, stack_behind=600)
    assert caller_behind(f) == 180
    assert caller_behind(Facts(stack_behind=600)) == 600


def test_only_a_skipped_players_raise_changes_the_action() -> None:
    acts = [Action(actor="Seat 3", kind="bet", amount=40),
            Action(actor="Seat 5", kind="call", amount=40, out_of_turn=True),
            Action(actor="Seat 4", kind="call", amount=40), Action(actor="Seat 8", kind="raise", amount=130)]
    assert conclude(Facts(actions=acts, skipped_players=["Seat 4"])).action_changed is False
    assert conclude(Facts(actions=acts, skipped_players=["Seat 8"])).action_changed is True
    assert conclude(Facts(actions=acts)).action_changed is True  # nobody said who was skipped: any raise after it


def test_a_voided_out_of_turn_raise_is_not_part_of_the_round_it_faces() -> None:
    acts = [Action(actor="Seat 1", kind="bet", amount=1000), Action(actor="Seat 4", kind="raise", amount=3000,
                                                                     out_of_turn=True),
            Action(actor="Seat 2", kind="raise", amount=2500)]
    f = conclude(Facts(actions=acts, street="turn", big_blind=400, asks_min_raise=True))
    assert f.action_changed is True
    ruling = answer("Turn at 200/400: Seat 1 bets 1,000. Before Seat 2 acts, Seat 4 throws in 3,000 out of turn. "
                    "We take it back; Seat 2 raises to 2,500. Seat 4's 3,000 is returned. If Seat 4 wants to raise, "
                    "what's the minimum total?")
    assert re.search(r"(?<![\d,])4,000(?![\d,])", ruling.outcome) and "4,500" not in ruling.outcome


def test_dead_money_told_is_in_the_pot_unless_it_is_the_blinds_already_counted() -> None:
    hand = [Action(actor="Seat 2", kind="all-in", amount=2500, street="flop"),
            Action(actor="Seat 7", kind="call", amount=2500, street="flop")]
    assert conclude(Facts(hand_actions=hand, dead_money=300)).pot == 5300
    pre = [Action(actor="Seat 4", kind="all-in", amount=5200, street="preflop"),
           Action(actor="Seat 8", kind="call", amount=5200, street="preflop")]
    blinds = Facts(hand_actions=pre, small_blind=50, big_blind=100, street="preflop", dead_money=100)
    assert conclude(blinds).pot == 10550  # the big blind told dead is the one already counted


def test_both_all_in_only_when_both_players_left_moved_in() -> None:
    shove = Action(actor="Seat 4", kind="all-in", amount=5000)
    fold = Action(actor="Seat 2", kind="fold")
    called = Action(actor="Seat 7", kind="all-in", amount=3800)
    assert conclude(Facts(hand_actions=[shove, fold, called])).both_all_in is True
    # One not told all in may still be: the rules ask rather than assume.
    assert conclude(Facts(hand_actions=[shove, Action(actor="Seat 7", kind="call")])).both_all_in is None
    assert conclude(Facts(hand_actions=[shove, called], both_all_in=False)).both_all_in is False  # stated wins


def test_a_folded_blind_is_in_a_pot_added_up_from_the_totals_of_the_players_left() -> None:
    f = Facts(contributions={"Seat 1": 1150, "Seat 4": 1150}, small_blind=20,
              hand_actions=[Action(actor="SB", kind="fold")])
    assert conclude(f).pot == 2320
    assert conclude(Facts(contributions={"Seat 1": 1150, "Seat 4": 1150}, small_blind=20)).pot == 2300  # not folded


def test_words_of_a_lower_amount_after_silent_chips_came_after_them() -> None:
    assert conclude(Facts(declared=False, verbal_amount=60, chips_put_out=110)).verbal_timing == "after"
    assert conclude(Facts(declared=True, verbal_amount=60, chips_put_out=110)).verbal_timing is None  # not told


def test_a_blind_is_found_by_its_seat_or_by_the_player_told_posting_it() -> None:
    from engine.rules.conclusions import posted_blind

    f = Facts(small_blind=5, big_blind=10, blinds_posted_by={"SB": "Ellie"})
    assert posted_blind(f, "Ellie") == 5 and posted_blind(f, "SB") == 5 and posted_blind(f, "BB") == 10
    assert posted_blind(f, "Tom") is None


def test_a_bet_told_without_its_amount_still_changes_the_action() -> None:
    from engine.understanding.extract import extract_facts

    facts, _doc = extract_facts("Three-handed flop, seats 3, 5 and 7. Seat 3 is first to act but seat 7 jumps in and "
                                "bets six black chips. We reverse to seat 3, who bets, and seat 5 folds.")
    assert conclude(facts).action_changed is True


def test_an_out_of_turn_player_who_then_calls_gets_back_what_the_call_does_not_use() -> None:
    r = answer("Turn, seat 4 is first to act, but seat 5 puts out 400 out of turn. The action is taken back to seat 4, "
               "who bets 150. Seat 5 decides to just call. Of the chips seat 5 had put out, how much goes back into "
               "seat 5's stack?")
    assert r.amounts.get("back_to_stack") == 250 and "250 goes back to his stack" in r.outcome


def test_an_unsized_all_in_is_what_was_left_of_the_stack_told_before_the_player_acted() -> None:
    hand = [Action(actor="UTG", kind="raise", amount=300, street="preflop"),
            Action(actor="SB", kind="call", street="preflop"), Action(actor="BTN", kind="call", street="preflop"),
            Action(actor="SB", kind="bet", amount=400, street="flop"),
            Action(actor="UTG", kind="all-in", street="flop")]
    now = [a.model_copy(update={"street": None}) for a in hand[3:]]
    f = conclude(Facts(big_blind=100, small_blind=50, hand_actions=hand, actions=now, street="flop",
                       starting_stacks={"UTG": 1250}))
    assert f.actions[-1].amount == 950  # 1,250 less the 300 put in preflop
    assert conclude(Facts(big_blind=100, hand_actions=hand, actions=now, street="flop")).actions[-1].amount is None


def test_an_all_in_for_the_rest_on_a_later_street_sets_the_minimum_reraise() -> None:
    r = answer("im on the button at 50/100. UTG had 1,250 when the hand started. UTG opened to 300, the SB called, "
               "I called. flop SB leads 400, UTG shoves whats left, and it's on me. if i raise, whats the minimum?")
    assert r.citations[0] == "1.4" and "1,500" in r.outcome  # all in to 950, a full raise of 550
