"""``tales`` commands: the table assistant's questions: what a Schemer does."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tales.cli.common import (
    COUNT,
    POINTS,
    emit,
    schemer_rule_option,
    schemer_rules_of,
    whole,
)
from tales.errors import TalesError

#: Epic Dice in the Epic Pool (``--epic``): a scenario's pool holds a few.
EPIC = whole(0, 10)


def cmd_schemer_move(args: argparse.Namespace) -> int:
    from tales.board.position import load_position
    from tales.rules.targets import parse_selector
    from tales.table import move_outcomes

    position = load_position(args.position)
    figure = position.figure(args.figure)
    selector = parse_selector(args.toward)
    outcomes = move_outcomes(position, figure.id, args.move, selector, args.leap,
                             schemer_rules_of(args))
    if args.json:
        emit({"figure": figure.id, "outcomes": [
            {k: o[k] for k in ("to", "path", "target", "damage", "final_target", "displaced",
                               "spaces") if k in o}
            for o in outcomes]})
        return 0
    verb = "Leap" if args.leap else "Move"
    standing = " ".join(position.board.names[s] for s in position.spaces_of(figure))
    print(f"{figure.id} at {standing}: {verb} {args.move} toward {selector}")
    shared = [r for r in outcomes[0]["reasons"] if all(r in o["reasons"] for o in outcomes)]
    for reason in shared:
        print(f"  {reason}")
    if len(outcomes) == 1:
        print(_outcome_line(outcomes[0], "  => "))
        return 0
    print(f"  {len(outcomes)} equally valid outcomes: the players choose")
    for number, outcome in enumerate(outcomes, 1):
        print(_outcome_line(outcome, f"  {number}) "))
        for reason in outcome["reasons"]:
            if reason not in shared:
                print(f"       {reason}")
    return 0


def _outcome_line(outcome: dict[str, Any], lead: str) -> str:
    line = f"{lead}to {outcome['to']} along {' '.join(outcome['path'])}"
    if "spaces" in outcome:  # a large figure: its anchor's path, then every space it ends on
        line += f", on {' '.join(outcome['spaces'])}"
    if outcome["target"]:
        line += f", toward {outcome['target']}"
    if outcome["damage"]:
        line += f", taking {outcome['damage']} damage"
    for fid, space in outcome["displaced"].items():
        line += f"; {fid} displaced to {space}"
    return line


def _option_text(option: Any, kind: str = "") -> str:
    """An option as the menu lists it: a count of tokens or dice says of what (``1 Shield
    Token``, as ``tales table`` says it)."""
    from tales.present.options import count_text

    if isinstance(option, list):
        return " ".join(str(o) for o in option)
    counted = count_text(kind, option)
    return counted if counted is not None else str(option)


class _AtTerminal:
    """Ties asked at a terminal: the Schemers already done shown one line each first."""

    def __init__(self, names: Any) -> None:
        self.names = names
        self.shown = 0

    def __call__(self, decision: Any, options: list[Any]) -> int | None:
        from tales.present.table import schemer_line
        from tales.present.ties import tie_reasons

        if not sys.stdin.isatty():
            return None
        done = decision.progress if isinstance(decision.progress, tuple) else ()
        for turn in done[self.shown:-1]:
            print(schemer_line(self.names, turn))
        self.shown = max(self.shown, len(done) - 1)
        print(f"{decision.prompt}:")
        for reason in tie_reasons(decision.detail):
            print(f"  ({reason})")
        for number, option in enumerate(options, 1):
            print(f"  {number}) {_option_text(option, decision.kind)}")
        while True:
            try:
                text = input(f"choose 1-{len(options)}: ").strip()
            except EOFError:
                return None
            if text.isdigit() and 1 <= int(text) <= len(options):
                return int(text)


def _turn_detail(turns: Any, pending: bool = False) -> None:
    """Each Schemer's steps with their reasons; ``pending``: the last one is under way."""
    from tales.present.table import schemer_detail

    for number, turn in enumerate(turns, 1):
        under_way = " (so far)" if pending and number == len(turns) else ""
        print(f"{number}. {turn.figure}{under_way}")
        for line in schemer_detail(turn):
            print(f"   {line}")


def _detail_on_request(names: Any, turns: Any, shown: int, after: list[str]) -> None:
    """At a terminal: one line per Schemer (those not shown yet) and the board the turn
    left, then the steps of the ones asked for."""
    from tales.present.table import schemer_detail, schemer_line

    for turn in turns[shown:]:
        print(schemer_line(names, turn))
    for line in after:
        print(line)
    while turns:
        try:
            text = input(f"detail of 1-{len(turns)} (a: all, Enter: done): ").strip()
        except EOFError:
            return
        if not text:
            return
        picked = (range(len(turns)) if text == "a" else
                  [int(text) - 1] if text.isdigit() and 1 <= int(text) <= len(turns) else [])
        for index in picked:
            print(f"{index + 1}. {turns[index].figure}")
            for line in schemer_detail(turns[index]):
                print(f"   {line}")


