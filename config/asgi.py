"""ASGI entry point: `daphne config.asgi:application` (make run) and the browser tests."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Set up Django (apps, models) before anything that may import a model.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import re_path  # noqa: E402

from config.websockets import NoRouteConsumer  # noqa: E402
from ranked.consumers import QueueConsumer  # noqa: E402
from tables.consumers import TableConsumer  # noqa: E402

websocket_urlpatterns = [
    # A live table's news (tables.consumers); the token as its link's (config.converters).
    re_path(r"^ws/table/(?P<token>[A-Za-z0-9_-]{1,43})/$", TableConsumer.as_asgi()),
    # The « Jouer en direct » queue page's news (ranked.consumers).
    re_path(r"^ws/direct/$", QueueConsumer.as_asgi()),
]

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(
                URLRouter(
                    [
                        *websocket_urlpatterns,
                        # Any other path: closed with 4404 and one log line, never a 500.
                        re_path(r"", NoRouteConsumer.as_asgi()),
                    ]
                )
            )
        ),
    }
)
