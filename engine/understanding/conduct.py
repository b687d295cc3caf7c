"""Fact extraction for section 3 (player conduct): patterns for how people describe it.

Staff write "S4 away at the deal, BB due"; players write "can i rathole a
couple blacks" or "my buddy was in the bathroom when they dealt"; trainees
write "If a player is not in his seat when the initial deal occurs...".  The
patterns below are for those ways of talking about a situation (who was
where, what was shown or said, what someone wants to do with chips), never
for one particular question.  Amounts come from ``engine.understanding.common``.

Every pattern sets a fact only when the words say it; silence leaves the fact
None, so the rules ask or assume as the fact itself says.
"""

from __future__ import annotations

from functools import cache

from engine.understanding import rx as re  # cached compiles: see rx.py
from engine.understanding import vocab
from engine.understanding.common import NUM, amounts_in, chips_described, parse_amount
from engine.understanding.doc import Doc

WHO = r"(?:seat\s*#?\d+|s\d+|he|she|they|him|her|them|his|my|our|their|the (?:other )?(?:guy|player|man|woman|lady|dude)|villain|opponent)"
PAL = r"(?:buddy|friend|mate|pal|neighbou?r|brother|sister|wife|husband|girlfriend|boyfriend|partner|cousin|dad|son|bro)"
HANDS = (r"(?:royal flush|straight flush|quads|four of a kind|full house|boat|flush|straight|trips|a set|set|"
         r"three of a kind|two pair|one pair|a pair|pair of \w+|high card|ace high|king high|nothing|the nuts|nuts|"
         r"(?:busted|missed|a busted|a missed)(?: (?:flush |straight )?draw)?|air|a bluff)")
# "the nut flush", "a king-high straight", "just a pair": words people put in front of a hand's name.
HAND_ADJ = (r"(?:(?:just|only|the|a|an|nut|king|ace|queen|jack|top|bottom|second|small|big|baby|low|high|wheel|"
            r"broadway|\w+[- ]high|\w+s full(?: of \w+)?)\s+)*")
LANGUAGES = (r"russian|spanish|chinese|mandarin|cantonese|french|vietnamese|german|italian|portuguese|polish|hindi|"
             r"tagalog|korean|japanese|arabic|hebrew|thai|farsi|persian|greek|ukrainian|romanian|turkish|punjabi|"
             r"urdu|bulgarian|serbian|hungarian|dutch|swedish|khmer|lao|burmese|cantonese")


def _any(text: str, *patterns: str) -> re.Match[str] | None:
    """The match of the first pattern that matches, in the order given.

    One combined scan answers the usual case (nothing matches) at once; only on a hit are the patterns tried in
    order, so which pattern wins is unchanged.
    """
    if not re.search(_combined(patterns), text):
        return None
    for p in patterns:
        m = re.search(p, text)
        if m:
            return m
    return None


@cache
def _combined(patterns: tuple[str, ...]) -> str:
    """The patterns as one alternation, for the quick scan in ``_any`` (compiled once per list)."""
    return "|".join(f"(?:{p})" for p in patterns)


def _amount_after(text: str, pattern: str) -> int | None:
    """The first amount written right after ``pattern`` ("table max is 1k" -> 1000)."""
    m = re.search(pattern + r"(?:\s+(?:here|in this game|at this table|on this table|for this game|tonight))?"
                  r"\s*(?:is|of|=|:|at|was|are)?\s*(?:only\s+)?\$?(" + NUM + r")", text)
    return parse_amount(m.group(1)) if m else None


# -- timing: was the hand still being played? ---------------------------------------------------------------
_DURING = re.either(
    r"\bduring (?:a|the|his|her|their) hands?\b", r"\bmid.?hand\b", r"\bin the middle of (?:a|the) hand\b",
    r"\bwhile (?:the )?(?:hand|cards) (?:is|are|was|were) (?:live|in play|still going|in progress)",
    r"\bwhile (?:there are |there were )?live cards\b", r"\bwith live cards\b", r"\bstill in the hand\b",
    r"\bwhile (?:he|she|i|they|we) (?:was|were|is|are|am) (?:still )?in (?:a|the) hand\b",
    r"\bfacing a (?:\d[\d,]* )?(?:bet|raise|shove)\b", r"\bhand (?:is|was) (?:still )?(?:live|in progress|going)\b",
    r"\bbefore (?:he|she|i|they) (?:acted|acts|decided)\b", r"\bstill to act\b",
    r"\b(?:on|during) the (?:flop|turn|river)\b",
)
_AFTER = re.either(
    r"\bafter (?:the|a|that) hand\b", r"\bhand(?:'s| is| was| had)? (?:over|finished|done|ended|complete)\b",
    r"\bat the (?:end|completion) of (?:the|a) (?:hand|round)\b",
    r"\bafter (?:winning|he won|she won|i won|taking down|raking)\b",
    r"\bafter the pot (?:was|got) (?:pushed|shipped|awarded)\b", r"\buncontested\b",
    r"\bwon the pot\b", r"\bwins? (?:a|the) (?:\d[\d,]* )?pot\b", r"\bonce the hand (?:is|was) over\b",
    r"\bafter (?:everyone|everybody) folded\b", r"\bafter the river\b(?! was)",
)
# No live cards: folded, between hands, sitting out.
_NO_LIVE_CARDS = r"\b" + re.group(
    r"no live (?:hole )?cards", r"has(?:n'?t| not) (?:got )?(?:any )?live cards", r"between hands",
    r"(?:already|has|had|just|i'?ve|he'?s|she'?s) (?:already )?(?:folded|mucked)",
    r"after (?:he|she|i|they) (?:folded|mucked)", r"not in (?:the|this) hand", r"out of the hand",
    r"before the (?:next )?(?:deal|hand)", r"sitting this (?:hand|one) out",
) + r"\b"
_LIVE_CARDS = r"\b" + re.group(
    r"still (?:has|have|had|holds?|holding) (?:his |her |my )?(?:live )?(?:hole )?cards",
    r"(?:has|have|had|with|holding) live (?:hole )?cards", r"still in the (?:hand|pot)", r"mid.?hand",
    r"in the middle of (?:a|the) hand", r"during (?:a|the) hand",
    r"while (?:he|she|i)(?:'s| is| am| was)? (?:still )?in (?:a|the) hand",
    r"(?:he|she|i)(?:'s| is| am| was) in (?:a|the) hand",
) + r"\b"


def _timing(doc: Doc) -> None:
    """Whether the hand was still being played: most of section 3 rules differently during a hand and after it."""
    t = doc.low
    if re.search(_AFTER, t) and not re.search(r"\bstill in the hand\b|\bmid.?hand\b", t):
        doc.set("hand_in_progress", False)
    elif re.search(_DURING, t):
        doc.set("hand_in_progress", True)


def _live_cards(doc: Doc) -> None:
    """Whether the player in question still holds live cards (3.2 and 3.4 apply only to a player in the hand)."""
    t = doc.low
    if re.search(_NO_LIVE_CARDS, t):
        doc.set("live_cards", False)
    if doc.found.get("live_cards") is False and re.search(r"\bstill in the (?:hand|pot)\b|\bstill has live", t):
        # "Seat 5 (still in the hand) showed Seat 6, who had already folded": the fold is someone else's.
        rest = re.sub(r"\bwho (?:had |has )?(?:already )?(?:folded|mucked)\b", "", t)
        if not re.search(r"\b(?:already|has|had|just) (?:already )?(?:folded|mucked)\b|\bno live cards\b|"
                         r"\bbetween hands\b", rest):
            doc.set("live_cards", True, overwrite=True)
    elif re.search(_LIVE_CARDS, t):
        doc.set("live_cards", True)


# -- 3.1: language, noise, collusion, spectators ------------------------------------------------------------
_LANGUAGE = (
    r"\b(?:foreign|another|other|own|different|native) language\b", r"\benglish only\b",
    r"\bonly english\b", r"\bspeak(?:ing)? english\b", r"\bin english\b", r"\bnot (?:in )?english\b",
    r"\b(?:a|their|his|her) (?:own )?language\b", r"\b(?:espanol|hablar|francais|deutsch|russkiy)\b",
)
_NOISE = (
    r"\bloud(?:ly)?\b", r"\bnois[ey]\b|\bnoise\b", r"\bsilen(?:ce|t)\b(?! ?(?:bet|raise|call|slid|ly))",
    r"\bquiet\b", r"\bshut up\b", r"\b(?:yell|shout|scream|bicker)(?:s|ed|ing)?\b",
    r"\b(?:keep|keeps|kept|constantly|always) (?:arguing|bickering)\b",
    r"\bkeeps? (?:on )?(?:talking|chatting|jabbering|yapping|gabbing)\b",
    r"\b(?:talking|chatting|chatter|yapping)\b[^.]{0,30}\b(?:non.?stop|constantly|all (?:the )?(?:time|night|"
    r"hand)|during (?:hands|the hand|play))\b",
    r"\bcan'?t (?:hear|concentrate|think)\b", r"\b(?:constant|non.?stop) (?:talk|chatter|chat)\b",
)
_COLLUSION = (
    r"\bcollu(?:de|des|ded|ding|sion|sive)\b", r"\bsoft.?play(?:ing|ed|s)?\b", r"\bchip.?dump(?:ing|ed|s)?\b",
    r"\bteam(?:ing|ed)? up\b", r"\bworking (?:together|as a team)\b", r"\bin cahoots\b",
    r"\bsignal(?:l?ing|l?ed|s)? (?:each other|to each other|one another)\b", r"\bplaying as a team\b",
    r"\bnever (?:bet|raise) (?:into|against) each other\b", r"\bcheck(?:s|ed|ing)? (?:it )?down every time\b",
    r"\balways check (?:it )?down\b",
)
_SPECTATORS = (
    r"\bspectators?\b", r"\brail ?birds?\b", r"\bon the rail\b", r"\bthe rail\b", r"\bonlookers?\b",
    r"\bbystanders?\b", r"\bsweat(?:ing|er|ers)?\b", r"\bwatching (?:the game|from behind|over)\b",
    r"\b(?:standing|stands?|stood|hovering|hovers?|leaning|leans?|sitting|sits) (?:right )?(?:behind|over)\b",
    r"\bwatch(?:es|ing)? (?:me|him|her|us|them) play\b",
    r"\b(?:not|isn'?t|wasn'?t|who'?s not) (?:playing|in the game|at the table)\b[^.]{0,20}\b(?:friend|guy|"
    r"person|someone)\b", r"\b(?:someone|a guy|a person|people|a crowd|crowd|friends?|girlfriend|wife)\b"
    r"[^.]{0,20}\b(?:not|isn'?t|aren'?t) (?:playing|in the game)\b", r"\bcrowd(?:ing)?\b",
)


