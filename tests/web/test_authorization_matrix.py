"""The authorization matrix: every address that reads or changes a game, for its owner and
for everyone else (another guest, another account, a visitor without a session).

The owner gets the page, or the documented redirect (a 409 for an action in the wrong
state); anyone else gets a 404 and changes nothing (the game, its hands and moves, its share
token, the number of games). The lists, « Mes statistiques », the home page and the
tutorial's page show a visitor none of someone else's games. A share link opens the
finished game's replay to anyone, and nothing once « retiré ». The last test compares the
matrix with the URL resolver: an address of the game or the tutorial that names a game
(its id or a share token) and is missing here fails it.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from play import services
from play.models import Game, Hand, Move
from play.ownership import GUEST_SESSION_KEY, Owner
from play.positions import bots_pending
from review import sharing
from review.models import HandAnalysis
from tests.driving import position_of
from tests.review.builders import recorded_game
from tests.visits import HTMX, legal_code, pass_codes
from tutorial import services as tutorial_services
from tutorial.models import TutorialCompletion

pytestmark = pytest.mark.django_db

VISITORS = ["owner", "other_guest", "other_account", "anonymous"]
NON_OWNERS = VISITORS[1:]
TUTORIAL_PAGE = "/apprendre/"

State = dict[str, Any]


# -- Who asks ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    """A browser and the owner it stands for."""

    client: Client
    owner: Owner


def guest_player() -> Player:
    client = Client()
    session = client.session
    guest_id = uuid.uuid4()
    session[GUEST_SESSION_KEY] = str(guest_id)
    session.save()
    return Player(client, Owner(guest_id=guest_id))


def account_player(username: str) -> Player:
    user = get_user_model().objects.create_user(username, password="pique-dame-2024")
    client = Client()
    client.force_login(user)
    return Player(client, Owner(user_id=user.pk))


def visitor(name: str, owner: Player) -> Client:
    if name == "owner":
        return owner.client
    if name == "other_guest":
        return guest_player().client
    if name == "other_account":
        return account_player("sacha").client
    assert name == "anonymous"
    return Client()


@pytest.fixture
def guest_owner() -> Player:
    return guest_player()


@pytest.fixture
def account_owner(db: None) -> Player:
    return account_player("camille")


# -- The owner's games, in the state each address acts on -----------------------------------


def passing_game(owner: Owner) -> Game:
    """Hand 1 just dealt: the bots have passed, the human has not."""
    return services.start_game(owner=owner, target=100, difficulty="easy")


def playing_game(owner: Owner) -> Game:
    """Hand 1 after the exchange: the human's turn to play."""
    game = passing_game(owner)
    outcome = services.submit_pass(game_id=game.pk, owner=owner, card_codes=pass_codes(game))
    assert not outcome.refused, outcome.error
    return fresh(game)


def waiting_game(owner: Owner) -> Game:
    """A bot to play next, as the table finds a game it left before the bots' replies were
    all written: « avancer » lets them play."""
    for plays in (1, 2):
        game = recorded_game(owner, hands=1, finished=False, plays_in_last=plays)
        if bots_pending(position_of(game)):
            return game
        game.delete()
    raise AssertionError("the human's turn after one and two cards")


def hand_over_game(owner: Owner) -> Game:
    """Hand 1 played out, the game not over: « Manche suivante » is due."""
    return recorded_game(owner, hands=1, finished=False)


def finished_game(owner: Owner) -> Game:
    return recorded_game(owner, hands=1, finished=True)


def shared_finished_game(owner: Owner) -> Game:
    return sharing.share_game(game=finished_game(owner))


def tutorial_passing(owner: Owner) -> Game:
    return tutorial_services.start_tutorial(owner=owner)


def tutorial_playing(owner: Owner) -> Game:
    game = tutorial_passing(owner)
    outcome = tutorial_services.submit_pass(
        game_id=game.pk, owner=owner, card_codes=pass_codes(game)
    )
    assert not outcome.refused, outcome.error
    return fresh(game)


