"""The language of a page: French for everyone until the visitor picks another one."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation


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
