"""The commands themselves, shared by every shell.

Discord (``bot.cogs``) and the console (``bot.console``) call these same
functions and get the same ``Reply``; only the dressing differs.  They are
synchronous and do the slow work (index, engine), so Discord calls them
through ``asyncio.to_thread``.  Nothing here imports discord.py: the command
line must stay fast.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.limits import CHOICE_NAME, shorten
from bot.reply import Choice, Question, Reply, RulingRequest, Section, error

MAX_QUESTION = 1000  # what /ruling accepts: a hand described at length, not an essay
MAX_QUERY = 200  # a clause id, a title or a few search words
MAX_ANSWER = 200  # a typed answer to a follow-up question


# -- the command list --------------------------------------------------------------------------
@dataclass(frozen=True)
class CommandSpec:
    """One command as both shells describe it (``/help`` is built from these)."""

    name: str
    usage: str
    description: str  # also the slash command's description (at most 100 characters)
    staff: bool = False
    console: bool = True


COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("rule", "/rule 1.4.2", "Show a clause of the house rules, with its parent and sub-clauses."),
    CommandSpec("search", "/search oversized chip", "Find the clauses that match a question in card-room words."),
    CommandSpec("ruling", "/ruling facing 25, he drops a 100 chip silently",
                "A ruling for a situation, citing the clauses it rests on."),
    CommandSpec("oversized-chip", "/oversized-chip bet_faced:25 chip_value:100 declared:none",
                "Ruling on a single chip bigger than the bet (1.4.2).", console=False),
    CommandSpec("min-raise", "/min-raise big_blind:200 action:raise 600",
                "The minimum raise after the action so far (1.4).", console=False),
    CommandSpec("run-it-twice", "/run-it-twice pot:1000 first_board:A second_board:B",
                "How the pot is split when it is run twice (1.10).", console=False),
    CommandSpec("showdown", "/showdown board:Ah Kd 7c 2s 9h hands:Seat 1: As Ad; Seat 4: Kh Qh",
                "Who shows first and who wins at showdown (1.11, 1.12).", console=False),
    CommandSpec("rulings", "/rulings recent · /rulings search · /rulings overturn",
                "Staff: the ruling log; overturn a logged ruling.", staff=True, console=False),
    CommandSpec("quiz", "/quiz ask [section] · /quiz stats",
                "Dealer training: a question only you answer (missed clauses return sooner); your record.",
                console=False),
    CommandSpec("quiz round", "/quiz round [questions] [seconds] [section]",
                "Staff: a timed quiz round for the channel; one answer each, then a leaderboard.", staff=True,
                console=False),
    CommandSpec("leaderboard", "/leaderboard [days]", "The quiz's top players, all time or the last few days.",
                console=False),
    CommandSpec("floor setup", "/floor setup [staff-role]",
                "Manage Server: choose this server's Floor staff role (or see it).", console=False),
    # Staff on Discord; in the console, whoever runs it holds the config file anyway.
    CommandSpec("rulebook reload", "/rulebook reload",
                "Staff: check the configured rulebook file and switch to it if clean.", staff=True),
    CommandSpec("help", "/help", "What Floor can do."),
)

# Said in /help: a DM belongs to no server, so the commands tied to one server's staff or records are not there.
DM_HELP = ("/rule, /search, /ruling, the structured rulings, /quiz ask, /quiz stats and /help work in a DM; "
           "rulings asked there are not logged, and a DM keeps its own quiz record. /rulings, /quiz round, "
           "/leaderboard, /floor setup and /rulebook reload need a server channel: each server's log, staff and "
           "boards are its own.")


def help_reply(shell: str = "discord") -> Reply:
    """The command list for one shell; the console also answers plain questions and numbers."""
    lines = []
    for spec in COMMANDS:
        if shell == "console" and not spec.console:
            continue
        tag = (" (staff on Discord)" if shell == "console" else " (staff)") if spec.staff else ""
        lines.append(f"{spec.usage}{tag}\n    {spec.description}")
    sections: list[Section] = []
    if shell == "console":
        lines.append("/quit\n    Leave the console.")
        sections.append(Section("Tips", "Type a question without a command to get a ruling. When Floor asks "
                                "a question back, answer with the option's number (or type the value)."))
    else:
        sections.append(Section("Tips", "Mention me with a question to get a ruling in the channel. Rulings "
                                "asked by staff are logged; staff rulings are final under Staff Authority."))
        sections.append(Section("In a direct message", DM_HELP))
    return Reply(title="Floor: the Poker Ape rules assistant", body="\n".join(lines),
                 sections=tuple(sections), kind="help")


# -- input ----------------------------------------------------------------------------------------
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]")


def clean(text: str | None) -> str:
    """The text as the engine should see it: NFC, no control or invisible characters, trimmed."""
    text = unicodedata.normalize("NFC", text or "")
    return _CONTROL.sub("", text).strip()


def input_problem(text: str, what: str, limit: int) -> str | None:
    """Why this input cannot be answered (in words for the asker), or None."""
    if not text:
        return f"The {what} is empty: give me something to go on."
    if len(text) > limit:
        return f"The {what} is too long ({len(text):,} characters; at most {limit:,}). Shorten it and ask again."
    if not re.search(r"\w", text):
        return f"The {what} has no words or numbers in it."
    return None


# -- the rulebook ------------------------------------------------------------------------------
def _index() -> Any:
    from rules_index import get_index

    return get_index()


def _first_line(text: str) -> str:
    return text.splitlines()[0] if text else ""


def _clause_label(c: Any) -> str:
    """``1.4.2 A single chip of greater…`` for a list; the heading alone when titled."""
    head = c.heading()
    if c.kind == "clause" and not c.title and c.text:
        return f"{head} {_first_line(c.text)}"
    return head


def _clause_body(c: Any) -> str:
    if c.kind == "section":
        return c.heading()
    return c.text or c.heading()


def rule_reply(query: str) -> Reply:
    """A clause by number or title, under its parents' headings and with its sub-clauses."""
    from rules_index import NotFound

    q = clean(query)
    problem = input_problem(q, "clause", MAX_QUERY)
    if problem:
        return error(problem + " Try /rule 1.4.2 or /rule shuffling procedure.")
    ix = _index()
    found = ix.lookup(q)
    if isinstance(found, NotFound):
        return not_found_reply(found)
    c = found
    path = [a.heading() for a in ix.book.ancestors(c.id)] + [c.heading()]
    sections: list[Section] = []
    if c.kind != "section":
        sections.append(Section(c.heading(), _clause_body(c), quote=True))
    ancestors = ix.book.ancestors(c.id)
    if ancestors and ancestors[-1].kind == "clause":
        parent = ancestors[-1]
        sections.append(Section(f"Under {parent.heading()}", _clause_body(parent), quote=True))
    if c.children:
        kids = [ix.book.clauses[ch] for ch in c.children]
        listing = "\n".join(_child_line(k) for k in kids)
        sections.append(Section("Sub-clauses", listing, quote=True))
    return Reply(
        title=shorten(c.heading(), 256),
        body=" › ".join(path),
        sections=tuple(sections),
        citations=(c.id,),
        footer=f"Rulebook {ix.version}",
        kind="clause",
    )


