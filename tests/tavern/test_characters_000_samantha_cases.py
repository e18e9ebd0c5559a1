"""Samantha the Bookie (seed 000): Brawls, the Brawler Deck and the Brawl Count, as a table
of cases quoting the Compendium. The cards are her sample deck's
(``decks/characters/samantha.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi import variants
from tales.tavern.rdi.characters import samantha
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Target, Tavern, Verb
from tales.tavern.rdi.rules import CharacterDeck, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Got, Start, bot_games, check_got, plays, seat, table
from ._seeds import row

DECK = load_character(DECKS / "characters" / "samantha.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


FIGHT = named("Fight! Fight! Fight! (sample)")  # Start a Brawl
SMASH = named("Smashed a bottle over his head (sample)")  # lose 2; Start a Brawl
SAILOR = named("Sailor with a chair (sample)")  # Brawler: lose 2
PICKPOCKET = named("Pickpocket in the crowd (sample)")  # Brawler: pay 1
DUCK = Card("Duck (test)", CardKind.SOMETIMES, (Step(Verb.IGNORE, target=Target.ACTION),))
PUNCH = Card("Punch back (test)", CardKind.SOMETIMES, (Step(Verb.HIT_BACK, 1),))
FILLER = Card("Filler (test)", CardKind.ACTION, (Step(Verb.DRAW, 1),))
DISCARDS = f"{samantha.BRAWLERS} discard"


def bookie(count: int = 0, **fields: Any) -> Player:
    return replace(seat("sam", mechanics="samantha", tokens={samantha.BRAWL: count}), **fields)


def brawlers(start: Start, deck: tuple[Card, ...] = (PICKPOCKET, SAILOR),
             used: tuple[Card, ...] = ()) -> Start:
    def go(tavern: Tavern) -> Resolution[Tavern]:
        return start(tavern.with_pile(samantha.BRAWLERS, deck).with_pile(DISCARDS, used))
    return go


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    other = CharacterDeck("Other", (FILLER,) * 40)
    return set_up(["sam", "bob"], [DECK, other], load_drinks(DECKS / "drinks-sample.toml"))


def count(t: Tavern) -> int:
    return t.player("sam").count(samantha.BRAWL)


def bob(t: Tavern) -> int:
    return t.player("bob").fortitude


def used(t: Tavern) -> int:
    return len(t.pile(DISCARDS))


CASES = [
    row("samantha-tracker-at-0", "000",
        "Place the Brawl Tracker Card near your player mat and put the Brawl Tracker Token on "
        "that card's \"0\" spot.", [], setting_up, {},
        [(count, 0), (lambda t: len(t.pile(samantha.BRAWLERS)), 12)]),
    row("samantha-start-a-brawl", "000",
        "To start a Brawl, increase the Brawl count on the Brawl Tracker Card by 1, then "
        "reveal the top card of the Brawler Deck and do what it says.",
        [bookie(), seat("bob")], brawlers(plays("sam", FIGHT)), {}, [(count, 1), (bob, 18)]),
    row("samantha-brawler-ignored", "000",
        "Brawler Cards count as though they are Action Cards played by Samantha, so they can "
        "be Ignored, reduced, hit back, etc.",
        [bookie(), seat("bob", DUCK)], brawlers(plays("sam", FIGHT)),
        {"respond": [DUCK.name]}, [(count, 1), (bob, 20)]),
    row("samantha-brawler-hit-back", "000",
        "Brawler Cards count as though they are Action Cards played by Samantha, so they can "
        "be Ignored, reduced, hit back, etc.",
        [bookie(), seat("bob", PUNCH)], brawlers(plays("sam", FIGHT)),
        {"hit-back": [PUNCH.name]},
        [(bob, 18), (lambda t: t.player("sam").fortitude, 19)]),
    row("samantha-brawler-discarded", "000",
        "After a Brawl resolves, put the card in the Brawler Discard Pile.",
        [bookie(), seat("bob")], brawlers(plays("sam", FIGHT)), {}, [(used, 1)]),
    row("samantha-count-matches-discards", "000",
        "Until the Brawl Count reaches 10, the Brawl Count should always match the number of "
        "cards in the Brawler Discard Pile, so if you're not sure whether the Brawl Count is "
        "correct, just count the discards!",
        [bookie(1), seat("bob")], brawlers(plays("sam", FIGHT), used=(SAILOR,)), {},
        [(count, 2), (used, 2)]),
    row("samantha-4-loses-alcohol", "000",
        "If the Brawl Count gets to 4, Samantha loses 1 Alcohol Content.",
        [bookie(3, alcohol=2), seat("bob")], brawlers(plays("sam", FIGHT)), {},
        [(count, 4), (lambda t: t.player("sam").alcohol, 1)]),
    row("samantha-7-gains-gold", "000",
        "If the Brawl Count gets to 7, Samantha gains a Gold from the Inn.",
        [bookie(6), seat("bob")], brawlers(plays("sam", FIGHT), deck=(SAILOR,)), {},
        [(count, 7), (lambda t: t.player("sam").gold, 11), (lambda t: t.inn, 49)]),
    row("samantha-reshuffle-stays-at-10", "000",
        "If the Brawler deck runs out, reshuffle the discards and use that as the new Brawler "
        "deck. This does not reset the Brawl Count—it stays at 10.",
        [bookie(10), seat("bob")], brawlers(plays("sam", FIGHT), deck=(), used=(SAILOR,)), {},
        [(count, 10), (bob, 18), (used, 1)]),
    row("samantha-ignoring-the-starter", "000",
        "Ignoring a card that starts a Brawl does not protect you from the Brawl itself!",
        [bookie(), seat("bob", DUCK)], brawlers(plays("sam", SMASH, "bob")),
        {"respond": [DUCK.name]}, [(bob, 18), (count, 1)]),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_samantha(quote: str, players: list[Player], start: Start,
                  answers: dict[str, list[Any]], expected: list[tuple[Got, object]]) -> None:
    check_got(quote, players, start, answers, expected)


TEN = [
    row("samantha-10-orders-two", "000",
        "If the Brawl Count gets to 10, then for the rest of the game, during Samantha's Order "
        "a Drink Phase, she orders an additional Drink (so she orders two Drinks instead of "
        "the usual one)."),
]


@pytest.mark.parametrize("quote", TEN)
def test_ten_brawls_order_two_drinks(quote: str) -> None:
    assert variants.drinks_ordered(table([bookie(9), seat("bob")]), "sam") == 1, quote
    assert variants.drinks_ordered(table([bookie(10), seat("bob")]), "sam") == 2, quote


def test_samantha_sample_deck() -> None:
    """40 cards and a 12-card Brawler Deck ("Free for Brawl" among them); a sample."""
    assert DECK.mechanics == "samantha" and DECK.character.endswith("(sample deck)")
    assert len([c for c in DECK.cards if not c.pile]) == 40
    assert len([c for c in DECK.cards if c.pile == samantha.BRAWLERS]) == 12
    assert any(s.handler == samantha.START for c in DECK.cards for s in c.steps)


def test_bots_start_brawls() -> None:
    """Bots at a table of Samanthas start Brawls until the count reaches 10."""
    _, log = bot_games("samantha", 3, 2)
    assert any("(Brawl Count 10)" in line for line in log)
    assert any(" plays Brawl: " in line for line in log)
