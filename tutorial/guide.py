"""What the tutorial shows beside the table: the notes, and the summary at the end.

A Position becomes plain values for tutorial/templates/tutorial/table.html, as play.table does for
the table itself (which the tutorial shows unchanged). Which notes are new, which were read
and which the deal never brought all come from tutorial.notes, replayed from the moves.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _, ngettext

from game.engine import Card, PassDirection
from play.positions import Position, engine_move
from play.seats import HUMAN, SEAT_NAMES
from tutorial import notes
from tutorial.notes import NOTES, Note


@dataclass(frozen=True)
class NoteView:
    number: int
    key: str
    title: str
    text: str

    @classmethod
    def of(cls, note: Note, text: str | None = None) -> NoteView:
        """The note with what it said at its moment, or (never shown) its general text."""
        return cls(
            number=note.number,
            key=note.key,
            title=str(note.title),
            text=str(note.text) if text is None else text,
        )


@dataclass(frozen=True)
class ScoreLine:
    """One seat's hand: the hearts and the Q♠ it took, its points, its score (moon applied)."""

    name: str
    hearts: int
    queen: bool
    points: int
    score: int
    is_human: bool


@dataclass(frozen=True)
class Summary:
    lines: list[ScoreLine]
    verdict: str
    missed: list[NoteView]


@dataclass(frozen=True)
class GuideView:
    new: list[NoteView]
    earlier: list[NoteView]
    seen: int
    total: int
    summary: Summary | None

    @property
    def finished(self) -> bool:
        return self.summary is not None


def progress_of(position: Position) -> notes.Progress:
    hand = position.hand
    return notes.follow(
        [[Card.from_code(code) for code in cards.split()] for cards in hand.dealt],
        PassDirection(hand.direction),
        [engine_move(move) for move in position.moves],
    )


def build_guide(position: Position) -> GuideView:
    progress = progress_of(position)
    return GuideView(
        new=[NoteView.of(note, progress.said.get(note)) for note in progress.new],
        earlier=[NoteView.of(note, progress.said.get(note)) for note in progress.earlier],
        seen=len(progress.seen),
        total=len(NOTES),
        summary=_summary(position, progress) if progress.finished else None,
    )


def _summary(position: Position, progress: notes.Progress) -> Summary:
    deal = position.deal
    hearts = [0, 0, 0, 0]
    for trick in deal.tricks:
        hearts[trick.winner] += sum(card.suit == "H" for card in trick.cards)
    queen = deal.queen_taker
    scores = deal.scores()
    lines = [
        ScoreLine(
            name=str(SEAT_NAMES[seat]),
            hearts=hearts[seat],
            queen=queen == seat,
            points=deal.points_taken[seat],
            score=scores[seat],
            is_human=seat == HUMAN,
        )
        for seat in range(4)
    ]
    return Summary(
        lines=lines,
        verdict=_verdict(deal.moon_shooter, hearts[HUMAN], queen == HUMAN, scores[HUMAN]),
        missed=[NoteView.of(note) for note in progress.missed],
    )


def _verdict(shooter: int | None, hearts: int, queen: bool, score: int) -> str:
    """Your score for the hand, explained in one sentence."""
    if shooter == HUMAN:
        return _("Vous avez tiré la lune : vous marquez 0 et chacun des autres 26 points.")
    if shooter is not None:
        return _(
            "%(name)s a tiré la lune : 0 pour ce joueur, 26 points pour chacun des autres."
        ) % {"name": SEAT_NAMES[shooter]}
    if not score:
        return _("Vous n’avez ramassé aucun point : c’est le meilleur résultat possible.")
    if queen and hearts:
        return ngettext(
            "Vous avez ramassé la ♠Q et %(hearts)s cœur : %(score)s points.",
            "Vous avez ramassé la ♠Q et %(hearts)s cœurs : %(score)s points.",
            hearts,
        ) % {"hearts": hearts, "score": score}
    if queen:
        return _("Vous avez ramassé la ♠Q : 13 points.")
    return ngettext(
        "Vous avez ramassé %(hearts)s cœur : %(score)s point.",
        "Vous avez ramassé %(hearts)s cœurs : %(score)s points.",
        hearts,
    ) % {"hearts": hearts, "score": score}
