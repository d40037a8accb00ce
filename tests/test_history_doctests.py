"""The examples in the history modules' docstrings run (docs are tests)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pokerroom.history

MODULES = sorted(m.name for m in pkgutil.iter_modules(pokerroom.history.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"pokerroom.history.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
