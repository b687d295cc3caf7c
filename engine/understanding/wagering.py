"""Fact extraction for section 1 (wagering, order of play, run it twice, showdown).

Patterns for how staff and players describe the action: who bet or raised
and to what, who then put what across the line, what was said and when,
whether it was out of turn, and so on.  They are written for the ways people
talk ("opens to 500", "silently slides out 750", "says raise, then drops the
chip", "the chip lands, THEN he says raise"), not for particular questions.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.facts import Action, unnamed_player
from engine.understanding import rx as re  # cached compiles: see rx.py
from engine.understanding import vocab
from engine.understanding.actionlog import asks
from engine.understanding.amount_roles import ACTION_ROLES
from engine.understanding.common import COUNT_WORDS, NUM, amounts_in, chip_colours, chips_described, parse_amount
from engine.understanding.doc import Doc
from engine.understanding.told import older_patterns

# Who acts: a seat, a position, a pronoun, or a player described ("the next player", "guy behind me").
_DESCRIBED_PLAYER = (r"(?:the )?(?:first |next |second |third |last )?(?:player|bettor|raiser|opener|caller)"
                     r"(?: to act| in seat \d+| after (?:him|her|me|that)| under the gun"
                     r"| in the (?:sb|bb|small blind|big blind|cutoff|hijack))?")
ACTOR = "(" + re.either(
    r"seat\s*#?\d+", r"s\d+", vocab.position_rx() + r"(?:\s*\+\s*\d)?", "villain", "hero", "i", "me", "he", "she",
    r"the (?:next|first|second|third|other) player", _DESCRIBED_PLAYER, r"mp\d?", "ep", "lp", "middle position",
    "early position", "one player", "a player", r"guy behind(?: him| me)?", r"guy on my (?:left|right)", "the guy",
    "this guy", "that guy", "guy", "dude", "opponent", "someone", "somebody", r"player [a-f]\b", r"another(?: player)?",
    r"a (?:second|third|fourth) player", r"the (?:second|third|fourth|fifth|next|last)(?: one| guy)?",
) + ")"
# Verb forms of each action, from the vocabulary (vocabulary.toml), not written out here.
_BET_VERB = vocab.alternation(vocab.words("actions", "bet") + vocab.words("actions", "open"))
_RAISE_VERB = vocab.action_rx("raise")
_ALLIN_VERB = vocab.action_rx("all_in")
_CALL_VERB = vocab.action_rx("call")
_CHECK_VERB = vocab.action_rx("check")
_FOLD_VERB = vocab.action_rx("fold")
_AGGRESSIVE = "|".join((_BET_VERB, _RAISE_VERB, _ALLIN_VERB))
_ANY_VERB = "|".join((_AGGRESSIVE, _CALL_VERB, _CHECK_VERB, _FOLD_VERB))
# A bet or raise that happened: the bare nouns/infinitives ("is the raise binding?", "to open") are not one.
_AGGRESSIVE_DONE = vocab.alternation([w for k in ("bet", "open", "raise", "all_in") for w in vocab.words("actions", k)
                                      if w not in ("raise", "re-raise", "check-raise", "open", "lead", "fire", "iso",
                                                   "ship", "three-bet")])


# The dealer sent the action to the wrong player ("the dealer told him to act"); "the dealer told him 950" is not.
# The dealer's direction of play, by the dealer or by a teller who deals ("I skipped seat 4 and pointed to seat 5").
_DIRECTING = vocab.alternation(vocab.words("actors", "directing"))
_DEALER_DIRECTED = (r"\bdealer\b.{0,40}\b(" + _DIRECTING + r"|told (?:him|her|me|them) (?:to|it was|it's))\b"
                    r"|\bi (?:\w+ )?(?:" + _DIRECTING + r")\b(?! out)|\baccidental direction\b|\bdealer'?s? (?:mistake|error|fault)\b")


def _kind(verb: str) -> str:
    """The Action kind of a verb form: the vocabulary's kind, "open" as a raise, "all_in" as "all-in"."""
    kind = vocab.kind_of(verb) or "raise"
    return {"open": "raise", "all_in": "all-in"}.get(kind, kind)

# Putting chips out: the vocabulary's motions, and "sets" only when chips follow ("sets a 500 chip out").
PUT_VERB = "(?:" + vocab.alternation(vocab.words("motions", "put")) + r"|sets (?=a |an |one |\d))"

_SILENT = re.compile(r"\b(?:" + vocab.alternation(vocab.words("speech", "silent")) + r")\b")  # no words said
_SAY = r"(?:says?|said|saying|announces?|announced|announcing|declares?|declared|declaring|goes|went|go(?=\s+['\"])|calls? out|" \
       r"called out|states?|stated|yells?|yelled|verbally)(?![a-z])"  # a whole word: "yellow" is no "yell"
# Words said after the chips landed: "once it landed he said raise", "the chip hits the felt, then he goes 'raise'".
_AFTER_LANDS = re.compile(re.either(
    r"(?:after|once|when) (?:it|the chips?|they|the \d+ chip|the chip(?:s)? had) (?:had |has |have )?(?:already )?"
    r"(?:lands?|landed|hits?|hit|touch(?:es|ed)?|(?:was|were|is|are|'s) (?:already )?(?:on|across))",
    r"\b(?:chips?|it|they) (?:had|has|have|was|were) already (?:landed|hit|touched|on the (?:felt|table)|down)\b",
    r"(?:lands?|landed|hits? the (?:felt|table)|touch(?:es|ed) the (?:felt|table)).{0,40}\b(?:then|and then|after that)\b"
    r".{0,30}" + _SAY,
    r"after (?:the chips? )?(?:landed|landing)",
    r"then (?:he |she )?(?:says?|said|announced?|announces|declares?|declared|goes(?! back)|went(?! back))",
    r"(?:lets?|letting) go of (?:the |his |her |my )?chips\b.{0,20}\bthen\b",
    r"while the chips (?:were|are) (?:still )?(?:settling|landing|rolling|going in)",
))
# Words said before the chips landed: "before placing", "still in his hand", "says raise, then counts out his chips".
_BEFORE = re.compile(re.either(
    r"before (?:placing|putting|dropping|the chips?|it|sliding|pushing|releasing|letting go|he lets go)",
    r"\b(?:still )?in (?:my|his|her) (?:fingers|hand)\b",
    r"\b(?:still )?in the air\b",
    r"\bholding (?:a|the|his|her|one) (?:single )?(?:[\w,]+ ){0,2}chips? (?:out )?over\b",
    r"while (?:his|her|the) (?:hand|chips?) (?:was|were|is|are) (?:still )?(?:moving|in motion|in the air|"
    r"in his hand|in her hand|over the line|going out)",
    r"as (?:he|she) (?:reached|was reaching|reaches) out",
    r"(?:only )?then (?:lets?|let) (?:it |the chips? )?go",
    r"(?:then|and) (?:releases?|released|lets go)",
    r"while (?:he'?s |she'?s |he is |she is |still )?(?:reaching|holding|his hand|her hand|the chips? (?:was|were) in)",
    r"before (?:my|his|her|their|the) (?:[\w,]+ ){0,2}chips? (?:hit|touched|landed|went|was|were)",
    _SAY + r".{0,40}\b(?:then|and then)\b.{0,20}\b(?:counted|counting|counts|stacked|cut) (?:out )?(?:my|his|her|the)?\s*chips",
    _SAY + r".{0,40}\b(?:then|and then|before)\b.{0,30}" + PUT_VERB,
))


# An action a player states: "hj opens to 500", "seat 8 (btn) silently bets 600", "he shoves his last 900".
# The words between the player and the verb, between the verb and its amount, and the stack the amount is of:
_BEFORE_VERB = (r"(?:\s*\([^)]{1,15}\))?,?\s+"
                r"(?:(?:then|now|just|had|has|have|already|also|first|who|silently|quietly|min|min-|minimum)\s*)*")
_VERB_WHERE = (r"(?:\s+(?:on\s+)?(?:it|the pot|the flop|the turn|the river|preflop|out of turn|oot|the table|the felt)"
               r"(?:\s+out of turn)?)?")
_VERB_TO = r"(?:\s+(?:to|for|of|with|in for|it to|out))?(?:\s+(?:a|an))?"
_OWN_STACK = r"(?:\s+(?:his|her|my|their)(?:\s+(?:last|remaining|whole|entire|other))?(?:\s+stack(?:\s+of)?)?)?"
_STATED_ACTION = re.compile(r"(?<![a-z])" + ACTOR + _BEFORE_VERB + "(" + _ANY_VERB + r")\b" + _VERB_WHERE + _VERB_TO
                            + _OWN_STACK + r"\s*\$?(" + NUM + r")?")


