from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from accounts import views
from play.limits import PASSWORD, limited

app_name = "accounts"

urlpatterns = [
    path("inscription/", views.signup, name="signup"),
    path(
        "connexion/",
        # Each attempt hashes a password (~0.4 s of CPU), a right one too: counted per
        # visitor and address (play.limits); failures lock out too (django-axes).
        limited(PASSWORD, views.too_many_logins)(
            auth_views.LoginView.as_view(redirect_authenticated_user=True)
        ),
        name="login",
    ),
    # POST only (Django's LogoutView answers 405 to a GET).
    path("deconnexion/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "mot-de-passe/",
        auth_views.PasswordChangeView.as_view(
            success_url=reverse_lazy("accounts:password_change_done")
        ),
        name="password_change",
    ),
    path(
        "mot-de-passe/change/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    # The table's settings (« Réglages »): POST only, kept for an account (accounts.views).
    path("reglages/", views.preferences, name="preferences"),
]
