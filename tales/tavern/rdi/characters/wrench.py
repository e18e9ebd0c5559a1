"""Wrench (seed 000, "Wrench"): Gizmos, targetable non-players with a Fortitude track.

A Gizmo Card is an Action - Minion card (``minion = true``) with its Fortitude track as
``values`` (top to bottom, the highest first) and its type as an icon (``"active"`` or
``"passive"``); in play it is one of the table's Minions, its wrench token the card's
``marker`` (0: the highest number). So the Minions' rules target it: another player may
pick it for a Fortitude loss or a redirection, "each other player" Fortitude loss hits it,
it Ignores Events and nothing but Fortitude changes it. Its own rules are here: it loses
and gains Fortitude on its track (:meth:`Wrench.minion_fortitude`), breaks down at 0 (with
Collateral Damage to Wrench when a card's Fortitude loss broke it), ticks down at the end of
his Action Phase in the order he chooses (an Active Gizmo's steps may then be used, played
as his with the Gizmo as their source), and a Passive Gizmo's ``reduce`` step reduces each
of his Fortitude losses while it is in play. His cards may ``sacrifice a gizmo`` and
``repair gizmos``, and a Gizmo may ``oil a gizmo`` (handlers): a "+" token
(``Minion.plus``) increases each amount of that Gizmo's effects by 1 until it next loses
Fortitude (its tick-down's ability still counts them).
"""

from __future__ import annotations

from dataclasses import replace

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, one_of, register
from tales.tavern.rdi.model import Minion, Stat, Step, Tavern, Verb
from tales.tavern.rdi.stats import change
from tales.tavern.rdi.zones import discard_card

NAME = "wrench"
ACTIVE = "active"
PASSIVE = "passive"
SACRIFICE = "sacrifice a gizmo"
REPAIR = "repair gizmos"
OIL = "oil a gizmo"  # a "+" token on one of his Gizmos (the Automated Oil Can)
#: The effects a "+" token increases: the amounts of these steps.
INCREASED = frozenset({Verb.FORTITUDE, Verb.ALCOHOL, Verb.PAY, Verb.COLLECT, Verb.DRAW,
                       Verb.REDUCE})
COLLATERAL = 1  # "Wrench suffers 1 Fortitude loss that cannot be Negated, Ignored, reduced"


def gizmos(tavern: Tavern, name: str) -> list[Minion]:
    """``name``'s Gizmos in play, in the order they came into play."""
    return [m for m in tavern.minions if m.controller == name and m.card.values]


def fortitude(gizmo: Minion) -> int:
    """The number under its wrench token."""
    return gizmo.card.values[gizmo.card.marker]


def _set(tavern: Tavern, gizmo: Minion, amount: int) -> tuple[Tavern, bool]:
    """``gizmo`` gains (or, negative, loses) ``amount`` Fortitude: "A Gizmo may never have
    more Fortitude than the highest amount listed on its Fortitude track"; at 0 "it breaks
    down and is placed into your discard pile immediately" (True: it broke down)."""
    track = gizmo.card.values
    left = min(fortitude(gizmo) + amount, max(track))
    if left <= 0:
        return _remove(tavern, gizmo).note(f"{gizmo.name} breaks down"), True
    marker = next(i for i, v in enumerate(track) if v <= left)
    card = replace(gizmo.card, marker=marker)
    plus = 0 if amount < 0 else gizmo.plus  # "remove the '+' token as soon as the targeted
    # Gizmo loses Fortitude"
    tavern = evolve(tavern, minions=tuple(replace(m, card=card, plus=plus)
                                          if m.name == gizmo.name else m
                                          for m in tavern.minions))
    now = fortitude(replace(gizmo, card=card))
    was = fortitude(gizmo)
    said = f"{gizmo.name} {'gains' if now > was else 'loses'} {abs(now - was)} Fortitude: " \
        f"{now} left" if now != was else f"{gizmo.name} has {now} Fortitude"
    return tavern.note(said), False


def _remove(tavern: Tavern, gizmo: Minion) -> Tavern:
    tavern = evolve(tavern, minions=tuple(m for m in tavern.minions if m.name != gizmo.name))
    return discard_card(tavern, replace(gizmo.card, marker=0), gizmo.controller)


def hurt(tavern: Tavern, gizmo: Minion, amount: int) -> Resolution[Tavern]:
    """A card's Fortitude change on ``gizmo`` (``amount`` negative: a loss). 000: "If
    Fortitude loss from a card effect would cause a Gizmo to break down, then in addition
    to discarding the Gizmo, Wrench suffers 1 Fortitude loss that cannot be Negated,
    Ignored, reduced, redirected, etc."."""
    tavern, broke = _set(tavern, gizmo, amount)
    if broke and amount < 0:
        tavern = change(tavern, gizmo.controller, fortitude=-COLLATERAL,
                        line=f"{gizmo.controller} suffers Collateral Damage: "
                        "{change}", stat="Fortitude")
    return tavern
    yield  # pragma: no cover


