"""Six characters of the Character Compendium (seed 000; Amundyr also in seed 002) as case
tables: Amundyr the Cursed (Scarabs), Zakhan the Drunken Master (Drunken Chi), the Lich King
(fingers), Pooky the Vicious (his mood), Murgath the Blessed (Blessings) and Lucky the
Scofflaw (Heat). One row per ruling, each quoting the seed sentence that states it, the
seeds' examples for these characters among them; then random games with their sample decks
(``decks/characters/``) mixed with every other bundled deck.

Each row is a small table (players in seat order, a Drink Deck whose top is its last card), a
rule to run, scripted answers for the Decisions it asks (the rest: "pass" when offered, else
the first option; shuffles keep the order) and the values the ruling determines (see
:func:`look`). The cards played are the sample decks' (titles ending "(sample)") or fixtures
ending "(test)" or titled as the seeds' examples, with the effect the example gives them.
Rows the engine cannot carry out are strict xfails: "ENGINE GAP" when it has no way to say
the rule, "ENGINE BUG" when it says it wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tales.engine.game import Game, random_policy
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi import characters
from tales.tavern.rdi.characters import lich_king, lucky, murgath, zakhan
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.drinks import drink_phase, round_on_the_house
from tales.tavern.rdi.effects import anytime, play_card
from tales.tavern.rdi.gambling import gambling_round
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Drink,
    DrinkEvent,
    Mode,
    Player,
    Stat,
    Step,
    Target,
    Tavern,
    Variant,
    Verb,
    Who,
)
from tales.tavern.rdi.rules import (
    CharacterDeck,
    discard_and_draw,
    play_game,
    resolve_losses,
    set_up,
    settle,
    turn,
)
from tales.tavern.rdi.stats import gold

from ._play import run, table
from ._seeds import row

DECKS = Path(__file__).resolve().parents[2] / "decks"
MINE = ("amundyr", "zakhan", "lich_king", "pooky", "murgath", "lucky")
SAMPLE = {name: load_character(DECKS / "characters" / f"{name}.toml") for name in MINE}
CARDS = {c.name: c for deck in SAMPLE.values() for c in deck.cards}


def card(title: str) -> Card:
    """A card of the sample decks, by its title without " (sample)"."""
    return CARDS[f"{title} (sample)"]


# --- Drinks and fixtures ----------------------------------------------------------------------

LIGHT = Drink("Light Ale", 1)
DARK = Drink("Dark Ale", 1)
WINE = Drink("Wine", 2)
ELVEN = Drink("Elven Wine", 3)
TEA = Drink("Pot of Tea", -1)
LIGHT_CHASER = Drink("Light Ale with a Chaser", 1, chaser=True)
ROUND = Drink("Round on the House", event=DrinkEvent.ROUND_ON_THE_HOUSE)


def sometimes(name: str, *steps: Step) -> Card:
    return Card(name, CardKind.SOMETIMES, steps)


def action_card(name: str, *steps: Step) -> Card:
    return Card(name, CardKind.ACTION, steps)


HAYMAKER = action_card("Haymaker (test)", Step(Verb.FORTITUDE, -2, Who.TARGET))
BOOZE = action_card("Have as much as you want. Just be warned, it's strong! (test)",
                    Step(Verb.ALCOHOL, 3, Who.TARGET))
DRUNKER = action_card("Look into my eyes—you're getting drunker! (test)",
                      Step(Verb.ALCOHOL, 2, Who.TARGET))
FINE = action_card("Fine (test)", Step(Verb.PAY, 1, Who.TARGET))
#: Wizgille's "Silly me!" with its Gear added: one card, two damage effects.
SILLY_ME = action_card("Silly me! I didn't realize my dart shooter was loaded! (test)",
                       Step(Verb.FORTITUDE, -2, Who.TARGET), Step(Verb.FORTITUDE, -1, Who.TARGET))
SILLY_ME_SPLIT = action_card("Silly me! with a loose gear (test)",
                             Step(Verb.FORTITUDE, -2, Who.TARGET),
                             Step(Verb.FORTITUDE, -1, Who.ANY))
DUCK = sometimes("Ink spray (test)", Step(Verb.IGNORE, target=Target.ACTION))
THICK_SKIN = sometimes("Thick skin (test)", Step(Verb.REDUCE, 1, stat=Stat.FORTITUDE))
STONE_SKIN = sometimes("Stone skin (test)", Step(Verb.REDUCE, 4, stat=Stat.FORTITUDE))
NOT_THE_FACE = sometimes("Not the face! Someone else's face! (test)", Step(Verb.REDIRECT))
SPINE = sometimes("You cracked the spine! (test)", Step(Verb.HIT_BACK, 0))
SHOW_YOU = sometimes("Now I'll show you why I'm called 'the Mindbreaker!' (test)",
                     Step(Verb.HIT_BACK, 2))
I_DONT = sometimes("I don't think so! (test)", Step(Verb.NEGATE, target=Target.SOMETIMES))
NO = sometimes("No! (test)", Step(Verb.NEGATE, target=Target.ACTION))
WENCH_STOP = sometimes("The Wench thinks you should stop playing with the drinks (test)",
                       Step(Verb.NEGATE, target=Target.DRINK_CHANGE))
NOT_MY_FORTITUDE = sometimes("Not my Fortitude (test)",
                             Step(Verb.IGNORE, target=Target.CARD, stat=Stat.FORTITUDE))
#: Phrenk's Acid Spit Potion played in answer to a card aimed at him: Pooky loses 1.
ACID_SPIT = sometimes("Acid Spit Potion (test)", Step(Verb.REDUCE, 0, stat=Stat.FORTITUDE),
                      Step(Verb.FORTITUDE, -1, Who.TARGET))
FILLER = action_card("Filler (test)")
RAISE = Card("I raise! (test)", CardKind.GAMBLING, (Step(Verb.ANTE, 1),))

CHOO = card("Ah-choo!")
ITSY = card("I see you've met Itsy and Bitsy!")
MESS = card("Sorry about the mess")
HAT = card("You knocked off my hat!")
FIST = card("Drunken fist")
STRIKE = card("Staggering strike")
TEETH = card("Nasty big pointy teeth")
CUTE = card("Who are you calling cute?")
COMPANY = card("Pooky enjoys the 'company' of other animals")
HELMET = card("Good thing Pooky was wearing Dimli's great-grandfather's helmet!")
ZOT = card("Not now, Zot needs Pooky")
SMITE = card("Smite the meek")
CLEAVE = card("Cleave")
MENDING = card("Blessing of mending")
SHIELD = card("Blessing of the shield")
CLARITY = card("Blessing of clarity")
BARREL = card("Barrel roll")
STASH = card("Smuggler's stash")
POINT = card("Point of no return")
REST = zakhan.REST.name
FINGER_FORTITUDE, FINGER_ALCOHOL, FINGER_DRINK, FINGER_EVENT = (
    c.name for c in lich_king.IGNORES)


# --- seats ------------------------------------------------------------------------------------


def seat(name: str, gold: int = 10, tokens: Mapping[str, int] | None = None,
         **fields: Any) -> Player:
    return Player(name, "x", gold, tokens=tuple(sorted((tokens or {}).items())), **fields)


def amundyr(name: str = "amy", **fields: Any) -> Player:
    return seat(name, mechanics="amundyr", **fields)


def zak(name: str = "zak", chi: int = 0, **fields: Any) -> Player:
    return seat(name, mechanics="zakhan", tokens={"chi": chi}, **fields)


def lich(name: str = "lich", fingers: int = 5, ringed: int = 2, gold: int = 12,
         also: Mapping[str, int] | None = None, **fields: Any) -> Player:
    fields.setdefault("fortitude", 13)
    tokens = {"finger": fingers, "ringed": ringed, "detached": 5 - fingers, **(also or {})}
    return seat(name, gold, {k: v for k, v in tokens.items() if v}, mechanics="lich_king",
                **fields)


def pooky(name: str = "pooky", mood: int = 1, **fields: Any) -> Player:
    return seat(name, mechanics="pooky", tokens={"mood": mood}, **fields)


def murg(name: str = "mur", **fields: Any) -> Player:
    return seat(name, mechanics="murgath", **fields)


def lucky_seat(name: str = "lucky", heat: int = 0, **fields: Any) -> Player:
    return seat(name, mechanics="lucky", tokens={"heat": heat}, **fields)


# --- running a case ---------------------------------------------------------------------------

Start = Callable[[Tavern], Resolution[Tavern]]


@dataclass(frozen=True)
class Case:
    """A table and the rule run on it."""

    players: tuple[Player, ...]
    start: Start
    answers: Mapping[str, list[Any]] = field(default_factory=dict)
    deck: tuple[Drink, ...] = (LIGHT,) * 10
    inn: int = 50
    active: int = 0
    scarabs: int = 12  # Amundyr's supply
    blessings: tuple[Card, ...] = ()  # the Blessing Deck, top last
    blessing_discards: tuple[Card, ...] = ()


def plays(name: str, played: Card, target: str | None = None) -> Start:
    """``name`` plays ``played`` (from no hand) on ``target``."""
    def start(tavern: Tavern) -> Resolution[Tavern]:
        tavern, _ = yield from play_card(tavern, name, played, target)
        return tavern
    return start


def then(first: Start, second: Start) -> Start:
    def both(tavern: Tavern) -> Resolution[Tavern]:
        tavern = yield from first(tavern)
        return (yield from second(tavern))
    return both


def settled(tavern: Tavern) -> Resolution[Tavern]:
    return (yield from settle(tavern))


def losses(tavern: Tavern) -> Resolution[Tavern]:
    return resolve_losses(tavern)
    yield  # pragma: no cover


def drinks(name: str) -> Start:
    return lambda tavern: drink_phase(tavern, name)


def whose_turn(tavern: Tavern) -> Resolution[Tavern]:
    return (yield from turn(tavern))


def turn_ends(owner: str, ended: str) -> Start:
    """The end-of-turn rules of every character, for ``ended``'s turn."""
    def start(tavern: Tavern) -> Resolution[Tavern]:
        for player, rules in characters.every(tavern):
            tavern = yield from rules.end_of_turn(tavern, player.name, ended)
        return tavern
    return start


