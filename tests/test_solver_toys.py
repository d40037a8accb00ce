"""The toy games' trees node by node: every line of Kuhn poker and of Leduc hold'em with
its stake and payoff matrix, worked out by hand from the rules, and a limit game of three
bets and of none (the counts of lines written out)."""

from __future__ import annotations

import numpy as np

from pokerroom.solver.toys import LEDUC_CARDS, LimitGame, kuhn, leduc
from pokerroom.solver.tree import CHANCE, TERMINAL, PublicTree, TreeBuilder


def _terminals(tree: PublicTree) -> dict[tuple[str, ...], tuple[float, int]]:
    return {tree.history(z): (float(tree.stake[z]), int(tree.matrix[z]))
            for z in np.flatnonzero(tree.kind == TERMINAL).tolist()}  # fmt: skip


def _decisions(tree: PublicTree) -> dict[tuple[str, ...], int]:
    return {tree.history(d): int(tree.kind[d]) for d in np.flatnonzero(tree.kind < CHANCE).tolist()}


def test_kuhn_tree_is_every_line_of_the_rules_with_its_stake() -> None:
    # Antes of 1, one bet of 1, no raise; matrix 0 is the fold's, 1 the showdown's.  A
    # fold's stake is what player 0 wins: the folder's ante (and nothing it did not bet).
    tree = kuhn().tree
    assert tree.labels[0] == ""
    assert _decisions(tree) == {(): 0, ("k",): 1, ("b",): 1, ("k", "b"): 0}
    assert _terminals(tree) == {
        ("k", "k"): (1.0, 1),
        ("k", "b", "f"): (-1.0, 0),
        ("k", "b", "c"): (2.0, 1),
        ("b", "f"): (1.0, 0),
        ("b", "c"): (2.0, 1),
    }


def test_leduc_tree_lines_stakes_and_matrices_by_hand() -> None:
    # Bets of 2 then 4, a bet and a raise at most; after the first round's call or
    # check-check, one chance node whose outcomes are the six cards in order.  Matrix 0 is
    # the first round's fold; public card c has fold matrix 1 + 2c, showdown 2 + 2c.
    tree = leduc().tree
    first = {("k", "k"): 1, ("k", "b", "c"): 3, ("k", "b", "r", "c"): 5, ("b", "c"): 3,
             ("b", "r", "c"): 5}  # fmt: skip
    terminals = _terminals(tree)
    assert {h: v for h, v in terminals.items() if not set(h) & set(LEDUC_CARDS)} == {
        ("k", "b", "f"): (-1.0, 0),  # player 0 loses its ante
        ("k", "b", "r", "f"): (3.0, 0),  # player 1 loses its ante and its bet
        ("b", "f"): (1.0, 0),
        ("b", "r", "f"): (-3.0, 0),
    }
    assert len(terminals) == 4 + 5 * 6 * 9
    for line, paid in first.items():
        chance = tree.child(0, line[0])
        for label in line[1:]:
            chance = tree.child(chance, label)
        assert tree.kind[chance] == CHANCE
        assert [tree.labels[c] for c in tree.children(chance)] == list(LEDUC_CARDS)
        for c, card in enumerate(LEDUC_CARDS):
            fold, show = 1 + 2 * c, 2 + 2 * c
            assert terminals[(*line, card, "k", "k")] == (paid, show)
            assert terminals[(*line, card, "b", "f")] == (paid, fold)
            assert terminals[(*line, card, "b", "c")] == (paid + 4, show)
            assert terminals[(*line, card, "b", "r", "f")] == (-(paid + 4), fold)
            assert terminals[(*line, card, "b", "r", "c")] == (paid + 8, show)
            assert terminals[(*line, card, "k", "b", "f")] == (-paid, fold)
            assert terminals[(*line, card, "k", "b", "c")] == (paid + 4, show)
            assert terminals[(*line, card, "k", "b", "r", "f")] == (paid + 4, fold)
            assert terminals[(*line, card, "k", "b", "r", "c")] == (paid + 8, show)
            assert _decisions(tree)[(*line, card)] == 0


def _recorded(max_bets: int) -> tuple[PublicTree, list[tuple[int, int]], list[int]]:
    folds: list[tuple[int, int]] = []
    shows: list[int] = []

    def fold(r: int, c: int) -> int:
        folds.append((r, c))
        return 0

    def showdown(c: int) -> int:
        shows.append(c)
        return 1

    builder = TreeBuilder()
    LimitGame(1, (1, 2), max_bets, ("x", "y"), fold, showdown).tree(builder)
    return builder.build(), folds, shows


def test_a_limit_game_of_three_bets_a_round_has_the_lines_counted_by_hand() -> None:
    # One round of three bets: decisions at (), k, kb, kbr, kbrr, b, br, brr (8); lines
    # kk, kbc, kbrc, kbrrc, bc, brc, brrc (7) go on, kbf, kbrf, kbrrf, bf, brf, brrf (6) fold.
    tree, folds, shows = _recorded(3)
    per_round = {("k",), ("k", "b"), ("k", "b", "r"), ("k", "b", "r", "r"), ("b",),
                 ("b", "r"), ("b", "r", "r")}  # fmt: skip
    first = [h for h in _decisions(tree) if "x" not in h and "y" not in h]
    assert sorted(first) == sorted({(), *per_round})
    assert len(_decisions(tree)) == 8 + 7 * 2 * 8
    assert len(_terminals(tree)) == 6 + 7 * 2 * 13
    # no public card yet in the first round: the fold matrix is asked for card -1 there
    assert sorted(set(folds)) == [(0, -1), (1, 0), (1, 1)]
    assert folds.count((0, -1)) == 6 and sorted(set(shows)) == [0, 1]
    assert _terminals(tree)[("b", "r", "r", "c", "y", "b", "r", "r", "c")] == (1 + 3 + 6, 1)


def test_a_limit_game_of_no_bets_only_checks() -> None:
    tree, folds, shows = _recorded(0)
    assert _terminals(tree) == {("k", "k", "x", "k", "k"): (1.0, 1),
                                ("k", "k", "y", "k", "k"): (1.0, 1)}  # fmt: skip
    assert folds == [] and shows == [0, 1]
