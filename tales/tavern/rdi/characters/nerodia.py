"""Nerodia the Petrifier (seed 000, "Nerodia the Petrifier"): Petrify, Decay and Glare.

Her Petrification Pile is the table's pile ``<name> petrified`` (its top is the last card,
its bottom the first). A card each keeps its Character Deck's owner, the player it came from
(a sub-deck's card without one is given the player's name as it is Petrified).

* Petrify X is a step ``{ handler = "petrify 2", who = "target" }``: the player gives that
  many cards of their choice from their hand (as many as they hold); Nerodia never Petrifies
  her own, nor does a Minion. The cards wait under the card being played (``<name>
  petrifying``) and, once it has gone to her discard pile, go under the pile in a random
  order (:meth:`Nerodia.after_play`), however many players gave them.
* Decay: at the start of her turn the top card goes back to the hand it came from.
* Glare X is a boost costing ``{ glare = X }``: she may declare it while her pile holds X
  cards; they are put under the played card (``<name> glaring``) and go back to the hands
  they came from when it has gone to her discard pile, Negated or not. A Power Jinx changes
  a Petrify's number (a numeral of its handler), never a Glare's cost.
* Boss Otto Petrifies the top cards of his decks, of her choice, and a returned card goes
  back on top of its deck (001; :mod:`tales.tavern.rdi.handdeck`).
* A card returned to a player who is out of the game is discarded; a Blessing goes to the
  Blessing discards. When Nerodia is out, her whole pile goes back (at the next turn's start
  or end: the engine looks then).
"""

from __future__ import annotations

import re
from dataclasses import replace

from tales.rules.decisions import Resolution
from tales.tavern.chance import shuffle
from tales.tavern.rdi import handdeck
from tales.tavern.rdi.characters import Mechanics, register
from tales.tavern.rdi.model import Card, Step, Tavern
from tales.tavern.rdi.ottodata import is_otto
from tales.tavern.rdi.zones import discard_card

NAME = "nerodia"
GLARE = "glare"
BLESSINGS = "blessings"  # Murgath's Blessing Deck: "it goes to the Blessing discard pile"
_PETRIFY = re.compile(r"petrify (\d+)")


def pile(name: str) -> str:
    """``name``'s Petrification Pile."""
    return f"{name} petrified"


def petrifying(name: str) -> str:
    return f"{name} petrifying"


def glaring(name: str) -> str:
    return f"{name} glaring"


def give_back(tavern: Tavern, cards: tuple[Card, ...]) -> Tavern:
    """Each card to the hand of the player it came from, unlooked at; to the discards if
    that player is out (a Blessing to the Blessing discards)."""
    for card in cards:
        origin = card.owner
        if is_otto(tavern, origin):
            tavern = handdeck.back_on_his_deck(tavern, card)
            continue
        if card.pile == BLESSINGS or not any(p.name == origin for p in tavern.players):
            tavern = discard_card(tavern, card, origin or tavern.players[0].name)
            continue
        player = tavern.player(origin)
        if player.out:
            tavern = discard_card(tavern, card, origin)
            continue
        tavern = tavern.with_player(replace(player, hand=(*player.hand, card)))
    return tavern


class Nerodia(Mechanics):
    name = NAME

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        found = _PETRIFY.fullmatch(step.handler)
        who = target or name
        if found is None or who == name:
            return tavern  # "Nerodia may never Petrify her own cards"
        given = 0
        for _ in range(int(found[1])):
            tavern, card = yield from _petrified(tavern, name, who)
            if card is None:
                break
            tavern = tavern.with_pile(petrifying(name), (*tavern.pile(petrifying(name)), card))
            given += 1
        return tavern.note(f"{who} Petrifies {given} card{'s' if given != 1 else ''}") \
            if given else tavern

    def after_play(self, tavern: Tavern, name: str, card: Card) -> Resolution[Tavern]:
        tavern = yield from _settle(tavern, name)
        return tavern

    def other_means(self, tavern: Tavern, name: str, resource: str) -> int:
        """000: "You may not declare the use of a Glare ability unless you have at least the
        indicated number of cards already in your Petrification Pile"."""
        return len(tavern.pile(pile(name))) if resource == GLARE else 0

    def pay_energy(self, tavern: Tavern, name: str, resource: str, amount: int
                   ) -> Resolution[tuple[Tavern, bool]]:
        """Glare: the top card of her pile goes under the card being played."""
        cards = tavern.pile(pile(name))
        if resource != GLARE or len(cards) < amount:
            return tavern, False
        spent = cards[len(cards) - amount:]
        tavern = tavern.with_pile(pile(name), cards[:len(cards) - amount])
        return tavern.with_pile(glaring(name), (*tavern.pile(glaring(name)), *spent)), True
        yield  # pragma: no cover

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        """000: "At the start of Nerodia's turn, she returns the top card of the
        Petrification Pile to the hand of the character it came from.\""""
        if tavern.player(owner).out:
            return (yield from _settle(tavern, owner))
        cards = tavern.pile(pile(owner))
        if owner != active or not cards:
            return tavern
        tavern = tavern.with_pile(pile(owner), cards[:-1])
        return give_back(tavern, cards[-1:]).note(
            f"a Petrified card decays back to {cards[-1].owner}")

    def end_of_turn(self, tavern: Tavern, owner: str, ended: str) -> Resolution[Tavern]:
        return (yield from _settle(tavern, owner))


def _petrified(tavern: Tavern, name: str, who: str) -> Resolution[tuple[Tavern, Card | None]]:
    """One card ``who`` Petrifies, of their choice (None with an empty hand); Boss Otto's
    come from his decks (:func:`tales.tavern.rdi.handdeck.petrify_from_otto`)."""
    if is_otto(tavern, who):
        return (yield from handdeck.petrify_from_otto(tavern, name))
    tavern, cards = yield from handdeck.picks(tavern, who, 1, "petrify",
                                              f"{who}: which card do you Petrify?")
    if not cards:
        return tavern, None
    return tavern, cards[0] if cards[0].owner else replace(cards[0], owner=who)


def _settle(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """Cards under a card that has gone to the discard pile: Glared ones back to their
    hands, Petrified ones under the pile in a random order; with Nerodia out, her whole
    pile back."""
    glared = tavern.pile(glaring(name))
    if glared:
        tavern = give_back(tavern.with_pile(glaring(name), ()), glared).note(
            f"the {len(glared)} Glared card{'s' if len(glared) > 1 else ''} go back")
    new = tavern.pile(petrifying(name))
    if new:
        order = tuple((yield from shuffle(new, "the Petrified cards"))) if len(new) > 1 \
            else new
        tavern = tavern.with_pile(petrifying(name), ())
        tavern = tavern.with_pile(pile(name), (*order, *tavern.pile(pile(name))))
    if tavern.player(name).out and tavern.pile(pile(name)):  # "all cards ... return"
        cards = tavern.pile(pile(name))
        tavern = give_back(tavern.with_pile(pile(name), ()), cards).note(
            "Nerodia is out: her Petrified cards go back")
    return tavern


register(Nerodia())
