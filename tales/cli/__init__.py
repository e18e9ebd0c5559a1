"""The ``tales`` command: a module per command family (board, schemer, table, game,
campaign, viewer, tavern), each importing what a command needs inside the command, so that a cold
``tales --help`` costs little more than starting Python.

Every mistake in what the user gives (a file, a space, a figure) is one line on standard
error and exit status 2; ``tales map check`` exits 1 when it has findings.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib import import_module
from types import ModuleType

from tales.cli.common import Parser
from tales.errors import ECHO_LIMIT as ECHO_LIMIT
from tales.errors import TalesError, one_line

__all__ = ["ECHO_LIMIT", "build_parser", "main", "one_line"]

#: Each family's module (``tales.cli.NAME``) and the command words its ``register`` adds,
#: in the order ``tales --help`` lists them: a cold command imports only its own family.
FAMILIES: dict[str, tuple[str, ...]] = {
    "board": ("map", "position", "los", "reach"),
    "game": ("kit", "odds", "scenario", "simulate", "sweep", "play"),
    "compare": ("compare",),
    "schemer": ("schemer",),
    "table": ("table",),
    "viewer": ("render", "view", "solo"),
    "tavern": ("tavern",),
    "campaign": ("campaign",),
}


def family(name: str) -> ModuleType:
    """The module of the command family ``name`` (a key of :data:`FAMILIES`)."""
    return import_module(f"tales.cli.{name}")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The ``tales`` parser: with ``command`` (the first word given) one of a family's
    commands (:data:`FAMILIES`), only that family's commands (a cold command neither imports
    the other families nor builds their thirty parsers); otherwise every command, for
    ``--help`` and for a word that is none."""
    parser = Parser(
        prog="tales", description="Tales from the Red Dragon Inn: rules engine and table tools")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    wanted = [name for name, words in FAMILIES.items() if command in words]
    for name in wanted or FAMILIES:
        family(name).register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tales`` command; return its exit status."""
    words = sys.argv[1:] if argv is None else list(argv)
    try:
        args = build_parser(words[0] if words else None).parse_args(words)
    except SystemExit as stop:  # --help (0), or an argument mistake on one line (2)
        return stop.code if isinstance(stop.code, int) else 2
    try:
        status: int = args.run(args)
    except TalesError as error:
        print(f"tales: {one_line(str(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader stopped early (`| head`): nothing more to say
        # (before OSError, of which it is one; stdout pointed at nothing so that Python's
        # last flush at exit does not complain of the closed pipe either)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:  # a name too long, a folder that cannot be read, a full disk
        where = f"{error.filename}: " if error.filename is not None else ""
        print(f"tales: {one_line(where + (error.strerror or str(error)))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # games and campaigns are saved after every choice
        print("tales: interrupted", file=sys.stderr)
        return 130
    return status
