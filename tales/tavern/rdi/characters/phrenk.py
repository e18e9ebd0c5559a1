"""Brewmaster Phrenk (seed 000, "Brewmaster Phrenk"): the Potion Deck, his face-up Potion,
and Potions sold to other players.

His Potion Cards are the side deck ``pile = "potions"`` of his deck file, each with its
subtype (``kind``), what it does (``steps``) and its price in Gold (``price``); a Brewing
Mishap has ``icons = ["mishap"]``. A face-up Potion is kept in front of its holder (Phrenk's
own, or one a player bought) and played as though it were in their hand; played, it goes to
the Potion Deck's discard pile (a sub-deck's card). The Potion Deck is reshuffled from its
discards when it runs out.

At the beginning of his turn he reveals the top Potion: a Brewing Mishap is discarded with
his face-up Potion; otherwise, holding a Potion already, he keeps one of the two and discards
the other (:meth:`Phrenk.start_of_turn`). He may sell his face-up Potion for its price to
another player who agrees (:func:`sell`): offered at the start of his Action Phase, after the
reveal.
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, register
from tales.tavern.rdi.model import Card, Tavern
from tales.tavern.rdi.stats import pay
from tales.tavern.rdi.timing import PASS
from tales.tavern.rdi.zones import discard_card, reveal_from_pile, take_top

NAME = "phrenk"
POTIONS = "potions"
MISHAP = "mishap"
BUY, DECLINE = "buy it", "no"


def face_up(tavern: Tavern, name: str) -> Card | None:
    """Phrenk's face-up Potion, if any (the Potion he keeps that he did not buy)."""
    return next((c for c in tavern.player(name).kept if c.pile == POTIONS), None)


def _without(tavern: Tavern, name: str, card: Card) -> Tavern:
    player = tavern.player(name)
    index = player.kept.index(card)
    return tavern.with_player(replace(player, kept=player.kept[:index]
                                      + player.kept[index + 1:]))


def reveal(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """000: "reveal the top card of your Potion Deck. If you still have a Potion face up in
    front of you from a previous turn, you must choose whether to keep the old Potion or the
    newly-revealed one. Discard the other." A Brewing Mishap: "immediately discard the
    Brewing Mishap and your face-up Potion Card, if you have one."""
    tavern, new = yield from reveal_from_pile(tavern, POTIONS)
    if new is None:
        return tavern  # the Potion Deck and its discards are empty
    old = face_up(tavern, name)
    if MISHAP in new.icons:
        tavern = discard_card(tavern, new, name).note(f"{name} reveals {new.name}")
        if old is not None:
            tavern = discard_card(_without(tavern, name, old), old, name).note(
                f"{name} discards {old.name}")
        return tavern
    tavern = tavern.note(f"{name} reveals {new.name}")
    if old is not None:
        keep = yield Decision("potion", f"{name}: keep which Potion?", (old.name, new.name),
                              Decider.PLAYER, name, state=tavern)
        if keep == old.name:
            return discard_card(tavern, new, name).note(f"{name} keeps {old.name}")
        tavern = discard_card(_without(tavern, name, old), old, name)
    player = tavern.player(name)
    return tavern.with_player(replace(player, kept=(*player.kept, new)))


def sell(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """000: "you may sell the Potion in front of you to another player for the amount of
    Gold indicated on the Potion Card ... Both parties must agree to the sale"; the price is
    not negotiable and a bought Potion is never resold (only Phrenk sells). 002, team
    games: never to a teammate, to opponents as normal."""
    potion = face_up(tavern, name)
    if potion is None:
        return tavern
    side = tavern.player(name).side  # 002: "may not sell his Potion Cards to a teammate"
    buyers = tuple(p.name for p in tavern.in_game() if p.name != name and p.side != side
                   and p.mechanics != NAME and tavern.mat(p.name).gold >= potion.price)
    if not buyers:
        return tavern
    choice = yield Decision("sell", f"{name}: sell {potion.name} for {potion.price} Gold?",
                            (PASS, *buyers), Decider.PLAYER, name, state=tavern)
    if choice == PASS:
        return tavern
    answer = yield Decision("buy", f"{choice}: buy {potion.name} from {name} for "
                            f"{potion.price} Gold?", (DECLINE, BUY), Decider.PLAYER, choice,
                            state=tavern)
    if answer != BUY:
        return tavern.note(f"{choice} does not buy {potion.name}")
    tavern = pay(_without(tavern, name, potion), choice, potion.price, name)
    buyer = tavern.player(choice)
    tavern = tavern.with_player(replace(buyer, kept=(*buyer.kept, potion)))
    return tavern.note(f"{choice} buys {potion.name} from {name} for {potion.price} Gold")


class Phrenk(Mechanics):
    name = NAME

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        """000: "Reveal the top card of your Potion Deck and place it face up near your
        Player Mat" (a Brewing Mishap is discarded, leaving him none)."""
        tavern, top = take_top(tavern, POTIONS)
        if top is None:
            return tavern
        if MISHAP in top.icons:
            return discard_card(tavern, top, name)
        player = tavern.player(name)
        return tavern.with_player(replace(player, kept=(*player.kept, top)))

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        if tavern.player(owner).side != tavern.player(active).side or \
                tavern.player(owner).out:
            return tavern
        return (yield from reveal(tavern, owner))

    def action_phase(self, tavern: Tavern, name: str) -> Resolution[tuple[Tavern, int]]:
        tavern = yield from sell(tavern, name)
        return tavern, 0


register(Phrenk())