def _child_line(c: Any) -> str:
    if c.title and c.text:
        return f"{c.heading()}: {' '.join(c.text.split())}"
    if c.title or c.kind == "section":
        return c.heading()
    return f"{c.id} {' '.join(c.text.split())}"


def not_found_reply(nf: Any) -> Reply:
    """'No clause 1.4.9' with the nearest real ids, offered as answers to pick."""
    ix = _index()
    sugg = [s for s in nf.suggestions if s in ix.book.clauses]
    if sugg:
        names = ", ".join(sugg[:-1]) + (" or " if len(sugg) > 1 else "") + sugg[-1]
        body = f"There is no clause {nf.query} in the house rules. Did you mean {names}?"
        question = Question(
            fact="clause", text="Did you mean:",
            choices=tuple(Choice(shorten(_clause_label(ix.book.clauses[s]), CHOICE_NAME), s) for s in sugg),
        )
    else:
        body = f"There is no clause {nf.query} in the house rules. Try /search with a few words instead."
        question = None
    return Reply(title="No such clause", body=body, question=question, tone="warning", kind="not_found",
                 footer=f"Rulebook {ix.version}", ok=False)


def search_reply(query: str, k: int = 5) -> Reply:
    """The best-matching clauses for a question in card-room words, each quoted."""
    q = clean(query)
    problem = input_problem(q, "search", MAX_QUERY)
    if problem:
        return error(problem + " Try /search oversized chip.")
    ix = _index()
    hits = ix.search(q, k=max(1, min(k, 10)))
    if not hits:
        return Reply(title="No matches", body=f"Nothing in the house rules matches “{q}”. Try other words, or "
                     "a clause number with /rule.", tone="warning", kind="search", footer=f"Rulebook {ix.version}")
    sections = tuple(Section(ix.book.clauses[h.id].heading(), _clause_body(ix.book.clauses[h.id]), quote=True)
                     for h in hits)
    return Reply(title="Search results", body=f"Top matches for “{q}”:", sections=sections,
                 citations=tuple(h.id for h in hits), footer=f"Rulebook {ix.version}", kind="search")


