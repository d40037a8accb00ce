"""Shared test fixtures: where the shared test data lives."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# ../shared/data beside the checkout; from the copies of the tests that mutation testing
# makes inside the checkout (mutation/<part>/mutants/tests), a few levels further up.
DATA = next(
    (d for d in (base / "shared" / "data" for base in ROOT.parents[:4]) if d.is_dir()),
    ROOT.parent / "shared" / "data",
)


@pytest.fixture(scope="session")
def data_dir() -> Path:
    if not DATA.is_dir():
        pytest.fail(f"test data not found: expected ../shared/data beside the checkout ({DATA})")
    return DATA
