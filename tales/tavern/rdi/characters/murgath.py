"""Murgath the Blessed (seed 000, "Murgath the Blessed"; seed 002's team rules; the
checklist's C row 26): his cards give their victims Blessings from a shared deck.

* The Blessing Deck: the cards of his deck file with ``pile = "blessings"``, shuffled into
  ``tavern.piles`` at setup. "Getting a Blessing" draws its top card into the receiver's
  hand (so it counts toward their hand size); an empty deck reshuffles the Blessing
  discards; with none left (all in hands), nothing (:func:`zones.draw_from_pile`). A played
  Blessing goes to the Blessing discards. Blessings in hands stay when Murgath is out.
* "A player that loses Fortitude in this way gets a Blessing": the card opens with
  ``{ handler = "banefall watches" }`` and, after its Fortitude losses,
  ``{ handler = "blessings for the hurt" }`` gives one Blessing to each player who actually
  lost Fortitude to it in between (whoever it was redirected to, Murgath included; not a
  player who Ignored it or reduced the loss to 0), never two to one player, and only the
  players affected, not their teammates. ``{ handler = "blessing", who = "target" }`` gives
  one outright.
* A Blessing's heart: a Blessing whose text starts "Heart N." may instead be played as an
  Anytime card "Gain N Fortitude" (not its other effect); playing it so counts as playing an
  Anytime card, so it may be Negated. The engine offers this only to Murgath himself (his
  rules give his own hand the choice); see the case table for the other players.
"""

from __future__ import annotations

import re
from dataclasses import replace

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import Mechanics, register
from tales.tavern.rdi.model import Card, CardKind, Step, Tavern, Verb
from tales.tavern.rdi.zones import discard_card, draw_from_pile

BLESSINGS = "blessings"
WATCH = "banefall watches"
FOR_THE_HURT = "blessings for the hurt"
GIVE = "blessing"
HEART_PREFIX = "Heart of "
_HEART = re.compile(r"Heart (\d+)\.")
#: stats/effects' note of a Fortitude loss from a card (``effects.carry_out``).
_LOSS = re.compile(r"(?P<who>.+) loses (?P<n>\d+) Fortitude(?: \(redirected from .+\))?")


class Murgath(Mechanics):
    name = "murgath"
    piles = frozenset({BLESSINGS})

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        if step.handler == WATCH:
            tavern = tavern.note(_watch(name))
        elif step.handler == FOR_THE_HURT:
            hurt = hurt_since_watch(tavern, name)
            for who in tavern.order_from(name) if not tavern.player(name).out else hurt:
                if who in hurt:
                    tavern = yield from bless(tavern, who)
        elif step.handler == GIVE:
            tavern = yield from bless(tavern, target or name)
        return tavern

    def virtual(self, tavern: Tavern, name: str) -> tuple[Card, ...]:
        player = tavern.player(name)
        if player.out:
            return ()
        hearts: dict[str, Card] = {}
        for card in player.hand:
            value = heart(card)
            if card.pile == BLESSINGS and value:
                hearts.setdefault(card.name, Card(
                    f"{HEART_PREFIX}{card.name}", CardKind.ANYTIME,
                    (Step(Verb.FORTITUDE, value),),
                    f"Play {card.name} as an Anytime card: gain {value} Fortitude.",
                    virtual=True))
        return tuple(hearts.values())

    def use_virtual(self, tavern: Tavern, name: str, card: Card) -> Resolution[Tavern]:
        if card.name.startswith(HEART_PREFIX):
            blessing = card.name[len(HEART_PREFIX):]
            player = tavern.player(name)
            index = next(i for i, c in enumerate(player.hand) if c.name == blessing)
            held = player.hand[index]
            tavern = tavern.with_player(replace(player, hand=player.hand[:index]
                                                + player.hand[index + 1:]))
            tavern = discard_card(tavern, held, name).note(
                f"{name} plays {blessing} for its heart")
        return tavern
        yield  # pragma: no cover


def heart(card: Card) -> int:
    """A Blessing's heart value (0: none), from its text "Heart N."."""
    found = _HEART.match(card.text)
    return int(found[1]) if found else 0


def bless(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """``name`` gets a Blessing: the top of the Blessing Deck into their hand."""
    if tavern.player(name).out:
        return tavern
    before = len(tavern.player(name).hand)
    tavern = yield from draw_from_pile(tavern, BLESSINGS, name)
    if len(tavern.player(name).hand) == before:
        return tavern.note(f"{name} would get a Blessing, but none is left")
    return tavern.note(f"{name} gets a Blessing")


def _watch(name: str) -> str:
    return f"Banefall watches whom {name}'s card hurts"


def hurt_since_watch(tavern: Tavern, name: str) -> list[str]:
    """The players who lost Fortitude since ``name``'s card began (its watch note), each
    once, in the order they lost it."""
    hurt: list[str] = []
    for line in reversed(tavern.log):
        if line == _watch(name):
            break
        loss = _LOSS.fullmatch(line)
        if loss is not None and int(loss["n"]) > 0 and loss["who"] not in hurt:
            hurt.append(loss["who"])
    return hurt[::-1]


register(Murgath())