def _actions(doc: Doc) -> list[Action]:
    """The betting actions people state: "hj opens to 500", "seat 8 bet 600"."""
    t = doc.nums
    acts: list[tuple[int, Action]] = []
    spans: list[tuple[int, int]] = []
    for m in _STATED_ACTION.finditer(t):
        actor = m.group(1)
        verb = m.group(2)
        if _not_a_call().match(t, m.start(2)):
            continue  # "I call a misdeal", "he called the floor": no bet was called
        amt = parse_amount(m.group(3)) if m.group(3) else None
        if re.fullmatch(_RAISE_VERB, verb):
            kind = "raise"
        elif re.fullmatch(_ALLIN_VERB, verb):
            kind = "all-in"
        elif re.fullmatch(_BET_VERB, verb):
            # "Opens to 500" preflop is a raise over the blind; "opened the turn for 300" is a bet.
            preflop = doc.found.get("street") in (None, "preflop") and "flop" not in t[m.start(): m.end() + 12]
            kind = "raise" if re.match(r"open", verb) and preflop and not re.search(r"\b(?:flop|turn|river)\b", t[m.end(2): m.end(2) + 12]) else "bet"
        elif re.fullmatch(_CALL_VERB, verb):
            kind = "call"
        elif re.fullmatch(_CHECK_VERB, verb):
            kind = "check"
        else:
            kind = "fold"
        oot = bool(re.search(r"^(?:\s+(?:on\s+)?the (?:table|felt)|\s+(?:his|her|my|their) (?:hole )?(?:cards|hand))?"
                             r"\s*(?:out of turn|oot)\b", t[m.end(2): m.end(2) + 40])
                   or re.match(r"\s*(?:out of turn|oot)\b", t[m.end(): m.end() + 14]))
        acts.append((m.start(), Action(actor=_actor_name(actor), kind=kind, amount=amt, out_of_turn=oot or None)))
        spans.append((m.start(), m.end()))
    # Passive: "a bet of 250 is raised to 900", "the pot was bet 400".
    for m in re.finditer(r"\b(?:is|was|gets|got|then) (" + _AGGRESSIVE + r") (?:to|for|all.?in for)\s+\$?(" + NUM + r")", t):
        kind = _kind(m.group(1))
        acts.append((m.start(), Action(actor=unnamed_player(len(acts) + 1), kind=kind, amount=parse_amount(m.group(2)))))
        spans.append((m.start(), m.end()))
    # "the flop went bet 300, raise to 900, all-in for 1,200"
    m_list = re.search(r"\b(?:went|goes|was|action(?: was| went)?:?)\s+((?:(?:bet|raise(?: to)?|re-?raise(?: to)?|all.?in for|shove(?: for)?|"
                       r"3-?bet(?: to)?)\s+\$?" + NUM + r"(?:\s*,\s*(?:and\s+|then\s+)?|\s+(?:and|then)\s+)?){2,})", t)
    if m_list and not any(a.amount for _s, a in acts):
        for mm in re.finditer(r"(bet|raise(?: to)?|re-?raise(?: to)?|all.?in for|shove(?: for)?|3-?bet(?: to)?)\s+\$?(" + NUM + r")", m_list.group(1)):
            w = mm.group(1)
            kind = "all-in" if w.startswith(("all", "shove")) else ("bet" if w == "bet" else "raise")
            acts.append((m_list.start(1) + mm.start(), Action(actor=unnamed_player(len(acts) + 1), kind=kind, amount=parse_amount(mm.group(2)))))
            spans.append((m_list.start(1) + mm.start(), m_list.start(1) + mm.end()))
    # "a 2,000 bet from Seat 2, an all-in for 2,500 from Seat 4 behind it"
    for m in re.finditer(r"\b(?:a|an)\s+\$?(" + NUM + r")\s+(" + _AGGRESSIVE + r")\b", t):
        kind = _kind(m.group(2))
        acts.append((m.start(), Action(actor=unnamed_player(len(acts) + 1), kind=kind, amount=parse_amount(m.group(1)))))
        spans.append((m.start(), m.end()))
    # Actions named without a player: "after a raise to 600 and a short all in to 800", "an open to 300".
    taken = spans  # what an earlier reading already took; only an overlapping phrase is the same action
    for m in re.finditer(r"\b(?:a|an|the)\s+(?:short\s+)?(raise|bet|open|opening bet|re-?raise|3-?bet|4-?bet|all.?in|shove)"
                         r"\s+(?:to|of|for)\s+\$?(" + NUM + r")(?!\s*(?:is|was) (?:re-?raised|raised))|"
                         r"\b(?:a|an|the)\s+()(bet) of\s+\$?(" + NUM + r")(?=\s*(?:is|was) (?:re-?raised|raised))", t):
        if any(a < m.end() and m.start() < b for a, b in taken) or re.search(
                r"\b(?:says?|said|claims?|thinks?|calls? it)\W+(?:that'?s|thats|it'?s|its|it was|was)?\s*$",
                t[max(0, m.start() - 25):m.start()]):
            continue  # "bb says that's a raise to 1000": what someone said it was, not an action
        word = m.group(1) or m.group(4)
        amount = m.group(2) or m.group(5)
        kind = "all-in" if word.startswith(("all", "shove")) else ("bet" if word == "bet" else "raise")
        acts.append((m.start(), Action(actor=unnamed_player(len(acts) + 1), kind=kind, amount=parse_amount(amount))))
    return [a for _s, a in sorted(acts, key=lambda x: x[0])]


@cache
def _not_a_call() -> re.Pattern[str]:
    """"call" said of a ruling or the floor, not of a bet (the vocabulary's ``speech.not_a_call``)."""
    return re.compile(vocab.alternation(vocab.words("speech", "not_a_call")) + r"\b")


def _logged_actions(doc: Doc) -> list[Action]:
    """The action log's events (actionlog.py) as the rules' actions: it reads phrasings ("Seat 3 leads 40, Seat 6
    makes it 110", "bets two", "gets out of the way", "shoved, 2,900 total") the older patterns miss.  A bet or
    raise with no amount is left out: it is usually the question ("wants to min raise"), not an action."""
    from engine.understanding.actionlog import parse

    if not re.search(r"\d", doc.nums):
        return []  # no amount anywhere: not a told round, and no need to read it (it costs time per ruling)
    out = []
    for e in parse(doc.text).events:
        if e.action in ("bet", "raise", "all-in") and e.to is None:
            continue
        amount = e.to if e.action in ("bet", "raise", "all-in", "call") else None
        out.append(Action(actor=e.actor, kind=e.action, amount=amount, out_of_turn=e.out_of_turn or None))  # type: ignore[arg-type]
    return out


def _told_actions(doc: Doc) -> list[Action]:
    """The betting actions told: the learned reading of the amounts (``told.py``) when it read a sized action;
    else, of the two older readings, the one that found more bets and raises with their amounts (the older
    patterns when they tie)."""
    learned = doc.told.actions() if doc.told is not None else []
    if learned or not older_patterns("actions"):
        return learned  # the amounts' learned roles (told.py); the older readings only fill in where it found none
    old = _actions(doc)
    log = _logged_actions(doc)

    def amounts(acts: list[Action]) -> list[int]:
        """The sizes of the bets and raises in order: the reading that sized more of them read more of the action,
        and readings that disagree on them lower the answer's confidence."""
        return [a.amount for a in acts if a.kind in ("bet", "raise", "all-in") and a.amount]

    if doc.told is not None:
        old, log = _not_dismissed(doc.told, old), _not_dismissed(doc.told, log)
        old, log = _seated(doc.told.seats, old), _seated(doc.told.seats, log)
    mine, theirs = amounts(old), amounts(log)
    doc.readings_differ = bool(mine and theirs and mine != theirs)
    return log if len(theirs) > len(mine) else (old or log)


def _seated(seats: dict[str, str], acts: list[Action]) -> list[Action]:
    """The older readings' players by the seat the story put them in ("im BB ... i call": the big blind calls), as
    the learned reading names them."""
    return [a.model_copy(update={"actor": seats[a.actor.lower()]}) if a.actor.lower() in seats else a for a in acts]


def _not_dismissed(told: Any, acts: list[Action]) -> list[Action]:
    """The older readings' actions less those sized by an amount the learned reading was sure is no action at all
    ("cuz i figured its obv a raise to 500": a figure in an argument), unless it also read that figure as an action."""
    from engine.policy import policy

    floor = policy()["reader"]["dismiss_floor"]
    dismissed = {r.mention.value for r in told.readings if r.role == "other" and r.p >= floor}
    kept = {p.value for p in told.placed if p.role in ACTION_ROLES}
    return [a for a in acts if a.amount is None or a.amount not in dismissed or a.amount in kept]


def _positions(doc: Doc) -> list[tuple[int, Action]]:
    """Actions with where they start in the text, for questions of order (what came after what)."""
    t = doc.nums
    return [(t.find(a.actor.lower()), a) for a in _actions(doc)]


def _actor_name(raw: str) -> str:
    """A player's name as rulings print it ("s3" -> "Seat 3", "hj" -> "HJ", others as written), so one player
    told two ways is one actor."""
    raw = re.sub(r"\s+", " ", raw.strip())
    m = re.fullmatch(r"(?:seat\s*#?|s)(\d+)", raw)
    if m:
        return f"Seat {m.group(1)}"
    positions = {"utg", "hj", "lj", "co", "btn", "sb", "bb"}
    return raw.upper() if raw.replace(" ", "").split("+")[0] in positions else raw


def _motions(doc: Doc, t: str) -> None:
    """One motion or two: trips back to the stack ("goes back for 400 more"), and what the second trip added."""
    if re.search(r"\b(?:handfuls|several (?:trips|motions|goes)|two trips|(?:two|three|2|3) or (?:three|four|3|4) trips|trips back|multiple (?:trips|motions)|more than one (?:motion|trip)|"
                 r"bit by bit|a few at a time|stack by stack)\b", t) or re.search(
                     r"\b(?:then|and)\s+(?:\w+\s+){0,2}(?:reach(?:es|ed)?|goes|went|came|comes|dips?|dipped) back\b[^.]{0,30}"
                     r"\b(?:adds?|added|puts?|throws?|threw|tosses|tossed|grabs?|grabbed)\b", t):
        doc.set("one_motion", False)
    elif re.search(r"\b" + vocab.alternation(vocab.words("motions", "second_motion")) + r"\b", t):
        doc.set("one_motion", False)
    m = re.search(r"\b" + vocab.alternation(vocab.words("motions", "second_motion")) + r"\s+(?:with\s+|for\s+)?(?:another\s+)?\$?("
                  + NUM + r")", t)
    if m and doc.found.get("one_motion") is False:
        doc.set("chips_added", parse_amount(m.group(1)))


