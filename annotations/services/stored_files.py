"""Files kept through Django's storage API: local disk under MEDIA_ROOT, or an S3-compatible
bucket shared by every machine (docs/storage.md). Nothing else in the app assumes a stored
file has a local path; code that needs one (zipfile, a reader taking a Path) asks here.

    imports/<random>.<ext>      an upload, from its request until its job ends
    releases/<project>/<version>-<id>.zip   a published release's archive (never changes)
    evaluators/...              an evaluator's stored run (services/evaluator_runs.py)
"""

from __future__ import annotations

import io
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import IO, Any

from django.core.files import File
from django.core.files.storage import Storage, default_storage
from django.db.models.fields.files import FieldFile

IMPORTS = "imports"
COPY_CHUNK = 1 << 20
# A ranged read fetches at least this much: zipfile's small reads of a central directory
# and a member's header then cost one request each, not dozens.
RANGE_BYTES = 1 << 20

Stored = FieldFile | str


def _located(stored: Stored) -> tuple[Storage, str]:
    if isinstance(stored, FieldFile):
        return stored.storage, str(stored.name)
    return default_storage, stored


def local_path(storage: Storage, name: str) -> Path | None:
    """The file's own path when ``storage`` is local disk, else None."""
    try:
        return Path(storage.path(name))
    except NotImplementedError:
        return None


@contextmanager
def local_copy(stored: Stored) -> Iterator[Path]:
    """A local path holding the stored file's bytes, for as long as the block runs: the file
    itself on local disk, a temporary copy (removed afterwards) from a remote storage."""
    storage, name = _located(stored)
    own = local_path(storage, name)
    if own is not None:
        yield own
        return
    with tempfile.TemporaryDirectory(prefix="stored-copy-") as scratch:
        copy = Path(scratch) / (PurePosixPath(name).name or "file")
        with storage.open(name, "rb") as source, copy.open("wb") as target:
            obj = getattr(source, "obj", None)
            if obj is not None and hasattr(obj, "download_fileobj"):
                # django-storages' S3File would first buffer the whole object itself; its
                # boto3 object downloads straight into the copy (in parallel parts).
                obj.download_fileobj(target)
            else:
                shutil.copyfileobj(source, target, COPY_CHUNK)
        yield copy


@contextmanager
def open_ranged(stored: Stored) -> Iterator[IO[bytes]]:
    """A seekable binary file for reading a few parts of a large stored file (one member of
    a zip): the file itself on local disk; from S3, HTTP range requests of what is read, so a
    dataset card is read without fetching the whole archive."""
    storage, name = _located(stored)
    with storage.open(name, "rb") as opened:
        obj = getattr(opened, "obj", None)
        if obj is None or not hasattr(obj, "content_length"):
            yield opened
            return
        with io.BufferedReader(_Ranges(obj), buffer_size=RANGE_BYTES) as ranged:
            yield ranged


class _Ranges(io.RawIOBase):
    """A boto3 S3 object read by byte ranges (``obj`` is already loaded: its size is known)."""

    def __init__(self, obj: Any) -> None:
        self._obj = obj
        self._size = int(obj.content_length)
        self._position = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._position

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._position, io.SEEK_END: self._size}[whence]
        self._position = max(base + offset, 0)
        return self._position

    def readinto(self, buffer: Any) -> int:
        end = min(self._position + len(buffer), self._size)
        if end <= self._position:
            return 0
        body = self._obj.get(Range=f"bytes={self._position}-{end - 1}")["Body"].read()
        buffer[: len(body)] = body
        self._position += len(body)
        return len(body)


class _FinishedFile(File):
    """A finished local file: FileSystemStorage moves it into place (as it does a large
    upload's temporary file) instead of copying it; other storages read it."""

    def temporary_file_path(self) -> str:
        return str(self.name)


def stored_save(name: str, path: Path) -> str:
    """Put the local file at ``path`` into the default storage under ``name`` (moved on local
    disk, uploaded otherwise); returns the name it was stored under (a suffix is added if
    ``name`` is taken)."""
    with path.open("rb") as stream:
        return default_storage.save(name, _FinishedFile(stream, name=str(path)))


def upload_store(upload: File, *, suffix: str) -> str:
    """Keep an uploaded file for its job under ``imports/``, named by us (the uploader's name
    is for messages only, never a path); returns its storage name for the job's params."""
    return default_storage.save(f"{IMPORTS}/{uuid.uuid4().hex}{suffix}", upload)


def is_upload_name(name: str) -> bool:
    """Whether ``name`` is an upload's storage name: directly under ``imports/``, nothing
    that climbs out of it."""
    parts = PurePosixPath(name).parts
    return len(parts) == 2 and parts[0] == IMPORTS and parts[1] not in ("", ".", "..")


def signed_url(stored: FieldFile, *, filename: str) -> str | None:
    """A short-lived signed URL a client may fetch the file from directly (S3: presigned,
    expiring after STORAGE_URL's ``expire``), or None when the site must stream it itself
    (local disk: MEDIA_URL is not served, and would not check who asks)."""
    # Imported here: boto3 takes ~0.14 s to import, which a site on local disk
    # never needs to pay.
    from storages.backends.s3 import S3Storage

    if not isinstance(stored.storage, S3Storage):
        return None
    return str(
        stored.storage.url(
            stored.name,
            parameters={"ResponseContentDisposition": f'attachment; filename="{filename}"'},
        )
    )
