"""People at a live table as seen from outside the site: an HTTP session posting the
page's own forms (as htmx does), and a websocket collecting the table's pushes."""

from __future__ import annotations

import json
import queue
import re
import threading
import time
from dataclasses import dataclass, field

import requests
import websocket

HINTED = re.compile(r'value="(\w{2})"\s+aria-label="[^"]*"\s*data-hint')
MOVE = re.compile(r'data-move="(\d+)"')
ACTION = re.compile(r'class="hand hand--(passing|playing)" method="post" action="([^"]+)"')
NEXT_HAND = re.compile(r'action="(/amis/\d+/manche-suivante/)"')


def move_of(html: str) -> int:
    found = MOVE.search(html)
    assert found, html[:300]
    return int(found.group(1))


@dataclass
class Push:
    received: float  # time.monotonic()
    message: dict


class Player:
    """One browser: its session's cookies, the server it talks to, its socket's pushes."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.http = requests.Session()
        self.http.get(base_url + "/", timeout=10).raise_for_status()
        self.pushes: queue.Queue[Push] = queue.Queue()
        self.socket: websocket.WebSocket | None = None
        self.table = ""

    def post(self, path: str, data: dict | None = None) -> requests.Response:
        headers = {
            "X-CSRFToken": self.http.cookies["csrftoken"],
            "HX-Request": "true",
            "Referer": self.base_url + "/",
        }
        return self.http.post(
            self.base_url + path,
            data=data or {},
            headers=headers,
            timeout=10,
            allow_redirects=False,
        )

    def connect(self, token: str) -> None:
        url = self.base_url.replace("http://", "ws://") + f"/ws/table/{token}/"
        cookies = "; ".join(f"{name}={value}" for name, value in self.http.cookies.items())
        self.socket = websocket.create_connection(
            url, cookie=cookies, origin=self.base_url, timeout=10
        )
        threading.Thread(target=self._read, args=(self.socket,), daemon=True).start()

    def _read(self, sock: websocket.WebSocket) -> None:
        try:
            while True:
                text = sock.recv()
                if not text:
                    return
                self.pushes.put(Push(time.monotonic(), json.loads(text)))
        except (websocket.WebSocketException, OSError):
            return

    def table_after(self, move: int, timeout: float = 10) -> Push:
        """The first table push with a move number above `move`."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"no table after move {move} within {timeout} s"
            push = self.pushes.get(timeout=left)
            if push.message.get("kind") == "table":
                self.table = push.message["html"]
                if push.message["move"] > move:
                    return push

    def latest_table(self) -> str:
        """The newest table pushed so far (or the last one known)."""
        while True:
            try:
                push = self.pushes.get_nowait()
            except queue.Empty:
                return self.table
            if push.message.get("kind") == "table":
                self.table = push.message["html"]

    def act(self) -> int | None:
        """The hinted pass or card, if the newest table asks this player for one: the move
        number the answer shows, or None when it is not their move."""
        html = self.latest_table()
        action = ACTION.search(html)
        if not action:
            return None
        cards = HINTED.findall(html)
        data: dict[str, object] = {"move": move_of(html)}
        if action.group(1) == "passing":
            data["cards"] = cards
        else:
            data["card"] = cards[0]
        response = self.post(action.group(2), data)
        assert response.status_code in (200, 409), response.text[:300]
        if response.status_code == 409:
            return None
        self.table = response.text
        return move_of(response.text)


@dataclass
class Latencies:
    """Seconds from a post through one process to its push on another player's socket."""

    seconds: list[float] = field(default_factory=list)

    def percentile(self, p: float) -> float:
        ordered = sorted(self.seconds)
        return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]
