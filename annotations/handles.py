"""Opaque per-assignment handles for the summaries and sentences a linguist sees.

Database ids are assigned in import order, and a corpus usually lists a topic's systems in the
same order every time: sorting a unit's summary ids gave the summarizer at each rank, whatever
the letters said. So nothing a linguist receives carries an id. A handle is the id encrypted
with AES-128 (the ``cryptography`` package) under a key derived from the site's secret and the
assignment: a keyed pseudorandom permutation, so

- handles in one unit are in random order (their order, like their value, says nothing);
- two linguists get different handles for the same sentence (they cannot compare notes by id);
- decoding needs no storage and no query, and a handle forged or taken from another assignment
  fails the kind tag inside the block (a 404).

A block is the 8-byte id followed by an 8-byte kind tag, one AES block, written as 22
base64url characters. The key changes with SECRET_KEY: handles are valid for the life of a
page, not stored anywhere (a queued offline save uses them, so rotating the key during a study
invalidates queued saves: they get a 404 and the page reloads).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from functools import lru_cache
from typing import Literal

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from django.conf import settings

# A given atomic fact has a handle too: given ACUs are imported summary by summary, so their
# ids would give away the summaries' import order.
# An evaluator's explanation too: its id says which run, so which evaluator, wrote it.
Kind = Literal["summary", "sentence", "acu", "explanation"]
TAGS: dict[str, bytes] = {
    "summary": b"summary\0",
    "sentence": b"sentence",
    "acu": b"acu\0\0\0\0\0",
    "explanation": b"explain\0",
}
HANDLE = re.compile(r"^[A-Za-z0-9_-]{22}$")
# For URLs: the same shape as HANDLE (annotations/api/urls.py).
HANDLE_PATTERN = r"[A-Za-z0-9_-]{22}"


class UnknownHandle(LookupError):
    """Not a handle of this assignment (malformed, forged, or another assignment's)."""


@lru_cache(maxsize=4096)
def _cipher(secret: str, assignment_id: int) -> Cipher[modes.ECB]:
    key = hmac.new(secret.encode(), f"handles:{assignment_id}".encode(), hashlib.sha256).digest()[
        :16
    ]
    # ECB is right here: every block is a distinct (id, tag) pair, encrypted alone.
    return Cipher(algorithms.AES128(key), modes.ECB())


def encode_many(assignment_id: int, kind: Kind, ids: list[int]) -> list[str]:
    """The handles of ``ids`` for this assignment, in one cipher call."""
    if not ids:
        return []
    tag = TAGS[kind]
    plain = b"".join(i.to_bytes(8, "big") + tag for i in ids)
    encryptor = _cipher(settings.SECRET_KEY, assignment_id).encryptor()
    sealed = encryptor.update(plain) + encryptor.finalize()
    # One block (16 bytes) is 24 base64 characters, the last two padding: dropped.
    return [
        base64.urlsafe_b64encode(sealed[16 * n : 16 * n + 16])[:22].decode("ascii")
        for n in range(len(ids))
    ]


def encode(assignment_id: int, kind: Kind, pk: int) -> str:
    return encode_many(assignment_id, kind, [pk])[0]


def decode(assignment_id: int, kind: Kind, handle: str) -> int:
    """The id behind ``handle``, or UnknownHandle."""
    if not HANDLE.match(handle):
        raise UnknownHandle(handle)
    block = base64.urlsafe_b64decode(handle + "==")
    decryptor = _cipher(settings.SECRET_KEY, assignment_id).decryptor()
    plain = decryptor.update(block) + decryptor.finalize()
    if plain[8:] != TAGS[kind]:
        raise UnknownHandle(handle)
    return int.from_bytes(plain[:8], "big")
