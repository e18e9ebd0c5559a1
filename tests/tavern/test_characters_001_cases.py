"""The six characters of the RDI 10 rulebook (seed 001, "Character Rules"; the checklist's
C-1 to C-6) as case tables: Trapmaster Alaric, Karl Bookhammer, Eisinder, Dominique,
Oozwald and Dark Priestess Valeria. One row per ruling, each quoting the seed sentence that
states it, the seed's worked examples for these characters included; then the sample decks
(``decks/characters/``) load and play whole random games.

Every row is a small table (players in seat order; the Drink Deck's top is its last card), a
rule to run, scripted answers for the Decisions it asks (the rest: play the first Action
offered, "pass" when offered, else the first option; shuffles keep the order), and the
values the ruling determines (see :func:`look`). Cards come from the sample decks (their
titles end in "(sample)") or are fixtures ending in "(test)". Rows the engine cannot carry
out are strict xfails: "ENGINE GAP" when it has no way to say the rule, "ENGINE BUG" when
it says it wrong.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tales.engine.game import Game, random_policy
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi import characters
from tales.tavern.rdi.characters import alaric, dominique, eisinder, karl, oozwald, valeria
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.drinks import drink_phase
from tales.tavern.rdi.effects import anytime
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
    action,
    action_phase,
    play_game,
    resolve_losses,
    set_up,
)

from ._play import run, table
from ._seeds import row

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "decks" / "characters"
MINE = ("alaric", "karl", "eisinder", "dominique", "oozwald", "valeria")
DECK = {n: load_character(DECKS / f"{n}.toml") for n in MINE}
BERTHA = load_character(DECKS / "bertha.toml")
QUILL = load_character(DECKS / "quill.toml")
DRINKS = load_drinks(ROOT / "decks" / "drinks-sample.toml")

# --- Drinks -----------------------------------------------------------------------------------

LIGHT = Drink("Light Ale", 1)
WINE = Drink("Wine", 2)
ELVEN = Drink("Elven Wine", 3)
DRAGON = Drink("Dragon Breath Ale", 4)
TEA = Drink("Pot of Tea", -1)
MEAD = Drink("Mead", 3, splits=True)
CONTEST = Drink("Drinking Contest", event=DrinkEvent.DRINKING_CONTEST)

# --- cards ------------------------------------------------------------------------------------


def card(character: str, title: str, owner: str = "") -> Card:
    """The sample deck's card ``title (sample)``, as if dealt to ``owner``."""
    found = next(c for c in DECK[character].cards if c.name == f"{title} (sample)")
    return replace(found, owner=owner or character)


def fixture(name: str, kind: CardKind, *steps: Step, **fields: Any) -> Card:
    return Card(f"{name} (test)", kind, steps, **fields)


FILLER = fixture("Filler", CardKind.ACTION, Step(Verb.DRAW, 0))
STRETCH = fixture("Stretch", CardKind.ACTION, Step(Verb.FORTITUDE, 1))
HAYMAKER = fixture("Haymaker", CardKind.ACTION, Step(Verb.FORTITUDE, -2, Who.TARGET))
BIG_HIT = fixture("Big hit", CardKind.ACTION, Step(Verb.FORTITUDE, -3, Who.TARGET))
DOUBLE_JAB = fixture("Double jab", CardKind.ACTION, Step(Verb.FORTITUDE, -1, Who.TARGET),
                     Step(Verb.FORTITUDE, -1, Who.TARGET))
CHEAP_SHOT = fixture("Cheap shot", CardKind.ANYTIME, Step(Verb.FORTITUDE, -1, Who.TARGET))
CORRUPTING = fixture("Corrupting touch", CardKind.ACTION,
                     Step(Verb.GAIN, 1, Who.ANY, resource="corruption"))
NOT_TODAY = fixture("Not today", CardKind.SOMETIMES, Step(Verb.IGNORE, target=Target.ACTION))
NO = fixture("No!", CardKind.SOMETIMES, Step(Verb.NEGATE, target=Target.ACTION))
TAKE_BACK = fixture("Wench, take that back!", CardKind.ANYTIME,
                    Step(Verb.NEGATE, target=Target.ACTION))
IRON_SKIN = fixture("Iron skin", CardKind.SOMETIMES, Step(Verb.REDUCE, 2, stat=Stat.FORTITUDE))
PROTECT = fixture("PROTECT", CardKind.SOMETIMES, Step(Verb.REDIRECT))
STAND_IN_ALCOHOL = fixture("A stand-up stand-in, Alcohol", CardKind.SOMETIMES,
                           Step(Verb.IGNORE, target=Target.CARD, stat=Stat.ALCOHOL))
#: Phrenk's Acid Spit Potion, which the engine has no character for: a response to a card
#: aimed at Oozwald whose only effect is that the card's player loses 1 Fortitude.
ACID_SPIT = fixture("Acid Spit Potion", CardKind.SOMETIMES,
                    Step(Verb.REDUCE, 0, stat=Stat.FORTITUDE),
                    Step(Verb.FORTITUDE, -1, Who.TARGET))
BLESSING = fixture("A Blessing", CardKind.ANYTIME, Step(Verb.FORTITUDE, 1), pile="blessings",
                   trap=(Step(Verb.FORTITUDE, -5, Who.TARGET),))
IM_IN = fixture("Gambling? I'm in!", CardKind.GAMBLING, starts_round=True)
WINNING = fixture("Winning Hand!", CardKind.GAMBLING, winning_hand=True)


def seat(name: str, gold: int = 10, **fields: Any) -> Player:
    """A player; the six characters' players are named after their mechanics."""
    if name in MINE:
        fields.setdefault("mechanics", name)
    return Player(name, name.title(), gold, **fields)


def tokens(**held: int) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(held.items()))


# --- running a case ---------------------------------------------------------------------------

Start = Callable[[Tavern], Resolution[Tavern]]


@dataclass(frozen=True)
class Case:
    """A table and the rule run on it."""

    players: tuple[Player, ...]
    start: Start
    answers: Mapping[str, list[Any]] = field(default_factory=dict)
    deck: tuple[Drink, ...] = (LIGHT,) * 10
    supply: Mapping[str, int] = field(default_factory=dict)
    inn: int = 50
    variant: Variant = field(default_factory=Variant)


def acts(name: str) -> Start:
    return lambda tavern: action(tavern, name)


def drinks(name: str) -> Start:
    return lambda tavern: drink_phase(tavern, name)


def any_time(name: str) -> Start:
    return lambda tavern: anytime(tavern, name)


def phase(name: str) -> Start:
    return lambda tavern: action_phase(tavern, name)


def setup(*entries: tuple[str, CharacterDeck], variant: Variant | None = None) -> Start:
    """Setup from the sample decks (the case's own table is not used)."""
    names = [n for n, _ in entries]
    decks = [d for _, d in entries]
    return lambda tavern: set_up(names, decks, DRINKS, variant=variant or Variant())


def hook(character: str, name: str) -> Start:
    """Only ``character``'s own setup, for ``name``."""
    def start(tavern: Tavern) -> Resolution[Tavern]:
        return characters.REGISTRY[character].set_up(tavern, name)
        yield  # pragma: no cover
    return start


def losses(tavern: Tavern) -> Resolution[Tavern]:
    return resolve_losses(tavern)
    yield  # pragma: no cover


def kinds(asked: list[Decision[Any]]) -> list[str]:
    return [d.kind for d in asked if d.decider is Decider.PLAYER]


def look(key: str, tavern: Tavern, asked: list[Decision[Any]]) -> Any:
    """What ``key`` reads: per seat (``fortitude``, ``alcohol``, ``gold``, ``hand``: cards
    held, ``boss_cards``), one player (``tokens:<name>``, ``cards:<name>``: the hand's
    titles, ``discards:<name>``, ``deck:<name>``: cards left), the table (``supply``,
    ``inn``, ``pot``), the Decisions asked (``kinds``: the players' in order,
    ``figures:<kind>``, ``options:<kind>``, ``count:<kind>``, ``offers``: each response
    window's player and cards offered), the log (``said:<text>``)."""
    what, _, arg = key.partition(":")
    players = tavern.players
    readers: dict[str, Callable[[], Any]] = {
        "fortitude": lambda: [p.fortitude for p in players],
        "alcohol": lambda: [p.alcohol for p in players],
        "gold": lambda: [p.gold for p in players],
        "hand": lambda: [len(p.hand) for p in players],
        "boss_cards": lambda: [sum(c.boss for c in (*p.hand, *p.deck)) for p in players],
        "tokens": lambda: dict(tavern.player(arg).tokens),
        "cards": lambda: tuple(c.name for c in tavern.player(arg).hand),
        "discards": lambda: tuple(c.name for c in tavern.player(arg).discard),
        "deck": lambda: len(tavern.player(arg).deck),
        "supply": lambda: {k: v for k, v in tavern.supply if arg in ("", k)},
        "inn": lambda: tavern.inn,
        "pot": lambda: tavern.pot,
        "kinds": lambda: kinds(asked),
        "figures": lambda: [d.figure for d in asked if d.kind == arg],
        "options": lambda: next(d.options for d in asked if d.kind == arg),
        "count": lambda: sum(d.kind == arg for d in asked),
        "offers": lambda: [(d.figure, tuple(o for o in d.options if o != "pass"))
                           for d in asked if d.kind == "respond"],
        "said": lambda: any(arg in line for line in tavern.log),
    }
    return readers[what]()


