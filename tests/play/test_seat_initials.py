"""A seat's avatar is the first letters of the name it shows, whatever the name holds."""

from __future__ import annotations

import pytest

from play.table_view import SeatView


@pytest.mark.parametrize(
    ("name", "initials"),
    [
        ("Léa", "L"),
        ("Jean Dupont", "JD"),
        ("anne marie claire", "AM"),
        ("Robot (pour camille_p1)", "R"),
        ("Robot (pour Jean Dupont)", "R"),
        ("« Zoé »", "Z"),
        ("(Bob)", "?"),
        ("", "?"),
    ],
)
def test_the_avatar_reads_the_name_not_its_brackets_or_signs(name: str, initials: str) -> None:
    seat = SeatView(
        seat=1, name=name, place="left", hand_points=0, total=0, moon_threat=False, thinking=False
    )
    assert seat.initials == initials
