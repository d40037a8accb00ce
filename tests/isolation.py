"""Which tests stay out of the fast loop (``make test-fast``), and the check that keeps it so.

A test that runs a program, opens a network socket, drives a real terminal or a browser,
or starts Ray carries a marker saying so (:data:`OUTSIDE`).  Most get it here, from what
they use (:func:`marks_for`): a fixture (:data:`FIXTURES`), their file's name
(:data:`FILES`), its node id (:data:`TESTS`), a name its body calls (:data:`CALLS`); or it
names the marker itself.  ``make test-fast`` deselects the markers; ``make test`` and CI run
everything.

So that no test slips into the fast loop with a socket or a process, :class:`Guard` is
on in every run: while a test without one of these markers runs (its fixtures included),
creating an internet socket or a process fails the test with a message naming the marker
to add.  Only the test's own threads are watched: a thread left running by an earlier,
marked test is not the current test's doing.
"""

from __future__ import annotations

import fnmatch
import multiprocessing.process
import os
import socket
import subprocess
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

OUTSIDE = {
    "subprocess": "runs a program or a process (subprocess, fork, multiprocessing)",
    "network": "opens a network socket (servers and clients on loopback)",
    "terminal": "drives the terminal game in a real pseudo-terminal (tmux, pexpect)",
    "browser": "drives chromium through Playwright",
    "ray": "starts or reaches a Ray cluster",
}
"""The markers ``make test-fast`` deselects (with ``slow``), and what each means."""

FAST = "not slow and " + " and ".join(f"not {mark}" for mark in OUTSIDE)
"""The fast loop's marker expression (the Makefile spells out the same)."""

FIXTURES = {
    "server": ("network",),  # tests/test_room_join.py: the room served on loopback
    "browser": ("browser", "subprocess"),
    "played": ("browser", "subprocess"),
}
"""Fixtures that make a test leave the fast loop, and the markers they give it."""

FILES = {
    "test_room_browser*.py": ("browser", "subprocess", "network"),
    "test_*_browser.py": ("browser", "subprocess", "network"),
    "test_*_live*.py": ("subprocess", "network"),
    "test_tui_terminal.py": ("terminal", "subprocess"),
    # dealers and clients on loopback
    "test_acpc_server.py": ("network",),
    "test_json_server.py": ("network",),
    "test_net_edge.py": ("network",),
    "test_net_fuzz.py": ("network",),
    "test_net_players.py": ("network",),
    # the command line in processes of its own
    "test_net_cli.py": ("subprocess", "network"),
    "test_net_edge_cli.py": ("subprocess", "network"),
    "test_cli_interrupt.py": ("subprocess",),
}
"""Test files (patterns of their names) whose every test leaves the fast loop."""

TESTS = {
    # a JSON-lines dealer on loopback
    "test_leaks.py::test_json_lines_": ("network",),
    # --join, and --address of Ray, try a connection (to a port where nobody answers)
    "test_cli_bad_input.py::test_every_argument_refuses_its_bad_values_in_one_line[play --join": (
        "network",
    ),
    "test_room_join.py::test_the_command_refuses_bad_joins_in_one_line[argv1-": ("network",),
    "test_tournament.py::test_a_ray_address_nobody_answers_is_refused_at_once": ("network", "ray"),
    "test_tournament.py::test_same_seed_same_results_on_ray": ("ray", "subprocess", "network"),
    # `serve room` lines that parse start the room's server
    "test_cli_bad_input.py::test_random_command_lines_end_with_0_1_or_2_and_no_traceback"
    "[serve room]": ("network",),
    # tournaments, leagues and the solver on worker processes
    "test_tournament.py::test_same_seed_same_results_with_one_and_two_workers": ("subprocess",),
    "test_tournament_cli.py::test_workers_are_never_more_than_the_games_or_the_cores": (
        "subprocess",
    ),
    "test_tournament_cli.py::test_a_run_keeps_each_games_totals_not_its_hands": ("subprocess",),
    "test_solver_cli.py::test_solve_holdem_writes_a_strategy_the_policy_reads": ("subprocess",),
    "test_readme.py::test_commands_print_what_the_page_shows[README.md:39]": ("subprocess",),
    "test_readme.py::test_commands_print_what_the_page_shows[docs/guide/bots.md:110]": (
        "subprocess",
    ),
    "test_readme.py::test_commands_print_what_the_page_shows[docs/guide/tournaments.md:": (
        "subprocess",
    ),
    # the network pages: dealers, bots and clients as processes on loopback
    "test_readme.py::test_network_sessions_run_as_shown": ("subprocess", "network"),
    "test_readme.py::test_python_examples_run[docs/guide/network.md]": ("network",),
}
"""Single tests (the start of ``file::test[parameters]``) that leave the fast loop."""