def tutorial_finished(owner: Owner) -> Game:
    return recorded_game(owner, hands=1, finished=True, kind=Game.Kind.TUTORIAL)


def tutorial_shared(owner: Owner) -> Game:
    return sharing.share_game(game=tutorial_finished(owner))


def fresh(game: Game) -> Game:
    return Game.objects.select_related("current_hand").get(pk=game.pk)


# -- What must not change ----------------------------------------------------------------


def counts(game: Game) -> dict[str, int]:
    """The game's moves, and every table a request could add a row to, in one query."""
    tables = {
        "all_games": Game,
        "all_hands": Hand,
        "all_moves": Move,
        "all_analyses": HandAnalysis,
        "completions": TutorialCompletion,
    }
    columns = [f"(SELECT COUNT(*) FROM {model._meta.db_table})" for model in tables.values()]
    moves = f"(SELECT COUNT(*) FROM {Move._meta.db_table} WHERE game_id = %s)"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {moves}, {', '.join(columns)}", [game.pk])
        row = cursor.fetchone()
    return dict(zip(["moves", *tables], row, strict=True))


def state(game: Game) -> State:
    """Everything a request could change about the game, and the counts around it."""
    return {
        **Game.objects.values().get(pk=game.pk),
        "hands": list(Hand.objects.filter(game=game).values().order_by("number")),
        **counts(game),
    }


def unchanged(before: State, after: State) -> bool:
    return before == after


def more_moves(before: State, after: State) -> bool:
    return bool(after["move_count"] > before["move_count"] and after["moves"] > before["moves"])


# -- The addresses -----------------------------------------------------------------------


@dataclass(frozen=True)
class Address:
    """One address of the matrix: how it is asked for, on which game, and the owner's answer
    (`status`, `location`) and what that answer does to the game (`effect`)."""

    name: str
    method: str
    game: Callable[[Owner], Game]
    status: int
    location: Callable[[Game], str] | None = None
    effect: Callable[[State, State], bool] = unchanged
    args: tuple[int, ...] = ()
    data: Callable[[Game], dict[str, Any]] = field(default=lambda game: {})

    @property
    def id(self) -> str:
        return self.name.removeprefix("game:")

    def url(self, game: Game) -> str:
        return reverse(self.name, args=[game.pk, *self.args])

    def ask(self, client: Client, game: Game, data: dict[str, Any], htmx: bool = False) -> Any:
        send = client.post if self.method == "post" else client.get
        headers: dict[str, Any] = HTMX if htmx else {}
        return send(self.url(game), data, **headers)


def table_of(game: Game) -> str:
    return reverse("game:table", args=[game.pk])


def replay_of(game: Game) -> str:
    return reverse("review:replay", args=[game.pk])


def newest_game(game: Game) -> str:
    return table_of(Game.objects.latest("pk"))


def a_card(game: Game) -> dict[str, Any]:
    return {"card": legal_code(game), "move": game.move_count}


def a_pass(game: Game) -> dict[str, Any]:
    return {"cards": pass_codes(game), "move": game.move_count}


def the_move(game: Game) -> dict[str, Any]:
    return {"move": game.move_count}


def another_level(game: Game) -> dict[str, Any]:
    return {"difficulty": "normal" if game.difficulty != "normal" else "easy"}


def one_more_hand(before: State, after: State) -> bool:
    return bool(len(after["hands"]) == len(before["hands"]) + 1)


def new_level(before: State, after: State) -> bool:
    return bool(after["difficulty"] != before["difficulty"])


def one_more_game(before: State, after: State) -> bool:
    return bool(after["all_games"] == before["all_games"] + 1)


def now_shared(before: State, after: State) -> bool:
    return bool(before["share_token"] is None and after["share_token"] is not None)


