"""Quiz questions for dealers and floor staff, generated; and what to ask next.

Nothing here is written per clause.  Questions come from three sources, so
the quiz grows with the project:

* every scenario in ``scenarios/`` -- the right answer is what the engine
  rules on the scenario's facts; the wrong ones are the scenario's
  ``distractors`` (rulings people believe) that the engine's ruling
  contradicts (``engine_rejects``), the engine's rulings had one stated fact
  been otherwise, "first find out X" for an X already stated and, for a
  "needs facts" scenario, the rulings one would give by guessing; and for
  each stated fact that changes the ruling, "change one fact: what now?";
* the rulebook's text -- procedures written as "..., followed by." steps,
  numbers written "two (2)", "when" sentences, and every rule sentence turned
  into "which of these is the rule?" against its own negation and its
  siblings', or into "which clause says this?";
* the floor arithmetic -- minimum raises, short all-ins, short calls, the
  return on a short raise, an oversized chip's change, run-it-twice halves,
  the 3.12 add-on -- with fresh numbers each time, answered and explained by
  ``decide`` on the drawn stakes (so a drill never disagrees with a ruling),
  and wrong options taken from the usual mistakes.

Each option records where it came from (``OptionSource``) so the tests can
run the engine on it again; ``engine.training_options`` keeps options
parallel, so that no blind guess pays.

Everything is pure: the rulebook, the scenarios and a ``random.Random`` come in,
questions come out.  Spaced repetition (``advance``, ``pick_next``) is pure too;
the store only saves what ``advance`` returns.
"""

from __future__ import annotations

import logging
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Protocol

from pydantic import BaseModel, Field, ValidationError

from engine.facts import Action
from engine.training_options import (
    Candidate,
    OptionSource,
    balance_positions,
    clause_parity,
    distinct,
    pick_parallel,
)

if TYPE_CHECKING:
    from engine.result import Ruling
    from rules_index.rulebook import Rulebook
    from scenarios import Scenario

MAX_OPTIONS = 5
log = logging.getLogger(__name__)


class QuizQuestion(BaseModel):
    """One multiple-choice question and everything shown once it is answered.

    ``id`` is stable for a template and clause (``"next-step:2.8.3"``,
    ``"scenario:oversized-chip-silent"``, ``"min-3bet:1.4"``) even when the
    numbers in the prompt are fresh, so progress can be tracked per question.
    """

    id: str
    template: str
    section: str
    clause_ids: list[str]
    prompt: str
    options: list[str] = Field(min_length=2, max_length=MAX_OPTIONS)
    correct: int
    explanation: str
    ruling: str
    clause_text: str = ""
    sources: list[OptionSource] = Field(default_factory=list)

    @property
    def answer(self) -> str:
        return self.options[self.correct]

    def is_correct(self, choice: int) -> bool:
        return choice == self.correct


# -- building blocks --------------------------------------------------------------------
def _clean(text: str) -> str:
    """Clause text without bullets and line breaks."""
    text = re.sub(r"(?m)^\s*[•·*–-]\s*", "", text)
    return re.sub(r"\s+", " ", text).strip()


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9%]+", " ", text.lower()).strip()


def _make(*, qid: str, template: str, section: str, clause_ids: Sequence[str], prompt: str, correct: str,
          wrong: Iterable[str | Candidate], explanation: str, ruling: str, rng: random.Random,
          book: Rulebook | None = None, source: OptionSource | None = None, keep: int = 0) -> QuizQuestion | None:
    """The right option among up to four parallel wrong ones, shuffled; None if no wrong one is left.

    A bare string is a rulebook option (checked against the book); a
    ``(text, OptionSource)`` pair says how the engine can check it again.
    """
    book_src = OptionSource(kind="book")
    pairs = [w if isinstance(w, tuple) else (w, book_src) for w in wrong]
    found = distinct(correct, pairs)
    keep = min(keep, len(found), MAX_OPTIONS - 2)
    chosen = pick_parallel(correct, found, rng, MAX_OPTIONS - 2, prompt, keep)
    if not chosen:
        return None
    texts = clause_parity([correct, *(t for t, _s in chosen)])
    options = list(zip(texts, [source or book_src, *(s for _t, s in chosen)], strict=True))
    seen: set[str] = set()
    options = [o for o in options if not (o[0].lower() in seen or seen.add(o[0].lower()))]
    if len(options) < 2:
        return None
    right = options[0]
    rng.shuffle(options)
    return QuizQuestion(
        id=qid, template=template, section=section, clause_ids=list(clause_ids), prompt=prompt,
        options=[t for t, _s in options], correct=options.index(right), explanation=explanation, ruling=ruling,
        clause_text=_clause_text(book, clause_ids), sources=[s for _t, s in options],
    )


def _clause_text(book: Rulebook | None, clause_ids: Sequence[str]) -> str:
    """Each clause with its sub-clauses, once: a clause already shown under its parent is not repeated."""
    if book is None:
        return ""
    shown: list[str] = []
    for cid in clause_ids:
        if cid in book and not any(a.id in shown for a in book.ancestors(cid)) and cid not in shown:
            shown.append(cid)
    return "\n\n".join(book.full_text(cid) for cid in shown)


def _section_of(clause_id: str) -> str:
    return clause_id.split(".")[0] if clause_id[:1].isdigit() else ""


def headline(outcome: str) -> str:
    """The ruling itself, without the reasons: what an option shows.

    ``"It is a call of 25: a single chip ... He gets 75 in change."`` ->
    ``"It is a call of 25"``.  Right and wrong options get the same treatment,
    so the length of an option gives little away.  A bare "No: ..." keeps its
    reason up to the end of the sentence, or it would say nothing.
    """
    text = outcome.strip()
    stops = [i for i in (text.find(": "), text.find(". ")) if i > 0]
    cut = min(stops) if stops else len(text)
    if len(text[:cut].split()) < 4:
        end = text.find(". ")
        cut = end if end > cut else len(text)
    return text[:cut].rstrip(" .")


