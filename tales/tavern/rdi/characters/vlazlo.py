"""Baron von Vlazlo (seed 000, "Baron von Vlazlo"): Blood Tokens and his form cards.

Blood is the ``blood`` token, 8 at most: a card's blood icons are its last step,
``{ gain = 1, resource = "blood" }`` (after its other effects; not when Negated, still when
Ignored), and a Blood cost is the card's ``cost = { blood = 2 }`` (spent as it is played,
never refunded). His Wolf Deck and Bat Deck are the side decks ``pile = "wolf"`` and
``pile = "bat"``, their cards ``joins = true``: acquired, a form card goes into his hand and
is part of his Character Deck from then on.

He starts with 6 Character Cards and one form card from the deck of his choice, chosen
before the first turn (:meth:`Vlazlo.set_up` leaves the choice owed, the ``first form``
token; :meth:`Vlazlo.start_of_turn` asks it). In Discard and Draw, after discarding and
before drawing, he may buy form cards for 2 Blood each, one at a time, from either deck
(:meth:`Vlazlo.first_draws`), then draws up to 7 if he has fewer.

As the Boss (002, "Boss Battle"; any seat that plays a Boss deck) his Boss cards
(``boss = true``) are in his Character Deck and his third form deck, the Monstrosity Deck
(``pile = "monstrosity"``, its cards ``boss = true``), is his too: the free form card and
every purchase may come from any of the three. His setup form card counts against his hand
size (the seventh card, or the Boss's last, goes back on his deck).
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi import variants
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Tavern
from tales.tavern.rdi.stats import spend_tokens
from tales.tavern.rdi.timing import PASS
from tales.tavern.rdi.zones import draw_from_pile

NAME = "vlazlo"
BLOOD = "blood"
FORMS = {"Wolf Deck": "wolf", "Bat Deck": "bat", "Monstrosity Deck": "monstrosity"}
#: 000: "The 8-card Monstrosity Deck and the 5 Boss cards are only for the Boss variants"
BOSS_ONLY = frozenset({"monstrosity"})
PRICE = 2
FIRST = "first form"  # the free form card still owed at setup


def boss(tavern: Tavern, name: str) -> bool:
    """Whether ``name`` plays his Boss deck (002: "the Boss", or every seat of Boss Versus
    Boss)."""
    seat = [p.name for p in tavern.players].index(name)
    return variants.boss_deck(tavern.variant.mode, seat)


def form_decks(tavern: Tavern, name: str) -> tuple[str, ...]:
    """The form decks ``name`` may take from now: those with cards, the Monstrosity Deck
    only as the Boss (002: "purchase cards from any of his three form decks")."""
    mine = FORMS if boss(tavern, name) else {d: p for d, p in FORMS.items()
                                             if p not in BOSS_ONLY}
    return tuple(deck for deck, pile in mine.items() if tavern.pile(pile))


def acquire(tavern: Tavern, name: str, why: str) -> Resolution[tuple[Tavern, bool]]:
    """Take a form card from the deck of his choice into his hand (or none)."""
    decks = form_decks(tavern, name)
    if not decks:
        return tavern, False
    choice = yield Decision("form", f"{name}: {why}", (PASS, *decks) if why != FIRST else
                            decks, Decider.PLAYER, name, state=tavern)
    if choice == PASS:
        return tavern, False
    tavern = yield from draw_from_pile(tavern, FORMS[choice], name)
    return tavern.note(f"{name} takes a card from his {choice}"), True


class Vlazlo(Mechanics):
    name = NAME
    resources = (Resource(BLOOD, limit=8, owner=NAME), Resource(FIRST, limit=1, owner=NAME))

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        """000: "Draw a card from your choice of the Wolf Deck or the Bat Deck, then draw 6
        cards from your Character Deck": the seventh card goes back on his deck, and the
        choice is owed. 002: "The form card drawn by Vlazlo counts against his hand size, so
        he will draw one fewer card from his Character Deck" (the Boss's last card)."""
        player = tavern.player(name)
        if not player.hand:
            return tavern
        return tavern.with_player(replace(player, hand=player.hand[:-1],
                                          deck=(*player.deck, player.hand[-1]))
                                  .with_count(FIRST, 1))

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        if not tavern.player(owner).count(FIRST):
            return tavern
        tavern = tavern.with_player(tavern.player(owner).with_count(FIRST, 0))
        tavern, _ = yield from acquire(tavern, owner, FIRST)
        return tavern

    def first_draws(self, tavern: Tavern, name: str, count: int
                    ) -> Resolution[tuple[Tavern, int]]:
        """000: "After you discard cards in your Discard and Draw Phase, but before you draw
        new cards from your Character Deck, you may purchase form cards for 2 Blood Tokens
        each."""
        while tavern.player(name).count(BLOOD) >= PRICE:
            before = len(tavern.player(name).hand)
            tavern, bought = yield from acquire(tavern, name, f"buy a form card for {PRICE} "
                                                "Blood?")
            if not bought:
                break
            tavern = spend_tokens(tavern, name, BLOOD, PRICE)
            count -= len(tavern.player(name).hand) - before
        return tavern, count


register(Vlazlo())