def no_longer_shared(before: State, after: State) -> bool:
    return bool(before["share_token"] is not None and after["share_token"] is None)


def bots_moved(before: State, after: State) -> bool:
    return bool(after["move_count"] > before["move_count"])


def practice_of_the_deal(game: Game) -> str:
    return reverse("review:replay_practice", args=[game.pk, 1, 0])


def a_practice_pass(game: Game) -> dict[str, Any]:
    """The player's first three cards as dealt, at the move number the practice starts at
    (the moves of the hand made before the player's pass)."""
    hand = game.hands.get(number=1)
    seats = list(hand.moves.order_by("number").values_list("seat", flat=True))
    cards = [card.code for card in hand.dealt_cards()[0][:3]]
    return {"cards": cards, "move": seats.index(0)}


SOLO_PLAY = [
    Address("game:table", "get", playing_game, 200),
    Address("game:play_card", "post", playing_game, 302, table_of, more_moves, data=a_card),
    Address("game:pass_cards", "post", passing_game, 302, table_of, more_moves, data=a_pass),
    Address("game:advance", "post", waiting_game, 302, table_of, bots_moved),
    Address("game:next_hand", "post", hand_over_game, 302, table_of, one_more_hand, data=the_move),
    Address(
        "game:change_difficulty", "post", playing_game, 302, table_of, new_level, data=another_level
    ),
    Address("game:play_again", "post", finished_game, 302, newest_game, one_more_game),
]
HISTORY = [
    Address("review:replay", "get", shared_finished_game, 200),
    Address("review:replay_step", "get", shared_finished_game, 200, args=(1, 3)),
    Address(
        "review:replay_moments",
        "get",
        shared_finished_game,
        302,
        lambda game: reverse("review:replay_step", args=[game.pk, 1, 0]),
        args=(1,),
    ),
    Address("review:share", "post", finished_game, 302, replay_of, now_shared),
    Address("review:unshare", "post", shared_finished_game, 302, replay_of, no_longer_shared),
    # « Rejouer ce moment » from the deal (the player's pass): nothing of the game changes.
    Address("review:replay_practice", "get", shared_finished_game, 200, args=(1, 0)),
    *(
        Address(
            f"review:replay_practice_{action}",
            "post",
            shared_finished_game,
            302,
            practice_of_the_deal,
            args=(1, 0),
            data=data,
        )
        for action, data in (
            ("play", a_practice_pass),
            ("advance", lambda game: {}),
            ("restart", lambda game: {}),
        )
    ),
]
TUTORIAL_PLAY = [
    Address(
        "tutorial:pass_cards",
        "post",
        tutorial_passing,
        302,
        lambda game: TUTORIAL_PAGE,
        more_moves,
        data=a_pass,
    ),
    Address(
        "tutorial:play_card",
        "post",
        tutorial_playing,
        302,
        lambda game: TUTORIAL_PAGE,
        more_moves,
        data=a_card,
    ),
    Address("tutorial:advance", "post", tutorial_playing, 302, lambda game: TUTORIAL_PAGE),
]
OWNER_ADDRESSES = SOLO_PLAY + HISTORY + TUTORIAL_PLAY


def cells(addresses: list[Address], visitors: list[str]) -> list[Any]:
    """One test per address and visitor, named like `replay_step-other_guest`."""
    return [
        pytest.param(address, name, id=f"{address.id}-{name}")
        for address in addresses
        for name in visitors
    ]


def assert_not_found(client: Client, address: Address, game: Game, data: dict[str, Any]) -> None:
    """A 404, as a page and as an htmx request, and nothing changed."""
    before = state(game)
    token = before["share_token"]
    for htmx in (False, True):
        response = address.ask(client, game, data, htmx=htmx)
        assert response.status_code == 404, f"htmx: {htmx}: {describe(response)}"
        assert token is None or token not in response.content.decode()
    assert state(game) == before, f"{address.name} changed the game"


