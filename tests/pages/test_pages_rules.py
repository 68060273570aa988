import pytest
from django.urls import reverse


@pytest.fixture
def rules_url() -> str:
    return reverse("pages:rules")


def test_the_rules_live_at_a_french_address(rules_url):
    assert rules_url == "/regles/"


@pytest.mark.django_db
def test_a_guest_reads_the_rules_in_french(client, rules_url):
    response = client.get(rules_url)

    assert response.status_code == 200
    page = response.content.decode()
    assert '<html lang="fr">' in page
    assert "<h1>Règles du jeu</h1>" in page
    assert "Pas de points au premier pli" in page
    assert "La dame de pique n’ouvre pas les cœurs" in page
    assert "Passer à gauche" in page
    assert "Pas de passe cette manche" in page


@pytest.mark.django_db
def test_the_rules_give_a_scoring_example_and_the_moon(client, rules_url):
    page = client.get(rules_url).content.decode()

    assert "la dame de pique et 3 cœurs" in page
    assert "Tirer la lune" in page
    assert "chacun des trois autres marque 26" in page


@pytest.mark.django_db
def test_the_rules_show_when_a_game_ends(client, rules_url):
    page = client.get(rules_url).content.decode()

    assert "Totaux 100, 40, 40 et 90 : on continue." in page
    assert "Totaux 104, 60, 75 et 88 : la partie est finie." in page
    assert "le joueur à 60 gagne" in page


@pytest.mark.django_db
def test_the_rules_link_to_the_tips(client, rules_url):
    page = client.get(rules_url).content.decode()

    assert f'href="{reverse("pages:tips")}"' in page


@pytest.mark.django_db
def test_a_signed_in_user_reads_the_rules_too(client, rules_url, django_user_model):
    client.force_login(django_user_model.objects.create_user(username="marie"))

    response = client.get(rules_url)

    assert response.status_code == 200
    assert "<h1>Règles du jeu</h1>" in response.content.decode()


def test_the_rules_page_refuses_a_post(client, rules_url):
    assert client.post(rules_url).status_code == 405
