"""The environments' exact answers, each worked out by hand: the registered names written
again, the exact-amount space and its sampling, the masks and choices at a known decision,
the refusals' whole text.  Written against the survivors of ``make mutation PARTS=envs``
(docs/development/mutation.md); every check goes through the public API."""

from __future__ import annotations

import random
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium import spaces

import pokerroom.envs
from pokerroom.engine import Action, ActionKind, Hand, LegalActions, PlayerView, Street
from pokerroom.envs import (
    ENV_IDS,
    ActionChoices,
    BettingRecord,
    EnvError,
    HoldemAECEnv,
    HoldemEnv,
    ObservationLayout,
)
from pokerroom.envs.text import hand_text
from pokerroom.players import Player
from pokerroom.rules import Rules
from pokerroom.table import StaleViewError, Table


def _button_seed(make: Any, button: int) -> int:
    """The first seed whose first hand has its button at table seat ``button``."""
    for seed in range(100):
        env = make()
        env.reset(seed=seed)
        if env.table.button == button:
            return seed
    raise AssertionError("no seed in 100 puts the button there")


# --------------------------------------------------------------- the registered names


def test_registering_writes_each_name_once_with_its_settings() -> None:
    saved = {env_id: gymnasium.registry.pop(env_id) for env_id in ENV_IDS}
    try:
        pokerroom.envs._register()
        specs = {env_id: gymnasium.registry[env_id] for env_id in ENV_IDS}
        for env_id, settings in ENV_IDS.items():
            spec = specs[env_id]
            assert spec.id == env_id
            assert spec.entry_point == "pokerroom.envs.single:HoldemEnv"
            assert spec.kwargs == settings
        # a second import (or call) leaves the names as they are, and says nothing
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            pokerroom.envs._register()
        assert all(gymnasium.registry[env_id] is spec for env_id, spec in specs.items())
        env = gymnasium.make("pokerroom/HoldemLimit-v0").unwrapped
        assert env.config.rules.structure.value == "fixed-limit"
    finally:
        gymnasium.registry.update(saved)


# ----------------------------------------------------------------- exact amounts


def test_the_exact_action_space_is_a_kind_and_one_amount_in_0_to_1() -> None:
    space = HoldemEnv("no-limit", amounts="exact").action_space
    assert space == spaces.Tuple(
        (spaces.Discrete(3), spaces.Box(0.0, 1.0, (1,), dtype=np.float32))
    )
    assert HoldemAECEnv("no-limit", amounts="exact").action_space("player_1") == space


def test_the_exact_space_samples_under_the_observations_mask_or_probabilities() -> None:
    space = HoldemEnv("no-limit", amounts="exact").action_space
    space.seed(7)
    masked = [space.sample(np.array([0, 1, 0], dtype=np.int8)) for _ in range(40)]
    assert {int(kind) for kind, _ in masked} == {1}
    assert all(amount.shape == (1,) and 0 <= amount[0] <= 1 for _, amount in masked)
    both = [space.sample((np.array([1, 0, 1], dtype=np.int8), None)) for _ in range(60)]
    assert {int(kind) for kind, _ in both} == {0, 2}
    sure = (np.array([0.0, 0.0, 1.0]), None)
    assert {int(space.sample(probability=sure)[0]) for _ in range(40)} == {2}
    assert {int(space.sample()[0]) for _ in range(100)} == {0, 1, 2}


def test_exact_choices_fold_and_take_a_plain_number() -> None:
    env = HoldemEnv("no-limit", amounts="exact", opponents="calling-station")
    env.reset(seed=_button_seed(lambda: HoldemEnv("no-limit", amounts="exact"), 0))
    # the agent is the button (small blind 2), first to act: 2 more to call, raises 8 to 1000
    _, reward, terminated, _, info = env.step((0, np.array([0.0], dtype=np.float32)))
    assert str(info["action"]) == "fold" and "illegal" not in info
    assert (reward, terminated) == (-0.5, True)
    env.reset(seed=_button_seed(lambda: HoldemEnv("no-limit", amounts="exact"), 0))
    _, _, _, _, info = env.step((2, 0.5))  # a plain float: halfway from 8 to 1000
    assert str(info["action"]) == "raise to 504" and "illegal" not in info


# ------------------------------------------------------ masks and choices at a decision


