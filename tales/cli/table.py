"""``tales`` commands: ``tales table``, a whole physical game kept beside the table."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from tales.cli.common import SEED, game_options, setup_of
from tales.errors import TalesError

if TYPE_CHECKING:
    from pathlib import Path

FLOW = """\
In a window when there is a screen (buttons for each card, die and token as drawn, or
"the tool draws it"; a Hero's turn is the board edited by dragging and the keys D/H damage
and heal, F Wounded, X Defeated, T/Shift+T tokens, A a Schemer brought in, O a door; ties
are buttons and green spaces; U undoes), at the terminal when headless or with --answers.
the flow: setup (tracker cards typed in as drawn, or Enter to let the tool draw; each Hero
placed where its player put it), then each round: Scheme dice, initiative tokens as drawn;
a Hero's turn is typed in as edits (move zot C4, damage cellar-rats-1 2, gain zot shield,
epic -1, open D4, defeated cellar-rats-2, reinforce cellar-rats H4, end; short: C4 moves
the Hero whose turn it is, 'r1 2' damages cellar-rats-1, 'ga sh', e); a Schemer group's
turn is worked out by the engine, asking the table each tie and each defence (--defaults
epic=never,reactions=pass, or 'set' in play: not those; 'ask': the next group's turn asks
all). u undoes the last entry; t FILE writes the last group's turn to read out; the game is
saved after every entry. A worked example: docs/table.md."""


def cmd_table(args: argparse.Namespace) -> int:
    from pathlib import Path

    from tales.locks import holding_if

    save = args.save or args.resume or (f"{Path(args.scenario).stem}.table"
                                        if args.scenario else None)
    with holding_if(save):  # one process at a time on a save
        return _table(args)


def _table(args: argparse.Namespace) -> int:
    import secrets
    from pathlib import Path

    from tales.engine.content import load_context
    from tales.table.saves import read_table_save
    from tales.table.session import TableSession, resumed
    from tales.table.terminal import TableTerminal

    if args.resume:
        saved = read_table_save(args.resume)
        setup = saved.game.setup
        save = Path(args.save or args.resume)
    else:
        if not args.scenario:
            raise TalesError("give a scenario file (or --resume SAVE)")
        setup, choices, game_id = setup_of(args), (), secrets.token_hex(8)
        defaults = _defaults(args.defaults)
        seed = args.seed if args.seed is not None else secrets.randbits(63)
        save = Path(args.save) if args.save else Path(f"{Path(args.scenario).stem}.table")
        if save.exists():
            raise TalesError(f"{save}: already exists: resume it with --resume {save}, or "
                             "give another file with --save")
    if args.export:  # before play: never over a file the game reads, nor one it did not export
        from tales.files import check_output
        from tales.table.session import exported

        check_output(args.export, "--export", ours=exported, what="a position tales table "
                     "exported", reading=(args.scenario, args.resume, save, args.answers,
                                          args.dice))
    if args.resume:
        session = resumed(saved, args.resume)
    else:  # printed text steps: the table carries them out
        session = TableSession(load_context(setup, table=True), seed, choices, game_id,
                               defaults)
    if not args.answers and _window(session, save, args):
        return 0
    read = None
    if args.answers:
        read = _answers_then_terminal(Path(args.answers))
    terminal = TableTerminal(session, save, read=read, draw=args.draw)
    if not terminal.save(quiet=True):
        raise TalesError(f"{terminal.unsaved}; nothing played")
    if not args.resume:
        print(f"saving to {save} after every entry (resume: tales table --resume {save})")
    status = terminal.run()
    if args.export:  # a failure is one line on standard error (exit status 2)
        print(session.write_export(args.export))
    if terminal.unsaved is not None:
        raise TalesError(f"{terminal.unsaved}; the game is NOT saved")
    return status


def _window(session: Any, save: Path, args: argparse.Namespace) -> bool:
    """The game in the window when there is a screen (as ``tales solo``); False when
    headless (the terminal keeps it)."""
    from tales.viewer import headless

    if headless():
        return False
    from tales.viewer.app import run
    from tales.viewer.session_control import SessionControl

    control = SessionControl(session, save, draw=args.draw)
    if not control.save():
        raise TalesError(f"{control.unsaved}; nothing played")
    if not args.resume:
        print(f"saving to {save} after every entry (resume: tales table --resume {save})")
    run(control)
    if args.export:
        print(session.write_export(args.export))
    if control.unsaved is not None:
        raise TalesError(f"{control.unsaved}; the game is NOT saved")
    return True


def _answers_then_terminal(path: Path) -> Any:
    """Lines from an answer file (one entry a line, ``#`` comments), then the terminal
    (when there is one; else the input ends there)."""
    from tales.files import read_text_file

    lines = read_text_file(path).splitlines()
    queue = [line.split(" #", 1)[0].rstrip() for line in lines
             if not line.lstrip().startswith("#")]

    def read(prompt: str) -> str:
        if queue:
            line = queue.pop(0)
            print(f"{prompt}{line}")
            return line
        if not sys.stdin.isatty():
            raise EOFError
        return input(prompt)
    return read


def _defaults(given: str | None) -> dict[str, str]:
    """``--defaults epic=never,reactions=pass``: the table's standing answers."""
    from tales.table.defaults import read_setting

    defaults: dict[str, str] = {}
    for part in (given or "").split(","):
        if not part.strip():
            continue
        read = read_setting(part.replace("=", " "))
        if isinstance(read, str):
            raise TalesError(f"--defaults: {read.replace('set ', '', 1)}")
        defaults[read[0]] = read[1]
    return defaults


def register(commands: Any) -> None:
    """Add this family's commands to the ``tales`` parser."""
    table = commands.add_parser(
        "table", help="keep a whole physical game: setup, rounds, Hero turns as edits, "
        "Schemer turns worked out with every tie asked", description=FLOW,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    table.add_argument("scenario", nargs="?")
    game_options(table)
    table.add_argument("--seed", type=SEED, metavar="S",
                       help="seed for what the tool draws (default: a new one)")
    table.add_argument("--save", metavar="FILE",
                       help="save here after every entry (default: SCENARIO.table here)")
    table.add_argument("--resume", metavar="FILE", help="go on with a saved table game")
    table.add_argument("--export", metavar="POSITION",
                       help="when the command stops, write the board as a position file")
    table.add_argument("--answers", metavar="FILE",
                       help="read entries from FILE first, one a line (then the terminal)")
    table.add_argument("--draw", action="store_true",
                       help="the tool draws every card, die and token without asking")
    table.add_argument("--defaults", metavar="NAME=VALUE,...",
                       help="the table's standing answers, set once (changed in play with "
                       "'set NAME VALUE'): epic=never (no Epic Dice on defence unless asked), "
                       "reactions=pass (no Reaction to a Schemer's Attack unless asked); "
                       "default: every question asked")
    table.set_defaults(run=cmd_table)
