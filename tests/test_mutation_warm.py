"""The caches mutation testing fills once (``warm`` in ``[tool.mutation.parts]``): called
by ``conftest.py`` only when the tests are collected (mutmut's fork server) with the
variable ``tools/mutation.py`` sets, each named function once, in order."""

from __future__ import annotations

import importlib
import sys
import tomllib
import types
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import conftest
from tool_helpers import load_tool

ROOT = Path(__file__).resolve().parents[1]


def session(collect_only: bool) -> Any:
    return SimpleNamespace(config=SimpleNamespace(option=SimpleNamespace(collectonly=collect_only)))


def test_warm_functions_are_called_in_order_only_when_collecting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []
    probe = types.ModuleType("warm_probe")
    probe.first = lambda: calls.append("first")  # type: ignore[attr-defined]
    probe.second = lambda: calls.append("second")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "warm_probe", probe)
    monkeypatch.delenv(conftest.WARM, raising=False)
    conftest.pytest_collection_finish(session(True))
    assert calls == []
    monkeypatch.setenv(conftest.WARM, "warm_probe:second warm_probe:first")
    conftest.pytest_collection_finish(session(False))
    assert calls == []
    conftest.pytest_collection_finish(session(True))
    assert calls == ["second", "first"]


def test_every_parts_warm_functions_exist_and_the_driver_passes_them() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    parts = project["tool"]["mutation"]["parts"]
    warm = [t for part in parts.values() for t in part.get("warm", [])]
    assert "warm_caches:players" in warm
    for target in warm:
        module, _, name = target.partition(":")
        assert callable(getattr(importlib.import_module(module), name)), target
    driver = (ROOT / "tools" / "mutation.py").read_text()
    assert f'WARM = "{conftest.WARM}"' in driver


def test_a_parts_own_mutmut_settings_go_over_the_projects() -> None:
    """``mutmut = {...}`` in a part is written into its ``[tool.mutmut]`` over the
    project's; the part's files and tests always replace the project's."""
    driver = load_tool("mutation")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    parts = project["tool"]["mutation"]["parts"]
    envs = driver.settings(parts["envs"], project)
    assert envs["timeout_multiplier"] == 3.0
    assert envs["only_mutate"] == parts["envs"]["mutate"]
    assert envs["pytest_add_cli_args_test_selection"] == parts["envs"]["tests"]
    assert envs["pytest_add_cli_args"] == project["tool"]["mutmut"]["pytest_add_cli_args"]
    table = driver.settings(parts["table"], project)
    assert "timeout_multiplier" not in table and table["only_mutate"] == parts["table"]["mutate"]


def test_a_parts_folder_and_its_mutants_hold_the_guide_the_tests_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Some selected tests read the guide (the terminal game's key tables are checked
    against ``docs/guide/playing.md``): without ``docs/`` beside the copied tests, a
    part's first clean run fails and no mutant is tried.  The part's folder gets the
    guide (not its built site), and mutmut is told to copy it on into ``mutants/``."""
    driver = load_tool("mutation")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    parts = project["tool"]["mutation"]["parts"]
    monkeypatch.setattr(driver, "WORK", tmp_path)
    where = driver.prepare("tuiscreens", parts["tuiscreens"], project)
    guide = where / "docs" / "guide" / "playing.md"
    assert guide.read_text() == (ROOT / "docs" / "guide" / "playing.md").read_text()
    assert (where / "tests" / "test_tui_screens.py").is_file()
    assert not (where / "docs" / "_build").exists()
    local = tomllib.loads((where / "pyproject.toml").read_text())
    assert local["tool"]["mutmut"]["also_copy"] == ["docs/"]
