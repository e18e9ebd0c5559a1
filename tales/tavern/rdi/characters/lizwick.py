"""Lizwick the Collector (seed 000; the checklist's section C): her Bag of Holding and Items.

Her Item Deck is the sub-deck ``pile = "items"`` of her file. A card with ``icons = ["bag of
holding"]`` reveals its top card once its other effects are carried out. An Immediate Item
(``immediate = true``) resolves like her Action card and goes to the Item discard pile;
any other is equipped (three at most: one is discarded first): an Item with steps among the
cards she keeps (played as though in her hand, then discarded), one without in the table's
pile ``<name> items``. Her hand size is one less for each Item beyond the first.
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, crowded, one_of, register
from tales.tavern.rdi.model import Card, Tavern
from tales.tavern.rdi.zones import reveal_from_pile

NAME = "lizwick"
ITEMS = "items"
DISCARDS = f"{ITEMS} discard"
BAG = "bag of holding"
SLOTS = 3
KEEP = "keep them"


def shelf(name: str) -> str:
    """The table's pile of ``name``'s equipped Items that have no effect."""
    return f"{name} items"


def equipped(tavern: Tavern, name: str) -> tuple[Card, ...]:
    kept = tuple(c for c in tavern.player(name).kept if c.pile == ITEMS)
    return (*tavern.pile(shelf(name)), *kept)


def _unequip(tavern: Tavern, name: str, item: Card) -> Tavern:
    player = tavern.player(name)
    if item in player.kept:
        at = player.kept.index(item)
        tavern = tavern.with_player(replace(player, kept=player.kept[:at] + player.kept[at + 1:]))
    else:
        held = list(tavern.pile(shelf(name)))
        held.remove(item)
        tavern = tavern.with_pile(shelf(name), tuple(held))
    return tavern.with_pile(DISCARDS, (*tavern.pile(DISCARDS), item)).note(
        f"{name} discards the Item {item.name}")


def reveal(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """000: "If you reveal an Immediate Item, follow the instructions on the card, then put
    the card into your Item discard pile"; otherwise it is equipped, and "If you already have
    three Items in play, you must choose one to discard first." (An empty Item Deck: its
    discards shuffled, a reading.)"""
    from tales.tavern.rdi.effects import play_card

    tavern, item = yield from reveal_from_pile(tavern, ITEMS)  # its discards shuffled if empty
    if item is None:
        return tavern
    tavern = tavern.note(f"{name} reveals the Item {item.name}")
    if item.immediate:
        tavern, _ = yield from play_card(tavern, name, item)
        return tavern
    held = equipped(tavern, name)
    if len(held) >= SLOTS:
        options = tuple(dict.fromkeys(c.name for c in held))
        choice = yield from one_of(tavern, name, "item",
                                   f"{name}: three Items in play: discard which first?",
                                   options)
        tavern = _unequip(tavern, name, next(c for c in held if c.name == choice))
    if item.steps:
        player = tavern.player(name)
        return tavern.with_player(replace(player, kept=(*player.kept, item))).note(
            f"{name} equips {item.name}")
    return tavern.with_pile(shelf(name), (*tavern.pile(shelf(name)), item)).note(
        f"{name} equips {item.name}")


class Lizwick(Mechanics):
    name = NAME

    def resolved(self, tavern: Tavern, name: str, card: Card
                 ) -> Resolution[tuple[Tavern, bool]]:
        """000: "reveal the top card from your Item Deck *after all other effects on the card
        have been carried out.*"."""
        if BAG in card.icons and not card.virtual:
            tavern = yield from reveal(tavern, name)
        return tavern, False

    def hand_size(self, tavern: Tavern, name: str, size: int) -> int:
        """000: "If you have up to one Item in play, your hand size is seven, as normal. If
        you have two Items in play, your hand size is six, and if you have three Items in
        play, your hand size is five."""
        return crowded(size, len(equipped(tavern, name)))

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        """000: "During your Discard and Draw Phase, you may discard any or all of your Items
        as you discard cards from your hand" (asked as her turn begins, one at a time)."""
        if owner != active or tavern.player(owner).out:
            return tavern
        while equipped(tavern, owner):
            held = equipped(tavern, owner)
            options = (KEEP, *dict.fromkeys(c.name for c in held))
            choice = yield Decision("drop-item", f"{owner}: discard an Item?", options,
                                    Decider.PLAYER, owner, state=tavern)
            if choice == KEEP:
                break
            tavern = _unequip(tavern, owner, next(c for c in held if c.name == choice))
        return tavern


register(Lizwick())
