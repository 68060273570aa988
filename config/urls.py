from django.conf import settings
from django.contrib import admin
from django.contrib.staticfiles.views import serve as serve_static
from django.urls import URLPattern, URLResolver, include, path, re_path

urlpatterns: list[URLPattern | URLResolver] = [
    path("admin/", admin.site.urls),
    path("", include("game.urls")),
    path("compte/", include("accounts.urls")),
    path("apprendre/", include("tutorial.urls")),
    # set_language: the header's language switch (POST language=fr|en, next=this page).
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("pages.urls")),
]

if settings.SERVE_STATIC:
    # Through the staticfiles finders (no collectstatic needed); `insecure` because this
    # also runs with DEBUG off under Daphne. See settings.SERVE_STATIC.
    urlpatterns += [
        re_path(
            r"^{}(?P<path>.*)$".format(settings.STATIC_URL.lstrip("/")),
            serve_static,
            {"insecure": True},
        )
    ]
