from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render, resolve_url
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from accounts.forms import PreferencesForm
from accounts.services import save_preferences
from play.forms import first_error
from play.limits import PASSWORD, PREFERENCES, limited


def _safe_next(request: HttpRequest, fallback: str) -> str:
    """The post's (or the address's) `next` if it stays on this site, else `fallback`."""
    candidate = request.POST.get("next") or request.GET.get("next", "")
    if url_has_allowed_host_and_scheme(
        candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return candidate
    return resolve_url(fallback)


def _next_url(request: HttpRequest) -> str:
    """Where to go once signed in: a safe `next`, else LOGIN_REDIRECT_URL (as LoginView)."""
    return _safe_next(request, settings.LOGIN_REDIRECT_URL)


def too_many_signups(
    request: HttpRequest, message: str, *_args: object, **_kwargs: object
) -> HttpResponse:
    context = {"form": UserCreationForm(), "next": "", "refusal": message}
    return render(request, "accounts/signup.html", context, status=429)


@sensitive_post_parameters("password1", "password2")
@require_http_methods(["GET", "HEAD", "POST"])
@limited(PASSWORD, too_many_signups)
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(_next_url(request))
    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        # login() fires user_logged_in: the guest's games move to the new account there.
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_next_url(request))
    return render(
        request,
        "accounts/signup.html",
        {"form": form, "next": request.POST.get("next") or request.GET.get("next", "")},
    )


def locked_out(
    request: HttpRequest, credentials: dict | None = None, *args: object, **kwargs: object
) -> HttpResponse:
    """django-axes' answer once an account or an address has failed too often (settings,
    AXES_*): the login page again, with the reason, in a 429; the password is not checked."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    message = _(
        "Trop de tentatives de connexion infructueuses. Par sécurité, la connexion est "
        "bloquée pendant %(minutes)d minutes ; réessayez plus tard."
    ) % {"minutes": minutes}
    response = _login_refused(request, message)
    response["Retry-After"] = str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    return response


def attempted_username(request: HttpRequest | None, credentials: dict | None = None) -> str:
    """The username of a login attempt as django-axes records it (settings), at most the
    255 characters its table holds."""
    raw = (credentials or {}).get("username")
    if raw is None and request is not None:
        raw = request.POST.get("username", "")
    return str(raw or "")[:255]


def _login_refused(request: HttpRequest, message: str) -> HttpResponse:
    """The login page again, with why the attempt was not even checked, in a 429."""
    context = {"form": AuthenticationForm(request), "refusal": message}
    return render(request, "registration/login.html", context, status=429)


def too_many_logins(
    request: HttpRequest, message: str, *_args: object, **_kwargs: object
) -> HttpResponse:
    return _login_refused(request, message)


def _preferences_refused(request: HttpRequest, message: str, status: int = 400) -> HttpResponse:
    """Why the settings were not taken: the bare sentence for the table's script (htmx),
    a page in the site's layout for a plain form post, with the way back."""
    if getattr(request, "htmx", False):
        return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
    context = {"refusal": message, "back": _safe_next(request, "game:home")}
    return render(request, "accounts/preferences_refused.html", context, status=status)


def too_many_preference_saves(
    request: HttpRequest, message: str, *_args: object, **_kwargs: object
) -> HttpResponse:
    return _preferences_refused(request, message)


@limited(PREFERENCES, too_many_preference_saves)
def preferences(request: HttpRequest) -> HttpResponse:
    """POST the table's settings (« Réglages »: speed, auto_play, card_size, sounds).

    Checked for everyone, then kept only for an account, so they follow the player to
    another browser. A guest's stay in their browser's localStorage, where the table's
    script writes them before posting: the server has nothing to keep (a guest's session
    lasts two weeks, the browser's storage longer) and answers 204 all the same.
    htmx posts with hx-swap="none": 204, nothing to draw. A plain form post from an
    account goes back to a safe `next`, else the home page. An unreadable post is a 400
    that says why, and nothing is written.
    """
    if request.method != "POST":
        return HttpResponseNotAllowed(
            ["POST"], content=_("Cette adresse ne sert qu’à enregistrer les réglages de la table.")
        )
    form = PreferencesForm(request.POST)
    if not form.is_valid():
        return _preferences_refused(request, first_error(form))
    if not request.user.is_authenticated:
        return HttpResponse(status=204)
    save_preferences(request.user, form.cleaned_data)
    if getattr(request, "htmx", False):
        return HttpResponse(status=204)
    return redirect(_safe_next(request, "game:home"))
