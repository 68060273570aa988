"""The hand's chart of expected points (review.chart): an SVG drawn on the server."""

from __future__ import annotations

from xml.etree import ElementTree

from review.chart import ChartPoint, expected_points_chart
from review.grades import Severity

SVG = "{http://www.w3.org/2000/svg}"


def points(count: int) -> list[ChartPoint]:
    return [
        ChartPoint(
            label=f"Pli {index + 1} · ♠{index + 2}",
            points=index * 2.0,
            severity=Severity.BLUNDER if index == 3 else None,
            current=index == 5,
        )
        for index in range(count)
    ]


def parsed(svg: str) -> ElementTree.Element:
    # Drawn without a namespace (HTML's inline SVG); parsed as XML it must be well formed.
    return ElementTree.fromstring(svg.replace("<svg ", f'<svg xmlns="{SVG[1:-1]}" ', 1))


def test_the_chart_is_valid_svg_with_one_point_per_card():
    root = parsed(expected_points_chart(points(13), title="Vos points"))

    circles = root.findall(f"{SVG}circle")
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert len(circles) == 13
    line = root.find(f"{SVG}polyline")
    assert line is not None and len(line.get("points", "").split()) == 13
    xs = [float(circle.get("cx", "")) for circle in circles]
    assert xs == sorted(xs)


def test_fewer_points_are_drawn_lower_and_the_marks_follow_the_classes():
    root = parsed(expected_points_chart(points(6), title="Vos points"))

    circles = root.findall(f"{SVG}circle")
    ys = [float(circle.get("cy", "")) for circle in circles]
    assert ys == sorted(ys, reverse=True)
    assert "chart__point--blunder" in (circles[3].get("class") or "")
    assert "is-current" in (circles[5].get("class") or "")
    tooltip = circles[1].find(f"{SVG}title")
    assert tooltip is not None and tooltip.text == "Pli 2 · ♠3 : 2,0 points attendus"


def test_every_value_is_escaped():
    hostile = [ChartPoint(label='<script>"x"</script>', points=3, severity=None, current=False)]

    svg = expected_points_chart(hostile, title='</svg><img src=x onerror="alert(1)">')

    assert "<script>" not in svg and "<img" not in svg
    assert "&lt;script&gt;" in svg
    parsed(svg)


def test_no_card_draws_no_chart():
    assert expected_points_chart([], title="Vos points") == ""