def _set_boards(doc: Doc, t: str, won: list[str]) -> None:
    """Who won each board; a second board told as chopped later in the sentence is a split board."""
    if len(won) == 1 and re.search(r"\bsecond board\b[^.]{0,80}\b(?:chops?|chopped|splits?|tied|ties)\b", t):
        won.append("split")  # "board two we both make the same straight so that one chops"
    if won:
        doc.set("boards_won", won)


def _lone_chip(t: str) -> int | None:
    """The value of one chip named without the word "chip": "a single 100", "one yellow", "a lone purple"."""
    colours = chip_colours()
    m = re.search(r"\b(?:a single|one single|a lone|single|one|a)\s+(" + vocab.colour_rx() + r")\b(?!s\b|\s+chips)", t)
    if m:
        return colours.get(m.group(1))
    m = re.search(r"\b(?:a single|one single|a lone|a solitary)\s+\$?(" + NUM + r")\b(?!\s*(?:bb|big blinds?|more|%|chips))", t)
    return parse_amount(m.group(1)) if m else None


def _put_out_actor(doc: Doc, pos: int) -> str | None:
    """Who put the chips out: the player named just before the verb ("sb silently tosses 800")."""
    before = doc.nums[max(0, pos - 40):pos]
    m = re.search(r"(?<![a-z])" + ACTOR + r"[\s,]+(?:(?:who|then|now|just|silently|quietly|also|first|calmly)\s+)*$",
                  before)
    return _actor_name(m.group(1)) if m else None


def _put_out(doc: Doc) -> tuple[int, int] | None:
    """(value, position) of the chips a player put across the line: the learned reading's (``told.py``) when it
    found chips put out, else the older patterns'."""
    learned = doc.told.of("chips_out") if doc.told is not None else []
    if learned or not older_patterns("amounts"):
        return (learned[-1].value, learned[-1].start) if learned else None
    t = doc.nums
    best: tuple[int, int] | None = None
    for m in re.finditer(PUT_VERB + r"\b(.{0,80})", t):
        if re.search(r"\bpot (?:was |is |got |gets )?$|\bdealer (?:is )?(?:about to |going to |wants to )?$", t[max(0, m.start() - 25):m.start()]):
            continue  # "the pot was pushed to seat 1", "the dealer is about to push": not a player's chips
        seg = m.group(1)
        seg = re.split(r"[.;!?]|\bthen\b|\bafter\b|\bbut\b", seg)[0]
        described = chips_described(seg)
        if described:
            return described[0], m.start()
        am = amounts_in(seg)
        if am and am[0][0] <= 20 and re.search(r"\ball\s*$|\bthe\s*$", seg[:am[0][1]]):
            am = []  # "drops all five": a count of chips described elsewhere, not a value
        if am and (re.match(r"\s*(?:chip\s+)?pot\b", seg[am[0][2]:]) or re.search(r"\b(?:seats?|tables?|to s)\s*#?$", seg[:am[0][1]])):
            continue  # "push him the 3,200 pot": the pot, not chips put out
        if am:
            v, s, _e = am[0]
            # "put 500 across the line", "slides out 750", "pushed 2,000 in chips"
            if s <= 25:
                return v, m.start()
        if best is None and re.search(r"\b(whole stack|everything|all (?:his|her|my) chips)\b", seg):
            best = (-1, m.start())
    return best if best and best[0] >= 0 else None


def extract(doc: Doc) -> None:
    """Read section 1's facts from a description, one part of the story at a time."""
    t = doc.nums
    acts = _told_actions(doc)
    put = _put_out(doc)
    _facing(doc, t, acts, put)
    _asks_min_raise(doc, t)
    put, chips = _crossed_and_counted(doc, t, put)
    if put is None and doc.told is not None and doc.told.chips_are_wagers():
        chips = None  # every chip phrase is a bet's size, as the learned reading found: none were put out to rule on
    acts = _chips_placed(doc, t, acts, put, chips)
    _single_chip(doc, t, put, chips)
    if acts:
        doc.set("actions", acts)
    _call_for(doc, acts)
    _declaration(doc, t, acts, put)
    _wants_change(doc, t)
    _asks_chip_rules(doc, t)
    _motions(doc, t)
    _asks_short_all_in(doc, t)
    _indications(doc, t)
    _motion_and_stack(doc, t)
    _cards_and_dead(doc, t)
    _time(doc, t)
    _out_of_turn(doc, t, acts)
    _players(doc, t)
    t = _run_it_twice(doc, t, acts)
    _showdown(doc, t, acts)
    _cards(doc)
    _new_player(doc, t)
    _procedure(doc, t, acts)
    _chips_are_the_bet(doc, t, acts, put)


def _facing(doc: Doc, t: str, acts: list[Action], put: tuple[int, int] | None) -> None:
    """What the acting player faced, as told: "facing a bet of 250", "facing 25", "faces a 500 bet"."""
    m = re.search(r"\b(?:fac(?:es|ed|ing)|calling|to call)\s+(?:a\s+|the\s+)?(?:bet\s+of\s+|raise\s+to\s+|an?\s+)?\$?(" + NUM + r")", t) or re.search(
        r"\b(?:the )?(?<!minimum )(?<!min )(?<!min-)(?<!smallest )(?<!my )(?<!his )(?<!her )(?:bet|raise) "
        r"(?:was|is|had been) (?:to )?\$?(" + NUM + r")", t) or re.search(
        r"\b(?:call|calls|called|calling)\W{0,3}\s+(?:on|of|to|against)\s+(?:[a-z]+\s+\d+'s|[a-z]+'s|the|a|an|his|her)\s+\$?("
        + NUM + r")\s+(?:(?:pre-?flop|flop|turn|river)\s+)?(?:bet|raise|open|shove|all.?in)\b", t) or re.search(
        r"\b(?:it'?s|its|it is)\s+\$?(" + NUM + r")\s+to (?:me|him|her|you|them)\b", t)
    m_bb = re.search(r"\bfac(?:es|ed|ing) (?:just |only )?the (?:bb|big blind)\b", t)
    if m and _believed(t, m.start()):
        m = None  # "he thought the bet was 1,500": what someone believed, not the bet
    if m and put is not None and parse_amount(m.group(1)) == put[0] and not t[m.start():m.end()].startswith("fac"):
        m = None  # "i push 3 blacks and a green ... bet is 325?": the chips' own value asked back, not a bet faced
    if m:
        doc.set("bet_faced", parse_amount(m.group(1)))
    elif m_bb and doc.found.get("big_blind"):
        doc.set("bet_faced", doc.found["big_blind"])
    elif re.search(r"\b(first to act|opened the (?:flop|turn|river)|opening bet|leads? out|led out|first in|first bettor|"
                   r"(?:leads?|led) (?:the )?(?:flop|turn|river))\b", t) and put and not any(
                       a.kind in ("bet", "raise", "all-in") and a.amount for a in acts):
        doc.set("first_to_bet", True)  # what he faced is the rules' conclusion (engine/rules/conclusions.py)


# The smallest legal raise asked in other words than the vocabulary's: "least amount to re-raise", "wants to raise,
# how much", "raise to what".
_MIN_RAISE_ASKED = re.either(
    r"\b(min(?:imum)?|smallest|least|legal) (?:total )?(?:amount )?(?:re-?raise|raise|3-?bet|bet)",
    r"\bmin-?raise\b",
    r"\b(?:min(?:imum)?|smallest|least)\b[^.?]{0,50}\b(?:re-?raise|raise|3-?bet|4-?bet)",
    r"\b(?:wants? to|wish(?:es)? to|would like to|going to|can|may) (?:re-?raise|raise)\b[^?]{0,40}"
    r"\b(?:min(?:imum)?|least|how much)\b",
    r"\bhow much (?:can|must|does|do) (?:he|she|i|they|the next player)[^.?]{0,20}raise",
    r"raise to what\b",
    r"\bminimum (?:total )?(?:amount|raise)",
)


def _asks_min_raise(doc: Doc, t: str) -> None:
    """Whether the question is the size of the smallest legal raise."""
    if "min_raise" in asks(doc.low) or re.search(_MIN_RAISE_ASKED, t):
        doc.set("asks_min_raise", True)
    if "call" in asks(doc.low):
        doc.set("asks_call", True)


def _call_for(doc: Doc, acts: list[Action]) -> None:
    """Whose call is asked: a player of the told action named again in the question ("Back to A: how much more
    to call?")."""
    if not doc.found.get("asks_call") or not acts:
        return
    sentences = re.split(r"(?<=[.!?])\s+", doc.nums.strip())
    question = next((q for q in reversed(sentences) if q.endswith("?")), sentences[-1])
    for a in reversed(acts):
        name = a.actor.lower()
        if re.search(r"(?<![a-z0-9])" + re.escape(name) + r"(?![a-z0-9])", question):
            doc.set("call_for", a.actor)
            return


