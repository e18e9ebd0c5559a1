"""The Wench (seed 000, "The Wench"): Special Reserve Drinks, as a table of cases quoting the
Compendium. The cards and Drinks are her sample deck's (``decks/characters/wench.toml``)."""

from __future__ import annotations

from typing import Any

import pytest

from tales.evolve import evolve
from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import wench
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.drinks import drink_phase, order_drink
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Drink,
    Player,
    Step,
    Target,
    Tavern,
    Verb,
    Who,
)
from tales.tavern.rdi.rules import CharacterDeck, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import LIGHT, Got, Start, bot_games, fortitude, plays, run, seat, table
from ._seeds import row

DECK = load_character(DECKS / "characters" / "wench.toml")
RESERVE = wench.RESERVE


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


def drink(title: str) -> Drink:
    return next(d for d in DECK.drinks if d.name == title)


FINEST = named("Here, try our finest! (sample)")  # a Special Reserve Drink
LAP = named("Oops, all over your lap (sample)")  # lose 2, discard a Drink, a Special Reserve
FIREWATER = drink("Dwarven firewater, reserve (sample)")  # 3 Alcohol
VIGOR = drink("Elixir of vigor (sample)")  # 1 Alcohol, 2 Fortitude, stays
ROUND = drink("Round on the House! (sample)")
STURDY = Card("Nice helmet, Dimli! Sturdy, too! (test)", CardKind.SOMETIMES,
              (Step(Verb.IGNORE, target=Target.ACTION),))
NOT_NOW = Card("Not tonight (test)", CardKind.SOMETIMES,
               (Step(Verb.IGNORE, target=Target.DRINK),))
WATER = Card("Watered down (test)", CardKind.SOMETIMES, (Step(Verb.SPIKE, -1),))
SHARE = Card("Let's share (test)", CardKind.SOMETIMES, (Step(Verb.SPLIT),))
SELF = Card("A drink for anyone (test)", CardKind.ACTION,
            (Step(Verb.HANDLER, who=Who.ANY, handler=wench.GIVE),))


def reserve(start: Start, deck: tuple[Drink, ...] = (FIREWATER,),
            used: tuple[Drink, ...] = ()) -> Start:
    def go(tavern: Tavern) -> Resolution[Tavern]:
        return start(tavern.with_drink_pile(RESERVE, deck)
                     .with_drink_pile(f"{RESERVE} discard", used))
    return go


def drinker(name: str, *hand: Card, pile: tuple[Drink, ...] = ()) -> Player:
    return evolve(seat(name, *hand), drink_me=pile)


def wench_seat(*hand: Card) -> Player:
    return seat("wench", *hand, mechanics="wench")


def drinking(name: str) -> Start:
    return lambda tavern: drink_phase(tavern, name)


def ordering(name: str) -> Start:
    return lambda tavern: order_drink(tavern, name)


def pile(name: str) -> Got:
    return lambda t: tuple(d.name for d in t.player(name).drink_me)


def in_front(name: str) -> Got:
    return lambda t: tuple(d.name for d in t.player(name).in_front)


def reserve_left(t: Tavern) -> int:
    return len(t.drink_pile(RESERVE))


def reserve_used(t: Tavern) -> tuple[str, ...]:
    return tuple(d.name for d in t.drink_pile(f"{RESERVE} discard"))