def tick_down(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """000: "At the end of your Action Phase, each Gizmo 'ticks down' in the order of your
    choice. When a Gizmo ticks down, it loses 1 Fortitude. When an Active Gizmo ticks down,
    you may use its ability (you may do this even when the Gizmo ticks down to 0 and breaks
    down)"; no Collateral Damage then."""
    from tales.tavern.rdi.effects import play_card

    left = [m.name for m in gizmos(tavern, name)]
    while left and tavern.winners is None and not tavern.player(name).out:
        pick = left[0]
        if len(left) > 1:
            pick = yield Decision("tick-down", f"{name}: which Gizmo ticks down next?",
                                  tuple(left), Decider.PLAYER, name, state=tavern)
        left.remove(pick)
        gizmo = tavern.minion(pick)
        if gizmo is None:  # broken down meanwhile (by another Gizmo's ability)
            continue
        tavern, _ = _set(tavern, gizmo, -1)
        if ACTIVE not in gizmo.card.icons or not gizmo.card.steps:
            continue
        use = yield Decision("gizmo", f"{name}: use {gizmo.name}?", ("no", "yes"),
                             Decider.PLAYER, name, state=tavern)
        if use == "yes":  # its "+" tokens count for the ability its tick-down uses
            ability = replace(gizmo.card, activation=True, minion=False, marker=0,
                              steps=increased(gizmo.card.steps, gizmo.plus))
            tavern, _ = yield from play_card(tavern, name, ability, discard=False,
                                             label=f"{gizmo.name}'s ability", via=gizmo.name)
    return tavern


def increased(steps: tuple[Step, ...], plus: int) -> tuple[Step, ...]:
    """A Gizmo's steps with "an increased effect": each amount ``plus`` more (a loss
    ``plus`` more lost), a "+" token given ``plus`` more ("If it does, then the next time you
    active it, it will increase a Gizmo's effects by 2 instead of 1")."""
    if not plus:
        return steps
    return tuple(replace(s, amount=s.amount + (plus if s.amount >= 0 else -plus))
                 if s.verb in INCREASED and s.amount else
                 replace(s, amount=max(s.amount, 1) + plus) if s.handler == OIL else s
                 for s in steps)


def _gizmo(tavern: Tavern, name: str, kind: str, question: str) -> Resolution[str | None]:
    """The Gizmo of ``name``'s that a card works on: the only one, or the one ``name``
    picks (a Decision of ``kind``); None when ``name`` has none."""
    own = tuple(m.name for m in gizmos(tavern, name))
    if not own:
        return None
    return (yield from one_of(tavern, name, kind, f"{name}: {question}", own))


def oil(tavern: Tavern, name: str, amount: int) -> Resolution[Tavern]:
    """000: "One Gizmo, 'Automated Oil Can', causes another Gizmo to have an increased
    effect until the next time it loses Fortitude. Use the '+' tokens to indicate this
    effect"; "Note that 'Automated Oil Can' may target itself"."""
    pick = yield from _gizmo(tavern, name, "oil", "which Gizmo gets a '+' token?")
    if pick is None:
        return tavern
    tavern = evolve(tavern, minions=tuple(replace(m, plus=m.plus + amount)
                                          if m.name == pick else m for m in tavern.minions))
    return tavern.note(f"{pick} gets {amount} '+' token" + ("s" if amount > 1 else ""))


def sacrifice(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """000: "move a Gizmo from the play area in front of you to your discard pile.
    Sacrificing a Gizmo does not cause Collateral Damage to Wrench"."""
    pick = yield from _gizmo(tavern, name, "sacrifice", "sacrifice which Gizmo?")
    if pick is None:
        return tavern
    gizmo = tavern.minion(pick)
    assert gizmo is not None
    return _remove(tavern, gizmo).note(f"{name} sacrifices {pick}")


class Wrench(Mechanics):
    name = NAME
    handlers = frozenset({SACRIFICE, REPAIR, OIL})

    def minion_fortitude(self, tavern: Tavern, minion: Minion, source: str, amount: int
                         ) -> Resolution[Tavern] | None:
        if not minion.card.values:
            return None
        return hurt(tavern, minion, amount)

    def action_phase_ends(self, tavern: Tavern, name: str) -> Resolution[Tavern]:
        return (yield from tick_down(tavern, name))

    def reductions(self, tavern: Tavern, name: str) -> tuple[tuple[Stat, int], ...]:
        """A Passive Gizmo's ``reduce`` steps: "they simply remain 'on' for as long as they
        are in play" (the Buckler: "Wrench only loses 1 Fortitude, not 2")."""
        less: dict[Stat, int] = {}
        for gizmo in gizmos(tavern, name):
            if PASSIVE in gizmo.card.icons:
                for step in increased(gizmo.card.steps, gizmo.plus):
                    if step.verb is Verb.REDUCE and step.stat is not None:
                        less[step.stat] = less.get(step.stat, 0) + step.amount
        return tuple(less.items())

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        if step.handler == SACRIFICE:
            tavern = yield from sacrifice(tavern, name)
        elif step.handler == OIL:
            tavern = yield from oil(tavern, name, max(step.amount, 1))
        elif step.handler == REPAIR:
            for gizmo in gizmos(tavern, name):
                tavern, _ = _set(tavern, gizmo, 1)
        return tavern


register(Wrench())