def _crossed_and_counted(doc: Doc, t: str, put: tuple[int, int] | None) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """The chips across the line as the table saw them: "750 crossed the line", the dealer's count of them."""
    m_cross = re.search(r"\$?(" + NUM + r") (?:in chips |worth of chips |of (?:his|her|the) chips )?(?:crosses|crossed|went over|goes over|is over) the (?:betting )?line", t)
    if m_cross:
        put = (parse_amount(m_cross.group(1)) or 0, m_cross.start())
    if re.search(r"\bopening the betting\b|\bopens? the betting\b|\bfirst to bet\b", t):
        doc.set("first_to_bet", True)
    chips = chips_described(t)
    m_count = re.search(r"\bdealer (?:then )?count(?:s|ed)? (?:it|them|the (?:bet|chips|stack))?\s*(?:at|as|to|out at|up to)?\s*\$?(" + NUM + r")", t)
    if put is not None and m_count:
        put = (parse_amount(m_count.group(1)) or put[0], put[1])  # the dealer's count is the value of those chips
    elif put is None and m_count and re.search(PUT_VERB + r"\b[^.]{0,40}\b(?:chips|stack|handful)\b", t):
        put = (parse_amount(m_count.group(1)) or 0, t.find("dealer"))
    return put, chips


def _chips_placed(doc: Doc, t: str, acts: list[Action], put: tuple[int, int] | None, chips: tuple[int, int] | None) -> list[Action]:
    """What the chips a player put out were, and what of his was already in (a posted blind)."""
    if put is not None:
        value, _pos = put
        # Chips placed by the player whose action is in question: drop an action that is the same chips.
        doc.set("chips_put_out", value)
        # An action out of turn stays: whether it binds is the question (1.8), and the chips are that action.
        acts = [a for a in acts if not (a.amount == value and a.kind in ("bet", "raise", "call")
                                        and not a.out_of_turn)] or acts
        if chips and chips[0] == value:
            doc.set("chip_count", chips[1])
        # A blind already posted is already in: "sb silently tosses 800", "bb 200 posted, facing 600 he drops".
        who = _put_out_actor(doc, _pos)
        if who:
            doc.set("put_by", who)  # what he already had in this round is the rules' conclusion, from the actions
        preflop = doc.found.get("street") in (None, "preflop")
        if preflop:
            sb, bb = doc.found.get("small_blind"), doc.found.get("big_blind")
            if who in ("SB", "small blind") and sb:
                doc.set("already_in", sb)
            elif who in ("BB", "big blind") and bb:
                doc.set("already_in", bb)
            m_post = re.search(r"\b(?:bb|big blind)\s+(?:of\s+)?\$?(" + NUM + r")?\s*(?:already\s+)?(?:is\s+)?posted\b|"
                               r"\b(?:i'?m|he'?s|she'?s|i am|he is|she is)\s+(?:in\s+)?(?:the\s+)?(?:bb|big blind)\b", t)
            if m_post:
                amt = parse_amount(m_post.group(1)) if m_post.group(1) else bb
                if amt:
                    doc.set("already_in", amt)
    return acts


def _single_chip(doc: Doc, t: str, put: tuple[int, int] | None, chips: tuple[int, int] | None) -> None:
    """Whether one chip was put out ("a single 100", "one yellow", "his 500 chip"), and its value: the learned
    reading's count of the chips put out when it has one (chips told for another player's bet are not counted)."""
    learned = doc.told.of("chips_out") if doc.told is not None else []
    if learned and learned[-1].chips is not None:
        doc.set("single_chip", learned[-1].chips == 1)
    chip_word = r"(?:" + NUM + r"|" + "|".join(chip_colours()) + r"|big|large|oversized|over-sized|high|lone|solitary|plaque)"
    if re.search(r"\b(a|one|single|my|his|her|the)\s+(?:single\s+)?(?:\$?" + chip_word + r"\s+){0,2}chip\b(?!s)(?!\s+(?:rule|thing|law))", t) and not re.search(
        r"\bchip\b[^.]{0,20}\band\b[^.]{0,10}\b(a|one|\d+)\b[^.]{0,15}\bchips?\b", t
    ):
        doc.set("single_chip", True)
        if put is None and not re.search(r"\b(?:add|adding|adds|top(?:ping)? up|buy|buying|rebuy|keep|keeps|have it for)\b", t):
            m2 = re.search(r"\b(?:a|one|single|my|his|her|the)\s+(?:single\s+)?(?:[a-z]+\s+)?\$?(" + NUM + r")\s+chip", t)
            if m2:
                doc.set("chips_put_out", parse_amount(m2.group(1)))
            elif chips:
                doc.set("chips_put_out", chips[0])
    elif chips and chips[1] > 1:
        doc.set("single_chip", False)
        if put is None and not _chips_are_an_action(doc, chips[0]):
            doc.set("chips_put_out", chips[0])  # "holding two 1,000 chips ... set them down": the chips described
    elif (lone := _lone_chip(t)) is not None:
        # "drops a single 100", "one yellow", "a lone purple": one chip, though the word "chip" is not said.
        doc.set("single_chip", True)
        if put is None or put[0] == lone:
            doc.set("chips_put_out", lone, overwrite=True)


def _chips_are_an_action(doc: Doc, value: int) -> bool:
    """Whether the chips described are players' bets, raises or calls in the learned reading ("guy bets 2 blacks
    and 3 greens, i call"; "opens three reds, cutoff makes it two greens and a blue"): they are those actions,
    not chips in dispute, when one such action has their value or every chip phrase was read as an action."""
    told = doc.told
    if told is None:
        return False
    phrases = [p for p in told.placed if p.chips is not None]
    acting = [p for p in phrases if p.role in ACTION_ROLES]
    return any(p.value == value for p in acting) or (bool(acting) and len(acting) == len(phrases))


@cache
def _landing_rx(key: str) -> re.Pattern[str]:
    """The vocabulary's words for speech before or after the chips landed (``speech.after_landing``)."""
    return re.compile(r"\b" + vocab.alternation(vocab.words("speech", key)) + r"\b")


def _declaration(doc: Doc, t: str, acts: list[Action], put: tuple[int, int] | None) -> None:
    """What the player said (a word, an amount), and whether before or after his chips landed."""
    if _SILENT.search(t):
        doc.set("declared", False)
    m = re.search(_SAY + r"\s*['\"]?\s*(call|raise|all.?in|bet|fold|check|i call|i raise|raise it|\$?" + NUM + r")", t)
    if m and re.search(r"\b(?:thought|heard|think|believed)\s+(?:he|she|they|the dealer|villain|you|someone)\s*$", t[max(0, m.start() - 25): m.start()]):
        m = None  # what the player thought someone else said is not his declaration
    if m and re.search(r"\b(?:" + vocab.alternation(vocab.words("actors", "staff")) + r")\s*$", t[max(0, m.start() - 20): m.start()]):
        m = None  # "the dealer goes 'call'": staff's reading of the action, not the player's declaration
    if m and not _SILENT.search(t[max(0, m.start() - 30): m.end()]):
        word = m.group(1).replace("i ", "").strip()
        verbal = ("all-in" if word.startswith("all") else word.split()[0]) if not word[0].isdigit() else None
        amt_m = re.search(r"(?:raise|bet)[,\s]+(?:to\s+|it\s+to\s+|another\s+)?\$?(" + NUM + r")", t[m.start(1): m.start(1) + 30])
        amount = parse_amount(amt_m.group(1)) if amt_m else (parse_amount(word) if word[0].isdigit() else None)
        only_meant = re.search(r"\b(?:only )?meant\b|\bwanted (?:to|it)\b|\bintended\b", t[m.start(): m.end() + 10])
        if not only_meant:
            doc.set("declared", True)
            if verbal in ("call", "raise", "bet", "fold", "check", "all-in"):
                doc.set("verbal", verbal)
            elif amount is not None:
                doc.set("verbal", "bet")
            if amount is not None and older_patterns("amounts"):
                doc.set("verbal_amount", amount)
            if verbal == "bet" and not acts:
                doc.set("first_to_bet", True)  # "bet", not call or raise: nobody had bet before him
        # When the words came, even words of what he "meant" ("once it's on the felt he says 'I meant 500'").
        timing = _said_when(t, m.start(), put)
        if timing and (not only_meant or timing == "after"):
            doc.set("verbal_timing", timing)
    elif doc.found.get("verbal_amount") is not None or doc.found.get("verbal"):
        timing = _said_when(t, None, None)  # words read by the learned reading ("he says 'I meant 500'")
        if timing:
            doc.set("verbal_timing", timing)


def _said_when(t: str, at: int | None, put: tuple[int, int] | None) -> str | None:
    """Whether words said at ``at`` came before or after the chips landed, as told."""
    after = _AFTER_LANDS.search(t) or _landing_rx("after_landing").search(t)
    before = _BEFORE.search(t) or _landing_rx("before_landing").search(t)
    if after and not (before and before.start() < after.start() <= before.end() + 6):
        return "after"  # not "before the chip hit the felt i said ...": the landing told there is what came after
    if before:
        return "before"
    if put is not None and at is not None:
        return "before" if at < put[1] else None
    return None


