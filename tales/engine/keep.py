"""Simulated games kept to replay, and the notable games of a run (``tales simulate
--keep DIR``, issue 41).

A simulated game is its setup, its seed and the option numbers every Decision was answered
with (the bots' choices and chance's alike): the same :class:`~tales.engine.saves.SavedGame`
a ``tales play`` save holds, so ``tales view --replay``, ``tales render`` and ``tales play
--resume`` open it. Which games a worker sends back whole is said by :class:`Keep`; the rest
send only their report.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tales.engine.saves import SavedGame, SaveError, own_game_save, write_save
from tales.engine.state import Setup
from tales.errors import TalesError
from tales.files import check_output

if TYPE_CHECKING:
    from tales.engine.simulate import GameReport

#: What ``--keep`` chooses: every game, the games lost, the games stuck.
KINDS = ("all", "losses", "stuck")


@dataclass(frozen=True)
class Keep:
    """Which games to keep: ``kind`` (one of :data:`KINDS`, or None) and these game
    numbers besides (``--keep-game N``)."""

    kind: str | None = None
    games: frozenset[int] = frozenset()

    def __bool__(self) -> bool:
        return self.kind is not None or bool(self.games)

    def wants(self, game: int, result: str, stuck: int) -> bool:
        """Whether game number ``game``, ended in ``result`` (stuck in round ``stuck``, 0:
        never), is kept."""
        return (game in self.games or self.kind == "all"
                or (self.kind == "losses" and result != "victory")
                or (self.kind == "stuck" and stuck > 0))


def save_name(game: int) -> str:
    """The file a kept game is written to in the folder: ``game-00007.sav``."""
    return f"game-{game:05d}.sav"


_SAVE_NAME = re.compile(r"game-(\d{5,})\.sav")


def check_folder(folder: str | Path, keep: Keep, setup: Setup, seed: int, games: int
                 ) -> Path:
    """``folder`` if the kept games can be written in it, checked before any game is
    played: a folder that can be written (made if missing), and no file there that a kept
    game would write over unless it is a save of this very run (the same setup and seed:
    the same command again); a game number of ``--keep-game`` within the games played."""
    beyond = sorted(n for n in keep.games if n >= games)
    if beyond:
        raise TalesError(f"--keep-game {beyond[0]}: the games are numbered 0 to {games - 1}")
    path = Path(folder)
    if path.exists() and not path.is_dir():
        raise TalesError(f"--keep {folder}: is not a folder")
    ours = own_game_save(SavedGame(setup, seed, ()))
    first = 0 if keep.kind is not None else min(keep.games, default=0)
    check_output(path / save_name(first), "--keep", what="a save of this run", ours=ours)
    try:
        there = os.listdir(path) if path.is_dir() else []
    except OSError as bad:
        raise TalesError(f"--keep {folder}: cannot be read ({bad.strerror or bad})") from None
    for name in sorted(there):
        match = _SAVE_NAME.fullmatch(name)
        number = int(match.group(1)) if match else -1
        if 0 <= number < games and (keep.kind is not None or number in keep.games):
            check_output(path / name, "--keep", what="a save of this run", ours=ours)
    return path


def write_kept(folder: Path, setup: Setup, seed: int, report: GameReport) -> Path:
    """Write the game of ``report`` (its choices) as a save in ``folder``; its path."""
    target = folder / save_name(report.game)
    folder.mkdir(parents=True, exist_ok=True)
    try:
        write_save(target, SavedGame(setup, seed, report.choices))
    except (SaveError, OSError) as bad:
        raise TalesError(f"--keep: {bad}") from None
    return target


@dataclass
class Notable:
    """The notable games of a run, by game number (the lowest on a tie, so the same
    whatever order the games arrive in): the first lost, the first stuck, the longest."""

    first_loss: tuple[int, int] | None = None  # (game, rounds)
    first_stuck: tuple[int, int] | None = None  # (game, round stuck in)
    longest: tuple[int, int] | None = None  # (game, rounds)
    kept: dict[int, str] = field(default_factory=dict)  # game -> file written

    def add(self, report: GameReport) -> None:
        """Count one game."""
        game = report.game
        if report.result != "victory" and (self.first_loss is None
                                           or game < self.first_loss[0]):
            self.first_loss = (game, report.rounds)
        if report.stuck and (self.first_stuck is None or game < self.first_stuck[0]):
            self.first_stuck = (game, report.stuck)
        if self.longest is None or (-report.rounds, game) < (-self.longest[1],
                                                              self.longest[0]):
            self.longest = (game, report.rounds)

    def summary(self, seed: int, folder: Path | None = None) -> dict[str, Any]:
        """The notable games (each None when there is none) and the games kept."""
        def one(found: tuple[int, int] | None, what: str) -> dict[str, int] | None:
            return None if found is None else {"seed": seed, "game": found[0],
                                                what: found[1]}

        return {"first_loss": one(self.first_loss, "rounds"),
                "first_stuck": one(self.first_stuck, "round"),
                "longest": one(self.longest, "rounds"),
                "kept": {"folder": None if folder is None else str(folder),
                         "games": len(self.kept),
                         "files": [self.kept[n] for n in sorted(self.kept)]}}


def notable_lines(notable: dict[str, Any]) -> list[str]:
    """The notable games in words, for the report (and the games kept)."""
    said = []
    for key, words, unit in (("first_loss", "first loss", "rounds"),
                             ("first_stuck", "first stuck", "round"),
                             ("longest", "longest", "rounds")):
        found = notable[key]
        if found is None:
            said.append(f"{words}: none")
        else:
            detail = (f"{found[unit]} rounds" if unit == "rounds"
                      else f"stuck in round {found[unit]}")
            said.append(f"{words}: seed {found['seed']}, game {found['game']} ({detail})")
    lines = ["  notable games: " + "; ".join(said)]
    kept = notable["kept"]
    if kept["folder"] is not None:
        lines.append(f"  kept {kept['games']} game{'' if kept['games'] == 1 else 's'} in "
                     f"{kept['folder']} (tales view --replay, tales render, tales play "
                     "--resume open each)")
    return lines