def clause_choices(current: str, limit: int = 25) -> list[tuple[str, str]]:
    """Autocomplete for a clause: (label, id) pairs, ids by prefix first, then titles and words."""
    ix = _index()
    q = clean(current).lower()
    clauses = list(ix.book.clauses.values())
    picked: list[str] = []

    def add(ids: Iterable[str]) -> None:
        for cid in ids:
            if cid not in picked and len(picked) < limit:
                picked.append(cid)

    if not q:
        add(c.id for c in clauses if c.kind != "clause" or c.depth <= 2)
    else:
        bare = re.sub(r"^(rule|clause|section|§)\s*", "", q)
        add(c.id for c in clauses if c.id.startswith(bare))
        add(c.id for c in clauses if c.title and bare in c.title.lower())
        # Typed letters are usually the start of a word of the clause: shallow clauses first.
        add(c.id for c in sorted((c for c in clauses if bare in c.text.lower()), key=lambda c: c.depth))
        if re.search(r"[a-z]{3}", bare):
            add(h.id for h in ix.search(bare, k=limit))
    return [(shorten(_clause_label(ix.book.clauses[cid]), CHOICE_NAME), cid) for cid in picked]


# -- rulings ------------------------------------------------------------------------------------
_TITLES = {
    "ruling": ("Ruling", "ruling"),
    "needs_facts": ("One more fact needed", "question"),
    "uncovered": ("Not covered by the house rules", "uncovered"),
    "lookup": ("From the rulebook", "info"),
    "choose": ("Which rule is it?", "question"),
    "unclear": ("Floor", "info"),
    "error": ("Can't rule on that", "error"),
}
PICK_CLAUSE = "clause"  # the question a ``choose`` answer asks: its value is the clause picked


def run_request(request: RulingRequest) -> Any:
    """Ask the engine: free text through ``engine.answer``, structured facts through ``decide``."""
    if request.text is not None:
        from engine import answer

        return answer(request.text, extra_facts=dict(request.answers) or None, topic=request.topic)
    from engine.decide import decide
    from engine.facts import Facts

    return decide(Facts(**{**request.facts, **request.answers}), topic=request.topic)


def ruling_reply(text: str) -> Reply:
    """``/ruling``, a mention, or a plain line in the console."""
    q = clean(text)
    problem = input_problem(q, "question", MAX_QUESTION)
    if problem:
        return error(problem + " Describe the situation, e.g. “facing 25, seat 6 drops a 100 chip silently”.")
    return answer_request(RulingRequest(text=q), echo=q)


def answer_request(request: RulingRequest, echo: str = "") -> Reply:
    """Run a request and dress the ruling; an engine failure becomes a clear refusal, not a crash."""
    from pydantic import ValidationError

    try:
        ruling = run_request(request)
    except ValidationError as exc:  # a fact value the engine's model refuses (a negative pot…)
        detail = exc.errors()[0] if exc.errors() else {"loc": (), "msg": str(exc)}
        where = ".".join(str(p) for p in detail.get("loc", ()))
        return error(f"Those facts don't make a hand I can rule on ({where}: {detail['msg']}).")
    return from_ruling(ruling, request=request, echo=echo)


def _amount_name(key: str) -> str:
    return key.replace("_", " ").strip().capitalize()


def _money(n: Any) -> str:
    return f"{n:,}" if isinstance(n, int) else str(n)


