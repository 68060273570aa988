"""The reading pages (the rules of this site's game, strategy tips: the same for everyone)
and the site's own error pages.

The error handlers replace Django's defaults (config/urls.py, handler400…handler500):
those are wrapped in `requires_csrf_token`, which reads the POST body again to check the
token, so a body Django had refused to read (not UTF-8) raised a second time inside the
error page and left Daphne's bare 500. These never read the body.
"""

import sys

from django.http import HttpRequest, HttpResponse
from django.middleware.csp import get_nonce
from django.shortcuts import render
from django.template import loader
from django.views.decorators.http import require_safe

from config.database import pool_exhausted

# How long a visitor refused for a busy database is asked to wait before trying again.
RETRY_AFTER_SECONDS = 10


@require_safe
def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "pages/rules.html")


@require_safe
def tips(request: HttpRequest) -> HttpResponse:
    return render(request, "pages/tips.html")


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """settings.CSRF_FAILURE_VIEW: « Votre session a expiré, rechargez la page », in the
    site's layout (Django's own view renders without the request, so without the header)."""
    return render(request, "403_csrf.html", status=403)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler400: a request Django could not read (a body that is not UTF-8, a forged
    Host…). Nothing was done."""
    return render(request, "400.html", status=400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "403.html", status=403)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The site's 404; a not-found that knows why (a revoked share link) says so. Nothing
    here is for search engines."""
    context = {
        "title": getattr(exception, "title", None),
        "explanation": getattr(exception, "explanation", None),
    }
    response = render(request, "404.html", context, status=404)
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _standalone(request: HttpRequest, template_name: str, status: int) -> HttpResponse:
    """A page drawn without the request's context processors: no session, no user, no
    database (the database may be what failed), only the CSP nonce of its inline style."""
    nonce = get_nonce(request)  # a LazyNonce is false until read: make it a string here
    context = {"csp_nonce": "" if nonce is None else str(nonce)}
    page = loader.render_to_string(template_name, context)
    return HttpResponse(page, status=status)


def database_busy(request: HttpRequest) -> HttpResponse:
    """503 « Le serveur est très occupé »: no pooled connection came free in time
    (config.middleware.DatabaseBusyMiddleware). Nothing was written."""
    response = _standalone(request, "503.html", status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500, Django's page (500.html) with the CSP nonce; a busy database that the
    middleware could not answer (it failed outside the view) still gets the 503."""
    if pool_exhausted(sys.exc_info()[1]):
        return database_busy(request)
    return _standalone(request, "500.html", status=500)