def _fmt(n: int) -> str:
    return f"{n:,}"


# -- from scenarios ---------------------------------------------------------------------
ASK_FIRST = "No ruling yet: first find out -- "


def _agrees(ruling: Ruling, sc: Scenario) -> bool:
    """Only teach what the scenario tests confirm: same kind, decisive clause and key words."""
    ex = sc.expect
    if ruling.kind != ex.kind:
        return False
    if ex.citations and (not ruling.citations or ruling.citations[0] != ex.citations[0]):
        return False
    low = ruling.outcome.lower().replace(",", "")
    return all(w.lower().replace(",", "") in low for w in ex.outcome_contains)


def rule_on(facts: Mapping[str, object], topic: str | None) -> Ruling | None:
    """The engine's ruling on ``facts``; None when they are not valid facts."""
    from engine.decide import decide
    from engine.facts import Facts

    try:
        return decide(Facts(**facts), topic=topic)
    except ValidationError:
        return None


def option_text(ruling: Ruling) -> str:
    """A ruling as an option: its headline, or "first find out ..." when the engine asks instead."""
    if ruling.kind == "needs_facts":
        return ASK_FIRST + ("; ".join(f.question for f in ruling.follow_up) or "more facts")
    return headline(ruling.outcome)


_VERDICTS = frozenset({"call", "raise", "fold", "check", "bet", "dead", "live", "binding", "misdeal", "void", "voids",
                       "stands", "returned", "yes", "allowed", "permitted", "must", "may", "wins", "split", "once",
                       "twice", "redeal", "forfeit", "forfeits"})
# Words that turn a statement round or widen it: "not a misdeal", "only the dealer", "always a misdeal".
_POLARITY = frozenset({"not", "no", "cannot", "never", "only", "always", "any", "whenever", "every", "nothing"})


