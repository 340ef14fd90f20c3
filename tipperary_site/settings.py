"""Settings for the Tipperary site, read from the environment.

With no variables set the site runs on embedded defaults that need nothing installed:
SQLite (WAL) under ``var/``, Celery on kombu's ``filesystem://`` transport under ``var/``, and
e-mail written to ``var/mail/`` and echoed to the console. Production sets ``DATABASE_URL``,
``CELERY_BROKER_URL``, ``EMAIL_HOST`` and friends, ``SECRET_KEY`` and ``DEBUG=0``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import dj_database_url
from celery.schedules import crontab
from csp.constants import NONE, SELF, UNSAFE_INLINE
from kombu import Queue
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from tipperary_site import logs
from tipperary_site.env import (
    ImproperlyConfiguredEnv,
    env_bool,
    env_cache,
    env_choice,
    env_int,
    env_list,
    env_str,
    env_url,
)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("VAR_DIR", str(BASE_DIR / "var")))

DEBUG = env_bool("DEBUG", True)
if DEBUG:
    SECRET_KEY = env_str("SECRET_KEY", "development-only-secret-key-never-use-in-production")
else:
    SECRET_KEY = env_str("SECRET_KEY")
    if len(SECRET_KEY) < 50:
        raise ImproperlyConfiguredEnv("SECRET_KEY must be at least 50 characters long.")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
SITE_URL = env_url("SITE_URL", "http://127.0.0.1:8000", ("http", "https")).rstrip("/")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [SITE_URL])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "django_celery_beat",
    "csp",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
]

MIDDLEWARE = [
    # First, so every line logged while answering (even a refusal below) carries the request id.
    "tipperary_site.request_id.request_id_middleware",
    "django.middleware.security.SecurityMiddleware",
    # A body over DATA_UPLOAD_MAX_MEMORY_SIZE gets a clear 413 before anything reads it.
    "tipperary_site.request_size.RequestSizeMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A game page's poll that finds nothing new is answered 204 here, from Redis or one query:
    # nothing below has anything to do for it (games/views/unchanged_poll.py).
    "games.views.unchanged_poll.UnchangedPollMiddleware",
    # Compresses pages and fragments (static files come compressed from WhiteNoise, above). It
    # sits above everything that writes a body, so what they write is what gets compressed.
    # BREACH needs a secret repeated in every response: Django masks the CSRF token anew for
    # each response, and the middleware pads each gzip stream at random, so none is.
    "tipperary_site.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language of every page: the switch's cookie, else the browser's Accept-Language
    # (a logged-in person's saved language, below, wins over both). Django's documented place.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Dates on every page in the viewer's zone (their profile's, else their browser's).
    "accounts.middleware.LocalTimeMiddleware",
    # A logged-in person's saved language, read with the person (accounts.backends).
    "accounts.middleware.PersonLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "csp.middleware.CSPMiddleware",
]
# How hard pages and fragments are compressed (zlib's 1-9; Django's own middleware uses 6): a
# game page packs at 4 in half the time for about a tenth more bytes (tipperary_site/gzip.py).
GZIP_LEVEL = 4
# Objects a web process allocates, less those freed, before Python's cycle collector looks at
# the young ones (Python's default: 700). A request leaves next to no cycles behind (the
# drawing's context is let go, tipperary_site/template_backend.py), so the collector would
# mostly walk the live table of the request under way: a thousand or so objects, once a request.
# Set by tipperary_site/wsgi.py.
GC_YOUNG_THRESHOLD = 10_000

ROOT_URLCONF = "tipperary_site.urls"
WSGI_APPLICATION = "tipperary_site.wsgi.application"

TEMPLATES = [
    {
        # Django's, letting go of a drawing's context once drawn (tipperary_site/template_backend).
        "BACKEND": "tipperary_site.template_backend.DjangoTemplates",
        "NAME": "django",  # as Django's own is named (template_partials adds its loader to it)
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                # LANGUAGES as settings names them (each in itself) for the footer's switch.
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.waiting.tables_waiting",
            ],
        },
    },
]

# Database -------------------------------------------------------------------------------------

_SQLITE_DEFAULT = f"sqlite:///{VAR_DIR / 'tipperary.sqlite3'}"
DATABASE_URL = env_url("DATABASE_URL", _SQLITE_DEFAULT, ("sqlite", "postgres", "postgresql"))
DATABASES = {
    "default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)
}
# PostgreSQL: each process shares a pool of at most DATABASE_POOL_SIZE connections among its
# threads (0: one persistent connection per thread instead). A process opens only as many as it
# has requests at once (gunicorn's 4 threads: 4) and keeps one when idle; README "Scaling out"
# has the figures. A database that does not answer fails a request within seconds.
DATABASE_POOL_SIZE = env_int("DATABASE_POOL_SIZE", 10, minimum=0)
DATABASE_CONNECT_TIMEOUT = env_int("DATABASE_CONNECT_TIMEOUT", 5, minimum=1)
DATABASE_PREPARED = env_bool("DATABASE_PREPARED", True)
#: Runs of the same statement on one connection before it is prepared (psycopg's default).
PREPARE_AFTER = 5
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    _options = DATABASES["default"].setdefault("OPTIONS", {})
    _options.setdefault("connect_timeout", DATABASE_CONNECT_TIMEOUT)
    if DATABASE_PREPARED:
        # A statement a connection has run a few times is prepared: PostgreSQL then skips
        # planning it, most of what a short indexed read costs it (the count of tables waiting
        # takes 0.7 ms to plan and 0.1 ms to run). Prepared statements need the parameters bound
        # on the server; off behind PgBouncer in transaction mode.
        _options["server_side_binding"] = True
        _options["prepare_threshold"] = PREPARE_AFTER
    if DATABASE_POOL_SIZE:
        # Django's pool needs CONN_MAX_AGE 0 (a closed connection goes back to the pool) and
        # checks a connection itself as it hands it out.
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        _options["pool"] = {
            "min_size": 1,
            "max_size": DATABASE_POOL_SIZE,
            "timeout": DATABASE_CONNECT_TIMEOUT,  # waiting for a free connection, too
        }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets the web process read while the worker writes; IMMEDIATE takes the write lock at
    # the start of each transaction so two writers queue up instead of failing mid-way.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Celery ---------------------------------------------------------------------------------------

_BROKER_FOLDER = VAR_DIR / "broker"
CELERY_BROKER_URL = env_url("CELERY_BROKER_URL", "filesystem://", ("filesystem", "redis", "rediss"))
if CELERY_BROKER_URL.startswith("filesystem://"):
    # kombu's, with each message written whole before a worker may read it.
    CELERY_BROKER_TRANSPORT = "tipperary_site.broker_files:Transport"
    CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {
        "data_folder_in": str(_BROKER_FOLDER),
        "data_folder_out": str(_BROKER_FOLDER),
        "processed_folder": str(VAR_DIR / "broker-processed"),
        "control_folder": str(VAR_DIR / "broker-control"),
        "store_processed": False,
        "polling_interval": 0.1,
    }
else:
    CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
CELERY_BROKER_CONNECTION_TIMEOUT = 3
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_TASK_DEFAULT_QUEUE", "tipperary")
# Mail has its own queue, so a slow mail server never delays a round's end. A worker started
# without -Q consumes both; production runs one worker per queue (see README, "Scaling out").
CELERY_MAIL_QUEUE = env_str("CELERY_MAIL_QUEUE", f"{CELERY_TASK_DEFAULT_QUEUE}-mail")
CELERY_TASK_QUEUES = (Queue(CELERY_TASK_DEFAULT_QUEUE), Queue(CELERY_MAIL_QUEUE))
CELERY_TASK_ROUTES = {
    "games.notifications": {"queue": CELERY_MAIL_QUEUE},
    "games.send_mail": {"queue": CELERY_MAIL_QUEUE},
}
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    # A lost "advance round" message must never stall a table.
    "advance-complete-games": {"task": "games.advance_complete_games", "schedule": 60.0},
    # Nobody waits past a deadline: the autopilot plays missing turns; old forming tables close.
    "sweep-deadlines": {"task": "games.sweep_deadlines", "schedule": 60.0},
    # A live table's deadline is kept to the second by a task sent for it; this sweep makes good
    # a lost one within seconds (expires: a backlog of sweeps is worth one run).
    "sweep-live-deadlines": {
        "task": "games.sweep_live_deadlines",
        "schedule": 3.0,
        "options": {"expires": 3.0},
    },
    # "Play now": as people wait, their bands widen and bots become due (joining runs it too).
    "match-players": {
        "task": "games.match_players",
        "schedule": 5.0,
        "options": {"expires": 5.0},
    },
    # Reminders, deadline warnings and digests written, then every due e-mail sent.
    "notifications": {"task": "games.notifications", "schedule": 60.0},
    # A lost "rate this table" message must never leave a finished table unrated.
    "rate-finished-games": {"task": "games.rate_finished_games", "schedule": 300.0},
    # A lost "review this game" message, or a worker that died in one, must not leave it waiting.
    "resume-reviews": {"task": "games.resume_reviews", "schedule": 300.0},
    # The weekly challenge's deal, as each ISO week begins (the week before is scored then).
    "open-challenge-week": {
        "task": "games.open_challenge_week",
        "schedule": crontab(minute=0, hour=0, day_of_week="monday"),
    },
    # ... and every minute, so a lost Monday message or a fresh site never leaves players
    # without this week's deal, nor an ended week unscored.
    "keep-challenge-weeks": {"task": "games.keep_challenge_weeks", "schedule": 60.0},
    # Tournaments start when sign-up closes, and move on when a round's message was lost.
    "keep-tournaments": {"task": "games.keep_tournaments", "schedule": 60.0},
    # /healthz: beat is sending, and a worker takes each queue.
    "heartbeat": {
        "task": "games.heartbeat",
        "schedule": 60.0,
        "args": [CELERY_TASK_DEFAULT_QUEUE],
        "options": {"queue": CELERY_TASK_DEFAULT_QUEUE, "expires": 60.0},
    },
    "heartbeat-mail": {
        "task": "games.heartbeat",
        "schedule": 60.0,
        "args": [CELERY_MAIL_QUEUE],
        "options": {"queue": CELERY_MAIL_QUEUE, "expires": 60.0},
    },
}
# Beat writes when it last sent each task after every send, so /healthz can tell it is alive.
CELERY_BEAT_SYNC_EVERY = 1
# How stale beat's last send or a queue's heartbeat may be before /healthz answers 503.
HEALTH_STALE_AFTER_SECONDS = env_int("HEALTH_STALE_AFTER_SECONDS", 300, minimum=60)

# Live pages -----------------------------------------------------------------------------------

# Where the site publishes "a table changed" and the stream process listens (Redis pub/sub):
# the broker's Redis by default; "off", or no Redis at all (make run's embedded default), leaves
# the pages on their poll alone.
_STREAMS_DEFAULT = CELERY_BROKER_URL if CELERY_BROKER_URL.startswith("redis") else "off"
STREAMS_REDIS_URL = env_str("STREAMS_REDIS_URL", _STREAMS_DEFAULT)
if STREAMS_REDIS_URL == "off":
    STREAMS_REDIS_URL = ""
else:
    STREAMS_REDIS_URL = env_url("STREAMS_REDIS_URL", STREAMS_REDIS_URL, ("redis", "rediss"))
# The origin the browser opens streams at: empty for the page's own (production: the proxy sends
# /games/…/events/ to the stream process), else e.g. http://127.0.0.1:8200 (make run, no proxy).
STREAMS_ORIGIN = env_str("STREAMS_ORIGIN", "").rstrip("/")
if STREAMS_ORIGIN:
    STREAMS_ORIGIN = env_url("STREAMS_ORIGIN", STREAMS_ORIGIN, ("http", "https")).rstrip("/")
# All streams share Django's one sync thread for their few reads (tipperary_site.asgi); 0 gives
# each its own, as Django does for any request, at about 70 KB and one thread a stream.
STREAMS_SHARED_THREAD = env_bool("STREAMS_SHARED_THREAD", True)

# E-mail ---------------------------------------------------------------------------------------

DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Tipperary <tables@tipperary.localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
EMAIL_HOST = env_str("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = env_int("EMAIL_PORT", 587, minimum=1)
    EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", EMAIL_PORT == 587)
    EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", EMAIL_PORT == 465)
    EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 20, minimum=1)
else:
    EMAIL_BACKEND = "tipperary_site.mail.FileAndConsoleBackend"
    EMAIL_FILE_PATH = str(VAR_DIR / "mail")
# Reminders: the one person a table waits for hears from us once this share (%) of the round's
# time has passed; everyone still to play gets a warning this many minutes before the deadline.
NOTIFY_LAST_TO_PLAY_PERCENT = env_int("NOTIFY_LAST_TO_PLAY_PERCENT", 50, minimum=1)
NOTIFY_DEADLINE_WARNING_MINUTES = env_int("NOTIFY_DEADLINE_WARNING_MINUTES", 120, minimum=1)
# A "your turn" mail waits this long, so a player still at the table who plays on gets none.
NOTIFY_TURN_GRACE_MINUTES = env_int("NOTIFY_TURN_GRACE_MINUTES", 5, minimum=0)
# A mail the server refuses is tried this many times (2, 8, 32 minutes … 12 hours apart: about
# three days); an unreachable server never counts against a mail.
NOTIFY_MAX_ATTEMPTS = env_int("NOTIFY_MAX_ATTEMPTS", 10, minimum=1)
# One send run stops after this many seconds and hands over to the next, so none runs long.
NOTIFY_SEND_SECONDS = env_int("NOTIFY_SEND_SECONDS", 45, minimum=1)
# A claimed mail is left to its sender this long before another run may take it over.
NOTIFY_CLAIM_MINUTES = 10
# A digest still goes out this many hours after the person's digest hour (a late scan sends it).
NOTIFY_DIGEST_WINDOW_HOURS = 3
# How long a one-click unsubscribe link works.
NOTIFY_UNSUBSCRIBE_DAYS = 90
# Mails sent, dropped or given up are deleted after this many days.
NOTIFY_KEEP_DAYS = 30
# Web push: the site's VAPID key pair (base64url; ``python manage.py push_keys`` makes one) and
# the contact push services may write to. Without both keys the site sends no push.
VAPID_PUBLIC_KEY = env_str("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY", "")
if bool(VAPID_PUBLIC_KEY) != bool(VAPID_PRIVATE_KEY):
    raise ImproperlyConfiguredEnv("Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.")
VAPID_SUBJECT = env_str("VAPID_SUBJECT", "mailto:tables@tipperary.localhost")
# A push service that does not answer within this many seconds is tried again later.
PUSH_TIMEOUT_SECONDS = env_int("PUSH_TIMEOUT_SECONDS", 10, minimum=1)

# Table talk -----------------------------------------------------------------------------------

# A person may write this many messages (over all tables) in this many seconds …
CHAT_RATE_MESSAGES = 5
CHAT_RATE_SECONDS = 60
# … and make this many mutes and unmutes together in this many seconds.
CHAT_MUTE_CHANGES = 10
CHAT_MUTE_SECONDS = 3600

# Cache ----------------------------------------------------------------------------------------

# allauth counts log-in, sign-up and reset attempts here, so every web process must share it:
# production sets CACHE_URL=redis://…; the default only suits a single process.
CACHES: dict[str, dict[str, Any]] = {"default": env_cache("CACHE_URL")}
if CACHES["default"]["LOCATION"].startswith(("redis://", "rediss://")):
    # A restarted Redis (gone for a moment, back empty) must fail no page: each cache call tries
    # to reach it again for about two seconds before it gives up (tests/drills/test_cache_lost.py).
    CACHES["default"]["OPTIONS"] = {"retry": Retry(ExponentialBackoff(cap=0.5, base=0.05), 6)}
# Sessions are read from the cache and written through to the database, so a request (above all
# the game page's poll) costs no session query while the cache holds it, and nobody is logged out
# when the cache is emptied. Only with a cache every process shares: with one per process, a
# log-out in one would leave the session alive in the others' caches.
SESSION_ENGINE = (
    "django.contrib.sessions.backends.cached_db"
    if CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    else "django.contrib.sessions.backends.db"
)

# Accounts -------------------------------------------------------------------------------------

# Django's and allauth's backends, reading the logged-in person with one plain query.
AUTHENTICATION_BACKENDS = [
    "accounts.backends.ModelBackend",
    "accounts.backends.AuthenticationBackend",
]
LOGIN_URL = "account_login"
# People come to play: after log-in (and after sign-up, which allauth sends to the same place)
# they land on the tables waiting for them.
LOGIN_REDIRECT_URL = "games:mine"
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# Where the adapter hands account mail (confirm an address, reset a password): the outbox, so a
# slow mail server never holds up a sign-up.
ACCOUNT_MAIL_QUEUE = "games.notifications.write.queue_account_mail"
ACCOUNT_FORMS = {
    "signup": "accounts.forms.SignupForm",
    "login": "accounts.forms.LoginForm",
    "add_email": "accounts.forms.AddEmailForm",
    "change_password": "accounts.forms.ChangePasswordForm",
    "reset_password": "accounts.forms.ResetPasswordForm",
    "reset_password_from_key": "accounts.forms.ResetPasswordKeyForm",
}
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
# Opening the link logs the new player in, but only in the browser that signed up and within
# allauth's ACCOUNT_LOGIN_TIMEOUT (15 minutes): the half-done log-in waits in that session, so a
# leaked link logs nobody in. Otherwise the link confirms the address and the log-in page follows.
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_UNIQUE_EMAIL = True
# allauth's default, kept: signing up or asking for a reset with an address we know (or don't)
# looks the same on the page, and the mail to that address says what happened, so the site
# never tells strangers who plays here.
ACCOUNT_PREVENT_ENUMERATION = True
# A new address replaces the old one only once its link is opened; until then the old one stays.
ACCOUNT_CHANGE_EMAIL = True
# Tell people by e-mail when their password or address changes.
ACCOUNT_EMAIL_NOTIFICATIONS = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Tipperary] "
# allauth's defaults, written out so they are easy to find: attempts per minute (m) or per
# 5 minutes (300s), counted per client address (ip) or per e-mail address (key).
ACCOUNT_RATE_LIMITS = {
    "login": "30/m/ip",
    "login_failed": "10/m/ip,5/300s/key",
    "signup": "20/m/ip",
    "reset_password": "20/m/ip,5/m/key",
    "reset_password_from_key": "20/m/ip",
}
# The limits count per client address. Behind a proxy every request comes from the proxy's own
# address, so the client's is read from X-Forwarded-For (the entry this many proxies from the end)
# or from one header the proxy sets; nothing a client sends itself is trusted unless set here.
ALLAUTH_TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0, minimum=0)
ALLAUTH_TRUSTED_CLIENT_IP_HEADER = env_str("TRUSTED_CLIENT_IP_HEADER", "") or None
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Internationalisation and static files --------------------------------------------------------

# English is the source; each language is named in itself, as the switch lists it. URLs are the
# same in every language. Catalogues: tipperary_site/locale (make messages; README "Languages").
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("de", "Deutsch"),
    ("fr", "Français"),
    ("es", "Español"),
]
LOCALE_PATHS = [BASE_DIR / "tipperary_site" / "locale"]
# The switch's choice outlives the browser session (a visitor's only way to keep it).
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Hashed and compressed (tipperary_site/static_storage.py), after collectstatic: in production,
# and under `make run`, which sets STATIC_MANIFEST=1 and collects them as it starts.
_STATIC_BACKEND = (
    "tipperary_site.static_storage.HashedStaticFilesStorage"
    if env_bool("STATIC_MANIFEST", not DEBUG)
    else "django.contrib.staticfiles.storage.StaticFilesStorage"
)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": _STATIC_BACKEND},
}

# Security (production) ------------------------------------------------------------------------

SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
# A load balancer or an orchestrator asks the probes over plain HTTP, inside the network.
SECURE_REDIRECT_EXEMPT = [r"^livez$", r"^readyz$", r"^healthz$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]

# Scripts and style sheets come only from our own static files: no inline script, no handler
# attributes, no eval. Style *attributes* stay allowed: pieces and the board set their sizes
# through CSS custom properties in them (style="--w: 3"), which run no code.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "style-src-attr": [UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        # The live pages' streams, when another origin serves them (STREAMS_ORIGIN).
        "connect-src": [SELF, *([STREAMS_ORIGIN] if STREAMS_ORIGIN else [])],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Error reporting ------------------------------------------------------------------------------

# Comma-separated addresses told of every server error by Django (when DEBUG=0)…
ADMINS = [(address, address) for address in env_list("ADMINS", [])]
for _name, _address in ADMINS:
    if "@" not in _address:
        raise ImproperlyConfiguredEnv(f"ADMINS must be e-mail addresses; got {_address!r}.")
# … or, with SENTRY_DSN set, errors of the site and the worker go to Sentry (install the extra:
# pip install '.[sentry]'). Nothing about players beyond what an error holds is sent.
SENTRY_DSN = env_str("SENTRY_DSN", "")
if SENTRY_DSN:
    import sentry_sdk

    sentry_sdk.init(
        dsn=SENTRY_DSN,
        environment=env_str("SENTRY_ENVIRONMENT", "production"),
        send_default_pii=False,
        traces_sample_rate=0.0,
    )

# Every line carries the id of the request or task it belongs to; text for a person reading
# `make run`, JSON lines for a log collector.
LOG_FORMAT = env_choice("LOG_FORMAT", "text", logs.FORMATS)
LOGGING = logs.logging_config(LOG_FORMAT, env_str("LOG_LEVEL", "INFO"))