def gambles(starter: str) -> Start:
    return lambda tavern: gambling_round(tavern, starter)


def anytimes(first: str) -> Start:
    return lambda tavern: anytime(tavern, first)


def decisions(asked: list[Decision[Any]], kind: str) -> list[Decision[Any]]:
    return [d for d in asked if d.kind == kind]


def look(key: str, tavern: Tavern, asked: list[Decision[Any]]) -> Any:
    """What ``key`` reads: per seat (``fortitude``, ``alcohol``, ``gold``, ``hand``,
    ``discards``, ``<token>`` counts such as ``scarab`` or ``mood``, ``hand:<card title>``),
    the table (``inn``, ``out``, ``supply``, ``blessings``, ``blessing discards``), the
    Decisions asked (``offers``, ``kinds``, ``figures:<kind>``, ``options:<kind>``,
    ``count:<kind>``), the log (``said:<text>``); ``<key>@<kind>`` reads ``key`` on the table
    as it was at the first Decision of that kind."""
    if "@" in key:
        what, kind = key.split("@")
        return look(what, decisions(asked, kind)[0].state, [])
    what, _, arg = key.partition(":")
    players = tavern.players
    readers: dict[str, Callable[[], Any]] = {
        "fortitude": lambda: [p.fortitude for p in players],
        "alcohol": lambda: [p.alcohol for p in players],
        "gold": lambda: [p.gold for p in players],
        "hand": lambda: ([sum(c.name == arg for c in p.hand) for p in players] if arg
                         else [len(p.hand) for p in players]),
        "discards": lambda: [len(p.discard) for p in players],
        "inn": lambda: tavern.inn,
        "out": lambda: [p.name for p in players if p.out],
        "supply": lambda: tavern.left("scarab"),
        "blessings": lambda: len(tavern.pile("blessings")),
        "blessing discards": lambda: len(tavern.pile("blessings discard")),
        "offers": lambda: [(d.figure, tuple(o for o in d.options if o != "pass"))
                           for d in decisions(asked, "respond")],
        "kinds": lambda: [d.kind for d in asked if d.decider is Decider.PLAYER],
        "figures": lambda: [d.figure for d in decisions(asked, arg)],
        "options": lambda: decisions(asked, arg)[0].options,
        "count": lambda: len(decisions(asked, arg)),
        "said": lambda: any(arg in line for line in tavern.log),
    }
    if what in readers:
        return readers[what]()
    return [p.count(what) for p in players]


