"""Fact extraction for section 2 (misdeals): patterns for how people describe it.

Staff, players and trainee dealers say the same things many ways: a card is
"flashed", "boxed", "turned face up", "exposed"; the deck was "never boxed",
the dealer "skipped the cut"; "seat 6 got three cards"; "we caught it before
anyone acted"; "two aces of spades in the deck"; "the dealer pointed at seat 7
and skipped seat 6".  The patterns below are for those ways of talking, each
kept general (a kind of phrase, never one question's wording).

Where the words leave a fact open, it stays unset (None) so the rule asks:
"flashed a card" without saying when sets only ``card_exposed``.
"""

from __future__ import annotations

from engine.facts.common import Action
from engine.understanding import rx as re  # cached compiles: see rx.py
from engine.understanding import vocab
from engine.understanding.doc import Doc

NUMBER = {"one": 1, "a single": 1, "single": 1, "two": 2, "both": 2, "three": 3, "four": 4, "five": 5,
          "several": 2, "multiple": 2, "a few": 3, "a couple of": 2, "couple of": 2, "couple": 2}

# -- exposures -------------------------------------------------------------------------------------------------
_CARD_NAME = r"(?:cards?|ace|king|queen|jack|deuce|\w+ of (?:spades|hearts|diamonds|clubs))"
_EXPOSE = re.group(
    r"flash(?:ed|es|ing)?", r"expos(?:ed|es|ing|e)", r"face[- ]?up", r"turn(?:ed|s|ing)? (?:face[- ]?)?up",
    r"turn(?:ed|s|ing)? over", r"flip(?:ped|s|ping)?(?: over| up)?", r"reveal(?:ed|s|ing)?", r"visible",
    r"fell (?:face up|off|out|on the floor)", r"dropped (?:face up|on the floor|off)",
    r"box(?:ed|es|ing)? (?:a |an |my |his |her |their |the |one |seat \d+'?s )?(?:first |second |hole )?" + _CARD_NAME,
    r"boxed", r"(?:saw|seen|see|spotted) (?:a|the|one|an) (?:\w+ )?card",
    r"show(?:ed|s|n|ing)? (?:a|the|one|an) (?:\w+ )?card", r"cards? (?:was|were|got|is) (?:accidentally )?shown",
)
_EXPOSE_RE = re.compile(r"\b" + _EXPOSE + r"\b")
_HOLE = (r"(?:(?:his|her|their|my|your|seat \d+'?s?|s\d+'?s|the player'?s|the guy'?s|villain'?s|opponent'?s|"
         r"neighbou?r'?s|[a-z]+'s) (?:two |2 |both |one |1 |a )?(?:of (?:his|her|their|my) )?(?:hole )?(?:cards?|hand)|"
         r"(?:one |1 |a |both |two )?(?:of (?:his|her|their|my) )?hole cards?)")

# When a card was exposed, by the words nearest the exposure; an explicit "pitch" outranks a board card, which
# outranks looser words for the deal ("dealing", "first card"), which outrank shuffle and cut.
_PHASES: tuple[tuple[str, int, str], ...] = (
    ("pitch", 0, r"\bpitch\w*"),
    ("pitch", 2, r"\b(?:deal(?:ing|t|s)?(?! (?:the |it|them )?(?:flop|turn|river|board|it\b|them\b))|first card|"
                 r"second card|hole cards? (?:was|were) (?:being )?dealt)\b"),
    ("cut", 3, r"\b(?:cut|cuts|cutting)\b(?! card)"),
    ("shuffle", 3, r"\b(?:shuf+l\w*|wash(?:ing|ed)?|rif+l\w*|scrambl\w*)\b"),
)
_NEUTRAL = (r"(?:face[- ]?up|turn(?:ed|s|ing)? (?:face[- ]?)?up|turn(?:ed|s|ing)? over|"
            r"flip(?:ped|s|ping)?(?: over| up)?|reveal(?:ed|s|ing)?|visible|show(?:ed|s|n|ing)? .*)")
_ERROR = re.compile(r"\b(?:flash\w*|expos\w*|accidental\w*|by mistake|mistakenly|dropp\w*|fell|box(?:ed|ing)|"
                    r"prematurely|premature|too early|too soon|early|wrong|error)\b")
