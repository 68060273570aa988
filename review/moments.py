"""« Moments clés » as the replay shows them at one step (the analysis: review.analysis;
its classes and accuracy: review.grades; its reasons: review.reasons)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.safestring import SafeString
from django.utils.text import capfirst
from django.utils.translation import gettext as _, ngettext

from game.engine import Card
from play.cardnames import short_name, with_article
from play.display import Face
from play.seating import SOLO_PERSPECTIVE, Perspective
from play.steps import HandRecord
from review.analysis import Analysis, Choice
from review.chart import ChartPoint, expected_points_chart
from review.grades import Accuracy, Severity
from review.links import ReplayLinks
from review.wording import BETTER, CHOSEN, SEVERITY_LABELS, sentence


@dataclass(frozen=True)
class MomentView:
    step: int
    url: str
    trick: int | None
    played: list[Face]
    suggested: list[Face]
    loss: float
    current: bool
    severity: Severity
    better: list[str]
    """What the better choice does, one sentence per reason."""
    risked: list[str]
    """What the player's choice risked, one sentence per reason."""

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
    def symbol(self) -> str:
        return self.severity.symbol

    @property
    def label(self) -> str:
        return str(SEVERITY_LABELS[self.severity])

    @property
    def loss_text(self) -> str:
        # To a tenth, as the class is drawn from it (review.grades: 2.8 is not yet
        # an « Erreur »; a whole « environ 3 » beside « Imprécision » read as a mistake).
        # French puts a quantity under 2 in the singular: the form follows its whole part.
        return ngettext(
            "environ %(points)s point perdu", "environ %(points)s points perdus", int(self.loss)
        ) % {"points": number_format(self.loss, 1)}


@dataclass(frozen=True)
class MomentsView:
    """The analysis of one hand as the replay shows it at one step."""

    moments: list[MomentView]
    choices: int
    agreed: int
    accuracy: int | None
    """The hand's accuracy, a percentage (review.grades)."""
    game_accuracy: int | None
    """The game's, over its analysed hands, when known."""
    chart: SafeString
    here: MomentView | None
    previous: str | None
    next: str | None


def present(
    analysis: Analysis,
    record: HandRecord,
    links: ReplayLinks,
    step: int,
    *,
    perspective: Perspective = SOLO_PERSPECTIVE,
    game_accuracy: Accuracy | None = None,
) -> MomentsView:
    number = record.hand.number
    moments = [
        _moment(choice, links.step(number, choice.step), step, perspective)
        for choice in analysis.moments
    ]
    earlier = [moment for moment in moments if moment.step < step]
    later = [moment for moment in moments if moment.step > step]
    return MomentsView(
        moments=moments,
        choices=len(analysis.choices),
        agreed=sum(not choice.differs for choice in analysis.choices),
        accuracy=analysis.accuracy.percent,
        game_accuracy=None if game_accuracy is None else game_accuracy.percent,
        chart=_chart(analysis, record, step),
        here=next((moment for moment in moments if moment.current), None),
        previous=earlier[-1].url if earlier else None,
        next=later[0].url if later else None,
    )


def _moment(choice: Choice, url: str, step: int, perspective: Perspective) -> MomentView:
    played = [Card.from_code(code) for code in choice.played]
    suggested = [Card.from_code(code) for code in choice.suggested]
    if choice.trick is None:
        mine, better = _("Votre passe"), _("La passe du niveau Difficile")
    else:
        mine = _("Votre %(card)s") % {"card": short_name(played[0])}
        better = capfirst(with_article(suggested[0]))
    # A graded choice differs from Difficile's: its loss and severity are set.
    assert choice.loss is not None and choice.severity is not None
    return MomentView(
        step=choice.step,
        url=url,
        trick=choice.trick,
        played=[Face.of(card) for card in played],
        suggested=[Face.of(card) for card in suggested],
        loss=choice.loss,
        current=choice.step == step,
        severity=choice.severity,
        better=[sentence(BETTER, reason, better, perspective.name) for reason in choice.reasons],
        risked=[sentence(CHOSEN, reason, mine, perspective.name) for reason in choice.reasons],
    )


def _chart(analysis: Analysis, record: HandRecord, step: int) -> SafeString:
    severities = {choice.step: choice.severity for choice in analysis.choices}
    points = [
        ChartPoint(
            label=_("Pli %(number)s · %(card)s")
            % {
                "number": record.trick_of_step(expected.step + 1),
                "card": short_name(Card.from_code(expected.card)),
            },
            points=expected.points,
            severity=severities.get(expected.step),
            current=expected.step == step,
        )
        for expected in analysis.curve
    ]
    final = number_format(analysis.curve[-1].points, 1) if analysis.curve else ""
    title = _("Vos points attendus après chacune de vos cartes (à la fin : %(points)s)") % {
        "points": final
    }
    return expected_points_chart(points, title=title)
