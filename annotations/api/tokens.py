"""The signed-in user's personal API tokens (docs/api/tokens.md): list, make, revoke.

Anyone signed in manages their own tokens and no one else's (another's token id is a 404).
A token is made only from a signed-in browser session, never with another token, so a leaked
token cannot mint itself a longer-lived or wider successor.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.errors import ApiError, validated
from annotations.api.schema import ErrorEnvelope
from annotations.models.tokens import ApiToken, TokenScope
from annotations.services.tokens import MAX_EXPIRY_DAYS, api_token_create, api_token_revoke

# Must match ApiTokenStatusEnum in settings.SPECTACULAR_SETTINGS.
TOKEN_STATUSES = ["active", "expired", "revoked"]
SCOPES = ", ".join(f'"{value}"' for value in TokenScope.values)


class TokenInput(serializers.Serializer):
    name = serializers.CharField(max_length=100, help_text="What the token is for.")
    scope = serializers.ChoiceField(
        choices=TokenScope.choices,
        error_messages={"invalid_choice": f'"{{input}}" is not a scope: one of {SCOPES}'},
        help_text="read: GET only; write: everything the user may do.",
    )
    expires_in_days = serializers.IntegerField(
        min_value=1,
        max_value=MAX_EXPIRY_DAYS,
        help_text=f"Days until the token stops working, 1 to {MAX_EXPIRY_DAYS}.",
    )


class TokenOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    scope = serializers.ChoiceField(choices=TokenScope.choices)
    hint = serializers.CharField(help_text="The secret's first characters, to tell tokens apart.")
    status = serializers.ChoiceField(choices=TOKEN_STATUSES)
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(
        allow_null=True, help_text="Accurate to a minute: it is written at most once a minute."
    )
    revoked_at = serializers.DateTimeField(allow_null=True)


class TokenCreatedOutput(TokenOutput):
    secret = serializers.CharField(
        help_text="The token itself, shown this once: send it as `Authorization: Token <secret>`."
    )


def _token(token: ApiToken) -> dict[str, Any]:
    if token.revoked_at is not None:
        state = "revoked"
    elif token.expires_at <= timezone.now():
        state = "expired"
    else:
        state = "active"
    return {
        "id": token.pk,
        "name": token.name,
        "scope": token.scope,
        "hint": token.hint,
        "status": state,
        "created_at": token.created_at,
        "expires_at": token.expires_at,
        "last_used_at": token.last_used_at,
        "revoked_at": token.revoked_at,
    }


class TokensView(APIView):
    @extend_schema(
        responses=TokenOutput(many=True),
        operation_id="me_tokens",
        summary="Your API tokens, newest first, with revoked and expired ones",
    )
    def get(self, request: Request) -> Response:
        tokens = ApiToken.objects.filter(user=request.user)
        return Response([_token(token) for token in tokens])

    @extend_schema(
        request=TokenInput,
        responses={201: TokenCreatedOutput, 403: ErrorEnvelope},
        operation_id="me_token_create",
        summary="Make an API token: its secret is in this answer and nowhere else, ever",
    )
    def post(self, request: Request) -> Response:
        if request.auth is not None:
            raise ApiError(
                "Tokens are made from a signed-in browser session, not with another token.",
                status_code=403,
                code="token_from_token",
            )
        data = validated(TokenInput, request.data)
        name = data["name"].strip()
        if not name:
            raise ApiError(
                "The request is not valid: see the field errors.",
                errors={"name": ["Name the token: what is it for?"]},
            )
        token, secret = api_token_create(
            user=request.user,
            name=name,
            scope=data["scope"],
            expires_in_days=data["expires_in_days"],
        )
        return Response({**_token(token), "secret": secret}, status=status.HTTP_201_CREATED)


class TokenView(APIView):
    @extend_schema(
        request=None,
        responses={204: None, 404: ErrorEnvelope},
        operation_id="me_token_revoke",
        summary="Revoke one of your tokens: requests with it get 401 from now on",
    )
    def delete(self, request: Request, token_id: int) -> Response:
        token = ApiToken.objects.filter(user=request.user, pk=token_id).first()
        if token is None:
            raise Http404
        api_token_revoke(token=token)
        return Response(status=status.HTTP_204_NO_CONTENT)
