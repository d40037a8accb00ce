"""The game the terminal plays, over the table: the seats and bots, the chips hand by hand,
and save data that rebuilds the game exactly (mid-hand: the same cards to come)."""

from __future__ import annotations

import json
import random

import pytest

from pokerroom.engine import Action, Street
from pokerroom.players import BOTS
from pokerroom.tui.game import OLD_SAVE, Game, GameError, bot_names
from tui_helpers import make_game, play_out


def test_the_bots_to_choose_from_are_the_registry_s() -> None:
    assert bot_names() == {name: cls.description for name, cls in BOTS.items()}
    assert {"random", "calling-station", "rule-based"} <= set(bot_names())


def test_seats_names_and_bots() -> None:
    game = make_game(("rule-based", "random"), seed=3)
    assert game.names == ("Hero", "Ada", "Bo")
    assert [type(game.bots[s]).name for s in (1, 2)] == ["rule-based", "random"]
    assert game.table.stacks == (1000, 1000, 1000) and game.chips == [[1000, 1000, 1000]]


def test_every_bot_has_its_own_random_source_from_the_games_seed() -> None:
    """Bots of one kind seeded alike would play alike (the same draws at the same
    decisions); each is seeded apart from the others and from the deck, all from the
    game's seed: the same seed, the same bots."""

    def draws(game: Game) -> list[list[float]]:
        out = []
        for seat in (1, 2, 3):
            rng = game.bots[seat].rng  # type: ignore[attr-defined]
            twin = random.Random()
            twin.setstate(rng.getstate())
            out.append([twin.random() for _ in range(4)])
        return out

    game = make_game(("random", "random", "random"), seed=3)
    mine = draws(game)
    deck = random.Random(game.seed)
    assert len({tuple(d) for d in mine}) == 3
    assert [deck.random() for _ in range(4)] not in mine
    assert draws(make_game(("random", "random", "random"), seed=3)) == mine
    assert draws(make_game(("random", "random", "random"), seed=4)) != mine


def test_save_data_rebuilds_the_game_mid_hand_with_the_same_cards_to_come() -> None:
    game = make_game(("calling-station", "random"), seed=9)
    for _ in range(2):
        game.table.start_hand()
        play_out(game)
        game.hand_over()
    game.table.start_hand()
    game.table.apply(Action.call())
    data = json.loads(json.dumps(game.to_data()))  # plain data, as a save holds it
    again = Game.from_data(data)
    mine, theirs = again.view(0), game.view(0)
    assert mine.hole == theirs.hole and mine.events == theirs.events
    assert again.chips == game.chips and again.number == game.number == 3
    play_out(game)
    play_out(again)
    assert again.view(0).board == game.view(0).board
    assert again.view(0).result == game.view(0).result


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d.pop("chips"), "cannot be rebuilt"),
        (lambda d: d["setup"].update(rules={"structure": "no-such"}), "cannot be rebuilt"),
        (lambda d: d["session"]["table"]["stacks"].__setitem__(0, 5), "checksum"),
        (lambda d: d["session"]["players"][1]["state"]["rng"][1].__setitem__(0, 5), "checksum"),
        (lambda d: d["setup"].update(bots=["random"]), "3 seats; 2 players"),
        (lambda d: d["setup"].update(bots=["random", "random"]), "not 'random'"),
        (lambda d: d.__setitem__("setup", 1), "built: the setup is not a table of settings but 1"),
        (lambda d: d.__setitem__("setup", ["Hero"]), r"not a table of settings but \['Hero'\]"),
    ],
)
def test_bad_save_data_is_refused(change, says: str) -> None:
    game = make_game()
    game.table.start_hand()
    data = json.loads(json.dumps(game.to_data()))
    change(data)
    with pytest.raises(GameError, match=says):
        Game.from_data(data)


def test_a_save_of_the_table_alone_loads_with_fresh_bots_and_says_so() -> None:
    """Saves written before the bots' states were (the table alone) still load: the
    same cards to come, the bots afresh, and a note saying they may play differently."""
    game = make_game(("random", "rule-based"), seed=5)
    game.table.start_hand()
    game.table.apply(Action.call())
    old = {"setup": game.setup.to_data(), "seed": game.seed, "chips": game.chips,
           "table": game.table.save()}  # fmt: skip
    again = Game.from_data(json.loads(json.dumps(old)))
    assert again.note == OLD_SAVE and game.note == ""
    assert again.view(0).events == game.view(0).events
    play_out(again)
    play_out(game)
    assert again.view(0).board == game.view(0).board


def test_a_loaded_game_s_bots_go_on_from_what_they_heard() -> None:
    game = make_game(("strong", "random"), seed=11)
    for _ in range(3):
        game.table.start_hand()
        while game.runner.advance() is not None:
            table = game.table
            legal = table.legal_actions()
            showdown = legal.street is Street.SHOWDOWN
            game.runner.apply(table.default_action() if showdown else
                              Action.call() if legal.to_call else Action.check())  # fmt: skip
    data = json.loads(json.dumps(game.to_data()))
    again = Game.from_data(data)
    assert again.runner.told == game.runner.told and again.runner.told.hand == 3
    strong = again.bots[1]
    assert strong.save_state() == game.bots[1].save_state()  # type: ignore[attr-defined]
    seated = again.seat([None, *again.bots.values()])
    assert seated is again.runner and seated.told == game.runner.told


