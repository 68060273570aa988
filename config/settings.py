"""Settings for Dame de Pique, read from the environment (see docs/deploy.md, « Configuration »).

DJANGO_ENV          "production": refuses to start with DEBUG on or without a secret key of
                    50 characters; HTTPS only (redirect, HSTS, secure cookies); Django stops
                    serving static files by default. Anything else: development.
DJANGO_DEBUG        1 turns DEBUG on (never by default, never in production).
DJANGO_SECRET_KEY   required in production; otherwise a key is made once into .secret_key.
DJANGO_ALLOWED_HOSTS, DJANGO_CSRF_TRUSTED_ORIGINS   comma-separated lists.
DJANGO_SECURE_PROXY_SSL_HEADER  1: trust X-Forwarded-Proto from the proxy in front (TLS ends
                    there). Off by default: without such a proxy anyone could send it.
DJANGO_HSTS_SECONDS production's Strict-Transport-Security max-age (default one year).
DJANGO_SERVE_STATIC 1/0: the application serves /static/ (ServeStatic; default: on outside
                    production, where the front server does).
DJANGO_STATIC_COLLECTED 1/0: /static/ is what `collectstatic` wrote into staticfiles/:
                    hashed names cached for a year, Brotli and gzip copies (`make run` and
                    production). 0 (the tests' default): straight from static/, as written.
DATABASE_URL        postgres://user:password@host:5432/name; default SQLite db.sqlite3.
DATABASE_POOL_MAX_SIZE, DATABASE_POOL_TIMEOUT   PostgreSQL's connection pool (default 8, 5 s).
REDIS_URL           redis://host:6379/0 for the channel layer; default in-memory.
TABLE_CLOCK_IN_PROCESS  1/0: the live tables' clock runs in each Daphne process (default:
                    on without REDIS_URL; with it, `manage.py tableclock` runs it).

docs/security.md explains each security setting below.
"""

import os
from datetime import timedelta
from pathlib import Path

from django.utils.csp import CSP

from config import env

BASE_DIR = Path(__file__).resolve().parent.parent

PRODUCTION = os.environ.get("DJANGO_ENV", "").strip().lower() == "production"
DEBUG = env.env_bool("DJANGO_DEBUG", default=False)
env.refuse_unsafe_production(production=PRODUCTION, debug=DEBUG)
SECRET_KEY = env.secret_key(
    environ=os.environ, key_file=BASE_DIR / ".secret_key", production=PRODUCTION
)
ALLOWED_HOSTS = env.env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    # First, so that `manage.py runserver` is Daphne's ASGI server.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    # The table (package play, app label "game": play.apps), then the apps built on it.
    "play",
    "review",
    "tutorial",
    "tables",
    "ranked",
    "offline",
    "accounts",
    "players",
    "pages",
]

MIDDLEWARE = [
    # First: a post's body read before a client's disconnect can close it (config/middleware.py).
    "config.middleware.BodyFirstMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Django's own Content-Security-Policy (SECURE_CSP below), with a nonce per response.
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    # A pool with no connection free in time: the French 503 (config/middleware.py).
    "config.middleware.DatabaseBusyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After SessionMiddleware, so that its renewal is saved by it (config/middleware.py).
    "config.middleware.SessionRenewalMiddleware",
    "config.middleware.ChosenLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its lockout response.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
# A refused CSRF token (a page left open too long, cookies cleared): a French page that
# says to reload (templates/403_csrf.html), rendered with the request like any page.
CSRF_FAILURE_VIEW = "pages.views.csrf_failure"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                # csp_nonce: the nonce of an inline <script> or <style> (docs/security.md).
                "django.template.context_processors.csp",
                # preferences_json / preferences_form: the visitor's table settings, read
                # only by a template that shows them (accounts/context_processors.py).
                "accounts.context_processors.preferences",
            ],
        },
    },
]

DATABASES = {"default": env.database_from_url(os.environ.get("DATABASE_URL"), base_dir=BASE_DIR)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CHANNEL_LAYERS = env.channel_layers(os.environ.get("REDIS_URL"))
# The live tables' clock (tables.clock) runs inside each Daphne process unless a worker of
# its own does (`manage.py tableclock`, which `make run` starts when REDIS_URL is set):
# with the in-memory channel layer only the serving process reaches its sockets.
TABLE_CLOCK_IN_PROCESS = env.env_bool(
    "TABLE_CLOCK_IN_PROCESS", default=not os.environ.get("REDIS_URL", "").strip()
)

# Login throttling (django-axes, docs/security.md): after AXES_FAILURE_LIMIT failed
# attempts for one account, or from one IP address, further attempts are refused for
# AXES_COOLOFF_TIME before the password is even hashed. The site's login and the admin's.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "accounts.views.locked_out"
# The username axes records, cut to its column's 255 characters: a longer one (a crafted
# post) made PostgreSQL refuse the write and the login page a 500.
AXES_USERNAME_CALLABLE = "accounts.views.attempted_username"
AXES_VERBOSE = False

# The cache holds the per-visitor limits on costly actions (play.limits): Redis, shared by
# every process, when REDIS_URL is set; otherwise this process's memory, which is enough
# for `make run`'s single process.
CACHES = env.caches(os.environ.get("REDIS_URL"))

LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    # Ten spaces pass every check above: refused with its own French message.
    {"NAME": "accounts.validators.NotOnlySpacesValidator"},
]

