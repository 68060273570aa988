from django.conf import settings
from django.contrib import admin
from django.contrib.staticfiles.views import serve as serve_static
from django.urls import URLPattern, URLResolver, include, path, re_path

# The site's error pages (pages/views.py): French, in the site's layout, and never reading
# the request's body again (Django's defaults do, for their CSRF token).
handler400 = "pages.views.bad_request"
handler403 = "pages.views.permission_denied"
handler404 = "pages.views.page_not_found"
handler500 = "pages.views.server_error"

urlpatterns: list[URLPattern | URLResolver] = [
    path("admin/", admin.site.urls),
    path("", include("play.urls")),
    # Past games: « Mes parties », the replay, sharing (review.urls).
    path("", include("review.urls")),
    path("compte/", include("accounts.urls")),
    path("apprendre/", include("tutorial.urls")),
    # Players' profiles: an account's public page, the guest's own (players.views).
    path("joueurs/", include("players.urls")),
    path("", include("tables.urls")),
    # « Jouer en direct »: the queue, and « Classement » (ranked.urls).
    path("", include("ranked.urls")),
    # An offline game sent back when the connection returns (offline.views).
    path("", include("offline.urls")),
    # set_language: the header's language switch (POST language=fr|en, next=this page).
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("pages.urls")),
]

if settings.SERVE_STATIC and not settings.STATIC_COLLECTED:
    # Before collectstatic (the tests, a fresh checkout): through the staticfiles finders;
    # `insecure` because this also runs with DEBUG off under Daphne. After it, ServeStatic
    # answers /static/ (settings.STATIC_COLLECTED).
    urlpatterns += [
        re_path(
            r"^{}(?P<path>.*)$".format(settings.STATIC_URL.lstrip("/")),
            serve_static,
            {"insecure": True},
        )
    ]
