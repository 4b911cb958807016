"""Who may sign in with the lab's identity provider, and under which username.

Pure: the claims the provider returned and the configured rule in, a decision out. No
Django import, so every case is a millisecond test (tests/oidc/test_rules.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

# Django's own username rule (UnicodeUsernameValidator, max_length 150).
USERNAME = re.compile(r"^[\w.@+-]{1,150}$")


@dataclass(frozen=True)
class ClaimRule:
    """The configured rule. Both lists empty: everyone the provider signs in is allowed.
    Either list set: a person is allowed when their verified email's domain is in
    ``allowed_domains`` or one of their groups is in ``allowed_groups``."""

    username_claim: str = "preferred_username"
    allowed_domains: tuple[str, ...] = ()
    groups_claim: str = "groups"
    allowed_groups: tuple[str, ...] = ()

    @classmethod
    def of(
        cls,
        *,
        username_claim: str,
        allowed_domains: Iterable[str],
        groups_claim: str,
        allowed_groups: Iterable[str],
    ) -> ClaimRule:
        """Normalised: domains lower case without a leading @, blanks dropped."""
        return cls(
            username_claim=username_claim,
            allowed_domains=tuple(
                d.strip().lower().lstrip("@") for d in allowed_domains if d.strip()
            ),
            groups_claim=groups_claim,
            allowed_groups=tuple(g.strip() for g in allowed_groups if g.strip()),
        )


@dataclass(frozen=True)
class Decision:
    """``username`` when the person may sign in, else ``refusal``: a sentence for them."""

    username: str | None = None
    refusal: str | None = None


def email_domain(claims: Mapping[str, Any]) -> str | None:
    """The domain of a verified email. ``email_verified`` false means the provider itself
    does not vouch for the address, so its domain proves nothing."""
    email = claims.get("email")
    if not isinstance(email, str) or email.count("@") != 1:
        return None
    if claims.get("email_verified") is False:
        return None
    return email.rsplit("@", 1)[1].strip().lower() or None


def groups_of(claims: Mapping[str, Any], claim: str) -> set[str]:
    """The person's groups: a list of strings (most providers) or one space-separated string."""
    value = claims.get(claim)
    if isinstance(value, str):
        return set(value.split())
    if isinstance(value, list | tuple):
        return {item for item in value if isinstance(item, str)}
    return set()


def decide(claims: Mapping[str, Any], rule: ClaimRule) -> Decision:
    """May this person sign in, and as whom?"""
    username = claims.get(rule.username_claim)
    if not isinstance(username, str) or not USERNAME.match(username):
        return Decision(
            refusal=f"Your identity provider did not send a usable '{rule.username_claim}'"
            " claim (letters, digits and . @ + - _ only, at most 150 characters), which this"
            " site uses as your username. Ask your site administrator to check"
            " OIDC_USERNAME_CLAIM."
        )
    if not rule.allowed_domains and not rule.allowed_groups:
        return Decision(username=username)
    domain = email_domain(claims)
    if domain is not None and domain in rule.allowed_domains:
        return Decision(username=username)
    if groups_of(claims, rule.groups_claim) & set(rule.allowed_groups):
        return Decision(username=username)
    allowed = []
    if rule.allowed_domains:
        allowed.append("a verified email address at " + ", ".join(rule.allowed_domains))
    if rule.allowed_groups:
        allowed.append("membership of the group " + ", ".join(rule.allowed_groups))
    return Decision(
        refusal=f"The account '{username}' may not sign in to this site: it needs "
        + " or ".join(allowed)
        + ". Ask your site administrator if you should have access."
    )
