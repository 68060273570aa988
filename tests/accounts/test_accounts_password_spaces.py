"""A password of nothing but spaces is refused in French (accounts.validators), at sign-up
and at a password change; nothing is created or changed."""

import pytest
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.urls import reverse

from accounts.validators import NotOnlySpacesValidator

SPACES = " " * 10
REFUSAL = "Le mot de passe ne peut pas être fait que d’espaces."
PASSWORD = "pique-et-coeur-1852"


@pytest.mark.parametrize("password", [SPACES, " " * 30, "\t \n" * 4])
def test_blanks_only_are_refused_with_a_french_message(password):
    with pytest.raises(ValidationError) as refused:
        NotOnlySpacesValidator().validate(password)

    assert refused.value.messages == [REFUSAL]
    assert refused.value.error_list[0].code == "password_only_spaces"


def test_a_password_with_spaces_and_something_else_is_fine():
    NotOnlySpacesValidator().validate("  la dame de pique  ")


def test_the_site_validates_passwords_with_it():
    with pytest.raises(ValidationError) as refused:
        validate_password(SPACES)

    assert REFUSAL in refused.value.messages


@pytest.mark.django_db
def test_signing_up_with_ten_spaces_is_refused_in_french(client):
    response = client.post(
        reverse("accounts:signup"),
        {"username": "marie", "password1": SPACES, "password2": SPACES},
    )

    assert response.status_code == 200
    assert REFUSAL in response.content.decode()
    assert not get_user_model().objects.filter(username="marie").exists()
    assert SESSION_KEY not in client.session


@pytest.mark.django_db
def test_changing_a_password_to_spaces_is_refused(client):
    user = get_user_model().objects.create_user("camille", password=PASSWORD)
    client.force_login(user)

    response = client.post(
        reverse("accounts:password_change"),
        {"old_password": PASSWORD, "new_password1": SPACES, "new_password2": SPACES},
    )

    assert response.status_code == 200
    assert REFUSAL in response.content.decode()
    user.refresh_from_db()
    assert user.check_password(PASSWORD)
