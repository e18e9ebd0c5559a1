"""Card language added for issue 22, as a table of cases quoting the passages whose cards
need it: taking Gold from the pot and ending a Round with its pot to the Inn (by players
outside the Round too), Anytime cards during a Round, a Drink gained as Fortitude instead
of Alcohol Content, and drinking again from a Drink Me! pile (queued Drinks). The cards
are test fixtures with the rulebooks' titles."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest

from tales.tavern.rdi.model import Card, CardKind, Mode, Step, Variant, Verb, Who
from tales.tavern.rdi.zones import PRIZES

from ._seeds import row
from .test_addon_cases import BELT, TANKARD
from .test_addon_cases import Case as AddonCase
from .test_addon_cases import check as addon_check
from .test_base_rules_cases import (
    DARK,
    DRAGON,
    IM_IN,
    LIGHT,
    RAISE,
    WINE,
    Case,
    acts,
    check,
    drinks,
    gambling,
    seat,
)

GRAB = Card("Grab a coin while no one's lookin'! (test)", CardKind.SOMETIMES,
            (Step(Verb.STEAL_POT, 1),))
TIP = Card("Oh, I guess the Wench thought that was her tip... (test)", CardKind.SOMETIMES,
           (Step(Verb.POT_TO_INN),))
GRAB_ALL = Card("Grab the lot (test)", CardKind.SOMETIMES, (Step(Verb.STEAL_POT, 9),))
SAME_HAND = Card("What a coincidence, I happen to have the same hand! (test)",
                 CardKind.SOMETIMES, (Step(Verb.SHARE_POT),))
SECOND_WIND = Card("Second wind (test)", CardKind.ANYTIME, (Step(Verb.FORTITUDE, 3),))
DIVING_SUIT = Card("Diving suit (test)", CardKind.SOMETIMES, (Step(Verb.LEAVE),))
COURAGE = Card("Nothing like a little belt of liquid courage! (test)", CardKind.SOMETIMES,
               (Step(Verb.SWAP),))
GOG = Card("Gog say you drink MORE! (test)", CardKind.ACTION,
           (Step(Verb.DRINK_AGAIN, 1, Who.TARGET),))

TEAMS = Variant(Mode.TWO_HEADED_DRAGON)


def team(*names: str, **hands: tuple[Card, ...]) -> tuple[Any, ...]:
    colours = ("red", "red", "blue", "blue")
    return tuple(seat(n, 10 if i % 2 == 0 else 0, team=colours[i], hand=hands.get(n, ()))
                 for i, n in enumerate(names))


CASES = [
    row("L-steal-a-gold-from-the-pot", "001",
        "Later in the Round, his teammate Gerki (from RDI 1) plays \"Grab a coin while no "
        "one's lookin'!\" to steal a Gold from the pot. This is a legal play, even though "
        "Gerki is not participating in the Round of Gambling.",
        replace(gambling(team("alaric", "gerki", "karl", "dee", alaric=(IM_IN,),
                              gerki=(GRAB,)), "alaric", [], anytime=[GRAB.name],
                         champion=["karl"]), variant=TEAMS),
        {"gold": [11, 0, 9, 0], "pot": 0, "said:gerki takes 1 Gold from the pot": True}),
    row("L-the-pot-to-the-inn", "001",
        "Later in the Round, his teammate Gerki plays \"Oh, I guess the Wench thought that "
        "was her tip...\" to end the Round and cause all of the anted Gold to go to the Inn.",
        replace(gambling(team("alaric", "gerki", "karl", "dee", alaric=(IM_IN,),
                              gerki=(TIP,), karl=(IM_IN,)), "alaric", [],
                         anytime=[TIP.name], champion=["karl"]), variant=TEAMS),
        {"gold": [9, 0, 9, 0], "pot": 0, "inn": 52, "gamblers": []}),
    row("L-anytime-cards-during-a-round", "001",
        "If you leave a Round of Gambling, you cannot play Gambling or Cheating Cards for the "
        "rest of that Round, but you may still play Sometimes or Anytime Cards.",
        gambling((seat("ann", hand=(IM_IN,)), seat("bob", fortitude=15,
                                                   hand=(DIVING_SUIT, SECOND_WIND)),
                  seat("cid", hand=(IM_IN,))), "ann", [IM_IN.name],
                 leave=[DIVING_SUIT.name], anytime=[SECOND_WIND.name]),
        {"fortitude": [20, 18, 20], "gold": [9, 10, 11]}),
    row("L-leave-instead-of-anteing", "000",
        "During the Round, Fiona plays \"I raise!\". In response, Pooky plays \"Not now, Zot "
        "needs Pooky\" to avoid having to ante.",
        gambling((seat("fiona", hand=(IM_IN, RAISE)), seat("pooky", hand=(DIVING_SUIT,)),
                  seat("cid", hand=(IM_IN,))), "fiona", ["pass", IM_IN.name, RAISE.name],
                 leave=["pass", DIVING_SUIT.name]),
        {"gold": [13, 9, 8], "said:pooky leaves the Round of Gambling": True}),
    row("L-gain-fortitude-instead-of-alcohol", "001",
        "Fiona plays \"Nothing like a little belt of liquid courage!\" on it, so the team "
        "gains 4 Fortitude instead of 4 Alcohol Content.",
        Case((seat("deirdre", team="red", fortitude=12, drink_me=(DRAGON,)),
              seat("fiona", 0, team="red", hand=(COURAGE,)), seat("karl", team="blue"),
              seat("dee", 0, team="blue")), drinks("deirdre"), {"respond": [COURAGE.name]},
             variant=TEAMS),
        {"alcohol": [0, 0, 0, 0], "fortitude": [16, 20, 20, 20]}),
    row("L-drink-again", "001",
        "Gog (from RDI 2) plays \"Gog say you drink MORE!\" to make Karl drink again during "
        "his team's Drink Phase. Only Karl drinks again. His teammates do not.",
        Case((seat("gog", team="g", hand=(GOG,)), seat("zot", 0, team="g"),
              seat("karl", team="k", drink_me=(LIGHT, WINE)),
              seat("fiona", 0, team="k", drink_me=(DARK,))), acts("gog"),
             {"target": ["karl"]}, variant=TEAMS),
        {"alcohol": [0, 0, 2, 0], "drink_me": [0, 0, 1, 1]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), CASES)
def test_card_language(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


PRIZE_STEAL = [
    row("L-stealing-gold-wins-no-prize", "001",
        "Stealing Gold from the pot does not cause you to win the Prize, even if you happen "
        "to steal the last Gold from the pot.",
        AddonCase((seat("ann", hand=(IM_IN,)), seat("bob", hand=(GRAB_ALL,))),
                  acts("ann"), {"action": [IM_IN.name], "prize": [BELT.name],
                                "anytime": [GRAB_ALL.name]},
                  Variant(prizes=(TANKARD, BELT)), ((PRIZES, (TANKARD, BELT)),)),
        {"kept": [(BELT.name,), ()], "gold": [9, 11], "pot": 0}),
    row("L-half-the-pot-the-winner-gives-the-prize", "001",
        "If Captain Whitehawk takes half the pot with \"What a coincidence, I happen to have "
        "the same hand!\", the original winner chooses whether to give the Prize to Captain "
        "Whitehawk or to keep it for themselves.",
        AddonCase((seat("ann", hand=(IM_IN,)), seat("whitehawk", hand=(SAME_HAND,)),
                   seat("cid")), acts("ann"),
                  {"action": [IM_IN.name], "prize": [BELT.name], "respond": [SAME_HAND.name],
                   "prize-share": ["give it to whitehawk"]},
                  Variant(prizes=(TANKARD, BELT)), ((PRIZES, (TANKARD, BELT)),)),
        {"kept": [(), (BELT.name,), ()], "gold": [11, 10, 9], "pot": 0,
         "figures:prize-share": ["ann"]}),
    row("L-half-the-pot-the-winner-keeps-the-prize", "001",
        "the original winner chooses whether to give the Prize to Captain Whitehawk or to "
        "keep it for themselves.",
        AddonCase((seat("ann", hand=(IM_IN,)), seat("whitehawk", hand=(SAME_HAND,)),
                   seat("cid")), acts("ann"),
                  {"action": [IM_IN.name], "prize": [BELT.name], "respond": [SAME_HAND.name],
                   "prize-share": ["keep Trophy belt (test)"]},
                  Variant(prizes=(TANKARD, BELT)), ((PRIZES, (TANKARD, BELT)),)),
        {"kept": [(BELT.name,), (), ()], "gold": [11, 10, 9]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), PRIZE_STEAL)
def test_stealing_from_a_pot_with_a_prize(quote: str, case: AddonCase,
                                          expected: Mapping[str, Any]) -> None:
    addon_check(quote, case, expected)
