"""Guests playing whole games through the page's own posts (issue 9; run by `make load`).

Each Locust user is one guest's browser: GET / (the CSRF cookie), « Jouer » (a plain form
post, 302 to the table), GET the table, then, like static/js/table.js, one action after
another from the table the last answer drew: « avancer » while `data-bots-pending` says a
bot still has to act (0.8 s later when the answer says its bots think in another
request, `data-bots-busy`), the three cards to pass, a legal card (not dimmed, no `data-reason`),
« Manche suivante » at the end of a hand, « Rejouer » at the end of the game (whose
HX-Redirect the browser follows to the new table). The posts carry what htmx sends:
`HX-Request: true`, `HX-Current-URL`, `HX-Target: table`, `X-CSRFToken` from the cookie,
the form's fields with its `move` number, and the `Origin` and `Referer` a browser adds.

Pace: a guest keeps the page's own. After each answer it waits as long as table.js takes
to deal that answer's moves out (0.5 s a card, 1.25 s more for a finished trick), then
posts « avancer » at once if a bot still has to act, or, for the player's own choice (a
pass, a card, « Manche suivante », « Rejouer »), thinks LOAD_THINK_MIN..LOAD_THINK_MAX more
seconds (default 1..3, uniform: a quick player). A guest with no pause would measure the
site's per-visitor limits, not the game.

Statistics are named by action ("home", "new_game", "table", "pass", "play", "advance",
"next_hand", "play_again", and "reload" after a failure), so the summary is per action.
LOAD_HARD_USERS guests (default 5) start « Difficile » games from « Nouvelle partie »
instead; their requests are named "hard:<action>" so Difficile's times are reported apart.

A failure is any answer that is not 2xx/3xx (a 409 « already taken into account » too: it
cannot happen to a guest that sends the move numbers it was given), a connection error, or
a page whose table (or home forms) cannot be read. After a failure the guest reloads its
table, as a person would; after three in a row it starts a new game.

Environment (scripts/load.py sets it): LOAD_HOSTS, comma-separated base URLs the guests are
spread over (default: Locust's --host); LOAD_FORWARDED_PROTO=https sends
`X-Forwarded-Proto: https` on every request, for a server in production mode that trusts a
TLS proxy's header (its cookies are then Secure, and are sent back over plain http to the
loopback address only, see LoopbackSecureCookies); LOAD_FORWARDED_FOR=1 gives each guest
an address of its own, 10.x.y.z, in `X-Forwarded-For` (for a Daphne started with
--proxy-headers, as behind a real proxy): the site limits game starts per address, and
without it every guest would be 127.0.0.1; LOAD_RESULTS, a JSON file where every response
time is written at the end, for exact percentiles per action.
"""

from __future__ import annotations

import http.cookiejar
import itertools
import os
import random
import re
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

from locust import HttpUser, constant, task

# Locust puts this file's folder on the path, not the project's root.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loadtest import results
from loadtest.pages import (
    Action,
    PageError,
    next_action,
    parse_home,
    parse_table,
    start_post,
)

HOSTS = [host.strip().rstrip("/") for host in os.environ.get("LOAD_HOSTS", "").split(",")]
HOSTS = [host for host in HOSTS if host]
FORWARDED_PROTO = os.environ.get("LOAD_FORWARDED_PROTO", "").strip()
FORWARDED_FOR = os.environ.get("LOAD_FORWARDED_FOR", "") == "1"
THINK_MIN = float(os.environ.get("LOAD_THINK_MIN", "1.0"))
THINK_MAX = float(os.environ.get("LOAD_THINK_MAX", "3.0"))
HARD_USERS = int(os.environ.get("LOAD_HARD_USERS", "5"))
HARD_LEVEL = os.environ.get("LOAD_HARD_LEVEL", "hard")
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
GAME_PAGE = re.compile(r"^/partie/\d+/$")
FAILURES_BEFORE_NEW_GAME = 3
TIMEOUT = 30

_host_turn = itertools.count()
_guest_number = itertools.count(1)


class LoopbackSecureCookies(http.cookiejar.DefaultCookiePolicy):
    """Django in production marks its cookies Secure, and the standard cookie jar never
    sends a Secure cookie over http. The load test plays the TLS proxy itself (plain http
    to 127.0.0.1 with `X-Forwarded-Proto: https`), so Secure cookies go back to the loopback
    address, and nowhere else over http."""

    def return_ok_secure(self, cookie: http.cookiejar.Cookie, request: Any) -> bool:
        if urlsplit(request.get_full_url()).hostname in LOOPBACK:
            return True
        return bool(super().return_ok_secure(cookie, request))


