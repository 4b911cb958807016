"""STORAGE_URL as an operator writes it: local disk when empty, an S3 bucket with its options,
and a refusal that names what is wrong for anything else."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from annotation_site.storage_url import DEFAULT_EXPIRE_SECONDS, storage_backend


def test_no_storage_url_keeps_local_disk_under_media_root() -> None:
    assert storage_backend("") == {"BACKEND": "django.core.files.storage.FileSystemStorage"}
    assert storage_backend("  ")["BACKEND"].endswith("FileSystemStorage")


def test_an_s3_url_names_the_bucket_prefix_endpoint_region_and_expiry() -> None:
    backend = storage_backend(
        "s3://studio-media/prod/site?endpoint_url=https://minio.internal:9000&region=eu-west-1"
        "&addressing_style=path&expire=120"
    )
    assert backend["BACKEND"] == "storages.backends.s3.S3Storage"
    options = backend["OPTIONS"]
    assert (options["bucket_name"], options["location"]) == ("studio-media", "prod/site")
    assert options["endpoint_url"] == "https://minio.internal:9000"
    assert (options["region_name"], options["addressing_style"]) == ("eu-west-1", "path")
    assert options["querystring_expire"] == 120
    assert options["file_overwrite"] is False


def test_a_bare_bucket_has_no_prefix_and_short_lived_links() -> None:
    options = storage_backend("s3://studio-media")["OPTIONS"]
    assert options["location"] == ""
    assert options["querystring_expire"] == DEFAULT_EXPIRE_SECONDS
    assert "endpoint_url" not in options
    assert "region_name" not in options


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("gs://bucket", "use s3://BUCKET"),
        ("/var/media", "use s3://BUCKET"),
        ("s3://", "names no bucket"),
        ("s3://key:secret@bucket", "remove them and set AWS_ACCESS_KEY_ID"),
        ("s3://bucket?regoin=eu-west-1", "unknown option(s) regoin; allowed: endpoint_url"),
        ("s3://bucket?expire=0", "whole seconds from 1 to 604800"),
        ("s3://bucket?expire=ten", "whole seconds from 1 to 604800"),
        ("s3://bucket?addressing_style=dns", "one of auto, path, virtual"),
        ("s3://bucket?endpoint_url=minio:9000", "an http(s):// URL"),
    ],
)
def test_a_wrong_storage_url_is_refused_saying_why(url: str, says: str) -> None:
    with pytest.raises(ImproperlyConfigured) as refused:
        storage_backend(url)
    assert says in str(refused.value)


def test_the_site_reads_storage_url_from_the_environment() -> None:
    from tests.test_settings import run_manage

    code = (
        "from django.core.files.storage import default_storage as d; "
        "bucket = d.bucket_name; "
        "print(type(d._wrapped).__name__, bucket, d.location, d.querystring_expire)"
    )
    result = run_manage(
        "shell", "-c", code, env={"STORAGE_URL": "s3://studio-media/prod?expire=90"}
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-4:] == ["S3Storage", "studio-media", "prod", "90"]
    refused = run_manage("check", env={"STORAGE_URL": "ftp://media"})
    assert refused.returncode != 0
    assert "STORAGE_URL='ftp://media': use s3://BUCKET" in refused.stderr
