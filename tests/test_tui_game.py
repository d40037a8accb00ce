"""The game the terminal plays: hands in a row, the button, eliminations, the freeze-out's
end, and save data that rebuilds the game exactly (mid-hand: the same cards to come)."""

from __future__ import annotations

import json

import pytest

from pokerroom.engine import Action, IllegalAction, Street
from pokerroom.tui.game import Game, GameError
from tui_helpers import make_game


def _play_out(game: Game) -> None:
    """Play the hand in play to its end: every seat checks or calls, shows at the end."""
    while game.in_hand:
        legal = game.view(game.to_act).legal
        assert legal is not None
        if legal.street is Street.SHOWDOWN:
            game.apply(Action.show())
        else:
            game.apply(Action.call() if legal.to_call else Action.check())


def test_hands_in_a_row_move_the_button_and_keep_the_chips() -> None:
    game = make_game(("calling-station",) * 3, seed=1)
    buttons = []
    for _ in range(6):
        game.start_hand()
        buttons.append(game.button)
        _play_out(game)
        game.end_hand()
        assert sum(game.stacks) == 4000
    assert buttons == [0, 1, 2, 3, 0, 1]
    assert len(game.chips) == 7  # the buy-ins, then after each hand


def test_nothing_deals_while_a_hand_is_in_play() -> None:
    game = make_game()
    game.start_hand()
    with pytest.raises(GameError, match="a hand is in play"):
        game.start_hand()


def test_a_busted_seat_is_out_and_skipped_by_the_button() -> None:
    game = make_game(stacks=[1000, 4, 1000], seed=1)
    game.start_hand()
    game.apply(Action.raise_to(1000))  # you: all-in; both call, Ada short
    _play_out(game)
    game.end_hand()
    assert game.stacks == [1992, 12, 0] and game.finish == [2]  # Bo is out
    game.start_hand()
    assert game.hand_names() == ("Hero", "Ada") and game.hand_out() == ("Bo",)
    assert game.button == 1 and game.out == (False, False, True)


def test_the_freeze_out_ends_with_one_player_holding_every_chip() -> None:
    game = make_game(("calling-station",), seed=4)
    for _ in range(50):
        if game.over:
            break
        game.start_hand()
        game.apply(Action.raise_to(game.view(0).legal.max_to))  # you always go all-in
        _play_out(game)
        game.end_hand()
    assert game.over and sorted(game.stacks) == [0, 2000]
    order = game.standings()
    assert game.stacks[order[0]] == 2000 and game.finish == order[1:]


def test_an_illegal_action_changes_nothing() -> None:
    game = make_game()
    game.start_hand()
    events = list(game.hand.events)
    with pytest.raises(IllegalAction):
        game.apply(Action.check())
    assert game.hand.events == events and game.actions == []


def test_save_data_rebuilds_the_game_mid_hand_with_the_same_cards_to_come() -> None:
    game = make_game(("calling-station", "random"), seed=9)
    for _ in range(2):
        game.start_hand()
        _play_out(game)
        game.end_hand()
    game.start_hand()
    game.apply(Action.call())
    data = json.loads(json.dumps(game.to_data()))  # plain data, as a save holds it
    again = Game.from_data(data)
    mine, theirs = again.view(0), game.view(0)
    assert mine.hole == theirs.hole and mine.events == theirs.events
    assert str(mine.legal) == str(theirs.legal)
    _play_out(game)
    _play_out(again)
    assert again.hand.board == game.hand.board
    assert again.hand.result == game.hand.result and again.chips == game.chips


def test_save_data_between_hands() -> None:
    game = make_game(seed=6)
    game.start_hand()
    _play_out(game)
    again = Game.from_data(game.to_data())
    assert not again.in_hand and again.hand is not None and again.hand.is_over
    again.end_hand()
    game.end_hand()
    assert again.stacks == game.stacks and again.button == game.button


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.pop("stacks"),
        lambda d: d["setup"].update(rules={"structure": "no-such"}),
        lambda d: d.update(actions=["raise to 3"]),
    ],
)
def test_bad_save_data_is_refused(change) -> None:
    game = make_game()
    game.start_hand()
    data = game.to_data()
    change(data)
    with pytest.raises(GameError, match="the saved game cannot be rebuilt"):
        Game.from_data(data)