def assert_owner_answer(client: Client, address: Address, game: Game) -> None:
    data = address.data(game)
    before = state(game)
    response = address.ask(client, game, data)
    assert response.status_code == address.status, describe(response)
    if address.location is not None:
        assert response["Location"] == address.location(game)
    assert address.effect(before, state(game)), f"{address.name} did not do its work"


def describe(response: Any) -> str:
    where = response.get("Location", "")
    return f"{response.status_code} {where} {response.content[:200]!r}"


def check_cell(owner: Player, address: Address, name: str) -> None:
    game = address.game(owner.owner)
    client = visitor(name, owner)
    if name == "owner":
        assert_owner_answer(client, address, game)
    else:
        assert_not_found(client, address, game, address.data(game))


@pytest.mark.parametrize(("address", "name"), cells(OWNER_ADDRESSES, VISITORS))
def test_owner_urls(guest_owner: Player, address: Address, name: str) -> None:
    check_cell(guest_owner, address, name)


@pytest.mark.parametrize(("address", "name"), cells(OWNER_ADDRESSES, VISITORS))
def test_account_owner_urls(account_owner: Player, address: Address, name: str) -> None:
    check_cell(account_owner, address, name)


# -- The owner, in the wrong state: the documented refusal, and nothing changed -------------


def stale_card(game: Game) -> dict[str, Any]:
    return {"card": legal_code(game), "move": game.move_count - 1}


def a_card_in_hand(game: Game) -> dict[str, Any]:
    return {"card": pass_codes(game)[0], "move": game.move_count}


def three_cards(game: Game) -> dict[str, Any]:
    hand = position_of(game).deal.hand(0)
    return {"cards": [card.code for card in list(hand)[:3]], "move": game.move_count}


WRONG_STATE = [
    ("play_card-stale", Address("game:play_card", "post", playing_game, 409, data=stale_card)),
    (
        "play_card-passing",
        Address("game:play_card", "post", passing_game, 409, data=a_card_in_hand),
    ),
    ("pass_cards-playing", Address("game:pass_cards", "post", playing_game, 409, data=three_cards)),
    ("advance-finished", Address("game:advance", "post", finished_game, 409)),
    ("next_hand-playing", Address("game:next_hand", "post", playing_game, 409, data=the_move)),
    (
        "change_difficulty-finished",
        Address("game:change_difficulty", "post", finished_game, 409, data=another_level),
    ),
    ("play_again-playing", Address("game:play_again", "post", playing_game, 409)),
    ("share-playing", Address("review:share", "post", playing_game, 409)),
    (
        "tutorial:play_card-passing",
        Address("tutorial:play_card", "post", tutorial_passing, 409, data=a_card_in_hand),
    ),
    (
        "tutorial:pass_cards-playing",
        Address("tutorial:pass_cards", "post", tutorial_playing, 409, data=three_cards),
    ),
]


@pytest.mark.parametrize(
    "address", [pytest.param(address, id=label) for label, address in WRONG_STATE]
)
def test_owner_action_in_the_wrong_state(guest_owner: Player, address: Address) -> None:
    assert_owner_answer(guest_owner.client, address, address.game(guest_owner.owner))


# -- A game of one kind through the other kind's addresses --------------------------------