_BOARD_NOUN = re.compile(r"\b(flop|turn|river)\b(?! betting| action| round| bet\b)")
_BOARD_EXPOSE = re.compile(
    r"\b(?:" + _EXPOSE + r"|dealt|deals?|dealing|put(?:s|ting)? out|peel(?:s|ed|ing)?|roll(?:s|ed|ing)?|"
    r"spread(?:s|ing)?|came|comes|burn(?:s|ed|t)? and turn(?:s|ed)?|turned|turns)\b"
)
# Exposed before the betting round was over: "too soon", "before seat 4 acted", "with action pending".
_BEFORE_WHOM = re.group(
    r"seat \d+", r"s\d+", r"the (?:big|small) blind", r"the bb", r"the sb", r"the button", r"utg", r"everyone",
    r"everybody", r"all (?:the )?players", r"the last (?:player|guy|person)", r"the other (?:player|guy)", r"he",
    r"she", r"i", r"they", r"anyone", r"villain", r"my opponent", r"the player", r"the guy", r"\w+",
)
_BEFORE_ACTED = re.group(
    r"acted", r"act", r"called", r"call", r"finished", r"decided", r"made (?:a|his|her) (?:decision|move)",
    r"had a chance", r"checked", r"folded",
)
_EARLY = re.compile(r"(?<!\w)" + re.group(
    r"early(?! position)", r"too soon", r"prematurely", r"premature", r"jump(?:ed|s)? the gun",
    r"before (?:the )?(?:\w+ )?(?:betting|action)(?: round)? (?:was |is |had been |has been |were )?"
    r"(?:done|complete|completed|finished|over|closed|ended)",
    r"before " + _BEFORE_WHOM + r" (?:had |has |could |got to |was able to )?(?:even |yet |already )?" + _BEFORE_ACTED,
    r"while (?:seat \d+|he|she|the player|i|\w+) (?:was |is )?(?:still )?(?:thinking|deciding|tanking|in the tank|"
    r"considering)",
    r"(?:was|is|were) still (?:thinking|deciding|tanking|in the tank|considering|to act)",
    r"(?:action|betting) (?:was |is )?(?:still )?(?:pending|not (?:done|complete|finished|over))",
    r"(?:action|betting)(?: round)?(?: (?:on|in) the (?:flop|turn|river|preflop))? "
    r"(?:isn'?t|is not|wasn'?t|was not|hadn'?t been|had not been|hasn'?t been|has not been) "
    r"(?:yet )?(?:done|complete|completed|finished|over|closed)",
    r"(?:hadn'?t|had not|didn'?t|did not|hasn'?t|has not) (?:yet )?(?:acted|act|called|finished|been completed)",
    r"(?:still )?(?:one|two|three|a|some|more|\d) (?:more )?players? (?:still |left )?(?:still )?(?:left )?to act",
    r"with action pending", r"(?:there was |there'?s |there is |with )?still action",
))
_COMPLETE = re.compile(
    r"\b(?:after (?:the )?(?:\w+ )?(?:betting|action)(?: round)? (?:was |had been |is )?"
    r"(?:done|complete|completed|finished|over|closed)|(?:betting|action)(?: round)? (?:was|had been|is) "
    r"(?:already )?(?:done|complete|completed|finished|over|closed))\b"
)
_BY_PLAYER = re.compile(
    r"\b(?:own (?:hole )?card|player (?:himself|herself)|(?:the player|seat \d+|i) (?:accidentally )?"
    r"(?:flipped|exposed|turned over|dropped|flashed) (?:his|her|my|their) (?:own )?(?:first |second )?card)\b"
)
_SEEN = re.group(
    r"saw", r"seen", r"see", r"sees", r"seeing", r"could see", r"can see", r"spotted", r"glimpsed",
    r"caught a glimpse of", r"got a (?:look|peek) at", r"read",
)
_HOLE_SEEN = re.compile(re.either(
    r"\b" + _SEEN + r"\b(?: both(?: of)?| one of| all of)? (?:the )?" + _HOLE,
    r"\b(?:saw|seen|see) (?:both|one|all) of (?:them|em|'em)\b",
    r"\bsaw both\b",
    _HOLE + r" (?:was|were|got|are|is|have been|has been|had been)(?: accidentally)? "
    r"(?:exposed|seen|visible|flashed|showing)",
    r"\b(?:flash(?:ed|es|ing)?|expos(?:ed|es|ing))\b (?:both of )?" + _HOLE
    + r"\b(?! to (?:his|her|their|my|a|the|an|seat|s\d|one|another|someone))",
))
_HAND_OVER = re.compile(
    r"\b(?:after the hand|hand (?:was|is|had) (?:over|done|finished|ended)|at showdown|after showdown|"
    r"end of the hand|between hands)\b"
)
_HAND_LIVE = re.compile(
    r"\b(?:mid-?hand|during the hand|in the middle of (?:the|a) hand|on the (?:flop|turn|river)|still in the hand|"
    r"live cards|preflop|while (?:we|they|he|she) (?:were|was|are|is) (?:still )?(?:playing|in the hand))\b"
)


def _phase_near(t: str, start: int, end: int) -> tuple[int, int, str] | None:
    """(rank, distance, phase) of the words for a stage of the deal nearest an exposure."""
    lo = max(0, start - 70)
    best: tuple[int, int, str] | None = None
    for phase, rank, pat in _PHASES:
        for p in re.finditer(pat, t[lo: end + 70]):
            cand = (rank, abs(lo + p.start() - start), phase)
            if best is None or cand[1] < best[1]:
                best = cand
    return best


def _exposures(doc: Doc, t: str) -> bool:
    """Cards exposed by the dealer or in the deck: when, by whom, how many. True when one was found."""
    found: list[tuple[int, int, str]] = []
    any_exposure = False
    for m in _EXPOSE_RE.finditer(t):
        if not _dealer_exposure(t, m):
            continue
        any_exposure = True
        near = _phase_near(t, m.start(), m.end())
        if near:
            found.append(near)
    board = _board_exposure(doc, t)
    if board is not None:
        any_exposure = True
        found.append((1, 0, "board"))
    if not any_exposure:
        return False
    doc.set("card_exposed", True)
    if found:
        # A comparison ("flashed while shuffling vs boxed while pitching") is ruled on the case that is not a
        # misdeal, whose ruling draws the contrast with 2.1.1.
        doc.set("card_exposed_during", min(found)[2])
    _exposed_by_and_count(doc, t)
    return True


def _dealer_exposure(t: str, m: re.Match[str]) -> bool:
    """Whether the words of exposure at ``m`` tell of a card exposed in dealing (2.1.1) and not of something else.

    Not: a player's own cards shown or seen in play (2.7) or at showdown, a request to show, a flop turned face
    up as flops are, or words of exposure with no card near them.
    """
    around = t[max(0, m.start() - 60): m.end() + 60]
    dealing = re.search(r"\b(?:pitch\w*|deal(?:ing|t)?)\b", around)
    own_hand = (re.match(r"\s*(?:both of )?" + _HOLE, t[m.end(): m.end() + 40]) or re.search(_HOLE, m.group(0))
                or re.search(_HOLE + r"\s*(?:\w+\s*)?$", t[max(0, m.start() - 30): m.start()]))
    if own_hand and not dealing:
        return False  # a player's own cards shown or seen during play (2.7, below) or at showdown
    if re.search(r"\b(?:wants?|wanted|asks?|asked|tells?|told|makes?|made|needs?|needed|has|have) (?:me|him|her|them|us)"
                 r"(?: to)?\s*$|\b(?:have|has|had|need|needs) to\s*$|\bshould i\s*$|\bdo i (?:have to|need to)\s*$",
                 t[max(0, m.start() - 30): m.start()]):
        return False  # a request to show ("the dealer wants me to flip both cards"), not a card exposed
    if re.fullmatch(_NEUTRAL, m.group(0)) and re.search(r"\b(?:flop|turn|river|board)\b", around) \
            and not _ERROR.search(around):
        return False  # "the dealer turned the flop face up" is how a flop is dealt
    return bool(re.search(r"\b" + _CARD_NAME + r"\b|\b(?:flop|turn|river)\b", around))


def _exposed_by_and_count(doc: Doc, t: str) -> None:
    """Who exposed the card (a player's own exposure is not a misdeal) and how many cards were exposed."""
    if _BY_PLAYER.search(t):
        doc.set("exposed_by", "player")
    elif re.search(r"\bdealer\b", t):
        doc.set("exposed_by", "dealer")
    m = re.search(r"\b(2|3|two|three|both|several|multiple) (?:of (?:the|my|his) )?(?:hole )?cards (?:were |got |are )?"
                  r"(?:\w+ )?(?:flashed|exposed|boxed|turned|face up|flipped)|\b(?:flashed|exposed|boxed|flipped) "
                  r"(2|3|two|three|both|several) cards\b", t)
    if m:
        word = m.group(1) or m.group(2)
        doc.set("cards_exposed", int(word) if word.isdigit() else NUMBER[word])


