"""Flower (seed 000): Treasure and her Level, as a table of cases quoting the Compendium. The
cards are her sample deck's (``decks/characters/flower.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import flower
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Condition, Player, Step, Tavern, Verb, Who
from tales.tavern.rdi.rules import action
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "flower.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


KICK = named("Kick with both boots (sample)")  # 1; 2 from Level 5
LOOT = named("Loot the room (sample)")  # Get Treasure
TOAST = named("Level-up potion toast (sample)")  # 1 Alcohol each; instead 2 from Level 8
SWORD = named("Sell an old sword (sample)")  # 1 Gold from the Inn; 2 more from Level 4
HELMET = named("Pointy helmet (sample)")  # headgear 1
MAIL = named("Chainmail bikini (sample)")  # armor 3
DAGGER = named("Stabby dagger (sample)")  # 1 hand 1, Action: a player loses 2
SHIELD = named("Shield of dodging (sample)")  # 1 hand 2
HUGE = named("Huge two-hander (sample)")  # 2 hand 4
CHARM = named("Lucky charm (sample)")  # special 1
CURSE = named("Curse! Sticky mug (sample)")  # gain 2 Alcohol
BUDGET = replace(MAIL, name="Budget armor (test)", values=(1,))
FILLER = Card("Filler (test)", CardKind.ANYTIME, (Step(Verb.DRAW, 1),))
DODGE = Card("Dodge (test)", CardKind.SOMETIMES, (Step(Verb.IGNORE, target=named(
    "Not my loot! (sample)").steps[0].target),))
LATE = Card("Loot then kick (test)", CardKind.ACTION, (
    Step(Verb.HANDLER, handler=flower.GET),
    Step(Verb.FORTITUDE, -1, Who.TARGET, condition=Condition(flower.LEVEL, 5))))
EQUIPPED = flower.equipped("flower")


def munchkin(*hand: Card, gear: tuple[Card, ...] = ()) -> Player:
    level = sum(flower.level_of(c) for c in gear)
    return seat("flower", *hand, mechanics="flower", deck=(FILLER,) * 10,
                tokens={flower.LEVEL: level})


def looting(start: Start, deck: tuple[Card, ...] = (), gear: tuple[Card, ...] = ()) -> Start:
    """``start`` with ``deck`` the Treasure Deck (top last) and ``gear`` equipped."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = flower._wear(tavern.with_pile(flower.TREASURE, deck), "flower", gear)
        return (yield from start(tavern))
    return begin


def turn_starts(tavern: Tavern) -> Resolution[Tavern]:
    return flower.Flower().start_of_turn(tavern, "flower", "flower")


def acting(tavern: Tavern) -> Resolution[Tavern]:
    return action(tavern, "flower")


def equip(name: str, *drops: Card, level: int) -> str:
    return f"equip {name}" + (f", discarding {', '.join(c.name for c in drops)}"
                              if drops else "") + f" (Level {level})"


