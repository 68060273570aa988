"""A ranked game's result panel shows what it did to each rating (issue 37, fault 4), as
BGA and lichess do: « ambre : 1500 → 1540 (+40) · provisoire », the viewer's own marked."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from ranked.models import RatingChange
from tests.ranked.builders import accounts, play_out, rated_table

pytestmark = pytest.mark.django_db

LINE = re.compile(
    r'<li( class="result__ratings-you")?>(\w+)\u00a0: 1500 → (\d+) '
    r"\(([+−±]\d+)\)( · provisoire)?</li>"
)


def result_page(user, game) -> str:
    client = Client()
    client.force_login(user)
    return client.get(game.get_absolute_url()).content.decode()


def test_each_player_reads_every_rating_change_and_their_own_marked() -> None:
    users = accounts("ambre", "basile", "cyrille", "delphine")
    game = play_out(rated_table(users))
    changes = {
        change.user.username: change for change in RatingChange.objects.select_related("user")
    }

    page = result_page(users[1], game)

    assert "Classements" in page
    lines = LINE.findall(page)
    assert len(lines) == 4, page[page.find("result__ratings") :][:800]
    for you, name, after, delta, provisional in lines:
        change = changes[name]
        assert int(after) == change.shown_after
        difference = change.shown_after - change.shown_before
        assert delta == (
            f"+{difference}" if difference > 0 else f"−{-difference}" if difference else "±0"
        )
        assert provisional  # a first ranked game: everyone is new
        assert bool(you) == (name == "basile")
    gains = [name for _, name, _, delta, _ in lines if delta.startswith("+")]
    assert gains, lines  # someone gained: the winner at least


def test_a_friendly_game_changes_no_rating_and_shows_none() -> None:
    users = accounts("ambre", "basile")
    game = play_out(rated_table(users, rated=False))

    assert "Classements" not in result_page(users[0], game)