def _signature(text: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """What a ruling headline commits to: its verdict words, its polarity words and its numbers."""
    words = set(_norm(text.replace(",", "")).split())
    return (frozenset(words & _VERDICTS), frozenset(words & _POLARITY),
            frozenset(re.findall(r"\d+", text.replace(",", ""))))


def engine_rejects(ruling: Ruling, option: str) -> bool:
    """Is ``option`` a ruling other than the engine's for the situation ``ruling`` was given on?

    When the engine asks for a fact instead, any ruling is.  Otherwise an
    option naming a number the engine's ruling does not, or turning on other
    verdict words ("void" against "binding") or another polarity ("not",
    "only", "always"), is.  One that restates the engine's ruling, or commits
    to the same verdict words, is not: "Misdeal, redeal" against "It is a
    misdeal" may be the same ruling, so it is never offered as wrong.
    """
    right = option_text(ruling)
    if _norm(option) == _norm(right):
        return False
    if ruling.kind != "ruling":
        return True
    verdict, polarity, nums = _signature(option)
    r_verdict, r_polarity, r_nums = _signature(right)
    if not nums <= r_nums or polarity != r_polarity or (verdict and r_verdict and verdict != r_verdict):
        return True
    return not (_restates(option, right) or (verdict and verdict == r_verdict))


def _flips(facts: Mapping[str, object]) -> list[tuple[str, object, str]]:
    """Each stated fact with a fixed set of answers, turned to each other answer: (fact, value, condition).

    Yes/no facts first: they are the conditions a rule turns on.
    """
    from engine.facts import fact_info

    out: list[tuple[bool, str, object, str]] = []
    for name, value in facts.items():
        try:
            info = fact_info(name)
        except KeyError:
            continue
        yes_no = {v for _l, v in info.options} == {True, False}
        for label, other in info.options:
            if other != value and other is not None:
                out.append((not yes_no, name, other, f"{info.question} {label}."))
    return [(n, v, c) for _k, n, v, c in sorted(out, key=lambda f: f[0])]


def counterfactuals(facts: Mapping[str, object], topic: str | None, correct: str) -> list[Candidate]:
    """Wrong options the engine derives: the ruling had one stated fact been otherwise.

    Those facts are what changes a ruling, so each is the ruling for a
    different situation: wrong here.  A ruling that restates the right one
    (a general summary) or that the engine's ruling here does not reject
    (another true statement) is dropped.
    """
    out: list[Candidate] = []
    key = _norm(correct)
    here = rule_on(facts, topic)
    for name, other, _cond in _flips(facts):
        r = rule_on({**facts, name: other}, topic)
        if r is None or r.kind != "ruling" or here is None:
            continue
        h = headline(r.outcome)
        if key in _norm(h) or _norm(h) in key or _restates(h, correct) or not engine_rejects(here, h):
            continue
        out.append((h, OptionSource(kind="counterfactual", facts={name: other})))
    return out


def ask_first_options(facts: Mapping[str, object], topic: str | None, ruling: Ruling) -> list[Candidate]:
    """"First find out X", for an X the situation already states: what the engine would ask were X unknown.

    Wrong, because X is known; and the same shape as the right option of a
    question whose decisive fact is missing, so that shape gives nothing away.
    """
    asked = {f.fact for f in ruling.follow_up}
    out: list[Candidate] = []
    for name in facts:
        if name in asked:
            continue
        r = rule_on({k: v for k, v in facts.items() if k != name}, topic)
        if r is None or r.kind != "needs_facts":
            continue
        mine = [f for f in r.follow_up if f.fact == name]
        if mine:
            out.append((ASK_FIRST + mine[0].question, OptionSource(kind="unknown-fact", facts={name: None})))
    return out[:1]


def _beliefs(sc: Scenario, ruling: Ruling) -> list[Candidate]:
    """The scenario's wrong rulings people believe, each one the engine's ruling does not bear out."""
    out: list[Candidate] = []
    for d in sc.distractors:
        h = headline(d)
        if engine_rejects(ruling, h):
            out.append((h, OptionSource(kind="belief")))
    return out


def _explain(ruling: Ruling) -> str:
    text = ruling.outcome if ruling.kind == "ruling" else f"The decisive fact is missing. {ruling.outcome}"
    if ruling.assumptions:
        text += " Assumed: " + "; ".join(ruling.assumptions) + "."
    return f"{text} ({', '.join(ruling.citations)})"


def scenario_question(sc: Scenario, rng: random.Random, book: Rulebook | None = None) -> QuizQuestion | None:
    """"What's the ruling?" for one scenario.

    None when the engine does not (yet) rule it as the scenario expects -- the
    quiz only teaches what the scenario tests confirm.  The right option is
    the engine's ruling; the wrong ones are the scenario's ``distractors`` the
    engine rejects, the rulings had one stated fact been otherwise, "first find
    out" about a fact already stated, and for a "needs facts" scenario the
    rulings one would give by guessing the missing fact.
    """
    ruling = rule_on(sc.facts, sc.topic)
    if ruling is None or ruling.kind not in ("ruling", "needs_facts") or not _agrees(ruling, sc) \
            or not ruling.citations:
        return None
    correct = option_text(ruling)
    # The belief that echoes the question most goes first and is always shown: it is the mistake to catch.
    asked = set(_norm(sc.description).split())
    wrong = sorted(_beliefs(sc, ruling), key=lambda c: -len(set(_norm(c[0]).split()) & asked))[:1]
    if ruling.kind == "needs_facts":  # ruling on a guess is the classic mistake: each guess's ruling comes first
        for fu in ruling.follow_up:
            for opt in fu.options:
                guessed = rule_on({**sc.facts, fu.fact: opt.value}, sc.topic)
                if guessed is not None and guessed.kind == "ruling":
                    wrong.insert(0, (headline(guessed.outcome),
                                     OptionSource(kind="counterfactual", facts={fu.fact: opt.value})))
    wrong = wrong[:2] + [w for w in wrong[2:] if w[1].kind == "belief"]  # room for the belief
    keep = len(wrong)
    wrong += [b for b in _beliefs(sc, ruling) if b[0] not in {w for w, _s in wrong}]
    wrong += counterfactuals(sc.facts, sc.topic, correct)
    wrong += ask_first_options(sc.facts, sc.topic, ruling)
    return _make(
        qid=f"scenario:{sc.id}", template="scenario", section=sc.section or _section_of(ruling.citations[0]),
        clause_ids=ruling.citations, prompt=f"{sc.description}\nWhat is the ruling?", correct=correct,
        wrong=wrong, explanation=_explain(ruling), ruling=ruling.outcome, rng=rng, book=book,
        source=OptionSource(kind="ruling"), keep=keep,
    )


def what_if_questions(sc: Scenario, rng: random.Random, book: Rulebook | None = None) -> list[QuizQuestion]:
    """"Change one fact: what is the ruling now?" -- for each stated fact that changes the engine's ruling.

    The right option is the engine's ruling on the changed facts; the ruling
    on the scenario as told is a wrong option (the classic slip: not noticing
    what changed), with the changed situation's own counterfactuals.
    """
    base = rule_on(sc.facts, sc.topic)
    if base is None or base.kind != "ruling" or not _agrees(base, sc):
        return []
    out: list[QuizQuestion] = []
    seen = {_norm(option_text(base))}
    for name, other, condition in _flips(sc.facts):
        facts = {**sc.facts, name: other}
        r = rule_on(facts, sc.topic)
        if r is None or r.kind != "ruling" or not r.citations or r.confidence < 0.6:
            continue
        correct = option_text(r)
        if _norm(correct) in seen or any(q.id.endswith(f":{name}") for q in out) \
                or not engine_rejects(r, option_text(base)):
            continue
        seen.add(_norm(correct))
        as_told = OptionSource(kind="counterfactual", facts={name: sc.facts[name]})
        wrong: list[Candidate] = [(option_text(base), as_told)]
        wrong += counterfactuals(facts, sc.topic, correct)
        wrong += ask_first_options(facts, sc.topic, r)
        q = _make(
            qid=f"scenario-if:{sc.id}:{name}", template="scenario-if",
            section=sc.section or _section_of(r.citations[0]), clause_ids=r.citations,
            prompt=f"{sc.description}\nChange one fact: {condition} What is the ruling now?", correct=correct,
            wrong=wrong, explanation=_explain(r), ruling=r.outcome, rng=rng, book=book,
            source=OptionSource(kind="ruling", facts={name: other}),
        )
        if q is not None:
            out.append(q)
    return out


def scenario_questions(scenarios: Sequence[Scenario], rng: random.Random,
                       book: Rulebook | None = None) -> list[QuizQuestion]:
    """A "what's the ruling?" question for each scenario, then its "change one fact" questions."""
    out = []
    for sc in scenarios:
        q = scenario_question(sc, rng, book)
        if q is not None:
            out.append(q)
            out += what_if_questions(sc, rng, book)
    return out


_NEGATORS = frozenset({"not", "no", "cannot", "never"})


def _restates(other: str, correct: str) -> bool:
    """Does ``other`` say most of ``correct`` word for word, without negating it?

    A general ruling ("the last aggressor shows first; if there was none,
    showdown goes in the normal order") restates the specific right answer
    ("... showdown goes in the normal order of play") and is not wrong; "the
    bet is not binding" shares words with "the bet is binding" and is.
    """
    a, b = _norm(correct).split(), _norm(other).split()
    best = 0
    for i in range(len(a)):
        for j in range(len(b)):
            k = 0
            while i + k < len(a) and j + k < len(b) and a[i + k] == b[j + k]:
                k += 1
            best = max(best, k)
    adds_negation = bool((_NEGATORS & set(b)) - set(a))
    return best >= 0.6 * len(a) and not adds_negation


# -- from the rulebook ------------------------------------------------------------------
_NUMBER_WORD = re.compile(
    r"\b(one|two|three|four|five|six|seven|eight|nine|ten)\s*\((\d+)\)", re.IGNORECASE)
_PERCENT = re.compile(r"\b(\d{1,3})%")
_FOLLOWED = re.compile(r",?\s*followed by\.?\s*$", re.IGNORECASE)
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z“\"])")
_WHEN = re.compile(r"^(?P<subject>(?:The|A|An) [^,;:]+?) (?P<verb>ends|begins|starts) when (?P<event>[^,;:]+?)"
                   r"(?: and [^.]*)?\.$")