def test_action_masks_at_a_known_decision_and_out_of_turn() -> None:
    def make() -> HoldemEnv:
        return HoldemEnv("no-limit", stacks=[25, 1000], bet_sizes=(0.5, 1.0, 3.0),
                         opponents="calling-station")  # fmt: skip

    env = make()
    obs, _ = env.reset(seed=_button_seed(make, 0))
    # the agent (25 chips) is the button: 2 more to call into 6; half the pot after calling
    # raises to 8, the pot to 12, three pots to 28: over its 25, so not a choice
    masks = env.action_masks()
    assert masks.dtype == np.bool_
    assert masks.tolist() == [True, True, True, True, False, True]
    assert obs["action_mask"].tolist() == [1, 1, 1, 1, 0, 1]
    assert env.choice(Action.raise_to(12)) == 3
    env.step(0)
    out = env.action_masks()
    assert out.dtype == np.bool_ and out.tolist() == [False] * 6
    with pytest.raises(EnvError) as caught:
        env.choice(Action.fold())
    assert str(caught.value) == "the agent has no decision to make now"


def test_aec_choice_plays_a_pot_fraction_and_refuses_out_of_turn() -> None:
    env = HoldemAECEnv("no-limit", players=2)
    env.reset(seed=3)
    table = env.table
    assert table is not None and table.to_act == table.button
    # heads-up 2/4: the button faces 2 more into 6; half the pot after calling is to 8,
    # the pot to 12
    assert env.choice(Action.raise_to(8)) == 2
    assert env.choice(Action.raise_to(12)) == 3
    assert env.choice(Action.raise_to(1000)) == 4
    env.step(0)  # the button folds: the episode's one hand is over
    assert table.to_act is None
    result = table.last_result
    assert result is not None and result.net == (-2, 2)
    assert env.infos[env.agent_selection]["results"] == (result,)
    with pytest.raises(EnvError) as caught:
        env.choice(Action.fold())
    assert str(caught.value) == "nobody has a decision to make now"


def test_aec_choice_without_pot_fractions_names_the_choices_there_are() -> None:
    # no bet sizes: the choices are fold, check/call and the largest raise; a raise to
    # any other amount has no choice, said in so many words (the pot and the bet are not
    # needed to size anything, but the refusal still runs through the sizing: of nothing)
    env = HoldemAECEnv("no-limit", players=2, bet_sizes=())
    env.reset(seed=3)
    assert env.choices.labels == ("fold", "check/call", "bet max")
    assert env.choice(Action.raise_to(1000)) == 2
    assert env.choice(Action.call()) == 1
    for to in (8, 999):  # the least raise, one chip under all-in
        with pytest.raises(ValueError) as caught:
            env.choice(Action.raise_to(to))
        assert str(caught.value) == (
            f"raise to {to}: no choice bets that amount (fold, check/call, bet max)"
        )


# ------------------------------------------------------------------ the layout's words


def test_describe_names_the_hand_over_slot_and_the_last_index() -> None:
    layout = ObservationLayout(players=2, cards=52, total_chips=2000, unit=4)
    assert layout.describe(104) == "street: pre-flop"
    assert layout.describe(108) == "street: hand over"
    assert layout.describe(138) == "raises"
    with pytest.raises(IndexError) as caught:
        layout.describe(139)
    assert str(caught.value) == "index 139 is outside the vector (0 to 138)"


# ------------------------------------------------------------- the choices' own words


def _facing_the_blind() -> tuple[LegalActions, int, int]:
    """Heads-up 2/4, the button (small blind) to act: 2 more to call into 6, raises 8 to
    1000."""
    hand = Hand(Rules.preset("no-limit"), [1000, 1000], button=0, rng=random.Random(1))
    assert hand.to_act == 0
    return hand.legal_actions(), hand.pot, hand.bets[0]


def test_choice_of_an_action_that_is_not_legal_or_no_choice_plays_says_why() -> None:
    legal, pot, bet = _facing_the_blind()
    choices = ActionChoices(bet_sizes=(0.5, 1.0))
    with pytest.raises(ValueError) as caught:
        choices.choice(Action.raise_to(2000), legal, pot=pot, bet=bet)
    assert str(caught.value) == (
        "raise to 2000 is not legal now (legal: fold, call 2, raise to 8 to 1000)"
    )
    with pytest.raises(ValueError) as caught:
        choices.choice(Action.raise_to(10), legal, pot=pot, bet=bet)
    assert str(caught.value) == (
        "raise to 10: no choice bets that amount "
        "(fold, check/call, bet 0.5 pot, bet 1 pot, bet max)"
    )
    showdown = LegalActions(0, Street.SHOWDOWN, (ActionKind.SHOW, ActionKind.MUCK))
    with pytest.raises(ValueError) as caught:
        choices.choice(Action.muck(), showdown, pot=pot, bet=bet)
    assert str(caught.value) == "muck: the environment plays showdowns itself"