def _board_exposure(doc: Doc, t: str) -> int | None:
    """A flop, turn or river card exposed (or dealt) early: where it is mentioned, and which card."""
    early = _EARLY.search(t)
    card: str | None = None
    pos: int | None = None
    burn = re.search(r"\bburn(?:ed|t|s)? and turn(?:ed|s)?\b(?: (?:out |over )?the (flop|turn|river)\b)?", t)
    if burn:
        card, pos = burn.group(1) or "turn", burn.start()
    else:
        for m in _BOARD_NOUN.finditer(t):
            before = t[max(0, m.start() - 40): m.start()]
            after = t[m.end(): m.end() + 40]
            if _BOARD_EXPOSE.search(before) or re.match(r"\s*(?:card\s+)?(?:was |got |had been |is |came )?(?:\w+ )?"
                                                        r"(?:flashed|exposed|dealt|turned|shown|revealed|out|early|"
                                                        r"prematurely|face up)", after):
                if m.group(1) == "turn" and re.search(r"\b(?:his|her|my|their|your) $", before):
                    continue  # "his turn" is whose turn to act, not the turn card
                card, pos = m.group(1), m.start()
                break
    if card is None:
        return None
    exposed_word = _ERROR.search(t[max(0, (pos or 0) - 50): (pos or 0) + 50])
    if not early and not exposed_word:
        return None  # "dealt the turn", "turned the flop face up" is just dealing it
    doc.set("board_card_exposed", card)
    if early:
        doc.set("betting_round_complete", False)
    elif _COMPLETE.search(t):
        doc.set("betting_round_complete", True)
    return pos


_OWN_FLIP = re.compile(
    r"\b(?:flip(?:ped|s|ping)?|turn(?:ed|s|ing)?|show(?:ed|s|ing)?|expos(?:ed|es|ing)) " + _HOLE
    + r"\b(?: (?:over|up|face up))?(?! to )"
)


def _hole_cards(doc: Doc, t: str) -> None:
    """A player's hole cards seen by others while the hand goes on (2.7)."""
    if "card_exposed_during" in doc.found:
        return
    # A player turning his own cards up counts only mid-hand: at showdown that is how hands are tabled.
    flipped = _OWN_FLIP.search(t) and (_EARLY.search(t) or _HAND_LIVE.search(t)) and not re.search(
        r"\b(?:showdown|tabled?|muck(?:ed)?|show first)\b", t)
    # "A player accidentally flashes a hole card to the player beside him": his own cards, not a dealing error.
    if re.search(r"\bflash(?:ed|es)? (?:me|us|him|her) (?:both |one of )?(?:his|her|their) (?:hole )?cards\b", t):
        doc.found.pop("card_exposed", None)
        doc.set("hole_cards_seen", True)
        return
    player_flash = re.search(r"\b(?:player|he|she|guy|i|seat \d+|villain|neighbou?r)\b[^.]{0,30}\b(?:accidentally|by accident|"
                             r"carelessly|sloppily)?\s*(?:flash(?:ed|es|ing)?|expos(?:ed|es|ing)|show(?:ed|s|ing)?)\b[^.]{0,12}"
                             r"\bhole cards?\b[^.]{0,30}\bto\b", t) and re.search(r"\baccident|\bcareless|\bsloppy|\bby mistake\b", t)
    if not (_HOLE_SEEN.search(t) or flipped or player_flash):
        return
    if player_flash:
        doc.found.pop("card_exposed", None)
    doc.set("hole_cards_seen", True)
    if _HAND_OVER.search(t):
        doc.set("hand_in_progress", False)
    elif _HAND_LIVE.search(t):
        doc.set("hand_in_progress", True)


# -- the shuffle ---------------------------------------------------------------------------------------------------
_NEG = (r"(?:no|never|didn'?t|did not|doesn'?t|does not|without(?: ever)?(?: a| the| any| doing(?: a| the)?)?|"
        r"skip(?:ped|s|ping)?(?: the| a)?|forgot(?: to)?(?: do)?(?: the| a)?|missed(?: the| a)?|"
        r"omit(?:ted|s)?(?: the)?|"
        r"left out(?: the)?|wasn'?t|was not|weren'?t|were not|not)")
_STEP_FAULTS: tuple[tuple[str, str], ...] = (
    ("final_riffle", r"\b(?:" + _NEG + r")\s+(?:\w+\s+)?(?:last |final |third |second )?riffl\w* after (?:the )?box"
                     r"|\b(?:skipped|missed|forgot) the (?:last|final|third) riffle"),
    ("wash", r"\b(?:" + _NEG + r")\s+(?:\w+\s+)?wash(?:ed|ing)?\b"),
    ("riffle", r"\b(?:" + _NEG + r")\s+(?:\w+\s+)?riffl\w*(?! after)|\b(?:only|just) (?:one|a single|1) riffl\w*(?! after)|"
               r"\b(?:only|just) riffl\w*(?: it| the deck)? "
               r"(?:once|one time|1 time|twice)\b|\briffl\w*(?: it| the deck)? only (?:once|one time|1 time)\b"),
    ("box", r"\b(?:" + _NEG + r")\s+(?:\w+\s+)?box(?:ed|ing)?\b(?!\s+(?:a |the |my |his |an )?(?:card|ace|king))"),
    ("cut_card", r"\bcut card\b[^.]{0,30}\b(?:on (?:the )?top|at the top|in the middle|not (?:at|on|to) the bottom)\b"
                 r"|\b(?:" + _NEG + r")\s+(?:\w+\s+){0,2}(?:put|place|placed|putting|placing|move|moved)"
                 r"\s+the cut card"),
    ("cut", r"\b(?:" + _NEG + r")\s+(?:\w+\s+)?(?:cut|cutting)\b(?! card)|\buncut\b"),
)
_IMPROPER = re.compile(re.either(
    r"\b(?:not|\w+n'?t|never|without|forgot to|no) (?:been |being |even |got |get )?(?:properly |fully |even |"
    r"correctly |re-?)?(?:shuffl\w*)\b",
    r"\bimproper(?:ly)? (?:shuffl|cut)\w*",
    r"\b(?:shuffle|cut) (?:was|were) (?:wrong|bad|incomplete|improper|skipped|short|done wrong)",
    r"\bskipped (?:a |one |some )?(?:steps?|parts?) (?:of|in) the shuffle",
    r"\bwrong (?:shuffle|shuffling)", r"\bincomplete shuffle",
))
_PROCEDURE_Q = re.compile(re.either(
    r"\b(?:shuffl\w*) (?:procedure|process|steps?|routine|sequence|order|rules?)\b",
    r"\bhow (?:do|does|should|must|is|are|many)\b[^.?]{0,30}\b(?:shuffl\w*|riffl\w*|wash\w*|box\w*)\b",
    r"\bhow many (?:riffles|washes|cuts|boxes)\b", r"\b(?:first|last|final|next) step\b",
    r"\bwhat (?:comes|goes|happens|step) (?:after|before|first|next|last)\b",
    r"\bwhere (?:does|do|should|is) the cut card\b", r"\b(?:house|our|the) shuffle (?:begin|start|end|finish)s?\b",
    r"\b(?:begin|start|end|finish)s? with (?:a |the )?(?:wash|riffle|box|cut)\b",
    r"\bis (?:that|this|it) (?:how|the way) (?:the |you |we )?(?:house )?shuffle",
    r"\bsupposed to (?:go|shuffle|be shuffled)\b",
    r"\bis (?:that|this) the (?:house|correct|proper|right) shuffle\b",
    r"\bafter (?:the )?(?:dealer |she |he |you )?box(?:es|ed|ing)?\b",
    r"\b(?:proper|correct|right|official|standard) (?:way to )?(?:shuffl\w*)\b", r"\bsteps? (?:of|in) (?:the )?shuffl\w*",
))

