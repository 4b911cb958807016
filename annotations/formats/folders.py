"""A layout that is a folder, uploaded as a .zip: unpacked to a scratch folder that is
removed on every path."""

from __future__ import annotations

import shutil
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from annotations.formats.errors import FormatError

# More than this unpacked is refused rather than filling a disk.
MAX_UNPACKED = 512 * 1024 * 1024


@contextmanager
def project_folder(path: Path, name: str) -> Iterator[Path]:
    """The folder itself, or a zip unpacked (members with absolute paths or ``..`` refused)."""
    if path.is_dir():
        yield path
        return
    if not zipfile.is_zipfile(path):
        raise FormatError("expected the project folder, or a .zip of it", file=name)
    scratch = Path(tempfile.mkdtemp(prefix="import-"))
    try:
        with zipfile.ZipFile(path) as packed:
            if sum(info.file_size for info in packed.infolist()) > MAX_UNPACKED:
                raise FormatError(f"unpacks to more than {MAX_UNPACKED >> 20} MB", file=name)
            for info in packed.infolist():
                parts = Path(info.filename).parts
                if info.filename.startswith("/") or ".." in parts:
                    raise FormatError(
                        f"member {info.filename!r} points outside the folder", file=name
                    )
            packed.extractall(scratch)
        yield scratch
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
