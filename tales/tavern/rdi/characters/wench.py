"""The Wench (seed 000, "The Wench"): Special Reserve Drinks.

Her Special Reserve Deck is the side deck of Drinks of her file (``[[drinks]]``, each
``pile = "special reserve"``: Drinks and Drink Events, Elixirs ``stays = true``); it lies on
the table (``Tavern.drink_piles``) with its discards. A card gives a Special Reserve Drink
with ``{ handler = "special reserve drink", who = "target" }``: the top card of the deck goes
face down on top of that player's Drink Me! pile (never to herself; a player who Ignores the
card gets none). Special Reserve Drinks stay the top cards of a Drink Me! pile
(:func:`tales.tavern.rdi.zones.on_drink_me`), go to their own discards, and the deck is made
again from them when it runs out, with nothing paid to the Inn.
"""

from __future__ import annotations

from tales.evolve import evolve
from tales.rules.decisions import Resolution
from tales.tavern.chance import shuffle
from tales.tavern.rdi.characters import Mechanics, register
from tales.tavern.rdi.model import Drink, Step, Tavern

NAME = "wench"
RESERVE = "special reserve"
GIVE = "special reserve drink"


def top_reserve(tavern: Tavern) -> Resolution[tuple[Tavern, Drink | None]]:
    """The top card of the Special Reserve Deck, taken off it: 000, "If the Special Reserve
    Deck runs out, immediately reshuffle the Special Reserve discard pile and use that as
    the new Special Reserve Deck. Players do not need to pay the Inn"."""
    deck = tavern.drink_pile(RESERVE)
    if not deck:
        deck = tuple((yield from shuffle(tavern.drink_pile(f"{RESERVE} discard"),
                                         "the Special Reserve discards")))
        tavern = tavern.with_drink_pile(f"{RESERVE} discard", ())
        if not deck:
            return tavern, None
    return tavern.with_drink_pile(RESERVE, deck[:-1]), deck[-1]


def give(tavern: Tavern, name: str, whom: str) -> Resolution[Tavern]:
    """000: "To give a Special Reserve Drink to a player, place the top card of the Special
    Reserve Deck face down onto that player's Drink Me! Pile"; "The Wench may not give
    herself a Special Reserve Drink"."""
    if whom == name or tavern.player(whom).out:
        return tavern
    tavern, drink = yield from top_reserve(tavern)
    if drink is None:
        return tavern.note("the Special Reserve Deck is empty")
    player = tavern.player(whom)
    return tavern.with_player(evolve(player, drink_me=(*player.drink_me, drink))).note(
        f"{name} gives {whom} a Special Reserve Drink")


class Wench(Mechanics):
    name = NAME
    handlers = frozenset({GIVE})

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        if step.handler == GIVE and target is not None:
            tavern = yield from give(tavern, name, target)
        return tavern


register(Wench())
