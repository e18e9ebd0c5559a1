"""Saved games: the setup, the seed for chance, and the option numbers chosen so far.

A save holds no game state: loading replays the choices from the setup (DESIGN.md, "a save
is setup + log"). The file is ``MAGIC``, a CRC-32 of the rest, then one msgpack map with
a format version. It is written atomically (a temporary file beside it, flushed to disk,
then renamed over the old one), so a crash leaves either the old save or the new one. A
truncated, corrupt, foreign or newer file is refused with one line; msgpack's limits are set
so a hostile file cannot make the reader allocate much.
"""

from __future__ import annotations

import os
import tempfile
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack
import numpy as np

from tales.engine.state import Setup
from tales.errors import TalesError

MAGIC = b"TALESAV1"
FORMAT = "tales-game"
VERSION = 2
MAX_BYTES = 64 * 1024 * 1024
MAX_CHOICES = 5_000_000


class SaveError(TalesError):
    """A save file that cannot be read as a game save."""


class OtherKindOfFile(SaveError):
    """A file that is not a save of the kind asked for (another kind of save, or not a
    save at all), as opposed to a damaged or newer one."""


@dataclass(frozen=True)
class SavedGame:
    """What a game save holds."""

    setup: Setup
    seed: int
    choices: tuple[int, ...]


def _plain(value: Any) -> Any:
    """msgpack's hook for values it does not know: numpy scalars as Python numbers; nothing
    else is written (a programming error, not a user's)."""
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    raise TypeError(f"cannot save a {type(value).__name__}")


def pack(kind: str, version: int, payload: dict[str, Any]) -> bytes:
    """A save file's bytes: ``MAGIC``, CRC-32, msgpack of ``payload`` with its format and
    version."""
    try:
        body: bytes = msgpack.packb({"format": kind, "version": version, **payload},
                                    use_bin_type=True, default=_plain)
    except (UnicodeEncodeError, ValueError, OverflowError) as bad:
        raise SaveError(f"cannot save this: {bad}") from None
    return MAGIC + zlib.crc32(body).to_bytes(4, "big") + body


def unpack(data: bytes, source: str, kind: str, version: int,
           migrations: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]],
           what: str = "tales game save") -> dict[str, Any]:
    """The payload of a save file, migrated to ``version``; :class:`SaveError` naming
    ``source`` for anything that is not a good save of ``kind``."""
    if len(data) > MAX_BYTES:
        raise SaveError(f"{source}: too large to be a save ({len(data)} bytes)")
    if not data:
        raise OtherKindOfFile(f"{source}: empty (not a {what})")
    head = MAGIC[:-1]  # "TALESAV" then the container version
    if not data.startswith(head[:len(data)]) or (len(data) >= len(head) and not data.startswith(
            head)):
        raise OtherKindOfFile(f"{source}: not a {what}")
    if len(data) < len(MAGIC) + 4:
        raise SaveError(f"{source}: truncated")
    if data[:len(MAGIC)] != MAGIC:
        raise SaveError(f"{source}: a save from a newer version of tales")
    crc = int.from_bytes(data[len(MAGIC):len(MAGIC) + 4], "big")
    body = data[len(MAGIC) + 4:]
    if zlib.crc32(body) != crc:
        raise SaveError(f"{source}: corrupt or truncated (checksum mismatch)")
    try:
        payload = msgpack.unpackb(
            body, raw=False, strict_map_key=True,
            max_str_len=1 << 20, max_bin_len=0, max_array_len=MAX_CHOICES,
            max_map_len=4096, max_ext_len=0)
    except (ValueError, msgpack.ExtraData, msgpack.FormatError, msgpack.StackError) as bad:
        raise SaveError(f"{source}: corrupt ({bad})") from None
    if not isinstance(payload, dict) or payload.get("format") != kind:
        raise OtherKindOfFile(f"{source}: not a {what}")
    found = payload.get("version")
    if isinstance(found, bool) or not isinstance(found, int) or found < 1:
        raise SaveError(f"{source}: malformed save (format version {found!r})")
    if found > version:
        raise SaveError(f"{source}: format version {found} is newer than this tales "
                        f"reads ({version})")
    migrated: dict[str, Any] = payload
    while found < version:  # the migration path: one step per version
        migrated = migrations[found](migrated)
        found += 1
    return migrated


def game_payload(game: SavedGame) -> dict[str, Any]:
    """A game's plain values (also inside a campaign save)."""
    return {"setup": game.setup.to_dict(), "seed": int(game.seed),
            "choices": [int(c) for c in game.choices]}


def game_from_payload(payload: Mapping[str, Any], source: str) -> SavedGame:
    """A game from :func:`game_payload`'s values; :class:`SaveError` if malformed."""
    try:
        setup = Setup.from_dict(payload["setup"])
        seed = payload["seed"]
        choices = payload["choices"]
        if isinstance(seed, bool) or not isinstance(seed, int) or not (
                0 <= seed < 2**64) or not isinstance(
                choices, list) or not all(isinstance(c, int) and not isinstance(c, bool)
                                          and c >= 0 for c in choices):
            raise ValueError("bad seed or choices")
    except (KeyError, TypeError, ValueError, AttributeError) as bad:
        raise SaveError(f"{source}: malformed save ({bad})") from None
    return SavedGame(setup, seed, tuple(choices))


def _game_v1_to_v2(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (before Solo Mode and campaigns): no Companion, whole kits."""
    payload = {**payload, "version": 2}
    if isinstance(payload.get("setup"), dict):
        payload["setup"] = {**payload["setup"], "companion": None, "loadout": None}
    return payload


GAME_MIGRATIONS = {1: _game_v1_to_v2}


def encode(game: SavedGame) -> bytes:
    """The bytes of a game save file."""
    return pack(FORMAT, VERSION, game_payload(game))


def decode(data: bytes, source: str = "<save>") -> SavedGame:
    """A game save from its bytes; :class:`SaveError` naming ``source`` if it is not one."""
    payload = unpack(data, source, FORMAT, VERSION, GAME_MIGRATIONS)
    return game_from_payload(payload, source)


def write_atomic(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temporary file, fsync, rename, fsync of the
    folder): a crash leaves the old file or the new one, never half of one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def write_save(path: str | Path, game: SavedGame) -> None:
    """Write ``game`` to ``path`` atomically."""
    write_atomic(path, encode(game))


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_bytes(path: str | Path) -> bytes:
    """A save file's bytes; :class:`SaveError` for a missing or unreadable file."""
    try:
        return Path(path).read_bytes()
    except OSError as bad:
        raise SaveError(f"{path}: cannot read ({bad.strerror or bad})") from None


def read_save(path: str | Path) -> SavedGame:
    """Read a game save file; one-line errors for a missing, unreadable or bad file."""
    return decode(read_bytes(path), str(path))