_WHEN_PHRASE = re.compile(r"\b(?:when|once|Once|When) ((?:the|a|an|facing)\b[^,.;:]+)")
_STOP = {"the", "a", "an", "of", "to", "in", "on", "and", "or", "is", "be", "their", "any", "all", "by", "for",
         "when", "once", "with", "that", "this", "at", "from", "has", "have", "are", "was", "not", "it"}
# First modal of the main clause -> its opposite.  Longest forms first.
_NEGATIONS: tuple[tuple[str, str], ...] = (
    ("may not", "may"), ("must not", "may"), ("shall not", "shall"), ("cannot", "can"), ("need not", "must"),
    ("is not", "is"), ("are not", "are"), ("does not", "does"), ("do not", "do"), ("will not", "will"),
    ("must", "need not"), ("shall", "shall not"), ("will", "will not"), ("may", "may not"), ("can", "cannot"),
    ("is", "is not"), ("are", "are not"),
)
_MODAL = re.compile(r"\b(" + "|".join(re.escape(a) for a, _ in _NEGATIONS) + r")\b")


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_SPLIT.split(_clean(text)) if s.strip()]


_DANGLING = {"with", "and", "or", "by", "to", "of", "for", "that", "as"}


def _rule_sentences(book: Rulebook, clause_id: str) -> list[str]:
    """Statements worth quizzing: whole sentences, not list intros, procedure steps or dangling fragments."""
    c = book.clauses[clause_id]
    out = []
    for s in _sentences(c.text):
        if len(s.split()) < 4 or s.endswith(":") or _FOLLOWED.search(s) or not s.endswith("."):
            continue
        if s.lower().startswith("by "):  # "By tapping or knocking on the table." -- a fragment under a title
            continue
        if _norm(s).split()[-1] in _DANGLING:  # "Presented in a neat and organized manner, with."
            continue
        out.append(s)
    return out


def in_context(book: Rulebook, clause_id: str, sentence: str) -> str:
    """A list item read with the line that introduces it.

    "Any spectators to leave the area." means nothing alone; under 3.1 it is
    "At any time while live cards are in play, a supervisor may direct that: any spectators to leave the area."
    """
    parent = book.clauses[clause_id].parent
    intro = _clean(book.clauses[parent].text) if parent else ""
    if intro.endswith(":") and sentence:
        first = sentence[0] if sentence[:2].isupper() else sentence[0].lower()
        return f"{intro} {first}{sentence[1:]}"
    return sentence


def negate(sentence: str) -> str | None:
    """The sentence with its main modal turned round ("are binding" -> "are not binding"); None if none found.

    "If ..., X shall ..." negates the main clause, after the first comma.
    """
    start = 0
    if re.match(r"^(If|When|Once|Where|In|While|Before|After|Upon)\b", sentence):
        comma = sentence.find(",")
        start = comma + 1 if comma > 0 else 0
    m = _MODAL.search(sentence, start)
    if not m:
        return None
    opposite = dict(_NEGATIONS)[m.group(1)]
    return sentence[: m.start()] + opposite + sentence[m.end():]


def _siblings(book: Rulebook, clause_id: str) -> list[str]:
    """Clauses at the same level: same parent first, then the rest of the section at that depth."""
    c = book.clauses[clause_id]
    same_parent = [x for x in (book.clauses[c.parent].children if c.parent else []) if x != clause_id]
    depth = clause_id.count(".")
    same_section = [x.id for x in book.clauses.values()
                    if x.kind == "clause" and x.section == c.section and x.id != clause_id
                    and x.id.count(".") == depth and x.id not in same_parent]
    return same_parent + same_section


def _procedures(book: Rulebook) -> list[tuple[str, list[str]]]:
    """Clauses whose children are ordered steps ("..., followed by." on all but the last)."""
    out = []
    for c in book.clauses.values():
        kids = c.children
        if len(kids) >= 3 and all(_FOLLOWED.search(_clean(book.clauses[k].text)) for k in kids[:-1]):
            out.append((c.id, kids))
    return out


def _step_label(text: str) -> str:
    """"One (1) wash of the playing deck from the starting position, followed by." -> "One (1) wash"."""
    t = _FOLLOWED.sub("", _clean(text)).rstrip(" .")
    t = re.split(r"\s+of\s+the\s+|,", t, maxsplit=1)[0]
    return t


def _step_count(label: str) -> tuple[int, str] | None:
    m = re.search(r"\((\d+)\)\s+(\w+)", label)
    return (int(m.group(1)), m.group(2)) if m else None


def _plural(noun: str) -> str:
    if noun.endswith("s"):
        return noun
    return noun + ("es" if noun.endswith(("x", "sh", "ch")) else "s")


def _procedure_name(book: Rulebook, clause_id: str) -> str:
    intro = _clean(book.clauses[clause_id].text).rstrip(":. ")
    name = re.sub(r"^(The|A|An)\s+", "", intro)
    name = re.sub(r"\s+(is|are|shall be|will be)$", "", name)
    return name or f"procedure {clause_id}"


