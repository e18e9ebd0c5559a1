"""Card language for issue 22, the rest: a card that starts a Round of Gambling over
(``restart_round``), leaving a Round or forcing a player out of it on other players' turns
where the card says (``any_turn``), and replacing a Drink's effects (``replace_drink``),
each as rows quoting the passage the ruling rests on (the readings are in
``docs/rules-decisions.md``, "Card language: restarting a Round ..."). The cards are test
fixtures; the bundled samples using them are the Practice Gauntlet's Tricks and Boss
Otto's sample decks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tales.rules.decisions import Decision, Resolution
from tales.tavern.rdi.decks import load_dungeon
from tales.tavern.rdi.drinks import drink_phase
from tales.tavern.rdi.gambling import start_round
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Drink,
    Player,
    Step,
    Target,
    Tavern,
    Verb,
)
from tales.tavern.rdi.ottodecks import load_otto

from ._play import run, table
from ._seeds import row

IM_IN = Card("Gambling? I'm in!", CardKind.GAMBLING, starts_round=True)
BET = Card("Bet (test)", CardKind.GAMBLING)
FRESH = Card("Fresh deal (test)", CardKind.SOMETIMES, (Step(Verb.RESTART_ROUND),))
REDEAL = Card("Redeal (test)", CardKind.CHEATING, (Step(Verb.RESTART_ROUND),))
TRAPDOOR = Card("Trapdoor (test)", CardKind.SOMETIMES, (Step(Verb.LEAVE),), any_turn=True)
WHISTLE = Card("Whistle (test)", CardKind.SOMETIMES, (Step(Verb.FORCE_OUT),), any_turn=True)
SHOVE = Card("Shove (test)", CardKind.SOMETIMES, (Step(Verb.FORCE_OUT),))
DIVE = Card("WHAT? I CAN'T HEAR YOU, I'M IN MY DIVING SUIT!!", CardKind.SOMETIMES,
            (Step(Verb.LEAVE),))
I_DONT = Card("I don't think so!", CardKind.SOMETIMES,
              (Step(Verb.NEGATE, target=Target.SOMETIMES),))
WATER = Card("Glass of water (test)", CardKind.SOMETIMES,
             (Step(Verb.REPLACE_DRINK), Step(Verb.FORTITUDE, 1)))
WENCH = Card("The Wench thinks you should stop playing with the drinks.", CardKind.SOMETIMES,
             (Step(Verb.NEGATE, target=Target.DRINK_CHANGE),))
DRAGON = Drink("Dragon Breath Ale", 4)

Check = Callable[[Tavern, list[Decision[Any]]], bool]
Start = Callable[[Tavern], Resolution[Tavern]]


def seats(*hands: tuple[Card, ...], team: bool = False, fortitude: int = 20) -> Tavern:
    names = ["ann", "bob", "cid", "dee"]
    players = [Player(n, "x", 10, hand=h, fortitude=fortitude,
                      team="t" if team and i < 2 else "")
               for i, (n, h) in enumerate(zip(names, hands, strict=False))]
    return table(players)


def gamble(name: str = "ann") -> Start:
    return lambda tavern: start_round(tavern, name, IM_IN)


def drinks(name: str, drink: Drink) -> Start:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        player = tavern.player(name)
        tavern = tavern.with_player(replace(player, drink_me=(drink,)))
        return (yield from drink_phase(tavern, name))
    return start


def said(tavern: Tavern, text: str) -> int:
    return sum(text in line for line in tavern.log)


def gold(tavern: Tavern) -> list[int]:
    return [p.gold for p in tavern.players]


def asked_of(asked: list[Decision[Any]], kind: str) -> list[Any]:
    return [d.figure for d in asked if d.kind == kind]


CASES = [
    # --- restarting a Round --------------------------------------------------------------
    row("CL-restart-everyone-antes-again", "001",
        "When a Round of Gambling begins, normal play is suspended and each player must "
        "ante 1 Gold, putting it in the middle of the table", gamble(),
        seats((), (FRESH,), ()), {"anytime": [FRESH.name]},
        lambda t, _: said(t, "starts over: 3 players ante 1 Gold") == 1 and gold(t) == [
            8, 14, 8] and t.pot == 0),
    row("CL-restart-its-player-in-control", "001",
        "The player who started the Round of Gambling is currently winning (\"in control\" "
        "of the Round).", gamble(), seats((), (FRESH,), ()), {"anytime": [FRESH.name]},
        lambda t, _: said(t, "bob wins the Round of Gambling: 6 Gold") == 1),
    row("CL-restart-those-who-left-are-back", "001",
        "If you leave a Round of Gambling, you cannot play Gambling or Cheating Cards for the "
        "rest of that Round", gamble(), seats((), (DIVE, BET), (FRESH,)),
        {"leave": [DIVE.name], "anytime": [FRESH.name], "gamble": [BET.name]},
        lambda t, asked: asked_of(asked, "gamble") == ["bob"] and gold(t)[1] == 14),
    row("CL-restart-as-a-cheating-card", "001",
        "Playing either of these two types of card gives you control of the Round of "
        "Gambling. The card you play may have other effects, as well.", gamble(),
        seats((), (REDEAL,)), {"gamble": [REDEAL.name]},
        lambda t, _: said(t, "starts over: 2 players ante 1 Gold") == 1
        and said(t, "bob wins the Round of Gambling: 4 Gold") == 1),
    # --- leaving and forcing out on other players' turns ---------------------------------
    row("CL-force-out-on-another-players-turn", "001",
        "Some cards force a player to leave a Round of Gambling.", gamble(),
        seats((), (), (WHISTLE,)), {"out-of-turn": [WHISTLE.name], "force-out": ["bob"]},
        lambda t, asked: asked_of(asked, "out-of-turn") == ["cid"]
        and said(t, "bob is forced out") == 1),
    row("CL-forced-out-may-respond", "001",
        "When a player is forced out of the Round, each player, including the one being "
        "forced out, has a chance to respond with an appropriate Sometimes Card.", gamble(),
        seats((), (I_DONT,), (WHISTLE,)),
        {"out-of-turn": [WHISTLE.name], "force-out": ["bob"], "respond": [I_DONT.name]},
        lambda t, _: said(t, "bob plays I don't think so! on Whistle") == 1
        and said(t, "forced out") == 0),
    row("CL-forced-out-the-last-one-wins", "001",
        "If there is ever only one player left in the Round, the Round of Gambling ends and "
        "the remaining player wins.", gamble(), seats((BET,), (BET, WHISTLE)),
        {"gamble": [BET.name], "out-of-turn": [WHISTLE.name]},
        lambda t, asked: said(t, "ann is forced out") == 1 and asked_of(asked, "gamble")
        == ["bob"] and said(t, "bob wins the Round of Gambling: 2 Gold") == 1),
    row("CL-leave-on-another-players-turn", "001",
        "Some cards allow you to leave a Round of Gambling.", gamble(),
        seats((BET,), (), (TRAPDOOR, BET)), {"out-of-turn": [TRAPDOOR.name]},
        lambda t, asked: said(t, "cid leaves the Round") == 1
        and "cid" not in asked_of(asked, "gamble")),
    row("CL-a-leavers-ante-stays", "001",
        "Any Gold that you previously anted stays in the pot.", gamble(),
        seats((), (), (TRAPDOOR,)), {"out-of-turn": [TRAPDOOR.name]},
        lambda t, _: gold(t) == [12, 9, 9]),
    row("CL-only-where-the-card-says", "001",
        "On your turn you may either play a Gambling or Cheating Card or pass.", gamble(),
        seats((), (), (SHOVE,)), {},
        lambda t, asked: asked_of(asked, "out-of-turn") == []
        and asked_of(asked, "gamble") == ["cid"]),
    # --- replacing a Drink's effects -----------------------------------------------------
    row("CL-replace-a-drink", "001",
        "Negating or Ignoring a Drink, passing a Drink to another player, splitting a Drink, "
        "and increasing or decreasing a Drink's Alcohol Content are all considered changing "
        "the Drink's effects", drinks("ann", DRAGON), seats((WATER,), (), fortitude=15),
        {"respond": [WATER.name]},
        lambda t, _: (t.players[0].alcohol, t.players[0].fortitude) == (0, 16)),
    row("CL-replace-is-negated-as-a-drink-change", "001",
        "Several cards allow you to Negate a Sometimes Card that changes the effects of a "
        "Drink.", drinks("ann", DRAGON), seats((WATER,), (WENCH,)),
        {"respond": [WATER.name, WENCH.name]},
        lambda t, _: t.players[0].alcohol == 4 and t.players[0].fortitude == 20),
    row("CL-replace-a-teammates-drink", "001",
        "Fiona plays \"Nothing like a little belt of liquid courage!\" on it, so the team "
        "gains 4 Fortitude instead of 4 Alcohol Content.", drinks("ann", DRAGON),
        seats((), (WATER,), (), team=True, fortitude=15), {"respond": [WATER.name]},
        lambda t, _: (t.players[0].alcohol, t.players[0].fortitude) == (0, 16)),
    row("CL-not-someone-elses-drink", "001",
        "Cards that Order Drinks, force a player to drink, or directly increase a player's "
        "Alcohol Content do not count as changing the effects of a Drink.",
        drinks("ann", DRAGON), seats((), (WATER,)), {},
        lambda t, asked: asked_of(asked, "respond") == [] and t.players[0].alcohol == 4),
]


@pytest.mark.parametrize(("quote", "start", "tavern", "answers", "check"), CASES)
def test_card_language(quote: str, start: Start, tavern: Tavern,
                       answers: dict[str, list[Any]], check: Check) -> None:
    asked: list[Decision[Any]] = []
    final = run(start(tavern), answers, asked=asked)
    assert check(final, asked), quote + "\n" + "\n".join(final.log)


def test_the_samples_use_the_new_card_language() -> None:
    root = Path(__file__).resolve().parents[2] / "decks"
    tricks = load_dungeon(root / "dungeons" / "practice-gauntlet.toml").rewards
    otto = load_otto(root / "otto" / "boss-otto-sample.toml").cards
    verbs = {s.verb for c in (*tricks, *(o.card for o in otto)) for s in c.steps}
    assert {Verb.RESTART_ROUND, Verb.REPLACE_DRINK, Verb.LEAVE, Verb.FORCE_OUT} <= verbs
    assert {s.verb for c in tricks if c.any_turn for s in c.steps} == {Verb.LEAVE,
                                                                       Verb.FORCE_OUT}


@pytest.mark.parametrize(("card", "message"), [
    ('name = "X"\nkind = "sometimes"\nany_turn = true\nsteps = [ { negate = "action" } ]',
     "'any_turn' is for a Sometimes card that leaves"),
    ('name = "X"\nkind = "gambling"\nany_turn = true\nsteps = [ { leave = true } ]',
     "'any_turn' is for a Sometimes card"),
])
def test_any_turn_only_on_a_leave_or_force_out(card: str, message: str,
                                               tmp_path: Path) -> None:
    from tales.errors import ContentError
    from tales.tavern.rdi.decks import load_character

    path = tmp_path / "deck.toml"
    path.write_text(f'character = "C"\n[[cards]]\n{card}\n', encoding="utf-8")
    with pytest.raises(ContentError, match=message) as error:
        load_character(path)
    assert "deck.toml:2" in str(error.value) and "\n" not in str(error.value)
