"""Finding and loading what a :class:`~tales.engine.state.Setup` names: the scenario, the
Hero kits and the dice, checked against each other before play begins."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tales.content.companions import load_companion
from tales.content.heroes import HeroKit, load_hero_kit
from tales.content.scenarios import Scenario, load_scenario
from tales.engine.state import Setup
from tales.errors import TalesError, printable
from tales.files import read_file
from tales.rules.attacks import Battle
from tales.rules.companions import CompanionCard
from tales.rules.dice import Dice, DieKind, load_dice
from tales.rules.effects import Ability

#: Where bundled content is looked for when a name is not a file: the working directory,
#: then the checkout this package was installed from.
ROOTS = (Path("."), Path(__file__).resolve().parents[2])


def find_file(name: str, folder: str) -> Path:
    """``name`` as a path, or ``FOLDER/NAME.toml`` in the working directory or the checkout.
    A path that is there as something other than a file (a FIFO, a device, a directory, a
    loop of links) is returned as it is, for the one reader (:func:`tales.files.read_file`)
    to refuse in its own words."""
    path = Path(name)
    if path.suffix == ".toml" or _is_there(path):
        for root in ROOTS if not path.is_absolute() else (Path("."),):
            if _is_there(root / path):
                return root / path
        raise TalesError(f"{printable(name)}: no such file")
    for root in ROOTS:
        candidate = root / folder / f"{name}.toml"
        if _is_file(candidate):
            return candidate
    known = bundled(folder)
    variants = [k for k in known if k.startswith(f"{name}-")]
    if variants:  # "otto": Otto has four variations (Appendix B)
        raise TalesError(f"{name!r} has {len(variants)} variants: {', '.join(variants)}; "
                         "name one")
    noun = {"heroes": "hero kit", "scenarios": "scenario",
            "companions": "Companion card"}.get(folder, folder)
    raise TalesError(f"no {noun} {name!r} (bundled: {', '.join(known) or 'none'}; "
                     "or give a file path)")


def bundled(folder: str) -> tuple[str, ...]:
    """The names of the bundled files of ``folder`` (``heroes``: the Heroes' kits; not a
    Scheme Block or campaign file of ``scenarios``)."""
    return tuple(sorted({p.stem for root in ROOTS for p in (root / folder).glob("*.toml")
                         if not _other_kind(p)}))


def _is_file(path: Path) -> bool:
    """Whether ``path`` is a file (a name too long for the system is not)."""
    try:
        return path.is_file()
    except OSError:
        return False


def _is_there(path: Path) -> bool:
    """Whether ``path`` names anything, a file or not (a link to nowhere, a FIFO)."""
    try:
        return os.path.lexists(path)
    except (OSError, ValueError):
        return False


def _other_kind(path: Path) -> bool:
    """A Scheme Block or campaign file in the scenarios folder (not a scenario)."""
    try:
        text = read_file(path).decode("utf-8", errors="replace")
    except TalesError:  # not a file: not a scenario either
        return True
    return "[groups." in text or "[[chapters]]" in text


@dataclass(frozen=True)
class Context:
    """The content of a game: fixed for all of it, never saved (the setup names it)."""

    setup: Setup
    scenario: Scenario
    kits: tuple[HeroKit, ...]
    dice: Dice
    companion: CompanionCard | None = None

    @property
    def solo(self) -> bool:
        """Solo Mode: one Hero with a Companion (Appendix B)."""
        return self.companion is not None

    def kit(self, hero: str) -> HeroKit:
        """The kit of the Hero called ``hero``."""
        return next(k for k in self.kits if k.id == hero)

    def abilities(self, hero: str, battle: Battle | None = None) -> tuple[Ability, ...]:
        """What the Hero may use: its kit, then the scenario's abilities. In a game
        (``battle``) only what it was equipped with at setup (its mat, the Hero cards and
        Items it took within a campaign's loadout, the scenario's): the one answer to what
        a Hero has in a game, never a card or Item left in the Vault, the Archive or the
        box."""
        known = self.kit(hero).for_game() + self.scenario.abilities
        if battle is None:
            return known
        equipped = {state.name for state in battle.abilities.get(hero, ())}
        return tuple(a for a in known if a.name in equipped)

    def figure_abilities(self) -> dict[str, tuple[Ability, ...]]:
        """Every ability a player-controlled figure could have, by id, to look one up by
        name (what it may use in a game is :meth:`abilities` with the battle): each Hero's,
        each Ally's, and a Companion's actions, its die's Schemes and the Scenario Abilities
        its card lets it use."""
        known: dict[str, tuple[Ability, ...]] = {}
        for kit in self.kits:
            known[kit.id] = self.abilities(kit.id)
            known.update(kit.ally_abilities())
        card = self.companion
        if card is not None:
            known[card.id] = (*card.actions, *(s for _, s in card.pooky),
                              *(self.scenario.abilities if card.scenario_abilities else ()))
        return known

    @property
    def two_hero_game(self) -> bool:
        """A 2-Hero game: Heroes also get partial initiative tokens."""
        return len(self.kits) == 2


@lru_cache(maxsize=32)
def _scenario(path: str, table: bool = False) -> Scenario:
    return load_scenario(path, table)


@lru_cache(maxsize=64)
def _kit(path: str) -> HeroKit:
    return load_hero_kit(path)


@lru_cache(maxsize=16)
def _companion(path: str) -> CompanionCard:
    return load_companion(path)


def hero_kit(name: str) -> HeroKit:
    """The hero kit called ``name`` (bundled) or in file ``name`` (cached)."""
    return _kit(str(find_file(name, "heroes")))


@lru_cache(maxsize=8)
def _dice(path: str | None) -> Dice:
    return load_dice(path)


def load_context(setup: Setup, table: bool = False) -> Context:
    """Load and check everything ``setup`` names (cached: a sweep loads each file once);
    ``table``: for a game kept at a physical table, whose Scheme steps of printed text the
    table carries out (:func:`tales.content.scenarios.load_scenario`)."""
    scenario = _scenario(str(find_file(setup.scenario, "scenarios")), table)
    kits = tuple(_kit(str(find_file(h, "heroes"))) for h in setup.heroes)
    for kit in kits:
        if not table and not kit.abilities:  # a table's kit: the Hero's turns are its own
            raise TalesError(f"{kit.source}: {kit.name} has no abilities: a kit for "
                             "tales table only (the engine plays a Hero from its cards)")
    ids = [k.id for k in kits]
    for n, hero in enumerate(ids):
        if hero in ids[:n]:
            raise TalesError(f"Hero {hero!r} is named twice")
    companion = None
    if setup.companion is not None:
        companion = _companion(str(find_file(setup.companion, "companions")))
        if len(kits) != 1:
            raise TalesError("a Companion is for Solo Mode: one Hero (Appendix B); with two "
                             "or more Heroes play without one")
        if kits[0].pooky and companion.rolls:
            raise TalesError(f"{kits[0].name} cannot choose Pooky as his Companion: Pooky "
                             "accompanies him by default (Appendix B)")
        if companion.id in ids or (kits[0].pooky and companion.id == "pooky"):
            raise TalesError(f"the Companion's id {companion.id!r} is a Hero's too")
        if companion.id in {a.id for a in kits[0].allies}:
            # "You cannot use an Ally and a Companion together if they share the same
            # standee" (Appendix B)
            raise TalesError(f"{companion.name} and {kits[0].name}'s Ally {companion.id!r} "
                             "share a standee: they cannot be used together (Appendix B)")
    elif len(kits) == 1:
        raise TalesError("a one-Hero game is Solo Mode (Appendix B): give a Companion "
                         "(--companion otto-guard, for one) or two or more Heroes")
    least, most = scenario.heroes
    count = len(kits) + (companion is not None)  # the Companion "counts as a Hero"
    if not least <= count <= most:
        raise TalesError(f"{scenario.source}: this scenario is for {least} to {most} Heroes, "
                         f"not {count}")
    dice = _dice(setup.dice)
    mistakes = die_mistakes(scenario, dice)
    if mistakes:
        raise TalesError(f"{scenario.source}: {mistakes[0]}")
    return Context(setup, scenario, kits, dice, companion)


def die_mistakes(scenario: Scenario, dice: Dice | None = None) -> list[str]:
    """What does not fit between the scenario's rolling groups and the Scheme Die of
    ``dice`` (None: the bundled dice): a face with no Scheme (the roll would pick none), a
    Scheme's face the die does not have (that Scheme is never rolled)."""
    dice = dice if dice is not None else _dice(None)
    faces = {f.scheme for f in dice[DieKind.SCHEME].faces if f.scheme is not None}
    said = []
    for gid, group in scenario.groups.items():
        block = group.block
        if block.alternating:
            continue
        covered = {face for s in block.schemes for face in s.faces}
        missing = sorted(faces - covered)
        if missing:
            said.append(f"group {gid!r} has no Scheme for Scheme Die face {missing[0]} "
                        f"(dice: {dice.source})")
        for scheme in block.schemes:
            beyond = sorted(set(scheme.faces) - faces)
            if beyond:
                said.append(f"group {gid!r}, scheme {scheme.name!r}: face {beyond[0]} is not "
                            f"on the Scheme Die, so it is never rolled (dice: {dice.source})")
    return said
