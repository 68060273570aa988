"""« Moments clés » as the replay shows them at one step (the analysis: game.history.analysis)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _, ngettext

from game.display import Face
from game.engine import Card
from game.history.analysis import Analysis
from game.history.links import ReplayLinks
from game.history.steps import HandRecord


@dataclass(frozen=True)
class MomentView:
    step: int
    url: str
    trick: int | None
    played: list[Face]
    suggested: list[Face]
    loss: float
    current: bool

    @property
    def played_text(self) -> str:
        return " ".join(face.short for face in self.played)

    @property
    def suggested_text(self) -> str:
        return " ".join(face.short for face in self.suggested)

    @property
    def title(self) -> str:
        if self.trick is None:
            return _("La passe")
        return _("Pli %(number)s") % {"number": self.trick}

    @property
    def loss_text(self) -> str:
        # Whole points: a few dozen sampled worlds do not measure tenths.
        points = round(self.loss)
        if points < 1:
            return _("sans perte estimée")
        return ngettext(
            "environ %(points)s point perdu", "environ %(points)s points perdus", points
        ) % {"points": points}


@dataclass(frozen=True)
class MomentsView:
    """The analysis of one hand as the replay shows it at one step."""

    moments: list[MomentView]
    choices: int
    agreed: int
    here: MomentView | None
    previous: str | None
    next: str | None


def present(analysis: Analysis, record: HandRecord, links: ReplayLinks, step: int) -> MomentsView:
    number = record.hand.number
    moments = [
        MomentView(
            step=choice.step,
            url=links.step(number, choice.step),
            trick=choice.trick,
            played=[Face.of(Card.from_code(code)) for code in choice.played],
            suggested=[Face.of(Card.from_code(code)) for code in choice.suggested],
            loss=choice.loss or 0.0,
            current=choice.step == step,
        )
        for choice in analysis.moments
    ]
    earlier = [moment for moment in moments if moment.step < step]
    later = [moment for moment in moments if moment.step > step]
    return MomentsView(
        moments=moments,
        choices=len(analysis.choices),
        agreed=len(analysis.choices) - len(moments),
        here=next((moment for moment in moments if moment.current), None),
        previous=earlier[-1].url if earlier else None,
        next=later[0].url if later else None,
    )
