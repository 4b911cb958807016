"""The zip of a release, written while the rows stream: each file is compressed, counted and
hashed by a second thread as the writer produces it, so a build's packing overlaps its
database reads and encoding instead of following them (docs/releases.md).

On two cores this is the difference between packing after writing (3 s for the 630 MB of a
200,000-summary native release, at level 1) and packing for free: zlib, sha256 and file
writes release the GIL, so the packing thread runs while the main thread builds rows.
"""

from __future__ import annotations

import contextlib
import hashlib
import queue
import threading
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO

from isal import isal_zlib

# Bytes handed to the packing thread at a time. Few and large: joining a block of 1 MiB or
# more releases the GIL, and each hand-over then waits to take it back from the threads
# reading the database and packing (2 s of a 1.2 GB build with 1 MiB blocks).
BLOCK = 4 << 20
QUEUED_BLOCKS = 4  # at most this many blocks wait (memory stays ~16 MB whatever the release)
# Level 1: a third of the time of zlib's default level for ~20 % larger archives.
COMPRESSLEVEL = 1


def _use_isal(target: IO[bytes]) -> None:
    """Deflate the entry with ISA-L (``isal``) instead of zlib: the same format and, at
    level 1, the same ratio on release files, at three to eight times the speed. Packing was
    the slowest thread of a large build (6 s for a 600 MB native release), and on two cores
    it competes with the database and the row writer. The zip writer's compressor is a
    private attribute: if a Python version lacks it, zlib stays, slower but the same."""
    if getattr(target, "_compressor", None) is not None:
        target._compressor = isal_zlib.compressobj(COMPRESSLEVEL, zlib.DEFLATED, -15)  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class PackedFile:
    """A file of the archive as the manifest describes it (uncompressed bytes)."""

    sha256: str
    size: int
    records: int | None


class ReleaseArchive:
    """A zip being written at ``path``, one entry at a time.

    ``entry(name)`` returns a binary stream for one file; ``add(path, name)`` copies a file
    written on disk. ``files`` maps each name to its checksum, size and record count.
    An entry opened with ``skip_empty`` that ends with no bytes or no records (a header
    alone) is not written at all and its name goes to ``skipped``: a format with nothing to
    export is left out with a note, never shipped as a 0-byte file (docs/releases.md).
    """

    def __init__(self, path: Path) -> None:
        self._zip = zipfile.ZipFile(
            path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=COMPRESSLEVEL
        )
        self.files: dict[str, PackedFile] = {}
        self.skipped: list[str] = []

    def entry(self, name: str, *, skip_empty: bool = False) -> _EntryStream:
        if name in self.files:
            raise ValueError(f"{name} is already in the archive")
        return _EntryStream(self, name, skip_empty=skip_empty)

    def add(
        self, path: Path, name: str, *, records: int | None = None, skip_empty: bool = False
    ) -> None:
        with self.entry(name, skip_empty=skip_empty) as stream, path.open("rb") as source:
            for block in iter(lambda: source.read(BLOCK), b""):
                stream.write(block)
            stream.records = records

    def close(self) -> None:
        self._zip.close()

    def __enter__(self) -> ReleaseArchive:
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        if kind is None:
            self.close()
            return
        # The build failed and its directory goes: the error that matters is the first one.
        # A zip with an entry still open refuses to close; its file is closed directly.
        try:
            self.close()
        except (ValueError, OSError):
            handle, self._zip.fp = self._zip.fp, None
            if handle is not None:
                handle.close()


class _EntryStream:
    """A write-only binary stream into one zip entry. Writes are gathered into blocks of
    about 4 MiB and passed to a packing thread that hashes, compresses and writes them; an
    error in that thread is raised here, at the next write or at close."""

    def __init__(self, archive: ReleaseArchive, name: str, *, skip_empty: bool = False) -> None:
        self._archive = archive
        self._name = name
        self._skip_empty = skip_empty
        self.records: int | None = None
        self._pending: list[bytes] = []
        self._pending_bytes = 0
        self._size = 0
        self._digest = hashlib.sha256()
        self._queue: queue.Queue[bytes | None] = queue.Queue(maxsize=QUEUED_BLOCKS)
        self._error: BaseException | None = None
        self._target: IO[bytes] | None = None
        self._thread: threading.Thread | None = None
        if not skip_empty:
            self._open()

    def _open(self) -> None:
        """Start the zip entry and its packing thread. An entry that may be skipped starts
        at its first full block or at close, once it is known to hold something: the zip
        cannot take an entry back."""
        # The archive's compression and level; force_zip64: the size is unknown until the
        # end and may pass 2 GiB.
        self._target = self._archive._zip.open(self._name, "w", force_zip64=True)
        _use_isal(self._target)
        self._thread = threading.Thread(target=self._pack, name=f"pack {self._name}", daemon=True)
        self._thread.start()

    @property
    def _empty(self) -> bool:
        return self._size + self._pending_bytes == 0 or self.records == 0

    def _pack(self) -> None:
        assert self._target is not None
        try:
            while (block := self._queue.get()) is not None:
                self._digest.update(block)
                self._target.write(block)
        except BaseException as error:
            self._error = error
            while self._queue.get() is not None:  # drain, so the writer never blocks
                pass

    def write(self, data: bytes) -> int:
        self._pending.append(data)
        self._pending_bytes += len(data)
        if self._pending_bytes >= BLOCK:
            self._hand_over()
        return len(data)

    def _hand_over(self) -> None:
        if self._error is not None:
            raise self._error
        if self._thread is None:
            self._open()
        block = b"".join(self._pending)
        self._pending.clear()
        self._pending_bytes = 0
        self._size += len(block)
        self._queue.put(block)

    def close(self) -> None:
        if self._skip_empty and self._thread is None and self._empty:
            self._archive.skipped.append(self._name)
            return
        if self._pending or self._thread is None:
            self._hand_over()
        assert self._thread is not None
        assert self._target is not None
        self._queue.put(None)
        self._thread.join()
        if self._error is not None:
            raise self._error
        self._target.close()
        self._archive.files[self._name] = PackedFile(
            sha256=self._digest.hexdigest(), size=self._size, records=self.records
        )

    def abandon(self) -> None:
        """Stop the packing thread after an error in the writer (the build fails anyway)."""
        if self._thread is None or self._target is None:
            return
        self._queue.put(None)
        self._thread.join()
        with contextlib.suppress(ValueError, OSError):
            self._target.close()

    def __enter__(self) -> _EntryStream:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is None:
            self.close()
        else:
            self.abandon()
