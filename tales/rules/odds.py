"""Exact odds of an Attack's damage: the probability of each total.

The distribution follows :mod:`tales.rules.damage` step by step: each die's value with its
Critical Hit chain (truncated once a chain's probability falls below 1e-12), the Doom Die
(with a Doom icon the attacker removes the Damage Die worth least, or takes the damage,
per ``doom_choice``), fixed damage, Damage Boost, Weaken (down to 0), and the target's
Shield Tokens (-2 each, spent as a Schemer spends them, down to 0).
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from tales.board.figures import Token
from tales.errors import TalesError
from tales.rules.damage import face_worth
from tales.rules.dice import Dice, Die, DieKind, Face

if TYPE_CHECKING:
    from tales.board.figures import Figure
    from tales.rules.attacks import AttackDice

Distribution = npt.NDArray[np.float64]

#: A Critical Hit chain less likely than this is dropped.
CHAIN_CUTOFF = 1e-12


class DoomChoice(StrEnum):
    """What the attacker does with a Doom icon, for the odds."""

    REMOVE = "remove"  # remove the Damage Die worth least
    TAKE = "take"  # take the damage and keep every die


@dataclass(frozen=True, slots=True)
class AttackSpec:
    """What an Attack rolls and adds: the input of :func:`damage_distribution`."""

    yellow: int = 0
    epic: int = 0
    fixed: int = 0
    boost: int = 0
    weaken: int = 0
    shield: int = 0
    doom: bool = False
    legend: bool = False
    doom_choice: DoomChoice = DoomChoice.REMOVE

    @property
    def doom_die(self) -> bool:
        """The Doom Die is rolled at Legend difficulty or against a Foe with Doom."""
        return self.doom or self.legend


def planned_spec(planned: AttackDice, target: Figure) -> AttackSpec:
    """The odds' input for an Attack the rules worked out (:func:`tales.rules.attacks.
    attack_dice`) against one of its targets: every Damage Boost Token spent, the target's
    Shield Tokens spent as a Schemer spends them."""
    return AttackSpec(planned.yellow, planned.epic, planned.fixed, planned.boosts,
                      planned.weaken, target.token(Token.SHIELD), planned.doom,
                      planned.legend)


def _add(a: Distribution, b: Distribution) -> Distribution:
    """Distribution of the sum of two independent values."""
    result: Distribution = np.convolve(a, b)
    return result


def _point(value: int) -> Distribution:
    d = np.zeros(value + 1)
    d[value] = 1.0
    return d


def die_distribution(die: Die) -> Distribution:
    """A die's value with Critical Hit chains (each crit: +1 and roll again)."""
    p = 1.0 / len(die.faces)
    crit_mass = p * sum(1 for f in die.faces if f.crit)
    if crit_mass >= 1.0:
        raise TalesError(f"the {die.kind.value} die has only Critical Hits")
    base = np.zeros(1)
    for face in die.faces:
        if not face.crit:
            base = _pad_add(base, p * _point(face.damage))
    result = base.copy()
    chain = base.copy()
    depth_mass = 1.0
    while True:
        depth_mass *= crit_mass
        if depth_mass < CHAIN_CUTOFF:
            break
        step = np.zeros(1)
        for face in die.faces:
            if face.crit:
                step = _pad_add(step, p * _add(_point(face.damage + 1), chain))
        chain = step
        result = _pad_add(result, chain)
    return result


def _pad_add(a: Distribution, b: Distribution) -> Distribution:
    n = max(len(a), len(b))
    out = np.zeros(n)
    out[: len(a)] += a
    out[: len(b)] += b
    return out


def _sum_of(dists: list[Distribution]) -> Distribution:
    total = np.ones(1)
    for d in dists:
        total = _add(total, d)
    return total


def _face_distribution(face: Face, reroll: Distribution) -> Distribution:
    if face.crit:
        return _add(_point(face.damage + 1), reroll)
    return _point(face.damage)


def _after_doom_removal(die: Die, count: int) -> Distribution:
    """Sum of ``count`` such dice after the one worth least is removed (a Doom icon)."""
    reroll = die_distribution(die)
    mean = float(np.dot(np.arange(len(reroll)), reroll))
    faces = list(die.faces)
    worth = [face_worth(f, mean) for f in faces]
    total = np.zeros(1)
    p = 1.0 / len(faces)
    for combo in itertools.combinations_with_replacement(range(len(faces)), count):
        counts = Counter(combo)
        ways = math.factorial(count)
        for c in counts.values():
            ways //= math.factorial(c)
        chance = ways * p ** count
        kept = sorted(combo, key=lambda i: worth[i])[1:]
        dist = _sum_of([_face_distribution(faces[i], reroll) for i in kept])
        total = _pad_add(total, chance * dist)
    return total


#: The most dice (Damage and Epic together) one Attack may roll here: far past any Attack
#: of the game, and small enough that the answer is immediate.
MOST_DICE = 100
#: The most fixed damage, Damage Boost, Weaken or Shield Tokens one Attack may count.
MOST_ADDED = 1000


def check_spec(spec: AttackSpec) -> None:
    """A one-line :class:`TalesError` for an Attack outside the bounds above."""
    for name in ("yellow", "epic", "fixed", "boost", "weaken", "shield"):
        if getattr(spec, name) < 0:
            raise TalesError(f"{name} must be 0 or more, not {getattr(spec, name)}")
    if spec.yellow + spec.epic > MOST_DICE:
        raise TalesError(f"{spec.yellow + spec.epic} dice: an Attack here rolls at most "
                         f"{MOST_DICE}")
    for name in ("fixed", "boost", "weaken", "shield"):
        if getattr(spec, name) > MOST_ADDED:
            raise TalesError(f"{name} {getattr(spec, name)}: at most {MOST_ADDED}")


def damage_distribution(spec: AttackSpec, dice: Dice) -> Distribution:
    """Probability of each damage total of the Attack (index = damage)."""
    check_spec(spec)
    yellow = die_distribution(dice[DieKind.DAMAGE])
    epic = die_distribution(dice[DieKind.EPIC])
    epic_sum = _sum_of([epic] * spec.epic)
    all_yellow = _sum_of([yellow] * spec.yellow)
    dice_sum = _add(all_yellow, epic_sum)
    if spec.doom_die and spec.doom_choice is DoomChoice.REMOVE and spec.yellow > 0:
        doom = dice[DieKind.DOOM]
        p_doom = sum(1 for f in doom.faces if f.doom) / len(doom.faces)
        removed = _add(_after_doom_removal(dice[DieKind.DAMAGE], spec.yellow), epic_sum)
        dice_sum = _pad_add((1 - p_doom) * dice_sum, p_doom * removed)
    added = spec.fixed + spec.boost
    before = np.concatenate([np.zeros(added), dice_sum])
    return _reduce(_reduce(before, spec.weaken), 2 * spec.shield)


def _reduce(d: Distribution, by: int) -> Distribution:
    """Subtract ``by`` from the value, never below 0."""
    if by <= 0:
        return d
    out = np.zeros(max(len(d) - by, 1))
    out[0] = d[: by + 1].sum()
    out[1:] = d[by + 1:]
    return out


def mean(d: Distribution) -> float:
    """Expected damage."""
    return float(np.dot(np.arange(len(d)), d))


_TERM = re.compile(r"^(\d+)\s*(damage|yellow|epic|fixed)?(\s*dic?e)?$")


def parse_attack(text: str) -> AttackSpec:
    """Read ``"2 damage + 1 epic + 3"``: Damage Dice, Epic Dice, fixed damage.

    >>> parse_attack("2 damage + 1 epic + 3")
    AttackSpec(yellow=2, epic=1, fixed=3, boost=0, weaken=0, shield=0, doom=False, legend=False, doom_choice=<DoomChoice.REMOVE: 'remove'>)
    """  # noqa: E501
    yellow = epic = fixed = 0
    for term in text.split("+"):
        match = _TERM.match(" ".join(term.lower().split()))
        if match is None:
            raise TalesError(f"attack {text!r}: {term.strip()!r} is not understood (write "
                             "terms such as \"2 damage\", \"1 epic\", \"3\")")
        if len(match.group(1)) > 6:
            raise TalesError(f"attack {text!r}: {match.group(1)[:12]}... is too many (at most "
                             f"{MOST_DICE} dice and {MOST_ADDED} fixed damage)")
        count = int(match.group(1))
        kind = match.group(2) or ("damage" if match.group(3) else "fixed")
        if kind in ("damage", "yellow"):
            yellow += count
        elif kind == "epic":
            epic += count
        else:
            fixed += count
    return AttackSpec(yellow=yellow, epic=epic, fixed=fixed)