def _table_directions(doc: Doc) -> None:
    """The table's conduct (3.1): the language spoken, noise, collusion, people watching the game."""
    t = doc.low
    if re.search(r"\b(?:" + LANGUAGES + r")\b", t) or _any(t, *_LANGUAGE):
        doc.set("foreign_language", True)
    # Shouting a call ("yelling 'misdeal!'", "shouted 'string bet'") is a claim about play, not table noise.
    said = re.sub(r"\b(?:yell|shout|scream)\w*\s+(?:out\s+)?['\"]?\s*(?:misdeal|string|call|raise|fold|all.?in|time|floor)\b", "", t)
    if _any(said, *_NOISE):
        if not re.search(r"\bsilently\b", t) or re.search(r"\bsilence\b|\bquiet\b|\bloud", t):
            doc.set("table_noise", True)
    if _any(t, *_COLLUSION):
        doc.set("collusion_suspected", True)
    if _any(t, *_SPECTATORS):
        doc.set("spectators_present", True)


# -- 3.2 / 3.8: hand information, shown cards ---------------------------------------------------------------
_SHOW = r"(?:show(?:s|ed|n|ing|in'?)?|flash(?:es|ed|ing)?|let|lets|letting|tilt(?:s|ed)?|turn(?:s|ed)? up)"
# Cards shown to one player rather than to the table.
_SHOWN_PRIVATELY = (
    _SHOW + r" (?:his |her |their |my |both |the |2 |two )?(?:hole )?(?:cards?|hand|holding)\b"
    r"(?: (?:only|just))? to " + r"(?!the (?:whole )?table|everyone|everybody|all)",
    r"\bshow(?:s|ed|n|ing)? (?:his|her|their|my) [a-z]+(?: [a-z]+)? to (?:just|only) (?:his|her|one|a|the|their|seat) \w+",
    r"\bshow(?:s|ed|n|ing)? (?:his|her|their|my) [a-z]+(?: [a-z]+)? (?:only |just )?to (?:seat\s*#?\d+|s\d+|his "
    r"|her |the (?:guy|player|person)|one |another|a (?:friend|buddy|player)|him\b|her\b|me\b)",
    r"\bshow(?:s|ed|n|ing)? (?:only )?(?:seat\s*#?\d+|s\d+|his " + PAL + r"|her " + PAL + r"|the (?:guy|player|"
    r"person|dude|lady) (?:next to|beside|on|to) \w+|(?:his|her|my) neighbou?r|one (?:player|person|guy)|"
    r"(?:him|her)) (?:his |her |their |my |both )?(?:hole )?(?:cards?|hand)\b",
    r"\blet (?:seat\s*#?\d+|s\d+|his " + PAL + r"|her " + PAL + r"|him|her|the (?:guy|player)[^.]{0,15}) "
    r"(?:see|look at|peek at)\b",
    r"\b(?:seat\s*#?\d+|s\d+|his " + PAL + r"|her " + PAL + r"|the (?:guy|player)[^.]{0,15}) (?:saw|got to see|"
    r"was shown)\b",
    r"\bshow one,? show all\b",
    r"\bshow(?:s|ed|n)? (?:only )?(?:seat\s*#?\d+|s\d+|his " + PAL + r"|her " + PAL + r"|the (?:guy|player|person|"
    r"dude|lady|kid) (?:next to|beside|on|to|at) (?:his|her|him|the) \w+)\b", r"\bshowed (?:it|them) (?:only )?to\b",
    r"\b(?:seat\s*#?\d+|s\d+) only\b[^.]{0,20}\b(?:saw|shown)\b",
)
_MUCKED_AFTER = r"\b" + re.group(
    r"muck(?:s|ed)?", r"into the muck", r"in the muck", r"folded (?:them|it|his cards)", r"threw (?:them|it) (?:away|in)",
    r"tossed (?:them|it)", r"(?:gave|slid|pushed|returned) (?:them|it|his cards) (?:back )?to the dealer",
    r"already (?:gone|buried)",
) + r"\b"
_KEPT_AFTER = re.either(
    r"\bstill (?:has|holding|holds|had|in front of)\b", r"\bhas(?:n'?t| not) (?:mucked|folded)\b",
    r"\b(?:before|without) (?:mucking|folding)\b",
)
# Telling what one holds: a verb of speech, then within a few words (not across "while") a hand.
_TELL = re.group(
    r"told", r"tell(?:s|ing)?", r"whisper(?:s|ed|ing)?", r"said", r"saying", r"says", r"mention(?:s|ed|ing)?",
    r"blurt(?:s|ed|ing)? out", r"announc(?:es|ed|ing)", r"talk(?:s|ed|ing)? about", r"discuss(?:es|ed|ing)?",
    r"signal(?:s|l?ed|l?ing)?", r"hint(?:s|ed|ing)?",
)
_TOLD_HAND = re.group(
    r"what (?:he|she|i|they) (?:had|has|have|folded|mucked|threw away|laid down|was holding)",
    r"(?:his|her|my|their) (?:hand|hole cards|cards|draw|kicker|holding)",
    r"(?:he|she|i) (?:had|folded|mucked|laid down|threw away|has|was holding) (?:a|an|the|pocket|two|both|\w+ \w+s\b)",
)
_HAND_TALK = (
    r"\b" + _TELL + r"\b(?:(?!\bwhile\b|\bas\b|\bwhen\b)[^.]){0,40}\b" + _TOLD_HAND,
    r"\b(?:i|he|she) (?:folded|mucked|had|threw away|laid down) (?:the |a |an |pocket )?(?:aces?|kings?|queens?|"
    r"jacks?|tens?|nines?|[2-9]s|[akqj]\w*)\b[^.]{0,30}\b(?:while|during|still|mid)\b",
    r"\b(?:sharing|share|shared|exchang(?:e|ed|ing)|pass(?:ing|ed)?) (?:hand |card )?(?:info(?:rmation)?|"
    r"details)\b",
    r"\b(?:told|tell(?:s|ing)?|whisper(?:s|ed|ing)?|say(?:s|ing)?|said|reveal(?:s|ed|ing)?|mention(?:s|ed|ing)?)\b"
    r"[^.]{0,30}\b(?:what|which) (?:cards?|hand|holding) (?:he|she|i|they) (?:had|has|held|folded|mucked|threw "
    r"away|laid down|was holding)\b",
    r"\b(?:compar|swap|exchang|discuss)\w* (?:their |his |her |our )?(?:hole )?(?:cards|hands|holdings)\b",
    r"\bshow(?:s|ed|ing)? each other\b",
    r"\b(?:show(?:s|ed|ing)?|flash(?:es|ed|ing)?)\b (?:one |a |both |his |her |their )?(?:of (?:his|her|their) )?(?:hole )?"
    r"cards? to (?:seat\s*#?\d+|s\d+|his|her|the (?:player|guy) (?:next to|beside)|him|her|another player)\b",
    r"\b(?:told|tells?|telling|whisper(?:s|ed|ing)?|said|says|saying)\b[^.]{0,40}['\"]\s*(?:i'?ve got|i have|i got|i'?m holding|"
    r"i had|i flopped|i hit|i made|i folded)\b",
)


def _shared_information(doc: Doc) -> None:
    """Hand information shared during play (3.2, 3.8): cards shown to one player, or a hand told or hinted at."""
    t = doc.low
    shown = _shown_privately(doc, t)
    # What staff say is not a player sharing his hand: "the dealer says my hand is dead".
    t = re.sub(r"\b(?:dealer|floor|supervisor|staff)(?:'s)? (?:says|said|told|tells|announced|announces)\b", " ", t)
    talk = _any(t, *_HAND_TALK)
    if talk:
        doc.set("hand_info_shared", True)
    if shown or talk:
        _sharer_folded(doc, t)


def _shown_privately(doc: Doc, t: str) -> re.Match[str] | None:
    """Cards shown to one player, and whether they were mucked after (3.8: shown to one, shown to all)."""
    shown = _any(t, *_SHOWN_PRIVATELY)
    if shown:
        doc.set("cards_shown_privately", True)
        tail = t[shown.end():]
        if re.search(_MUCKED_AFTER, tail):
            doc.set("shown_cards_mucked", True)
        elif re.search(_KEPT_AFTER, tail):
            doc.set("shown_cards_mucked", False)
    return shown


def _sharer_folded(doc: Doc, t: str) -> None:
    """The one who showed or told had already folded, so he had no live cards (3.2 is about live hands)."""
    if re.search(r"\b(?:both|they|we|all)(?: had| have)? (?:already )?folded\b", t):
        doc.set("live_cards", False)
    if re.search(r"\b(?:folded|mucked)\b[^.]{0,20}\b(?:then|and then|and|after that)\b[^.]{0,10}"
                 r"\b(?:told|tells|whisper\w*|said|says|show\w*|flash\w*)\b", t):
        # "S5 folded, then told S6 ...": the one sharing has no hand left.
        doc.set("live_cards", False)


