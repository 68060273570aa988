"""A player's profile (« /joueurs/<username>/ », the guest's « /joueurs/~invite/ »): the
history's figures, the tutorial's date, the latest games linked only where the visitor may
open them, the owner's account links, and a French answer to every refusal."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.template.defaultfilters import floatformat
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from play.models import Game, LiveTable, Seat
from play.ownership import GUEST_SESSION_KEY, Owner
from players.profile import (
    AccountSettings,
    Figures,
    KeepAsAccount,
    Profile,
    RecentGames,
    TutorialProgress,
)
from review.stats import player_stats
from tests.review.builders import recorded_game
from tests.tutorial.helpers import follow_the_hint
from tests.visits import owner_of_client
from tutorial import services as tutorial_services
from tutorial.models import TutorialCompletion

pytestmark = pytest.mark.django_db

GUEST_PROFILE = reverse("players:guest")
PASSWORD = "pique-dame-2024"


def account(username: str) -> User:
    return User.objects.create_user(username, password=PASSWORD)


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def profile_url(user: User) -> str:
    return reverse("players:profile", args=[user.get_username()])


def replay_url(game: Game) -> str:
    return reverse("review:replay", args=[game.pk])


def shown(client: Client, url: str) -> tuple[Profile, str]:
    response = client.get(url)
    assert response.status_code == 200
    assert "no-cache" in response["Cache-Control"]
    return response.context["profile"], response.content.decode()


def section[S](profile: Profile, kind: type[S]) -> S | None:
    return next((s for s in profile.sections if isinstance(s, kind)), None)


@pytest.fixture
def camille() -> User:
    return account("camille")


@pytest.fixture
def camilles_games(camille: User) -> list[Game]:
    """Three finished games against the bots, one in progress, newest last."""
    owner = Owner(user_id=camille.pk)
    games = [
        recorded_game(owner, hands=2, seed=seed, difficulty=level, target=target)
        for seed, level, target in ((1, "easy", 50), (2, "normal", 100), (3, "hard", 50))
    ]
    recorded_game(owner, hands=1, finished=False, plays_in_last=5, seed=4)
    return games


# -- One's own profile ---------------------------------------------------------------------


def test_your_own_profile_shows_your_figures_as_the_statistics_count_them(camille, camilles_games):
    client = signed_in(camille)

    profile, html = shown(client, profile_url(camille))

    expected = player_stats(Owner(user_id=camille.pk))
    figures = section(profile, Figures)
    assert figures is not None and figures.stats == expected
    assert (profile.name, profile.own, profile.guest) == ("camille", True, False)
    assert f"<dd>{expected.overall.played}</dd>" in html
    assert f"<dd>{expected.overall.won}" in html
    assert f"<dd>{floatformat(expected.average_points, 1).replace('.', ',')}</dd>" in html
    assert f"<dd>{expected.moons_shot}</dd>" in html
    # Every finished game, newest first, linked to its replay; the one in progress is not
    # a finished game.
    recent = section(profile, RecentGames)
    assert recent is not None
    assert [game.replay_url for game in recent.games] == [
        replay_url(game) for game in reversed(camilles_games)
    ]
    for game in camilles_games:
        assert replay_url(game) in html
    assert "Seuls les joueurs d’une partie peuvent la revoir." not in html
    assert reverse("review:stats") in html and reverse("review:history") in html


def test_your_own_profile_links_to_the_password_and_the_table_settings(camille):
    profile, html = shown(signed_in(camille), profile_url(camille))

    settings = section(profile, AccountSettings)
    assert settings is not None
    assert f'href="{reverse("accounts:password_change")}"' in html
    assert f'action="{reverse("accounts:preferences")}"' in html
    assert 'name="next" value="/joueurs/camille/?reglages=enregistres"' in html
    assert 'name="speed" value="normale" checked' in html
    assert section(profile, KeepAsAccount) is None


def test_the_settings_form_saves_and_comes_back_to_the_profile_saying_so(camille):
    client = signed_in(camille)
    _profile, html = shown(client, profile_url(camille))
    assert "Réglages enregistrés." not in html

    response = client.post(
        reverse("accounts:preferences"),
        {
            "speed": "rapide",
            "card_size": "grande",
            "sounds": "on",
            "next": f"{profile_url(camille)}?reglages=enregistres",
        },
    )

    assert response.status_code == 302
    assert response["Location"] == "/joueurs/camille/?reglages=enregistres"
    _profile, html = shown(client, response["Location"])
    assert "Réglages enregistrés." in html
    assert 'name="speed" value="rapide" checked' in html
    assert 'name="card_size" value="grande" checked' in html
    assert 'name="sounds" checked' in html and 'name="auto_play" checked' not in html


def test_a_profile_costs_the_same_few_queries_however_many_games(
    camille, django_assert_max_num_queries
):
    owner = Owner(user_id=camille.pk)
    for seed in range(12):
        recorded_game(owner, hands=1, seed=seed)
    client = signed_in(camille)

    # Session and user, the account, the tutorial (2), the statistics (4), the recent
    # games, the settings, the ratings (2: both lengths' ratings and their histories).
    with django_assert_max_num_queries(13):
        profile, _html = shown(client, profile_url(camille))

    recent = section(profile, RecentGames)
    assert recent is not None and len(recent.games) == 5


# -- Someone else's profile ----------------------------------------------------------------


@pytest.mark.parametrize("who", ["another_account", "guest", "anonymous"])
def test_another_players_profile_shows_the_figures_but_no_replay_links(
    camille, camilles_games, who, guest
):
    viewer = {
        "another_account": signed_in(account("sacha")),
        "guest": guest,
        "anonymous": Client(),
    }[who]

    profile, html = shown(viewer, profile_url(camille))

    figures = section(profile, Figures)
    assert figures is not None
    assert figures.stats == player_stats(Owner(user_id=camille.pk))
    assert figures.stats_url is None
    assert (profile.name, profile.own) == ("camille", False)
    recent = section(profile, RecentGames)
    assert recent is not None and len(recent.games) == len(camilles_games)
    assert all(game.replay_url is None for game in recent.games)
    for game in camilles_games:
        assert f"/partie/{game.pk}/" not in html
    assert "Seuls les joueurs d’une partie peuvent la revoir." in html
    # Nothing of the owner's account.
    assert section(profile, AccountSettings) is None
    assert reverse("accounts:preferences") not in html
    assert "Réglages" not in html.split('id="profile-title"')[1]


def test_a_live_table_you_sat_at_is_linked_on_the_other_players_profile(camille):
    friend, stranger = account("bruno"), account("sacha")
    live = recorded_game(Owner(user_id=camille.pk), hands=1, kind=Game.Kind.LIVE, winner=2)
    solo = recorded_game(Owner(user_id=camille.pk), hands=1, seed=5)
    LiveTable.objects.create(game=live, token="table-de-camille")
    Seat.objects.bulk_create(
        [
            Seat(game=live, number=0, user=camille, name="camille"),
            Seat(game=live, number=1, is_bot=True, name="Léa"),
            Seat(game=live, number=2, user=friend, name="bruno"),
            Seat(game=live, number=3, is_bot=True, name="Chloé"),
        ]
    )

    _profile, html = shown(signed_in(friend), profile_url(camille))
    assert replay_url(live) in html and replay_url(solo) not in html
    _profile, html = shown(signed_in(stranger), profile_url(camille))
    assert replay_url(live) not in html

    # On the friend's own profile the table is theirs, from their seat.
    profile, _html = shown(signed_in(friend), profile_url(friend))
    recent = section(profile, RecentGames)
    assert recent is not None
    [game] = recent.games
    assert (game.result, game.points, game.label) == ("won", live.totals[2], "Entre amis")
    assert game.replay_url == replay_url(live)


def test_an_unknown_or_deactivated_player_is_a_french_404(client, camille):
    User.objects.create_user("parti", password=PASSWORD, is_active=False)
    # Usernames are case-sensitive, as at login: « Camille » is not camille.

    for username in ("personne", "parti", "Camille"):
        response = client.get(f"/joueurs/{username}/")
        assert response.status_code == 404
        html = response.content.decode()
        assert "Joueur introuvable" in html
        assert f"Aucun joueur ne s’appelle « {username} »" in html


@pytest.mark.parametrize(
    "path", ["/joueurs/%00/", "/joueurs/a%20b/", "/joueurs/a/b/", "/joueurs/x" + "y" * 150 + "/"]
)
def test_an_address_no_username_could_have_is_not_found_before_any_query(
    client, path, django_assert_num_queries
):
    with django_assert_num_queries(0):
        response = client.get(path)

    assert response.status_code == 404
    assert "Page introuvable" in response.content.decode()


def test_every_username_sign_up_accepts_has_its_profile(client):
    for username in ("marie.dupont+1@x-y_z", "élodie", "Zoé-75"):
        user = account(username)
        profile, _html = shown(client, profile_url(user))
        assert profile.name == username


def test_a_post_to_a_profile_is_refused_with_the_reason(client, camille):
    for url in (profile_url(camille), GUEST_PROFILE, reverse("players:mine")):
        response = client.post(url)
        assert response.status_code == 405
        assert response.content.decode() == "Un profil se consulte seulement : rien ne s’y envoie."


# -- The guest's profile -------------------------------------------------------------------


def test_the_guest_profile_shows_the_visitors_own_games_as_invite(guest, other_guest):
    me = owner_of_client(guest)
    mine = recorded_game(me, hands=2, seed=1)
    theirs = recorded_game(owner_of_client(other_guest), hands=2, seed=2)

    profile, html = shown(guest, GUEST_PROFILE)

    assert (profile.name, profile.guest, profile.own) == ("Invité", True, True)
    figures = section(profile, Figures)
    assert figures is not None and figures.stats == player_stats(me)
    assert figures.stats.overall.played == 1
    assert replay_url(mine) in html and replay_url(theirs) not in html
    # The way to keep it: sign up or log in, coming back to one's own profile.
    assert section(profile, KeepAsAccount) is not None
    assert f'href="{reverse("accounts:signup")}?next=/joueurs/"' in html
    assert f'href="{reverse("accounts:login")}?next=/joueurs/"' in html
    assert "Créez un compte pour le garder" in html
    assert section(profile, AccountSettings) is None
    assert reverse("accounts:preferences") not in html


def test_a_visitor_without_a_game_gets_an_empty_guest_profile_and_no_session(client):
    profile, html = shown(client, GUEST_PROFILE)

    figures = section(profile, Figures)
    assert figures is not None and figures.stats.empty
    assert "Aucune partie terminée pour l’instant." in html
    assert GUEST_SESSION_KEY not in client.session


def test_signing_up_from_the_guest_profile_keeps_it_under_the_account(guest):
    game = recorded_game(owner_of_client(guest), hands=1)

    response = guest.post(
        reverse("accounts:signup") + "?next=/joueurs/",
        {"username": "noa", "password1": PASSWORD, "password2": PASSWORD, "next": "/joueurs/"},
    )
    assert response.status_code == 302 and response["Location"] == "/joueurs/"
    response = guest.get("/joueurs/")
    assert response["Location"] == "/joueurs/noa/"

    _profile, html = shown(guest, "/joueurs/noa/")
    assert replay_url(game) in html


def test_the_own_profile_address_depends_on_who_asks(camille, guest):
    assert guest.get("/joueurs/")["Location"] == GUEST_PROFILE
    member = signed_in(camille)
    assert member.get("/joueurs/")["Location"] == "/joueurs/camille/"
    # A signed-in player's guest games followed the account: their profile is the account's.
    assert member.get(GUEST_PROFILE)["Location"] == "/joueurs/camille/"


# -- The header ----------------------------------------------------------------------------


def test_the_headers_username_links_to_the_profile(camille):
    client = signed_in(camille)

    home = client.get(reverse("game:home")).content.decode()
    assert '<a class="account-name" href="/joueurs/camille/" title="Mon profil">camille</a>' in home
    _profile, html = shown(client, profile_url(camille))
    assert 'class="account-name" href="/joueurs/camille/" aria-current="page"' in html


def test_the_history_links_to_the_visitors_own_profile(guest):
    html = guest.get(reverse("review:history")).content.decode()

    assert f'href="{reverse("players:mine")}">Mon profil</a>' in html


# -- The tutorial --------------------------------------------------------------------------


def test_the_tutorial_shows_as_completed_with_its_date_once_finished(camille):
    owner = Owner(user_id=camille.pk)
    client = signed_in(camille)
    profile, html = shown(client, profile_url(camille))
    tutorial = section(profile, TutorialProgress)
    assert tutorial is not None and tutorial.completed_on is None and tutorial.offer_it
    assert "Tutoriel pas encore terminé." in html
    assert f'href="{reverse("tutorial:index")}"' in html.split('id="profile-title"')[1]

    follow_the_hint(tutorial_services.start_tutorial(owner=owner), owner)

    profile, html = shown(client, profile_url(camille))
    tutorial = section(profile, TutorialProgress)
    completion = TutorialCompletion.objects.get(user=camille).completed_at
    assert tutorial is not None and tutorial.completed_on is not None
    assert abs(tutorial.completed_on - completion) < timedelta(seconds=5)
    assert "Tutoriel terminé ✓" in html
    local = timezone.localtime(tutorial.completed_on)
    assert f'<time datetime="{local.isoformat()}">{local.day} ' in html
    # Others see it too, without the way in.
    profile, html = shown(Client(), profile_url(camille))
    assert "Tutoriel terminé ✓" in html
    tutorial = section(profile, TutorialProgress)
    assert tutorial is not None and not tutorial.offer_it


def test_the_tutorials_date_is_the_first_finish_whichever_record_holds_it(camille):
    """A guest's finish has no TutorialCompletion: the finished tutorial game is the date;
    an account has both once its guest games followed it, and the earlier one counts."""
    guest = Owner(guest_id=uuid.uuid4())
    long_ago = timezone.now() - timedelta(days=30)
    lesson = recorded_game(guest, hands=1, kind=Game.Kind.TUTORIAL)
    Game.objects.filter(pk=lesson.pk).update(finished_at=long_ago)
    unfinished = recorded_game(guest, hands=1, kind=Game.Kind.TUTORIAL, finished=False)
    assert unfinished.finished_at is None
    client = Client()
    session = client.session
    session[GUEST_SESSION_KEY] = str(guest.guest_id)
    session.save()

    profile, _html = shown(client, GUEST_PROFILE)
    tutorial = section(profile, TutorialProgress)
    assert tutorial is not None and tutorial.completed_on == long_ago

    # The same guest signs up, and plays it again as camille: the first finish stays.
    Game.objects.filter(guest_id=guest.guest_id).update(owner=camille)
    TutorialCompletion.objects.create(user=camille)
    profile, _html = shown(Client(), profile_url(camille))
    tutorial = section(profile, TutorialProgress)
    assert tutorial is not None and tutorial.completed_on == long_ago


# -- In English ----------------------------------------------------------------------------


def switch_to_english(client: Client) -> None:
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert response.status_code == 302


def test_the_profile_in_english(camille, camilles_games, guest):
    client = signed_in(camille)
    TutorialCompletion.objects.create(user=camille)
    switch_to_english(client)

    _profile, html = shown(client, profile_url(camille))

    assert '<html lang="en">' in html
    for text in (
        "Member since",
        "Tutorial completed ✓",
        "Against the bots",
        "Finished games",
        "Average points per hand",
        "Moons shot",
        "Latest games",
        "Your account",
        "Change password",
        "Save the settings",
    ):
        assert text in html, text
    assert "Contre les robots" not in html and "Dernières parties" not in html

    switch_to_english(guest)
    _profile, html = shown(guest, GUEST_PROFILE)
    for text in ("Guest", "Keep your profile", "Create an account", "Tutorial not completed yet."):
        assert text in html, text
    response = guest.get("/joueurs/personne/")
    assert "Player not found" in response.content.decode()
    _profile, html = shown(guest, profile_url(camille))
    assert "Only a game’s players can replay it." in html
