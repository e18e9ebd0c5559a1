"""Wizgille the Tinkerer (seed 000): Device Cards and the Gear Deck, as a table of cases
quoting the Compendium. The cards are her sample deck's (``decks/characters/wizgille.toml``);
her rules are all card language (``adds``), so she has no rules module."""

from __future__ import annotations

from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Tavern, Verb
from tales.tavern.rdi.simulate import DECKS

from ._play import Got, Start, bot_games, check_got, fortitude, plays, run, seat, table
from ._seeds import row

DECK = load_character(DECKS / "characters" / "wizgille.toml")
GEARS = "gears"


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


SILLY = named("Silly me! I didn't realize my dart shooter was loaded! (sample)")  # lose 2
LOOSE = named("Sorry, loose gear (sample)")  # a player loses 1
PURSE = named("Spring-loaded coin purse (sample)")  # take 1 Gold
BACK = Card("Hit back as much (test)", CardKind.SOMETIMES, (Step(Verb.HIT_BACK, 0),))


def gears(start: Start, deck: tuple[Card, ...] = (LOOSE,), used: tuple[Card, ...] = ()
          ) -> Start:
    def go(tavern: Tavern) -> Resolution[Tavern]:
        return start(tavern.with_pile(GEARS, deck).with_pile(f"{GEARS} discard", used))
    return go


CASES = [
    row("wizgille-gear-added", "000",
        "Whenever you play a Device Card, reveal the top card of your Gear Deck and add its "
        "effects to the Device Card.",
        [seat("wizgille"), seat("bob")], gears(plays("wizgille", SILLY, "bob"), (PURSE,)), {},
        [(fortitude("bob"), 18), (lambda t: t.player("wizgille").gold, 11),
         (lambda t: len(t.pile(f"{GEARS} discard")), 1)]),
    row("wizgille-gear-picks-apart", "000",
        "Some effects on Gear Cards require you to choose one or more players. This choice is "
        "independent of any choices you may have made for the original Device Card.",
        [seat("wizgille"), seat("bob"), seat("fiona")],
        gears(plays("wizgille", SILLY, "bob")), {"target": ["fiona"]},
        [(fortitude("bob"), 18), (fortitude("fiona"), 19)]),
    row("wizgille-one-attack", "000",
        "If she chooses the same player for both, it is treated as a single 3-Fortitude "
        "attack.",
        [seat("wizgille"), seat("bob", BACK)], gears(plays("wizgille", SILLY, "bob")),
        {"target": ["bob"], "hit-back": [BACK.name]},
        [(fortitude("bob"), 17), (fortitude("wizgille"), 17)]),
    row("wizgille-reshuffle", "000",
        "If your Gear Deck runs out of cards, reshuffle your Gear Deck discard pile and use "
        "that as your new Gear Deck.",
        [seat("wizgille"), seat("bob")],
        gears(plays("wizgille", SILLY, "bob"), deck=(), used=(PURSE,)), {},
        [(lambda t: t.player("wizgille").gold, 11)]),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_wizgille(quote: str, players: list[Player], start: Start,
                  answers: dict[str, list[Any]], expected: list[tuple[Got, object]]) -> None:
    check_got(quote, players, start, answers, expected)


FIRST = [
    row("wizgille-no-response-before-the-gear", "000",
        "No player may respond to the Device Card until its Gear Card has been revealed."),
]


@pytest.mark.parametrize("quote", FIRST)
def test_the_gear_is_revealed_before_any_answer(quote: str) -> None:
    asked: list[Any] = []
    tavern = table([seat("wizgille"), seat("bob", BACK)]).with_pile(GEARS, (LOOSE,))
    run(plays("wizgille", SILLY, "bob")(tavern), {"target": ["bob"]}, asked=asked)
    first = next(d for d in asked if d.kind in ("respond", "hit-back"))
    assert any("reveals " + LOOSE.name in line for line in first.state.log), quote


def test_wizgille_sample_deck() -> None:
    """40 cards and a 12-card Gear Deck; Device Cards; no rules module."""
    assert DECK.mechanics == "" and DECK.character.endswith("(sample deck)")
    own = [c for c in DECK.cards if not c.pile]
    assert len(own) == 40 and len([c for c in DECK.cards if c.pile == GEARS]) == 12
    assert any(c.adds == GEARS for c in own)


def test_bots_tinker() -> None:
    _, log = bot_games("wizgille", 3, 2)
    assert any(" reveals " in line and "(sample) and adds it to" in line for line in log)