def from_ruling(ruling: Any, request: RulingRequest | None = None, echo: str = "") -> Reply:
    """The engine's ``Ruling`` as a reply: outcome, numbers, each cited clause quoted, what it assumed,
    what would change it, how sure it is, and the rulebook it was read from."""
    ix = _index()
    version = ruling.rulebook_version or ix.version
    title, tone = _TITLES.get(ruling.kind, ("Ruling", "ruling"))
    sections: list[Section] = []
    body = ruling.outcome
    if ruling.kind == "lookup":
        sections.append(Section("Rulebook text", ruling.outcome, quote=True))
        body = "The house rules say:"
    if ruling.amounts:
        sections.append(Section("Amounts", "\n".join(f"{_amount_name(k)}: {_money(v)}"
                                                     for k, v in ruling.amounts.items()), inline=True))
    if ruling.kind != "lookup":
        for cid in ruling.citations:
            c = ix.book.clauses.get(cid)
            if c is not None:
                sections.append(Section(c.heading(), _clause_body(c), quote=True))
    if ruling.assumptions:
        sections.append(Section("Assumed", "\n".join(f"• {a}" for a in ruling.assumptions)))
    if ruling.alternatives:
        alts = []
        for alt in ruling.alternatives:
            alts.append(f"• {_alternative_line(alt)}")
        sections.append(Section("Would be different if", "\n".join(alts)))
    if ruling.notes:
        sections.append(Section("Notes", "\n".join(f"• {n}" for n in ruling.notes)))
    if len(ruling.follow_up) > 1:
        later = "\n".join(f"• {f.question}" for f in ruling.follow_up[1:])
        sections.append(Section("Also needed after this", later))
    if ruling.kind in ("ruling", "needs_facts", "uncovered"):
        sections.append(Section("Confidence", f"{round(ruling.confidence * 100)}%", inline=True))
    question = None
    if ruling.kind == "choose":
        question = Question(fact=PICK_CLAUSE, text="Which is it?", choices=tuple(
            Choice(f"{c.question} ({c.clause})", c.clause) for c in ruling.choices))
    elif ruling.follow_up:
        fu = ruling.follow_up[0]
        question = Question(
            fact=fu.fact, text=fu.question,
            choices=tuple(Choice(o.label, o.value) for o in fu.options),
            placeholder=_placeholder(fu.fact),
        )
    return Reply(
        title=title, body=body, sections=tuple(sections), citations=tuple(ruling.citations),
        question=question, footer=f"Rulebook {version}", tone=tone,  # type: ignore[arg-type]
        kind=ruling.kind, echo=echo, request=request, ruling=ruling, ok=ruling.kind != "error",
    )


# -- answering a question back ---------------------------------------------------------------------
def _alternative_line(alt: Any) -> str:
    """One other outcome: "Did the player make any verbal declaration? Yes: ..." for an answer to a question the
    rules ask, "If a lower amount had been announced ...: ..." for a condition (never "If Did the player...?")."""
    from engine.evaluate import branch_text

    cites = f" ({', '.join(alt.citations)})" if alt.citations else ""
    if "? " in alt.condition:
        question = alt.condition.rsplit("? ", 1)[0] + "?"
        return f"{question} {branch_text(alt)}{cites}"
    return f"If {alt.condition.rstrip('.')}: {alt.outcome}{cites}"


def follow_up(reply: Reply, value: Any) -> Reply:
    """Apply the answer to ``reply.question`` (a choice's value) and answer again."""
    if reply.question is None:
        return error("There is no open question to answer.")
    if reply.kind == "not_found":
        return rule_reply(str(value))
    if reply.request is None:
        return error("That question can no longer be answered; ask again.")
    if reply.kind == "choose":  # the asker said which clause it is: rule under that clause
        return answer_request(replace(reply.request, topic=str(value)), echo=reply.echo)
    return answer_request(reply.request.answered(reply.question.fact, value), echo=reply.echo)


def follow_up_choice(reply: Reply, number: int) -> Reply:
    """The console's and the select menu's way: pick option ``number`` (1-based)."""
    q = reply.question
    if q is None or not q.choices:
        return error("There are no options to pick from here.")
    if not 1 <= number <= len(q.choices):
        return error(f"Pick a number from 1 to {len(q.choices)}.", tone="warning")
    return follow_up(reply, q.choices[number - 1].value)


