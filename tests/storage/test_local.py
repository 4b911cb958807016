"""With no STORAGE_URL (local disk under MEDIA_ROOT, the default) the same paths as in
test_s3.py: the card is read from the stored archive and the download streams it."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest

from annotations.models import Round
from tests.people import RESEARCHER, signed_in
from tests.scoring.test_release_scores import build, labelled_round  # noqa: F401

pytestmark = pytest.mark.django_db


def test_on_local_disk_the_card_is_read_and_the_download_streams(
    labelled_round: Round,  # noqa: F811
    settings: Any,
    tmp_path: Path,
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.RELEASE_BUILD_ROOT = tmp_path / "builds"
    release = build(labelled_round, ["native"])
    assert (tmp_path / "media" / release.archive.name).is_file()
    researcher = signed_in(RESEARCHER)
    assert researcher.get(f"/api/releases/{release.pk}/").json()["card"].startswith("---")
    download = researcher.get(f"/api/releases/{release.pk}/download/")
    assert download.status_code == 200
    body = b"".join(download.streaming_content)
    assert hashlib.sha256(body).hexdigest() == release.manifest["archive_sha256"]
    # Only the (empty) folder of this database stays in the scratch space.
    assert not list((tmp_path / "builds").glob("*/*"))