def cmd_schemer_turn(args: argparse.Namespace) -> int:
    from tales.board.position import load_position
    from tales.content.scheme_blocks import load_scheme_blocks
    from tales.rules.schemes import Roster, group_members, group_turn
    from tales.table import Pending, board_json, drive, schemer_turn_json, turn_json

    position = load_position(args.position)
    groups = load_scheme_blocks(args.blocks)
    if args.group not in groups:
        raise TalesError(f"{args.blocks}: no group {args.group!r} "
                         f"(groups: {', '.join(groups)})")
    group = groups[args.group]
    scheme = group.scheme(args.scheme)
    members = group_members(position, group.id)  # a one-line error when none is on the map
    _check_footprints(args.position, position, group, members)
    names = position.board.names
    interactive = not args.json and sys.stdin.isatty()
    ask = _AtTerminal(names) if interactive else (lambda d, o: None)
    played = group_turn(position, group.id, scheme, schemer_rules_of(args),
                        roster=Roster(groups), epic=args.epic)
    outcome = drive(position, played, args.answer or [], ask)
    if isinstance(outcome, Pending):
        if args.json:
            so_far = outcome.position if outcome.position is not None else position
            emit({"group": group.id, "scheme": scheme.name,
                  "turns": [schemer_turn_json(position, t) for t in outcome.turns],
                  "after": board_json(position, so_far),  # the board so far
                  "pending": outcome.as_json()})
            return 0
        print(f"{group.name}: {scheme.name}")
        _turn_detail(outcome.turns, pending=True)
        who = f" ({outcome.figure})" if outcome.figure else ""
        print(f"  the players choose{who}: {outcome.prompt}")
        for reason in outcome.reasons:
            print(f"    because: {reason}")
        for number, option in enumerate(outcome.options, 1):
            print(f"    {number}) {_option_text(option, outcome.kind)}")
        again = " ".join(f"--answer {n}" for n in outcome.answered)
        print(f"  run again with {again + ' ' if again else ''}--answer N to go on")
        return 0
    if args.json:
        emit({**turn_json(position, outcome), "pending": None})
        return 0
    print(f"{group.name}: {scheme.name}")
    if interactive:
        shown = ask.shown if isinstance(ask, _AtTerminal) else 0
        _detail_on_request(names, outcome.turns, shown, _after(position, outcome.position))
        return 0
    _turn_detail(outcome.turns)
    for line in _after(position, outcome.position):
        print(line)
    return 0


def _after(before: Any, after: Any) -> list[str]:
    """The board the turn left: each figure it changed, a line each."""
    from tales.present.table import board_changes

    changed = board_changes(before, after)
    return ["after the turn:", *(f"  {line}" for line in changed)] if changed else [
        "after the turn: nothing changed on the board"]


def _check_footprints(source: str, position: Any, group: Any, members: Any) -> None:
    """Each figure of a group whose figures take several spaces stands on that many, in the
    group's shape (docs/rules-decisions.md, "Large figures"): a one-line error if not."""
    from tales.board.footprint import fits, shape

    wanted = shape(position.board.layout, group.shape, group.size)
    for figure in members:
        if not fits(position.board.layout, figure.footprint, wanted):
            form = f"shape {group.shape!r}" if group.shape else "its size's shape"
            raise TalesError(
                f"{source}: figure {figure.id!r} stands on "
                f"{len(position.spaces_of(figure))} space(s), but group {group.id!r} takes "
                f"{group.size} in {form}: write at = [\"ANCHOR\", ...] with every space")




def register(commands: Any) -> None:
    """Add this family's commands to the ``tales`` parser."""
    schemer = commands.add_parser("schemer", help="table assistant: what Schemers do")
    schemer_commands = schemer.add_subparsers(dest="schemer_command", required=True,
                                              metavar="ACTION")
    smove = schemer_commands.add_parser(
        "move", help="where a Schemer moves toward a target (Appendix D), every valid outcome")
    smove.add_argument("position")
    smove.add_argument("--figure", required=True, metavar="ID")
    smove.add_argument("--move", required=True, type=POINTS, metavar="N")
    smove.add_argument("--toward", required=True, metavar="SELECTOR",
                       help='e.g. "nearest foe", "wounded foe, or if none, nearest foe"')
    smove.add_argument("--leap", action="store_true", help="Leap instead of Move")
    smove.add_argument("--json", action="store_true")
    schemer_rule_option(smove)
    smove.set_defaults(run=cmd_schemer_move)
    sturn = schemer_commands.add_parser(
        "turn", help="a whole group turn: each Schemer's move and Attack in order, dealt",
        description="A whole group turn, each Schemer in standee order on the board as the\n"
        "ones before it left it: its moves, its Attacks dealt (damage, defences, every Harm\n"
        "and token), its other steps, then the board the turn left. Every question the\n"
        "table answers in `tales table` is asked here the same way, in the order it comes\n"
        "up: a tie (players choose), a Hero's defence (discard a Toughness Token? how many\n"
        "Shield, Evade or Hitback Tokens? how many Epic Dice, with --epic?), and a chance\n"
        "result with its distinct faces as the options (which face is up?; none of a\n"
        "Scheme Block's steps rolls a die today: a Schemer's Attack deals its printed\n"
        "damage). At a terminal each is asked as a numbered menu; --answer N answers them\n"
        "in order; with no answer left (or --json) the turn stops there and reports the\n"
        "question as pending.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sturn.add_argument("position")
    sturn.add_argument("--group", required=True, metavar="NAME")
    sturn.add_argument("--scheme", required=True, metavar="FACE",
                       help="the Scheme Die face rolled, or the Scheme's name")
    sturn.add_argument("--blocks", required=True, metavar="FILE",
                       help="the Scheme Block file (TOML)")
    sturn.add_argument("--answer", type=COUNT, action="append", metavar="N",
                       help="answer the next question (a tie, a defence, a die's face) with "
                       "option N (repeatable, in order)")
    sturn.add_argument("--epic", type=EPIC, default=0, metavar="N",
                       help="Epic Dice in the Epic Pool: each Attack asks how many the "
                       "table discards for defence (-2 damage to every target each)")
    sturn.add_argument("--json", action="store_true")
    schemer_rule_option(sturn)
    sturn.set_defaults(run=cmd_schemer_turn)