CASES = [
    row("wench-gives-reserve", "000",
        "To give a Special Reserve Drink to a player, place the top card of the Special "
        "Reserve Deck face down onto that player’s Drink Me! Pile.",
        [wench_seat(), drinker("bob", pile=(LIGHT,))],
        reserve(plays("wench", FINEST, "bob"), (VIGOR, FIREWATER)), {},
        [(pile("bob"), (LIGHT.name, FIREWATER.name)), (reserve_left, 1)]),
    row("wench-always-on-top", "000",
        "If a regular Drink Card would be placed on a Drink Me! Pile above one or more "
        "Special Reserve Drinks, it is placed below those Special Reserve Drinks instead.",
        [wench_seat(), drinker("bob", pile=(LIGHT, FIREWATER, VIGOR))], ordering("wench"), {},
        [(pile("bob"), (LIGHT.name, LIGHT.name, FIREWATER.name, VIGOR.name))]),
    row("wench-ignored-no-drink", "000",
        "Warthorn loses no Fortitude, discards no cards from his Drink Me! Pile, and does not "
        "get a Special Reserve Drink.",
        [wench_seat(), drinker("warthorn", STURDY, pile=(LIGHT,))],
        reserve(plays("wench", LAP, "warthorn")), {"respond": [STURDY.name]},
        [(fortitude("warthorn"), 20), (pile("warthorn"), (LIGHT.name,)), (reserve_left, 1)]),
    row("wench-lap-not-ignored", "000",
        "The Wench plays “Sorry about the mess. This one is on the house.”, targeting "
        "Warthorn.",
        [wench_seat(), drinker("warthorn", pile=(LIGHT,))],
        reserve(plays("wench", LAP, "warthorn")), {},
        [(fortitude("warthorn"), 18), (pile("warthorn"), (FIREWATER.name,))]),
    row("wench-elixir-stays", "000",
        "Five of the Special Reserve Drinks are Elixirs which have an effect after they are "
        "drunk. These cards stay in front of the player who drinks them.",
        [wench_seat(), drinker("bob", pile=(VIGOR,))], drinking("bob"), {},
        [(in_front("bob"), (VIGOR.name,)), (lambda t: t.player("bob").alcohol, 1),
         (reserve_used, ())]),
    row("wench-elixir-ignored-not-kept", "000",
        "Note that a player may not keep an Elixir if they Negate or Ignore it",
        [wench_seat(), drinker("bob", NOT_NOW, pile=(VIGOR,))], drinking("bob"),
        {"respond": [NOT_NOW.name]},
        [(in_front("bob"), ()), (reserve_used, (VIGOR.name,)),
         (lambda t: t.drink_discard, ())]),
    row("wench-elixir-reduced-kept", "000",
        "but they may keep it if they reduced its Alcohol Content, even if they reduced the "
        "Alcohol Content to 0.",
        [wench_seat(), drinker("bob", WATER, pile=(VIGOR,))], drinking("bob"),
        {"respond": [WATER.name]},
        [(in_front("bob"), (VIGOR.name,)), (lambda t: t.player("bob").alcohol, 0)]),
    row("wench-elixir-first-in-turn-order", "000",
        "If more than one player takes the effects of an Elixir, the first player in turn "
        "order who took effects from the Elixir gets to keep it.",
        [wench_seat(), drinker("bob", SHARE, pile=(VIGOR,)), drinker("ann")], drinking("bob"),
        {"respond": [SHARE.name], "whom": ["ann"]},
        [(in_front("bob"), (VIGOR.name,)), (in_front("ann"), ())]),
    row("wench-reserve-event", "000",
        "The cards in the Special Reserve Deck are Drinks and Drink Events, and function just "
        "like any other cards of those types.",
        [wench_seat(), drinker("bob", pile=(ROUND,))], drinking("bob"), {},
        [(lambda t: t.player("bob").alcohol, 1), (lambda t: t.player("wench").alcohol, 1),
         (reserve_used, (ROUND.name,))]),
    row("wench-reshuffle-no-pay", "000",
        "If the Special Reserve Deck runs out, immediately reshuffle the Special Reserve "
        "discard pile and use that as the new Special Reserve Deck. Players do not need to pay "
        "the Inn when this happens as they do for the regular Drink Deck.",
        [wench_seat(), drinker("bob")], reserve(plays("wench", FINEST, "bob"), (), (VIGOR,)),
        {}, [(pile("bob"), (VIGOR.name,)), (lambda t: t.player("bob").gold, 10),
             (lambda t: t.player("wench").gold, 10), (reserve_used, ())]),
    row("wench-orders-regular", "000",
        "During the Wench’s Order a Drink Phase, she orders a Drink from the regular Drink "
        "Deck as normal.",
        [wench_seat(), drinker("bob")], reserve(ordering("wench")), {},
        [(pile("bob"), (LIGHT.name,)), (reserve_left, 1)]),
    row("wench-not-herself", "000",
        "The Wench may not give herself a Special Reserve Drink",
        [wench_seat(), drinker("bob")], reserve(plays("wench", SELF)), {"target": ["wench"]},
        [(pile("wench"), ()), (reserve_left, 1)]),
    row("wench-only-when-told", "000",
        "Special Reserve Drinks are only given out when a card from The Wench’s deck "
        "specifically says to do so.",
        [wench_seat(), drinker("bob", pile=(FIREWATER,))],
        reserve(drinking("bob"), (VIGOR,)), {},
        [(reserve_left, 1), (reserve_used, (FIREWATER.name,)), (lambda t: t.drink_discard, ())]),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_wench(quote: str, players: list[Player], start: Start,
               answers: dict[str, list[Any]], expected: list[tuple[Got, object]]) -> None:
    tavern = run(start(table(players)), answers)
    for got, value in expected:
        assert got(tavern) == value, quote


NOT_FELT = [
    row("wench-getting-a-drink-not-ignorable", "000",
        "Note, however, that getting a Special Reserve Drink does not affect your Fortitude, "
        "Alcohol Content or Gold, so you generally would only be able to Ignore such a card if "
        "it also affects one of those attributes."),
]


@pytest.mark.parametrize("quote", NOT_FELT)
def test_a_card_that_only_gives_a_drink_is_not_ignored(quote: str) -> None:
    asked: list[Any] = []
    tavern = table([wench_seat(), drinker("bob", STURDY)])
    run(reserve(plays("wench", FINEST, "bob"))(tavern), asked=asked)
    assert not any(d.kind == "respond" and d.figure == "bob" for d in asked), quote


SHUFFLED = [
    row("wench-shuffled-into-the-reserve", "000",
        "If a Special Reserve Drink would get shuffled into the Drink Deck, it gets shuffled "
        "into the Special Reserve Deck instead."),
    row("wench-setup", "000",
        "Shuffle your Special Reserve Deck and place it near the “Special Reserve Deck” space "
        "on your Player Mat."),
]


@pytest.mark.parametrize("quote", SHUFFLED)
def test_the_reserve_is_apart_from_the_drink_deck(quote: str) -> None:
    """Set up with her deck: the Special Reserve Deck lies apart; drunk, its Drinks go to
    their own discards, never the Drink Deck's (which is what is shuffled into it)."""
    def start(tavern: Tavern) -> Resolution[Tavern]:
        other = CharacterDeck("Other", (STURDY,) * 40)
        return set_up(["wench", "bob"], [DECK, other], load_drinks(DECKS / "drinks-sample.toml"))
    tavern = run(start(table([])))
    assert len(tavern.drink_pile(RESERVE)) == 12, quote
    assert not any(d.pile for d in (*tavern.drink_deck, *tavern.drink_discard)), quote


def test_wench_sample_deck() -> None:
    """40 cards and a 12-card Special Reserve Deck of Drinks, a Drink Event and 5 Elixirs."""
    assert DECK.mechanics == "wench" and DECK.character.endswith("(sample deck)")
    assert len(DECK.cards) == 40 and len(DECK.drinks) == 12
    assert all(d.pile == RESERVE for d in DECK.drinks)
    assert sum(d.stays for d in DECK.drinks) == 5 and any(d.event for d in DECK.drinks)
    assert sum(any(s.handler == wench.GIVE for s in c.steps) for c in DECK.cards) == 11


def test_bots_give_special_reserve_drinks() -> None:
    _, log = bot_games("wench", 4, 2)
    assert any(" a Special Reserve Drink" in line for line in log)
    assert any("Elixir" in line and "stays in front of" in line for line in log)


