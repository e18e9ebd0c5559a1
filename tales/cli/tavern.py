"""``tales tavern``: The Red Dragon Inn and the encounter card game."""

from __future__ import annotations

import argparse
from typing import Any

from tales.cli.common import AT_LEAST_0, COUNT, SEED, emit, progress_line, workers
from tales.errors import TalesError

#: Where ``q`` saves a game of ``tales tavern play`` by default (never over another game's
#: save: then the first free ``tavern-2.tales``...).
TAVERN_SAVE = "tavern.tales"
#: Where ``tales tavern encounter play`` saves by default (likewise never over another
#: game's save: then ``encounter-2.tales``...).
ENCOUNTER_SAVE = "encounter.tales"


_STRUCTURES = ("individual", "two-headed-dragon", "boss-battle", "two-headed-boss-battle",
               "leaders-and-lackeys", "boss-versus-boss", "boss-otto")


def _decks() -> Any:
    """The bundled decks' folder (importing only ``tales.tavern``: building the parser
    must stay cheap)."""
    from tales.tavern import DECKS

    return DECKS


def _tavern_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=4, help="players at the table (2 "
                        "to 8); with --variant boss-otto, the Challengers (1 to 4)")
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
                        "themselves with Boss decks; Boss Otto: 1 to 4 Challengers (--players) "
                        "against the mechanical Boss Otto")
    parser.add_argument("--hard", action="store_true",
                        help="with boss-otto: Boss Otto - Advanced (the Hard and Epic Mode "
                        "cards, the Threat Level - Hard side, Tough Components)")
    for flag, what in (("--hard-cards", "the Hard Mode cards (Components)"),
                       ("--epic-cards", "the Epic Mode cards"),
                       ("--threat-hard", "the Threat Level - Hard side of the track"),
                       ("--tough-components", "Tough Components")):
        parser.add_argument(flag, action="append_const", const=flag[2:], dest="advanced",
                            help=f"with boss-otto: {what} (Boss Otto - Advanced: any "
                            "combination; --hard: all four)")
    parser.add_argument("--extra-potions", type=int, default=0, metavar="N",
                        help="with boss-otto: N more Potion Tokens for Otto (Potion Token "
                        "Imbalance, 0 to 10)")
    parser.add_argument("--otto", metavar="FILE", help="with boss-otto: a Boss Otto file "
                        "(default the sample decks/otto/boss-otto-sample.toml)")
    parser.add_argument("--faction", action="append", metavar="NAME",
                        help="with boss-otto: one of the two factions Otto plays, given twice "
                        "(default: two at random)")
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


def cmd_tavern_simulate(args: argparse.Namespace) -> int:
    from tales.engine.pool import reporting
    from tales.tavern.rdi.simulate import simulate

    _check_players(args)
    if args.games < 1:
        raise TalesError("--games must be 1 or more")
    mode = _tavern_mode(args.variant)
    with reporting(progress_line()):
        report = simulate(args.players, args.games, args.seed, args.character or None,
                          args.drinks, mode, args.bar_deck, args.bot, args.dungeon_training,
                          args.prize, args.dungeon_events, args.sea_events, args.pub_crawl,
                          workers(args.workers), args.hard, args.otto, args.faction or (),
                          tuple(args.advanced or ()), args.extra_potions)
    if args.json:
        emit(report)
        return 0
    addons = [what for what, on in (("the Bar Deck", args.bar_deck),
                                    (f"Dungeon Training ({report['dungeon']})",
                                     report["dungeon"]), ("Prizes", report["prizes"]),
                                    *((f"{k.capitalize()} Events", True)
                                      for k in report["event_decks"]),
                                    ("the Pub Crawl", report["pub_crawl"])) if on]
    if "boss_otto" in report:
        addons.insert(0, f"{len(report['boss_otto']['factions'])} factions" if isinstance(
            report["boss_otto"]["factions"], list) else "two random factions")
        chosen = report["boss_otto"]["advanced"]
        if chosen or report["boss_otto"]["extra_potions"]:
            addons.insert(0, "Boss Otto - Advanced (" + ", ".join(
                [*chosen, *([f"{report['boss_otto']['extra_potions']} extra Potion Tokens"]
                            if report["boss_otto"]["extra_potions"] else [])]) + ")")
    seats = f"{args.players} Challenger{'s' if args.players != 1 else ''}" \
        if "boss_otto" in report else f"{args.players} players"
    print(f"The Red Dragon Inn, {seats}, {report['variant']}"
          f"{' with ' + ' and '.join(addons) if addons else ''}, {args.games} games "
          f"({args.bot} bots, seed {args.seed})")
    for character, rate in report["win_rate_per_seat"].items():
        print(f"  {character}: wins {rate:.1%} of its seats")
    for side, rate in report.get("team_wins", {}).items():
        boss = "Boss Otto" if "boss_otto" in report else "the Boss"
        print(f"  {side or boss}: wins {rate:.1%} of games")
    t = report["turns"]
    print(f"  turns: mean {t['mean']}, {t['min']} to {t['max']}; "
          f"{report['decisions_per_game']} decisions a game")
    for how, count in report["losses"].items():
        print(f"  {how}: {count}")
    return 0


