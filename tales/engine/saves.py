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
from dataclasses import dataclass
from pathlib import Path

import msgpack

from tales.engine.state import Setup
from tales.errors import TalesError

MAGIC = b"TALESAV1"
FORMAT = "tales-game"
VERSION = 1
MAX_BYTES = 64 * 1024 * 1024
MAX_CHOICES = 5_000_000


class SaveError(TalesError):
    """A save file that cannot be read as a game save."""


@dataclass(frozen=True)
class SavedGame:
    """What a game save holds."""

    setup: Setup
    seed: int
    choices: tuple[int, ...]


def encode(game: SavedGame) -> bytes:
    """The bytes of a save file."""
    body: bytes = msgpack.packb({
        "format": FORMAT, "version": VERSION, "setup": game.setup.to_dict(),
        "seed": int(game.seed), "choices": [int(c) for c in game.choices],
    }, use_bin_type=True)
    return MAGIC + zlib.crc32(body).to_bytes(4, "big") + body


def decode(data: bytes, source: str = "<save>") -> SavedGame:
    """A save from its bytes; :class:`SaveError` naming ``source`` if it is not one."""
    if len(data) > MAX_BYTES:
        raise SaveError(f"{source}: too large to be a save ({len(data)} bytes)")
    if not data:
        raise SaveError(f"{source}: empty (not a tales game save)")
    head = MAGIC[:-1]  # "TALESAV" then the container version
    if not data.startswith(head[:len(data)]) or (len(data) >= len(head) and not data.startswith(
            head)):
        raise SaveError(f"{source}: not a tales game save")
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
            max_map_len=64, max_ext_len=0)
    except (ValueError, msgpack.ExtraData, msgpack.FormatError, msgpack.StackError) as bad:
        raise SaveError(f"{source}: corrupt ({bad})") from None
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise SaveError(f"{source}: not a tales game save")
    version = payload.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError(f"{source}: malformed save (format version {version!r})")
    if version > VERSION:
        raise SaveError(f"{source}: format version {version} is newer than this tales "
                        f"reads ({VERSION})")
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


def write_save(path: str | Path, game: SavedGame) -> None:
    """Write ``game`` to ``path`` atomically (temporary file, fsync, rename)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = encode(game)
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


def read_save(path: str | Path) -> SavedGame:
    """Read a save file; one-line errors for a missing, unreadable or bad file."""
    try:
        data = Path(path).read_bytes()
    except OSError as bad:
        raise SaveError(f"{path}: cannot read ({bad.strerror})") from None
    return decode(data, str(path))
