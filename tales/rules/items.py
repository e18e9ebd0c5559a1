"""Items: the Armory, equipping Items at setup, and Discard Abilities.

Glossary entries: Item ("Types: Support, Major, Masterwork."), Armory ("Collection of
unlocked Item Cards not currently in use."), Vault, Archive, Discard Ability, and Appendix B,
"Additional Setup for Solo Mode", point 1 ("Equip any allowed Support Items and one
extra."). How many Items of each slot a Hero may equip is the scenario's (an
:class:`Allowance`); the printed Item cards are not in the rules this project has: Items
are data, in the form of ``docs/formats.md``, "Items".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from tales.board.mapfile import LineFinder, read_toml
from tales.errors import ContentError, IllegalChoice
from tales.rules.decisions import Decider, Decision, Resolution

ITEM_KEYS = frozenset({"name", "slot"})


class Slot(StrEnum):
    """An Item's type (glossary, Item): the kind of slot it is equipped in."""

    SUPPORT = "support"
    MAJOR = "major"
    MASTERWORK = "masterwork"

    @property
    def rule_name(self) -> str:
        """The rulebook's name: ``Support Item``."""
        return f"{self.value.title()} Item"


@dataclass(frozen=True, slots=True)
class ItemSpec:
    """One Item card: its name (its title) and its slot."""

    name: str
    slot: Slot


@dataclass(frozen=True, slots=True)
class Allowance:
    """How many Items of each slot a Hero may equip (the scenario says)."""

    support: int = 0
    major: int = 0
    masterwork: int = 0

    def of(self, slot: Slot) -> int:
        """The allowance of ``slot``."""
        return {Slot.SUPPORT: self.support, Slot.MAJOR: self.major,
                Slot.MASTERWORK: self.masterwork}[slot]


def solo_allowance(allowance: Allowance) -> Allowance:
    """Solo Mode: the allowed Support Items and one extra (Appendix B, Additional Setup 1)."""
    return replace(allowance, support=allowance.support + 1)


@dataclass(frozen=True, slots=True)
class Armory:
    """The unlocked Item cards not in use (glossary, Armory), in the order written.

    Items still in the Vault are not in it; :func:`unlock` adds one, :func:`retire` moves
    one to the Archive.
    """

    items: tuple[ItemSpec, ...] = ()

    def __post_init__(self) -> None:
        names = [item.name for item in self.items]
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise ValueError(f"the Armory holds each Item card once: {', '.join(twice)}")

    def get(self, name: str) -> ItemSpec | None:
        """The Item called ``name``, or None if it is not in the Armory."""
        return next((item for item in self.items if item.name == name), None)

    def in_slot(self, slot: Slot) -> tuple[ItemSpec, ...]:
        """The Items of one slot."""
        return tuple(item for item in self.items if item.slot is slot)

    def without(self, names: Iterable[str]) -> Armory:
        """The Armory once these Items are in use (equipped by a Hero)."""
        gone = set(names)
        return Armory(tuple(item for item in self.items if item.name not in gone))


def unlock(armory: Armory, item: ItemSpec) -> Armory:
    """An Item from the Vault, unlocked during the campaign, joins the Armory (Vault)."""
    if armory.get(item.name) is not None:
        raise IllegalChoice(f"{item.name!r} is already in the Armory")
    return Armory((*armory.items, item))


def retire(armory: Armory, name: str) -> Armory:
    """A retired Item goes to the Archive, out of the campaign (Archive)."""
    if armory.get(name) is None:
        raise IllegalChoice(f"{name!r} is not in the Armory")
    return armory.without([name])


def equip(armory: Armory, chosen: Sequence[str], allowance: Allowance) -> tuple[ItemSpec, ...]:
    """The Items ``chosen`` at setup, if the rules allow them; else :class:`IllegalChoice`.

    Each must be in the Armory (not the Vault, not the Archive, not in use), none twice, and
    at most the allowance of each slot: "any allowed" Items, so fewer is legal.
    """
    equipped: list[ItemSpec] = []
    for name in chosen:
        item = armory.get(name)
        if item is None:
            raise IllegalChoice(f"{name!r} is not in the Armory (unlocked Items not in use)")
        if item in equipped:
            raise IllegalChoice(f"{name!r} is chosen twice (an Item is equipped once)")
        equipped.append(item)
    for slot in Slot:
        count = sum(1 for item in equipped if item.slot is slot)
        if count > allowance.of(slot):
            plural = "" if count == 1 else "s"
            raise IllegalChoice(f"{count} {slot.rule_name}{plural} chosen; the allowance is "
                                f"{allowance.of(slot)}")
    return tuple(equipped)


