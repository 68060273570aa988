"""A player's rating over their latest rated games, for their profile: an SVG drawn on the
server (as game.history.chart draws the hand's), every value escaped, no script.

The scale is the data's own (its lowest and highest rating, with some room around them):
a rating moves by tens of points a game, so a fixed scale would draw a flat line.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

WIDTH, HEIGHT = 320, 110
LEFT, RIGHT, TOP, BOTTOM = 36, 8, 10, 10
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
    placed = [
        (_x(index, len(ratings)), _y(rating, bottom, top)) for index, rating in enumerate(ratings)
    ]
    grid = format_html_join(
        "",
        '<line class="rating-chart__grid" x1="{}" y1="{}" x2="{}" y2="{}"></line>'
        '<text class="rating-chart__scale" x="{}" y="{}">{}</text>',
        (
            (LEFT, y, WIDTH - RIGHT, y, LEFT - 4, y + 3, value)
            for value, y in {value: _y(value, bottom, top) for value in (high, low)}.items()
        ),
    )
    last_x, last_y = placed[-1]
    return format_html(
        '<svg class="rating-chart" viewBox="0 0 {} {}" role="img" aria-label="{}">'
        "<title>{}</title>{}"
        '<polyline class="rating-chart__line" points="{}"></polyline>'
        '<circle class="rating-chart__last" cx="{}" cy="{}" r="3.5"></circle></svg>',
        WIDTH,
        HEIGHT,
        title,
        title,
        grid,
        " ".join(f"{x},{y}" for x, y in placed),
        last_x,
        last_y,
    )


def _x(index: int, count: int) -> float:
    return round(LEFT + 4 + (WIDTH - LEFT - RIGHT - 8) * index / (count - 1), 1)


def _y(rating: float, bottom: float, top: float) -> float:
    return round(TOP + (HEIGHT - TOP - BOTTOM) * (top - rating) / (top - bottom), 1)
