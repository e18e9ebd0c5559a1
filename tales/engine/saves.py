"""Saved games: the setup, the seed for chance, and the option numbers chosen so far.

A save holds no game state: loading replays the choices from the setup (DESIGN.md, "a save
is setup + log"). The file is ``MAGIC``, a CRC-32 of the rest, then one msgpack map with
a format version. It is written atomically (a temporary file beside it, flushed to disk,
then renamed over the old one), so a crash leaves either the old save or the new one; the
temporary files a killed process left beside a save are removed by its next save. A
truncated, corrupt, foreign or newer file is refused with one line; msgpack's limits (the
length of each string, array and map, and the number of values in all) are set so a hostile
file cannot make the reader allocate much. Every field is checked (its type, its range, the
keys of each table) and a bad one is refused in one line that names it
(docs/formats.md, "Save validation").
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import tempfile
import zlib
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack
import numpy as np

from tales.engine.state import FIRST_READINGS, FLAGS, GameRules, Loadout, Setup
from tales.errors import TalesError
from tales.files import check_output, is_regular_or_free, read_file

MAGIC = b"TALESAV1"
FORMAT = "tales-game"
VERSION = 2
MAX_BYTES = 64 * 1024 * 1024
MAX_ARRAY = 1_000_000  # the longest array msgpack builds (a campaign's names, a list)
#: The most choices a game save (and a campaign's game, a table save) holds: a game by
#: the rules makes a few hundred (random bots: 110 to 230 on the samples), and replaying
#: this many takes about a second, so a save of any size loads or is refused in under 2 s
MAX_CHOICES = 5_000
MAX_CONTAINERS = 100_000  # arrays and maps in one save, all told
MAX_VALUES = MAX_ARRAY + 100_000  # the items of every array and map, all told
MAX_TEXT = 4096  # a file name, a title, a reason
MAX_NAME = 256  # a Hero's, a card's, an Item's name
MAX_OPTION = 2**32  # a choice is an option number below this
MAX_STEPS = 99  # Power Tree steps
UNSIGNED_64 = 2**64


class SaveError(TalesError):
    """A save file that cannot be read as a game save."""


class Malformed(ValueError):
    """A field of a save that is not what it should be: ``field`` names it
    (``setup.legend``, ``campaign.results[2].rounds``)."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")


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
    body = memoryview(data)[len(MAGIC) + 4:]  # not a copy of up to 64 MB
    if zlib.crc32(body) != crc:
        raise SaveError(f"{source}: corrupt or truncated (checksum mismatch)")
    budget = _Budget()
    try:
        payload = msgpack.unpackb(
            body, raw=False, strict_map_key=True,
            max_str_len=1 << 20, max_bin_len=0, max_array_len=MAX_ARRAY,
            max_map_len=4096, max_ext_len=0, list_hook=budget.array, object_hook=budget.map)
    except _TooMuch as bad:
        raise SaveError(f"{source}: corrupt ({bad})") from None
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


class _TooMuch(Exception):
    """More arrays, maps or values than any save holds."""


class _Budget:
    """Counts what msgpack builds, stopping it (as soon as an array or map is complete)
    when a body holds more than :data:`MAX_CONTAINERS` arrays and maps or
    :data:`MAX_VALUES` values in them: each is bounded by msgpack's length limits, and this
    bounds them all together, so a small file of nested empty arrays cannot fill memory."""

    def __init__(self) -> None:
        self.containers = 0
        self.values = 0

    def _count(self, size: int) -> None:
        self.containers += 1
        self.values += size
        if self.containers > MAX_CONTAINERS:
            raise _TooMuch(f"more than {MAX_CONTAINERS} arrays and maps")
        if self.values > MAX_VALUES:
            raise _TooMuch(f"more than {MAX_VALUES} values")

    def array(self, value: list[Any]) -> list[Any]:
        self._count(len(value))
        return value

    def map(self, value: dict[str, Any]) -> dict[str, Any]:
        self._count(len(value))
        return value


