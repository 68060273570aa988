"""A returning player sees their seat as it is (issue 37, fault 7). Bruno's socket dies
without closing (a phone that slept or changed network: frames go into the void both
ways) while a bot takes his seat; back on the tab, his page asks for the state, gets no
answer, opens a new socket, and shows « Un robot joue à votre place. » with « Reprendre ma
place » without a reload."""

from __future__ import annotations

from playwright.sync_api import Browser, WebSocketRoute, expect

from play.models import Game, Seat
from tests.browser.table_page import SETTLE_MS, TablePage, new_person, start_with_bruno

NORTH = 2


def test_back_on_the_tab_after_a_dead_socket_shows_the_robot_in_the_seat(
    browser: Browser, live_server_url: str
):
    alice_context, alice = new_person(browser, live_server_url)
    bruno_context, bruno = new_person(browser, live_server_url)
    sockets: list[WebSocketRoute] = []
    silent: set[int] = set()

    def relay(page_side: WebSocketRoute) -> None:
        number = len(sockets)
        sockets.append(page_side)
        server_side = page_side.connect_to_server()
        page_side.on_message(lambda frame: number in silent or server_side.send(frame))
        server_side.on_message(lambda frame: number in silent or page_side.send(frame))

    try:
        start_with_bruno(alice, bruno)
        table = TablePage(bruno)
        expect(table.heading).to_have_text("Manche 1 · en 50 points", timeout=SETTLE_MS)
        # Bruno's table socket from now on passes through the test (his page reloads to
        # open it), which can make it go silent.
        bruno.route_web_socket("**/ws/table/**", relay)
        bruno.reload()
        expect(table.heading).to_have_text("Manche 1 · en 50 points", timeout=SETTLE_MS)
        resume = bruno.get_by_role("button", name="Reprendre ma place")
        expect(resume).to_have_count(0)

        # The socket goes silent, and a bot takes Bruno's seat (as the clock does after two
        # missed turns) with no move made: nothing reaches his page.
        silent.add(len(sockets) - 1)
        token = bruno.url.rstrip("/").rsplit("/", 1)[1]
        Seat.objects.filter(game=Game.objects.get(live__token=token), number=NORTH).update(
            away=True
        )
        bruno.wait_for_timeout(500)
        expect(resume).to_have_count(0)

        # Back on the tab.
        bruno.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        # The refresh gets no answer within socket.js's ANSWER_MS (4 s): a new socket.
        expect(bruno.get_by_text("Un robot joue à votre place.")).to_be_visible(timeout=15_000)
        expect(resume).to_be_visible()
        assert len(sockets) == 2, "the page opened a new socket for the dead one"

        resume.click()
        expect(resume).to_have_count(0)
        expect(bruno.get_by_text("Un robot joue à votre place.")).to_have_count(0)
    finally:
        alice_context.close()
        bruno_context.close()
