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
    EnvError,
    HoldemAECEnv,
    HoldemEnv,
    ObservationLayout,
)
from pokerroom.envs.text import hand_text
from pokerroom.players import Player
from pokerroom.rules import Rules
from pokerroom.table import Table


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
    assert str(caught.value) == "the episode is over: call reset() to start the next"

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
    assert str(caught.value) == "the episode is over: call reset() to start the next"
