"""Staff Authority and the preamble: who decides, and what the book rests on."""

from __future__ import annotations

from engine.core import Context, Finding, not_decidable, rule

not_decidable("1", "section heading (Wagering & Order of Play): its clauses carry the rules")
not_decidable("2", "section heading (Misdeals): its clauses carry the rules")
not_decidable("3", "section heading (Player Conduct of Play): its clauses carry the rules")


@rule("staff_rulings_are_final", ["staff-authority"], trigger=lambda f: 1.3 if f.disputes_ruling else 0.0)
def staff_rulings_are_final(ctx: Context) -> Finding:
    """Staff have absolute authority; their rulings are binding and cannot be overruled."""
    return Finding(
        outcome=(
            "Staff rulings are final: Poker Ape staff have absolute authority over game play, rules and "
            "conduct, their rulings are binding and cannot be overruled, and by playing you agree to abide "
            "by them. You may ask the floor to explain a ruling, but there is no appeal over it."
        ),
        citations=["staff-authority"],
        confidence=0.9,
    )


@rule("fidpa_basis", ["preamble"], trigger=lambda f: 1.3 if f.asks_basis else 0.0)
def fidpa_basis(ctx: Context) -> Finding:
    """The house rules rest on the FIDPA rules, the reference for anything they leave open."""
    return Finding(
        outcome=(
            "These house rules are based on the FIDPA (Federation Internationale de Poker Association) rules; "
            "for clarification or details the house rules leave open, the official FIDPA rules are the "
            "reference, and staff decide (Staff Authority)."
        ),
        citations=["preamble", "staff-authority"],
        confidence=0.85,
    )
