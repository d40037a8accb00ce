"""``python -m pokerroom``: the same as the ``pokerroom`` command."""

from __future__ import annotations

import sys

from pokerroom.cli import main

if __name__ == "__main__":
    sys.exit(main())
