"""The team structures that are a seating and numbers (001, "Two-Headed Boss Battle",
"Leaders and Lackeys"; 002, "Boss Versus Boss") as case tables, one row per ruling, each
quoting its passage; the tables and checks are those of ``test_variant_cases.py``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from tales.tavern.rdi.effects import POTION
from tales.tavern.rdi.model import Mode, Tavern, Variant
from tales.tavern.rdi.rules import CharacterDeck, set_up, turn

from ._play import run
from ._seeds import row
from .test_base_rules_cases import IM_IN, LIGHT, Case, Start, check
from .test_variant_cases import HERO, VILLAIN, setting

TWO_HEADED_BOSSES = Variant(Mode.TWO_HEADED_BOSS_BATTLE)
LEADERS = Variant(Mode.LEADERS_AND_LACKEYS)
BOSS_VS_BOSS = Variant(Mode.BOSS_VERSUS_BOSS)
GAMBLER = CharacterDeck("gambler (test)", (IM_IN,) * 14, villain=True)


def then_turn(count: int, variant: Variant, decks: list[CharacterDeck]) -> Start:
    names = [f"p{n}" for n in range(count)]

    def both(_: Tavern) -> Any:
        tavern = yield from set_up(names, decks, (LIGHT,) * 30, variant=variant)
        return (yield from turn(tavern))
    return both


def only_passes(decision: Any) -> Any:
    return "pass" if "pass" in decision.options else decision.options[0]


def gamble_first(decision: Any) -> Any:
    if decision.kind == "action" and IM_IN.name in decision.options:
        return IM_IN.name
    return only_passes(decision)


CASES = [
    row("B08-every-player-a-boss-deck", "001",
        "The Two-Headed Boss Battle variant is the same as the Two-Headed Dragon variant, but "
        "with each player playing a Boss Deck!",
        Case((), setting(4, TWO_HEADED_BOSSES, [VILLAIN] * 4)),
        {"boss_cards": [2, 2, 2, 2], "team": ["team 1", "team 1", "team 2", "team 2"]}),
    row("B08-boss-setup-with-seven-cards", "001",
        "Setup: Each player follows Boss Setup as described under Boss Battle above, but with "
        "a hand of 7 cards.",
        Case((), setting(4, TWO_HEADED_BOSSES, [VILLAIN] * 4)),
        {"hand": [7, 7, 7, 7], "gold": [10, 0, 10, 0]}),
    row("B08-two-potions-a-team", "001", "Potion Tokens: 2 per team",
        Case((), setting(4, TWO_HEADED_BOSSES, [VILLAIN] * 4)),
        {"tokens": [{POTION: 2}, {}, {POTION: 2}, {}]}),
    row("B08-two-drinks-a-team", "001",
        "During a team's shared Order a Drink Phase, that team orders two Drinks, which they "
        "may place face down on any other players' Drink Me! Piles.",
        Case((), then_turn(4, TWO_HEADED_BOSSES, [VILLAIN] * 4), {"order": ["p2", "p3"]},
             default=only_passes),
        {"count:order": 2, "options:order": ("p2", "p3")}),
    row("B09-a-boss-and-a-lackey", "001",
        "The Leaders and Lackeys variant is the same as the Two-Headed Boss Battle variant, "
        "but with each team consisting of one Boss and one non-Boss character.",
        Case((), setting(4, LEADERS, [VILLAIN] * 4)),
        {"boss_cards": [2, 0, 2, 0], "team": ["team 1", "team 1", "team 2", "team 2"],
         "tokens": [{POTION: 2}, {}, {POTION: 2}, {}]}),
    row("B09-the-lackey-plays-a-non-boss-deck", "001",
        "Each Lackey player shuffles their puny non-Boss Character Deck and draws a hand of 7 "
        "cards.",
        Case((), setting(4, LEADERS, [VILLAIN, HERO, VILLAIN, HERO])),
        {"hand": [7, 7, 7, 7], "boss_cards": [2, 0, 2, 0]}),
    row("B09-a-leader-holds-seven-whatever-the-table", "001",
        "Each Boss player follows Boss Setup as described under Boss Battle above, but with a "
        "hand of 7 cards (regardless of the number of players in the game).",
        Case((), setting(6, LEADERS, [VILLAIN, HERO] * 3)),
        {"hand": [7] * 6, "gold": [10, 0, 10, 0, 10, 0]}),
    row("B10-an-individual-game-of-boss-decks", "002",
        "In the Boss Versus Boss variant, players play an individual RDI game using Boss "
        "decks!",
        Case((), setting(3, BOSS_VS_BOSS, [VILLAIN] * 3)),
        {"boss_cards": [2, 2, 2], "team": ["", "", ""]}),
    row("B10-seven-cards-no-potions", "002",
        "Setup: Each player follows Boss Setup as described under Boss Battle above, but with "
        "a hand of 7 cards and no Potion Tokens.",
        Case((), setting(2, BOSS_VS_BOSS, [VILLAIN] * 2)),
        {"hand": [7, 7], "tokens": [{}, {}], "gold": [10, 10]}),
    row("B10-no-team-rules", "002", "It does not use the general team rules listed above.",
        Case((), then_turn(3, BOSS_VS_BOSS, [VILLAIN] * 3), {"order": ["p2"]},
             default=only_passes),
        {"count:order": 1, "options:order": ("p1", "p2"), "gold": [10, 10, 10]}),
    row("B10-no-champions", "002", "Team Champions are never chosen in this variant.",
        Case((), then_turn(3, BOSS_VS_BOSS, [GAMBLER] * 3), default=gamble_first),
        {"count:champion": 0, "gamblers": ["p1", "p2"], "gold": [12, 9, 9]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), CASES)
def test_structures(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


VILLAINS_ONLY = [
    row("B08-only-villains-play-boss-decks", "001",
        "(It is not possible to play a Boss Battle with a non-villain character as the "
        "Boss.)", Mode.TWO_HEADED_BOSS_BATTLE, [VILLAIN, VILLAIN, VILLAIN, HERO]),
    row("B09-the-leader-is-a-boss", "001",
        "Setup: Each Boss player follows Boss Setup as described under Boss Battle above",
        Mode.LEADERS_AND_LACKEYS, [HERO, VILLAIN, VILLAIN, HERO]),
    row("B10-every-player-a-boss", "002",
        "players play an individual RDI game using Boss decks!", Mode.BOSS_VERSUS_BOSS,
        [VILLAIN, HERO]),
]


@pytest.mark.parametrize(("quote", "mode", "decks"), VILLAINS_ONLY)
def test_boss_decks_are_villains(quote: str, mode: Mode, decks: list[CharacterDeck]) -> None:
    with pytest.raises(ValueError, match="not a villain"):
        run(setting(len(decks), Variant(mode), decks)(Tavern((), ())))


@pytest.mark.parametrize("mode", [Mode.TWO_HEADED_BOSS_BATTLE, Mode.LEADERS_AND_LACKEYS])
def test_the_pairs_structures_need_pairs(mode: Mode) -> None:
    with pytest.raises(ValueError, match="even number"):
        run(setting(5, Variant(mode), [VILLAIN] * 5)(Tavern((), ())))
