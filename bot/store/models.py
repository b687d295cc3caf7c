"""What the store hands back: small frozen records, never live database rows.

The bot renders these after the database connection is gone (it calls the
store through ``asyncio.to_thread``), so they carry plain values only, and
every timestamp is timezone-aware UTC whichever database produced it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class LoggedRuling:
    """One entry of the staff ruling log, as staff review it later.  Staff know it by ``number``, its place in
    its server's log (each server counts from 1); ``id`` is the store's own key."""

    id: int
    number: int
    created_at: datetime
    asker_id: str
    asker_name: str
    guild_id: str | None
    question: str
    kind: str
    outcome: str
    citations: tuple[str, ...]
    rulebook_version: str
    overturned: bool = False
    overturned_by: str | None = None
    overturn_reason: str | None = None
    overturned_at: datetime | None = None


@dataclass(frozen=True)
class FeedbackSummary:
    """Thumbs for one answer: the answers people found unhelpful come first."""

    ruling_number: int | None  # the ruling's number in its server's log; None for an answer that was not logged
    question: str
    helpful: int
    unhelpful: int
    last_at: datetime


@dataclass(frozen=True)
class ClauseProgress:
    """Where one user stands on one clause in the Leitner boxes, in one server (``guild_id``; '' for none)."""

    guild_id: str
    user_id: str
    clause_id: str
    box: int
    due_at: datetime
    seen: int
    right: int
    wrong: int
    last_seen_at: datetime
    last_correct: bool


@dataclass(frozen=True)
class RecordedAnswer:
    """What ``record_answer`` committed: the attempt and the clauses' new boxes."""

    attempt_id: int
    correct: bool
    answered_at: datetime
    progress: tuple[ClauseProgress, ...]
    duplicate: bool = False  # the answer_key was already recorded; nothing was changed


@dataclass(frozen=True)
class SectionStats:
    section: str
    answered: int
    right: int

    @property
    def accuracy(self) -> float:
        return self.right / self.answered if self.answered else 0.0


@dataclass(frozen=True)
class UserStats:
    """A trainee's record: overall, by rulebook section, and the clauses to work on."""

    user_id: str
    answered: int
    right: int
    by_section: tuple[SectionStats, ...] = ()
    weakest: tuple[ClauseProgress, ...] = ()
    clauses_seen: int = 0
    clauses_mastered: int = 0  # in the top Leitner box

    @property
    def accuracy(self) -> float:
        return self.right / self.answered if self.answered else 0.0


@dataclass(frozen=True)
class LeaderboardEntry:
    rank: int
    user_id: str
    user_name: str
    right: int
    answered: int

    @property
    def accuracy(self) -> float:
        return self.right / self.answered if self.answered else 0.0


@dataclass(frozen=True)
class QuizAttempt:
    id: int
    user_id: str
    question_id: str
    section: str
    clause_ids: tuple[str, ...]
    correct: bool
    answered_at: datetime
    round_id: str | None = None
    chosen: int | None = None
    guild_id: str = ""  # the server it was answered in; '' for none (a terminal, a DM, or before schema 3)


__all__ = [
    "ClauseProgress", "FeedbackSummary", "LeaderboardEntry", "LoggedRuling", "QuizAttempt",
    "RecordedAnswer", "SectionStats", "UserStats",
]
