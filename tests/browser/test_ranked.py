"""« Jouer en direct » in real Chromium: four signed-in accounts each ask for a ranked
50-point game at /direct/, the queue seats the four at one live table, and the game is
played to its end: one of them plays every card by clicking it (never a dimmed one; a
ranked table has no « Indice »), the three others stay away from their keyboards, so the
table's clock plays for them until, after two missed turns, a bot keeps their seat. Then
each finds their new rating on their profile, and « Classement » lists all four: the two
who had four earlier ranked games among the ranked players, the two newcomers under
« Provisoire », best first in both.

Two things are set on this one table's rows, before anyone acts, to keep the test short
and the same from run to run:
- its deals: the game's seed, and hand 1 dealt again from it, as play.services deals every
  hand. The bots (and the clock playing for someone late) choose from the seed too, and the
  clicking player always picks the same card, so every run plays the same game (with
  today's bots, three hands) instead of a random length.
- its clock (LiveTable.turn_seconds and pass_seconds, not the site's constants: the other
  live tables of the suite keep theirs), short only while the absent players miss their
  first turns; then the normal one again, so the clicking player is never hurried.
« Manche suivante » is pressed at once, so the pause after a hand never runs.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable

from django.contrib.auth.models import User
from playwright.sync_api import Locator, Page, expect

from game.engine import deal_hands
from play.models import Game, Hand, LiveTable, Move, Seat
from ranked.models import Rating, RatingChange
from ranked.skill import DISPLAY_START, PROVISIONAL_GAMES
from tables.services import PASS_SECONDS, TURN_SECONDS
from tests.browser.conftest import Player
from tests.browser.table_page import SETTLE_MS, YOUR_MOVE, TablePage

NAMES = ("ambre", "basile", "cyrille", "delphine")
# These two have PROVISIONAL_GAMES - 1 ranked games already: this one makes them
# established (ranked on the board); the two others are newcomers, still provisional.
VETERANS = NAMES[:2]
NEWCOMERS = NAMES[2:]
# The deals of the game (any seed plays a whole game). This one is short, and its fourth
# hand (no pass) is led by a person: dealt with nobody's move in it, it must still reach
# every page (the table's news is its hand and move numbers).
SEED = 9
# The absent players' clock while they miss their first turns (the pass, then a card).
ABSENT_PASS_SECONDS = 1
ABSENT_TURN_SECONDS = 2
# A guard against a hung game only: a long one (eight hands) takes a minute or two.
GAME_SECONDS = 240
TABLE_URL = re.compile(r"/table/([A-Za-z0-9_-]{43})/$")
GAME_OVER = re.compile(r"^(Victoire|Défaite)$")


def search_ranked_short_game(page: Page) -> None:
    """« Jouer en direct », « 50 points (partie courte) », « Classée », search."""
    page.goto("/direct/")
    expect(page.get_by_role("heading", name="Jouer en direct", level=1)).to_be_visible()
    page.get_by_label("50 points (partie courte)").check()
    page.get_by_label("Classée").check()
    page.get_by_role("button", name="Rechercher des joueurs").click()


def seated_from_the_queue(players: list[Player]) -> Game:
    """All four search; the first three wait for a fourth, then the four confirm on their
    own and are sent to the same table, where each sees the three others."""
    for player in players[:-1]:
        search_ranked_short_game(player.page)
        expect(player.page.get_by_role("heading", name="Recherche de joueurs…")).to_be_visible()
        expect(player.page.get_by_text("Classée · 50 points")).to_be_visible()
    search_ranked_short_game(players[-1].page)
    for player in players:
        expect(player.page).to_have_url(TABLE_URL, timeout=SETTLE_MS)
    urls = {player.page.url for player in players}
    assert len(urls) == 1, urls
    for player in players:
        table = TablePage(player.page)
        expect(table.heading).to_have_text("Manche 1 · en 50 points", timeout=SETTLE_MS)
        expect(table.table).to_contain_text("Classée")
        expect(table.hint).to_have_count(0)
        account = player.page.get_by_role("navigation", name="Compte")
        expect(account.get_by_role("link", name=player.name)).to_be_visible()
        for other in players:
            if other is not player:
                expect(table.table.locator(".seat", has_text=other.name)).to_have_count(1)
    token = TABLE_URL.search(urls.pop()).group(1)
    game = Game.objects.get(live__token=token)
    people = Seat.objects.filter(game=game, is_bot=False).values_list("user", flat=True)
    assert set(people) == {player.user.pk for player in players}
    return game


def deal_from_seed(game: Game, seed: int) -> None:
    """The table's deals and bots' choices from `seed`: hand 1 dealt again as
    play.services.deal_next_hand deals from a seed, while nobody has acted yet."""
    assert not Move.objects.filter(game=game).exists()
    hands = deal_hands(random.Random(f"{seed}:1"))
    Game.objects.filter(pk=game.pk).update(seed=seed)
    dealt = [" ".join(card.code for card in cards) for cards in hands]
    assert Hand.objects.filter(game=game, number=1).update(dealt=dealt) == 1


def play_by_clicking(table: TablePage) -> str:
    """What the clicking player does when the table waits for them: skip an animation,
    pass three cards, play the first card that is not dimmed, or deal the next hand.
    "card" for a card played, "other" for anything else done, "" for nothing to do."""
    if table.fast_forward.is_visible():
        table._skip_animation()
        return "other"
    if table.result.is_visible():
        if not table.next_hand_button.is_visible():
            return ""
        # One press shows the next hand (the page is not asked again).
        table.next_hand()
        return "other"
    if not table.status.filter(has_text=YOUR_MOVE).is_visible() or not table._idle():
        return ""
    submit = table.page.locator("form[data-hand] [data-submit]")
    if not submit.count() or submit.is_enabled():
        return ""  # the table's script has not taken this table in hand yet
    expect(table.hint).to_have_count(0)
    if table.hand.get_by_role("checkbox").count():
        table.pass_cards(table.hand_number(), use_hint=False)
        return "other"
    name = table.playable_cards()[0]
    expect(table.face(name)).not_to_have_class(re.compile(r"\bis-dimmed\b"))
    table.play(name)
    return "card"


def play_to_the_end(game: Game, clicker: TablePage, absent: list[Player]) -> int:
    """The clicking player plays until « Victoire » or « Défaite »; the absent players'
    clock is short until a bot keeps each of their seats, and then they leave the table
    (their pages would only redraw it at every card). How many cards were clicked."""
    LiveTable.objects.filter(pk=game.pk).update(
        turn_seconds=ABSENT_TURN_SECONDS, pass_seconds=ABSENT_PASS_SECONDS
    )
    away = Seat.objects.filter(game=game, user__in=[player.user for player in absent], away=True)
    clock_restored = False
    clicked = 0
    deadline = time.monotonic() + GAME_SECONDS
    while not clicker.result.get_by_role("heading", name=GAME_OVER).is_visible():
        assert time.monotonic() < deadline, "the game did not end in time"
        if not clock_restored and away.count() == len(absent):
            LiveTable.objects.filter(pk=game.pk).update(
                turn_seconds=TURN_SECONDS, pass_seconds=PASS_SECONDS
            )
            clock_restored = True
            for player in absent:
                expect(player.page.get_by_role("button", name="Reprendre ma place")).to_be_visible()
                player.page.goto("about:blank")
        done = play_by_clicking(clicker)
        clicked += done == "card"
        if not done:
            time.sleep(0.05)
    assert clock_restored, "the clock never played for the absent players"
    return clicked


def figure_in(section: Locator, label: str) -> str:
    """The value under a figure's label in a profile section (« Classement » → « 1523 »)."""
    term = section.locator(".figure dt", has_text=re.compile(f"^{re.escape(label)}$"))
    return term.locator("xpath=following-sibling::dd").inner_text().strip()