# A wager to be taken back or changed: "wants some back", "pulled 1,000 of it back", "tried to bump my bet up to 500".
_TAKE_BACK = re.either(
    r"\b(wants?|asks?|asked) (?:for )?(?:\w+ )?(?:back|change)\b",
    r"\btake (?:it|some|part|\w+) back\b",
    r"\btake back (?:part|some|half|\w+) of\b",
    r"\b(?:pull|pulled|pulls) (?:[\w,]+ )?(?:of it )?back\b",
    r"\bjust the\b", r"\bonly meant\b", r"\bin for just\b",
    r"\b(?:wanted|want|wants|tried|try|tries|trying|asked|asks) to (?:bump|up|increase|change|lower|cut|reduce|"
    r"shrink|make) (?:it|my bet|his bet|her bet|the bet|my raise|his raise)\b(?:\s+(?:up|down))?\s*(?:to\b|\d)",
)


def _wants_change(doc: Doc, t: str) -> None:
    """Whether the player wants to change or take back a wager."""
    m = re.search(r"\b(?:only )?meant\s+(?:to\s+(?:bet|put)\s+)?\$?(" + NUM + r")|\bwants? (?:it to be|to bet) (?:only )?\$?("
                  + NUM + r")", t)
    if m or re.search(_TAKE_BACK, t):
        # "Take it back" about a card rolled too early is not about a wager.
        about_cards = re.search(r"\b(?:flop|turn|river|card|cards|board|burn)\b", t) and not re.search(
            r"\b(?:bet|bets|betting|raise|raised|chips?|wager|called|calls?|all.?in|shove|\d[\d,]*)\b", t)
        if not about_cards or m:
            doc.set("wants_to_change", True)


def _asks_chip_rules(doc: Doc, t: str) -> None:
    """Questions about oversized chips and string bets."""
    if re.search(r"\b(?:bigger|larger|greater|more) than the (?:bet|call|amount)|\boversized?\b|\bover-?chip", t) and re.search(r"\bchip\b", t):
        doc.set("asks_oversized", True)
    if re.search(r"\bstring(?:ed)? (?:bet|raise|betting)|\bstring\b[^.?]{0,20}\?|\bstringing\b|\bstrung\b", t):
        doc.set("asks_string_bet", True)


def _asks_short_all_in(doc: Doc, t: str) -> None:
    """Whether the question is a short all-in's legality, or whether both hole cards must be shown."""
    short_words = (r"\b(?:less than a (?:full|minimum) raise|short of a (?:full|minimum) raise|smaller than (?:a full|the minimum)|raise is (?:smaller|less) than|"
                   r"under (?:a full|the minimum) raise|raise of (?:only|just)|not a full raise|isn'?t a full raise|below the minimum)\b")
    if (re.search(r"\b(?:" + _ALLIN_VERB + r"|jamming|shoving|move in|moving in)\b", t) and re.search(short_words, t)
            and re.search(r"\b(?:allowed|permitted|legal|ok|okay|can (?:he|she|i)|may (?:he|she|i)|is (?:he|she|that))\b", t)):
        doc.set("asks_short_all_in", True)
    if re.search(r"\ball.?in\b[^?]{0,60}\beven though\b[^?]{0,60}\b(?:less than|smaller than|short of|not a full|under a full)\b", t) or re.search(r"\ball.?in\b[^?]{0,80}\b(?:permitted|allowed|legal|ok|can he|may he|is he)\b[^?]{0,60}\b(?:less than|smaller than|short of|"
                 r"not a full|under a full|isn'?t a full|below)\b|\b(?:less than|smaller than|short of) a full raise\b[^?]{0,40}\b(?:all.?in)\b[^?]{0,30}\b(?:allowed|permitted|legal)", t):
        doc.set("asks_short_all_in", True)
    if re.search(r"\bboth (?:hole )?cards\b[^?]{0,60}\b(?:win|awarded|pot|show|table)|\b(?:only|just) (?:one|1) card\b[^?]{0,60}\b(?:win|enough|sufficient|awarded)|"
                 r"\bone card (?:is )?(?:enough|sufficient)", t):
        doc.set("asks_both_cards", True)


def _indications(doc: Doc, t: str) -> None:
    """Two indications in a row: "tapped the table, then said 'bet'", "said 'fold', then 'wait, i call'"."""
    # Two indications in a row: "tapped the table, then said 'bet'", "said 'fold', then 'wait, i call'".
    marks: list[tuple[int, str]] = []
    for m in re.finditer(r"\b(?:tap(?:s|ped)?|knock(?:s|ed)?|rap(?:s|ped)?|double.?taps?)\b(?: \w+){0,2}?(?: on| with)?(?: the| his| my)? (?:table|felt|knuckles)", t):
        marks.append((m.start(), "check"))
    for m in re.finditer(_SAY + r"\s*['\"]?\s*(?:(?:nah|no|wait|actually|sorry|oh|hold on|i mean)[,\s]+)*(?:i\s+)?"
                         r"(check|bet|call|raise|fold|all.?in)\b", t):
        marks.append((m.start(), "all-in" if m.group(1).startswith("all") else m.group(1)))
    for m in re.finditer(r"['\"]\s*(?:(?:nah|no|wait|actually|sorry|oh|hold on|i mean)[,\s]+)+(?:i\s+)?(check|bet|call|raise|fold)\b", t):
        marks.append((m.start(), m.group(1)))
    for m in re.finditer(r"\b(?:throw|threw|put|toss|tossed|push|pushed|slide|slid)\w* in (?:a|the) (call|raise|bet)\b", t):
        marks.append((m.start(), m.group(1)))
    # Chips for only part of a stack after (or before) a declaration: "said 'all in' but only slid half my stack out".
    for m in re.finditer(r"\b(?:only|just)\s+(?:slid|slides|pushed|pushes|put|puts|moved|moves|threw|throws|shoved|tossed)\s+"
                         r"(?:out\s+|in\s+|forward\s+)?(?:like\s+|about\s+|maybe\s+)?(?:half|part|some|a few|a portion|a stack)\b", t):
        marks.append((m.start(), "push of only part of the stack"))
    # What was said, quote by quote: "'I call your 400...' and then '...and raise another 800'".
    if not marks or len({k for _p, k in marks}) < 2:
        quoted = [(m.start(), m.group(1)) for m in re.finditer(
            r"\b(?:says?|said|saying|goes|went|adds?|added|announc\w*|declar\w*|yell\w*|continues|continued|then)\b[^'\".]{0,28}"
            r"(?:(?<=\s)|^)['\"]\s*([^'\"]{2,60}?)\s*['\"](?![a-z])", t)]
        for pos, q in quoted:
            w = re.search(r"\b(check|bet|call|raise|fold|all.?in)\b", q)
            if w:
                marks.append((pos, "all-in" if w.group(1).startswith("all") else w.group(1)))
        for pos, q in quoted:
            rest = re.findall(r"\b(check|bet|call|raise|fold)\b", q)
            if len(set(rest)) >= 2:  # "i call ... and raise" inside one quote
                marks = [(pos + i, k) for i, k in enumerate(dict.fromkeys(rest))]
                break
    marks.sort()
    kinds = [k for _p, k in marks]
    if len(set(kinds)) >= 2:
        doc.set("indications", list(dict.fromkeys(kinds)))
    elif kinds == ["check"] and re.search(r"\b(?:tap|taps|tapped|knock|knocks|knocked|rap|raps|rapped)\b", t) and re.search(
            r"\bcheck\w*\b|\bdid (?:he|she|that)\b|\bdoes (?:that|it) count\b|\bsays? nothing\b|\bwithout (?:a word|saying)\b|\bright\?|"
            r"\bdoesn'?t say\b", t):
        doc.set("actions_asked", ["check"])  # what a silent tap means is the question


def _motion_and_stack(doc: Doc, t: str) -> None:
    """One motion or two, and what the player has behind."""
    if re.search(r"\bone motion\b|\bone go\b|\bsingle motion\b|\bone push\b", t):
        doc.set("one_motion", True)
    if re.search(r"\b(goes|went|going|reaches|reached|came) back (?:to|into) (?:his|her|my) stack\b|\bsecond motion\b|"
                 r"\b(?:goes|went|comes|came) back (?:and|to) (?:adds?|added|puts?|throws?|tosses?)\b|"
                 r"\btwo motions\b|\bthen (?:adds?|added|puts? in) (?:another|more)\b|\bsecond trip\b", t):
        doc.set("one_motion", False)
    m = re.search(r"(?:only|just)\s+(?:has\s+)?\$?(" + NUM + r")\s+(?:left|behind|more)|(" + NUM
                  + r")\s+(?:left\s+)?behind|has only\s+\$?(" + NUM + r")", t)
    if m and older_patterns("amounts"):
        doc.set("stack_behind", parse_amount(next(g for g in m.groups() if g)))


# Cards folded across the line: "mucked his hand over the line", "threw his cards", "the cards hit the muck".
_CARDS_CROSSED = re.either(
    r"\b(?:muck(?:ed)?|fold(?:ed)?|threw|tossed|slid|pushed|gave)\b[^.]{0,10}\b(?:cards?|hand)\b[^.]{0,40}"
    r"\b(?:across|over|past) the (?:betting )?line\b",
    r"\bacross the line\b.{0,30}\bto (?:muck|fold)\b",
    r"\bto (?:the )?dealer\b.{0,20}\bfold",
    r"\bcards? (?:hit|reached|touched) the muck\b",
    r"\bthrew (?:his|her|my) cards\b",
    r"\bin the muck\b",
)
# Cards left unprotected: loose, near the pot or the muck, while the player looked away, reached for a drink, stood up.
_UNPROTECTED = r"\b(" + re.either(
    r"loose", r"unprotected", r"not protected", r"left (?:his|her|my|their) (?:\w+ ){0,2}cards", r"side conversation",
    r"(?:way )?(?:out )?(?:near|by|next to|close to|right by) the pot", r"didn'?t protect", r"wasn'?t protecting",
    r"reaching for (?:a|his|her|my) (?:drink|phone|chips|water|beer|coffee|food|jacket|bag)",
    r"turned away", r"looking away", r"half over", r"hanging over", r"on the line", r"too close to the muck",
    r"near the muck", r"next to the muck", r"(?:on|at|looking at|showing [a-z ]{0,20}on) (?:my|his|her) phone",
    r"distracted", r"wasn'?t looking", r"not looking", r"turned around", r"got up", r"stood up",
) + r")\b"


