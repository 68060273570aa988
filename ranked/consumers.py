"""The queue page's socket: `/ws/direct/`, for a signed-in account.

It carries the queue's news to the browser (ranked.news): each event makes this socket
draw its player's own QueueView and send it whole (the page's own partial), with what the
page must do: confirm a table found (the page does it on its own: that is the player
« showing up »; an invitation from « Classée » to a friendly table with bots is answered
by the player), or go to the table dealt. The only frames it takes are that
confirmation, the refusal of an invitation and a refresh; anything else is refused with
a message, the socket open.

The socket is also what keeps its player's place: it vouches for the page when it opens
and every HEARTBEAT_SECONDS while it lives, and says the page closed when it closes
(ranked.services.page_seen, page_closed). A process killed stops vouching, and the place
leaves the queue PRESENCE_SECONDS later.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from autobahn.exception import Disconnected
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import DatabaseError
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from config.websockets import FrameBudget, csrf_token_of
from play.services import Refused
from ranked import news, services
from ranked.selectors import Stage, queue_view
from tables import clock

logger = logging.getLogger(__name__)

FORBIDDEN = 4403
MAX_FRAME = 256
# How often an open queue page's socket vouches for its place (well inside
# ranked.selectors.PRESENCE_SECONDS, so that one late beat loses nothing).
HEARTBEAT_SECONDS = 10


class QueueConsumer(AsyncWebsocketConsumer):
    user_id: int
    language: str
    queue: str | None
    heartbeat: asyncio.Task | None = None

    async def connect(self) -> None:
        user = self.scope.get("user")
        await self.accept()
        if user is None or not user.is_authenticated:
            await self.close(code=FORBIDDEN)
            return
        self.user_id = user.pk
        self.queue = None
        self.frames = FrameBudget()
        self.language = self._language()
        if settings.TABLE_CLOCK_IN_PROCESS:
            clock.start_in_process()
        await self.channel_layer.group_add(news.player_group(self.user_id), self.channel_name)
        await database_sync_to_async(services.page_seen)(user_id=self.user_id)
        self.heartbeat = asyncio.create_task(self._vouch())
        await self._send_state()

    async def _vouch(self) -> None:
        """Every HEARTBEAT_SECONDS while the socket lives. A beat the database refused
        (a restart, a lock timeout) is logged and the next one tries again: the place is
        lost only after PRESENCE_SECONDS of silence."""
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            try:
                await database_sync_to_async(services.page_seen)(user_id=self.user_id)
            except DatabaseError:
                logger.exception("queue heartbeat of user %s failed", self.user_id)

    async def disconnect(self, code: int) -> None:
        if not hasattr(self, "queue"):
            return
        if self.heartbeat is not None:
            self.heartbeat.cancel()
        await database_sync_to_async(services.page_closed)(user_id=self.user_id)
        await self.channel_layer.group_discard(news.player_group(self.user_id), self.channel_name)
        if self.queue:
            await self.channel_layer.group_discard(self.queue, self.channel_name)

    def _language(self) -> str:
        chosen = self.scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME, "")
        codes = {code for code, _name in settings.LANGUAGES}
        return chosen if chosen in codes else settings.LANGUAGE_CODE

    # The news.

    async def queue_changed(self, event: dict[str, Any]) -> None:
        await self._send_state()

    async def queue_player(self, event: dict[str, Any]) -> None:
        await self._send_state(notice=event.get("notice", ""), table_url=event.get("url", ""))

    async def _send_state(self, notice: str = "", table_url: str = "") -> None:
        state, queue = await database_sync_to_async(self._state)(notice, table_url)
        if queue != self.queue:
            if self.queue:
                await self.channel_layer.group_discard(self.queue, self.channel_name)
            if queue:
                await self.channel_layer.group_add(queue, self.channel_name)
            self.queue = queue
        await self._send(state)

    def _state(self, notice: str, table_url: str) -> tuple[dict[str, Any], str | None]:
        with translation.override(self.language):
            view = queue_view(self.user_id, notice=notice, table_url=table_url)
            context = {"queue": view, "csrf_token": csrf_token_of(self.scope)}
            html = render_to_string("ranked/queue.html#status", context)
        queue = news.queue_group(view.target, view.rated) if view.stage == Stage.WAITING else None
        message = {
            "kind": "queue",
            "stage": str(view.stage),
            "html": html,
            "url": view.game_url,
        }
        return message, queue

    async def _send(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(Disconnected):
            await self.send(text_data=json.dumps(message))

    # Frames from the browser.

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.frames.allows():
            return
        frame: object = None
        if text_data is not None and len(text_data) <= MAX_FRAME:
            with contextlib.suppress(ValueError):
                frame = json.loads(text_data)
        kind = frame.get("type") if isinstance(frame, dict) else None
        if kind == "ready":
            url = await database_sync_to_async(self._confirm)()
            if url is None:
                await self._send_state()
        elif kind == "decline":
            url = await database_sync_to_async(self._decline)()
            if url is None:
                await self._send_state()
        elif kind == "refresh":
            await self._send_state()
        else:
            with translation.override(self.language):
                await self._send({"kind": "error", "message": _("Message inconnu.")})

    def _confirm(self) -> str | None:
        """The table's address once dealt; None otherwise, or when the queue was changing
        (the page hears the next state and confirms again if still asked to)."""
        try:
            return services.confirm(user_id=self.user_id)
        except Refused:
            return None

    def _decline(self) -> str | None:
        """« Rester en Classée »: the table's address if this answer let it be dealt."""
        try:
            return services.decline(user_id=self.user_id)
        except Refused:
            return None
