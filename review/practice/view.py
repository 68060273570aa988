"""The practice's own parts of the table (game/table.html draws them from
`TableView.practice`): the note that says what is played, and at the end of the hand its
points beside the game's."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import ngettext

from play.display import moon_sentence
from play.seating import Perspective
from play.seats import HUMAN
from review.links import ReplayLinks
from review.practice.play import Practice


@dataclass(frozen=True)
class ScoreLine:
    name: str
    practice: int
    game: int
    is_you: bool


@dataclass(frozen=True)
class PracticeResult:
    """The hand's points this time and in the game, seat by seat from the player's."""

    lines: list[ScoreLine]
    verdict: str
    moon: str | None


@dataclass(frozen=True)
class PracticeView:
    hand_number: int
    step: int
    # « Revenir à la partie »: the replay step the practice started from.
    back_url: str
    restart_url: str
    result: PracticeResult | None


def practice_view(practice: Practice, links: ReplayLinks) -> PracticeView:
    moment = practice.moment
    return PracticeView(
        hand_number=moment.hand_number,
        step=moment.step,
        back_url=links.step(moment.hand_number, moment.step),
        restart_url=links.practice_action(moment.hand_number, moment.step, "restart"),
        result=_result(practice) if practice.finished else None,
    )


def _result(practice: Practice) -> PracticeResult:
    perspective = Perspective(practice.position.seating, HUMAN)
    now = practice.deal.scores()
    # A finished hand's stored scores (play.services.record_hand_result).
    then = practice.moment.record.hand.scores or [0, 0, 0, 0]
    lines = [
        ScoreLine(perspective.name(seat), now[seat], then[seat], perspective.is_viewer(seat))
        for seat in perspective.seats_from_bottom()
    ]
    return PracticeResult(
        lines=lines,
        verdict=_verdict(now[HUMAN], then[HUMAN]),
        moon=moon_sentence(practice.deal.moon_shooter, perspective),
    )


def _verdict(now: int, then: int) -> str:
    if now == then:
        return ngettext(
            "Vous marquez %(points)s point, comme dans la partie.",
            "Vous marquez %(points)s points, comme dans la partie.",
            now,
        ) % {"points": now}
    return ngettext(
        "Vous marquez %(now)s point au lieu de %(then)s dans la partie.",
        "Vous marquez %(now)s points au lieu de %(then)s dans la partie.",
        now,
    ) % {"now": now, "then": then}