def test_exact_choices_are_in_the_action_space_and_0_where_one_amount_is_legal() -> None:
    env = HoldemEnv("no-limit", amounts="exact")
    for to in (8, 9, 504, 1000):
        legal, pot, bet = _facing_the_blind()
        kind, amount = env.choices.choice(Action.raise_to(to), legal, pot=pot, bet=bet)
        assert env.action_space.contains((kind, amount)), (to, amount)
        assert (kind, amount[0]) == (2, np.float32((to - 8) / 992))
    # the button with 8 chips: its only raise is all-in to 8, the least and the most
    hand = Hand(Rules.preset("no-limit"), [8, 1000], button=0, rng=random.Random(1))
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (8, 8)
    kind, amount = env.choices.choice(Action.raise_to(8), legal, pot=hand.pot, bet=2)
    assert kind == 2 and amount.tolist() == [0.0] and amount.dtype == np.float32


@pytest.mark.parametrize("bad", [(2, 0.5 + 1j), (2, [0.25, 0.75]), (2, np.array([0.5, 0.5])),
                                 (2, []), (2, None)])  # fmt: skip
def test_an_exact_amount_must_be_one_real_number(bad: object) -> None:
    legal, pot, bet = _facing_the_blind()
    choices = ActionChoices(exact=True)
    reason = choices.action(bad, legal, pot=pot, bet=bet)
    assert reason == f"{bad!r} is not a choice: (kind 0-2, amount in [0, 1])"


def test_render_is_none_unless_asked_for() -> None:
    single = HoldemEnv("no-limit")
    single.reset(seed=1)
    assert single.render() is None
    aec = HoldemAECEnv("no-limit")
    aec.reset(seed=1)
    assert aec.render() is None
    assert HoldemEnv("no-limit", render_mode="ansi").render() is None  # no game yet


def _short_button() -> HoldemEnv:
    return HoldemEnv("no-limit", stacks=[25, 1000], bet_sizes=(0.5, 1.0, 3.0),
                     opponents="calling-station")  # fmt: skip


SHORT_BUTTON_REFUSED = (
    "cannot play choice 4 (bet 3 pot) is not legal: it comes to 28, the maximum or more "
    "pre-flop (legal: fold, call 2, raise to 8 to 25; choices: 0 fold, 1 check/call, "
    "2 bet 0.5 pot, 3 bet 1 pot, 5 bet max)"
)


def test_an_illegal_choice_is_refused_in_so_many_words() -> None:
    env = _short_button()
    env.reset(seed=_button_seed(_short_button, 0))
    _, reward, terminated, _, info = env.step(4)  # three pots: over its 25 chips
    assert info["illegal"] == f"seat 0 {SHORT_BUTTON_REFUSED}"
    assert (str(info["action"]), reward, terminated) == ("fold", -0.5, True)
    with pytest.raises(EnvError) as caught:
        env.step(1)
    assert str(caught.value) == "no episode under way: call reset() to start one"

    def aec() -> HoldemAECEnv:
        return HoldemAECEnv("no-limit", players=2, stacks=[25, 1000], bet_sizes=(0.5, 1.0, 3.0))

    multi = aec()
    multi.reset(seed=_button_seed(aec, 0))
    multi.step(4)
    assert multi.infos["player_0"]["illegal"] == f"player_0 (seat 0) {SHORT_BUTTON_REFUSED}"
    assert multi.rewards == {"player_0": -0.5, "player_1": 0.5}


def test_exact_folds_and_calls_are_in_the_action_space() -> None:
    env = HoldemEnv("no-limit", amounts="exact")
    legal, pot, bet = _facing_the_blind()
    for action in (Action.fold(), Action.call()):
        choice = env.choices.choice(action, legal, pot=pot, bet=bet)
        assert env.action_space.contains(choice), choice
        assert choice[1].tolist() == [0.0]


class _Budgets(Player):
    """Calls everything, noting the budget of each decision."""

    def __init__(self) -> None:
        self.budgets: list[float] = []

    def act(self, view: PlayerView, budget: float) -> Action:
        self.budgets.append(budget)
        legal = view.legal
        assert legal is not None
        return Action.check() if ActionKind.CHECK in legal.kinds else Action.call()


def test_opponents_get_the_runners_ten_seconds_a_decision() -> None:
    opponent = _Budgets()
    env = HoldemEnv("no-limit", opponents=opponent)
    env.reset(seed=2)
    for _ in range(3):
        env.step(1)
        if env.table is not None and not env.table.in_hand:
            break
    assert opponent.budgets and set(opponent.budgets) == {10.0}


# ---------------------------------------------------------------------- the text


FOLDED = """\
Hand 1: no limit hold'em, blinds 2/4 (minimum bet 4), 2 players
Seat 1: agent (1,000), button
Seat 2: calling-station (1,000)
agent posts the small blind 2
calling-station posts the big blind 4
*** PRE-FLOP ***
Dealt to calling-station: ?? ??
Dealt to agent: Ad As
"""

