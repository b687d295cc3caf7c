"""How a quiz question's options are chosen and laid out, so that only reading the question answers it.

A trainee who learns the quiz's habits instead of the rules ("the longest
option is right", "pick the one with a clause number") has learnt nothing, so
the habits are taken away here, for every question source at once:

* each option carries where it came from (``OptionSource``), so a test can
  re-run the engine on every option and confirm the right one is what the
  engine rules and each wrong one is a ruling it rejects for the situation;
* wrong options are picked so that the right one is as often shorter as
  longer than them (``pick_parallel``);
* clause numbers appear in all options or in none (``clause_parity``);
* over a bank, the right option sits in every position equally often
  (``balance_positions``).

The blind-guess strategies the bank is measured against live here too, so the
test suite and the README's figures use the same definitions.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, Field

if TYPE_CHECKING:
    from engine.training import QuizQuestion

SourceKind = Literal["ruling", "counterfactual", "unknown-fact", "belief", "amount", "book"]


class OptionSource(BaseModel):
    """Where an option came from, so it can be checked again.

    ``ruling``: what the engine rules on the question's facts.
    ``counterfactual``: what it rules with ``facts`` changed (wrong here).
    ``unknown-fact``: "find out X first", where X is stated (``facts`` names it).
    ``belief``: a wrong ruling people believe, written in ``scenarios/``.
    ``amount``: a wrong number for an arithmetic drill; ``note`` names the mistake.
    ``book``: a rulebook question, checked against the book's own text.
    """

    kind: SourceKind
    facts: dict[str, Any] = Field(default_factory=dict)
    note: str = ""


Candidate = tuple[str, OptionSource]

CLAUSE_REF = re.compile(r"\b\d+(?:\.\d+)+\b")
_REF_PHRASE = re.compile(
    r"\s*\((?:see |under |per )?\d+(?:\.\d+)+(?:(?:,| and| or)\s*\d+(?:\.\d+)+)*\)"
    r"|\s*\b(?:under|per|see|by|in)\s+(?:clause\s+)?\d+(?:\.\d+)+(?:(?:,| and| or)\s*\d+(?:\.\d+)+)*",
    re.IGNORECASE)


def has_clause(text: str) -> bool:
    return bool(CLAUSE_REF.search(text))


def strip_clauses(text: str) -> str:
    """An option without its clause numbers: "It stands as a call (1.4.1)" -> "It stands as a call"."""
    out = re.sub(r"\s*\([^()]*\b\d+(?:\.\d+)+\b[^()]*\)", "", text)
    out = _REF_PHRASE.sub("", out)
    out = re.sub(r"\b(?:clause\s+)?\d+(?:\.\d+)+\b", "the rule", out, flags=re.IGNORECASE)
    out = re.sub(r"\s+([,.;:])", r"\1", re.sub(r"\s{2,}", " ", out)).strip(" ,;")
    return out[:1].upper() + out[1:]


def clause_parity(options: list[str]) -> list[str]:
    """Clause numbers in all options or in none: a lone numbered option would give itself away."""
    marked = [has_clause(o) for o in options]
    if all(marked) or not any(marked):
        return options
    return [strip_clauses(o) for o in options]


def _words(text: str) -> list[str]:
    return re.sub(r"[^a-z0-9%]+", " ", text.lower()).split()


def distinct(correct: str, wrong: Sequence[Candidate]) -> list[Candidate]:
    """Wrong options that say something other than the right one and each other.

    "It is a raise to 5,000" and "It is a raise to 5,000 because he said
    raise" are one option: one starting with another is dropped.
    """
    seen = [_words(correct)]
    out: list[Candidate] = []
    for text, src in wrong:
        words = _words(text)
        if words and not any(words[: len(s)] == s or s[: len(words)] == words for s in seen):
            seen.append(words)
            out.append((text, src))
    return out


def pick_parallel(correct: str, wrong: Sequence[Candidate], rng: random.Random, k: int,
                  prompt: str = "", keep: int = 0) -> list[Candidate]:
    """Up to ``k`` wrong options, as close in length to the right one as there are, on both sides of it.

    How many are longer than the right option is drawn uniformly from 0..k,
    so across a bank "pick the longest" is right about as often as chance.
    Within each side, options that share at least as many words with the
    question as the right one does come first (or echoing the question would
    find the answer), then the nearest lengths, so no option stands out.
    The first ``keep`` candidates are always taken (a scenario's written
    belief: the mistake the question is there to catch).
    """
    if len(wrong) <= k:
        return list(wrong)
    if keep:
        rest = pick_parallel(correct, wrong[keep:], rng, k - keep, prompt) if k > keep else []
        return [*wrong[:keep], *rest]
    size = len(correct)
    asked = set(_words(prompt))
    echo = len(set(_words(correct)) & asked)

    def key(c: Candidate) -> tuple[bool, int]:
        return (len(set(_words(c[0])) & asked) < echo, abs(len(c[0]) - size))

    longer = sorted((c for c in wrong if len(c[0]) > size), key=key)
    shorter = sorted((c for c in wrong if len(c[0]) <= size), key=key)
    n_long = rng.randint(0, k)
    take_long = longer[:n_long]
    take_short = shorter[: k - len(take_long)]
    if len(take_long) + len(take_short) < k:  # one side ran out: fill from the other
        take_long = longer[: k - len(take_short)]
    taken = [*take_long, *take_short]
    echoes = [c for c in wrong if c not in taken and len(set(_words(c[0])) & asked) >= echo]
    if echoes and all(len(set(_words(c[0])) & asked) < echo for c in taken):
        # No wrong option echoes the question as much as the right one: swap one in that does.
        taken[-1] = echoes[0]
    chosen = {id(c) for c in taken}
    return [c for c in wrong if id(c) in chosen]  # keep the caller's order (it is shuffled later)


def balance_positions(questions: Sequence[QuizQuestion], rng: random.Random) -> list[QuizQuestion]:
    """The same questions, with the right option moved so each position holds it equally often.

    Questions are grouped by their number of options and, in an order drawn
    from ``rng``, given the positions 0, 1, ... in turn; the right option swaps
    places with the one there.  "Always pick the first" then scores exactly chance.
    """
    by_size: dict[int, list[int]] = {}
    for i, q in enumerate(questions):
        by_size.setdefault(len(q.options), []).append(i)
    out = list(questions)
    for size, idxs in sorted(by_size.items()):
        order = list(idxs)
        rng.shuffle(order)
        for turn, i in enumerate(order):
            out[i] = move_answer(out[i], turn % size)
    return out


def move_answer(q: QuizQuestion, to: int) -> QuizQuestion:
    """``q`` with its right option at index ``to`` (swapped with the option there)."""
    if to == q.correct:
        return q
    options = list(q.options)
    options[to], options[q.correct] = options[q.correct], options[to]
    update: dict[str, Any] = {"options": options, "correct": to}
    if q.sources:
        sources = list(q.sources)
        sources[to], sources[q.correct] = sources[q.correct], sources[to]
        update["sources"] = sources
    return q.model_copy(update=update)


# -- the blind guesses a bank must not reward -------------------------------------------------------------
def _share(indices: list[int], correct: int) -> float:
    """A strategy picking at random among tied ``indices``: its chance of the right one."""
    return (correct in indices) / len(indices)


def guess_longest(q: QuizQuestion) -> float:
    sizes = [len(o) for o in q.options]
    return _share([i for i, s in enumerate(sizes) if s == max(sizes)], q.correct)


def guess_most_shared_words(q: QuizQuestion) -> float:
    asked = set(_words(q.prompt))
    shared = [len(set(_words(o)) & asked) for o in q.options]
    return _share([i for i, s in enumerate(shared) if s == max(shared)], q.correct)


def guess_lone_clause_number(q: QuizQuestion) -> float:
    marked = [i for i, o in enumerate(q.options) if has_clause(o)]
    if len(marked) == 1:
        return float(marked[0] == q.correct)
    return 1 / len(q.options)  # no lone one: the strategy guesses


def guess_first(q: QuizQuestion) -> float:
    return float(q.correct == 0)


BLIND_GUESSES: dict[str, Callable[[QuizQuestion], float]] = {
    "longest option": guess_longest, "most words shared with the question": guess_most_shared_words,
    "the lone option with a clause number": guess_lone_clause_number, "always the first": guess_first,
}


def blind_guess_rates(questions: Sequence[QuizQuestion]) -> dict[str, float]:
    """Each blind strategy's expected share right over ``questions``, and ``"chance"`` (1/options, averaged)."""
    n = len(questions) or 1
    rates = {"chance": sum(1 / len(q.options) for q in questions) / n}
    for name, guess in BLIND_GUESSES.items():
        rates[name] = sum(guess(q) for q in questions) / n
    return rates
