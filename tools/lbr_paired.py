"""LBR against two heads-up strategy files on the same deals, deal by deal.

Run: ``python tools/lbr_paired.py NEW.npz OLD.npz --deals 3000 --seed 1`` (no limit:
stacks of 100 big blinds, blinds 50/100, with AIVAT).  LBR plays the match of
:func:`pokerroom.tournament.lbr.lbr_match` against ``cfr`` playing each file (LBR reads
the file exactly), each duplicate deal's result is kept, and the script prints both
results and the difference deal by deal (NEW less OLD) with Student's 95% interval: the
two matches meet the same cards, so the paired difference is much narrower than the two
intervals side by side.  How the issue 37 figures of the solver guide were measured.

``--rules casino-limit`` or ``--rules computer-tournament`` compares two fixed-limit
strategy files solved for that preset (``pokerroom solve``; the default ``no-limit``
compares no-limit files).  Each file's match is the one ``pokerroom solve lbr --rules R
--target cfr --deals N --seed S --aivat`` plays against the shipped strategy, with the
file in its place: the mean of the deals is the figure that command prints for it.  A
file solved for other rules is refused; ``--defend`` and ``--big-blinds`` are no
limit's only.

With ``--cache DIR`` each file's deal-by-deal results are kept in ``DIR`` (named by the
file's SHA-256, the rules in fixed limit, the seed, the deals and, in no limit, the
depth) and read back instead of played again: comparing several candidates with one
strategy plays that one's match once (the same file as NEW and OLD plays it once).

``--seeds 1-7`` plays (or reads from the cache) the matches of several seeds and pools
their deals into one sample: each seed's result, then the pooled one.  With the same file
twice and ``--defend both`` each seed is played once (the second read from the cache)::

    python tools/lbr_paired.py F.npz F.npz --seeds 1-7 --defend both --cache lbr-cache

Several ranges and single seeds may be pooled, separated by commas (``--seeds
1-27,33-38``: the seeds a run finished before it was stopped at a time fixed beforehand),
and ``--level 0.9833`` gives the pooled intervals at another confidence level (for
example 1 − 0.05/3: a Bonferroni correction for a sample looked at three times as it
grew).
"""

from __future__ import annotations

import argparse
import hashlib
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt

from pokerroom.cli.arguments import Positive
from pokerroom.players import Player
from pokerroom.rules import Rules
from pokerroom.solver.files import SHIPPED
from pokerroom.solver.nlpolicy import NoLimitPolicy
from pokerroom.solver.nlstrategy import NoLimitStrategy
from pokerroom.solver.policy import Policy, betting_differences
from pokerroom.solver.strategy import Strategy, StrategyError
from pokerroom.tournament.games import GameTask, play
from pokerroom.tournament.lbr import lbr_pair
from pokerroom.tournament.league import League
from pokerroom.tournament.seeds import derive
from pokerroom.tournament.stats import Estimate, mean_interval

F64s = npt.NDArray[np.float64]


NO_LIMIT = "no-limit"
RULES = (NO_LIMIT, *SHIPPED)
"""What ``--rules`` names: heads-up no limit, or a fixed-limit preset a strategy ships for."""


