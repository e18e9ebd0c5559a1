"""What ``tales simulate`` writes beside its report: ``--csv`` (one row a game),
``--curves`` (survival curve and rounds histogram), ``--report`` (one HTML page to share).
Every file is checked before the first game and written only at the end, whole."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tales.engine.simulate import GameReport
    from tales.engine.state import Setup


def add_options(parser: argparse.ArgumentParser) -> None:
    """The options of the files ``simulate`` writes (beside ``--heatmap``)."""
    parser.add_argument("--heatmap-hero", metavar="NAME",
                        help="--heatmap shades only where this Hero lost Fortitude")
    parser.add_argument("--csv", metavar="FILE.csv",
                        help="one row a game: seed, result, rounds, each objective's round, "
                        "Fortitude lost per Hero, damage per source")
    parser.add_argument("--curves", metavar="FILE.png",
                        help="draw the survival curve and the rounds histogram")
    parser.add_argument("--report", metavar="FILE.html",
                        help="one page to share: settings, tables, heatmaps and curves")


def asked(args: argparse.Namespace) -> bool:
    """Whether any of these files is asked for."""
    return bool(args.csv or args.report or args.curves)


def wanted(args: argparse.Namespace) -> bool:
    """Whether the games' own reports must be kept (a file needs every game's row)."""
    return bool(args.csv or args.report)


def check_outputs(args: argparse.Namespace, setup: Setup) -> None:
    """Every file asked for, checked before any game is played (one line if one cannot be
    written, or is a file that is not ours)."""
    from tales.engine.gamerows import is_game_table
    from tales.files import check_output, check_picture
    from tales.present.report_page import is_report_page

    reading = (args.scenario, args.dice)
    if args.csv:
        check_output(args.csv, "--csv", suffix=".csv", reading=reading, ours=is_game_table,
                     what="a table 'tales simulate --csv' wrote")
    if args.curves:
        check_picture(args.curves, "--curves", reading=reading)
    if args.report:
        check_output(args.report, "--report", suffix=".html", reading=reading,
                     ours=is_report_page, what="a page 'tales simulate --report' wrote")
    if args.heatmap_hero:
        from tales.engine.content import load_context
        from tales.errors import TalesError

        if not args.heatmap:
            raise TalesError("--heatmap-hero shades a heatmap: add --heatmap FILE.png")
        ctx = load_context(setup)
        heroes = sorted([k.id for k in ctx.kits]
                        + ([ctx.companion.id] if ctx.companion is not None else []))
        if args.heatmap_hero not in heroes:
            raise TalesError(f"--heatmap-hero {args.heatmap_hero}: not one of the Heroes "
                             f"played ({', '.join(heroes)})")


def write_outputs(args: argparse.Namespace, setup: Setup, report: dict[str, Any],
                  games: Sequence[GameReport], kept: Sequence[str] = ()) -> None:
    """Write the files asked for; ``kept``: the kept games' files, linked from the page."""
    say = sys.stderr if args.json else sys.stdout
    objectives = list(report["objectives_met"])
    if args.csv:
        from tales.engine.gamerows import csv_bytes

        _write(args.csv, csv_bytes(report["seed"], objectives, games))
        print(f"wrote {args.csv} ({len(games)} games)", file=say)
    if args.curves:
        from tales.viewer.charts import curves_png

        _write(args.curves, curves_png(report))
        print(f"wrote {args.curves}", file=say)
    if args.report:
        from tales.engine.content import load_context
        from tales.present.report_page import page
        from tales.viewer.charts import report_pictures

        board = load_context(setup).scenario.board
        html = page(report, report_pictures(board, report), [Path(k) for k in kept])
        _write(args.report, html.encode("utf-8"))
        print(f"wrote {args.report}", file=say)


def _write(path: str, data: bytes) -> None:
    """``data`` written whole to ``path``, or one line saying why not."""
    from tales.engine.saves import write_atomic
    from tales.errors import TalesError

    try:
        write_atomic(path, data)
    except OSError as bad:
        raise TalesError(f"{path}: cannot write ({bad.strerror or bad})") from None
