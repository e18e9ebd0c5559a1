"""Abilities, Heroes and Companions in short form (a menu line) and in full (the card)."""

from __future__ import annotations

from tales.content.heroes import HeroKit
from tales.rules.companions import CompanionCard
from tales.rules.effects import Ability, CostKind, Effect, Kind, describe


def cost_text(ability: Ability) -> str:
    """What using it costs, in the glossary's words ("" when free)."""
    cost = ability.cost
    if cost.kind is CostKind.COOLDOWN:
        return f"Cooldown {cost.amount}"
    if cost.kind is CostKind.CHARGE:
        return "1 Charge Token"
    if cost.kind is CostKind.DISCARD:
        return "discard after use"
    return ""


def effect_text(effect: Effect) -> str:
    """One effect step, "may" steps marked optional."""
    text = effect.text or describe(effect)
    return f"may {text}" if effect.may else text


def ability_line(ability: Ability) -> str:
    """A menu line: name, what it takes, cost and effects ("Shiv (Action): Melee:
    Attack 2 dice, Backstab +1 dice")."""
    head = ability.kind.value.capitalize()
    cost = cost_text(ability)
    effects = "; ".join(effect_text(e) for e in ability.effects)
    return f"{ability.name} ({head}{', ' + cost if cost else ''}): {effects}"


def ability_card(ability: Ability) -> list[str]:
    """The whole card: name, where it is printed, kind, cost, trigger, each step."""
    where = (f"card {ability.card}" if ability.card else ability.source.value)
    if ability.side and ability.side != "both":
        where += f", {ability.side} side"
    lines = [f"{ability.name} ({where})",
             f"{ability.kind.value.capitalize()}; cost: {cost_text(ability) or 'free'}"]
    if ability.kind is Kind.REACTION and ability.trigger is not None:
        lines.append(f"when: {ability.trigger.value}")
    if ability.charges is not None:
        lines.append(f"starts with {ability.charges} Charge Tokens")
    lines.extend(f"{n}. {effect_text(e)}" for n, e in enumerate(ability.effects, 1))
    return lines


def hero_line(kit: HeroKit) -> str:
    """A Hero pick: name, Fortitude, mat abilities by name and what they do."""
    mat = [a for a in kit.for_game() if a.source.value == "mat"]
    names = "; ".join(f"{a.name}: {', '.join(effect_text(e) for e in a.effects)}"
                      for a in mat)
    return (f"{kit.name}: Fortitude {kit.fortitude} (Wounded {kit.wounded_fortitude}); "
            f"{names}")


def companion_line(card: CompanionCard) -> str:
    """A Companion pick: name, Fortitude, its actions (or its die's Schemes)."""
    acts = card.actions or tuple(s for _, s in card.pooky)
    names = "; ".join(f"{a.name}: {', '.join(effect_text(e) for e in a.effects)}"
                      for a in acts)
    return f"{card.name}: Fortitude {card.fortitude}; {names}"
