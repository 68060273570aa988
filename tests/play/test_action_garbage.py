"""Whatever a browser (or anyone) posts to the game's actions, the answer is never a 500."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from play.models import Game
from tests.visits import HTMX, game_url, start_game

pytestmark = pytest.mark.django_db

ACTIONS = ["play_card", "pass_cards", "advance", "next_hand", "change_difficulty"]
FIELDS = ["card", "cards", "move", "difficulty", "csrfmiddlewaretoken", "x"]

values = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["2C", "QS", "th", "10H", "", " ", "-1", "0", "1e9", "9" * 40, "hard"]),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
)
posts = st.dictionaries(
    st.sampled_from(FIELDS), st.one_of(values, st.lists(values, max_size=5)), max_size=5
)


@pytest.fixture
def game(guest) -> Game:
    return start_game(guest)


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(action=st.sampled_from(ACTIONS), data=posts, htmx=st.booleans())
def test_random_posts_never_break_the_table(guest, game, action, data, htmx):
    headers = HTMX if htmx else {}

    response = guest.post(game_url(action, game), data, **headers)

    assert response.status_code in {200, 302, 400, 409}, (action, data, response.status_code)
