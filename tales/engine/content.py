"""Finding and loading what a :class:`~tales.engine.state.Setup` names: the scenario, the
Hero kits and the dice, checked against each other before play begins."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tales.content.heroes import HeroKit, load_hero_kit
from tales.content.scenarios import Scenario, load_scenario
from tales.engine.state import Setup
from tales.errors import TalesError
from tales.rules.dice import Dice, DieKind, load_dice
from tales.rules.effects import Ability

#: Where bundled content is looked for when a name is not a file: the working directory,
#: then the checkout this package was installed from.
ROOTS = (Path("."), Path(__file__).resolve().parents[2])


def find_file(name: str, folder: str) -> Path:
    """``name`` as a path, or ``FOLDER/NAME.toml`` in the working directory or the checkout."""
    path = Path(name)
    if path.suffix == ".toml" or path.is_file():
        for root in ROOTS if not path.is_absolute() else (Path("."),):
            if (root / path).is_file():
                return root / path
        raise TalesError(f"{name}: no such file")
    for root in ROOTS:
        candidate = root / folder / f"{name}.toml"
        if candidate.is_file():
            return candidate
    known = sorted({p.stem for root in ROOTS for p in (root / folder).glob("*.toml")
                    if "[groups." not in p.read_text(encoding="utf-8", errors="replace")})
    noun = {"heroes": "hero kit", "scenarios": "scenario"}.get(folder, folder)
    raise TalesError(f"no {noun} {name!r} (bundled: {', '.join(known) or 'none'}; "
                     "or give a file path)")


@dataclass(frozen=True)
class Context:
    """The content of a game: fixed for all of it, never saved (the setup names it)."""

    setup: Setup
    scenario: Scenario
    kits: tuple[HeroKit, ...]
    dice: Dice

    def kit(self, hero: str) -> HeroKit:
        """The kit of the Hero called ``hero``."""
        return next(k for k in self.kits if k.id == hero)

    def abilities(self, hero: str) -> tuple[Ability, ...]:
        """What the Hero uses on its turns: its kit, then the scenario's abilities."""
        return self.kit(hero).for_game() + self.scenario.abilities

    @property
    def two_hero_game(self) -> bool:
        """A 2-Hero game: Heroes also get partial initiative tokens."""
        return len(self.kits) == 2


@lru_cache(maxsize=32)
def _scenario(path: str) -> Scenario:
    return load_scenario(path)


@lru_cache(maxsize=64)
def _kit(path: str) -> HeroKit:
    return load_hero_kit(path)


@lru_cache(maxsize=8)
def _dice(path: str | None) -> Dice:
    return load_dice(path)


def load_context(setup: Setup) -> Context:
    """Load and check everything ``setup`` names (cached: a sweep loads each file once)."""
    scenario = _scenario(str(find_file(setup.scenario, "scenarios")))
    kits = tuple(_kit(str(find_file(h, "heroes"))) for h in setup.heroes)
    ids = [k.id for k in kits]
    for n, hero in enumerate(ids):
        if hero in ids[:n]:
            raise TalesError(f"Hero {hero!r} is named twice")
    least, most = scenario.heroes
    if not least <= len(kits) <= most:
        raise TalesError(f"{scenario.source}: this scenario is for {least} to {most} Heroes, "
                         f"not {len(kits)}")
    if len(kits) == 1:
        raise TalesError("a one-Hero game is Solo Mode (Appendix B), which needs a Companion; "
                         "give two or more Heroes")
    dice = _dice(setup.dice)
    faces = {f.scheme for f in dice[DieKind.SCHEME].faces}
    for gid, group in scenario.groups.items():
        block = group.block
        if block.alternating:
            continue
        covered = {face for s in block.schemes for face in s.faces}
        missing = sorted(f for f in faces if f is not None and f not in covered)
        if missing:
            raise TalesError(f"{scenario.source}: group {gid!r} has no Scheme for Scheme Die "
                             f"face {missing[0]} (dice: {dice.source})")
    return Context(setup, scenario, kits, dice)
