"""``tales`` commands: maps, positions, Line of Fire and reach."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tales.cli.common import POINTS, emit
from tales.errors import TalesError

if TYPE_CHECKING:
    from tales.board.board import Board


def _map_json(board: Board) -> dict[str, Any]:
    return {
        "name": board.name,
        "layout": board.layout.value,
        "diagonals": board.diagonals,
        "spaces": {
            board.names[s]: {
                "glyph": board.glyphs[s],
                "kind": board.feature_spec(board.glyphs[s]).kind.value,
                "neighbours": [board.names[int(o)] for o in board.links[s] if o >= 0],
            }
            for s in range(board.n)
        },
        "walls": [f"{board.names[a]}|{board.names[b]}" for a, b in sorted(board.walls)],
    }


def cmd_map_show(args: argparse.Namespace) -> int:
    from tales.board.mapfile import load_map
    from tales.board.render import render

    board = load_map(args.file)
    if args.json:
        emit(_map_json(board))
    else:
        sys.stdout.write(render(board))
    return 0


def cmd_map_check(args: argparse.Namespace) -> int:
    from tales.board.lint import lint, unused_features
    from tales.board.mapfile import parse_map, read_text

    unreadable = False
    found = False
    for name in args.files:
        try:
            text = read_text(name)
            board, findings = parse_map(text, name)
        except TalesError as error:
            print(f"{error}", file=sys.stderr)
            unreadable = True
            continue
        findings = findings + lint(board, name)
        for finding in findings:
            print(finding)
        for warning in unused_features(board, name, text):  # no finding: exit status kept
            print(warning)
        if not findings:
            print(f"{name}: ok ({board.n} spaces)")
        found = found or bool(findings)
    if unreadable:
        return 2
    return 1 if found else 0


def cmd_position_show(args: argparse.Namespace) -> int:
    from tales.board.position import load_position
    from tales.board.render import render

    position = load_position(args.file)
    sys.stdout.write(render(position.board, position))
    return 0


def cmd_position_new(args: argparse.Namespace) -> int:
    from pathlib import Path

    from tales.board.mapfile import load_map
    from tales.board.writer import map_reference, skeleton
    from tales.engine.saves import write_atomic

    board = load_map(args.map)
    if args.out is None:
        sys.stdout.write(skeleton(board, Path(args.map).as_posix()))
        return 0
    out = Path(args.out)
    if out.exists() and not args.force:
        raise TalesError(f"{out}: already exists (give --force to replace it)")
    from tales.files import check_output

    check_output(out, reading=(args.map,))  # even with --force, never the map it reads
    try:
        write_atomic(out, skeleton(board, map_reference(args.map, out)).encode("utf-8"))
    except OSError as bad:
        raise TalesError(f"{out}: cannot write ({bad.strerror or bad})") from None
    print(f"wrote {out}: fill in its figures, then tales position show {out}")
    return 0


def cmd_los(args: argparse.Namespace) -> int:
    from tales.board.position import load_position

    position = load_position(args.position)
    a, b = position.board.space(args.a), position.board.space(args.b)
    distance = position.line_of_fire(a, b)
    names = position.board.names
    if args.json:
        emit({"from": names[a], "to": names[b], "distance": distance})
    elif distance is None:
        print(f"No Line of Fire from {names[a]} to {names[b]}")
    else:
        print(f"Line of Fire from {names[a]} to {names[b]}: {distance}")
    return 0


def _path(names: Sequence[str], path: Sequence[int]) -> str:
    return " ".join(names[s] for s in path)


def cmd_reach(args: argparse.Namespace) -> int:
    from tales.board.position import load_position
    from tales.rules.movement import reach

    position = load_position(args.position)
    if position.figure(args.figure).large:
        return _reach_large(args, position)
    routes = reach(position, args.figure, args.move, leap=args.leap)
    names = position.board.names
    figure = routes.figure
    if args.json:
        emit({
            "figure": figure.id,
            "from": names[figure.at],
            "spaces": {names[s]: c for s, c in routes.costs.items()},
        })
        return 0
    verb = "Leap" if args.leap else "Move"
    print(f"{figure.id} at {names[figure.at]}, {verb} {args.move}: "
          f"{len(routes.costs)} spaces it may end on")
    for space, cost in sorted(routes.costs.items(), key=lambda sc: (sc[1], names[sc[0]])):
        cheapest = routes.route(space)
        line = f"  {names[space]:>4}  cost {cost}  path {_path(names, cheapest.path)}"
        if cheapest.damage:
            line += f" ({cheapest.damage} damage)"
        safest = routes.route(space, safest=True)
        if safest.damage < cheapest.damage:
            line += (f"; safer: {_path(names, safest.path)} (cost {safest.cost}"
                     + (f", {safest.damage} damage)" if safest.damage else ")"))
        print(line)
    return 0


def _reach_large(args: argparse.Namespace, position: Any) -> int:
    """``tales reach`` for a figure that takes more than one space: every placement it may
    end on (its spaces, anchor first), the cost and the anchor's path."""
    from tales.rules.large_movement import LargeGraph, routes

    figure = position.figure(args.figure)
    names = position.board.names
    graph = LargeGraph(position, figure, args.leap)
    found = sorted(((route.cost, [names[s] for s in graph.spaces(state) or ()], route)
                    for state, route in routes(graph, args.move).items()),
                   key=lambda entry: (entry[0], entry[1]))
    standing = [names[s] for s in position.spaces_of(figure)]
    if args.json:
        emit({"figure": figure.id, "from": standing, "placements": [
            {"spaces": spaces, "cost": cost, "damage": route.damage} for cost, spaces, route
            in found]})
        return 0
    verb = "Leap" if args.leap else "Move"
    print(f"{figure.id} at {' '.join(standing)}, {verb} {args.move}: {len(found)} placements "
          "it may end on (anchor first)")
    for cost, spaces, route in found:
        line = (f"  {' '.join(spaces):>8}  cost {cost}  anchor's path "
                f"{_path(names, [a for a, _ in route.path])}")
        print(line + (f" ({route.damage} damage)" if route.damage else ""))
    return 0