# -- 3.3: the stub and the discards ------------------------------------------------------------------------------
_PEEK = (
    r"\brab+it+(?:s|ing)?\b", r"\bwoulda (?:come|hit|been)\b",
    r"\b(?:we|i|he|she|you|they) would(?:'ve| have| of|a) (?:got|gotten|had|seen|made|hit|come)\b",
    r"\bwould(?: of|a) (?:come|hit|been)\b", r"\bwhat (?:the )?(?:next card|river|turn|flop|board) (?:would|will|was going to)"
    r"(?:'ve| have)? (?:been|come|hit|be)\b", r"\bwhat would(?:'ve| have)? (?:come|hit|been)\b",
    r"\bwould(?:'ve| have) (?:come|hit|been|made)\b[^.]{0,30}\b(?:river|turn|card|flop|deck)\b",
    r"\b(?:look|looks|looked|looking|peek|peeks|peeked|peeking|see|check|flip|flips|flipped|turn|turned|dig|"
    r"dug|go|went|rummag\w*|sneak\w*|glanc\w*)\b[^.]{0,12}\b(?:at |through |in(?:to)? |over |up )?"
    r"(?:the )?(?:undealt|next|remaining|top) (?:cards?|card of the deck)\b",
    r"\b(?:look|looks|looked|looking|peek|peeks|peeked|peeking|dig|dug|digging|go|went|rummag\w*|sift\w*|"
    r"sort\w*|check|checked|glanc\w*|see|view|show|flip|turn (?:over|up))\b[^.]{0,12}\b(?:at |through |in(?:to)? |over )?(?:the )?(?:muck|"
    r"discards?|burn cards?|burns|stub|deck)\b",
    r"\b(?:the )?(?:stub|undealt cards|discards)\b[^.]{0,20}\b(?:see|look|peek|show|shown|flip)\w*\b",
    r"\bshow(?:s|ed)? (?:us |me |him )?(?:the )?(?:next|remaining|undealt) cards?\b",
    r"\bwhat was (?:coming|next|on top)\b",
)


def _peek(doc: Doc) -> None:
    """Looking at the undealt cards, the muck or the discards, or asking what would have come (3.3)."""
    if _any(doc.low, *_PEEK):
        doc.set("peek_at_deck", True)


# -- 3.4: advice ---------------------------------------------------------------------------------------------------
# Advice names an action: any verb form of the vocabulary, or a few phrases only advice uses.
_ACT = "(?:" + "|".join(vocab.action_rx(k) for k in vocab.KINDS) + r"|push|ship it|lay it down|snap)"
_DIRECTIVE = r"['\"]?(?:just |you should |you gotta |you have to |you got to |go ahead and |you need to |you must )"
_TARGET = r"(?:him|her|them|me|seat\s*#?\d+|s\d+|his " + PAL + r"|her " + PAL + r"|the (?:guy|player|kid|lady))"
_ADVICE = (
    r"\badvi(?:ce|se|ses|sed|sing)\b", r"\bcoach(?:es|ed|ing)?\b", r"\bsuggest(?:s|ed|ing)?\b",
    r"\b(?:told|tell(?:s|ing)?|urg(?:es|ed|ing)|nudg(?:es|ed|ing)|signal(?:s|l?ed|l?ing)?) " + _TARGET
    + r" (?:to |that (?:he|she) should )?" + _ACT + r"\b",
    r"\b(?:whisper(?:s|ed|ing)?|mutter(?:s|ed|ing)?|hiss(?:es|ed)?|mouth(?:s|ed|ing)?)\b[^.]{0,20}"
    r"['\"]?(?:just |you should |you gotta |to )?" + _ACT + r"\b(?! ?(?:the clock|time|out|over|it twice))",
    r"\b(?:said|says|saying|yell(?:s|ed|ing)|shout(?:s|ed|ing)|went)\b[^.]{0,20}" + _DIRECTIVE + _ACT + r"\b",
    r"\b(?:said|says|saying|yell(?:s|ed|ing)|shout(?:s|ed|ing))\b (?:to )?" + _TARGET + r",? " + _DIRECTIVE + r"?"
    + _ACT + r"\b",
    r"\b(?:help(?:s|ed|ing)?|influenc(?:e|es|ed|ing)) " + _TARGET + r"\b(?: (?:decide|play|with (?:his|her|the) "
    r"(?:hand|decision)))?",
    r"\b(?:told|tell(?:s|ing)?|whisper(?:s|ed|ing)?) " + _TARGET + r" what to do\b",
    r"\b(?:told|tell(?:s|ing)?|whisper(?:s|ed|ing)?|said to) " + _TARGET + r",?\s*['\"]\s*(?:just |you should |you gotta )?"
    + _ACT + r"\b",
    r"\b(?:ask(?:s|ed|ing)?|consult(?:s|ed|ing)?) (?:his|her|my) (?:" + PAL + r"|coach)\b[^.]{0,30}"
    r"\b(?:what to do|whether to|should (?:i|he|she))\b",
    r"\b(?:backseat|back.?seat|table coach(?:ing)?)\b",
    r"\btell (?:me|him|her|them) (?:whether|if|when|what) (?:to|i should|he should|she should)\b",
    r"\bwhat would you do\b",
    r"\bleans? (?:over )?to (?:the|his|her|my|that) (?:\w+ ){0,3}?(?:and )?(?:goes|says|said|whispers?|tells?)\b",
    r"\bwhat should i do\b[^.?]{0,20}\?",
    r"\basked (?:him|her|seat\s*\d+|his \w+) (?:for advice|what to do|what he would do)\b",
)
# Told to fold, call or raise: the player advised still had a decision to make.
_TOLD_TO_ACT = (r"\b(?:told|tells?|telling|whisper\w*|said to|urg\w*) " + _TARGET
                + r",?\s*['\"]?\s*(?:to |that (?:he|she) should )?(?:just |you should |you gotta )?" + _ACT + r"\b")


def _advice(doc: Doc) -> None:
    """Advice given to a player in a hand (3.4): coaching, suggesting, telling him what to do."""
    t = doc.low
    if _any(t, *_ADVICE):
        doc.set("advice_given", True)
        # Told to fold, call or raise: the player advised still had a decision, so his hand was live.
        if re.search(_TOLD_TO_ACT, t) and not re.search(
                r"\bafter the hand\b|\bhand (?:was|is) over\b|\bbetween hands\b", t):
            doc.set("live_cards", True, overwrite=True)


# -- 3.5 / 3.13: miscalled hands --------------------------------------------------------------------------------
_ANNOUNCE = (r"(?:announc(?:es|ed|ing)|declar(?:es|ed|ing)|call(?:s|ed|ing)|says?|said|saying|claim(?:s|ed|ing)|"
             r"shout(?:s|ed|ing)|yell(?:s|ed|ing)|told (?:everyone|the table|him|her|us)|tells)")
# What the cards turned out to be: "but actually had", "then tabled", "it's really only".
_HELD_VERB = re.group(
    r"had", r"has", r"holds?", r"held", r"tabled", r"tables", r"showed", r"shows", r"turned over", r"turns over",
    r"flips over", r"flipped over", r"flipped", r"flips", r"revealed", r"was holding", r"is holding", r"had made",
    r"made", r"makes?", r"making", r"gave (?:him|her|them|me)", r"gives (?:him|her|them|me)", r"plays?", r"played",
    r"(?:has |'s |had )?got", r"does have", r"did have",
    r"(?:it|that|(?:his |her )?hand)(?:'s| is| was) (?:actually |really |in fact |only |just )+",
)
_HELD = r"(?:actually|really|in fact|turned out|but|when|then|instead|though|yet|wait|points? out|pointed out)\b" \
        r"[^.]{0,40}?\b" + _HELD_VERB
_MISCALL_WORDS = (
    r"\bmis-?call(?:s|ed|ing)?\b", r"\bmis-?read(?:s|ing)? (?:his|her|my|their|the) (?:own )?hand\b",
    r"\bmis-?declar\w*\b", r"\bcalled (?:his|her|my|their) hand wrong\b",
    r"\b(?:wrong|incorrect(?:ly)?) (?:hand )?(?:announc|call|declar)\w*\b",
    r"\b(?:announc|call|declar)\w* (?:his|her|my|their|the) (?:own )?hand (?:wrong|incorrect)\w*\b",
    r"\bdidn'?t (?:realis|realiz|see|know|notice)e? (?:he|she|i) (?:had|made)\b",
    r"\bthought (?:he|she|i) (?:had|only had)\b[^.]{0,40}\b(?:actually|but|really)\b",
    r"\bmis-?stat\w* (?:his|her|their) hand\b", r"\bmisrepresent\w*\b",
    r"\b(?:announc|claim|call|declar)\w* (?:a |to have a )?(?:stronger|better|bigger|different|higher) hand than "
    r"(?:he|she|they|i) (?:holds?|has|had|held|really has)\b", r"\blies about (?:his|her) hand\b",
    r"\b(?:says?|said|announc\w*|call(?:s|ed)?)\b[^.]{0,30}\bbut (?:the board|it|his hand|her hand|the cards) "
    r"(?:gives?|gave|makes?|made|plays?) (?:him|her|them)\b",
    r"\b(?:tables?|tabled|turns? over|turned over|shows?|showed|at showdown)\b[^.]{0,40}\b(?:says?|said|announc\w*|"
    r"call(?:s|ed)?)\b[^.]{0,40}\bbut\b[^.]{0,12}\b(?:he |she |it )?(?:actually|really|in fact)\b",
    r"\bcards? speaks?\b", r"\bcard speak\b",
)
_ON_PURPOSE = (
    r"\bon purpose\b", r"\bdeliberate(?:ly)?\b", r"\bintentional(?:ly)?\b", r"\bintent(?:ion)?\b(?! "
    r"to (?:fold|muck))", r"\bangl(?:e|ed|ing)(?: shoot(?:ing)?| shot)?\b", r"\blied\b|\blying\b",
    r"\btrick(?:ed|ing)?\b", r"\bfake(?:d)?\b", r"\bto (?:get|make|induce|trick) (?:him|her|them|the other|"
    r"villain|seat\s*#?\d+|me)\b[^.]{0,15}\b(?:fold|muck|call|act|lay)\b",
)
_BY_MISTAKE = (
    r"\bhonest (?:mistake|error)\b", r"\bby (?:mistake|accident)\b", r"\baccident(?:al|ally)?\b",
    r"\bgenuine(?:ly)? (?:mistake|misread)\b", r"\bno intent\b", r"\bdidn'?t mean (?:it|to)\b",
)