def listed_names(table: Locator) -> list[str]:
    return table.locator("tbody th[scope=row]").get_by_role("link").all_inner_texts()


def test_four_accounts_play_a_ranked_game_found_by_the_queue(
    sign_in: Callable[[User], Player],
) -> None:
    started = time.monotonic()
    users = [User.objects.create_user(name) for name in NAMES]
    for user in users:
        if user.username in VETERANS:
            Rating.objects.create(user=user, target=50, games=PROVISIONAL_GAMES - 1, wins=1)
    players = [sign_in(user) for user in users]

    game = seated_from_the_queue(players)
    seated_at = time.monotonic() - started
    deal_from_seed(game, SEED)
    # South (seat 0) plays; the bots' seeds are per seat.
    south = Seat.objects.get(game=game, number=0).user_id
    clicker = next(player for player in players if player.user.pk == south)
    absent = [player for player in players if player is not clicker]
    for player in players:
        player.page.reload()
        expect(TablePage(player.page).heading).to_have_text("Manche 1 · en 50 points")

    table_url = clicker.page.url
    clicked = play_to_the_end(game, TablePage(clicker.page), absent)
    assert clicked >= 13, clicked
    # The absent players come back to the table: it is over for them too.
    for player in absent:
        player.page.goto(table_url)
        result = TablePage(player.page).result
        expect(result.get_by_role("heading", name=GAME_OVER)).to_be_visible()
        # What the game did to each rating, their own line marked (issue 37, fault 4).
        ratings = result.locator(".result__ratings li")
        expect(ratings).to_have_count(4)
        expect(result.locator(".result__ratings-you")).to_contain_text(
            f"{player.name}\u00a0: 1500 → "
        )
    played_at = time.monotonic() - started

    # Each rating changed once: up for the first place, down for the last.
    game.refresh_from_db()
    assert game.is_finished
    changes = {change.user_id: change for change in RatingChange.objects.filter(user__in=users)}
    assert len(changes) == 4 and {c.shown_before for c in changes.values()} == {DISPLAY_START}
    first = min(changes.values(), key=lambda change: change.rank)
    last = max(changes.values(), key=lambda change: change.rank)
    assert first.shown_after > DISPLAY_START > last.shown_after, changes
    ratings = {rating.user_id: rating for rating in Rating.objects.filter(target=50)}
    for user in users:
        assert ratings[user.pk].shown == changes[user.pk].shown_after

    shown = {user.username: ratings[user.pk].shown for user in users}

    def best_first(names: tuple[str, ...]) -> list[str]:
        return sorted(names, key=lambda name: (-shown[name], name))

    def place(name: str) -> str:
        """« 1er sur 2 » / « 2e sur 2 » among the veterans (equal ratings share a place)."""
        rank = 1 + sum(shown[other] > shown[name] for other in VETERANS)
        return f"{rank}{'er' if rank == 1 else 'e'} sur {len(VETERANS)}"

    # Each sees theirs on their profile: « provisoire » under five games, else a place.
    for player in players:
        rating = ratings[player.user.pk]
        player.page.goto(f"/joueurs/{player.name}/")
        ranked = player.page.get_by_role("region", name="Parties classées")
        section = ranked.get_by_role("region", name="50 points", exact=True)
        if player.name in VETERANS:
            assert figure_in(section, "Classement") == str(rating.shown)
            assert figure_in(section, "Parties jouées") == str(PROVISIONAL_GAMES)
            assert figure_in(section, "Place") == place(player.name)
        else:
            assert figure_in(section, "Classement") == f"{rating.shown} provisoire"
            assert figure_in(section, "Parties jouées") == "1"
            expect(section.get_by_text("Place", exact=True)).to_have_count(0)

    # « Classement »: the veterans ranked, the newcomers provisional, best first.
    board = players[0].page
    board.goto("/classement/?partie=50")
    expect(board.get_by_role("heading", name="Classement", level=1)).to_be_visible()
    established = board.locator(".leaderboard__table").first
    provisional = board.get_by_role("region", name=re.compile("^Provisoire"))
    assert listed_names(established) == best_first(VETERANS)
    assert listed_names(provisional.get_by_role("table")) == best_first(NEWCOMERS)
    print(
        f"seated after {seated_at:.1f} s, game over after {played_at:.1f} s ({clicked} cards"
        f" clicked, totals {game.totals}), whole test {time.monotonic() - started:.1f} s"
    )