HEAVY = (
    "test_cfr_bot.py::test_it_plays_legally_under_every_preset[no-limit-2]",
    "test_cli_bad_input.py::test_random_command_lines_end_with_0_1_or_2_and_no_traceback[lbr]",
    "test_cli_bad_input.py::"
    "test_random_command_lines_end_with_0_1_or_2_and_no_traceback[solve lbr]",
    "test_engine_pokerkit.py::test_every_forced_bet_shape_agrees_with_pokerkit",
    "test_engine_pokerkit.py::test_every_turn_and_every_stack_agree_with_pokerkit",
    "test_evaluator_exhaustive.py::test_every_five_card_hand",
    "test_pokerstars.py::test_pokerstars_text_reads_in_pokerkit_into_the_same_hands",
    "test_pots.py::test_every_small_three_seat_pot_matches_reference",
    "test_readme.py::test_commands_print_what_the_page_shows[docs/guide/equity.md:77]",
    "test_solver_betting.py::test_betting_tree_equals_an_independent_enumeration",
    "test_solver_betting.py::test_the_buy_in_covers_the_dearest_heads_up_hand",
    "test_solver_cards.py::test_flop_table_is_the_feature_computed_from_scratch",
    "test_solver_holdem.py::test_without_information_nobody_should_fold_and_the_game_is_even",
    "test_solver_nolimit.py::test_an_off_tree_bet_is_read_the_same_way_all_hand",
    "test_solver_nolimit.py::test_cfr_plays_heads_up_no_limit_from_the_strategy",
    "test_solver_nolimit.py::test_every_action_of_the_tree_is_legal_in_the_engine",
    "test_solver_nolimit.py::test_leduc_with_bet_sizes_has_each_size_and_the_all_in",
    "test_solver_nolimit.py::test_the_shipped_strategies_read_back_as_the_solver_wrote_them",
    "test_solver_nolimit.py::test_the_tree_offers_fold_only_facing_a_bet_and_always_the_all_in",
    "test_solver_nolimit.py::test_views_outside_the_strategy_are_refused_with_a_reason",
    "test_solver_policy.py::test_shipped_trees_are_the_engines",
    "test_table_cash.py::test_cash_table_state_machine::runTest",
    "test_tui_amounts.py::test_the_table_shows_every_amount_separated",
    "test_tui_export.py::test_the_hand_history_exports_for_trackers_and_as_ohh",
    "test_tui_export.py::test_the_stats_key_shows_each_opponents_numbers_under_their_seat",
    "test_tui_gated.py::test_a_too_small_screen_takes_no_key_but_quit",
    "test_tui_keys.py::test_a_burst_on_the_hand_summary_goes_on_to_one_next_hand",
    "test_tui_keys.py::test_bursts_at_001_s_straddle_and_showdown",
    "test_tui_keys.py::test_bursts_at_the_table_act_once_on_the_decision_they_were_pressed_for",
    "test_tui_keys.py::test_bursts_on_settings_how_to_play_and_history",
    "test_tui_keys.py::test_bursts_on_the_load_screen_and_a_message",
    "test_tui_keys.py::test_bursts_on_the_menu_open_one_screen",
    "test_tui_keys.py::test_bursts_on_the_new_game_form",
    "test_tui_keys.py::test_bursts_on_the_summary_save_leave_and_list_keys_once",
    "test_tui_keys.py::test_presses_made_for_the_summary_never_reach_the_next_hand",
    "test_tui_keys.py::test_your_turn_shows_only_when_its_keys_are_live",
    "test_tui_pilot.py::test_all_in_with_a_side_pot",
    "test_tui_pilot.py::test_bots_think_without_freezing_the_screen_and_keys_lose_nothing",
    "test_tui_pilot.py::test_hand_history_replays_street_by_street_and_exports_phh",
    "test_tui_pilot.py::test_raise_with_a_typed_amount_and_an_illegal_amount_refused",
    "test_tui_pilot.py::test_save_quit_load_continue_with_the_same_cards_to_come",
    "test_tui_pilot.py::test_showdown_names_every_shown_hand",
    "test_tui_pilot.py::test_the_end_of_a_freeze_out",
    "test_tui_random_keys.py::test_random_keys_over_whole_games",
    "test_tui_saves.py::test_a_game_that_goes_another_way_from_a_save_gets_a_history_of_its_own",
    "test_tui_saves.py::test_a_loaded_save_plays_on_as_the_game_never_stopped",
    "test_tui_saves.py::test_a_save_file_damaged_during_a_game_is_offered_to_be_moved_aside",
    "test_tui_saves.py::"
    "test_continue_after_busting_takes_no_decision_back_nor_rewrites_the_history",
    "test_tui_saves.py::test_continue_at_a_hand_s_summary_shows_it_again_and_keeps_the_hand_once",
    "test_tui_screens.py::test_001_showdown_focuses_a_legal_choice_and_nothing_wraps",
    "test_tui_screens.py::test_after_busting_watch_the_rest_or_play_again",
    "test_tui_screens.py::test_letters_in_the_amount_field_are_text_and_all_in_asks_first",
    "test_tui_screens.py::test_question_mark_lists_every_key_of_the_screen",
    "test_tui_screens.py::test_saving_between_hands_from_the_summary",
    "test_tui_screens.py::test_the_footer_speaks_the_buttons_words",
    "test_tui_screens.py::test_the_log_wraps_again_at_a_new_width",
    "test_tui_snapshots.py::test_table_mid_hand_",
)
"""Tests that take more than 1.5 s of CPU each (or, parametrized, in all; measured with
``time.process_time`` over ``make test-fast``): marked ``slow``, so the fast loop, which
must end in two minutes on two cores, leaves them out (they are a third of its tests'
CPU time, and ``make test`` runs them first).  The start of ``file::test[parameters]``."""