def follow_up_text(reply: Reply, text: str) -> Reply:
    """A typed answer (the Discord modal, or the console when there are no options)."""
    if reply.question is None:
        return error("There is no open question to answer.")
    raw = clean(text)
    problem = input_problem(raw, "answer", MAX_ANSWER)
    if problem:
        return error(problem, tone="warning")
    q = reply.question
    for i, ch in enumerate(q.choices, start=1):
        if raw.lower() in (ch.label.lower(), str(ch.value).lower(), str(i)):
            return follow_up(reply, ch.value)
    if reply.kind == "not_found":
        return rule_reply(raw)
    value, problem = parse_fact_value(q.fact, raw)
    if problem:
        return error(problem, tone="warning")
    return follow_up(reply, value)


_NUMBER = re.compile(r"^\$?\s*(\d{1,3}(?:[,\s]\d{3})+|\d+)(?:\.(\d+))?\s*([kK])?$")


def parse_number(text: str) -> int | None:
    """``1,500`` / ``1500`` / ``1.5k`` / ``2k`` as chips; None when it is not a number."""
    m = _NUMBER.match(text.strip())
    if not m:
        return None
    whole = int(re.sub(r"[,\s]", "", m.group(1)))
    frac = m.group(2) or ""
    if m.group(3):
        return whole * 1000 + (int(frac.ljust(3, "0")[:3]) if frac else 0)
    return whole if not frac or int(frac) == 0 else None


def _placeholder(fact: str) -> str:
    if fact == "actions":
        return "e.g. bet 400, raise 1000"
    if fact == "boards_won":
        return "e.g. Seat 2, Seat 5"
    ann = _fact_annotation(fact)
    return "a number, e.g. 300" if "int" in str(ann) else ""


def _fact_annotation(fact: str) -> Any:
    from engine.facts import Facts

    field = Facts.model_fields.get(fact)
    return field.annotation if field is not None else None


def parse_fact_value(fact: str, raw: str) -> tuple[Any, str | None]:
    """A typed answer as the value the fact holds, or why it is not one."""
    from pydantic import TypeAdapter, ValidationError

    ann = _fact_annotation(fact)
    if ann is None:
        return None, f"I can't take a typed answer for {fact}."
    if fact == "actions":
        actions, problem = parse_actions(raw)
        return ([a.model_dump(exclude_none=True) for a in actions] if actions else None), problem
    text = raw.strip()
    value: Any = text
    low = text.lower()
    if "int" in str(ann) and "list" not in str(ann):
        num = parse_number(text)
        if num is None:
            return None, "Please answer with a whole number of chips, e.g. 300 or 1,500."
        value = num
    elif "bool" in str(ann):
        if low in ("y", "yes", "true", "1"):
            value = True
        elif low in ("n", "no", "false", "0"):
            value = False
        else:
            return None, "Please answer yes or no."
    elif "list" in str(ann):
        value = [p.strip() for p in re.split(r"[,;]|\band\b", text) if p.strip()]
    try:
        return TypeAdapter(ann).validate_python(value), None
    except ValidationError as exc:
        return None, f"That is not a valid answer: {exc.errors()[0]['msg']}."


# -- structured rulings -----------------------------------------------------------------------------
def oversized_chip_reply(bet_faced: int, chip_value: int, declared: str = "none") -> Reply:
    """A single chip bigger than the bet (1.4.2): when was 'raise' said, if at all."""
    if declared not in ("before", "after", "none"):
        return error("declared must be before, after or none.")
    facts: dict[str, Any] = {"bet_faced": bet_faced, "chips_put_out": chip_value, "single_chip": True}
    if declared != "none":
        facts.update(verbal="raise", verbal_timing=declared)
    echo = (f"Facing {bet_faced:,}, a single {chip_value:,} chip; 'raise' "
            + ({"before": "said before it landed", "after": "said after it landed", "none": "never said"}[declared]))
    return answer_request(RulingRequest(facts=facts, topic="1.4.2"), echo=echo)