def register(commands: Any) -> None:
    """Add this family's commands to the ``tales`` parser."""
    map_parser = commands.add_parser("map", help="show or check map files")
    map_commands = map_parser.add_subparsers(dest="map_command", required=True, metavar="ACTION")
    show = map_commands.add_parser("show", help="draw a map")
    show.add_argument("file")
    show.add_argument("--json", action="store_true", help="print the spaces as JSON")
    show.set_defaults(run=cmd_map_show)
    check = map_commands.add_parser(
        "check", help="lint maps (exit 1 on findings, 2 on unreadable files)")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.set_defaults(run=cmd_map_check)

    position_parser = commands.add_parser("position", help="show or start a position file")
    position_commands = position_parser.add_subparsers(
        dest="position_command", required=True, metavar="ACTION")
    pshow = position_commands.add_parser("show", help="draw a position with its figures")
    pshow.add_argument("file")
    pshow.set_defaults(run=cmd_position_show)
    pnew = position_commands.add_parser(
        "new", help="a skeleton position file for a map: its start and deployment spaces, "
        "a line per figure to fill in")
    pnew.add_argument("map", metavar="MAP")
    pnew.add_argument("out", nargs="?", metavar="FILE",
                      help="write it here (default: print it; the map is then named as given)")
    pnew.add_argument("--force", action="store_true", help="replace FILE if it exists")
    pnew.set_defaults(run=cmd_position_new)

    los = commands.add_parser("los", help="Line of Fire distance between two spaces")
    los.add_argument("position")
    los.add_argument("a", metavar="A")
    los.add_argument("b", metavar="B")
    los.add_argument("--json", action="store_true")
    los.set_defaults(run=cmd_los)

    reach = commands.add_parser("reach", help="where a figure can end a Move or Leap")
    reach.add_argument("position")
    reach.add_argument("--figure", required=True, metavar="ID")
    reach.add_argument("--move", required=True, type=POINTS, metavar="N")
    reach.add_argument("--leap", action="store_true", help="Leap instead of Move")
    reach.add_argument("--json", action="store_true")
    reach.set_defaults(run=cmd_reach)

