"""People in the « Jouer en direct » queue as seen from outside the site: accounts with a
rating made through `manage.py shell`, each signed in through the login form, its queue
socket (`/ws/direct/`) confirming a table found as the queue page's script does
(static/js/queue.js), and the time from its « Rechercher des joueurs » post to the push
that sends it to its table. Shared by the multi-process test of the queue and its load
run (loadtest/queue.py)."""

from __future__ import annotations

import json
import queue
import secrets
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import websocket

from loadtest.servers import ROOT, Cluster
from tests.multiprocess.players import Player

LOGIN = "/compte/connexion/"
JOIN = "/direct/rechercher/"
QUEUE_PAGE = "/direct/file/"
SOCKET = "/ws/direct/"
# Each login hashes a password (~0.4 s of CPU) in a process's one thread for sync views:
# a few at a time, so that none waits past the HTTP client's timeout.
LOGINS_AT_ONCE = 4
# A player past the « provisoire » games (ranked.skill.PROVISIONAL_GAMES), with the
# uncertainty such a record leaves.
SETTLED_GAMES = 8
SETTLED_SIGMA = 2.0


class QueueError(Exception):
    """What a person in the queue saw that they should not have, said plainly."""


@dataclass(frozen=True)
class Account:
    username: str
    password: str
    rating: int


@dataclass(frozen=True)
class Seated:
    """Where the queue sent one account, and how long after its join post."""

    account: Account
    url: str
    seconds: float


@dataclass(frozen=True)
class SeatRow:
    """A person's Seat row as the database holds it."""

    username: str
    url: str
    people: int  # people (not bots) seated at that table
    dealt: bool  # the table's first hand is dealt


