"""Playing The Red Dragon Inn many times with random bots: win rates per character, game
length, how players went out. Each game's generator is spawned from the seed by its
number, so the report depends only on the seed and the number of games."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from tales.engine.game import Game, random_policy
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.rules import play_game

DECKS = Path(__file__).resolve().parents[3] / "decks"


def simulate(players: int, games: int, seed: int, characters: list[str] | None = None,
             drinks: str | None = None) -> dict[str, Any]:
    """The report of ``games`` games of ``players`` players."""
    deck_files = characters or sorted(str(p) for p in (DECKS / "characters").glob("*.toml"))
    decks = [load_character(deck_files[n % len(deck_files)]) for n in range(players)]
    drink_deck = load_drinks(drinks or DECKS / "drinks-sample.toml")
    names = [f"{decks[n].character} #{n + 1}" for n in range(players)]
    wins: dict[str, float] = {}
    seats: Counter[str] = Counter()
    how: Counter[str] = Counter()
    turns: list[int] = []
    for game in range(games):
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(game,)))
        run = Game(lambda: play_game(names, decks, drink_deck))
        final = run.play(random_policy(rng))
        turns.append(final.turn - 1)
        for name in final.winners or ():
            character = name.rsplit(" #", 1)[0]
            wins[character] = wins.get(character, 0.0) + 1 / len(final.winners or (1,))
        for player in final.players:
            seats[player.character] += 1
        for line in final.log:
            if line.endswith("is out of Gold: out of the game"):
                how["out of Gold"] += 1
            elif " passes out: " in line:
                how["passed out"] += 1
            elif line.startswith("a tie between"):
                how["tie"] += 1
    per_character = {c: round(wins.get(c, 0.0) / seats[c], 4) for c in sorted(seats)}
    return {"players": players, "games": games, "seed": seed,
            "win_rate_per_seat": per_character,
            "turns": {"mean": round(float(np.mean(turns)), 1), "min": min(turns),
                      "max": max(turns)},
            "losses": dict(how.most_common())}
