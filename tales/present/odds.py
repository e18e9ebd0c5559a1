"""The odds of a Hero's Attack before it is rolled, as a player reads them: the dice it
will roll (Backstab, Epic Dice added, Damage Boost, Weaken, the target's Shield Tokens and
a Doom Die all counted, worked out by :func:`tales.rules.effects.planned_attack`, the very
computation the Attack makes), its mean damage and the chance it deals the Fortitude the
target has left. Shared by the window (hover of a target, of an option, of an ability
whose only target is chosen automatically) and the terminal (``i N``)."""

from __future__ import annotations

from typing import Any

from tales.board.burst import Placement, covered_foes
from tales.board.figures import Figure, Token
from tales.board.position import Position
from tales.evolve import evolve
from tales.rules.attacks import AttackDice, legal_targets
from tales.rules.decisions import Decision
from tales.rules.dice import Dice, dice_count
from tales.rules.effects import Ability, Effect, planned_attack
from tales.rules.odds import damage_distribution, mean, planned_spec
from tales.rules.schemer_attacks import AttackKind


def percent(p: float) -> str:
    """``8.5%`` under 10%, ``36%`` above; ``<0.1%`` and ``>99%`` at the ends."""
    if p <= 0.0:
        return "0%"
    if p >= 1.0:
        return "100%"
    text = f"{p:.1%}" if p < 0.1 else f"{p:.0%}"
    return {"0.0%": "<0.1%", "100%": ">99%"}.get(text, text)


def rolled(planned: AttackDice, target: Figure) -> str:
    """What the Attack rolls and adds against ``target``, in the game's words."""
    dice = dice_count(planned.yellow, "Damage")
    if planned.extra:
        dice += f" (Backstab +{planned.extra})"
    parts = [dice]
    if planned.epic:
        parts.append(dice_count(planned.epic, "Epic"))
    if planned.fixed:
        parts.append(f"{planned.fixed} fixed")
    if planned.boosts:
        parts.append(f"{planned.boosts} Damage Boost")
    text = " + ".join(parts)
    if planned.weaken:
        text += f" - {planned.weaken} Weaken"
    shields = target.token(Token.SHIELD)
    if shields:
        text += f", {shields} Shield {'Token' if shields == 1 else 'Tokens'} (-2 each)"
    if planned.doom:
        text += ", Doom Die"
    return text


def odds_line(planned: AttackDice, target: Figure, dice: Dice) -> str:
    """``gob1: 3 Damage Dice (Backstab +1): mean 3.6 damage, 8.5% to deal 6``."""
    dist = damage_distribution(planned_spec(planned, target), dice)
    left = target.remaining_fortitude or 0
    finish = float(dist[left:].sum()) if left < len(dist) else 0.0
    return (f"{target.id}: {rolled(planned, target)}: mean {mean(dist):.1f} damage, "
            f"{percent(finish)} to deal {left}")


def _figures(position: Position, ids: Any) -> list[Figure]:
    return [position.figure(i) for i in ids if position.has_figure(i)]


def option_odds(decision: Decision[Any], option: Any) -> list[str]:
    """The odds of the Attack an option makes, one line a target: a choice of targets, a
    Burst placement, how many Epic Dice to add. Nothing for any other Decision."""
    battle, position = decision.battle, decision.position
    if battle is None or position is None or decision.figure is None or (
            not position.has_figure(decision.figure)):
        return []
    actor = position.figure(decision.figure)
    planned: AttackDice | None = None
    if decision.kind == "empower" and isinstance(decision.detail, AttackDice) and (
            isinstance(option, int)):
        planned = evolve(decision.detail, epic=option)
    elif isinstance(decision.detail, Effect) and decision.detail.attack is not None:
        if decision.kind == "attack-targets" and isinstance(option, tuple):
            targets = _figures(position, option)
        elif decision.kind == "burst-placement" and isinstance(option, Placement):
            targets = covered_foes(position, actor, option)
        else:
            return []
        planned = planned_attack(position, actor, decision.detail, targets,
                                 legend=battle.legend)
    if planned is None:
        return []
    return [odds_line(planned, t, battle.dice) for t in _figures(position, planned.targets)]


def target_odds(decision: Decision[Any], space: int) -> str | None:
    """For a choice of targets, the odds of the Attack on the Foe on ``space`` alone (the
    window's hover of a target on the board)."""
    position = decision.position
    if position is None or decision.kind != "attack-targets":
        return None
    found = next((f for f in position.figures if f.at == space), None)
    if found is None or (found.id,) not in decision.options:
        return None
    lines = option_odds(decision, (found.id,))
    return lines[0] if lines else None


#: The most targets an ability's odds are listed for.
MOST_LISTED = 4


def ability_odds(decision: Decision[Any], ability: Ability) -> list[str]:
    """An ability's Attacks before it is chosen: the odds against each Foe it may target
    now, alone (so also when the only one is chosen without asking). ``decision`` is the
    choice of ability, asked on the board as it stands."""
    battle, position = decision.battle, decision.position
    if battle is None or position is None or decision.figure is None or (
            not position.has_figure(decision.figure)):
        return []
    actor = position.figure(decision.figure)
    lines: list[str] = []
    for effect in ability.effects:
        attack = effect.attack
        if attack is None or attack.kind is AttackKind.BURST:
            continue
        foes = legal_targets(position, actor, attack)
        auto = len(foes) == 1 and attack.targets >= 1
        lines.append("Odds (the only target, chosen for you):" if auto else
                     "Odds, each target alone:" if foes else "Odds: no target in reach")
        for target in foes[:MOST_LISTED]:
            planned = planned_attack(position, actor, effect, [target],
                                     legend=battle.legend)
            lines.append("  " + odds_line(planned, target, battle.dice))
        if len(foes) > MOST_LISTED:
            lines.append(f"  ... and {len(foes) - MOST_LISTED} more")
    if lines and battle.pool.dice:
        lines.append(f"  Epic Dice not counted ({battle.pool.dice} in the Pool: asked next)")
    return lines
