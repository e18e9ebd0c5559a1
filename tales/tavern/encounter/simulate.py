"""Playing the encounter game many times with bots: Prestige per seat, deaths, Encounters
survived, winners. Each game's generator is spawned from the seed by its number, so the
report depends only on the seed, the table and the number of games."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from tales.engine.game import Game, random_policy
from tales.errors import TalesError
from tales.tavern.encounter.cards import Box, load
from tales.tavern.encounter.model import Caverns
from tales.tavern.encounter.module import Module, load_module
from tales.tavern.encounter.rules import play_game

SAMPLE = Path(__file__).resolve().parents[3] / "decks" / "encounter" / "sample.toml"


def seats(box: Box, players: int) -> tuple[list[str], list[str]]:
    """Seat names and characters: the box's characters dealt in turn."""
    characters = [c for c, _ in box.abilities]
    chosen = [characters[n % len(characters)] if characters else "" for n in range(players)]
    return [f"seat {n + 1}" for n in range(players)], chosen


def game(box: Box, players: int, module: Module | None = None,
         veterans: Sequence[str] = ()) -> Game[Caverns]:
    names, characters = seats(box, players)
    return Game(lambda: play_game(names, box.cards, box.encounters, box.events, box.relics,
                                  characters, box.abilities, box.quests, module, veterans))


def veteran_seats(seats_played: Sequence[int], players: int) -> list[str]:
    """Seat names of the players who have played the module before (``--veteran N``)."""
    bad = [n for n in seats_played if not 1 <= n <= players]
    if bad:
        raise TalesError(f"--veteran {bad[0]}: seats are 1 to {players}")
    return [f"seat {n}" for n in seats_played]


def simulate(players: int, games: int, seed: int, deck: str | Path | None = None,
             module: str | Path | None = None, veterans: Sequence[int] = ()
             ) -> dict[str, Any]:
    """The report of ``games`` games of ``players`` players with random bots (playing an
    Adventure Module if one is given)."""
    box = load(deck or SAMPLE)
    story = load_module(module, box.encounters) if module else None
    old_hands = veteran_seats(veterans, players)
    names, _ = seats(box, players)
    prestige: dict[str, list[int]] = {n: [] for n in names}
    wins: Counter[str] = Counter()
    deaths: Counter[str] = Counter()
    survived: list[int] = []
    wiped = 0
    for number in range(games):
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(number,)))
        final = game(box, players, story, old_hands).play(random_policy(rng))
        for player in final.players:
            prestige[player.name].append(player.score)
            deaths[player.name] += player.dead
        for name in final.winners or ():
            wins[name] += 1
        if not final.winners:
            wiped += 1
        survived.append(final.number if final.living() else final.number - 1)
    return {"players": players, "games": games, "seed": seed,
            "prestige_per_seat": {n: round(float(np.mean(v)), 2) for n, v in prestige.items()},
            "wins_per_seat": {n: wins[n] for n in names},
            "deaths_per_seat": {n: deaths[n] for n in names},
            "party_wiped": wiped,
            "encounters_survived": round(float(np.mean(survived)), 2)}
