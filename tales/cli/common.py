"""What every command family of the ``tales`` command shares: the parser class, argument
types, options used by several commands and the shapes of their output."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable
from typing import Any, NoReturn

from tales.errors import TalesError, one_line


class Parser(argparse.ArgumentParser):
    """argparse with its mistakes on one line (``tales: ...``), exit status 2."""

    def error(self, message: str) -> NoReturn:
        print(f"tales: {one_line(message)} (see {self.prog} --help)", file=sys.stderr)
        sys.exit(2)


def whole(low: int, high: int | None = None, wanted: str | None = None
          ) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (inclusive); ``wanted``
    says what to give instead."""
    upper = f"from {low} to {high:,}" if high is not None else f"{low} or more"
    wanted = wanted or f"give a whole number, {upper}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r}: {wanted}") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{value}: {wanted}")
        return value
    return parse


#: Seeds: numpy's generators take 0 to 2**64 - 1.
SEED = whole(0, 2**64 - 1, "give a whole number from 0 to 2**64 - 1")


#: Counts of games, players, scenarios; Power Tree steps and backups.
COUNT = whole(1)


AT_LEAST_0 = whole(0)


#: Power Tree steps: what a save holds (tales.engine.saves.MAX_STEPS), checked before play.
STEPS = whole(0, 99)


#: A campaign's Power Tree steps above or below each scenario's.
STEPS_CHANGE = whole(-99, 99)


#: Movement points: more than a board can use counts as the board's size (tales.rules.movement).
POINTS = whole(0)


#: Dice, boosts and tokens in `tales odds`: generous for any Attack in the game.
DICE_COUNT = whole(0, 100)


def emit(data: Any) -> None:
    import json

    print(json.dumps(data, indent=2, sort_keys=False))


def show(report: Any, as_json: bool, lines: Callable[[Any], Iterable[str]]) -> None:
    """A command's report: as JSON (``--json``), or its ``lines`` for a terminal."""
    if as_json:
        emit(report)
        return
    for line in lines(report):
        print(line)


def rules_of(args: argparse.Namespace) -> Any:
    """The readings given with ``--rule FLAG=VALUE`` (docs/rules-decisions.md)."""
    from tales.engine.state import GameRules

    flags: dict[str, str] = {}
    for rule in args.rule or []:
        key, equals, value = rule.partition("=")
        if not equals:
            raise TalesError(f"--rule {rule!r}: give FLAG=VALUE, e.g. end_check=every-turn")
        flags[key.strip()] = value.strip()
    try:
        return GameRules.from_dict(flags)
    except ValueError as bad:
        raise TalesError(f"--rule: {bad}") from None


def schemer_rules_of(args: argparse.Namespace) -> Any:
    """The Schemer movement readings given with ``--rule``: with none given, the defaults,
    without loading the game loop's flags (``GameRules().schemer_rules()`` is the same)."""
    if not args.rule:
        from tales.rules.schemer_movement import DEFAULT_SCHEMER_RULES

        return DEFAULT_SCHEMER_RULES
    return rules_of(args).schemer_rules()


def setup_of(args: argparse.Namespace) -> Any:
    from tales.engine.state import Setup

    if not args.heroes:
        raise TalesError("give the Heroes: --heroes gerki,deirdre")
    rules = rules_of(args)
    heroes = tuple(h.strip() for h in args.heroes.split(",") if h.strip())
    return Setup(args.scenario, heroes, args.legend, args.dice, args.steps, rules,
                 args.companion)