_ASKED_STEPS: tuple[tuple[str, str], ...] = (
    ("wash", r"\bwash\w*|\bfirst step\b|\b(?:start|begin)s?\b"),
    ("final_riffle", r"\bafter (?:the )?(?:dealer |she |he |you )?box\w*"),
    ("riffle", r"\briffl\w*(?! after)"),
    ("box", r"\bbox(?:ed|ing|es)?\b(?! card)"),
    ("cut_card", r"\bcut card\b"),
    ("cut", r"\bcut(?:ting|s)?\b(?! card)|\b(?:last|final) step\b"),
)


_STEP_WORD = r"(?:(?:the |one |a |two )?(?:wash(?:es|ed)?|riffl(?:e|es|ed)|box(?:es|ed)?|cut(?:s)?))"
_SEQUENCE = re.compile(r"\b(" + _STEP_WORD + r"(?: once| twice| again)?(?:(?:\s*,\s*|\s+then\s+|\s*,\s*then\s+|\s+and\s+|"
                       r"\s*,\s*and\s+|\s*-\s*)" + _STEP_WORD + r"(?: once| twice| again)?){3,})\b")


def _sequence(t: str) -> list[str] | None:
    """ "wash, riffle, riffle, riffle, box, cut" as the steps in order."""
    m = _SEQUENCE.search(t)
    if not m:
        return None
    out = []
    for w in re.finditer(_STEP_WORD + r"(?: (once|twice|again))?", m.group(1)):
        word = re.sub(r"^(?:the|one|a|two) ", "", w.group(0))
        step = {"w": "wash", "r": "riffle", "b": "box", "c": "cut"}[word[0]]
        out.extend([step] * (2 if w.group(1) == "twice" or w.group(0).startswith("two ") else 1))
    return out


def _shuffle(doc: Doc, t: str) -> None:
    """A skipped or botched step of the 2.8 shuffle (2.1.2), or a question about the procedure."""
    seq = _sequence(t)
    about_a_hand = re.search(r"\bmis-?deal|\bdealt\b|\bpitch|\bsubstantial|\bhand\b|\bblinds?\b|\bnoticed\b|\bacted\b|"
                             r"\bspotted\b|\bwent out\b", t)
    if re.search(r"^\s*(?:after|once|when) (?:a|the) misdeal\b|\bafter (?:a|the) misdeal (?:is|has been|was) (?:declared|called)\b", t):
        return  # what happens after a misdeal (2.2), not a faulty shuffle
    if seq and not about_a_hand:
        doc.set("shuffle_sequence", seq)
    elif seq and seq != ["wash", "riffle", "riffle", "box", "riffle", "cut"]:
        doc.set("properly_shuffled", False)  # a hand was dealt from a shuffle that was not the house shuffle
    if _PROCEDURE_Q.search(t) and not about_a_hand:
        doc.set("asks_shuffle_procedure", True)
    faults = _faulty_steps(t)
    if faults or _IMPROPER.search(t):
        doc.set("properly_shuffled", False)
        if faults:
            doc.set("shuffle_steps", [s for _p, s in sorted(faults)])
        return
    if _PROCEDURE_Q.search(t):
        doc.set("asks_shuffle_procedure", True)
        steps = _steps_asked(t)
        if steps:
            doc.set("shuffle_steps", steps)


def _faulty_steps(t: str) -> list[tuple[int, str]]:
    """(position, step) for each step said to be skipped or botched, once each: the ruling names them in order.

    A missing final riffle is not also a missing riffle.
    """
    faults: list[tuple[int, str]] = []
    for step, pat in _STEP_FAULTS:
        for m in re.finditer(pat, t):
            if not any(s == step for _p, s in faults):
                if step == "riffle" and any(s == "final_riffle" for _p, s in faults):
                    continue
                faults.append((m.start(), step))
    return faults


def _steps_asked(t: str) -> list[str]:
    """The steps a question about the shuffle asks about, in the order named, so the answer quotes those steps."""
    asked: list[tuple[int, str]] = []
    for step, pat in _ASKED_STEPS:
        m = re.search(pat, t)
        if m and not any(s == step for _p, s in asked):
            asked.append((m.start(), step))
    steps = [s for _p, s in sorted(asked)]
    if "final_riffle" in steps and "box" in steps:
        steps.remove("box")  # "what comes after the box" asks about the riffle, not the box
    return steps


