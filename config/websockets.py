"""The websocket side of config.asgi: what answers a path no route claims."""

from __future__ import annotations

import logging

from channels.generic.websocket import AsyncWebsocketConsumer

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
