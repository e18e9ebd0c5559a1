"""Rules the engine once carried out wrong (issue 22), as a table of cases quoting the
passage each follows: the Drinking Contest's reveal order, control after a Cheating card
that forces a player out, a Minion acting the turn it comes into play, the Character Deck
reshuffled as its last card is drawn, Sometimes cards that are not responses played in
their phase, and a Round whose player in control is forced out (a reading:
``docs/rules-decisions.md``). The cards are test fixtures."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from tales.errors import ContentError
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Phase, Player, Step, Verb, Who
from tales.tavern.rdi.rules import action_phase, draw_up, turn

from ._seeds import row
from .test_base_rules_cases import (
    CONTEST,
    DRAGON,
    HEAL,
    IM_IN,
    LIGHT,
    WINE,
    Case,
    check,
    drinks,
    gambling,
    seat,
    stock,
)

SHOVE = Card("Loaded dice shove (test)", CardKind.CHEATING,
             (Step(Verb.FORCE_OUT, who=Who.TARGET),))
PUSH = Card("Out you go (test)", CardKind.SOMETIMES, (Step(Verb.FORCE_OUT, who=Who.TARGET),))
GRUNT = Card("Grunt the Brawler (test)", CardKind.ACTION,
             (Step(Verb.FORTITUDE, -2, Who.TARGET),), minion=True, wages=2)
ANOTHER_ROUND = Card("Another round for them (test)", CardKind.SOMETIMES,
                     (Step(Verb.ORDER, 1),), phase=Phase.ORDER)


def torg(*hand: Card) -> Player:
    return Player("torg", "Torglesnarf (test)", 10, hand=hand, mechanics="torglesnarf")


CASES = [
    row("I22-1-contest-reveals-from-the-player-whose-turn-it-is", "001",
        "When a player reveals a Drinking Contest card, each player, starting with the player "
        "whose turn it is, reveals the top card of the Drink Deck.",
        Case((seat("ann"), seat("bob", drink_me=(CONTEST,)), seat("cid")), drinks("bob"),
             deck=(LIGHT,) * 5 + (WINE, LIGHT, DRAGON), active=1),
        {"alcohol": [2, 4, 1], "gold": [9, 12, 9]}),
    row("I22-2-a-cheating-force-out-takes-control", "001",
        "Playing either of these two types of card gives you control of the Round of "
        "Gambling.",
        gambling((seat("ann", hand=(IM_IN,)), seat("bob", hand=(SHOVE,)), seat("cid")), "ann",
                 [SHOVE.name], **{"force-out": ["cid"]}),
        {"gold": [9, 12, 9], "pot": 0, "said:bob takes control": True}),
    row("I22-3-a-minion-acts-the-turn-it-comes-into-play", "002",
        "A Minion may act on the turn it comes into play.",
        Case((torg(GRUNT), seat("bob")), lambda t: action_phase(t, "torg"),
             {"action": [GRUNT.name], "activate": ["yes"]}),
        {"fortitude": [20, 18], "minions": ["Grunt the Brawler (test) #1 (torg)"]}),
    row("I22-4-reshuffle-as-the-last-card-is-drawn", "001",
        "If you draw the last card from your Character Deck, shuffle your discarded Character "
        "Cards and put them back on the Deck space on your player mat.",
        Case((seat("ann", hand=stock(5), deck=stock(2), discard=stock(3)), seat("bob")),
             lambda t: draw_up(t, "ann")),
        {"hand": [7, 0], "decks": [3, 0], "discards": [(), ()]}),
    row("I22-5-order-additional-drinks-in-the-order-phase", "001",
        "Some cards allow you to order additional Drinks during your Order a Drink Phase.",
        Case((seat("ann", hand=(ANOTHER_ROUND,), deck=stock(6)), seat("bob"), seat("cid")),
             turn, {"discard": ["pass"], "anytime": [ANOTHER_ROUND.name],
                    "order": ["bob", "cid"]}),
        {"drink_me": [0, 1, 1], "discards": [(HEAL.name, ANOTHER_ROUND.name), (), ()],
         "options:anytime": ("pass", ANOTHER_ROUND.name)}),
    row("I22-6-forcing-out-the-player-in-control", "001",
        "then the Round proceeds normally, but currently has no winner. If the Round ends "
        "before any player takes control, all anted Gold goes to the Inn.",
        gambling((seat("ann", hand=(IM_IN,)), seat("bob"), seat("cid", hand=(IM_IN,)),
                  seat("dee", hand=(PUSH,))), "ann", ["pass", PUSH.name, IM_IN.name],
                 **{"force-out": ["ann"]}),
        {"gold": [9, 9, 13, 9], "inn": 50, "gamblers": ["cid", "dee", "cid"]}),
    row("I22-6-forced-out-controller-and-everyone-passes", "001",
        "If the Round ends before any player takes control, all anted Gold goes to the Inn.",
        gambling((seat("ann", hand=(IM_IN,)), seat("bob"), seat("cid", hand=(IM_IN,)),
                  seat("dee", hand=(PUSH,))), "ann", ["pass", PUSH.name, "pass"],
                 **{"force-out": ["ann"]}),
        {"gold": [9, 9, 9, 9], "inn": 54, "gamblers": ["cid", "dee", "cid"]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), CASES)
def test_issue_22_rules(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


NEVER_PLAYED = """character = "x"
[[cards]]
name = "Order more (test)"
kind = "sometimes"
steps = [ { order = 1 } ]
"""

LOADING = [
    row("I22-5-a-card-never-played-is-refused", "001",
        "Sometimes Cards can only be played under certain conditions. Each Sometimes Card "
        "tells you when it can be played in its text.",
        NEVER_PLAYED, "never played"),
    row("I22-5-phase-only-on-a-sometimes-card", "001",
        "Sometimes Cards can only be played under certain conditions.",
        NEVER_PLAYED.replace("sometimes", "action") + 'phase = "order a drink"\n',
        "'phase' is for a Sometimes card"),
    row("I22-5-the-phase-is-named", "001",
        "Each Sometimes Card tells you when it can be played in its text.",
        NEVER_PLAYED + 'phase = "lunch"\n', "'phase' is one of"),
]


@pytest.mark.parametrize(("quote", "text", "message"), LOADING)
def test_deck_files_refuse_cards_never_played(quote: str, text: str, message: str,
                                              tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load_character(path)
    assert message in str(error.value) and "\n" not in str(error.value), quote


def test_a_phase_card_loads(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text(NEVER_PLAYED + 'phase = "order a drink"\n', encoding="utf-8")
    assert load_character(path).cards[0].phase is Phase.ORDER
    assert HEAL.phase is None
