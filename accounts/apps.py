from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Comptes"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from accounts.signals import claim_games_played_as_guest

        # On every login (the sign-up view logs in too, and so does the admin): whichever
        # way a guest becomes a user, the games played as a guest follow.
        user_logged_in.connect(claim_games_played_as_guest, dispatch_uid="accounts.claim_guest")
