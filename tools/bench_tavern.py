"""Benchmark: The Red Dragon Inn games per second with random bots.

The same games (same seeds) are played twice in one run: through the Game driver (which
keeps the log of answers, so every game can be saved and replayed), and, as the simple
baseline, by answering the rules generator directly with no log. The ratio is the cost
of keeping games replayable. Run:

    python tools/bench_tavern.py [--players 4] [--games 200]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from tales.engine.game import Game, random_policy
from tales.rules.decisions import resolve
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.rules import play_game
from tales.tavern.rdi.simulate import DECKS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    files = sorted((DECKS / "characters").glob("*.toml"))
    decks = [load_character(files[n % len(files)]) for n in range(args.players)]
    drinks = load_drinks(DECKS / "drinks-sample.toml")
    names = [f"p{n}" for n in range(args.players)]

    def driven() -> list[tuple[str, ...] | None]:
        winners = []
        for seed in range(args.games):
            game = Game(lambda: play_game(names, decks, drinks))
            winners.append(game.play(random_policy(np.random.default_rng(seed))).winners)
        return winners

    def bare() -> list[tuple[str, ...] | None]:
        return [resolve(play_game(names, decks, drinks),
                        random_policy(np.random.default_rng(seed))).winners
                for seed in range(args.games)]

    start = time.perf_counter()
    with_log = driven()
    engine = time.perf_counter() - start
    start = time.perf_counter()
    without = bare()
    baseline = time.perf_counter() - start
    print(f"{args.players} players, {args.games} games, random bots")
    print(f"  Game driver (replayable) {args.games / engine:7.1f} games/s   bare generator "
          f"{args.games / baseline:7.1f} games/s   ratio {engine / baseline:4.2f}x   "
          f"(same winners: {with_log == without})")


if __name__ == "__main__":
    main()