# -- dealing errors ----------------------------------------------------------------------------------------------
_DEAL = r"(?:deal|deals|dealt|dealing|pitch|pitches|pitched|pitching)"
_OUT_OF_ORDER = re.compile(re.either(
    r"\b" + _DEAL + r"\b[^.]{0,30}\bout of order\b", r"\bout of order\b[^.]{0,20}\b" + _DEAL + r"\b",
    r"\b(?:start(?:ed|s|ing)?|began|begins?|beginning)\b(?: the)?(?: deal| dealing| pitching| to deal| to pitch)?"
    r"(?: the cards)? (?:with|to|on|at|from) the wrong (?:player|seat|person|spot|position|side)\b",
    r"\bfirst card\b[^.]{0,25}\bto (?:the )?(?:wrong|button|dealer button|big blind|bb)\b",
    r"\b" + _DEAL + r"\b[^.]{0,40}\binstead of (?:the |seat )?\w+",
    r"\b" + _DEAL + r"\b[^.]{0,40}\bskipp(?:ed|ing)\b",
    r"\bskipp(?:ed|ing) (?:over )?(?:seat \d+|a seat|a player|me|him|her|someone)\b[^.]{0,30}\b" + _DEAL + r"\b",
    r"\b(?:seat \d+|i|he|she) (?:was|got) skipped (?:in|on|during|when|while) (?:the )?" + _DEAL,
    r"\b" + _DEAL + r" (?:the )?(?:cards )?(?:in the )?wrong (?:order|direction|way)\b",
    r"\b" + _DEAL + r" (?:counter-?clockwise|backwards)\b", r"\bwrong order\b[^.]{0,20}\b(?:deal|dealt|cards)\b",
))
_RECV = (r"(?:got|gets|get|getting|received|receives|receive|was dealt|were dealt|been dealt|is dealt|dealt|"
         r"ended up with|ends up with|end up with|has|had|have|having|holding|holds|held|with|looking at)")
_COUNT = re.compile(
    r"\b(?:" + _RECV + r"|(?:gave|gives|pitched|dealt) (?:seat \d+|s\d+|him|her|me|the \w+(?: \w+)?|\w+))"
    r" (?:only |just |an? )?(1|3|4|5|one|three|four|five|a single) (?:hole )?cards?\b"
    r"(?! (?:to )?(?:each|every|at a time|face|exposed|flashed|boxed))"
)
_WRONG_COUNT = re.compile(
    r"\b(?:an? )?extra (?:hole )?card\b(?! (?:in|from) the (?:deck|pack))|\btoo (?:many|few) (?:hole )?cards\b|"
    r"\b(?:wrong|incorrect) number of (?:hole )?cards\b|\b(?:is|was|were) (?:missing|short|shy) (?:a|one|1) (?:hole )?"
    r"card\b|\bonly (?:one|1) hole card\b|\b(?:3|4|three|four) hole cards\b"
)
# The error cannot be put right: "can't tell which card was whose", "all mixed up".
_CANNOT = re.group(
    r"can ?not", r"can'?t", r"cannot", r"couldn'?t", r"could not", r"no way to", r"unable to", r"impossible to",
    r"not possible to", r"wasn'?t able to", r"weren'?t able to",
)
_PUT_RIGHT = re.group(
    r"rectif\w*", r"fix\w*", r"correct\w*", r"sort\w*", r"straighten\w*", r"undo", r"undone", r"put right",
    r"repair\w*", r"tell which", r"know which", r"figure out which", r"separate\w*", r"untangle\w*", r"identif\w*",
    r"determine\w*", r"tell", r"know",
)
_NOT_RECTIFIABLE = re.compile(re.either(
    r"\b" + _CANNOT + r"\b(?: be)? (?:\w+ )?" + _PUT_RIGHT,
    r"\b(?:all )?mixed (?:up|together)\b", r"\bjumbled\b",
    r"\bnot (?:be )?(?:rectifiable|fixable|correctable)\b", r"\b(?:unrectifiable|unfixable|irreparable)\b",
    r"\bno way of (?:knowing|telling)\b",
))
_RECTIFIABLE = re.compile(re.either(
    r"\b(?:can|could) (?:easily |just |simply )?(?:be )?(?:rectified|fixed|corrected|sorted out|put right)\b",
    r"\b(?:can|could) (?:easily |just |simply )?(?:fix|rectify|correct|sort out|put right|straighten out) "
    r"(?:it|that|this|the error|the mistake|the cards)\b",
    r"\b(?:dealer|he|she|we) (?:just |simply )?(?:moved|slid|gave|passed|handed) (?:the|that) card\b",
))


def _dealing_errors(doc: Doc, t: str) -> None:
    """Cards dealt out of order (2.1.3), the wrong number of hole cards (2.1.4), and whether it can be put right."""
    if _OUT_OF_ORDER.search(t):
        doc.set("dealt_out_of_order", True)
    m = _COUNT.search(t)
    # "the flop had 4 cards" is a board; "tabled only one card" is showdown (1.12), not a dealing error.
    not_dealt = m is not None and re.search(r"\b(?:flop|board|tabled?|showed|shows|show|turned over|flipped|revealed)"
                                            r"\b[^.]{0,20}$", t[: m.start()])
    shown = re.search(r"\b(?:tabled?|showed|shows|turned over|flipped|revealed) only (?:one|1) hole card", t)
    if m and not not_dealt:
        word = m.group(1)
        n = int(word) if word.isdigit() else NUMBER.get(word, 1)
        doc.set("wrong_card_count", True)
        doc.set("cards_received", n)
    elif _WRONG_COUNT.search(t) and not shown:
        doc.set("wrong_card_count", True)
    if _NOT_RECTIFIABLE.search(t):
        doc.set("error_rectifiable", False)
    elif _RECTIFIABLE.search(t):
        doc.set("error_rectifiable", True)


