"""Where the solver's tables live (``solver/files.py``): the cache folder, the card
features and bucket tables built once, written whole and read back instead of built
again, and the shipped files.  The minutes-long builders are replaced by small stand-ins
that count their calls: what is checked is the caching, not the building."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import platformdirs
import pytest

from pokerroom.solver import files
from pokerroom.solver.abstraction import CardAbstraction
from pokerroom.solver.features import Features


def _features() -> Features:
    return Features(
        preflop=np.linspace(0.1, 0.9, 169),
        flop_keys=np.array([5, 70, 900], dtype=np.int64),
        flop_levels=np.arange(6, dtype=np.uint16).reshape(3, 2),
        preflop_flop=np.full((169, 4), 0.25),
        flop_turn=np.eye(4),
        turn_river=np.arange(16.0).reshape(4, 4),
    )


def test_the_cache_folder_is_pokerroom_cache_or_the_users_cache(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:  # fmt: skip
    monkeypatch.setenv("POKERROOM_CACHE", str(tmp_path))
    assert files.cache_dir() == tmp_path / "solver"
    monkeypatch.setenv("POKERROOM_CACHE", "")
    assert files.cache_dir() == Path(platformdirs.user_cache_dir("pokerroom")) / "solver"
    monkeypatch.delenv("POKERROOM_CACHE")
    assert files.cache_dir() == Path(platformdirs.user_cache_dir("pokerroom")) / "solver"


def test_the_shipped_files_are_in_the_package_data() -> None:
    data = Path(files.__file__).resolve().parent / "data"
    assert files.data_dir() == data
    for preset in files.SHIPPED:
        assert files.shipped_strategy(preset) == data / f"{preset}.npz"
        assert files.shipped_strategy(preset).is_file()
    assert (data / "buckets-169-32-32-32.npz").is_file()
    assert files.DEFAULT_BUCKETS == (169, 32, 32, 32)


def test_features_are_built_once_written_whole_and_read_back(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:  # fmt: skip
    monkeypatch.setenv("POKERROOM_CACHE", str(tmp_path / "deep" / "er"))
    calls: list[object] = []

    def build(progress: object) -> Features:
        calls.append(progress)
        return _features()

    monkeypatch.setattr(files, "build_features", build)

    def told(stage: str, done: int, total: int) -> None:
        pass

    first = files.features(told)
    assert calls == [told]
    folder = tmp_path / "deep" / "er" / "solver"
    assert sorted(p.name for p in folder.iterdir()) == ["features-1.npz"]  # no .tmp left
    second = files.features()
    assert calls == [told]  # read back, not built again
    want = _features()
    for name in ("preflop", "flop_keys", "flop_levels", "preflop_flop", "flop_turn",
                 "turn_river"):  # fmt: skip
        for got in (first, second):
            value = getattr(got, name)
            assert value.dtype == getattr(want, name).dtype, name
            assert np.array_equal(value, getattr(want, name)), name
    with np.load(folder / "features-1.npz", allow_pickle=False) as data:
        assert sorted(data.files) == sorted(("preflop", "flop_keys", "flop_levels",
                                             "preflop_flop", "flop_turn", "turn_river"))


def test_bucket_tables_shipped_are_read_others_cut_once_and_cached(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:  # fmt: skip
    monkeypatch.setenv("POKERROOM_CACHE", str(tmp_path))
    shipped = files.abstraction_for(files.DEFAULT_BUCKETS)
    assert shipped.sizes == files.DEFAULT_BUCKETS
    assert not (tmp_path / "solver").exists()  # shipped: nothing built or written
    cuts: list[tuple[object, ...]] = []
    stand_in = _features()

    def cut(features: Features, sizes: tuple[int, ...], rng: np.random.Generator
            ) -> CardAbstraction:  # fmt: skip
        cuts.append((features, sizes, rng.integers(1 << 30)))
        return shipped

    asked: list[object] = []

    def built(progress: object = None) -> Features:
        asked.append(progress)
        return stand_in

    def told(stage: str, done: int, total: int) -> None:
        pass

    monkeypatch.setattr(files, "from_features", cut)
    monkeypatch.setattr(files, "features", built)
    (tmp_path / "solver").mkdir()  # the folder there already (the features' file, say)
    made = files.abstraction_for((169, 8, 8, 8), told)
    seeded = np.random.default_rng(files.SHOWDOWN_SEED).integers(1 << 30)
    assert cuts == [(stand_in, (169, 8, 8, 8), seeded)] and made is shipped
    assert asked == [told]  # the progress is passed on to the features' build
    path = tmp_path / "solver" / "buckets-169-8-8-8.npz"
    assert path.is_file()
    again = files.abstraction_for((169, 8, 8, 8))
    assert len(cuts) == 1  # read back from the cache
    assert again.sizes == shipped.sizes
    assert np.array_equal(again.flop_buckets, shipped.flop_buckets)
    assert np.array_equal(again.showdown, shipped.showdown)


def test_a_cached_table_holding_pickled_objects_is_refused_not_unpickled(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:  # fmt: skip
    """A cache file is data, never code: one holding an object array (which NumPy
    stores as a pickle) is refused as it is read, for the bucket tables and the
    features alike."""
    monkeypatch.setenv("POKERROOM_CACHE", str(tmp_path))
    folder = tmp_path / "solver"
    folder.mkdir()
    planted = {"sizes": np.array([169, 8, 8, 8], dtype=object),
               "preflop": np.array([None], dtype=object)}  # fmt: skip
    for name in ("buckets-169-8-8-8.npz", "features-1.npz"):
        np.savez(folder / name, **planted)
    with pytest.raises(ValueError, match="allow_pickle=False"):
        files.abstraction_for((169, 8, 8, 8))
    with pytest.raises(ValueError, match="allow_pickle=False"):
        files.features()
