"""Dominique the Resourceful (seed 001, "Character Rules"; the checklist's C-4): Energy.

Four Energy Tokens, two on her mat at the start, never more than four on it. "Energized"
effects are boosts with an Energy cost (``boosts = [{ cost = { energy = 1 }, ... }]``; "Spend
1 or more Energy" is several one-Energy boosts in a row), chosen as the card is played and
never refunded (:func:`~tales.tavern.rdi.effects.declare_costs`). Each Energy is paid with a
token from her mat or two cards from her hand, her choice each time, in any mix
(:meth:`Dominique.pay_energy`, which :func:`~tales.tavern.rdi.effects.pay_tokens` calls and
:func:`~tales.tavern.rdi.stats.affords` counts on).

"The Recombobulator" is a handler: shuffle the cards of your hand that came from your
Character Deck into it (other cards stay in your hand), then draw 4.
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.chance import shuffle
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.effects import discard_cards
from tales.tavern.rdi.model import Card, Step, Tavern
from tales.tavern.rdi.stats import move_tokens, spend_tokens
from tales.tavern.rdi.zones import draw

NAME = "dominique"
ENERGY = "energy"
TOKEN, CARDS = "an Energy Token", "2 cards"
RECOMBOBULATE = "recombobulate"
HANDLERS = frozenset({RECOMBOBULATE})


class Dominique(Mechanics):
    name = NAME
    handlers = HANDLERS
    resources = (Resource(ENERGY, limit=4, supply=4, owner=NAME),)
    own_means = True  # two cards of her hand for each Energy

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        """001: "Place 2 Energy Tokens onto your player mat, and leave the other 2 nearby."""
        player = tavern.player(name)
        placed = min(2, tavern.left(ENERGY))
        return move_tokens(tavern, player, ENERGY, player.count(ENERGY) + placed)

    def other_means(self, tavern: Tavern, name: str, resource: str) -> int:
        """001: "discard 2 cards from your hand" for each Energy."""
        return len(tavern.player(name).hand) // 2 if resource == ENERGY else 0

    def pay_energy(self, tavern: Tavern, name: str, resource: str, amount: int
                   ) -> Resolution[tuple[Tavern, bool]]:
        """Each Energy: a token from the mat or two cards from hand, her choice."""
        if resource != ENERGY:
            return tavern, False
        for _ in range(amount):
            player = tavern.player(name)
            options = tuple(o for o, able in ((TOKEN, player.count(ENERGY) > 0),
                                              (CARDS, len(player.hand) >= 2)) if able)
            if not options:
                return tavern, False
            choice = yield Decision("energy", f"{name}: pay 1 Energy with what?", options,
                                    Decider.PLAYER, name, state=tavern)
            if choice == TOKEN:
                tavern = spend_tokens(tavern, name, ENERGY, 1)
            else:
                tavern = yield from discard_cards(tavern, name, 2)
            tavern = tavern.note(f"{name} pays 1 Energy with {choice}")
        return tavern, True

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        if step.handler != RECOMBOBULATE:
            return tavern
        player = tavern.player(name)
        own = tuple(c for c in player.hand if _own(c, name))
        kept = tuple(c for c in player.hand if not _own(c, name))
        deck = yield from shuffle((*player.deck, *own), f"{name}'s hand into the deck")
        tavern = tavern.with_player(replace(player, hand=kept, deck=tuple(deck)))
        tavern = yield from draw(tavern, name, 4)
        return tavern.note(f"{name} recombobulates: {len(own)} cards shuffled in, draws 4")


def _own(card: Card, name: str) -> bool:
    return not card.pile and not card.virtual and card.owner in ("", name)


register(Dominique())