def procedure_questions(book: Rulebook, rng: random.Random) -> list[QuizQuestion]:
    out: list[QuizQuestion] = []
    for pid, steps in _procedures(book):
        name = _procedure_name(book, pid)
        labels = [_step_label(book.clauses[s].text) for s in steps]
        full = f"The {name}: " + "; ".join(f"{s} {lab}" for s, lab in zip(steps, labels, strict=True)) + "."
        sec = book.clauses[pid].section or _section_of(pid)
        # The whole order, against the same steps with neighbours swapped.
        right = " → ".join(labels)
        wrong = []
        for i in rng.sample(range(len(labels) - 1), k=min(4, len(labels) - 1)):
            swapped = list(labels)
            swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
            wrong.append(" → ".join(swapped))
        q = _make(qid=f"order:{pid}", template="order", section=sec, clause_ids=[pid, *steps],
                  prompt=f"Which is the {name} ({pid}), in order?", correct=right, wrong=wrong,
                  explanation=full, ruling=full, rng=rng, book=book)
        if q:
            out.append(q)
        for k in range(len(steps) - 1):
            nxt = labels[k + 1]
            others = [lab for j, lab in enumerate(labels) if j not in (k, k + 1)]
            rng.shuffle(others)
            q = _make(qid=f"next-step:{steps[k + 1]}", template="next-step", section=sec,
                      clause_ids=[steps[k + 1], pid],
                      prompt=f"In the {name} ({pid}), what comes straight after “{labels[k]}”?",
                      correct=nxt, wrong=others, explanation=full, ruling=full, rng=rng, book=book)
            if q:
                out.append(q)
            count = _step_count(labels[k])
            after = _step_count(nxt)
            if count and after:
                n, noun = count
                q = _make(qid=f"step-count:{steps[k]}", template="step-count", section=sec,
                          clause_ids=[steps[k], pid],
                          prompt=f"In the {name} ({pid}), how many {_plural(noun)} come right before "
                                 f"the {after[1].lower()}?",
                          correct=str(n), wrong=[str(x) for x in (n + 1, n - 1, n + 2, n + 3) if x >= 0],
                          explanation=full, ruling=full, rng=rng, book=book)
                if q:
                    out.append(q)
    return out


