"""Wizgille the Tinkerer (seed 000): Device Cards and the Gear Deck, as a table of cases
quoting the Compendium. The cards are her sample deck's (``decks/characters/wizgille.toml``);
her rules are all card language (``adds``; her "deja vu", ``negate = "any"`` with
``again``), so she has no rules module."""

from __future__ import annotations

from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.drinks import drink_phase
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Drink,
    DrinkEvent,
    Player,
    Step,
    Target,
    Tavern,
    Verb,
    Who,
)
from tales.tavern.rdi.rules import action_phase
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


DEJA = named("I didn't activate my temporal dilation field. It's just deja vu (sample)")
CONTEST = Drink("Drinking Contest!", event=DrinkEvent.DRINKING_CONTEST)
ALE, WINE = Drink("Ale", 2), Drink("Wine", 3)
CLUB = Card("Club (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
DUCK = Card("Duck (test)", CardKind.SOMETIMES, (Step(Verb.IGNORE, target=Target.ACTION),))
NOPE = Card("I don't think so! (test)", CardKind.SOMETIMES,
            (Step(Verb.NEGATE, target=Target.ACTION),))


def serena(*drinks: Drink) -> Player:
    return Player("serena", "x", 10, alcohol=3, drink_me=drinks)


def drinking(tavern: Tavern) -> Resolution[Tavern]:
    return drink_phase(tavern, "serena")


def acting(tavern: Tavern) -> Resolution[Tavern]:
    return action_phase(tavern, "bob")


def alcohol(name: str) -> Got:
    return lambda t: t.player(name).alcohol


def gold(name: str) -> Got:
    return lambda t: t.player(name).gold


DEJA_VU = [
    row("wizgille-deja-vu-drink-event", "000",
        "Wizgille plays “I didn’t activate my temporal dilation field. It’s just deja vu” to "
        "Negate the Drinking Contest. No Drinks are revealed and no Gold changes hands. "
        "Serena must drink the next card in her Drink Me! Pile. Since she doesn’t have any "
        "more drinks, she sobers up, losing 1 Alcohol Content.",
        [serena(CONTEST), seat("wizgille", DEJA)], drinking, {"respond": [DEJA.name]},
        [(alcohol("serena"), 2), (gold("serena"), 10), (gold("wizgille"), 10),
         (lambda t: len(t.drink_deck), 10)]),
    row("wizgille-deja-vu-next-drink", "000",
        "Serena must drink the next card in her Drink Me! Pile.",
        [serena(WINE, ALE), seat("wizgille", DEJA)], drinking, {"respond": [DEJA.name]},
        [(alcohol("serena"), 6), (lambda t: t.player("serena").drink_me, ())]),
    row("wizgille-deja-vu-another-action", "000",
        "This card allows you to Negate nearly any card in the game, but the player whose card "
        "is Negated may usually play another of the same type.",
        [seat("wizgille", DEJA), seat("bob", CLUB, CLUB)], acting,
        {"action": [CLUB.name, CLUB.name], "respond": [DEJA.name]},
        [(fortitude("wizgille"), 18), (lambda t: len(t.player("bob").hand), 0)]),
    row("wizgille-deja-vu-another-sometimes", "000",
        "but the player whose card is Negated may usually play another of the same type.",
        [seat("wizgille", CLUB, DEJA), seat("bob", DUCK, DUCK)],
        plays("wizgille", CLUB, "bob"), {"respond": [DUCK.name, DEJA.name, DUCK.name]},
        [(fortitude("bob"), 20), (lambda t: len(t.player("bob").hand), 0)]),
    row("wizgille-plain-negate-no-second-action", "000",
        "This card allows you to Negate nearly any card in the game, but the player whose card "
        "is Negated may usually play another of the same type.",
        [seat("wizgille", NOPE), seat("bob", CLUB, CLUB)], acting,
        {"action": [CLUB.name], "respond": [NOPE.name]},
        [(fortitude("wizgille"), 20), (lambda t: len(t.player("bob").hand), 1)]),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), DEJA_VU)
def test_deja_vu(quote: str, players: list[Player], start: Start,
                 answers: dict[str, list[Any]], expected: list[tuple[Got, object]]) -> None:
    check_got(quote, players, start, answers, expected)


def test_wizgille_sample_deck() -> None:
    """40 cards and a 12-card Gear Deck; Device Cards; no rules module."""
    assert DECK.mechanics == "" and DECK.character.endswith("(sample deck)")
    own = [c for c in DECK.cards if not c.pile]
    assert len(own) == 40 and len([c for c in DECK.cards if c.pile == GEARS]) == 12
    assert any(c.adds == GEARS for c in own)
    assert DEJA.steps == (Step(Verb.NEGATE, target=Target.ANY, again=True),)


def test_bots_tinker() -> None:
    _, log = bot_games("wizgille", 3, 2)
    assert any(" reveals " in line and "(sample) and adds it to" in line for line in log)


def test_bots_play_deja_vu() -> None:
    _, log = bot_games("wizgille", 4, 6)
    assert any(line.endswith("may play another Action card") or "drinks the next card" in line
               for line in log)
