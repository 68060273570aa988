"""A player's rating over their latest rated games, for their profile: an SVG drawn on the
server in play.line_chart's frame (as the hand's chart is), every value escaped.

The scale is the data's own (its lowest and highest rating, with some room around them):
a rating moves by tens of points a game, so a fixed scale would draw a flat line.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import format_html
from django.utils.safestring import SafeString

from play.line_chart import LineChart

CHART = LineChart("rating", width=320, height=110, left=36, right=8, top=10, bottom=10)
# Room above the highest rating and below the lowest: a tenth of their gap, at least this.
LEAST_PADDING = 10


def rating_chart(ratings: Sequence[int], *, title: str) -> SafeString:
    """The ratings, oldest first, as a line from left to right; the latest one marked.
    Nothing for fewer than two ratings (no game played: no line to draw)."""
    if len(ratings) < 2:
        return SafeString("")
    low, high = min(ratings), max(ratings)
    padding = max(LEAST_PADDING, (high - low) / 10)
    bottom, top = low - padding, high + padding

    def y(rating: float) -> float:
        return CHART.y((rating - bottom) / (top - bottom))

    line = [(CHART.x(index, len(ratings)), y(rating)) for index, rating in enumerate(ratings)]
    last_x, last_y = line[-1]
    return CHART.draw(
        title=title,
        scale={value: y(value) for value in (high, low)}.items(),
        line=line,
        marks=format_html(
            '<circle class="chart__last" cx="{}" cy="{}" r="3.5"></circle>', last_x, last_y
        ),
    )
