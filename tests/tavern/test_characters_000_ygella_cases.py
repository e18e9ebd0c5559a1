"""Beastsergeant Ygella (seed 000): her Pet Cards, as a table of cases quoting the
Compendium. The cards are her sample deck's (``decks/characters/ygella.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.tavern.rdi.characters import ygella
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Tavern, Verb, Who
from tales.tavern.rdi.simulate import DECKS
from tales.tavern.rdi.zones import playable

from ._play import Got, Start, bot_games, check_got, plays, seat, table
from ._seeds import row

DECK = load_character(DECKS / "characters" / "ygella.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


RATS = named("Sewer rat swarm (sample)")  # Pet
CHOMPER = named("Good boy, Chomper! (sample)")  # Pet; discard a Pet: 2 more
TRAINING = named("Runoff Ranger training (sample)")  # fetch a Pet; draw 1
PACK = named("The pack has my back (sample)")  # cost: a Pet
ARMOR = named("Beastmaster's hide armor (sample)")  # not a Pet
CLUB = Card("Club (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
FILLER = Card("Filler (test)", CardKind.ACTION, (Step(Verb.DRAW, 1),))


def ranger(*hand: Card, **fields: Any) -> Player:
    return replace(seat("ygella", *hand, mechanics="ygella", deck=(FILLER,) * 5), **fields)


def hand(t: Tavern) -> list[str]:
    return [c.name for c in t.player("ygella").hand]


CASES = [
    row("ygella-pet-card-pays", "000",
        "Several of Ygella's cards refer to Pet Cards, allowing her to get fancy with those "
        "cards!",
        [ranger(RATS), seat("bob")], plays("ygella", CHOMPER, "bob"), {"boost": ["yes"]},
        [(lambda t: t.player("bob").fortitude, 17), (hand, [])]),
    row("ygella-only-pet-cards", "000",
        "Many cards in Ygella's deck have the subtype \"Pet\". This is shown both by the type "
        "line under the title and by the paw symbol in the upper left.",
        [ranger(ARMOR), seat("bob")], plays("ygella", CHOMPER, "bob"), {},
        [(lambda t: t.player("bob").fortitude, 19), (hand, [ARMOR.name])]),
    row("ygella-fetch-a-pet", "000",
        "Several of Ygella's cards refer to Pet Cards, allowing her to get fancy with those "
        "cards!",
        [ranger(discard=(RATS, ARMOR)), seat("bob")], plays("ygella", TRAINING), {},
        [(hand, [RATS.name, FILLER.name])]),
    row("ygella-pet-cost", "000",
        "Several of Ygella's cards refer to Pet Cards, allowing her to get fancy with those "
        "cards!",
        [seat("bob"), ranger(PACK, RATS)], plays("bob", CLUB, "ygella"),
        {"respond": [PACK.name]},
        [(lambda t: t.player("ygella").fortitude, 20), (hand, [])]),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_ygella(quote: str, players: list[Player], start: Start,
                answers: dict[str, list[Any]], expected: list[tuple[Got, object]]) -> None:
    check_got(quote, players, start, answers, expected)


def test_a_pet_cost_needs_a_pet() -> None:
    """Without a Pet Card in her hand, a card that costs one is never offered."""
    tavern = table([ranger(PACK, ARMOR), seat("bob")])
    assert PACK.name not in {c.name for c in playable(tavern, "ygella")}


def test_ygella_sample_deck() -> None:
    """40 cards, a sample: Pets of each type, boosts and a cost paid with a Pet, a fetch."""
    assert DECK.mechanics == "ygella" and DECK.character.endswith("(sample deck)")
    assert len(DECK.cards) == 40
    pets = [c for c in DECK.cards if ygella.PET in c.icons]
    assert {c.kind for c in pets} >= {CardKind.ACTION, CardKind.SOMETIMES, CardKind.ANYTIME}
    assert any(c.cost == ((ygella.PET, 1),) for c in DECK.cards)


def test_bots_use_pets() -> None:
    _, log = bot_games("ygella", 3, 2)
    assert any(" for pet" in line for line in log)