_ACTION_WORDS = {
    "bet": "bet", "bets": "bet", "opens": "bet", "lead": "bet", "leads": "bet",
    "raise": "raise", "raises": "raise", "raised": "raise", "reraise": "raise", "re-raise": "raise",
    "3bet": "raise", "3-bet": "raise", "4bet": "raise", "4-bet": "raise", "open": "raise", "opened": "raise",
    "all-in": "all-in", "allin": "all-in", "all in": "all-in", "shove": "all-in", "shoves": "all-in",
    "jam": "all-in", "jams": "all-in",
    "call": "call", "calls": "call", "called": "call", "limp": "call", "limps": "call", "flat": "call",
    "check": "check", "checks": "check", "fold": "fold", "folds": "fold", "post": "post", "posts": "post",
}
_FILLER = {"to", "for", "makes", "make", "it", "goes"}


def _read_piece(piece: str) -> tuple[str | None, str | None, str | None] | str:
    """One action as (actor, kind, amount text), or why it can't be read."""
    low = re.sub(r"\ball\s+in\b", "all-in", piece, flags=re.IGNORECASE)
    tokens = [t for t in re.split(r"[\s:]+", low) if t]
    verb_at = next((i for i, t in enumerate(tokens) if t.lower() in _ACTION_WORDS), None)
    numbers = [i for i, t in enumerate(tokens) if parse_number(t) is not None]
    if verb_at is None and not numbers:
        return f"I can't read the action “{piece}”. Write it like “bet 400, raise 1000”."
    head_end = verb_at if verb_at is not None else numbers[0]
    actor = " ".join(t for t in tokens[:head_end] if t.lower() not in _FILLER) or None
    tail = [t for t in tokens[head_end + (verb_at is not None):] if t.lower() not in _FILLER]
    if len(tail) > 1 or (tail and parse_number(tail[0]) is None):
        return f"I can't read the action “{piece}”. Write it like “seat 3 raise 1000”."
    kind = _ACTION_WORDS[tokens[verb_at].lower()] if verb_at is not None else None
    return (actor.title() if actor else None), kind, (tail[0] if tail else None)


def parse_actions(text: str) -> tuple[list[Any], str | None]:
    """``bet 400, raise to 1,000, seat 4 all-in 2500`` or plain ``400 1000`` as engine Actions.

    A bare number is a bet when it opens and a raise after that; every amount
    is the player's total for the round ("raise to"), as a floor person says it.
    """
    from engine.facts import Action

    # A comma separates actions, except the thousands comma in "1,000".
    splitter = r",(?!\d{3}(?!\d))|[;\n]|\bthen\b|\band\b"
    pieces = [p.strip() for p in re.split(splitter, clean(text), flags=re.IGNORECASE)]
    expanded: list[str] = []
    for p in pieces:
        if not p:
            continue
        if re.fullmatch(r"[\d.,k\s]+", p, re.IGNORECASE) and len(p.split()) > 1:
            expanded.extend(p.split())  # "400 1000"
        else:
            expanded.append(p)
    actions: list[Any] = []
    for n, piece in enumerate(expanded, start=1):
        read = _read_piece(piece)
        if isinstance(read, str):
            return [], read
        actor, kind, amount_text = read
        actor = actor or f"Player {n}"
        amount = parse_number(amount_text) if amount_text else None
        if amount_text and amount is None:
            return [], f"“{amount_text}” in “{piece}” is not an amount of chips."
        if kind is None:
            kind = "raise" if any(a.kind in ("bet", "raise", "all-in", "post") for a in actions) else "bet"
        if kind in ("bet", "raise", "post") and amount is None:
            return [], f"“{piece}” needs an amount, e.g. “{kind} 400”."
        actions.append(Action(actor=actor, kind=kind, amount=amount))
    if not actions:
        return [], "The action is empty. Write it like “bet 400, raise 1000”."
    return actions, None


def min_raise_reply(big_blind: int, action: str, street: str | None = None) -> Reply:
    """The smallest legal raise after the action so far (1.4)."""
    actions, problem = parse_actions(action)
    if problem:
        return error(problem, tone="warning")
    if len(actions) > 50:
        return error("That is more action than one betting round holds; give the raises only.", tone="warning")
    facts: dict[str, Any] = {"big_blind": big_blind, "actions": [a.model_dump(exclude_none=True) for a in actions]}
    if street:
        facts["street"] = street
    shown = ", ".join(f"{a.actor} {a.kind}" + (f" {a.amount:,}" if a.amount is not None else "") for a in actions)
    return answer_request(RulingRequest(facts=facts, topic="1.4"), echo=f"Big blind {big_blind:,}; {shown}")


