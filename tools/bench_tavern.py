"""Benchmark: The Red Dragon Inn games per second with bots.

The same games (same seeds) are played twice in one run: through the Game driver (which
keeps the log of answers, so every game can be saved and replayed), and, as the simple
baseline, by answering the rules generator directly with no log. The ratio is the cost of
keeping games replayable. "Rules alone" replays the answers the bots gave (no bot thinking,
no chance drawn): what the rules cost with free bots. Each variant is measured with the
greedy and the random bot, on every bundled Character Deck dealt in turn, in this process's
processor time (a shared machine disturbs it less than the clock), with its ratio to issue
19's goal for The Red Dragon Inn (200 games a second a core with 4 players; 1.0 or more
meets it). Run:

    python tools/bench_tavern.py [--players 4] [--games 100] [--drinks N]

``--drinks N`` deals the sample Drink Deck's cards in turn into a deck of N (a huge deck's
shuffle should cost time linear in N).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from tales.compiled import build, compiled
from tales.engine.game import Game
from tales.rules.decisions import resolve
from tales.tavern.rdi.bots import policy
from tales.tavern.rdi.decks import load_drinks
from tales.tavern.rdi.model import Drink, Mode, Variant
from tales.tavern.rdi.rules import CharacterDeck, play_game
from tales.tavern.rdi.simulate import DECKS, otto_for, table

Winners = list[tuple[str, ...] | None]
GOAL = 200.0  # games a second a core, 4 players (issue 19)


def measure(names: list[str], decks: list[CharacterDeck], drinks: tuple[Drink, ...],
            variant: Variant, bot: str, games: int) -> str:
    """One line: the driver against the bare generator on the same seeds."""
    start = time.process_time()
    with_log: Winners = []
    decisions = 0
    given: list[list[object]] = []
    for seed in range(games):
        game = Game(lambda: play_game(names, decks, drinks, variant=variant))
        with_log.append(game.play(policy(bot, np.random.default_rng(seed))).winners)
        decisions += len(game.choices)
        given.append(game.answers)
    engine = time.process_time() - start
    start = time.process_time()
    for answers in given:  # the rules alone: the same games, no bot and no chance drawn
        Game(lambda: play_game(names, decks, drinks, variant=variant), answers)
    rules = time.process_time() - start
    start = time.process_time()
    without: Winners = [resolve(play_game(names, decks, drinks, variant=variant),
                                policy(bot, np.random.default_rng(seed))).winners
                        for seed in range(games)]
    baseline = time.process_time() - start
    rate = games / engine
    return (f"  {variant.mode.value:17} {bot:6}  driver {rate:6.1f} games/s "
            f"({decisions / engine:7.0f} decisions/s)   bare {games / baseline:6.1f} games/s"
            f"   ratio {engine / baseline:4.2f}x   rules alone {games / rules:6.1f} games/s"
            f"   to goal {rate / GOAL:4.2f}   "
            f"same winners: {with_log == without}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--drinks", type=int, default=0, help="a Drink Deck of this many cards")
    args = parser.parse_args()
    drinks = load_drinks(DECKS / "drinks-sample.toml")
    if args.drinks:
        drinks = tuple(drinks[n % len(drinks)] for n in range(args.drinks))
    print(f"{args.players} players, {args.games} games each, {len(drinks)} Drinks; "
          f"{build()}")
    for mode in (Mode.INDIVIDUAL, Mode.TWO_HEADED_DRAGON, Mode.BOSS_BATTLE, Mode.BOSS_OTTO):
        # Boss Otto: --players Challengers (at most 4) against him
        seats = min(args.players, 4) if mode is Mode.BOSS_OTTO else args.players
        names, decks = table(seats, None, mode)
        variant = Variant(mode, otto=otto_for(mode))
        for bot in ("greedy", "random"):
            print(measure(names, decks, drinks, variant, bot, args.games))
    if not compiled():
        print("(plain Python: the goal is met by the compiled build, "
              "TALES_COMPILE=1 pip install -e .; README, \"How fast\")")


if __name__ == "__main__":
    main()
