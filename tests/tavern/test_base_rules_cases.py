"""The Red Dragon Inn's base rules (the checklist's section A, A-01 to A-92) as case tables
against the engine as it is: one row per ruling, each quoting the seed sentence that states
it (seed 001, the RDI 10 rulebook; seed 002, the RDI 6 rulebook, where only it says so).

Every row is a small table (players in seat order, a Drink Deck whose top is its last card),
a rule to run, scripted answers for the Decisions it asks (the rest: the first Action card
when an Action is asked for, "pass" when offered, else the first option; shuffles keep the
order, so the Drink Deck's reshuffle is its discards as they lie), and the values the ruling
determines: see
:func:`look` for what a key of ``expected`` reads. Rows the engine cannot carry out are
strict xfails: "ENGINE GAP" when it has no way to say the rule, "ENGINE BUG" when it says it
wrong. Rules already checked in ``tests/test_tavern_rdi.py`` (starting Gold, the setup deal,
sobering up, simple Chasers, the Gold split, the Gambling example...) are not repeated here.

The cards are test fixtures: titles the rulebooks use in their examples (with the effect the
example gives them) or plain titles ending in "(test)"; none is the printed card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.drinks import drink_from_deck, drink_phase, order_drink
from tales.tavern.rdi.effects import anytime
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Drink,
    DrinkEvent,
    Player,
    Stat,
    Step,
    Target,
    Tavern,
    Variant,
    Verb,
    Who,
)
from tales.tavern.rdi.rules import CharacterDeck, action, action_phase, set_up, settle, turn

from ._play import run, table
from ._seeds import row

# --- Drinks ----------------------------------------------------------------------------------

LIGHT = Drink("Light Ale", 1)
DARK = Drink("Dark Ale", 1)
WINE = Drink("Wine", 2)
ELVEN = Drink("Elven Wine", 3)
DRAGON = Drink("Dragon Breath Ale", 4)
TEA = Drink("Pot of Tea", -1)
MEAD = Drink("Mead", 3, splits=True)
LIGHT_CHASER = Drink("Light Ale with a Chaser", 1, chaser=True)
WINE_CHASER = Drink("Wine with a Chaser", 2, chaser=True)
HOWLER = Drink("The Howler", 2, stays=True)
ROUND = Drink("Round on the House", event=DrinkEvent.ROUND_ON_THE_HOUSE)
CONTEST = Drink("Drinking Contest", event=DrinkEvent.DRINKING_CONTEST)

# --- character cards (fixtures) ---------------------------------------------------------------


def sometimes(name: str, *steps: Step) -> Card:
    return Card(name, CardKind.SOMETIMES, steps)


def anytime_card(name: str, *steps: Step) -> Card:
    return Card(name, CardKind.ANYTIME, steps)


def action_card(name: str, *steps: Step) -> Card:
    return Card(name, CardKind.ACTION, steps)


HAYMAKER = action_card("Haymaker (test)", Step(Verb.FORTITUDE, -2, Who.TARGET))
BIG_HIT = action_card("Big hit (test)", Step(Verb.FORTITUDE, -3, Who.TARGET))
BUMPED = action_card("You bumped into me!", Step(Verb.FORTITUDE, -2, Who.TARGET))
CURSED_TOME = action_card("Okay, who opened the cursed tome?",
                          Step(Verb.FORTITUDE, -1, Who.EACH_OTHER))
BRAWL = action_card("Brawl (test)", Step(Verb.FORTITUDE, -2, Who.EACH_OTHER))
EVERYONE = action_card("Everyone gets hurt (test)", Step(Verb.FORTITUDE, -1, Who.EACH))
TIP = action_card("Tip the Wench", Step(Verb.PAY, 1, Who.ANY, to_inn=True))
MUGGING = action_card("Mugging (test)", Step(Verb.FORTITUDE, -2, Who.TARGET),
                      Step(Verb.PAY, 1, Who.TARGET))
KNOCKOUT = action_card("Knockout (test)", Step(Verb.FORTITUDE, -20, Who.TARGET),
                       Step(Verb.PAY, 1, Who.TARGET))
SOBERING = action_card("Sobering slap (test)", Step(Verb.ALCOHOL, -1, Who.TARGET))
GENEROUS = action_card("Generous tip (test)", Step(Verb.PAY, 1, Who.YOU, to_inn=True),
                       Step(Verb.FORTITUDE, 2, Who.YOU))
WINDFALL = action_card("Windfall (test)", Step(Verb.COLLECT, 3, Who.YOU))
SAD_SONG = action_card("And now I'm going to play something really sad",
                       Step(Verb.ALCOHOL, -1, Who.EACH_OTHER), Step(Verb.PAY, 1, Who.EACH_OTHER))
HEAL = action_card("Heal (test)", Step(Verb.FORTITUDE, 3, Who.YOU))
FORCED_DRINK = action_card("Drink up! (test)", Step(Verb.DRINK, 1, Who.TARGET))
BOOZE = anytime_card("Have another (test)", Step(Verb.ALCOHOL, 2, Who.TARGET))
SECOND_WIND = anytime_card("Second wind (test)", Step(Verb.FORTITUDE, 3, Who.YOU))
LAST_STAND = Card("Last stand (test)", CardKind.SOMETIMES, (Step(Verb.FORTITUDE, 2, Who.YOU),),
                  when_losing=True)

I_DONT = sometimes("I don't think so!", Step(Verb.NEGATE, target=Target.SOMETIMES))
WE_DONT = sometimes("We don't think so!", Step(Verb.NEGATE, target=Target.SOMETIMES))
TAKE_BACK = anytime_card("Wench, take that back!", Step(Verb.NEGATE, target=Target.ACTION))
NO = sometimes("No!", Step(Verb.NEGATE, target=Target.ACTION))
DARKNESS = sometimes("The Darkness shrouds us", Step(Verb.IGNORE, target=Target.ACTION))
SLEIGHT = sometimes("Sleight of drink", Step(Verb.IGNORE, target=Target.DRINK))
DODGE_EVENT = sometimes("Not my kind of party (test)", Step(Verb.IGNORE, target=Target.EVENT))
STAND_IN_GOLD = sometimes("A stand-up stand-in (Gold)",
                          Step(Verb.IGNORE, target=Target.CARD, stat=Stat.GOLD))
STAND_IN_ALCOHOL = sometimes("A stand-up stand-in (Alcohol)",
                             Step(Verb.IGNORE, target=Target.CARD, stat=Stat.ALCOHOL))
THICK_SKIN = sometimes("Thick skin (test)", Step(Verb.REDUCE, 1, stat=Stat.FORTITUDE))
IRON_SKIN = sometimes("Iron skin (test)", Step(Verb.REDUCE, 2, stat=Stat.FORTITUDE))
STONE_SKIN = sometimes("Stone skin (test)", Step(Verb.REDUCE, 3, stat=Stat.FORTITUDE))
HAGGLE = sometimes("Haggle (test)", Step(Verb.REDUCE, 1, stat=Stat.GOLD))
PROTECT = sometimes("PROTECT", Step(Verb.REDIRECT))
SPINE = sometimes("You cracked the spine!", Step(Verb.HIT_BACK, 0))
VOLTAGE = sometimes("Danger! High voltage!", Step(Verb.HIT_BACK, 0))
MIXOLOGIST = sometimes("Look who's a little mixologist!", Step(Verb.SPIKE, 1))
WATERED = sometimes("Watered down (test)", Step(Verb.SPIKE, -2))
TRY_THIS = sometimes("You've gotta try this!", Step(Verb.SPLIT))
PASS_IT = sometimes("Here, you have it (test)", Step(Verb.PASS))
WENCH_STOP = sometimes("The Wench thinks you should stop playing with the drinks.",
                       Step(Verb.NEGATE, target=Target.DRINK_CHANGE))

IM_IN = Card("Gambling? I'm in!", CardKind.GAMBLING, starts_round=True)
RAISE = Card("I raise", CardKind.GAMBLING, (Step(Verb.ANTE, 1),))
LUCKY_DRAW = Card("I win! (test)", CardKind.CHEATING, (Step(Verb.WIN_ROUND),))
DIVING_SUIT = sometimes("WHAT? I CAN'T HEAR YOU, I'M IN MY DIVING SUIT!!", Step(Verb.LEAVE))


def seat(name: str, gold: int = 10, **fields: Any) -> Player:
    return Player(name, "x", gold, **fields)


# --- running a case ---------------------------------------------------------------------------

Start = Callable[[Tavern], Resolution[Tavern]]


@dataclass(frozen=True)
class Case:
    """A table and the rule run on it. ``default`` answers the Decisions not scripted."""

    players: tuple[Player, ...]
    start: Start
    answers: Mapping[str, list[Any]] = field(default_factory=dict)
    deck: tuple[Drink, ...] = (LIGHT,) * 10
    discard: tuple[Drink, ...] = ()
    inn: int = 50
    default: Callable[[Decision[Any]], Any] | None = None
    variant: Variant = field(default_factory=Variant)
    bar: tuple[Drink, ...] = ()
    active: int = 0  # the seat whose turn it is


def drinks(name: str) -> Start:
    return lambda tavern: drink_phase(tavern, name)


def acts(name: str) -> Start:
    return lambda tavern: action(tavern, name)


def then_settle(first: Start) -> Start:
    """``first``, then the losses settled (last chances, Gold split)."""
    def both(tavern: Tavern) -> Resolution[Tavern]:
        tavern = yield from first(tavern)
        return (yield from settle(tavern))
    return both


def player_decisions(asked: list[Decision[Any]], kind: str) -> list[Decision[Any]]:
    return [d for d in asked if d.kind == kind]


def look(key: str, tavern: Tavern, asked: list[Decision[Any]]) -> Any:
    """What ``key`` reads: per seat (``fortitude``, ``alcohol``, ``gold``, ``hand``,
    ``decks`` (Character Decks), ``drink_me``, ``in_front``, ``discards``, ``tokens``,
    ``team``, ``boss_cards``), the table (``inn``, ``pot``, ``deck``, ``bar``,
    ``drink_discard``, ``out``, ``active``, ``minions``), the Decisions asked
    (``responders``, ``offers``, ``gamblers``, ``kinds``, ``figures:<kind>``,
    ``options:<kind>``, ``count:<kind>``), the log (``said:<text>``); ``<key>@<kind>`` reads
    ``key`` on the table as it was at the first Decision of that kind (``@<kind>#<n>``: the
    n-th)."""
    if "@" in key:
        what, at = key.split("@")
        kind, _, nth = at.partition("#")
        then = player_decisions(asked, kind)[int(nth or 1) - 1]
        return look(what, then.state, [])
    what, _, arg = key.partition(":")
    players = tavern.players
    readers: dict[str, Callable[[], Any]] = {
        "fortitude": lambda: [p.fortitude for p in players],
        "alcohol": lambda: [p.alcohol for p in players],
        "gold": lambda: [p.gold for p in players],
        "hand": lambda: [len(p.hand) for p in players],
        "decks": lambda: [len(p.deck) for p in players],
        "minions": lambda: [m.name for m in tavern.minions],
        "drink_me": lambda: [len(p.drink_me) for p in players],
        "in_front": lambda: [tuple(d.name for d in p.in_front) for p in players],
        "discards": lambda: [tuple(c.name for c in p.discard) for p in players],
        "tokens": lambda: [dict(p.tokens) for p in players],
        "team": lambda: [p.team for p in players],
        "boss_cards": lambda: [sum(c.boss for c in (*p.hand, *p.deck)) for p in players],
        "inn": lambda: tavern.inn,
        "pot": lambda: tavern.pot,
        "deck": lambda: len(tavern.drink_deck),
        "bar": lambda: len(tavern.bar),
        "drink_discard": lambda: tuple(d.name for d in tavern.drink_discard),
        "out": lambda: [p.name for p in players if p.out],
        "active": lambda: players[tavern.active].name,
        "responders": lambda: [d.figure for d in player_decisions(asked, "respond")],
        "offers": lambda: [(d.figure, tuple(o for o in d.options if o != "pass"))
                           for d in player_decisions(asked, "respond")],
        "gamblers": lambda: [d.figure for d in player_decisions(asked, "gamble")],
        "kinds": lambda: [d.kind for d in asked if d.decider is Decider.PLAYER],
        "figures": lambda: [d.figure for d in player_decisions(asked, arg)],
        "options": lambda: player_decisions(asked, arg)[0].options,
        "count": lambda: len(player_decisions(asked, arg)),
        "said": lambda: any(arg in line for line in tavern.log),
    }
    return readers[what]()


def play_actions(decision: Decision[Any]) -> Any:
    """The default answer: play the (first) Action card offered; otherwise "pass" when it is
    an option, else the first option."""
    if decision.kind == "action":
        return decision.options[1]
    return "pass" if "pass" in decision.options else decision.options[0]


def check(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    tavern = table(list(case.players), deck=case.deck, inn=case.inn,
                   drink_discard=case.discard, variant=case.variant, bar=case.bar,
                   active=case.active)
    asked: list[Decision[Any]] = []
    final = run(case.start(tavern), {k: list(v) for k, v in case.answers.items()},
                default=case.default or play_actions, asked=asked)
    got = {key: look(key, final, asked) for key in expected}
    assert got == dict(expected), quote


def gap(reason: str, param: Any) -> Any:
    """A row the engine cannot carry out yet: a strict xfail."""
    return pytest.param(*param.values, id=param.id,
                        marks=pytest.mark.xfail(strict=True, reason=reason))


# --- A.3 the turn (A-14 to) ------------------------------------------------

def stock(count: int, card: Card = HEAL) -> tuple[Card, ...]:
    return tuple(card for _ in range(count))


TURN = [
    row("A14-four-phases-in-order", "001",
        "Your turn consists of four Phases, which must be played in order: Discard and Draw, "
        "Action, Order a Drink, Drink.",
        Case((seat("ann", hand=(HAYMAKER,), deck=stock(6), drink_me=(WINE,)),
              seat("bob"), seat("cid")),
             turn, {"discard": ["pass"], "action": [HAYMAKER.name], "target": ["bob"],
                    "order": ["cid"]}),
        {"kinds": ["discard", "action", "target", "order"], "fortitude": [20, 18, 20],
         "drink_me@order": [1, 0, 0], "drink_me": [0, 0, 1], "alcohol": [2, 0, 0]}),
    row("A15-draw-up-to-seven", "001",
        "You may discard any cards from your hand that you do not want and then draw from "
        "your Character Deck until you are holding seven cards.",
        Case((seat("ann", hand=(HAYMAKER, HEAL), deck=stock(9)), seat("bob")), turn,
             {"discard": ["Heal (test)", "pass"]}),
        {"hand@action": [7, 0], "discards@action": [("Heal (test)",), ()]}),
    row("A15-keep-seven-or-more", "001",
        "If you are holding seven or more cards you may opt to keep all of them and draw no "
        "new cards.",
        Case((seat("ann", hand=stock(9), deck=stock(4)), seat("bob")), turn),
        {"hand@action": [9, 0]}),
    row("A15-reshuffle-the-discards", "001",
        "If you draw the last card from your Character Deck, shuffle your discarded Character "
        "Cards and put them back on the Deck space on your player mat.",
        Case((seat("ann", hand=stock(3), deck=stock(2),
                   discard=stock(5)), seat("bob")), turn),
        {"hand@action": [7, 0], "discards@action": [(), ()]}),
    row("A16-one-action", "001", "You may play one Action Card.",
        Case((seat("ann", hand=(HAYMAKER, HAYMAKER)), seat("bob")), turn,
             default=lambda d: d.options[-1]),
        {"count:action": 1, "fortitude": [20, 18]}),
    row("A18-order-for-another-player", "001",
        "Take the top card from the Drink Deck and place it face down, without looking at it, "
        "on top of any other player's Drink Me! Pile.",
        Case((seat("ann"), seat("bob"), seat("cid")), turn, {"order": ["cid"]}),
        {"options:order": ("bob", "cid"), "drink_me": [0, 0, 1], "deck": 9}),
    row("A19-drink-and-discard", "001",
        "Reveal the top card of your Drink Me! Pile, follow the instructions on the card and "
        "place it in the Drink Deck discard pile.",
        Case((seat("ann", drink_me=(WINE,)), seat("bob")), drinks("ann")),
        {"alcohol": [2, 0], "drink_me": [0, 0], "drink_discard": ("Wine",)}),
    row("A21-the-left-player-goes-next", "001",
        "After your Drink Phase, the player to your left goes next.",
        Case((seat("ann"), seat("bob"), seat("cid")), turn),
        {"active": "bob"}),
    row("A24-several-copies-in-response", "001",
        "You may play multiple Sometimes Cards in response to the same game event, even if "
        "they are multiple copies of the same card.",
        Case((seat("ann", drink_me=(LIGHT,)), seat("bob", hand=(MIXOLOGIST, MIXOLOGIST))),
             drinks("ann"), {"respond": [MIXOLOGIST.name, MIXOLOGIST.name]}),
        {"alcohol": [3, 0], "responders": ["bob", "bob"]}),
    row("A26-anytime-before-discarding", "001",
        "For example, you may play an Anytime Card during your Discard and Draw Phase before "
        "you discard and draw.",
        Case((seat("ann", fortitude=15, hand=(SECOND_WIND, HEAL), deck=stock(6)),
              seat("bob")), turn, {"anytime": [SECOND_WIND.name]}),
        {"kinds": ["anytime", "discard", "action"], "fortitude@discard": [18, 20],
         "fortitude": [20, 20]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), TURN)
def test_turn(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


BOSS_CARDS = [row("A05-no-boss-cards", "001",
                  "Be sure that you are not using your Boss Battle cards (with the dragon "
                  "heads in the corners) unless you are actually playing a Boss Battle game.")]


@pytest.mark.parametrize("quote", BOSS_CARDS)
def test_boss_cards_stay_out_of_a_normal_game(quote: str) -> None:
    boss_card = Card("Dragon-headed (test)", CardKind.ACTION, boss=True)
    deck = CharacterDeck("x", (*stock(8), boss_card), villain=True)
    tavern = run(set_up(["ann", "bob"], [deck, deck], (LIGHT,) * 30))
    held = [c.name for p in tavern.players for c in (*p.hand, *p.deck)]
    assert len(held) == 16 and boss_card.name not in held, quote


# --- A.5 timing (A-27 to A-35) ----------------------------------------------------------------

TIMING = [
    row("A27-drink-window-from-the-revealer", "001",
        "Whenever any card is played or a Drink or Event is revealed, each player (in turn "
        "order, starting with the player who played or revealed the card) may play relevant "
        "Sometimes Cards in response.",
        Case((seat("ann", hand=(MIXOLOGIST,)), seat("bob", hand=(MIXOLOGIST,)),
              seat("cid", hand=(SLEIGHT,), drink_me=(LIGHT,)),
              seat("dee", hand=(MIXOLOGIST,))), drinks("cid")),
        {"responders": ["cid", "dee", "ann", "bob"], "alcohol": [0, 0, 1, 0]}),
    row("A27-card-window-from-the-player", "001",
        "Whenever any card is played or a Drink or Event is revealed, each player (in turn "
        "order, starting with the player who played or revealed the card) may play relevant "
        "Sometimes Cards in response.",
        Case((seat("ann", hand=(DARKNESS,)), seat("bob", hand=(DARKNESS,)),
              seat("cid", hand=(CURSED_TOME,)), seat("dee", hand=(DARKNESS,))), acts("cid")),
        {"responders": ["dee", "ann", "bob"], "fortitude": [19, 19, 20, 19]}),
    row("A28-no-response-resolves", "001",
        "If no player has any response to a card, that card resolves and its instructions are "
        "carried out.",
        Case((seat("ann", hand=(HAYMAKER,)), seat("bob"), seat("cid")), acts("ann"),
             {"target": ["cid"]}),
        {"responders": [], "fortitude": [20, 20, 18], "discards": [(HAYMAKER.name,), (), ()]}),
    row("A29-reopened-after-a-response", "001",
        "After Valeria's card resolves, Alaric will have another opportunity to play "
        "\"Sleight of drink\" to Ignore the spiked Light Ale, even though he previously chose "
        "not to respond.",
        Case((seat("alaric", hand=(SLEIGHT,), drink_me=(LIGHT,)),
              seat("valeria", hand=(MIXOLOGIST,))), drinks("alaric"),
             {"respond": ["pass", MIXOLOGIST.name, SLEIGHT.name]}),
        {"responders": ["alaric", "valeria", "alaric"], "alcohol": [0, 0]}),
    row("A30-reveal-all-then-respond", "001",
        "If two or more players are instructed to reveal and drink Drinks at the same time "
        "(for example, with the Drink Event \"Drinking Contest!\"), they first reveal Drink "
        "Cards and Chasers, as appropriate.",
        Case((seat("ann", drink_me=(CONTEST,)), seat("bob", hand=(MIXOLOGIST,)), seat("cid")),
             drinks("ann"), deck=(LIGHT,) * 7 + (WINE, WINE_CHASER, DARK, ELVEN)),
        {"deck@respond": 7, "alcohol@respond": [0, 0, 0], "alcohol": [3, 1, 4]}),
    row("A31-anytime-before-sometimes", "001",
        "If two or more players wish to respond to the same game event with Sometimes or "
        "Anytime Cards, players should take back their plays, then play and resolve their "
        "Anytime Cards in turn order, beginning from the player whose turn it is.",
        Case((seat("ann", hand=(HAYMAKER,)), seat("bob", hand=(THICK_SKIN,)),
              seat("cid", hand=(TAKE_BACK,))), acts("ann"), {"target": ["bob"]}),
        {"offers": [("cid", (TAKE_BACK.name,)), ("bob", (THICK_SKIN.name,))],
         "fortitude": [20, 18, 20]}),
    row("A31-then-sometimes", "001",
        "After that, they should play and resolve their Sometimes Cards in the same way.",
        Case((seat("ann", hand=(HAYMAKER,)), seat("bob", hand=(THICK_SKIN,)),
              seat("cid", hand=(TAKE_BACK,))), acts("ann"),
             {"target": ["bob"], "respond": ["pass", THICK_SKIN.name]}),
        {"responders": ["cid", "bob", "cid"], "fortitude": [20, 19, 20]}),
    row("A32-deadlock-declared-in-turn-order", "001",
        "To resolve the deadlock, first Karl, then Valeria must either play a response to "
        "Alaric's card or choose not to.",
        Case((seat("alaric", fortitude=12, alcohol=10, hand=(SLEIGHT,), drink_me=(ELVEN,)),
              seat("karl", hand=(I_DONT,)), seat("valeria", hand=(I_DONT,))),
             drinks("alaric"), {"respond": [SLEIGHT.name]}),
        {"responders": ["alaric", "karl", "valeria"], "alcohol": [10, 0, 0]}),
    row("A33-ignore-before-the-loss-hit-back-after", "001",
        "Since the game event of responding to Karl's card happens before the game event of "
        "players losing Fortitude, Valeria plays her card first.",
        Case((seat("karl", hand=(CURSED_TOME,)), seat("valeria", hand=(DARKNESS,)),
              seat("dominique", hand=(VOLTAGE,))), acts("karl"),
             {"respond": [DARKNESS.name], "hit-back": [VOLTAGE.name]}),
        {"kinds": ["action", "respond", "hit-back"], "fortitude@hit-back": [20, 20, 19],
         "fortitude": [19, 20, 19]}),
    row("A34-chasers-revealed-before-responses", "001",
        "No player may respond to a Drink until all of its Chasers have been revealed.",
        Case((seat("alaric", hand=(SLEIGHT,), drink_me=(DRAGON, WINE_CHASER)), seat("bob")),
             drinks("alaric"), {"respond": ["pass"]}),
        {"drink_me@respond": [0, 0], "alcohol": [6, 0]}),
    row("A35-costs-are-not-refunded", "001",
        "If you spend a Buff Token and the card you spent it on is Negated or Ignored, you do "
        "not get the Buff Token back.",
        Case((seat("karl", hand=(HAYMAKER,), tokens=(("buff", 1),)),
              seat("bob", hand=(TAKE_BACK,))), acts("karl"),
             {"buff": ["yes"], "respond": [TAKE_BACK.name]}),
        {"tokens": [{}, {}], "fortitude": [20, 20]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), TIMING)
def test_timing(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- A.6 Negate, Ignore, "affects", reduce, redirect, hit back (A-36 to A-47) --------------

NEGATE_IGNORE = [
    row("A36-negated-card-to-its-discard-pile", "001",
        "When you Negate a card, you completely prevent it from resolving. The Negated card "
        "goes to the appropriate discard pile.",
        Case((seat("ann", hand=(HAYMAKER,)), seat("bob", hand=(TAKE_BACK,))), acts("ann"),
             {"respond": [TAKE_BACK.name]}),
        {"fortitude": [20, 20], "discards": [(HAYMAKER.name,), (TAKE_BACK.name,)]}),
    row("A36-negated-hit-back", "001",
        "Karl's card is Negated, so it has no effect. Oozwald loses no Fortitude.",
        Case((seat("oozwald", hand=(BUMPED, WE_DONT)), seat("karl", hand=(SPINE,))),
             acts("oozwald"), {"action": [BUMPED.name], "hit-back": [SPINE.name],
                               "respond": [WE_DONT.name]}),
        {"fortitude": [20, 18], "discards": [(BUMPED.name, WE_DONT.name), (SPINE.name,)]}),
    row("A37-ignore-spares-only-the-ignorer", "001",
        "Valeria does not lose Fortitude, but the other players do, since Karl's card affects "
        "them normally when it resolves.",
        Case((seat("karl", hand=(CURSED_TOME,)), seat("valeria", hand=(DARKNESS,)),
              seat("oozwald"), seat("dominique", hand=(DARKNESS,))), acts("karl"),
             {"respond": [DARKNESS.name, "pass"]}),
        {"fortitude": [20, 20, 19, 19], "responders": ["valeria", "dominique"]}),
    row("A38-a-reduction-is-not-an-ignore", "001",
        "So, for example, cards which reduce or redirect damage, reduce Alcohol Content, or "
        "pass Drinks to other players are not Negating or Ignoring anything.",
        Case((seat("ann", hand=(MUGGING,)), seat("bob", hand=(IRON_SKIN,))), acts("ann"),
             {"respond": [IRON_SKIN.name]}),
        {"fortitude": [20, 20], "gold": [11, 9]}),
    row("A39-ignore-a-drink-passed-to-you", "001",
        "You may not Ignore someone else's Drink unless that player first passes it to you or "
        "splits it with you, or if you would somehow take effects from it.",
        Case((seat("ann", hand=(PASS_IT,), drink_me=(DRAGON,)), seat("bob", hand=(SLEIGHT,)),
              seat("cid")), drinks("ann"),
             {"respond": [PASS_IT.name, SLEIGHT.name], "whom": ["bob"]}),
        {"alcohol": [0, 0, 0], "responders": ["ann", "bob"]}),
    row("A39-ignore-your-half-of-a-split", "001",
        "You may not Ignore someone else's Drink unless that player first passes it to you or "
        "splits it with you, or if you would somehow take effects from it.",
        Case((seat("ann", hand=(TRY_THIS,), drink_me=(DRAGON,)), seat("bob", hand=(SLEIGHT,)),
              seat("cid")), drinks("ann"),
             {"respond": [TRY_THIS.name, SLEIGHT.name], "whom": ["bob"]}),
        {"alcohol": [2, 0, 0]}),
    row("A40-no-gold-ignore-on-your-own-card", "001",
        "You may not use such a card to avoid a Gold payment on a card that you played "
        "yourself. You may still use cards that reduce payments or pay with Gold from the Inn, "
        "however.",
        Case((seat("ann", fortitude=15, hand=(GENEROUS, STAND_IN_GOLD, HAGGLE)), seat("bob")),
             acts("ann"), {"action": [GENEROUS.name], "respond": [HAGGLE.name]}),
        {"offers": [("ann", (HAGGLE.name,))], "gold": [10, 10], "fortitude": [17, 20],
         "inn": 50}),
    row("A41-no-gold-ignore-on-a-round", "001",
        "You may not Ignore a Round of Gambling with a card that allows you to Ignore a card "
        "that affects your Gold.",
        Case((seat("karl", hand=(IM_IN,)), seat("alaric", hand=(STAND_IN_GOLD,)),
              seat("eisinder")), acts("karl")),
        {"responders": [], "gold": [12, 9, 9]}),
    row("A42-ignore-an-event", "001",
        "Some cards allow you to Ignore an Event. This includes Drink Events, Tavern Events, "
        "Sea Events and Dungeon Events.",
        Case((seat("ann", drink_me=(CONTEST,)), seat("bob"), seat("cid", hand=(DODGE_EVENT,))),
             drinks("ann"), {"respond": [DODGE_EVENT.name]},
             deck=(LIGHT,) * 5 + (LIGHT, DRAGON)),
        {"alcohol": [4, 1, 0], "gold": [11, 9, 10], "deck": 5}),
    row("A42-not-after-it-starts-resolving", "001",
        "You may not Ignore an Event after it has started resolving in order to selectively "
        "Ignore the later parts of the Event.",
        Case((seat("ann", drink_me=(CONTEST,)), seat("bob"), seat("cid", hand=(DODGE_EVENT,))),
             drinks("ann"), deck=(LIGHT,) * 5 + (ELVEN, LIGHT, DRAGON)),
        {"responders": ["cid"], "alcohol": [4, 1, 3], "gold": [12, 9, 9]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), NEGATE_IGNORE)
def test_negate_and_ignore(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


AFFECTS = [
    row("A43-example-1-tip-the-wench", "001",
        "In response, Alaric plays \"A stand-up stand-in\", allowing him to Ignore the card, "
        "since it would directly change his Gold.",
        Case((seat("dominique", hand=(TIP,)), seat("alaric", hand=(STAND_IN_GOLD,))),
             acts("dominique"), {"target": ["alaric"], "respond": [STAND_IN_GOLD.name]}),
        {"gold": [10, 10], "inn": 50, "options:target": ("dominique", "alaric")}),
    row("A43-example-2-a-spiked-drink", "001",
        "Alaric may not play \"A stand-up stand-in\" here, because Valeria's card is not "
        "changing Alaric's Alcohol Content directly—it is changing the effects of the Wine.",
        Case((seat("alaric", hand=(STAND_IN_ALCOHOL,), drink_me=(WINE,)),
              seat("valeria", hand=(MIXOLOGIST,))), drinks("alaric"),
             {"respond": [MIXOLOGIST.name]}),
        {"responders": ["valeria"], "alcohol": [3, 0]}),
    row("A43-example-3-a-negated-ignore", "001",
        "Alaric may not play \"A stand-up stand-in\" here, because Karl's card is not "
        "changing Alaric's Alcohol Content directly—it is Negating Alaric's card that would "
        "allow him to Ignore the Drink.",
        Case((seat("alaric", hand=(SLEIGHT, STAND_IN_ALCOHOL), drink_me=(DRAGON,)),
              seat("karl", hand=(I_DONT,))), drinks("alaric"),
             {"respond": [SLEIGHT.name, I_DONT.name]}),
        {"offers": [("alaric", (SLEIGHT.name,)), ("karl", (I_DONT.name,))],
         "alcohol": [4, 0]}),
    row("A43-at-its-limit-still-affected", "001",
        "If a card would normally affect an attribute but can't because that attribute is "
        "already at its minimum or maximum value, the card is still considered to affect that "
        "attribute.",
        Case((seat("ann", hand=(SOBERING,)), seat("bob", hand=(STAND_IN_ALCOHOL,))),
             acts("ann"), {"respond": ["pass"]}),
        {"offers": [("bob", (STAND_IN_ALCOHOL.name,))], "alcohol": [0, 0]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), AFFECTS)
def test_what_affects_you(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


REDUCE_REDIRECT = [
    row("A44-a-reduction-stops-at-zero", "001",
        "Reducing an effect from a positive number to a negative number or vice versa reduces "
        "it to 0 instead.",
        Case((seat("ann", hand=(BRAWL,)), seat("bob", fortitude=15, hand=(STONE_SKIN,)),
              seat("cid")), acts("ann"), {"respond": [STONE_SKIN.name]}),
        {"fortitude": [20, 15, 18]}),
    row("A44-only-your-own-share", "001",
        "If a card would affect all players, reducing the effect that one player takes does "
        "not change the effect for the other players unless that card says that it changes "
        "\"numeric effects.\"",
        Case((seat("ann", hand=(BRAWL,)), seat("bob", hand=(THICK_SKIN,)), seat("cid"),
              seat("dee")), acts("ann"), {"respond": [THICK_SKIN.name]}),
        {"fortitude": [20, 19, 18, 18]}),
    row("A44-a-lowered-drink-stops-at-zero", "001",
        "Spike trap coaster: Reducing Alcohol Content or Fortitude loss moves either "
        "toward 0. In both cases, the reduction stops at 0.",
        Case((seat("ann", alcohol=3, drink_me=(LIGHT,)), seat("bob", hand=(WATERED,))),
             drinks("ann"), {"respond": [WATERED.name]}),
        {"alcohol": [3, 0]}),
    row("A45-redirected-loss-keeps-its-source", "002",
        "When this happens, the game treats the Fortitude loss as though it came from its "
        "original source.",
        Case((seat("ann", hand=(HAYMAKER,)), seat("bob", hand=(PROTECT,)),
              seat("cid", hand=(SPINE,))), acts("ann"),
             {"target": ["bob"], "respond": [PROTECT.name], "whom": ["cid"],
              "hit-back": [SPINE.name]}),
        {"fortitude": [18, 20, 18], "options:hit-back": ("pass", SPINE.name)}),
    row("A45-only-the-fortitude-loss-is-redirected", "002",
        "If a card says that it redirects Fortitude loss, it does not redirect any other "
        "effects on the affected card.",
        Case((seat("ann", hand=(MUGGING,)), seat("bob", hand=(PROTECT,)), seat("cid")),
             acts("ann"), {"target": ["bob"], "respond": [PROTECT.name], "whom": ["cid"]}),
        {"fortitude": [20, 20, 18], "gold": [11, 9, 10]}),
    row("A45-each-redirection-once-in-order", "002",
        "If multiple redirection effects would apply to a damage effect, each redirection "
        "effect applies exactly once. The effects are applied in the order they were "
        "played.",
        Case((seat("ann", hand=(HAYMAKER,)), seat("bob", hand=(PROTECT,)),
              seat("cid", hand=(PROTECT,)), seat("dee")), acts("ann"),
             {"target": ["bob"], "respond": [PROTECT.name, PROTECT.name],
              "whom": ["cid", "dee"]}),
        {"fortitude": [20, 20, 20, 18]}),
    row("A47-hit-back-for-what-was-lost", "001",
        "The other player loses the amount of Fortitude you actually lost, not the original "
        "amount.",
        Case((seat("oozwald", hand=(BIG_HIT,)), seat("karl", hand=(THICK_SKIN, SPINE))),
             acts("oozwald"), {"respond": [THICK_SKIN.name], "hit-back": [SPINE.name]}),
        {"fortitude": [18, 18]}),
    row("A47-hit-back-after-a-reduced-loss", "001",
        "You may still play this card if you reduced the Fortitude loss, as long as the amount "
        "of Fortitude you actually lost was greater than zero.",
        Case((seat("oozwald", hand=(HAYMAKER,)), seat("karl", hand=(IRON_SKIN, SPINE))),
             acts("oozwald"), {"respond": [IRON_SKIN.name]}),
        {"count:hit-back": 0, "fortitude": [20, 20]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), REDUCE_REDIRECT)
def test_reduce_redirect_and_hit_back(quote: str, case: Case,
                                      expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


CHANGES = "Negating or Ignoring a Drink, passing a Drink to another player, splitting a " \
    "Drink, and increasing or decreasing a Drink's Alcohol Content are all considered " \
    "changing the Drink's effects, so such cards can be played in all of these cases."

DRINK_CHANGES = [
    row("A46-negate-an-ignored-drink", "001", CHANGES,
        Case((seat("ann", hand=(SLEIGHT,), drink_me=(DRAGON,)), seat("bob", hand=(WENCH_STOP,))),
             drinks("ann"), {"respond": [SLEIGHT.name, WENCH_STOP.name]}),
        {"alcohol": [4, 0]}),
    row("A46-negate-a-pass", "001", CHANGES,
        Case((seat("ann", hand=(PASS_IT,), drink_me=(DRAGON,)), seat("bob", hand=(WENCH_STOP,))),
             drinks("ann"), {"respond": [PASS_IT.name, WENCH_STOP.name]}),
        {"alcohol": [4, 0]}),
    row("A46-negate-a-split", "001", CHANGES,
        Case((seat("ann", hand=(TRY_THIS,), drink_me=(DRAGON,)), seat("bob"),
              seat("cid", hand=(WENCH_STOP,))),
             drinks("ann"), {"respond": [TRY_THIS.name, WENCH_STOP.name], "whom": ["bob"]}),
        {"alcohol": [4, 0, 0]}),
    row("A46-negate-a-spike", "001", CHANGES,
        Case((seat("ann", hand=(WENCH_STOP,), drink_me=(DRAGON,)),
              seat("bob", hand=(MIXOLOGIST,))),
             drinks("ann"), {"respond": [MIXOLOGIST.name, WENCH_STOP.name]}),
        {"alcohol": [4, 0]}),
    row("A46-not-a-direct-alcohol-gain", "001",
        "Cards that Order Drinks, force a player to drink, or directly increase a player's "
        "Alcohol Content do not count as changing the effects of a Drink.",
        Case((seat("ann", hand=(BOOZE,)), seat("bob", hand=(WENCH_STOP,))),
             lambda tavern: anytime(tavern, "ann"), {"anytime": [BOOZE.name]}),
        {"responders": [], "alcohol": [0, 2]}),
    row("A46-not-a-forced-drink", "001",
        "Cards that Order Drinks, force a player to drink, or directly increase a player's "
        "Alcohol Content do not count as changing the effects of a Drink.",
        Case((seat("ann", hand=(FORCED_DRINK,)), seat("bob", hand=(WENCH_STOP,))),
             acts("ann"), deck=(LIGHT,) * 5 + (WINE,)),
        {"responders": [], "alcohol": [0, 2]}),
    row("A46-not-a-drink-event", "001",
        "Altering or interacting with a Drink Event does not count as changing the effects of "
        "a Drink, since a Drink Event is not a Drink.",
        Case((seat("ann", drink_me=(CONTEST,)), seat("bob", hand=(WENCH_STOP,)),
              seat("cid", hand=(DODGE_EVENT,))), drinks("ann"),
             {"respond": [DODGE_EVENT.name]}, deck=(LIGHT,) * 5 + (LIGHT, DRAGON)),
        {"responders": ["cid"], "gold": [11, 9, 10]}),
    row("A46-negating-a-change-is-not-a-change", "001",
        "Negating a card that would change the effects of a Drink does not itself count as "
        "changing the effects of a Drink.",
        Case((seat("ann", hand=(SLEIGHT,), drink_me=(DRAGON,)), seat("bob", hand=(I_DONT,)),
              seat("cid", hand=(WENCH_STOP,))), drinks("ann"),
             {"respond": [SLEIGHT.name, I_DONT.name]}),
        {"responders": ["ann", "bob"], "alcohol": [4, 0, 0]}),
    row("A46-not-another-copy-of-itself", "002",
        "\"The Wench thinks you should stop playing with the drinks\" cannot be used to Negate "
        "another copy of \"The Wench thinks you should stop playing with the drinks.\"",
        Case((seat("ann", hand=(SLEIGHT, WENCH_STOP), drink_me=(DRAGON,)),
              seat("bob", hand=(WENCH_STOP,))), drinks("ann"),
             {"respond": [SLEIGHT.name, WENCH_STOP.name]}),
        {"offers": [("ann", (SLEIGHT.name,)), ("bob", (WENCH_STOP.name,))],
         "alcohol": [4, 0]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), DRINK_CHANGES)
def test_changing_a_drink(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- A.7 Drinks (A-48 to A-56) ------------------------------------------------------------------

DRINKS = [
    row("A48-drinks-on-piles-stay", "001",
        "Drink Cards that have been put on Drink Me! Piles remain where they are.",
        Case((seat("ann"), seat("bob", drink_me=(WINE,)), seat("cid", drink_me=(WINE,))),
             lambda tavern: order_drink(tavern, "ann"), {"order": ["bob"]},
             deck=(LIGHT,), discard=(DRAGON, DRAGON, ELVEN)),
        {"drink_me": [0, 2, 1], "deck": 3, "drink_discard": (), "gold": [9, 9, 9],
         "inn": 53}),
    row("A48-mid-chaser-pay-and-go-on", "001",
        "The Drink Deck is never out of cards, so if you run out of cards while revealing "
        "Chasers from the Drink Deck, follow the \"Running Out of Drinks\" rule above and then "
        "continue revealing Chasers.",
        Case((seat("ann"), seat("bob")), lambda tavern: drink_from_deck(tavern, "ann"),
             deck=(LIGHT_CHASER,), discard=(LIGHT, DRAGON)),
        {"alcohol": [5, 0], "gold": [9, 9], "deck": 1}),
    row("A49-drink-cards-do-not-touch-events", "001",
        "Cards that affect Drinks do not affect Drink Events unless they specifically say that "
        "they do so.",
        Case((seat("ann", hand=(SLEIGHT,), drink_me=(ROUND,)), seat("bob")), drinks("ann"),
             {"respond": [SLEIGHT.name]}, deck=(LIGHT,) * 5 + (DRAGON,)),
        {"responders": ["ann"], "alcohol": [0, 4]}),
    row("A50-chaser-after-chaser", "001",
        "If it's another Drink with a Chaser, add its effects to the original Drink and "
        "continue this process.",
        Case((seat("ann", drink_me=(DRAGON, LIGHT_CHASER, WINE_CHASER)), seat("bob")),
             drinks("ann")),
        {"alcohol": [7, 0], "drink_me": [0, 0]}),
    row("A50-ignore-the-chasers-too", "001",
        "A card that allows you to Ignore a Drink will Ignore the original Drink and all of its "
        "Chasers.",
        Case((seat("alaric", hand=(SLEIGHT,), drink_me=(DRAGON, WINE_CHASER)), seat("bob")),
             drinks("alaric"), {"respond": [SLEIGHT.name]}),
        {"alcohol": [0, 0], "drink_discard": ("Wine with a Chaser", "Dragon Breath Ale")}),
    row("A50-chaser-example-2", "001",
        "Since Round on the House is a Drink Event, it has no effect as a Chaser and is "
        "discarded. Eisinder gains 1 Alcohol Content.",
        Case((seat("eisinder", drink_me=(CONTEST,)), seat("bob")), drinks("eisinder"),
             deck=(LIGHT,) * 5 + (TEA, ROUND, LIGHT_CHASER)),
        {"alcohol": [1, 0], "gold": [11, 9],
         "drink_discard": ("Round on the House", "Light Ale with a Chaser", "Pot of Tea",
                           "Drinking Contest")}),  # the Contest's card once it resolved
    row("A52-the-howler-example", "001",
        "Since Karl is the first affected player in turn order, he puts The Howler in front of "
        "him.",
        Case((seat("karl", hand=(TRY_THIS,), drink_me=(HOWLER,)), seat("dominique")),
             drinks("karl"), {"respond": [TRY_THIS.name]}),
        {"alcohol": [1, 1], "in_front": [("The Howler",), ()], "drink_discard": ()}),
    row("A52-skip-who-ignored-it", "001",
        "Then proceed in turn order among all players who were instructed to move the Drink, "
        "skipping any players who Ignored the Drink or passed it to another player.",
        Case((seat("karl", hand=(TRY_THIS, SLEIGHT), drink_me=(HOWLER,)), seat("dominique")),
             drinks("karl"), {"respond": [TRY_THIS.name, SLEIGHT.name]}),
        {"alcohol": [0, 1], "in_front": [(), ("The Howler",)]}),
    row("A52-skip-who-passed-it", "001",
        "Then proceed in turn order among all players who were instructed to move the Drink, "
        "skipping any players who Ignored the Drink or passed it to another player.",
        Case((seat("karl", hand=(PASS_IT,), drink_me=(HOWLER,)), seat("dominique"),
              seat("cid")), drinks("karl"), {"respond": [PASS_IT.name], "whom": ["cid"]}),
        {"alcohol": [0, 0, 2], "in_front": [(), (), ("The Howler",)]}),
    row("A52-nobody-eligible-discards-it", "001",
        "If no player is eligible to take the action, the Drink goes to the Drink discard pile "
        "as normal.",
        Case((seat("karl", hand=(SLEIGHT,), drink_me=(HOWLER,)), seat("dominique")),
             drinks("karl"), {"respond": [SLEIGHT.name]}),
        {"in_front": [(), ()], "drink_discard": ("The Howler",)}),
    row("A52-round-on-the-house-to-the-active-player", "001",
        "If that happens, start with the player who controlled the Drink when it "
        "resolved, or the active player if the Drink had no single controller (like in "
        "the case of \"Round on the House\").",
        Case((seat("ann", drink_me=(ROUND,)), seat("bob"), seat("cid")), drinks("ann"),
             deck=(LIGHT,) * 5 + (HOWLER,)),
        {"alcohol": [2, 2, 2], "in_front": [("The Howler",), (), ()]}),
    row("A55-copies-affected-one-by-one", "001",
        "Players do not have an opportunity to affect the Drink before it is copied, but may "
        "affect the individual copies afterward.",
        Case((seat("ann", drink_me=(ROUND,)), seat("bob", hand=(MIXOLOGIST,)), seat("cid")),
             drinks("ann"), {"respond": [MIXOLOGIST.name],
                             "which-drink": ["3: Dragon Breath Ale (cid)"]},
             deck=(LIGHT,) * 5 + (DRAGON,)),
        {"alcohol": [4, 4, 5], "count:which-drink": 1}),
    row("A55-the-copies-carry-the-chasers", "001",
        "When a Drink is revealed for Round on the House, each player immediately receives a "
        "separate, independent copy of that Drink.",
        Case((seat("ann", drink_me=(ROUND,)), seat("bob", hand=(SLEIGHT,))), drinks("ann"),
             {"respond": [SLEIGHT.name]}, deck=(LIGHT,) * 5 + (DRAGON, WINE_CHASER)),
        {"alcohol": [6, 0], "deck": 5}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), DRINKS)
def test_drinks(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


SPLITS = [
    row("A53-split-example-1", "001",
        "The result is one Drink with 2 Alcohol Content and another with 3 Alcohol Content.",
        Case((seat("karl", hand=(TRY_THIS,), drink_me=(ELVEN,)),
              seat("valeria", hand=(MIXOLOGIST,)), seat("oozwald")), drinks("karl"),
             {"respond": [TRY_THIS.name, MIXOLOGIST.name], "whom": ["oozwald"],
              "which-drink": ["2: half of Elven Wine (oozwald)"]}),
        {"alcohol": [2, 0, 3]}),
    row("A53-split-example-2", "001",
        "Karl then plays \"You've gotta try this!\", creating two Drinks with 2 Alcohol "
        "Content each.",
        Case((seat("karl", hand=(TRY_THIS,), drink_me=(ELVEN,)),
              seat("valeria", hand=(MIXOLOGIST,)), seat("oozwald")), drinks("karl"),
             {"respond": ["pass", MIXOLOGIST.name, TRY_THIS.name], "whom": ["oozwald"]}),
        {"alcohol": [2, 0, 2]}),
    row("A53-combine-chasers-then-halve", "001",
        "To split a Drink with one or more Chasers, first combine all like numeric effects "
        "(Alcohol Content, Fortitude, drawing cards, etc.), then split each combined effect in "
        "half, rounding up.",
        Case((seat("ann", hand=(TRY_THIS,), drink_me=(LIGHT, LIGHT_CHASER)), seat("bob")),
             drinks("ann"), {"respond": [TRY_THIS.name]}),
        {"alcohol": [1, 1]}),
    row("A54-mead-example", "001",
        "Each player then drinks their half, so Oozwald gains 2 Alcohol Content and Dominique "
        "gains 3 (and a Corruption).",
        Case((seat("oozwald", drink_me=(MEAD,)), seat("dominique"),
              seat("valeria", hand=(MIXOLOGIST,))), drinks("oozwald"),
             {"respond": ["pass", MIXOLOGIST.name], "split-partner": ["dominique"],
              "which-drink": ["2: half of Mead (dominique)"]}),
        {"alcohol": [2, 3, 0]}),
    row("A54-affect-it-before-the-split", "001",
        "When players are done affecting the Drink, the player who revealed it may choose a "
        "player with whom to split it.",
        Case((seat("oozwald", drink_me=(MEAD,)), seat("dominique"),
              seat("valeria", hand=(MIXOLOGIST,))), drinks("oozwald"),
             {"respond": [MIXOLOGIST.name], "split-partner": ["valeria"]}),
        {"alcohol": [2, 0, 2], "kinds": ["respond", "split-partner"]}),
    row("A54-mead-as-a-chaser-is-not-split", "001",
        "If a self-splitting Drink is the result of a Drink Event or is revealed as a Chaser "
        "to another Drink, it may not be split with another player.",
        Case((seat("ann", drink_me=(MEAD, WINE_CHASER)), seat("bob")), drinks("ann")),
        {"alcohol": [5, 0], "count:split-partner": 0}),
    row("A54-mead-from-an-event-is-not-split", "001",
        "The player drinking the Drink takes its full effects.",
        Case((seat("ann", drink_me=(ROUND,)), seat("bob"), seat("cid")), drinks("ann"),
             deck=(LIGHT,) * 5 + (MEAD,)),
        {"alcohol": [3, 3, 3], "count:split-partner": 0}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), SPLITS)
def test_splitting(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


CONTESTS = [
    row("A56-contest-example-1", "001",
        "Karl and Alaric each gain 2 Alcohol Content (and Karl gains a Corruption), then the "
        "Drinking Contest continues.",
        Case((seat("alaric", drink_me=(CONTEST,)), seat("karl"),
              seat("valeria", hand=(MIXOLOGIST,))), drinks("alaric"),
             {"respond": [MIXOLOGIST.name], "which-drink": ["2: Light Ale (karl)"]},
             deck=(LIGHT,) * 3 + (DRAGON, LIGHT, TEA, LIGHT, WINE)),
        {"alcohol": [3, 6, 0], "gold": [9, 12, 9], "deck": 3}),
    row("A56-contest-example-2", "001",
        "Dominique gains a total of 3 Alcohol Content and Karl gains 2 Alcohol Content, but "
        "Karl still wins the Drinking Contest.",
        Case((seat("karl", hand=(TRY_THIS,), drink_me=(CONTEST,)), seat("dominique")),
             drinks("karl"), {"respond": [TRY_THIS.name]},
             deck=(LIGHT,) * 5 + (DARK, DRAGON)),
        {"alcohol": [2, 3], "gold": [11, 9]}),
    row("A56-contest-example-3", "001",
        "She reveals a Dragon Breath Ale and wins the Drinking Contest, receiving a Gold from "
        "each other player and staying in the game.",
        Case((seat("eisinder", 1, drink_me=(CONTEST,)), seat("karl"), seat("alaric")),
             then_settle(drinks("eisinder")), deck=(DRAGON,), discard=(LIGHT, LIGHT, LIGHT)),
        {"gold": [2, 8, 8], "out": [], "alcohol": [4, 1, 1], "inn": 53}),
    row("A56-ignored-drink-still-counts", "001",
        "If a Drink is split, Ignored, or given to another player, this does not affect the "
        "outcome of the contest.",
        Case((seat("ann", drink_me=(CONTEST,)), seat("bob", hand=(SLEIGHT,))), drinks("ann"),
             {"respond": [SLEIGHT.name]}, deck=(LIGHT,) * 5 + (DRAGON, WINE)),
        {"alcohol": [2, 0], "gold": [9, 11]}),
    row("A56-passed-drink-still-counts", "001",
        "If a Drink is split, Ignored, or given to another player, this does not affect the "
        "outcome of the contest.",
        Case((seat("ann", drink_me=(CONTEST,)), seat("bob", hand=(PASS_IT,))), drinks("ann"),
             {"respond": [PASS_IT.name]}, deck=(LIGHT,) * 5 + (DRAGON, WINE)),
        {"alcohol": [6, 0], "gold": [9, 11]}),
    row("A56-negative-drink-counts-zero", "001",
        "If a Drink's total Alcohol Content is less than 0 (such as Pot of Tea), it counts as "
        "a 0 Alcohol Content Drink in a Drinking Contest.",
        Case((seat("ann", alcohol=3, drink_me=(CONTEST,)), seat("bob", alcohol=2)),
             drinks("ann"), deck=(LIGHT,) * 5 + (TEA, LIGHT, CONTEST, TEA)),
        {"alcohol": [3, 1], "gold": [11, 9]}),
    row("A56-last-standing-tied-player-wins", "001",
        "If all tied players but one pass out during this process, the remaining player wins "
        "the Drinking Contest and does not continue drinking.",
        Case((seat("ann", drink_me=(CONTEST,)), seat("bob", alcohol=18)), drinks("ann"),
             deck=(LIGHT,) * 5 + (WINE, WINE)),
        {"alcohol": [2, 20], "gold": [11, 9], "deck": 5}),
    row("A56-all-tied-pass-out-no-winner", "001",
        "If all tied players pass out during this process, the Drinking Contest has no winner.",
        Case((seat("ann", alcohol=18, drink_me=(CONTEST,)), seat("bob", alcohol=18)),
             drinks("ann"), deck=(LIGHT,) * 5 + (WINE, WINE)),
        {"alcohol": [20, 20], "gold": [10, 10], "said:no winner": True}),
    row("A56-win-then-pass-out", "001",
        "If a player would win the Drinking Contest and pass out at the same time, that player "
        "collects Gold for winning the contest, then passes out.",
        Case((seat("ann", alcohol=17, drink_me=(CONTEST,)), seat("bob"), seat("cid")),
             then_settle(drinks("ann")), deck=(LIGHT,) * 5 + (LIGHT, LIGHT, DRAGON)),
        {"out": ["ann"], "gold": [0, 12, 12], "inn": 56}),
    row("A56-passed-out-losers-still-pay", "001",
        "Players who lose the game in this way still must pay one Gold to the winner of the "
        "Drinking Contest before splitting their Gold.",
        Case((seat("ann", drink_me=(CONTEST,)), seat("bob", alcohol=19), seat("cid")),
             then_settle(drinks("ann")), deck=(LIGHT,) * 5 + (LIGHT, LIGHT, DRAGON)),
        {"out": ["bob"], "gold": [14, 0, 11], "inn": 55}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), CONTESTS)
def test_drinking_contest(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- A.8 limits (A-57) ------------------------------------------------------------------------

LIMITS = [
    row("A57-fleck-and-valeria", "001",
        "Valeria cannot lose 1 Alcohol Content, since she is already at 0, but she still must "
        "pay Fleck 1 Gold.",
        Case((seat("fleck", hand=(SAD_SONG,)), seat("valeria"), seat("karl", alcohol=3)),
             acts("fleck")),
        {"alcohol": [0, 0, 2], "gold": [12, 9, 9]}),
    row("A57-substitute-gold-for-the-inn", "001",
        "If the Inn runs out of Gold Pieces, use some other markers as a substitute.",
        Case((seat("ann", hand=(WINDFALL,)), seat("bob")), acts("ann"), inn=1),
        {"gold": [13, 10], "inn": -2}),
    row("A57-fortitude-within-bounds", "001",
        "Your Fortitude and Alcohol Content can never go below 0 or above 20.",
        Case((seat("ann", fortitude=19, hand=(HEAL,)), seat("bob")), acts("ann")),
        {"fortitude": [20, 20]}),
    row("A57-fortitude-never-below-zero", "001",
        "Your Fortitude and Alcohol Content can never go below 0 or above 20.",
        Case((seat("ann", hand=(BIG_HIT,)), seat("bob", fortitude=1)), acts("ann")),
        {"fortitude": [20, 0]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), LIMITS)
def test_limits(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- A.9 gambling (A-58 to A-73; the rulebook's example is in tests/test_tavern_rdi.py) ---------

def gambling_default(decision: Decision[Any]) -> Any:
    """Start the Round when asked for an Action; pass everything else."""
    if decision.kind == "action" and IM_IN.name in decision.options:
        return IM_IN.name
    return "pass" if "pass" in decision.options else decision.options[0]


def gambling(players: tuple[Player, ...], starter: str, plays: list[str],
             start: Start | None = None, **answers: list[Any]) -> Case:
    return Case(players, start or acts(starter), {"gamble": plays, **answers},
                default=gambling_default)


GAMBLING = [
    row("A58-the-ante-is-losing-gold", "001",
        "This counts as \"losing Gold\" for the purpose of cards which affect that.",
        gambling((seat("karl", hand=(IM_IN,)), seat("alaric", hand=(HAGGLE,))), "karl",
                 [], respond=[HAGGLE.name]),
        {"gold": [10, 10], "pot": 0, "inn": 50}),
    row("A60-clockwise-from-the-starter", "001",
        "Play proceeds clockwise around the table from the player who started the Round.",
        gambling((seat("ann", hand=(IM_IN,)), seat("bob", hand=(IM_IN,)),
                  seat("cid", hand=(IM_IN,)), seat("dee", hand=(IM_IN,))), "cid",
                 ["pass", "pass", "pass"]),
        {"gamblers": ["dee", "ann", "bob"], "gold": [9, 9, 13, 9]}),
    row("A63-the-round-ends-at-the-last-pass", "001",
        "As soon as the last player passes, the Round of Gambling ends immediately.",
        gambling((seat("karl", hand=(IM_IN, IM_IN)), seat("alaric", hand=(IM_IN, IM_IN)),
                  seat("eisinder", hand=(IM_IN,))), "karl", [IM_IN.name, "pass", "pass"]),
        {"gamblers": ["alaric", "eisinder", "karl"], "gold": [9, 12, 9], "pot": 0}),
    row("A64-a-card-says-you-win", "001",
        "If a card effect says that you win the Round, the Round ends immediately, and you "
        "take the anted Gold.",
        gambling((seat("karl", hand=(IM_IN, IM_IN)), seat("alaric", hand=(LUCKY_DRAW,)),
                  seat("eisinder", hand=(IM_IN,))), "karl", [LUCKY_DRAW.name]),
        {"gamblers": ["alaric"], "gold": [9, 12, 9]}),
    row("A65-the-starter-goes-on-to-order", "001",
        "The player who started the Round moves on to their Order a Drink Phase.",
        gambling((seat("karl", hand=(IM_IN, HAYMAKER)), seat("alaric", hand=(IM_IN,)),
                  seat("eisinder")), "karl", ["pass"], start=turn, discard=["pass"],
                 order=["eisinder"]),
        {"kinds": ["discard", "action", "gamble", "order"], "gold": [12, 9, 9],
         "drink_me": [0, 0, 1], "hand": [1, 1, 0]}),
    row("A68-a-leaver-antes-no-more", "001",
        "You are no longer affected by cards that require you to ante, such as \"I raise!\" "
        "Any Gold that you previously anted stays in the pot.",
        gambling((seat("karl", hand=(IM_IN,)), seat("dominique", hand=(DIVING_SUIT, IM_IN)),
                  seat("alaric", hand=(IM_IN,)), seat("eisinder", hand=(RAISE,))), "karl",
                 [DIVING_SUIT.name, "pass", RAISE.name, "pass"]),
        {"gamblers": ["dominique", "alaric", "eisinder", "alaric"],
         "gold": [8, 9, 8, 15], "pot": 0}),
    row("A71-broke-gambler-stays-in-till-the-end", "001",
        "If you run out of Gold during a Round of Gambling, you will remain in the game at "
        "least until the Round of Gambling ends, even if you leave the Round of Gambling or are "
        "forced out.",
        gambling((seat("karl", hand=(IM_IN,)), seat("alaric", 1, hand=(IM_IN,)),
                  seat("eisinder")), "karl", [IM_IN.name],
                 start=lambda tavern: action_phase(tavern, "karl")),
        {"gold": [9, 3, 9], "out": [], "gold@gamble": [9, 0, 9]}),
    row("A71-broke-gambler-who-loses-is-out", "001",
        "If you do not win the Round of Gambling, you are out of Gold and out of the game!",
        gambling((seat("karl", hand=(IM_IN,)), seat("alaric", 1, hand=(IM_IN,)),
                  seat("eisinder")), "karl", ["pass"],
                 start=lambda tavern: action_phase(tavern, "karl")),
        {"gold": [12, 0, 9], "out": ["alaric"]}),
    row("A73-negated-start-no-round", "002",
        "If you Negate it as someone's Action Card for the turn, the Round of Gambling never "
        "happens.",
        gambling((seat("karl", hand=(IM_IN,)), seat("alaric", hand=(NO, IM_IN))), "karl", [],
                 respond=[NO.name]),
        {"gamblers": [], "gold": [10, 10], "pot": 0, "discards": [(IM_IN.name,), (NO.name,)]}),
    row("A73-negated-mid-round-is-a-pass", "002",
        "If you Negate it during a Round of Gambling that has already started, it counts as "
        "though the player who played it passed, and the Round of Gambling continues.",
        gambling((seat("karl", hand=(IM_IN, NO)), seat("alaric", hand=(IM_IN,)),
                  seat("eisinder", hand=(IM_IN,))), "karl", [IM_IN.name, "pass"],
                 respond=[NO.name]),
        {"gamblers": ["alaric", "eisinder"], "gold": [12, 9, 9]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), GAMBLING)
def test_gambling(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- A.10 losing (A-75 to A-80; the Gold split and ties are in tests/test_tavern_rdi.py) -----

LOSING = [
    row("A77-finish-resolving-first", "001",
        "First, finish resolving any cards that have been played but have not yet resolved.",
        Case((seat("ann", hand=(KNOCKOUT,)), seat("bob"), seat("cid")),
             then_settle(acts("ann")), {"target": ["bob"]}),
        {"out": ["bob"], "gold": [13, 0, 12], "inn": 55}),
    row("A77-last-chance-anytime", "001",
        "After these cards resolve, you have one last chance to play Sometimes or Anytime "
        "Cards to save yourself or attack others.",
        Case((seat("ann", fortitude=10, alcohol=10, hand=(SECOND_WIND,)), seat("bob")),
             settle, {"anytime": [SECOND_WIND.name]}),
        {"out": [], "fortitude": [13, 20]}),
    row("A77-last-chance-sometimes", "001",
        "After these cards resolve, you have one last chance to play Sometimes or Anytime "
        "Cards to save yourself or attack others.",
        Case((seat("ann", fortitude=10, alcohol=10, hand=(LAST_STAND,)), seat("bob")),
             settle, {"anytime": [LAST_STAND.name]}),
        {"out": [], "fortitude": [12, 20]}),
    row("A77-no-save-no-stay", "001", "If you can't save yourself, then you're out of the game.",
        Case((seat("ann", fortitude=10, alcohol=10, hand=(SECOND_WIND,)), seat("bob")),
             settle, {"anytime": ["pass"]}),
        {"out": ["ann"], "gold": [0, 15]}),
    row("A78-drink-me-pile-to-the-discards", "001",
        "If you have any cards in your Drink Me! Pile when you lose, put them in the "
        "appropriate discard pile(s).",
        Case((seat("ann", 0, drink_me=(WINE, DRAGON)), seat("bob"), seat("cid")), settle),
        {"out": ["ann"], "drink_me": [0, 0, 0], "drink_discard": ("Wine", "Dragon Breath Ale")}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), LOSING)
def test_losing(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- A.11 targeting (A-85) -------------------------------------------------------------------

TARGETING = [
    row("A85-another-player-is-not-you", "001",
        "If a card requires you to pick one or more other players (using the phrase \"another "
        "player\" or \"other player[s]\"), you must pick players who aren't on your team.",
        Case((seat("ann", hand=(HAYMAKER,)), seat("bob"), seat("cid")), acts("ann"),
             {"target": ["cid"]}),
        {"options:target": ("bob", "cid"), "fortitude": [20, 20, 18]}),
    row("A85-pick-a-player-may-be-you", "001",
        "If a card says to \"pick a player\" (like \"Tip the Wench\"), you may choose any "
        "player, including a teammate or yourself.",
        Case((seat("ann", hand=(TIP,)), seat("bob"), seat("cid")), acts("ann"),
             {"target": ["ann"]}),
        {"options:target": ("ann", "bob", "cid"), "gold": [9, 10, 10], "inn": 51}),
    row("A85-each-other-player", "001",
        "If a card affects \"each other player\", it affects each player that isn't on your "
        "team.",
        Case((seat("ann", hand=(CURSED_TOME,)), seat("bob"), seat("cid")), acts("ann")),
        {"fortitude": [20, 19, 19], "count:target": 0}),
    row("A85-each-player-including-you", "001",
        "When a player plays a card that affects \"each player (including you)\", each team "
        "chooses a Champion to take the effect.",
        Case((seat("ann", hand=(EVERYONE,)), seat("bob"), seat("cid")), acts("ann")),
        {"fortitude": [19, 19, 19], "count:champion": 0}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), TARGETING)
def test_targeting(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- rules the engine has no words for yet ----------------------------------------------------

GERKI = Card("Um...I know you think you won, but... (test)", CardKind.SOMETIMES,
             (Step(Verb.TAKE_POT),))
GOLD_SHIELD = Card("A stand-up stand-in (test)", CardKind.SOMETIMES,
                   (Step(Verb.IGNORE, target=Target.CARD, stat=Stat.GOLD),))
FRESH_AIR = Card("I think you need some fresh air (test)", CardKind.ACTION,
                 (Step(Verb.END_TURN, who=Who.YOU), Step(Verb.END_TURN, who=Who.TARGET)))
NAP = Card("Bat nap (test)", CardKind.ACTION, (Step(Verb.END_TURN, who=Who.YOU),))
FILLER = Card("Filler (test)", CardKind.ACTION)
ARM_WRESTLING = Card("I won this in an arm-wrestling contest (test)", CardKind.SOMETIMES,
                     (Step(Verb.FROM_INN),))
TIP = Card("Tip the Wench (test)", CardKind.ACTION,
           (Step(Verb.PAY, 1, Who.ANY, to_inn=True), Step(Verb.FORTITUDE, 2, Who.YOU)))
MUG = Card("Hand it over (test)", CardKind.ACTION, (Step(Verb.PAY, 2, Who.TARGET),))
READING_ALE = Drink("Scholar's Stout (test)", 1, draw=1)
READING_CHASER = Drink("Scholar's Stout with a Chaser (test)", 1, chaser=True, draw=2)


def whole_turn(name: str) -> Start:
    from tales.tavern.rdi.rules import turn

    return lambda tavern: turn(tavern)


RULES_LATE = [
    row("A43-example-4-taking-the-pot", "001",
        "At the end of the Round, Gerki (from the original Red Dragon Inn game) plays "
        "\"Um...I know you think you won, but...\" to take the pot.",
        Case((seat("alaric", hand=(IM_IN, GOLD_SHIELD)), seat("gerki", hand=(GERKI,))),
             acts("alaric"), {"respond": [GERKI.name]}),
        {"gold": [9, 11], "pot": 0, "said:gerki takes the pot": True,
         "offers": [("gerki", (GERKI.name,))]}),
    row("A43-example-4-no-gold-ignore-on-taking-the-pot", "001",
        "Alaric may not play \"A stand-up stand-in\" here, because Gerki's card is not "
        "directly changing Alaric's Gold.",
        Case((seat("alaric", hand=(IM_IN, GOLD_SHIELD)), seat("gerki", hand=(GERKI,))),
             acts("alaric"), {"respond": [GERKI.name]}),
        {"figures:respond": ["gerki"]}),
    row("A51-drinks-that-draw", "001",
        "If a Drink includes multiple such effects due to Chasers or other effects added "
        "to the Drink, resolve them in the order of your choice.",
        Case((seat("ann", drink_me=(READING_ALE, READING_CHASER), deck=(FILLER,) * 5),
              seat("bob")), drinks("ann")),
        {"hand": [3, 0], "alcohol": [2, 0]}),
    row("A40-own-payment-from-the-inn", "001",
        "You may still use cards that reduce payments or pay with Gold from the Inn, however.",
        Case((seat("ann", hand=(TIP, ARM_WRESTLING)), seat("bob")), acts("ann"),
             {"target": ["ann"], "respond": [ARM_WRESTLING.name]}),
        {"gold": [10, 10], "inn": 50, "fortitude": [20, 20]}),
    row("B05-teammate-pays-from-the-inn", "001",
        "Valeria's teammate Eisinder plays \"I won this in an arm-wrestling contest\" so "
        "that Valeria can pay with Gold from the Inn.",
        Case((seat("karl", hand=(MUG,)), seat("valeria", team="v"),
              seat("eisinder", team="v", hand=(ARM_WRESTLING,))), acts("karl"),
             {"target": ["valeria"], "respond": [ARM_WRESTLING.name]}),
        {"gold": [12, 10, 10], "inn": 48}),
    row("A87-the-turn-ends-for-both", "001",
        "If a player's turn would prematurely end, that player (and only that player) "
        "stops taking game actions.",
        Case((seat("jasper", hand=(FRESH_AIR,), drink_me=(LIGHT,)),
              seat("bob", drink_me=(LIGHT,))), acts("jasper")),
        {"said:jasper's turn ends now": True, "said:bob's turn ends now": True}),
    row("A87-the-remaining-phases-are-skipped", "001",
        "If a player's turn would prematurely end, that player (and only that player) "
        "stops taking game actions.",
        Case((seat("vlazlo", hand=(NAP,), drink_me=(DRAGON,)), seat("bob")),
             whole_turn("vlazlo"), {"action": [NAP.name]}),
        {"alcohol": [0, 0], "drink_me": [1, 0], "count:order": 0}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), RULES_LATE)
def test_late_rules(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)