# The solo table's addresses given the owner's lesson: the page sends its owner to the
# tutorial's page (play.views.table); an action is a 404 for the owner too
# (play.views.table_action: « a game that is not the visitor's (or not of this page) is a
# 404 »), as the tutorial's actions answer a solo game: played there, a lesson would skip
# tutorial.services (its completion) and answer with the solo table.
TUTORIAL_ON_SOLO_PLAY = [
    Address("game:table", "get", tutorial_passing, 302, lambda game: TUTORIAL_PAGE),
    Address("game:play_card", "post", tutorial_playing, 404, data=a_card),
    Address("game:pass_cards", "post", tutorial_passing, 404, data=a_pass),
    Address("game:advance", "post", tutorial_playing, 404),
    Address("game:next_hand", "post", tutorial_finished, 404, data=the_move),
    Address("game:change_difficulty", "post", tutorial_playing, 404, data=another_level),
    Address("game:play_again", "post", tutorial_finished, 404),
]
TUTORIAL_ON_HISTORY = [
    Address("review:replay", "get", tutorial_shared, 404),
    Address("review:replay_step", "get", tutorial_shared, 404, args=(1, 3)),
    Address("review:replay_moments", "get", tutorial_shared, 404, args=(1,)),
    Address("review:replay_practice", "get", tutorial_shared, 404, args=(1, 0)),
    Address("review:replay_practice_play", "post", tutorial_shared, 404, args=(1, 0)),
    Address("review:replay_practice_advance", "post", tutorial_shared, 404, args=(1, 0)),
    Address("review:replay_practice_restart", "post", tutorial_shared, 404, args=(1, 0)),
    Address("review:share", "post", tutorial_finished, 404),
    Address("review:unshare", "post", tutorial_shared, 404),
]
SOLO_ON_TUTORIAL = [
    Address("tutorial:pass_cards", "post", passing_game, 404, data=a_pass),
    Address("tutorial:play_card", "post", playing_game, 404, data=a_card),
    Address("tutorial:advance", "post", waiting_game, 404),
]


@pytest.mark.parametrize(("address", "name"), cells(TUTORIAL_ON_SOLO_PLAY, VISITORS))
def test_tutorial_game_on_solo_urls(guest_owner: Player, address: Address, name: str) -> None:
    game = address.game(guest_owner.owner)
    client = visitor(name, guest_owner)
    if name != "owner" or address.method == "post":
        # Its owner's actions too: they would bypass the tutorial's services.
        assert_not_found(client, address, game, address.data(game))
        return
    before = state(game)
    for htmx in (False, True):
        response = address.ask(client, game, {}, htmx=htmx)
        assert response.status_code == 302, f"htmx: {htmx}: {describe(response)}"
        assert response["Location"] == TUTORIAL_PAGE
    assert state(game) == before


@pytest.mark.parametrize(("address", "name"), cells(TUTORIAL_ON_HISTORY, NON_OWNERS))
def test_tutorial_game_on_history_urls(guest_owner: Player, address: Address, name: str) -> None:
    # Only others: what the owner's own lesson shows there is not decided yet.
    game = address.game(guest_owner.owner)
    assert_not_found(visitor(name, guest_owner), address, game, address.data(game))


@pytest.mark.parametrize(("address", "name"), cells(SOLO_ON_TUTORIAL, VISITORS))
def test_solo_game_on_tutorial_urls(guest_owner: Player, address: Address, name: str) -> None:
    # The owner too: a solo game is not played through the tutorial.
    game = address.game(guest_owner.owner)
    assert_not_found(visitor(name, guest_owner), address, game, address.data(game))


# -- The lists: nobody sees someone else's games -------------------------------------------


@dataclass(frozen=True)
class OwnersGames:
    playing: Game
    finished: Game
    tutorial: Game

    def paths(self) -> list[str]:
        return [
            table_of(self.playing),
            table_of(self.finished),
            reverse("tutorial:index") + f"{self.tutorial.pk}/",
        ]

    def states(self) -> list[State]:
        return [state(game) for game in (self.playing, self.finished, self.tutorial)]


def owners_games(owner: Owner) -> OwnersGames:
    return OwnersGames(
        playing=recorded_game(owner, hands=1, finished=False, plays_in_last=5),
        finished=shared_finished_game(owner),
        tutorial=tutorial_passing(owner),
    )


def home_shows(games: OwnersGames, html: str, response: Any) -> bool:
    return table_of(games.playing) in html


