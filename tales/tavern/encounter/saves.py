"""Saved encounter games at the terminal: the table (players, people, seed, the game and
module files, veterans) and every answer given so far, as option numbers. Loading replays
the answers (a save holds no game state). The file is the engine's save container
(:func:`tales.engine.saves.pack`: magic, checksum, msgpack) of its own kind, written
atomically; a file holding anything else, or another game, is never written over.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tales.engine.saves import (
    UNSIGNED_64,
    Malformed,
    SaveError,
    first_free,
    option_numbers,
    pack,
    read_bytes,
    table,
    text,
    unpack,
    whole,
    write_atomic,
)
from tales.tavern.encounter.model import EDITION

KIND = "tales-encounter-game"
#: 2: the save says the rules' edition it was played by (a version 1 save: edition 1)
VERSION = 2
WHAT = "tales encounter game save"
#: The players an encounter game seats (``tales tavern encounter play --players``).
PLAYERS = (2, 6)
#: The most answers a save holds: a game makes a few hundred to 1,500 (random bots, 2 to 6
#: players); this many replay in about a second.
MAX_CHOICES = 50_000
FIELDS = ("players", "people", "seed", "deck", "module", "veterans", "edition", "choices")


@dataclass(frozen=True)
class Table:
    """What a game is set up with: it replays from this and its answers."""

    players: int
    people: int
    seed: int
    deck: str = ""  # the game file ("": the bundled sample)
    module: str = ""  # an Adventure Module file ("": none)
    veterans: tuple[int, ...] = ()
    edition: int = EDITION  # the rules' edition (:data:`.model.EDITION`): replayed by it


@dataclass(frozen=True)
class Saved:
    table: Table
    choices: tuple[int, ...]


def encode(saved: Saved) -> bytes:
    table = saved.table
    return pack(KIND, VERSION, {"players": table.players, "people": table.people,
                                "seed": table.seed, "deck": table.deck,
                                "module": table.module, "veterans": list(table.veterans),
                                "edition": table.edition,
                                "choices": list(saved.choices)})


def decode(data: bytes, source: str) -> Saved:
    """A save from its bytes, every field checked (its type, its range, no key unknown or
    missing): a table the game cannot seat (1 or 100 players, no person, a veteran seat
    past the last) is refused as a bad file is, in one :class:`SaveError` line naming
    ``source`` and the field."""
    payload = unpack(data, source, KIND, VERSION, {1: _edition_1}, what=WHAT)
    try:
        return _fields(payload)
    except Malformed as bad:
        raise SaveError(f"{source}: malformed save ({bad})") from None


def _fields(payload: dict[str, Any]) -> Saved:
    data = table(payload, "", ("format", "version", *FIELDS))
    players = whole(data["players"], "players", *PLAYERS)
    people = whole(data["people"], "people", 1, players)
    seed = whole(data["seed"], "seed", 0, UNSIGNED_64 - 1)
    deck = text(data["deck"], "deck", empty=True)
    module = text(data["module"], "module", empty=True)
    veterans = data["veterans"]
    if not isinstance(veterans, list) or len(veterans) > players:
        raise Malformed("veterans", f"a list of at most {players} seat numbers")
    for n, seat in enumerate(veterans):
        whole(seat, f"veterans[{n}]", 1, players)
        if seat in veterans[:n]:
            raise Malformed(f"veterans[{n}]", f"seat {seat} twice")
    edition = whole(data["edition"], "edition", 1, EDITION)  # the rules' edition
    return Saved(Table(players, people, seed, deck, module, tuple(veterans), edition),
                 option_numbers(data["choices"], most=MAX_CHOICES))


def _edition_1(payload: dict[str, Any]) -> dict[str, Any]:
    """A version 1 save was played by the rules' edition 1 (before issue 42)."""
    return {**payload, "edition": 1}


def read(path: str | Path) -> Saved:
    return decode(read_bytes(path), str(path))


def write(path: str | Path, saved: Saved) -> None:
    """Write ``saved`` to ``path`` atomically, unless ``path`` holds something else: a file
    that is not an encounter game save, or the save of another game (another table, or
    answers that are not where this game came from). A path that cannot be written is a
    one-line :class:`SaveError` naming it (not the temporary file written first)."""
    target = Path(path)
    if target.exists():
        try:
            there = read(target)
        except SaveError:
            raise SaveError(f"{target}: not this game's save; not written over") from None
        if not _same_game(there, saved):
            raise SaveError(f"{target}: holds another game; not written over")
    folder = target.parent
    if folder.exists() and not folder.is_dir():
        raise SaveError(f"{target}: cannot save there ({folder} is not a folder)")
    try:
        write_atomic(target, encode(saved))
    except OSError as bad:
        raise SaveError(f"{target}: cannot save there ({bad.strerror or bad})") from None


def _same_game(there: Saved, saved: Saved) -> bool:
    """Is ``there`` an earlier save of ``saved``'s game (its table, its answers a
    beginning of ours)?"""
    return there.table == saved.table and there.choices == saved.choices[:len(there.choices)]


def free_path(path: Path, saved: Saved) -> Path:
    """``path``, or the first ``name-2``, ``name-3``... that is free or holds this game
    (:func:`tales.engine.saves.first_free`)."""
    def ours(target: Path) -> bool:
        if not target.exists():
            return True
        try:
            return _same_game(read(target), saved)
        except SaveError:
            return False
    return first_free(path, ours)
