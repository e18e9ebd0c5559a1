"""``tales compare``: two versions of a scenario (two files, or two settings of one) played
on the same seeds, the paired difference reported (tales.engine.compare)."""

from __future__ import annotations

import argparse
from typing import Any

from tales.cli.common import (
    STEPS,
    game_options,
    progress_line,
    run_options,
    setup_of,
    show,
    workers,
)
from tales.errors import TalesError

#: The settings a side may have of its own: ``--a-NAME`` / ``--b-NAME`` beside ``--NAME``.
OWN = ("heroes", "legend", "steps", "dice", "rule", "bot")
BOTS = ("greedy", "planner", "random")


def side_of(args: argparse.Namespace, key: str, scenario: str) -> Any:
    """Side ``key`` (``a`` or ``b``): the shared settings, then its own (``--a-legend``,
    ``--b-rule`` added to ``--rule``, ``--b-steps`` for ``--steps``...)."""
    from tales.engine.compare import Side

    own = {name: getattr(args, f"{key}_{name}") for name in OWN}
    values = {**vars(args), "scenario": scenario,
              "heroes": own["heroes"] or args.heroes,
              "legend": args.legend or own["legend"],
              "steps": own["steps"] if own["steps"] is not None else args.steps,
              "dice": own["dice"] or args.dice,
              "rule": [*(args.rule or []), *(own["rule"] or [])]}
    return Side(setup_of(argparse.Namespace(**values)), own["bot"] or args.bot)


def cmd_compare(args: argparse.Namespace) -> int:
    from tales.cli.game import budget_of
    from tales.engine.compare import compare, format_compare
    from tales.engine.content import load_context

    a = side_of(args, "a", args.a)
    b = side_of(args, "b", args.b or args.a)
    if a == b:
        raise TalesError("the two sides are the same: give B.toml, or a setting of one side "
                         "(--b-legend, --b-rule FLAG=VALUE, --b-steps N, --b-heroes A,B, "
                         "--b-dice FILE, --b-bot BOT; --a-... likewise)")
    for side in (a, b):  # both checked before any game is played
        load_context(side.setup)
    bots = ",".join({a.bot, b.bot})
    budget = budget_of(argparse.Namespace(bot=bots, budget=args.budget))
    report = compare(a, b, args.games, args.seed, workers(args.workers), budget,
                     progress_line())
    show(report, args.json, format_compare)
    return 0


def register(commands: Any) -> None:
    """Add ``tales compare`` to the ``tales`` parser."""
    compare = commands.add_parser(
        "compare", help="play two versions of a scenario on the same seeds: the paired "
        "difference in win rate, rounds and damage, and the games that changed outcome")
    compare.add_argument("a", metavar="A.toml", help="a scenario file or bundled name")
    compare.add_argument("b", metavar="B.toml", nargs="?",
                         help="the other version (default: A again, with --b-... settings)")
    game_options(compare)  # both sides'; a side's own below
    compare.add_argument("--bot", choices=BOTS, default="greedy", help="the bot (both)")
    for key in ("a", "b"):
        side = key.upper()
        compare.add_argument(f"--{key}-heroes", metavar="A,B", help=f"{side}'s Heroes")
        compare.add_argument(f"--{key}-legend", action="store_true",
                             help=f"{side} at Legend difficulty")
        compare.add_argument(f"--{key}-steps", type=STEPS, metavar="N",
                             help=f"{side}'s Power Tree steps")
        compare.add_argument(f"--{key}-dice", metavar="FILE", help=f"{side}'s dice faces")
        compare.add_argument(f"--{key}-rule", action="append", metavar="FLAG=VALUE",
                             help=f"a reading for {side} only (after --rule)")
        compare.add_argument(f"--{key}-bot", choices=BOTS, help=f"{side}'s bot")
    run_options(compare, "games a side (default 100)", "report")
    compare.set_defaults(run=cmd_compare)
