"""The Pub Crawl Variant (seed 001, "Pub Crawl") as a table of cases, one row per ruling,
each quoting its passage; its examples as scripted rows. The taverns, their Events and
Drinks are test fixtures."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from tales.rules.decisions import Decision, Resolution
from tales.tavern.rdi import pubcrawl
from tales.tavern.rdi.decks import load_pub_crawl
from tales.tavern.rdi.drinks import drink_phase, order_drink
from tales.tavern.rdi.model import (
    Drink,
    Event,
    EventKind,
    Mode,
    Player,
    Pub,
    Step,
    Tavern,
    Variant,
    Verb,
)
from tales.tavern.rdi.rules import settle, turn
from tales.tavern.rdi.simulate import SAMPLE_PUB_CRAWL

from ._play import run, table
from ._seeds import row
from .test_base_rules_cases import (
    CONTEST,
    DODGE_EVENT,
    LIGHT,
    ROUND,
    SLEIGHT,
    WINE,
    look,
    seat,
)

HOME = "The Red Dragon Inn"
FLAGON, ALES, DEN = "The Howling Flagon (test)", "Abyssal Ales (test)", "Dice Den (test)"
CHEER = Event("Cheers (test)", EventKind.TAVERN, steps=(Step(Verb.FORTITUDE, -1),))
QUIET = Event("Quiet night (test)", EventKind.TAVERN, steps=(Step(Verb.ALCOHOL, -1),))


def local(name: str, pub: str, alcohol: int = 1, chaser: bool = False) -> Drink:
    return Drink(name, alcohol, chaser=chaser, tavern=pub)


GROG = local("Grog (test)", FLAGON, 2)
ABYSS = local("Abyss ale (test)", ALES, 3)
LIGHT_CHASER = Drink("Light Ale with a Chaser", 1, chaser=True)
PUBS = (Pub(HOME, QUIET), Pub(FLAGON, CHEER, (GROG,) * 6), Pub(ALES, CHEER, (ABYSS,) * 6),
        Pub(DEN, CHEER, (local("Dice ale (test)", DEN),) * 6))
CRAWL = Variant(pubs=PUBS)
FULL = ((FLAGON, (GROG,) * 3, ()), (ALES, (ABYSS,) * 3, ()), (DEN, (ABYSS,) * 3, ()))


@dataclass(frozen=True)
class Case:
    players: tuple[Player, ...]
    start: Callable[[Tavern], Resolution[Tavern]]
    answers: Mapping[str, list[Any]] = field(default_factory=dict)
    party: str = FLAGON
    decks: tuple[tuple[str, tuple[Drink, ...], tuple[Drink, ...]], ...] = FULL
    deck: tuple[Drink, ...] = (LIGHT,) * 10
    mode: Mode = Mode.INDIVIDUAL


def readout(key: str, tavern: Tavern, asked: list[Decision[Any]]) -> Any:
    """``party``, ``left:<tavern>`` and ``used:<tavern>`` (its Drink Deck and discards);
    anything else as the base table reads it."""
    what, _, arg = key.partition(":")
    if what == "party":
        return tavern.party
    decks = {name: (deck, used) for name, deck, used in tavern.pub_decks}
    if what == "left":
        return len(decks[arg][0])
    if what == "used":
        return tuple(d.name for d in decks[arg][1])
    return look(key, tavern, asked)


def check(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    tavern = replace(table(list(case.players), deck=case.deck,
                           variant=replace(CRAWL, mode=case.mode)),
                     party=case.party, pub_decks=case.decks)
    asked: list[Decision[Any]] = []
    final = run(case.start(tavern), {k: list(v) for k, v in case.answers.items()},
                asked=asked)
    assert {k: readout(k, final, asked) for k in expected} == dict(expected), quote


def drinks_then_settles(name: str) -> Callable[[Tavern], Resolution[Tavern]]:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        tavern = yield from drink_phase(tavern, name)
        return (yield from settle(tavern))
    return start


def orders(name: str, times: int = 1) -> Callable[[Tavern], Resolution[Tavern]]:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        for _ in range(times):
            tavern = yield from order_drink(tavern, name)
        return tavern
    return start


CLOSED = ((FLAGON, (), (GROG,)), (ALES, (ABYSS,), ()), (DEN, (), ()))
ALL_CLOSED = ((FLAGON, (), ()), (ALES, (), ()), (DEN, (), ()))

CASES = [
    row("B04-a-chaser-makes-you-crawl", "001",
        "Whenever a player reveals a Drink that includes one or more Chasers, that player "
        "must Crawl.",
        Case((seat("ann", drink_me=(WINE, LIGHT_CHASER)), seat("bob")),
             drinks_then_settles("ann"), {"crawl": [ALES]}),
        {"party": ALES, "alcohol": [3, 0], "fortitude": [19, 19],
         "options:crawl": (ALES, DEN), "figures:crawl": ["ann"]}),
    row("B04-crawl-even-when-ignored", "001",
        "Revealing a Drink with a Chaser causes the party to Crawl whether that Drink "
        "resolves normally or was Negated, Ignored, passed to someone else, modified, left "
        "in front of a player after resolution, etc.",
        Case((seat("ann", hand=(SLEIGHT,), drink_me=(WINE, LIGHT_CHASER)), seat("bob")),
             drinks_then_settles("ann"), {"respond": [SLEIGHT.name], "crawl": [DEN]}),
        {"party": DEN, "alcohol": [0, 0]}),
    row("B04-an-empty-chaser-crawls-too", "001",
        "Revealing a Drink with an \"empty Chaser\", like Wine with a Chaser of Round on the "
        "House, or Light Ale with a Chaser of nothing because you have no cards left in your "
        "Drink Me! Pile, still causes the party to Crawl.",
        Case((seat("ann", drink_me=(LIGHT_CHASER,)), seat("bob")), drinks_then_settles("ann"),
             {"crawl": [ALES]}),
        {"party": ALES, "alcohol": [1, 0]}),
    row("B04-not-to-a-closed-tavern-nor-home", "001",
        "You may not Crawl to a Closed Tavern (one that is out of Drinks - see below). You may "
        "not return to the Red Dragon Inn until all other taverns are Closed.",
        Case((seat("ann", drink_me=(LIGHT_CHASER,)), seat("bob")), drinks_then_settles("ann"),
             party=DEN, decks=((FLAGON, (), ()), (ALES, (ABYSS,), ()), (DEN, (GROG,), ()))),
        {"party": ALES}),
    row("B04-no-way-to-crawl", "001",
        "If these rules make it impossible to Crawl, the party stays where it is.",
        Case((seat("ann", drink_me=(LIGHT_CHASER,)), seat("bob")), drinks_then_settles("ann"),
             party=ALES, decks=CLOSED),
        {"party": ALES, "count:crawl": 0, "said:the party cannot Crawl": True}),
    row("B04-home-when-all-are-closed", "001",
        "You may not return to the Red Dragon Inn until all other taverns are Closed.",
        Case((seat("ann", drink_me=(LIGHT_CHASER,)), seat("bob")), drinks_then_settles("ann"),
             party=DEN, decks=ALL_CLOSED),
        {"party": HOME, "alcohol": [0, 0]}),
    row("B04-home-for-good", "001",
        "Once you return to the Red Dragon Inn, there is no more Crawling - you simply stay "
        "there for the rest of the game, because you've literally closed down every other "
        "tavern in town.",
        Case((seat("ann", drink_me=(LIGHT_CHASER,)), seat("bob")), drinks_then_settles("ann"),
             party=HOME, decks=ALL_CLOSED),
        {"party": HOME, "said:Tavern Event": False}),
    row("B04-the-tavern-event-on-arrival", "001",
        "Whenever the Party Pawn moves to a new tavern, resolve that tavern's Event.",
        Case((seat("ann", drink_me=(LIGHT_CHASER,)), seat("bob")), drinks_then_settles("ann"),
             {"crawl": [DEN]}),
        {"fortitude": [19, 19], "said:the Tavern Event of Dice Den (test): Cheers (test)": True}),
    row("B04-tavern-events-are-events", "001",
        "They may be Ignored or otherwise affected as Events.",
        Case((seat("ann", drink_me=(LIGHT_CHASER,)), seat("bob", hand=(DODGE_EVENT,))),
             drinks_then_settles("ann"), {"crawl": [DEN], "respond": [DODGE_EVENT.name]}),
        {"fortitude": [19, 20]}),
    row("B04-order-from-the-party's-tavern", "001",
        "Whenever a player must Order a Drink, they take it from the Drink Deck corresponding "
        "to the tavern where the Party Pawn currently is.",
        Case((seat("ann"), seat("bob")), orders("ann")),
        {"left:The Howling Flagon (test)": 2, "deck": 10, "drink_me": [0, 1]}),
    row("B04-the-last-drink-closes-the-tavern", "001",
        "After ordering the last Drink from a tavern, it Closes. Put the Tavern Card back in "
        "the box, then the player who ordered the last Drink from that tavern must Crawl.",
        Case((seat("ann"), seat("bob")), orders("ann"), {"crawl": [DEN]},
             decks=((FLAGON, (GROG,), ()), (ALES, (ABYSS,), ()), (DEN, (GROG,), ()))),
        {"party": DEN, "figures:crawl": ["ann"], "options:crawl": (ALES, DEN)}),
    row("B04-close-crawl-then-order-on", "001",
        "If a tavern would Close while a player still has more Drinks to Order, the player "
        "Orders as many as they can from the current tavern, then Closes the current tavern, "
        "then Crawls (causing the new tavern's Event to happen), then continues Ordering "
        "Drinks.",
        Case((seat("ann"), seat("bob")), orders("ann", 2), {"crawl": [ALES]},
             decks=((FLAGON, (GROG,), ()), (ALES, (ABYSS,) * 2, ()), (DEN, (GROG,), ()))),
        {"left:Abyssal Ales (test)": 1, "fortitude": [19, 19], "drink_me": [0, 2]}),
    row("B04-each-tavern-its-discards", "001",
        "Each tavern has its own Drink discard pile. Keep each tavern separate.",
        Case((seat("ann", drink_me=(GROG,)), seat("bob")), drinks_then_settles("ann")),
        {"used:The Howling Flagon (test)": (GROG.name,), "drink_discard": (),
         "alcohol": [2, 0]}),
    row("B04-example-the-contest-uses-the-drink-deck", "001",
        "Eisinder reveals a Drinking Contest as her Drink for the turn. Each player reveals a "
        "Drink from the RDI Drink Deck as normal.",
        Case((seat("eisinder", drink_me=(CONTEST,)), seat("karl")), drinks_then_settles(
            "eisinder"), deck=(LIGHT,) * 5 + (LIGHT, WINE)),
        {"deck": 5, "left:The Howling Flagon (test)": 3, "gold": [11, 9]}),
    row("B04-several-crawls-in-turn-order", "001",
        "Then, in turn order starting with the active player, any player who revealed one or "
        "more Chasers during the process must Crawl.",
        Case((seat("ann", drink_me=(CONTEST,)), seat("bob"), seat("cid")),
             drinks_then_settles("ann"), {"crawl": [ALES, FLAGON, DEN]},
             deck=(LIGHT,) * 5 + (LIGHT, LIGHT_CHASER, WINE, LIGHT_CHASER, LIGHT,
                                  LIGHT_CHASER)),
        {"figures:crawl": ["ann", "bob", "cid"], "party": DEN}),
    row("B04-only-the-revealer-crawls", "001",
        "If multiple players take effects from a single Drink with a Chaser, or if multiple "
        "players get a copy of a Drink with a Chaser (from Round on the House, for example), "
        "then only the player who revealed the Drink Crawls.",
        Case((seat("ann", drink_me=(ROUND,)), seat("bob"), seat("cid")),
             drinks_then_settles("ann"), {"crawl": [DEN]},
             deck=(LIGHT,) * 5 + (WINE, LIGHT_CHASER)),
        {"figures:crawl": ["ann"], "alcohol": [3, 3, 3]}),
    row("B04-teams-choose-champions-for-tavern-events", "001",
        "Since the effects resulting from Crawling are Events, each team will choose a "
        "Champion. The Crawling player does not necessarily need to be chosen as their team's "
        "Champion.",
        Case((seat("ann", team="red", drink_me=(LIGHT_CHASER,)), seat("bob", team="red"),
              seat("cid", team="blue"), seat("dee", team="blue")), drinks_then_settles("ann"),
             {"crawl": [DEN], "champion": ["bob", "dee"]}, mode=Mode.TWO_HEADED_DRAGON),
        {"figures:champion": ["ann", "cid"], "fortitude": [19, 20, 19, 20]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), CASES)
def test_pub_crawl(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


SETUP = [row("B04-setup", "001",
             "Shuffle the other five 6-card Tavern Drink Decks separately and put each one next "
             "to its Tavern Card. Put the Party Pawn on the Red Dragon Inn Tavern Card.")]


@pytest.mark.parametrize("quote", SETUP)
def test_the_party_starts_at_the_red_dragon_inn(quote: str) -> None:
    pubs = load_pub_crawl(SAMPLE_PUB_CRAWL)
    tavern = run(pubcrawl.set_up(Tavern((), (), variant=Variant(pubs=pubs))))
    assert tavern.party == pubs[0].name == HOME, quote
    assert [len(deck) for _, deck, _ in tavern.pub_decks] == [6] * 5
    assert all(d.tavern == pub.name for pub in pubs[1:] for d in pub.drinks)
    assert any(d.chaser for pub in pubs[1:] for d in pub.drinks)
    assert {p.event.affects for p in pubs} >= {"all", "heroes"}
    assert any(p.event.options for p in pubs) and any(p.event.as_action for p in pubs)


def test_a_whole_turn_crawls_after_the_drink() -> None:
    tavern = replace(table([seat("ann", drink_me=(LIGHT_CHASER,)), seat("bob")],
                           variant=CRAWL), party=FLAGON, pub_decks=FULL)
    final = run(turn(tavern), {"crawl": [ALES]})
    drank = next(i for i, line in enumerate(final.log) if line.startswith("ann drinks"))
    crawled = next(i for i, line in enumerate(final.log) if "Crawls" in line)
    assert drank < crawled and final.party == ALES
