"""Torglesnarf's Minions (seed 002, "Torglesnarf Duncleton, First of His Name"; the
checklist's C-9 and A-86: targetable non-players), as a table of cases. The cards are test
fixtures with effects of our own."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.effects import play_card
from tales.tavern.rdi.model import Card, CardKind, Minion, Player, Step, Target, Tavern, Verb, Who
from tales.tavern.rdi.rules import CharacterDeck, action, action_phase, set_up

from ._play import run, table
from ._seeds import row

GRUNT = Card("Grunt the Brawler (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),),
             minion=True, wages=2)
MUMMY_ROT = Card("Mummy Rot (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
STARTLED = Card("Old Gods, you startled me! (test)", CardKind.ACTION,
                (Step(Verb.FORTITUDE, -1, Who.EACH_OTHER),))
MINDBREAKER = Card("Mindbreaker (test)", CardKind.SOMETIMES,
                   (Step(Verb.HIT_BACK, 1), Step(Verb.ALCOHOL, 1, Who.TARGET)))
NO = Card("No! (test)", CardKind.SOMETIMES, (Step(Verb.NEGATE, target=Target.ACTION),))
PROTECT = Card("Protect (test)", CardKind.SOMETIMES, (Step(Verb.REDIRECT),))
ARM = Card("Arm-wrestling winnings (test)", CardKind.SOMETIMES, (Step(Verb.FROM_INN),))
CIDER = Card("Drink up (test)", CardKind.ACTION,
             (Step(Verb.FORTITUDE, -1, Who.TARGET), Step(Verb.ALCOHOL, 2, Who.TARGET)))


def torg(*hand: Card, gold: int = 10, minions: int = 0) -> Player:
    return Player("torg", "Torglesnarf (test)", gold, hand=hand, mechanics="torglesnarf")


def seat(name: str, *hand: Card) -> Player:
    return Player(name, "x", 10, hand=hand)


def with_grunt(tavern: Tavern, count: int = 1) -> Tavern:
    return replace(tavern, minions=tuple(Minion(f"Grunt #{n + 1} (torg)", "torg", GRUNT)
                                         for n in range(count)))


Start = Callable[[Tavern], Resolution[Tavern]]


def plays(name: str, card: Card) -> Start:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        tavern, _ = yield from play_card(tavern, name, card)
        return tavern
    return start


CASES = [
    row("C9-two-extra-gold", "002",
        "Torglesnarf starts the game with two extra Gold.",
        [], lambda t: set_up(["torg", "bob"], [CharacterDeck("Torglesnarf", (), "torglesnarf"),
                                               CharacterDeck("Bob", ())], t.drink_deck),
        {}, {"gold": [10, 8]}),
    row("C9-minion-played-as-the-action-stays", "002",
        "You may play one of these cards as your Action Card for your turn. When you play a "
        "Minion, play it face-up in front of you.",
        [torg(GRUNT), seat("bob")], lambda t: action(t, "torg"), {"action": [GRUNT.name]},
        {"minions": ["Grunt the Brawler (test) #1 (torg)"], "hand": [0, 0]}),
    row("C9-negated-minion-does-not-come-into-play", "002",
        "If Torglesnarf plays a Minion from his hand and another player plays an effect that "
        "would Negate an Action, the card is Negated and the Minion does not come into play.",
        [torg(GRUNT), seat("bob", NO)], lambda t: action(t, "torg"),
        {"action": [GRUNT.name], "respond": [NO.name]}, {"minions": []}),
    row("C9-target-a-minion-and-pay-wages", "002",
        "Torglesnarf chooses to pay Grunt's Wages to keep him around, so Torglesnarf pays 2 "
        "Gold to the Inn.",
        [seat("amundyr", MUMMY_ROT), torg()], plays("amundyr", MUMMY_ROT),
        {"target": ["Grunt #1 (torg)"], "wages": ["pay 2 Gold Wages"]},
        {"gold": [10, 8], "fortitude": [20, 20], "minions": ["Grunt #1 (torg)"]}),
    row("C9-each-other-player-hits-each-minion", "002",
        "He chooses to pay 2 to keep Brix in play, but chooses to discard Grunt.",
        [seat("daareka", STARTLED), torg()], plays("daareka", STARTLED),
        {"wages": ["discard it", "pay 2 Gold Wages"]},
        {"fortitude": [20, 19], "gold": [10, 8], "minions": ["Grunt #2 (torg)"]}),
    row("C9-inn-payment-cuts-wages-by-one", "002",
        "When you pay Wages, any card effects that would allow you to pay the cost with Gold "
        "from the Inn instead reduce the cost by 1 Gold.",
        [seat("amundyr", MUMMY_ROT), torg(ARM)], plays("amundyr", MUMMY_ROT),
        {"target": ["Grunt #1 (torg)"], "wages": ["pay 2 Gold Wages"],
         "wages-from-inn": [ARM.name]},
        {"gold": [10, 9], "hand": [1, 0]}),
    row("C9-only-fortitude-loss-affects-a-minion", "002",
        "If a card targeting a Minion would affect other attributes, those parts of the card "
        "do nothing.",
        [seat("bob", CIDER), torg()], plays("bob", CIDER),
        {"target": ["Grunt #1 (torg)"], "wages": ["discard it"]},
        {"alcohol": [0, 0], "minions": []}),
    row("C9-activation-once-each-action-phase", "002",
        "Others allow you to take an action once during each of your Action Phases.",
        [torg(), seat("vlazlo")], lambda t: action_phase(t, "torg"),
        {"activate": ["yes"]}, {"fortitude": [20, 18], "count:activate": 1}),
    row("C9-no-negate-against-an-activation", "002",
        "A \"Negate an Action\" effect may not be played to stop a Minion from activating if it "
        "is already in play.",
        [torg(), seat("vlazlo", NO)], lambda t: action_phase(t, "torg"),
        {"activate": ["yes"]}, {"fortitude": [20, 18], "count:respond": 0}),
    row("C9-hit-back-at-the-minion", "002",
        "Daareka takes the damage, then plays \"Now I'll show you why I'm called 'the "
        "Mindbreaker!'\" to hit Grunt back.",
        [torg(), seat("daareka", MINDBREAKER)], lambda t: action_phase(t, "torg"),
        {"activate": ["yes"], "hit-back": [MINDBREAKER.name],
         "hit-whom": ["Grunt #1 (torg)"], "wages": ["discard it"]},
        {"fortitude": [20, 18], "alcohol": [0, 0], "minions": []}),
    row("C9-redirect-to-a-minion", "002",
        "Whenever a player other than Torglesnarf must choose another player for a card's "
        "Fortitude loss or redirection effect, the player playing that card may choose to "
        "target one of Torglesnarf's Minions instead.",
        [seat("ann", MUMMY_ROT), seat("bob", PROTECT), torg()], plays("ann", MUMMY_ROT),
        {"target": ["bob"], "respond": [PROTECT.name], "whom": ["Grunt #1 (torg)"],
         "wages": ["discard it"]},
        {"fortitude": [20, 20, 20], "minions": []}),
]


def look(key: str, tavern: Tavern, asked: list[Any]) -> Any:
    what, _, arg = key.partition(":")
    if what == "count":
        return sum(d.kind == arg for d in asked)
    if what == "minions":
        return [m.name for m in tavern.minions]
    return [getattr(p, what) if what != "hand" else len(p.hand) for p in tavern.players]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_torglesnarf(quote: str, players: list[Player], start: Start,
                     answers: Mapping[str, list[Any]], expected: Mapping[str, Any]) -> None:
    tavern = table(players, inn=50) if players else table([seat("x"), seat("y")])
    if players and any(p.name == "torg" for p in players):
        tavern = with_grunt(tavern, 2 if "He chooses to pay 2" in quote else 1) \
            if "face-up" not in quote and "Negate an Action, the card" not in quote \
            else tavern
    asked: list[Any] = []
    final = run(start(tavern), dict(answers), asked=asked)
    got = {key: look(key, final, asked) for key in expected}
    assert got == dict(expected), quote
    assert final.total_gold == tavern.total_gold or not players, quote


def test_several_copies_of_one_minion_deck_keep_every_minion_apart() -> None:
    """Two Torglesnarf decks at one table (a random game once lost a Minion card, and once
    took a Minion already discarded for a player): the first's Grunt left play, the second
    already has one in play, then plays another and each other player loses 1 Fortitude.
    Each Grunt is a Minion of its own, and each discarded goes to its owner's discards."""
    first = replace(torg(), name="torg 1")
    second = replace(torg(GRUNT), name="torg 2", discard=(GRUNT,))
    tavern = replace(table([first, second, seat("daareka", STARTLED)]),
                     minions=(Minion("Grunt the Brawler (test) #2 (torg 2)", "torg 2", GRUNT),))
    tavern = run(plays("torg 2", GRUNT)(tavern))
    assert len({m.name for m in tavern.minions}) == len(tavern.minions) == 2
    tavern = run(plays("daareka", STARTLED)(tavern), {"wages": ["discard it", "discard it"]})
    assert tavern.minions == ()
    assert tavern.player("torg 2").discard.count(GRUNT) == 3
