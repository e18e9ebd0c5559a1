"""Table saves: a game kept by ``tales table``, in msgpack, written atomically.

The file is a game save of its own kind (``tales-table``): the setup, the seed for what
the tool draws, the table's entries (option numbers, as a game save's choices) and the
game's id, so a save is never written over a file that holds another game (another
table game, a ``tales play`` save, a campaign, or any other file).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tales.engine.saves import (
    Malformed,
    OtherKindOfFile,
    SavedGame,
    SaveError,
    game_fields,
    game_payload,
    pack,
    read_bytes,
    text,
    unpack,
    write_atomic,
)

FORMAT = "tales-table"
VERSION = 1
WHAT = "tales table save"


@dataclass(frozen=True)
class TableSave:
    """What a table save holds."""

    game_id: str
    game: SavedGame


def encode(save: TableSave) -> bytes:
    return pack(FORMAT, VERSION, {"game_id": save.game_id, **game_payload(save.game)})


def decode(data: bytes, source: str) -> TableSave:
    """A table save from its bytes; :class:`SaveError` naming ``source`` if it is not one."""
    payload = unpack(data, source, FORMAT, VERSION, {}, WHAT)
    try:
        game_id = text(payload.get("game_id"), "game_id", 64)
        rest = {k: v for k, v in payload.items() if k != "game_id"}
        return TableSave(game_id, game_fields(rest))
    except Malformed as bad:
        raise SaveError(f"{source}: malformed table save ({bad})") from None


def read_table_save(path: str | Path) -> TableSave:
    """Read a table save; one line for a missing, unreadable or bad file."""
    return decode(read_bytes(path), str(path))


def write_table_save(path: str | Path, save: TableSave) -> None:
    """Write ``save`` atomically, never over a file that is not this game's save."""
    path = Path(path)
    if path.exists():
        try:
            there = read_table_save(path)
        except OtherKindOfFile:
            raise SaveError(f"{path}: not a {WHAT}; it is not written over") from None
        except SaveError as bad:
            raise SaveError(f"{bad}; it is not written over") from None
        if there.game_id != save.game_id:
            raise SaveError(f"{path}: holds another table game; it is not written over "
                            "(resume it with --resume, or save elsewhere)")
    data = encode(save)
    if decode(data, str(path)) != save:
        raise SaveError(f"{path}: the save would not read back; nothing was written")
    write_atomic(path, data)
