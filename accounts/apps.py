from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Comptes")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from accounts.signals import claim_games_played_as_guest

        # On every login (the sign-up view logs in too, and so does the admin): whichever
        # way a guest becomes a user, the games played as a guest follow.
        user_logged_in.connect(claim_games_played_as_guest, dispatch_uid="accounts.claim_guest")
