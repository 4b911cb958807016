"""``STORAGE_URL``: where uploads, release archives and evaluators' runs are kept
(docs/storage.md). Read by settings.py into ``STORAGES["default"]``.

    (unset or empty)                          local disk under MEDIA_ROOT
    s3://BUCKET[/PREFIX][?OPTION=VALUE&...]   an S3-compatible bucket (django-storages, boto3)

The options are ``endpoint_url`` (an S3-compatible service other than AWS, such as MinIO),
``region``, ``addressing_style`` (``path`` for services without bucket sub-domains) and
``expire`` (how many seconds a download's signed URL stays valid). Credentials are never in
the URL: boto3 reads the standard ``AWS_ACCESS_KEY_ID``/``AWS_SECRET_ACCESS_KEY`` (and
``AWS_SESSION_TOKEN``, a profile or an instance role) from the environment.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlsplit

from django.core.exceptions import ImproperlyConfigured

LOCAL = {"BACKEND": "django.core.files.storage.FileSystemStorage"}
S3_BACKEND = "storages.backends.s3.S3Storage"
# Long enough to start a download on a slow link, short enough that a leaked link dies soon.
DEFAULT_EXPIRE_SECONDS = 300
# The longest a SigV4 presigned URL may live.
MAX_EXPIRE_SECONDS = 7 * 24 * 3600
ADDRESSING_STYLES = ("auto", "path", "virtual")
OPTIONS = ("endpoint_url", "region", "addressing_style", "expire")
# django-storages reads a whole object into memory on open unless told where to spill: past
# this size its buffer goes to a temporary file (archives and uploads reach gigabytes).
MAX_MEMORY_BYTES = 16 * 1024 * 1024


def storage_backend(url: str) -> dict[str, Any]:
    """The ``STORAGES["default"]`` entry that ``url`` names; ImproperlyConfigured, naming
    what is wrong and what is allowed, for anything else."""
    if not url.strip():
        return dict(LOCAL)
    parts = urlsplit(url.strip())
    if parts.scheme != "s3":
        raise ImproperlyConfigured(
            f"STORAGE_URL={url!r}: use s3://BUCKET[/PREFIX]?endpoint_url=...&region=..., or"
            " leave it empty for local disk under MEDIA_ROOT (docs/storage.md)."
        )
    if parts.username or parts.password:
        raise ImproperlyConfigured(
            "STORAGE_URL carries credentials: remove them and set AWS_ACCESS_KEY_ID and"
            " AWS_SECRET_ACCESS_KEY in the environment instead."
        )
    bucket = parts.hostname or ""
    if not bucket:
        raise ImproperlyConfigured(f"STORAGE_URL={url!r} names no bucket: s3://BUCKET/...")
    given = dict(parse_qsl(parts.query, keep_blank_values=True, strict_parsing=False))
    unknown = sorted(set(given) - set(OPTIONS))
    if unknown:
        raise ImproperlyConfigured(
            f"STORAGE_URL has unknown option(s) {', '.join(unknown)};"
            f" allowed: {', '.join(OPTIONS)}."
        )
    options: dict[str, Any] = {
        "bucket_name": bucket,
        "location": parts.path.strip("/"),
        "querystring_expire": _expire(given.get("expire")),
        # botocore would presign with the deprecated SigV2 for some regions; newer regions
        # and most S3-compatible services accept only SigV4.
        "signature_version": "s3v4",
        # Never overwrite: a second file under a taken name gets a suffix, as on local disk.
        "file_overwrite": False,
        "max_memory_size": MAX_MEMORY_BYTES,
    }
    if given.get("endpoint_url"):
        endpoint = urlsplit(given["endpoint_url"])
        if endpoint.scheme not in ("http", "https") or not endpoint.netloc:
            raise ImproperlyConfigured(
                f"STORAGE_URL endpoint_url={given['endpoint_url']!r}: an http(s):// URL."
            )
        options["endpoint_url"] = given["endpoint_url"]
    if given.get("region"):
        options["region_name"] = given["region"]
    style = given.get("addressing_style")
    if style:
        if style not in ADDRESSING_STYLES:
            raise ImproperlyConfigured(
                f"STORAGE_URL addressing_style={style!r}: one of {', '.join(ADDRESSING_STYLES)}."
            )
        options["addressing_style"] = style
    return {"BACKEND": S3_BACKEND, "OPTIONS": options}


def _expire(value: str | None) -> int:
    if value is None:
        return DEFAULT_EXPIRE_SECONDS
    if not value.isdigit() or not 1 <= int(value) <= MAX_EXPIRE_SECONDS:
        raise ImproperlyConfigured(
            f"STORAGE_URL expire={value!r}: whole seconds from 1 to {MAX_EXPIRE_SECONDS}."
        )
    return int(value)
