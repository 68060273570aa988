"""The frame the server's line charts share (« Moments clés »'s expected points, a
profile's rating): an SVG with a title for screen readers, a few labelled grid lines, one
line from left to right and whatever marks the chart adds; every value escaped, no script.
The look is site.css's `.chart` (its `--kind` modifier gives each chart its colours)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

# The room kept at each end of the line, inside the plotted width.
INSET = 4


@dataclass(frozen=True)
class LineChart:
    """A chart's size and margins (the scale's labels sit in the left one)."""

    kind: str
    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int

    def x(self, index: int, count: int) -> float:
        """The `index`-th of `count` points, evenly from left to right (one: in the middle)."""
        span = self.width - self.left - self.right - 2 * INSET
        return round(self.left + INSET + (span * index / (count - 1) if count > 1 else span / 2), 1)

    def y(self, height: float) -> float:
        """A height between 0 (the bottom of the plot) and 1 (its top)."""
        return round(self.top + (self.height - self.top - self.bottom) * (1 - height), 1)

    def draw(
        self,
        *,
        title: str,
        scale: Iterable[tuple[object, float]],
        line: Sequence[tuple[float, float]],
        marks: SafeString,
    ) -> SafeString:
        """`scale`: (label, y) of each grid line; `line`: the (x, y) of its points; `marks`:
        the chart's own elements drawn over the line (points, an axis label)."""
        grid = format_html_join(
            "",
            '<line class="chart__grid" x1="{}" y1="{}" x2="{}" y2="{}"></line>'
            '<text class="chart__scale" x="{}" y="{}">{}</text>',
            (
                (self.left, y, self.width - self.right, y, self.left - 4, y + 4, label)
                for label, y in scale
            ),
        )
        return format_html(
            '<svg class="chart chart--{}" viewBox="0 0 {} {}" role="img" aria-label="{}">'
            "<title>{}</title>{}"
            '<polyline class="chart__line" points="{}"></polyline>{}</svg>',
            self.kind,
            self.width,
            self.height,
            title,
            title,
            grid,
            " ".join(f"{x},{y}" for x, y in line),
            marks,
        )