def _miscall(doc: Doc) -> None:
    """A hand announced as something it is not (3.5, 3.13): what was said, what was held, and what followed."""
    t = doc.low
    m_ann = _hand_announced(doc, t)
    if _any(t, *_MISCALL_WORDS):
        doc.set("hand_miscalled", True)
    if doc.found.get("hand_miscalled") or m_ann:
        _miscall_showdown(doc, t, m_ann)
    if doc.found.get("hand_miscalled") or m_ann or doc.found.get("acted_on_miscall"):
        if _any(t, *_ON_PURPOSE):
            doc.set("miscall_intent", True)
        elif _any(t, *_BY_MISTAKE):
            doc.set("miscall_intent", False)


def _hand_announced(doc: Doc, t: str) -> re.Match[str] | None:
    """The hand announced ("says he has a flush") and the hand held ("but actually had a pair"); cards speak."""
    m_ann = re.search(_ANNOUNCE + r"\s+(?:that\s+|it\s+)?['\"]?\s*(?:(?:he|she|i)(?:'ve|'s|'d| has| had| have)?\s+)?"
                      r"(?:got\s+|has\s+|had\s+|have\s+|holds?\s+)?['\"]?\s*" + HAND_ADJ + r"(" + HANDS + r")", t)
    rest = t[m_ann.end():] if m_ann else ""
    m_act = re.search(_HELD + r"\s+" + HAND_ADJ + r"(" + HANDS + r")", rest) or re.search(
        r"\b(?:it'?s|it is|it was|he had|she had|was|is|hand'?s)\s+(?:actually|really|in fact)\s+" + HAND_ADJ + r"(" + HANDS
        + r")", rest) or re.search(r"\bthat'?s\s+" + HAND_ADJ + r"(" + HANDS + r")", rest)
    if m_ann and m_act:
        said, held = _hand_name(m_ann.group(1)), _hand_name(m_act.group(1))
        doc.set("announced_hand", said)
        doc.set("actual_hand", held)
        if said != held:
            doc.set("hand_miscalled", True)
            _miscalled_by(doc, m_ann.group(1))
    return m_ann


def _miscalled_by(doc: Doc, said: str) -> None:
    """Who called his hand wrong: the player who said a hand's name (the told reading's speaker of it)."""
    if doc.told is None:
        return
    from engine.understanding.told import speaker_of

    who = speaker_of(doc.told, lambda words: re.search(r"\b" + HAND_ADJ + HANDS + r"\b", words) is not None
                     and said in words.replace("'", ""))
    if who and who.lower() not in vocab.words("actors", "pronouns"):
        doc.set("miscalled_by", who)


def _miscall_showdown(doc: Doc, t: str, m_ann: re.Match[str] | None) -> None:
    """Whether the miscalled hand was tabled, and whether someone folded on the strength of the announcement."""
    if _any(t, r"\b(?:tabled|tables|turned (?:over|up)|turns (?:over|up)|flipped|flips|face up|opened|shows|"
            r"showed|shown|revealed)\b"):
        doc.set("hand_opened", True)
    elif _any(t, r"\b(?:without|before|never|didn'?t|did not|hasn'?t|had not) (?:showing|show|shown|tabling|table|"
              r"tabled|turning)\b"):
        doc.set("hand_opened", False)
    tail = t[m_ann.end():] if m_ann else t
    tail = re.sub(r"\bwho(?:'d| had)? (?:already )?(?:folded|mucked)\b|\b(?:folded|mucked) (?:earlier|before|already|"
                  r"ages ago|preflop|pre|on the (?:flop|turn|river))\b|\b(?:a|the) (?:folded|mucked) player\b", "", tail)  # a player out of the hand before, not one acting on the call
    if re.search(r"\b(?:muck(?:s|ed)?|fold(?:s|ed)?|threw (?:his|her) (?:hand|cards)|tossed (?:his|her) "
                 r"(?:hand|cards)|gave up|laid (?:it )?down)\b", tail):
        doc.set("acted_on_miscall", True)


def _hand_name(raw: str) -> str:
    """A hand's name as the rules write it: slang ("boat", "trips") and articles ("a set") to one name."""
    raw = raw.strip()
    return {"boat": "full house", "a set": "three of a kind", "set": "three of a kind", "trips": "three of a kind",
            "quads": "four of a kind", "a pair": "one pair"}.get(raw, raw)


# -- 3.6: contesting a pot ---------------------------------------------------------------------------------------
_NEXT_DEAL = (r"(?:the )?(?:first card|next (?:hand|deal|round)|new hand|cards?) (?:of the next (?:hand|round) )?"
              r"(?:was|were|had been|has been|got|had|has)? ?(?:already )?(?:dealt|pitched|drawn|started|begun|"
              r"underway|out|in the air|going)")
_CONTESTED = (
    r"\bcontest(?:s|ed|ing)?\b(?! (?:the|a|his|her) (?:bet|raise|amount|call))",
    r"\bdisput(?:e|es|ed|ing)\b[^.]{0,40}\b(?:pot|winner|won|showdown|hands?|result|push(?:ed)?)\b",
    r"\b(?:pot|winner|showdown|result)\b[^.]{0,40}\bdisput(?:e|es|ed|ing)\b", r"\bprotest(?:s|ed|ing)?\b",
    r"\bclaim(?:s|ed|ing)? (?:that )?(?:he|she|i|they)?\s*(?:had|held|has|won|should have won|had the "
    r"(?:best|better|winning))\b",
    r"\bclaim(?:s|ed|ing)? (?:the|that|a|his|her|my) pot\b", r"\bclaim the pot\b",
    r"\b(?:pot|chips) (?:was|were|got) (?:pushed|shipped|awarded|given) to the wrong\b",
    r"\b(?:pushed|shipped|awarded|gave) (?:the pot|it) to the wrong\b", r"\bshould(?:'ve| have) won\b",
    r"\bwrong (?:player|person|guy) (?:got|was given|won)\b",
    r"\b(?:pot|it|that pot) should(?:'ve| have) (?:been|gone to) (?:his|hers|mine|him|her|me)\b",
    r"\bwrong (?:pot|winner)\b", r"\b(?:still|can (?:i|he|she)|want to|wants to) claim (?:it|that|the pot)\b",
    r"\b(?:i|he|she) had (?:him|her|them) beat\b", r"\b(?:pot|chips) (?:was |were )?(?:pushed|shipped|awarded) (?:by )?mistake\b",
    r"\b(?:said|says|saying|claims?|claimed|insists?|argues?|argued)\b[^.]{0,20}\b(?:hands?|it|the pot) (?:was|were) "
    r"(?:misread|read wrong|pushed wrong|misjudged)\b", r"\bdisput(?:es|ed|ing)? the (?:pot|result|showdown)\b",
    r"\b(?:i|he|she) (?:think|thinks|thought|believe|believes|believed|know|knows|knew|swear|swears) "
    r"(?:that )?(?:i|he|she) had the (?:better|best|winning|stronger) hand\b",
    r"\b(?:pot|it) (?:got|was|were) (?:pushed|shipped|awarded|given) to (?:the other|him|her|villain)\b[^.]{0,40}"
    r"\b(?:better|best|winning|stronger) hand\b",
)
# Contested once the next hand had begun (too late, 3.6) ...
_CONTESTED_LATE = (
    r"\b(?:after|once|when|by the time)\b[^.]{0,15}" + _NEXT_DEAL,
    r"\bnext (?:hand|deal|round) (?:had )?(?:already )?(?:started|begun|been dealt|underway|going)\b",
    r"\b(?:hands?|orbits?|minutes?) later\b", r"\balready (?:dealing|pitching|dealt|pitched) the next\b",
    r"\b(?:the )?next (?:hand|deal) (?:was|were|had been) (?:dealt|pitched)\b", r"\btoo late\b",
    r"\bdealer (?:had )?(?:already )?(?:started|begun) (?:dealing|pitching)\b", r"\bnext day\b",
    r"\bmid(?:way)? through the next hand\b", r"\bduring the next hand\b",
    r"\b(?:until|till|by|at|on) the (?:flop|turn|river|deal|first card|cards?|blinds?) of the next hand\b",
    r"\b(?:until|till|not until) (?:the )?next (?:hand|deal)\b",
    r"\b(?:hands?|several hands|a few hands) (?:have|had|has) (?:already )?(?:been )?(?:dealt|played) since\b",
    r"\b(?:already|has|had) (?:already )?(?:dealt|pitched|started|begun) (?:the )?(?:next|new) (?:hand|deal|round)\b",
    r"\b(?:after|once|when|by the time|until)\b[^.]{0,25}\b(?:dealt|pitched|dealing|pitching|started|began|"
    r"shuffled)\b[^.]{0,10}\b(?:the )?(?:next|new) (?:hand|deal|round)\b",
)
# ... or before it (in time).
_CONTESTED_IN_TIME = (
    r"\bimmediately\b", r"\bright away\b", r"\bstraight away\b", r"\bbefore (?:the )?(?:next|new) "
    r"(?:hand|deal|card|shuffle)\b", r"\bbefore (?:the dealer|anyone) (?:dealt|pitched|shuffled)\b",
    r"\bwhile (?:the dealer was )?(?:pushing|shipping) the pot\b", r"\bas (?:the )?pot (?:was|is) being "
    r"(?:pushed|shipped)\b", r"\bwhile (?:the dealer was )?(?:still )?(?:shuffling|scrambling|washing)\b",
    r"\bwhile the pot (?:was|is) (?:being )?(?:pushed|shipped|awarded|pulled)\b",
    r"\bbefore (?:the )?(?:first card|cards?) (?:was|were|of the next)\b",
    r"\bno (?:cards?|hand) (?:has been |had been |was |were )?(?:dealt|pitched) yet\b",
    r"\b(?:dealer'?s|dealer is|dealer was) (?:still |just )?(?:shuffling|scrambling|washing)\b",
)