def check(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    piles = {"blessings": case.blessings, "blessings discard": case.blessing_discards}
    tavern = table(list(case.players), deck=case.deck, inn=case.inn, active=case.active,
                   supply=(("scarab", case.scarabs),),
                   piles=tuple(sorted((k, v) for k, v in piles.items() if v)))
    asked: list[Decision[Any]] = []
    final = run(case.start(tavern), {k: list(v) for k, v in case.answers.items()},
                asked=asked)
    got = {key: look(key, final, asked) for key in expected}
    assert got == dict(expected), quote


def gap(reason: str, param: Any) -> Any:
    """A row the engine cannot carry out yet: a strict xfail."""
    return pytest.param(*param.values, id=param.id,
                        marks=pytest.mark.xfail(strict=True, reason=reason))


OWN_CARD = ("ENGINE BUG: timing.uses never lets a player Ignore a card they played "
            "themselves (`m == played.source`), and never offers an Ignore to a player a "
            "loss was redirected to (only the card's original targets are 'involved'); the "
            "seeds let a player Ignore their own card where it affects them (only dodging "
            "your own Gold payment is forbidden, A-40)")


# --- Amundyr the Cursed -----------------------------------------------------------------------

AMUNDYR = [
    row("amundyr-cards-give-scarabs", "000",
        "Many of Amundyr's cards cause players to gain Scarab Tokens.",
        Case((amundyr(), seat("bob")), plays("amy", ITSY, "bob")),
        {"fortitude": [20, 19], "scarab": [0, 2], "supply": 10}),
    row("amundyr-bite-at-the-end-of-a-turn", "000",
        "At the end of a player's turn, if that player has one or more Scarab Tokens (and "
        "isn't Amundyr herself), they return one Scarab Token to Amundyr and lose one "
        "Fortitude.",
        Case((amundyr(), seat("bob", tokens={"scarab": 2})), whose_turn, active=1,
             scarabs=10),
        {"fortitude": [20, 19], "scarab": [0, 1], "supply": 11}),
    row("amundyr-no-bite-on-her-turn", "000",
        "Scarab Tokens in Amundyr's supply do not cause damage at the end of her turn.",
        Case((amundyr(), seat("bob", tokens={"scarab": 2})), whose_turn, scarabs=10),
        {"fortitude": [20, 20], "scarab": [0, 2], "supply": 10}),
    row("amundyr-ignore-the-bite-as-an-action", "000",
        "A player may reduce or Ignore Scarab damage as though it came from an Action Card "
        "played by Amundyr.",
        Case((amundyr(), seat("bob", hand=(DUCK,), tokens={"scarab": 1})), whose_turn,
             {"respond": [DUCK.name]}, active=1, scarabs=11),
        {"offers": [("bob", (DUCK.name,))], "fortitude": [20, 20]}),
    row("amundyr-reduced-bite-still-returns", "000",
        "If a player reduces or Ignores Scarab damage, that player still returns one of their "
        "Scarab Tokens to Amundyr.",
        Case((amundyr(), seat("bob", hand=(THICK_SKIN,), tokens={"scarab": 2})), whose_turn,
             {"respond": [THICK_SKIN.name]}, active=1, scarabs=10),
        {"fortitude": [20, 20], "scarab": [0, 1], "supply": 11}),
    row("amundyr-no-hit-back-after-a-bite", "000",
        "They may not play \"hit-back\" cards after taking Scarab damage, however.",
        Case((amundyr(), seat("bob", hand=(SPINE,), tokens={"scarab": 1})), whose_turn,
             active=1, scarabs=11),
        {"count:hit-back": 0, "fortitude": [20, 19]}),
    row("amundyr-no-redirect-offered", "002",
        "Players may not play “hit-back” cards after taking Scarab damage, nor may they "
        "redirect Scarab damage to another player.",
        Case((amundyr(), seat("bob", hand=(NOT_THE_FACE,), tokens={"scarab": 1}),
              seat("cid")), turn_ends("amy", "bob"), scarabs=11),
        {"offers": []}),
    row("amundyr-eat-up-my-pretties", "002",
        "Players with Scarabs lose 1 Fortitude each and return 1 Scarab each, regardless of "
        "how many Scarabs they have.",
        Case((amundyr(), seat("bob", tokens={"scarab": 3}), seat("cid"),
              seat("dee", tokens={"scarab": 1})),
             plays("amy", card("Eat up my pretties! We don't have all night!")), scarabs=8),
        {"fortitude": [20, 19, 20, 19], "scarab": [0, 2, 0, 0], "supply": 10}),
    row("amundyr-giving-is-not-affecting-fortitude", "000",
        "A card that gives a player Scarab Tokens without also altering their Fortitude, such "
        "as \"Sorry about the mess\", does not count as affecting that player's Fortitude.",
        Case((amundyr(), seat("bob", hand=(NOT_MY_FORTITUDE,))), plays("amy", MESS, "bob")),
        {"offers": [], "scarab": [0, 2]}),
    row("amundyr-gives-what-she-has", "000",
        "If she doesn't have enough, she gives out the amount that she is able.",
        Case((amundyr(), seat("bob"), seat("cid", tokens={"scarab": 11})),
             plays("amy", ITSY, "bob"), scarabs=1),
        {"scarab": [0, 1, 11], "supply": 0, "count:reclaim": 0}),
    row("amundyr-none-left-to-give", "000",
        "If a card instructs a player to gain Scarab Tokens, but Amundyr doesn't have any "
        "left, she simply doesn't give those tokens.",
        Case((amundyr(), seat("bob"), seat("cid", tokens={"scarab": 12})),
             plays("amy", ITSY, "bob"), scarabs=0),
        {"fortitude": [20, 19, 20], "scarab": [0, 0, 12], "supply": 0}),
    row("amundyr-scarabs-persist", "000",
        "If Amundyr loses the game, any Scarab Tokens on other players persist and affect the "
        "game normally.",
        Case((amundyr(out=True, gold=0), seat("bob", tokens={"scarab": 2})), whose_turn,
             active=1, scarabs=10),
        {"fortitude": [20, 19], "scarab": [0, 1], "supply": 11}),
    row("amundyr-a-loser-returns-them", "000",
        "If a player with Scarab Tokens loses the game, they return those Scarab Tokens to "
        "Amundyr.",
        Case((amundyr(), seat("bob", alcohol=20, tokens={"scarab": 3}), seat("cid")), losses,
             scarabs=9),
        {"out": ["bob"], "scarab": [0, 0, 0], "supply": 12}),
    row("amundyr-team-bites-one-at-a-time", "002",
        "At the end of a team’s turn, any players on that team with Scarabs resolve one "
        "Scarab each, and those Scarabs resolve separately, so the team may not Ignore them "
        "all at once.",
        Case((amundyr(), seat("bob", hand=(DUCK,), team="t", tokens={"scarab": 1}),
              seat("cid", team="t", gold=0, tokens={"scarab": 1})), turn_ends("amy", "bob"),
             {"respond": [DUCK.name]}, scarabs=10),
        {"count:respond": 1, "fortitude": [20, 19, 20], "scarab": [0, 0, 0], "supply": 12}),
    row("amundyr-ink-spray-example", "002",
        "Daareka does not lose Fortitude and does not get a Scarab, but the other players do, "
        "since Amundyr’s card affects them normally when it resolves.",
        Case((amundyr(), seat("daareka", hand=(DUCK,)), seat("vlazlo"), seat("torg")),
             plays("amy", CHOO), {"respond": [DUCK.name]}),
        {"fortitude": [20, 20, 19, 19], "scarab": [0, 0, 1, 1]}),
    row("amundyr-timing-example-3", "002",
        "Once that card takes effect, Amundyr’s card resolves, causing each of her opponents "
        "to lose 1 Fortitude and gain a Scarab (except for Vlazlo, who only gains a Scarab).",
        Case((amundyr(), seat("vlazlo", hand=(THICK_SKIN,)), seat("daareka", hand=(SHOW_YOU,))),
             plays("amy", CHOO), {"respond": [THICK_SKIN.name], "hit-back": [SHOW_YOU.name]}),
        {"fortitude@hit-back": [20, 20, 19], "fortitude": [18, 20, 19], "scarab": [0, 1, 1]}),
    row("amundyr-hat-example", "002",
        "Amundyr’s card causes Vlazlo to get the Scarabs, not Torglesnarf.",
        Case((seat("vlazlo"), seat("torg", hand=(NOT_THE_FACE,)), amundyr(hand=(HAT,))),
             plays("vlazlo", action_card("I'm not a veeble old man! (test)",
                                         Step(Verb.FORTITUDE, -3, Who.TARGET)), "torg"),
             {"respond": [NOT_THE_FACE.name], "whom": ["amy"], "hit-back": [HAT.name]}),
        {"fortitude": [19, 20, 17], "scarab": [2, 0, 0]}),
    row("amundyr-negated-hat-example", "002",
        "Amundyr’s card is Negated, so it has no effect. Vlazlo gets no Scarabs.",
        Case((seat("vlazlo", hand=(I_DONT,)), amundyr(hand=(HAT,))),
             plays("vlazlo", action_card("I'm not a veeble old man! (test)",
                                         Step(Verb.FORTITUDE, -3, Who.TARGET)), "amy"),
             {"hit-back": [HAT.name], "respond": [I_DONT.name]}),
        {"fortitude": [20, 17], "scarab": [0, 0]}),
    row("amundyr-a-finger-ignores-a-bite", "000",
        "A finger may Ignore all card types such as Action, Sometimes, Anytime, Drink, Event, "
        "etc., as well as non-card effects such as Natyli's Debuffs and Amundyr's Scarabs.",
        Case((amundyr(), lich(also={"scarab": 1}), seat("bob")), turn_ends("amy", "lich"),
             {"respond": [FINGER_FORTITUDE]}, scarabs=11),
        {"fortitude": [20, 13, 20], "finger": [0, 4, 0], "scarab": [0, 0, 0], "supply": 12}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), AMUNDYR)
def test_amundyr(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


SETUP = [row("amundyr-twelve-scarabs", "000",
             "Take the 12 Scarab Tokens and keep them in a supply near your player mat.",
             "amundyr", lambda t: t.left("scarab") == 12 and t.player("p0").count("scarab")
             == 0),
         row("lich-13-fortitude", "000",
             "The Lich King starts the game with just 13 Fortitude instead of the normal 20.",
             "lich_king", lambda t: [p.fortitude for p in t.players] == [13, 20, 20]),
         row("lich-5-fingers", "000",
             "However, he also starts the game with 5 fingers on the matching spots of his "
             "player mat.", "lich_king",
             lambda t: dict(t.player("p0").tokens) == {"finger": 5, "ringed": 2}),
         row("lich-ringed-fingers-are-gold", "000",
             "A finger with a ring on it (attached or detached) may be used as if it were a "
             "Gold piece.", "lich_king",
             lambda t: [p.gold for p in t.players] == [12, 10, 10] and t.total_gold == 200),
         row("pooky-starts-calm", "000", "Put the Mood Marker on Calm.", "pooky",
             lambda t: t.player("p0").count("mood") == 1),
         row("murgath-blessing-deck", "000",
             "Shuffle the Blessing Deck and put it where everyone can reach it.", "murgath",
             lambda t: len(t.pile("blessings")) == 12 and not any(
                 c.pile for p in t.players for c in (*p.hand, *p.deck)))]


@pytest.mark.parametrize(("quote", "name", "holds"), SETUP)
def test_setup(quote: str, name: str, holds: Callable[[Tavern], bool]) -> None:
    other = CharacterDeck("other", (FILLER,) * 10)
    tavern = run(set_up(["p0", "p1", "p2"], [SAMPLE[name], other, other], (LIGHT,) * 30))
    assert holds(tavern), quote


# --- Zakhan the Drunken Master ----------------------------------------------------------------

ZAKHAN = [
    row("zakhan-passes-out-on-total-drunkenness", "000",
        "If your Total Drunkenness meets or crosses your Fortitude, you pass out and lose the "
        "game!",
        Case((zak(chi=4, fortitude=10, alcohol=6), seat("bob")), losses),
        {"out": ["zak"]}),
    row("zakhan-below-fortitude-stays", "000",
        "The sum of your Alcohol Content and your Drunken Chi is called your Total "
        "Drunkenness.",
        Case((zak(chi=3, fortitude=10, alcohol=6), seat("bob")), losses),
        {"out": []}),
    row("zakhan-pot-of-tea-example", "000",
        "His Alcohol Content goes to 3. Since his Drunken Chi is still 2, his Total "
        "Drunkenness goes down to 5.",
        Case((zak(chi=2, alcohol=4, drink_me=(TEA,)), seat("bob")), drinks("zak")),
        {"alcohol": [3, 0], "chi": [2, 0], "count:chi": 0}),
    row("zakhan-wine-example", "000",
        "He then chooses to increase his Drunken Chi by 1, so he puts his wine jug token on 3.",
        Case((zak(drink_me=(WINE,)), seat("bob")), drinks("zak"), {"chi": ["yes"]}),
        {"alcohol": [2, 0], "chi": [1, 0]}),
    row("zakhan-chi-is-optional", "000",
        "Whenever you gain 1 or more Alcohol Content from a Drink, you may optionally choose "
        "to increase your Drunken Chi by 1.",
        Case((zak(drink_me=(WINE,)), seat("bob")), drinks("zak"), {"chi": ["no"]}),
        {"options:chi": ("no", "yes"), "alcohol": [2, 0], "chi": [0, 0]}),
    row("zakhan-chi-after-the-drink", "000",
        "You make this choice after the Drink is completely done resolving.",
        Case((zak(drink_me=(WINE,)), seat("bob")), drinks("zak"), {"chi": ["yes"]}),
        {"alcohol@chi": [2, 0], "said:drinks Wine and gains 2 Alcohol Content": True}),
    row("zakhan-chaser-example", "000",
        "He then chooses to gain 1 Drunken Chi, so he moves the wine jug token from 10 to 11.",
        Case((zak(chi=3, alcohol=5, drink_me=(DARK, LIGHT_CHASER)), seat("bob")),
             drinks("zak"), {"chi": ["yes"]}),
        {"alcohol": [7, 0], "chi": [4, 0], "count:chi": 1}),
    row("zakhan-not-from-cards-example", "000",
        "Zakhan's Alcohol Content goes to 6 and his Total Drunkenness goes to 7. He may not "
        "choose to increase his Drunken Chi.",
        Case((zak(chi=1, alcohol=4), seat("eve")), plays("eve", DRUNKER, "zak")),
        {"alcohol": [6, 0], "chi": [1, 0], "count:chi": 0}),
    row("zakhan-gain-chi-is-mandatory", "000",
        "In this case, gaining Drunken Chi is not optional.",
        Case((zak(), seat("bob")), plays("zak", STRIKE, "bob")),
        {"fortitude": [20, 17], "chi": [1, 0], "count:chi": 0}),
    row("zakhan-discard-two-for-one-chi", "000",
        "At any time, Zakhan may discard two cards from his hand to reduce his Drunken Chi by "
        "1.",
        Case((zak(chi=1, hand=(FILLER,) * 3), seat("bob")), anytimes("zak"),
             {"anytime": [REST]}),
        {"chi": [0, 0], "hand": [1, 0], "discards": [2, 0]}),
    row("zakhan-last-chance-discard", "000",
        "This helps Zakhan stay conscious when the party gets rowdy!",
        Case((zak(chi=1, fortitude=10, alcohol=9, hand=(FILLER,) * 2), seat("bob")),
             settled, {"anytime": [REST]}),
        {"out": [], "chi": [0, 0], "hand": [0, 0]}),
    row("zakhan-chi-spent-as-played", "000",
        "When spending Drunken Chi in this way, you spend it as you play the card.",
        Case((zak(chi=1), seat("bob", hand=(NO,))), plays("zak", FIST, "bob"),
             {"boost": ["yes"]}),
        {"kinds": ["boost", "respond"], "chi@respond": [0, 0], "gold": [11, 9],
         "fortitude": [20, 18]}),
    row("zakhan-no-refund", "000",
        "If you spend Drunken Chi in this way and your card is Negated, Ignored, etc., you do "
        "not get a refund of the Drunken Chi you spent.",
        Case((zak(chi=1), seat("bob", hand=(NO,))), plays("zak", FIST, "bob"),
             {"boost": ["yes"], "respond": [NO.name]}),
        {"chi": [0, 0], "gold": [10, 10], "fortitude": [20, 20]}),
    row("zakhan-team-chi-counts", "002",
        "The team’s shared Alcohol Content will also include Zakhan’s Drunken Chi, and "
        "Zakhan’s team will lose the game if their Total Drunkenness equals or exceeds their "
        "Fortitude.",
        Case((seat("ann", fortitude=10, alcohol=8, team="t"), zak(chi=2, team="t", gold=0),
              seat("bob"), seat("cid")), losses),
        {"out": ["ann", "zak"]}),
    row("zakhan-team-only-his-drinks", "002",
        "However, the team may only gain Drunken Chi when Zakhan himself drinks.",
        Case((seat("ann", team="t", drink_me=(WINE,)), zak(team="t", gold=0), seat("bob")),
             drinks("ann")),
        {"alcohol": [2, 0, 0], "count:chi": 0}),
    row("zakhan-team-only-he-discards", "002",
        "Only Zakhan himself may discard cards to reduce Drunken Chi.",
        Case((seat("ann", team="t", hand=(FILLER,) * 3),
              zak(chi=1, team="t", gold=0, hand=(FILLER,) * 2), seat("bob")),
             anytimes("ann")),
        {"figures:anytime": ["zak"], "chi": [0, 1, 0]}),
    row("zakhan-round-on-the-house-example", "001",
        "Valeria and Zakhan each gain 2 Alcohol Content, then Zakhan decides to increase his "
        "Drunken Chi by 1.",
        Case((seat("valeria"), zak()), lambda t: round_on_the_house(t, "valeria",
                                                                    ["valeria", "zak"]),
             {"chi": ["yes"]}, deck=(WINE,)),
        {"alcohol": [2, 2], "chi": [0, 1]}),
    row("zakhan-discarding-is-not-a-card", "000",
        "At any time, Zakhan may discard two cards from his hand to reduce his Drunken "
        "Chi by 1.",
        Case((zak(chi=1, hand=(FILLER,) * 2), seat("bob", hand=(I_DONT,))),
             anytimes("zak"), {"anytime": [REST]}),
        {"offers": [], "chi": [0, 0]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), ZAKHAN)
def test_zakhan(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- The Lich King ----------------------------------------------------------------------------

DRINK_AND_POINT = action_card("Drink, then point (test)", Step(Verb.DRINK, 1, Who.YOU),
                              Step(Verb.FORTITUDE, -1, Who.TARGET, per="detached"))
UNSTOPPABLE = replace(action_card("Unstoppable blow (test)", Step(Verb.FORTITUDE, -2, Who.TARGET)),
                      unanswerable=True)
LICH = [
    row("lich-finger-ignores-fortitude-loss", "000",
        "Whenever a card or effect would affect your Fortitude or Alcohol Content, you may "
        "detach a finger to Ignore that card or effect.",
        Case((seat("bob"), lich()), plays("bob", HAYMAKER, "lich"),
             {"respond": [FINGER_FORTITUDE], "finger": ["a plain finger"]}),
        {"fortitude": [20, 13], "finger": [0, 4], "ringed": [0, 2], "detached": [0, 1]}),
    row("lich-finger-ignores-alcohol", "000",
        "Whenever a card or effect would affect your Fortitude or Alcohol Content, you may "
        "detach a finger to Ignore that card or effect.",
        Case((seat("bob"), lich()), plays("bob", BOOZE, "lich"),
             {"respond": [FINGER_ALCOHOL]}),
        {"offers": [("lich", (FINGER_ALCOHOL,))], "alcohol": [0, 0], "finger": [0, 4]}),
    row("lich-finger-not-for-gold", "000",
        "Whenever a card or effect would affect your Fortitude or Alcohol Content, you may "
        "detach a finger to Ignore that card or effect.",
        Case((seat("bob"), lich()), plays("bob", FINE, "lich")),
        {"offers": [], "gold": [11, 11]}),
    row("lich-finger-ignores-a-drink", "000",
        "A finger may Ignore all card types such as Action, Sometimes, Anytime, Drink, Event, "
        "etc., as well as non-card effects such as Natyli's Debuffs and Amundyr's Scarabs.",
        Case((lich(drink_me=(WINE,)), seat("bob")), drinks("lich"),
             {"respond": [FINGER_DRINK]}),
        {"alcohol": [0, 0], "finger": [4, 0]}),
    row("lich-finger-ignores-an-event", "000",
        "A finger may Ignore all card types such as Action, Sometimes, Anytime, Drink, Event, "
        "etc., as well as non-card effects such as Natyli's Debuffs and Amundyr's Scarabs.",
        Case((lich(drink_me=(ROUND,)), seat("bob")), drinks("lich"),
             {"respond": [FINGER_EVENT]}, deck=(WINE,) * 3),
        {"alcohol": [0, 2], "finger": [4, 0]}),
    row("lich-finger-ignores-a-sometimes-card", "000",
        "A finger may Ignore all card types such as Action, Sometimes, Anytime, Drink, Event, "
        "etc., as well as non-card effects such as Natyli's Debuffs and Amundyr's Scarabs.",
        Case((lich(), seat("bob", hand=(SHOW_YOU,))), plays("lich", HAYMAKER, "bob"),
             {"hit-back": [SHOW_YOU.name], "respond": [FINGER_FORTITUDE]}),
        {"fortitude": [13, 18], "finger": [4, 0]}),
    row("lich-ringed-finger-joins-the-stash", "000",
        "A detached finger with a ring on it becomes part of your Stash of Gold (see below).",
        Case((seat("bob"), lich()), plays("bob", HAYMAKER, "lich"),
             {"respond": [FINGER_FORTITUDE], "finger": ["a ringed finger"]}),
        {"gold": [10, 12], "finger": [0, 4], "ringed": [0, 1], "detached": [0, 1]}),
    row("lich-finger-may-be-negated", "000",
        "This means that players may Negate a finger's Ignore effect with cards like \"I don't "
        "think so!\" or \"Nope. Try again.\"",
        Case((seat("bob", hand=(I_DONT,)), lich()), plays("bob", HAYMAKER, "lich"),
             {"respond": [FINGER_FORTITUDE, I_DONT.name]}),
        {"fortitude": [20, 11]}),
    row("lich-no-reattaching", "000",
        "If a finger's Ignore effect is Negated, you do not get to reattach the finger.",
        Case((seat("bob", hand=(I_DONT,)), lich()), plays("bob", HAYMAKER, "lich"),
             {"respond": [FINGER_FORTITUDE, I_DONT.name]}),
        {"finger": [0, 4], "detached": [0, 1]}),
    row("lich-wench-negates-a-drink-finger", "000",
        "Players may also Negate a finger's effect with \"The Wench thinks you should stop "
        "playing with the drinks\" if the finger was detached to Ignore a Drink.",
        Case((lich(drink_me=(WINE,)), seat("bob", hand=(WENCH_STOP,))), drinks("lich"),
             {"respond": [FINGER_DRINK, WENCH_STOP.name]}),
        {"alcohol": [2, 0], "finger": [4, 0]}),
    row("lich-paid-finger-loses-its-ignore", "000",
        "If you use an attached finger in this way, it does not provide its normal Ignore "
        "ability.",
        Case((seat("bob"), lich(fingers=1, ringed=1, gold=1)),
             then(plays("bob", FINE, "lich"), plays("bob", HAYMAKER, "lich"))),
        {"offers": [], "fortitude": [20, 11], "gold": [11, 0], "finger": [0, 0],
         "ringed": [0, 0], "detached": [0, 5]}),
    row("lich-paid-finger-is-gold-for-the-payee", "000",
        "If you pay a finger to another player as Gold, it then counts as a Gold for that "
        "player, so they can pay it to the Inn or to another player, and so forth.",
        Case((seat("bob", gold=0), lich(fingers=2, ringed=2, gold=2), seat("cid")),
             then(plays("bob", FINE, "lich"), plays("cid", FINE, "bob"))),
        {"gold": [0, 1, 11], "out": []}),
    row("lich-fingers-counted-at-resolution", "000",
        "Any card that refers to the number of attached or detached fingers checks that "
        "number when the card takes effect.",
        Case((lich(), seat("bob")), plays("lich", DRINK_AND_POINT, "bob"),
             {"respond": [FINGER_DRINK]}),
        {"detached@respond": [0, 0], "fortitude": [13, 19], "alcohol": [0, 0]}),
    row("lich-no-finger-against-the-unignorable", "000",
        "You may not Ignore such a card or effect by detaching a finger.",
        Case((seat("bob"), lich()), plays("bob", UNSTOPPABLE, "lich")),
        {"offers": [], "fortitude": [20, 11]}),
    row("lich-sample-card-reads-detached-fingers", "000",
        "Some cards refer to attached or detached fingers.",
        Case((lich(fingers=2, ringed=2), seat("bob")), plays("lich", POINT, "bob")),
        {"fortitude": [13, 17]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), LICH)
def test_lich_king(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


LICH_GOLD = [row("lich-attached-ringed-finger-is-gold", "000",
                 "A finger with a ring on it (attached or detached) may be used as if it were "
                 "a Gold piece.")]


@pytest.mark.parametrize("quote", LICH_GOLD)
def test_lich_king_is_not_out_of_gold_while_he_has_ringed_fingers(quote: str) -> None:
    tavern = table([lich(fingers=2, ringed=2, gold=2), seat("bob"), seat("cid")])
    tavern = resolve_losses(tavern)
    assert (tavern.player("lich").out, gold(tavern, "lich"),
            lich_king.attached(tavern, "lich")) == (False, 2, 2), quote
    fine = replace(FINE, steps=(Step(Verb.PAY, 2, Who.TARGET),))
    tavern = run(plays("bob", fine, "lich")(tavern))
    tavern = resolve_losses(tavern)
    assert (tavern.player("lich").out, lich_king.attached(tavern, "lich")) == (True, 0), quote


# --- Pooky the Vicious ------------------------------------------------------------------------

CALM, MANIC, CRAZY, PSYCHOTIC = 1, 2, 3, 4
WONT_GIVE_UP = Card("Pooky won't give up without a fight. (test)", CardKind.CHEATING,
                    (Step(Verb.FORCE_OUT, 2),))
POOKY = [
    row("pooky-card-of-another-player", "000",
        "Pooky loses 2 Fortitude, then his mood becomes Manic.",
        Case((seat("fiona"), pooky()), plays("fiona", HAYMAKER, "pooky")),
        {"fortitude": [20, 18], "mood": [0, MANIC]}),
    row("pooky-elven-wine-example", "000",
        "He gains 3 Alcohol Content then his mood becomes Psychotic.",
        Case((pooky(mood=CRAZY, drink_me=(ELVEN,)), seat("bob")), drinks("pooky")),
        {"alcohol": [3, 0], "mood": [PSYCHOTIC, 0]}),
    row("pooky-small-drinks-do-not-count", "000",
        "A Drink causes him to gain 3 or more Alcohol Content",
        Case((pooky(drink_me=(WINE,)), seat("bob")), drinks("pooky")),
        {"alcohol": [2, 0], "mood": [CALM, 0]}),
    row("pooky-psychotic-stays-psychotic", "000",
        "If Pooky is already Psychotic when his mood gets worse, he stays Psychotic.",
        Case((seat("fiona"), pooky(mood=PSYCHOTIC)), plays("fiona", HAYMAKER, "pooky")),
        {"mood": [0, PSYCHOTIC]}),
    row("pooky-is-now-calm", "000",
        "When a card effect says \"Pooky is now Calm\", move his Mood Marker to Calm.",
        Case((pooky(mood=CRAZY, fortitude=10, alcohol=5, hand=(COMPANY,)), seat("bob")),
             anytimes("pooky"), {"anytime": [COMPANY.name]}),
        {"fortitude": [11, 20], "alcohol": [4, 0], "mood": [CALM, 0]}),
    row("pooky-card-says-so", "000", "A card effect says \"Pooky's mood gets worse\"",
        Case((pooky(), seat("bob")), plays("pooky", CUTE, "bob")),
        {"fortitude": [20, 18], "mood": [MANIC, 0]}),
    row("pooky-mood-change-after-the-other-effects", "000",
        "When a card effect changes Pooky's mood, that mood change happens after all other "
        "effects on the card are carried out.",
        Case((pooky(mood=CRAZY), seat("bob")), plays("pooky", TEETH, "bob")),
        {"fortitude": [20, 17], "mood": [CALM, 0]}),
    row("pooky-one-card-one-damage-event", "000",
        "Since Wizgille's Gear Card adds to the original \"Silly me!\", it counts as one "
        "damage event. Pooky loses 3 Fortitude and his mood becomes Manic.",
        Case((seat("wizgille"), pooky()), plays("wizgille", SILLY_ME, "pooky")),
        {"fortitude": [20, 17], "mood": [0, MANIC]}),
    row("pooky-gear-on-pooky-example", "000",
        "Pooky loses 1 Fortitude and his mood becomes Manic.",
        Case((seat("wizgille"), seat("fiona"), pooky()), plays("wizgille", SILLY_ME_SPLIT),
             {"target": ["fiona", "pooky"]}),
        {"fortitude": [20, 18, 19], "mood": [0, 0, MANIC]}),
    row("pooky-action-alcohol-is-no-drink", "000",
        "Since the Alcohol Content gain is coming from Phrenk's Action Card and not from a "
        "Drink, Pooky's mood does not change.",
        Case((seat("phrenk"), pooky()), plays("phrenk", BOOZE, "pooky")),
        {"alcohol": [0, 3], "mood": [0, CALM]}),
    row("pooky-left-before-the-ante", "000",
        "Pooky's mood does not get worse, since he is not participating in the Round.",
        Case((seat("fiona"), pooky(hand=(ZOT,)), seat("cid")), gambles("fiona"),
             {"leave": [ZOT.name]}),
        {"gold": [11, 10, 9], "mood": [0, CALM, 0]}),
    row("pooky-left-after-the-ante", "000",
        "Pooky's mood does get worse in this case, since he did participate in the Round.",
        Case((seat("fiona"), pooky(hand=(ZOT,)), seat("cid")), gambles("fiona"),
             {"leave": ["pass"], "gamble": [ZOT.name]}),
        {"gold": [12, 9, 9], "mood": [0, MANIC, 0]}),
    row("pooky-lost-a-round", "000",
        "He participates in a Round of Gambling and does not win it",
        Case((seat("fiona"), pooky()), gambles("fiona")),
        {"gold": [11, 9], "mood": [0, MANIC]}),
    row("pooky-won-a-round", "000",
        "He participates in a Round of Gambling and does not win it",
        Case((pooky(), seat("fiona")), gambles("pooky")),
        {"gold": [11, 9], "mood": [CALM, 0]}),
    row("pooky-mood-at-resolution", "000",
        "When Pooky plays a card that has a different effect depending on his mood, use his "
        "mood at the time when that card resolves.",
        Case((pooky(), seat("phrenk", hand=(ACID_SPIT,))), plays("pooky", TEETH, "phrenk"),
             {"respond": [ACID_SPIT.name]}),
        {"mood@respond": [CALM, 0], "fortitude": [19, 18], "mood": [CALM, 0],
         "said:pooky's mood gets worse": True}),
    row("pooky-psychotic-example", "000",
        "Acid Spit Potion resolves, so Pooky goes to 12 Fortitude and becomes Manic. "
        "Finally, \"Nasty big pointy teeth\" resolves. Since Pooky is now Manic, Phrenk "
        "only loses 2 Fortitude.",
        Case((pooky(mood=PSYCHOTIC, fortitude=12, alcohol=11, hand=(COMPANY,)),
              seat("phrenk", hand=(ACID_SPIT,))), plays("pooky", TEETH, "phrenk"),
             {"respond": [ACID_SPIT.name, COMPANY.name]}),
        {"fortitude": [12, 18], "alcohol": [10, 0], "mood": [CALM, 0]}),
    row("pooky-no-plays-before-the-mood-change", "000",
        "Instead, his mood gets worse immediately after he drinks the Elven Wine.",
        Case((pooky(hand=(COMPANY,), drink_me=(ELVEN,)), seat("bob")), drinks("pooky")),
        {"kinds": ["respond"], "mood": [MANIC, 0], "said:pooky drinks Elven Wine": True}),
    row("pooky-own-card-turned-on-him", "000",
        "If Pooky would take damage from a card he played himself, his mood does not get "
        "worse.",
        Case((pooky(mood=PSYCHOTIC), seat("eve", hand=(NOT_THE_FACE,))),
             plays("pooky", TEETH, "eve"), {"respond": [NOT_THE_FACE.name]}),
        {"fortitude": [16, 20], "mood": [CALM, 0]}),
    row(
    "pooky-ignores-his-own-card", "000",
    "If Pooky Ignores one of his own cards, any mood change on that card is also Ignored.",
    Case((pooky(mood=PSYCHOTIC, hand=(HELMET,)), seat("eve", hand=(NOT_THE_FACE,))),
         plays("pooky", TEETH, "eve"),
         {"respond": [NOT_THE_FACE.name, HELMET.name]}),
    {"fortitude": [20, 20], "mood": [PSYCHOTIC, 0]}),
    row("pooky-wont-give-up", "000",
        "However, the targeted player may choose to lose 2 Fortitude to stay in the Round "
        "of Gambling.",
        Case((pooky(hand=(WONT_GIVE_UP,)), seat("bob", hand=(RAISE,))), gambles("pooky"),
             {"gamble": [RAISE.name, WONT_GIVE_UP.name]}),
        {"fortitude": [20, 18]}),
    row("pooky-team-mate-hurt", "002",
        "Pooky’s mood gets worse when anyone on his team loses Fortitude from a card "
        "played by an opponent.",
        Case((seat("ann", team="t"), pooky(team="t", gold=0), seat("bob")),
             plays("bob", HAYMAKER, "ann")),
        {"fortitude": [18, 20, 20], "mood": [0, MANIC, 0]}),
    row("pooky-team-champion", "002",
        "Pooky himself must be the team’s Champion during the Round of Gambling in order for "
        "this rule to take effect.",
        Case((seat("bob"), seat("ann", team="t"), pooky(team="t", gold=0)), gambles("bob"),
             {"champion": ["ann"]}),
        {"gold": [11, 9, 0], "mood": [0, 0, CALM]}),
    row("pooky-team-only-his-drinks", "002",
        "Pooky’s mood also gets worse if Pooky (and only Pooky) gains 3 or more Alcohol "
        "Content from a Drink.",
        Case((seat("ann", team="t", drink_me=(ELVEN,)), pooky(team="t", gold=0), seat("bob")),
             drinks("ann")),
        {"alcohol": [3, 0, 0], "mood": [0, CALM, 0]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), POOKY)
def test_pooky(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- Murgath the Blessed ----------------------------------------------------------------------

DOUBLE_SMITE = action_card("Smite twice (test)", Step(Verb.HANDLER, handler=murgath.WATCH),
                           Step(Verb.FORTITUDE, -1, Who.TARGET),
                           Step(Verb.FORTITUDE, -1, Who.TARGET),
                           Step(Verb.HANDLER, handler=murgath.FOR_THE_HURT))
HEART_OF_SHIELD = f"{murgath.HEART_PREFIX}{SHIELD.name}"
HEART_OF_CLARITY = f"{murgath.HEART_PREFIX}{CLARITY.name}"
MURGATH = [
    row("murgath-blessing-into-the-hand", "000",
        "When a player gets a Blessing, they draw a card from the Blessing Deck and add it to "
        "their hand.",
        Case((murg(), seat("bob")), plays("mur", SMITE, "bob"), blessings=(SHIELD, MENDING)),
        {"fortitude": [20, 16], f"hand:{MENDING.name}": [0, 1], "blessings": 1}),
    row("murgath-blessings-count-toward-the-hand", "000",
        "Blessings count toward your hand limit, so if you hold on to one during your Discard "
        "and Draw phase, that's one less card you'll draw from your deck.",
        Case((murg(), seat("bob", hand=(MENDING, FILLER), deck=(FILLER,) * 10)),
             lambda t: discard_and_draw(t, "bob")),
        {"hand": [0, 7], f"hand:{MENDING.name}": [0, 1], "hand:Filler (test)": [0, 6]}),
    row("murgath-his-own-heart", "000",
        "A number in the heart means that the card can be played as though it were an Anytime "
        "Card with the ability \"Gain [X] Fortitude,\" where X is the number in the heart.",
        Case((murg(fortitude=15, hand=(SHIELD,)), seat("bob")), anytimes("mur"),
             {"anytime": [HEART_OF_SHIELD]}),
        {"fortitude": [16, 20], "hand": [0, 0], "blessing discards": 1}),
    row("murgath-anyone-may-play-the-heart", "000",
        "A number in the heart means that the card can be played as though it were an "
        "Anytime Card with the ability \"Gain [X] Fortitude,\" where X is the number in "
        "the heart.",
        Case((murg(), seat("bob", fortitude=15, hand=(SHIELD,))), anytimes("mur"),
             {"anytime": [HEART_OF_SHIELD]}),
        {"fortitude": [20, 16], "hand": [0, 0]}),
    row("murgath-one-effect-or-the-other", "000",
        "If you play a Blessing to gain Fortitude, you do not get the other effect and vice "
        "versa, so you'll have to choose which effect you want to get from a Blessing Card in "
        "your hand.",
        Case((murg(fortitude=15, alcohol=5, hand=(CLARITY,)), seat("bob")), anytimes("mur"),
             {"anytime": [HEART_OF_CLARITY]}),
        {"options:anytime": ("pass", CLARITY.name, HEART_OF_CLARITY), "fortitude": [17, 20],
         "alcohol": [5, 0]}),
    row("murgath-played-blessings-to-their-discards", "000",
        "When you play a Blessing, put it in the Blessing discard pile.",
        Case((murg(), seat("bob", fortitude=10, hand=(MENDING,))), anytimes("bob"),
             {"anytime": [MENDING.name]}),
        {"fortitude": [20, 13], "discards": [0, 0], "blessing discards": 1}),
    row("murgath-blessings-reshuffled", "000",
        "If the Blessing Deck runs out, shuffle the Blessing discards and use that as the new "
        "Blessing Deck.",
        Case((murg(), seat("bob")), plays("mur", SMITE, "bob"),
             blessing_discards=(SHIELD, MENDING)),
        {"hand": [0, 1], "blessings": 1, "blessing discards": 0}),
    row("murgath-none-left", "000",
        "In the unlikely event that you can't draw a Blessing because all of them are in "
        "players' hands, you don't get one.",
        Case((murg(), seat("bob")), plays("mur", SMITE, "bob")),
        {"fortitude": [20, 16], "hand": [0, 0]}),
    row("murgath-blessings-stay", "000",
        "If Murgath is eliminated from the game, any Blessing Cards in players' hands remain.",
        Case((murg(alcohol=20), seat("bob", hand=(MENDING,)), seat("cid")), losses),
        {"out": ["mur"], "hand": [0, 1, 0]}),
    row("murgath-himself-blessed", "000",
        "This counts any player(s) that happen to lose Fortitude from that card, including "
        "Murgath himself.",
        Case((murg(), seat("bob", hand=(NOT_THE_FACE,))), plays("mur", SMITE, "bob"),
             {"respond": [NOT_THE_FACE.name]}, blessings=(SHIELD, MENDING)),
        {"fortitude": [16, 20], f"hand:{MENDING.name}": [1, 0], "hand": [1, 0]}),
    row("murgath-cleave-example", "000",
        "Fiona loses 6 Fortitude, but only draws 1 Blessing.",
        Case((murg(), seat("eve", hand=(NOT_THE_FACE,)), seat("fiona")),
             plays("mur", CLEAVE), {"respond": [NOT_THE_FACE.name], "whom": ["fiona"]},
             blessings=(SHIELD, MENDING, MENDING)),
        {"fortitude": [20, 20, 16], "hand": [0, 0, 1], "blessings": 2}),
    row("murgath-one-blessing-a-card", "000",
        "A player may never gain multiple Blessings from the same card.",
        Case((murg(), seat("bob")), plays("mur", DOUBLE_SMITE, "bob"),
             blessings=(SHIELD, MENDING)),
        {"fortitude": [20, 18], "hand": [0, 1]}),
    row("murgath-ignored-no-blessing", "000",
        "Many of Murgath's cards say that \"a player that loses Fortitude in this way gets a "
        "Blessing.\"",
        Case((murg(), seat("bob", hand=(DUCK,))), plays("mur", SMITE, "bob"),
             {"respond": [DUCK.name]}, blessings=(SHIELD, MENDING)),
        {"fortitude": [20, 20], "hand": [0, 0], "blessings": 2}),
    row("murgath-reduced-to-nothing-no-blessing", "000",
        "Many of Murgath's cards say that \"a player that loses Fortitude in this way gets a "
        "Blessing.\"",
        Case((murg(), seat("bob", hand=(STONE_SKIN,))), plays("mur", SMITE, "bob"),
             {"respond": [STONE_SKIN.name]}, blessings=(SHIELD, MENDING)),
        {"fortitude": [20, 20], "hand": [0, 0], "blessings": 2}),
    row("murgath-heal-back-into-the-game", "000",
        "This means that you could take game-losing damage from Murgath, then draw a Blessing "
        "and play it to heal yourself back into the game!",
        Case((murg(), seat("bob", fortitude=3, alcohol=2), seat("cid")),
             then(plays("mur", SMITE, "bob"), settled), {"anytime": [MENDING.name]},
             blessings=(SHIELD, MENDING)),
        {"fortitude@anytime": [20, 0, 20], "fortitude": [20, 3, 20], "out": []}),
    row("murgath-heart-may-be-negated", "000",
        "Playing a Blessing for healing counts as playing an Anytime Card, so, for example, it "
        "can be Negated by Captain Whitehawk's \"That's quite enough of your shenanigans!\".",
        Case((murg(fortitude=15, hand=(SHIELD,)), seat("whitehawk", hand=(I_DONT,))),
             anytimes("mur"), {"anytime": [HEART_OF_SHIELD], "respond": [I_DONT.name]}),
        {"fortitude": [15, 20], "hand": [0, 0], "blessing discards": 1}),
    row("murgath-team-only-the-affected", "002",
        "If a card would give one or more players Blessings, only the affected players get "
        "those Blessings, not their teammates.",
        Case((murg(), seat("bob", team="t"), seat("cid", team="t", gold=0)),
             plays("mur", SMITE, "cid"), blessings=(SHIELD, MENDING)),
        {"fortitude": [20, 16, 20], "hand": [0, 0, 1]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), MURGATH)
def test_murgath(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- Lucky the Scofflaw -----------------------------------------------------------------------

ROUND_FOR_ALL = action_card("A round for everyone, on me (test)",
                            Step(Verb.ALCOHOL, 1, Who.EACH),
                            Step(Verb.HANDLER, handler="gain 1 heat"))
LUCKY = [
    row("lucky-gains-heat", "000",
        "Some of Lucky's cards cause her to gain Heat. When a card does this, add a Heat Token "
        "to the Heat Tracker Card.",
        Case((lucky_seat(), seat("bob")), plays("lucky", BARREL, "bob")),
        {"fortitude": [20, 17], "heat": [1, 0], "count:heat": 0}),
    row("lucky-three-heat", "000",
        "When you get to 3 Heat, you must remove the Heat Tokens and choose one of the "
        "following outcomes:",
        Case((lucky_seat(heat=2), seat("bob")), plays("lucky", BARREL, "bob")),
        {"options:heat": (lucky.BOOZE, lucky.BRIBE, lucky.ROUGHED_UP), "heat": [0, 0]}),
    row("lucky-bribe-with-booze", "000",
        "Gain 2 Alcohol Content (bribing the City Guard with booze);",
        Case((lucky_seat(heat=2), seat("bob")), plays("lucky", BARREL, "bob"),
             {"heat": [lucky.BOOZE]}),
        {"alcohol": [2, 0], "fortitude": [20, 17], "gold": [10, 10]}),
    row("lucky-bribe-with-gold", "000",
        "Pay 2 Gold to the Inn (bribing the City Guard the old-fashioned way); or",
        Case((lucky_seat(heat=2), seat("bob")), plays("lucky", BARREL, "bob"),
             {"heat": [lucky.BRIBE]}),
        {"gold": [8, 10], "inn": 52, "alcohol": [0, 0]}),
    row("lucky-roughed-up", "000",
        "Lose 2 Fortitude (getting roughed up a bit as you make your escape!).",
        Case((lucky_seat(heat=2), seat("bob")), plays("lucky", BARREL, "bob"),
             {"heat": [lucky.ROUGHED_UP]}),
        {"fortitude": [18, 17], "gold": [10, 10]}),
    row("lucky-two-heat-at-once", "000",
        "When you get to 3 Heat, you must remove the Heat Tokens and choose one of the "
        "following outcomes:",
        Case((lucky_seat(heat=2), seat("bob")), plays("lucky", STASH),
             {"heat": [lucky.ROUGHED_UP]}),
        {"heat": [1, 0], "fortitude": [18, 20], "gold": [12, 10]}),
    row("lucky-penalty-not-mitigated", "000",
        "Heat penalties may not be Negated, Ignored, reduced, paid with Gold from the Inn or "
        "otherwise mitigated.",
        Case((lucky_seat(heat=2, hand=(THICK_SKIN, DUCK)), seat("bob", hand=(NO,))),
             plays("lucky", BARREL, "bob"), {"heat": [lucky.ROUGHED_UP]}),
        {"kinds": ["respond", "heat"], "fortitude": [18, 17]}),
    row("lucky-negated-no-heat", "000",
        "If a card that would cause you to gain Heat gets Negated, you don't gain Heat.",
        Case((lucky_seat(), seat("bob", hand=(NO,))), plays("lucky", BARREL, "bob"),
             {"respond": [NO.name]}),
        {"fortitude": [20, 20], "heat": [0, 0]}),
    row("lucky-ignored-still-heat", "000",
        "If it gets Ignored or otherwise altered, you do.",
        Case((lucky_seat(), seat("bob", hand=(DUCK,))), plays("lucky", BARREL, "bob"),
             {"respond": [DUCK.name]}),
        {"fortitude": [20, 20], "heat": [1, 0]}),
    row(
    "lucky-ignores-her-own-card", "000",
    "If Lucky herself Ignores a card that would cause her to gain Heat, she still gains "
    "the Heat.",
    Case((lucky_seat(hand=(DUCK,)), seat("bob")), plays("lucky", ROUND_FOR_ALL),
         {"respond": [DUCK.name]}),
    {"alcohol": [0, 1], "heat": [1, 0]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), LUCKY)
def test_lucky(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- random games -----------------------------------------------------------------------------

DRINKS = load_drinks(DECKS / "drinks-sample.toml")
EVERY = {p.stem: load_character(p) for p in sorted((DECKS / "characters").glob("*.toml"))}


def seating(seed: int) -> tuple[list[str], Mode]:
    """A table for game ``seed``: one of these six characters first (a villain of them as the
    Boss), then any bundled decks; every fifth game a Two-Headed Dragon, every seventh a
    Boss Battle."""
    rng = np.random.default_rng(10_000 + seed)
    if seed % 7 == 6:
        return [("amundyr", "murgath")[seed % 2],
                *(str(rng.choice(sorted(EVERY))) for _ in range(2 + seed % 3))], \
            Mode.BOSS_BATTLE
    if seed % 5 == 4:
        return [MINE[seed % 6], *(str(rng.choice(sorted(EVERY))) for _ in range(3))], \
            Mode.TWO_HEADED_DRAGON
    return [MINE[seed % 6], *(str(rng.choice(sorted(EVERY))) for _ in range(1 + seed % 4))], \
        Mode.INDIVIDUAL


def invariants(tavern: Tavern, in_play: int = 0) -> list[str]:
    """What must hold at every Decision of a game with these characters (up to ``in_play``
    Blessings may be out of every pile while played)."""
    broken = []
    if tavern.total_gold != 200:
        broken.append(f"Gold {tavern.total_gold}")
    for p in tavern.players:
        if not (0 <= p.fortitude <= 20 and 0 <= p.alcohol <= 20):
            broken.append(f"{p.name}'s Fortitude or Alcohol")
        if p.mechanics == "lich_king" and not (
                p.count("finger") + p.count("detached") == 5
                and p.count("ringed") <= p.count("finger")):
            broken.append(f"{p.name}'s fingers {p.tokens}")
        if p.mechanics == "pooky" and not 1 <= p.count("mood") <= 4:
            broken.append(f"{p.name}'s mood {p.count('mood')}")
        if p.count("heat") >= 3 or p.count("chi") < 0:
            broken.append(f"{p.name}'s tokens {p.tokens}")
    if any(p.mechanics == "amundyr" for p in tavern.players) and tavern.left("scarab") + sum(
            p.count("scarab") for p in tavern.players) != 12:
        broken.append("Scarabs")
    blessings = sum(1 for p in tavern.players for c in (*p.hand, *p.deck, *p.discard)
                    if c.pile == "blessings") + len(tavern.pile("blessings")) + len(
        tavern.pile("blessings discard"))
    if not 0 <= 12 * sum(p.mechanics == "murgath" for p in tavern.players) - blessings \
            <= in_play:
        broken.append(f"Blessings {blessings}")
    return broken


@pytest.mark.parametrize("seed", range(24))
def test_random_games_with_these_characters(seed: int) -> None:
    """"Whenever any card is played ..." (any legal play): a random game with these decks
    ends, with the Gold conserved and the characters' tokens whole at every Decision."""
    picks, mode = seating(seed)
    names = [f"{pick} #{n}" for n, pick in enumerate(picks)]
    game: Game[Tavern] = Game(lambda: play_game(names, [EVERY[p] for p in picks], DRINKS,
                                                variant=Variant(mode)))
    choose = random_policy(np.random.default_rng(seed))
    while game.pending is not None:
        state = game.pending.state
        if isinstance(state, Tavern):
            assert invariants(state, in_play=3) == [], (picks, mode, state.log[-5:])
        game.answer(choose(game.pending))
    final = game.result
    assert final is not None and final.winners, picks
    assert invariants(final) == [], picks
