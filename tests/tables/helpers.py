"""Builders for the live tables' tests: people opening, joining and starting tables through
the site's own posts, and positions read back from the database."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from play.models import Game, LiveTable
from play.positions import Position, load_position

HTMX = {"HTTP_HX_REQUEST": "true"}


def guest_client() -> Client:
    """A guest whose session the home page made, as a browser's is."""
    client = Client()
    client.get(reverse("game:home"))
    return client


def open_table(client: Client, name: str = "Alice", **options: object) -> Game:
    fields = {
        "name": name,
        "target": 50,
        "difficulty": "easy",
        "clock": "on",
        "spectators_allowed": "on",
        **options,
    }
    response = client.post(reverse("tables:create"), fields)
    assert response.status_code == 302, response.content.decode()[:500]
    table = LiveTable.objects.get(token=response["Location"].rstrip("/").rsplit("/", 1)[1])
    return table.game


def token_of(game: Game) -> str:
    return LiveTable.objects.get(game=game).token


def sit(client: Client, game: Game, seat: int, name: str) -> int:
    url = reverse("tables:take_seat", args=[token_of(game)])
    return client.post(url, {"seat": seat, "name": name}, **HTMX).status_code


def start(client: Client, game: Game) -> Game:
    response = client.post(reverse("tables:start", args=[token_of(game)]), **HTMX)
    assert response.status_code == 200, response.content.decode()[:500]
    game.refresh_from_db()
    return game


def position(game: Game) -> Position:
    return load_position(Game.objects.select_related("current_hand").get(pk=game.pk))


def live_url(name: str, game: Game) -> str:
    return reverse(f"tables:{name}", args=[game.pk])


def table_page(client: Client, game: Game) -> str:
    return client.get(reverse("tables:table", args=[token_of(game)])).content.decode()
