"""« Classement »: the board of one length (`?partie=50` or `100`), page by page (`?page=N`),
with the provisional players apart. A public page: anyone may read it, and nothing is
posted to it (require_safe).

An address is never refused: a length it does not offer is the 50 points' board, a page
that is no number the first page, and one past the end the last (ranked.standings.board_page).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from play.models import Target
from players.profile import profile_url
from ranked.forms import LeaderboardForm
from ranked.skill import PROVISIONAL_GAMES
from ranked.standings import BoardRow, BoardSeat, board_page, board_seat, leaderboard_url

DEFAULT_TARGET = Target.SHORT.value


@dataclass(frozen=True)
class Line:
    """A board's row as the page draws it: linked to the player's profile, and marked when
    it is the viewer's own."""

    row: BoardRow
    profile_url: str
    is_viewer: bool


@dataclass(frozen=True)
class LengthLink:
    """« 50 points » / « 100 points »: the boards the page switches between."""

    target: int
    url: str
    current: bool


@require_safe
def leaderboard(request: HttpRequest) -> HttpResponse:
    form = LeaderboardForm(request.GET)
    # Validated field by field: cleaned_data keeps the fields that were read, the others
    # take their defaults (an unreadable address still shows a board).
    form.is_valid()
    target: int = form.cleaned_data.get("partie") or DEFAULT_TARGET
    board = board_page(target, _page_asked(form))
    viewer = _viewer_id(request)
    seat: BoardSeat | None = board_seat(viewer, target) if viewer is not None else None
    page = board.page
    context = {
        "board": board,
        "lines": _lines(board.rows, viewer),
        "provisional_lines": _lines(board.provisional, viewer),
        "lengths": [
            LengthLink(length, leaderboard_url(length), length == target)
            for length in sorted(Target.values)
        ],
        "provisional_games": PROVISIONAL_GAMES,
        "seat": seat,
        "seat_url": leaderboard_url(target, seat.page) if seat is not None else None,
        "previous_url": (
            leaderboard_url(target, page.previous_page_number()) if page.has_previous() else None
        ),
        "next_url": leaderboard_url(target, page.next_page_number()) if page.has_next() else None,
    }
    return render(request, "ranked/leaderboard.html", context)


def _page_asked(form: LeaderboardForm) -> int | Literal["last"] | None:
    """The page the address asks for: a number above the form's bound is past the end
    (the last page), anything else unreadable is no page (the first)."""
    if form.has_error("page", "max_value"):
        return "last"
    page: int | None = form.cleaned_data.get("page")
    return page


def _viewer_id(request: HttpRequest) -> int | None:
    user = request.user
    if isinstance(user, AnonymousUser) or not user.is_authenticated:
        return None
    assert isinstance(user, User)
    return int(user.pk)


def _lines(rows: list[BoardRow], viewer: int | None) -> list[Line]:
    return [Line(row, profile_url(row.username), row.user_id == viewer) for row in rows]
