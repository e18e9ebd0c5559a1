"""The Red Dragon Inn rulings issue 43 found carried out wrong, as a table of cases quoting
the passage each follows (one a reading: ``docs/rules-decisions.md``). The cards are the
sample decks' (``decks/characters/``) and test fixtures."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.drinks import WHOLE, drink_phase
from tales.tavern.rdi.model import Drink, DrinkEvent, Player
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, check_character, plays, seat
from ._seeds import row
from .test_characters_000_wrench_cases import OVERCHARGE, with_gizmos, wrench_seat, zap


def sample(deck: str, title: str) -> Any:
    """A card of a bundled sample deck, by its name's start."""
    return next(c for c in load_character(DECKS / "characters" / f"{deck}.toml").cards
                if c.name.startswith(title))


BODYGUARD = sample("torglesnarf", "A bodyguard steps in")  # redirect a Fortitude loss


def torg(*hand: Any) -> Player:
    return Player("torg", "Torglesnarf (test)", 10, hand=hand, mechanics="torglesnarf")


DRAGON = Drink("Dragon Breath Ale", 4)
CONTEST = Drink("Drinking Contest", event=DrinkEvent.DRINKING_CONTEST)
MEAD = Drink("Mead", 3, splits=True)


def drinks(name: str, *deck: Drink) -> Start:
    """``name``'s Drink Phase, with ``deck`` the Drink Deck (top last) if given."""
    return lambda tavern: drink_phase(replace(tavern, drink_deck=deck or tavern.drink_deck),
                                      name)


CASES = [
    row("I43-1-a-loss-redirected-to-a-sacrificed-gizmo-does-nothing", "000",
        "To do this, move a Gizmo from the play area in front of you to your discard pile.",
        [wrench_seat(), torg(BODYGUARD)],
        with_gizmos(plays("wrench", OVERCHARGE, "torg"), zap(3)),
        {"respond": [BODYGUARD.name], "whom": [zap(3).name]},
        {"fortitude": {"wrench": 20, "torg": 20}, "discard": 2,
         "said:redirected to Sparkcoil Zapper (sample) #1 (wrench) does nothing": True}),
    row("I43-2-a-drink-event-is-discarded-once-it-has-resolved", "001",
        "Reveal the top card of your Drink Me! Pile, follow the instructions on the card and "
        "place it in the Drink Deck discard pile.",
        [replace(seat("ann"), drink_me=(CONTEST,)), seat("bob")], drinks("ann", DRAGON), {},
        {"gold": {"ann": 10, "bob": 8}, "said:bob reveals Drinking Contest": False,
         "said:bob has no Drink to reveal": True}),
    row("I43-3-mead-may-be-drunk-whole", "001",
        "When players are done affecting the Drink, the player who revealed it may choose a "
        "player with whom to split it.",
        [replace(seat("ann"), drink_me=(MEAD,)), seat("bob")], drinks("ann"),
        {"split-partner": [WHOLE]},
        {"alcohol": {"ann": 3, "bob": 0}, "options:split-partner": ("bob", WHOLE),
         "said:ann splits Mead with nobody": True}),
    row("I43-3-mead-split-with-a-player", "001",
        "When players are done affecting the Drink, the player who revealed it may choose a "
        "player with whom to split it.",
        [replace(seat("ann"), drink_me=(MEAD,)), seat("bob")], drinks("ann"),
        {"split-partner": ["bob"]}, {"alcohol": {"ann": 2, "bob": 2}}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_issue_43(quote: str, players: list[Player], start: Start,
                  answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, players[0].name, ())