# -- when it was noticed ----------------------------------------------------------------------------------------------
_NO_SUBSTANTIAL = re.compile(
    r"\b(?:no|without|before(?: any)?|prior to(?: any)?) substantial action\b|\bsubstantial action (?:has|had|have) "
    r"(?:not|yet to)\b|\bnot (?:yet )?(?:had )?substantial action\b|\b(?:hasn'?t|hadn'?t|has not|had not) been "
    r"(?:any )?substantial action\b"
)
_SUBSTANTIAL = re.compile(
    r"\b(?:after|once|following) (?:the )?(?:preflop|flop|turn) betting\b|\bafter (?:the )?(?:flop|turn|river) (?:came|was dealt)\b|"
    r"\b(?:after|once|with|following) substantial action\b|\bsubstantial action (?:has|had|have) (?:already )?"
    r"(?:occurred|happened|taken place|been made|started)\b"
)
# No one had acted yet: "before anyone acted", "nobody had put chips in".
_ANYONE = re.group(
    r"anyone", r"anybody", r"any player", r"any of us", r"a single player", r"the first player", r"the first person",
    r"utg", r"under the gun", r"a player", r"players", r"we", r"they", r"the players",
)
_NO_ACTION = re.compile(re.either(
    r"\bbefore " + _ANYONE + r"(?: had| has| could| got to| even)? (?:acted|act|acts|"
    r"did anything|made a move|made a decision|put (?:in )?(?:any )?chips|bet|called)\b",
    r"\bbefore (?:any|the first) (?:action|bets?|betting|decision)\b",
    r"\bbefore (?:the )?action (?:started|began|begun)\b",
    r"\b(?:nobody|no one|no-one|noone)(?:'s|'d)? (?:had |has |have )?(?:yet )?(?:acted|act|done anything|made a move|"
    r"put (?:in )?chips)\b",
    r"\bno action (?:yet|had|has)\b", r"\b(?:no|zero) actions? (?:had been|has been|yet|taken)\b",
    r"\baction (?:hadn'?t|had not|has not|hasn'?t) (?:yet )?(?:started|begun)\b",
))
_ACTED = re.compile(
    r"\b(?:after )?(\d+|two|three|four|five|several|a few|a couple of|couple of) (?:players?|people|guys|seats|of them)"
    r"(?: had| have)?(?: already)? (acted|called|folded|limped|raised|checked|put (?:in )?chips|bet)\b"
)
# The street the error came to light on; each alternative captures the street once.
_NOTICED = r"(?:noticed|discovered|realized|realised|found|caught|spotted|pointed out|found out|figured out)"
_NOTICED_ON = re.compile(re.either(
    r"\b" + _NOTICED + r"\b[^.]{0,50}\b(?:on|after|during) the (flop|turn|river)\b",
    r"\b(?:on|after|during) the (flop|turn|river)\b[^.]{0,50}"
    r"\b(?:noticed|discovered|realized|realised|caught|spotted|pointed out|found out)\b",
    r"\bafter the (flop|turn|river) (?:came|was dealt|hit|had been dealt)\b",
    r"\b(?:we'?re|we are|we were|already|now) (?:already |now )?on the (flop|turn|river)\b",
))


_ACTION_NOUNS = re.compile(r"\b(a|an|one|two|three|four|\d) (raise|call|bet|fold|check|limp|re-?raise)s?\b"
                           r"(?! (?:to|of|chip|the))")


def _when_noticed(doc: Doc, t: str) -> None:
    """How much action there had been when the error came to light."""
    if _NO_SUBSTANTIAL.search(t):
        doc.set("substantial_action", False)
    elif _SUBSTANTIAL.search(t):
        doc.set("substantial_action", True)
    if _NO_ACTION.search(t):
        doc.set("actions_taken", 0)
    else:
        m = _ACTED.search(t)
        if m:
            word = m.group(1)
            n = int(word) if word.isdigit() else NUMBER.get(word.replace("a couple of", "couple of"), 2)
            doc.set("actions_taken", n)
            verb = m.group(2)
            if verb in ("called", "limped", "raised", "bet") or verb.startswith("put"):
                doc.set("chips_action", True)
        else:
            # "a raise and two calls before anyone noticed"
            nouns = [(NUMBER.get(c, 1) if not c.isdigit() else int(c), k) for c, k in _ACTION_NOUNS.findall(t)]
            if nouns:
                doc.set("actions_taken", sum(n for n, _k in nouns))
                if any(k not in ("fold", "check") for _n, k in nouns):
                    doc.set("chips_action", True)
    m = _NOTICED_ON.search(t)
    if m:
        doc.set("noticed_on", next(g for g in m.groups() if g))


# -- the deck ---------------------------------------------------------------------------------------------------------
_RANKS = r"(?:aces?|kings?|queens?|jacks?|tens?|nines?|eights?|sevens?|six(?:es)?|fives?|fours?|threes?|treys?|twos|" \
         r"deuces?|\d+s?)"
_FOREIGN = re.compile(re.either(
    r"\b(?:two|2|double|duplicate|second|another|extra) " + _RANKS + r" of (?:spades|hearts|diamonds|clubs)\b",
    r"\bduplicate (?:card|cards|ace|king|queen|jack)\b", r"\b(?:two|2) of the same card\b",
    r"\b(?:53|54|fifty[- ]three|fifty[- ]four) cards\b", r"\bjoker\b",
    r"\b(?:" + vocab.alternation(vocab.words("cards", "back_colours")) + r"|different|wrong)[- ]back(?:ed)?\b",
    r"\bdifferent colou?r(?:ed)? backs?\b",
    r"\bfrom (?:another|a different|the other) deck\b", r"\bdoes(?:n'?t| not) belong (?:to|in) (?:the|this|our) deck\b",
    r"\b(?:different|wrong|odd|another|red|blue) (?:colou?r(?:ed)? )?backs?\b",
    r"\bfrom (?:another|a different|the other|the wrong|an old|another table'?s) deck\b", r"\bforeign card\b",
    r"\bextra card (?:in|from) the (?:deck|pack)\b",
    r"\b(?:doesn'?t|does not|didn'?t|did not) (?:belong|form part)\b[^.]{0,20}\bdeck\b",
    r"\bnot (?:part of|from) (?:the|this|our) deck\b",
    r"\b(?:showed up|appeared|came out|turned up) twice\b",
))
_MISSING = re.compile(re.either(
    r"\b(?:card|cards|ace|king|queen|jack|\w+ of (?:spades|hearts|diamonds|clubs)) (?:is |was |are |were |went |goes |"
    r"had gone |has gone )?(?:(?:found|discovered|noticed|seen) (?:to be )?)?missing\b(?! a)",
    r"\bmissing (?:a |one |the |1 )?(?:card|cards|\w+ of (?:spades|hearts|diamonds|clubs)) (?:from|in|out of) the "
    r"(?:deck|pack)\b",
    r"\b(?:deck|pack) (?:is|was|had been) (?:short|missing|incomplete)\b",
    r"\b(?:only )?(?:51|50|fifty[- ]one) cards\b",
    r"\bcard (?:is |was )?(?:found |lying )?(?:on the floor|under the table|under the rack|on the ground|"
    r"in the chip tray)\b",
    r"\b(?:can'?t|cannot|couldn'?t|could not) find (?:the|a|one) (?:card|\w+ of \w+)\b",
    r"\bmissing from the (?:deck|pack)\b",
))

_PREVIOUS = re.compile(
    r"\b(?:previous|earlier|prior|past|last|completed|finished|old)(?: \w+)? (?:hands?|rounds?|pots?)\b|"
    r"\bhands? (?:that )?(?:we |were |you |they )?(?:already |previously )?(?:played|finished|completed)\b|"
    r"\bhands? before\b|\b(?:\d+|two|three|a few|a couple of) hands? ago\b"
)
_THIS_HAND = re.compile(r"\b(?:this|that|the current|current) (?:hand|round)\b")


