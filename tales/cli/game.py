"""``tales`` commands: hero kits, odds, scenarios, simulations and terminal play."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tales.cli.common import (
    AT_LEAST_0,
    COUNT,
    PHYSICAL,
    SEED,
    emit,
    game_options,
    progress_line,
    run_options,
    setup_of,
    show,
    workers,
)
from tales.cli.simulate_out import add_options as simulate_options
from tales.errors import IllegalChoice, TalesError


def cmd_kit_check(args: argparse.Namespace) -> int:
    from tales.content.heroes import load_hero_kit
    from tales.present.words import counted
    from tales.rules.effects import describe

    for name in args.files:
        kit = load_hero_kit(name)
        label = " (sample)" if kit.sample and "sample" not in kit.name.lower() else ""
        print(f"{name}: {kit.name}{label}, Fortitude {kit.fortitude} / Wounded "
              f"{kit.wounded_fortitude}, {counted(len(kit.abilities), 'ability', 'abilities')}")
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
        emit({"distribution": {str(k): float(distribution[k]) for k in range(last + 1)},
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


def cmd_scenario_check(args: argparse.Namespace) -> int:
    """Every mistake of every file (on standard error, one line each; exit status 2), or
    a line saying what each file holds; warnings (an unused [features] table of its map)
    on standard error too, leaving the exit status as the mistakes make it."""
    from tales.content.scenarios import check_scenario, load_scenario
    from tales.engine.content import die_mistakes
    from tales.present.words import counted

    wrong = False
    for name in args.files:
        mistakes: list[TalesError]
        left: list[str] = []  # printed text steps: only tales table plays those
        warnings: list[str] = []  # no mistake: the exit status stays 0 for them
        try:
            mistakes = list(check_scenario(name, left, warnings))
        except TalesError as error:  # unreadable: no such file, not text
            mistakes = [error]
        for warning in warnings:
            print(f"tales: {warning}", file=sys.stderr)
        for mistake in mistakes:
            print(f"tales: {mistake}", file=sys.stderr)
        if mistakes:
            wrong = True
            continue
        scenario = load_scenario(name, table=True)
        rolled = die_mistakes(scenario)  # against the bundled dice (a game's --dice: its own)
        for said in rolled:
            print(f"tales: {name}: {said}", file=sys.stderr)
        if rolled:
            wrong = True
            continue
        groups = ", ".join(f"{g} (Limit {s.limit})" for g, s in scenario.groups.items())
        print(f"{name}: ok: {scenario.title!r}, {counted(len(scenario.parts), 'part')}, "
              f"{counted(len(scenario.events), 'event')}, "
              f"{counted(len(scenario.objectives), 'objective')}; "
              f"groups {groups}")
        if left:
            print(f"  left to the table ({len(left)} step{'s' if len(left) > 1 else ''}: "
                  "tales table shows each at its place in the turn and waits for the "
                  "table's edits; play, simulate and solo refuse the scenario):")
            for step in left:
                print(f"    {step}")
    return 2 if wrong else 0


def cmd_scenario_show(args: argparse.Namespace) -> int:
    from tales.board.render import render
    from tales.content.scenarios import load_scenario
    from tales.engine.content import find_file
    from tales.present.goals import scenario_goal_lines

    scenario = load_scenario(find_file(args.file, "scenarios"))  # as play finds it
    names = scenario.board.names
    print(f"{scenario.title} ({'sample, ' if scenario.sample else ''}"
          f"{scenario.heroes[0]}-{scenario.heroes[1]} Heroes, Epic Pool "
          f"{scenario.epic_pool[0]})")
    if scenario.story.get("prologue"):
        print(f"  {scenario.story['prologue']}")
    for gid, group in scenario.groups.items():
        print(f"  group {gid}: {group.block.name}, {group.block.colour or 'no colour'} base, "
              f"standees {', '.join(map(str, group.block.standees))}, Limit {group.limit}, "
              f"{group.initiative} initiative token{'' if group.initiative == 1 else 's'}")
    for part in scenario.parts:
        deploys = "; ".join(
            f"{d.group} on {' '.join(names[s] for s in d.spaces)}" if d.spaces
            else f"{d.tracker} {d.group} by the tracker deck (cards "
                 f"{', '.join(map(str, d.numbers))})"
            for d in part.effects.reinforce)
        print(f"  part {part.name!r}: {deploys or 'no deployment'}")
    for event in scenario.events:
        print(f"  event {event.id!r}")
    for line in scenario_goal_lines(scenario):
        print(f"  {line}")
    sys.stdout.write(render(scenario.board))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from tales.cli import simulate_out
    from tales.engine.keep import Notable, check_folder, notable_lines, write_kept
    from tales.engine.simulate import Tally, format_report, stream_games

    setup = setup_of(args)
    keep = keep_of(args)
    folder = (check_folder(args.keep, keep, setup, args.seed, args.games) if args.keep
              else None)  # before any game: a folder that cannot take them is said now
    processes = workers(args.workers)
    executor = dask_executor(args.dask)
    progress = progress_line()
    budget = budget_of(args)
    if args.heatmap:  # a picture that cannot be written is found before the games
        from tales.files import check_picture

        check_picture(args.heatmap, "--heatmap", reading=(args.scenario, args.dice))
    simulate_out.check_outputs(args, setup)
    kept_reports: list[Any] | None = [] if simulate_out.wanted(args) else None
    tally = Tally()
    notable = Notable()
    stopped = False
    try:
        for game in stream_games(setup, args.bot, args.games, args.seed, processes,
                                 executor, budget, keep if folder else None):
            tally.add(game)
            notable.add(game)
            if folder is not None and game.choices:
                notable.kept[game.game] = str(write_kept(folder, setup, args.seed, game))
            if kept_reports is not None:
                kept_reports.append(game)
            if progress:
                progress(tally.games, args.games)
    except KeyboardInterrupt:  # Ctrl-C: the report of the games played so far
        stopped = True
        if progress:
            sys.stderr.write("\n")
        if not tally.games:
            raise
    report = tally.summary(setup, args.bot, args.seed, budget)
    if stopped:
        report["partial"] = {"played": tally.games, "asked": args.games}
    report["notable"] = notable.summary(args.seed, folder)
    if args.json:
        emit(report)
    else:
        for line in (*format_report(report), *notable_lines(report["notable"])):
            print(line)
    if simulate_out.asked(args):  # of the games played, even if stopped
        simulate_out.write_outputs(args, setup, report, kept_reports or [],
                                  sorted(notable.kept.values()))
    if stopped:
        return 130
    if args.heatmap:
        from tales.engine.content import load_context
        from tales.viewer.heatmap import heatmap_view
        from tales.viewer.picture import render_png

        view, overlay = heatmap_view(load_context(setup).scenario.board, report,
                                     args.heatmap_hero)
        render_png(view, args.heatmap, overlay=overlay)
        print(f"wrote {args.heatmap}", file=sys.stderr if args.json else sys.stdout)
    return 0


def keep_of(args: argparse.Namespace) -> Any:
    """The games ``--keep DIR`` keeps: ``--keep-kind`` (all, losses, stuck; losses by
    default) and each ``--keep-game N`` (given alone: those games only)."""
    from tales.engine.keep import Keep

    if not args.keep and (args.keep_kind or args.keep_game):
        raise TalesError("--keep-kind and --keep-game say which games --keep DIR keeps: "
                         "add --keep DIR")
    kind = args.keep_kind or (None if args.keep_game else "losses")
    return Keep(kind, frozenset(args.keep_game or ()))


def dask_executor(address: str | None) -> Any:
    """The executor of the Dask cluster at ``address`` (``--dask``), None without one."""
    if not address:
        return None
    import importlib

    try:
        distributed: Any = importlib.import_module("dask.distributed")
    except ImportError:
        raise TalesError("--dask needs the dask extra: pip install -e '.[dask]'") from None
    try:
        return distributed.Client(address, timeout=10).get_executor()
    except (OSError, TimeoutError, ValueError) as bad:
        raise TalesError(f"--dask {address}: cannot reach the cluster ({bad})") from None


def budget_of(args: argparse.Namespace) -> int | None:
    """``--budget``, which only the planner takes."""
    bots = args.bot.split(",") if isinstance(args.bot, str) else args.bot
    if args.budget is not None and "planner" not in bots:
        raise TalesError("--budget is the planner's (rollouts of its closer look): add "
                         "--bot planner")
    budget: int | None = args.budget
    return budget


def cmd_sweep(args: argparse.Namespace) -> int:
    from tales.engine.bots import POLICIES
    from tales.engine.content import load_context
    from tales.engine.sweep import combinations, format_sweep, sweep

    parties_given = args.heroes or []
    base = setup_of(argparse.Namespace(**{**vars(args), "legend": False, "steps": None,
                                           "companion": None,
                                           "heroes": parties_given[0] if parties_given
                                           else None}))
    parties: list[tuple[str, ...] | None] = [
        setup_of(argparse.Namespace(**{**vars(args), "legend": False, "steps": None,
                                       "companion": None, "heroes": party})).heroes
        for party in parties_given]
    steps = [None] if args.steps is None else [
        _whole_number("--steps", item) for item in args.steps.split(",")]
    legends = {"both": [False, True], "on": [True], "off": [False]}[args.legend]
    bots = [b.strip() for b in args.bot.split(",")]
    for bot in bots:
        if bot not in POLICIES:
            raise TalesError(f"--bot {bot!r}: bots are {', '.join(POLICIES)}")
    companions = [None] if args.companion is None else [
        None if c.strip() in ("", "none") else c.strip() for c in args.companion.split(",")]
    rows = combinations(steps, legends, bots, companions, parties or [None])
    budget = budget_of(args)
    for row in rows:  # every combination's setup checked before any game is played
        load_context(row.setup(base))
    progress = progress_line()
    report = sweep(base, rows, args.games, args.seed, workers(args.workers), budget,
                   progress, dask_executor(args.dask))
    show(report, args.json, format_sweep)
    return 0


def _whole_number(option: str, text: str) -> int:
    """One of a comma list of Power Tree steps (each as ``--steps`` takes it)."""
    from tales.cli.common import STEPS

    try:
        return STEPS(text.strip())
    except argparse.ArgumentTypeError as bad:
        raise TalesError(f"{option} {bad}") from None


def cmd_play(args: argparse.Namespace) -> int:
    from tales.locks import holding_if

    with holding_if(args.save or args.resume):  # one process at a time on a save
        return _play(args)


def _play(args: argparse.Namespace) -> int:
    from pathlib import Path

    from tales.engine.content import load_context
    from tales.engine.saves import SaveError, read_save, write_save
    from tales.terminal import TerminalGame

    save: Path | None
    if args.resume:
        saved = read_save(args.resume)
        setup, seed, choices = saved.setup, saved.seed, saved.choices
        save = Path(args.save or args.resume)
    else:
        if not args.scenario:
            raise TalesError("give a scenario file (or --resume SAVE)")
        setup, seed, choices = setup_of(args), args.seed, ()
        save = Path(args.save) if args.save else None
    ctx = load_context(setup)
    try:
        game = TerminalGame(ctx, seed, choices, save, physical=args.physical_dice)
    except IllegalChoice as bad:
        raise TalesError(f"{args.resume}: the save does not replay ({bad})") from None
    if save is not None:  # a save that cannot be written is said before the first choice
        try:  # (nor over a file that is not this game's save: engine.saves.write_save)
            write_save(save, game.saved())
        except OSError as bad:
            raise TalesError(f"{save}: cannot save ({bad.strerror or bad}); nothing "
                             "played") from None
        except SaveError as bad:
            raise TalesError(f"{bad}; nothing played") from None
    status = game.run()
    if game.unsaved is not None:  # the last save failed: the game is not (all) saved
        raise TalesError(f"{game.unsaved}; the game is NOT saved")
    return status




def register(commands: Any) -> None:
    """Add this family's commands to the ``tales`` parser."""
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

    scenario = commands.add_parser("scenario", help="check or show scenario files")
    scenario_commands = scenario.add_subparsers(dest="scenario_command", required=True,
                                                metavar="ACTION")
    scheck = scenario_commands.add_parser("check", help="load scenario files, report errors")
    scheck.add_argument("files", nargs="+")
    scheck.set_defaults(run=cmd_scenario_check)
    sshow = scenario_commands.add_parser("show", help="summarise a scenario and draw its map")
    sshow.add_argument("file", help="a scenario file, or a bundled scenario's name "
                       "(cellar-door)")
    sshow.set_defaults(run=cmd_scenario_show)

    simulate = commands.add_parser(
        "simulate", help="play a scenario many times with bots and report win rates")
    simulate.add_argument("scenario")
    game_options(simulate)
    simulate.add_argument("--games", type=COUNT, default=100, metavar="N")
    simulate.add_argument("--seed", type=SEED, default=0, metavar="S")
    simulate.add_argument("--workers", type=COUNT, default=1, metavar="W",
                          help="local worker processes (the report does not depend on it)")
    simulate.add_argument("--bot", choices=("greedy", "planner", "random"), default="greedy",
                          help="greedy: no look-ahead; planner: Monte Carlo rollouts "
                          "through the engine (slower, stronger); random: any legal option")
    simulate.add_argument("--budget", type=COUNT, metavar="N",
                          help="the planner's rollouts for a closer look at an option "
                          "that beat greedy's in its screen (default 4)")
    simulate.add_argument("--heatmap", metavar="FILE.png",
                          help="draw the map with where Heroes took damage and fell")
    simulate.add_argument("--keep", metavar="DIR",
                          help="write the games lost (or --keep-kind) as saves in DIR, "
                          "game-00007.sav: tales view --replay, render and play --resume "
                          "open them")
    simulate.add_argument("--keep-kind", choices=("all", "losses", "stuck"),
                          help="which games --keep writes: all, losses (the default), stuck")
    simulate.add_argument("--keep-game", type=AT_LEAST_0, action="append", metavar="N",
                          help="keep game number N too (from 0, as the report numbers "
                          "them; again for more)")
    simulate_options(simulate)
    simulate.add_argument("--dask", metavar="ADDRESS",
                          help="run the games on a Dask cluster (needs the dask extra)")
    simulate.add_argument("--json", action="store_true")
    simulate.set_defaults(run=cmd_simulate)

    sweep = commands.add_parser(
        "sweep", help="play a scenario under every combination of settings: one table")
    sweep.add_argument("scenario")
    sweep.add_argument("--heroes", metavar="A,B", action="append",
                       help="Hero names or kit files; again for another party (each "
                       "party a row of its own)")
    sweep.add_argument("--steps", metavar="N,M", help="Power Tree steps to try, e.g. 0,2,4 "
                       "(default: the scenario's)")
    sweep.add_argument("--legend", choices=("both", "on", "off"), default="off",
                       help="Legend difficulty: off (default), on, or both")
    sweep.add_argument("--bot", default="greedy", metavar="A,B",
                       help="bots to try, e.g. greedy,planner (default greedy)")
    sweep.add_argument("--companion", metavar="A,B",
                       help="Companions to try (Solo Mode), 'none' for none")
    sweep.add_argument("--dice", metavar="FILE", help="dice faces (default: bundled)")
    sweep.add_argument("--rule", action="append", metavar="FLAG=VALUE",
                       help="a reading of an ambiguous rule (docs/rules-decisions.md)")
    run_options(sweep, "games per combination", "table")
    sweep.add_argument("--dask", metavar="ADDRESS",
                       help="run the games on a Dask cluster (needs the dask extra)")
    sweep.set_defaults(run=cmd_sweep)

    play = commands.add_parser("play", help="play a scenario in the terminal")
    play.add_argument("scenario", nargs="?")
    game_options(play)
    play.add_argument("--seed", type=SEED, default=0, metavar="S", help="seed for the dice")
    play.add_argument("--save", metavar="FILE", help="save here after every choice")
    play.add_argument("--resume", metavar="SAVE", help="continue a saved game")
    play.add_argument("--physical-dice", action="store_true", help=PHYSICAL)
    play.set_defaults(run=cmd_play)

