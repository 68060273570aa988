"""The socket of a live table: `/ws/table/<token>/`.

It carries the news to the browser: after each committed write the table's group hears
the new move number (tables.live), and each connection renders its own seat's view (a
spectator's has no hand) and sends it whole, with its move number: a browser that missed
a push, or reconnects, gets the whole current table. It also takes quick messages and may
take the player's card or pass, through the same services as the page's posts.

Every frame is checked: too long, too many, not JSON, not a known message, not this
seat's move: a message to this socket alone, nothing changed, and the socket stays open.
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import time
from typing import Any

from autobahn.exception import Disconnected
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from config.websockets import FrameBudget
from play import services
from play.models import Game
from play.ownership import Owner, owner_from
from play.seating import PLACES, seating_of
from tables import clock, live, presence
from tables.display import (
    EMOTES,
    FRAGMENT_RELATIONS,
    room_fragment,
    spectators_text,
    table_fragment,
)
from tables.views import guest_name

logger = logging.getLogger(__name__)

NOT_FOUND = 4404
FORBIDDEN = 4403
# A frame is a few words: a quick message, a card, three cards.
MAX_FRAME = 1024
# A quick message at most every EMOTE_SECONDS per seat.
EMOTE_SECONDS = 3.0
EMOTE_SHOWN_MS = 4000


class TableConsumer(AsyncWebsocketConsumer):
    game_id: int
    owner: Owner
    viewer: int | None
    spectator: bool
    language: str

    async def connect(self) -> None:
        token = self.scope["url_route"]["kwargs"]["token"]
        self.language = self._language()
        found = await database_sync_to_async(self._find)(token)
        await self.accept()
        if found is None:
            await self.close(code=NOT_FOUND)
            return
        if found == "closed":
            await self.close(code=FORBIDDEN)
            return
        if settings.TABLE_CLOCK_IN_PROCESS:
            clock.start_in_process()
        # The (hand, move) of the table last sent: a hand dealt with no move in it (four
        # people to pass) is news at the same move number.
        self.shown = (-1, -1)
        # Named in the page's posts (live.js), so that the news of the page's own move is
        # not drawn twice: the answer to the post carries it (tables.views.answering).
        self.key = secrets.token_urlsafe(live.SOCKET_KEY_BYTES)
        self.frames = FrameBudget()
        self.last_emote = 0.0
        await self.channel_layer.group_add(live.group_name(self.game_id), self.channel_name)
        await self._send_state()
        if self.spectator:
            count = await database_sync_to_async(presence.arrived)(self.game_id)
            await self._announce_spectators(count)

    async def disconnect(self, code: int) -> None:
        if not hasattr(self, "shown"):
            return
        await self.channel_layer.group_discard(live.group_name(self.game_id), self.channel_name)
        if self.spectator:
            count = await database_sync_to_async(presence.left)(self.game_id)
            await self._announce_spectators(count)

    def _language(self) -> str:
        chosen = self.scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME, "")
        codes = {code for code, _name in settings.LANGUAGES}
        return chosen if chosen in codes else settings.LANGUAGE_CODE

    def _find(self, token: str) -> int | str | None:
        """The table and who this is; "closed" to a spectator a table does not accept."""
        if not isinstance(token, str) or len(token) > 43:
            return None
        game = (
            Game.objects.filter(kind=Game.Kind.LIVE, live__token=token)
            .select_related("live")
            .first()
        )
        if game is None:
            return None
        self.owner = owner_from(self.scope["user"], self.scope["session"])
        self.viewer = seating_of(game).seat_of(self.owner)
        self.spectator = self.viewer is None and game.status != Game.Status.WAITING
        if self.spectator and not game.live.spectators_allowed:
            return "closed"
        self.game_id = game.pk
        return game.pk

    # The news from the table's group.

    async def table_moved(self, event: dict[str, Any]) -> None:
        """A move's news: every socket of the table hears it at once, so those of this
        process that show the same share one drawing (tables.display.SharedFragments)."""
        where = (event["hand"], event["move"])
        if where <= self.shown:
            return
        if event.get("answered") == self.key:
            # This socket's page made the move: the answer to its post draws it (a failed
            # answer makes live.js ask for a refresh).
            self.shown = where
            return
        await self._send_state(shared=True)

    async def table_seats(self, event: dict[str, Any]) -> None:
        await self._send_state(force=True)

    async def table_spectators(self, event: dict[str, Any]) -> None:
        text = await self._translated(spectators_text, event["count"]) if event["count"] else ""
        await self._send({"kind": "spectators", "text": text})

    async def table_emote(self, event: dict[str, Any]) -> None:
        seat = event["seat"]
        bottom = 0 if self.viewer is None else self.viewer
        text = await self._translated(lambda: str(EMOTES[event["phrase"]]))
        await self._send(
            {
                "kind": "emote",
                "place": PLACES[(seat - bottom) % 4],
                "text": text,
                "ms": EMOTE_SHOWN_MS,
            }
        )

    async def _announce_spectators(self, count: int) -> None:
        await self.channel_layer.group_send(
            live.group_name(self.game_id), {"type": "table.spectators", "count": count}
        )

    async def _send_state(self, force: bool = False, shared: bool = False) -> None:
        """This seat's table, the room or a reload. `force`: swapped in even at the move the
        browser shows (the seats changed, or the browser asked: it may have missed a seats
        push while its socket was dead). `shared`: a move's news, drawn once for the
        sockets of this process that show the same; anything else is drawn as it is now
        (the clock and the spectators in a shared drawing are up to a second old)."""
        state = await database_sync_to_async(self._state)(force, shared)
        if state is not None:
            await self._send(state)

    def _state(self, force: bool, shared: bool) -> dict[str, Any] | None:
        with translation.override(self.language):
            game = Game.objects.select_related(*FRAGMENT_RELATIONS).get(pk=self.game_id)
            if game.status == Game.Status.WAITING:
                self.viewer = seating_of(game).seat_of(self.owner)
                name = guest_name(self.scope["session"])
                return {"kind": "room", "html": room_fragment(game, self.owner, name)}
            if self._was_in_room():
                # The host pressed « Commencer »: the room's page becomes the table's.
                return {"kind": "reload"}
            since = self.shown[1] if self.shown[1] >= 0 else game.move_count
            fragment = table_fragment(game, self.owner, since, shared=shared)
            if fragment is None:
                self.viewer = seating_of(game).seat_of(self.owner)
                return None
            # The seat as the drawing's own read of the seats found it (one query a push).
            self.viewer = fragment.viewer
            self.shown = (fragment.hand, fragment.move)
            return {
                "kind": "table",
                "hand": fragment.hand,
                "move": fragment.move,
                "html": fragment.html,
                "force": force,
                "socket": self.key,
            }

    def _was_in_room(self) -> bool:
        return getattr(self, "in_room", False)

    async def _send(self, message: dict[str, Any]) -> None:
        if message.get("kind") == "room":
            self.in_room = True
        # The browser may have left while its table was being drawn (Daphne's websocket is
        # autobahn's): its disconnect comes next; there is nothing to send to.
        with contextlib.suppress(Disconnected):
            await self.send(text_data=json.dumps(message))

    async def _translated(self, make: Any, *args: Any) -> str:
        with translation.override(self.language):
            return str(make(*args))

    # Frames from the browser.

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.frames.allows():
            return
        if text_data is None or len(text_data) > MAX_FRAME:
            await self._refuse(_("Message refusé : trop long ou illisible."))
            return
        try:
            frame = json.loads(text_data)
        except ValueError:
            await self._refuse(_("Message refusé : trop long ou illisible."))
            return
        kind = frame.get("type") if isinstance(frame, dict) else None
        if kind == "refresh":
            await self._send_state(force=True)
        elif kind == "emote":
            await self._emote(frame.get("phrase"))
        elif kind in ("play", "pass"):
            await self._act(kind, frame)
        else:
            await self._refuse(_("Message inconnu."))

    async def _refuse(self, message: str) -> None:
        with translation.override(self.language):
            await self._send({"kind": "error", "message": str(message)})

    async def _emote(self, phrase: object) -> None:
        if self.viewer is None:
            await self._refuse(_("Seuls les joueurs assis envoient des messages."))
        elif not isinstance(phrase, str) or phrase not in EMOTES:
            await self._refuse(_("Message inconnu."))
        elif time.monotonic() - self.last_emote < EMOTE_SECONDS:
            await self._refuse(_("Un message à la fois : attendez quelques secondes."))
        else:
            self.last_emote = time.monotonic()
            await self.channel_layer.group_send(
                live.group_name(self.game_id),
                {"type": "table.emote", "seat": self.viewer, "phrase": phrase},
            )

    async def _act(self, kind: str, frame: dict[str, Any]) -> None:
        error = await database_sync_to_async(self._apply)(kind, frame)
        if error:
            await self._refuse(error)

    def _apply(self, kind: str, frame: dict[str, Any]) -> str | None:
        """A card or a pass sent over the socket: the same services as the page's posts."""
        with translation.override(self.language):
            move = frame.get("move")
            if not isinstance(move, int) or isinstance(move, bool):
                return _("Cette page n’est plus à jour : rechargez-la.")
            try:
                if kind == "play":
                    card = frame.get("card")
                    outcome = services.play_card(
                        game_id=self.game_id,
                        owner=self.owner,
                        card_code=card if isinstance(card, str) else "",
                        expected_move=move,
                        kind=Game.Kind.LIVE,
                    )
                else:
                    cards = frame.get("cards")
                    codes = (
                        [c for c in cards if isinstance(c, str)] if isinstance(cards, list) else []
                    )
                    outcome = services.submit_pass(
                        game_id=self.game_id,
                        owner=self.owner,
                        card_codes=codes[:4],
                        expected_move=move,
                        kind=Game.Kind.LIVE,
                    )
            except Game.DoesNotExist:
                return _("Vous n’avez pas de place à cette table.")
            return outcome.error
