"""The pages of « Jouer en direct »: the « Options de partie » and the queue.

Ranked play needs an account: a guest is told so, with the way to sign up or sign in that
comes back here. Each post reads its form and calls one service (ranked.services); the
queue page then follows the queue over its socket (ranked.consumers), and works without
it too (a reload draws the same state).
"""

from __future__ import annotations

from contextlib import suppress

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from play import limits
from play.limits import limited
from play.models import Target
from play.services import Refused
from ranked import services
from ranked.forms import QueueForm
from ranked.selectors import Stage, queue_view
from ranked.standings import player_ratings

SOCKET_PATH = "/ws/direct/"


def _account(request: HttpRequest) -> User | None:
    user = request.user
    return None if isinstance(user, AnonymousUser) or not user.is_authenticated else user


def play_page(
    request: HttpRequest, form: QueueForm | None = None, error: str = "", status: int = 200
) -> HttpResponse:
    user = _account(request)
    context: dict[str, object] = {"back": reverse("ranked:play")}
    if user is not None:
        context.update(
            form=form or QueueForm(initial=invited_options(request)),
            queue=queue_view(user.pk),
            ratings=player_ratings(user.pk),
            error=error,
        )
    return render(request, "ranked/play.html", context, status=status)


# « Jouer en direct » opens on a short ranked game: the queue young sites fill first.
QUEUE_DEFAULTS: dict[str, object] = {"target": Target.SHORT, "kind": "classee"}
# An invitation link's parameters, by the QueueForm field each one sets.
INVITATION_PARAMETERS = {"target": "partie", "kind": "type"}


def invited_options(request: HttpRequest) -> dict[str, object]:
    """The options an invitation link chose (« ?partie=100&type=amicale »), each checked by
    QueueForm's own field (so a new length needs no second edit), else QUEUE_DEFAULTS'."""
    options = dict(QUEUE_DEFAULTS)
    for name, parameter in INVITATION_PARAMETERS.items():
        if value := request.GET.get(parameter):
            with suppress(ValidationError):
                options[name] = QueueForm.base_fields[name].clean(value)
    return options


@require_safe
def play(request: HttpRequest) -> HttpResponse:
    """« Jouer en direct »: the options for an account; for a guest, why an account."""
    return play_page(request)


def too_many(request: HttpRequest, message: str) -> HttpResponse:
    return play_page(request, error=message, status=429)


@require_POST
@limited(limits.NEW_GAME, too_many)
def join(request: HttpRequest) -> HttpResponse:
    """« Rechercher des joueurs »."""
    user = _account(request)
    if user is None:
        return redirect("ranked:play")
    form = QueueForm(request.POST)
    if not form.is_valid():
        return play_page(request, form, status=400)
    try:
        services.join(
            user_id=user.pk, target=form.cleaned_data["target"], rated=form.cleaned_data["kind"]
        )
    except Refused as refused:
        return play_page(request, form, error=refused.message, status=409)
    return redirect("ranked:queue")


@require_safe
def queue(request: HttpRequest) -> HttpResponse:
    """« Recherche de joueurs… »: where the player stands, followed over the socket."""
    user = _account(request)
    if user is None:
        return redirect("ranked:play")
    view = queue_view(user.pk)
    if view.stage == Stage.IDLE:
        return redirect("ranked:play")
    return render(request, "ranked/queue.html", {"queue": view, "socket": SOCKET_PATH})


@require_POST
def cancel(request: HttpRequest) -> HttpResponse:
    """« Annuler »."""
    user = _account(request)
    if user is not None:
        try:
            services.cancel(user_id=user.pk)
        except Refused as refused:
            return play_page(request, error=refused.message, status=409)
    return redirect("ranked:play")


@require_POST
def fill_with_bots(request: HttpRequest) -> HttpResponse:
    """« Compléter avec des robots » / « Passer en Amicale avec des robots » (after a
    minute): to the table when it is dealt at once, else back to the queue's page."""
    user = _account(request)
    if user is None:
        return redirect("ranked:play")
    try:
        table_url = services.fill_with_bots(user_id=user.pk)
    except Refused as refused:
        view = queue_view(user.pk)
        context = {"queue": view, "socket": SOCKET_PATH, "error": refused.message}
        return render(request, "ranked/queue.html", context, status=409)
    return redirect(table_url or "ranked:queue")
