"""The Epic Pool (Appendix E): shared Epic Dice for Empowered Attacks and defence."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class EpicPool:
    """``dice`` Epic Dice in the pool, at most ``size`` (the scenario sets the size)."""

    dice: int = 0
    size: int = 3

    def __post_init__(self) -> None:
        if self.size < 0 or not 0 <= self.dice <= self.size:
            raise ValueError(f"an Epic Pool holds 0 to {self.size} dice, not {self.dice}")

    @property
    def full(self) -> bool:
        """No room for another Epic Die."""
        return self.dice >= self.size

    def inspire(self) -> EpicPool:
        """Inspire: add an Epic Die; "No effect if the Epic Pool is full" (glossary)."""
        return self if self.full else EpicPool(self.dice + 1, self.size)

    def take(self, n: int) -> EpicPool:
        """Take ``n`` dice out (to Empower an Attack, or discarded for defence)."""
        if not 0 <= n <= self.dice:
            raise ValueError(f"the Epic Pool has {self.dice} dice, cannot take {n}")
        return EpicPool(self.dice - n, self.size)


def inspires(inspire_icons: int, epic_dice_rolled: int, pool_dice: int) -> bool:
    """Appendix E: with no Epic Dice in the roll, more Inspire icons than the ``pool_dice``
    Epic Dice in the pool add one Epic Die (before damage is dealt)."""
    return epic_dice_rolled == 0 and inspire_icons > pool_dice
