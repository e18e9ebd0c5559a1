"""Campaign saves: one file per campaign in ``campaign_saves/`` (or ``--saves DIR``), with
the last few good saves kept as backups.

A campaign save is the save container of :mod:`tales.engine.saves` (magic, CRC-32, msgpack
with a format name and version) holding the campaign's state and, mid-scenario, the game's
setup, seed and choices: resuming replays them. Every write is atomic and is checked by
reading it back before it replaces anything, so a good save is never overwritten by a bad
one. Before each write the previous save is copied to ``NAME.tales.1`` (and ``.1`` to
``.2``, ``.2`` to ``.3``), each copy atomic and leaving its source in place, so the main
file and every backup always exist, old or new, whenever the process dies. A bad main file
is refused in one line that names the field and the good backups.

A campaign is the file it is saved in: the campaign loaded from ``NAME.tales`` is called
``NAME`` (whatever name a copied file holds), so saving it writes ``NAME.tales`` and never
another campaign's files.
"""

from __future__ import annotations

import os
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tales.campaign.progress import Campaign, campaign_file, check_name, check_progress
from tales.engine.saves import (
    Malformed,
    SaveError,
    copy_atomic,
    pack,
    read_bytes,
    table,
    unpack,
    write_atomic,
)
from tales.errors import TalesError
from tales.locks import holding

FORMAT = "tales-campaign"
VERSION = 1
MIGRATIONS: dict[int, Any] = {}  # none yet: version 1 is the first
BACKUPS = 3
SUFFIX = ".tales"
DEFAULT_FOLDER = Path("campaign_saves")


def path_for(name: str, folder: Path = DEFAULT_FOLDER) -> Path:
    """Where the campaign called ``name`` is saved (a name that is not a plain file name
    is refused, so no save lands outside the folder)."""
    return folder / f"{check_name(name)}{SUFFIX}"


def taken(path: Path) -> bool:
    """Whether anything is at ``path``: a save, or a file that is not one (a link to
    nowhere, a loop of links, a FIFO: loading says what is wrong with it, rather than
    "no campaign")."""
    return os.path.lexists(path)


def playing(name: str, folder: Path = DEFAULT_FOLDER) -> AbstractContextManager[None]:
    """Hold the campaign ``name`` for a ``with`` block (its play, a note, a new one
    over it): another process doing so is refused at once, in one line ("campaign 'C'
    is being played by process 1234"; :mod:`tales.locks`)."""
    return holding(path_for(name, folder), f"campaign {name!r}")


def backup_path(path: Path, n: int) -> Path:
    """Backup number ``n`` (1: the newest) of a save."""
    return path.with_name(f"{path.name}.{n}")


def encode(campaign: Campaign) -> bytes:
    """The bytes of a campaign save."""
    return pack(FORMAT, VERSION, {"campaign": campaign.to_dict()})


def decode(data: bytes, source: str) -> Campaign:
    """A campaign from a save's bytes; :class:`SaveError` naming ``source`` if it is not a
    good campaign save."""
    payload = unpack(data, source, FORMAT, VERSION, MIGRATIONS, "tales campaign save")
    try:
        table(payload, "", ("format", "version", "campaign"))
        return Campaign.from_dict(payload["campaign"], source)
    except Malformed as bad:
        raise SaveError(f"{source}: malformed campaign save ({bad})") from None


def checked(campaign: Campaign, source: str) -> Campaign:
    """``campaign`` if it follows its campaign file (:func:`check_progress`);
    :class:`SaveError` naming ``source`` and the field if not. A campaign file that cannot
    be read is not the save's fault: the commands that play or show it say so."""
    try:
        file = campaign_file(campaign)
    except TalesError:
        return campaign
    try:
        check_progress(campaign, file)
    except Malformed as bad:
        raise SaveError(f"{source}: inconsistent campaign save ({bad})") from None
    return campaign


def read(path: Path, name: str | None = None) -> Campaign:
    """The campaign saved in ``path``, checked against its campaign file, called ``name``
    (the file's, not the one it holds)."""
    campaign = checked(decode(read_bytes(path), str(path)), str(path))
    return campaign if name is None else replace(campaign, name=name)


def save(campaign: Campaign, folder: Path = DEFAULT_FOLDER) -> Path:
    """Save ``campaign`` atomically, keeping the previous good saves as backups."""
    path = path_for(campaign.name, folder)
    data = encode(campaign)
    if decode(data, str(path)) != campaign:  # never write what would not read back
        raise SaveError(f"{path}: the save would not read back; nothing was written")
    old = _good_bytes(path)
    try:
        if old is not None and old != data:
            for n in range(BACKUPS, 1, -1):
                newer = backup_path(path, n - 1)
                if newer.exists():
                    copy_atomic(newer, backup_path(path, n))
            copy_atomic(path, backup_path(path, 1))
        write_atomic(path, data)
    except OSError as bad:
        raise SaveError(f"{path}: cannot save ({bad.strerror or bad})") from None
    return path


def is_campaign_save(path: Path) -> bool:
    """Whether ``path`` holds a campaign save (the only file an export writes over)."""
    return _good_bytes(path) is not None


def _good_bytes(path: Path) -> bytes | None:
    try:
        data = read_bytes(path)
        decode(data, str(path))
    except (OSError, SaveError):
        return None
    return data


@dataclass(frozen=True)
class Backup:
    """A backup of a campaign save and whether it is good."""

    number: int
    path: Path
    campaign: Campaign | None
    problem: str = ""


def backups(path: Path) -> list[Backup]:
    """The backups of a save, newest first, each read and checked."""
    found = []
    for n in range(1, BACKUPS + 1):
        candidate = backup_path(path, n)
        if not candidate.exists():
            continue
        try:
            found.append(Backup(n, candidate, read(candidate)))
        except SaveError as bad:
            found.append(Backup(n, candidate, None, str(bad)))
    return found


def load(name: str, folder: Path = DEFAULT_FOLDER, backup: int | None = None) -> Campaign:
    """Load the campaign saved as ``name`` (or its backup number ``backup``), called
    ``name`` whatever name the file holds; a bad save is one line naming the good backups
    to continue from."""
    path = path_for(name, folder)
    if backup is not None:
        return read(backup_path(path, backup), name)
    if not taken(path) and not backups(path):
        known = ", ".join(list_names(folder)) or "none"
        raise SaveError(f"no campaign {name!r} in {folder} (campaigns: {known})")
    try:
        return read(path, name)
    except SaveError as bad:
        good = [b for b in backups(path) if b.campaign is not None]
        offer = ("; good backups: " + ", ".join(
            f"{b.number} ({describe(b.campaign)})" for b in good if b.campaign)
            + " (continue with --backup N)") if good else "; no good backup"
        raise SaveError(f"{bad}{offer}") from None


def describe(campaign: Campaign) -> str:
    """A few words on where a campaign stands."""
    game = campaign.game
    where = f"scenario {campaign.next + 1}"
    if game is not None:
        where += f", {len(game.choices)} choices into it"
    return where


def list_names(folder: Path = DEFAULT_FOLDER) -> list[str]:
    """The campaigns saved in ``folder``."""
    if not folder.exists():
        return []
    try:
        return sorted(p.name[: -len(SUFFIX)] for p in folder.iterdir()
                      if p.name.endswith(SUFFIX))
    except OSError as error:  # a file, or a folder that cannot be read: not "no campaigns"
        raise TalesError(f"{folder}: cannot list the campaigns ({error.strerror})") from None
