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

from tales.engine.saves import SaveError, first_free, pack, read_bytes, unpack, write_atomic
from tales.tavern.encounter.model import EDITION

KIND = "tales-encounter-game"
#: 2: the save says the rules' edition it was played by (a version 1 save: edition 1)
VERSION = 2
WHAT = "tales encounter game save"


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
    """A save from its bytes; one-line :class:`SaveError` naming ``source`` otherwise."""
    payload = unpack(data, source, KIND, VERSION, {1: _edition_1}, what=WHAT)

    def whole(key: str) -> int:
        value = payload.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise SaveError(f"{source}: malformed save ({key!r} is not a whole number)")
        return value

    def numbers(key: str) -> tuple[int, ...]:
        value: Any = payload.get(key)
        if not isinstance(value, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value):
            raise SaveError(f"{source}: malformed save ({key!r} is not a list of numbers)")
        return tuple(value)

    texts = [payload.get("deck"), payload.get("module")]
    if not all(isinstance(t, str) for t in texts):
        raise SaveError(f"{source}: malformed save ('deck' and 'module' are file names)")
    edition = whole("edition")
    if not 1 <= edition <= EDITION:
        raise SaveError(f"{source}: malformed save (rules edition {edition} is not 1 to "
                        f"{EDITION})")
    table = Table(whole("players"), whole("people"), whole("seed"), str(texts[0]),
                  str(texts[1]), numbers("veterans"), edition)
    return Saved(table, numbers("choices"))


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