def manage_json(cluster: Cluster, code: str) -> object:
    """Run `code` in `manage.py shell` against the cluster's database; the JSON it prints
    last."""
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-v", "0", "-c", code],
        cwd=ROOT,
        env=cluster.env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise QueueError(f"manage.py shell failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


_CREATE_ACCOUNTS = """
import json
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from ranked.models import Rating
from ranked.skill import Skill

wanted = json.loads({wanted!r})
hashed = make_password({password!r})  # one hash for all: each costs ~0.4 s
users = User.objects.bulk_create(User(username=name, password=hashed) for name, _r in wanted)
ratings = []
for user, (_name, shown) in zip(users, wanted):
    skill = Skill(mu=(shown - 1500) / 20 + 3 * {sigma}, sigma={sigma})
    ratings.append(Rating(user=user, target={target}, mu=skill.mu, sigma=skill.sigma,
                          shown=skill.shown, games={games}, wins={games} // 4))
Rating.objects.bulk_create(ratings)
print(json.dumps([rating.shown for rating in ratings]))
"""


def create_accounts(
    cluster: Cluster, ratings: Sequence[int], *, target: int = 50, prefix: str = "joueur"
) -> list[Account]:
    """One account per rating, with that rating shown for `target` points after enough
    games not to be provisional; all with one random password."""
    password = secrets.token_urlsafe(12)
    names = [f"{prefix}{number:03d}" for number in range(1, len(ratings) + 1)]
    code = _CREATE_ACCOUNTS.format(
        wanted=json.dumps(list(zip(names, ratings, strict=True))),
        password=password,
        sigma=SETTLED_SIGMA,
        target=target,
        games=SETTLED_GAMES,
    )
    shown = manage_json(cluster, code)
    if shown != list(ratings):
        raise QueueError(f"ratings stored as {shown}, not {list(ratings)}")
    return [Account(name, password, rating) for name, rating in zip(names, ratings, strict=True)]


_SEAT_ROWS = """
import json
from django.db.models import Count, Q
from play.models import Seat

rows = Seat.objects.filter(user__isnull=False).select_related("user", "game__live").annotate(
    people=Count("game__seats", filter=Q(game__seats__is_bot=False))
)
print(json.dumps([
    [seat.user.username, seat.game.get_absolute_url(), seat.people,
     seat.game.current_hand_id is not None]
    for seat in rows
]))
"""


def seat_rows(cluster: Cluster) -> list[SeatRow]:
    """Every seat an account holds at any table, from the database."""
    rows = manage_json(cluster, _SEAT_ROWS)
    assert isinstance(rows, list)
    return [SeatRow(*row) for row in rows]


class QueuePlayer(Player):
    """One signed-in browser on the queue page: its queue socket open, confirming a table
    found on its own."""

    def __init__(self, base_url: str, account: Account, address: str = "") -> None:
        super().__init__(base_url)
        self.account = account
        if address:  # as a proxy says it (the servers started with --proxy-headers)
            self.http.headers["X-Forwarded-For"] = address
        answer = self.post(LOGIN, {"username": account.username, "password": account.password})
        if answer.status_code != 302:
            raise QueueError(f"{account.username}: login answered {answer.status_code}")

    def open_queue_socket(self) -> None:
        url = self.base_url.replace("http://", "ws://") + SOCKET
        cookies = "; ".join(f"{name}={value}" for name, value in self.http.cookies.items())
        self.socket = websocket.create_connection(
            url, cookie=cookies, origin=self.base_url, timeout=10
        )
        threading.Thread(target=self._read, args=(self.socket,), daemon=True).start()

    def queue_up(self, target: int, kind: str, timeout: float) -> Seated:
        """« Rechercher des joueurs », then the queue page's socket until this player is
        sent to a dealt table: timed from the post."""
        sent = time.monotonic()
        answer = self.post(JOIN, {"target": target, "kind": kind})
        if answer.status_code != 302 or answer.headers.get("Location") != QUEUE_PAGE:
            raise QueueError(f"{self.account.username}: join answered {answer.status_code}")
        self.open_queue_socket()
        return self.until_seated(sent, timeout)

    def until_seated(self, sent: float, timeout: float) -> Seated:
        """Confirm each table found (« ready »), as the page does, until the push that
        sends this player to a dealt table. The socket's first push is the state it opened
        on (a table may already be found by then): no news is missed."""
        assert self.socket is not None
        deadline = sent + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                push = self.pushes.get(timeout=max(left, 0.001))
            except queue.Empty:
                raise QueueError(f"{self.account.username}: no table within {timeout} s") from None
            message = push.message
            stage = message.get("stage")
            if message.get("kind") != "queue":
                raise QueueError(f"{self.account.username}: {message}")
            if stage == "found":
                self.socket.send(json.dumps({"type": "ready"}))
            elif stage == "playing" and message.get("url"):
                return Seated(self.account, message["url"], push.received - sent)
            elif stage == "idle":
                raise QueueError(f"{self.account.username} left the queue: {message['html']}")

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()


def signed_in(
    cluster: Cluster, accounts: Sequence[Account], *, own_addresses: bool = False
) -> list[QueuePlayer]:
    """Each account signed in on one of the cluster's servers in turn; `own_addresses`:
    each from an address of its own (10.0.x.y), the site counting password checks per
    address, for servers that read X-Forwarded-For."""
    urls = [server.url for server in cluster.servers]

    def sign_in(index: int) -> QueuePlayer:
        address = f"10.0.{index >> 8 & 255}.{index & 255}" if own_addresses else ""
        return QueuePlayer(urls[index % len(urls)], accounts[index], address)

    with ThreadPoolExecutor(LOGINS_AT_ONCE) as pool:
        return list(pool.map(sign_in, range(len(accounts))))


def seat_everyone(
    players: Sequence[QueuePlayer],
    join_after: Sequence[float],
    *,
    target: int = 50,
    kind: str = "classee",
    timeout: float = 90,
) -> list[Seated]:
    """Each player joins the queue `join_after[i]` seconds from now and waits for their
    table, each in a thread of its own, as many browsers would."""
    start = time.monotonic()

    def queue_up(index: int) -> Seated:
        time.sleep(max(start + join_after[index] - time.monotonic(), 0.0))
        return players[index].queue_up(target, kind, timeout)

    with ThreadPoolExecutor(len(players)) as pool:
        return list(pool.map(queue_up, range(len(players))))