class ProgressLine:
    """A progress line on standard error for a long run: ``[####....] done/total``, the
    rate and the time left, redrawn in place, first after ``after`` seconds (a short run
    shows none), at most ten times a second, and ended with a new line when the run is
    done."""

    def __init__(self, after: float = 0.5) -> None:
        import time

        self._clock = time.monotonic
        self._start = self._clock()
        self._after = after
        self._drawn = 0.0  # when it was last drawn (0: never)

    def __call__(self, done: int, total: int, label: str = "") -> None:
        """Draw ``done`` of ``total``; ``label``: what is being done now (a sweep's row)."""
        now = self._clock()
        last = done >= total
        early = now - self._start < self._after
        if last:
            if early and not self._drawn:
                return
        elif early or now - self._drawn < 0.1:
            return
        width = 30
        filled = width * min(done, total) // max(total, 1)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"
                         f"{self.pace(done, total, now)}{f'; {label}' if label else ''}"
                         "\x1b[K")
        if last:
            sys.stderr.write("\n")
        sys.stderr.flush()
        self._drawn = now


    def pace(self, done: int, total: int, now: float) -> str:
        """``, 2.5 a second, about 40 s left`` or ``, one every 2 s, about 8 min left``
        (nothing before the first is done, nor once all are)."""
        spent = now - self._start
        if not done or spent <= 0:
            return ""
        rate = done / spent
        left = (total - done) / rate
        when = (f"{left:.0f} s" if left < 120 else f"{left / 60:.0f} min" if left < 7200
                else f"{left / 3600:.0f} h")
        said = (f"one every {1 / rate:.0f} s" if rate < 1 else
                f"{rate:.1f} a second" if rate < 10 else f"{rate:.0f} a second")
        return f", {said}, about {when} left" if done < total else ""


def progress_line() -> ProgressLine | None:
    """A :class:`ProgressLine` when standard error is a terminal; None when it is piped or
    redirected (nothing is written then)."""
    return ProgressLine() if sys.stderr.isatty() else None


def workers(asked: int) -> int:
    """``--workers``, at most one process per core (a note on standard error if fewer)."""
    cores = os.cpu_count() or 1
    if asked > cores:
        print(f"tales: --workers {asked}: using {cores}, the cores of this machine",
              file=sys.stderr)
        return cores
    return asked


def saves_folder(args: argparse.Namespace) -> Any:
    from pathlib import Path

    from tales.campaign.saves import DEFAULT_FOLDER

    return Path(args.saves) if args.saves else DEFAULT_FOLDER


def game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--heroes", metavar="A,B", help="Hero names or kit files, e.g. "
                        "gerki,deirdre (bundled kits are in heroes/)")
    parser.add_argument("--companion", metavar="NAME", help="Solo Mode: one Hero with this "
                        "Companion card (bundled: companions/, e.g. otto-guard, pooky)")
    parser.add_argument("--legend", action="store_true", help="Legend difficulty")
    parser.add_argument("--steps", type=STEPS, metavar="N",
                        help="Power Tree steps per Hero (default: the scenario's)")
    parser.add_argument("--dice", metavar="FILE", help="dice faces (default: bundled)")
    parser.add_argument("--rule", action="append", metavar="FLAG=VALUE",
                        help="a reading of an ambiguous rule (docs/rules-decisions.md), "
                        "e.g. end_check=every-turn or tracker=standee")


def run_options(parser: argparse.ArgumentParser, games: str, report: str) -> None:
    """The options of a command that plays many games with bots: the planner's budget,
    how many ``games`` (what each count is), the seed, the workers (the ``report`` does not
    depend on them) and ``--json``."""
    parser.add_argument("--budget", type=COUNT, metavar="N",
                        help="the planner's rollouts for a closer look at an option that "
                        "beat greedy's (default 4)")
    parser.add_argument("--games", type=COUNT, default=100, metavar="N", help=games)
    parser.add_argument("--seed", type=SEED, default=0, metavar="S")
    parser.add_argument("--workers", type=COUNT, default=1, metavar="W",
                        help=f"local worker processes (the {report} does not depend on it)")
    parser.add_argument("--json", action="store_true")


def schemer_rule_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rule", action="append", metavar="FLAG=VALUE",
                        help="a reading of an ambiguous rule (docs/rules-decisions.md), e.g. "
                        "dangerous_paths=nearest-first or nearest_ties=merge")


PHYSICAL = ("roll real dice: every die face, Scheme die, initiative token and tracker card "
            "is asked (a number or the face's words)")
