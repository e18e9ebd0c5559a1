"""Boss Otto (001, "Boss Otto", "Boss Otto - Advanced", "Boss Otto - Other Rules") as a case
table: one row per ruling, each quoting its passage, run on a small table with Boss Otto's
Decisions answered by his rules (:func:`tales.tavern.rdi.otto.automated`).

The Otto cards are test fixtures ("(test)"), none the printed card; shuffles keep the order
(the last card of a pile is its top), and the Challengers' Decisions are answered from the
row's script, else "pass", else the first option.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Decision, Resolution
from tales.tavern.rdi.characters.amundyr import bite
from tales.tavern.rdi.drinks import drink_phase
from tales.tavern.rdi.effects import POTION, play_card
from tales.tavern.rdi.gambling import start_round
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Drink,
    DrinkEvent,
    Minion,
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
from tales.tavern.rdi.otto import automated, component_hit, provoked, turn
from tales.tavern.rdi.ottodata import (
    ACTIONS,
    DECKS,
    GAMBLING,
    OTTO,
    PRIORITY,
    SOMETIMES,
    THREAT,
    OttoCard,
    OttoRules,
    Subtype,
    gain_threat,
    repair,
    target,
    threat,
)
from tales.tavern.rdi.ottodecks import load_otto
from tales.tavern.rdi.rules import CharacterDeck, set_up, settle
from tales.tavern.rdi.rules import turn as rules_turn
from tales.tavern.rdi.simulate import SAMPLE_OTTO
from tales.tavern.rdi.timing import Outcome, Played

from ._play import run, table
from ._seeds import row

TRACK = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7)
HARD_TRACK = (2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8)
LIGHT = Drink("Light Ale", 1)
WINE = Drink("Wine", 2)
TEA = Drink("Pot of Tea", -1)
MEAD = Drink("Mead", 3, splits=True)
GUTROT = Drink("Gutrot (test)", 2, fortitude=-2)
ROUND = Drink("Round on the House", event=DrinkEvent.ROUND_ON_THE_HOUSE)


def otto(name: str, kind: CardKind, *steps: Step, subtype: Subtype = Subtype.NONE,
         whiff: tuple[Step, ...] = (), skulls: int = 0, faction: str = "A",
         threat_unless: int = 0, **fields: Any) -> OttoCard:
    return OttoCard(Card(name, kind, steps, pile=DECKS[kind], **fields), faction, skulls,
                    subtype, whiff, threat_unless)


PUNCH = otto("Punch (test)", CardKind.ACTION, Step(Verb.FORTITUDE, -2, Who.TARGET))
SWEEP = otto("Sweep (test)", CardKind.ACTION, Step(Verb.FORTITUDE, -1, Who.EACH_OTHER))
RETARGET = otto("Retarget (test)", CardKind.ACTION, Step(Verb.CHANGE_TARGETS))
HEAT = otto("Heat up (test)", CardKind.ACTION, Step(Verb.THREAT, 3))
BETS = otto("Place bets (test)", CardKind.ACTION, starts_round=True, threat_unless=2)
TURRET = otto("Turret (test)", CardKind.ACTION, Step(Verb.FORTITUDE, -1, Who.TARGET),
              subtype=Subtype.ACTIVE, skulls=1)
PLATING = otto("Plating (test)", CardKind.SOMETIMES, Step(Verb.REDUCE, 1, stat=Stat.FORTITUDE),
               subtype=Subtype.PASSIVE, skulls=1)
PEANUTS = otto("Peanuts into Gold (test)", CardKind.SOMETIMES, Step(Verb.COLLECT, 1))
COUNTER = otto("Counter (test)", CardKind.SOMETIMES, Step(Verb.NEGATE, target=Target.CARD),
               subtype=Subtype.PLAYER, whiff=(Step(Verb.REPAIR, 1),))
ARCANE = otto("Arcane division (test)", CardKind.SOMETIMES, Step(Verb.SPLIT),
              subtype=Subtype.DRINK, whiff=(Step(Verb.THREAT, 1),))
METAL = otto("I'm so metal (test)", CardKind.SOMETIMES, Step(Verb.REDUCE, 1, stat=Stat.ALCOHOL),
             subtype=Subtype.DRINK, whiff=(Step(Verb.THREAT, 1),))
SPURN = otto("Spurn (test)", CardKind.SOMETIMES, Step(Verb.NEGATE, target=Target.DRINK),
             subtype=Subtype.DRINK, whiff=(Step(Verb.THREAT, 2),))
ANTE_UP = otto("Ante up (test)", CardKind.GAMBLING, Step(Verb.ANTE, 1))
BLUFF = otto("Bluff (test)", CardKind.GAMBLING)
SKULL_ACTION = otto("Skull action (test)", CardKind.ACTION, Step(Verb.REPAIR, 1), skulls=2)

# the Challengers' cards (fixtures)
HIT = Card("Can't beat the classics! (test)", CardKind.ACTION,
           (Step(Verb.FORTITUDE, -3, Who.TARGET),))
WIDE = Card("Cursed tome (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -1, Who.EACH_OTHER),))
TOAST = Card("Toast (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -1, Who.EACH),))
UNSTOPPABLE = Card("Unstoppable (test)", CardKind.ACTION,
                   (Step(Verb.FORTITUDE, -3, Who.TARGET),), unanswerable=True)
I_DONT = Card("I don't think so!", CardKind.SOMETIMES,
              (Step(Verb.NEGATE, target=Target.SOMETIMES),))
DODGE = Card("Dodge (test)", CardKind.SOMETIMES, (Step(Verb.IGNORE, target=Target.ACTION),))
PROTECT = Card("PROTECT", CardKind.SOMETIMES, (Step(Verb.REDIRECT),))
HAND_IT = Card("Here, you have it (test)", CardKind.SOMETIMES, (Step(Verb.PASS),))
IM_IN = Card("Gambling? I'm in!", CardKind.GAMBLING, starts_round=True)
WINNING = Card("Winning Hand! (test)", CardKind.GAMBLING, winning_hand=True)
TROPHY = Card("Trophy (test)", CardKind.ACTION, (Step(Verb.PAY, 1, Who.EACH_OTHER),),
              pile="Prize")
FAVOUR = Card("Favour (test)", CardKind.SOMETIMES, (Step(Verb.NEGATE, target=Target.ACTION),),
              pile="Prize")
MARKED = Card("Marked deck (test)", CardKind.CHEATING, pile="Prize")
DRAW_TWO = Card("Everyone draws (test)", CardKind.ACTION, (Step(Verb.DRAW, 2, Who.EACH_OTHER),))
DISCARD_TWO = Card("Everyone discards (test)", CardKind.ACTION,
                   (Step(Verb.DISCARD, 2, Who.EACH_OTHER),))


def rules(*cards: OttoCard, **fields: Any) -> OttoRules:
    return OttoRules(cards, TRACK, HARD_TRACK, ("A", "B"), **fields)


def game(*hands: tuple[Card, ...], actions: tuple[OttoCard, ...] = (),
         sometimes: tuple[OttoCard, ...] = (), gambling: tuple[OttoCard, ...] = (),
         level: int = 0, aim: int = 0, deck: tuple[Drink, ...] = (LIGHT,) * 10,
         otto_fields: dict[str, Any] | None = None, **options: Any) -> Tavern:
    """Boss Otto (seat 0) and a Challenger per hand (ann, bob, cid...), the first holding the
    team's mat; his decks' tops are the last cards given; ``aim``: the Priority Target's
    seat among the Challengers; ``level``: his Threat (default: the Challengers)."""
    names = ["ann", "bob", "cid", "dee"][:len(hands)]
    boss = Player(OTTO, OTTO, 10, **(otto_fields or {})).with_count(THREAT,
                                                                  level or len(hands))
    seats = [Player(n, "x", 10 if i == 0 else 0, hand=h, team="challengers")
             for i, (n, h) in enumerate(zip(names, hands, strict=True))]
    seats[aim] = seats[aim].with_count(PRIORITY, 1)
    variant = Variant(Mode.BOSS_OTTO, otto=rules(*actions, *sometimes, *gambling, **options))
    tavern = table([boss, *seats], deck=deck, variant=variant)
    for pile, cards in ((ACTIONS, actions), (SOMETIMES, sometimes), (GAMBLING, gambling)):
        tavern = tavern.with_pile(pile, tuple(c.card for c in cards))
    return tavern


Check = Callable[[Tavern, list[Decision[Any]]], bool]
Start = Callable[[Tavern], Resolution[Tavern]]


def plays(name: str, card: Card, aim: str | None = None) -> Start:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        tavern, _ = yield from play_card(tavern, name, card, aim)
        return tavern
    return start


def edition_1(start: Start) -> Start:
    """``start`` by the rules' edition 1, where a Challenger may Negate another's card (in
    edition 2 nobody is offered to Negate a teammate's card)."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = replace(tavern, variant=replace(tavern.variant, edition=1))
        return (yield from start(tavern))
    return begin


def drinks(name: str, drink: Drink) -> Start:
    """``name`` reveals ``drink`` from their Drink Me! pile."""
    def start(tavern: Tavern) -> Resolution[Tavern]:
        player = tavern.player(name)
        tavern = tavern.with_player(replace(player, drink_me=(*player.drink_me, drink)))
        return (yield from drink_phase(tavern, name))
    return start


def setup(count: int, **fields: Any) -> Start:
    """The whole setup with the sample Boss Otto file and ``count`` Challengers."""
    sample = replace(load_otto(SAMPLE_OTTO), factions=("Battlebot", "Gamblotron"), **fields)
    hero = CharacterDeck("hero (test)", (HIT,) * 14)
    names = ["ann", "bob", "cid", "dee"][:count]
    return lambda _: set_up(names, [hero] * count, (LIGHT,) * 30,
                            variant=Variant(Mode.BOSS_OTTO, otto=sample))


def said(tavern: Tavern, text: str) -> int:
    return sum(text in line for line in tavern.log)


def provoked_by(tavern: Tavern) -> int:
    return said(tavern, "is provoked by")


def otto_of(tavern: Tavern) -> Player:
    return tavern.player(OTTO)


CASES = [
    # --- setup ---------------------------------------------------------------------------
    row("OTTO-setup-threat-equals-challengers", "001",
        "Mark the Threat Level track with a glass marker on the space equal to the number of "
        "Challengers in the game.", setup(3), game(()), {},
        lambda t, _: threat(t) == 3),
    row("OTTO-setup-twenty-and-zero", "001",
        "Boss Otto and the tracking player then set their Fortitude to 20 and Alcohol "
        "Content to 0.", setup(2), game(()), {},
        lambda t, _: [(p.fortitude, p.alcohol) for p in t.players[:2]] == [(20, 0)] * 2),
    row("OTTO-setup-potions-per-challenger", "001",
        "give a number of Potion Tokens to Boss Otto and to the tracking player equal to the "
        "number of Challengers in the game.", setup(2), game(()), {},
        lambda t, _: [p.count(POTION) for p in t.players] == [2, 2, 0]),
    row("OTTO-setup-solo-eight-gold", "001",
        "If you are playing Solo against Boss Otto, Otto and the solo Challenger each start "
        "the game with 8 Gold.", setup(1), game(()), {},
        lambda t, _: [p.gold for p in t.players] == [8, 8]),
    row("OTTO-setup-team-ten-gold", "001",
        "Otherwise, Otto and the team each start the game with 10 gold.", setup(3), game(()),
        {}, lambda t, _: [p.gold for p in t.players] == [10, 10, 0, 0]),
    row("OTTO-setup-one-drink-each", "001",
        "Give Boss Otto and each Challenger 1 card from the Drink Deck face down on their "
        "respective Drink Me! Piles.", setup(2), game(()), {},
        lambda t, _: [len(p.drink_me) for p in t.players] == [1, 1, 1]),
    row("OTTO-setup-sixteen-card-hybrid-decks", "001",
        "This means that the Action deck, the Sometimes deck and the Gambling deck should "
        "each have 16 cards.", setup(2), game(()), {},
        lambda t, _: [len(t.pile(p)) for p in (ACTIONS, SOMETIMES, GAMBLING)] == [16] * 3),
    row("OTTO-advanced-hard-mode-cards", "001",
        "For the Otto factions you are using, add in the two cards per deck with a single "
        "skull in the bottom right.", setup(2, hard_cards=True), game(()), {},
        lambda t, _: [len(t.pile(p)) for p in (ACTIONS, SOMETIMES, GAMBLING)] == [20] * 3),
    row("OTTO-advanced-epic-mode-cards", "001",
        "For the Otto factions you are using, add in the two cards per deck with two skulls "
        "in the bottom right.", setup(2, hard_cards=True, epic_cards=True), game(()), {},
        lambda t, _: [len(t.pile(p)) for p in (ACTIONS, SOMETIMES, GAMBLING)] == [24] * 3),
    row("OTTO-setup-priority-target-to-a-challenger", "001",
        "Assign the Priority Target token to a random Challenger.", setup(3), game(()), {},
        lambda t, _: [p.count(PRIORITY) for p in t.players].count(1) == 1
        and not otto_of(t).count(PRIORITY)),
    row("OTTO-setup-otto-goes-first", "001", "Boss Otto always takes the first turn of the "
        "game.", setup(2), game(()), {}, lambda t, _: t.players[t.active].name == OTTO),
    row("OTTO-setup-no-hand", "001",
        "If an effect would change Otto's hand size, look at Otto's hand, or reveal cards "
        "from Otto's hand, nothing happens.", setup(2), game(()), {},
        lambda t, _: otto_of(t).hand == () and otto_of(t).deck == ()),
    # --- his turn ------------------------------------------------------------------------
    row("OTTO-turn-threat-five-three-actions", "001",
        "For example, if Boss Otto has a Threat Level of 5, deal 3 Actions face down.",
        turn, game((), (), actions=(PUNCH,) * 5, level=5), {},
        lambda t, _: said(t, f"{OTTO} plays Punch (test)") == 3 and len(t.pile(ACTIONS)) == 2),
    row("OTTO-turn-reset-threat", "001",
        "Reset Threat: Reset Boss Otto's Threat Level to the number of Challengers in the "
        "game.", turn, game((), (), actions=(PUNCH,) * 5, level=9), {},
        lambda t, _: threat(t) == 2),
    row("OTTO-turn-actions-locked-in", "001",
        "Any later changes to Otto's Threat Level will affect the number of Actions he plays "
        "on his next turn.", turn, game((), actions=(PUNCH, PUNCH, HEAT), level=1), {},
        lambda t, _: said(t, f"{OTTO} plays") == 1 and threat(t) == 4),
    row("OTTO-turn-order-a-drink-each-from-the-target", "001",
        "Order a Drink: Otto Orders 1 Drink for each Challenger in the game, in order "
        "starting with the Priority Target.", turn,
        game((), (), (), actions=(HEAT,), aim=1), {},
        lambda t, _: [len(p.drink_me) for p in t.players] == [0, 1, 1, 1] and [
            line.split(" for ")[1] for line in t.log if " orders a Drink for " in line]
        == ["bob", "cid", "ann"]),
    row("OTTO-turn-no-drink-on-his-first-turn", "001",
        "On Otto's first turn of the game, Otto does not drink, but this phase still "
        "happens.", turn, game((), actions=(HEAT,), otto_fields={"drink_me": (WINE,)}), {},
        lambda t, _: otto_of(t).alcohol == 0 and len(otto_of(t).drink_me) == 1),
    row("OTTO-turn-drinks-later", "001",
        "Drink: Otto drinks the top Drink from his Drink Me! Pile.",
        lambda t: turn(replace(t, turn=3)),
        game((), actions=(HEAT,), otto_fields={"drink_me": (WINE,)}), {},
        lambda t, _: otto_of(t).alcohol == 2),
    row("OTTO-decks-reshuffle-their-discards", "001",
        "If one of Boss Otto's decks runs out, shuffle that deck's discards and use that as "
        "the new deck.", lambda t: turn(t.with_pile(f"{ACTIONS} discard", (PUNCH.card,) * 2)),
        game((), (), level=3), {},
        lambda t, _: said(t, f"{OTTO} plays Punch (test)") == 2),
    row("OTTO-challengers-order-one-drink", "001",
        "During the Challengers’ shared Order a Drink Phase, they order one Drink for the "
        "Boss (one Drink total, not one Drink per Challenger).",
        lambda t: rules_turn(replace(t, active=1)), game((), (), deck=(LIGHT,) * 9), {},
        lambda t, _: len(otto_of(t).drink_me) == 1),
    row("OTTO-flag-one-drink-each", "001",
        "The active team Orders the number of Drinks specified in the rules for the specific "
        "team variant being played.", lambda t: rules_turn(replace(t, active=1)),
        game((), (), deck=(LIGHT,) * 9, order_each=True), {},
        lambda t, _: len(otto_of(t).drink_me) == 2),
    # --- targeting -----------------------------------------------------------------------
    row("OTTO-picks-the-priority-target", "001",
        "If a non-Otto card would cause Otto to pick a player, he chooses the Priority "
        "Target.", plays(OTTO, PUNCH.card), game((), (), aim=1), {},
        lambda t, _: t.players[1].fortitude == 18 and said(t, "bob loses 2 Fortitude") == 1),
    row("OTTO-change-targets-clockwise", "001",
        "When this happens, pass the Priority Target token to the next Challenger in "
        "clockwise order.", plays(OTTO, RETARGET.card), game((), (), (), aim=2), {},
        lambda t, _: target(t) == "ann"),
    row("OTTO-solo-always-the-target", "001",
        "(Note that in a Solo game, the single Challenger will always be the Priority "
        "Target.)", plays(OTTO, RETARGET.card), game(()), {}, lambda t, _: target(t) == "ann"),
    row("OTTO-each-player-makes-the-target", "001",
        "Play a card that would affect “each player (including you)”", plays("bob", TOAST),
        game((), ()), {}, lambda t, _: target(t) == "bob"),
    row("OTTO-starting-a-round-makes-the-target", "001",
        "A Challenger immediately becomes the Priority Target whenever they:",
        lambda t: start_round(t, "bob", IM_IN), game((), ()), {},
        lambda t, _: target(t) == "bob"),
    row("OTTO-the-target-is-the-champion", "001",
        "If you would choose a Champion (for example, because of Gambling or an Event), the "
        "Priority Target is automatically the team's Champion.",
        lambda t: start_round(t, OTTO, BETS.card),
        game((IM_IN,), (IM_IN,), gambling=(BLUFF,), aim=1), {"gamble": [IM_IN.name]},
        lambda t, asked: not any(d.kind == "champion" for d in asked)
        and [d.figure for d in asked if d.kind == "gamble"] == ["bob"]
        and said(t, "bob plays") == 1),
    # --- Repair and Threat ---------------------------------------------------------------
    row("OTTO-repair-fortitude-at-ten", "001",
        "If Boss Otto’s Fortitude is 10 or less, he gains 1 Fortitude.",
        lambda t: iter_done(repair(t, 2)), game((), otto_fields={"fortitude": 9,
                                                                    "alcohol": 3}), {},
        lambda t, _: (otto_of(t).fortitude, otto_of(t).alcohol) == (11, 3)),
    row("OTTO-repair-alcohol-above-ten", "001",
        "Otherwise, he loses 1 Alcohol Content. (If he’s already at 0 Alcohol Content in this "
        "case, nothing happens.)", lambda t: iter_done(repair(t, 3)),
        game((), otto_fields={"fortitude": 15, "alcohol": 1}), {},
        lambda t, _: (otto_of(t).fortitude, otto_of(t).alcohol) == (15, 0)),
    row("OTTO-threat-on-a-challengers-sometimes", "001",
        "Whenever a Challenger resolves a Sometimes Card (i.e. it takes effect because it "
        "wasn't Negated), Boss Otto’s Threat Level goes up by 1.", plays(OTTO, PUNCH.card),
        game((DODGE,)), {"respond": [DODGE.name]},
        lambda t, _: threat(t) == 2 and t.players[1].fortitude == 20),
    row("OTTO-threat-not-when-negated", "001",
        "it takes effect because it wasn't Negated", edition_1(plays(OTTO, PUNCH.card)),
        game((DODGE,), (I_DONT,)), {"respond": [DODGE.name, I_DONT.name]},
        lambda t, _: threat(t) == 3 and t.players[1].fortitude == 18),
    row("OTTO-threat-above-thirteen-repairs", "001",
        "If Boss Otto’s Threat Level would go above 13, then Boss Otto instead Repairs 1.",
        lambda t: iter_done(gain_threat(t, 3)), game((), level=12,
                                                     otto_fields={"fortitude": 5}), {},
        lambda t, _: threat(t) == 13 and otto_of(t).fortitude == 7),
    # --- Gambling ------------------------------------------------------------------------
    row("OTTO-gambling-he-always-antes", "001",
        "Boss Otto always participates in Rounds of Gambling, anteing from his Stash.",
        lambda t: start_round(t, "ann", IM_IN), game((), gambling=(BLUFF,)), {},
        lambda t, _: said(t, "2 players ante 1 Gold") == 1
        and said(t, f"{OTTO} wins the Round") == 1 and otto_of(t).gold == 11),
    row("OTTO-gambling-illegal-reveal-passes", "001",
        "If a card from Otto’s Gambling Deck would cause an illegal play (for example, if he "
        "reveals a Gambling Card after a Challenger’s “Winning Hand!”) then he passes "
        "instead.", lambda t: start_round(t, "ann", IM_IN), game((WINNING,), gambling=(
            ANTE_UP, BLUFF)), {"gamble": [WINNING.name]},
        lambda t, _: said(t, "he cannot play now: he passes") == 1 and t.pot == 0
        and t.players[1].gold == 11
        and t.pile(f"{GAMBLING} discard") == (BLUFF.card, ANTE_UP.card)),
    row("OTTO-gambling-threat-unless-they-gamble", "001",
        "Many of these cards cause the Threat Level to go up if, at the end of the Round, the "
        "Challengers didn’t play a Gambling or Cheating Card.",
        lambda t: turn(t), game((), actions=(BETS,), gambling=(BLUFF,), level=1), {},
        lambda t, _: threat(t) == 3),
    row("OTTO-gambling-no-threat-when-they-gamble", "001",
        "Such cards don’t care about whether the Challengers avoided the Round or "
        "participated, but immediately passed.", lambda t: turn(t),
        game((IM_IN,), actions=(BETS,), gambling=(BLUFF,), level=1), {"gamble": [IM_IN.name]},
        lambda t, _: threat(t) == 1),
    # --- Provocations --------------------------------------------------------------------
    row("OTTO-provoked-by-a-challengers-card", "001",
        "played by a Challenger would cause Otto’s Fortitude, Alcohol Content or Gold value "
        "to change.", plays("ann", HIT, OTTO), game((), sometimes=(PEANUTS,)), {},
        lambda t, _: provoked_by(t) == 1),
    row("OTTO-peanuts-then-the-provocation", "001",
        "Boss Otto gains 1 Gold from the Inn, then loses 3 Fortitude from Alaric’s card.",
        plays("ann", HIT, OTTO), game((), sometimes=(PEANUTS,)), {},
        lambda t, _: (otto_of(t).gold, otto_of(t).fortitude) == (11, 17)
        and t.log.index(f"{OTTO} loses 3 Fortitude") > next(
            i for i, line in enumerate(t.log) if "reveals Peanuts" in line)),
    row("OTTO-not-provoked-by-other-players-cards", "001",
        "Otto will NOT respond when the following game events happen:",
        plays("ann", WIDE), game((), sometimes=(PEANUTS,)), {},
        lambda t, _: provoked_by(t) == 1 and otto_of(t).fortitude == 19),
    row("OTTO-provoked-by-revealing-a-drink", "001", "When Otto reveals a Drink.",
        lambda t: drink_phase(t, OTTO), game((), sometimes=(METAL,),
                                             otto_fields={"drink_me": (WINE,)}), {},
        lambda t, _: provoked_by(t) == 1 and otto_of(t).alcohol == 1),
    row("OTTO-provoked-by-a-passed-drink", "001",
        "When a Challenger passes a Drink to Otto or splits a Drink with Otto.",
        drinks("ann", WINE),
        game((HAND_IT,), sometimes=(METAL,)), {"respond": [HAND_IT.name]},
        lambda t, _: provoked_by(t) == 1 and otto_of(t).alcohol == 1
        and t.players[1].alcohol == 0),
    row("OTTO-not-provoked-by-an-event", "001", "When an Event occurs.",
        drinks("ann", ROUND), game((), sometimes=(PEANUTS,), deck=(LIGHT,) * 5),
        {}, lambda t, _: provoked_by(t) == 0 and otto_of(t).alcohol == 1),
    row("OTTO-responds-exactly-once", "001",
        "Otto responds to each Provocation exactly once, even if it ends up targeting him "
        "more than once.", plays(OTTO, SWEEP.card),
        game((PROTECT,), (PROTECT,), sometimes=(PEANUTS, PEANUTS)),
        {"respond": [PROTECT.name, PROTECT.name]},
        lambda t, _: provoked_by(t) == 1 and otto_of(t).gold == 11
        and otto_of(t).fortitude == 18 and t.players[1].fortitude == 20),
    row("OTTO-player-subtype-whiffs-on-a-drink", "001",
        "If a player passes or splits a Drink with Boss Otto and he reveals a Sometimes Card "
        "with the Player subtype, that card Whiffs", drinks("ann", WINE),
        game((HAND_IT,), sometimes=(COUNTER,), otto_fields={"fortitude": 8}),
        {"respond": [HAND_IT.name]},
        lambda t, _: said(t, "Counter (test) Whiffs") == 1 and otto_of(t).fortitude == 9
        and otto_of(t).alcohol == 2),
    row("OTTO-drink-subtype-whiffs-on-a-card", "001",
        "Drink: These cards have no effect unless the Provocation is a Drink that was "
        "revealed by Boss Otto or passed to or split with Boss Otto by a Challenger.",
        plays("ann", HIT, OTTO), game((), sometimes=(ARCANE,), level=1), {},
        lambda t, _: said(t, "Whiffs") == 1 and threat(t) == 2
        and otto_of(t).fortitude == 17),
    row("OTTO-player-subtype-negates-a-card", "001",
        "Player: These cards have no effect unless the Provocation is a Challenger’s Action, "
        "Sometimes or Anytime Card", plays("ann", HIT, OTTO), game((), sometimes=(COUNTER,)),
        {}, lambda t, _: otto_of(t).fortitude == 20 and said(t, "is Negated") >= 1),
    row("OTTO-answered-after-he-responds", "001",
        "they could play “I don’t think so!” to Negate Boss Otto’s Sometimes Card",
        plays("ann", HIT, OTTO), game((I_DONT,), sometimes=(COUNTER,), level=1),
        {"respond": [I_DONT.name]},
        lambda t, _: otto_of(t).fortitude == 17 and threat(t) == 2),
    row("OTTO-cannot-negate-an-unanswerable-card", "001",
        "Any effects that would illegally reduce, Negate or Ignore the Provocation fail",
        plays("ann", UNSTOPPABLE, OTTO), game((), sometimes=(COUNTER,)), {},
        lambda t, _: provoked_by(t) == 1 and otto_of(t).fortitude == 17
        and said(t, "Whiffs") == 0),
    row("OTTO-negates-only-his-half", "001",
        "However, if the Provocation is a split Drink, Boss Otto Negates only their portion "
        "of the Drink.", lambda t: drink_phase(t, OTTO),
        game((), sometimes=(SPURN,), otto_fields={"drink_me": (MEAD,)}), {},
        lambda t, _: otto_of(t).alcohol == 0 and t.players[1].alcohol == 2),
    row("OTTO-reduces-toward-zero", "001",
        "If Boss Otto reduces the numeric effects of a Drink with a negative value, it moves "
        "that value toward zero (i.e. it reduces the absolute value of the effect).",
        lambda t: drink_phase(t, OTTO), game((), sometimes=(METAL,), otto_fields={
            "drink_me": (GUTROT,)}), {},
        lambda t, _: (otto_of(t).fortitude, otto_of(t).alcohol) == (19, 1)),
    row("OTTO-splits-tea-into-nothing", "001",
        "This splits the tea into two 0-Alcohol-Content Drinks.",
        lambda t: drink_phase(t, OTTO), game((), sometimes=(ARCANE,), otto_fields={
            "drink_me": (TEA,), "alcohol": 3}), {},
        lambda t, _: otto_of(t).alcohol == 3 and said(t, "drinks half of Pot of Tea and "
                                                       "gains no Alcohol Content") == 2),
    row("OTTO-splits-with-the-priority-target", "001",
        "He splits it with the Priority Target, then reveals a Sometimes Card in response to "
        "his half of the Mead.", lambda t: drink_phase(t, OTTO),
        game((), (), sometimes=(PEANUTS,), aim=1, otto_fields={"drink_me": (MEAD,)}), {},
        lambda t, _: [p.alcohol for p in t.players[:2]] == [2, 2]
        and said(t, "bob drinks half of Mead") == 1),
    # --- Potions -------------------------------------------------------------------------
    row("OTTO-potion-alcohol-when-sturdy", "001",
        "If Otto's Fortitude is 11 or greater, he loses 6 Alcohol Content.", settle,
        game(()).with_player(Player(OTTO, OTTO, 10, fortitude=12, alcohol=12).with_count(
            POTION, 1)), {},
        lambda t, _: (otto_of(t).alcohol, otto_of(t).out, t.winners) == (6, False, None)),
    row("OTTO-potion-fortitude-when-weak", "001",
        "If Otto's Fortitude is 10 or less, he gains 6 Fortitude.", settle,
        game(()).with_player(Player(OTTO, OTTO, 10, fortitude=4, alcohol=5).with_count(
            POTION, 1)), {},
        lambda t, _: (otto_of(t).fortitude, otto_of(t).count(POTION)) == (10, 0)),
    row("OTTO-potion-gold-when-broke", "001",
        "If Otto runs out of Gold, he'll consume a Potion to gain 3 Gold from the Inn.",
        settle, game(()).with_player(Player(OTTO, OTTO, 0).with_count(POTION, 1)), {},
        lambda t, _: (otto_of(t).gold, t.winners) == (3, None)),
    # --- his Choices ---------------------------------------------------------------------
    row("OTTO-choices-never-pays-to-stay", "001",
        "If an effect gives Otto the option to pay Gold, draw or discard cards, lose "
        "Fortitude, or gain Alcohol Content, he chooses not to",
        lambda t: start_round(t, "ann", IM_IN), game((Card(
            "Shove (test)", CardKind.CHEATING, (Step(Verb.FORCE_OUT, 2),)),),
            gambling=(BLUFF,)), {"gamble": ["Shove (test)"]},
        lambda t, _: otto_of(t).fortitude == 20 and said(t, f"{OTTO} is forced out") == 1),
    # --- Components ----------------------------------------------------------------------
    row("OTTO-component-installed", "001",
        "When a Component is revealed, install it by placing it to the right of Boss Otto's "
        "playmat.", turn, game((), actions=(TURRET, TURRET), level=3), {},
        lambda t, _: [m.name for m in t.minions] == [f"Turret (test) #{n} ({OTTO})"
                                                     for n in (1, 2)]),
    row("OTTO-active-components-activate", "001",
        "Active Components activate one at a time during Otto's Activate Components phase.",
        turn, game((), actions=(TURRET,), level=1), {},
        lambda t, _: t.players[1].fortitude == 19),
    row("OTTO-component-may-be-picked", "001",
        "When a Challenger picks another player for a card's Fortitude loss or redirection "
        "effect, they may pick a Component.", plays("ann", HIT),
        replace(game(()), minions=(Minion(f"Turret (test) #1 ({OTTO})", OTTO, TURRET.card),)),
        {"target": [f"Turret (test) #1 ({OTTO})"]},
        lambda t, asked: t.minions == () and otto_of(t).fortitude == 20 and next(
            d.options for d in asked if d.kind == "target") == (
            OTTO, f"Turret (test) #1 ({OTTO})")),
    row("OTTO-component-hit-each-other-player", "001",
        "When a player plays a card that affects each other player, it also affects all "
        "Components.", plays("ann", WIDE),
        replace(game(()), minions=(Minion("Turret (test) #1 (Boss Otto)", OTTO, TURRET.card),)),
        {}, lambda t, _: t.minions == () and otto_of(t).fortitude == 19),
    row("OTTO-component-removed-from-the-game", "001",
        "It will not go to Boss Otto's discard pile and will not be reshuffled back into his "
        "deck.", lambda t: iter_done(component_hit(t, t.minions[0])),
        replace(game(()), minions=(Minion("Turret (test) #1 (Boss Otto)", OTTO, TURRET.card),)),
        {}, lambda t, _: t.minions == () and t.pile(f"{ACTIONS} discard") == ()),
    row("OTTO-tough-components-twice", "001",
        "For all Components, the first time they lose Fortitude, turn them sideways.",
        plays("ann", WIDE), replace(game((), tough_components=True), minions=(
            Minion("Turret (test) #1 (Boss Otto)", OTTO, TURRET.card),)), {},
        lambda t, _: len(t.minions) == 1 and said(t, "is turned sideways") == 1),
    row("OTTO-passive-component-modifies", "001",
        "If it is a Passive Component, it will modify the Provocation if applicable.",
        plays("ann", HIT, OTTO), game((), sometimes=(PLATING,)), {},
        lambda t, _: len(t.minions) == 1 and otto_of(t).fortitude == 18),
    row("OTTO-cannot-damage-his-components", "001",
        "Boss Otto cannot damage his own Components.", plays(OTTO, SWEEP.card),
        replace(game((), ()), minions=(Minion("Turret (test) #1 (Boss Otto)", OTTO,
                                               TURRET.card),)), {},
        lambda t, _: len(t.minions) == 1 and t.players[1].fortitude == 18),
    # --- Other Rules ---------------------------------------------------------------------
    row("OTTO-a-scarab-provokes-but-player-whiffs", "001",
        "A Scarab activation counts as a Provocation, but “Player” responses will Whiff.",
        lambda t: bite(t, "ann", OTTO),
        game((), sometimes=(COUNTER,), otto_fields={"fortitude": 9}).with_player(
            Player("ann", "x", 10, team="challengers", mechanics="amundyr").with_count(
                PRIORITY, 1)), {},
        lambda t, _: provoked_by(t) == 1 and said(t, "Counter (test) Whiffs") == 1
        and otto_of(t).fortitude == 9),
    row("OTTO-ignores-a-minion-activation-he-would-negate", "001",
        "If Boss Otto would Negate a Minion activation, he Ignores it instead.",
        plays("ann", replace(HIT, activation=True), OTTO), game((), sometimes=(COUNTER,)), {},
        lambda t, _: otto_of(t).fortitude == 20 and said(t, f"{OTTO} Ignores") == 1
        and said(t, "is Negated") == 0),
    row("OTTO-a-challengers-buff-token-is-threat", "001",
        "Remember that a Buff Token counts as though it were a Sometimes Card, so if a "
        "Challenger plays a Buff Token, Threat will go up!", plays("ann", HIT, OTTO),
        game((), sometimes=(PEANUTS,)).with_player(Player(
            "ann", "x", 10, team="challengers").with_count(PRIORITY, 1).with_count("buff", 1)),
        {"buff": ["yes"]}, lambda t, _: threat(t) == 2 and otto_of(t).fortitude == 16),
    row("OTTO-plays-his-buff-token", "001",
        "If Boss Otto gets a Buff Token, he plays it at the first legal opportunity, adding "
        "it to his next card or Component activation that would make a Challenger lose "
        "Fortitude.", plays(OTTO, PUNCH.card), game((), otto_fields={"tokens": (
            ("buff", 1), (THREAT, 1))}), {},
        lambda t, _: t.players[1].fortitude == 17 and not otto_of(t).count("buff")),
    row("OTTO-a-kept-action-replaces-a-reveal", "001",
        "Action: If the effect is to be played as an Action Card, it counts as one of Boss "
        "Otto's Actions on his next turn, replacing a reveal from his Action Deck.", turn,
        game((), (), actions=(PUNCH, PUNCH), level=3, otto_fields={"kept": (TROPHY,)}), {},
        lambda t, _: said(t, f"{OTTO} plays Trophy (test)") == 1
        and said(t, f"{OTTO} plays Punch (test)") == 1 and otto_of(t).kept == ()),
    row("OTTO-a-kept-sometimes-card-instead-of-a-reveal", "001",
        "If he plays such a Sometimes effect in response to a Provocation, he does not "
        "reveal a response from his Sometimes Deck.", plays("ann", HIT, OTTO),
        game((), sometimes=(PEANUTS,), otto_fields={"kept": (FAVOUR,)}), {},
        lambda t, _: otto_of(t).fortitude == 20 and len(t.pile(SOMETIMES)) == 1
        and said(t, f"{OTTO} plays Favour (test)") == 1 and threat(t) == 1),
    row("OTTO-a-kept-gambling-card-instead-of-a-reveal", "001",
        "Gambling or Cheating: If the effect is to be played as a Gambling or Cheating Card, "
        "Boss Otto plays it instead of revealing a card from his Gambling Deck during a "
        "Round of Gambling.", lambda t: start_round(t, "ann", IM_IN),
        game((), gambling=(BLUFF,), otto_fields={"kept": (MARKED,)}), {},
        lambda t, _: said(t, f"{OTTO} plays Marked deck (test)") == 1
        and len(t.pile(GAMBLING)) == 1),
    row("OTTO-draws-become-threat", "001",
        "If Otto would draw one or more cards or add one or more cards to his hand, he gains "
        "1 Threat instead.", plays("ann", DRAW_TWO), game(()), {},
        lambda t, _: threat(t) == 2 and otto_of(t).hand == ()),
    row("OTTO-discards-do-nothing", "001",
        "If an effect would force Otto to discard cards, nothing happens.",
        plays("ann", DISCARD_TWO), game(()), {},
        lambda t, _: otto_of(t).discard == () and threat(t) == 1),
    row("OTTO-advanced-threat-level-hard", "001",
        "The back side of the Threat Level tracker card has the Hard Mode Threat track.",
        turn, game((), actions=(PUNCH,) * 4, level=1, threat_hard=True), {},
        lambda t, _: said(t, f"{OTTO} plays Punch (test)") == 2),
    row("OTTO-advanced-no-skulls-in-a-first-game", "001",
        "For your first game, leave any cards with skulls in the bottom right out of the "
        "game.", lambda t: iter_done(t), game(()), {},
        lambda t, _: rules(PUNCH, SKULL_ACTION, TURRET).in_play(("A", "B")) == (PUNCH,)),
]


def iter_done(tavern: Tavern) -> Resolution[Tavern]:
    """A table as a finished rule (for the pure helpers)."""
    return tavern
    yield  # pragma: no cover


def verify(quote: str, start: Start, tavern: Tavern, answers: dict[str, list[Any]],
           check: Check) -> None:
    """A row: ``start`` on ``tavern``, Otto's Decisions by his rules, the others scripted."""
    asked: list[Decision[Any]] = []
    final = run(automated(start(tavern)), answers, asked=asked)
    assert check(final, asked), quote + "\n" + "\n".join(final.log)


@pytest.mark.parametrize(("quote", "start", "tavern", "answers", "check"), CASES)
def test_boss_otto(quote: str, start: Start, tavern: Tavern, answers: dict[str, list[Any]],
                   check: Check) -> None:
    verify(quote, start, tavern, answers, check)


def test_a_provocation_is_answered_once_per_outcome() -> None:
    """The Outcome remembers Otto answered it (the mark :func:`provoked` leaves)."""
    tavern = game((), sometimes=(PEANUTS, PEANUTS))
    played = Played("ann", HIT.name, HIT, ((OTTO, frozenset({Stat.FORTITUDE})),))

    def twice(t: Tavern) -> Resolution[Tavern]:
        t, outcome = yield from provoked(t, played, Outcome())
        t, outcome = yield from provoked(t, played, outcome)
        assert outcome.provoked
        return t
    final = run(automated(twice(tavern)))
    assert provoked_by(final) == 1
