"""The websocket side of config.asgi: what answers a path no route claims."""

from __future__ import annotations

import logging
import re
import time
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.http import HttpRequest
from django.middleware.csrf import get_token

logger = logging.getLogger(__name__)

# Application close codes are 4000–4999 (RFC 6455, 7.4.2); 4404 reads as « not found ».
NO_ROUTE_CODE = 4404
NO_ROUTE_REASON = "Aucune table à cette adresse."


class NoRouteConsumer(AsyncWebsocketConsumer):
    """Last of the websocket routes: any other path is accepted, then closed at once with
    4404 and one log line. Without it URLRouter raised ValueError, a 500 and some 25 lines
    of traceback for each try. No database, no session: nothing is read but the path."""

    async def connect(self) -> None:
        path = self.scope.get("path", "")
        logger.warning(
            "Websocket closed with %s, no route: %s",
            NO_ROUTE_CODE,
            path.encode("unicode_escape").decode("ascii"),
        )
        await self.accept()
        await self.close(code=NO_ROUTE_CODE, reason=NO_ROUTE_REASON)


# A CSRF secret as Django's middleware sets it in its cookie (django.middleware.csrf).
_CSRF_SECRET = re.compile(r"[a-zA-Z0-9]{32}")


def csrf_token_of(scope: dict[str, Any]) -> str:
    """A form token for the person behind a socket, masked from the CSRF cookie their
    browser sent with the socket's handshake, as a page rendered for them would carry: a
    form pushed over the socket then posts like the page's own (issue 37: « Compléter avec
    des robots » was pushed without one, and refused). Empty without a valid cookie (such a
    browser's post is refused whatever the form says)."""
    secret = scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME, "")
    if not _CSRF_SECRET.fullmatch(secret):
        return ""
    request = HttpRequest()
    request.META["CSRF_COOKIE"] = secret
    return get_token(request)


class FrameBudget:
    """How many frames a socket may send: a burst of `burst`, then `rate` a second (a token
    bucket); past it, frames are ignored until the budget refills."""

    def __init__(self, burst: int = 20, rate: float = 5.0) -> None:
        self.burst, self.rate = float(burst), rate
        self.allowance = float(burst)
        self.last_frame = time.monotonic()

    def allows(self) -> bool:
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.last_frame) * self.rate)
        self.last_frame = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True
