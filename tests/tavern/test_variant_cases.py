"""The variants of The Red Dragon Inn (the checklist's section B) as case tables against the
engine as it is: the Bar Deck (B-01), the rules of every team variant (B-05), Two-Headed
Dragon (B-06) and Boss Battle (B-07). One row per ruling, each quoting seed 001 (the RDI 10
rulebook). The tables and the way a row is checked are those of
``test_base_rules_cases.py`` (:class:`Case`, :func:`look`).

Teams are written as players sharing a ``team``; the team's first player is its *mat* (it
holds the team's Fortitude, Alcohol Content, Gold and Potion Tokens), the others start with
no Gold, as :func:`tales.tavern.rdi.rules.set_up` deals them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest

from tales.tavern.rdi.drinks import order_drink
from tales.tavern.rdi.effects import POTION, anytime
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Drink,
    Mode,
    Player,
    Step,
    Target,
    Tavern,
    Variant,
    Verb,
    Who,
)
from tales.tavern.rdi.rules import CharacterDeck, set_up, turn

from ._play import run
from ._seeds import row
from .test_base_rules_cases import (
    CURSED_TOME,
    DARKNESS,
    DRAGON,
    EVERYONE,
    HAYMAKER,
    HEAL,
    I_DONT,
    IM_IN,
    LIGHT,
    PASS_IT,
    PROTECT,
    ROUND,
    SLEIGHT,
    SPINE,
    TAKE_BACK,
    TRY_THIS,
    WINE,
    Case,
    Start,
    acts,
    check,
    drinks,
    play_actions,
    seat,
    stock,
)

BUMPED = Card("You bumped into me!", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
CLASSICS = Card("Can't beat the classics!", CardKind.ACTION,
                (Step(Verb.FORTITUDE, -3, Who.TARGET),))
FINISH_A_BOOK = Card("Well, that's one way to finish a book", CardKind.SOMETIMES,
                     (Step(Verb.IGNORE, target=Target.ACTION),))
TWO_HEADED = Variant(Mode.TWO_HEADED_DRAGON)
BOSS_BATTLE = Variant(Mode.BOSS_BATTLE)


def mate(name: str, team: str, **fields: Any) -> Player:
    """A teammate who is not the team's mat: no Gold of their own."""
    return seat(name, 0, team=team, **fields)


def mat(name: str, team: str, **fields: Any) -> Player:
    return seat(name, team=team, **fields)


def pairs(*hands: tuple[Card, ...], **fields: Any) -> tuple[Player, ...]:
    """ann and bob (team "red", ann its mat) against cid and dee (team "blue")."""
    names = ("ann", "bob", "cid", "dee")
    teams = ("red", "red", "blue", "blue")
    return tuple((mat if n in ("ann", "cid") else mate)(n, t, hand=h, **fields.get(n, {}))
                 for n, t, h in zip(names, teams, hands, strict=True))


def setting(count: int, variant: Variant, decks: list[CharacterDeck] | None = None,
            drinks_in: tuple[Drink, ...] = (LIGHT,) * 30) -> Start:
    """``rules.set_up`` of ``count`` players (p0, p1, ...): the Case's own table unused."""
    names = [f"p{n}" for n in range(count)]
    chosen = decks or [HERO] * count
    return lambda _: set_up(names, chosen, drinks_in, variant=variant)


def after_setup(count: int, variant: Variant, then: Start, turn_number: int = 1) -> Start:
    """Set up, then ``then`` on the table (from turn ``turn_number``)."""
    names = [f"p{n}" for n in range(count)]
    decks = [VILLAIN, *[HERO] * (count - 1)] if variant.mode is Mode.BOSS_BATTLE else \
        [HERO] * count

    def both(_: Tavern) -> Any:
        tavern = yield from set_up(names, decks, (LIGHT,) * 30, variant=variant)
        return (yield from then(replace(tavern, turn=turn_number)))
    return both


HERO = CharacterDeck("hero (test)", stock(14, HAYMAKER))
BOSS_CARD = Card("Dragon-headed (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -1, Who.TARGET),),
                 boss=True)
VILLAIN = CharacterDeck("villain (test)", (*stock(14, HAYMAKER), BOSS_CARD, BOSS_CARD),
                        villain=True)


# --- B-01 the Bar Deck -----------------------------------------------------------------------

