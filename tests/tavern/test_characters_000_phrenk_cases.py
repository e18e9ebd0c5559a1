"""Brewmaster Phrenk (seed 000): the Potion Deck, his face-up Potion, playing and selling
Potions, as a table of cases quoting the Compendium. The Potions are his sample deck's
(``decks/characters/phrenk.toml``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import phrenk
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Target, Tavern, Verb
from tales.tavern.rdi.rules import CharacterDeck, resolve_losses, set_up, turn
from tales.tavern.rdi.simulate import DECKS
from tales.tavern.rdi.zones import playable

from ._play import Start, bot_games, check_got, fortitude, plays, run, seat, table
from ._seeds import row

DECK = load_character(DECKS / "characters" / "phrenk.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


ACID = named("Acid Spit Potion (sample)")  # Anytime, 1 Gold: a player loses 1
DRAGON = named("Dragon Breath Potion (sample)")  # Action, 2 Gold: a player loses 3
TONIC = named("Sobering Tonic (sample)")  # Anytime, 2 Gold
MISHAP = named("Brewing Mishap (sample)")
DUCK = Card("Duck (test)", CardKind.SOMETIMES, (Step(Verb.IGNORE, target=Target.CARD),))
FILLER = Card("Filler (test)", CardKind.ACTION, (Step(Verb.DRAW, 1),))
DISCARDS = f"{phrenk.POTIONS} discard"


def brewer(potion: Card | None = None, **fields: Any) -> Player:
    player = seat("phrenk", mechanics="phrenk", deck=(FILLER,) * 10)
    return replace(player, kept=(potion,) if potion else (), **fields)


def buyer(*potions: Card, **fields: Any) -> Player:
    return replace(seat("bob", deck=(FILLER,) * 10), kept=potions, **fields)


def deck(*cards: Card, discards: tuple[Card, ...] = ()) -> Callable[[Start], Start]:
    def wrap(start: Start) -> Start:
        def go(tavern: Tavern) -> Resolution[Tavern]:
            return start(tavern.with_pile(phrenk.POTIONS, cards).with_pile(DISCARDS, discards))
        return go
    return wrap


def revealing(tavern: Tavern) -> Resolution[Tavern]:
    return phrenk.reveal(tavern, "phrenk")


def selling(tavern: Tavern) -> Resolution[Tavern]:
    return phrenk.sell(tavern, "phrenk")


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    other = CharacterDeck("Other", (FILLER,) * 40)
    return set_up(["phrenk", "bob"], [DECK, other], load_drinks(DECKS / "drinks-sample.toml"))


def losing(tavern: Tavern) -> Resolution[Tavern]:
    return resolve_losses(tavern)
    yield  # pragma: no cover


def kept(name: str) -> Callable[[Tavern], list[str]]:
    return lambda t: [c.name for c in t.player(name).kept]


def gold(name: str) -> Callable[[Tavern], int]:
    return lambda t: t.player(name).gold


def pile(name: str) -> Callable[[Tavern], int]:
    return lambda t: len(t.pile(name))


def potions_kept(tavern: Tavern) -> int:
    return sum(c.pile == phrenk.POTIONS for c in tavern.player("phrenk").kept)


CASES = [
    row("phrenk-setup-face-up-potion", "000",
        "Reveal the top card of your Potion Deck and place it face up near your Player Mat.",
        [], setting_up, {}, [(lambda t: potions_kept(t) + len(t.pile(DISCARDS)), 1),
                             (pile(phrenk.POTIONS), 13)]),
    row("phrenk-keep-old-or-new", "000",
        "If you still have a Potion face up in front of you from a previous turn, you must "
        "choose whether to keep the old Potion or the newly-revealed one. Discard the other.",
        [brewer(ACID), buyer()], deck(DRAGON)(revealing), {"potion": [DRAGON.name]},
        [(kept("phrenk"), [DRAGON.name]), (pile(DISCARDS), 1)]),
    row("phrenk-keep-the-old", "000",
        "If you still have a Potion face up in front of you from a previous turn, you must "
        "choose whether to keep the old Potion or the newly-revealed one. Discard the other.",
        [brewer(ACID), buyer()], deck(DRAGON)(revealing), {"potion": [ACID.name]},
        [(kept("phrenk"), [ACID.name]), (pile(DISCARDS), 1)]),
    row("phrenk-reveal-at-the-beginning-of-the-turn", "000",
        "At the beginning of your turn, before you discard and draw, reveal the top card of "
        "your Potion Deck.",
        [brewer(), buyer()], deck(DRAGON)(turn), {},
        [(kept("phrenk"), [DRAGON.name])]),
    row("phrenk-brewing-mishap", "000",
        "When you reveal one of these cards, you must immediately discard the Brewing Mishap "
        "and your face-up Potion Card, if you have one.",
        [brewer(ACID), buyer()], deck(MISHAP)(revealing), {},
        [(kept("phrenk"), []), (pile(DISCARDS), 2)]),
    row("phrenk-reshuffle", "000",
        "If your Potion Deck runs out of cards, reshuffle your Potion Deck discard pile and "
        "use that as your new Potion Deck.",
        [brewer(), buyer()], deck(discards=(TONIC,))(revealing), {},
        [(kept("phrenk"), [TONIC.name]), (pile(DISCARDS), 0)]),
    row("phrenk-play-the-potion", "000",
        "When the Potion resolves, follow the instructions on the card, then put the card in "
        "Phrenk's Potion Deck discard pile.",
        [brewer(), buyer()], plays("phrenk", ACID, "bob"), {},
        [(fortitude("bob"), 19), (pile(DISCARDS), 1)]),
    row("phrenk-potion-answered", "000",
        "Whenever a Potion Card is played, it may be responded to just like any other card of "
        "the Potion's type (Action, Sometimes or Anytime).",
        [brewer(), buyer(hand=(DUCK,))], plays("phrenk", ACID, "bob"),
        {"respond": [DUCK.name]}, [(fortitude("bob"), 20), (pile(DISCARDS), 1)]),
    row("phrenk-sell", "000",
        "The purchasing player puts the Potion Card face up in front of them and may play it "
        "as though it were a card in their hand.",
        [brewer(DRAGON), buyer()], selling, {"sell": ["bob"], "buy": [phrenk.BUY]},
        [(kept("bob"), [DRAGON.name]), (kept("phrenk"), []), (gold("bob"), 8),
         (gold("phrenk"), 12)]),
    row("phrenk-buyer-must-agree", "000",
        "You may not force a player to buy a Potion, nor may another player force you to "
        "sell one.",
        [brewer(DRAGON), buyer()], selling, {"sell": ["bob"], "buy": [phrenk.DECLINE]},
        [(kept("bob"), []), (kept("phrenk"), [DRAGON.name]), (gold("bob"), 10)]),
    row("phrenk-price-not-negotiable", "000",
        "The Potion's price is non-negotiable.",
        [brewer(DRAGON), buyer(gold=1)], selling, {}, [(kept("phrenk"), [DRAGON.name])]),
    row("phrenk-no-sale-to-a-teammate", "002",
        "Phrenk may not sell his Potion Cards to a teammate, but he may sell them to opponents "
        "as normal.",
        [brewer(DRAGON, team="red"), buyer(team="red")], selling, {},
        [(kept("bob"), []), (kept("phrenk"), [DRAGON.name]), (gold("bob"), 10)]),
    row("phrenk-sale-to-an-opponent", "002",
        "Phrenk may not sell his Potion Cards to a teammate, but he may sell them to opponents "
        "as normal.",
        [brewer(DRAGON, team="red"), buyer(team="blue")], selling,
        {"sell": ["bob"], "buy": [phrenk.BUY]}, [(kept("bob"), [DRAGON.name])]),
    row("phrenk-buyers-keep-several", "000",
        "Players who have purchased Potions may keep multiple Potions in front of them.",
        [brewer(DRAGON), buyer(ACID)], selling, {"sell": ["bob"], "buy": [phrenk.BUY]},
        [(kept("bob"), [ACID.name, DRAGON.name])]),
    row("phrenk-potions-stay-when-he-loses", "000",
        "If Phrenk loses the game or if he reshuffles his Potion Deck due to running out of "
        "cards, all purchased Potions stay where they are and can be used later.",
        [brewer(alcohol=20), buyer(ACID), seat("cid")], losing, {},
        [(kept("bob"), [ACID.name]), (lambda t: t.player("phrenk").out, True)]),
    row("phrenk-bought-potion-played", "000",
        "It is played and resolved as an Anytime Card, then placed in Phrenk's Potion Deck "
        "discard pile.",
        [brewer(), buyer(ACID)], plays("bob", ACID, "phrenk"), {},
        [(fortitude("phrenk"), 19), (pile(DISCARDS), 1)]),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_phrenk(quote: str, players: list[Player], start: Start, answers: dict[str, list[Any]],
                expected: list[tuple[Callable[[Tavern], object], object]]) -> None:
    check_got(quote, players, start, answers, expected)


IN_FRONT = [
    row("phrenk-potion-as-though-in-hand", "000",
        "You may play the Potion in front of you as though it were a card in your hand."),
]


@pytest.mark.parametrize("quote", IN_FRONT)
def test_the_potion_in_front_is_playable(quote: str) -> None:
    tavern = table([brewer(ACID), buyer(DRAGON)])
    assert [c.name for c in playable(tavern, "phrenk")] == [ACID.name], quote
    assert [c.name for c in playable(tavern, "bob")] == [DRAGON.name], quote


REVEAL_FIRST = [
    row("phrenk-choose-before-anything", "000",
        "Remember, once you have revealed your new Potion at the beginning of your turn, you "
        "may not use or sell either Potion until you discard either the new Potion or the old "
        "one."),
]


@pytest.mark.parametrize("quote", REVEAL_FIRST)
def test_the_reveal_is_settled_first(quote: str) -> None:
    asked: list[Any] = []
    tavern = table([brewer(ACID), buyer()]).with_pile(phrenk.POTIONS, (DRAGON,))
    run(turn(tavern), asked=asked)
    kinds = [d.kind for d in asked]
    assert kinds.index("potion") < kinds.index("sell"), quote
    assert "anytime" not in kinds[:kinds.index("potion")], quote


def test_phrenk_sample_deck() -> None:
    """40 Character Cards and a 14-card Potion Deck (two Brewing Mishaps), each Potion
    priced; a sample."""
    assert DECK.mechanics == "phrenk" and DECK.character.endswith("(sample deck)")
    own = [c for c in DECK.cards if not c.pile]
    potions = [c for c in DECK.cards if c.pile == phrenk.POTIONS]
    assert len(own) == 40 and len(potions) == 14
    assert sum(phrenk.MISHAP in c.icons for c in potions) == 2
    assert all(c.price > 0 for c in potions if phrenk.MISHAP not in c.icons)
    assert {c.kind for c in potions} == {CardKind.ACTION, CardKind.SOMETIMES, CardKind.ANYTIME}


def test_bots_sell_buy_and_play_potions() -> None:
    """Bots at a table of Phrenks and others reveal, sell, buy and play Potions."""
    _, log = bot_games("phrenk", 3, 3)
    assert any(" reveals " in line and "Potion" in line for line in log)
    assert any(" plays " in line and "Potion (sample)" in line for line in log)
