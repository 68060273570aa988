from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path

# The site's error pages (pages/views.py): French, in the site's layout, and never reading
# the request's body again (Django's defaults do, for their CSRF token).
handler400 = "pages.views.bad_request"
handler403 = "pages.views.permission_denied"
handler404 = "pages.views.page_not_found"
handler500 = "pages.views.server_error"

urlpatterns: list[URLPattern | URLResolver] = [
    path("admin/", admin.site.urls),
    path("", include("game.urls")),
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
