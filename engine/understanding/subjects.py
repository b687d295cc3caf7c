"""Who an action or an amount belongs to when the words do not simply name one player before it.

Players named together before one verb ("UTG and the hijack both limp", "seats 3 4 and 5 all checked"), a player
named only as where an action came from ("a 70 raise from the hijack", "I jam from the button"), a story whose teller
left himself out ("had 2.2k, called a shove"), "he" for the last player named on his own, and a wager named as a
noun ("called a 1.35k shove", "a 500 bet from seat 2", "called a raise to 30"), which is another player's. Plain
functions over the vocabulary's tags: the told round (``told.py``) places each amount with the player these give.
"""

from __future__ import annotations

from engine.understanding import vocab
from engine.understanding.actionlog import Tag

CLAUSE_ENDS = ("break", "comma")  # tags that end a clause


def object_of(tags: list[Tag], j: int) -> bool:
    """"the guy behind me calls", "the lady to my left": a player named after a word of place is where someone
    sits, not who acts."""
    return j > 0 and tags[j].text in vocab.words("actors", "objects") \
        and tags[j - 1].text in vocab.words("actors", "places")


def after_place_word(tags: list[Tag], k: int) -> bool:
    """"i jam 165 from the button", "a 500 bet from seat 2": a player named after a word of place is where the
    action came from, not the one "he" goes on to mean."""
    j = k - 1 - (k > 1 and tags[k - 1].text in vocab.words("actors", "determiners"))
    return j >= 0 and tags[j].text in vocab.words("actors", "places")


def listed(tags: list[Tag], k: int) -> bool:
    """Whether the player at ``k`` is one of several named together ("seats 3, 4 and 5 checked"): "he" after them
    is not one of them."""
    joins, pronouns = ("comma", "joiner"), vocab.words("actors", "pronouns")

    def named(j: int) -> bool:  # "the small blind and he just drops ...": two clauses, not a list
        return tags[j].kind == "actor" and tags[j].text not in pronouns

    return (k + 2 < len(tags) and tags[k + 1].kind in joins and named(k + 2)) \
        or (k >= 2 and tags[k - 1].kind in joins and named(k - 2))


def name_of(tags: list[Tag], j: int) -> str:
    """A player's name as rulings print it; "he" or "she" stands for the last other player named before."""
    name = str(tags[j].value)
    third = vocab.words("actors", "third_person")
    if name.lower() in third:
        named = next((str(tags[k].value) for k in range(j - 1, -1, -1) if tags[k].kind == "actor"
                      and str(tags[k].value).lower() not in vocab.words("actors", "pronouns") + third
                      and not listed(tags, k) and not after_place_word(tags, k)), None)
        return named or name
    return name


def subjects_of(tags: list[Tag], i: int) -> tuple[str, ...]:
    """The players a verb at ``i`` has as its subjects when it has several ("UTG and the hijack both limp", "Seats 4
    and 5 fold", "Seat 2, Seat 4 and the button all fold"): each of them acted, in the order named. Empty when
    one player or none is the subject."""
    j = i - 1
    while j >= 0 and tags[j].kind == "other" and tags[j].text in vocab.words("actors", "together"):
        j -= 1  # "both", "all", "just"
    named: list[str] = []
    while j >= 0 and tags[j].kind == "actor" and not object_of(tags, j):
        named.append(name_of(tags, j))
        k = j - 1
        while k >= 0 and tags[k].kind == "other" and tags[k].text in vocab.words("actors", "determiners"):
            k -= 1  # "and the hijack"
        joined = tags[k].text in vocab.words("amounts", "heap_joiners") if k >= 1 else False
        listed = k >= 1 and tags[k].kind == "comma" and tags[k - 1].kind == "actor"
        if k < 1 or not (joined or (listed and (len(named) >= 2 or _comma_list(tags, k)))):
            break  # the last two joined by "and" ("X, Y and Z"), or three or more by commas ("utg, hj, btn limp"):
        j = k - 1  # "from the hijack, the button calls" is no list
    return tuple(reversed(named)) if len(set(named)) >= 2 else ()


def _comma_list(tags: list[Tag], k: int) -> bool:
    """Whether three or more players stand listed with commas alone before ``k`` ("utg, hj, btn limp")."""
    return k >= 3 and tags[k - 1].kind == "actor" and tags[k - 2].kind == "comma" and tags[k - 3].kind == "actor"


