"""Waiting for a live table without watching the queue (issue 37, fault 3): « Jouer une
partie solo en attendant » opens a solo game in a new tab while the queue's tab keeps the
place, and once the table is found that tab calls the player back (a notification, asked
for on that click; its title) and takes her seat."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import User
from playwright.sync_api import expect

from tests.browser.conftest import Player
from tests.browser.table_page import SETTLE_MS, TablePage
from tests.browser.test_ranked import TABLE_URL, search_ranked_short_game

# The browser's Notification, recorded: the permission is asked once and granted.
NOTIFICATIONS = """
window.Notification = class {
  static permission = "default";
  static requestPermission() {
    window.Notification.permission = "granted";
    window.recordNotification("asked", "");
    return Promise.resolve("granted");
  }
  constructor(title, options) {
    window.recordNotification(title, options.body);
  }
  close() {}
};
"""


def test_a_player_plays_solo_while_waiting_and_is_called_back(
    sign_in: Callable[[User], Player],
) -> None:
    players = [sign_in(User.objects.create_user(name)) for name in ("agathe", "bruno", "chloe")]
    agathe = players[0]
    notifications: list[tuple[str, str]] = []
    agathe.context.expose_function(
        "recordNotification", lambda title, body: notifications.append((title, body))
    )
    agathe.context.add_init_script(NOTIFICATIONS)
    search_ranked_short_game(agathe.page)
    queue = agathe.page
    expect(queue.get_by_role("heading", name="Recherche de joueurs…")).to_be_visible()

    with agathe.context.expect_page() as opened:
        queue.get_by_role("button", name="Jouer une partie solo en attendant").click()
    solo = TablePage(opened.value)
    expect(solo.heading).to_have_text("Manche 1 · en 50 points", timeout=SETTLE_MS)
    assert notifications == [("asked", "")]
    # Her place is kept while she plays: the others count her.
    solo.pass_cards(1, use_hint=True)

    others = [*players[1:], sign_in(User.objects.create_user("david"))]
    for other in others:
        search_ranked_short_game(other.page)
    expect(queue).to_have_url(TABLE_URL, timeout=SETTLE_MS)
    assert notifications[1:] == [
        (
            "Partie trouvée !",
            "Votre table en direct est prête\u00a0: revenez à l’onglet « Jouer en direct ».",
        )
    ]
    table = TablePage(queue)
    expect(table.heading).to_have_text("Manche 1 · en 50 points", timeout=SETTLE_MS)
    for other in others:
        expect(other.page).to_have_url(queue.url, timeout=SETTLE_MS)
    # The solo game is still hers, where she left it.
    expect(solo.heading).to_have_text("Manche 1 · en 50 points")
