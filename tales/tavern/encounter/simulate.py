"""Playing the encounter game many times with bots: Prestige, wins and deaths per character,
ties, Encounters survived, rounds per Encounter, which Encounters kill players, the
Wereboar's fights after the game and who won them, how often the round limit stopped an
Encounter. Each game's generator is spawned from the seed by its number, so the report
depends only on the seed, the table and the number of games, never on ``workers``."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from tales.engine.game import Game
from tales.engine.pool import in_order
from tales.errors import TalesError
from tales.rules.decisions import Resolution, resolve
from tales.tavern import DECKS
from tales.tavern.encounter.bots import policy
from tales.tavern.encounter.cards import Box, load
from tales.tavern.encounter.model import EDITION, Caverns
from tales.tavern.encounter.module import Module, load_module
from tales.tavern.encounter.rules import MAX_ROUNDS, play_game

SAMPLE = DECKS / "encounter" / "sample.toml"


def seats(box: Box, players: int) -> tuple[list[str], list[str]]:
    """Seat names and characters: the box's characters dealt in turn."""
    characters = [c for c, _ in box.abilities]
    chosen = [characters[n % len(characters)] if characters else "" for n in range(players)]
    return [f"seat {n + 1}" for n in range(players)], chosen


def labels(box: Box, players: int) -> dict[str, str]:
    """Each seat's name in a report: its character (numbered when one is dealt twice)."""
    names, characters = seats(box, players)
    seen: Counter[str] = Counter()
    found = {}
    for name, character in zip(names, characters, strict=True):
        seen[character] += 1
        base = character or name
        found[name] = base if characters.count(character) == 1 or not character \
            else f"{base} #{seen[character]}"
    return found


def game(box: Box, players: int, module: Module | None = None,
         veterans: Sequence[str] = (), edition: int = EDITION) -> Game[Caverns]:
    """A game at the table (:class:`Game`: its log of answers, undo, saves), played by the
    rules' ``edition``."""
    return Game(lambda: start(box, players, module, veterans, edition))


def start(box: Box, players: int, module: Module | None = None,
          veterans: Sequence[str] = (), edition: int = EDITION) -> Resolution[Caverns]:
    """The rules of a whole game of ``players`` seats dealt the box's characters."""
    names, characters = seats(box, players)
    return play_game(names, box.cards, box.encounters, box.events, box.relics, characters,
                     box.abilities, box.quests, module, veterans, edition)


def veteran_seats(seats_played: Sequence[int], players: int) -> list[str]:
    """Seat names of the players who have played the module before (``--veteran N``)."""
    bad = [n for n in seats_played if not 1 <= n <= players]
    if bad:
        raise TalesError(f"--veteran {bad[0]}: seats are 1 to {players}")
    return [f"seat {n}" for n in seats_played]


@dataclass(frozen=True)
class Sweep:
    """What every game of a sweep is played with (shipped to worker processes)."""

    players: int
    seed: int
    deck: str
    module: str
    veterans: tuple[int, ...]


def _stamp(path: str) -> tuple[str, int, int]:
    """A file as it is now: its path, size and modification time (nothing if missing)."""
    try:
        found = os.stat(path)
    except OSError:
        return (path, -1, -1)
    return (path, found.st_size, found.st_mtime_ns)


@lru_cache(maxsize=8)
def _contents(deck: tuple[str, int, int], module: tuple[str, int, int] | None
              ) -> tuple[Box, Module | None]:
    box = load(deck[0])
    return box, load_module(module[0], box.encounters) if module else None


def one_game(sweep: Sweep, number: int) -> Caverns:
    """Game number ``number`` of a sweep, played by random bots (with the fog of war's rules
    of thumb, :mod:`.bots`). The sweep's files are read
    once per process (again if they change)."""
    box, story = _contents(_stamp(sweep.deck), _stamp(sweep.module) if sweep.module else None)
    rng = np.random.default_rng(np.random.SeedSequence(sweep.seed, spawn_key=(number,)))
    # resolved straight to its end: a bot run keeps no log to save or undo (issue 19)
    return resolve(start(box, sweep.players, story, veteran_seats(sweep.veterans,
                                                                  sweep.players)),
                   policy(rng))


def play_games(sweep: Sweep, games: int, workers: int = 1) -> list[Caverns]:
    """The final tables of ``games`` games, in game order; ``workers`` local processes."""
    return in_order(one_game, sweep, games, workers)


def simulate(players: int, games: int, seed: int, deck: str | Path | None = None,
             module: str | Path | None = None, veterans: Sequence[int] = (),
             workers: int = 1) -> dict[str, Any]:
    """The report of ``games`` games of ``players`` players with random bots (playing an
    Adventure Module if one is given)."""
    box = load(deck or SAMPLE)
    if module:
        load_module(module, box.encounters)  # a bad module fails here, once
    veteran_seats(veterans, players)
    sweep = Sweep(players, seed, str(deck or SAMPLE), str(module or ""), tuple(veterans))
    finals = play_games(sweep, games, workers)
    who = labels(box, players)
    prestige: dict[str, list[int]] = {n: [] for n in who.values()}
    wins: Counter[str] = Counter()
    deaths: Counter[str] = Counter()
    survived: list[int] = []
    rounds: dict[str, list[int]] = {}
    killers: Counter[str] = Counter()
    beasts: Counter[str] = Counter()
    stopped = ties = tied = wiped = 0
    for final in finals:
        for player in final.players:
            prestige[who[player.name]].append(player.score)
            deaths[who[player.name]] += player.dead
        for name in final.winners or ():
            wins[who[name]] += 1
        wiped += not final.winners
        tied += len(final.winners or ()) > 1
        ties += any(f.tiebreak for f in final.fought)
        stopped += any(f.stopped for f in final.fought)
        encounters = [f for f in final.fought if not f.beast]
        party_fell = not final.living() and not (final.fought and final.fought[-1].beast)
        survived.append(len(encounters) - party_fell)
        for fought in encounters:
            rounds.setdefault(fought.name, []).append(fought.rounds)
            killers[fought.name] += len(fought.died)
        for fought in final.fought:
            if fought.beast:
                won = final.winners == (fought.beast,)
                beasts[f"{'the Wereboar' if won else 'the party'} won"] += 1
    return {"players": players, "games": games, "seed": seed,
            "prestige_per_character": {n: round(float(np.mean(v)), 2)
                                       for n, v in prestige.items()},
            "wins_per_character": {n: wins[n] for n in prestige},
            "deaths_per_character": {n: deaths[n] for n in prestige},
            "party_wiped": wiped,
            "games_tied_after_the_last_encounter": ties,
            "games_ending_in_a_tie": tied,
            "encounters_survived": round(float(np.mean(survived)), 2),
            "rounds_per_encounter": {n: round(float(np.mean(v)), 2)
                                     for n, v in sorted(rounds.items())},
            "players_killed_by_encounter": dict(sorted(
                (n, c) for n, c in killers.items() if c)),
            "wereboar_fights": dict(sorted(beasts.items())),
            "games_with_an_encounter_stopped_by_the_round_limit": stopped,
            "round_limit": MAX_ROUNDS}