def subject_dropped(tags: list[Tag], i: int) -> bool:
    """"had 2.2k, called a 1.35k shove. how much do i have left?": a verb opening its clause with nobody named
    before it, in a story whose teller speaks of himself, is the teller's."""
    if i < 0 or i >= len(tags) or any(t.kind == "actor" and not after_place_word(tags, j)
                                      for j, t in enumerate(tags[:i])):
        return False  # (not "3-bet to 1,800 from the sb, called ...": where he sat names nobody else)
    if i and tags[i - 1].kind not in CLAUSE_ENDS:
        return False
    having = vocab.words("actors", "having")
    opener = tags[i].kind == "verb" or tags[i].text in having \
        or (i + 1 < len(tags) and tags[i].text in vocab.words("actors", "being") and tags[i + 1].text in having)
    actors = [t for j, t in enumerate(tags[i:], i) if t.kind == "actor" and not after_place_word(tags, j)]
    return opener and (not actors or any(t.text in vocab.words("actors", "first_person") for t in actors))


def wager_named(tags: list[Tag], j: int) -> bool:
    """"called a 1.35k shove", "calls his 500 bet", "called a raise to 30": the amount after a call names the
    wager called, a noun with its determiner, not the call's own size read elsewhere."""
    return noun_end(tags, j) is not None


def noun_end(tags: list[Tag], j: int) -> int | None:
    """Where a wager named as a noun around the amount at ``j`` ends: its verb ("a 500 bet"), or the amount
    itself ("a raise to 30"); None when the amount names no wager so."""
    wager = ("all_in", "bet", "raise", "open")
    if 0 < j < len(tags) - 1 and tags[j - 1].text in vocab.words("actors", "determiners") \
            and tags[j + 1].kind == "verb" and tags[j + 1].value in wager:
        return j + 1
    if j >= 4 and tags[j - 1].kind == "to" and tags[j - 2].kind == "verb" and tags[j - 2].value in wager \
            and tags[j - 3].kind == "other" and tags[j - 3].text in vocab.words("actors", "determiners") \
            and ((tags[j - 4].kind == "verb" and tags[j - 4].value == "call")
                 or tags[j - 4].text in vocab.words("actors", "facing")):
        return j  # only right after a call ("called a raise to 30") or "facing" ("facing a raise to 125"): "a call, a
        # 3-bet to 100" is a list of actions
    return None


def _determiner_of(tags: list[Tag], j: int) -> str:
    """The word a wager named as a noun opens with ("a", "his")."""
    return tags[j - 1].text if noun_end(tags, j) == j + 1 else tags[j - 3].text


def wager_noun(tags: list[Tag], i: int) -> bool:
    """"called a 1.35k shove", "a 90 bet on the turn": an amount named as a wager with an article before it."""
    return wager_named(tags, i) and _determiner_of(tags, i) in vocab.words("actors", "articles")


def wager_owner(tags: list[Tag], v: int) -> int | None:
    """Where the player who made a wager named as a noun stands ("a 500 bet from seat 2"), if the words name him."""
    j = v + 1
    if j + 1 >= len(tags) or tags[j].text not in vocab.words("actors", "places"):
        return None
    k = j + 2 if tags[j + 1].text in vocab.words("actors", "determiners") else j + 1  # "from the hijack"
    return k if k < len(tags) and tags[k].kind == "actor" else None


def more_wagers_called(tags: list[Tag], v: int, wagers: set[int]) -> list[int]:
    """"He called a 30 raise preflop and then a 45 bet on the flop": wagers named one after another with only
    joining words, streets and plain words between are each called too; where each one's verb stands."""
    out: list[int] = []
    j = v + 1
    while j < len(tags):
        t = tags[j]
        end = noun_end(tags, j) if j in wagers else None
        if end is not None:
            out.append(end)
            j = end + 1
            continue
        owner = wager_owner(tags, j - 1)
        if owner is not None:
            j = owner + 1  # "a 35 bet from seat 2 on the flop and a 90 bet on the turn"
            continue
        if t.kind in ("break", "verb", "actor", "say") or (t.kind in ("amount", "chips") and j not in wagers):
            break
        j += 1
    return out