def run_it_twice_reply(pot: int, first_board: str, second_board: str) -> Reply:
    """Each board is worth half the pot (1.10)."""
    winners = [clean(first_board), clean(second_board)]
    for w in winners:
        problem = input_problem(w, "board winner", 100)
        if problem:
            return error(problem, tone="warning")
    facts: dict[str, Any] = {"pot": pot, "boards_won": winners, "runs_requested": 2}
    echo = f"Pot {pot:,} run twice: first board {winners[0]}, second board {winners[1]}"
    return answer_request(RulingRequest(facts=facts, topic="1.10"), echo=echo)


def parse_hands(text: str) -> tuple[dict[str, str], str | None]:
    """``Seat 1: As Ad; Seat 4: Kh Qh`` (or one player a line) as {player: cards}, or why not.

    Players are separated by ``;``, ``|`` or new lines (or by commas when every
    player is named); a piece without ``name:`` is "Player N".
    """
    pieces = [p.strip() for p in re.split(r"[;|\n]", clean(text)) if p.strip()]
    if len(pieces) == 1 and pieces[0].count(":") > 1:
        pieces = [p.strip() for p in re.split(r",\s*(?=[^,:]+:)", pieces[0]) if p.strip()]
    elif len(pieces) == 1 and ":" not in pieces[0]:
        pieces = [p.strip() for p in pieces[0].split(",") if p.strip()]
    holes: dict[str, str] = {}
    for n, piece in enumerate(pieces, start=1):
        name, sep, cards = piece.partition(":")
        player = " ".join(name.split()) if sep else f"Player {n}"
        cards = cards if sep else piece
        if not player or not cards.strip():
            return {}, f"“{piece}” needs a player and two cards, like “Seat 1: As Ad”."
        if player in holes:
            return {}, f"{player} is listed twice."
        holes[player] = cards.strip()
    if not holes:
        return {}, "Give each player's hole cards, like “Seat 1: As Ad; Seat 4: Kh Qh”."
    return holes, None


def showdown_reply(board: str, hands: str, last_aggressor: str | None = None) -> Reply:
    """Each hand named, the winner(s), and who shows first (1.11) and must table both cards (1.12)."""
    from engine import hands as hand_engine
    from engine.result import Ruling

    b, h = clean(board), clean(hands)
    for text, what in ((b, "board"), (h, "hands")):
        problem = input_problem(text, what, 300)
        if problem:
            return error(problem, tone="warning")
    holes, problem = parse_hands(h)
    if problem:
        return error(problem, tone="warning")
    aggressor = " ".join(clean(last_aggressor).split()) if last_aggressor else None
    if aggressor:  # "seat 4" names the same player as "Seat 4"
        aggressor = next((p for p in holes if p.casefold() == aggressor.casefold()), aggressor)
    try:
        sd = hand_engine.showdown(b, holes, last_aggressor=aggressor or None)
    except ValueError as exc:
        return error(f"I can't rule on those cards: {_first_line(str(exc))}", tone="warning")
    named = {p: v.name for p, v in sd.hands.items()}
    if sd.split:
        outcome = (f"Split pot between {', '.join(sd.winners)}, each with {named[sd.winners[0]]}. "
                   + getattr(hand_engine, "SPLIT_ODD_CHIP_NOTE", ""))
    else:
        outcome = f"{sd.winners[0]} wins with {named[sd.winners[0]]}."
    first = sd.order[0]
    why = "the last to bet or raise" if aggressor else "first in the normal order of play (no bet or raise named)"
    outcome += (f" {first} shows first, as {why} (1.11); a player must table both hole cards to be awarded "
                "the pot (1.12).")
    ix = _index()
    ruling = Ruling(
        kind="ruling", outcome=outcome.strip(), citations=["1.11", "1.12"], confidence=0.95,
        notes=[sd.note], facts={"board": b, "hands": holes, "last_aggressor": aggressor},
        rulebook_version=ix.version,
    )
    reply = from_ruling(ruling, echo=f"Board {b}; {h}" + (f"; last bet or raise by {aggressor}" if aggressor else ""))
    lines = "\n".join(f"{p}: {' '.join(v.hole)} → {v.name} ({' '.join(v.best)})" for p, v in sd.hands.items())
    order = "\n".join(f"{i}. {p}" for i, p in enumerate(sd.order, start=1))
    return replace(reply, sections=(Section("Hands", lines), Section("Order of showing", order), *reply.sections))