def _deck(doc: Doc, t: str) -> None:
    """A card missing from the deck, or one that is not part of it (2.4)."""
    if _FOREIGN.search(t):
        doc.set("deck_defect", "foreign")
    elif _MISSING.search(t):
        doc.set("deck_defect", "missing")
    else:
        return
    wants_back = re.search(r"\b(?:get|gets|wants?|wanted|asks? for|asked for) (?:it|(?:my|his|her|the|that) "
                           r"(?:pot|money|chips)) back\b|\brefund\b|\breplay(?:ed)?\b|"
                           r"\b(?:reverse|undo|overturn)(?:d)? (?:the|that|my)\b", t)
    if _PREVIOUS.search(t) and (wants_back or not _THIS_HAND.search(_PREVIOUS.sub(" ", t))):
        doc.set("asks_previous_rounds", True)


# -- declaring a misdeal, and what follows ----------------------------------------------------------------------
_MISDEAL = r"(?:mis-?de[ae]l(?:s|t|ed)?|re-?deal)"
# Who called the misdeal, then a verb of calling or demanding, then the word.
_CALLERS = (r"(dealer|floor(?:man| person| staff)?|supervisor|manager|td|tournament director|staff|player|players|he|"
            r"she|i|we|seat \d+|s\d+|villain|guy|someone|somebody|opponent|kid|everyone|the table|utg|bb|sb|button)")
_CALLING = re.group(
    r"calling", r"called", r"calls", r"call", r"declared", r"declares", r"declare", r"declaring", r"yelled", r"yells",
    r"yelling", r"shouted", r"shouts", r"shouting", r"screamed", r"screams", r"screaming", r"demanded", r"demands",
    r"demanding", r"wants", r"wanted", r"asked for", r"asks for", r"asking for", r"claims", r"claimed", r"claiming",
    r"insist(?:s|ed)? on", r"cried", r"cries", r"crying",
)
_CALLER = re.compile(
    r"\b" + _CALLERS + r"\b[^.?!]{0,15}?\b(?:is |was |were |are |keeps? |started )?" + _CALLING
    + r"(?: for)?(?: it)?(?: a| the)?\s*['\"]?\s*" + _MISDEAL + r"\b"
)
_DECLARED = re.compile(
    r"\b" + _MISDEAL + r" (?:is|was|has been|had been|gets|got|being|been) (?:declared|called|ruled)\b|"
    r"\b(?:declared?|declares|declaring|ruled|rules) (?:it )?(?:a )?" + _MISDEAL + r"\b|"
    r"\b(?:after|following|in the event of|when there'?s|when there is|if there'?s|if there is|once there'?s|"
    r"once) (?:a |the )?" + _MISDEAL + r"\b"
)
_CONSEQUENCES = re.compile(re.either(
    r"\b(?:what happens to|happens with|what about|who gets) (?:the |my |his |our |their |those |these |all )?"
    r"(?:blinds?|bets?|chips|money|button|antes?|pot)\b",
    r"\b(?:does|do|will|should|would) the (?:dealer )?(?:button|blinds?) (?:move|stay|rotate|go|advance|change)\b",
    r"\b(?:button|blinds?) (?:move|moves|stay|stays|rotate|rotates)\b",
    r"\b(?:blinds?|bets?|chips|money) (?:get |go |are |is |be |come )?(?:returned|back|refunded|given back)\b",
    r"\bsame order\b", r"\bwho (?:posts|pays|puts up) (?:the )?blinds?\b",
    r"\bbutton (?:should |must |has to )?(?:moves?|goes|go|advances?)\b",
    r"\bbets? already made\b", r"\bwhat happens (?:to|with|after)\b[^.?]{0,40}\b(?:bets?|deck|order|blinds)\b",
    r"\bre-?post\b", r"\bkeeps? the button\b",
    r"\bsame button\b",
    r"\bget (?:my|his|her|their|our) (?:blinds?|bets?|chips|money) back\b",
    r"\bhow (?:is|are) (?:a |the )?" + _MISDEAL + r" (?:handled|redealt|dealt)\b", r"\bwhat (?:happens )?(?:next|now)\b",
))
_WHO_DECLARES = re.compile(re.either(
    r"\bwho (?:can|may|gets to|is allowed to|should|decides|determines|has the (?:right|authority))\b[^.?]{0,30}"
    r"\b" + _MISDEAL,
    r"\b(?:can|may|could) (?:a |the )?(?:player|players|he|she|i|we|they|anyone|somebody|someone)"
    r"\b[^.?]{0,20}\b(?:call|declare|demand|force|rule)\b[^.?]{0,10}\b" + _MISDEAL,
    r"\b(?:allowed|entitled|able) to (?:call|declare|demand)\b[^.?]{0,10}\b" + _MISDEAL,
    r"\b(?:players?|i|we|they|he|she)\b (?:get to|can|may|are allowed to|is allowed to) (?:call|declare|demand) (?:a |the )?"
    + _MISDEAL,
    r"\b(?:yell|shout|scream|call|cri)(?:s|ed|ing|es)? (?:out )?['\"]?\s*" + _MISDEAL,
    r"\bdoes (?:his|her|their|a player'?s?) (?:call|shout) make it\b", r"\bout-?vote\b",
    r"\bvote (?:for|on) (?:a )?misdeal\b",
    r"\b(?:table|players|we|they|everyone) (?:all )?(?:wants?|wanted|demand\w*|agreed)\b[^.]{0,30}\b" + _MISDEAL,
))
_WHAT_IS = re.compile(re.either(
    r"\bwhat (?:makes|counts as|constitutes|causes|qualifies as|is considered|are (?:the )?(?:grounds|reasons|causes) "
    r"for)\b[^.?]{0,12}\b" + _MISDEAL,
    r"\bwhen (?:is|do you (?:call|declare)|does (?:the dealer|a dealer|staff) (?:call|declare)|"
    r"should (?:a|the) dealer (?:call|declare)|is there|is it)\b[^.?]{0,60}\b(?:a |it a )?" + _MISDEAL,
    r"\b(?:what|which) (?:situations|errors|mistakes|things)\b[^.?]{0,20}\b" + _MISDEAL,
    r"\b" + _MISDEAL + r" rules\b", r"\bdefinition of (?:a )?" + _MISDEAL,
))
_MAY_HE = re.compile(r"\b(?:can|may|could) (?:he|she|they|i|we) (?:do that|do this|call it|declare it)\b|"
                     r"\b(?:is|are) (?:he|she|they|i|we) allowed\b|\bhis call\b|\bher call\b")