def _contest(doc: Doc) -> None:
    """A pot contested (3.6), and whether before or after the next hand began: that decides if it can be."""
    t = doc.low
    if _any(t, *_CONTESTED):
        doc.set("pot_contested", True)
    if not doc.found.get("pot_contested"):
        return
    if _any(t, *_CONTESTED_LATE):
        doc.set("contest_timing", "after")
    elif _any(t, *_CONTESTED_IN_TIME):
        doc.set("contest_timing", "before")


# -- 3.7 / 3.9: seats ----------------------------------------------------------------------------------------------
_SEAT_REQUEST = (
    r"\b(?:switch|move|change|go|swap)(?:es|s|ed|ing)? (?:over )?(?:to|into) (?:seat|the \d+ seat|the "
    r"(?:\w+ )?seat)\b", r"\bwhen (?:it|the seat|a seat) (?:opens|frees up|is free)\b",
    r"\b(?:pick|choose|chose|choosing|picking|select|want|wants|wanted|get|request(?:ed)?|prefer)s? "
    r"(?:my|his|her|their|our|a|the|which|any|own|(?:my|his|her|their) own) (?:own )?seats?\b",
    r"\bseat (?:change|choice|selection|assignment|allocation|draw)s?\b",
    r"\b(?:another|a different|a new|a better) seat\b",
    r"\b(?:change|changing|changed|switch|switching|switched|swap|swapping|move|moving|moved) (?:my |his |her |"
    r"their )?seats?\b", r"\bwhich seat\b", r"\bassign(?:s|ed)? (?:me |him |her |them )?(?:a |the |my |his )?"
    r"seats?\b", r"\bsit (?:wherever|anywhere|where (?:i|he|she|we) (?:want|like))\b",
    r"\b(?:want|wants|like|likes)(?: to)? (?:sit|move) (?:in|to|at) seat\b",
    r"\b(?:insists? on|demands?|asks? for|take|taking|wants?) (?:taking |to take |to sit in )?seat\s*#?\d+",
    r"\bbalanc(?:e|ing) the tables?\b", r"\bseat\s*#?\d+ (?:just )?(?:opens?(?! (?:to|for|the|it|\$?\d))|is open|"
    r"opened up)\b",
)


def _seats(doc: Doc) -> None:
    """A seat asked for or changed (3.7, 3.9), and orbits sat out without a wager (a seat can be lost for it)."""
    t = doc.low
    if _any(t, *_SEAT_REQUEST):
        doc.set("seat_request", True)
    m = re.search(r"\b(\d+|one|two|a couple of|couple of|a couple|an|one full) (?:full )?(?:orbits?|rounds)\b", doc.nums)
    if m and re.search(r"\b(?:without|no|not|never|hasn'?t|haven'?t|didn'?t)\b[^.]{0,40}\b(?:wager|bet|play|"
                       r"playing|played|chip|hand|blind|post)|\b(?:missed|skipped|sat out|sitting out|sat through)\b",
                       t + " " + doc.nums):
        n = m.group(1)
        words = {"one": 1, "an": 1, "one full": 1, "two": 2, "a couple of": 2, "couple of": 2, "a couple": 2}
        doc.set("orbits_without_wager", int(n) if n.isdigit() else words.get(n))


# -- 3.10 / 3.11 / 3.12: chips -------------------------------------------------------------------------------------
# Chips by name or by the room's colours (config.toml [chips]), singular or plural.
_CHIPS = r"(?:chips?|" + vocab.colour_rx() + r"s?|quarters|nickels|money|cash)"
# Betting with chips that are not one's own, or for another player (3.10).
_OTHERS_CHIPS = (
    r"\b(?:someone|somebody) else'?s (?:chips|stack)\b", r"\banother player'?s (?:chips|stack)\b",
    r"\b(?:his|her|my|their) " + PAL + r"'?s (?:chips|stack)\b",
    r"\b(?:from|out of|with|using) (?:his|her|their|the other (?:guy|player)'?s?|seat\s*#?\d+'?s) (?:chips|"
    r"stack)\b[^.]{0,30}\bfor (?:him|her|them)\b",
    r"\b(?:bet|call|raise|wager|toss|put|throw)\w*\b[^.]{0,30}\bfor (?:him|her|them|my " + PAL + r"|his "
    + PAL + r")\b[^.]{0,30}\b(?:from|out of|with) (?:his|her|their) (?:stack|chips)\b",
    r"\b(?:bet|call|raise|wager|toss|put|throw)\w*\b[^.]{0,20}\b(?:his|her|their|my " + PAL + r"'?s) "
    r"(?:chips|stack)\b[^.]{0,30}\bfor (?:him|her|them)\b",
    r"\b(?:play|act|bet|call) (?:his|her) (?:hand|chips) for (?:him|her)\b",
    r"\b(?:bet|call|wager|play)(?:s|ed|ing)? (?:with|out of) (?:his|her|my) " + PAL + r"'?s\b",
    r"\b(?:bet|call|raise|wager|play|toss|put|throw|act)\w*\b[^.]{0,15}\bfor (?:me|him|her|them)\b[^.]{0,20}"
    r"\b(?:out of|from|with|using) (?:my|his|her|their) (?:own )?(?:chips|stack)\b",
    r"\b(?:me|i|i'?ll|to)\s+(?:\w+\s+){0,2}(?:put|toss|throw|push|slide|bet|move|use)\w*\s+(?:in\s+)?(?:his|her|"
    r"their)\s+(?:chips|stack)\b",
    r"\b(?:bet|call|raise|wager|play|toss|put|throw)\w*\b[^.]{0,10}\b(?:out of|from|with|using) (?:my|his|her|"
    r"their) (?:chips|stack)\b[^.]{0,15}\bfor (?:me|him|her|them)\b",
    r"\b(?:friend|buddy|mate|wife|husband|someone|somebody|another player|he|she)\b[^.]{0,20}\b(?:bet|play|wager|"
    r"call|raise|use|put in)\w* (?:my|his|her) chips\b",
    r"\b(?:push|pushed|put|puts|bet|posted|posts|moved|used|took|takes)\b[^.]{0,15}\b(?:of )?(?:seat\s*\d+|his friend|"
    r"his buddy|her friend|the other player|another player|my friend|my buddy)'s (?:chips|stack)\b",
    r"\b(?:grabbed|grabs|took|takes|borrowed|borrows|used)\b[^.]{0,12}\b(?:off|from|out of) (?:my|his|her|seat\s*\d+'s) (?:stack|chips)\b[^.]{0,30}\b(?:call|bet|raise|wager|post)",
    r"\b(?:reach(?:es|ed)?|dipp?(?:s|ed)?|went|goes) into (?:seat\s*#?\d+'s|his|her|their|my|the other (?:guy|player)'s|"
    r"another player'?s) (?:stack|chips)\b[^.]{0,30}\b(?:bet|call|raise|wager|post|act)\w*\b",
)
# Taking chips off the table during a session (3.11): the verb, then chips, then where they went.
_TAKE = re.group(
    r"take", r"taking", r"took", r"takes", r"pull", r"pulls", r"pulled", r"pulling", r"remove", r"removes", r"removed",
    r"removing", r"put", r"putting", r"puts", r"stash", r"stashed", r"stashing", r"sneak", r"snuck", r"slip",
    r"slipped",
)
_OFF_THE_TABLE = re.group(
    r"off the table", r"off (?:my|his|her|the) stack", r"from (?:my|his|her|the) stack",
    r"out of (?:my|his|her) stack", r"in(?:to)? (?:my|his|her) (?:pocket|bag|jacket)", r"out of (?:play|the game)",
)
_REMOVING = (
    r"\b(?:hand|hands|give|gives|gave|giving|pass|passes|passed|lend|lends|lent|loan|loaned|slide|slid|"
    r"toss|tossed)\b (?:my |his |her )?(?:" + PAL + r"|him|her|them|seat\s*#?\d+|s\d+|another player) "
    r"(?:some |a few |a couple (?:of )?|\d[\d,]* )?(?:of (?:my|his|her) )?" + _CHIPS + r"\b",
    r"\brat ?hol(?:e|es|ed|ing)\b", r"\bgo(?:ing|es)? south\b|\bwent south\b",
    r"\bpocket(?:s|ed|ing)? (?:a |some |a few |a couple (?:of )?|couple (?:of )?|his |my |her |\d+ |the )?"
    r"(?:of )?(?:\w+ )?" + _CHIPS + r"\b",
    r"\b" + _TAKE + r"\b[^.]{0,30}\b" + _CHIPS + r"\b[^.]{0,25}\b" + _OFF_THE_TABLE,
    r"\b(?:take|taking|took|pull|pulling|remove|removing) (?:some |part of |half (?:of )?)?(?:my |his |her )?"
    r"(?:profit|winnings)\b",
    r"\b(?:take|taking|took|takes|pull|pulls|pulled|pulling|remove|removes|removed|removing)\b[^.]{0,25}\b(?:off|"
    r"from) the table\b(?! (?:limit|max))", r"\bcash(?:ing)? out (?:some|part|half|a (?:bit|few|little))\b",
    r"\b(?:lock|locking|locked) up (?:some|part|half)\b",
)
_LEAVING = (
    r"\b(?:leav(?:e|es|ing)|left|quit(?:ting|s)?) (?:the (?:game|table)|for the (?:night|day)|now)\b",
    r"\b(?:cash(?:es|ed|ing)? out|rack(?:s|ed|ing)? up|racking up)\b(?! (?:some|part|half|a (?:bit|few)))",
    r"\b(?:done|finished) for the (?:night|day)\b", r"\b(?:going|heading) home\b",
    r"\b(?:give|giving|gives|gave) up (?:my|his|her) seat\b", r"\bforfeit(?:s|ed|ing)? (?:my|his|her) seat\b",
)
_STAYING = (
    r"\bkeep (?:on )?playing\b", r"\bstay(?:ing)? in (?:the game|my seat|his seat)\b",
    r"\b(?:still|continue|continues|continuing) (?:to )?play", r"\bnot leaving\b",
    r"\bbetween hands\b",
)
# Adding chips to the stack between hands (3.12): top-ups, add-ons, rebuys, chips from a pocket.
_ADDING = (
    r"\btop(?:s|ped|ping)? (?:up|off|him up|me up|it up)\b",
    r"\b(?:wants?|wanted|like|looking|asks?|asked|can (?:i|he|she)|may (?:i|he|she)|allowed) (?:to )?add\b",
    r"\badd(?:s|ed|ing)?[ -]?on\b",
    r"\brebuy\w*\b|\bre-buy\w*\b|\breload\w*\b", r"\b\d[\d,.]*k? (?:more )?to add\b",
    r"\badd(?:s|ed|ing)? (?:more |some |another |a few |extra )?(?:\$?\d[\d,.]*k? )?(?:more )?(?:" + _CHIPS
    + r"|to (?:my|his|her|their) stack)\b",
    r"\bbuy(?:s|ing)?(?: back)?(?: in)?(?: for)? (?:more|another|some more|extra|an? (?:extra|additional)|"
    r"\$?\d[\d,.]*k? more)\b",
    r"\b(?:bring|brings|brought|put|puts|putting) (?:more|another|extra) (?:" + _CHIPS + r"|on the table)\b",
    r"\bmore chips\b[^.]{0,20}\b(?:on|in|to)\b", r"\bbuy (?:\$?\d[\d,.]*k? |some |a rack of )?(?:more )?chips\b",
    r"\b(?:chips|money|cash)\b[^.]{0,15}\b(?:out of|from) (?:my|his|her) (?:pocket|wallet|bag|jacket)\b",
)


