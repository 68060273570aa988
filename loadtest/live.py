"""Live tables under load (`make load SCENARIO=live` or `live-2`; scripts/load.py).

Each Locust user is one live table of four people, each with a session of their own and
the table's websocket open, as four browsers would be: the host opens the table (« Créer
la table », clock on), the three others take the free seats, the host presses
« Commencer ». Then each person, when the table their socket last showed asks them for a
move, thinks LOAD_THINK_MIN..LOAD_THINK_MAX seconds (default 1.5..2.5: one action about
every 2 s) and posts it as the page does (the hinted pass or card, « Manche suivante »).
At the end of the game the table is left and a new one opened (LOAD_TABLE_TARGET: 100
points, or 50).

Named statistics: "home", "create", "sit", "start" (setting up), "pass", "play",
"next_hand" (an action's round trip: the post until its answer), and "push": from the
post of a move until each other person's socket shows it. A refusal (409) counts as an
error, except « Manche suivante » pressed by two people at once.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import gevent
import websocket
from locust import User, constant, task
from locust.clients import HttpSession

# Locust puts this file's folder on the path, not the project's root.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loadtest import results  # noqa: F401  (its listeners keep every time)

HOSTS = [host.strip().rstrip("/") for host in os.environ.get("LOAD_HOSTS", "").split(",")]
HOSTS = [host for host in HOSTS if host]
FORWARDED_FOR = os.environ.get("LOAD_FORWARDED_FOR", "") == "1"
THINK_MIN = float(os.environ.get("LOAD_THINK_MIN", "1.5"))
THINK_MAX = float(os.environ.get("LOAD_THINK_MAX", "2.5"))
# The tables' length: 100 points, or 50 for shorter games.
TARGET = int(os.environ.get("LOAD_TABLE_TARGET", "100"))
TIMEOUT = 30
HINTED = re.compile(r'value="(\w{2})"\s+aria-label="[^"]*"\s*data-hint')
MOVE = re.compile(r'data-move="(\d+)"')
ACTION = re.compile(r'class="hand hand--(passing|playing)" method="post" action="([^"]+)"')
NEXT_HAND = re.compile(r'action="(/amis/\d+/manche-suivante/)"')
GAME_OVER = re.compile(r"result__title--(victory|defeat)")
NAMES = ("Alice", "Bruno", "Chloé", "David")

_host_turn = itertools.count()
_table_number = itertools.count(1)


class Person:
    """One browser at the table: its session, its socket, the newest table it shows."""

    def __init__(self, table: LiveTable, number: int) -> None:
        self.table = table
        self.name = NAMES[number]
        self.http = HttpSession(
            base_url=table.base, request_event=table.environment.events.request, user=table
        )
        self.html = ""
        self.move = -1
        self.asked_at: float | None = None
        self.socket: websocket.WebSocket | None = None
        # The key the server gives this socket, named in the table's posts as live.js does
        # (tables.views.answering).
        self.socket_key = ""

    def headers(self) -> dict[str, str]:
        headers = {
            "HX-Request": "true",
            "Origin": self.table.base,
            "Referer": self.table.base + "/",
            "X-CSRFToken": self.http.cookies.get("csrftoken", ""),
        }
        if FORWARDED_FOR:
            headers["X-Forwarded-For"] = self.table.address
        if self.socket_key:
            headers["X-Table-Socket"] = self.socket_key
        return headers

    def get(self, path: str, name: str) -> Any:
        headers = {"X-Forwarded-For": self.table.address} if FORWARDED_FOR else {}
        return self.http.get(path, name=name, headers=headers, timeout=TIMEOUT)

    def post(self, path: str, name: str, data: dict[str, Any] | None = None) -> Any:
        return self.http.post(
            path,
            data=data or {},
            name=name,
            headers=self.headers(),
            allow_redirects=False,
            timeout=TIMEOUT,
        )

    def connect(self, token: str) -> None:
        url = self.table.base.replace("http://", "ws://") + f"/ws/table/{token}/"
        cookies = "; ".join(f"{name}={value}" for name, value in self.http.cookies.items())
        self.socket = websocket.create_connection(
            url, cookie=cookies, origin=self.table.base, timeout=TIMEOUT
        )
        gevent.spawn(self._read, self.socket)

    def _read(self, sock: websocket.WebSocket) -> None:
        try:
            while True:
                text = sock.recv()
                if not text:
                    return
                message = json.loads(text)
                self.socket_key = message.get("socket") or self.socket_key
                if message.get("kind") == "table":
                    self.table.shown(self, message["move"], message["html"])
        except (websocket.WebSocketException, OSError, ValueError):
            return

    def show(self, move: int, html: str) -> None:
        if move <= self.move:
            return
        self.move, self.html = move, html
        asks = ACTION.search(html) or NEXT_HAND.search(html)
        self.asked_at = time.monotonic() if asks else None

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()


class LiveTable(User):
    """Four people at one live table, game after game."""

    wait_time = constant(0)

    def on_start(self) -> None:
        assert self.host, "give Locust --host (or LOAD_HOSTS)"
        hosts = HOSTS or [self.host.rstrip("/")]
        self.base = hosts[next(_host_turn) % len(hosts)]
        number = next(_table_number)
        self.address = f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"
        self.rng = random.Random()
        self.people: list[Person] = []
        self.sent: dict[int, float] = {}  # move number → when its post left
        self.open_table()

    def on_stop(self) -> None:
        for person in self.people:
            person.close()

    def open_table(self) -> None:
        for person in self.people:
            person.close()
        self.people = [Person(self, number) for number in range(4)]
        self.sent = {}
        for person in self.people:
            person.get("/", "home")
        host = self.people[0]
        created = host.post(
            "/amis/creer/",
            "create",
            {
                "name": host.name,
                "target": 100,
                "difficulty": "normal",
                "clock": "on",
                "spectators_allowed": "on",
            },
        )
        location = created.headers.get("Location", "")
        token = urlsplit(location).path.rstrip("/").rsplit("/", 1)[-1]
        for seat, person in enumerate(self.people[1:], start=1):
            person.post(
                f"/table/{token}/prendre-place/", "sit", {"seat": seat, "name": person.name}
            )
        host.post(f"/table/{token}/commencer/", "start")
        for person in self.people:
            person.connect(token)

    def shown(self, person: Person, move: int, html: str) -> None:
        """A push reached `person`: the time since the post of the newest move in it that
        this person had not seen (a move the clock or a bot made has no post: not timed)."""
        if move > person.move:
            posted = [number for number in self.sent if person.move < number <= move]
            if posted:
                elapsed = (time.monotonic() - self.sent[max(posted)]) * 1000
                self.environment.events.request.fire(
                    request_type="WS",
                    name="push",
                    response_time=elapsed,
                    response_length=len(html),
                    exception=None,
                    context={},
                )
        person.show(move, html)

    @task
    def step(self) -> None:
        if any(GAME_OVER.search(person.html) for person in self.people):
            self.open_table()
            return
        now = time.monotonic()
        for person in self.people:
            if person.asked_at is None or now - person.asked_at < self.rng.uniform(
                THINK_MIN, THINK_MAX
            ):
                continue
            self.act(person)
            return
        gevent.sleep(0.05)

    def act(self, person: Person) -> None:
        html = person.html
        person.asked_at = None
        action, next_hand = ACTION.search(html), NEXT_HAND.search(html)
        move = int(MOVE.search(html).group(1)) if MOVE.search(html) else person.move
        started = time.monotonic()
        if action:
            cards = HINTED.findall(html)
            kind = action.group(1)
            data: dict[str, Any] = {"move": move}
            if kind == "passing":
                data["cards"] = cards
            else:
                data["card"] = cards[0]
            answer = person.post(action.group(2), "pass" if kind == "passing" else "play", data)
        elif next_hand:
            with person.http.post(
                next_hand.group(1),
                data={"move": move},
                name="next_hand",
                headers=person.headers(),
                catch_response=True,
                timeout=TIMEOUT,
            ) as answer:
                if answer.status_code == 409:
                    answer.success()  # another person dealt it first
            if answer.status_code == 200 and (found := MOVE.search(answer.text)):
                # The new hand, as the page shows it: its socket skips it (the page named it).
                person.show(int(found.group(1)), answer.text)
            return
        else:
            return
        if answer.status_code == 200:
            found = MOVE.search(answer.text)
            if found:
                self.sent[int(found.group(1))] = started
                person.show(int(found.group(1)), answer.text)
