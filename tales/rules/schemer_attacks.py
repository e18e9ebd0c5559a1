"""Schemer Attacks, Appendix C step 1: whom a Schemer's Attack targets.

Melee X: up to X adjacent Foes; the players choose when more than X are adjacent.
Ranged X: the X Nearest Foes within Range by Line of Fire; the players choose among Foes
tied at the edge. Avoided figures are never targets. Damage resolution is the combat
rules' (steps 2-5); this module produces the targets.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from enum import StrEnum

from tales.board.position import Position
from tales.board.ranges import figure_distances
from tales.rules.decisions import Decider, Decision, Resolution, TieDetail
from tales.rules.targets import targetable_foes


class AttackKind(StrEnum):
    """The Attack types a Scheme uses (Appendix C)."""

    MELEE = "melee"
    RANGED = "ranged"
    BURST = "burst"


@dataclass(frozen=True, slots=True)
class SchemerAttack:
    """An Attack of a Scheme: ``targets`` Foes, ``damage`` each, ``range`` for Ranged,
    ``harm`` text, and ``splash``: Splash that is not Harm, after the Attack (glossary:
    Splash)."""

    kind: AttackKind
    damage: int
    targets: int = 1
    range: int | None = None
    harm: str | None = None
    splash: int = 0

    def __str__(self) -> str:
        what = "Melee" if self.kind is AttackKind.MELEE else f"Ranged {self.range}"
        many = f", {self.targets} targets" if self.targets != 1 else ""
        splash = f", Splash {self.splash}" if self.splash else ""
        return f"{what}: Attack {self.damage}{many}{splash}"


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """The targets an Attack takes, with the reason in rule words."""

    attack: SchemerAttack
    attacker: str
    targets: tuple[str, ...]
    reason: str


def attack_targets(
    position: Position, attacker_id: str, attack: SchemerAttack
) -> Resolution[AttackPlan]:
    """Choose the Attack's targets (Appendix C, Schemer Attacks, step 1); ties: the table."""
    attacker = position.figure(attacker_id)
    foes = targetable_foes(position, attacker)
    if attack.kind is AttackKind.MELEE:
        adjacent = sorted(f.id for f in foes if position.adjacent(attacker, f))
        if len(adjacent) <= attack.targets:
            return AttackPlan(attack, attacker.id, tuple(adjacent),
                              f"adjacent Foes: {', '.join(adjacent) or 'none'}")
        chosen = yield Decision(
            "melee-targets",
            f"{attacker.id}: {len(adjacent)} Foes are adjacent, players choose "
            f"{attack.targets}",
            tuple(itertools.combinations(adjacent, attack.targets)), Decider.TABLE,
            attacker.id, position=position, detail=TieDetail(
                f"{attack}: adjacent Foes", tuple((i, 1) for i in adjacent)))
        return AttackPlan(attack, attacker.id, tuple(chosen),
                          f"players chose {', '.join(chosen)} of adjacent {', '.join(adjacent)}")
    reach = attack.range if attack.range is not None else 0
    measured = sorted((d, f.id) for f, d in figure_distances(position, attacker, foes)
                      if d <= reach)
    if len(measured) <= attack.targets:
        ids = tuple(i for _, i in measured)
        listed = ", ".join(f"{i} (Line of Fire {d})" for d, i in measured) or "none"
        return AttackPlan(attack, attacker.id, ids, f"Foes within Range {reach}: {listed}")
    edge = measured[attack.targets - 1][0]
    sure = [i for d, i in measured if d < edge]
    tied = [i for d, i in measured if d == edge]
    slots = attack.targets - len(sure)
    listed = ", ".join(f"{i} (Line of Fire {d})" for d, i in measured)
    if len(tied) == slots:
        return AttackPlan(attack, attacker.id, tuple(sure + tied),
                          f"the {attack.targets} Nearest within Range {reach}: {listed}")
    pick = yield Decision(
        "ranged-targets",
        f"{attacker.id}: {', '.join(tied)} are tied for Nearest at {edge}; players choose "
        f"{slots}",
        tuple(itertools.combinations(tied, slots)), Decider.TABLE, attacker.id,
        position=position, detail=TieDetail(f"{attack}: Nearest Foes within Range {reach}",
                                            tuple((i, d) for d, i in measured)))
    return AttackPlan(attack, attacker.id, tuple(sure) + tuple(pick),
                      f"Nearest within Range {reach}: {listed}; players chose "
                      f"{', '.join(pick)} among the tied")
