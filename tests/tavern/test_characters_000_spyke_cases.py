"""Spyke (seed 000, "Spyke"): Treasure and his Level, as a table of cases quoting his section
of the Compendium (Flower's, word for word: his rules are hers). The cards are his sample
deck's (``decks/characters/spyke.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import flower, spyke
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.gambling import start_round
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Tavern, Verb
from tales.tavern.rdi.rules import action
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "spyke.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


CHARGE = named("Spiky shoulder charge (sample)")  # 1; 1 more from Level 5
PILLAGE = named("Pillage the dungeon (sample)")  # Get Treasure
SHOW = named("Show off my loot (sample)")  # each other pays 1; instead 2 from Level 7
SWAGGER = named("Level-up swagger (sample)")  # 1 Fortitude; 2 more from Level 4
HELM = named("Horned helm (sample)")  # headgear 1
BOOTS = named("Sneaky boots (sample)")  # footgear 2
PLATE = named("Plate of pointiness (sample)")  # armor 3
LEATHER = named("Studded leather (sample)")  # armor 2
MACE = named("Mace of smacking (sample)")  # 1 hand 1, Action: lose 2
BUCKLER = named("Spiky buckler (sample)")  # 1 hand 2, Sometimes: reduce 2
STICK = named("Big pointy stick (sample)")  # 2 hand 4
GUTS = named("Potion of guts (sample)")  # special 1, Anytime: lose 2 Alcohol
MARKED = named("Marked deck (sample)")  # special 1, Cheating
DUCK = named("Curse! Duck of gloom (sample)")  # lose 2 Fortitude
DODGE = named("Munchkin dodge (sample)")  # Ignore an Action card
BUDGET = replace(PLATE, name="Budget Armor (test)", values=(1,))
FILLER = Card("Filler (test)", CardKind.ANYTIME, (Step(Verb.DRAW, 1),))
GAMBLE = Card("Gambling? I'm in! (test)", CardKind.GAMBLING, starts_round=True)
EQUIPPED = flower.equipped("spyke")


def munchkin(*hand: Card) -> Player:
    return seat("spyke", *hand, mechanics="spyke", deck=(FILLER,) * 10)


def looting(start: Start, deck: tuple[Card, ...] = (), gear: tuple[Card, ...] = ()) -> Start:
    """``start`` with ``deck`` the Treasure Deck (top last) and ``gear`` equipped."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = flower._wear(tavern.with_pile(flower.TREASURE, deck), "spyke", gear)
        tavern = flower._sync(tavern, "spyke")
        return (yield from start(tavern))
    return begin


def turn_starts(tavern: Tavern) -> Resolution[Tavern]:
    return spyke.Spyke().start_of_turn(tavern, "spyke", "spyke")


def acting(tavern: Tavern) -> Resolution[Tavern]:
    return action(tavern, "spyke")


def gambling(tavern: Tavern) -> Resolution[Tavern]:
    return start_round(tavern, "bob", GAMBLE)


def equip(name: str, *drops: Card, level: int) -> str:
    return f"equip {name}" + (f", discarding {', '.join(c.name for c in drops)}"
                              if drops else "") + f" (Level {level})"


