"""Jett the Courier (seed 000): Momentum, as a table of cases quoting the Compendium. The
cards are his sample deck's (``decks/characters/jett.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import jett
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Tavern, Verb, Who
from tales.tavern.rdi.rules import CharacterDeck, action, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "jett.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


EXPRESS = named("Express delivery (sample)")  # 1; 2 more from Momentum 2; gain 1
START = named("Running start (sample)")  # draw 1, gain 2
PACKAGE = named("Package for you (sample)")  # pay 1; spend 2: each other pays 1 instead
BREATH = named("Catch my breath (sample)")  # gain 1 (3 below 1); lose 2
QUICK = named("Too quick to hit (sample)")  # spend 1: Ignore an Action card
FILLER = Card("Filler (test)", CardKind.ANYTIME, (Step(Verb.DRAW, 1),))
CLUB = Card("Club (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
NO = replace(named("Return to sender (sample)"), name="No (test)",
             steps=(Step(Verb.NEGATE, target=QUICK.steps[0].target),))
DODGE = replace(QUICK, name="Dodge (test)", cost=())


def courier(*hand: Card, momentum: int = 0) -> Player:
    return seat("jett", *hand, mechanics="jett", deck=(FILLER,) * 10,
                tokens={jett.MOMENTUM: momentum})


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    return set_up(["jett", "bob"], [CharacterDeck("Jett", DECK.cards, "jett"),
                                    CharacterDeck("Bob", (FILLER,) * 10)], tavern.drink_deck)


def turn_starts(tavern: Tavern) -> Resolution[Tavern]:
    return jett.Jett().start_of_turn(tavern, "jett", "jett")


def acting(tavern: Tavern) -> Resolution[Tavern]:
    return action(tavern, "jett")


CASES = [
    row("jett-starts-at-zero", "000",
        "Place the Momentum Tracker Card next to your player mat with Jett's Hat Token on the "
        "\"0\" space.",
        [seat("x")], setting_up, {}, {"tokens": (0,)}),
    row("jett-momentum-at-most-three", "000",
        "In addition, many cards have a different effect depending on his Momentum, which "
        "can range from 0 to 3.",
        [courier(momentum=2), seat("bob")], plays("jett", START), {}, {"tokens": (3,)}),
    row("jett-momentum-read", "000",
        "In addition, many cards have a different effect depending on his Momentum, which "
        "can range from 0 to 3.",
        [courier(momentum=2), seat("bob")], plays("jett", EXPRESS, "bob"), {},
        {"fortitude": {"bob": 17}, "tokens": (3,)}),
    row("jett-negated-no-momentum", "000",
        "If a card causes you to Gain or Lose Momentum, that is part of the card's effects, "
        "so if the card is Negated, you do not gain or lose the Momentum.",
        [courier(), seat("bob", NO)], plays("jett", EXPRESS, "bob"), {"respond": [NO.name]},
        {"tokens": (0,), "fortitude": {"bob": 20}}),
    row("jett-ignored-momentum-changes", "000",
        "If it gets Ignored or otherwise altered, your Momentum changes as normal.",
        [courier(), seat("bob", DODGE)], plays("jett", EXPRESS, "bob"),
        {"respond": [DODGE.name]}, {"tokens": (1,), "fortitude": {"bob": 20}}),
    row("jett-lose-more-than-he-has", "000",
        "You may play a card that causes you to lose Momentum even if you have less Momentum "
        "than the card would make you lose.",
        [courier(BREATH, momentum=1), replace(seat("bob"))], acting, {"action": [BREATH.name]},
        {"tokens": (0,), "fortitude": {"jett": 20}}),
    row("jett-low-momentum-effect", "000",
        "Many of Jett's cards cause his Momentum to change.",
        [replace(courier(momentum=0), fortitude=10), seat("bob")], plays("jett", BREATH), {},
        {"tokens": (0,), "fortitude": {"jett": 13}}),
    row("jett-spend-needs-enough", "000",
        "If an effect allows you to Spend Momentum, that is an additional cost to play the "
        "effect, so you must have at least that much Momentum to spend in order to activate "
        "that effect.",
        [courier(momentum=1), seat("bob"), seat("eve")], plays("jett", PACKAGE, "bob"), {},
        {"count:boost": 0, "tokens": (1,), "gold": {"jett": 11, "bob": 9, "eve": 10}}),
    row("jett-spend", "000",
        "If an effect allows you to Spend Momentum, that is an additional cost to play the "
        "effect",
        [courier(momentum=2), seat("bob"), seat("eve")], plays("jett", PACKAGE, "bob"),
        {"boost": ["yes"]},
        {"tokens": (0,), "gold": {"jett": 12, "bob": 9, "eve": 9}}),
    row("jett-spent-not-back", "000",
        "If the card is Negated or Ignored, you do not get the spent Momentum back.",
        [courier(momentum=2), seat("bob", NO)], plays("jett", PACKAGE, "bob"),
        {"boost": ["yes"], "respond": [NO.name]}, {"tokens": (0,), "gold": {"jett": 10}}),
    row("jett-spend-to-respond", "000",
        "so you must have at least that much Momentum to spend in order to activate that "
        "effect.",
        [seat("bob"), courier(QUICK)], plays("bob", CLUB, "jett"), {},
        {"respond:jett": 0, "fortitude": {"jett": 18}}),
    row("jett-turn-start", "000",
        "At the beginning of your turn, before your Discard and Draw Phase, gain 1 Momentum.",
        [courier(), seat("bob")], turn_starts, {}, {"tokens": (1,)}),
    row("jett-turn-start-at-three", "000",
        "At the beginning of your turn, before your Discard and Draw Phase, gain 1 Momentum.",
        [courier(momentum=3), seat("bob")], turn_starts, {}, {"tokens": (3,)}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_jett(quote: str, players: list[Player], start: Start,
              answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, "jett", (jett.MOMENTUM,))


def test_jett_sample_deck() -> None:
    """40 cards, a sample: Momentum gained, lost, read and spent."""
    assert DECK.mechanics == "jett" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards) and len(DECK.cards) == 40
    steps = [s for c in DECK.cards for s in c.steps]
    assert any(s.resource == jett.MOMENTUM and s.amount > 0 for s in steps)
    assert any(s.resource == jett.MOMENTUM and s.amount < 0 for s in steps)
    assert any(s.condition and s.condition.resource == jett.MOMENTUM for s in steps)
    assert any(c.cost for c in DECK.cards) and any(b.cost for c in DECK.cards for b in c.boosts)


def test_bots_keep_moving() -> None:
    """Bots at a table of Jetts gain Momentum and spend it."""
    _, log = bot_games("jett", 3, 3)
    assert any(" spends 2 momentum" in line for line in log)