def cmd_encounter_simulate(args: argparse.Namespace) -> int:
    from tales.engine.pool import reporting
    from tales.tavern.encounter.simulate import simulate

    if not 2 <= args.players <= 6:
        raise TalesError("--players is 2 to 6")
    if args.games < 1:
        raise TalesError("--games must be 1 or more")
    with reporting(progress_line()):
        report = simulate(args.players, args.games, args.seed, args.deck, args.module,
                          args.veteran or (), workers(args.workers))
    if args.json:
        emit(report)
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

    bots = args.players - 1 if args.bots is None else args.bots
    if args.resume is None:
        if not 2 <= args.players <= 6:
            raise TalesError("--players is 2 to 6")
        if not 0 <= bots < args.players:
            raise TalesError("--bots is 0 to one fewer than --players (someone must play)")
    final = play(args.players, args.players - bots, args.seed, args.deck,
                 module=args.module, veterans=args.veteran or (), save=args.save,
                 resume=args.resume,
                 default_save=ENCOUNTER_SAVE if args.save is None and args.resume is None
                 else None)
    if final is not None and final.winners:
        print("Winner: " + ", ".join(final.winners))
    return 0


def _check_players(args: argparse.Namespace) -> None:
    if args.variant == "boss-otto":
        if not 1 <= args.players <= 4:
            raise TalesError("--players is 1 to 4 Challengers against Boss Otto")
    elif not 2 <= args.players <= 8:
        raise TalesError("--players is 2 to 8")


def _tavern_mode(name: str) -> Any:
    from tales.tavern.rdi.model import Mode

    return {m.value.replace(" ", "-"): m for m in Mode}[name]


def cmd_tavern_play(args: argparse.Namespace) -> int:
    from pathlib import Path

    from tales.tavern.rdi.terminal import play

    _check_players(args)
    bots = args.players - 1 if args.bots is None else args.bots
    if not 0 <= bots < args.players:
        raise TalesError("--bots is 0 to one fewer than --players (someone must play)")
    play(args.players, args.players - bots, args.seed,
         characters=args.character or None, mode=_tavern_mode(args.variant),
         bar_deck=args.bar_deck, bot=args.bot, drinks=args.drinks or "",
         dungeon=args.dungeon_training or "", prizes=args.prize or "",
         dungeon_events=args.dungeon_events or "", sea_events=args.sea_events or "",
         pub_crawl=args.pub_crawl or "", hard=args.hard, otto=args.otto or "",
         advanced=tuple(args.advanced or ()), extra_potions=args.extra_potions,
         factions=tuple(args.faction or ()),
         save=Path(args.save) if args.save else None if args.resume else Path(TAVERN_SAVE),
         resume=Path(args.resume) if args.resume else None)
    return 0




def register(commands: Any) -> None:
    """Add this family's commands to the ``tales`` parser."""
    tavern = commands.add_parser(
        "tavern", help="the tavern card games: The Red Dragon Inn, and the encounter game")
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
        sub.add_argument("--players", type=int, default=4, metavar="N",
                         help="players at the table, people and bots (2 to 6; default 4)")
        sub.add_argument("--seed", type=SEED, default=0, metavar="S",
                         help="the seed of the shuffles and the bots (default 0): the same "
                         "seed and answers give the same game")
        sub.add_argument("--deck", metavar="FILE", help="an encounter game file (default: "
                         "decks/encounter/sample.toml)")
        sub.add_argument("--module", metavar="FILE", help="play an Adventure Module's scenes "
                         "instead of nine random Encounters (e.g. "
                         "decks/encounter/module-sample.toml)")
        sub.add_argument("--veteran", type=int, action="append", metavar="SEAT",
                         help="a seat whose player has played the module before: they "
                         "leave its decisions to the others (at random if all have)")
        if action == "play":
            sub.add_argument("--bots", type=AT_LEAST_0, metavar="B",
                             help="seats the bots take, the last ones (default: all but "
                             "one; 0: every seat a person, a hot seat)")
            sub.add_argument("--save", metavar="FILE", help="save the game here after every "
                             f"choice; q saves and quits (default: {ENCOUNTER_SAVE}, or "
                             "encounter-2.tales... when it holds another game)")
            sub.add_argument("--resume", metavar="FILE", help="go on with a saved game (saved "
                             "to the same file unless --save says otherwise)")
            sub.set_defaults(run=cmd_encounter_play)
        else:
            sub.add_argument("--games", type=COUNT, default=100, metavar="G",
                             help="games to play (default 100)")
            sub.add_argument("--workers", type=COUNT, default=1, metavar="W",
                             help="local worker processes (default 1; the report does not "
                             "depend on it)")
            sub.add_argument("--json", action="store_true", help="the report as JSON")
            sub.set_defaults(run=cmd_encounter_simulate)

