"""Production refuses unsafe settings and passes Django's deploy check; every response
carries the Content-Security-Policy (with a nonce for the one inline script), the
Permissions-Policy and the other headers of docs/security.md."""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import path, reverse

from config import env, urls as site_urls
from tests.review.builders import recorded_game
from tests.visits import owner_of_client, start_game

TEMPLATES = Path(settings.BASE_DIR) / "templates"
PRODUCTION_KEY = secrets.token_urlsafe(48)  # 64 characters


def run_settings(environ: dict[str, str], code: str) -> subprocess.CompletedProcess[str]:
    """`code` run in a fresh interpreter with the site's settings under `environ` (on top
    of this run's environment, minus the variables the settings read)."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("DJANGO_") and k not in {"DATABASE_URL", "REDIS_URL"}
    }
    clean |= {"DJANGO_SETTINGS_MODULE": "config.settings", **environ}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=settings.BASE_DIR,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )


READ_SETTINGS = """
import json, django
django.setup()
from django.conf import settings as s
names = [
    "DEBUG", "SECURE_PROXY_SSL_HEADER", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD", "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE", "LANGUAGE_COOKIE_SECURE", "SECURE_CSP", "ALLOWED_HOSTS",
]
print(json.dumps({name: getattr(s, name, None) for name in names}))
"""


def settings_under(environ: dict[str, str]) -> dict:
    result = run_settings(environ, READ_SETTINGS)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


PRODUCTION = {"DJANGO_ENV": "production", "DJANGO_SECRET_KEY": PRODUCTION_KEY}


# --- Production refuses to start unsafe --------------------------------------------------


def test_production_with_debug_on_refuses_to_start():
    result = run_settings({**PRODUCTION, "DJANGO_DEBUG": "1"}, "import django; django.setup()")

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "DJANGO_DEBUG" in result.stderr and "refusing to start" in result.stderr


def test_refuse_unsafe_production_only_refuses_debug_in_production():
    with pytest.raises(ImproperlyConfigured, match="DJANGO_DEBUG"):
        env.refuse_unsafe_production(production=True, debug=True)
    env.refuse_unsafe_production(production=True, debug=False)
    env.refuse_unsafe_production(production=False, debug=True)


@pytest.mark.parametrize(
    "key",
    ["x" * 49, secrets.token_urlsafe(30), "ab" * 40, "django-insecure-" + "k3y!" * 12],
    ids=["short", "random-40-characters", "repeated", "django-insecure"],
)
def test_production_refuses_a_weak_secret_key(tmp_path, key):
    with pytest.raises(ImproperlyConfigured, match="at least 50 characters"):
        env.secret_key(
            environ={"DJANGO_SECRET_KEY": key}, key_file=tmp_path / "key", production=True
        )


def test_a_short_secret_key_still_does_for_development(tmp_path):
    key = env.secret_key(
        environ={"DJANGO_SECRET_KEY": "court"}, key_file=tmp_path / "key", production=False
    )

    assert key == "court"


def test_the_site_refuses_to_start_in_production_with_a_short_secret_key():
    result = run_settings(
        {"DJANGO_ENV": "production", "DJANGO_SECRET_KEY": "trop-court"},
        "import django; django.setup()",
    )

    assert result.returncode != 0
    assert "at least 50 characters" in result.stderr


def test_the_deploy_check_finds_nothing_in_production():
    result = run_settings(
        {**PRODUCTION, "DJANGO_ALLOWED_HOSTS": "example.org"},
        "import sys; from django.core.management import execute_from_command_line; "
        "execute_from_command_line(['manage.py', 'check', '--deploy'])",
    )

    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout, (
        result.stdout + result.stderr
    )


# --- HTTPS in production, and the proxy switch -------------------------------------------


def test_production_redirects_to_https_with_hsts_and_secure_cookies():
    values = settings_under(PRODUCTION)

    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SECURE_HSTS_SECONDS"] == 365 * 24 * 3600
    assert values["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True
    assert values["SECURE_HSTS_PRELOAD"] is True
    assert values["SESSION_COOKIE_SECURE"] is True
    assert values["CSRF_COOKIE_SECURE"] is True
    assert values["LANGUAGE_COOKIE_SECURE"] is True


def test_production_does_not_trust_x_forwarded_proto_unless_told_to():
    assert settings_under(PRODUCTION)["SECURE_PROXY_SSL_HEADER"] is None


def test_the_load_tests_environment_trusts_the_proxys_header():
    values = settings_under(
        {
            **PRODUCTION,
            "DJANGO_SECURE_PROXY_SSL_HEADER": "1",
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        }
    )

    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert values["ALLOWED_HOSTS"] == ["127.0.0.1"]
    assert values["DEBUG"] is False


def test_development_serves_plain_http():
    values = settings_under({})

    assert values["SECURE_SSL_REDIRECT"] is False
    assert values["SECURE_HSTS_SECONDS"] == 0
    assert values["LANGUAGE_COOKIE_SECURE"] is False
    assert values["SECURE_PROXY_SSL_HEADER"] is None
    assert values["SECURE_CSP"], "the CSP is on in every environment"


def test_hsts_seconds_can_be_lowered_for_a_first_deployment():
    assert (
        settings_under({**PRODUCTION, "DJANGO_HSTS_SECONDS": "300"})["SECURE_HSTS_SECONDS"] == 300
    )


# --- Headers on every response ------------------------------------------------------------


def csp_of(response: HttpResponse) -> dict[str, list[str]]:
    policy = response["Content-Security-Policy"]
    return {
        name: values for name, *values in (directive.split() for directive in policy.split(";"))
    }


def nonce_of(response: HttpResponse) -> str | None:
    for value in csp_of(response)["script-src"]:
        if value.startswith("'nonce-"):
            return value.removeprefix("'nonce-").removesuffix("'")
    return None


def test_every_page_has_the_content_security_policy(db, client):
    response = client.get(reverse("game:home"))

    policy = csp_of(response)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"][0] == "'self'" and len(policy["script-src"]) == 2
    assert "'unsafe-inline'" not in response["Content-Security-Policy"]
    assert "'unsafe-eval'" not in response["Content-Security-Policy"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"]
    assert policy["form-action"] == ["'self'"]


def test_the_nonce_is_new_for_each_response_and_is_the_inline_scripts(db, client):
    first, second = client.get("/"), client.get("/")

    assert nonce_of(first) != nonce_of(second)
    page = first.content.decode()
    assert f'<script nonce="{nonce_of(first)}">document.documentElement' in page
    assert f'src="/static/django_htmx/htmx-2.min.js" defer nonce="{nonce_of(first)}"' in page


def test_the_other_security_headers(db, client):
    response = client.get(reverse("pages:rules"))

    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    permissions = response["Permissions-Policy"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in permissions


def test_the_cookies_are_samesite_lax_and_the_language_cookie_httponly(db, client):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})

    language = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert language["samesite"] == "Lax"
    assert language["httponly"]
    assert settings.SESSION_COOKIE_SAMESITE == "Lax"
    assert settings.CSRF_COOKIE_SAMESITE == "Lax"
    assert settings.SESSION_COOKIE_HTTPONLY is True
    session = Client()
    start_game(session)
    assert session.cookies[settings.SESSION_COOKIE_NAME]["samesite"] == "Lax"


# --- No inline script, handler or style the policy would refuse ---------------------------


class InlineCode(HTMLParser):
    """What a page holds that a CSP without 'unsafe-inline' refuses unless it has the nonce."""

    def __init__(self) -> None:
        super().__init__()
        self.refused: list[str] = []
        self.nonces: set[str | None] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        for name, _ in attrs:
            if name.startswith("on"):
                self.refused.append(f"<{tag} {name}=…>")
            if name == "style":
                self.refused.append(f"<{tag} style=…>")
        # A data block (json_script's application/json) is never run: no nonce needed.
        runs = (named.get("type") or "text/javascript") in {"text/javascript", "module"}
        if (tag == "style" or (tag == "script" and runs)) and "src" not in named:
            self.nonces.add(named.get("nonce"))
        if tag == "a" and (named.get("href") or "").lower().startswith("javascript:"):
            self.refused.append("<a href=javascript:…>")


def inline_code(page: str) -> InlineCode:
    parser = InlineCode()
    parser.feed(page)
    return parser


def test_no_template_has_an_event_handler_or_a_style_attribute():
    offenders = []
    for template in sorted(TEMPLATES.rglob("*.html")):
        text = re.sub(r"\{#.*?#\}", "", template.read_text())  # comments are not sent
        if re.search(r"<[a-z][^>]*\son[a-z]+\s*=", text) or re.search(r"<[^>]*\sstyle\s*=", text):
            offenders.append(template.relative_to(TEMPLATES))
        for tag in re.findall(r"<(?:script|style)\b[^>]*>", text):
            if "src=" not in tag and "csp_nonce" not in tag and "application/json" not in tag:
                offenders.append(f"{template.relative_to(TEMPLATES)}: {tag}")
    assert offenders == []


def test_pages_hold_no_inline_code_without_the_responses_nonce(db, guest):
    game = start_game(guest)
    finished = recorded_game(owner_of_client(guest))
    urls = [
        reverse("game:home"),
        reverse("pages:rules"),
        reverse("pages:tips"),
        reverse("game:table", args=[game.pk]),
        reverse("review:history"),
        reverse("review:stats"),
        reverse("review:replay", args=[finished.pk]),
        reverse("accounts:signup"),
        reverse("accounts:login"),
        reverse("tutorial:start"),
        "/nulle-part/",
    ]
    for url in urls:
        response = guest.get(url, follow=True)
        found = inline_code(response.content.decode())
        assert found.refused == [], url
        assert found.nonces <= {nonce_of(response)}, url


# --- The 500 page's inline style is allowed by its nonce ----------------------------------


def boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("boom")


urlpatterns = [path("boom/", boom), *site_urls.urlpatterns]
handler500 = site_urls.handler500


@pytest.mark.urls(__name__)
def test_the_500_page_is_allowed_its_inline_style(db):
    response = Client(raise_request_exception=False).get("/boom/")

    assert response.status_code == 500
    nonce = csp_of(response)["style-src"][-1].removeprefix("'nonce-").removesuffix("'")
    assert f'<style nonce="{nonce}">' in response.content.decode()
