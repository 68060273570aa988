"""The reading pages: the rules of this site's game, and strategy tips. Same for everyone."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe


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