CALLS = {
    "open_terminal": ("terminal", "subprocess"),
    "launched_browser": ("browser", "subprocess"),
    "room_server": ("subprocess", "network"),
    "Popen": ("subprocess",),
    "subprocess": ("subprocess",),
    "create_connection": ("network",),
    "open_connection": ("network",),
    "start_server": ("network",),
}
"""Names that a test's body using them makes it leave the fast loop (the markers)."""


def marks_for(item: pytest.Item) -> set[str]:
    """The markers of :data:`OUTSIDE` that ``item`` gets from what it uses (and ``slow``
    if it is one of :data:`HEAVY`)."""
    found: set[str] = set()
    for fixture in getattr(item, "fixturenames", ()):
        found.update(FIXTURES.get(fixture, ()))
    name = item.path.name
    for pattern, marks in FILES.items():
        if fnmatch.fnmatch(name, pattern):
            found.update(marks)
    test = f"{name}::{item.nodeid.partition('::')[2]}"
    for start, marks in TESTS.items():
        if test.startswith(start):
            found.update(marks)
    if test.startswith(HEAVY):
        found.add("slow")
    code = getattr(getattr(item, "function", None), "__code__", None)
    for called in code.co_names if code is not None else ():
        found.update(CALLS.get(called, ()))
    return found


