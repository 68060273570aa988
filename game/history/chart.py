"""The hand's chart in « Moments clés »: the player's expected points after each of their
cards (game.history.analysis), drawn on the server as an SVG, every value escaped; no
script. Fewer points is better in Hearts: the line going down is the hand going well."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from game.history.grades import Severity

WIDTH, HEIGHT = 320, 132
LEFT, RIGHT, TOP, BOTTOM = 28, 8, 8, 20
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
        (_x(index, len(points)), _y(point.points), point) for index, point in enumerate(points)
    ]
    grid = format_html_join(
        "",
        '<line class="moments-chart__grid" x1="{}" y1="{}" x2="{}" y2="{}"></line>'
        '<text class="moments-chart__scale" x="{}" y="{}">{}</text>',
        (
            (LEFT, _y(value), WIDTH - RIGHT, _y(value), LEFT - 4, _y(value) + 4, value)
            for value in GRID
        ),
    )
    line = " ".join(f"{x},{y}" for x, y, _point in placed)
    dots = format_html_join(
        "",
        '<circle class="{}" cx="{}" cy="{}" r="{}"><title>{}</title></circle>',
        (
            (_classes(point), x, y, 5 if point.current else 3.5, _tooltip(point))
            for x, y, point in placed
        ),
    )
    return format_html(
        '<svg class="moments-chart" viewBox="0 0 {} {}" role="img" aria-label="{}">'
        "<title>{}</title>{}"
        '<polyline class="moments-chart__line" points="{}"></polyline>{}'
        '<text class="moments-chart__axis" x="{}" y="{}">{}</text></svg>',
        WIDTH,
        HEIGHT,
        title,
        title,
        grid,
        line,
        dots,
        LEFT,
        HEIGHT - 4,
        _("vos cartes, de la première à la dernière"),
    )


def _x(index: int, count: int) -> float:
    span = WIDTH - LEFT - RIGHT - 8
    return round(LEFT + 4 + (span * index / (count - 1) if count > 1 else span / 2), 1)


def _y(points: float) -> float:
    clamped = min(max(points, 0), MOST_POINTS)
    return round(TOP + (HEIGHT - TOP - BOTTOM) * (1 - clamped / MOST_POINTS), 1)


def _classes(point: ChartPoint) -> str:
    classes = ["moments-chart__point"]
    if point.severity is not None:
        classes.append(f"moments-chart__point--{point.severity.value}")
    if point.current:
        classes.append("is-current")
    return " ".join(classes)


def _tooltip(point: ChartPoint) -> str:
    return _("%(card)s : %(points)s points attendus") % {
        "card": point.label,
        "points": number_format(point.points, 1),
    }
