"""The site's own middleware (settings.MIDDLEWARE says where each one runs).

- ChosenLanguageMiddleware: French for everyone until the visitor picks another language.
- DatabaseBusyMiddleware: a pool with no connection to lend is a French 503, not a 500.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.deprecation import MiddlewareMixin
from django.utils.log import log_response

from config.database import pool_exhausted
from pages.views import database_busy


class ChosenLanguageMiddleware:
    """Like Django's LocaleMiddleware, but deaf to the browser's Accept-Language.

    The site is French-first (docs/architecture.md, « The product »): a newcomer sees
    « Jouer » whatever their browser's language; English comes only from the header switch
    (set_language's cookie).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.languages = {code for code, _ in settings.LANGUAGES}

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        if language not in self.languages:
            language = settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        return response


class DatabaseBusyMiddleware(MiddlewareMixin):
    """Every pooled connection is lent and none came back within the pool's timeout
    (DATABASE_POOL_TIMEOUT): the view stopped at its first query, before writing anything.
    The visitor gets the French 503 with Retry-After, the log one line, no traceback.

    process_exception sees what the view raised, under Daphne as under WSGI; a busy
    database met outside the view (a middleware's query) reaches pages.views.server_error,
    which answers the same page.
    """

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not pool_exhausted(exception):
            return None
        response = database_busy(request)
        log_response(
            "Service Unavailable (no database connection came free in time): %s",
            request.path,
            response=response,
            request=request,
        )
        return response
