"""Cooldown and Charge Tokens on abilities, and the effects that move them.

Glossary entries: Cooldown Ability, Cooldown Token, Charge Ability, Charge Token, Setup
Flag, Fatigue X, Invigorate X, Recharge X, Overcharge Token, Reset Token. An ability's state
is a small record; the Heroes' cards and mats that own these abilities are built on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution


class Source(StrEnum):
    """Where an ability is printed (Fatigue cannot reach some of them)."""

    MAT = "mat"
    CARD = "card"
    ITEM = "item"
    ALLY = "ally"
    SETUP = "setup"


@dataclass(frozen=True, slots=True)
class AbilityState:
    """One ability: Cooldown Tokens on it and, for a Charge Ability, its Charge Tokens.

    ``charge_max`` is the Setup Flag's number (None: not a Charge Ability).
    """

    name: str
    source: Source = Source.CARD
    cooldown: int = 0
    charges: int = 0
    charge_max: int | None = None
    pool: str | None = None  # the card whose Charge Abilities share one pool of tokens

    @property
    def charge_ability(self) -> bool:
        """A Charge Ability (it has a Setup Flag with Charge Tokens)."""
        return self.charge_max is not None


Abilities = tuple[AbilityState, ...]


def side_showing(side: str | None, wounded: bool) -> bool:
    """A mat ability of ``side`` ("fresh", "wounded"; None: any) works while it shows."""
    return side is None or (side == "wounded") == wounded


def can_activate(ability: AbilityState, overcharge_tokens: int = 0) -> bool:
    """No Cooldown Tokens on it; a Charge Ability also needs a Charge Token or an Overcharge
    Token (Overcharge Token 1 and 4)."""
    if ability.cooldown > 0:
        return False
    if ability.charge_ability:
        return ability.charges > 0 or overcharge_tokens > 0
    return True


def fatigue_targets(abilities: Abilities) -> list[int]:
    """Abilities Fatigue may put Cooldown Tokens on: not on the Hero mat, not Ally cards,
    not Setup abilities, not Charge Abilities with no Charge Tokens left (Fatigue X)."""
    return [i for i, a in enumerate(abilities)
            if a.source not in (Source.MAT, Source.ALLY, Source.SETUP)
            and not (a.charge_ability and a.charges == 0)]


def _with(abilities: Abilities, index: int, ability: AbilityState) -> Abilities:
    """``ability`` at ``index``; Charge Abilities of the same card get its Charge Tokens too
    (Ability: "Charge Abilities share a single pool of Charge Tokens")."""
    return tuple(
        ability if i == index else
        evolve(a, charges=ability.charges)
        if ability.pool is not None and a.pool == ability.pool and a.charge_ability else a
        for i, a in enumerate(abilities))


def spend_charge(abilities: Abilities, index: int) -> Abilities:
    """Spend one Charge Token of the ability at ``index`` (from its card's pool)."""
    chosen = abilities[index]
    return _with(abilities, index, evolve(chosen, charges=chosen.charges - 1))


#: Decisions whose options are indices of a Hero's abilities (the Decision's ``detail``
#: names each one: :func:`names`).
ABILITY_INDEX_DECISIONS = frozenset({"fatigue", "invigorate", "recharge", "reset"})


def names(abilities: Abilities, options: Iterable[int]) -> dict[int, str]:
    """Each option (an index into ``abilities``) with the ability's name, as a
    Decision's ``detail``: a player is asked about abilities by name, never by number."""
    return {i: abilities[i].name for i in options}


def fatigue(abilities: Abilities, hero: str, x: int) -> Resolution[Abilities]:
    """Fatigue X: add X Cooldown Tokens to one ability the Hero controls (their choice).

    Only Heroes are Fatigued; the caller does not call this for Allies, Companions, Pooky
    or Illusions. With no ability that can take them, nothing happens.
    """
    options = fatigue_targets(abilities)
    if x <= 0 or not options:
        return abilities
    index = yield Decision("fatigue", f"{hero} is Fatigued {x}: which ability gets the "
                           "Cooldown Tokens?", tuple(options), Decider.PLAYER, hero,
                           detail=names(abilities, options))
    chosen = abilities[index]
    return _with(abilities, index, evolve(chosen, cooldown=chosen.cooldown + x))


def _token_by_token(
    abilities: Abilities, hero: str, x: int, kind: str, prompt: str,
    eligible: Callable[[AbilityState], bool], change: Callable[[AbilityState], AbilityState],
) -> Resolution[Abilities]:
    """Move up to X tokens one at a time; the player picks the ability when several could
    take the next one."""
    for _ in range(max(x, 0)):
        options = tuple(i for i, a in enumerate(abilities) if eligible(a))
        if not options:
            break
        index = options[0]
        if len(options) > 1:
            index = yield Decision(kind, f"{hero} {prompt}", options, Decider.PLAYER, hero,
                                   detail=names(abilities, options))
        abilities = _with(abilities, index, change(abilities[index]))
    return abilities


def invigorate(abilities: Abilities, hero: str, x: int = 1) -> Resolution[Abilities]:
    """Invigorate X: remove up to X Cooldown Tokens (a Decision per token removed)."""
    return (yield from _token_by_token(
        abilities, hero, x, "invigorate",
        "Invigorates: remove a Cooldown Token from which ability?",
        lambda a: a.cooldown > 0, lambda a: evolve(a, cooldown=a.cooldown - 1)))


def recharge(abilities: Abilities, hero: str, x: int) -> Resolution[Abilities]:
    """Recharge X: add X Charge Tokens, never above an ability's Setup Flag amount."""
    return (yield from _token_by_token(
        abilities, hero, x, "recharge", "Recharges: add a Charge Token to which ability?",
        lambda a: a.charge_max is not None and a.charges < a.charge_max,
        lambda a: evolve(a, charges=a.charges + 1)))


def reset(abilities: Abilities, hero: str) -> Resolution[Abilities]:
    """Reset Token: remove up to three Cooldown Tokens from one ability."""
    cooled = tuple(i for i, a in enumerate(abilities) if a.cooldown > 0)
    if not cooled:
        return abilities
    index = cooled[0]
    if len(cooled) > 1:
        index = yield Decision("reset", f"{hero} discards a Reset Token: which ability?",
                               cooled, Decider.PLAYER, hero, detail=names(abilities, cooled))
    return _with(abilities, index, reset_cooldown(abilities[index]))


#: Cooldown Tokens one Reset Token removes ("up to three").
RESET_TOKENS = 3


def reset_cooldown(ability: AbilityState) -> AbilityState:
    """The ability after a Reset Token: up to three Cooldown Tokens fewer."""
    return evolve(ability, cooldown=max(ability.cooldown - RESET_TOKENS, 0))


def ready_phase(abilities: Abilities, one_each: bool = False) -> Abilities:
    """Cooldown Tokens are removed at the beginning of each round (Cooldown Token): all of
    them, or with ``one_each`` one from each ability (docs/rules-decisions.md)."""
    # an ability with no Cooldown Token is kept as it is, not copied (issue 19)
    if one_each:
        return tuple(evolve(a, cooldown=max(a.cooldown - 1, 0)) if a.cooldown else a
                     for a in abilities)
    return tuple(evolve(a, cooldown=0) if a.cooldown else a for a in abilities)