# -- the staff ruling log ------------------------------------------------------------------------------
def _get(entry: Any, name: str, default: Any = None) -> Any:
    return entry.get(name, default) if isinstance(entry, dict) else getattr(entry, name, default)


def log_entry_section(entry: Any, names: dict[str, str] | None = None) -> Section:
    """One logged ruling, with its overturn (if any) stated, never hidden.

    The store keeps who overturned a ruling as an id; ``names`` turns ids the
    shell knows into names."""
    when = _get(entry, "created_at")
    stamp = when.strftime("%Y-%m-%d %H:%M UTC") if hasattr(when, "strftime") else str(when or "")
    cites = ", ".join(_get(entry, "citations", ()) or ()) or "no clause"
    name = f"Ruling #{_get(entry, 'number')} · {stamp} · {_get(entry, 'asker_name', '?')}"
    lines = [f"Q: {_get(entry, 'question', '')}", f"A: {_get(entry, 'outcome', '')}", f"Cites: {cites}"]
    if _get(entry, "overturned", False):
        by = str(_get(entry, "overturned_by") or "")
        who = (names or {}).get(by) or (f"staff member {by}" if by else "staff")
        lines.insert(0, f"OVERTURNED by {who}: "
                        f"{_get(entry, 'overturn_reason') or 'no reason given'}")
    return Section(name, "\n".join(lines))


def log_reply(entries: Sequence[Any], title: str, empty: str, names: dict[str, str] | None = None) -> Reply:
    if not entries:
        return Reply(title=title, body=empty, kind="log")
    overturned = sum(1 for e in entries if _get(e, "overturned", False))
    body = f"{len(entries)} ruling(s)" + (f", {overturned} overturned" if overturned else "") + "."
    return Reply(title=title, body=body, sections=tuple(log_entry_section(e, names) for e in entries), kind="log")


def overturn_reply(number: int, done: bool, reason: str, staff_name: str) -> Reply:
    """``number`` is the ruling's number in this server's log, as its footer and ``/rulings recent`` show it."""
    if not done:
        return error(f"There is no logged ruling #{number} in this server's log (or it was already overturned). "
                     "See /rulings recent for the numbers.", tone="warning")
    return Reply(
        title=f"Ruling #{number} overturned",
        body=(f"{staff_name} overturned ruling #{number}: {reason}\nStaff rulings are final under Staff "
              "Authority; the log keeps the original ruling and shows it as overturned, with this reason."),
        citations=("staff-authority",), kind="log", tone="warning",
    )


# -- the rulebook --------------------------------------------------------------------------------
MAX_REPORT = 3500  # an embed description holds 4096 characters


def reload_reply() -> Reply:
    """``/rulebook reload``: check the configured rulebook against the one in use and switch only if clean.

    The same check as ``floor rulebook check``; both shells run this, Discord in a worker thread (parsing and
    indexing take a moment).  A refused or unreadable book leaves the one in use answering, and says so."""
    from rules_index.check import reload_configured, report_text
    from rules_index.config import ConfigError

    try:
        report, switched = reload_configured()
    except ConfigError as exc:
        return error(f"The rulebook was not reloaded: {exc}", title="Rulebook not reloaded")
    text = report_text(report, limit=15)
    if len(text) > MAX_REPORT:
        text = text[:MAX_REPORT].rsplit("\n", 1)[0] + "\n… (run `floor rulebook check` for the whole report)"
    if switched:
        import logging

        logging.getLogger(__name__).info("rulebook switched: %s -> %s", report.old_version, report.new_version)
        return Reply(title="Rulebook reloaded", body=text, tone="info", kind="rulebook",
                     footer=f"Now answering from {report.new_version}")
    return Reply(title="Rulebook not reloaded", body=text, tone="warning", kind="rulebook", ok=False,
                 footer=f"Still answering from {report.old_version}")
