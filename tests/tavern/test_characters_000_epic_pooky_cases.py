"""Epic Pooky (seed 000, "Epic Pooky"): Pooky as the Boss of a Boss Battle, his Boss cards
and Epic Deck, as a table of cases quoting the Compendium; and Alaric's Check for Traps by a
Minion (seed 001). The cards are Pooky's sample deck's (``decks/characters/pooky.toml``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import pooky
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.drinks import drink_phase
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Drink,
    Minion,
    Mode,
    Player,
    Step,
    Tavern,
    Variant,
    Verb,
    Who,
)
from tales.tavern.rdi.rules import CharacterDeck, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import plays, run, seat, table
from ._seeds import row

DECK = load_character(DECKS / "characters" / "pooky.toml")
EPICS = tuple(c for c in DECK.cards if c.pile == pooky.EPIC)
BOSS = Variant(Mode.BOSS_BATTLE, boss="pooky")
CLUB = Card("Club (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
ELVEN = Drink("Elven Wine", 3)
WORSE = Card("Worse (test)", CardKind.ACTION, (Step(Verb.HANDLER, handler=pooky.WORSE),))


def bunny(mood: int, **fields: Any) -> Player:
    return replace(seat("pooky", mechanics="pooky", tokens={"mood": mood}), **fields)


def boss_table(players: list[Player], epic: tuple[Card, ...] = EPICS) -> Tavern:
    return table(players, variant=BOSS, piles=((pooky.EPIC, epic),))


def setting_up(mode: Mode) -> Callable[[Tavern], Resolution[Tavern]]:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        names = ["pooky", "ann", "bob"]
        other = CharacterDeck("Other", (CLUB,) * 40)
        return set_up(names, [DECK, other, other], load_drinks(DECKS / "drinks-sample.toml"),
                      variant=Variant(mode))
    return start


def drinks(tavern: Tavern) -> Resolution[Tavern]:
    return drink_phase(tavern, "pooky")


Expect = Callable[[Tavern], object]
MOOD: Expect = lambda t: t.player("pooky").count("mood")  # noqa: E731
HAND: Expect = lambda t: len(t.player("pooky").hand)  # noqa: E731
EPIC_LEFT: Expect = lambda t: len(t.pile(pooky.EPIC))  # noqa: E731
DECK_SIZE: Expect = lambda t: len(t.player("pooky").deck) + len(t.player("pooky").hand)  # noqa: E731
VILLAIN: Expect = lambda t: t.player("pooky").villain  # noqa: E731

CASES = [
    row("epic-pooky-55-cards", "000",
        "Shuffle the 15 Boss Battle cards (those with the dragon heads in the corners) into "
        "Pooky’s Character Deck, for a total of 55 cards.",
        [], setting_up(Mode.BOSS_BATTLE), {}, [(DECK_SIZE, 55), (EPIC_LEFT, 5)]),
    row("epic-pooky-not-outside-a-boss-battle", "000",
        "The 15 Boss Battle cards allow Pooky to play as the Boss in a Boss Battle!",
        [], setting_up(Mode.INDIVIDUAL), {}, [(DECK_SIZE, 40), (EPIC_LEFT, 0)]),
    row("epic-pooky-starts-calm", "000", "Pooky’s Mood starts off Calm, as normal.",
        [], setting_up(Mode.BOSS_BATTLE), {}, [(MOOD, pooky.CALM)]),
    row("epic-pooky-choose-calm-and-an-epic-card", "000",
        "If you are Psychotic and your Mood would get worse, you may either leave your Mood "
        "at Psychotic, or you may move your Mood back to Calm and draw a card from your "
        "Epic Deck.",
        [seat("ann"), bunny(pooky.PSYCHOTIC)], plays("ann", CLUB, "pooky"),
        {"epic": [pooky.EPIC_CARD]}, [(MOOD, pooky.CALM), (HAND, 1), (EPIC_LEFT, 4)]),
    row("epic-pooky-choose-to-stay-psychotic", "000",
        "If you are Psychotic and your Mood would get worse, you may either leave your Mood "
        "at Psychotic, or you may move your Mood back to Calm and draw a card from your "
        "Epic Deck.",
        [seat("ann"), bunny(pooky.PSYCHOTIC)], plays("ann", CLUB, "pooky"),
        {"epic": [pooky.STAY]}, [(MOOD, pooky.PSYCHOTIC), (HAND, 0), (EPIC_LEFT, 5)]),
    row("epic-pooky-after-a-drink", "000",
        "If you are Psychotic and your Mood would get worse, you may either leave your Mood "
        "at Psychotic, or you may move your Mood back to Calm and draw a card from your "
        "Epic Deck.",
        [bunny(pooky.PSYCHOTIC, drink_me=(ELVEN,)), seat("ann")], drinks,
        {"epic": [pooky.EPIC_CARD]}, [(MOOD, pooky.CALM), (HAND, 1)]),
    row("epic-pooky-when-a-card-says-so", "000",
        "If you are Psychotic and your Mood would get worse, you may either leave your Mood "
        "at Psychotic, or you may move your Mood back to Calm and draw a card from your "
        "Epic Deck.",
        [bunny(pooky.PSYCHOTIC), seat("ann")], plays("pooky", WORSE),
        {"epic": [pooky.EPIC_CARD]}, [(MOOD, pooky.CALM), (HAND, 1)]),
    row("epic-pooky-only-when-psychotic", "000",
        "Normally, if Pooky’s Mood would get worse, but he is already Psychotic, nothing "
        "happens.",
        [seat("ann"), bunny(pooky.PSYCHOTIC - 1)], plays("ann", CLUB, "pooky"), {},
        [(MOOD, pooky.PSYCHOTIC), (HAND, 0)]),
    row("epic-pooky-played-epic-card-joins-his-deck", "000",
        "When you play an Epic Card, it goes to your Character Deck discard pile and remains "
        "part of your deck for the rest of the game.",
        [bunny(pooky.CALM), seat("ann")], plays("pooky", replace(EPICS[0], owner="pooky")),
        {}, [(lambda t: [c.name for c in t.player("pooky").discard], [EPICS[0].name]),
             (lambda t: t.pile(f"{pooky.EPIC} discard"), ())]),
    row("epic-pooky-counts-toward-hand-size", "000",
        "An Epic Card in your hand counts toward your hand size.",
        [seat("ann"), bunny(pooky.PSYCHOTIC)], plays("ann", CLUB, "pooky"),
        {"epic": [pooky.EPIC_CARD]}, [(lambda t: t.player("pooky").hand[0].joins, True)]),
    row("epic-pooky-still-a-hero", "000",
        "Epic Pooky counts as a Hero, not a Villain.",
        [], setting_up(Mode.BOSS_BATTLE), {}, [(VILLAIN, False)]),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_epic_pooky(quote: str, players: list[Player],
                    start: Callable[[Tavern], Resolution[Tavern]],
                    answers: dict[str, list[Any]], expected: list[tuple[Expect, object]]
                    ) -> None:
    tavern = run(start(boss_table(players)), answers)
    for got, value in expected:
        assert got(tavern) == value, quote


def test_pookys_deck_may_be_the_boss() -> None:
    """Marked a villain (he may be the Boss), and a Hero all the same."""
    assert DECK.villain and DECK.hero and DECK.character.endswith("(sample deck)")
    assert len(EPICS) == 5 and all(c.boss and c.joins for c in EPICS)
    assert sum(c.boss and not c.pile for c in DECK.cards) == 15


def test_boss_battle_with_epic_pooky_as_the_boss() -> None:
    """Bots play Boss Battles with Epic Pooky as the Boss: he draws and plays Epic Cards."""
    import numpy as np

    from tales.engine.game import Game
    from tales.tavern.rdi.bots import policy
    from tales.tavern.rdi.rules import play_game
    from tales.tavern.rdi.simulate import table as seats

    names, decks = seats(4, ["pooky"], Mode.BOSS_BATTLE)
    drinks = load_drinks(DECKS / "drinks-sample.toml")
    log: list[str] = []
    for seed in range(3):
        game = Game(lambda: play_game(names, decks, drinks, variant=Variant(Mode.BOSS_BATTLE)))
        final = game.play(policy("greedy", np.random.default_rng(seed)))
        assert final is not None and final.winners
        log.extend(final.log)
    assert any("draws an Epic Card" in line for line in log)
    assert any(" plays EPIC: " in line for line in log)


# --- Alaric: a Minion told to Check for Traps (001) -------------------------------------------

TRAP = Card("Tripwire (test)", CardKind.ACTION, owner="alaric",
            trap=(Step(Verb.FORTITUDE, -1, Who.TARGET),))
CHECKS = Card("Check it (test)", CardKind.ACTION,
              (Step(Verb.FORTITUDE, -1, Who.TARGET),
               Step(Verb.HANDLER, who=Who.TARGET, handler="check for traps")))
GRUNT = Card("Grunt (test)", CardKind.ACTION, minion=True, wages=1)


MINION_CASES = [
    row("alaric-minion-checks-for-traps", "001",
        "If a targetable non-player (like Wrench's Gizmos, Torglesnarf's Minions, or "
        "Baelfire's Shadowfiends) would Check for Traps, its controller (Wrench, Torg, or "
        "Baelfire) checks instead. If they reveal a Trap, the controller takes the effect."),
]


@pytest.mark.parametrize("quote", MINION_CASES)
def test_a_minion_checking_for_traps_has_its_controller_check(quote: str) -> None:
    alaric = seat("alaric", TRAP, mechanics="alaric")
    torg = seat("torg", mechanics="torglesnarf")
    minion = Minion("Grunt #1 (torg)", "torg", GRUNT)
    tavern = table([alaric, torg], minions=(minion,))
    final = run(plays("alaric", CHECKS, minion.name)(tavern),
                {"wages": ["discard it"]})
    assert final.player("torg").fortitude == 19, quote  # the Trap hit Torglesnarf
    assert any("torg Checks for Traps and reveals Tripwire" in line for line in final.log)