def _cards_and_dead(doc: Doc, t: str) -> None:
    """Folded cards across the line, cards wanted back, unprotected or mucked hands, and dead-hand questions."""
    if re.search(_CARDS_CROSSED, t):
        doc.set("cards_crossed_line", True)
    elif re.search(r"\b(?:cards?|hand|em|them)\b[^.]{0,40}\b(?:across|over|past|beyond) the (?:betting )?line\b", t) and re.search(
            r"\bto (?:fold|muck)\b|\bfolding\b|\bmucking\b|\bas a fold\b|\bmeaning to fold\b|\bintending to fold\b", t):
        doc.set("cards_crossed_line", True)
    if re.search(r"\b(?:grab|get|take|have|pull|want)s?\b[^.]{0,12}\b(?:cards?|hand|em|them)\b[^.]{0,10}\b(?:back|retriev)|"
                 r"\b(?:cards?|hand)\b[^.]{0,30}\bcome back\b|\bhand back\b|\bretriev|"
                 r"\breturn(?:ed)? to play\b|\brestored?\b|\bback in(?:to)? play\b", t):
        doc.set("wants_cards_back", True)
    if re.search(_UNPROTECTED, t):
        doc.set("cards_unprotected", True)
    if re.search(r"\b(dealer|he|she)\b.{0,30}\b(swept|scooped|mucked|pulled|killed|took)\b.{0,30}\b(cards|hand|them|muck)\b", t):
        doc.set("dealer_mucked", True)

    if re.search(r"\b(?:dead|declared dead|killed)\b[^?]{0,130}\b(?:win|won|eligible|award(?:ed)?|best hand|would have been best)\b|"
                 r"\b(?:can|may|could) (?:a )?dead hand\b", t):
        doc.set("asks_dead_hand_wins", True)

    if re.search(r"\b(?:too long|taking forever|stall\w*|tank\w*|slow.?roll\w*)\b", t) and re.search(r"\bdead\b", t):
        doc.set("time_given", True)  # the question is where a clock ends: the 1.7.1 procedure


def _time(doc: Doc, t: str) -> None:
    """A time limit given to act, and whether it ran out."""
    if re.search(r"\b(time limit|clock|count(?:ed)? (?:him |her )?down|(?:seconds|minute) to act|shot clock|given time|"
                 r"time (?:to act|expires?|ran out|runs out|is up))\b", t):
        doc.set("time_given", True)
    if re.search(r"\b(expires?|expired|ran out|runs out|time is up|time'?s up|didn'?t act in time)\b", t):
        doc.set("time_expired", True)


def _out_of_turn(doc: Doc, t: str, acts: list[Action]) -> None:
    """Who acted out of turn and with what, and what the skipped players did after it."""
    # "Seat 2 is first to act, but Seat 8 knocked before him", "B checks before A has acted": out of turn.
    m_first = re.search(r"(?<![a-z])" + ACTOR + r" (?:is|was) (?:first|next|the first)(?: to act)?,? (?:but|when|yet|and yet) ", t)
    if m_first:
        after_first = [a for a in acts if t.find(a.actor.lower(), m_first.end()) >= 0 and a.actor.lower() != m_first.group(1)]
        if after_first and not any(a.out_of_turn for a in acts):
            after_first[0].out_of_turn = True
    m_before = re.search(r"(?<![a-z])" + ACTOR + r" (?:" + _BET_VERB + "|" + _RAISE_VERB + "|" + _CALL_VERB + "|" + _CHECK_VERB
                         + "|" + _FOLD_VERB + r")\b(?:\s+(?:to\s+)?\$?" + NUM + r")?(?:\s+(?:on\s+)?the (?:table|felt))?\s+(?:out of turn\s+)?before (?:" + ACTOR + r")(?:\s+\w+){0,3}? (?:has |had )?(?:acted|acts|act|could act|did|does|done)\b", t)
    if m_before and not any(a.out_of_turn for a in acts):
        for a in acts:
            if a.actor.lower() == m_before.group(1):
                a.out_of_turn = True
                break
    oot = [a for a in acts if a.out_of_turn]
    if oot or re.search(r"\bout of turn\b|\boot\b|\bbefore (?:his|her|my) turn\b|\bacted early\b", t):
        if oot:
            doc.set("oot_action", "all-in" if oot[0].kind == "all-in" else oot[0].kind)
            if oot[0].amount:
                doc.set("oot_amount", oot[0].amount)
        else:
            m = re.search(r"\b(threw|" + _ANY_VERB + r")\b[^.,;]{0,40}\bout of turn|\bout of turn\b[^.]{0,30}"
                          r"\b(" + _ANY_VERB + ")", t)
            if m:
                w = m.group(1) or m.group(2)
                doc.set("oot_action", "fold" if w == "threw" else _kind(w))
        # What came after the out-of-turn action, as told; whether that changed the action is for 1.8.1/1.8.2.
        after = re.split(r"out of turn|\boot\b", t, maxsplit=1)[-1]
        if re.search(r"\b(raise[sd]? (?:it|the)|" + _AGGRESSIVE_DONE + r")\b", after) and not \
                re.search(r"\b(checked|check|called|folded)\b[^.]{0,20}$", after[:60]):
            doc.set("skipped_action", "bet_or_raise")
        elif re.search(r"\b(checked|checks|called|calls|folded|folds)\b", after):
            doc.set("skipped_action", "check_call_fold")
    if re.search(_DEALER_DIRECTED, t):
        doc.set("dealer_caused", True)


def _players(doc: Doc, t: str) -> None:
    """How many players are in the hand, as told."""
    m = re.search(r"\b(2|3|4|5|6|two|three|four|five|six) (?:of us|players|people|guys|way)\b", t)
    if m:
        n = COUNT_WORDS.get(m.group(1)) or int(m.group(1))
        folded = re.search(r"\b(?:one|1|a player|someone|seat \d+) (?:of them |player )?(?:folded|folds|dropped out|mucked|gave up)\b", t[m.end():])
        if re.search(r"\bthe (?:other|remaining|last) (?:two|2)\b|\b(?:two|2) (?:players |of us |of them )?(?:left|remain)", t):
            n = 2
        elif folded:
            n -= 1
        doc.set("players_in_hand", n)


# Both players all in: "we're both all in", "the other two are all in", "all in heads up".
_BOTH_ALL_IN = re.either(
    r"\b(both|we'?re both|both players|we are both|each|the other two|the remaining two|both of them|they both|"
    r"(?:two|2) players(?: are| who are| who both)?)\b"
    r"[^.]{0,30}(?:\ball.?in\b|\ball (?:of )?(?:their|our|the) (?:chips|money|stacks?) in\b)",
    r"\ball.?in heads.?up\b",
    r"\bheads.?up all.?in\b",
    r"\bgot all.?in\b[^.]{0,20}\bheads.?up\b",
)
# How a pot run twice is shared, asked: "how much does each board get", "is it split", "how many rivers".
_RIT_SPLIT_ASKED = r"\b" + re.group(
    r"dealt again", r"dealt twice", r"re-?dealt", r"second (?:run|board|time)", r"each (?:run|board)",
    r"how much (?:do|does|each)", r"share", r"half", r"halves", r"split the pot", r"whole pot",
    r"how many (?:rivers|runs|boards|turns|(?:river |turn |board )?cards)", r"how much of the pot",
    r"(?:portion|part|fraction|percentage) of the pot", r"which cards", r"how(?:'s| is)? (?:it|the pot) split",
    r"hows it split",
) + r"\b"


# What the winner of a board did: "won", "scooped", "chopped", "held", "rivered" (a flush on the second).
_BOARD_TAKEN = re.group(r"won", r"wins?", r"took", r"takes", r"scoop(?:s|ed)?", r"chopped", r"chops", r"split", r"splits",
                        r"tied", r"ties", r"held", r"holds", r"hold up", r"rivers", r"rivered")


