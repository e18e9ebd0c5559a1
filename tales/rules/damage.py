"""Determine damage (Appendix C, Player-Controlled Attacks, step 2; Appendix E).

:func:`determine_damage` rolls the dice as chance Decisions and asks the attacker's player
what the rules leave to them (which Damage Die the Doom Die removes, how many Damage Boost
Tokens to spend), in the order of Appendix C step 2:

1. roll every die together (Damage Dice, Epic Dice, the Doom Die when it is included);
2. a Doom icon: remove a yellow Damage Die, or take 1 damage (2 at Legend difficulty);
   Epic Dice cannot be removed (Appendix E);
3. each Critical Hit adds 1 and its die is rolled again, chains included (after Doom);
4. no Epic Dice in the roll and more Inspire icons than Epic Dice in the pool: one Epic Die
   is added to the pool (Inspire on Epic Dice is ignored);
5. total: dice plus fixed damage; Damage Boost Tokens +1 each; Weaken Tokens -1 each,
   down to 0, all discarded.
"""

from __future__ import annotations

from dataclasses import dataclass

from tales.rules.decisions import Decider, Decision, Resolution
from tales.rules.dice import Dice, DieKind, Face, roll
from tales.rules.epic_pool import inspires

TAKE_DOOM = "take damage"


@dataclass(frozen=True, slots=True)
class RemoveDie:
    """An answer to the Doom Decision: remove the Damage Die at ``index`` (showing ``face``)."""

    index: int
    face: Face

    def __str__(self) -> str:
        return f"remove Damage Die {self.index + 1} ({self.face})"


@dataclass(frozen=True, slots=True)
class DieResult:
    """One die's roll: every face it showed (a Critical Hit chain shows several)."""

    kind: DieKind
    faces: tuple[Face, ...]

    @property
    def value(self) -> int:
        """Damage it counts: face damage, plus 1 per Critical Hit."""
        return sum(f.damage + (1 if f.crit else 0) for f in self.faces)

    @property
    def inspire(self) -> int:
        """Inspire icons shown."""
        return sum(f.inspire for f in self.faces)


@dataclass(frozen=True)
class DamageRoll:
    """Everything step 2 decided: the dice, Doom, Inspire, and the total damage."""

    dice: tuple[DieResult, ...]
    removed: DieResult | None
    doom: bool
    self_damage: int
    inspire: int
    inspired: bool
    fixed: int
    boost: int
    weaken: int
    doom_face: Face | None = None  # what the Doom Die showed, when it was rolled

    @property
    def rolled(self) -> int:
        """Damage from the dice that count."""
        return sum(d.value for d in self.dice)

    @property
    def total(self) -> int:
        """The Attack's damage: dice + fixed + boosts - weaken, never below 0."""
        return max(self.rolled + self.fixed + self.boost - self.weaken, 0)


def face_worth(face: Face, reroll_mean: float) -> float:
    """How much a face is expected to count, a Critical Hit's reroll included."""
    return face.damage + ((1.0 + reroll_mean) if face.crit else 0.0)


def determine_damage(
    dice: Dice,
    attacker: str,
    yellow: int,
    epic: int = 0,
    fixed: int = 0,
    doom: bool = False,
    legend: bool = False,
    pool: int = 0,
    boosts: int = 0,
    weaken: int = 0,
    against: str = "",
) -> Resolution[DamageRoll]:
    """Roll and total an Attack's damage (see the module docstring for the order).

    ``doom``: a Foe with the Doom icon is attacked. The Doom Die is included with ``doom``
    or at ``legend`` difficulty ("At Legend difficulty or against a Foe with the Doom icon,
    include the Doom Die").
    ``pool``: Epic Dice in the Epic Pool after empowering (for Inspire). ``boosts``: Damage
    Boost Tokens the attacker may spend (a Decision for its player). ``against``: whom
    the Attack is on, named in that question.
    """
    rolled: list[list[Face]] = []
    kinds: list[DieKind] = []
    for kind, count in ((DieKind.DAMAGE, yellow), (DieKind.EPIC, epic)):
        for n in range(count):
            face = yield from roll(dice[kind], f"{attacker}'s {kind.value} die {n + 1}")
            rolled.append([face])
            kinds.append(kind)
    doom_face = None
    if doom or legend:
        doom_face = yield from roll(dice[DieKind.DOOM], f"{attacker}'s Doom Die")
    removed: DieResult | None = None
    self_damage = 0
    doomed = doom_face is not None and doom_face.doom
    if doomed:
        options: tuple[object, ...] = (TAKE_DOOM, *(
            RemoveDie(i, rolled[i][0]) for i, k in enumerate(kinds) if k is DieKind.DAMAGE))
        choice = yield Decision(
            "doom", f"{attacker}: the Doom Die shows Doom: remove a Damage Die, or take "
            f"{2 if legend else 1} damage", options, Decider.PLAYER, attacker)
        if choice == TAKE_DOOM:
            self_damage = 2 if legend else 1
        else:
            assert isinstance(choice, RemoveDie)
            removed = DieResult(kinds[choice.index], tuple(rolled[choice.index]))
            del rolled[choice.index]
            del kinds[choice.index]
    for faces, kind in zip(rolled, kinds, strict=True):
        while faces[-1].crit:
            again = yield from roll(dice[kind], f"{attacker}'s Critical Hit reroll")
            faces.append(again)
    results = tuple(DieResult(k, tuple(f)) for f, k in zip(rolled, kinds, strict=True))
    inspire = sum(r.inspire for r in results if r.kind is DieKind.DAMAGE)
    inspired = inspires(inspire, epic, pool)
    spend = 0
    if boosts:
        spend = yield Decision(
            "damage-boost", f"{attacker}{f' attacks {against}' if against else ''}: discard "
            "how many Damage Boost Tokens (+1 each)?",
            tuple(range(boosts + 1)), Decider.PLAYER, attacker)
    return DamageRoll(results, removed, doomed, self_damage, inspire, inspired, fixed,
                      int(spend), weaken, doom_face)
