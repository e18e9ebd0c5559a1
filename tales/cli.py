"""The ``tales`` command: map tools and table queries.

Every mistake in what the user gives (a file, a space, a figure) is one line on standard
error and exit status 2; ``tales map check`` exits 1 when it has findings.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from tales.errors import ECHO_LIMIT as ECHO_LIMIT
from tales.errors import IllegalChoice, TalesError, one_line

if TYPE_CHECKING:
    from tales.board.board import Board

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
#: Movement points: more than a board can use counts as the board's size (tales.rules.movement).
POINTS = whole(0)
#: Dice, boosts and tokens in `tales odds`: generous for any Attack in the game.
DICE_COUNT = whole(0, 100)


def _emit(data: Any) -> None:
    print(json.dumps(data, indent=2, sort_keys=False))


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
        _emit(_map_json(board))
    else:
        sys.stdout.write(render(board))
    return 0


def cmd_map_check(args: argparse.Namespace) -> int:
    from tales.board.lint import lint
    from tales.board.mapfile import parse_map, read_text

    unreadable = False
    found = False
    for name in args.files:
        try:
            board, findings = parse_map(read_text(name), name)
        except TalesError as error:
            print(f"{error}", file=sys.stderr)
            unreadable = True
            continue
        findings = findings + lint(board, name)
        for finding in findings:
            print(finding)
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


def cmd_los(args: argparse.Namespace) -> int:
    from tales.board.position import load_position

    position = load_position(args.position)
    a, b = position.board.space(args.a), position.board.space(args.b)
    distance = position.line_of_fire(a, b)
    names = position.board.names
    if args.json:
        _emit({"from": names[a], "to": names[b], "distance": distance})
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
    routes = reach(position, args.figure, args.move, leap=args.leap)
    names = position.board.names
    figure = routes.figure
    if args.json:
        _emit({
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


def cmd_schemer_move(args: argparse.Namespace) -> int:
    from tales.board.position import load_position
    from tales.rules.targets import parse_selector
    from tales.table import move_outcomes

    position = load_position(args.position)
    figure = position.figure(args.figure)
    selector = parse_selector(args.toward)
    outcomes = move_outcomes(position, figure.id, args.move, selector, args.leap,
                             _rules(args).schemer_rules())
    if args.json:
        _emit({"figure": figure.id, "outcomes": [
            {k: o[k] for k in ("to", "path", "target", "damage", "final_target", "displaced")}
            for o in outcomes]})
        return 0
    verb = "Leap" if args.leap else "Move"
    print(f"{figure.id} at {position.board.names[figure.at]}: {verb} {args.move} toward "
          f"{selector}")
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
    if outcome["target"]:
        line += f", toward {outcome['target']}"
    if outcome["damage"]:
        line += f", taking {outcome['damage']} damage"
    for fid, space in outcome["displaced"].items():
        line += f"; {fid} displaced to {space}"
    return line


def _option_text(option: Any) -> str:
    if isinstance(option, list):
        return " ".join(str(o) for o in option)
    return str(option)


def _ask_at_terminal(decision: Any, options: list[Any]) -> int | None:
    if not sys.stdin.isatty():
        return None
    print(f"{decision.prompt}:")
    for number, option in enumerate(options, 1):
        print(f"  {number}) {_option_text(option)}")
    while True:
        try:
            text = input(f"choose 1-{len(options)}: ").strip()
        except EOFError:
            return None
        if text.isdigit() and 1 <= int(text) <= len(options):
            return int(text)


def cmd_schemer_turn(args: argparse.Namespace) -> int:
    from tales.board.position import load_position
    from tales.content.scheme_blocks import load_scheme_blocks
    from tales.rules.schemes import Roster, group_members, group_turn
    from tales.table import Pending, drive, turn_json

    position = load_position(args.position)
    groups = load_scheme_blocks(args.blocks)
    if args.group not in groups:
        raise TalesError(f"{args.blocks}: no group {args.group!r} "
                         f"(groups: {', '.join(groups)})")
    group = groups[args.group]
    scheme = group.scheme(args.scheme)
    group_members(position, group.id)  # a one-line error when none is on the map
    ask = (lambda d, o: None) if args.json else _ask_at_terminal
    planned = group_turn(position, group.id, scheme, _rules(args).schemer_rules(),
                         roster=Roster(groups))
    outcome = drive(position, planned, args.answer or [], ask)
    if isinstance(outcome, Pending):
        if args.json:
            _emit({"group": group.id, "scheme": scheme.name, "pending": outcome.as_json()})
            return 0
        print(f"{group.name}: {scheme.name}")
        print(f"  the players choose: {outcome.prompt}")
        for number, option in enumerate(outcome.options, 1):
            print(f"    {number}) {_option_text(option)}")
        again = " ".join(f"--answer {n}" for n in outcome.answered)
        print(f"  run again with {again + ' ' if again else ''}--answer N to go on")
        return 0
    if args.json:
        _emit({**turn_json(position, outcome), "pending": None})
        return 0
    print(f"{group.name}: {scheme.name}")
    for number, turn in enumerate(outcome.turns, 1):
        print(f"{number}. {turn.figure}")
        for line in turn.log:
            print(f"   {line.split(': ', 1)[1] if ': ' in line else line}")
    return 0


def cmd_odds(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from tales.rules.dice import load_dice
    from tales.rules.odds import DoomChoice, damage_distribution, mean, parse_attack

    dice = load_dice(args.dice)
    spec = parse_attack(args.attack)
    for name in ("fixed", "boost", "weaken", "shield"):
        if getattr(args, name) < 0:
            raise TalesError(f"--{name} {getattr(args, name)}: must be 0 or more")
    spec = replace(spec, fixed=spec.fixed + args.fixed, boost=args.boost, weaken=args.weaken,
                   shield=args.shield, doom=args.doom, legend=args.legend,
                   doom_choice=DoomChoice(args.doom_choice))
    distribution = damage_distribution(spec, dice)
    expected = mean(distribution)
    if args.json:
        last = max((k for k, p in enumerate(distribution) if p >= 1e-15), default=0)
        _emit({"distribution": {str(k): float(distribution[k]) for k in range(last + 1)},
               "mean": expected})
        return 0
    note = " (default dice: an assumption, see tales/data/dice.toml)" if dice.assumption else ""
    print(f"{args.attack}: mean {expected:.3f} damage{note}")
    print("  damage  chance  at least")
    tail = 1.0
    for value, chance in enumerate(distribution):
        if chance >= 5e-5:
            print(f"  {value:>6}  {chance:6.2%}  {tail:7.2%}")
        tail -= chance
    return 0


def cmd_kit_check(args: argparse.Namespace) -> int:
    from tales.content.heroes import load_hero_kit
    from tales.rules.effects import describe

    for name in args.files:
        kit = load_hero_kit(name)
        label = " (sample)" if kit.sample and "sample" not in kit.name.lower() else ""
        print(f"{name}: {kit.name}{label}, Fortitude {kit.fortitude} / Wounded "
              f"{kit.wounded_fortitude}, {len(kit.abilities)} abilities")
        for entry in kit.abilities:
            ability = entry.ability
            where = (f"mat, {entry.side}" if entry.side else
                     f"{entry.slot} Item" if entry.slot else ability.source.value)
            cost = ability.cost
            paid = ("" if cost.kind.value == "free" else
                    f", {cost.kind.value} {cost.amount}" if cost.amount else
                    f", {cost.kind.value}")
            trigger = f", trigger: {ability.trigger.value}" if ability.trigger else ""
            steps = "; ".join(("may " if e.may else "") + describe(e) for e in ability.effects)
            print(f"  {ability.name} ({ability.kind.value}, {where}{paid}{trigger}): "
                  f"{steps or 'setup'}")
        for faces, scheme in kit.pooky:
            steps = "; ".join(("may " if e.may else "") + describe(e) for e in scheme.effects)
            print(f"  Pooky, {', '.join(map(str, faces))}: {scheme.name}: {steps}")
    return 0


def _rules(args: argparse.Namespace) -> Any:
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


def _setup(args: argparse.Namespace) -> Any:
    from tales.engine.state import Setup

    if not args.heroes:
        raise TalesError("give the Heroes: --heroes gerki,deirdre")
    rules = _rules(args)
    heroes = tuple(h.strip() for h in args.heroes.split(",") if h.strip())
    return Setup(args.scenario, heroes, args.legend, args.dice, args.steps, rules,
                 args.companion)


def _progress(done: int, total: int) -> None:
    width = 30
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def cmd_scenario_check(args: argparse.Namespace) -> int:
    from tales.content.scenarios import load_scenario

    for name in args.files:
        scenario = load_scenario(name)
        groups = ", ".join(f"{g} (Limit {s.limit})" for g, s in scenario.groups.items())
        print(f"{name}: ok: {scenario.title!r}, {len(scenario.parts)} parts, "
              f"{len(scenario.events)} events, {len(scenario.objectives)} objectives; "
              f"groups {groups}")
    return 0


def cmd_scenario_show(args: argparse.Namespace) -> int:
    from tales.board.render import render
    from tales.content.scenarios import load_scenario

    scenario = load_scenario(args.file)
    names = scenario.board.names
    print(f"{scenario.title} ({'sample, ' if scenario.sample else ''}"
          f"{scenario.heroes[0]}-{scenario.heroes[1]} Heroes, Epic Pool "
          f"{scenario.epic_pool[0]})")
    if scenario.story.get("prologue"):
        print(f"  {scenario.story['prologue']}")
    for gid, group in scenario.groups.items():
        print(f"  group {gid}: {group.block.name}, {group.block.colour or 'no colour'} base, "
              f"standees {', '.join(map(str, group.block.standees))}, Limit {group.limit}, "
              f"{group.initiative} initiative token(s)")
    for part in scenario.parts:
        deploys = "; ".join(
            f"{d.group} on {' '.join(names[s] for s in d.spaces)}" if d.spaces
            else f"{d.tracker} {d.group} by tracker deck {d.numbers}"
            for d in part.effects.reinforce)
        print(f"  part {part.name!r}: {deploys or 'no deployment'}")
    for event in scenario.events:
        print(f"  event {event.id!r}")
    for objective in scenario.objectives:
        print(f"  objective: {objective.text}")
    for defeat in scenario.defeat:
        print(f"  defeat: {defeat.text}")
    sys.stdout.write(render(scenario.board))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from tales.engine.simulate import Tally, format_report, stream_games

    setup = _setup(args)
    workers = _workers(args.workers)
    executor = None
    if args.dask:
        import importlib

        try:
            distributed: Any = importlib.import_module("dask.distributed")
        except ImportError:
            raise TalesError("--dask needs the dask extra: pip install -e '.[dask]'") from None
        try:
            executor = distributed.Client(args.dask, timeout=10).get_executor()
        except (OSError, TimeoutError, ValueError) as bad:
            raise TalesError(f"--dask {args.dask}: cannot reach the cluster ({bad})") from None
    progress = _progress if sys.stderr.isatty() and not args.json else None
    tally = Tally()
    for game in stream_games(setup, args.bot, args.games, args.seed, workers, executor):
        tally.add(game)
        if progress:
            progress(tally.games, args.games)
    report = tally.summary(setup, args.bot, args.seed)
    if args.json:
        _emit(report)
    else:
        for line in format_report(report):
            print(line)
    return 0


def _workers(asked: int) -> int:
    """``--workers``, at most one process per core (a note on standard error if fewer)."""
    cores = os.cpu_count() or 1
    if asked > cores:
        print(f"tales: --workers {asked}: using {cores}, the cores of this machine",
              file=sys.stderr)
        return cores
    return asked


def cmd_play(args: argparse.Namespace) -> int:
    from pathlib import Path

    from tales.engine.content import load_context
    from tales.engine.saves import read_save, write_save
    from tales.terminal import TerminalGame

    save: Path | None
    if args.resume:
        saved = read_save(args.resume)
        setup, seed, choices = saved.setup, saved.seed, saved.choices
        save = Path(args.save or args.resume)
    else:
        if not args.scenario:
            raise TalesError("give a scenario file (or --resume SAVE)")
        setup, seed, choices = _setup(args), args.seed, ()
        save = Path(args.save) if args.save else None
    ctx = load_context(setup)
    try:
        game = TerminalGame(ctx, seed, choices, save, physical=args.physical_dice)
    except IllegalChoice as bad:
        raise TalesError(f"{args.resume}: the save does not replay ({bad})") from None
    if save is not None:  # a save that cannot be written is said before the first choice
        try:
            write_save(save, game.saved())
        except OSError as bad:
            raise TalesError(f"{save}: cannot save ({bad.strerror or bad}); nothing "
                             "played") from None
    status = game.run()
    if game.unsaved is not None:  # the last save failed: the game is not (all) saved
        raise TalesError(f"{game.unsaved}; the game is NOT saved")
    return status


def _saves(args: argparse.Namespace) -> Any:
    from pathlib import Path

    from tales.campaign.saves import DEFAULT_FOLDER

    return Path(args.saves) if args.saves else DEFAULT_FOLDER


def cmd_campaign_new(args: argparse.Namespace) -> int:
    from tales.campaign.progress import campaign_file, new_campaign
    from tales.campaign.saves import path_for, save

    heroes_text = args.heroes or args.hero
    if not heroes_text or (args.heroes and args.hero):
        raise TalesError("give --hero NAME (with --companion for Solo Mode) or --heroes A,B")
    heroes = tuple(h.strip() for h in heroes_text.split(",") if h.strip())
    folder = _saves(args)
    if path_for(args.name, folder).exists() and not args.force:
        raise TalesError(f"campaign {args.name!r} already exists in {folder} (--force to "
                         "start it again)")
    campaign = new_campaign(args.name, args.campaign, heroes, args.companion, args.legend,
                            args.steps_change, args.seed)
    file = campaign_file(campaign)
    path = save(campaign, folder)
    print(f"campaign {args.name!r}: {file.title}, {len(file.scenarios)} scenarios; saved "
          f"to {path}. Play it with: tales campaign continue {args.name}")
    return 0


def cmd_campaign_continue(args: argparse.Namespace) -> int:
    from tales.campaign.play import continue_campaign

    if args.physical_dice and args.bot:
        raise TalesError("--physical-dice is for a person at the table, not with --bot")
    continue_campaign(args.name, _saves(args), args.bot, args.backup, args.scenarios,
                      physical=args.physical_dice)
    return 0


def cmd_campaign_list(args: argparse.Namespace) -> int:
    from tales.campaign.saves import describe, list_names, load
    from tales.engine.saves import SaveError

    names = list_names(_saves(args))
    if not names:
        print(f"no campaigns in {_saves(args)}")
    for name in names:
        try:
            campaign = load(name, _saves(args))
        except SaveError as bad:
            print(f"{name}: unreadable ({bad})")
            continue
        who = ", ".join(campaign.heroes) + (f" + {campaign.companion}"
                                            if campaign.companion else "")
        print(f"{name}: {who}; {describe(campaign)}; {len(campaign.results)} played")
    return 0


def cmd_campaign_show(args: argparse.Namespace) -> int:
    from tales.campaign.progress import campaign_file
    from tales.campaign.saves import load

    campaign = load(args.name, _saves(args), args.backup)
    file = campaign_file(campaign)
    who = ", ".join(campaign.heroes) + (f" with Companion {campaign.companion}"
                                        if campaign.companion else "")
    print(f"{campaign.name}: {file.title}")
    print(f"  Heroes: {who}; {'Legend difficulty; ' if campaign.legend else ''}"
          f"Power Tree steps {campaign.steps_change:+d} per scenario")
    for n, entry in enumerate(file.scenarios):
        mark = "won" if n < campaign.next else "next" if n == campaign.next else ""
        print(f"  {entry.number:>2}. {entry.title} [{entry.chapter}] {mark}")
    if campaign.game is not None:
        print(f"  in progress: {len(campaign.game.choices)} choices made")
    locked = [n for n in file.vault if n not in campaign.unlocked]
    print(f"  unlocked: {', '.join(campaign.unlocked) or 'nothing yet'}")
    print(f"  still in the Vault: {', '.join(locked) or 'nothing'}")
    print(f"  Archive: {', '.join(campaign.archived) or 'empty'}")
    for result in campaign.results[-5:]:
        print(f"  scenario {result.number} (attempt {result.attempt}): {result.result} in "
              f"round {result.rounds}: {result.reason}")
    for note in campaign.notes:
        print(f"  note: {note}")
    return 0


def cmd_campaign_note(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from tales.campaign.saves import load, save

    campaign = load(args.name, _saves(args))
    save(replace(campaign, notes=(*campaign.notes, args.text)), _saves(args))
    return 0


def cmd_campaign_export(args: argparse.Namespace) -> int:
    from tales.campaign.saves import encode, load
    from tales.engine.saves import write_atomic

    campaign = load(args.name, _saves(args), args.backup)
    try:
        write_atomic(args.file, encode(campaign))
    except OSError as bad:
        raise TalesError(f"{args.file}: cannot write ({bad.strerror or bad})") from None
    print(f"exported {args.name!r} to {args.file}")
    return 0


def cmd_campaign_import(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from tales.campaign.saves import checked, decode, path_for, save
    from tales.engine.saves import read_bytes

    campaign = checked(decode(read_bytes(args.file), args.file), args.file)
    if args.name:
        campaign = replace(campaign, name=args.name)
    folder = _saves(args)
    if path_for(campaign.name, folder).exists() and not args.force:
        raise TalesError(f"campaign {campaign.name!r} already exists in {folder} (--name "
                         "NEW or --force)")
    print(f"imported {campaign.name!r} to {save(campaign, folder)}")
    return 0


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit()) or not (
            100 <= int(width) <= 8000 and 100 <= int(height) <= 8000):
        raise TalesError(f"--size {text!r}: give WIDTHxHEIGHT, e.g. 1200x800")
    return int(width), int(height)


def _view_of(source: str, blocks: str | None) -> Any:
    """The view for ``tales render``: a position file, a game save or a campaign."""
    from pathlib import Path

    from tales.board.position import load_position
    from tales.campaign.saves import decode as decode_campaign
    from tales.content.scheme_blocks import load_scheme_blocks
    from tales.engine.content import load_context
    from tales.engine.saves import OtherKindOfFile, decode, read_bytes
    from tales.viewer.control import GameControl
    from tales.viewer.scene import View

    if source.endswith(".toml"):
        position = load_position(source)
        colours = {}
        if blocks:
            colours = {g: b.colour for g, b in load_scheme_blocks(blocks).items()}
        return View(position, groups=colours)
    data = read_bytes(source)
    try:
        saved = decode(data, source)
    except OtherKindOfFile:
        try:
            campaign = decode_campaign(data, source)
        except OtherKindOfFile:
            raise TalesError(f"{source}: not a position file (.toml), a game save or a "
                             "campaign save") from None
        if campaign.game is None:
            raise TalesError(f"{source}: campaign {campaign.name!r} has no scenario in "
                             "progress to draw") from None
        saved = campaign.game
    control = GameControl(load_context(saved.setup), saved.seed, saved.choices, roll=False,
                          title=Path(source).name)
    return control.view()


def cmd_render(args: argparse.Namespace) -> int:
    from tales.viewer.picture import render_png

    width, height = _size(args.size)
    render_png(_view_of(args.source, args.blocks), args.out, width, height)
    print(f"wrote {args.out} ({width}x{height})")
    return 0


def _window(control: Any) -> int:
    from tales.viewer import headless

    if headless():
        raise TalesError("no screen to open a window on (DISPLAY is not set); "
                         "tales render draws pictures without one")
    from tales.viewer.app import run

    run(control)
    return 0


def cmd_view(args: argparse.Namespace) -> int:
    from tales.board.position import load_position
    from tales.engine.content import find_file, load_context
    from tales.engine.saves import read_save
    from tales.viewer.control import ReplayControl, TableControl

    if args.replay:
        saved = read_save(args.replay)
        return _window(ReplayControl(load_context(saved.setup), saved))
    if not args.position:
        raise TalesError("give a position file (or --replay SAVE)")
    blocks = args.blocks or str(find_file("sample-schemers", "scenarios"))
    return _window(TableControl.load(load_position(args.position), blocks))


def cmd_solo(args: argparse.Namespace) -> int:
    from tales.campaign.play import continue_campaign
    from tales.campaign.progress import new_campaign
    from tales.campaign.saves import path_for, save
    from tales.viewer import headless

    folder = _saves(args)
    exists = path_for(args.name, folder).exists()
    if not exists and (args.hero or headless()):
        hero, companion = args.hero or "gerki", args.companion or "otto-guard"
        save(new_campaign(args.name, "sample-campaign", (hero,), companion), folder)
        print(f"new solo campaign {args.name!r}: {hero} with {companion} (the bundled "
              "sample campaign)")
    if headless():  # no screen: the same campaign, at the terminal
        print("no screen: playing at the terminal (q saves and stops; "
              f"tales campaign show {args.name} for progress)")
        continue_campaign(args.name, folder, physical=args.physical_dice)
        return 0
    from tales.viewer.control import CampaignControl

    return _window(CampaignControl(args.name, folder, physical=args.physical_dice))


def cmd_tavern_simulate(args: argparse.Namespace) -> int:
    from tales.tavern.rdi.simulate import simulate

    if not 2 <= args.players <= 8:
        raise TalesError("--players is 2 to 8")
    if args.games < 1:
        raise TalesError("--games must be 1 or more")
    mode = _tavern_mode(args.variant)
    report = simulate(args.players, args.games, args.seed, args.character or None,
                      args.drinks, mode, args.bar_deck, args.bot, args.dungeon_training,
                      args.prize, args.dungeon_events, args.sea_events, args.pub_crawl,
                      _workers(args.workers))
    if args.json:
        _emit(report)
        return 0
    addons = [what for what, on in (("the Bar Deck", args.bar_deck),
                                    (f"Dungeon Training ({report['dungeon']})",
                                     report["dungeon"]), ("Prizes", report["prizes"]),
                                    *((f"{k.capitalize()} Events", True)
                                      for k in report["event_decks"]),
                                    ("the Pub Crawl", report["pub_crawl"])) if on]
    print(f"The Red Dragon Inn, {args.players} players, {report['variant']}"
          f"{' with ' + ' and '.join(addons) if addons else ''}, {args.games} games "
          f"({args.bot} bots, seed {args.seed})")
    for character, rate in report["win_rate_per_seat"].items():
        print(f"  {character}: wins {rate:.1%} of its seats")
    for side, rate in report.get("team_wins", {}).items():
        print(f"  {side or 'the Boss'}: wins {rate:.1%} of games")
    t = report["turns"]
    print(f"  turns: mean {t['mean']}, {t['min']} to {t['max']}; "
          f"{report['decisions_per_game']} decisions a game")
    for how, count in report["losses"].items():
        print(f"  {how}: {count}")
    return 0


def cmd_encounter_simulate(args: argparse.Namespace) -> int:
    from tales.tavern.encounter.simulate import simulate

    if not 2 <= args.players <= 6:
        raise TalesError("--players is 2 to 6")
    if args.games < 1:
        raise TalesError("--games must be 1 or more")
    report = simulate(args.players, args.games, args.seed, args.deck, args.module,
                      args.veteran or (), _workers(args.workers))
    if args.json:
        _emit(report)
        return 0
    print(f"The encounter game, {args.players} players, {args.games} games (random bots, "
          f"seed {args.seed})")
    for who, points in report["prestige_per_character"].items():
        print(f"  {who}: {points} Prestige on average, {report['wins_per_character'][who]} "
              f"wins, died {report['deaths_per_character'][who]} times")
    print(f"  Encounters survived: {report['encounters_survived']} on average; the whole "
          f"party died in {report['party_wiped']} games")
    print(f"  ties: {report['games_tied_after_the_last_encounter']} games tied after the "
          f"last Encounter, {report['games_ending_in_a_tie']} ended in a tie")
    print("  rounds per Encounter: " + ", ".join(
        f"{n} {r}" for n, r in report["rounds_per_encounter"].items()))
    print("  players killed by: " + (", ".join(
        f"{n} {c}" for n, c in report["players_killed_by_encounter"].items()) or "none"))
    print("  Wereboar fights after the game: " + (", ".join(
        f"{w} {c}" for w, c in report["wereboar_fights"].items()) or "none"))
    print(f"  the round limit ({report['round_limit']}) stopped an Encounter in "
          f"{report['games_with_an_encounter_stopped_by_the_round_limit']} games")
    return 0


def cmd_encounter_play(args: argparse.Namespace) -> int:
    from tales.tavern.encounter.terminal import play

    if args.resume is None:
        if not 2 <= args.players <= 6:
            raise TalesError("--players is 2 to 6")
        if not 0 <= args.bots < args.players:
            raise TalesError("--bots is 0 to one fewer than --players (someone must play)")
    final = play(args.players, args.players - args.bots, args.seed, args.deck,
                 module=args.module, veterans=args.veteran or (), save=args.save,
                 resume=args.resume)
    if final is not None and final.winners:
        print("Winner: " + ", ".join(final.winners))
    return 0


def _tavern_mode(name: str) -> Any:
    from tales.tavern.rdi.model import Mode

    return {m.value.replace(" ", "-"): m for m in Mode}[name]


def cmd_tavern_play(args: argparse.Namespace) -> int:
    from pathlib import Path

    from tales.tavern.rdi.terminal import play

    if not 2 <= args.players <= 8:
        raise TalesError("--players is 2 to 8")
    bots = args.players - 1 if args.bots is None else args.bots
    if not 0 <= bots < args.players:
        raise TalesError("--bots is 0 to one fewer than --players (someone must play)")
    play(args.players, args.players - bots, args.seed,
         characters=args.character or None, mode=_tavern_mode(args.variant),
         bar_deck=args.bar_deck, bot=args.bot, drinks=args.drinks or "",
         dungeon=args.dungeon_training or "", prizes=args.prize or "",
         dungeon_events=args.dungeon_events or "", sea_events=args.sea_events or "",
         pub_crawl=args.pub_crawl or "",
         save=Path(args.save) if args.save else None if args.resume else Path(TAVERN_SAVE),
         resume=Path(args.resume) if args.resume else None)
    return 0


#: Where ``q`` saves a game of ``tales tavern play`` by default (never over another game's
#: save: then the first free ``tavern-2.tales``...).
TAVERN_SAVE = "tavern.tales"


_STRUCTURES = ("individual", "two-headed-dragon", "boss-battle", "two-headed-boss-battle",
               "leaders-and-lackeys", "boss-versus-boss")


def _decks() -> Any:
    """The bundled decks' folder (importing only ``tales.tavern``: building the parser
    must stay cheap)."""
    from tales.tavern import DECKS

    return DECKS


def _tavern_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=SEED, default=0)
    parser.add_argument("--character", action="append", metavar="DECK",
                        help="a Character Deck (bundled name such as karl, or a file), "
                        "once per seat, dealt in turn (default: every bundled deck)")
    parser.add_argument("--variant", default="individual",
                        choices=_STRUCTURES,
                        help="Two-Headed Dragon: teams of two neighbours; Boss Battle: the "
                        "first seat (a villain) against the rest; Two-Headed Boss Battle: "
                        "teams of two, every deck a Boss's; Leaders and Lackeys: teams of a "
                        "Boss (first) and a Lackey; Boss Versus Boss: everyone for "
                        "themselves with Boss decks")
    parser.add_argument("--bar-deck", action="store_true",
                        help="the Bar Deck variant: the Drink Deck dealt 30 at a time")
    parser.add_argument("--bot", default="greedy", choices=("greedy", "random"))
    parser.add_argument("--drinks", metavar="FILE", help="a Drink Deck file (default: "
                        "decks/drinks-sample.toml)")
    parser.add_argument("--dungeon-training", nargs="?", const="practice-armory",
                        metavar="DUNGEON", help="the Dungeon Training Variant: a Dungeon "
                        "(bundled name such as practice-gauntlet, or a file; default the "
                        "sample practice-armory)")
    parser.add_argument("--prize", nargs="?", const=str(_decks() / "prizes-sample.toml"),
                        metavar="FILE", help="the Prize Variant: a file of Prize Cards "
                        "(default the sample decks/prizes-sample.toml)")
    parser.add_argument("--dungeon-events", nargs="?",
                        const=str(_decks() / "events" / "dungeon-sample.toml"), metavar="FILE",
                        help="the Dungeon Event Deck and its Progress Counters (default the "
                        "sample decks/events/dungeon-sample.toml)")
    parser.add_argument("--sea-events", nargs="?",
                        const=str(_decks() / "events" / "sea-sample.toml"), metavar="FILE",
                        help="with --dungeon-events: the Sea Event Deck too, revealed first "
                        "(default the sample decks/events/sea-sample.toml)")
    parser.add_argument("--pub-crawl", nargs="?",
                        const=str(_decks() / "pub-crawl-sample.toml"), metavar="FILE",
                        help="the Pub Crawl Variant: Tavern Cards, their Events and Drink "
                        "Decks (default the sample decks/pub-crawl-sample.toml)")


def _game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--heroes", metavar="A,B", help="Hero names or kit files, e.g. "
                        "gerki,deirdre (bundled kits are in heroes/)")
    parser.add_argument("--companion", metavar="NAME", help="Solo Mode: one Hero with this "
                        "Companion card (bundled: companions/, e.g. otto-guard, pooky)")
    parser.add_argument("--legend", action="store_true", help="Legend difficulty")
    parser.add_argument("--steps", type=AT_LEAST_0, metavar="N",
                        help="Power Tree steps per Hero (default: the scenario's)")
    parser.add_argument("--dice", metavar="FILE", help="dice faces (default: bundled)")
    parser.add_argument("--rule", action="append", metavar="FLAG=VALUE",
                        help="a reading of an ambiguous rule (docs/rules-decisions.md), "
                        "e.g. end_check=every-turn or tracker=standee")


def _schemer_rule_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rule", action="append", metavar="FLAG=VALUE",
                        help="a reading of an ambiguous rule (docs/rules-decisions.md), e.g. "
                        "dangerous_paths=nearest-first or nearest_ties=merge")


PHYSICAL = ("roll real dice: every die face, Scheme die, initiative token and tracker card "
            "is asked (a number or the face's words)")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="tales", description="Tales from the Red Dragon Inn: rules engine and table tools")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

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

    position_parser = commands.add_parser("position", help="show a position file")
    position_commands = position_parser.add_subparsers(
        dest="position_command", required=True, metavar="ACTION")
    pshow = position_commands.add_parser("show", help="draw a position with its figures")
    pshow.add_argument("file")
    pshow.set_defaults(run=cmd_position_show)

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

    kit = commands.add_parser("kit", help="check hero kit files")
    kit_commands = kit.add_subparsers(dest="kit_command", required=True, metavar="ACTION")
    kcheck = kit_commands.add_parser("check", help="load hero kits and list their abilities")
    kcheck.add_argument("files", nargs="+", metavar="FILE")
    kcheck.set_defaults(run=cmd_kit_check)

    odds = commands.add_parser("odds", help="exact odds of an Attack's damage")
    odds.add_argument("attack", help='dice and fixed damage, e.g. "2 damage + 1 epic + 1"')
    odds.add_argument("--doom", action="store_true", help="against a Foe with Doom")
    odds.add_argument("--legend", action="store_true", help="Legend difficulty (Doom Die)")
    odds.add_argument("--doom-choice", choices=["remove", "take"], default="remove",
                      help="on a Doom icon: remove the Damage Die worth least (default), or "
                      "take the damage")
    odds.add_argument("--fixed", type=int, default=0, metavar="N", help="fixed damage")
    odds.add_argument("--boost", type=int, default=0, metavar="N",
                      help="Damage Boost Tokens spent")
    odds.add_argument("--weaken", type=int, default=0, metavar="N", help="Weaken Tokens")
    odds.add_argument("--shield", type=int, default=0, metavar="N",
                      help="the target's Shield Tokens (-2 each)")
    odds.add_argument("--dice", metavar="FILE", help="a dice file (default: the bundled one)")
    odds.add_argument("--json", action="store_true")
    odds.set_defaults(run=cmd_odds)

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
    _schemer_rule_option(smove)
    smove.set_defaults(run=cmd_schemer_move)
    sturn = schemer_commands.add_parser(
        "turn", help="a whole group turn: each Schemer's move and attack targets in order")
    sturn.add_argument("position")
    sturn.add_argument("--group", required=True, metavar="NAME")
    sturn.add_argument("--scheme", required=True, metavar="FACE",
                       help="the Scheme Die face rolled, or the Scheme's name")
    sturn.add_argument("--blocks", required=True, metavar="FILE",
                       help="the Scheme Block file (TOML)")
    sturn.add_argument("--answer", type=COUNT, action="append", metavar="N",
                       help="answer the next tie with option N (repeatable, in order)")
    sturn.add_argument("--json", action="store_true")
    _schemer_rule_option(sturn)
    sturn.set_defaults(run=cmd_schemer_turn)

    scenario = commands.add_parser("scenario", help="check or show scenario files")
    scenario_commands = scenario.add_subparsers(dest="scenario_command", required=True,
                                                metavar="ACTION")
    scheck = scenario_commands.add_parser("check", help="load scenario files, report errors")
    scheck.add_argument("files", nargs="+")
    scheck.set_defaults(run=cmd_scenario_check)
    sshow = scenario_commands.add_parser("show", help="summarise a scenario and draw its map")
    sshow.add_argument("file")
    sshow.set_defaults(run=cmd_scenario_show)

    simulate = commands.add_parser(
        "simulate", help="play a scenario many times with bots and report win rates")
    simulate.add_argument("scenario")
    _game_options(simulate)
    simulate.add_argument("--games", type=COUNT, default=100, metavar="N")
    simulate.add_argument("--seed", type=SEED, default=0, metavar="S")
    simulate.add_argument("--workers", type=COUNT, default=1, metavar="W",
                          help="local worker processes (the report does not depend on it)")
    simulate.add_argument("--bot", choices=("greedy", "random"), default="greedy")
    simulate.add_argument("--dask", metavar="ADDRESS",
                          help="run the games on a Dask cluster (needs the dask extra)")
    simulate.add_argument("--json", action="store_true")
    simulate.set_defaults(run=cmd_simulate)

    play = commands.add_parser("play", help="play a scenario in the terminal")
    play.add_argument("scenario", nargs="?")
    _game_options(play)
    play.add_argument("--seed", type=SEED, default=0, metavar="S", help="seed for the dice")
    play.add_argument("--save", metavar="FILE", help="save here after every choice")
    play.add_argument("--resume", metavar="SAVE", help="continue a saved game")
    play.add_argument("--physical-dice", action="store_true", help=PHYSICAL)
    play.set_defaults(run=cmd_play)

    render_cmd = commands.add_parser(
        "render", help="draw a position, a saved game or a campaign to a PNG (no screen "
        "needed)")
    render_cmd.add_argument("source", help="a position file (.toml), a game save or a "
                            "campaign save")
    render_cmd.add_argument("out", help="the PNG to write")
    render_cmd.add_argument("--size", default="1200x800", metavar="WxH")
    render_cmd.add_argument("--blocks", metavar="FILE",
                            help="Scheme Block file, for the groups' base colours")
    render_cmd.set_defaults(run=cmd_render)
    view = commands.add_parser("view", help="the table assistant in a window, or a replay")
    view.add_argument("position", nargs="?")
    view.add_argument("--blocks", metavar="FILE", help="the Scheme Block file (default: the "
                      "bundled sample, scenarios/sample-schemers.toml)")
    view.add_argument("--replay", metavar="SAVE", help="step through a saved game")
    view.set_defaults(run=cmd_view)
    solo = commands.add_parser("solo", help="the solo campaign in a window")
    solo.add_argument("name", nargs="?", default="solo",
                      help="campaign name (new ones start with a choice of Hero)")
    solo.add_argument("--saves", metavar="DIR", help="campaign folder")
    solo.add_argument("--hero", metavar="NAME", help="a new campaign's Hero (default: "
                      "chosen in the window; gerki at a terminal)")
    solo.add_argument("--companion", metavar="NAME", help="a new campaign's Companion "
                      "(default: chosen in the window; otto-guard at a terminal)")
    solo.add_argument("--physical-dice", action="store_true", help=PHYSICAL)
    solo.set_defaults(run=cmd_solo)

    tavern = commands.add_parser("tavern", help="The Red Dragon Inn card game")
    tavern_commands = tavern.add_subparsers(dest="tavern_command", required=True,
                                            metavar="ACTION")
    tsim = tavern_commands.add_parser("simulate", help="bot games: win rates, game length, "
                                      "how players lose")
    _tavern_options(tsim)
    tsim.add_argument("--games", type=COUNT, default=100)
    tsim.add_argument("--workers", type=COUNT, default=1, metavar="W",
                      help="local worker processes (the report does not depend on it)")
    tsim.add_argument("--json", action="store_true")
    tsim.set_defaults(run=cmd_tavern_simulate)
    tplay = tavern_commands.add_parser("play", help="play at the terminal against bots")
    _tavern_options(tplay)
    tplay.add_argument("--bots", type=AT_LEAST_0, help="seats the bots take (default: all but "
                       "one)")
    tplay.add_argument("--save", metavar="FILE", help=f"where q saves the game (default: "
                       f"{TAVERN_SAVE}; never over another game's save)")
    tplay.add_argument("--resume", metavar="SAVE", help="go on with a saved game (its "
                       "table; the other table options are not used)")
    tplay.set_defaults(run=cmd_tavern_play)
    encounter = tavern_commands.add_parser("encounter", help="the encounter card game "
                                           "(Cutthroat Caverns): play or simulate")
    encounter_commands = encounter.add_subparsers(dest="encounter_command", required=True,
                                                  metavar="ACTION")
    for action, text in (("play", "play at the terminal against bots"),
                         ("simulate", "random bot games: Prestige, deaths, Encounters")):
        sub = encounter_commands.add_parser(action, help=text)
        sub.add_argument("--players", type=int, default=4)
        sub.add_argument("--seed", type=SEED, default=0)
        sub.add_argument("--deck", metavar="FILE", help="an encounter game file (default: "
                         "decks/encounter/sample.toml)")
        sub.add_argument("--module", metavar="FILE", help="play an Adventure Module's scenes "
                         "instead of nine random Encounters (e.g. "
                         "decks/encounter/module-sample.toml)")
        sub.add_argument("--veteran", type=int, action="append", metavar="SEAT",
                         help="a seat whose player has played the module before: they "
                         "leave its decisions to the others (at random if all have)")
        if action == "play":
            sub.add_argument("--bots", type=AT_LEAST_0, default=3)
            sub.add_argument("--save", metavar="FILE", help="save the game here after every "
                             "choice (q saves and quits)")
            sub.add_argument("--resume", metavar="FILE", help="go on with a saved game (saved "
                             "to the same file unless --save says otherwise)")
            sub.set_defaults(run=cmd_encounter_play)
        else:
            sub.add_argument("--games", type=COUNT, default=100)
            sub.add_argument("--workers", type=COUNT, default=1, metavar="W",
                             help="local worker processes (the report does not depend on it)")
            sub.add_argument("--json", action="store_true")
            sub.set_defaults(run=cmd_encounter_simulate)

    campaign = commands.add_parser("campaign", help="campaigns: new, continue, list, show, "
                                   "note, export, import")
    campaign_commands = campaign.add_subparsers(dest="campaign_command", required=True,
                                                metavar="ACTION")

    def with_saves(sub: argparse.ArgumentParser) -> argparse.ArgumentParser:
        sub.add_argument("--saves", metavar="DIR", help="campaign folder (default "
                         "campaign_saves/)")
        return sub

    cnew = with_saves(campaign_commands.add_parser("new", help="start a campaign"))
    cnew.add_argument("name")
    cnew.add_argument("--campaign", default="sample-campaign", metavar="FILE",
                      help="the campaign file (default: the bundled sample)")
    cnew.add_argument("--hero", metavar="NAME", help="Solo Mode's Hero (with --companion)")
    cnew.add_argument("--heroes", metavar="A,B", help="two to four Heroes")
    cnew.add_argument("--companion", metavar="NAME", help="Solo Mode: otto-guard, "
                      "otto-medic, otto-tinker, otto-scout, pooky, or a card file")
    cnew.add_argument("--legend", action="store_true", help="Legend difficulty")
    cnew.add_argument("--steps-change", type=int, default=0, metavar="N",
                      help="Power Tree steps above (or below, negative) each scenario's")
    cnew.add_argument("--seed", type=SEED, default=0, metavar="S", help="seed for the dice")
    cnew.add_argument("--force", action="store_true", help="replace a campaign of that name")
    cnew.set_defaults(run=cmd_campaign_new)
    ccont = with_saves(campaign_commands.add_parser(
        "continue", help="play on (at the terminal, or --bot)"))
    ccont.add_argument("name")
    ccont.add_argument("--bot", choices=("greedy", "random"),
                       help="let a bot play the Heroes")
    ccont.add_argument("--scenarios", type=AT_LEAST_0, metavar="N", help="stop after N scenarios")
    ccont.add_argument("--backup", type=COUNT, metavar="N", help="continue from backup N")
    ccont.add_argument("--physical-dice", action="store_true", help=PHYSICAL)
    ccont.set_defaults(run=cmd_campaign_continue)
    clist = with_saves(campaign_commands.add_parser("list", help="the saved campaigns"))
    clist.set_defaults(run=cmd_campaign_list)
    cshow = with_saves(campaign_commands.add_parser(
        "show", help="progress, unlocks, last results"))
    cshow.add_argument("name")
    cshow.add_argument("--backup", type=COUNT, metavar="N", help="show backup N instead")
    cshow.set_defaults(run=cmd_campaign_show)
    cnote = with_saves(campaign_commands.add_parser("note", help="add a note"))
    cnote.add_argument("name")
    cnote.add_argument("text")
    cnote.set_defaults(run=cmd_campaign_note)
    cexport = with_saves(campaign_commands.add_parser("export", help="copy a campaign out"))
    cexport.add_argument("name")
    cexport.add_argument("file")
    cexport.add_argument("--backup", type=COUNT, metavar="N", help="export backup N")
    cexport.set_defaults(run=cmd_campaign_export)
    cimport = with_saves(campaign_commands.add_parser("import", help="bring a campaign in"))
    cimport.add_argument("file")
    cimport.add_argument("--name", help="save it under another name")
    cimport.add_argument("--force", action="store_true", help="replace one of that name")
    cimport.set_defaults(run=cmd_campaign_import)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tales`` command; return its exit status."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as stop:  # --help (0), or an argument mistake on one line (2)
        return stop.code if isinstance(stop.code, int) else 2
    try:
        status: int = args.run(args)
    except TalesError as error:
        print(f"tales: {one_line(str(error))}", file=sys.stderr)
        return 2
    except OSError as error:  # a name too long, a folder that cannot be read, a full disk
        where = f"{error.filename}: " if error.filename is not None else ""
        print(f"tales: {one_line(where + (error.strerror or str(error)))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:  # games and campaigns are saved after every choice
        print("tales: interrupted", file=sys.stderr)
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