def choose_items(
    armory: Armory, allowance: Allowance, hero: str
) -> Resolution[tuple[ItemSpec, ...]]:
    """Equip ``hero`` at setup: PLAYER Decisions slot by slot, one per Item.

    Each Decision offers the slot's Items not yet chosen and, last, None: no more Items of
    that slot (equipping fewer than allowed is legal).
    """
    chosen: list[str] = []
    for slot in Slot:
        for n in range(1, allowance.of(slot) + 1):
            left = tuple(i.name for i in armory.in_slot(slot) if i.name not in chosen)
            if not left:
                break
            name = yield Decision(
                "equip-item", f"{hero} equips {slot.rule_name}s ({n} of {allowance.of(slot)}):"
                " which Item? (None: no more)", (*left, None), Decider.PLAYER, hero)
            if name is None:
                break
            chosen.append(name)
    return equip(armory, chosen, allowance)


def discard_ability(discarded: frozenset[str], name: str) -> frozenset[str]:
    """Use the Discard Ability ``name``: it goes back in the box for the rest of this game.

    Glossary, Discard Ability: "Put back in the box after use, available in future games."
    A new game starts with an empty set. Using it again this game is :class:`IllegalChoice`.
    """
    if name in discarded:
        raise IllegalChoice(f"{name!r} is a Discard Ability already used this game")
    return discarded | {name}


def can_use_discard_ability(discarded: frozenset[str], name: str) -> bool:
    """Not yet used this game (:func:`discard_ability`)."""
    return name not in discarded


# --- reading Items from TOML ----------------------------------------------------------------


def read_items(text: str, source: str = "<items>") -> Armory:
    """Read a file of ``[[items]]`` tables as an Armory."""
    data = read_toml(text, source)
    lines = LineFinder(text)
    for key in data:
        if key != "items":
            raise ContentError(source, f"unknown key {key!r} (an Item file has: items)",
                               lines.of_key(key))
    return parse_items(data.get("items"), source, lines)


def parse_items(
    entries: Any, source: str, lines: LineFinder | None = None, where: str = "items"
) -> Armory:
    """Build an Armory from ``[[items]]`` tables (``docs/formats.md``, "Items").

    ``where`` is the array's dotted key in its file. Any mistake is one
    :class:`ContentError` naming the file, the line and the entry.
    """
    finder = lines or LineFinder("")
    headers = finder.entries(where)
    array_line = headers[0] if headers else finder.of_key(where.rsplit(".", 1)[-1])
    if not isinstance(entries, list):
        raise ContentError(source, f"{where}: needs [[{where}]] tables", array_line)
    items: list[ItemSpec] = []
    for n, entry in enumerate(entries):
        line = headers[n] if n < len(headers) else array_line
        items.append(_item(entry, f"{where} entry {n + 1}", source, line,
                           {i.name for i in items}))
    return Armory(tuple(items))


def _item(entry: Any, label: str, source: str, line: int | None, seen: set[str]) -> ItemSpec:
    def error(message: str) -> ContentError:
        return ContentError(source, f"{label}: {message}", line)

    if not isinstance(entry, dict):
        raise error("must be a table")
    name = entry.get("name")
    if not isinstance(name, str) or not name:
        raise error("needs a 'name' (a non-empty string)")
    for key in entry:
        if key not in ITEM_KEYS:
            raise error(f"{name!r}: unknown key {key!r} (an Item has: name, slot)")
    if name in seen:
        raise error(f"{name!r} is already an Item of this file (each card once)")
    slot = entry.get("slot")
    if slot not in {s.value for s in Slot}:
        raise error(f"{name!r}: 'slot' must be one of {', '.join(s.value for s in Slot)}, "
                    f"not {slot!r}")
    return ItemSpec(name, Slot(slot))
