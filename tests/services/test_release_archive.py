"""The release zip written while rows stream: every entry reads back byte for byte, the
checksums and sizes it reports are those of the bytes, and a failure while packing reaches
the build instead of leaving a silently truncated file."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from annotations.services import release_archive
from annotations.services.release_archive import ReleaseArchive


def test_entries_read_back_with_their_checksums_sizes_and_counts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(release_archive, "BLOCK", 1 << 16)  # many blocks from a small file
    lines = [f'{{"n": {i}, "text": "ünïcode {i}"}}\n'.encode() for i in range(20_000)]
    on_disk = tmp_path / "card.md"
    on_disk.write_text("# Card\n", encoding="utf-8")
    path = tmp_path / "release.zip"
    with ReleaseArchive(path) as archive:
        with archive.entry("native/dev.jsonl") as stream:
            for line in lines:
                stream.write(line)
            stream.records = len(lines)
        with archive.entry("empty.jsonl") as stream:
            stream.records = 0
        archive.add(on_disk, "README.md")

    expected = b"".join(lines)
    assert len(expected) > 5 * release_archive.BLOCK  # several blocks through the thread
    with zipfile.ZipFile(path) as packed:
        assert packed.read("native/dev.jsonl") == expected
        assert packed.read("empty.jsonl") == b""
        assert packed.read("README.md") == b"# Card\n"
        assert packed.testzip() is None
    dev = archive.files["native/dev.jsonl"]
    assert dev.sha256 == hashlib.sha256(expected).hexdigest()
    assert (dev.size, dev.records) == (len(expected), 20_000)
    assert archive.files["empty.jsonl"].size == 0
    assert archive.files["README.md"].records is None


def test_a_failure_while_packing_is_raised_to_the_writer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(self: object, data: bytes) -> int:
        raise OSError("No space left on device")

    def write_a_release() -> None:
        with ReleaseArchive(tmp_path / "r.zip") as archive, archive.entry("a.jsonl") as stream:
            for _ in range(5_000):
                stream.write(b"x" * 1000)

    monkeypatch.setattr(zipfile._ZipWriteFile, "write", disk_full)
    with pytest.raises(OSError, match="No space left"):
        write_a_release()


def test_a_name_is_written_once(tmp_path: Path) -> None:
    with ReleaseArchive(tmp_path / "r.zip") as archive:
        with archive.entry("a.jsonl") as stream:
            stream.write(b"1\n")
        with pytest.raises(ValueError, match="already in the archive"):
            archive.entry("a.jsonl")