def _chips(doc: Doc) -> None:
    """Chips moving in or out of play (3.10-3.12): someone else's chips, chips taken off, chips added."""
    t = doc.low
    if _any(t, *_OTHERS_CHIPS):
        doc.set("wagering_others_chips", True)
    if _any(t, *_REMOVING):
        doc.set("removing_chips", True)
    if doc.found.get("removing_chips"):
        if _any(t, *_LEAVING):
            doc.set("leaving_game", True)
        elif _any(t, *_STAYING):
            doc.set("leaving_game", False)
    if _any(t, *_ADDING):
        doc.set("adding_chips", True)
        doc.found.pop("removing_chips", None)  # chips coming out of a pocket go onto the table, not off it
    if doc.found.get("adding_chips"):
        _top_up(doc, doc.nums)


def _top_up(doc: Doc, n: str) -> None:
    """The figures a top-up is ruled on (3.12): how much is added, the table limit, and the stack it joins."""
    add_span = _add_amount(doc, n)
    limit = _amount_after(n, r"(?:table (?:limit|max(?:imum)?|cap)|max buy'?s|(?:max(?:imum)?|limit|cap)(?: buy.?in)?|"
                             r"max(?:imum)? stack|stack (?:limit|cap|max))")
    if limit is None:
        m = re.search(r"\$?(" + NUM + r")\s+(?:max(?:imum)?|cap|limit)\b", n)
        limit = parse_amount(m.group(1)) if m else None
    if limit is not None:
        each = _big_blinds_each(doc, n, limit)
        doc.set("table_limit", limit * each)
        if each > 1:
            doc.set("limit_in_big_blinds", limit)
    stack = _stack_before_top_up(n, add_span)
    if stack is not None and stack != doc.found.get("table_limit"):
        doc.set("stack_behind", stack)


def _big_blinds_each(doc: Doc, n: str, limit: int) -> int:
    """"The max is 250 big blinds", "a cap of 150bb": a limit counted in big blinds is that many of the told big
    blind (the units are the vocabulary's ``amounts.big_blinds``); 1 when it is counted in chips."""
    bb = doc.found.get("big_blind")
    units = vocab.alternation(vocab.words("amounts", "big_blinds"))
    for m in re.finditer(r"\$?(" + NUM + r")\s*(?:" + units + r")\b", n):
        if bb and parse_amount(m.group(1)) == limit:
            return int(bb)
    return 1


def _add_amount(doc: Doc, n: str) -> tuple[int, int] | None:
    """The amount added ("add 500", "top up to 1,000", "300 more"); its span, so it is not also read as the stack."""
    m = re.search(r"\b(?:add|adds|adding|buy|buys|buying|top (?:up|off)|rebuy|reload|bring|put on|put)\b"
                  r"(?: (?:another|more|an extra|extra|up to|in|for|back))*\s*\$?(" + NUM + r")", n)
    if not m:
        m = re.search(r"\$?(" + NUM + r")\s+(?:more|extra|to add)\b", n)
    if not m:
        return None
    doc.set("add_amount", parse_amount(m.group(1)))
    return m.span(1)


# Words before the stack a player has: "sitting on 1,200", "S3 at 1,350", "i've got 800".
_SITTING_ON = re.group(r"sitting on", r"sit on", r"i'?m at", r"i am at", r"i'?m on",
                       r"(?:player|he|she|he'?s|she'?s|seat \d+|s\d+) (?:is )?(?:on|at)", r"holding", r"stack at",
                       r"stack up to", r"up to", r"i'?ve got", r"i have")


def _stack_before_top_up(n: str, add_span: tuple[int, int] | None) -> int | None:
    """The stack already in front of the player ("has 400 behind", "sitting on 1,200"); 0 when he busted."""
    stack = None
    m = re.search(r"\$?(" + NUM + r")\s+(?:in front of (?:him|her|me)|on the table|in (?:his|her|my) stack|"
                  r"(?:left )?behind|stack)\b", n)
    if m and m.span(1) != add_span:
        stack = parse_amount(m.group(1))
    else:
        m = re.search(r"\b(?:stack|stack size) (?:is|of|was)?\s*\$?(" + NUM + r")|\b(?:has|have|had|with|got) (?:only "
                      r"|just )?\$?(" + NUM + r")(?! (?:more|extra|max|limit|cap))\b|\b" + _SITTING_ON + r"\s+\$?(" + NUM
                      + r")", n)
        grp = next((g for g in (1, 2, 3) if m and m.group(g)), None)
        if m and grp and m.span(grp) != add_span:
            stack = parse_amount(m.group(grp))
    if stack is None and re.search(r"\bbusted\b|\blost (?:my|his|her) (?:whole |entire )?stack\b|\bfelted\b", n):
        stack = 0
    return stack


# -- 3.14: away at the deal -------------------------------------------------------------------------------------
_AWAY = re.either(
    r"\b(?:at|in|to|from) the (?:bar|bathroom|restroom|toilet|loo|washroom|cage|cashier|atm|buffet|kitchen|"
    r"smoking area|car|lobby|men'?s room|ladies'? room)\b",
    r"\baway from (?:the table|his seat|her seat|my seat|the seat)\b",
    r"\b(?:not|wasn'?t|isn'?t|weren'?t) (?:in|at) (?:his|her|my|their|the) (?:seat|chair|table)\b",
    r"\b(?:smoke|smoking|cigarette|bathroom|toilet|phone|food|dinner|lunch|restroom) break\b",
    r"\b(?:he|she|i|player|seat \d+|he'?d|she'?d|had|has|was) (?:went|gone|stepped|walked|wandered|popped|ran) "
    r"(?:away|outside|out|off|to)\b",
    r"\bempty (?:seat|chair)\b",
    r"\b(?:was|is) (?:away|not there|absent|missing|off somewhere)\b", r"\babsent\b", r"\bnot back\b",
    r"\bwasn'?t back\b",
    r"\bon the phone outside\b", r"\bleft (?:the table|his seat|her seat)\b", r"\bcame back\b", r"\bgot back\b",
    r"\bgets back\b",
    r"\breturn(?:s|ed)\b", r"\baway (?:at|during|for|when|on)\b", r"\boutside\b",
    r"\bon (?:a|the|his|her) (?:phone|call|phone call)\b",
)
_DEAL = (r"\b(?:dealt|deal|dealing|pitch(?:ed|ing)?|cards (?:went|came) out|hand (?:started|began)|initial deal|"
         r"blinds? (?:came|went) (?:round|around)|(?:his|her|my) (?:big |small )?blind|bb|sb)\b")
_BIG_BLIND_DUE = re.either(
    r"\b(?:his|her|my|the|their)\s+(?:\d[\d,]* )?(?:big blind|bb)\b", r"\b(?:on|in) the (?:big blind|bb)\b",
    r"\b(?:big blind|bb) (?:was )?due\b", r"\bdue (?:for|to post) (?:the )?(?:big blind|bb)\b",
)
_SMALL_BLIND_DUE = re.either(
    r"\b(?:his|her|my|the|their)\s+(?:\d[\d,]* )?(?:small blind|sb)\b", r"\b(?:on|in) the (?:small blind|sb)\b",
    r"\b(?:small blind|sb) (?:was )?due\b",
)
_REFUSES_BLIND = re.either(
    r"\b(?:should ?n'?t|should not|does ?n'?t|does not|don'?t|do not|won'?t|not|refus\w*|why)\b[^.]{0,25}"
    r"\b(?:have to |need to |owe|pay|post)\w*\b",
    r"\b(?:skip|skipping|dodge|dodging|avoid|avoiding|duck|decline|declining|get out of)\b[^.]{0,15}"
    r"\b(?:it|the blind|his blind|her blind|posting|paying)\b",
)