def play_actions(decision: Decision[Any]) -> Any:
    """The default answer: play the Action card offered that comes first in the hand;
    otherwise "pass" when it is an option, else the first option."""
    if decision.kind == "action":
        hand = decision.state.player(decision.figure).hand
        return next(c.name for c in hand if c.name in decision.options)
    return "pass" if "pass" in decision.options else decision.options[0]


def check(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    tavern = table(list(case.players), deck=case.deck, inn=case.inn,
                   supply=tuple(sorted(case.supply.items())), variant=case.variant)
    asked: list[Decision[Any]] = []
    final = run(case.start(tavern), {k: list(v) for k, v in case.answers.items()},
                default=play_actions, asked=asked)
    got = {key: look(key, final, asked) for key in expected}
    assert got == dict(expected), quote
    if case.players:  # (setup rows build their own table)
        assert final.total_gold == tavern.total_gold, quote


def gap(reason: str, param: Any) -> Any:
    """A row the engine cannot carry out: a strict xfail."""
    return pytest.param(*param.values, id=param.id,
                        marks=pytest.mark.xfail(strict=True, reason=reason))


# --- C-1 Trapmaster Alaric --------------------------------------------------------------------

TRIPWIRE = card("alaric", "Mind the tripwire")
PIT = card("alaric", "Hidden pit")
DARTS = card("alaric", "So... yeah. Poison darts are, ya know, poisonous")
CATCH = card("alaric", "Catch my breath")
BRING = card("alaric", "Wench, bring some drinks for my friends!")
STAND_IN = card("alaric", "A stand-up stand-in")
SLEIGHT = card("alaric", "Sleight of drink")

ALARIC = [
    row("C1-no-trap-goes-back", "001",
        "If it does not have a Trap effect (or if Alaric has no cards in hand), nothing "
        "happens and the revealed card goes back to Alaric's hand.",
        Case((seat("alaric", hand=(TRIPWIRE, CATCH)), seat("bob"), seat("cid")),
             acts("alaric")),
        {"fortitude": [20, 19, 20], "cards:alaric": (CATCH.name,),
         "said:reveals Catch my breath (sample): no Trap": True}),
    row("C1-empty-hand-nothing-happens", "001",
        "If it does not have a Trap effect (or if Alaric has no cards in hand), nothing "
        "happens and the revealed card goes back to Alaric's hand.",
        Case((seat("alaric", hand=(TRIPWIRE,)), seat("bob"), seat("cid")), acts("alaric")),
        {"fortitude": [20, 19, 20], "said:alaric has no cards": True}),
    row("C1-trap-hits-the-revealer", "001",
        "The player affected by the Trap is always the one who revealed the card.",
        Case((seat("alaric", hand=(PIT, TRIPWIRE, CATCH)), seat("bob"), seat("cid")),
             acts("alaric"), {"trap": [0, 1]}),  # bob reveals the tripwire, cid the other
        {"fortitude": [20, 18, 20], "cards:alaric": (TRIPWIRE.name, CATCH.name)}),
    row("C1-trap-is-only-its-trap-effect", "001",
        "If the revealed card has a Trap effect at the bottom, it is resolved as though it "
        "were an Action Card played from Alaric's hand with only its Trap Effect.",
        Case((seat("alaric", hand=(TRIPWIRE, DARTS), deck=(CATCH,)),
              seat("bob", hand=(FILLER, STRETCH)), seat("cid")), acts("alaric")),
        # the darts' own 2 Fortitude loss does not happen: only its Trap (a random discard,
        # and Alaric draws 1); then the card is back in his hand
        {"fortitude": [20, 19, 20], "hand": [2, 1, 0], "discards:bob": (FILLER.name,),
         "cards:alaric": (DARTS.name, CATCH.name)}),
    row("C1-trap-can-be-negated-as-an-action", "001",
        "If the revealed card has a Trap effect at the bottom, it is resolved as though it "
        "were an Action Card played from Alaric's hand with only its Trap Effect.",
        Case((seat("alaric", hand=(TRIPWIRE, TRIPWIRE)), seat("bob", hand=(TAKE_BACK,)),
              seat("cid")), acts("alaric"),
             {"respond": ["pass", TAKE_BACK.name]}),
        {"fortitude": [20, 19, 20], "cards:alaric": (TRIPWIRE.name,),
         "said:Mind the tripwire (sample) (Trap) is Negated": True}),
    row("C1-only-cards-from-his-character-deck", "001",
        "If Alaric has cards in his hand that didn't come from his Character Deck (such as "
        "Murgath's Blessings or Marah's Maledictions), then the player Checking for Traps "
        "reveals a random card from among Alaric's Character Cards.",
        Case((seat("alaric", hand=(TRIPWIRE, BLESSING, CATCH, CATCH)), seat("bob"),
              seat("cid")), acts("alaric")),
        {"options:trap": (1, 2), "fortitude": [20, 19, 20]}),
    row("C1-a-buff-token-boosts-a-trap", "001",
        "If Alaric has one of Karl's Buff Tokens (or a similar effect like a Strength Potion "
        "from Phrenk) and a player reveals a Trap that causes Fortitude loss, Alaric may "
        "choose to spend the token (or Potion) to increase the Trap effect.",
        Case((seat("alaric", hand=(TRIPWIRE, TRIPWIRE), tokens=tokens(buff=1)), seat("bob"),
              seat("cid")), acts("alaric"), {"buff": ["no", "yes"]},
             supply={"buff": 3}),
        {"fortitude": [20, 16, 20], "tokens:alaric": {}, "supply:buff": {"buff": 4}}),
    row("C1-stand-in-example-1", "001",
        "Example 1: Dominique plays \"Tip the Wench\" to make Alaric pay 1 Gold to the Inn. "
        "In response, Alaric plays \"A stand-up stand-in\", allowing him to Ignore the card, "
        "since it would directly change his Gold. (It also makes Dominique Check for Traps.)",
        Case((seat("dominique", hand=(card("dominique", "Tip the Wench"),)),
              seat("alaric", hand=(STAND_IN, TRIPWIRE))),
             any_time("dominique"), {"anytime": ["Tip the Wench (sample)"],
                                     "target": ["alaric"], "respond": [STAND_IN.name]}),
        {"gold": [10, 10], "inn": 50, "fortitude": [18, 20],
         "cards:alaric": (TRIPWIRE.name,)}),
    row("C1-stand-in-example-2-not-on-a-spiked-drink", "001",
        "Alaric may not play \"A stand-up stand-in\" here, because Valeria's card is not "
        "changing Alaric's Alcohol Content directly—it is changing the effects of the Wine.",
        Case((seat("alaric", hand=(STAND_IN, STAND_IN_ALCOHOL), drink_me=(WINE,)),
              seat("valeria", hand=(card("valeria", "Look who's a little mixologist!"),))),
             drinks("alaric"), {"respond": ["Look who's a little mixologist! (sample)"]},
             supply={"corruption": 10}),
        {"offers": [("valeria", ("Look who's a little mixologist! (sample)",))],
         "alcohol": [3, 0], "tokens:alaric": {"corruption": 1}}),
    row("C1-stand-in-example-3-not-on-a-negate", "001",
        "Alaric may not play \"A stand-up stand-in\" here, because Karl's card is not "
        "changing Alaric's Alcohol Content directly—it is Negating Alaric's card that would "
        "allow him to Ignore the Drink.",
        Case((seat("alaric", hand=(SLEIGHT, STAND_IN_ALCOHOL), drink_me=(DRAGON,)),
              seat("karl", hand=(card("karl", "I don't think so!"),))),
             drinks("alaric"), {"respond": [SLEIGHT.name, "I don't think so! (sample)"]}),
        {"offers": [("alaric", (SLEIGHT.name,)), ("karl", ("I don't think so! (sample)",))],
         "alcohol": [4, 0]}),
    row("C1-a-trap-drinks-from-the-drink-deck", "001",
        "Since the Trap effect specifically refers to the Drink Deck, he takes cards from "
        "the RDI Drink Deck, not the Abyssal Ales Drink Deck.",
        Case((seat("alaric", hand=(TRIPWIRE, BRING)), seat("oozwald")), acts("alaric"),
             deck=(LIGHT, LIGHT, WINE)),
        {"fortitude": [20, 19], "alcohol": [0, 2], "cards:alaric": (BRING.name,)}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), ALARIC)
def test_alaric(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


def test_another_characters_card_can_make_a_player_check_for_traps() -> None:
    """The handler runs for the card's player's mechanics; another character's rules reach
    Alaric's hand through :func:`alaric.check_for_traps`, which finds him at the table."""
    tavern = table([seat("bob"), seat("alaric", hand=(TRIPWIRE,)), seat("cid")])
    final = run(alaric.check_for_traps(tavern, "cid"))
    assert [p.fortitude for p in final.players] == [20, 20, 18]
    assert final.player("alaric").hand == (TRIPWIRE,)


# --- C-2 Karl Bookhammer ----------------------------------------------------------------------

TOME = card("karl", "Okay, who opened the cursed tome?")
PUMP = card("karl", "Pump some iron")
SPOT = card("karl", "Spot me, will you?")
SPINE = card("karl", "You cracked the spine!")
EDITIONS = card("karl", "Anyone interested in some special editions?")
TAIL_WHIP = card("eisinder", "Tail whip! It's super effective")
HAS_BUFF = tokens(buff=1)

KARL = [
    row("C2-setup-one-buff-token", "001",
        "Setup: Place 1 Buff Token onto your player mat, and leave the other 3 nearby.",
        Case((), setup(("karl", DECK["karl"]), ("bob", BERTHA))),
        {"tokens:karl": {"buff": 1}, "tokens:bob": {}, "supply:buff": {"buff": 3}}),
    row("C2-gain-a-buff-token-unless-you-have-one", "001",
        "When a player gains a Buff Token, if they do not already have one, they put one "
        "onto their player mat.",
        Case((seat("karl", hand=(SPOT,), tokens=HAS_BUFF), seat("bob"), seat("cid")),
             acts("karl"), supply={"buff": 3}),
        {"tokens:karl": {"buff": 1}, "tokens:bob": {"buff": 1}, "tokens:cid": {"buff": 1},
         "supply:buff": {"buff": 1}}),
    row("C2-at-most-one-buff-token", "001",
        "A player may have at most 1 Buff Token at a time.",
        Case((seat("karl", fortitude=15, hand=(PUMP,), tokens=HAS_BUFF), seat("bob")),
             acts("karl"), supply={"buff": 3}),
        {"tokens:karl": {"buff": 1}, "supply:buff": {"buff": 3}, "fortitude": [16, 20]}),
    row("C2-empty-supply-karl-moves-one", "001",
        "If a player would gain a Buff Token, but there are no more in the supply, then Karl "
        "must move a token from another player to that player.",
        Case((seat("karl", hand=(PUMP,)), seat("bob", tokens=HAS_BUFF),
              seat("cid", tokens=HAS_BUFF)), acts("karl"), {"reclaim": ["cid"]},
             supply={"buff": 0}),
        {"figures:reclaim": ["karl"], "options:reclaim": ("bob", "cid"),
         "tokens:karl": {"buff": 1}, "tokens:cid": {}, "supply:buff": {"buff": 0}}),
    row("C2-any-holder-adds-one", "001",
        "Any player with a Buff Token (including Karl himself) may add 1 to the Fortitude "
        "loss of an Action or Sometimes Card that they have just played by discarding their "
        "Buff Token from their player mat.",
        Case((seat("bob", hand=(HAYMAKER,), tokens=HAS_BUFF), seat("karl"), seat("cid")),
             acts("bob"), {"buff": ["yes"]}, supply={"buff": 3}),
        {"fortitude": [20, 17, 20], "tokens:bob": {}, "supply:buff": {"buff": 4}}),
    row("C2-not-on-an-anytime-card", "001",
        "Any player with a Buff Token (including Karl himself) may add 1 to the Fortitude "
        "loss of an Action or Sometimes Card that they have just played by discarding their "
        "Buff Token from their player mat.",
        Case((seat("bob", hand=(CHEAP_SHOT,), tokens=HAS_BUFF), seat("karl")),
             any_time("bob"), {"anytime": [CHEAP_SHOT.name]}, supply={"buff": 3}),
        {"count:buff": 0, "fortitude": [20, 19], "tokens:bob": {"buff": 1}}),
    row("C2-chosen-when-the-card-is-played", "001",
        "You must choose whether to spend your Buff Token when you play the card. You may "
        "not wait to see if players respond, then decide.",
        Case((seat("karl", hand=(HAYMAKER,), tokens=HAS_BUFF), seat("bob", hand=(NO,))),
             acts("karl"), {"buff": ["yes"]}, supply={"buff": 3}),
        {"kinds": ["action", "buff", "respond"], "fortitude": [20, 17]}),
    row("C2-no-refund-when-negated", "001",
        "If you spend a Buff Token and the card you spent it on is Negated or Ignored, you "
        "do not get the Buff Token back.",
        Case((seat("karl", hand=(HAYMAKER,), tokens=HAS_BUFF), seat("bob", hand=(NO,))),
             acts("karl"), {"buff": ["yes"], "respond": [NO.name]}, supply={"buff": 3}),
        {"fortitude": [20, 20], "tokens:karl": {}, "supply:buff": {"buff": 4}}),
    row("C2-no-refund-when-ignored", "001",
        "If you spend a Buff Token and the card you spent it on is Negated or Ignored, you "
        "do not get the Buff Token back.",
        Case((seat("karl", hand=(HAYMAKER,), tokens=HAS_BUFF),
              seat("bob", hand=(NOT_TODAY,))),
             acts("karl"), {"buff": ["yes"], "respond": [NOT_TODAY.name]},
             supply={"buff": 3}),
        {"fortitude": [20, 20], "tokens:karl": {}, "supply:buff": {"buff": 4}}),
    row("C2-plus-one-for-each-target", "001",
        "Adding a Buff Token increases the Fortitude loss by 1 for each affected target.",
        Case((seat("karl", hand=(TOME,), tokens=HAS_BUFF), seat("bob"), seat("cid")),
             acts("karl"), {"buff": ["yes"]}, supply={"buff": 3}),
        {"fortitude": [20, 18, 18]}),
    row("C2-plus-one-per-target-not-per-effect", "001",
        "If a card happens to have multiple Fortitude loss effects affecting a single target, "
        "a Buff Token increases the total Fortitude loss to that target by 1, not by 1 for "
        "each effect.",
        Case((seat("karl", hand=(DOUBLE_JAB,), tokens=HAS_BUFF), seat("bob")),
             acts("karl"), {"buff": ["yes"]}, supply={"buff": 3}),
        {"fortitude": [20, 17]}),
    row("C2-not-shared-among-teammates", "001",
        "In a team game, Buff Tokens may not be shared among teammates.",
        Case((seat("karl", team="t1", tokens=HAS_BUFF), seat("ann", team="t1",
                                                              hand=(HAYMAKER,)),
              seat("bob", team="t2"), seat("cid", team="t2")), acts("ann"),
             supply={"buff": 3}),
        {"count:buff": 0, "fortitude": [20, 20, 18, 20], "tokens:karl": {"buff": 1}}),
    row("C2-a-hit-back-can-be-buffed", "001",
            "You may increase the Fortitude loss of this card by discarding a Buff Token "
            "when you play it.",
            Case((seat("bob", hand=(HAYMAKER,)), seat("karl", hand=(SPINE,),
                                                      tokens=HAS_BUFF)),
                 acts("bob"), {"hit-back": [SPINE.name], "buff": ["yes"]},
                 supply={"buff": 3}),
            {"fortitude": [17, 18], "tokens:karl": {}}),
    row("C2-hit-back-for-what-was-actually-lost", "001",
        "The other player loses the amount of Fortitude you actually lost, not the original "
        "amount.",
        Case((seat("bob", hand=(BIG_HIT,)), seat("karl", hand=(IRON_SKIN, SPINE))),
             acts("bob"), {"respond": [IRON_SKIN.name], "hit-back": [SPINE.name]}),
        {"fortitude": [19, 19]}),
    row("C2-hit-back-for-the-whole-loss-of-a-card", "001",
            "The other player loses the amount of Fortitude you actually lost, not the "
            "original amount.",
            Case((seat("eisinder", hand=(TAIL_WHIP,), tokens=tokens(fire=2)),
                  seat("karl", hand=(SPINE,))),
                 acts("eisinder"), {"hit-back": [SPINE.name]}),
            {"fortitude": [17, 17], "count:hit-back": 1}),
    row("C2-special-editions-a-card-for-each-who-does-not-pay", "001",
        "For each Champion who doesn't pay, Karl gets an extra card.",
        Case((seat("karl", hand=(EDITIONS,), deck=(FILLER,) * 3), seat("bob", deck=(FILLER,)),
              seat("cid", deck=(FILLER,))), acts("karl"),
             {"special-editions": ["yes", "no"]}),
        {"gold": [11, 9, 10], "hand": [1, 1, 0]}),
    row("C2-special-editions-one-champion-per-team", "001",
        "In a team game, each team chooses a Champion who decides whether to draw and pay.",
        Case((seat("karl", team="t1", hand=(EDITIONS,), deck=(FILLER,) * 3),
              seat("ann", team="t1", gold=0), seat("bob", team="t2", deck=(FILLER,)),
              seat("cid", team="t2", gold=0, deck=(FILLER,))),
             acts("karl"), {"champion": ["cid"], "special-editions": ["no"]}),
        {"figures:special-editions": ["cid"], "hand": [1, 0, 0, 0]}),
    row("C2-special-editions-ignored-karl-still-draws", "001",
            "If a player Ignores this card, Karl still gets to draw a card for that player "
            "not paying.",
            Case((seat("karl", hand=(EDITIONS,), deck=(FILLER,) * 3),
                  seat("bob", hand=(NOT_TODAY,)), seat("cid")), acts("karl"),
                 {"respond": [NOT_TODAY.name], "special-editions": ["no"]}),
            {"hand": [2, 0, 0]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), KARL)
def test_karl(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- C-3 Eisinder -----------------------------------------------------------------------------

BLISTERING = card("eisinder", "Blistering blows")
FORGE = card("eisinder", "Breath of the forge's flame")
CHUFF = card("eisinder", "CHUFF!")
FROSTBITE = card("eisinder", "Frostbite")
INNER_PEACE = card("eisinder", "Inner peace... Inner peace...")
OH_HO_HO = card("eisinder", "Oh ho ho... you're on")
STRETCH_OUT = card("eisinder", "Remember to stretch!")


def mat(*spaces: tuple[str, int], **claimed: int) -> tuple[tuple[str, int], ...]:
    """Eisinder's tokens: the unclaimed ones on ``spaces``, and ``claimed`` counts."""
    held = {eisinder.on_mat(kind, space): 1 for kind, space in spaces}
    held.update(claimed)
    return tuple(sorted(held.items()))


def spaces(kind: str, *numbers: int) -> tuple[tuple[str, int], ...]:
    return tuple((kind, n) for n in numbers)


FULL_MAT = (*spaces("fire", 18, 15, 11, 6), *spaces("ice", 14, 9, 5, 2))
ON_MAT = {eisinder.on_mat(k, n): 1 for k, n in FULL_MAT}

EISINDER = [
    row("C3-setup-element-tokens", "001",
        "Setup: Put Fire Tokens onto spaces 18, 15, 11 and 6 on your player mat. Put Ice "
        "Tokens onto spaces 14, 9, 5 and 2.",
        Case((), setup(("eisinder", DECK["eisinder"]), ("bob", BERTHA))),
        {"tokens:eisinder": ON_MAT}),
    row("C3-fortitude-past-18-claims-a-fire-token", "001",
        "Eisinder goes to 17 Fortitude and claims her first Fire Token.",
        Case((seat("bob", hand=(BIG_HIT,)), seat("eisinder", tokens=mat(*FULL_MAT))),
             acts("bob")),
        {"tokens:eisinder": {k: v for k, v in ON_MAT.items() if k != "fire on 18"}
         | {"fire": 1},
         "fortitude": [20, 17]}),
    row("C3-alcohol-onto-5-claims-ice-tokens", "001",
        "When your Fortitude or Alcohol marker moves onto or past a number with an Element "
        "Token on it, Claim that token by moving it next to your player mat, into the section "
        "marked \"Claimed Element Tokens\".",
        Case((seat("eisinder", alcohol=1, drink_me=(DRAGON,), tokens=mat(*FULL_MAT)),
              seat("bob")), drinks("eisinder")),
        {"tokens:eisinder": {k: v for k, v in ON_MAT.items()
                             if k not in ("ice on 2", "ice on 5")} | {"ice": 2}}),
    row("C3-alcohol-onto-6-claims-the-fire-token-on-6", "001",
        "When your Fortitude or Alcohol marker moves onto or past a number with an Element "
        "Token on it, Claim that token",
        Case((seat("eisinder", alcohol=4, drink_me=(ELVEN,),
                   tokens=mat(*spaces("fire", 18, 15, 11, 6), *spaces("ice", 14, 9, 5),
                              ice=1)), seat("bob")), drinks("eisinder")),
        {"tokens:eisinder": {"fire on 18": 1, "fire on 15": 1, "fire on 11": 1,
                             "ice on 14": 1, "ice on 9": 1, "fire": 1, "ice": 2}}),
    row("C3-healing-back-keeps-the-token", "001",
        "Later in the game, she heals back to 19. She still keeps the Fire Token.",
        Case((seat("eisinder", fortitude=17, hand=(STRETCH_OUT,),
                   tokens=mat(*FULL_MAT[1:], fire=1)), seat("bob")), acts("eisinder")),
        {"fortitude": [19, 20],
         "tokens:eisinder": {k: v for k, v in ON_MAT.items() if k != "fire on 18"}
         | {"fire": 1}}),
    row("C3-a-threshold-does-not-spend-tokens", "001",
        "You do not need to spend tokens in this case. They stay in your Claimed Element "
        "Tokens area.",
        Case((seat("eisinder", hand=(BLISTERING,), tokens=tokens(fire=2)), seat("bob")),
             acts("eisinder")),
        {"fortitude": [20, 17], "alcohol": [0, 1], "tokens:eisinder": {"fire": 2}}),
    row("C3-the-enhanced-effect-is-not-optional", "001",
        "So, for example, if you have at least 3 Fire Tokens, you may not choose the base "
        "effect of \"Breath of the forge's flame.\"",
        Case((seat("eisinder", hand=(FORGE,), tokens=tokens(fire=3)), seat("bob")),
             acts("eisinder")),
        {"fortitude": [19, 16], "kinds": ["action"]}),
    row("C3-below-the-threshold-the-base-effect", "001",
        "If you have the required number of tokens when the card resolves, the enhanced "
        "effect happens automatically.",
        Case((seat("eisinder", hand=(FORGE,), tokens=tokens(fire=2)), seat("bob")),
             acts("eisinder")),
        {"fortitude": [20, 18]}),
    row("C3-x-counts-the-claimed-tokens", "001",
        "Some cards have an X, which gives you an enhanced effect based on how many of a "
        "certain type of token you have.",
        Case((seat("eisinder", hand=(FROSTBITE,), tokens=tokens(ice=3)), seat("bob")),
             acts("eisinder")),
        {"fortitude": [20, 16]}),
    row("C3-chuff-spent-tokens-leave-the-game", "001",
        "When you Spend an Element Token, you remove it from the game completely.",
        Case((seat("eisinder", hand=(CHUFF,), tokens=tokens(fire=2, ice=1)), seat("bob")),
             acts("eisinder"), {"boost": ["yes", "no"]}),
        {"fortitude": [20, 17], "alcohol": [0, 0], "tokens:eisinder": {"fire": 1, "ice": 1},
         "supply": {}}),
    row("C3-chuff-only-claimed-tokens", "001",
        "You may only Spend Element Tokens from your Claimed Element Tokens area.",
        Case((seat("eisinder", hand=(CHUFF,), tokens=mat(*FULL_MAT)), seat("bob")),
             acts("eisinder")),
        {"count:boost": 0, "fortitude": [20, 19]}),
    row("C3-chuff-spent-when-played", "001",
        "You must spend the tokens when you play the card. You may not wait to see if "
        "players wish to respond, then decide.",
        Case((seat("eisinder", hand=(CHUFF,), tokens=tokens(ice=1)),
              seat("bob", hand=(NO,))), acts("eisinder"), {"boost": ["yes"]}),
        {"kinds": ["action", "boost", "respond"], "alcohol": [0, 2],
         "tokens:eisinder": {}}),
    row("C3-tail-whip-example", "001",
        "Eisinder claims her second Fire Token, so when Tail whip resolves, Oozwald loses 3 "
        "Fortitude instead of 2.",
        Case((seat("eisinder", fortitude=16, hand=(TAIL_WHIP,),
                   tokens=mat(*FULL_MAT[1:], fire=1)),
              seat("oozwald", hand=(ACID_SPIT,))), acts("eisinder"),
             {"respond": [ACID_SPIT.name]}),
        {"fortitude": [15, 17], "tokens:eisinder": {
            k: v for k, v in ON_MAT.items() if k not in ("fire on 18", "fire on 15")}
            | {"fire": 2}}),
    row("C3-oh-ho-ho-tokens-claimed-by-the-loss-count", "001",
        "Since you must lose Fortitude before playing this card, any Element Tokens you gain "
        "from that Fortitude loss will already be in your Claimed area when you play this "
        "card.",
        Case((seat("bob", hand=(HAYMAKER,)),
              seat("eisinder", fortitude=16, alcohol=1, hand=(OH_HO_HO,),
                   tokens=mat(*FULL_MAT[1:], fire=1))),
             acts("bob"), {"hit-back": [OH_HO_HO.name]}),
        # she claims Fire 15 and Ice 14 at 14 Fortitude: both extras (bob loses 1 + 1,
        # she loses 1 Alcohol)
        {"fortitude": [18, 14], "alcohol": [0, 0]}),
    row("C3-remember-to-stretch-both-extras", "001",
        "If you have at least two Fire Tokens and at least two Ice Tokens, you will get both "
        "extra effects.",
        Case((seat("eisinder", fortitude=15, alcohol=4, hand=(STRETCH_OUT,),
                   deck=(FILLER,), tokens=tokens(fire=2, ice=2)), seat("bob")),
             acts("eisinder")),
        {"fortitude": [17, 20], "alcohol": [2, 0], "hand": [1, 0]}),
    row("C3-inner-peace-claims-nearest-an-endpoint", "001",
        "For example, if you are at 19 Fortitude and 3 Alcohol Content, you must Claim the "
        "Fire Token on 18.",
        Case((seat("eisinder", fortitude=19, alcohol=3, hand=(INNER_PEACE,),
                   tokens=mat(*FULL_MAT[:-1], ice=1)), seat("bob")), acts("eisinder")),
        {"tokens:eisinder": {k: v for k, v in ON_MAT.items()
                             if k not in ("fire on 18", "ice on 2")} | {"fire": 1, "ice": 1},
         "alcohol": [1, 0]}),
    row("C3-inner-peace-tie-you-choose", "001",
        "If the two closest Element Tokens are equidistant to the endpoints (for example, 15 "
        "and 5), you choose which one to Claim.",
        Case((seat("eisinder", fortitude=17, alcohol=3, hand=(INNER_PEACE,),
                   tokens=mat(*FULL_MAT[1:-1], fire=1, ice=1)), seat("bob")),
             acts("eisinder"), {"claim": ["ice on 5"]}),
        {"options:claim": ("fire on 15", "ice on 5"),
         "tokens:eisinder": {"fire on 15": 1, "fire on 11": 1, "fire on 6": 1,
                             "ice on 14": 1, "ice on 9": 1, "fire": 1, "ice": 2}}),
    row("C3-team-mat-moves-claim-her-tokens", "001",
        "If you play Eisinder in a team game, use her player mat to track the team's "
        "Fortitude and Alcohol so that she can gain her Element Tokens at the appropriate "
        "time.",
        Case((seat("ann", team="t1"), seat("eisinder", team="t1", tokens=mat(*FULL_MAT)),
              seat("bob", team="t2", hand=(BIG_HIT,))), acts("bob"),
             {"target": ["eisinder"]}),
        {"fortitude": [17, 20, 20],
         "tokens:eisinder": {k: v for k, v in ON_MAT.items() if k != "fire on 18"}
         | {"fire": 1}}),
    row("C3-with-the-lich-king-other-spaces", "001",
        "If Eisinder is on a team with the Lich King, use the Lich King's player mat and put "
        "Fire Tokens on 12, 9, 6 and 3 and Ice Tokens on 10, 7, 4 and 1.",
        Case((seat("lich", team="t1", mechanics="lich_king"),
              seat("eisinder", team="t1"), seat("bob", team="t2")),
             hook("eisinder", "eisinder")),
        {"tokens:eisinder": {eisinder.on_mat(k, n): 1 for k, n in (
            *spaces("fire", 12, 9, 6, 3), *spaces("ice", 10, 7, 4, 1))}}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), EISINDER)
def test_eisinder(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- C-4 Dominique ----------------------------------------------------------------------------

TESLA = card("dominique", "Tesla coil")
ARC = card("dominique", "Arc lightning")
CHARGE = card("dominique", "Charge the capacitors")
OVERCLOCK = card("dominique", "Overclock")
RECOMBOBULATOR = card("dominique", "The Recombobulator")
VOLTAGE = card("dominique", "Danger! High voltage!")
TOKEN, CARDS = dominique.TOKEN, dominique.CARDS
ENERGY = tokens(energy=2)

DOMINIQUE = [
    row("C4-setup-two-energy", "001",
        "Setup: Place 2 Energy Tokens onto your player mat, and leave the other 2 nearby.",
        Case((), setup(("dominique", DECK["dominique"]), ("bob", QUILL))),
        {"tokens:dominique": {"energy": 2}, "supply:energy": {"energy": 2}}),
    row("C4-never-more-than-four", "001",
        "You may never have more than 4 Energy on your player mat.",
        Case((seat("dominique", hand=(CHARGE,), tokens=tokens(energy=3)), seat("bob")),
             acts("dominique"), supply={"energy": 1}),
        {"tokens:dominique": {"energy": 4}, "supply:energy": {"energy": 0}}),
    row("C4-pay-an-energy-with-a-token", "001",
        "To spend 1 Energy, you may either discard an Energy Token from your player mat or "
        "discard 2 cards from your hand.",
        Case((seat("dominique", hand=(TESLA, FILLER, FILLER), tokens=ENERGY), seat("bob")),
             acts("dominique"), {"boost": ["yes"], "energy": [TOKEN]}, supply={"energy": 2}),
        {"fortitude": [20, 16], "tokens:dominique": {"energy": 1},
         "supply:energy": {"energy": 3}, "hand": [2, 0]}),
    row("C4-pay-with-cards-while-holding-tokens", "001",
        "You may pay with cards even if you have Energy Tokens on your player mat.",
        Case((seat("dominique", hand=(TESLA, FILLER, STRETCH), tokens=ENERGY), seat("bob")),
             acts("dominique"), {"boost": ["yes"], "energy": [CARDS]}, supply={"energy": 2}),
        {"fortitude": [20, 16], "tokens:dominique": {"energy": 2}, "hand": [0, 0],
         "discards:dominique": (FILLER.name, STRETCH.name, TESLA.name)}),
    row("C4-mix-a-token-and-two-cards", "001",
        "For example, if you are paying 2 Energy, you may discard 2 Energy Tokens, or 1 Token "
        "and 2 cards, or 4 cards.",
        Case((seat("dominique", hand=(ARC, FILLER, FILLER), tokens=tokens(energy=1)),
              seat("bob"), seat("cid")), acts("dominique"),
             {"boost": ["yes"], "energy": [CARDS]}, supply={"energy": 3}),
        {"fortitude": [20, 18, 18], "alcohol": [0, 1, 1], "tokens:dominique": {},
         "hand": [0, 0, 0]}),
    row("C4-four-cards-for-two-energy", "001",
        "For example, if you are paying 2 Energy, you may discard 2 Energy Tokens, or 1 Token "
        "and 2 cards, or 4 cards.",
        Case((seat("dominique", hand=(ARC, *(FILLER,) * 4)), seat("bob"), seat("cid")),
             acts("dominique"), {"boost": ["yes"]}),
        {"fortitude": [20, 18, 18], "hand": [0, 0, 0]}),
    row("C4-energy-is-optional", "001",
        "Energy costs are always optional.",
        Case((seat("dominique", hand=(TESLA,), tokens=ENERGY), seat("bob")),
             acts("dominique"), {"boost": ["no"]}),
        {"fortitude": [20, 18], "tokens:dominique": {"energy": 2}}),
    row("C4-no-refund-when-negated", "001",
        "If you pay Energy for a card and that card is Negated or Ignored, you do not get "
        "the Energy (or cards) back.",
        Case((seat("dominique", hand=(TESLA,), tokens=ENERGY), seat("bob", hand=(NO,))),
             acts("dominique"), {"boost": ["yes"], "respond": [NO.name]},
             supply={"energy": 2}),
        {"fortitude": [20, 20], "tokens:dominique": {"energy": 1}}),
    row("C4-chosen-when-the-card-is-played", "001",
        "You must choose whether or not to pay Energy when you play the card. You may not "
        "wait to see if players respond, then decide.",
        Case((seat("dominique", hand=(TESLA, FILLER, FILLER), tokens=ENERGY),
              seat("bob", hand=(NOT_TODAY,))), acts("dominique"), {"boost": ["yes"]},
             supply={"energy": 2}),
        {"kinds": ["action", "boost", "energy", "respond"]}),
    row("C4-spend-one-or-more-energy", "001",
        "Spend 1 or more Energy",
        Case((seat("dominique", hand=(OVERCLOCK,), deck=(FILLER,) * 4,
                   tokens=tokens(energy=3)), seat("bob")),
             acts("dominique"), {"boost": ["yes", "yes", "no"]}, supply={"energy": 1}),
        {"tokens:dominique": {"energy": 1}, "hand": [3, 0], "count:boost": 3}),
    row("C4-recombobulator-draws-four", "001",
        "After shuffling, you still draw 4 cards.",
        Case((seat("dominique", hand=(RECOMBOBULATOR, *(FILLER,) * 5, BLESSING),
                   deck=(STRETCH,) * 2), seat("bob")), acts("dominique")),
        {"hand": [5, 0], "deck:dominique": 3}),
    row("C4-timing-example-3", "001",
        "Once that card takes effect, Karl's card resolves, causing the other players to "
        "each lose 1 Fortitude. After that happens, Dominique may play her card to hit Karl "
        "back.",
        Case((seat("karl", hand=(TOME,)),
              seat("valeria", hand=(card("valeria", "The Darkness shrouds us"),)),
              seat("dominique", hand=(VOLTAGE,))), acts("karl"),
             {"respond": ["The Darkness shrouds us (sample)"], "hit-back": [VOLTAGE.name]}),
        {"fortitude": [19, 20, 19], "kinds": ["action", "respond", "hit-back"]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), DOMINIQUE)
def test_dominique(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- C-5 Oozwald ------------------------------------------------------------------------------

BUMPED = card("oozwald", "You bumped into me!")
DIVIDE = card("oozwald", "Divide and conquer")
MITOSIS = card("oozwald", "Mitosis")
THATS_ME = card("oozwald", "That's me! No, that's me!")
WE_DONT = card("oozwald", "We don't think so!")
CLONE_TIP = card("oozwald", "I guess the clone thought that was her tip...")

OOZWALD = [
    row("C5-setup-clones-beside-the-mat", "001",
        "Setup: Put your 4 Clone meeples near your player mat.",
        Case((), setup(("oozwald", DECK["oozwald"]), ("bob", BERTHA))),
        {"tokens:oozwald": {}, "supply:clone": {"clone": 4}}),
    row("C5-create-a-clone", "001",
        "When you Create a Clone, put it onto your player mat.",
        Case((seat("oozwald", hand=(DIVIDE,), deck=(FILLER,)), seat("bob")),
             acts("oozwald"), supply={"clone": 4}),
        {"tokens:oozwald": {"clone": 1}, "supply:clone": {"clone": 3}, "hand": [1, 0]}),
    row("C5-never-more-than-four", "001",
        "You may never have more than 4 Clones on your player mat.",
        Case((seat("oozwald", hand=(MITOSIS,), tokens=tokens(clone=3)), seat("bob")),
             acts("oozwald"), supply={"clone": 1}),
        {"tokens:oozwald": {"clone": 4}, "supply:clone": {"clone": 0}}),
    row("C5-absorb-back-to-the-supply", "001",
        "To Absorb a Clone, simply remove it from your player mat and put it back into the "
        "supply for later use.",
        Case((seat("oozwald", hand=(BUMPED,), tokens=tokens(clone=1)), seat("bob")),
             acts("oozwald"), {"boost": ["yes"]}, supply={"clone": 3}),
        {"fortitude": [20, 17], "tokens:oozwald": {}, "supply:clone": {"clone": 4}}),
    row("C5-absorb-chosen-when-played", "001",
        "If a card allows you to Absorb a Clone, you must decide whether or not to do so "
        "when you play the card.",
        Case((seat("oozwald", hand=(BUMPED,), tokens=tokens(clone=1)),
              seat("bob", hand=(NO,))), acts("oozwald"), {"boost": ["yes"]},
             supply={"clone": 3}),
        {"kinds": ["action", "boost", "respond"]}),
    row("C5-no-refund-when-ignored", "001",
        "If you Absorb a Clone and the card you spent it on is Negated or Ignored, you do "
        "not get the Clone back.",
        Case((seat("oozwald", hand=(BUMPED,), tokens=tokens(clone=1)),
              seat("bob", hand=(NOT_TODAY,))), acts("oozwald"),
             {"boost": ["yes"], "respond": [NOT_TODAY.name]}, supply={"clone": 3}),
        {"fortitude": [20, 20], "tokens:oozwald": {}, "supply:clone": {"clone": 4}}),
    row("C5-action-phase-absorb-for-fortitude", "001",
        "At the beginning of your Action Phase, before playing an Action, you may Absorb a "
        "Clone to gain 1 Fortitude, and/or you may Absorb a Clone to gain the effect \"you "
        "may play an additional Action this phase.\"",
        Case((seat("oozwald", fortitude=15, hand=(STRETCH, STRETCH),
                   tokens=tokens(clone=2)), seat("bob")),
             phase("oozwald"), {"boost": ["yes", "no"]}, supply={"clone": 2}),
        {"fortitude": [17, 20], "tokens:oozwald": {"clone": 1}, "hand": [1, 0]}),
    row("C5-action-phase-both", "001",
        "You may play either, both, or neither of these effects.",
        Case((seat("oozwald", fortitude=15, hand=(STRETCH, STRETCH),
                   tokens=tokens(clone=2)), seat("bob")),
             phase("oozwald"), {"boost": ["yes", "yes"]}, supply={"clone": 2}),
        {"fortitude": [18, 20], "tokens:oozwald": {}, "hand": [0, 0]}),
    row("C5-action-phase-each-at-most-once", "001",
        "In other words, you may not Absorb multiple Clones to gain additional Fortitude, "
        "nor may you Absorb multiple Clones to play 3 or more Actions.",
        Case((seat("oozwald", fortitude=15, hand=(STRETCH,) * 3, tokens=tokens(clone=4)),
              seat("bob")), phase("oozwald"), {"boost": ["yes", "yes"]}),
        {"count:boost": 2, "fortitude": [18, 20], "tokens:oozwald": {"clone": 2},
         "hand": [1, 0]}),
    row("C5-negate-example", "001",
        "Oozwald responds with \"We don't think so!\" Karl's card is Negated, so it has no "
        "effect. Oozwald loses no Fortitude.",
        Case((seat("oozwald", hand=(BUMPED, WE_DONT)), seat("karl", hand=(SPINE,))),
             acts("oozwald"), {"action": [BUMPED.name], "hit-back": [SPINE.name],
                               "respond": [WE_DONT.name]}),
        {"fortitude": [20, 18]}),
    row("C5-clone-tip-is-a-cheating-card", "001",
        "I guess the clone thought that was her tip...: Note that this is a Cheating Card, "
        "not a Sometimes Card!",
        Case((seat("bob", hand=(IM_IN,)), seat("cid", hand=(WINNING,)),
              seat("oozwald", hand=(CLONE_TIP,))), acts("bob"),
             {"gamble": [WINNING.name, CLONE_TIP.name]}),
        # the pot was 3: Oozwald took 1 out of it, then won the other 2
        {"gold": [9, 9, 12], "pot": 0, "inn": 50}),
    row("C5-thats-me-the-loss-comes-from-this-card", "001",
        "That's me! No, that's me!: The Fortitude loss comes from this card, not from the "
        "card that was played on you.",
        Case((seat("bob", hand=(HAYMAKER, SPINE)), seat("oozwald", hand=(THATS_ME,))),
             acts("bob"), {"action": [HAYMAKER.name], "respond": [THATS_ME.name],
                           "hit-back": [SPINE.name]}),
        {"fortitude": [19, 19], "figures:hit-back": ["bob"]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), OOZWALD)
def test_oozwald(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- C-6 Dark Priestess Valeria ---------------------------------------------------------------

JOIN_US = card("valeria", "Join us...")
SCORN = card("valeria", "SCORN the unbeliever!")
TITHE = card("valeria", "Tithe of the faithful")
LET_US_PLAY = card("valeria", "Let us PLAY")
MIXOLOGIST = card("valeria", "Look who's a little mixologist!")
DARKNESS = card("valeria", "The Darkness shrouds us")
TRY_THIS = card("karl", "You've gotta try this! It was in the Mordrinkia Maxima!")
MASS = card("valeria", "Mass conversion")
SERMON = card("valeria", "Dark sermon")
CORRUPT = {"corruption": 10}
BOSS = Variant(Mode.BOSS_BATTLE, boss="valeria")


def corrupt(n: int) -> tuple[tuple[str, int], ...]:
    return tokens(corruption=n)


VALERIA = [
    row("C6-setup-ten-corruption-no-boss-cards", "001",
        "Be sure that you are not using your Boss Battle cards (with the dragon heads in the "
        "corners) unless you are actually playing a Boss Battle game.",
        Case((), setup(("valeria", DECK["valeria"]), ("bob", BERTHA))),
        {"supply:corruption": {"corruption": 10}, "boss_cards": [0, 0], "hand": [7, 7]}),
    row("C6-boss-battle-shuffles-in-the-boss-cards", "001",
        "If you do this, be sure to shuffle in the 15-card Boss Deck (with dragon heads in "
        "the corners).",
        Case((), setup(("valeria", DECK["valeria"]), ("bob", BERTHA), ("cid", QUILL),
                       variant=Variant(Mode.BOSS_BATTLE))),
        {"boss_cards": [15, 0, 0]}),
    row("C6-cards-give-corruption", "001",
        "Some of Valeria's cards give players Corruption.",
        Case((seat("valeria", hand=(JOIN_US,)), seat("bob")), acts("valeria"),
             supply=CORRUPT),
        {"tokens:bob": {"corruption": 1}, "fortitude": [20, 19],
         "supply:corruption": {"corruption": 9}}),
    row("C6-negated-no-corruption", "001",
        "However, if you Negate or Ignore a card that would give you Corruption, you don't "
        "get it.",
        Case((seat("valeria", hand=(JOIN_US,)), seat("bob", hand=(NO,))), acts("valeria"),
             {"respond": [NO.name]}, supply=CORRUPT),
        {"tokens:bob": {}, "supply:corruption": {"corruption": 10}}),
    row("C6-ignored-no-corruption", "001",
        "However, if you Negate or Ignore a card that would give you Corruption, you don't "
        "get it.",
        Case((seat("valeria", hand=(JOIN_US,)), seat("bob", hand=(NOT_TODAY,))),
             acts("valeria"), {"respond": [NOT_TODAY.name]}, supply=CORRUPT),
        {"tokens:bob": {}, "fortitude": [20, 20]}),
    row("C6-at-most-four-the-rest-resolves", "001",
        "If an effect would cause a player to go above 4 Corruption, they stay at 4. (The "
        "other effects on the card resolve normally, though.)",
        Case((seat("valeria", hand=(JOIN_US,)), seat("bob", tokens=corrupt(4))),
             acts("valeria"), supply={"corruption": 6}),
        {"tokens:bob": {"corruption": 4}, "fortitude": [20, 19],
         "supply:corruption": {"corruption": 6}}),
    row("C6-valeria-never-gains-corruption", "001",
        "Valeria can never gain Corruption. If she would gain Corruption, nothing happens.",
        Case((seat("bob", hand=(CORRUPTING,)), seat("valeria")), acts("bob"),
             {"target": ["valeria"]}, supply=CORRUPT),
        {"tokens:valeria": {}, "supply:corruption": {"corruption": 10}}),
    row("C6-let-us-play-on-herself-draws-nothing", "001",
        "Let us PLAY: You may target yourself with this card, but if you do, you will not "
        "draw any cards, since Valeria herself can never have Corruption.",
        Case((seat("valeria", hand=(LET_US_PLAY,), deck=(FILLER,) * 3), seat("bob")),
             acts("valeria"), {"target": ["valeria"]}, supply=CORRUPT),
        {"hand": [0, 0], "tokens:valeria": {}}),
    row("C6-let-us-play-draws-for-their-corruption", "001",
        "Many of her cards will have a different effect on players with a certain amount of "
        "Corruption.",
        Case((seat("valeria", hand=(LET_US_PLAY,), deck=(FILLER,) * 4),
              seat("bob", tokens=corrupt(2))),
             acts("valeria"), {"target": ["bob"]}, supply={"corruption": 8}),
        {"hand": [3, 0], "tokens:bob": {"corruption": 3}}),
    row("C6-teammates-never-gain-corruption", "001",
        "This rule also applies to Valeria's teammates in a team game.",
        Case((seat("valeria", team="t1"), seat("ann", team="t1"),
              seat("bob", team="t2", hand=(CORRUPTING,))),
             acts("bob"), {"target": ["ann"]}, supply=CORRUPT),
        {"tokens:ann": {}, "said:ann cannot gain corruption": True}),
    row("C6-short-supply-she-takes-back", "001",
        "If a card effect instructs Valeria to give out one or more tokens, but she doesn't "
        "have enough left in her supply, she first takes back the number she needs from any "
        "player(s), then gives them out.",
        Case((seat("valeria", hand=(JOIN_US,)), seat("bob"), seat("cid", tokens=corrupt(4)),
              seat("dee", tokens=corrupt(4))), acts("valeria"), {"reclaim": ["dee"]},
             supply={"corruption": 0}),
        {"figures:reclaim": ["valeria"], "options:reclaim": ("cid", "dee"),
         "tokens:bob": {"corruption": 1}, "tokens:dee": {"corruption": 3}}),
    row("C6-reclaimed-then-given-back", "001",
            "This could cause a player to have a token reclaimed by Valeria, then "
            "immediately given back.",
            Case((seat("valeria", hand=(JOIN_US,)), seat("bob", tokens=corrupt(2)),
                  seat("cid", tokens=corrupt(4)), seat("dee", tokens=corrupt(4))),
                 acts("valeria"), {"reclaim": ["bob"]}, supply={"corruption": 0}),
            {"options:reclaim": ("bob", "cid", "dee"), "tokens:bob": {"corruption": 2}}),
    row("C6-scorn-least-corruption-tie-you-choose", "001",
        "SCORN the unbeliever!: If multiple players are tied for having the least "
        "Corruption, you pick one of those players.",
        Case((seat("valeria", hand=(SCORN,)), seat("bob", tokens=corrupt(1)), seat("cid"),
              seat("dee")), acts("valeria"), {"target": ["dee"]}, supply={"corruption": 9}),
        {"options:target": ("cid", "dee"), "fortitude": [20, 20, 20, 18],
         "tokens:dee": {"corruption": 1}}),
    row("C6-most-corruption", "001",
        "Some cards refer to the player with the least or most Corruption.",
        Case((seat("valeria", hand=(TITHE,)), seat("bob", tokens=corrupt(1)),
              seat("cid", tokens=corrupt(3))), acts("valeria"), supply={"corruption": 6}),
        {"gold": [12, 10, 8], "count:target": 0}),
    row("C6-least-corruption-card-can-be-ignored", "001",
        "However, if you Negate or Ignore a card that would give you Corruption, you don't "
        "get it.",
        Case((seat("valeria", hand=(SCORN,)), seat("bob", hand=(NOT_TODAY,)),
              seat("cid", tokens=corrupt(1))), acts("valeria"),
             {"respond": [NOT_TODAY.name]}, supply={"corruption": 9}),
        {"fortitude": [20, 20, 20], "tokens:bob": {}}),
    row("C6-total-corruption", "001",
        "That is the total amount of Corruption assigned to players in the game.",
        Case((seat("valeria", hand=(SERMON,)), seat("bob", team="c", tokens=corrupt(3)),
              seat("cid", team="c", tokens=corrupt(3))), acts("valeria"),
             supply={"corruption": 4}, variant=BOSS),
        {"fortitude": [20, 16, 20]}),
    row("C6-total-corruption-below-the-threshold", "001",
        "Some of Valeria's Boss Battle cards refer to Total Corruption.",
        Case((seat("valeria", hand=(SERMON,)), seat("bob", team="c", tokens=corrupt(3)),
              seat("cid", team="c", tokens=corrupt(2))), acts("valeria"),
             supply={"corruption": 5}, variant=BOSS),
        {"fortitude": [20, 18, 20]}),
    row("C6-a-leaving-players-corruption-returns", "001",
        "If a player leaves the game, any Corruption they have returns to Valeria, and she "
        "can give that Corruption out with card effects later.",
        Case((seat("valeria"), seat("bob", alcohol=20, tokens=corrupt(3)), seat("cid")),
             losses, supply={"corruption": 7}),
        {"tokens:bob": {}, "supply:corruption": {"corruption": 10}}),
    row("C6-boss-battle-corruption-is-individual", "001",
        "Corruption is given out to individual players - it is not shared among the team.",
        Case((seat("valeria", hand=(MASS,)), seat("bob", team="c"), seat("cid", team="c")),
             acts("valeria"), supply=CORRUPT, variant=BOSS),
        {"tokens:bob": {"corruption": 1}, "tokens:cid": {"corruption": 1},
         "supply:corruption": {"corruption": 8}}),
    row("C6-mixologist-adds-alcohol-and-corruption", "001",
        "Example 2: Alaric reveals Wine on his Drink Phase. Valeria plays \"Look who's a "
        "little mixologist!\" to add 1 Alcohol Content (and a Corruption) to the Wine.",
        Case((seat("alaric", drink_me=(WINE,)), seat("valeria", hand=(MIXOLOGIST,))),
             drinks("alaric"), {"respond": [MIXOLOGIST.name]}, supply=CORRUPT),
        {"alcohol": [3, 0], "tokens:alaric": {"corruption": 1},
         "supply:corruption": {"corruption": 9}}),
    row("C6-timing-example-1", "001",
        "After Valeria's card resolves, Alaric will have another opportunity to play "
        "\"Sleight of drink\" to Ignore the spiked Light Ale, even though he previously chose "
        "not to respond.",
        Case((seat("alaric", hand=(SLEIGHT,), drink_me=(LIGHT,)),
              seat("valeria", hand=(MIXOLOGIST,))), drinks("alaric"),
             {"respond": ["pass", MIXOLOGIST.name, SLEIGHT.name]}, supply=CORRUPT),
        {"alcohol": [0, 0], "tokens:alaric": {}, "figures:respond": ["alaric", "valeria",
                                                                    "alaric"]}),
    row("C6-split-example-1", "001",
        "The result is one Drink with 2 Alcohol Content and another with 3 Alcohol Content.",
        Case((seat("karl", hand=(TRY_THIS,), drink_me=(ELVEN,)),
              seat("valeria", hand=(MIXOLOGIST,)), seat("dominique")), drinks("karl"),
             {"respond": [TRY_THIS.name, MIXOLOGIST.name], "whom": ["dominique"],
              "which-drink": ["2: half of Elven Wine (dominique)"]}, supply=CORRUPT),
        {"alcohol": [2, 0, 3], "tokens:karl": {}, "tokens:dominique": {"corruption": 1}}),
    row("C6-split-example-2", "001",
        "(Each Drink also has the effect \"Gain a Corruption\" thanks to Valeria's card.)",
        Case((seat("karl", hand=(TRY_THIS,), drink_me=(ELVEN,)),
              seat("valeria", hand=(MIXOLOGIST,)), seat("dominique")), drinks("karl"),
             {"respond": ["pass", MIXOLOGIST.name, TRY_THIS.name], "whom": ["dominique"]},
             supply=CORRUPT),
        {"alcohol": [2, 0, 2], "tokens:karl": {"corruption": 1},
         "tokens:dominique": {"corruption": 1}}),
    row("C6-mead-example", "001",
        "Each player then drinks their half, so Oozwald gains 2 Alcohol Content and Dominique "
        "gains 3 (and a Corruption).",
        Case((seat("oozwald", drink_me=(MEAD,)), seat("valeria", hand=(MIXOLOGIST,)),
              seat("dominique")), drinks("oozwald"),
             {"split-partner": ["dominique"], "respond": ["pass", MIXOLOGIST.name],
              "which-drink": ["2: half of Mead (dominique)"]}, supply=CORRUPT),
        {"alcohol": [2, 0, 3], "tokens:oozwald": {}, "tokens:dominique": {"corruption": 1}}),
    row("C6-drinking-contest-example-1", "001",
        "Karl and Alaric each gain 2 Alcohol Content (and Karl gains a Corruption), then the "
        "Drinking Contest continues.",
        Case((seat("alaric", drink_me=(CONTEST,)), seat("karl"),
              seat("valeria", hand=(MIXOLOGIST,))), drinks("alaric"),
             {"respond": [MIXOLOGIST.name], "which-drink": ["2: Light Ale (karl)"]},
             deck=(LIGHT, LIGHT, DRAGON, TEA, LIGHT, WINE), supply=CORRUPT),
        # the tie: Alaric and Karl drink again (Dragon Breath Ale against Light Ale)
        {"alcohol": [6, 3, 0], "tokens:karl": {"corruption": 1}, "gold": [12, 9, 9]}),
    row("C6-protect-most-corruption-not-the-attacker", "001",
        "PROTECT: If the player with the most Corruption is the one attacking you, you "
            "redirect to the player with the most Corruption among the ones not attacking "
            "you.",
            Case((seat("bob", hand=(HAYMAKER,), tokens=corrupt(3)),
                  seat("valeria", hand=(PROTECT,)), seat("cid", tokens=corrupt(2)),
                  seat("dee")), acts("bob"),
                 {"target": ["valeria"], "respond": [PROTECT.name]}),
            {"count:whom": 0, "fortitude": [20, 20, 18, 20]}),
    row("C6-ignore-example", "001",
        "Valeria does not lose Fortitude, but the other players do, since Karl's card "
        "affects them normally when it resolves.",
        Case((seat("karl", hand=(TOME,)), seat("valeria", hand=(DARKNESS,)), seat("bob")),
             acts("karl"), {"respond": [DARKNESS.name]}),
        {"fortitude": [20, 20, 19]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), VALERIA)
def test_valeria(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- the sample decks -------------------------------------------------------------------------

HANDLERS = {"alaric": alaric.HANDLERS, "karl": karl.HANDLERS, "eisinder": eisinder.HANDLERS,
            "dominique": dominique.HANDLERS, "oozwald": oozwald.HANDLERS,
            "valeria": valeria.HANDLERS}
RESOURCES = {"buff", "energy", "clone", "corruption", "fire", "ice"}


@pytest.mark.parametrize("name", MINE)
def test_sample_decks(name: str) -> None:
    """40 cards (Valeria: and her Boss cards), marked as samples, written in the engine's
    vocabulary: each handler is one the character's rules know, each token a resource."""
    import tomllib

    data = tomllib.loads((DECKS / f"{name}.toml").read_text(encoding="utf-8"))
    deck = DECK[name]
    assert data["sample"] is True and deck.character.endswith("(sample deck)")
    assert deck.mechanics == name and characters.REGISTRY[name].name == name
    assert all(c.name.endswith(" (sample)") for c in deck.cards)
    assert sum(not c.boss for c in deck.cards) == 40
    assert (sum(c.boss for c in deck.cards), deck.villain) == ((15, True) if name == "valeria"
                                                               else (0, False))
    steps = [s for c in deck.cards
             for s in (*c.steps, *c.trap, *(t for b in c.boosts for t in b.steps))]
    assert {s.handler for s in steps if s.verb is Verb.HANDLER} <= HANDLERS[name]
    used = {s.resource for s in steps if s.verb is Verb.GAIN} | {
        s.per for s in steps if s.per} | {
        s.condition.resource for s in steps if s.condition is not None} | {
        r for c in deck.cards for b in c.boosts for r, _ in b.cost}
    assert used <= RESOURCES
    assert any(c.starts_round for c in deck.cards)
    assert {c.kind for c in deck.cards} >= {CardKind.ACTION, CardKind.SOMETIMES,
                                            CardKind.GAMBLING, CardKind.CHEATING}


TOTALS = {"buff": ("karl", 4), "energy": ("dominique", 4), "clone": ("oozwald", 4),
          "corruption": ("valeria", 10)}
LIMITS = {"buff": 1, "energy": 4, "clone": 4, "corruption": 4}
TABLES = [
    ("alaric", "karl", "eisinder"),
    ("dominique", "oozwald", "valeria"),
    ("valeria", "alaric", "dominique", "bertha"),
    ("karl", "quill", "eisinder", "oozwald", "bertha"),
    ("eisinder", "valeria"),
    ("alaric", "dominique", "karl", "oozwald", "valeria", "eisinder"),
]


def deck_of(name: str) -> CharacterDeck:
    return {"bertha": BERTHA, "quill": QUILL}.get(name) or DECK[name]


def play(names: tuple[str, ...], seed: int, variant: Variant) -> Tavern:
    decks = [deck_of(n) for n in names]
    game = Game(lambda: play_game(list(names), decks, DRINKS, variant=variant))
    return game.play(random_policy(np.random.default_rng(seed)))


@pytest.mark.parametrize(("names", "mode"), [
    *((t, Mode.INDIVIDUAL) for t in TABLES),
    (("alaric", "karl", "dominique", "eisinder"), Mode.TWO_HEADED_DRAGON),
    (("valeria", "oozwald", "karl", "alaric"), Mode.BOSS_BATTLE),
])
def test_random_games(names: tuple[str, ...], mode: Mode) -> None:
    """Whole games by the random policy: no crash, Gold conserved, no card lost, every
    token within its limit and its supply conserved."""
    for seed in range(12):
        final = play(names, seed, Variant(mode))
        assert final.winners and final.total_gold == 200
        assert all(0 <= p.fortitude <= 20 and 0 <= p.alcohol <= 20 for p in final.players)
        for resource, (owner, total) in TOTALS.items():
            if owner in names:
                held = sum(p.count(resource) for p in final.players)
                assert held + final.left(resource) == total, (seed, resource)
            assert all(p.count(resource) <= LIMITS[resource] for p in final.players)
        assert all(p.count("fire") + p.count("ice") + len(eisinder.unclaimed(p)) <= 8
                   for p in final.players)
        held = Counter((p.name, c.name) for p in final.players
                       for c in (*p.hand, *p.deck, *p.discard))
        dealt = Counter((n, c.name) for n in names for c in deck_of(n).cards
                        if not c.boss or (mode is Mode.BOSS_BATTLE and n == names[0]))
        assert held == dealt, seed
