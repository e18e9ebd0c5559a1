"""Phyll Startusk (seed 000): Mix-ins on Drinks and the Mix-in Shelf, as a table of cases
quoting the Compendium. The Mix-ins are his sample deck's (``decks/characters/phyll.toml``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.drinks import drink_phase
from tales.tavern.rdi.effects import discard_cards
from tales.tavern.rdi.model import Card, CardKind, Drink, Player, Step, Target, Tavern, Verb
from tales.tavern.rdi.rules import draw_up
from tales.tavern.rdi.simulate import DECKS
from tales.tavern.rdi.timing import MIX_IN

from ._play import Start, bot_games, run, seat, table
from ._seeds import row

DECK = load_character(DECKS / "characters" / "phyll.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


SHOT = named("Extra shot of espresso (sample)")  # -1 Alcohol; drinker pays 1
SYRUP = named("Dragonfire syrup (sample)")  # +2 Alcohol
CREAM = named("Whipped cream on top (sample)")  # drinker pays 2
WENCH = Card("Stop that (test)", CardKind.SOMETIMES,
             (Step(Verb.NEGATE, target=Target.DRINK_CHANGE),))
SPLIT = Card("Share it (test)", CardKind.SOMETIMES, (Step(Verb.SPLIT),))
WINE = Drink("Wine", 2)
DARK = Drink("Dark Ale", 4)
FILLER = Card("Filler (test)", CardKind.ACTION, (Step(Verb.DRAW, 1),))


def phyll(*shelf: Card, **fields: Any) -> Player:
    return replace(seat("phyll", mechanics="phyll", deck=(FILLER,) * 10),
                   kept=tuple(replace(c, owner="phyll") for c in shelf), **fields)


def drinker(*hand: Card, drink: Drink = WINE, name: str = "bob") -> Player:
    return replace(seat(name, *hand), drink_me=(drink,))


def drinks(name: str) -> Start:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        return drink_phase(tavern, name)
    return start


def drawing(deck: tuple[Card, ...]) -> Start:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        player = tavern.player("phyll")
        return draw_up(tavern.with_player(replace(player, deck=deck)), "phyll")
    return start


def discarding(tavern: Tavern) -> Resolution[Tavern]:
    return discard_cards(tavern, "phyll", 1)


Got = Callable[[Tavern], object]


def stat(name: str, what: str) -> Got:
    return lambda t: getattr(t.player(name), what)


def count(name: str, where: str) -> Got:
    return lambda t: len(getattr(t.player(name), where))


MIXED = (SHOT, SYRUP)  # two Mix-ins on his Shelf

CASES = [
    row("phyll-draw-to-the-shelf", "000",
        "As soon as you draw a Mix-in Card, you must immediately put it on the Mix-in Shelf. "
        "You do not draw a replacement when you do this, but the card is no longer in your "
        "hand and no longer counts toward your hand size, so you will draw more cards on your "
        "next Discard and Draw Phase.",
        [phyll(), seat("bob")], drawing((FILLER,) * 5 + (SHOT, SYRUP)), {}, {},
        [(count("phyll", "hand"), 5), (count("phyll", "kept"), 2)]),
    row("phyll-shelf-without-limit", "000", "It can hold an infinite number of Mix-in Cards.",
        [phyll(SHOT, SHOT, SYRUP), seat("bob")], drawing((FILLER,) * 5 + (CREAM, CREAM)), {},
        {}, [(count("phyll", "kept"), 5)]),
    row("phyll-play-from-the-shelf", "000",
        "You may play Mix-ins from your Shelf as though they were in your hand.",
        [drinker(), phyll(SYRUP)], drinks("bob"), {"phyll": [SYRUP.name]}, {},
        [(stat("bob", "alcohol"), 4), (count("phyll", "kept"), 0)]),
    row("phyll-shelf-not-the-hand", "000",
        "In particular, if a card effect instructs you to discard cards from your hand, you may "
        "not discard a Mix-in from your Shelf.",
        [phyll(SHOT), seat("bob")], discarding, {}, {},
        [(count("phyll", "kept"), 1), (count("phyll", "discard"), 0)]),
    row("phyll-any-drink", "000",
        "These are fancy drink add-ins that you may apply to any Drink—your own or someone "
        "else's.",
        [phyll(SYRUP, drink_me=(WINE,)), seat("bob")], drinks("phyll"),
        {"phyll": [SYRUP.name]}, {}, [(stat("phyll", "alcohol"), 4)]),
    row("phyll-at-most-one", "000", "A Drink may have at most one Mix-in played on it.",
        [drinker(), phyll(*MIXED)], drinks("bob"), {"phyll": [SYRUP.name]},
        {"mix-ins offered after the first": 0},
        [(stat("bob", "alcohol"), 4), (count("phyll", "kept"), 1)]),
    row("phyll-negated-still-counts", "000",
        "If the Mix-in is Negated or otherwise altered, you may not play another Mix-in on "
        "that Drink.",
        [drinker(WENCH), phyll(*MIXED)], drinks("bob"),
        {"phyll": [SYRUP.name], "bob": [WENCH.name]},
        {"mix-ins offered after the first": 0},
        [(stat("bob", "alcohol"), 2), (count("phyll", "kept"), 1)]),
    row("phyll-drinker-pays", "000", "Some Mix-in effects cause a player to pay Phyll.",
        [drinker(), phyll(CREAM)], drinks("bob"), {"phyll": [CREAM.name]}, {},
        [(stat("bob", "gold"), 8), (stat("phyll", "gold"), 12), (stat("bob", "alcohol"), 2)]),
    row("phyll-pays-himself", "000",
        "If Phyll is instructed to pay himself Gold because he played such a Mix-in on his own "
        "Drink, nothing happens.",
        [phyll(CREAM, drink_me=(WINE,)), seat("bob")], drinks("phyll"),
        {"phyll": [CREAM.name]}, {}, [(stat("phyll", "gold"), 10)]),
    row("phyll-split-mix-in", "000",
        "If a Drink with a Mix-in gets split, the effects added by the Mix-in are split just "
        "like they normally would be.",
        [drinker(SPLIT, drink=DARK), phyll(CREAM), seat("cid")], drinks("bob"),
        {"phyll": [CREAM.name], "bob": ["pass", SPLIT.name], "whom": ["cid"]}, {},
        [(stat("bob", "gold"), 9), (stat("cid", "gold"), 9), (stat("phyll", "gold"), 12),
         (stat("cid", "alcohol"), 2)]),
    row("phyll-split-halves-mixed", "000",
        "Both halves of the Drink count as having a Mix-in already applied, so a new Mix-in "
        "may not be played on either half.",
        [drinker(SPLIT, drink=DARK), phyll(CREAM, SYRUP), seat("cid")], drinks("bob"),
        {"phyll": [CREAM.name], "bob": ["pass", SPLIT.name], "whom": ["cid"]},
        {"mix-ins offered after the first": 0}, [(count("phyll", "kept"), 1)]),
    row("phyll-split-unmixed-halves", "000",
        "If, on the other hand, a Drink without a Mix-in gets split, then Mix-ins could "
        "potentially be played on each of the split halves of the Drink separately.",
        [drinker(SPLIT, drink=DARK), phyll(SYRUP, SYRUP), seat("cid")], drinks("bob"),
        {"bob": [SPLIT.name], "phyll": [SYRUP.name, SYRUP.name], "whom": ["cid"],
         "which-drink": ["1: half of Dark Ale (bob)"]}, {},
        [(stat("bob", "alcohol"), 4), (stat("cid", "alcohol"), 4),
         (count("phyll", "kept"), 0)]),
]


def _mix_ins_offered_after_first(asked: list[Any]) -> int:
    """Response windows offering Phyll a Mix-in after he played his first one."""
    played = False
    offered = 0
    for decision in asked:
        if decision.kind != "respond" or decision.figure != "phyll":
            continue
        mixes = [o for o in decision.options if o in {c.name for c in DECK.cards
                                                      if MIX_IN in c.icons}]
        if played:
            offered += len(mixes)
        played = played or bool(mixes)
    return offered


@pytest.mark.parametrize(("quote", "players", "start", "answers", "asks", "expected"), CASES)
def test_phyll(quote: str, players: list[Player], start: Start, answers: dict[str, list[Any]],
               asks: dict[str, int], expected: list[tuple[Got, object]]) -> None:
    asked: list[Any] = []
    queues = {k: list(v) for k, v in answers.items() if k in ("bob", "phyll")}
    others = {k: v for k, v in answers.items() if k not in queues}

    def answer(decision: Any) -> Any:
        queue = queues.get(str(decision.figure))
        if decision.kind == "respond" and queue:
            return queue.pop(0)
        return "pass" if "pass" in decision.options else decision.options[0]

    tavern = run(start(table(players)), others, answer, asked=asked)
    assert not any(queues.values()), f"scripted answers never asked for: {queues}"
    for got, value in expected:
        assert got(tavern) == value, quote
    for _, value in asks.items():
        assert _mix_ins_offered_after_first(asked) == value, quote


def test_phyll_sample_deck() -> None:
    """40 cards, a sample; Mix-ins that raise, lower and make the drinker pay Phyll."""
    assert DECK.mechanics == "phyll" and DECK.character.endswith("(sample deck)")
    assert len(DECK.cards) == 40 and all(c.name.endswith(" (sample)") for c in DECK.cards)
    mixes = [c for c in DECK.cards if MIX_IN in c.icons]
    assert {c.kind for c in mixes} == {CardKind.SOMETIMES}
    assert any(s.verb is Verb.PAY for c in mixes for s in c.steps)
    assert {s.amount > 0 for c in mixes for s in c.steps if s.verb is Verb.SPIKE} == \
        {True, False}


def test_bots_shelve_and_play_mix_ins() -> None:
    """Bots at a table of Phylls shelve Mix-ins and play them on Drinks."""
    _, log = bot_games("phyll", 3, 2)
    assert any("on his Shelf" in line for line in log)
    assert any(" plays " in line and " on " in line and "syrup" in line for line in log)