# --- checking fields ---------------------------------------------------------------------------


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def inner(field: str, key: Any) -> str:
    """The name of ``field``'s entry ``key``: ``setup.legend``, or ``setup['a\\nb']`` for a
    key that is not a plain word (a message stays one line)."""
    if isinstance(key, str) and re.fullmatch(r"[A-Za-z0-9_-]{1,40}", key):
        return f"{field}.{key}" if field else key
    return f"{field}[{_shown(key)}]"


def table(value: Any, field: str, keys: Collection[str],
          optional: Collection[str] = ()) -> Mapping[str, Any]:
    """``value`` as a table with exactly ``keys`` (those in ``optional`` may be missing)."""
    if not isinstance(value, dict):
        raise Malformed(field, f"a table, not {_shown(value)}")
    for key in value:
        if key not in keys:
            raise Malformed(inner(field, key), "unknown key")
    for key in keys:
        if key not in value and key not in optional:
            raise Malformed(inner(field, key), "missing")
    return value


def whole(value: Any, field: str, least: int, most: int) -> int:
    """``value`` as a whole number from ``least`` to ``most``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise Malformed(field, f"a whole number, not {_shown(value)}")
    if not least <= value <= most:
        raise Malformed(field, f"{value} is not from {least} to {most}")
    return value


def truth(value: Any, field: str) -> bool:
    """``value`` as true or false (nothing else is read as either)."""
    if not isinstance(value, bool):
        raise Malformed(field, f"true or false, not {_shown(value)}")
    return value


def text(value: Any, field: str, longest: int = MAX_TEXT, empty: bool = False) -> str:
    """``value`` as text of at most ``longest`` characters."""
    if not isinstance(value, str):
        raise Malformed(field, f"text, not {_shown(value)}")
    if not value and not empty:
        raise Malformed(field, "empty")
    if len(value) > longest:
        raise Malformed(field, f"longer than {longest} characters")
    return value


def maybe_text(value: Any, field: str, longest: int = MAX_TEXT) -> str | None:
    """``value`` as text, or None."""
    return None if value is None else text(value, field, longest)


def names(value: Any, field: str, most: int, least: int = 0,
          longest: int = MAX_NAME, twice: bool = False) -> tuple[str, ...]:
    """``value`` as a list of ``least`` to ``most`` different names (the same one more
    than once too, with ``twice``)."""
    if not isinstance(value, list):
        raise Malformed(field, f"a list of names, not {_shown(value)}")
    if not least <= len(value) <= most:
        raise Malformed(field, f"{len(value)} names, not {least} to {most}")
    seen: set[str] = set()  # not value[:n]: 100,000 names would take minutes
    for n, name in enumerate(value):
        text(name, f"{field}[{n}]", longest)
        if not twice and name in seen:
            raise Malformed(f"{field}[{n}]", f"{_shown(name)} twice")
        seen.add(name)
    return tuple(value)


def setup_from_payload(value: Any, field: str = "setup") -> Setup:
    """A game's setup, every field checked (:class:`Malformed` naming the first bad one)."""
    data = table(value, field, set(Setup("", ()).to_dict()), optional=("loadout",))
    text(data["scenario"], f"{field}.scenario")
    names(data["heroes"], f"{field}.heroes", 8, least=1)
    truth(data["legend"], f"{field}.legend")
    maybe_text(data["dice"], f"{field}.dice")
    if data["power_tree_steps"] is not None:
        whole(data["power_tree_steps"], f"{field}.power_tree_steps", 0, MAX_STEPS)
    maybe_text(data["companion"], f"{field}.companion", MAX_NAME)
    rules = table(data["rules"], f"{field}.rules", set(GameRules().to_dict()),
                  optional=set(GameRules().to_dict()))  # a flag added later takes its default
    for flag, reading in rules.items():
        allowed = [v.value for v in FLAGS[flag]]
        if reading not in allowed:
            raise Malformed(f"{field}.rules.{flag}",
                            f"one of {', '.join(allowed)}, not {_shown(reading)}")
    # a flag the save does not name did not exist when it was written: the reading played
    # then (FIRST_READINGS), so an old save replays as it was played
    data = {**data, "rules": {**{k: v for k, v in FIRST_READINGS.items() if k not in rules},
                              **rules}}
    loadout = data.get("loadout")
    if loadout is not None:
        _check_loadout(loadout, f"{field}.loadout")
    try:
        return Setup.from_dict(data)
    except (KeyError, TypeError, ValueError) as bad:  # what the checks above missed
        raise Malformed(field, str(bad)) from None