def per_deal(path: str, deals: int, seed: int, big_blinds: int, defend: bool = False, *,
             rules_name: str = NO_LIMIT) -> tuple[F64s, F64s]:  # fmt: skip
    """LBR's mbb/hand on each duplicate deal against ``cfr`` playing the strategy file
    ``path`` (with minimum defence when ``defend``): AIVAT-corrected and plain.  Under
    ``rules_name`` a fixed-limit preset, ``path`` is a fixed-limit strategy solved for it
    (``big_blinds`` and ``defend`` are unused), and the match is the one of
    :func:`~pokerroom.tournament.lbr.lbr_match` with that strategy as ``policy``."""
    policy: Policy | NoLimitPolicy
    if rules_name == NO_LIMIT:
        rules = Rules.preset(NO_LIMIT, blinds=(50, 100)).replace(buy_in=100 * big_blinds,
                                                                 players=2)  # fmt: skip
        policy = NoLimitPolicy((NoLimitStrategy.load(path),), defend=defend)
    else:
        rules = Rules.preset(rules_name).replace(players=2)  # as lbr_match plays them
        policy = limit_policy(path, rules_name)
    pair = lbr_pair(rules, "cfr", policy=policy)
    league = League(rules, ("measured", "other"), ("LBR", "cfr"), hands=2 * deals, seed=seed,
                    field=False, aivat=True)  # fmt: skip

    def build(task: GameTask) -> list[Player]:
        made = pair(derive(task.seed, "bot", task.bot_salt))
        return [made[e] for e in task.entrants]

    tasks = league.tasks()
    records = {r.index: r for r in (play(t, build=build) for t in tasks)}
    (match,) = league.matches()
    adjusted, plain = np.zeros(match.deals), np.zeros(match.deals)
    cursor = 0
    for start in range(0, match.deals, league.session):
        for _ in range(2):  # the two seat arrangements of a block of deals
            record = records[tasks[cursor].index]
            cursor += 1
            for seat in record.seats:
                if seat.entrant == 0:
                    for d, net in enumerate(seat.nets):
                        plain[start + d] += net
                        adjusted[start + d] += seat.adjusted[d]
    scale = 1000 / league.big_blind / 2  # mbb/hand, the two hands of a deal averaged
    return adjusted * scale, plain * scale


def limit_policy(path: str, rules_name: str) -> Policy:
    """The fixed-limit strategy file ``path`` as ``cfr`` plays it, refused (``SystemExit``
    naming the difference) unless it was solved for the preset ``rules_name``."""
    try:
        strategy = Strategy.load(path)
    except StrategyError as exc:
        raise SystemExit(f"{exc} (a fixed-limit strategy file for {rules_name})") from None
    differences = betting_differences(strategy.rules, Rules.preset(rules_name, players=2))
    if differences:
        raise SystemExit(f"{path}: not a strategy for {rules_name} ({'; '.join(differences)})")
    return Policy(strategy)


def cached(path: str, deals: int, seed: int, big_blinds: int, cache: Path | None, *,
           defend: bool = False, rules_name: str = NO_LIMIT) -> tuple[F64s, F64s]:  # fmt: skip
    """:func:`per_deal`, read from ``cache`` when it was kept there (and kept there)."""
    if cache is None:
        return per_deal(path, deals, seed, big_blinds, defend, rules_name=rules_name)
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]
    if rules_name == NO_LIMIT:
        mark = "-defend" if defend else ""
        kept = cache / f"{digest}{mark}-seed{seed}-deals{deals}-{big_blinds}bb.npz"
    else:
        kept = cache / f"{digest}-{rules_name}-seed{seed}-deals{deals}.npz"
    if kept.is_file():
        with np.load(kept) as data:
            return data["adjusted"], data["plain"]
    adjusted, plain = per_deal(path, deals, seed, big_blinds, defend, rules_name=rules_name)
    cache.mkdir(parents=True, exist_ok=True)
    np.savez(kept, adjusted=adjusted, plain=plain)
    return adjusted, plain


def _seeds(text: str) -> list[int]:
    """The seeds of ``A-B`` (``A`` to ``B``) or of several such parts and single seeds
    separated by commas (``1-27,33-38``, ``4``), each seed at most once, in that order."""
    seeds: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        try:
            some = list(range(int(first), int(last or first) + 1))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"seeds are A-B or A-B,C-D,E (like 1-7 or 1-27,33-38), not {text!r}") from None
        if not some:
            raise argparse.ArgumentTypeError(f"no seeds from {first} to {last}")
        twice = sorted(set(some) & set(seeds))
        if twice:
            raise argparse.ArgumentTypeError(f"seed {twice[0]} is listed twice in {text!r}")
        seeds.extend(some)
    return seeds


