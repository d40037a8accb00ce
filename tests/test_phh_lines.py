"""Where a PHH refusal points (protocols.md §2): the line the reader names is in the hand
the refusal is about, or there is none; never a line of another hand of the file.  And the
writer's text is UTF-8 whatever the machine's locale, the fields of a hand made in code
are tuples as read ones are."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

from pokerroom.history.errors import PHHError
from pokerroom.history.notation import PHHAction
from pokerroom.history.phh import PHHHand, iter_hands, loads, read_phh

# hand [2]: a complete hand whose fields start lines 3 to 9 (min_bet on line 7)
SECOND = """\

[2]
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ["d dh p1 AcKs", "d dh p2 7h7d", "p2 f"]
"""


def errors(text: str) -> dict[str, str]:
    """The text of each refused hand of a .phhs file, by label."""
    return {k: str(h) for k, h in iter_hands(text, source="h.phhs") if isinstance(h, PHHError)}


def test_a_field_the_reader_cannot_find_in_its_hand_is_not_located_in_the_next_hand() -> None:
    # hand [1] names min_bet with an escape, which the reader's search does not see through;
    # hand [2] has min_bet at the start of line 7
    first = textwrap.dedent("""\
        [1]
        variant = "NT"
        antes = [0, 0]
        blinds_or_straddles = [1, 2]
        "min\\u005fbet" = [2]
        starting_stacks = [200, 200]
        actions = ["d dh p1 AcKs", "d dh p2 7h7d", "p2 f"]
    """)
    message = "h.phhs: hand [1]: field 'min_bet': must be a number, not an array"
    assert errors(first + SECOND) == {"1": message}
    assert errors(first) == {"1": message}
    # written plainly, it is found on its own line
    plain = first.replace('"min\\u005fbet"', "min_bet")
    assert errors(plain + SECOND) == {"1": message.replace("[1]: ", "[1]: line 5: ")}
    # and a refusal in hand [2] is located there
    bad_second = SECOND.replace("min_bet = 2", "min_bet = [2]")
    assert errors(plain.replace("min_bet = [2]", "min_bet = 2") + bad_second) == {
        "2": "h.phhs: hand [2]: line 13: field 'min_bet': must be a number, not an array"
    }


# hand [1] as an inline table on line 2: no [1] header to find it by
INLINE = (
    "# hand 1 inline\n"
    '1 = { variant = "NT", antes = [0, 0], blinds_or_straddles = [1, 2], min_bet = MIN, '
    "starting_stacks = [200, 200], actions = ACTIONS }\n"
)
DEALT = '["d dh p1 AcKs", "d dh p2 7h7d", ACTION]'


def inline(min_bet: str = "2", action: str = '"p2 f"') -> str:
    actions = DEALT.replace("ACTION", action)
    return INLINE.replace("MIN", min_bet).replace("ACTIONS", actions) + SECOND


def test_an_inline_hand_is_read_like_a_section() -> None:
    hands = dict(iter_hands(inline(), source="h.phhs"))
    assert [str(a) for a in hands["1"].actions] == [  # type: ignore[union-attr]
        "d dh p1 AcKs", "d dh p2 7h7d", "p2 f"]  # fmt: skip
    assert hands["1"] == hands["2"]


def test_a_bad_field_of_an_inline_hand_has_no_line_not_the_next_hands() -> None:
    assert errors(inline(min_bet="[2]")) == {
        "1": "h.phhs: hand [1]: field 'min_bet': must be a number, not an array"
    }


def test_a_bad_action_of_an_inline_hand_has_no_line_not_its_own_lines() -> None:
    # the action's text is in the file (line 2), but outside any section of hand [1]
    assert errors(inline(action='"p2 xx"')) == {
        "1": "h.phhs: hand [1]: action 3 'p2 xx': unknown player action 'xx' (player actions: "
        "cbr AMOUNT, cc, f, sm [CARDS], pb, sd [CARDS])"
    }


def test_an_illegal_action_of_an_inline_hand_has_no_line_not_its_own_lines() -> None:
    assert errors(inline(action='"p3 f"')) == {
        "1": "h.phhs: hand [1]: field 'actions': action 3 'p3 f': there is no player p3 "
             "(players p1 to p2)"
    }  # fmt: skip


def test_a_hand_made_in_code_holds_tuples_as_a_read_one_does() -> None:
    read = loads(SECOND.replace("[2]", ""))
    lists: dict[str, Any] = {
        "antes": [0, 0],
        "starting_stacks": [200, 200],
        "actions": list(read.actions),
        "blinds_or_straddles": [1, 2],
    }
    made = PHHHand(variant="NT", min_bet=2, **lists)
    for name in ("antes", "starting_stacks", "actions", "blinds_or_straddles"):
        assert type(getattr(made, name)) is tuple, name
    assert made == read
    assert hash(made) == hash(read)
    assert made.actions[-1] == PHHAction.parse("p2 f")


def test_the_writer_writes_utf8_under_an_ascii_locale(tmp_path: Path) -> None:
    # a Python whose locale encoding is ASCII: no UTF-8 mode, no coercion of the C locale
    env = {**os.environ, "LC_ALL": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"}
    path = tmp_path / "h.phh"
    script = textwrap.dedent(f"""\
        import locale, sys
        from pokerroom.history.phh import loads, write_phh
        assert locale.getencoding() != "UTF-8", locale.getencoding()
        hand = loads({SECOND.replace("[2]", "")!r})
        named = hand.with_fields(players=("J\\u00e9r\\u00f4me", "Zo\\u00eb"), city="Z\\u00fcrich")
        write_phh(sys.argv[1], [named])
    """)
    subprocess.run([sys.executable, "-X", "utf8=0", "-c", script, str(path)], env=env,
                   check=True, capture_output=True)  # fmt: skip
    text = path.read_bytes().decode("utf-8")
    assert 'players = ["Jérôme", "Zoë"]' in text
    assert 'city = "Zürich"' in text
    [(_, hand)] = read_phh(path)
    assert hand.players == ("Jérôme", "Zoë")