BAR_DECK = [
    row("B01-thirty-from-the-bar", "001",
        "Count out 30 cards from the Bar Deck face down and use those cards as your Drink Deck "
        "at the start of the game.",
        Case((), setting(3, Variant(bar_deck=True), drinks_in=(LIGHT,) * 45)),
        {"deck": 27, "bar": 15, "drink_me": [1, 1, 1]}),
    row("B01-the-next-thirty", "001",
        "When the Drink Deck runs out, each player pays 1 Gold to the Inn, as normal. Then, "
        "take the next 30 cards from the Bar Deck and use them as your replacement Drink Deck.",
        Case((seat("ann"), seat("bob"), seat("cid")), lambda t: order_drink(t, "ann"),
             {"order": ["bob"]}, deck=(DRAGON,), discard=(LIGHT,) * 5,
             variant=Variant(bar_deck=True), bar=(WINE,) * 40),
        {"deck": 30, "bar": 10, "drink_discard": ("Light Ale",) * 5, "gold": [9, 9, 9],
         "inn": 53, "drink_me": [0, 1, 0]}),
    row("B01-a-new-bar-deck-from-the-discards", "001",
        "If the Bar Deck runs out during this process, shuffle all of the discarded Drink "
        "Cards and use that as your new Bar Deck.",
        Case((seat("ann"), seat("bob")), lambda t: order_drink(t, "ann"),
             deck=(DRAGON,), discard=(LIGHT,) * 25, variant=Variant(bar_deck=True),
             bar=(WINE,) * 10),
        {"deck": 30, "bar": 5, "drink_discard": (), "gold": [9, 9]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), BAR_DECK)
def test_bar_deck(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


def test_the_new_drink_deck_ends_the_old_bar_then_starts_the_new_one() -> None:
    """B01-a-new-bar-deck-from-the-discards, in detail: the 10 Wines left in the Bar Deck
    come first, then 20 of the shuffled discards."""
    tavern = Tavern((seat("ann"), seat("bob")), (DRAGON,), drink_discard=(LIGHT,) * 25,
                    inn=50, variant=Variant(bar_deck=True), bar=(WINE,) * 10)
    after = run(order_drink(tavern, "ann"))
    assert after.player("bob").drink_me == (DRAGON,)
    assert after.drink_deck[-10:] == (WINE,) * 10 and after.drink_deck[:20] == (LIGHT,) * 20
    assert after.bar == (LIGHT,) * 5


# --- B-05 every team variant ------------------------------------------------------------------

TEAMS = [
    row("B05-shared-stats", "001",
        "When any player on a team gains or loses Fortitude, Alcohol Content or Gold, the "
        "team's shared stats are affected.",
        Case(pairs((), (), (HAYMAKER,), ()), acts("cid"), {"target": ["bob"]}),
        {"fortitude": [18, 20, 20, 20]}),
    row("B05-team-starts-with-10-gold", "001",
        "Each team starts the game with 20 Fortitude, 0 Alcohol Content and 10 Gold.",
        Case((), setting(4, TWO_HEADED)),
        {"gold": [10, 0, 10, 0], "fortitude": [20] * 4, "alcohol": [0] * 4, "inn": 180}),
    row("B05-potion-token-any-time", "001",
        "A team may discard a Potion Token at any time to choose one of the following effects: "
        "gain 6 Fortitude OR lose 6 Alcohol Content OR gain 3 Gold from the Inn.",
        Case(pairs((), (), (), (), ann={"tokens": ((POTION, 2),)}),
             lambda t: anytime(t, "ann", potions_now=True),
             {"anytime": ["pass", "Potion Token: gain 3 Gold from the Inn"]}),
        {"figures:anytime": ["ann", "bob", "bob"], "gold": [13, 0, 10, 0],
         "inn": 47, "tokens": [{POTION: 1}, {}, {}, {}]}),
    row("B05-potions-cannot-be-answered", "001",
        "These effects may not be Negated, Ignored or affected in any way.",
        Case(pairs((), (), (TAKE_BACK, I_DONT), (), ann={"tokens": ((POTION, 1),),
                                                         "alcohol": 9}),
             lambda t: anytime(t, "ann", potions_now=True),
             {"anytime": ["Potion Token: lose 6 Alcohol Content"]}),
        {"responders": [], "alcohol": [3, 0, 0, 0], "tokens": [{}, {}, {}, {}]}),
    row("B05-shared-defense", "001",
        "Oozwald's teammate Karl plays \"Well, that's one way to finish a book\" to help him "
        "Ignore Alaric's card. The team loses no Fortitude.",
        Case((mat("alaric", "a", hand=(CLASSICS,)), mate("eisinder", "a"),
              mat("oozwald", "b"), mate("karl", "b", hand=(FINISH_A_BOOK,))),
             acts("alaric"), {"target": ["oozwald"], "respond": [FINISH_A_BOOK.name]}),
        {"fortitude": [20, 20, 20, 20], "responders": ["karl"]}),
    row("B05-hit-back-for-a-teammate", "001",
        "This includes cards that reduce or Ignore Fortitude loss or Alcohol Content gain, "
        "cards that Ignore Drinks or Events, cards that pay costs with Gold from the Inn or "
        "avoid paying, cards that avoid a Round of Gambling, or even cards that \"hit back\" "
        "after losing Fortitude.",
        Case(pairs((), (SPINE,), (HAYMAKER,), ()), acts("cid"),
             {"target": ["ann"], "hit-back": [SPINE.name]}),
        {"fortitude": [18, 20, 18, 20], "figures:hit-back": ["bob"]}),
    row("B05-ignore-a-drink-for-a-teammate", "001",
        "Remember that you may Ignore a Drink on behalf of a teammate!",
        Case(pairs((), (SLEIGHT,), (), (), ann={"drink_me": (DRAGON,)}), drinks("ann"),
             {"respond": [SLEIGHT.name]}),
        {"alcohol": [0, 0, 0, 0], "responders": ["bob"]}),
    row("B05-each-teammate-one-action", "001",
        "In any order, each player on the active team may play one Action Card.",
        Case(pairs((HEAL, HEAL), (HAYMAKER, HAYMAKER), (), (),
                   ann={"fortitude": 15, "deck": stock(7)},
                   bob={"deck": stock(7)}), turn),
        {"figures:action": ["ann", "bob"], "fortitude": [18, 20, 18, 20]}),
    row("B05-no-extra-action-for-a-teammate", "001",
        "If a player on a team doesn't play an Action Card, that doesn't allow her teammates to "
        "play extras!",
        Case(pairs((HEAL,), (HAYMAKER, HAYMAKER), (), (),
                   ann={"deck": stock(7)}, bob={"deck": stock(7)}), turn,
             {"action": ["pass"]}),
        {"figures:action": ["ann", "bob"], "fortitude": [20, 20, 18, 20]}),
    row("B05-discard-before-anyone-draws", "001",
        "Each player on the active team discards any cards they don't want, then they refill "
        "to their hand size simultaneously.",
        Case(pairs((HEAL,), (HEAL,), (), (), ann={"deck": stock(7)},
                   bob={"deck": stock(7)}), turn, {"discard": ["pass", "pass"]}),
        {"figures:discard": ["ann", "bob"], "hand@discard#2": [1, 1, 0, 0],
         "hand@action": [7, 7, 0, 0]}),
    row("B05-each-teammate-drinks", "001",
        "In any order, each player on the active team drinks the top Drink from their Drink Me! "
        "Pile.",
        Case(pairs((), (), (), (), ann={"drink_me": (WINE,)}, bob={"drink_me": (DRAGON,)}),
             turn),
        {"alcohol": [6, 0, 0, 0], "drink_me": [0, 0, 1, 0]}),
    row("B05-no-drinks-for-a-teammate", "001",
        "An ordered Drink may be placed on any opponent's Drink Me! Pile. You may not Order "
        "Drinks for a teammate.",
        Case(pairs((), (), (), ()), turn, {"order": ["dee", "dee"]}, variant=TWO_HEADED),
        {"options:order": ("cid", "dee"), "drink_me": [0, 0, 0, 2]}),
    row("B05-no-pass-or-split-to-a-teammate", "001",
        "You may not pass a Drink you are about to drink to a teammate or split a Drink with a "
        "teammate.",
        Case(pairs((PASS_IT,), (), (), (), ann={"drink_me": (DRAGON,)}), drinks("ann"),
             {"respond": [PASS_IT.name], "whom": ["dee"]}),
        {"options:whom": ("cid", "dee"), "alcohol": [0, 0, 4, 0]}),
    row("B05-no-split-with-a-teammate", "001",
        "You may not pass a Drink you are about to drink to a teammate or split a Drink with a "
        "teammate.",
        Case(pairs((TRY_THIS,), (), (), (), ann={"drink_me": (DRAGON,)}), drinks("ann"),
             {"respond": [TRY_THIS.name], "whom": ["cid"]}),
        {"options:whom": ("cid", "dee"), "alcohol": [2, 0, 2, 0]}),
    row("B05-each-team-pays-one", "001",
        "When the Drink Deck runs out of cards, each team (not each individual player) pays 1 "
        "Gold to the Inn to get a new round of Drinks.",
        Case((*pairs((), (), (), ()), seat("eve")), lambda t: order_drink(t, "ann"),
             {"order": ["eve"]}, deck=(LIGHT,), discard=(WINE,)),
        {"gold": [9, 0, 9, 0, 9], "inn": 53, "deck": 1}),
    row("B05-drink-event-champions", "001",
        "When a player reveals a Drink Event that would affect all players, the player who "
        "revealed the Drink Event is automatically chosen as their team's Champion.",
        Case(pairs((), (), (), (), bob={"drink_me": (ROUND,)}), drinks("bob"),
             {"champion": ["dee"]}, deck=(LIGHT,) * 5 + (WINE,)),
        {"figures:champion": ["cid"], "options:champion": ("cid", "dee"),
         "alcohol": [2, 0, 2, 0]}),
    row("B05-event-example-2", "001",
        "Alaric plays \"Sleight of drink\" to Ignore the Drink on Eisinder's behalf.",
        Case((mat("alaric", "a", hand=(SLEIGHT,)), mate("eisinder", "a", drink_me=(ROUND,)),
              mat("cid", "b"), mate("dee", "b")), drinks("eisinder"),
             {"champion": ["dee"], "respond": [SLEIGHT.name]}, deck=(LIGHT,) * 5 + (DRAGON,)),
        {"alcohol": [0, 0, 4, 0], "responders": ["alaric"]}),
    row("B05-gambling-champions", "001",
        "Each other team chooses a Champion, then the Round continues with only the chosen "
        "Champions participating.",
        Case((mat("karl", "a", hand=(IM_IN,)), mate("fiona", "a", hand=(IM_IN,)),
              mat("zot", "b", hand=(IM_IN,)), mate("gerki", "b", hand=(IM_IN,))),
             acts("karl"), {"champion": ["gerki"], "gamble": ["pass"]}),
        {"figures:gamble": ["gerki"], "gold": [11, 0, 9, 0], "pot": 0}),
    row("B05-each-player-champions", "001",
        "The player who played the card affecting everyone must be chosen as that team's "
        "Champion.",
        Case(pairs((EVERYONE,), (), (), ()), acts("ann"), {"champion": ["dee"]}),
        {"figures:champion": ["cid"], "fortitude": [19, 20, 19, 20]}),
    row("B05-another-player-is-not-a-teammate", "001",
        "If a card requires you to pick one or more other players (using the phrase \"another "
        "player\" or \"other player[s]\"), you must pick players who aren't on your team.",
        Case(pairs((HAYMAKER,), (), (), ()), acts("ann"), {"target": ["dee"]}),
        {"options:target": ("cid", "dee"), "fortitude": [20, 20, 18, 20]}),
    row("B05-each-other-player-hits-both", "001",
        "The Eisinder/Valeria team loses a total of 2 Fortitude.",
        Case((mat("karl", "a", hand=(CURSED_TOME,)), mate("oozwald", "a"),
              mat("eisinder", "b"), mate("valeria", "b")), acts("karl")),
        {"fortitude": [20, 20, 18, 20]}),
    row("B05-one-card-defends-the-team", "001",
        "The Eisinder/Valeria team loses no Fortitude.",
        Case((mat("karl", "a", hand=(CURSED_TOME,)), mate("oozwald", "a"),
              mat("eisinder", "b"), mate("valeria", "b", hand=(DARKNESS,))),
             acts("karl"), {"respond": [DARKNESS.name]}),
        {"fortitude": [20, 20, 20, 20]}),
    row("B05-redirect-to-the-attackers-teammate", "001",
        "Valeria plays \"PROTECT\" to redirect the effect to Karl. The Karl/Oozwald team loses "
        "2 Fortitude.",
        Case((mat("karl", "a"), mate("oozwald", "a", hand=(BUMPED,)), mat("eisinder", "b"),
              mate("valeria", "b", hand=(PROTECT,))), acts("oozwald"),
             {"target": ["valeria"], "respond": [PROTECT.name], "whom": ["karl"]}),
        {"options:whom": ("karl", "oozwald"), "fortitude": [18, 20, 20, 20]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), TEAMS)
def test_team_rules(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- B-06 Two-Headed Dragon -------------------------------------------------------------------

TWO_HEADED_DRAGON = [
    row("B06-teams-of-two-side-by-side", "001",
        "You need an even number of players. Divide into teams of two. Teammates sit next to "
        "each other so that they can see each other's cards.",
        Case((), setting(6, TWO_HEADED)),
        {"team": ["team 1", "team 1", "team 2", "team 2", "team 3", "team 3"],
         "gold": [10, 0, 10, 0, 10, 0], "inn": 170}),
    row("B06-ten-gold-and-two-potions-a-team", "001",
        "Each team takes 10 Gold and 2 Potion Tokens.",
        Case((), setting(4, TWO_HEADED)),
        {"gold": [10, 0, 10, 0], "tokens": [{POTION: 2}, {}, {POTION: 2}, {}]}),
    row("B06-seven-cards-and-a-drink-each", "001",
        "Each individual player has their own Drink Me! Pile that starts the game with one "
        "face-down Drink Card.",
        Case((), setting(4, TWO_HEADED)),
        {"drink_me": [1, 1, 1, 1], "hand": [7, 7, 7, 7], "deck": 26}),
    row("B06-a-team-orders-two-drinks", "001",
        "During a team's shared Order a Drink Phase, that team orders two Drinks, which they "
        "may place face down on any other players' Drink Me! Piles.",
        Case((), after_setup(6, TWO_HEADED, turn), {"order": ["p5", "p3"]},
             default=lambda d: "pass" if "pass" in d.options else d.options[0]),
        {"count:order": 2, "options:order": ("p2", "p3", "p4", "p5"),
         "drink_me": [0, 0, 1, 2, 1, 2]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), TWO_HEADED_DRAGON)
def test_two_headed_dragon(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


ODD = [row("B06-an-even-number-of-players", "001",
           "You need an even number of players.")]


@pytest.mark.parametrize("quote", ODD)
def test_two_headed_dragon_needs_pairs(quote: str) -> None:
    with pytest.raises(ValueError, match="even number"):
        run(setting(5, TWO_HEADED)(Tavern((), ())))


# --- B-07 Boss Battle -------------------------------------------------------------------------

def boss_setting(count: int) -> Start:
    return setting(count, BOSS_BATTLE, [VILLAIN, *[HERO] * (count - 1)])


def boss_turn(count: int, turn_number: int = 1) -> Start:
    """Set up a Boss Battle and play the Boss's turn, every Action played."""
    return after_setup(count, BOSS_BATTLE, turn, turn_number)


def challengers_turn(count: int) -> Start:
    """Set up a Boss Battle, then the Challengers' first turn."""
    def both(tavern: Tavern) -> Any:
        tavern = yield from boss_turn(count)(tavern)
        return (yield from turn(tavern))
    return both


BOSS = [
    row("B07-boss-hand-8", "001",
        "Hand Size: 7 for the Challengers; 8, 9 or 10 for the Boss depending on whether there "
        "are 2, 3 or 4 Challengers, respectively.",
        Case((), boss_setting(3)), {"hand": [8, 7, 7]}),
    row("B07-boss-hand-9", "001",
        "The Boss draws up to their hand size (8 if there are 2 Challengers, 9 if there are 3 "
        "Challengers, and 10 if there are 4 Challengers).",
        Case((), boss_setting(4)), {"hand": [9, 7, 7, 7]}),
    row("B07-boss-hand-10", "001",
        "The Boss draws up to their hand size (8 if there are 2 Challengers, 9 if there are 3 "
        "Challengers, and 10 if there are 4 Challengers).",
        Case((), boss_setting(5)), {"hand": [10, 7, 7, 7, 7]}),
    row("B07-potions-x-each-side", "001",
        "Potion Tokens: X for the Boss; X for the Challengers, where X is the number of "
        "Challengers.",
        Case((), boss_setting(4)),
        {"tokens": [{POTION: 3}, {POTION: 3}, {}, {}], "gold": [10, 10, 0, 0], "inn": 180}),
    row("B07-boss-cards-for-the-boss-only", "001",
        "Each Challenger shuffles their non-Boss Character Deck and draws 7 cards.",
        Case((), setting(3, BOSS_BATTLE, [VILLAIN, VILLAIN, VILLAIN])),
        {"boss_cards": [2, 0, 0]}),
    row("B07-the-boss-goes-first", "001", "The Boss always goes first.",
        Case((), boss_setting(3)), {"active": "p0", "team": ["", "challengers", "challengers"]}),
    row("B07-first-turn-one-action-against-two", "001",
        "Exception: during the Boss's first turn, they may play up to 1 Action Card if there "
        "are 2 Challengers, or up to 2 Action Cards otherwise.",
        Case((), boss_turn(3), default=play_actions),
        {"count:action": 1, "count:order": 1, "drink_me": [0, 2, 1]}),
    row("B07-first-turn-two-actions-otherwise", "001",
        "Exception: during the Boss's first turn, they may play up to 1 Action Card if there "
        "are 2 Challengers, or up to 2 Action Cards otherwise.",
        Case((), boss_turn(5), default=play_actions), {"count:action": 2, "count:order": 2}),
    row("B07-x-actions", "001",
        "Action: The Boss may play up to X Action Cards, where X is the number of Challengers.",
        Case((), boss_turn(5, 3), default=play_actions), {"count:action": 4}),
    row("B07-any-challenger-every-time", "001",
        "If the Boss plays Action Cards that require her to pick one or more players, she may "
        "pick any of the Challengers. The Boss is not required to target a different player "
        "with each Action Card.",
        Case((), boss_turn(4, 3), {"target": ["p3", "p3", "p3"]}, default=play_actions),
        {"count:target": 3, "options:target": ("p1", "p2", "p3"),
         "fortitude": [20, 16, 20, 20]}),
    row("B07-x-drinks", "001",
        "Order a Drink: The Boss orders X Drinks, where X is the number of Challengers.",
        Case((), boss_turn(4, 3), {"order": ["p1", "p3", "p3"]}, default=play_actions),
        {"count:order": 3, "options:order": ("p1", "p2", "p3"), "drink_me": [0, 2, 1, 3]}),
    row("B07-the-boss-is-a-team-of-one", "001",
        "For the purposes of this variant, the Boss counts as a \"team of one\". So, for "
        "example, the Boss is always the team Champion when such a choice is needed.",
        Case((seat("boss"), mat("ann", "challengers", drink_me=(ROUND,)),
              mate("bob", "challengers"), mate("cid", "challengers")), drinks("ann"),
             deck=(LIGHT,) * 5 + (WINE,), variant=BOSS_BATTLE),
        {"count:champion": 0, "alcohol": [2, 2, 0, 0]}),
    row("B07-challengers-order-one-drink", "001",
        "During the Challengers' shared Order a Drink Phase, they order one Drink for the Boss "
        "(one Drink total, not one Drink per Challenger).",
        Case((), challengers_turn(4), default=play_actions),
        {"figures:action": ["p0", "p0", "p1", "p2", "p3"],
         "drink_me@action#3": [0, 3, 1, 1], "drink_me": [1, 2, 0, 0]}),
    row("B07-each-challenger-one-action", "001",
        "An important point to remember is that each player may play up to one Action Card "
        "during the shared Action Phase.",
        Case((), challengers_turn(4), default=play_actions),
        {"figures:action": ["p0", "p0", "p1", "p2", "p3"],
         "fortitude@action#3": [20, 18, 20, 20], "fortitude": [14, 18, 20, 20]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), BOSS)
def test_boss_battle(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


VILLAINS = [row("B07-only-a-villain-is-boss", "001",
                "It is not possible to play a Boss Battle with a non-villain character as the "
                "Boss.")]


@pytest.mark.parametrize("quote", VILLAINS)
def test_only_a_villain_may_be_the_boss(quote: str) -> None:
    with pytest.raises(ValueError, match="villain"):
        run(setting(3, BOSS_BATTLE, [HERO, VILLAIN, HERO])(Tavern((), ())))
    assert run(setting(3, BOSS_BATTLE, [VILLAIN, HERO, HERO])(Tavern((), ()))).variant.boss \
        == "p0", quote