def number_questions(book: Rulebook, rng: random.Random) -> list[QuizQuestion]:
    """Fill in the number: "two (2) players", "50% of the total pot"."""
    in_procedure = {s for _p, steps in _procedures(book) for s in steps}
    out: list[QuizQuestion] = []
    for c in book.clauses.values():
        if c.kind != "clause" or c.id in in_procedure:
            continue
        for s in _sentences(c.text):
            m = _NUMBER_WORD.search(s)
            pct = _PERCENT.search(s)
            if m:
                n = int(m.group(2))
                blank = s[: m.start()] + "___" + s[m.end():]
                correct, wrong = str(n), [str(x) for x in (n + 1, n - 1, n + 2, n * 2, n + 3) if x > 0]
            elif pct:
                n = int(pct.group(1))
                blank = s[: pct.start()] + "___%" + s[pct.end():]
                correct = str(n)
                wrong = [str(x) for x in (n // 2, min(100, n + n // 2), 100, 33) if 0 < x <= 100]
            else:
                continue
            q = _make(qid=f"number:{c.id}", template="number", section=c.section or "", clause_ids=[c.id],
                      prompt=f"Fill in the number ({c.id}): {blank}", correct=correct, wrong=wrong,
                      explanation=f"{c.id}: {s}", ruling=s, rng=rng, book=book)
            if q:
                out.append(q)
            break  # one number question per clause keeps ids stable and unique
    return out


def _content_words(text: str) -> set[str]:
    return {w.rstrip("s") for w in _norm(text).split() if w not in _STOP and len(w) > 2}


def when_questions(book: Rulebook, rng: random.Random) -> list[QuizQuestion]:
    """"The right to claim a pot ends when the next round of play begins." -> "When does ... end?"

    Wrong options are the other "when"/"once" moments in the book, minus any
    that share a content word with the clause (those may name the same moment).
    """
    pool: list[tuple[str, str]] = []
    for c in book.clauses.values():
        for m in _WHEN_PHRASE.finditer(_clean(c.text)):
            pool.append((c.id, m.group(1).strip()))
    out: list[QuizQuestion] = []
    for c in book.clauses.values():
        if c.kind != "clause":
            continue
        for s in _sentences(c.text):
            m = _WHEN.match(s)
            if not m:
                continue
            subject, verb, event = m.group("subject"), m.group("verb"), m.group("event")
            base = {"ends": "end", "begins": "begin", "starts": "start"}[verb]
            mine = _content_words(c.text)
            wrong = [f"When {p}" for cid, p in pool if cid != c.id and not (_content_words(p) & mine)]
            rng.shuffle(wrong)
            subj = subject[0].lower() + subject[1:]
            q = _make(qid=f"when:{c.id}:{base}", template="when", section=c.section or "", clause_ids=[c.id],
                      prompt=f"When does {subj} {base}?", correct=f"When {event}", wrong=wrong,
                      explanation=f"{c.id}: {s}", ruling=s, rng=rng, book=book)
            if q and len(q.options) >= 3:
                out.append(q)
    return out


def true_rule_questions(book: Rulebook, rng: random.Random) -> list[QuizQuestion]:
    """"Which of these is the rule?": the clause's sentence against negations of it and of its siblings.

    A negated rule sentence is a statement the book contradicts, so exactly one
    option is true.  (An un-negated sibling would be true too, so none is used.)
    """
    out: list[QuizQuestion] = []
    for c in book.clauses.values():
        if c.kind != "clause":
            continue
        sents = _rule_sentences(book, c.id)
        for s in sents[:1]:
            own = negate(s)
            if own is None:
                continue
            wrong = [in_context(book, c.id, own)]
            for sib in _siblings(book, c.id)[:6]:
                for t in _rule_sentences(book, sib)[:1]:
                    n = negate(t)
                    if n:
                        wrong.append(in_context(book, sib, n))
            first, rest = wrong[0], wrong[1:]
            rng.shuffle(rest)
            right = in_context(book, c.id, s)
            q = _make(qid=f"true-rule:{c.id}", template="true-rule", section=c.section or "", clause_ids=[c.id],
                      prompt="Which of these is a house rule?",
                      correct=right, wrong=[first, *rest[:2]], explanation=f"{c.id}: {right}", ruling=right,
                      rng=rng, book=book)
            if q:
                out.append(q)
    return out


def which_clause_questions(book: Rulebook, rng: random.Random) -> list[QuizQuestion]:
    """"Which clause says: ...?" -- the clause number staff quote, against its neighbours'."""
    out: list[QuizQuestion] = []
    for c in book.clauses.values():
        if c.kind != "clause":
            continue
        sents = _rule_sentences(book, c.id)
        if not sents:
            continue
        sibs = _siblings(book, c.id)
        if not sibs:
            continue
        said = in_context(book, c.id, sents[0])
        q = _make(qid=f"which-clause:{c.id}", template="which-clause", section=c.section or "",
                  clause_ids=[c.id], prompt=f"Which clause says: “{said}”", correct=c.id,
                  wrong=sibs, explanation=f"{c.id}: {said}", ruling=said, rng=rng, book=book)
        if q:
            out.append(q)
    return out


def rulebook_questions(book: Rulebook, rng: random.Random) -> list[QuizQuestion]:
    return [
        *procedure_questions(book, rng), *number_questions(book, rng), *when_questions(book, rng),
        *true_rule_questions(book, rng), *which_clause_questions(book, rng),
    ]


# -- from the floor arithmetic --------------------------------------------------------------
_BLINDS = ((25, 50), (50, 100), (100, 200), (200, 400), (500, 1000), (1000, 2000))


def _chips(rng: random.Random, unit: int, lo: int, hi: int) -> int:
    return unit * rng.randint(lo, hi)


def drill_ruling(facts: Mapping[str, object], key: str) -> tuple[int, Ruling] | None:
    """The engine's ruling on a drill's situation and the amount the drill asks for; None if it gives none.

    The answer and the explanation (with its working line) are the engine's,
    so a drill can never disagree with a ruling on the same numbers.
    """
    r = rule_on(facts, None)
    if r is None or r.kind != "ruling" or key not in r.amounts:
        return None
    return r.amounts[key], r


def _amounts(right: int, beliefs: Mapping[int, str]) -> list[Candidate]:
    """Wrong amounts, each named by the mistake that gives it; the right amount and non-positive ones left out."""
    return [(_fmt(n), OptionSource(kind="amount", note=why)) for n, why in beliefs.items() if n != right and n > 0]


def _drill(*, template: str, clause: str, prompt: str, facts: Mapping[str, object], key: str,
           beliefs: Callable[[int], Mapping[int, str]], rng: random.Random, book: Rulebook | None,
           ) -> QuizQuestion | None:
    got = drill_ruling(facts, key)
    if got is None:
        return None
    right, r = got
    return _make(qid=f"{template}:{clause}", template=template, section=_section_of(clause), clause_ids=r.citations,
                 prompt=prompt, correct=_fmt(right), wrong=_amounts(right, beliefs(right)),
                 explanation=f"{r.outcome} ({', '.join(r.citations)})", ruling=r.outcome, rng=rng, book=book,
                 source=OptionSource(kind="ruling", facts=dict(facts)))


def min_3bet_question(rng: random.Random, book: Rulebook | None = None) -> QuizQuestion | None:
    sb, bb = rng.choice(_BLINDS)
    open_to = bb * rng.randint(2, 5)
    facts = {"big_blind": bb, "actions": [Action(actor="UTG", kind="raise", amount=open_to)], "asks_min_raise": True}
    return _drill(
        template="min-3bet", clause="1.4", facts=facts, key="min_raise_to", rng=rng, book=book,
        prompt=f"Blinds {_fmt(sb)}/{_fmt(bb)}. UTG opens to {_fmt(open_to)}. What is the minimum 3-bet (raise to)?",
        beliefs=lambda _r: {open_to * 2: "the minimum raise is double the bet", open_to + bb: "adding one big blind",
                            open_to + open_to // 2: "a 50% raise", open_to + (open_to - bb) // 2: "half the last raise",
                            open_to * 3: "three times the open"})


def min_reraise_postflop_question(rng: random.Random, book: Rulebook | None = None) -> QuizQuestion | None:
    _sb, bb = rng.choice(_BLINDS)
    bet = bb * rng.randint(2, 6)
    raise_to = bet * rng.randint(2, 4)
    facts = {"big_blind": bb, "street": "flop", "asks_min_raise": True,
             "actions": [Action(actor="Seat 3", kind="bet", amount=bet),
                         Action(actor="Seat 5", kind="raise", amount=raise_to)]}
    return _drill(
        template="min-reraise", clause="1.4", facts=facts, key="min_raise_to", rng=rng, book=book,
        prompt=f"Blinds {_fmt(bb // 2)}/{_fmt(bb)}. On the flop Seat 3 bets {_fmt(bet)} and Seat 5 raises "
               f"to {_fmt(raise_to)}. What is the minimum re-raise (raise to)?",
        beliefs=lambda _r: {raise_to + bet: "adding the first bet", raise_to * 2: "the minimum raise is double the bet",
                            raise_to + raise_to // 2: "a 50% raise", raise_to + bb: "adding one big blind",
                            raise_to + (raise_to - bet) // 2: "half the last raise"})


def short_all_in_question(rng: random.Random, book: Rulebook | None = None) -> QuizQuestion | None:
    _sb, bb = rng.choice(_BLINDS)
    open_to = bb * rng.randint(3, 5)
    full_inc = open_to - bb
    short = open_to + bb * rng.randint(1, max(1, full_inc // bb - 1))  # more than a call, less than a full raise
    facts = {"big_blind": bb, "asks_min_raise": True,
             "actions": [Action(actor="UTG", kind="raise", amount=open_to),
                         Action(actor="Seat 4", kind="all-in", amount=short)]}
    return _drill(
        template="short-all-in", clause="1.4", facts=facts, key="min_raise_to", rng=rng, book=book,
        prompt=f"Blinds {_fmt(bb // 2)}/{_fmt(bb)}. UTG raises to {_fmt(open_to)}; Seat 4 goes all-in for "
               f"{_fmt(short)} total. What is the minimum raise (raise to) for the next player?",
        beliefs=lambda _r: {short + (short - open_to): "the all-in's increase sets the raise",
                            short * 2: "the minimum raise is double the bet", open_to + full_inc: "ignoring the all-in",
                            short + short // 2: "a 50% raise",
                            short + full_inc + (short - open_to): "adding both increases"})


def run_twice_question(rng: random.Random, book: Rulebook | None = None) -> QuizQuestion | None:
    pot = _chips(rng, 50, 20, 800)  # a multiple of 50, so the halves are whole chips of the smallest unit
    return _drill(
        template="run-twice", clause="1.10", facts={"pot": pot, "asks_rit_split": True}, key="each_board",
        rng=rng, book=book,
        prompt=f"Heads-up, both all-in, they agree to run it twice. The pot is {_fmt(pot)}. "
               "How much does each board play for?",
        beliefs=lambda r: {pot: "the whole pot on each board", pot // 4: "halving twice",
                           pot * 2 // 3: "two thirds to the first board", r - 50 if r > 50 else pot // 3:
                           "a miscounted half"})


def add_on_question(rng: random.Random, book: Rulebook | None = None) -> QuizQuestion | None:
    limit = rng.choice((10_000, 20_000, 25_000, 40_000, 50_000))
    stack = _chips(rng, 100, 5, limit // 100 - 10)
    facts = {"table_limit": limit, "stack_behind": stack, "adding_chips": True, "live_cards": False}
    return _drill(
        template="add-on", clause="3.12", facts=facts, key="max_add", rng=rng, book=book,
        prompt=f"The table limit is {_fmt(limit)}. Between hands, a player with {_fmt(stack)} in front of "
               "them wants to add chips. What is the most they may add?",
        beliefs=lambda _r: {limit: "the limit itself", stack: "doubling the stack",
                            limit - stack // 2: "half the stack",
                            limit + stack: "stack plus limit"})


def short_call_question(rng: random.Random, book: Rulebook | None = None) -> QuizQuestion | None:
    _sb, bb = rng.choice(_BLINDS)
    bet = bb * rng.randint(3, 12)
    put = bb * rng.randint(1, bet // bb - 1)
    facts = {"bet_faced": bet, "chips_put_out": put, "stack_behind": bet * 10}
    return _drill(
        template="short-call", clause="1.1.3.1", facts=facts, key="make_up", rng=rng, book=book,
        prompt=f"Facing a bet of {_fmt(bet)}, a player with plenty of chips says 'call' and puts out only "
               f"{_fmt(put)}. How much more must he put in?",
        beliefs=lambda r: {bet: "the whole bet again", put: "matching what he put out",
                           r + bb: "a miscount by a big blind",
                           bet + put: "the bet plus what he put out"})


def short_raise_return_question(rng: random.Random, book: Rulebook | None = None) -> QuizQuestion | None:
    """Chips past a call but short of a full raise, without a word: a call, and the rest goes back (1.4.1)."""
    _sb, bb = rng.choice(_BLINDS)
    bet = bb * rng.randint(2, 6)
    put = bet + bb * rng.randint(1, max(1, bet // bb - 1))  # more than the call, less than the minimum raise
    facts = {"big_blind": bb, "street": "flop", "actions": [Action(actor="Seat 2", kind="bet", amount=bet)],
             "chips_put_out": put, "one_motion": True}
    return _drill(
        template="short-raise-return", clause="1.4.1", facts=facts, key="returned", rng=rng, book=book,
        prompt=f"Blinds {_fmt(bb // 2)}/{_fmt(bb)}. On the flop Seat 2 bets {_fmt(bet)}; Seat 5 silently puts out "
               f"{_fmt(put)} in one motion. How much goes back to Seat 5?",
        beliefs=lambda r: {put - bet // 2: "returning only half the bet", r + bb: "a miscounted return",
                           2 * bet - put: "what a full raise would still need", put: "all of it"})


def oversized_change_question(rng: random.Random, book: Rulebook | None = None) -> QuizQuestion | None:
    """A single oversized chip without a word is a call (1.4.2): how much change comes back."""
    chip = rng.choice((500, 1_000, 5_000))
    bet = rng.choice([n for n in range(chip // 10, chip // 2 + 1, chip // 20) if n > 0])
    facts = {"bet_faced": bet, "chips_put_out": chip, "single_chip": True, "declared": False}
    return _drill(
        template="oversized-change", clause="1.4.2", facts=facts, key="change", rng=rng, book=book,
        prompt=f"Facing a bet of {_fmt(bet)}, a player drops a single {_fmt(chip)} chip without a word. "
               "How much change does he get back?",
        beliefs=lambda r: {chip - 2 * bet: "it is a minimum raise", r - bet // 2: "a miscounted change",
                           chip // 2: "half the chip", r + bet: "the whole chip back"})


# Template name -> generator, so a question picked from an old list can be asked again with new numbers.
ARITHMETIC_BY_TEMPLATE: dict[str, Callable[[random.Random, Rulebook | None], QuizQuestion | None]] = {
    "min-3bet": min_3bet_question, "min-reraise": min_reraise_postflop_question,
    "short-all-in": short_all_in_question, "run-twice": run_twice_question, "add-on": add_on_question,
    "short-call": short_call_question, "short-raise-return": short_raise_return_question,
    "oversized-change": oversized_change_question,
}
ARITHMETIC = tuple(ARITHMETIC_BY_TEMPLATE.values())


def fresh_numbers(q: QuizQuestion, rng: random.Random, book: Rulebook | None = None) -> QuizQuestion:
    """The same arithmetic question (same id) with new numbers; any other question unchanged."""
    make = ARITHMETIC_BY_TEMPLATE.get(q.template)
    new = make(rng, book) if make else None
    return new if new is not None else q


def arithmetic_questions(rng: random.Random, book: Rulebook | None = None) -> list[QuizQuestion]:
    """One question per arithmetic template, with fresh numbers from ``rng``."""
    out = []
    for make in ARITHMETIC:
        q = make(rng, book)
        if q is not None:
            out.append(q)
    return out


# -- everything ------------------------------------------------------------------------------
def all_questions(rng: random.Random, *, book: Rulebook, scenarios: Sequence[Scenario],
                  section: str | None = None) -> list[QuizQuestion]:
    """Every question there is right now, optionally for one rulebook section; ids are unique."""
    try:
        from_scenarios = scenario_questions(scenarios, rng, book)
    except Exception:  # a broken rule must not take the rulebook and arithmetic drills down with it
        log.exception("scenario questions unavailable: the engine failed on a scenario")
        from_scenarios = []
    qs = [*from_scenarios, *rulebook_questions(book, rng), *arithmetic_questions(rng, book)]
    if section:
        qs = [q for q in qs if q.section == str(section).rstrip(".")]
    unique: dict[str, QuizQuestion] = {}
    for q in qs:
        unique.setdefault(q.id, q)
    return balance_positions(list(unique.values()), rng)


def default_questions(rng: random.Random, section: str | None = None) -> list[QuizQuestion]:
    """All questions for the configured rulebook and the project's scenarios."""
    from rules_index import get_index
    from scenarios import load_scenarios

    return all_questions(rng, book=get_index().book, scenarios=load_scenarios(), section=section)


# -- spaced repetition ------------------------------------------------------------------
# Leitner boxes: right moves a clause up a box, wrong sends it back to box 1.
# Box 1 comes back within the session; the top box after a week.
BOX_INTERVALS: dict[int, timedelta] = {
    1: timedelta(minutes=1),
    2: timedelta(minutes=10),
    3: timedelta(days=1),
    4: timedelta(days=3),
    5: timedelta(days=7),
}
TOP_BOX = max(BOX_INTERVALS)


class ClauseProgressLike(Protocol):
    """What ``pick_next`` needs to know about a clause; the store's ``ClauseProgress`` fits."""

    @property
    def box(self) -> int: ...
    @property
    def due_at(self) -> datetime: ...
    @property
    def last_seen_at(self) -> datetime: ...


@dataclass(frozen=True)
class LeitnerState:
    """One clause's place in the boxes after an answer: what the store saves."""

    box: int
    due_at: datetime
    seen: int
    right: int
    wrong: int
    last_seen_at: datetime
    last_correct: bool


def advance(prev: LeitnerState | None, correct: bool, now: datetime) -> LeitnerState:
    """The clause's new box after an answer: up one if right (to the top box), back to box 1 if wrong.

    An unseen clause counts as box 1, so even a first answer separates: right
    goes to box 2, wrong stays in box 1 and comes back sooner.
    """
    box = min(TOP_BOX, (prev.box if prev else 1) + 1) if correct else 1
    return LeitnerState(
        box=box, due_at=now + BOX_INTERVALS[box],
        seen=(prev.seen if prev else 0) + 1,
        right=(prev.right if prev else 0) + (1 if correct else 0),
        wrong=(prev.wrong if prev else 0) + (0 if correct else 1),
        last_seen_at=now, last_correct=correct,
    )


def _urgency(clause: str, progress: Mapping[str, ClauseProgressLike], now: datetime,
             tiebreak: float) -> tuple[int, float, float, float]:
    """Smaller is asked sooner.

    0: due and in box 1 (answered wrong) -- most overdue first;
    1: never seen;
    2: due in a higher box -- lower box, then most overdue first;
    3: not due yet -- the one due soonest, i.e. unseen longest for its box.
    """
    p = progress.get(clause)
    if p is None:
        return (1, 0.0, 0.0, tiebreak)
    overdue = (now - p.due_at).total_seconds()
    if overdue >= 0 and p.box <= 1:
        return (0, -overdue, 0.0, tiebreak)
    if overdue >= 0:
        return (2, float(p.box), -overdue, tiebreak)
    return (3, -overdue, p.last_seen_at.timestamp(), tiebreak)


def pick_next(progress: Mapping[str, ClauseProgressLike], candidates: Sequence[QuizQuestion], now: datetime,
              rng: random.Random, avoid: Iterable[str] = ()) -> QuizQuestion | None:
    """The question to ask next: the most urgent clause (see ``_urgency``), then one of its questions at random.

    ``progress`` maps clause id -> that clause's Leitner state for this user.
    A question is filed under its first clause (the decisive one).  ``avoid``
    lists question ids just asked, skipped when anything else is available.
    """
    avoid = set(avoid)
    pool = [q for q in candidates if q.id not in avoid] or list(candidates)
    if not pool:
        return None
    by_clause: dict[str, list[QuizQuestion]] = {}
    for q in pool:
        by_clause.setdefault(q.clause_ids[0] if q.clause_ids else q.id, []).append(q)
    ranked = sorted(by_clause, key=lambda c: _urgency(c, progress, now, rng.random()))
    return rng.choice(by_clause[ranked[0]])


def next_question(progress: Mapping[str, ClauseProgressLike], questions: Sequence[QuizQuestion], now: datetime,
                  rng: random.Random, avoid: Iterable[str] = (), book: Rulebook | None = None) -> QuizQuestion | None:
    """What every quiz shell asks next: ``pick_next``, then fresh numbers if it is an arithmetic question."""
    q = pick_next(progress, questions, now, rng, avoid)
    return None if q is None else fresh_numbers(q, rng, book)