def history_shows(games: OwnersGames, html: str, response: Any) -> bool:
    return table_of(games.playing) in html and replay_of(games.finished) in html


def stats_show(games: OwnersGames, html: str, response: Any) -> bool:
    return replay_of(games.finished) in html and response.context["stats"].overall.played == 1


def tutorial_shows(games: OwnersGames, html: str, response: Any) -> bool:
    return reverse("tutorial:pass_cards", args=[games.tutorial.pk]) in html


def home_is_empty(response: Any) -> bool:
    return not list(response.context["in_progress"])


def history_is_empty(response: Any) -> bool:
    return not response.context["history"].rows


def stats_are_empty(response: Any) -> bool:
    return bool(response.context["stats"].empty)


def tutorial_invites(response: Any) -> bool:
    return "tutorial/start.html" in [template.name for template in response.templates]


@dataclass(frozen=True)
class ListPage:
    name: str
    queries: tuple[str, ...]
    owner_sees: Callable[[OwnersGames, str, Any], bool]
    empty: Callable[[Any], bool]


LIST_PAGES = [
    ListPage("game:home", ("",), home_shows, home_is_empty),
    ListPage(
        "review:history",
        ("", "?resultat=gagnees", "?resultat=perdues", "?resultat=en-cours", "?page=2"),
        history_shows,
        history_is_empty,
    ),
    ListPage("review:stats", ("",), stats_show, stats_are_empty),
    ListPage("tutorial:index", ("",), tutorial_shows, tutorial_invites),
]


@pytest.mark.parametrize(
    ("page", "name"),
    [
        pytest.param(page, name, id=f"{page.name.removeprefix('game:')}-{name}")
        for page in LIST_PAGES
        for name in VISITORS
    ],
)
def test_list_pages(guest_owner: Player, page: ListPage, name: str) -> None:
    games = owners_games(guest_owner.owner)
    before = games.states()
    client = visitor(name, guest_owner)
    if name == "owner":
        response = client.get(reverse(page.name))
        assert response.status_code == 200, describe(response)
        assert page.owner_sees(games, response.content.decode(), response)
    else:
        for query in page.queries:
            response = client.get(reverse(page.name) + query)
            assert response.status_code == 200, describe(response)
            html = response.content.decode()
            shown = [path for path in games.paths() if path in html]
            assert not shown, f"{page.name}{query} shows the owner's {shown}"
            assert str(games.finished.share_token) not in html
            assert page.empty(response), f"{page.name}{query} is not empty"
    assert games.states() == before


# -- Share links: anyone, once shared; nobody, once « retiré » --------------------------------


@dataclass(frozen=True)
class SharedAddress:
    name: str
    args: tuple[int, ...]
    status: int
    location: Callable[[str], str] | None = None
    method: str = "get"

    @property
    def id(self) -> str:
        return self.name.removeprefix("game:")

    def url(self, token: str) -> str:
        return reverse(self.name, args=[token, *self.args])


SHARED = [
    SharedAddress("review:shared", (), 200),
    SharedAddress("review:shared_step", (1, 3), 200),
    SharedAddress(
        "review:shared_moments",
        (1,),
        302,
        lambda token: reverse("review:shared_step", args=[token, 1, 0]),
    ),
    SharedAddress("review:shared_practice", (1, 0), 200),
    # A post that names no card: the practice's table says why (400), and nothing is kept.
    SharedAddress("review:shared_practice_play", (1, 0), 400, method="post"),
    *(
        SharedAddress(
            f"review:shared_practice_{action}",
            (1, 0),
            302,
            lambda token: reverse("review:shared_practice", args=[token, 1, 0]),
            method="post",
        )
        for action in ("advance", "restart")
    ),
]


def owner_paths(game: Game) -> list[str]:
    """The owner's addresses of a game: a shared replay offers none of them."""
    return [f"/partie/{game.pk}/"]


