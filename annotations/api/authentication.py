"""DRF token authentication with the token and its user read in one plain statement.

Scripts and the load benchmark authenticate every request with ``Authorization: Token KEY``;
DRF's ``TokenAuthentication`` builds that lookup through the queryset API
(``select_related("user").get(key=...)``), whose compilation cost ~0.4 ms of the ~0.5 ms the
lookup took. Same outcomes as DRF's class: the user and token, or ``AuthenticationFailed``
("Invalid token." / "User inactive or deleted.").
"""

from __future__ import annotations

from datetime import timedelta
from functools import cache
from typing import Any

from axes.handlers.proxy import AxesProxyHandler
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_login_failed
from django.db import connections, router
from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from annotations.api.errors import ApiError
from annotations.models.tokens import TOKEN_PREFIX, ApiToken, TokenScope, token_digest

Converter = Any


@cache
def _plan(alias: str) -> tuple[str, list[str], list[tuple[Any, list[Converter]]]]:
    """For one database: the statement, the user's attribute names, and each selected column's
    field with the from-database converters a queryset would apply to it (SQLite returns
    booleans as integers and datetimes as strings, for instance)."""
    User = get_user_model()
    connection = connections[alias]
    quote = connection.ops.quote_name
    fields = [Token._meta.get_field("created"), *User._meta.concrete_fields]
    user_pk = User._meta.pk
    assert user_pk is not None  # every concrete model has a primary key
    sql = (
        "SELECT t.created, "
        + ", ".join(f"u.{quote(str(f.column))}" for f in User._meta.concrete_fields)
        + f" FROM {quote(Token._meta.db_table)} t"
        f" JOIN {quote(User._meta.db_table)} u ON u.{quote(str(user_pk.column))} = t.user_id"
        " WHERE t.key = %s"
    )
    converters = []
    for field in fields:
        column = field.get_col(field.model._meta.db_table)
        found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        converters.append((column, found))
    return sql, [f.attname for f in User._meta.concrete_fields], converters


class PlainTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        db = router.db_for_read(Token)
        connection = connections[db]
        sql, attnames, converters = _plan(db)
        with connection.cursor() as cursor:
            cursor.execute(sql, [key])
            row = cursor.fetchone()
        if row is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        values = []
        for value, (column, functions) in zip(row, converters, strict=True):
            for function in functions:
                value = function(value, column, connection)
            values.append(value)
        user = get_user_model().from_db(db, attnames, values[1:])
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        token = Token(key=key, user=user, created=values[0])
        token._state.adding, token._state.db = False, db
        return user, token


# Failed token sign-ins count against this name in django-axes, per address, exactly as wrong
# passwords count against a username: the same limit, cool-off and admin page. The brackets
# and space make it a name no account can have.
TOKEN_SIGN_IN_NAME = "[API token]"
# Writing ``last_used_at`` on every request would turn each read into a write; once a minute
# is precise enough for "last used" and costs at most one UPDATE a minute per token.
LAST_USED_EVERY = timedelta(minutes=1)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def _http_request(request: Any) -> HttpRequest:
    return getattr(request, "_request", request)


def _token_sign_in_refused(request: Any) -> None:
    """429 when this address has failed too often; checked before a secret is compared."""
    if not settings.AXES_ENABLED:
        return
    if AxesProxyHandler.is_allowed(_http_request(request), {"username": TOKEN_SIGN_IN_NAME}):
        return
    minutes = round(float(settings.AXES_COOLOFF_TIME) * 60)
    error = ApiError(
        f"Too many failed token sign-ins from this address: wait {minutes} minutes and try again.",
        status_code=429,
        code="token_sign_in_locked",
    )
    error.wait = minutes * 60  # the Retry-After header (api/errors.py)
    raise error


def _token_sign_in_failed(request: Any) -> None:
    """Count the failure; the one that reaches the limit is already answered with 429."""
    http = _http_request(request)
    user_login_failed.send(
        sender=__name__, credentials={"username": TOKEN_SIGN_IN_NAME}, request=http
    )
    # axes marks the request so its middleware answers with the HTML lockout page; the API
    # answers in its own JSON envelope instead, below.
    http.axes_locked_out = False  # type: ignore[attr-defined]
    _token_sign_in_refused(request)


def _refused(message: str, code: str) -> ApiError:
    # An ApiError, not AuthenticationFailed: DRF turns the latter into 403 because session
    # authentication (which has no WWW-Authenticate) comes first; a token holder needs 401.
    error = ApiError(message, status_code=401, code=code)
    error.auth_header = 'Token realm="api"'  # the WWW-Authenticate header a 401 must send
    return error


class ApiTokenAuthentication(PlainTokenAuthentication):
    """``Authorization: Token fct_…`` for personal tokens (docs/api/tokens.md); any other key
    goes to the admin-made DRF tokens as before.

    Personal tokens: refused with 429 while the address is locked out; 401 naming why for an
    unknown, revoked or expired token (only unknown ones count as failed sign-ins: a revoked
    token's holder knew the secret, they are not guessing); 403 for a read-only token on a
    method that writes. Admin-made tokens keep their single-statement lookup: their failures
    count too, and a locked-out address is refused once its key fails, which is the only case
    a lockout can matter for a 160-bit key.
    """

    def authenticate(self, request: Any) -> tuple[Any, Any] | None:
        self._request = request
        return super().authenticate(request)

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        request = self._request
        if not key.startswith(TOKEN_PREFIX):
            try:
                return super().authenticate_credentials(key)
            except exceptions.AuthenticationFailed:
                _token_sign_in_failed(request)
                raise
        _token_sign_in_refused(request)
        token = ApiToken.objects.select_related("user").filter(digest=token_digest(key)).first()
        if token is None:
            _token_sign_in_failed(request)
            raise _refused("Invalid token.", "token_invalid")
        now = timezone.now()
        if token.revoked_at is not None:
            raise _refused(
                f"This token was revoked on {token.revoked_at:%Y-%m-%d %H:%M} UTC; make a new"
                " one on your Tokens page.",
                "token_revoked",
            )
        if token.expires_at <= now:
            raise _refused(
                f"This token expired on {token.expires_at:%Y-%m-%d %H:%M} UTC; make a new one"
                " on your Tokens page.",
                "token_expired",
            )
        if not token.user.is_active:
            raise _refused("User inactive or deleted.", "token_user_inactive")
        if token.scope == TokenScope.READ and request.method not in SAFE_METHODS:
            raise exceptions.PermissionDenied(
                "This token is read-only: it may only GET. Use a read-write token to change"
                " anything."
            )
        if token.last_used_at is None or token.last_used_at <= now - LAST_USED_EVERY:
            ApiToken.objects.filter(pk=token.pk).filter(
                Q(last_used_at__isnull=True) | Q(last_used_at__lte=now - LAST_USED_EVERY)
            ).update(last_used_at=now)
        return token.user, token