CASES = [
    row("flower-treasure-at-turn-start", "000",
        "At the beginning of your turn, or whenever a card tells you to Get Treasure, follow "
        "these steps in order:",
        [munchkin(), seat("bob")], looting(turn_starts, (HELMET,)),
        {"treasure": [equip(HELMET.name, level=1)]},
        {"pile:" + EQUIPPED: 1, "tokens": (1,), "pile:treasure": 0}),
    row("flower-get-treasure-card", "000",
        "At the beginning of your turn, or whenever a card tells you to Get Treasure, follow "
        "these steps in order:",
        [munchkin(), seat("bob")], looting(plays("flower", LOOT), (HELMET,)),
        {"treasure": [equip(HELMET.name, level=1)]}, {"pile:" + EQUIPPED: 1}),
    row("flower-curse", "000",
        "If the revealed Treasure is a Curse, follow the Curse's instructions immediately, "
        "then discard it.",
        [munchkin(), seat("bob")], looting(turn_starts, (CURSE,)), {},
        {"alcohol": {"flower": 2}, "pile:" + EQUIPPED: 0, "pile:treasure discard": 1,
         "count:treasure": 0}),
    row("flower-curse-answered", "000",
        "You may not play any cards or effects during these steps except for \"The Full "
        "Munchkin\" or any non-Treasure card played in response to a Curse, such as "
        "\"Wishing Ring\".",
        [munchkin(DODGE), seat("bob")], looting(turn_starts, (CURSE,)),
        {"respond": [DODGE.name]}, {"alcohol": {"flower": 0}, "pile:treasure discard": 1}),
    row("flower-keeps-her-armor", "000",
        "She decides to keep the Dwarven Elven Armor, so she discards Budget Armor and "
        "continues with her turn.",
        [munchkin(gear=(MAIL,)), seat("bob")], looting(turn_starts, (BUDGET,), (MAIL,)),
        {"treasure": [f"discard {BUDGET.name} (Level 3)"]},
        {"pile:" + EQUIPPED: 1, "tokens": (3,), "pile:treasure discard": 1,
         "options:treasure": (f"discard {BUDGET.name} (Level 3)",
                              equip(BUDGET.name, MAIL, level=1))}),
    row("flower-swaps-a-slot", "000",
        "If you already have a Treasure in the revealed Treasure's slot, decide which "
        "Treasure(s) you want to keep and discard the other(s).",
        [munchkin(gear=(BUDGET,)), seat("bob")], looting(turn_starts, (MAIL,), (BUDGET,)),
        {"treasure": [equip(MAIL.name, BUDGET, level=3)]},
        {"pile:" + EQUIPPED: 1, "tokens": (3,), "pile:treasure discard": 1}),
    row("flower-two-one-hand-items", "000",
        "She has a Headgear slot, a Footgear slot, an Armor slot, and two Hand slots, which "
        "can hold either two \"1 Hand\" items or one \"2 Hand\" item.",
        [munchkin(gear=(DAGGER,)), seat("bob")], looting(turn_starts, (SHIELD,), (DAGGER,)),
        {"treasure": [equip(SHIELD.name, level=3)]},
        {"kept": 2, "tokens": (3,)}),
    row("flower-two-hand-item", "000",
        "She has a Headgear slot, a Footgear slot, an Armor slot, and two Hand slots, which "
        "can hold either two \"1 Hand\" items or one \"2 Hand\" item.",
        [munchkin(gear=(DAGGER, SHIELD)), seat("bob")],
        looting(turn_starts, (HUGE,), (DAGGER, SHIELD, HELMET)),
        {"treasure": [equip(HUGE.name, DAGGER, SHIELD, level=5)]},
        {"pile:" + EQUIPPED: 2, "tokens": (5,), "pile:treasure discard": 2}),
    row("flower-third-one-hand-item", "000",
        "If you already have a Treasure in the revealed Treasure's slot, decide which "
        "Treasure(s) you want to keep and discard the other(s).",
        [munchkin(), seat("bob")], looting(turn_starts, (DAGGER,), (DAGGER, SHIELD)),
        {"treasure": [equip(DAGGER.name, DAGGER, level=3)]},
        {"kept": 2, "tokens": (3,),
         "options:treasure": (equip(DAGGER.name, DAGGER, level=3),
                              f"discard {DAGGER.name} (Level 3)",
                              equip(DAGGER.name, SHIELD, level=2))}),
    row("flower-special-no-slot", "000",
        "A Treasure with type Special can be equipped without taking up a slot. You may have "
        "as many Special Treasures equipped as you like.",
        [munchkin(), seat("bob")], looting(turn_starts, (CHARM,), (CHARM, CHARM, MAIL)),
        {"treasure": [equip(CHARM.name, level=6)]},
        {"pile:" + EQUIPPED: 1, "kept": 3, "tokens": (6,)}),
    row("flower-no-stockpiling", "000",
        "You may not keep Treasure that isn't equipped. Sorry, there's no stockpiling items "
        "in this game!",
        [munchkin(), seat("bob")], looting(turn_starts, (HELMET,)),
        {"treasure": [f"discard {HELMET.name} (Level 0)"]},
        {"pile:" + EQUIPPED: 0, "pile:treasure discard": 1, "hand": 0, "kept": 0}),
    row("flower-level-is-the-sum", "000",
        "Your Level is the sum of the Levels of all of your equipped Treasure.",
        [munchkin(), seat("bob")], looting(turn_starts, (HUGE,), (HELMET, MAIL, CHARM)),
        {"treasure": [equip(HUGE.name, level=9)]}, {"tokens": (9,)}),
    row("flower-plays-a-treasure", "000",
        "An equipped Treasure of any of these subtypes may be played as though it were a "
        "card of that type in your hand. If you play a Treasure in this way, discard it.",
        [munchkin(gear=(DAGGER, MAIL)), seat("bob")], looting(acting, (), (DAGGER, MAIL)),
        {"action": [DAGGER.name]},
        {"fortitude": {"bob": 18}, "pile:" + EQUIPPED: 1, "tokens": (3,), "kept": 0,
         "pile:treasure discard": 1}),
    row("flower-plain-treasure-not-played", "000",
        "Some Treasure Cards have a subtype of Action, Sometimes, Anytime or Cheating.",
        [munchkin(gear=(MAIL,)), seat("bob")], looting(acting, (), (MAIL,)), {},
        {"count:action": 0, "pile:" + EQUIPPED: 1}),
    row("flower-level-effect-mandatory", "000",
        "These level-dependent effects are mandatory. You may not choose to take a "
        "lower-level effect, even if doing so would be helpful.",
        [munchkin(gear=(HUGE, CHARM)), seat("bob")], looting(plays("flower", KICK, "bob"),
                                                             (), (HUGE, CHARM)), {},
        {"fortitude": {"bob": 18}, "count:boost": 0}),
    row("flower-level-too-low", "000",
        "For example, \"Kicking some arsenal\" hits another player for 1 Fortitude, or 2 "
        "Fortitude if your Level is 5 or higher.",
        [munchkin(gear=(HUGE,)), seat("bob")], looting(plays("flower", KICK, "bob"), (),
                                                       (HUGE,)), {},
        {"fortitude": {"bob": 19}}),
    row("flower-level-instead", "000",
        "Some of them say \"instead\". These take effect instead of the base effect.",
        [munchkin(gear=(HUGE, MAIL, CHARM)), seat("bob")],
        looting(plays("flower", TOAST), (), (HUGE, MAIL, CHARM)), {},
        {"alcohol": {"bob": 2}}),
    row("flower-level-cumulative", "000",
        "Effects that don't say \"instead\" are cumulative\u2014you get the better effect in "
        "addition to the original.",
        [munchkin(gear=(HUGE,)), seat("bob")], looting(plays("flower", SWORD), (), (HUGE,)),
        {}, {"gold": {"flower": 13}}),
    row("flower-level-at-resolution", "000",
        "When you play a card that depends on your Level, the effect you get depends on your "
        "Level when the card resolves. Note that this could be different from what your "
        "Level was when you played the card!",
        [munchkin(gear=(HUGE,)), seat("bob")], looting(plays("flower", LATE, "bob"),
                                                       (HELMET,), (HUGE,)),
        {"treasure": [equip(HELMET.name, level=5)]}, {"fortitude": {"bob": 19}}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_flower(quote: str, players: list[Player], start: Start,
                answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, "flower", (flower.LEVEL,))


NUMBERS = [
    row("flower-level-numbers-unchanged", "000",
        "Level numbers on cards are not affected by cards that change numeric values on "
        "cards, such as \"Strength Potion\".", KICK),
]


@pytest.mark.parametrize(("quote", "card"), NUMBERS)
def test_level_numbers_are_not_amounts(quote: str, card: Card) -> None:
    """A card's numbers changed as it resolves (Ohava's harmony, the engine's one such
    effect) leave its Level conditions alone."""
    from tales.tavern.rdi.characters import ohava

    tavern = Tavern((seat("o", tokens=dict.fromkeys(ohava.DEITIES, 1), mechanics="ohava"),),
                    ())
    steps = ohava.Ohava().amounts(tavern, "o", replace(card, owner="o"), card.steps)
    assert [s.condition for s in steps] == [s.condition for s in card.steps], quote
    assert steps != card.steps, quote


def test_flower_sample_deck() -> None:
    """40 cards and a Treasure Deck with every slot, a Special, a Curse, and Treasure of
    each playable subtype."""
    assert DECK.mechanics == "flower" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards)
    treasure = [c for c in DECK.cards if c.pile == flower.TREASURE]
    assert len(DECK.cards) - len(treasure) == 40
    icons = {i for c in treasure for i in c.icons}
    assert icons == {*flower.SLOTS, flower.ONE_HAND, flower.TWO_HAND, flower.SPECIAL,
                     flower.CURSE}
    assert {c.kind for c in treasure if c.steps and flower.CURSE not in c.icons} == {
        CardKind.ACTION, CardKind.SOMETIMES, CardKind.ANYTIME}


def test_bots_loot() -> None:
    """Bots at a table of Flowers equip Treasure, level up and play Treasure."""
    _, log = bot_games("flower", 3, 3)
    assert any(" equips " in line for line in log)
    assert any(" plays Stabby dagger (sample)" in line or " plays Lucky charm (sample)"
               in line for line in log)