SHOWDOWN = """\
Hand 1: no limit hold'em, blinds 2/4 (minimum bet 4), 2 players
Seat 1: agent (1,000), button
Seat 2: calling-station (1,000)
agent posts the small blind 2
calling-station posts the big blind 4
*** PRE-FLOP ***
Dealt to calling-station: ?? ??
Dealt to agent: 9d 5d
agent calls 2
calling-station checks
*** FLOP *** [2s 3c 6h] (pot 8)
calling-station checks
agent checks
*** TURN *** [2s 3c 6h] [Ts] (pot 8)
calling-station checks
agent checks
*** RIVER *** [2s 3c 6h Ts] [8c] (pot 8)
calling-station checks
agent checks
*** SHOWDOWN ***
calling-station shows 8s Jc: pair of eights, jack-ten-six kickers
agent mucks
calling-station wins the pot (8) with pair of eights, jack-ten-six kickers
*** SUMMARY ***
Pot 8, board 2s 3c 6h Ts 8c
Seat 1: agent 1,000 -> 996 (-4)
Seat 2: calling-station 1,000 -> 1,004 (+4)
"""


def test_render_gives_the_whole_hand_as_the_agent_sees_it() -> None:
    env = HoldemEnv("no-limit", opponents="calling-station", render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == FOLDED + (
        "(the record ends here: the hand is not over)\n*** SUMMARY ***\n"
        "Pot 6, board (none)\nSeat 1: agent 1,000\nSeat 2: calling-station 1,000"
    )
    env.step(0)  # pocket aces folded
    assert env.render() == FOLDED + (
        "agent folds\n2 uncalled returned to calling-station\n"
        "calling-station wins the pot (4)\n*** SUMMARY ***\nPot 4, board (none)\n"
        "Seat 1: agent 1,000 -> 998 (-2)\nSeat 2: calling-station 1,000 -> 1,002 (+2)"
    )
    env.reset(seed=2)
    terminated = False
    while not terminated:
        _, _, terminated, _, _ = env.step(1)
    assert env.render() == SHOWDOWN.rstrip("\n")


def test_hand_text_before_any_hand() -> None:
    table = Table(Rules.preset("no-limit"), 2, rng=random.Random(1))
    assert hand_text(table, 0) == "no hand dealt yet"
    assert hand_text(table, -1) == "no hand dealt yet"


class _Mucker(_Budgets):
    """Calls everything and mucks at every showdown, noting each time it is asked."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    def announce(self, view: PlayerView, budget: float) -> Action:
        self.asked += 1
        self.budgets.append(budget)
        return Action.muck()


def test_an_opponent_that_decides_its_showdowns_is_asked() -> None:
    # the cards of SHOWDOWN (seed 2): the opponent's pair of eights beats the agent's
    # nine high, but it mucks when asked, first to show: the agent wins 4 chips unshown
    opponent = _Mucker()
    env = HoldemEnv("no-limit", opponents=opponent, render_mode="ansi")
    env.reset(seed=2)
    rewards, terminated = [], False
    while not terminated:
        _, reward, terminated, _, _ = env.step(1)
        rewards.append(reward)
    assert opponent.asked == 1 and set(opponent.budgets) == {10.0}
    assert rewards[-1] == 1.0
    text = env.render()
    assert text is not None
    assert "*** SHOWDOWN ***\nplayer mucks\nagent wins the pot (8)\n*** SUMMARY ***" in text


# ------------------------------------------------------------------ the freeze-out


def test_a_freeze_out_ends_the_moment_the_agent_is_out() -> None:
    # the agent (40 chips) goes all-in every time against two calling stations of 100:
    # when it is out with both of them still in, the episode ends there, the game not over
    env = HoldemEnv("no-limit", players=3, stacks=[40, 100, 100], reset_stacks=False,
                    opponents="calling-station")  # fmt: skip
    left_two = 0
    for seed in range(12):
        obs, _ = env.reset(seed=seed)
        total, terminated, truncated = 0.0, False, False
        while not (terminated or truncated):
            assert obs["action_mask"][4]
            obs, reward, terminated, truncated, info = env.step(4)
            total += reward
        table = env.table
        assert table is not None and terminated and not truncated
        assert info["results"][-1] == table.last_result
        if table.out[0]:
            assert total == -10.0  # its 40 chips, in big blinds of 4
            if sum(1 for s in table.stacks if s > 0) == 2:
                left_two += 1
                assert not table.is_over
        else:
            assert table.is_over and table.stacks[0] == 240
    assert left_two >= 2


def test_a_reset_between_hands_goes_on_and_one_mid_hand_starts_a_new_game() -> None:
    env = HoldemEnv("no-limit", opponents="calling-station")
    env.reset(seed=1)
    first = env.table
    assert first is not None and first.hand_number == 1 and first.button == 0
    env.step(0)  # the episode's one hand is over
    env.reset()  # the same game, the next hand, the button moved on
    assert env.table is first and first.hand_number == 2 and first.button == 1
    assert first.in_hand
    env.reset()  # in the middle of that hand: a new game
    again = env.table
    assert again is not first and again is not None and again.hand_number == 1


# ------------------------------------------------------------------ the defaults


@pytest.mark.parametrize("make", [HoldemEnv, HoldemAECEnv])
def test_the_defaults_are_heads_up_no_limit_one_hand_and_plain_info(make: Any) -> None:
    env = make()
    assert env.config.rules == Rules.preset("no-limit")
    assert (env.config.players, env.config.stacks) == (2, (1000, 1000))
    assert (env.config.reset_stacks, env.config.hands, env.config.unit) == (True, 1, 4)
    assert env.choices.labels == ("fold", "check/call", "bet 0.5 pot", "bet 1 pot", "bet max")
    assert (env.illegal, env.view_in_info, env.render_mode) == ("default", False, None)
    if isinstance(env, HoldemEnv):
        _, info = env.reset(seed=1)
        assert env.seat == 0 and env.table is not None
        assert env.table.names == ("agent", "rule-based")
    else:
        env.reset(seed=1)
        info = env.infos[env.agent_selection]
        assert env.table is not None and env.table.names == ("player_0", "player_1")
    assert info == {"hand": 1, "results": ()}


def test_the_first_reset_without_a_seed_draws_one_and_deals() -> None:
    """No seed given, ever: the environment seeds itself and deals the first hand, its
    seats named after the agents."""
    env = HoldemAECEnv("no-limit", players=3)
    env.reset()
    table = env.table
    assert table is not None and table.in_hand and table.hand_number == 1
    assert table.names == ("player_0", "player_1", "player_2")
    assert env.agent_selection == f"player_{table.to_act}"
    assert env.infos[env.agent_selection] == {"hand": 1, "results": ()}


def test_opponents_that_are_not_players_are_refused_by_name() -> None:
    with pytest.raises(EnvError) as caught:
        HoldemEnv(opponents=5)  # type: ignore[arg-type]
    assert str(caught.value) == "opponents is 5: bot names or player objects"


def test_observing_before_the_first_reset_is_refused() -> None:
    env = HoldemAECEnv("no-limit")
    with pytest.raises(EnvError) as caught:
        env.observe("player_0")
    assert str(caught.value) == "no game yet: call reset() first"
    # last() builds the observation itself: the same refusal, word for word
    with pytest.raises(EnvError) as caught:
        env.last()
    assert str(caught.value) == "no game yet: call reset() first"


def test_dead_steps_take_only_none_and_bring_the_next_agent_its_results() -> None:
    env = HoldemAECEnv("no-limit", players=2)
    env.reset(seed=3)
    env.step(0)  # the button folds: both agents are done
    table = env.table
    assert table is not None and table.last_result is not None
    first = env.agent_selection
    assert env.terminations[first]
    with pytest.raises(ValueError, match=r"^when an agent is dead, the only valid action is None$"):
        env.step(1)
    env.step(None)
    second = env.agent_selection
    assert second != first and env.agents == [second]
    assert env.infos[second] == {"hand": 1, "results": (table.last_result,)}
    env.step(None)
    assert env.agents == []
    with pytest.raises(EnvError) as caught:
        env.step(1)
    assert str(caught.value) == "no episode under way: call reset() to start one"


# ------------------------------------------- the settings refused and kept, in so many words


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"rules": 5}, "rules is 5: a Rules or the name of a preset"),
        ({"rules": "casino-limit", "amounts": "exact"},
         "exact amounts need no limit or pot limit: fixed limit has one bet size "
         "(amounts='discrete')"),
        ({"amounts": "exact", "bet_sizes": (0.5,)},
         "bet_sizes are for discrete choices, not exact amounts"),
        ({"stacks": [4, 3]},
         "stacks: every seat needs more than the forced bets (4 chips) to have a decision "
         "to make: seat 0 has 4; seat 1 has 3"),
        ({"bet_sizes": (True,)}, "bet_sizes (True,): distinct pot fractions, more than 0"),
        ({"bet_sizes": ("a",)}, "bet_sizes ('a',): distinct pot fractions, more than 0"),
    ],
)
def test_bad_settings_are_refused_whole(settings: dict[str, Any], message: str) -> None:
    for make in (HoldemEnv, HoldemAECEnv):
        with pytest.raises(EnvError) as caught:
            make(**settings)
        assert str(caught.value) == message


def test_settings_given_explicitly_are_kept() -> None:
    # one hand asked for by name, stacks reset asked for by name (the default either way)
    assert HoldemEnv("no-limit", hands=1).config.hands == 1
    assert HoldemAECEnv("no-limit", hands=2).config.hands == 2
    assert HoldemEnv("no-limit", reset_stacks=True).config.reset_stacks is True
    assert HoldemEnv("computer-tournament", reset_stacks=True).config.reset_stacks is True
    # rules made for 3 players: the environment keeps its players, the rules none
    three = HoldemAECEnv(Rules.preset("no-limit", players=3))
    assert three.config.players == 3 and three.config.rules.players is None


def test_the_unit_is_the_big_blind_else_the_first_rounds_bet() -> None:
    # blinds 2/4 with a minimum bet of 8: the unit is the big blind, 4
    assert HoldemEnv(Rules.preset("no-limit", min_bet=8)).config.unit == 4
    # fixed limit with antes and no blinds, bets 2 pre-flop and 4 on the flop: 2
    antes = Rules.preset("casino-limit", blinds=(), antes=1, flop_bet=4)
    assert antes.units == (2, 4, 4, 4)
    assert HoldemEnv(antes).config.unit == 2


def test_a_pack_with_the_joker_has_53_card_slots() -> None:
    layout = HoldemEnv("wild").layout
    assert (layout.cards, layout.size) == (53, 2 * 53 + 11 + 12 * 2)
    assert layout.index("board") == 53 and layout.describe(52) == "hole: Jk"


def test_the_observation_space_bounds_every_slot() -> None:
    space = HoldemEnv("no-limit").observation_space
    mask = space["action_mask"]
    assert mask.shape == (5,) and mask.dtype == np.int8
    assert mask.low.tolist() == [0] * 5 and mask.high.tolist() == [1] * 5
    # heads-up, 2,000 chips in big blinds of 4 (the layout's docstring gives the indices)
    layout = ObservationLayout(players=2, cards=52, total_chips=2000, unit=4)
    high = [1.0] * 119 + [500.0] * (138 - 119) + [2000.0]
    assert layout.high.dtype == np.float32 and layout.high.tolist() == high
    assert layout.low.dtype == np.float32 and layout.low.tolist() == [0.0] * 139


# ------------------------------------------------------------------ the betting record


def _heads_up(auto_showdown: bool = False) -> Table:
    """A heads-up no-limit table (blinds 2/4) in its first hand."""
    table = Table(Rules.preset("no-limit"), 2, rng=random.Random(1))
    table.start_hand(auto_showdown=auto_showdown)
    return table


def test_the_betting_record_before_any_note_has_the_forced_bets_pre_flop() -> None:
    table = _heads_up()
    hand = table.hand
    assert hand is not None
    record = BettingRecord()
    assert record.chips(hand) == [(0, tuple(hand.committed))]
    assert sorted(hand.committed) == [2, 4]
    record.note(Table(Rules.preset("no-limit"), 2, rng=random.Random(1)))  # no hand yet
    assert record.hand is None and record.chips(hand) == [(0, tuple(hand.committed))]


def test_the_betting_record_noted_first_in_the_middle_of_a_round() -> None:
    # pre-flop the button calls and the big blind checks (4 each); on the flop the first
    # to act bets 8: a record noted only now has 4 and 4 pre-flop, 8 on the flop
    table = _heads_up()
    table.apply(Action.call())
    table.apply(Action.check())
    table.apply(Action.bet(8))
    hand = table.hand
    assert hand is not None and hand.street is Street.FLOP
    bettor = hand.bets.index(8)
    record = BettingRecord()
    record.note(table)
    flop = tuple(8 if h == bettor else 0 for h in range(2))
    assert record.chips(hand) == [(0, (4, 4)), (1, flop)]


def test_the_betting_record_has_no_round_at_the_showdown() -> None:
    # checked down to the showdown, the record noted at every decision: 4 each pre-flop,
    # and the river (the last round) with nothing; the showdown is not a betting round
    table = _heads_up()
    record = BettingRecord()
    while table.legal_actions().street is not Street.SHOWDOWN:
        record.note(table)
        kinds = table.legal_actions().kinds
        table.apply(Action.check() if ActionKind.CHECK in kinds else Action.call())
    hand = table.hand
    assert hand is not None and not hand.is_over
    record.note(table)
    assert record.chips(hand) == [(0, (4, 4)), (3, (0, 0))]


def test_an_observation_with_no_hand_dealt_is_all_zero() -> None:
    layout = ObservationLayout(players=2, cards=52, total_chips=2000, unit=4)
    table = Table(Rules.preset("no-limit"), 2, rng=random.Random(1))
    obs = layout.encode(table, 0, BettingRecord(), None)
    assert obs.dtype == np.float32 and obs.shape == (139,) and not obs.any()


def test_the_kept_masks_cannot_be_written() -> None:
    # mask() hands out copies; the masks kept behind them are read-only, so a caller that
    # writes into one (the multi-agent environment keeps one per decision) fails at once
    legal = LegalActions(0, Street.PREFLOP, (ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE),
                         to_call=2, call=2, min_to=8, max_to=1000)  # fmt: skip
    for choices in (ActionChoices(), ActionChoices(bet_sizes=(0.5,)), ActionChoices(exact=True)):
        kept = choices._kept_mask(legal, pot=6, bet=2)
        assert not kept.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            kept[0] = 0
        assert choices.mask(legal, pot=6, bet=2).flags.writeable


class _Folder(Player):
    """Folds whenever it may, else checks."""

    def act(self, view: PlayerView, budget: float) -> Action:
        legal = view.legal
        assert legal is not None
        return Action.fold() if ActionKind.FOLD in legal.kinds else Action.check()


def test_a_hand_the_agent_has_no_say_in_does_not_count() -> None:
    # two hands, heads-up against a player that folds when it may: the agent (the button)
    # raises in hand 1 and the big blind folds (+4 chips); in hand 2 the opponent is the
    # button and folds its small blind to the agent (+2), who never decides: not counted,
    # so the episode goes on to hand 3, the agent's second decision
    def make() -> HoldemEnv:
        return HoldemEnv("no-limit", hands=2, opponents=_Folder())

    env = make()
    env.reset(seed=_button_seed(make, 0))
    _, reward, terminated, truncated, info = env.step(2)
    table = env.table
    assert table is not None and table.hand_number == 3 and table.in_hand
    assert (reward, terminated, truncated) == (1.5, False, False)
    assert [r.net[0] for r in info["results"]] == [4, 2]
    _, reward, terminated, _, _ = env.step(0)  # folds its small blind
    assert (reward, terminated, table.hand_number) == (-0.5, True, 3)


# ------------------------------------------------------- the multi-agent game's resets


def test_the_multi_agent_state_before_the_first_reset() -> None:
    env = HoldemAECEnv("no-limit", players=3)
    assert env.agents == [] and env.agent_selection == "player_0"
    assert (env.rewards, env.terminations, env.truncations, env.infos) == ({}, {}, {}, {})


def test_a_single_agent_step_before_the_first_reset_is_refused() -> None:
    # no game is dealt yet: the step is refused for what it is, nothing changes
    env = HoldemEnv("no-limit", players=3)
    for choice in (0, 1, 2):
        with pytest.raises(EnvError) as caught:
            env.step(choice)
        assert str(caught.value) == "no episode under way: call reset() to start one"
    assert env.table is None
    env.reset(seed=1)  # and the environment starts as any other
    assert env.table is not None and env.table.hand_number == 1


def test_a_multi_agent_step_before_the_first_reset_is_refused() -> None:
    # nobody is to act before a game is dealt: any choice is refused, nothing changes
    env = HoldemAECEnv("no-limit", players=3)
    for choice in (0, 1, None):
        with pytest.raises(EnvError) as caught:
            env.step(choice)
        assert str(caught.value) == "no episode under way: call reset() to start one"
    assert env.table is None and env.agents == [] and env.agent_selection == "player_0"
    assert (env.rewards, env.terminations, env.truncations, env.infos) == ({}, {}, {}, {})


def test_a_multi_agent_reset_goes_on_between_hands_and_starts_anew_otherwise() -> None:
    env = HoldemAECEnv("no-limit", players=3)
    env.reset(seed=1)
    first = env.table
    assert first is not None and first.hand_number == 1 and first.button == 0
    while not all(env.terminations.values()):
        env.step(1)  # everybody calls or checks to the end of the hand
    while env.agents:
        env.step(None)
    env.reset()  # between hands with stacks reset: the same game, the button moved on
    assert env.table is first and first.hand_number == 2 and first.button == 1
    env.step(1)
    env.reset()  # in the middle of a hand: a new game
    assert env.table is not first and env.table is not None and env.table.hand_number == 1
    # a freeze-out's episode of one hand, truncated: the next reset starts a new game
    freeze = HoldemAECEnv("no-limit", players=2, reset_stacks=False, hands=1)
    freeze.reset(seed=1)
    game = freeze.table
    assert game is not None
    while not all(freeze.truncations.values()):
        freeze.step(1)
    assert not game.in_hand and not game.is_over
    while freeze.agents:
        freeze.step(None)
    freeze.reset()
    assert freeze.table is not game and freeze.table is not None
    assert freeze.table.hand_number == 1


def test_an_agents_info_is_the_same_object_while_it_holds_the_same() -> None:
    # three-handed, the button (seat 0) first: each calls, the big blind checks, and on
    # the flop the small blind (player_1) is first again, its info (told nothing new since
    # its turn pre-flop) the same dict
    env = HoldemAECEnv("no-limit", players=3)
    env.reset(seed=1)
    assert env.table is not None and env.table.button == 0
    env.step(1)
    assert env.agent_selection == "player_1"
    info = env.infos["player_1"]
    assert info == {"hand": 1, "results": ()}
    env.step(1)
    assert env.agent_selection == "player_2"
    env.step(1)
    assert env.agent_selection == "player_1" and env.infos["player_1"] is info


def _fresh_vector(env: HoldemAECEnv, agent: str) -> np.ndarray:
    """``agent``'s vector written the full way by a layout that has kept nothing."""
    table = env.table
    assert table is not None
    layout = env.config.layout()
    seat = int(agent.removeprefix("player_"))
    legal = table.legal_actions() if table.to_act == seat else None
    return layout.encode(table, seat, BettingRecord(), legal)


def test_a_one_blind_game_keeps_only_a_hand_at_its_opening() -> None:
    # one blind, no ante: the deal is the hand's second event.  Hand 1 is first looked
    # at after an action (nothing to keep), hand 3 (the same seats, the same stacks) at
    # its opening (kept); hand 5 is looked at after an action again: each vector is the
    # one a layout that kept nothing writes
    env = HoldemAECEnv(Rules.preset("no-limit", blinds=(4,)), players=2)
    env.reset(seed=1)
    table = env.table
    assert table is not None
    for number in range(1, 6):
        assert table.hand_number == number and table.in_hand
        if number % 2:
            if number != 3:
                env.step(1)  # an action before anybody looks
            agent = env.agent_selection
            obs = env.observe(agent)["observation"]
            assert obs.tolist() == _fresh_vector(env, agent).tolist()
        while table.in_hand:
            env.step(0 if env.observe(env.agent_selection)["action_mask"][0] else 1)
        while env.agents:
            env.step(None)
        if number < 5:
            env.reset()


def test_a_one_chip_bet_is_seen_after_a_look_was_skipped() -> None:
    # one blind of 1 chip: on the flop a bet of 1 is legal.  Looked at in every state up
    # to the flop's first decision (the round changed by one step), then the bet of 1 and
    # a raise (half the pot: to 3) without a look, then a look: every vector is the one a
    # layout that kept nothing writes, with the bet of 1 (the unit is the blind, 1)
    env = HoldemAECEnv(Rules.preset("no-limit", blinds=(1,)), players=2, stacks=100)
    env.reset(seed=1)
    table = env.table
    assert table is not None
    for _ in range(2):  # the call, the check
        agent = env.agent_selection
        assert env.observe(agent)["observation"].tolist() == _fresh_vector(env, agent).tolist()
        env.step(1)
    first = env.agent_selection
    assert table.legal_actions().street is Street.FLOP
    assert env.observe(first)["observation"].tolist() == _fresh_vector(env, first).tolist()
    env.step(env.choice(Action.bet(1)))
    env.step(2)
    hand = table.hand
    assert hand is not None and sorted(hand.bets) == [1, 3]
    assert env.agent_selection == first
    obs = env.observe(first)["observation"]
    assert obs.tolist() == _fresh_vector(env, first).tolist()
    assert (obs[env.layout.bet], obs[env.layout.bet + 1]) == (1.0, 3.0)


def test_an_agent_that_goes_out_mid_episode_takes_its_dead_step_next() -> None:
    """A freeze-out of four: the step that puts a seat out (the episode going on) selects
    that agent next, terminated, with the hand's chips as its reward; its ``None`` step
    removes it and selects the seat to act, as the table says."""
    env = HoldemAECEnv("no-limit", players=4, stacks=40, reset_stacks=False)
    rng = np.random.default_rng(5)
    env.reset(seed=5)
    table = env.table
    assert table is not None
    seen = 0
    while env.agents:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        before = list(table.out)
        obs = env.observe(agent)
        mask = obs["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        gone = [a for a in env.agents if table.out[env.possible_agents.index(a)]
                and not before[env.possible_agents.index(a)]]  # fmt: skip
        if gone and not table.is_over:
            seen += 1
            dead = env.agent_selection
            assert dead == gone[0] and env.terminations[dead] and dead in env.agents
            assert env.rewards[dead] < 0
            env.step(None)
            assert dead not in env.agents
            while env.terminations.get(env.agent_selection):  # others out in the same hand
                env.step(None)
            assert env.agent_selection == env.possible_agents[table.to_act]  # type: ignore[index]
    assert seen >= 1


def test_a_view_the_table_handed_out_is_stale_after_the_environments_step() -> None:
    """The table stays usable beside the environment: a view of the seat to act taken
    from ``env.table`` before a step is stale after it, and the table's view then is the
    new decision's (heads-up 2/4, 1,000 chips: the button calls, the big blind checks or
    raises to 8 to 1,000)."""
    env = HoldemAECEnv("no-limit", players=2)
    env.reset(seed=3)
    table = env.table
    assert table is not None and table.button == 0
    before = table.turn_view()
    assert before.seat == 0 and str(before.legal) == "fold, call 2, raise to 8 to 1000"
    env.step(1)
    after = table.turn_view()
    assert after is not before
    assert after.seat == 1 and str(after.legal) == "check, raise to 8 to 1000"
    with pytest.raises(StaleViewError):
        _ = before.hole