def _away(doc: Doc) -> None:
    """Away from the table when the hand was dealt (3.14): which blind was due, and whether he will post it."""
    t = doc.low
    if re.search(_AWAY, t) and re.search(_DEAL, t):
        doc.set("absent_at_deal", True)
    if not doc.found.get("absent_at_deal"):
        return
    if re.search(_BIG_BLIND_DUE, t):
        doc.set("blind_due", "big")
    elif re.search(_SMALL_BLIND_DUE, t):
        doc.set("blind_due", "small")
    m = re.search(r"\b(?:bb|big blind)\s+(?:was |is )?(?:due\s+)?(?:of\s+)?\$?(" + NUM + r")", doc.nums)
    if m and doc.found.get("blind_due") == "big":
        doc.set("big_blind", parse_amount(m.group(1)))
    if re.search(_REFUSES_BLIND, t):
        doc.set("refuses_blind", True)
    if re.search(r"\b(?:declared|ruled|called|made|killed|mucked)\b[^.]{0,15}\b(?:dead|his hand|her hand)\b|"
                 r"\bkill(?:ed|s)? (?:his|her|the) hand\b", t) and not re.search(r"\b(?:can|could|may|might|should|"
                                                                               r"would|will)\b[^.]{0,20}\b(?:kill|"
                                                                               r"dead)", t):
        doc.set("hand_declared_dead", True)


# -- 3.15 / 3.19: amounts from the dealer ---------------------------------------------------------------------------
_POT_SIZE_ASKED = (
    r"\bhow (?:much|big)(?:'s| is| was)? (?:is |was )?(?:in )?the pot\b", r"\bwhat(?:'s| is| was)? "
    r"(?:in )?the pot\b", r"\b(?:size|value|amount|total) of the pot\b", r"\bpot (?:size|count|total)\b",
    r"\bcount (?:down |out )?the pot\b", r"\b(?:exact|precise) (?:size|value|amount|count|total) of the pot\b",
    r"\bhow much (?:is )?in the middle\b", r"\b(?:amount|value|total|size|much)\s+(?:is\s+|that'?s\s+)?in the pot\b",
    r"\b(?:tell|reveal|say)\w* (?:me |him |her |us )?(?:what|how much)"
    r"[^.]{0,10}\bpot\b",
)
# What the dealer said the amount was: "dealer: 300", "the dealer said it was 300", "I told him 300".
_DEALER_SAID_VERB = re.group(
    r"said", r"says", r"told", r"announced", r"stated", r"called", r"quoted", r"gave", r"counted", r"answered",
    r"replied", r"responded", r"valued", r"verified", r"confirmed", r"declared", r"read", r"mis-?read",
    r"mis-?counted", r"mis-?stated", r"mis-?quoted", r"mis-?called", r"had",
)
_DEALER_SAID = (
    r"\bdealer\s*:\s*['\"]?\s*\$?(" + NUM + r")",
    r"\bdealer\b[^.]{0,40}?\b" + _DEALER_SAID_VERB + r"\b[^.]{0,40}?\$?(" + NUM + r")",
    r"\bi (?:told|tell) (?:him|her|them|a player|the player|seat \d+|the table)\b[^.]{0,30}?\$?(" + NUM + r")",
)
_DEALER_WRONG = (
    r"\bdealer\b(?:(?!\b(?:deck|cards?)\b)[^.]){0,60}\b(?:wrong(?! (?:player|seat|person|guy|one|order|way|man))|incorrect(?:ly)?|"
    r"mis-?(?:count|stat|read|call|quot)\w*|mistake|error|short|off by)\b",
    r"\b(?:wrong|incorrect|bad) (?:count|amount|valuation|number|figure)\b",
    r"\b(?:mis-?count|mis-?stat|mis-?quot)\w*\b",
)
_NOT_YET_ACTED = (
    r"\bbefore (?:he|she|i|they) (?:acted|acts|act|called|call|decided)\b", r"\b(?:has|have|had)(?:n'?t| not) "
    r"(?:yet )?(?:acted|called|decided)\b", r"\bnot (?:yet )?acted\b",
)
_BET_VALUE_ASKED = (
    r"\b(?:ask|asks|asked|asking|check|verify|confirm)\w*\b[^.]{0,25}\bdealer\b[^.]{0,30}\b(?:how much|"
    r"verify|the (?:bet|raise|amount)|what the bet)\b", r"\bdealer\b[^.]{0,20}\b(?:verify|confirm|count)\w*\b"
    r"[^.]{0,20}\b(?:the )?(?:bet|raise)\b", r"\bhow much (?:is|was) the (?:bet|raise)\b",
)


def _dealer_amounts(doc: Doc) -> None:
    """Amounts the dealer gives (3.15, 3.19): the pot size asked, a bet misvalued, and a player acting on it."""
    t = doc.low
    n = doc.nums
    if _any(t, *_POT_SIZE_ASKED):
        doc.set("pot_size_asked", True)
    said = _dealer_misvalued(doc, t, n)
    if doc.found.get("dealer_misvalued"):
        _acted_on_valuation(doc, t, n, said)
    elif _any(t, *_BET_VALUE_ASKED):
        doc.set("bet_value_asked", True)


def _dealer_misvalued(doc: Doc, t: str, n: str) -> re.Match[str] | None:
    """The figure the dealer gave and the real one, when they differ or the dealer is said to be wrong."""
    if "dealer_said_amount" in doc.found:
        return None  # the learned reading of the amounts already found both (told.py)
    said = next((m for p in _DEALER_SAID if (m := re.search(p, n))), None)
    actual = re.search(r"\b(?:actually|really|in fact|turned out to be|was in fact|it was|was)\s+(?:only\s+)?\$?("
                       + NUM + r")\b(?![^.]{0,10}\bdealer)", n[said.end():] if said else "")
    wrong = _any(t, *_DEALER_WRONG)
    if said and (actual or wrong):
        doc.set("dealer_said_amount", parse_amount(said.group(1)))
        doc.set("dealer_misvalued", True)
        if actual:
            val = parse_amount(actual.group(1))
            if val != parse_amount(said.group(1)):
                doc.set("bet_faced", val, overwrite=True)
    elif wrong and re.search(r"\bdealer\b", t) and re.search(r"\b(?:bet|raise|amount|count)\b", t):
        doc.set("dealer_misvalued", True)
    return said


def _acted_on_valuation(doc: Doc, t: str, n: str, said: re.Match[str] | None) -> None:
    """Whether the player acted on the dealer's figure (3.19 protects one who did), and with what."""
    after = n[said.end():] if said else n
    before = n[: said.start()] if said else ""
    if re.search(r"\b(?:i|he|she|seat\s*#?\d+)\s+(?:called|folded|raised|shoved|mucked)\b[^.]{0,15}\b(?:because|"
                 r"since|after|when)\b", before):
        after = before + " " + after
    m = re.search(r"\b(?:said|says|saying|goes|went)\s*['\"]?(call|fold|raise)\b|\b(?:i|he|she|they)\s+(?:then\s+)?"
                  r"(call|fold|raise)s?\b|\b(call(?:ed|s)|fold(?:ed|s)|"
                  r"rais(?:ed|es)|shov(?:ed|es)|muck(?:ed|s)|match(?:ed|es))\b", after)
    if m:
        word = m.group(1) or m.group(2) or m.group(3)
        verb = {"c": "call", "f": "fold", "r": "raise", "s": "all-in", "m": "fold"}[word[0]]
        if word.startswith("match"):
            verb = "call"
        # The "said" the wagering patterns heard may be the dealer's figure; this is the player's own action.
        doc.set("verbal", verb, overwrite=True)
        doc.set("acted_on_valuation", True)
        _chips_put_out(doc, after)
    elif _any(t, *_NOT_YET_ACTED):
        doc.set("acted_on_valuation", False)


def _chips_put_out(doc: Doc, after: str) -> None:
    """What the player put in on the dealer's figure ("called 300"), not what he asks about ("do I put in 300?"),
    when the learned reading of the amounts did not tell it ("pushed 8 blacks" is 800, not 8)."""
    if doc.told is not None and doc.told.of("chips_out"):
        return
    for put in re.finditer(r"\b(?:called|calls|call(?:ed)? for|put|puts|putting|placed|slid|pushed|threw|"
                           r"tossed|matched)\s+(?:in\s+|out\s+)?(?:the\s+)?\$?(" + NUM + r")", after):
        if re.search(r"\b(?:to|n'?t|not|should|must|do i|does he|does she|will i|would i)\s*$",
                     after[max(0, put.start() - 10): put.start()]):
            continue  # "do I have to put in 300 more?" is the question, not what he put in
        doc.set("chips_put_out", parse_amount(put.group(1)), overwrite=True)
        break


