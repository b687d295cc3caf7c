"""Section 1 in staff's and players' own words: free text through ``engine.answer``.

Each case is a question as it reaches the bot (staff shorthand, players with
typos and slang, trainees, a player quoting another room's rules), the clause
that must be cited first, and words/numbers the outcome must contain.

Cases the pipeline gets wrong stay here as strict xfails: each reason says
what the extractor or picker missed, so the list is the extractor's to-do.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import answer


@dataclass
class Case:
    id: str
    text: str
    cite: str
    contains: list[str] = field(default_factory=list)
    amounts: dict[str, int] = field(default_factory=dict)
    kind: str = "ruling"
    xfail: str | None = None


CASES = [
    # -- staff shorthand ------------------------------------------------------------------------
    Case(
        "sb-silent-raise-shorthand",
        "100/200, btn opens 500, sb silently tosses 800, ruling?",
        "1.4",
        ["raise"],
        {"raise_to": 900},
    ),
    Case(
        "single-chip-shorthand",
        "facing 25 seat 6 drops a single black 100 chip, no words. call or raise?",
        "1.4.2",
        ["call"],
        {"call": 25, "change": 75},
    ),
    Case(
        "bb-oversized-chip-shorthand",
        "bb 200 posted, facing 600 he drops one 1000 chip silently. change?",
        "1.4.2",
        ["call"],
        {"call": 600, "change": 600},
    ),
    Case(
        "short-call-shorthand",
        "facing 400 he puts out 250 and nothing else, has plenty behind",
        "1.1.3.1",
        ["make up", "150"],
        {"call": 400},
    ),
    Case(
        "min-reraise-shorthand",
        "100/200 seat 3 raises to 600, what's the min reraise",
        "1.4",
        ["1000"],
        {"min_raise_to": 1000},
    ),
    Case(
        "min-raise-after-short-all-in",
        "whats the min raise after a raise to 600 and a short all in to 800 at 100/200",
        "1.4",
        ["1200"],
        {"min_raise_to": 1200},
    ),
    Case(
        "oot-check-then-bet-shorthand",
        "Seat 4 bet 300 out of turn, seat 2 then checked. Is seat 4's bet binding?",
        "1.8.1",
        ["binding"],
    ),
    Case(
        "oot-call-then-bet",
        "Seat 6 called out of turn, then the player skipped bet 600. what happens to seat 6's call?",
        "1.8.2",
        ["not binding", "returned"],
    ),
    Case(
        "oot-fold", "seat 7 folded out of turn. can he un-fold since the action came back to him?", "1.8.3", ["binding"]
    ),
    Case(
        "dealer-pointed-wrong",
        "the dealer pointed at the wrong player and he bet before the skipped guy acted. what now?",
        "2.6",
        ["void"],
    ),
    Case("clock-ran-out", "player took forever, dealer gave him 30 seconds, time ran out. ruling?", "1.7.1", ["dead"]),
    # -- casual players, typos and slang ---------------------------------------------------------------
    Case(
        "raise-then-5k-chip-slang",
        "yo so this guy says raise THEN throws one 5k chip in, villain had bet 1400. how much is his raise??",
        "1.4.2",
        ["raise"],
        {"raise_to": 5000},
    ),
    Case(
        "fold-not-in-muck-yet",
        "guy folded his cards over the line but they didnt hit the muck yet, can he take em back lol",
        "1.1.5.1",
        ["dead", "retrievable"],
    ),
    Case(
        "meant-100-after-chips",
        "checked to seat 3, he slides out 500 without a word, then says he meant 100. what's the bet",
        "1.1.2.2",
        ["500"],
        {"bet": 500},
    ),
    Case(
        "bet-300-before-chip-typo",
        "k so i said 'bet 300' b4 my 500 chip hit the table, dealer says its 500. whos right",
        "1.1.2.1",
        ["300"],
        {"bet": 300, "change": 200},
    ),
    Case(
        "dealer-mucked-loose-cards",
        "dealer mucked my cards when I looked away, they were sitting loose by the line. do I get my chips back??",
        "1.5.1",
        ["no redress"],
    ),
    Case(
        "dealer-swept-angry",
        "u cant muck my hand for me thats on the dealer!! my cards were just sitting there unprotected "
        "and he swept them",
        "1.5.1",
        ["no redress"],
    ),
    Case(
        "knock-is-check",
        "does knocking on the table count as a check?",
        "1.1.1",
        ["knocking"],
    ),
    Case(
        "rit-one-says-no",
        "heads up both all in on the flop, one guy doesn't want to run it twice. do we run it twice anyway?",
        "1.9.3",
        ["once"],
    ),
    Case(
        "rit-three-players",
        "three of us are all in preflop, can we run it twice?",
        "1.9.1",
        ["no", "two players"],
    ),
    Case(
        "rit-split-4800",
        "we ran it twice, pot was 4800, I won one board, how much do I get",
        "1.10",
        ["2400"],
        {"each_board": 2400},
    ),
    Case(
        "rit-odd-chip",
        "we ran it twice on a 4825 pot and split the boards, who gets the odd chip",
        "",
        ["odd chip", "staff"],
        kind="uncovered",  # the book leaves the odd chip open: say so, cite nothing (issue: uncovered questions)
    ),
    Case("rit-three-times", "can we run it three times if we both agree?", "1.10", ["two sets"]),
    Case(
        "bettor-must-table",
        "river: i bet, he called, then he mucked. do i have to show both cards to get the pot?",
        "1.12",
        ["both hole cards"],
    ),
    Case(
        "caller-need-not-table",
        "i called his river bet and he mucked without showing, do i need to table my hand?",
        "1.12",
        ["does not have to table"],
    ),
    Case(
        "skip-big-blind",
        "can i skip my big blind this orbit? just want to sit out one hand",
        "1.14",
        ["may not refuse"],
    ),
    Case(
        "string-two-trips",
        "dude went back to his stack twice for more chips facing 200, is that a raise?",
        "1.6",
        ["not permitted"],
    ),
    Case(
        "said-call-then-1000",
        "player said call then put out 1000 facing a 400 bet, is it a raise?",
        "1.2",
        ["call"],
        {"call": 400, "returned": 600},
    ),
    # -- formal trainee questions ----------------------------------------------------------------------
    Case(
        "formal-oversized-chip",
        "Could you please clarify the procedure when a player places a single chip of greater "
        "value than the bet without verbal announcement?",
        "1.4.2",
        ["call"],
    ),
    Case(
        "formal-silent-450",
        "At 50/100, after an open to 300, a player silently puts out 450 in one motion. What is the ruling?",
        "1.4.1",
        ["call"],
        {"call": 300},
    ),
    Case(
        "formal-showdown-no-bets",
        "Trainee question: if nobody bet or raised all hand, who shows first at showdown?",
        "1.11",
        ["normal order"],
    ),
    Case(
        "formal-modify-wager",
        "can a player take back part of his bet if nobody has acted yet?",
        "1.3",
        ["may not be modified"],
    ),
    Case("formal-new-player", "new player sitting down, what are his options for the blind?", "1.13", ["big blind"]),
    Case("formal-dead-hand", "what's a dead hand mean", "1.15", ["ineligible"]),
    # -- players quoting other rooms -------------------------------------------------------------------
    Case(
        "angry-fifty-percent",
        "In my room it's the 50% rule! 200/400, guy raised to 1200, I put out 1700 without saying "
        "anything and the dealer called it a call. That's ridiculous",
        "1.4.1",
        ["call", "50%"],
        {"call": 1200},
    ),
    Case(
        "appeal-to-tda",
        "I disagree with the floor decision, can I appeal to the manager or the TDA?",
        "staff-authority",
        ["cannot be overruled"],
    ),
    # -- shorthand for blinds and order, chips counted ---------------------------------------------------
    Case(
        "bb-stake-shorthand-open-is-raise",
        "bb 100, hj opens 300, btn jams 450 total, min reraise for me in the sb?",
        "1.4",
        ["650"],
        {"min_raise_to": 650, "last_full_raise": 200},
    ),
    Case(
        "the-second-makes-it",
        "turn: the first player bets 400 and the second makes it 1,100, what's the least the next can raise to?",
        "1.4",
        ["1800"],
        {"min_raise_to": 1800},
    ),
    Case(
        "two-chips-preflop-not-single-chip",
        "50/100 game, preflop a player silently drops three 500 chips. "
        "Isn't that just a call under the single chip rule?",
        "1.4",
        ["raise"],
        {"raise_to": 1500},
    ),
]


def test_case_ids_unique() -> None:
    ids = [c.id for c in CASES]
    assert len(ids) == len(set(ids))


MOST_MISSES = 1  # of the cases above: the reader is learned, so a rare phrasing may be misread


def _miss(case: Case) -> str | None:
    """Why the answer to ``case`` is wrong, or None when it is right."""
    r = answer(case.text)
    low = r.outcome.lower().replace(",", "")
    problems = [
        r.kind != case.kind and f"kind {r.kind}",
        case.kind == "uncovered" and r.citations != [] and f"cites {r.citations}",
        case.kind != "uncovered" and (not r.citations or r.citations[0] != case.cite) and f"cites {r.citations[:3]}",
        *(w.lower().replace(",", "") not in low and f"lacks {w!r}" for w in case.contains),
        *(r.amounts.get(k) != v and f"{k}={r.amounts.get(k)}" for k, v in case.amounts.items()),
    ]
    found = [p for p in problems if p]
    return f"{found}: {r.outcome[:120]}" if found else None


def test_wagering_text() -> None:
    """Every case read as its ruling, but for at most MOST_MISSES; a case marked xfail must still fail."""
    misses = {c.id: why for c in CASES if not c.xfail and (why := _miss(c)) is not None}
    assert len(misses) <= MOST_MISSES, misses
    healed = [c.id for c in CASES if c.xfail and _miss(c) is None]
    assert healed == [], f"now read right; drop their xfail: {healed}"


def test_a_player_who_already_acted_asking_to_raise_over_a_short_all_in_is_told_the_book_is_silent() -> None:
    """Whether a short all-in reopens the betting is not in the book: said so, with the raise size should staff
    allow one; a player still to act is given his minimum raise."""
    back = answer("I bet 200 on the flop, the next player goes all in for 300, the button calls. Back to me: am I "
                  "allowed to raise again?")
    assert back.kind == "uncovered" and back.citations == [] and "Staff Authority" in back.outcome
    from engine.decide import decide
    from engine.facts import Action, Facts

    told = Facts(street="flop", asks_yes_no=True, actions=[
        Action(actor="Seat 1", kind="bet", amount=200), Action(actor="Seat 4", kind="all-in", amount=300),
        Action(actor="Seat 6", kind="call", amount=300)], call_for="Seat 1")
    ruled = decide(told, topic="1.4")
    assert ruled.kind == "uncovered" and ruled.citations == []
    assert "Staff Authority" in ruled.outcome and "at least 500" in ruled.outcome
    behind = answer("I bet 200 on the flop, the next player goes all in for 300. The button wants to raise: what is "
                    "the least he can make it?")
    assert behind.kind == "ruling" and behind.citations[0] == "1.4" and behind.amounts["min_raise_to"] == 500


def test_a_call_on_the_dealers_wrong_count_owes_the_difference_to_the_real_bet() -> None:
    r = answer("I asked the dealer what the bet was, she said 250, so I put out 250 and said call. The bet was "
               "really 325. How much more do I owe?")
    assert r.citations[0] == "3.19" and r.amounts.get("shortfall") == 75


def test_a_pot_figure_smaller_than_the_all_ins_is_money_already_in() -> None:
    r = answer("Heads up, both players all in for 2,100 each, and the small blind's 50 is dead in the pot. They run "
               "it twice. What is each run worth?")
    assert r.citations[0] == "1.10" and r.amounts.get("each_board") == 2125
    assert "50 already in + 4,200 put in" in r.outcome


def test_run_it_twice_plays_only_the_called_chips() -> None:
    """The part of an all-in nobody called goes back and is no part of either board, with the working."""
    r = answer("1k/2k. SB folds. CO jams 23,400, BB calls all in for 16,500. They run it twice. What is each board "
               "worth?")
    assert r.citations[0] == "1.10" and r.amounts.get("each_board") == 17_000  # 16,500 each and the dead 1,000 blind
    assert "6,900" in r.outcome and "nobody called" in r.outcome


def test_a_pot_told_before_the_bets_is_added_to_them() -> None:
    r = answer("Heads up on the flop, the pot is 42. I bet 40, all in, Frankie calls all in for 15. We run it twice. "
               "What is each board worth?")
    assert r.amounts.get("each_board") == 36 and "42 already in + 30 put in" in r.outcome


def test_a_snap_call_is_a_call() -> None:
    r = answer("200/400, folded to the blinds. SB moved in for 16,000, BB snap-called. They run it twice. What is "
               "each board worth?")
    assert r.amounts.get("each_board") == 16_000


def test_a_string_bet_returns_the_second_trip() -> None:
    r = answer("500/1000, river: S9 bets 2500. Seat 2 puts 4 yellows and 2 purples over the line without a word, "
               "pauses, and goes back to her stack for 1400 more. What is her wager?")
    assert r.citations[0] == "1.6" and r.amounts.get("returned") == 1400 and r.amounts.get("wager") == 5000


def test_a_string_call_returns_what_is_beyond_the_call() -> None:
    from engine.decide import decide
    from engine.facts import Action, Facts

    facts = Facts(street="flop", chips_put_out=1000, chips_added=2500, one_motion=False, put_by="Seat 8",
                  actions=[Action(actor="Seat 7", kind="bet", amount=400), Action(actor="Seat 1", kind="raise",
                                                                                  amount=1400)])
    r = decide(facts, topic="1.6")
    assert r.amounts.get("call") == 1400 and "2,100 back" in r.outcome


def test_an_out_of_turn_bet_that_is_not_binding_says_what_goes_back() -> None:
    r = answer("In a 1/2 game, on the flop, seat 8 bets 12 before seat 6 acts. Seat 6 then bets 10. How much is "
               "returned to seat 8?")
    assert r.citations[0] == "1.8.2" and "the 12 he put in out of turn is returned" in r.outcome


def test_call_said_before_one_big_chip_binds_as_the_first_indication() -> None:
    r = answer("some guy in seat 7 bets 220 on the turn. i say 'call' out loud and then toss a purple in. how much "
               "change am i supposed to get back?")
    assert r.citations[:2] == ["1.2", "1.4.2"] and r.amounts.get("change") == 280
    r = answer("facing a 25 bet i tossed in one black chip (100) didnt say anything and the dealer goes 'call'. how "
               "much change?")
    assert r.citations[0] == "1.4.2"  # the dealer's word is no declaration of the player's


def test_an_amount_said_before_the_chip_hit_the_felt_is_the_bet() -> None:
    r = answer("first to act on the turn. before my chip hit the felt i said 'two hundred', then i put down a single "
               "yellow. what is my bet and what comes back?")
    assert r.citations[0] == "1.1.2.1" and r.amounts.get("change") == 800


def test_a_short_call_told_as_chips_puts_in_the_rest_of_a_short_stack() -> None:
    r = answer("all i had left was a purple and two blacks. the guy shoves 900, i push the purple and say call. "
               "dealer says i'm short. how much more?")
    assert r.citations[0] == "1.1.3.1" and "adds his last 200" in r.outcome and "all-in for 700" in r.outcome


def test_a_raise_declared_with_its_amount_then_several_trips_is_no_string_bet() -> None:
    r = answer("flop, I bet 200. the guy says 'raise to nine hundred' and goes back to his stack three times for the "
               "chips. someone calls string bet. how much more do I put in to call?")
    assert r.citations[0] == "1.6" and "Not a string bet" in r.outcome and "700 more to call" in r.outcome
    assert "taken as said before the chips" in r.outcome  # the order was not told: the assumption is stated


def test_an_amount_said_once_the_chip_is_on_the_felt_is_too_late() -> None:
    r = answer("Seat 2 opens the turn by setting one purple down, and only after it is on the felt does he say "
               "'one fifty'. What is the bet?")
    assert r.citations[0] in ("1.1.2.1", "1.1.2.2") and "The bet is 500" in r.outcome


def test_a_declared_raise_asked_of_the_bettor_says_what_he_owes_to_call() -> None:
    r = answer("Turn: Ken (S1) bets 50, Marco announces raise and pushes 11 blues out all at once. Back to Ken. How "
               "much is it for Ken to call?")
    assert r.amounts.get("to_call_for_bettor") == 60 and "needs 60 more to call" in r.outcome


def test_the_part_of_a_bet_nobody_could_match_goes_back_to_the_bettor() -> None:
    r = answer("2/5, flop, three-way: A shoves 900, B calls all in for 500, C calls all in for 300. How much goes "
               "back to A?")
    assert r.citations[0] == "1.1.3.1" and r.amounts.get("returned") == 400  # 900 less the 500 B matched
    r = answer("Floor, 50/100. Seat 2 has 1,475 before posting the small blind. Seat 7 raises to 2k preflop, Seat 2 "
               "calls, the big blind folds. How much of Seat 7's raise is returned?")
    assert r.amounts.get("returned") == 525  # Seat 2's whole 1,475 is all he can call
    r = answer("Floor, 50/100. Seat 8 started the hand with 2,020. He called a raise to 300, called 500 on the flop "
               "and 600 on the turn. River Seat 4 bets 1,500 and Seat 8 calls all in. How much goes back to Seat 4?")
    assert r.amounts.get("returned") == 880  # all in for the 620 left of his 2,020


def test_a_call_the_caller_can_cover_returns_nothing_of_the_bet() -> None:
    r = answer("Floor, 50/100. Seat 2 has 5,000 before posting the small blind. Seat 7 raises to 2k preflop, Seat 2 "
               "calls, the big blind folds. How much of Seat 7's raise is returned?")
    assert "returned" not in r.amounts


def test_a_side_pot_asked_is_the_chips_above_the_short_all_in() -> None:
    r = answer("i'm in the bb at 25/50. seat 1 jams 800, seat 3 jams 2,500 over the top, sb folds, i call with kings "
               "and i cover both. how big is the side pot between me and seat 3?")
    assert r.amounts.get("side_pot") == 3400 and r.amounts.get("main_pot") == 2425  # (2,500 − 800) × 2
    r = answer("Three-way all-in on the flop: Seat 1 for 1,200, Seat 5 for 3,700, Seat 9 covers both. Walk me "
               "through building the main pot and the side pot.")
    assert "side_pot" not in r.amounts  # how pots are built is asked, not a figure


def test_a_shove_everyone_folds_to_returns_what_nobody_called() -> None:
    r = answer("At 10/20, UTG opens 60, Seat 5 on the button shoves 2,000, both blinds fold, and UTG folds. How much "
               "of Seat 5's shove comes back to him as uncalled?")
    assert r.amounts.get("returned") == 1940 and "everyone else folded" in r.outcome


def test_a_bettor_facing_no_short_all_in_gets_nothing_back_by_this_rule() -> None:
    r = answer("River, seat 2 bets 300. Seat 5 says 'call' and then shoves 900 in. Dealer's asking: how much of that "
               "goes back to seat 5?")
    assert "short of the call goes all in" not in r.outcome  # his own chips in dispute: 1.2, not an all-in for less


def test_a_whole_stack_told_after_the_action_sizes_the_all_in_and_the_short_call() -> None:
    r = answer("Floor, 100/200. Button opens to 600. Small blind has 100 posted and says \"all in\" - he's got 275 "
               "total. Big blind folds. How much of the button's raise comes back?")
    assert r.amounts.get("returned") == 325
    r = answer("Floor ruling needed. 100/200, turn. Seat 3 bets 1,800. Seat 6 says \"call\", but he only had 450 "
               "total left. Everyone else has folded. What goes back to Seat 3?")
    assert r.amounts.get("returned") == 1350