CASES = [
    row("spyke-treasure-at-turn-start", "000",
        "At the beginning of your turn, or whenever a card tells you to Get Treasure, follow "
        "these steps in order:",
        [munchkin(), seat("bob")], looting(turn_starts, (HELM,)),
        {"treasure": [equip(HELM.name, level=1)]},
        {"pile:" + EQUIPPED: 1, "tokens": (1,), "pile:treasure": 0}),
    row("spyke-get-treasure-card", "000",
        "At the beginning of your turn, or whenever a card tells you to Get Treasure, follow "
        "these steps in order:",
        [munchkin(), seat("bob")], looting(plays("spyke", PILLAGE), (BOOTS,)),
        {"treasure": [equip(BOOTS.name, level=2)]}, {"pile:" + EQUIPPED: 1, "tokens": (2,)}),
    row("spyke-curse", "000",
        "If the revealed Treasure is a Curse, follow the Curse's instructions immediately, "
        "then discard it.",
        [munchkin(), seat("bob")], looting(turn_starts, (DUCK,)), {},
        {"fortitude": {"spyke": 18}, "pile:" + EQUIPPED: 0, "pile:treasure discard": 1,
         "count:treasure": 0}),
    row("spyke-curse-answered", "000",
        "You may not play any cards or effects during these steps except for \"The Full "
        "Munchkin\" or any non-Treasure card played in response to a Curse, such as "
        "\"Wishing Ring\".",
        [munchkin(DODGE), seat("bob")], looting(turn_starts, (DUCK,)),
        {"respond": [DODGE.name]}, {"fortitude": {"spyke": 20}, "pile:treasure discard": 1}),
    row("spyke-no-treasure-against-a-curse", "000",
        "You may not play any cards or effects during these steps except for \"The Full "
        "Munchkin\" or any non-Treasure card played in response to a Curse, such as "
        "\"Wishing Ring\".",
        [munchkin(), seat("bob")], looting(turn_starts, (DUCK,), (BUCKLER,)), {},
        {"fortitude": {"spyke": 18}, "respond:spyke": 0, "kept": 1}),
    row("spyke-keeps-his-armor", "000",
        "Spyke has Dwarven Elven Armor equipped. At the start of his turn, he reveals Budget "
        "Armor. He decides to keep the Dwarven Elven Armor, so he discards Budget Armor and "
        "continues with his turn.",
        [munchkin(), seat("bob")], looting(turn_starts, (BUDGET,), (PLATE,)),
        {"treasure": [f"discard {BUDGET.name} (Level 3)"]},
        {"pile:" + EQUIPPED: 1, "tokens": (3,), "pile:treasure discard": 1,
         "options:treasure": (f"discard {BUDGET.name} (Level 3)",
                              equip(BUDGET.name, PLATE, level=1))}),
    row("spyke-swaps-a-slot", "000",
        "If you already have a Treasure in the revealed Treasure's slot, decide which "
        "Treasure(s) you want to keep and discard the other(s).",
        [munchkin(), seat("bob")], looting(turn_starts, (PLATE,), (LEATHER,)),
        {"treasure": [equip(PLATE.name, LEATHER, level=3)]},
        {"pile:" + EQUIPPED: 1, "tokens": (3,), "pile:treasure discard": 1}),
    row("spyke-two-one-hand-items", "000",
        "He has a Headgear slot, a Footgear slot, an Armor slot, and two Hand slots, which can "
        "hold either two \"1 Hand\" items or one \"2 Hand\" item.",
        [munchkin(), seat("bob")], looting(turn_starts, (BUCKLER,), (MACE,)),
        {"treasure": [equip(BUCKLER.name, level=3)]}, {"kept": 2, "tokens": (3,)}),
    row("spyke-two-hand-item", "000",
        "He has a Headgear slot, a Footgear slot, an Armor slot, and two Hand slots, which can "
        "hold either two \"1 Hand\" items or one \"2 Hand\" item.",
        [munchkin(), seat("bob")], looting(turn_starts, (STICK,), (MACE, BUCKLER, HELM)),
        {"treasure": [equip(STICK.name, MACE, BUCKLER, level=5)]},
        {"pile:" + EQUIPPED: 2, "tokens": (5,), "pile:treasure discard": 2, "kept": 0}),
    row("spyke-special-no-slot", "000",
        "A Treasure with type Special can be equipped without taking up a slot. You may have "
        "as many Special Treasures equipped as you like.",
        [munchkin(), seat("bob")], looting(turn_starts, (GUTS,), (GUTS, MARKED, PLATE)),
        {"treasure": [equip(GUTS.name, level=6)]},
        {"pile:" + EQUIPPED: 1, "kept": 3, "tokens": (6,)}),
    row("spyke-no-stockpiling", "000",
        "You may not keep Treasure that isn't equipped. Sorry, there's no stockpiling items "
        "in this game!",
        [munchkin(), seat("bob")], looting(turn_starts, (HELM,)),
        {"treasure": [f"discard {HELM.name} (Level 0)"]},
        {"pile:" + EQUIPPED: 0, "pile:treasure discard": 1, "hand": 0, "kept": 0}),
    row("spyke-level-is-the-sum", "000",
        "All Treasure Cards have a Level in the bottom right. Your Level is the sum of the "
        "Levels of all of your equipped Treasure.",
        [munchkin(), seat("bob")], looting(turn_starts, (STICK,), (HELM, PLATE, GUTS)),
        {"treasure": [equip(STICK.name, level=9)]}, {"tokens": (9,)}),
    row("spyke-plays-a-treasure", "000",
        "An equipped Treasure of any of these subtypes may be played as though it were a "
        "card of that type in your hand. If you play a Treasure in this way, discard it.",
        [munchkin(), seat("bob")], looting(acting, (), (MACE, PLATE)),
        {"action": [MACE.name]},
        {"fortitude": {"bob": 18}, "pile:" + EQUIPPED: 1, "tokens": (3,), "kept": 0,
         "pile:treasure discard": 1}),
    row("spyke-cheating-treasure", "000",
        "Some Treasure Cards have a subtype of Action, Sometimes, Anytime, or Cheating.",
        [munchkin(), seat("bob", GAMBLE)], looting(gambling, (), (MARKED, HELM)),
        {"gamble": [MARKED.name]},
        {"kept": 0, "tokens": (1,), "pile:treasure discard": 1}),
    row("spyke-plain-treasure-not-played", "000",
        "Some Treasure Cards have a subtype of Action, Sometimes, Anytime, or Cheating.",
        [munchkin(), seat("bob")], looting(acting, (), (STICK,)), {},
        {"count:action": 0, "pile:" + EQUIPPED: 1}),
    row("spyke-level-effect-mandatory", "000",
        "These level-dependent effects are mandatory. You may not choose to take a lower-level "
        "effect, even if doing so would be helpful.",
        [munchkin(), seat("bob")], looting(plays("spyke", CHARGE, "bob"), (), (STICK, GUTS)),
        {}, {"fortitude": {"bob": 18}, "count:boost": 0}),
    row("spyke-level-too-low", "000",
        "Some of Spyke’s cards have a better effect depending on your Level.",
        [munchkin(), seat("bob")], looting(plays("spyke", CHARGE, "bob"), (), (STICK,)), {},
        {"fortitude": {"bob": 19}}),
    row("spyke-level-instead", "000",
        "Some of them say \"instead\". These take effect instead of the base effect.",
        [munchkin(), seat("bob"), seat("ann")],
        looting(plays("spyke", SHOW), (), (STICK, PLATE)), {},
        {"gold": {"bob": 8, "ann": 8, "spyke": 14}}),
    row("spyke-level-cumulative", "000",
        "Effects that don't say \"instead\" are cumulative\u2014you get the better effect in "
        "addition to the original.",
        [munchkin(), seat("bob")], looting(plays("spyke", SWAGGER), (), (STICK,)), {},
        {"fortitude": {"spyke": 20}}),
    row("spyke-level-at-resolution", "000",
        "When you play a card that depends on your Level, the effect you get depends on your "
        "Level when the card resolves. Note that this could be different from what your Level "
        "was when you played the card!",
        [munchkin(), seat("bob")],
        looting(plays("spyke", replace(CHARGE, steps=(Step(Verb.HANDLER, handler=flower.GET),
                                                      *CHARGE.steps)), "bob"),
                (HELM,), (STICK,)),
        {"treasure": [equip(HELM.name, level=5)]}, {"fortitude": {"bob": 18}}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_spyke(quote: str, players: list[Player], start: Start,
               answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, "spyke", (flower.LEVEL,))


def test_spyke_sample_deck() -> None:
    """40 cards and a Treasure Deck with every slot, a Special, Curses, and Treasure of each
    subtype."""
    assert DECK.mechanics == "spyke" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards)
    treasure = [c for c in DECK.cards if c.pile == flower.TREASURE]
    assert len(DECK.cards) - len(treasure) == 40
    assert {i for c in treasure for i in c.icons} == {
        *flower.SLOTS, flower.ONE_HAND, flower.TWO_HAND, flower.SPECIAL, flower.CURSE}
    assert {c.kind for c in treasure if flower.playable_treasure(c)
            and flower.CURSE not in c.icons} == {CardKind.ACTION, CardKind.SOMETIMES,
                                                 CardKind.ANYTIME, CardKind.CHEATING}


def test_bots_loot() -> None:
    """Bots at a table of Spykes equip Treasure, level up and play Treasure."""
    _, log = bot_games("spyke", 3, 3)
    assert any(" equips " in line for line in log)
    assert any(f" plays {MACE.name}" in line or f" plays {GUTS.name}" in line
               for line in log)