def _check_loadout(value: Any, field: str) -> None:
    data = table(value, field, set(Loadout({}, {}).to_dict()))
    for part in ("cards", "items"):
        kits = data[part]
        if not isinstance(kits, dict) or len(kits) > 8:
            raise Malformed(f"{field}.{part}", "a table of at most 8 Heroes' names")
        for hero, chosen in kits.items():
            text(hero, f"{field}.{part}", MAX_NAME)
            names(chosen, inner(f"{field}.{part}", hero), 1000)
    if data["hero_cards"] is not None:
        whole(data["hero_cards"], f"{field}.hero_cards", 0, MAX_STEPS)
    allowance = data["allowance"]
    if not isinstance(allowance, list) or len(allowance) != 3:
        raise Malformed(f"{field}.allowance", "[support, major, masterwork]")
    for n, count in enumerate(allowance):
        whole(count, f"{field}.allowance[{n}]", 0, MAX_STEPS)


def game_payload(game: SavedGame) -> dict[str, Any]:
    """A game's plain values (also inside a campaign save)."""
    return {"setup": game.setup.to_dict(), "seed": int(game.seed),
            "choices": [int(c) for c in game.choices]}


def game_fields(value: Any, field: str = "") -> SavedGame:
    """A game from :func:`game_payload`'s values (under ``field``), every field checked:
    :class:`Malformed` naming the first bad one."""
    keys = ("setup", "seed", "choices")
    data = table(value, field, (*keys, "format", "version") if not field else keys)
    inner = f"{field}." if field else ""
    setup = setup_from_payload(data["setup"], f"{inner}setup")
    seed = whole(data["seed"], f"{inner}seed", 0, UNSIGNED_64 - 1)
    return SavedGame(setup, seed, option_numbers(data["choices"], f"{inner}choices"))


def option_numbers(value: Any, field: str = "choices", most: int = MAX_CHOICES
                   ) -> tuple[int, ...]:
    """``value`` as a list of at most ``most`` option numbers (each from 0 to
    :data:`MAX_OPTION`): the choices every kind of save replays, bounded so that replaying
    them takes a second or two at most. Whether each is among the options its Decision
    offers is checked as the save is replayed (:class:`~tales.errors.IllegalChoice`, one
    line)."""
    if not isinstance(value, list):
        raise Malformed(field, f"a list of option numbers, not {_shown(value)}")
    if len(value) > most:
        raise Malformed(field, f"{len(value)} choices, more than a game makes ({most})")
    for n, choice in enumerate(value):
        if isinstance(choice, bool) or not isinstance(choice, int) or not (
                0 <= choice < MAX_OPTION):
            raise Malformed(f"{field}[{n}]", f"an option number, not {_shown(choice)}")
    return tuple(value)


def game_from_payload(payload: Mapping[str, Any], source: str) -> SavedGame:
    """A game from :func:`game_payload`'s values; :class:`SaveError` naming the field if
    malformed."""
    try:
        return game_fields(payload)
    except Malformed as bad:
        raise SaveError(f"{source}: malformed save ({bad})") from None


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


