"""Cormac the Mighty (seed 000; the checklist's section C): his Rage Tiles and Rage Pool.

The Rage Tiles are his deck file's ``[[track]]`` (each level's ``at``: the cards that
activate it; ``alcohol``/``fortitude``: what it adds to his Alcohol gains and to the
Fortitude loss he causes). A card with ``icons = ["rage"]`` goes face down into his Building
Rage Pile once it has resolved, instead of his discard pile (a Negated one is discarded: it
never resolved); ``icons = ["double rage"]`` too, and he may then add a card from his hand.
When the Building Rage Pile holds as many cards as the next tile asks, that tile is activated
(the token ``rage``: how many are) and the pile moves to the Raging Pile. The two piles are
the table's piles ``<name> building rage`` and ``<name> raging``. The handler ``"clear
rage"`` puts the whole Rage Pool face up into his discard pile and resets the tiles.
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, more_loss, register
from tales.tavern.rdi.model import Card, Level, Step, Tavern
from tales.tavern.rdi.timing import PASS

NAME = "cormac"
RAGE = "rage"  # the token: how many Rage Tiles are activated
ICON = "rage"
DOUBLE = "double rage"
CLEAR = "clear rage"
HANDLERS = frozenset({CLEAR})


def building(name: str) -> str:
    """The table's pile that is ``name``'s Building Rage Pile."""
    return f"{name} building rage"


def raging(name: str) -> str:
    """The table's pile that is ``name``'s Raging Pile."""
    return f"{name} raging"


def active(tavern: Tavern, name: str) -> Level | None:
    """``name``'s active Rage Tile: the last one activated (None: calm)."""
    player = tavern.player(name)
    count = min(player.count(RAGE), len(player.track))
    return player.track[count - 1] if count else None


def pool(tavern: Tavern, name: str) -> int:
    """How many cards ``name``'s Rage Pool holds (both piles)."""
    return len(tavern.pile(building(name))) + len(tavern.pile(raging(name)))


def add_to_pool(tavern: Tavern, name: str, card: Card) -> Tavern:
    """000: "When you add a card to your Rage Pool, it goes to your Building Rage Pile. When
    the number of cards in your Building Rage Pile is equal to the number on your next Rage
    Tile, activate that Rage Tile ... Then, move the cards in your Building Rage Pile to your
    Raging Pile." After the last tile, cards still go to the Building Rage Pile."""
    pile = (*tavern.pile(building(name)), card)
    tavern = tavern.with_pile(building(name), pile).note(
        f"{name} puts {card.name} into his Rage Pool")
    player = tavern.player(name)
    count = player.count(RAGE)
    if count < len(player.track) and len(pile) == player.track[count].at:
        level = player.track[count]
        tavern = tavern.with_player(player.with_count(RAGE, count + 1))
        tavern = tavern.with_pile(raging(name), (*tavern.pile(raging(name)), *pile))
        tavern = tavern.with_pile(building(name), ())
        tavern = tavern.note(f"{name} activates his Rage Tile {level.name}: +{level.alcohol} "
                             f"Alcohol gained, +{level.fortitude} Fortitude loss caused")
    return tavern


def clear_pool(tavern: Tavern, name: str) -> Tavern:
    """000: "he puts *all* cards from both his Building Rage Pile and his Raging Pile face
    up into his discard pile, then resets his Rage Tiles"."""
    cards = (*tavern.pile(raging(name)), *tavern.pile(building(name)))
    tavern = tavern.with_pile(raging(name), ()).with_pile(building(name), ())
    player = tavern.player(name)
    player = replace(player.with_count(RAGE, 0), discard=(*player.discard, *cards))
    return tavern.with_player(player).note(
        f"{name} puts his Rage Pool ({len(cards)} cards) into his discard pile: calm again")


class Cormac(Mechanics):
    name = NAME
    handlers = HANDLERS
    resources = (Resource(RAGE, limit=4, owner=NAME),)

    def resolved(self, tavern: Tavern, name: str, card: Card
                 ) -> Resolution[tuple[Tavern, bool]]:
        """000: "Placing a card with a Rage icon into your Rage Pool is always mandatory when
        that card resolves ... placing a second card from your hand into your Rage Pool is
        optional"; the first card's tile is activated before the second is chosen."""
        if card.virtual or not {ICON, DOUBLE} & set(card.icons):
            return tavern, False
        tavern = add_to_pool(tavern, name, card)
        hand = tuple(dict.fromkeys(c.name for c in tavern.player(name).hand))
        if DOUBLE in card.icons and hand:
            choice = yield Decision("rage", f"{name}: put a card from your hand into your "
                                    "Rage Pool?", (PASS, *hand), Decider.PLAYER, name,
                                    state=tavern)
            if choice != PASS:
                player = tavern.player(name)
                at = next(i for i, c in enumerate(player.hand) if c.name == choice)
                extra = player.hand[at]
                tavern = tavern.with_player(replace(
                    player, hand=player.hand[:at] + player.hand[at + 1:]))
                tavern = add_to_pool(tavern, name, extra)
        return tavern, True

    def alcohol_gain(self, tavern: Tavern, name: str, amount: int) -> int:
        """000: "When Cormac gains Alcohol Content, that Alcohol Content gain is increased by
        the given amount. (Note that this affects all Alcohol Content gains"."""
        level = active(tavern, name)
        return amount + level.alcohol if level is not None else amount

    def amounts(self, tavern: Tavern, name: str, card: Card, steps: tuple[Step, ...]
                ) -> tuple[Step, ...]:
        """000: "When Cormac causes a player to lose Fortitude, that Fortitude loss is
        increased by the given amount": each loss his card deals another player, by the
        tile active as it resolves."""
        level = active(tavern, name)
        return more_loss(steps, level.fortitude if level is not None else 0)

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        """000: "If a card effect causes Cormac to put his Rage Pool into his discard
        pile"."""
        if step.handler == CLEAR:
            tavern = clear_pool(tavern, name)
        return tavern
        yield  # pragma: no cover


register(Cormac())