class Guest(HttpUser):
    """A guest who presses « Jouer » (100 points, Normal) and plays game after game."""

    # The pause before each post is the page's and the player's (Action.delay).
    wait_time = constant(0)
    level: str | None = None  # None: the « Jouer » button, every default
    prefix = ""

    def on_start(self) -> None:
        assert self.host, "give Locust --host (or LOAD_HOSTS)"
        hosts = HOSTS or [self.host.rstrip("/")]
        self.base = hosts[next(_host_turn) % len(hosts)]
        number = next(_guest_number)
        self.address = f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"
        # The address as the site sees it: behind the pretend proxy, https.
        scheme = FORWARDED_PROTO or urlsplit(self.base).scheme
        self.origin = f"{scheme}://{urlsplit(self.base).netloc}"
        self.client.cookies.set_policy(LoopbackSecureCookies())
        self.rng = random.Random()
        self.page: str | None = None  # the game's page, "/partie/<id>/"
        self.action: Action | None = None  # what the table shown asks for next
        self.failures = 0

    @task
    def step(self) -> None:
        if self.action is not None:
            self.act(self.action)
        elif self.page is not None and self.failures < FAILURES_BEFORE_NEW_GAME:
            self.load_table("reload")
        else:
            self.start_game()

    # -- the requests -------------------------------------------------------------------

    def headers(self, *, post: bool = False, htmx: bool = False) -> dict[str, str]:
        headers = {"X-Forwarded-Proto": FORWARDED_PROTO} if FORWARDED_PROTO else {}
        if FORWARDED_FOR:
            headers["X-Forwarded-For"] = self.address
        page = urljoin(self.origin, self.page or "/")
        if post:
            headers["Origin"] = self.origin
            headers["Referer"] = page
        if htmx:
            headers |= {"HX-Request": "true", "HX-Current-URL": page, "HX-Target": "table"}
            token = self.client.cookies.get("csrftoken")
            if token:
                headers["X-CSRFToken"] = token
        return headers

    def request(
        self, name: str, method: str, path: str, headers: dict[str, str], **kwargs: Any
    ) -> Any:
        url = self.base + path
        # requests copies the session's cookies into a jar of its own with the default
        # policy for each request, so the Cookie header is made here, by the session's jar
        # and its LoopbackSecureCookies policy (requests keeps a Cookie header it is given).
        probe = urllib.request.Request(url)
        self.client.cookies.add_cookie_header(probe)
        cookie = probe.get_header("Cookie")
        return self.client.request(
            method,
            url,
            name=self.prefix + name,
            headers={**headers, "Cookie": cookie} if cookie else headers,
            catch_response=True,
            allow_redirects=False,
            timeout=TIMEOUT,
            **kwargs,
        )

    def failed(self, response: Any, why: str) -> None:
        response.failure(why)
        self.action = None
        self.failures += 1

    def answered(self, response: Any, expected: tuple[int, ...] = (200,)) -> bool:
        """Whether the answer has the expected status; a failure is counted otherwise."""
        if response.status_code in expected:
            return True
        if not response.status_code:
            self.failed(response, f"no answer: {response.error!r}")
        elif response.status_code == 409:
            self.failed(response, f"409 refused: {status_text(response)}")
        else:
            detail = status_text(response) or response.reason
            self.failed(response, f"HTTP {response.status_code}: {detail}")
        return False

    def show(self, response: Any) -> None:
        """The table of this answer: what to do next, or a failure if it cannot be read."""
        try:
            table = parse_table(response.text)
            if table.bots_busy:
                results.notes[f"{self.prefix}advance answered « bots busy »"] += 1
            if table.error:
                raise PageError(f"the table says: {table.error}")
            self.action = next_action(table, self.rng, (THINK_MIN, THINK_MAX))
        except PageError as error:
            self.failed(response, f"unreadable table: {error}")
            return
        self.failures = 0

    # -- what the guest does ------------------------------------------------------------

    def start_game(self) -> None:
        self.page, self.action, self.failures = None, None, 0
        with self.request("home", "GET", "/", headers=self.headers()) as response:
            if not self.answered(response):
                return
            try:
                start = start_post(parse_home(response.text), self.level)
            except PageError as error:
                self.failed(response, f"unreadable home page: {error}")
                return
        headers = self.headers(post=True)
        with self.request(
            start.name, "POST", start.url, data=start.data, headers=headers
        ) as response:
            if not self.answered(response, expected=(302, 303)):
                return
            location = urlsplit(response.headers.get("Location", "")).path
            if not GAME_PAGE.match(location):
                self.failed(response, f"« Jouer » led to {location!r}, not a game's page")
                return
            self.page = location
        self.load_table("table")

    def load_table(self, name: str) -> None:
        """The whole page, as a first visit, a reload or the end of an HX-Redirect."""
        assert self.page is not None
        with self.request(name, "GET", self.page, headers=self.headers()) as response:
            if self.answered(response):
                self.show(response)

    def act(self, action: Action) -> None:
        if action.delay:
            time.sleep(action.delay)  # gevent's sleep: Locust patches the standard library
        headers = self.headers(post=True, htmx=True)
        with self.request(
            action.name, "POST", action.url, data=action.data, headers=headers
        ) as response:
            if not self.answered(response):
                return
            if action.name != "play_again":
                self.show(response)
                return
            # « Rejouer » answers HX-Redirect: htmx then loads the new game's page.
            location = urlsplit(response.headers.get("HX-Redirect", "")).path
            if not GAME_PAGE.match(location):
                self.failed(response, f"« Rejouer » redirected to {location!r}")
                return
            self.page = location
        self.load_table("table")


class HardGuest(Guest):
    """A guest who starts a « Difficile » game from « Nouvelle partie »: its bots think in the
    « avancer » requests, named "hard:…" in the statistics."""

    abstract = HARD_USERS <= 0
    fixed_count = max(HARD_USERS, 0)
    level = HARD_LEVEL
    prefix = "hard:"


def status_text(response: Any) -> str:
    """The reason a refused action's table gives, if the answer is a table."""
    try:
        return parse_table(response.text).error
    except PageError:
        return ""