def _run_it_twice(doc: Doc, t: str, acts: list[Action]) -> str:
    """Run it twice: who is all-in, whether both agree, cards to come, who won which board.  Returns the text with
    boards named one way ("board two" -> "second board"), which the showdown reading uses too."""
    if re.search(r"\b(?:run|running|ran|runs) (?:it |the board |the rest |them )?(?:twice|two times|2x|three times|thrice|3 times)|"
                 r"\brit\b|\btwo boards\b|\bsecond board\b", t):
        m = re.search(r"\bseats? \d+(?:,? \d+)*,? and \d+\b[^.]{0,30}\ball.?in", t)
        if m:
            doc.set("players_in_hand", len(re.findall(r"\d+", m.group(0))))
            doc.set("all_in_players", len(re.findall(r"\d+", m.group(0))))
        named = {a.actor for a in acts if a.actor.startswith("Seat ")}
        if len(named) >= 2 and "players_in_hand" not in doc.found:
            folded = {a.actor for a in acts if a.kind == "fold"}
            doc.set("players_in_hand", len(named - folded))
            if all(a.kind in ("all-in", "call", "fold") for a in acts) and len(named - folded) == 2 and re.search(r"\ball.?in\b", t):
                doc.set("both_all_in", True)
        if re.search(_BOTH_ALL_IN, t) and not re.search(
                r"\bbehind\b|\bcovers?\b|\bnot all.?in\b", t):
            doc.set("both_all_in", True)
        elif re.search(r"\b(still has|has|with)\b[^.]{0,20}\bbehind\b|\bnot all.?in\b|\bcovers?\b", t):
            doc.set("both_all_in", False)
        if re.search(r"\bwith cards to come\b|\bcards (?:still )?to come\b", t):
            doc.set("cards_to_come", True)
        if re.search(r"\bwithout ask(?:ing)?\b|\b(?:says no|said no|refuses|refused|doesn'?t want|does not want|won'?t|declines|declined|"
                     r"not agree|disagrees)\b", t):
            doc.set("both_agree", False)
        elif re.search(r"\b(both (?:ask|asked|request|requested|want|agree|agreed|wanna|would like)|we both (?:want|wanna|agree)|agreed to run|both players agree)\b", t):
            doc.set("both_agree", True)
        if re.search(r"\b(three times|thrice|3 times|run it 3)\b", t):
            doc.set("runs_requested", 3)
        if re.search(r"\bon the river\b|\briver betting\b|\bduring the river\b", t):
            doc.set("cards_to_come", False)
        elif re.search(r"\b(preflop|pre-flop|on the flop|on the turn)\b", t):
            doc.set("cards_to_come", True)
        elif doc.found.get("street") in ("preflop", "flop", "turn"):
            doc.set("cards_to_come", True)  # the action told was on a street with cards still to come
        t = re.sub(r"\bs(\d+)\b", r"seat \1", t)  # shorthand seats ("S3 scoops run 1")
        t = re.sub(r"\b1st\b", "first", re.sub(r"\b2nd\b", "second", t))
        t = re.sub(r"\b(first|second) (?:river|runout|run-out|run out)\b", r"\1 board", t)  # "won the first river"
        t = re.sub(r"\b(?:board|run|runout) (?:one|1)\b", "first board", t)
        t = re.sub(r"\b(?:board|run|runout) (?:two|2)\b", "second board", t)
        t = re.sub(r"\b(first|second) (?:board|run)(?:'s| is| was) (?:mine|all mine)\b", r"i won the \1", t)
        m_pot = re.search(r"\bfor (" + NUM + r") total\b|\b(" + NUM + r") total pot\b", t)
        told_hand = bool(doc.found.get("hand_actions"))  # the pot of a told hand is the rules' sum of it (conclusions)
        if m_pot and "pot" not in doc.found and not told_hand:
            doc.set("pot", parse_amount(m_pot.group(1) or m_pot.group(2)))
        m_each = re.search(r"\b(?:each|both)\b[^.]{0,25}\ball.?in\b[^.]{0,20}\bfor (" + NUM + r")\b", t)
        if m_each and "pot" not in doc.found and doc.found.get("players_in_hand", 2) == 2 and not told_hand:
            doc.set("pot", 2 * (parse_amount(m_each.group(1)) or 0))
        won: list[str] = []
        t = re.sub(r"\b(second|first) (board|run) (?:(?:was|is) (?:a )?)?(?:played|chops?|chopped|splits?|split|ties|tied|"
                   r"tie)\b", r"\1 \2 was split", t)
        if re.search(r"\b(?:wins?|won|scoops?|scooped|takes?|took) both (?:boards|runs|run-?outs|halves)\b", t):
            won = ["same", "same"]
        else:
            for which in ("first", "second"):
                if re.search(r"\b" + which + r" (?:board|run) was split\b", t):
                    won.append("split")  # "run two was a chop": that board's result, whoever took the other
                    continue
                m = re.search(r"\b(i|he|she|seat \d+|villain|we)\b[^.,;]{0,25}\b" + _BOARD_TAKEN + r"\b[^.,;]{0,20}"
                              r"\b(?:the )?" + which + r"\b|\b" + which + r" (?:board|run)\b[^.,;]{0,25}\b(i|he|she|we|seat \d+|villain)?"
                              r"\s*(?:won|win|took|chopped|split|tied|was chopped|was split|chops|splits)", t)
                if not m and which == "second" and won:
                    # "Seat 2 wins the first board, Seat 6 the second": the verb is understood.
                    m = re.search(r"(?:[,;]\s*(?:and\s+)?|\s+and\s+)(i|he|she|seat \d+|villain|we)\s+(?:gets\s+|got\s+)?"
                                  r"the second\b()", t)
                if m:
                    who = (m.group(1) or m.group(2) or "")
                    seg = m.group(0)
                    won.append("split" if re.search(r"chop|split|tied", seg) else ("asker" if who in ("i", "we") else "other"))
        if not won and re.search(r"\bone (?:board|run)\b[^.]{0,40}\bthe other\b", t):
            # "i win one board, he wins the other": each won one; the teller's share when he is one of them
            mine = re.search(r"\b(?:i|we)\b[^.,;]{0,15}\b" + _BOARD_TAKEN + r"\b[^.,;]{0,10}\b(?:one|the other)\b", t)
            won = ["asker", "other"] if mine else ["other", "other"]
        _set_boards(doc, t, won)
        last = re.split(r"[.?!]\s+", t.strip(" .?!"))[-1]
        if re.search(_RIT_SPLIT_ASKED, t) or (won and any(w in last for w in vocab.words("asks", "how_much"))):
            doc.set("asks_rit_split", True)  # the boards' results told, then "what do i walk away with?"
    return t


def _showdown(doc: Doc, t: str, acts: list[Action]) -> None:
    """Showdown as told: whether who shows first is asked, how many cards were tabled, who mucked, who tabled,
    who claims the pot.  Who was the last aggressor and whether the others forfeited are the rules' conclusions
    (engine/rules/conclusions.py), drawn from these and the actions."""
    if re.search(_SHOW_ORDER, t):
        doc.set("asks_show_order", True)
        if re.search(r"\b(limped|checked down|checked it down|checked all the way|no (?:bet|betting|aggression)|"
                     r"nobody bet|no one bet)\b", t):
            doc.set("checked_down", True)
    if re.search(_ONE_CARD, t):
        doc.set("cards_tabled", 1)
    if re.search(r"\b(mucked|mucks|folded|folds|threw (?:his|her) (?:hand|cards) away|throws (?:his|her) (?:hand|cards) away|"
                 r"gave up|gives up)\b", t) and re.search(r"\b(table|tabled|show|showed|showing|pot)\b", t):
        doc.set("someone_mucked", True)
    _someone_else_tabled(doc, t)
    _claimants(doc, t)


# Who shows first at showdown, asked: "do I have to show", "who tables first", "he refuses to show".
_SHOW_ORDER = re.either(
    r"\byou show\b", r"\b(?:has|have|got|gotta|must) to show\b", r"\bmust show\b",
    r"\b(?:show|table|muck)\w*\b[^.?]{0,40}\bfirst\b", r"\bfirst to (?:show|table)\b", r"\bshow(?:s|ed)? first\b",
    r"\btables? first\b", r"\bgoes first\b", r"\b(?:turns?|flips?) (?:his|their|her) cards (?:over )?first\b",
    r"\bwho (?:has to |must |should )?shows?\b", r"\bshowdown\b", r"\btable (?:his|her|my) (?:hand|cards)\b",
    r"\brefuses? to show\b", r"\bchecked (?:it )?down\b",
)
# Only one hole card tabled: "showed only one card", "turns up just 1 card", "kept his other card face down".
_ONE_CARD = re.either(
    r"\btabled only (?:one|1) card\b", r"\bshowed only (?:one|1) card\b", r"\bonly (?:tabled|showed) (?:one|1)\b",
    r"\b(?:turned|turns|flipped|flips|exposed|exposes|showed|shows|tabled|tables) (?:over |up )?only (?:one|1|the|his|her)\b",
    r"\bonly (?:turned|flipped) (?:over |up )?(?:one|1)\b",
    r"\bkept (?:his|her|the) other card (?:face down|hidden|covered)\b",
    r"\b(?:turns?|turned|flips?|flipped|shows?|showed|tables?|tabled) (?:over |up )?(?:just )?(?:one|1) "
    r"(?:card|of (?:his|her) cards)\b",
    r"\b(?:one|1) card\b[^.]{0,15}\b(?:tabled|shown|face up)\b",
)


def _someone_else_tabled(doc: Doc, t: str) -> None:
    """Another player still holding a hand at showdown: "he tabled a straight", "the opponent showed his cards"."""
    one = doc.found.get("cards_tabled") == 1
    if one and re.search(
            r"\b(?:seat \d+|he|she|opponent|the other|villain)\b[^.]{0,10}\b(?:tabled|tables|showed|shows|turned over|turns over|"
            r"flipped|flips)\b[^.]{0,10}\b(?:a |his |her |both )?(?:\w+ )?(?:straight|flush|pair|set|trips|full house|two pair|"
            r"quads|hand|cards|boat)\b", t):
        doc.set("opponent_tabled", True)
    if re.search(r"\b(?:opponent|other player|villain)\b[^.]{0,20}\b(?:has |had )?(?:tabled|shown|showed|turned over)\b[^.]{0,15}"
                 r"\b(?:a |his |her |both )?(?:hand|cards)\b", t):
        doc.set("opponent_tabled", True)
    if one and re.search(r"\b(?:seat \d+|he|she|the other|another player)\b[^.]{0,20}\b(?:tabled|showed|turned over|flipped) "
                         r"(?:both|his|her) (?:cards|hand|hole cards)\b", t):
        doc.set("opponent_tabled", True)


