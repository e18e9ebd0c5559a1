"""Evil Pooky (seed 000; the checklist's section C): Doppelgangers.

His two Doppelganger Decks are sub-decks of his file: ``pile = "doppelgangers"`` for regular
play and ``pile = "boss doppelgangers"`` for when he is the Boss of a Boss Battle (the other
one is never used). A card with ``icons = ["portal"]`` reveals a Doppelganger once its other
effects are carried out. An Immediate Doppelganger (``immediate = true``) resolves like an
Action card of his and is discarded. A Split Doppelganger is a card of its subtype (its left
effect) with a ``trigger`` (its right effect): kept, it lies in front of him among the cards
he keeps (played like a card of his hand, never discarded from it); given, it lies in front
of its holder in the table's pile ``<giver> doppelgangers before <holder>`` until its
trigger's game state comes, when its steps happen to the holder as an Action card of his
(:mod:`tales.tavern.rdi.given`).
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi import given
from tales.tavern.rdi.characters import Mechanics, crowded, register
from tales.tavern.rdi.model import Card, Tavern
from tales.tavern.rdi.zones import restock_pile, take_top

NAME = "evil_pooky"
REGULAR = "doppelgangers"
BOSS = "boss doppelgangers"
PORTAL = "portal"
KEEP = "keep it"


def deck_of(tavern: Tavern, name: str) -> str:
    """000: "he ... uses the Boss Battle Doppelganger deck **instead of** the regular
    one."""
    return BOSS if tavern.variant.boss == name else REGULAR


def before(giver: str, holder: str) -> str:
    """The table's pile of ``giver``'s Doppelgangers in front of ``holder``."""
    return given.before(giver, holder, REGULAR)


def own(tavern: Tavern, name: str) -> int:
    """How many Doppelgangers ``name`` keeps in front of himself."""
    return sum(1 for c in tavern.player(name).kept if c.pile in (REGULAR, BOSS))


def reveal(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """Reveal the top Doppelganger: Immediate, it resolves and is discarded; Split, he keeps
    it or gives it to another player. 000: "If you reveal the last card in the Doppelganger
    Deck, shuffle the Doppelganger discard pile and use that as the new Doppelganger Deck. If
    the last card revealed was an Immediate Doppelganger, leave that card out"."""
    from tales.tavern.rdi.effects import play_card

    pile = deck_of(tavern, name)
    tavern, card = take_top(tavern, pile)
    if card is None:
        return tavern
    if not tavern.pile(pile):
        tavern = yield from restock_pile(tavern, pile, "the Doppelganger discards")
    tavern = tavern.note(f"{name} reveals the Doppelganger {card.name}")
    if card.immediate or card.trigger is None:
        tavern, _ = yield from play_card(tavern, name, card)
        return tavern
    others = tuple(p.name for p in tavern.in_game() if p.name != name)
    choice = yield Decision("doppelganger", f"{name}: keep {card.name} or give it to whom?",
                            (KEEP, *others), Decider.PLAYER, name, state=tavern)
    if choice == KEEP:
        player = tavern.player(name)
        return tavern.with_player(replace(player, kept=(*player.kept, card))).note(
            f"{name} keeps {card.name}")
    key = before(name, choice)
    return tavern.with_pile(key, (*tavern.pile(key), card)).note(
        f"{name} gives {card.name} to {choice}")


class EvilPooky(Mechanics):
    name = NAME

    def resolved(self, tavern: Tavern, name: str, card: Card
                 ) -> Resolution[tuple[Tavern, bool]]:
        """000: "When you play one of these cards, reveal a Doppelganger *after all other
        effects on the card have been carried out*."""
        if PORTAL in card.icons and not card.virtual:
            tavern = yield from reveal(tavern, name)
        return tavern, False

    def hand_size(self, tavern: Tavern, name: str, size: int) -> int:
        """000: "If Evil Pooky has 0 or 1 Doppelgangers in front of him, his hand size is 7,
        as normal. Each Doppelganger beyond the first reduces his hand size by 1."""
        return crowded(size, own(tavern, name))

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        return (yield from given.triggered(tavern, owner, active, "turn starts", REGULAR))

    def end_of_turn(self, tavern: Tavern, owner: str, ended: str) -> Resolution[Tavern]:
        return (yield from given.triggered(tavern, owner, ended, "turn ends", REGULAR))


register(EvilPooky())
