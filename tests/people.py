"""Who the tests sign in as, named once.

The demo study (the ``demo`` fixture in tests/conftest.py loads it with ``load_demo``) has
these accounts; people made with tests/factories.py get the same password, so ``signed_in``
works for both.
"""

from __future__ import annotations

from django.test import Client

from annotations.management.commands.load_demo import PASSWORD

ADMIN = "admin"  # the demo project's admin, also staff
LINGUIST = "linguist1"  # an annotator of the demo's pilot round
SECOND_LINGUIST = "linguist2"  # the other annotator of the same units (overlap 2)
REVIEWER = "reviewer"
RESEARCHER = "researcher"


def signed_in(username: str, client: Client | None = None) -> Client:
    """``client`` (a new one by default) signed in as ``username``."""
    client = client or Client()
    assert client.login(username=username, password=PASSWORD), f"{username} cannot sign in"
    return client


__all__ = [
    "ADMIN",
    "LINGUIST",
    "PASSWORD",
    "RESEARCHER",
    "REVIEWER",
    "SECOND_LINGUIST",
    "signed_in",
]
