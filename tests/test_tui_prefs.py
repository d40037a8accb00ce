"""Your settings (:class:`~pokerroom.tui.prefs.Prefs`): read field by field from
``settings.toml``, every unknown or damaged value left at its default, a file that cannot
be read noted in full (never a reason not to start), and written back as it was read."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from pokerroom.tui.prefs import SPEEDS, Prefs

DEFAULTS = ("normal", False, True, False, {}, "")


def _fields(prefs: Prefs) -> tuple[object, ...]:
    return (prefs.speed, prefs.hints, prefs.confirm_all_in, prefs.bell, prefs.new_game,
            prefs.note)  # fmt: skip


def _load(tmp_path: Path, text: str | bytes) -> Prefs:
    path = tmp_path / "settings.toml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return Prefs.load(path)


def test_no_file_gives_the_defaults_and_a_speed_s_delay_in_seconds(tmp_path: Path) -> None:
    prefs = Prefs.load(tmp_path / "settings.toml")
    assert prefs.path == tmp_path / "settings.toml"
    assert _fields(prefs) == DEFAULTS and prefs.delay == 0.9
    assert SPEEDS == {"instant": 0.0, "fast": 0.35, "normal": 0.9, "slow": 1.8}
    for speed, seconds in SPEEDS.items():
        prefs.speed = speed
        assert prefs.delay == seconds
    prefs.speed = "warp"  # (never read so: a speed the game does not know is normal's)
    assert prefs.delay == 0.9


def test_every_field_is_read_from_the_file(tmp_path: Path) -> None:
    text = ('[settings]\nspeed = "slow"\nhints = true\nconfirm_all_in = false\nbell = true\n'
            '[new_game]\nname = "Zoë"\nbots = ["a", "b"]\n')  # fmt: skip
    prefs = _load(tmp_path, text)
    assert _fields(prefs) == ("slow", True, False, True, {"name": "Zoë", "bots": ["a", "b"]}, "")
    assert prefs.delay == 1.8


def test_fields_left_out_keep_their_defaults(tmp_path: Path) -> None:
    assert _fields(_load(tmp_path, "")) == DEFAULTS
    assert _fields(_load(tmp_path, "[settings]\n")) == DEFAULTS
    assert _fields(_load(tmp_path, "[settings]\nbell = true\n")) == (
        "normal",
        False,
        True,
        True,
        {},
        "",
    )
    assert _fields(_load(tmp_path, "[settings]\nhints = true\n")) == (
        "normal",
        True,
        True,
        False,
        {},
        "",
    )
    assert _fields(_load(tmp_path, "[settings]\nconfirm_all_in = false\n")) == (
        "normal",
        False,
        False,
        False,
        {},
        "",
    )
    assert _fields(_load(tmp_path, "[new_game]\nseed = 4\n")) == (
        "normal",
        False,
        True,
        False,
        {"seed": 4},
        "",
    )


def test_values_of_another_type_are_left_at_the_default(tmp_path: Path) -> None:
    """A switch is on or off only as TOML's true or false: "no" is not read as its truth."""
    prefs = _load(tmp_path, '[settings]\nspeed = "warp"\nhints = 1\nconfirm_all_in = 0\n'
                            'bell = "yes"\nnew_game = 3\n')  # fmt: skip
    assert _fields(prefs) == DEFAULTS
    prefs = _load(tmp_path, '[settings]\nhints = "yes"\nconfirm_all_in = "no"\nbell = [true]\n')
    assert _fields(prefs) == DEFAULTS
    prefs = _load(tmp_path, '[settings]\nhints = true\nconfirm_all_in = false\nbell = true\n')
    assert _fields(prefs)[1:4] == (True, False, True)
    assert _fields(_load(tmp_path, "new_game = [1, 2]\n")) == DEFAULTS  # not a table


@pytest.mark.parametrize("value", ["[1]", '["fast"]', "{ a = 1 }", "3"])
def test_a_speed_that_is_not_a_word_is_left_at_the_default(tmp_path: Path, value: str) -> None:
    """A list or a table there made the game fail to start (it could not be looked up)."""
    prefs = _load(tmp_path, f"[settings]\nspeed = {value}\nbell = true\n")
    assert _fields(prefs) == ("normal", False, True, True, {}, "")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("speed = ", "Invalid value (at end of document)"),
        (b"x = '\xff'\n", "'utf-8' codec can't decode byte 0xff in position 5: invalid start byte"),
        ("settings = 3\n", "'int' object has no attribute 'get'"),
    ],
)
def test_a_file_that_cannot_be_read_gives_the_defaults_and_says_why(
    tmp_path: Path, text: str | bytes, problem: str
) -> None:
    prefs = _load(tmp_path, text)
    path = tmp_path / "settings.toml"
    note = f"{path} could not be read ({problem}); using the default settings"
    assert _fields(prefs) == (*DEFAULTS[:-1], note)


def test_a_folder_in_the_file_s_place_gives_the_defaults_and_says_why(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.mkdir()
    prefs = Prefs.load(path)
    problem = f"[Errno 21] Is a directory: '{path}'"
    note = f"{path} could not be read ({problem}); using the default settings"
    assert _fields(prefs) == (*DEFAULTS[:-1], note)


def test_saved_settings_are_read_back_as_they_were(tmp_path: Path) -> None:
    path = tmp_path / "new" / "deeper" / "settings.toml"  # folders made as needed
    form = {"name": "Zoë", "seed": None, "bots": ["a"], "stakes": {"sb": 1, "x": None}}
    prefs = Prefs(path, speed="instant", hints=True, confirm_all_in=False, bell=True,
                  new_game=form)  # fmt: skip
    prefs.save()
    assert prefs.note == ""
    assert tomllib.loads(path.read_bytes().decode("utf-8")) == {
        "settings": {"speed": "instant", "hints": True, "confirm_all_in": False, "bell": True},
        "new_game": {"name": "Zoë", "bots": ["a"], "stakes": {"sb": 1}},  # no None in TOML
    }
    again = Prefs.load(path)
    assert _fields(again) == ("instant", True, False, True,
                              {"name": "Zoë", "bots": ["a"], "stakes": {"sb": 1}}, "")  # fmt: skip
    again.speed, again.new_game = "fast", {"bots": [["x", "y"], ("z",)]}
    again.save()  # over the file, in a folder that is there
    assert _fields(Prefs.load(path)) == ("fast", True, False, True,
                                         {"bots": [["x", "y"], ["z"]]}, "")  # fmt: skip


def test_settings_that_cannot_be_written_say_why_and_change_nothing(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    path = tmp_path / "file" / "settings.toml"  # its folder is a file
    prefs = Prefs(path, speed="fast")
    prefs.save()
    assert prefs.note == f"settings not saved: [Errno 17] File exists: '{tmp_path / 'file'}'"
    assert (tmp_path / "file").read_text() == "x" and prefs.speed == "fast"
