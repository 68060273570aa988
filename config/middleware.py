"""The site's own middleware (settings.MIDDLEWARE says where each one runs).

- BodyFirstMiddleware: a request its client abandoned mid-way is a quiet 400, not a 500.
- ChosenLanguageMiddleware: French for everyone until the visitor picks another language.
- DatabaseBusyMiddleware: a pool with no connection to lend is a French 503, not a 500.
- SessionRenewalMiddleware: a session in use is renewed, at most once a day.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.http.response import HttpResponseBase
from django.utils import timezone, translation
from django.utils.deprecation import MiddlewareMixin
from django.utils.log import log_response

from config.database import pool_exhausted
from pages.views import database_busy


class BodyFirstMiddleware:
    """Reads a post's body before anything else does.

    When a client disconnects, Django's ASGI handler closes the request's body file while
    the view's thread may still be on its way: whatever first read `request.POST` (the
    CSRF check) then raised "I/O operation on closed file", logged as a 500 with its
    traceback for a request nobody waits for (make load saw it as Locust stopped). Read
    here, first, the body is kept in memory for everything after; a file already closed
    is a 400 that no one receives, in one log line."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method not in {"GET", "HEAD", "OPTIONS"}:
            try:
                request.body  # noqa: B018 - read for its side effect: the body is kept
            except ValueError:
                # Django logs the 400 in one line (django.request); nobody reads the answer.
                return HttpResponseBadRequest()
        return self.get_response(request)


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
        # For this request only: the language before it comes back after (no request
        # leaves its language to whatever runs next in the thread or context).
        with translation.override(language):
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


class SessionRenewalMiddleware(MiddlewareMixin):
    """Renew a session that is in use, without a database write on every request.

    Django sets the session cookie (and the row's expiry) only when the session changes,
    so a guest who played every day still lost their games SESSION_COOKIE_AGE after the
    visit that made the session. Here, a request that read its session (config.sessions
    knows when that row expires) saves it again, with a fresh expiry and cookie, once the
    row was written more than SESSION_RENEWAL_INTERVAL ago (at most half the session's
    age). SessionMiddleware, listed before this one, does the saving.
    """

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        session = getattr(request, "session", None)
        if session is None or response.status_code >= 500:
            return response
        stored_expiry = getattr(session, "stored_expiry", None)
        if stored_expiry is None or session.modified or not session.accessed:
            return response
        if session.is_empty():
            return response
        age = timedelta(seconds=session.get_expiry_age())
        interval = min(settings.SESSION_RENEWAL_INTERVAL, age / 2)
        if stored_expiry - timezone.now() < age - interval:
            session.modified = True
        return response
