"""Dice as data: the Damage, Epic, Doom, Scheme and Pooky's dice and their faces.

The rules describe the dice (glossary: Damage Die, Epic Die, Doom Die, Scheme Die,
Critical Hit, Inspire) but not their faces, so the faces are read from a TOML file
(``tales/data/dice.toml`` by default, an assumption documented there; a user may give
their own). Rolling is a chance :class:`~tales.rules.decisions.Decision` whose options are
the faces: a driver answers it with a seeded generator, or a person types in what the
physical die showed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from tales.board.mapfile import LineFinder, read_data, read_toml
from tales.errors import ContentError
from tales.rules.decisions import Decider, Decision, Resolution

FACE_KEYS = frozenset({"damage", "crit", "inspire", "doom", "scheme"})


class DieKind(StrEnum):
    """The dice of the game."""

    DAMAGE = "damage"
    EPIC = "epic"
    DOOM = "doom"
    SCHEME = "scheme"
    POOKY = "pooky"


@dataclass(frozen=True, slots=True)
class Face:
    """What one face of a die shows."""

    damage: int = 0
    crit: bool = False
    inspire: int = 0
    doom: bool = False
    scheme: int | None = None

    def __str__(self) -> str:
        parts = []
        if self.damage:
            parts.append(f"{self.damage} damage")
        if self.crit:
            parts.append("Critical Hit")
        if self.inspire:
            parts.append(f"{self.inspire} Inspire")
        if self.doom:
            parts.append("Doom")
        if self.scheme is not None:
            parts.append(f"Scheme {self.scheme}")
        return ", ".join(parts) or "blank"


@dataclass(frozen=True, slots=True)
class Die:
    """A die: its faces, equally likely (a face listed twice is twice as likely)."""

    kind: DieKind
    faces: tuple[Face, ...]

    @property
    def probabilities(self) -> tuple[float, ...]:
        """The chance of each listed face."""
        return (1.0 / len(self.faces),) * len(self.faces)  # no generator: asked every roll


@dataclass(frozen=True)
class Dice:
    """A full set of dice, one per :class:`DieKind`."""

    dice: dict[DieKind, Die]
    source: str
    assumption: bool = False

    def __getitem__(self, kind: DieKind) -> Die:
        return self.dice[kind]


def dice_count(n: int, kind: str = "") -> str:
    """``n`` dice in words, singular for one: "1 Damage Die", "2 Epic Dice", "3 dice"."""
    word = ("Die" if n == 1 else "Dice") if kind else ("die" if n == 1 else "dice")
    return f"{n} {kind} {word}" if kind else f"{n} {word}"


def roll(die: Die, why: str, battle: Any = None, meaning: Any = None,
         state: Any = None) -> Resolution[Face]:
    """Roll ``die``: a chance Decision over its faces (asked on ``battle``, where the
    caller has the table at hand, and ``state``, the game's, where it has that; ``meaning``:
    what each face means here, such as the Scheme a Scheme Die face picks, for whoever
    types in the roll)."""
    kind = die.kind.value  # read once: an enum's value is a Python property
    face: Face = yield Decision(
        f"roll-{kind}", f"roll the {kind} die: {why}", die.faces,
        Decider.CHANCE, None, die.probabilities, battle=battle, detail=meaning, state=state)
    return face


def load_dice(path: str | Path | None = None) -> Dice:
    """Dice from a TOML file; with no path, the bundled default (an assumption)."""
    text, source = read_data(path, "dice.toml")
    return parse_dice(text, source)


def parse_dice(text: str, source: str = "<dice>") -> Dice:
    """Build the dice of a dice file's text; every error names the file, line and die."""
    data = read_toml(text, source)
    lines = LineFinder(text)
    for key in data:
        if key not in ("dice", "assumption"):
            raise ContentError(source, f"unknown key {key!r} (a dice file has: dice, "
                               "assumption)", lines.of_key(key))
    table = data.get("dice")
    if not isinstance(table, dict):
        raise ContentError(source, "no [dice.NAME] tables (damage, epic, doom, scheme, pooky)")
    dice: dict[DieKind, Die] = {}
    assumption = data.get("assumption", False)
    if not isinstance(assumption, bool):
        raise ContentError(source, "'assumption' must be true or false",
                           lines.of_key("assumption"))
    header_lines: dict[DieKind, int | None] = {}
    for name, spec in table.items():
        line = lines.of_table(rf"dice\.([\"']?){re.escape(name)}\1")
        try:
            kind = DieKind(name)
        except ValueError:
            known = ", ".join(k.value for k in DieKind)
            raise ContentError(source, f"unknown die {name!r} (dice: {known})", line) from None
        if isinstance(spec, dict):
            for key in spec:
                if key != "faces":
                    raise ContentError(source, f"dice.{name}: unknown key {key!r} (a die has: "
                                       "faces)", lines.of_key(key, line or 0) or line)
        faces = spec.get("faces") if isinstance(spec, dict) else None
        if not isinstance(faces, list) or not faces:
            raise ContentError(source, f"dice.{name}: 'faces' must be a list of faces",
                               line)
        dice[kind] = Die(kind, tuple(_face(f, name, n, source, line)
                                     for n, f in enumerate(faces, 1)))
        header_lines[kind] = line
    missing = [k.value for k in DieKind if k not in dice]
    if missing:
        raise ContentError(source, f"missing dice: {', '.join(missing)}")
    _check_kinds(dice, source, header_lines)
    return Dice(dice, source, assumption)


#: The most damage or Inspire icons one face may show (the printed dice show 0 to 3).
MOST_ON_A_FACE = 20


def _face(spec: Any, die: str, n: int, source: str, line: int | None) -> Face:
    where = f"dice.{die}, face {n}"
    if not isinstance(spec, dict):
        raise ContentError(source, f"{where}: a face is a table such as {{damage = 1}}", line)
    for key in spec:
        if key not in FACE_KEYS:
            raise ContentError(source, f"{where}: unknown key {key!r} (a face has: "
                               f"{', '.join(sorted(FACE_KEYS))})", line)

    def count(key: str) -> int:
        value = spec.get(key, 0)
        if (isinstance(value, bool) or not isinstance(value, int) or value < 0
                or value > MOST_ON_A_FACE):
            raise ContentError(source, f"{where}: '{key}' must be a whole number, 0 to "
                               f"{MOST_ON_A_FACE}", line)
        return value

    def flag(key: str) -> bool:
        value = spec.get(key, False)
        if not isinstance(value, bool):
            raise ContentError(source, f"{where}: '{key}' must be true or false", line)
        return value

    scheme = spec.get("scheme")
    if scheme is not None and (isinstance(scheme, bool) or not isinstance(scheme, int)
                               or scheme < 1):
        raise ContentError(source, f"{where}: 'scheme' must be a whole number, 1 or more",
                           line)
    return Face(count("damage"), flag("crit"), count("inspire"), flag("doom"), scheme)


def _check_kinds(
    dice: dict[DieKind, Die], source: str, lines: dict[DieKind, int | None]
) -> None:
    for kind in (DieKind.DAMAGE, DieKind.EPIC):
        die = dice[kind]
        if all(f.crit for f in die.faces):
            raise ContentError(source, f"dice.{kind.value}: every face is a Critical Hit, so "
                               "a roll would never end", lines.get(kind))
    for kind in (DieKind.SCHEME, DieKind.POOKY):
        if any(f.scheme is None for f in dice[kind].faces):
            raise ContentError(source, f"dice.{kind.value}: every face needs a 'scheme' number",
                               lines.get(kind))