def temporaries(path: Path) -> list[Path]:
    """The temporary files of writes to ``path`` (``.NAME.`` and 8 letters, digits or _): a
    process killed while writing leaves one behind."""
    pattern = re.compile(rf"\.{re.escape(path.name)}\.[a-z0-9_]{{8}}")
    try:
        return [p for p in path.parent.iterdir() if pattern.fullmatch(p.name)]
    except OSError:
        return []


def _clean(path: Path) -> None:
    """Remove the temporary files killed writes to ``path`` left (one writer at a time)."""
    for stale in temporaries(path):
        with contextlib.suppress(OSError):
            stale.unlink()


def write_atomic(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temporary file, fsync, rename, fsync of the
    folder): a crash leaves the old file or the new one, never half of one. It is the one
    way every kind of save is written; it first removes what killed writes to ``path``
    left. Only a regular file is written over (never a device, a FIFO or a folder: as
    root a save to ``/dev/null`` would replace it); anything else is an :class:`OSError`
    and nothing is written."""
    path = Path(path)
    if not is_regular_or_free(path):
        raise OSError(errno.EEXIST, "not a regular file; it is not written over", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    _clean(path)
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


def copy_atomic(source: Path, target: Path) -> None:
    """Make ``target`` a copy of ``source`` atomically, leaving ``source`` where it is: a
    hard link under a temporary name renamed over ``target`` (or, where links are not
    allowed, :func:`write_atomic` of its bytes). At every moment both files exist."""
    _clean(target)
    with contextlib.suppress(OSError):
        if os.path.samefile(source, target):  # already one file (a save stopped after this)
            return
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}")
    try:
        os.link(source, temporary)
    except FileExistsError:
        copy_atomic(source, target)
        return
    except OSError:
        write_atomic(target, source.read_bytes())
        return
    try:
        os.replace(temporary, target)
    finally:  # a rename onto another link to the same file leaves the temporary name
        temporary.unlink(missing_ok=True)


def write_save(path: str | Path, game: SavedGame) -> None:
    """Write ``game`` to ``path`` atomically, if it reads back (a setup out of the ranges a
    save holds, such as 500 Power Tree steps, is one line and nothing is written), and
    only over nothing or a save of this very game (:func:`own_game_save`): never a
    campaign save, a scenario, a device."""
    try:
        check_output(path, ours=own_game_save(game), what="a save of this game")
    except TalesError as bad:
        raise SaveError(str(bad)) from None
    data = encode(game)
    try:
        again = decode(data, str(path))
    except SaveError as bad:
        raise SaveError(f"{bad}; nothing was written") from None
    if again != game:
        raise SaveError(f"{path}: the save would not read back; nothing was written")
    write_atomic(path, data)


def first_free(path: Path, ours: Callable[[Path], bool]) -> Path:
    """``path`` if a save may go there (``ours``: it is free or holds this very game), else
    the first ``name-2``, ``name-3``... that may: a default save file never goes over
    another game's."""
    number = 1
    target = path
    while not ours(target):
        number += 1
        target = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return target


def own_game_save(game: SavedGame) -> Callable[[Path], bool]:
    """Whether a file holds a save of ``game``: the same setup and seed (its choices may be
    more or fewer: a game undone is the same game)."""
    def ours(path: Path) -> bool:
        try:
            there = read_save(path)
        except SaveError:
            return False
        return (there.setup, there.seed) == (game.setup, game.seed)
    return ours


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
    """A save file's bytes (the one reader of :mod:`tales.files`); :class:`SaveError` for
    a missing or unreadable file, or one that is not a regular file."""
    return read_file(path, _unreadable)


def _unreadable(source: str, problem: str) -> SaveError:
    return SaveError(f"{source}: {problem}")


def read_save(path: str | Path) -> SavedGame:
    """Read a game save file; one-line errors for a missing, unreadable or bad file."""
    return decode(read_bytes(path), str(path))
