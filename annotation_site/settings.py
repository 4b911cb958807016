"""Settings, read from the environment with an embedded default.

With no variable set the site runs on its own: SQLite under ``var/``, Celery tasks executed
in-process, media under ``var/`` (the *embedded* configuration `make run` uses). Production
values come from the environment:

- ``DATABASE_URL=postgres://...`` (psycopg 3), ``CELERY_BROKER_URL=redis://...``;
- ``PRODUCTION=1`` (or ``DJANGO_SETTINGS_MODULE=annotation_site.production``) turns on the
  deployment hardening and refuses to start without ``DJANGO_SECRET_KEY``.

``DEBUG`` is a separate developer switch, off by default in every configuration: Django's
debug pages show tracebacks and settings, so nobody using the site, the demo included, ever
gets them. ``DEMO=1`` lets ``load_demo`` create the demo users (password ``demo``); it is
refused with the production settings.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

from annotation_site.storage_url import storage_backend

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"

env = environ.Env()

PRODUCTION: bool = env.bool("PRODUCTION", default=False)
# The embedded configuration is the one `make run` uses: a development secret key, local
# hosts, plain HTTP. Demo users with known passwords are only ever created in it.
EMBEDDED: bool = not PRODUCTION
DEBUG: bool = env.bool("DEBUG", default=False)
DEMO: bool = env.bool("DEMO", default=False)
if PRODUCTION and (DEBUG or DEMO):
    raise ImproperlyConfigured(
        "DEBUG=1 and DEMO=1 are refused with the production settings: debug pages show"
        " tracebacks and settings, and the demo users have the password 'demo'. Unset them."
    )

_DEV_SECRET = "embedded-development-key-never-used-in-production-0123456789abcdef"
SECRET_KEY: str = env.str("DJANGO_SECRET_KEY", default="" if PRODUCTION else _DEV_SECRET)
if not SECRET_KEY:
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY is not set. With PRODUCTION=1 the site refuses to start without a"
        " secret key: set DJANGO_SECRET_KEY to a long random string (for example the output of "
        "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`)."
    )

ALLOWED_HOSTS: list[str] = env.list(
    "ALLOWED_HOSTS",
    default=["127.0.0.1", "localhost", "[::1]", "testserver"] if EMBEDDED else [],
)
CSRF_TRUSTED_ORIGINS: list[str] = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's assets, served by the site (works offline)
    "axes",
    "annotations",
]

MIDDLEWARE = [
    # First: every later middleware's and view's log lines carry the request's id.
    "annotation_site.request_log.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: it turns a locked-out sign-in into its lockout response.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    # First, so a locked-out user or client is refused before the password is even checked.
    "annotations.auth_backends.SignInThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
    # Sign-in with the lab's identity provider; does nothing unless OIDC_* is configured.
    "annotations.oidc.backend.OIDCBackend",
]
# Sign-in throttling (django-axes): after AXES_FAILURE_LIMIT wrong passwords for one username
# from one address, that pair is locked out for AXES_COOLOFF_MINUTES. Keyed on the pair, so
# someone guessing at another person's name cannot lock that person out from everywhere.
AXES_FAILURE_LIMIT: int = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME: float = env.float("AXES_COOLOFF_MINUTES", default=15) / 60  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_ENABLED: bool = env.bool("AXES_ENABLED", default=True)
# The identity provider's sign-ins are not throttled here (the provider does it).
AXES_WHITELIST_CALLABLE = "annotations.auth_backends.is_identity_provider_sign_in"

ROOT_URLCONF = "annotation_site.urls"
WSGI_APPLICATION = "annotation_site.wsgi.application"
ASGI_APPLICATION = "annotation_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "annotation_site" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ]
        },
    }
]

DATABASES = {
    "default": env.db_url("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded database serves the demo's few people at once: writers wait for each other
    # (busy timeout) instead of failing with "database is locked"; write transactions take the
    # write lock when they begin (IMMEDIATE), so a reader that later writes cannot deadlock
    # with another writer (SQLite's own cause of "locked" despite the timeout); WAL lets
    # readers go on while one writes.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
    if DATABASES["default"]["NAME"] != ":memory:":
        Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
else:
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    # No JIT: the payload's nested JSON subqueries (a key-fact list's alignments and their
    # sentences) are estimated costly on tables whose statistics lag behind many quick
    # saves, and PostgreSQL then spent ~150 ms compiling a statement that runs in 0.6 ms
    # (docs/performance.md). This application's statements are short; none gains from JIT.
    options = DATABASES["default"].setdefault("OPTIONS", {})
    options["options"] = f"{options.get('options', '')} -c jit=off".strip()
    # Opt-in: server-side parameter binding with psycopg's prepared statements (a statement
    # run PREPARE_THRESHOLD times on a connection is prepared, its plan kept). Off by default:
    # poolers in transaction mode (pgbouncer before 1.21) lose prepared statements between
    # transactions, and server-side binding types parameters, which some ORM queries do not
    # expect. Measured in docs/performance.md.
    if env.bool("DATABASE_PREPARED_STATEMENTS", default=False):
        options["server_side_binding"] = True
        options["prepare_threshold"] = env.int("DATABASE_PREPARE_THRESHOLD", default=2)
    DATABASES["default"].setdefault("TEST", {})["NAME"] = env.str(
        "TEST_DATABASE_NAME", default="test_annotations"
    )
    # A second connection for job progress: a long import runs in one transaction, and its
    # progress must be visible to the page polling it before that transaction commits.
    DATABASES["progress"] = {
        **DATABASES["default"],
        "TEST": {"MIRROR": "default"},
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# How long an invitation link to join a project stays valid (docs/people.md).
INVITATION_EXPIRY_DAYS: float = env.float("INVITATION_EXPIRY_DAYS", default=7)
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/accounts/login/"

# Sign-in with the lab's identity provider (OpenID Connect, mozilla-django-oidc; docs/sign-in.md).
# Off until OIDC_RP_CLIENT_ID and OIDC_ISSUER (or the three endpoints) are set; then the sign-in
# page offers "Sign in with OIDC_PROVIDER_NAME" beside the password form.
OIDC_PROVIDER_NAME: str = env.str("OIDC_PROVIDER_NAME", default="")
OIDC_ISSUER: str = env.str("OIDC_ISSUER", default="")
OIDC_OP_AUTHORIZATION_ENDPOINT: str = env.str("OIDC_OP_AUTHORIZATION_ENDPOINT", default="")
OIDC_OP_TOKEN_ENDPOINT: str = env.str("OIDC_OP_TOKEN_ENDPOINT", default="")
OIDC_OP_USER_ENDPOINT: str = env.str("OIDC_OP_USER_ENDPOINT", default="")
OIDC_OP_JWKS_ENDPOINT: str = env.str("OIDC_OP_JWKS_ENDPOINT", default="")
OIDC_RP_CLIENT_ID: str = env.str("OIDC_RP_CLIENT_ID", default="")
OIDC_RP_CLIENT_SECRET: str = env.str("OIDC_RP_CLIENT_SECRET", default="")
OIDC_RP_SIGN_ALGO: str = env.str("OIDC_RP_SIGN_ALGO", default="RS256")
OIDC_RP_SCOPES: str = env.str("OIDC_RP_SCOPES", default="openid email profile")
# client_secret_basic, the registration default of OpenID Connect; 0 sends it in the body.
OIDC_TOKEN_USE_BASIC_AUTH: bool = env.bool("OIDC_TOKEN_USE_BASIC_AUTH", default=True)
OIDC_USE_PKCE: bool = env.bool("OIDC_USE_PKCE", default=True)
OIDC_TIMEOUT: float = env.float("OIDC_TIMEOUT", default=10.0)
# Who may sign in: the username comes from this claim; with either list set, a person needs a
# verified email at one of the domains or one of the groups (annotations/oidc/rules.py).
OIDC_USERNAME_CLAIM: str = env.str("OIDC_USERNAME_CLAIM", default="preferred_username")
OIDC_ALLOWED_EMAIL_DOMAINS: list[str] = env.list("OIDC_ALLOWED_EMAIL_DOMAINS", default=[])
OIDC_GROUPS_CLAIM: str = env.str("OIDC_GROUPS_CLAIM", default="groups")
OIDC_ALLOWED_GROUPS: list[str] = env.list("OIDC_ALLOWED_GROUPS", default=[])
LOGIN_REDIRECT_URL_FAILURE = "/accounts/oidc/refused/"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = Path(env.str("STATIC_ROOT", default=str(VAR_DIR / "static")))
# frontend/dist is a symlink to the current build (bin/build-frontend); resolved once, here,
# so that a rebuild while this process runs leaves it serving the build it started with.
FRONTEND_DIST = (BASE_DIR / "frontend" / "dist").resolve()
STATICFILES_DIRS = [FRONTEND_DIST] if FRONTEND_DIST.is_dir() else []
MEDIA_ROOT = Path(env.str("MEDIA_ROOT", default=str(VAR_DIR / "media")))
MEDIA_URL = "/media/"
# Local scratch space of the machine that builds a release: the archive is written here, then
# saved to the storage; a killed build's directory is swept (services/leases.py). One per
# deployment when several share a machine.
RELEASE_BUILD_ROOT = Path(
    env.str("RELEASE_BUILD_ROOT", default=str(Path(tempfile.gettempdir()) / "annotations-builds"))
)
# Uploads, release archives and evaluators' runs go through Django's storage API: local disk
# under MEDIA_ROOT by default, an S3-compatible bucket when STORAGE_URL names one, so web and
# worker machines share them (annotation_site/storage_url.py, docs/storage.md).
STORAGE_URL: str = env.str("STORAGE_URL", default="")
STORAGES = {
    "default": storage_backend(STORAGE_URL),
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
# The Vite build's assets already carry content hashes in their names.
# Embedded: WhiteNoise serves the assets straight from their folders (runserver only serves
# static files with DEBUG on, which the embedded configuration never turns on).
WHITENOISE_USE_FINDERS = EMBEDDED

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "annotations.api.authentication.ApiTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "annotations.api.schema.ApiAutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PARSER_CLASSES": [
        "annotations.api.parsers.StrictJSONParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # One envelope for every API error (docs/api/errors.md).
    "EXCEPTION_HANDLER": "annotations.api.errors.exception_handler",
}
CSRF_FAILURE_VIEW = "annotations.api.errors.csrf_failure"
# The largest JSON body the API reads (annotations/api/parsers.py answers 413 past it).
DATA_UPLOAD_MAX_MEMORY_SIZE: int = env.int("DATA_UPLOAD_MAX_MEMORY_SIZE", default=2_621_440)
SPECTACULAR_SETTINGS = {
    "TITLE": "Factual consistency studio API",
    "DESCRIPTION": "Annotation of factual consistency in LLM-generated summaries.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from drf-spectacular-sidecar's copy, not a CDN: /api/docs/ works offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # A nullable choice is `nullable: true` on its enum, not an extra `[null]` enum that the
    # frontend's type generator (openapi-typescript 6) would turn into "". The blank choice
    # ("" = not answered yet) stays in its enum: our hook puts it back (api/schema.py).
    "ENUM_ADD_EXPLICIT_BLANK_NULL_CHOICE": False,
    "POSTPROCESSING_HOOKS": ["annotations.api.schema.postprocess_enums_keeping_blank"],
    # The PATCH views (the saves, annotations/api/saves.py) validate the whole body, never
    # partially: their request components keep their required fields (no "Patched" copies
    # with none required, which documented a save without its version as valid).
    "COMPONENT_SPLIT_PATCH": False,
    "ENUM_NAME_OVERRIDES": {
        "TopicCategoryEnum": "annotations.models.TopicCategory",
        "RoundStatusEnum": "annotations.models.RoundStatus",
        "AssignmentStatusEnum": "annotations.models.AssignmentStatus",
        "JobStatusEnum": "annotations.models.JobStatus",
        "JudgesStateEnum": "annotations.models.JudgesState",
        "ProjectRoleEnum": "annotations.models.Role",
        "PeopleActionEnum": "annotations.models.PeopleAction",
        "ReleaseStatusEnum": "annotations.models.ReleaseStatus",
        "WebhookEventEnum": "annotations.models.WebhookEvent",
        "WebhookDeliveryStatusEnum": "annotations.models.DeliveryStatus",
        "SecondVerdictEnum": "annotations.models.SecondVerdict",
        "ApiTokenStatusEnum": [(value, value) for value in ("active", "expired", "revoked")],
        "TokenScopeEnum": "annotations.models.TokenScope",
        # The project form's taxonomy and the taxonomy editor's copy_from.
        "BuiltinTaxonomyEnum": "annotations.taxonomy_catalogue.BUILTIN_SLUGS",
        # As the explanation verdicts serialize (labels are the values).
        "ExplanationVerdictEnum": [
            (value, value) for value in ("same", "partially", "different", "model_wrong")
        ],
        # As the atomic-fact state serializes it (labels are the values).
        "VerdictEnum": [("supported", "supported"), ("not_supported", "not_supported")],
        "ReviewOutcomeEnum": "annotations.models.ReviewOutcome",
        # A release's mappings: named apart so they do not take the label enums' names.
        "TopicCategoryMappingEnum": [("merge_marginal", "merge_marginal")],
        "RelevanceMappingEnum": [("binary", "binary")],
        "EvaluatorKindEnum": "annotations.models.EvaluatorKind",
        "PredictionKindEnum": "annotations.models.PredictionKind",
    },
    # A sentence's or summary's per-assignment handle (annotations/handles.py).
    "PATH_CONVERTER_OVERRIDES": {
        "handle": {"type": "string", "pattern": "^[A-Za-z0-9_-]{22}$", "minLength": 22}
    },
}

# Celery: without a broker every task runs in-process, at once, so the embedded
# configuration needs no Redis. With CELERY_BROKER_URL set, tasks go to real workers.
CELERY_BROKER_URL: str = env.str("CELERY_BROKER_URL", default="")
CELERY_RESULT_BACKEND: str = env.str("CELERY_RESULT_BACKEND", default=CELERY_BROKER_URL)
CELERY_TASK_ALWAYS_EAGER: bool = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Redis redelivers an unacknowledged message after this long. Longer than the longest job (a
# release of millions of sentences builds in minutes), so a slow job is never started twice;
# a dead worker's job does not wait for it: its lease expires and the sweep fails it.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", 7200)}
# Every long job holds a lease renewed while its worker lives (annotations/services/leases.py).
JOB_LEASE_SECONDS: int = env.int("JOB_LEASE_SECONDS", default=120)
# A job's task is sent after its row commits; when the broker refuses it, the row waits and the
# sweep sends it again after a doubling backoff (base, cap), this many times in all, then the
# row ends failed ("never started", retryable). A message the broker took but no worker claimed
# within JOB_REDISPATCH_SECONDS (a broker restarted empty) is sent again, within the same
# count. A never-started job's upload is kept JOB_UPLOAD_KEEP_SECONDS for a retry.
# (annotations/services/dispatch.py, docs/deployment.md)
JOB_DISPATCH_ATTEMPTS: int = env.int("JOB_DISPATCH_ATTEMPTS", default=12)
JOB_DISPATCH_BACKOFF_SECONDS: float = env.float("JOB_DISPATCH_BACKOFF_SECONDS", default=5.0)
JOB_DISPATCH_BACKOFF_MAX_SECONDS: float = env.float(
    "JOB_DISPATCH_BACKOFF_MAX_SECONDS", default=300.0
)
JOB_DISPATCH_GRACE_SECONDS: float = env.float("JOB_DISPATCH_GRACE_SECONDS", default=30.0)
JOB_REDISPATCH_SECONDS: float = env.float("JOB_REDISPATCH_SECONDS", default=600.0)
JOB_UPLOAD_KEEP_SECONDS: float = env.float("JOB_UPLOAD_KEEP_SECONDS", default=86400.0)
# A round's agreement report is recomputed after submits (annotations/services/agreement_live.py,
# docs/agreement.md): the first submit queues a recompute this many seconds later, and every
# submit until it runs joins it. Off with AGREEMENT_AUTO_RECOMPUTE=false.
AGREEMENT_AUTO_RECOMPUTE: bool = env.bool("AGREEMENT_AUTO_RECOMPUTE", default=True)
AGREEMENT_DEBOUNCE_SECONDS: float = env.float("AGREEMENT_DEBOUNCE_SECONDS", default=10.0)
# The Judges page's figures are recomputed by a task after submits and new corpus runs
# (annotations/services/judges_live.py, docs/models-in-the-loop.md), this many seconds after
# the first change; a recompute whose worker died is queued again this many times.
JUDGES_DEBOUNCE_SECONDS: float = env.float("JUDGES_DEBOUNCE_SECONDS", default=10.0)
JUDGES_REQUEUE_LIMIT: int = env.int("JUDGES_REQUEUE_LIMIT", default=3)
# Only the worker-loss tests set this: a pause after each progress report (seconds).
JOB_STEP_PAUSE_SECONDS: float = env.float("JOB_STEP_PAUSE_SECONDS", default=0.0)
# Webhooks (annotations/services/webhooks.py, docs/webhooks.md): sent by workers only, each
# attempt WEBHOOK_TIMEOUT_SECONDS at most, retried WEBHOOK_MAX_ATTEMPTS times in all after a
# doubling backoff (base, cap). A sending delivery holds a lease (longer than the timeout):
# when its worker dies, the sweep sends it again. Private, loopback and link-local addresses
# are refused unless WEBHOOK_ALLOW_PRIVATE (the tests' receivers run on 127.0.0.1).
WEBHOOK_TIMEOUT_SECONDS: float = env.float("WEBHOOK_TIMEOUT_SECONDS", default=5.0)
WEBHOOK_MAX_ATTEMPTS: int = env.int("WEBHOOK_MAX_ATTEMPTS", default=8)
WEBHOOK_BACKOFF_SECONDS: float = env.float("WEBHOOK_BACKOFF_SECONDS", default=30.0)
WEBHOOK_BACKOFF_MAX_SECONDS: float = env.float("WEBHOOK_BACKOFF_MAX_SECONDS", default=3600.0)
WEBHOOK_LEASE_SECONDS: float = env.float("WEBHOOK_LEASE_SECONDS", default=60.0)
WEBHOOK_ALLOW_PRIVATE: bool = env.bool("WEBHOOK_ALLOW_PRIVATE", default=False)
CELERY_BEAT_SCHEDULE = {
    "sweep-expired-leases": {
        "task": "annotations.sweep_expired_leases",
        "schedule": env.float("JOB_SWEEP_SECONDS", default=60.0),
    },
    "sweep-webhook-deliveries": {
        "task": "annotations.webhooks_sweep",
        "schedule": env.float("JOB_SWEEP_SECONDS", default=60.0),
    },
}
# Two queues (docs/deployment.md): `long` for jobs that take minutes (imports, release
# builds, evaluator uploads), `short` for the rest (agreement reports, the lease sweep), so a
# two-minute build never delays a report. A worker serves one queue or both (`-Q long,short`).
LONG_QUEUE = "long"
SHORT_QUEUE = "short"
CELERY_TASK_DEFAULT_QUEUE = SHORT_QUEUE
CELERY_TASK_ROUTES = {
    name: {"queue": LONG_QUEUE}
    for name in (
        "annotations.import_corpus",
        "annotations.import_job",
        "annotations.evaluator_upload",
        "annotations.corpus_run_upload",
        "annotations.release_build",
    )
}
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]

# Logs go to stdout (the process manager collects them). LOG_FORMAT=json (the default with
# PRODUCTION=1, so `make serve`) writes one JSON object per line with the request id
# (annotation_site/request_log.py); `plain` is for a developer's terminal.
LOG_FORMAT: str = env.str("LOG_FORMAT", default="json" if PRODUCTION else "plain")
if LOG_FORMAT not in {"json", "plain"}:
    raise ImproperlyConfigured(f"LOG_FORMAT={LOG_FORMAT!r}: use json or plain.")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "annotation_site.request_log.RequestIdFilter"}},
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s %(process)d",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "filters": ["request_id"],
            "formatter": LOG_FORMAT,
        }
    },
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    "loggers": {
        # Django adds its own console handler when DEBUG is on; one line per message.
        "django": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "django.db.backends": {"level": "WARNING"},
        # One line per request comes from annotations.requests; Django's own 4xx/5xx lines
        # would repeat it (errors keep their traceback at ERROR).
        "django.request": {"handlers": ["console"], "level": "ERROR", "propagate": False},
        "django.server": {"handlers": ["console"], "level": "WARNING", "propagate": False},
        # django-axes logs every successful sign-in at INFO; lockouts stay at WARNING.
        "axes": {"level": "WARNING"},
    },
}
# Workers log through the same handlers (JSON under `make serve`) instead of Celery's own.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False

if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    # A balancer probes over plain HTTP inside the network: never redirect its probes.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
    # Cookies only over HTTPS. `make serve` without a TLS proxy in front (a trial on one
    # machine) turns this off, says so, and serves plain HTTP (docs/deployment.md).
    SESSION_COOKIE_SECURE = env.bool("SECURE_COOKIES", default=True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"
