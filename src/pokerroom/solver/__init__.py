"""Counterfactual regret minimisation for heads-up fixed-limit hold'em, proven on the
small games first.

* :mod:`~pokerroom.solver.tree`, :mod:`~pokerroom.solver.game`: a game as a public tree
  with vectors of private states (the game, apart from any algorithm);
* :mod:`~pokerroom.solver.sweeps`, :mod:`~pokerroom.solver.cfr`,
  :mod:`~pokerroom.solver.best_response`: CFR+ and discounted CFR, exact best
  responses and exploitability;
* :mod:`~pokerroom.solver.toys`: Kuhn poker and Leduc hold'em, from their rules;
* :mod:`~pokerroom.solver.betting`: the heads-up fixed-limit betting tree, derived from
  the engine for any :class:`~pokerroom.rules.Rules`;
* :mod:`~pokerroom.solver.abstraction`, :mod:`~pokerroom.solver.holdem`: card buckets
  and the abstract hold'em game;
* :mod:`~pokerroom.solver.policy`: a solved strategy played back from a
  :class:`~pokerroom.engine.PlayerView`;
* :mod:`~pokerroom.solver.nolimit`, :mod:`~pokerroom.solver.nlholdem`,
  :mod:`~pokerroom.solver.nlstrategy`, :mod:`~pokerroom.solver.nlpolicy`: heads-up no
  limit: the action abstraction and its translation, the abstract game, the strategy
  files and their play.
"""