def _declaration(doc: Doc, t: str) -> None:
    """Who is calling the misdeal (2.3), whether one was declared, and questions about what follows (2.2)."""
    if not re.search(r"\b" + _MISDEAL + r"\b", t):
        return
    m = _CALLER.search(t)
    if m:
        who = m.group(1)
        if who == "dealer":
            doc.set("misdeal_called_by", "dealer")
        elif re.match(r"floor|supervisor|manager|td|tournament|staff", who):
            doc.set("misdeal_called_by", "supervisor")
        else:
            doc.set("misdeal_called_by", "player")
    if _WHO_DECLARES.search(t) or (doc.found.get("misdeal_called_by") == "player" and _MAY_HE.search(t)):
        doc.set("asks_who_declares", True)
    if doc.found.get("misdeal_called_by") != "player" and _DECLARED.search(t):
        doc.set("misdeal_declared", True)
    if _CONSEQUENCES.search(t):
        doc.set("asks_misdeal_consequences", True)
    m = re.search(r"\b(\d{1,3}(?:,\d{3})+|\d+) (?:in (?:blinds|bets|the pot|chips)|(?:of )?(?:blinds|bets) "
                  r"(?:out|in))\b", t)
    if m:
        doc.set("bets_in", int(m.group(1).replace(",", "")))
    if _WHAT_IS.search(t):
        doc.set("asks_misdeal_causes", True)


# -- the dealer's wrong direction (2.6) ------------------------------------------------------------------------------
# The dealer put the action on the wrong player: pointed at him, skipped a seat, told him it was his turn.
_MISTAKENLY = r"(?:mistakenly |accidentally |wrongly |by mistake )?"
_DIRECTION = re.compile(re.either(
    r"\bdealer\b[^.]{0,40}\b(?:pointed|points|pointing|motioned|motions|gestured|gestures|signal(?:l)?ed|signals|"
    r"waved|waves|nodded|nods|looked|looks|tapped)\b[^.]{0,10}\b(?:at|to|toward|towards)\b",
    r"\bdealer\b[^.]{0,30}\b(?:skipped|skips|missed|misses|passed over|jumped over|went past|forgot about) "
    r"(?:over )?(?:seat \d+|s\d+|him|her|me|a player|a seat|the (?:small|big) blind|the sb|the bb|utg|the button|"
    r"(?:my|his|her) turn)\b",
    r"\bdealer\b[^.]{0,30}\b(?:told|tells|asked|asks|directed|directs|said|says|announced|announces|indicated|"
    r"indicates|put|puts|gave|gives)\b[^.]{0,30}\b(?:to act|it was (?:his|her|my|on)|(?:his|her|my) turn|"
    r"the action (?:is|was) (?:on|to)|action (?:is|was) on|action to)\b",
    r"\b(?:i|dealer|she|he)\b " + _MISTAKENLY + r"skip(?:s|ped)? (?:a|one|the) (?:player|seat)\b",
    r"\b(?:i|dealer|she|he)\b " + _MISTAKENLY + r"(?:pointed|pointing|motioned|directed|waved) "
    r"(?:to|at)? ?(?:seat \d+|the \w+(?: \w+)?|him|her)\b[^.]{0,25}\b(?:to act|instead|into action|first)\b",
    r"\b(?:i|dealer|she|he)\b " + _MISTAKENLY + r"(?:direct(?:s|ed)?|sen[dt]s?|gave|give|"
    r"point(?:s|ed)?) (?:the )?(?:action|it) (?:to|at) the wrong (?:player|seat|person|guy)\b",
    r"\baccidental direction\b", r"\bdealer'?s? (?:mistake|error|fault)\b",
))
_ACTOR = r"(seat \d+|s\d+|" + vocab.position_rx() + r"(?: ?\+ ?\d)?)"
# Actions since the dealer's error: every verb form the vocabulary knows, each read to its kind there.
_VERB = "(" + vocab.alternation([w for k in ("raise", "bet", "call", "fold", "check", "all_in")
                                 for w in vocab.words("actions", k)]) + ")"


def _actor(raw: str) -> str:
    """A seat or position as a ruling names it: "s3" -> "Seat 3", "utg+1" -> "UTG+1", "the button" -> "Button"."""
    m = re.fullmatch(r"(?:seat |s)(\d+)", raw)
    if m:
        return f"Seat {m.group(1)}"
    raw = raw.removeprefix("the ")
    return raw.upper() if len(raw) <= 3 or raw.startswith("utg") else raw.title()


def _direction(doc: Doc, t: str) -> None:
    """The dealer put the action on the wrong player: who was skipped and what happened since."""
    m = _DIRECTION.search(t)
    if not m or doc.found.get("dealt_out_of_order"):
        return
    doc.set("dealer_caused", True)
    s = re.search(r"\bskipp(?:ed|ing) (?:over )?" + _ACTOR + r"\b|\b" + _ACTOR + r" (?:was|got) skipped\b|"
                  r"\binstead of " + _ACTOR + r"\b|\bmissed " + _ACTOR + r"\b|\b(?:really|actually|it was) "
                  + _ACTOR + r"'?s?\b(?: turn)?|\b" + _ACTOR + r" (?:hadn'?t|had not|has not|hasn'?t|never) (?:yet )?"
                  r"(?:acted|had a chance)", t)
    if s:
        doc.set("skipped_player", _actor(next(g for g in s.groups() if g)))
    since: list[Action] = []
    for a in re.finditer(r"\b" + _ACTOR + r" (?:then |also |just )?" + _VERB + r"(?: (?:it )?(?:to|for) )?\s*"
                         r"(\d{1,3}(?:,\d{3})+|\d+)?", t[m.start():]):
        actor = _actor(a.group(1))
        if actor == doc.found.get("skipped_player"):
            continue
        verb = a.group(2)
        kind = (vocab.kind_of(verb) or "call").replace("_", "-")
        amount = int(a.group(3).replace(",", "")) if a.group(3) else None
        since.append(Action(actor=actor, kind=kind, amount=amount))  # type: ignore[arg-type]
    if since:
        doc.set("actions_since_error", since)


def extract(doc: Doc) -> None:
    """Set the section's facts found in the description (see engine.facts.misdeals)."""
    t = re.sub(r"\bpre-flop\b", "preflop", doc.nums)
    _shuffle(doc, t)
    _dealing_errors(doc, t)
    _deck(doc, t)
    _exposures(doc, t)
    _hole_cards(doc, t)
    _when_noticed(doc, t)
    _declaration(doc, t)
    _direction(doc, t)