def _listed(seeds: list[int]) -> str:
    """``seeds`` as runs of consecutive seeds: ``1 to 27, 33 to 38``."""
    runs: list[list[int]] = []
    for seed in seeds:
        if runs and seed == runs[-1][-1] + 1:
            runs[-1].append(seed)
        else:
            runs.append([seed])
    return ", ".join(f"{r[0]} to {r[-1]}" if len(r) > 1 else f"{r[0]}" for r in runs)


def _rules(text: str) -> str:
    """A ``--rules`` name, refused naming the choices."""
    if text not in RULES:
        raise argparse.ArgumentTypeError(
            f"rules are {', '.join(RULES)} (a preset name), not {text!r}")
    return text


# An interval's confidence level: strictly between 0 and 1 (the command line's checked type).
_level = Positive(1.0, below=True, note=" (a confidence level, like 0.95)")


def _text(e: Estimate) -> str:
    return f"{e.value:+,.0f} ± {e.half_width:,.0f} [{e.low:+,.0f}, {e.high:+,.0f}]"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("new")
    p.add_argument("old")
    p.add_argument("--deals", type=int, default=3000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seeds", type=_seeds, default=None,
                   help="A-B: the seeds A to B, their deals pooled (instead of --seed); "
                        "several parts separated by commas: 1-27,33-38")
    p.add_argument("--level", type=_level, default=0.95,
                   help="the pooled intervals' confidence level (default 0.95)")
    p.add_argument("--rules", type=_rules, default=NO_LIMIT,
                   help=f"the files' rules: {', '.join(RULES)} (default {NO_LIMIT})")
    p.add_argument("--big-blinds", type=int, default=None,
                   help="no limit: the stacks in big blinds (default 100)")
    p.add_argument("--cache", type=Path, default=None,
                   help="keep each file's deal-by-deal results here and reuse them")
    p.add_argument("--defend", choices=("new", "old", "both", "none"), default="none",
                   help="which file's cfr plays with minimum defence (default none)")
    args = p.parse_args()
    if args.rules != NO_LIMIT and (args.big_blinds is not None or args.defend != "none"):
        p.error(f"--big-blinds and --defend are for {NO_LIMIT} only, not {args.rules}")
    big_blinds = 100 if args.big_blinds is None else args.big_blinds
    seeds = args.seeds or [args.seed]
    results = {}
    for label, path in (("new", args.new), ("old", args.old)):
        start = time.process_time()
        defend = args.defend in (label, "both")
        parts = []
        for seed in seeds:
            parts.append(cached(path, args.deals, seed, big_blinds, args.cache,
                                defend=defend, rules_name=args.rules))  # fmt: skip
            if len(seeds) > 1:
                print(f"{label}, seed {seed}: LBR {_text(mean_interval(list(parts[-1][0])))} "
                      f"(plain {_text(mean_interval(list(parts[-1][1])))})", flush=True)
        results[label] = (np.concatenate([a for a, _ in parts]),
                          np.concatenate([b for _, b in parts]))  # fmt: skip
        print(f"{label} ({path}): {time.process_time() - start:,.0f} CPU s", flush=True)
    if len(seeds) > 1:
        print(f"seeds {_listed(seeds)} pooled, {len(results['new'][0]):,} deals:")
    if args.level != 0.95:
        print(f"intervals at the level {args.level:.4g}:")
    for i, kind in enumerate(("AIVAT", "plain")):
        new, old = results["new"][i], results["old"][i]
        level = args.level
        print(f"{kind}: LBR against new {_text(mean_interval(list(new), level))}; against "
              f"old {_text(mean_interval(list(old), level))}; new less old, deal by deal "
              f"{_text(mean_interval(list(new - old), level))} (correlation "
              f"{np.corrcoef(new, old)[0, 1]:.2f})")  # fmt: skip


if __name__ == "__main__":
    main()
