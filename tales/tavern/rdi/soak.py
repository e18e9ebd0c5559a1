"""Soak runs of The Red Dragon Inn: games at random tables, to find what crashes.

Each game draws its whole table from its own seed: the structure (every variant, Boss
Otto with any of his Advanced options), the number of players, a random Character Deck
for each seat (a villain's where the seat plays a Boss deck), the add-ons (the Bar Deck,
Dungeon Training, the Prize Variant, Dungeon and Sea Events, the Pub Crawl) and the bot.
A game that raises is reported with the ``tales tavern simulate`` command that plays it
again. ``tools/soak_tavern.py`` runs thousands; ``tests/tavern/test_soak.py`` draws the
same tables with hypothesis.
"""

from __future__ import annotations

import signal
import threading
import traceback
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from tales.tavern import DECKS
from tales.tavern.rdi import variants
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Mode
from tales.tavern.rdi.simulate import Sweep, one_game

#: The seats each structure is played with (Boss Otto's: his Challengers).
PLAYERS: dict[Mode, tuple[int, ...]] = {
    Mode.INDIVIDUAL: tuple(range(2, 9)),
    Mode.TWO_HEADED_DRAGON: (4, 6, 8),
    Mode.BOSS_BATTLE: (3, 4, 5),
    Mode.TWO_HEADED_BOSS_BATTLE: (4, 6, 8),
    Mode.LEADERS_AND_LACKEYS: (4, 6, 8),
    Mode.BOSS_VERSUS_BOSS: tuple(range(2, 9)),
    Mode.BOSS_OTTO: (1, 2, 3, 4),
}
#: The add-ons, by the ``tales tavern simulate`` option that adds each.
ADDONS = ("--bar-deck", "--dungeon-training", "--prize", "--dungeon-events", "--sea-events",
          "--pub-crawl")
BOTS = ("greedy", "random")


@lru_cache(maxsize=1)
def characters() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The bundled Character Decks' names: all of them, and the villains'."""
    names = tuple(sorted(p.stem for p in (DECKS / "characters").glob("*.toml")))
    villains = tuple(n for n in names
                     if load_character(DECKS / "characters" / f"{n}.toml").villain)
    return names, villains


@lru_cache(maxsize=1)
def dungeons() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in (DECKS / "dungeons").glob("*.toml")))


@dataclass(frozen=True)
class Table:
    """One soak game's table: plain choices, each a position in its list (so hypothesis
    can draw and shrink them) and the game's seed."""

    mode: Mode
    players: int
    picks: tuple[int, ...]  # each seat's deck, among the villains where it plays a Boss's
    addons: frozenset[str]
    bot: str
    seed: int
    dungeon: int = 0
    hard: bool = False

    def sweep(self) -> Sweep:
        """The simulation of this one table."""
        everyone, villains = characters()
        decks = []
        for seat in range(self.players):
            boss = self.mode is not Mode.BOSS_OTTO and variants.boss_deck(self.mode, seat)
            pool = villains if boss else everyone
            decks.append(pool[self.picks[seat % len(self.picks)] % len(pool)])
        on = self.addons
        events = "--dungeon-events" in on or "--sea-events" in on  # Sea needs Dungeon
        return Sweep(
            self.players, self.seed, tuple(decks), None, self.mode, "--bar-deck" in on,
            self.bot,
            dungeons()[self.dungeon % len(dungeons())] if "--dungeon-training" in on else None,
            str(DECKS / "prizes-sample.toml") if "--prize" in on else None,
            str(DECKS / "events" / "dungeon-sample.toml") if events else None,
            str(DECKS / "events" / "sea-sample.toml") if "--sea-events" in on else None,
            str(DECKS / "pub-crawl-sample.toml") if "--pub-crawl" in on else None,
            hard=self.hard and self.mode is Mode.BOSS_OTTO)

    def command(self) -> str:
        """The ``tales tavern simulate`` command that plays this game again."""
        sweep = self.sweep()
        words = ["tales tavern simulate", f"--players {sweep.players}", "--games 1",
                 f"--seed {sweep.seed}", f"--bot {sweep.bot}",
                 f"--variant {sweep.mode.value.replace(' ', '-')}"]
        words += [f"--character {c}" for c in sweep.characters or ()]
        words += ["--bar-deck"] if sweep.bar_deck else []
        words += [f"--dungeon-training {sweep.dungeon}"] if sweep.dungeon else []
        words += [option for option, on in (
            ("--prize", sweep.prizes), ("--dungeon-events", sweep.dungeon_events),
            ("--sea-events", sweep.sea_events), ("--pub-crawl", sweep.pub_crawl),
            ("--hard", sweep.hard)) if on]
        return " ".join(words)


def draw(rng: np.random.Generator) -> Table:
    """A random table."""
    modes = tuple(PLAYERS)
    mode = modes[int(rng.integers(len(modes)))]
    counts = PLAYERS[mode]
    return Table(mode, counts[int(rng.integers(len(counts)))],
                 tuple(int(p) for p in rng.integers(0, 10_000, size=8)),
                 frozenset(a for a in ADDONS if rng.random() < 0.25),
                 BOTS[int(rng.integers(len(BOTS)))], int(rng.integers(2**31)),
                 int(rng.integers(len(dungeons()))), bool(rng.random() < 0.5))


@dataclass(frozen=True)
class Soaked:
    """What one soak game did: its table's command, its decisions, and the error it
    raised (empty if none) with the traceback's last lines."""

    command: str
    decisions: int
    error: str = ""
    where: str = ""


#: Seconds a soak game may take before it counts as stuck (a game takes well under one).
STUCK = 60


class Stuck(Exception):
    """A soak game ran longer than :data:`STUCK` seconds: a loop that never ends."""


def _stuck(signum: int, frame: object) -> None:
    raise Stuck(f"still playing after {STUCK} s")


def play(table: Table) -> Soaked:
    """Play ``table``'s game; an exception, a game still going after :data:`STUCK`
    seconds (on a platform with alarms, in the main thread) or a game that ends with no
    winner is what the soak run is after."""
    timed = hasattr(signal, "SIGALRM") and threading.current_thread() is threading.main_thread()
    if timed:
        before = signal.signal(signal.SIGALRM, _stuck)
        signal.alarm(STUCK)
    try:
        played = one_game(table.sweep(), 0)
    except Exception as error:  # the point of a soak run: any exception at all
        lines = traceback.format_exception(error)
        return Soaked(table.command(), 0, f"{type(error).__name__}: {error}",
                      "".join(lines[-6:]))
    finally:
        if timed:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, before)
    if not played.winners:
        return Soaked(table.command(), played.decisions, "the game ended with no winner")
    return Soaked(table.command(), played.decisions)


def soak_game(seed: int, number: int) -> Soaked:
    """Game ``number`` of a soak run from ``seed`` (its table drawn from both)."""
    return play(draw(np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(number,)))))
