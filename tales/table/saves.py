"""Table saves: a game kept by ``tales table``, in msgpack, written atomically.

The file is a game save of its own kind (``tales-table``): the setup, the seed for what
the tool draws, the table's entries (option numbers, as a game save's choices) and the
game's id, so a save is never written over a file that holds another game (another
table game, a ``tales play`` save, a campaign, or any other file).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
from tales.table.defaults import BY_NAME

FORMAT = "tales-table"
VERSION = 1
WHAT = "tales table save"


@dataclass(frozen=True)
class TableSave:
    """What a table save holds."""

    game_id: str
    game: SavedGame
    defaults: Mapping[str, str] = field(default_factory=dict)  # the table's standing answers
    defaulted: frozenset[int] = frozenset()  # the entries they gave (by number)


def encode(save: TableSave) -> bytes:
    extra: dict[str, Any] = {}
    if save.defaults:
        extra["defaults"] = dict(save.defaults)
    if save.defaulted:
        extra["defaulted"] = sorted(save.defaulted)
    return pack(FORMAT, VERSION, {"game_id": save.game_id, **extra,
                                  **game_payload(save.game)})


def decode(data: bytes, source: str) -> TableSave:
    """A table save from its bytes; :class:`SaveError` naming ``source`` if it is not one."""
    payload = unpack(data, source, FORMAT, VERSION, {}, WHAT)
    try:
        game_id = text(payload.get("game_id"), "game_id", 64)
        rest = {k: v for k, v in payload.items() if k not in TABLE_FIELDS}
        game = game_fields(rest)
        return TableSave(game_id, game, _defaults(payload.get("defaults", {})),
                         _defaulted(payload.get("defaulted", []), len(game.choices)))
    except Malformed as bad:
        raise SaveError(f"{source}: malformed table save ({bad})") from None


TABLE_FIELDS = ("game_id", "defaults", "defaulted")


def _defaults(value: Any) -> dict[str, str]:
    """The ``defaults`` field: each a known default with one of its values."""
    if not isinstance(value, dict):
        raise Malformed("defaults", "a table of the table's defaults")
    for name, setting in value.items():
        default = BY_NAME.get(name)
        if default is None:
            raise Malformed("defaults", f"no default {name!r}")
        if setting not in default.values:
            raise Malformed(f"defaults.{name}", f"one of {', '.join(default.values)}")
    return dict(value)


def _defaulted(value: Any, entries: int) -> frozenset[int]:
    """The ``defaulted`` field: entry numbers within the save's choices."""
    if not isinstance(value, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n < entries
            for n in value):
        raise Malformed("defaulted", f"a list of entry numbers from 0 to {entries - 1}")
    return frozenset(value)


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
