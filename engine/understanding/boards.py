"""Run it twice: what each board did, and whose share the question asks for.

People tell the two boards in many ways ("Seat 4 takes the top board and the bottom chops", "top board his,
bottom board mine", "hijack wins the top, button the bottom", "lost the top, bottom chopped. whats mine?") and
ask for one player's share ("how much do I give Seat 7?", "what's the hijack's piece?"). The reading works on
the tagged words (actors from the action log's tagger, everything else from ``[boards]`` in the vocabulary), one
clause at a time: a clause names a board, what happened on it, and who. It reports; the share is the rule's
(``engine/rules/run_it_twice.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.understanding import vocab
from engine.understanding.actionlog import Tag, tags_of
from engine.understanding.doc import Doc

ASKER = "asker"  # the one telling the story
_CLAUSE_ENDS = ("break", "comma", "joiner")


@dataclass(frozen=True)
class Result:
    """One board: ``won``, ``lost`` or ``split``, and who (a player as the tagger names him, ``asker``, or None)."""

    board: int  # 0 the first (top) board, 1 the second (bottom)
    kind: str
    who: str | None


def extract(doc: Doc) -> None:
    """Set ``boards_won`` (each board as the asked-for player saw it: ``asker`` when he won it, ``other``, or
    ``split``) and ``share_for`` (whose share: ``asker`` or a player's name), when both are told."""
    tags = tags_of(doc.nums, doc.text)
    if not any(t.text in ("twice", "board", "boards", "run", "runs") for t in tags):
        return
    body, question = _question_split(tags)
    results = _results(body, any(t.text.lower() in _first_person() for t in tags))
    party = _party(question)
    if party is None or len(results) != 2:
        return
    named = {r.who for r in results if r.who and r.who != ASKER and r.who.lower() not in _pronouns()}
    if party == ASKER and len(named) == 2:
        return  # two other players won the boards: the teller is staff or a spectator, and has no share
    won = [_as_seen_by(r, party, results) for r in results]
    if None in won:
        return
    doc.set("boards_won", won, overwrite=True)
    doc.set("share_for", party)


def _question_split(tags: list[Tag]) -> tuple[list[Tag], list[Tag]]:
    """The story and its closing question (the last sentence, when it ends with a question mark or opens with
    a question word)."""
    ends = [i for i, t in enumerate(tags) if t.kind == "break"]
    starts = [0] + [i + 1 for i in ends]
    for s in reversed(starts):
        sentence = tags[s:]
        if sentence and (any(t.text == "?" for t in sentence)
                         or sentence[0].text in vocab.words("asks", "question_words")):
            return tags[:s], sentence
        if s < len(tags) and any(t.text == "?" for t in tags[s:]):
            break
    return tags, []


def _clauses(tags: list[Tag]) -> list[list[Tag]]:
    """The story cut at stops, commas and joiners; a piece naming no board and no player goes on with the one
    before it ("second board we both make the same straight and chop it")."""
    out: list[list[Tag]] = [[]]
    for i, t in enumerate(tags):
        pair = t.kind == "joiner" and 0 < i < len(tags) - 1 and tags[i - 1].kind == tags[i + 1].kind == "actor"
        if t.kind in _CLAUSE_ENDS and not pair:  # "Alice and Bob chop": one clause of two players
            out.append([])
        else:
            out[-1].append(t)
    merged: list[list[Tag]] = []
    for c in (c for c in out if c):
        words = [t.text.lower() for t in c]
        if merged and not _boards(words) and not any(t.kind == "actor" for t in c):
            merged[-1] = merged[-1] + c
        else:
            merged.append(c)
    return merged


def _results(tags: list[Tag], teller_plays: bool) -> list[Result]:
    """Each board's result, first board first; a clause with no verb takes the last clause's ("hijack wins the
    top, button the bottom"); a clause with no player takes the last clause's, or else is the teller's."""
    text = " ".join(t.text for t in tags).lower()
    if _has(text, "one_each"):
        return [Result(0, "each", None), Result(1, "each", None)]
    found: dict[int, Result] = {}
    last_kind: str | None = None
    last_who: str | None = ASKER if teller_plays else None  # "lost the top": the teller
    for clause in _clauses(tags):
        words = [t.text.lower() for t in clause]
        kind = _kind(words)
        who = _owner(words) or _who(clause)
        boards = _boards(words)
        if _has(" ".join(words), "both") and who and kind != "split":
            return [Result(0, "won", who), Result(1, "won", who)]
        if not boards:
            last_kind, last_who = kind or last_kind, who or last_who
            continue
        if kind is None and who:  # "button the bottom": the last verb understood; "top board Seat 1": its owner
            kind = last_kind if last_kind in ("won", "lost") else "won"
        if kind is None:
            continue
        who = who or (None if kind == "split" else last_who)
        for b in boards:
            found.setdefault(b, Result(b, kind, who))
        last_kind, last_who = kind, who
    return [found[b] for b in sorted(found)]


def _kind(words: list[str]) -> str | None:
    text = " ".join(words)
    for kind in ("split", "lost", "won"):
        if _has(text, kind):
            return kind
    if _has(text, "mine") or _has(text, "theirs"):
        return "won"
    return None


def _owner(words: list[str]) -> str | None:
    """A board told with its owner after it ("top board his, bottom board mine")."""
    if not any(w in vocab.words("boards", "nouns") for w in words):
        return None
    last = words[-1]
    if last in vocab.words("boards", "mine"):
        return ASKER
    if last in vocab.words("boards", "theirs"):
        return "he"
    return None


def _who(clause: list[Tag]) -> str | None:
    for t in clause:
        if t.kind == "actor" and isinstance(t.value, str):
            return ASKER if t.value.lower() in _first_person() else t.value
    return None


def _boards(words: list[str]) -> list[int]:
    """The boards a clause names: "the top", "the bottom board", "board two", "the second run"."""
    text = " ".join(words)
    out = []
    for n, key in enumerate(("first", "second")):
        for phrase in vocab.words("boards", key):
            if " " in phrase:
                if _has_phrase(text, phrase):
                    out.append(n)
                    break
                continue
            for i, w in enumerate(words):
                if w != phrase:
                    continue
                after = words[i + 1] if i + 1 < len(words) else ""
                before = words[i - 1] if i else ""
                if after in vocab.words("boards", "nouns") or before in ("", *vocab.words("actors", "determiners")):
                    out.append(n)
                    break
            if n in out:
                break
    return out


def _party(question: list[Tag]) -> str | None:
    """Whose share is asked: a player named in the question, else the teller when he speaks of himself."""
    for t in question:
        if t.kind == "actor" and isinstance(t.value, str) and t.value.lower() not in _pronouns():
            return t.value
    words = {t.text.lower() for t in question}
    if words & (_first_person() | set(vocab.words("actors", "first_person_own"))):
        return ASKER
    return None


def _as_seen_by(r: Result, party: str, results: list[Result]) -> str | None:
    """A board's result for the party: ``asker`` (he won it), ``other`` or ``split``; None when who won it cannot
    be told apart from the party ("he won the top" asked for a named player)."""
    if r.kind == "split":
        return "split"
    if r.kind == "each":
        return ASKER if r.board == 0 else "other"  # one board each: the party has one of them, either way
    if r.who is None:
        return None
    same = r.who == party
    known = party == ASKER or r.who == ASKER or r.who.lower() not in _pronouns()
    if not known:
        other = [x for x in results if x is not r and x.who and x.who.lower() not in _pronouns() and x.kind == r.kind]
        if not other or other[0].who != party:
            return None  # a pronoun's player is someone only the story's reader can tell
        same = False
    return ASKER if same == (r.kind == "won") else "other"


def _has(text: str, key: str) -> bool:
    return any(_has_phrase(text, p) for p in vocab.words("boards", key))


def _has_phrase(text: str, phrase: str) -> bool:
    return f" {phrase} " in f" {text} "


def _first_person() -> set[str]:
    return set(vocab.words("actors", "first_person")) | set(vocab.words("actors", "first_person_plural"))


def _pronouns() -> set[str]:
    return set(vocab.words("actors", "pronouns")) | _first_person()