# ---------------------------------------------------------------- exact values (issue 31)


def test_each_bot_is_seeded_with_the_games_seed_plus_its_seat() -> None:
    from pokerroom.players import make_player

    game = make_game(("random", "random"), seed=40)
    for seat in (1, 2):
        alone = make_player("random", seed=40 + seat)
        assert game.bots[seat].rng.getstate() == alone.rng.getstate()  # type: ignore[attr-defined]


def test_the_setup_as_plain_data_and_back() -> None:
    from pokerroom.rules import Rules
    from pokerroom.tui.game import Setup

    rules = Rules.preset("no-limit")
    setup = Setup(name="Zoë", bots=("random", "rule-based"), rules=rules, seed=12)
    data = setup.to_data()
    assert data == {"name": "Zoë", "bots": ["random", "rule-based"],
                    "rules": rules.to_mapping(), "seed": 12}  # fmt: skip
    assert Setup.from_data(json.loads(json.dumps(data))) == setup
    assert Setup.from_data({**data, "seed": "12"}).seed == 12  # read as a whole number
    fresh = Setup.from_data({**data, "seed": None})
    assert fresh.seed is None and fresh.name == "Zoë"
    assert Setup.from_data({k: v for k, v in data.items() if k != "seed"}).seed is None


def test_a_new_game_without_a_seed_draws_48_random_bits(monkeypatch) -> None:
    from pokerroom.rules import Rules
    from pokerroom.tui import game as module
    from pokerroom.tui.game import Setup

    asked: list[int] = []

    def randbits(n: int) -> int:
        asked.append(n)
        return 123_456_789

    monkeypatch.setattr(module.secrets, "randbits", randbits)
    setup = Setup(name="Hero", bots=("random",), rules=Rules.preset("no-limit"))
    game = Game.new(setup)
    assert asked == [48] and game.seed == 123_456_789
    seeded = Game.new(Setup(name="Hero", bots=("random",), rules=Rules.preset("no-limit"),
                            seed=5))  # fmt: skip
    assert asked == [48] and seeded.seed == 5


def test_a_new_game_deals_from_its_seed_and_starts_from_the_stacks_given() -> None:
    from pokerroom.table import Table

    game = make_game(("random", "random"), seed=21)
    twin = Table(game.rules, 3, names=game.names, rng=random.Random(21))
    game.table.start_hand()
    twin.start_hand()
    assert game.view(0).hole == twin.view(0).hole and game.view(1).hole == twin.view(1).hole
    short = make_game(("random", "random"), stacks=(500, 300, 700), seed=21)
    assert short.table.stacks == (500, 300, 700) and short.chips == [[500, 300, 700]]


def test_seating_new_players_keeps_who_hears_the_faults() -> None:
    game = make_game(("random",), seed=2)
    heard: list[object] = []
    game.runner.on_fault = heard.append
    runner = game.seat([None, *game.bots.values()])
    assert runner.on_fault == heard.append


def test_a_loaded_game_has_its_setup_seed_no_note_and_a_runner_on_its_table() -> None:
    game = make_game(("random", "calling-station"), seed=17)
    game.table.start_hand()
    again = Game.from_data(json.loads(json.dumps(game.to_data())))
    assert again.setup == game.setup and again.seed == 17 and again.note == ""
    old = {"setup": game.setup.to_data(), "seed": game.seed, "chips": game.chips,
           "table": game.table.save()}  # fmt: skip
    loaded = Game.from_data(json.loads(json.dumps(old)))
    assert loaded.setup == game.setup and loaded.seed == 17
    assert isinstance(loaded.runner, type(game.runner)) and loaded.runner.table is loaded.table


def test_a_table_alone_with_other_seats_than_players_is_refused_whole() -> None:
    game = make_game(("random", "random"), seed=3)
    old = {"setup": {**game.setup.to_data(), "bots": ["random"]}, "seed": game.seed,
           "chips": game.chips, "table": game.table.save()}  # fmt: skip
    with pytest.raises(GameError) as caught:
        Game.from_data(json.loads(json.dumps(old)))
    assert str(caught.value) == "the saved game cannot be rebuilt: its seats and players differ"


def test_the_standings_place_a_seat_out() -> None:
    """Ada starts with 2 chips, posts them as the small blind and loses the hand: third
    place, out in hand 1 with 2 chips; nobody else is placed yet."""
    from pokerroom.table import Standing

    game = make_game(("calling-station", "calling-station"), stacks=(500, 2, 500), seed=3)
    assert game.standings() == []
    game.table.start_hand()
    play_out(game)
    assert game.table.stacks[1] == 0
    assert game.standings() == [Standing(seat=1, place=3, hand=1, stack=2)]
