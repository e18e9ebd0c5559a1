"""Lizwick the Collector (seed 000): her Bag of Holding and Items, as a table of cases
quoting the Compendium. The cards are her sample deck's (``decks/characters/lizwick.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import lizwick
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Tavern, Verb
from tales.tavern.rdi.rules import CharacterDeck, action, discard, draw_up, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "lizwick.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


RUMMAGE = named("Rummage in the bag (sample)")  # draw 1; Bag of Holding
VIAL = named("Fizzing vial (sample)")  # Immediate: each other player gains 1 Alcohol
GAUNTLET = named("Spiked gauntlet (sample)")  # Action: a player loses 2
RING = named("Ring of dodging (sample)")  # Sometimes: Ignore an Action card
PEBBLE = named("Shiny pebble (sample)")  # nothing
ITEMS = tuple(c for c in DECK.cards if c.pile == lizwick.ITEMS)
FILLER = Card("Filler (test)", CardKind.ANYTIME, (Step(Verb.DRAW, 1),))
TOSS = Card("Toss (test)", CardKind.ACTION, (Step(Verb.DISCARD, 1),))
SHELF, DISCARDS = lizwick.shelf("lizwick"), lizwick.DISCARDS


def collector(*hand: Card, kept: tuple[Card, ...] = ()) -> Player:
    return replace(seat("lizwick", *hand, mechanics="lizwick", deck=(FILLER,) * 10),
                   kept=kept)


def bagged(start: Start, deck: tuple[Card, ...] = (), shelf: tuple[Card, ...] = ()) -> Start:
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = tavern.with_pile(lizwick.ITEMS, deck).with_pile(SHELF, shelf)
        return (yield from start(tavern))
    return begin


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    return set_up(["lizwick", "bob"], [CharacterDeck("Lizwick", DECK.cards, "lizwick"),
                                       CharacterDeck("Bob", (FILLER,) * 10)], tavern.drink_deck)


def acting(tavern: Tavern) -> Resolution[Tavern]:
    return action(tavern, "lizwick")


def drawing_up(tavern: Tavern) -> Resolution[Tavern]:
    return draw_up(tavern, "lizwick")


def turn_starts(tavern: Tavern) -> Resolution[Tavern]:
    return lizwick.Lizwick().start_of_turn(tavern, "lizwick", "lizwick")


def discarding(tavern: Tavern) -> Resolution[Tavern]:
    return discard(tavern, "lizwick")


CASES = [
    row("lizwick-item-deck", "000", "Shuffle your Item Deck and place it near your Player Mat.",
        [seat("x")], setting_up, {}, {"pile:items": len(ITEMS), "hand": 7}),
    row("lizwick-bag-after-effects", "000",
        "When one of these cards resolves, reveal the top card from your Item Deck after all "
        "other effects on the card have been carried out.",
        [collector(), seat("bob")], bagged(plays("lizwick", RUMMAGE), (PEBBLE,)), {},
        {"hand": 1, "pile:" + SHELF: 1, "pile:items": 0}),
    row("lizwick-immediate", "000",
        "If you reveal an Immediate Item, follow the instructions on the card, then put the "
        "card into your Item discard pile.",
        [collector(), seat("bob")], bagged(plays("lizwick", RUMMAGE), (VIAL,)), {},
        {"alcohol": {"bob": 1}, "pile:" + DISCARDS: 1, "kept": 0}),
    row("lizwick-equip", "000",
        "If the Item you reveal does not have the subtype Immediate, place it above the next "
        "available Item slot at the top of your Player Mat.",
        [collector(), seat("bob")], bagged(plays("lizwick", RUMMAGE), (GAUNTLET,)), {},
        {"kept": 1, "pile:" + DISCARDS: 0}),
    row("lizwick-three-items", "000",
        "If you already have three Items in play, you must choose one to discard first.",
        [collector(kept=(GAUNTLET, RING)), seat("bob")],
        bagged(plays("lizwick", RUMMAGE), (GAUNTLET,), (PEBBLE,)), {"item": [PEBBLE.name]},
        {"kept": 3, "pile:" + SHELF: 0, "pile:" + DISCARDS: 1}),
    row("lizwick-play-an-item", "000",
        "While an Item is equipped, you may play it as though it were a card in your hand of "
        "that type. After playing an Item card, place it in your Item discard pile",
        [collector(kept=(GAUNTLET,)), seat("bob")], bagged(acting), {"action": [GAUNTLET.name]},
        {"fortitude": {"bob": 18}, "kept": 0, "pile:" + DISCARDS: 1}),
    row("lizwick-hand-size-two", "000",
        "Her hand size is six, so during her Discard and Draw Phase, she refills her hand to "
        "six cards rather than the usual seven.",
        [collector(kept=(GAUNTLET, RING)), seat("bob")], bagged(drawing_up), {}, {"hand": 6}),
    row("lizwick-hand-size-three", "000",
        "If you have two Items in play, your hand size is six, and if you have three Items "
        "in play, your hand size is five.",
        [collector(kept=(GAUNTLET, RING)), seat("bob")], bagged(drawing_up, (), (PEBBLE,)), {},
        {"hand": 5}),
    row("lizwick-hand-size-one", "000",
        "If you have up to one Item in play, your hand size is seven, as normal.",
        [collector(kept=(GAUNTLET,)), seat("bob")], bagged(drawing_up), {}, {"hand": 7}),
    row("lizwick-keep-extra-cards", "000",
        "If, during your Discard and Draw Phase, you have cards in excess of your hand size, "
        "you may choose to keep them all and not draw any new ones.",
        [collector(*(FILLER,) * 7, kept=(GAUNTLET, RING)), seat("bob")], bagged(drawing_up),
        {}, {"hand": 7}),
    row("lizwick-discard-items", "000",
        "During your Discard and Draw Phase, you may discard any or all of your Items as you "
        "discard cards from your hand.",
        [collector(kept=(GAUNTLET, RING)), seat("bob")], bagged(turn_starts),
        {"drop-item": [RING.name, lizwick.KEEP]}, {"kept": 1, "pile:" + DISCARDS: 1}),
    row("lizwick-discard-from-hand", "000",
        "If a card effect tells you to discard a card, you must discard a card from your "
        "hand (not an Item) unless the effect causing you to discard specifically says "
        "otherwise.",
        [collector(kept=(GAUNTLET,)), seat("bob")], bagged(plays("lizwick", TOSS)), {},
        {"kept": 1}),
    row("lizwick-items-not-in-the-discard-phase", "000",
        "Your hand size only matters during your Discard and Draw Phase\u2014it determines "
        "how many cards you draw to fill your hand.",
        [collector(FILLER, kept=(GAUNTLET,)), seat("bob")], bagged(discarding), {},
        {"options:discard": ("pass", FILLER.name)}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_lizwick(quote: str, players: list[Player], start: Start,
                 answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, "lizwick", ())


def test_lizwick_sample_deck() -> None:
    """40 cards and an Item Deck: Immediate Items, playable ones and one that does nothing."""
    assert DECK.mechanics == "lizwick" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards)
    assert len(DECK.cards) - len(ITEMS) == 40
    assert any(c.immediate for c in ITEMS) and any(not c.steps for c in ITEMS)
    assert {c.kind for c in ITEMS if c.steps and not c.immediate} == {
        CardKind.ACTION, CardKind.SOMETIMES}


def test_bots_collect() -> None:
    """Bots at a table of Lizwicks reveal, equip and play Items."""
    _, log = bot_games("lizwick", 3, 3)
    assert any(" equips " in line for line in log)
    assert any(" plays Spiked gauntlet (sample)" in line for line in log)