# -- 3.16 / 3.17 / 3.18: stacks -----------------------------------------------------------------------------------
# A big chip: by size, by figure, or by a colour worth at least 100 in this room.
_BIG_COLOURS = vocab.alternation([c for c, v in vocab.chip_colours().items() if v >= 100])
_BIG = r"(?:big|bigger|high(?:er)?(?:.denomination)?|large(?:r)?|\d[\d,]*k?|" + _BIG_COLOURS + ")"
_COLOURS_S = vocab.colour_rx() + "s"
_UNTIDY = re.group(
    r"a mess", r"mess", r"messy", r"sloppy", r"untidy", r"disorgani[sz]ed", r"unorgani[sz]ed", r"jumbled",
    r"scattered", r"unstacked", r"all over the (?:place|table)", r"spread (?:out|all over)",
    r"not (?:neat|organi[sz]ed|stacked)",
)
_STACK_UNTIDY = (
    r"\b" + _UNTIDY + r"\b[^.]{0,25}\b(?:stack|chips|pile)\b", r"\b(?:stack|chips)\b[^.]{0,25}\b" + _UNTIDY,
    r"\b(?:pile|heap|mess) of (?:chips|\d+s|" + _COLOURS_S + r")\b",
)
_BIG_CHIPS_HIDDEN = (
    r"\b(?:hid(?:e|es|den|ing)|tuck(?:s|ed|ing)?|bur(?:y|ies|ied|ying)|cover(?:s|ed|ing)?|conceal(?:s|ed|"
    r"ing)?|keeps?)\b[^.]{0,15}\b" + _BIG + r"\s+(?:denomination )?(?:chips|ones|plaques)\b",
    r"\b" + _BIG + r"\s+(?:denomination )?chips\b[^.]{0,25}\b(?:hidden|tucked|buried|covered|behind|under(?:neath)?|"
    r"at the back|in the back|out of sight|conceal\w*)\b",
    r"\b(?:higher|high|big|large) (?:denomination|chips)\b[^.]{0,20}\b(?:not|aren'?t|isn'?t) (?:at the |in )?"
    r"(?:front|top|visible)\b",
    r"\b(?:" + _BIG_COLOURS + r"s|plaques|(?:\d[\d,]*k?)s)\b (?:are |were |is |all )?(?:hidden|tucked|"
    r"buried|covered|stashed|behind|under(?:neath)?|at the back|in the back)\b",
)
_STACK_HIDDEN = (
    r"\b(?:hid(?:e|es|den|ing)|cover(?:s|ed|ing)?|block(?:s|ed|ing)?|conceal(?:s|ed|ing)?|shield(?:s|ed|"
    r"ing)?)\b[^.]{0,20}\b(?:his|her|their|the|my) (?:whole |entire )?(?:stack|chips)\b",
    r"\b(?:stack|chips) (?:is |are )?(?:hidden|covered|blocked|out of sight|behind (?:his|her) (?:hands?|arms?|"
    r"cards?|phone|drink))\b", r"\b(?:stack|chips)\b[^.]{0,15}\b(?:behind|under|beneath) (?:his|her|their|a|the) (?!line\b|betting\b)\w+",
    r"\b(?:half |partly |mostly )?(?:hidden|tucked|covered|blocked) (?:behind|by|under)\b",
    r"\bcan'?t see (?:his|her|their|the) (?:whole |entire )?(?:stack|chips)\b",
    r"\bwon'?t (?:show|let (?:me|us|anyone) see) (?:his|her) (?:stack|chips)\b",
)
_PRECISE_COUNT = (
    r"\b(?:exact|precise|accurate|full|proper|actual) (?:chip )?count\b", r"\bcount (?:down )?(?:his|her|their|"
    r"the|that|a|my|its|it|them)\b(?! (?:pot|bet))", r"\bcounted down\b", r"\bcount(?:ed)? (?:out )?(?:his|her|the) "
    r"(?:stack|chips)\b", r"\b(?:exactly|precisely) how (?:much|many)\b", r"\bto the (?:chip|dollar)\b",
    r"\b(?:refus\w*|won'?t|doesn'?t want) to count\b", r"\bmake (?:him|her|them) count\b",
    r"\bcount (?:it|them) (?:down|out)\b", r"\b(?:ask\w*|request\w*) (?:for )?a count\b",
    r"\b(?:dealer|i) (?:then )?count(?:s|ed)\b(?! (?:the |down the )?(?:deck|cards))",
)
_STACK_SIZE_ASKED = (
    r"\bhow much (?:is|does|has|did) (?:he|she|villain|they|seat\s*#?\d+|the (?:guy|player)) "
    r"(?:playing|have|got|left|behind)\b", r"\bhow much (?:he|she)(?:'s| has| is)? (?:got|playing|has|left|behind)\b",
    r"\bhow many chips (?:does|has|did) (?:he|she|villain|seat\s*#?\d+)\b", r"\bwhat(?:'s| is) (?:he|she) "
    r"(?:playing|sitting on)\b", r"\b(?:his|her|their) stack size\b", r"\bestimat\w*\b",
    r"\bhow (?:big|deep) (?:is )?(?:his|her|their) stack\b", r"\bwhat(?:'s| does) (?:he|she) have (?:left|behind)\b",
)
_NOT_ALL_IN = (
    r"\b(?:not|isn'?t|wasn'?t|he'?s not|she'?s not|no one(?:'s| is)|nobody(?:'s| is)|without (?:an|any)|"
    r"never)\s+(?:an? )?all.?in\b", r"\bnot facing (?:an )?all.?in\b",
)
_ALL_IN = (
    r"\ball.?in\b", r"\bshov(?:e|es|ed|ing)\b", r"\bjam(?:s|med|ming)?\b", r"\bmov(?:es|ed|ing) in\b",
    r"\b(?:pushed|pushes|slid|slides|shipped|ships|moved) (?:his |her )?(?:whole|entire|all (?:his|her)) "
    r"(?:stack|chips)\b", r"\bwhole stack\b", r"\beverything (?:in|forward|he had|she had)\b",
    r"\b(?:entire|whole) stack (?:forward|in)\b",
)
# Whether an all-in must be announced: "is the dealer supposed to say all-in?"
_MUST_ANNOUNCE = (
    r"\b(?:supposed to|should(?:n'?t)?|has to|have to|must|need to|needs to|required to|obliged to|"
    r"up to (?:him|her|me|the dealer) to|expected to) (?:the dealer )?(?:say|announce|call(?: out)?) "
    r"(?:it|all.?in|the all.?in|anything|something)\b"
)
_NOT_ANNOUNCED = (
    r"\b(?:didn'?t|did not|never|failed to|forgot to|doesn'?t|does not) (?:verbally )?announce\b",
    r"\bnobody said anything\b", r"\bno one said anything\b", r"\bwithout a word\b", r"\bsilently\b",
    r"\b(?:wasn'?t|was not|not) (?:verbally )?announced\b", r"\bwithout (?:the dealer )?announc\w*\b",
)


def _stacks(doc: Doc) -> None:
    """How a stack is kept and counted (3.16-3.18): tidy and visible, big chips in front, counted on request."""
    t = doc.low
    _stack_kept(doc, t)
    # The dealer counting matters only when there is an all-in to count.
    dealer_counts = r"\bdealer (?:then |had to |has to |must )?count(?:s|ed)?\b" if re.search(
        r"\ball.?in|\bshov|\bjam", t) else r"(?!x)x"
    if _any(t, *_PRECISE_COUNT, dealer_counts):
        doc.set("precise_count_asked", True)
    if _any(t, *_STACK_SIZE_ASKED):
        doc.set("stack_size_asked", True)
    _all_in_faced(doc, t)


def _stack_kept(doc: Doc, t: str) -> None:
    """A stack untidy, its big chips hidden or not in front, or the whole stack hidden from view (3.16, 3.17)."""
    if _any(t, *_STACK_UNTIDY):
        doc.set("stack_untidy", True)
    if _any(t, *_BIG_CHIPS_HIDDEN):
        doc.set("big_chips_hidden", True)
    if re.search(r"\b(?:big|bigger|large|higher|high.?denomination) chips? (?:up )?(?:front|in front|on top|at the front|at the top)\b|"
                 r"\bhigher[- ]denominations?\b", t):
        doc.set("big_chips_hidden", True)
    if _any(t, *_STACK_HIDDEN):
        doc.set("stack_hidden", True)


def _all_in_faced(doc: Doc, t: str) -> None:
    """An all-in faced, whether it was announced, and its amount once counted (3.18: a count on request)."""
    if _any(t, *_NOT_ALL_IN):
        doc.set("facing_all_in", False)
    elif _any(t, *_ALL_IN):
        doc.set("facing_all_in", True)
    says_all_in = re.search(_MUST_ANNOUNCE, t)
    if doc.found.get("facing_all_in") and (doc.found.get("precise_count_asked") or re.search(r"\bannounc", t) or says_all_in):
        if _any(t, *_NOT_ANNOUNCED):
            doc.set("all_in_announced", False)
        elif _any(t, r"\bdealer (?:verbally )?announced\b", r"\bannounced (?:it|the all.?in)\b"):
            doc.set("all_in_announced", True)
        _all_in_total(doc)


def _all_in_total(doc: Doc) -> None:
    """The all-in amount once counted ("the dealer counted two 1,000s and three 500s"), and the caller's bet so far."""
    n = doc.nums
    total = None
    for m in re.finditer(r"\bcount(?:s|ed|ing)?\b(?=(.{0,120}))", n):  # lookahead: every "count" gets its turn
        # "asked for a count ... the dealer counts it as four 1,000s": the first count that names chips wins.
        seg = re.split(r"[;?!]|\.(?!\d)|\bhow\b", m.group(1))[0]
        described = chips_described(seg)
        if described:
            total = described[0]
            break
        am = amounts_in(seg)
        if am and re.search(r"\b(?:to|at|came to|comes to|was|is)\s*\$?" + NUM, seg):
            total = am[0][0]
            break
    if total is None:
        m = re.search(r"\ball.?in (?:for|of|is|was)\s+\$?(" + NUM + r")", n)
        total = parse_amount(m.group(1)) if m else None
    if total is None:
        return
    doc.set("all_in_total", total)
    # Whose call is it, and what had he already bet this round?  "Seat 9 bet 1,000 ... does Seat 9 need".
    caller = re.search(r"\b(?:does|will|would|must|should)\s+(seat\s*#?\d+|s\d+)\s+(?:need|have|owe|put|add)", n)
    if caller:
        who = re.escape(caller.group(1))
        bet = re.search(r"\b" + who + r"\s+(?:bet|bets|opened|led|raised to|raised|bet out)\s+(?:for\s+|to\s+)?\$?("
                        + NUM + r")", n)
        if bet:
            doc.set("already_in", parse_amount(bet.group(1)))


def extract(doc: Doc) -> None:
    """Set the section's facts found in the description (see engine.facts.conduct)."""
    _timing(doc)
    _live_cards(doc)
    _table_directions(doc)
    _shared_information(doc)
    _peek(doc)
    _advice(doc)
    _miscall(doc)
    _contest(doc)
    _seats(doc)
    _chips(doc)
    _away(doc)
    _dealer_amounts(doc)
    _stacks(doc)
