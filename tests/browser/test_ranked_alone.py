"""« Jouer en direct » for the one person online (issue 37): the queue page says a table is
four and how many are missing, copies an invitation to the same queue, and after a minute
offers « Passer en Amicale avec des robots », which seats her at once with three bots.

The minute is not waited: her place is dated 58 s back before the page opens, and the page
shows the offer when its own clock reaches the minute, without a reload or a push."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import expect

from play.models import Game, Seat
from ranked.models import QueueEntry
from tests.browser.conftest import Player
from tests.browser.table_page import SETTLE_MS, TablePage
from tests.browser.test_ranked import TABLE_URL, search_ranked_short_game


def test_a_lone_player_is_told_what_is_missing_and_offered_a_game_with_bots(
    sign_in: Callable[[User], Player], live_server_url: str
) -> None:
    player = sign_in(User.objects.create_user("solene"))
    page = player.page
    player.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server_url)

    search_ranked_short_game(page)
    expect(page.get_by_role("heading", name="Recherche de joueurs…")).to_be_visible()
    expect(page.get_by_text("Une table se joue à quatre\u00a0: il en manque 3.")).to_be_visible()
    offer = page.get_by_role("button", name="Passer en Amicale avec des robots")
    expect(offer).to_be_hidden()

    # The page's script (deferred) is what copies: it has run once the document is parsed.
    page.wait_for_load_state("domcontentloaded")
    page.get_by_role("button", name="Copier le lien d’invitation").click()
    expect(page.get_by_role("button", name="Lien copié")).to_be_visible()
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == f"{live_server_url}/direct/?partie=50&type=classee", link

    QueueEntry.objects.update(joined_at=timezone.now() - timedelta(seconds=58))
    page.reload()
    expect(offer).to_be_visible(timeout=SETTLE_MS)
    expect(page.get_by_text("Après une minute d’attente")).to_have_count(0)
    offer.click()

    expect(page).to_have_url(TABLE_URL, timeout=SETTLE_MS)
    table = TablePage(page)
    expect(table.heading).to_have_text("Manche 1 · en 50 points")
    expect(table.table).to_contain_text("Amicale")
    expect(table.table).to_contain_text("3 robots\u00a0: Normal")
    token = TABLE_URL.search(page.url).group(1)
    game = Game.objects.get(live__token=token)
    assert not game.live.rated and not QueueEntry.objects.exists()
    assert Seat.objects.filter(game=game, is_bot=True).count() == 3

    # A friend's browser opening the copied link finds this queue's options chosen.
    friend = sign_in(User.objects.create_user("tristan")).page
    friend.goto(link)
    expect(friend.get_by_label("50 points (partie courte)")).to_be_checked()
    expect(friend.get_by_label("Classée")).to_be_checked()


def test_the_others_waiting_in_classee_are_invited_along_to_the_friendly_table(
    sign_in: Callable[[User], Player],
) -> None:
    """Three people waiting in « Classée », not four: the first to take the bots does not
    leave the two others behind. Each is asked on their own page, pushed; one comes along,
    the other stays in « Classée » and a bot takes that seat."""
    solene, tristan, ugo = (
        sign_in(User.objects.create_user(name)) for name in ("solene", "tristan", "ugo")
    )
    for player in (solene, tristan, ugo):
        search_ranked_short_game(player.page)
        expect(player.page.get_by_role("heading", name="Recherche de joueurs…")).to_be_visible()
    QueueEntry.objects.update(joined_at=timezone.now() - timedelta(seconds=70))
    solene.page.reload()
    solene.page.get_by_role("button", name="Passer en Amicale avec des robots").click()

    for invited in (tristan, ugo):
        heading = invited.page.get_by_role("heading", name="Une table amicale vous est proposée")
        expect(heading).to_be_visible(timeout=SETTLE_MS)
        expect(
            invited.page.get_by_text("Proposée par solene\u00a0: une partie amicale")
        ).to_be_visible(timeout=SETTLE_MS)
    ugo.page.get_by_role("button", name="Rester en Classée").click()
    tristan.page.get_by_role("button", name="Rejoindre la table amicale").click()

    for seated in (solene, tristan):
        expect(seated.page).to_have_url(TABLE_URL, timeout=SETTLE_MS)
        expect(TablePage(seated.page).table).to_contain_text("2 robots\u00a0: Normal")
    expect(ugo.page.get_by_role("heading", name="Recherche de joueurs…")).to_be_visible()
    expect(ugo.page.get_by_text("Classée · 50 points")).to_be_visible()
    game = Game.objects.get()
    assert not game.live.rated
    assert {seat.user_id for seat in Seat.objects.filter(game=game, is_bot=False)} == {
        solene.user.pk,
        tristan.user.pk,
    }
    assert QueueEntry.objects.get().user_id == ugo.user.pk
