"""A PHH hand built in code with a variant pokerroom does not play is refused by the
replay, as the reader refuses such a file (it used to be replayed as no-limit hold'em)."""

from __future__ import annotations

import dataclasses

import pytest

from pokerroom.history.errors import ReplayError
from pokerroom.history.phh import VARIANT_NAMES
from pokerroom.history.replay import replay_phh, rules_from_phh
from pokerroom.rules import Structure
from test_replay_steps import hand as heads_up

NO_LIMIT = ("d dh p1 AcKs", "d dh p2 7h7d", "p2 f")  # a heads-up no-limit hand: p2 folds


def test_a_holdem_hand_built_in_code_replays() -> None:
    hand = heads_up(*NO_LIMIT)
    assert rules_from_phh(hand).structure is Structure.NO_LIMIT
    assert replay_phh(hand).played.result is not None


@pytest.mark.parametrize(
    ("variant", "refusal"),
    [
        ("PO", "the variant 'PO' (pot-limit Omaha hold'em) is not one pokerroom plays "
               "(it plays FT, NT)"),
        ("XX", f"unknown variant 'XX' (known: {', '.join(VARIANT_NAMES)}; pokerroom plays "
               "FT, NT)"),
    ],
)  # fmt: skip
def test_a_variant_pokerroom_does_not_play_is_refused_as_the_reader_refuses_it(
    variant: str, refusal: str
) -> None:
    hand = dataclasses.replace(heads_up(*NO_LIMIT), variant=variant)
    with pytest.raises(ReplayError) as refused:
        replay_phh(hand)
    assert str(refused.value) == refusal
