"""Sending one signed webhook request, safely (no Django, no ORM: pure network code).

A webhook's URL is typed by a project admin, and the worker sending it sits inside the lab's
network, so a URL must not become a way in (SSRF). The host is resolved here, *every* address
it resolves to is checked, and the connection goes to the checked address itself (a second
lookup by the HTTP library could answer differently: DNS rebinding). ``http.client`` is used
because it lets the connection be pinned to that address while TLS still verifies the
certificate against the host name, and it never follows redirects (a redirect is an answer,
recorded as a failure: following it would reach an unchecked address).
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import ipaddress
import socket
import ssl
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

SIGNATURE_HEADER = "X-Webhook-Signature"
USER_AGENT = "annotation-site-webhooks/1"
MAX_RESPONSE_BYTES = 2048  # kept of the receiver's answer, for the deliveries page


class DeliveryRefused(Exception):
    """The URL may not be sent to (a person reads the message on the deliveries page)."""


@dataclass(frozen=True)
class Answer:
    status: int
    body: str


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """``t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>``: signing the
    timestamp with the body lets a receiver refuse a replayed request."""
    signed = str(timestamp).encode() + b"." + body
    digest = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


def verify(secret: str, header: str, body: bytes, *, tolerance: int = 300) -> bool:
    """What a receiver does (docs/webhooks.md has the same snippet): the signature matches and
    its timestamp is recent."""
    parts = dict(p.split("=", 1) for p in header.split(",") if "=" in p)
    try:
        timestamp = int(parts["t"])
    except (KeyError, ValueError):
        return False
    if abs(time.time() - timestamp) > tolerance:
        return False
    expected = signature(secret, timestamp, body).split("v1=", 1)[1]
    return hmac.compare_digest(expected, parts.get("v1", ""))


def _forbidden(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return _forbidden(address.ipv4_mapped)
    return (
        address.is_private
        or address.is_loopback
        or address.is_link_local
        or address.is_multicast
        or address.is_reserved
        or address.is_unspecified
        or not address.is_global
    )


def resolve(host: str, port: int, *, allow_private: bool) -> str:
    """The address to connect to: the first the host resolves to, once every one is checked."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise DeliveryRefused(f"the host {host!r} does not resolve ({error})") from None
    addresses = [ipaddress.ip_address(str(info[4][0]).split("%", 1)[0]) for info in infos]
    if not addresses:
        raise DeliveryRefused(f"the host {host!r} does not resolve")
    if not allow_private:
        for address in addresses:
            if _forbidden(address):
                raise DeliveryRefused(
                    f"{host} resolves to {address}, a private, loopback or link-local address:"
                    " webhooks are not sent into the site's own network"
                    " (WEBHOOK_ALLOW_PRIVATE allows it)"
                )
    return str(addresses[0])


def check_url(url: str) -> tuple[str, str, int, str]:
    """(scheme, host, port, path with query) of an http(s) URL with a host, or refused."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise DeliveryRefused("a webhook URL starts with http:// or https:// and names a host")
    if parts.username or parts.password:
        raise DeliveryRefused("a webhook URL carries no user name or password")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise DeliveryRefused("the URL's port is not a number from 1 to 65535") from None
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return parts.scheme, parts.hostname, port, path


class _PinnedHTTP(http.client.HTTPConnection):
    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self._address = address

    def connect(self) -> None:
        raw = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(raw, server_hostname=self.host)  # type: ignore[attr-defined]


def post(
    url: str,
    body: bytes,
    headers: dict[str, str],
    *,
    timeout: float,
    allow_private: bool,
) -> Answer:
    """POST ``body`` to ``url``; the answer whatever its status (no redirect is followed).
    Raises ``DeliveryRefused`` for a URL that may not be sent to, ``OSError`` (timeouts
    included) and ``http.client.HTTPException`` when the exchange fails."""
    scheme, host, port, path = check_url(url)
    address = resolve(host, port, allow_private=allow_private)
    kind = _PinnedHTTPS if scheme == "https" else _PinnedHTTP
    connection = kind(host, port, address, timeout)
    # A whole-exchange deadline on top of the per-operation socket timeout: a receiver that
    # trickles its answer a byte at a time must not hold a worker for longer.
    deadline = time.monotonic() + timeout
    try:
        connection.request(
            "POST",
            path,
            body=body,
            headers={"Content-Type": "application/json", "User-Agent": USER_AGENT, **headers},
        )
        response = connection.getresponse()
        chunks: list[bytes] = []
        size = 0
        while size < MAX_RESPONSE_BYTES and time.monotonic() < deadline:
            chunk = response.read1(MAX_RESPONSE_BYTES - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return Answer(response.status, b"".join(chunks).decode("utf-8", "replace"))
    finally:
        connection.close()