# Sessions (docs/security.md, « Sessions »): in the database, the guest's games hang on
# theirs. A session lasts SESSION_COOKIE_AGE after it was last saved; a session in use is
# saved again (a new expiry and cookie) when it was saved more than
# SESSION_RENEWAL_INTERVAL ago (config.middleware.SessionRenewalMiddleware), so an idle
# guest keeps their games between 13 and 14 days after their last visit, and an active one
# keeps them, for one write a day at most. A malformed cookie is no session (config.sessions).
SESSION_ENGINE = "config.sessions"
SESSION_COOKIE_AGE = int(timedelta(days=14).total_seconds())
SESSION_RENEWAL_INTERVAL = timedelta(days=1)
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"

# French first (docs/architecture.md, « The product »); English is offered, nothing else.
LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", "Français"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The « FR / EN » choice: read by the server only (config.middleware), so no script may.
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_SECURE = PRODUCTION
USE_I18N = True
TIME_ZONE = "Europe/Paris"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# ServeStatic (a maintained WhiteNoise fork with ASGI support, picked so that Daphne can
# serve the offline game's files compressed without a front server) answers /static/ in
# the application, so that `make run` works with DEBUG off; a production deployment may
# let the front server answer instead (deploy/nginx).
SERVE_STATIC = env.env_bool("DJANGO_SERVE_STATIC", default=not PRODUCTION)
# After collectstatic (make run does it): names with their content's hash, cached for a
# year (a new release is new names: nothing stale survives it), each with .br and .gz
# copies that ServeStatic picks by the browser's Accept-Encoding. Without it (the tests, a
# fresh checkout) the files come from static/ as they are, found like runserver finds them
# (config/urls.py).
STATIC_COLLECTED = env.env_bool("DJANGO_STATIC_COLLECTED", default=PRODUCTION)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "config.static_storage.IncrementalCompressedManifestStorage"
        if STATIC_COLLECTED
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
if SERVE_STATIC and STATIC_COLLECTED:
    # Just after the security headers, before the session and the rest: a static file
    # needs none of them. Before collectstatic, Django's finders view serves /static/
    # instead (config/urls.py): ServeStatic's own finders mode, an async-only middleware
    # scanning the finders on every request, made each test request 60 % slower.
    MIDDLEWARE.insert(
        MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1,
        "servestatic.middleware.ServeStaticMiddleware",
    )

# --- Security headers and HTTPS (docs/security.md) ---------------------------------------

# Behind a proxy that ends TLS (nginx, a load balancer), Django sees plain HTTP: with
# DJANGO_SECURE_PROXY_SSL_HEADER=1 it believes the proxy's X-Forwarded-Proto instead. Off
# by default: without such a proxy, any client could send that header and pass for HTTPS.
# The proxy must set the header itself, overwriting whatever the client sent.
if env.env_bool("DJANGO_SECURE_PROXY_SSL_HEADER", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

if PRODUCTION:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = True
    # One year (DJANGO_HSTS_SECONDS, 0 turns it off). Subdomains included: every host under
    # the site's name is HTTPS too, or must become so, before this is deployed. `preload`
    # only permits listing the domain in the browsers' HSTS preload list; nothing is listed
    # unless the domain's owner submits it at hstspreload.org.
    SECURE_HSTS_SECONDS = env.env_int("DJANGO_HSTS_SECONDS", 365 * 24 * 3600, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

# Django's defaults, stated (the deployment checklist and OWASP ask for them).
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy, in every environment (docs/security.md, « CSP »): scripts and
# styles from this site only, an inline one only with the response's nonce
# ({{ csp_nonce }}); the favicon is a data: URL; no plugin, no frame, no other base or
# form target.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.NONCE],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# Permissions-Policy (django-permissions-policy): the site uses none of these browser
# features, so no page, nor anything injected into one, may ask for them.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "autoplay",
        "browsing-topics",
        "camera",
        "display-capture",
        "encrypted-media",
        "geolocation",
        "gyroscope",
        "hid",
        "idle-detection",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "screen-wake-lock",
        "serial",
        "usb",
        "xr-spatial-tracking",
    )
}

# Errors reach the console whatever DEBUG says (Django's own console handler only logs with
# DEBUG on): a 500 under Daphne must leave its traceback in the server's output.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"client_errors_on_one_line": {"()": "config.log_filters.ClientErrorsOnOneLine"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            # A refused request (4xx) is one line, without its traceback.
            "filters": ["client_errors_on_one_line"],
        }
    },
    "root": {"handlers": ["console"], "level": "WARNING"},
    # channels-redis says at INFO, and only then, that a group's message found a process's
    # queue full and was dropped: a live table's news lost for that process's sockets.
    "loggers": {"channels_redis": {"level": "INFO"}},
}
