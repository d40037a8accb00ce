"""Caches filled once before mutation testing forks a process per mutant.

``make mutation`` (``tools/mutation.py``) names these in a part's ``warm`` list
(``[tool.mutation.parts]``); ``conftest.py`` calls them in mutmut's fork server, after it
has collected the tests and before it forks a process for each mutant, so each of those
inherits what they loaded instead of loading it again.  Only what no mutated code makes
belongs here: the solver's read-only strategies (``players/cfr``'s loaders are cached
functions, which mutmut does not mutate, and the solver is in no part of the players).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable


def call(targets: Iterable[str]) -> None:
    """Call each function named ``module:function`` (a part's ``warm`` list), in order:
    what ``conftest.py``, ``tools/mutation_planted.py`` and ``tools/mutant_cpu.py`` each
    do before the mutants run."""
    for target in targets:
        module, _, name = target.partition(":")
        getattr(importlib.import_module(module), name)()


def players() -> None:
    """The shipped strategies of the ``cfr`` bot, with the no-limit betting trees (15 s
    of CPU for one heads-up no-limit game otherwise, in every mutant's run)."""
    from pokerroom.players.cfr import shipped_no_limit_policy, shipped_policy
    from pokerroom.solver.files import SHIPPED

    policy = shipped_no_limit_policy()
    for depth in policy.depths:
        policy.played(depth)
    for preset in SHIPPED:
        shipped_policy(preset)