@pytest.mark.parametrize(
    ("address", "name"),
    [pytest.param(a, n, id=f"{a.id}-{n}") for a in SHARED for n in VISITORS],
)
def test_share_urls(guest_owner: Player, address: SharedAddress, name: str) -> None:
    owner = guest_owner
    game = finished_game(owner.owner)
    in_progress = recorded_game(owner.owner, hands=1, finished=False, plays_in_last=5)
    # A token the game in progress was given (sharing refuses it): it opens nothing.
    Game.objects.filter(pk=in_progress.pk).update(share_token=secrets.token_urlsafe(32))
    in_progress_before = state(in_progress)
    client = visitor(name, owner)

    def read(token: str) -> Any:
        before = state(game)
        response = (client.post if address.method == "post" else client.get)(address.url(token))
        assert state(game) == before, "reading a share link changed the game"
        return response

    def readable(token: str) -> None:
        response = read(token)
        assert response.status_code == address.status, describe(response)
        if address.location is not None:
            assert response["Location"] == address.location(token)
        assert response["X-Robots-Tag"] == "noindex, nofollow"
        html = response.content.decode()
        assert not [path for path in owner_paths(game) if path in html]

    def not_found(token: str) -> None:
        assert read(token).status_code == 404

    not_found(secrets.token_urlsafe(32))  # never shared: no token opens it
    not_found(str(fresh(in_progress).share_token))

    assert owner.client.post(reverse("review:share", args=[game.pk])).status_code == 302
    token = str(fresh(game).share_token)
    readable(token)

    assert owner.client.post(reverse("review:unshare", args=[game.pk])).status_code == 302
    assert fresh(game).share_token is None
    not_found(token)

    # Shared again: a new link; the one taken back stays dead.
    owner.client.post(reverse("review:share", args=[game.pk]))
    again = str(fresh(game).share_token)
    assert again != token
    readable(again)
    not_found(token)
    assert state(in_progress) == in_progress_before


# -- The matrix is complete ----------------------------------------------------------------

# The addresses of the two apps that name no game: starting one reads none.
NO_GAME = {"game:new_game", "tutorial:start"}


def app_routes(namespaces: tuple[str, ...]) -> dict[str, set[str]]:
    """Every named route under `namespaces`: its full name and its parameters."""
    routes: dict[str, set[str]] = {}

    def walk(patterns: list[URLPattern | URLResolver], namespace: str | None) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                inner = pattern.namespace or namespace
                if namespace and pattern.namespace:
                    inner = f"{namespace}:{pattern.namespace}"
                walk(pattern.url_patterns, inner)
            elif namespace in namespaces and pattern.name:
                routes[f"{namespace}:{pattern.name}"] = set(pattern.pattern.regex.groupindex)

    walk(get_resolver().url_patterns, None)
    return routes


def test_every_url_naming_a_game_is_in_the_matrix() -> None:
    routes = app_routes(("game", "review", "tutorial"))
    naming_a_game = {name for name, params in routes.items() if params & {"game_id", "token"}}
    owner_names = {address.name for address in OWNER_ADDRESSES}
    shared_names = {address.name for address in SHARED}

    assert naming_a_game - owner_names - shared_names == set(), "missing from the matrix"
    assert owner_names | shared_names <= naming_a_game
    # Each app's game addresses are tried with a game of the other kind too.
    solo = {name for name in naming_a_game if name.startswith(("game:", "review:"))}
    solo -= shared_names
    assert {a.name for a in TUTORIAL_ON_SOLO_PLAY + TUTORIAL_ON_HISTORY} == solo
    tutorial = {name for name in naming_a_game if name.startswith("tutorial:")}
    assert {a.name for a in SOLO_ON_TUTORIAL} == tutorial
    # An address that names no game is a list checked above, or reads no game at all.
    others = set(routes) - naming_a_game
    assert others == {page.name for page in LIST_PAGES} | NO_GAME, "an address to classify"