def outside(item: pytest.Item) -> bool:
    """Whether ``item`` is marked to leave the fast loop (``slow`` included)."""
    return any(item.get_closest_marker(mark) is not None for mark in (*OUTSIDE, "slow"))


INTERNET = (socket.AF_INET, socket.AF_INET6)


class Guard:
    """Fails a test of the fast loop that creates an internet socket or a process.

    :meth:`watching` patches the standard library's ways of making one for the time of a
    test phase; what a watched test did is in :attr:`found` (the test fails even if the
    code under test catches the :class:`OutsideFastLoopError` raised at the call)."""

    def __init__(self) -> None:
        self.test = ""
        self.found: list[str] = []
        self._foreign: set[threading.Thread] = set()  # (objects: an ident is reused)

    def watches_this_thread(self) -> bool:
        """Whether the current thread is the test's: its own, or one begun during it."""
        return threading.current_thread() not in self._foreign

    def _refuse(self, mark: str, what: str) -> None:
        message = (
            f"{self.test} {what} but is not marked {mark!r}: the fast loop (make test-fast) "
            f"runs no test that {OUTSIDE[mark].split(' (')[0]}. Mark it "
            f"@pytest.mark.{mark} (or give it a fixture or file name that "
            f"tests/isolation.py marks)."
        )
        if message not in self.found:
            self.found.append(message)
        raise OutsideFastLoopError(message)

    def _process(self, real: Callable[..., Any], what: str) -> Callable[..., Any]:
        def checked(*args: Any, **kwargs: Any) -> Any:
            if self.watches_this_thread():
                self._refuse("subprocess", what)
            return real(*args, **kwargs)

        return checked

    def _socket(self, real: Callable[..., None]) -> Callable[..., None]:
        def checked(sock: socket.socket, family: Any = -1, type: Any = -1, proto: Any = -1,
                    fileno: Any = None) -> None:  # fmt: skip
            if fileno is None:  # refused before it exists; an inherited one, once known
                self._check_family(socket.AF_INET if family == -1 else family)
            real(sock, family, type, proto, fileno)
            if fileno is not None and sock.family in INTERNET and self.watches_this_thread():
                sock.close()
                self._check_family(sock.family)

        return checked

    def _check_family(self, family: Any) -> None:
        if family in INTERNET and self.watches_this_thread():
            name = socket.AddressFamily(family).name
            self._refuse("network", f"opened a network socket ({name})")

    @contextmanager
    def watching(self, test: str) -> Iterator[None]:
        """Watch what the current thread, and threads begun from now on, create."""
        self.test = test
        here = threading.current_thread()
        self._foreign = {thread for thread in threading.enumerate() if thread is not here}
        patches: list[tuple[Any, str, Any]] = [
            (socket.socket, "__init__", self._socket(socket.socket.__init__)),
            (subprocess.Popen, "__init__",
             self._process(subprocess.Popen.__init__, "started a program (subprocess)")),
            (multiprocessing.process.BaseProcess, "start",
             self._process(multiprocessing.process.BaseProcess.start,
                           "started a process (multiprocessing)")),
        ]  # fmt: skip
        for name in ("fork", "forkpty", "posix_spawn", "posix_spawnp", "system"):
            if hasattr(os, name):
                patches.append((os, name, self._process(getattr(os, name), f"called os.{name}")))
        with pytest.MonkeyPatch.context() as patch:
            for owner, name, value in patches:
                patch.setattr(owner, name, value)
            yield


class OutsideFastLoopError(Exception):
    """A test of the fast loop created a socket or a process (see :class:`Guard`)."""
