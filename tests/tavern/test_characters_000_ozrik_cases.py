"""Ozrik the Adept (seed 000): Element Cards discarded for elemental abilities, as a table
of cases quoting the Compendium. The cards are his sample deck's
(``decks/characters/ozrik.toml``)."""

from __future__ import annotations

from typing import Any

import pytest

from tales.tavern.rdi.characters import ozrik
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Verb, Who
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "ozrik.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


TRIFLE = named("Don't trifle with this mage! (sample)")  # hit back 2; earth +1; water +1 F
RECHARGE = named("Recharging the elements (sample)")  # draw 2; any element: 1 more
FIREBALL = named("Fireball, the classic (sample)")  # lose 2; fire: 1 more
STEAM = named("Steam burst (sample)")  # each other loses 1; fire and water: 1 more
SKIN = named("Stone skin (sample)")  # an earth Element Card
FLASH = named("Flash of flame (sample)")  # a fire Element Card
EVAPORATE = named("Evaporate it (sample)")  # a water Element Card
NOPE = named("Not in my tavern! (sample)")  # not an Element Card: Ignore an Action
CLUB = Card("Club (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
FILLER = Card("Filler (test)", CardKind.ACTION, (Step(Verb.DRAW, 1),))


def mage(*hand: Card) -> Player:
    return seat("ozrik", *hand, mechanics="ozrik", deck=(FILLER,) * 10)


def hit_back(*hand: Card) -> tuple[list[Player], Start]:
    return [seat("bob", deck=(FILLER,) * 5), mage(TRIFLE, *hand)], plays("bob", CLUB, "ozrik")


CASES = [
    row("ozrik-element-cards", "000",
        "Some of Ozrik's cards have element symbols in the upper-left corner. These cards are "
        "his Element Cards.",
        [mage(SKIN), seat("bob")], plays("ozrik", FIREBALL, "bob"), {},
        {"count:boost": 0, "hand": 1, "fortitude": {"bob": 18}}),
    row("ozrik-discard-for-a-more-powerful-effect", "000",
        "If you do, \"Don't trifle with this mage!\" hits back for 3 Fortitude instead of 2.",
        *hit_back(SKIN), {"hit-back": [TRIFLE.name], "boost": ["yes"]},
        {"fortitude": {"bob": 17}, "hand": 0, "discard": 2}),
    row("ozrik-at-most-once", "000",
        "Ozrik may not discard multiple Earth Element Cards or multiple Water Element Cards "
        "to boost the effect further.",
        *hit_back(SKIN, SKIN), {"hit-back": [TRIFLE.name], "boost": ["yes"]},
        {"fortitude": {"bob": 17}, "hand": 1, "count:boost": 1}),
    row("ozrik-abilities-combine", "000",
        "If a card lists multiple elemental abilities, they may be combined, but each ability "
        "can still only be activated once.",
        *hit_back(SKIN, EVAPORATE), {"hit-back": [TRIFLE.name], "boost": ["yes", "yes"]},
        {"fortitude": {"bob": 17, "ozrik": 19}, "hand": 0}),
    row("ozrik-pay-all-the-elements", "000",
        "In that case, you must pay all of the listed elements for that ability.",
        [mage(FLASH), seat("bob")], plays("ozrik", STEAM), {},
        {"count:boost": 0, "hand": 1, "fortitude": {"bob": 19}}),
    row("ozrik-pay-all-the-elements-paid", "000",
        "In that case, you must pay all of the listed elements for that ability.",
        [mage(FLASH, EVAPORATE), seat("bob")], plays("ozrik", STEAM), {"boost": ["yes"]},
        {"hand": 0, "fortitude": {"bob": 18}}),
    row("ozrik-generic-element", "000",
        "If an elemental ability includes the generic element symbol, you may discard any "
        "Element Card to pay that part of its activation cost.",
        [mage(FLASH), seat("bob")], plays("ozrik", RECHARGE), {"boost": ["yes"]},
        {"hand": 3}),
    row("ozrik-not-an-element-card", "000",
        "If a card does not have an element symbol in the upper left, it is not an Element "
        "Card, so you may not discard it to activate an elemental ability (not even one with "
        "the generic element symbol).",
        [mage(NOPE), seat("bob")], plays("ozrik", RECHARGE), {},
        {"count:boost": 0, "hand": 3}),
    row("ozrik-declare-immediately", "000",
        "When you play a card with elemental abilities on it, you must declare which "
        "elemental abilities you are activating and discard the appropriate Element Cards "
        "immediately. You may not wait to see if an opponent wants to respond.",
        [mage(FLASH), seat("bob", NOPE)], plays("ozrik", FIREBALL, "bob"),
        {"boost": ["yes"], "respond": [NOPE.name]},
        {"order": ("boost", "respond"), "hand": 0, "fortitude": {"bob": 20}}),
    row("ozrik-not-its-own-ability", "000",
        "An Element Card may never be used to pay the activation cost on one of its own "
        "elemental abilities.",
        [mage(), seat("bob")], plays("ozrik", RECHARGE), {}, {"count:boost": 0, "hand": 2}),
    row("ozrik-second-copy-pays", "000",
        "He may, however, use his second copy of \"Recharging the elements\" if he happens to "
        "have it in his hand.",
        [mage(RECHARGE), seat("bob")], plays("ozrik", RECHARGE), {"boost": ["yes"]},
        {"hand": 3, "discard": 2}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_ozrik(quote: str, players: list[Player], start: Start,
               answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, "ozrik", ())


def test_ozrik_sample_deck() -> None:
    """40 cards, a sample; Element Cards of each element; abilities of one, several and the
    generic symbol."""
    assert DECK.mechanics == "ozrik" and DECK.character.endswith("(sample deck)")
    assert len(DECK.cards) == 40 and all(c.name.endswith(" (sample)") for c in DECK.cards)
    assert {i for c in DECK.cards for i in c.icons} == set(ozrik.ELEMENTS)
    costs = {r for c in DECK.cards for b in c.boosts for r, _ in b.cost}
    assert costs == ozrik.SYMBOLS
    assert any(len(b.cost) > 1 for c in DECK.cards for b in c.boosts)


def test_bots_discard_element_cards() -> None:
    """Bots at a table of Ozriks pay elemental abilities with Element Cards."""
    _, log = bot_games("ozrik", 3, 2)
    assert any(line.startswith("Ozrik") and " for " in line and "discards" in line
               for line in log)
