"""Files only their owner reads: seat tokens, match logs and transcripts (every hole card).

A file is created with mode 0600, never through a symbolic link, and never over an
existing file unless the user says so (``--force``); then the old file (or the link
itself, never what it points to) is removed first and a new one created in its place.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "tokens.json"
>>> with open_private(path) as f:
...     _ = f.write("secret")
>>> oct(path.stat().st_mode & 0o777)
'0o600'
>>> open_private(path)
Traceback (most recent call last):
...
pokerroom.cli.errors.UsageError: ... exists: give --force to replace it
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path
from typing import TextIO

from pokerroom.cli.errors import UsageError

__all__ = ["open_private"]


def open_private(path: str | Path, *, force: bool = False) -> TextIO:
    """``path`` opened for writing text, new, mode 0600 (see the module doc)."""
    path = Path(path)
    if force:
        try:
            if stat.S_ISDIR(path.lstat().st_mode):
                raise UsageError(f"{path} is a folder, not a file")
            path.unlink()  # a link itself, never what it points to
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise UsageError(f"{path}: cannot replace it ({exc.strerror or exc})") from None
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags, 0o600)
    except FileExistsError:
        what = "a link" if path.is_symlink() else "exists"
        raise UsageError(f"{path} {what}: give --force to replace it") from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot create it ({exc.strerror or exc})") from None
    with contextlib.suppress(OSError):
        os.fchmod(fd, 0o600)  # whatever the umask
    return os.fdopen(fd, "w", encoding="utf-8")