def _claimants(doc: Doc, t: str) -> None:
    """Who claims the pot, in the order the story names them: "Seat 7 ... claims his ace-high wins",
    "do i have to table", "Seat 3 asks the dealer to push"."""
    named: list[str] = []
    m = re.search(r"\b(seat \d+)\b[^.]{0,70}\bclaims?\b", t)
    if m:
        named.append(_actor_name(m.group(1)))
    if re.search(r"\b(do|must|should) (i|he|she) (have to |need to )?(table|show)", t):
        named.append("i")
    m = re.search(r"\b(seat \d+) (?:then |now |also )?(?:asked|asks|wants|claims|claimed|demands) (?:the dealer )?(?:to )?"
                  r"(?:push|for the pot|the pot)", t)
    if m:
        named.append(_actor_name(m.group(1)))
    if named:
        doc.set("claimants", named)


def _cards(doc: Doc) -> None:
    """Cards: "board Ah Kd 7c 2s 9h, seat 1 has Ac 7d, seat 2 shows Kc Kh"."""
    card = r"(?:10|[2-9tjqka])[shdc]"
    m = re.search(r"\b(?:board|community cards|runout|the flop turn and river)\b\s*(?:is|was|reads|:|of)?\s*((?:" + card
                  + r"[\s,]*){3,5})", doc.low)
    if m:
        doc.set("board", " ".join(re.findall(card, m.group(1))))
    holes: dict[str, str] = {}
    for m in re.finditer(ACTOR + r"\s*(?:has|had|holds|held|shows|showed|tabled|tables|with|:)\s*((?:" + card
                         + r"[\s,]*){2})", doc.low):
        holes[_actor_name(m.group(1))] = " ".join(re.findall(card, m.group(2)))
    if len(holes) >= 2:
        doc.set("hole_cards", holes)


def _new_player(doc: Doc, t: str) -> None:
    """A new player at the table, and whether he posts or waits; a refused blind."""
    if re.search(r"\bnew (?:player|to the table)\b|\bjust sat\b|\bsits? down\b|\bsat down\b|\bjoin(?:s|ing)? the (?:table|game)\b"
                 r"|\bnew player\b", t):
        doc.set("new_player", True)
    if doc.found.get("new_player") or re.search(r"\bsat down\b|\bjust sat\b|\bnew (?:player|guy)\b", t):
        wait = re.search(r"\bwait(?:s|ing)? (?:for|until) (?:the|my|his|her) (?:bb|big blind)\b|\b(?:chose|chooses|choose|decides?|decided) "
                         r"not to post\b|\bnot (?:to )?post(?:ing)?\b|\bwithout posting\b|\bbefore (?:his|her|my|it is his) (?:turn|bb|big blind)\b", t)
        if wait and re.search(r"(?:\b(?:instead of|rather than|not|doesnt|dont|wont)|n't) (?:want to |wanna )?$", t[:wait.start()]):
            doc.set("new_player_choice", "post")  # "wants cards now instead of waiting for the big blind"
        elif wait:
            doc.set("new_player_choice", "wait")
        elif re.search(r"\b(?:post|pay) (?:a |the |one |my |his )?(?:blind|bb|big blind)\b(?! (?:when|until))|\bjust post\b|\bpost now\b|"
                       r"\bpost (?:and|to) (?:play|get dealt)\b", t):
            doc.set("new_player_choice", "post")
    if re.search(r"\b(skip|skipping|decline|refuse|refusing|not post|don'?t want to post|sit out)\b[^.]{0,25}\b(blind|bb|sb|post)",
                 t) or re.search(r"\b(?:not|won'?t|refus\w* to|doesn'?t want to|don'?t want to|never) post(?:ing)?\b|\bdeal me out\b", t):
        doc.set("refuses_blind", True)


# The words of a general question: "how does a player ...", "is a player permitted to ...", "what counts as a check".
_GENERAL_CUE = r"\b(" + re.either(
    r"how (?:do|does|should|must|can|may|many|much|is|are)",
    r"what (?:are|is|conditions|options|happens|should|must|exactly|does)",
    r"when (?:may|can|must|does|a player|the dealer)", r"under what", r"where (?:and how|must|should|do)",
    r"(?:is|are|may|can|must|should) (?:a|the|any) (?:player|dealer|spectator|supervisor)s?\b",
    r"(?:is|are) (?:players|dealers) (?:allowed|permitted|required|obliged|entitled)",
    r"if (?:a|the|any) (?:player|dealer|card|misdeal)", r"is it (?:allowed|legal|ok|permitted)", r"in general",
    r"what'?s the rule", r"(?:count|counts|mean|means|work|works) as (?:a |an )?(?:check|bet|call|raise|fold)",
) + ")"
# A general question about how an action is made ("how does a player check", "what counts as a silent call").
_HOW_TO_ACT = re.either(
    r"\bhow (?:do|does|should|can|must|is|are|to)\b", r"\bcounts? as\b", r"\bindicat", r"\bsignal",
    r"\bways? (?:for \w+ \w+ )?to\b", r"\bphysically\b", r"\bto count\b", r"\b(?:do|does) not say anything\b",
    r"\bwithout saying anything\b", r"\bleast (?:that|the|it|a)\b[^.?]{0,30}\b(?:must|amount)",
    r"\bwithout (?:speaking|saying|words|a word)\b", r"\bproperly\b", r"\bthe way to\b",
    r"\bwhat (?:counts|is) (?:as )?a (?:silent |proper )?(?:check|bet|call|raise|fold)\b",
)


def _procedure(doc: Doc, t: str, acts: list[Action]) -> None:
    """A general question ("how does a player ...", "is a player permitted to ...") rather than a hand that happened."""
    cue = re.search(_GENERAL_CUE, t)
    narrative = bool(re.search(r"\bseats? \d|\btable \d|\bjust now\b|\btonight\b|\blast hand\b", t)) or any(
        a.amount for a in acts) or bool(re.search(r"\b(?:i|he|she|villain|dude|my buddy|this guy)\s+(?:just\s+)?(?:[a-z]+ed|said|put|bet|threw|told|"
                                r"went|got|made|had|gave|took|saw|let|hit|sat|left|did|ran)\b", t))
    if cue and not narrative:
        doc.set("asks_procedure", True)
        named = [w for w in ("check", "bet", "call", "raise", "fold") if re.search(r"\b(?:a |an |to )?" + w + r"\b", t)]
        how_to_act = re.search(_HOW_TO_ACT, t)
        if named and how_to_act:
            doc.set("actions_asked", named)


def _believed(t: str, pos: int) -> bool:
    """Whether the words at ``pos`` are what someone thought, believed or assumed, not what happened."""
    return re.search(r"\b(?:thought|thinking|believed|believing|assumed|assuming|figured|misheard|mistook)\b[^.,;]{0,20}$",
                     t[max(0, pos - 40):pos]) is not None


def _chips_are_the_bet(doc: Doc, t: str, acts: list[Action], put: tuple[int, int] | None) -> None:
    """"The first bettor puts out 500, the next shoves for 1,300: what's the minimum raise?" - the chips are part
    of the action being asked about, not a wager in dispute."""
    asks_what_it_is = re.search(r"\bwhat (?:is|was|'s) (?:his|her|the|their|my) (?:action|play)\b|\b(?:call|raise) or (?:a )?(?:call|raise)\b|"
                                r"\bis (?:it|that|this) a (?:call|raise)\b|\bwhat (?:does|did) (?:it|that|this) count as\b", t)
    learned = getattr(doc, "told", None)
    if learned is not None and learned.of("chips_out"):
        return  # the learned reading says the chips were put out, not bet as the action asked about (told.py)
    told_already = put is not None and any(a.amount == put[0] for a in acts)  # those chips are an action told
    if (doc.found.get("asks_min_raise") and put is not None and "chips_put_out" in doc.found
            and not doc.found.get("single_chip") and not asks_what_it_is and not told_already):
        value, pos = put
        first_pos = min((t.find(a.actor.lower()) for a in acts if t.find(a.actor.lower()) >= 0), default=len(t))
        bet = Action(actor=_put_out_actor(doc, pos) or "player 0", kind="bet", amount=value)
        acts = [bet, *acts] if pos < first_pos else [*acts, bet]
        doc.found.pop("chips_put_out", None)
        doc.found.pop("chip_count", None)
        doc.set("actions", acts, overwrite=True)
    elif (doc.found.get("asks_min_raise") and doc.found.get("verbal_amount") and doc.found.get("declared")
          and not any(a.kind in ("bet", "raise", "all-in") and a.amount for a in acts)):
        # "UTG says 'eleven hundred' and puts it in ... the least I can make it?": the amount said is the bet.
        said = Action(actor="player 0", kind="bet", amount=int(doc.found["verbal_amount"]))  # type: ignore[call-overload]
        doc.set("actions", [said, *acts], overwrite=True)
