"""The hand's chart in « Moments clés »: the player's expected points after each of their
cards (review.analysis), drawn on the server as an SVG, every value escaped; no
script. Fewer points is better in Hearts: the line going down is the hand going well."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from play.line_chart import LineChart
from review.grades import Severity

CHART = LineChart("moments", width=320, height=132, left=28, right=8, top=8, bottom=20)
MOST_POINTS = 26
GRID = (0, 13, 26)


@dataclass(frozen=True)
class ChartPoint:
    """One of the player's cards: « Pli 3 · ♠2 », the expected points after it."""

    label: str
    points: float
    severity: Severity | None
    current: bool


def expected_points_chart(points: Sequence[ChartPoint], *, title: str) -> SafeString:
    """One point per card, left to right, on a 0–26 scale."""
    if not points:
        return SafeString("")
    placed = [
        (CHART.x(index, len(points)), _y(point.points), point) for index, point in enumerate(points)
    ]
    dots = format_html_join(
        "",
        '<circle class="{}" cx="{}" cy="{}" r="{}"><title>{}</title></circle>',
        (
            (_classes(point), x, y, 5 if point.current else 3.5, _tooltip(point))
            for x, y, point in placed
        ),
    )
    axis = format_html(
        '<text class="chart__axis" x="{}" y="{}">{}</text>',
        CHART.left,
        CHART.height - 4,
        _("vos cartes, de la première à la dernière"),
    )
    return CHART.draw(
        title=title,
        scale=((value, _y(value)) for value in GRID),
        line=[(x, y) for x, y, _point in placed],
        marks=SafeString(dots + axis),
    )


def _y(points: float) -> float:
    return CHART.y(min(max(points, 0), MOST_POINTS) / MOST_POINTS)


def _classes(point: ChartPoint) -> str:
    classes = ["chart__point"]
    if point.severity is not None:
        classes.append(f"chart__point--{point.severity.value}")
    if point.current:
        classes.append("is-current")
    return " ".join(classes)


def _tooltip(point: ChartPoint) -> str:
    return _("%(card)s : %(points)s points attendus") % {
        "card": point.label,
        "points": number_format(point.points, 1),
    }
