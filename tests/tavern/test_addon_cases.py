"""The add-on variants of seed 001 as tables of cases: Dungeon Training and the Prize
Variant, one row per ruling, each quoting its passage. The Dungeons and cards are test
fixtures (a small Dungeon of our own), not the printed ones."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from tales.errors import ContentError
from tales.rules.decisions import Decision, Resolution
from tales.tavern.rdi import dungeon
from tales.tavern.rdi.decks import load_dungeon, load_prizes
from tales.tavern.rdi.effects import anytime
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Dungeon,
    Mode,
    Player,
    Room,
    Step,
    Tavern,
    Variant,
    Verb,
    Who,
)
from tales.tavern.rdi.rules import CharacterDeck, action, set_up, turn
from tales.tavern.rdi.zones import PRIZE_BIN, PRIZES

from ._play import run, table
from ._seeds import row
from .test_base_rules_cases import (
    DIVING_SUIT,
    GERKI,
    IM_IN,
    LIGHT,
    NO,
    THICK_SKIN,
    look,
    seat,
    stock,
)

HEAL = Card("Heal (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, 1),))
LOOT = Card("Practice blade (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -3, Who.TARGET),),
            pile="Test Dungeon")
POTION = Card("Draught (test)", CardKind.ANYTIME, (Step(Verb.FORTITUDE, 2),),
              pile="Test Dungeon")
GO = Card("Gambling, go! (test)", CardKind.GAMBLING, starts_round=True, immediate=True,
          pile="Test Dungeon")
ROOMS = (Room("Start", exits=("Hurt", "Library")),
         Room("Hurt", (Step(Verb.FORTITUDE, -2),), ("Goal",)),
         Room("Library", (Step(Verb.DRAW, 1),), ("Goal",)),
         Room("Goal", goal=True))
DISPLAYED = Dungeon("Test Dungeon", ROOMS, "Start", (LOOT, POTION))
FACE_DOWN = Dungeon("Test Dungeon", ROOMS, "Start", (GO,), display=False)

TANKARD = Card("Lucky tankard (test)", CardKind.ANYTIME, (Step(Verb.FORTITUDE, 3),),
               pile=PRIZES)
BELT = Card("Trophy belt (test)", CardKind.ACTION, (Step(Verb.PAY, 1, Who.EACH_OTHER),),
            pile=PRIZES)


@dataclass(frozen=True)
class Case:
    players: tuple[Player, ...]
    start: Callable[[Tavern], Resolution[Tavern]]
    answers: Mapping[str, list[Any]] = field(default_factory=dict)
    variant: Variant = field(default_factory=Variant)
    piles: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    rooms: tuple[tuple[str, str], ...] = ()
    resting: tuple[str, ...] = ()


def readout(key: str, tavern: Tavern, asked: list[Decision[Any]]) -> Any:
    """``kept`` (per seat), ``room:<player>``, ``pile:<name>`` (card names), ``prize``;
    anything else as the base table reads it."""
    what, _, arg = key.partition(":")
    if what == "kept":
        return [tuple(c.name for c in p.kept) for p in tavern.players]
    if what == "room":
        return tavern.room_of(arg)
    if what == "pile":
        return tuple(c.name for c in tavern.pile(arg))
    return look(key, tavern, asked)


def check(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    tavern = replace(table(list(case.players), variant=case.variant), piles=case.piles,
                     rooms=case.rooms, resting=case.resting)
    asked: list[Decision[Any]] = []
    final = run(case.start(tavern), {k: list(v) for k, v in case.answers.items()},
                asked=asked)
    assert {k: readout(k, final, asked) for k in expected} == dict(expected), quote


def stumbles(name: str) -> Callable[[Tavern], Resolution[Tavern]]:
    return lambda tavern: dungeon.stumble(tavern, name)


DUNGEON = Variant(dungeon=DISPLAYED)
SHOWN = ((DISPLAYED.name, DISPLAYED.rewards),)

DUNGEON_CASES = [
    row("B02-discard-to-move", "001",
        "At the end of your Drink Phase, you may discard a card from your hand to move "
        "through the Dungeon.",
        Case((seat("ann", hand=(HEAL, HEAL), deck=stock(6), drink_me=(LIGHT,)), seat("bob")),
             turn, {"discard": ["pass"], "action": ["pass"], "dungeon": ["Hurt"]}, DUNGEON),
        {"room:ann": "Hurt", "fortitude": [18, 20], "alcohol": [1, 0],
         "discards": [(HEAL.name,), ()], "kinds": ["discard", "action", "dungeon"]}),
    row("B02-follow-the-arrows", "001",
        "If you do, move your progress token from its current Room to a connected Room "
        "following the direction indicated by the arrows. You may not retreat to a previous "
        "Room.",
        Case((seat("ann", hand=(HEAL,)), seat("bob")), stumbles("ann"), {}, DUNGEON,
             rooms=(("ann", "Hurt"),)),
        {"options:dungeon": ("pass", "Goal")}),
    row("B02-room-effects-may-be-reduced", "001",
        "Room effects can be reduced or Ignored as though they came from an Action Card.",
        Case((seat("ann", hand=(HEAL, THICK_SKIN)), seat("bob", hand=(NO,))),
             stumbles("ann"), {"dungeon": ["Hurt"], "discard": [HEAL.name],
                               "respond": [THICK_SKIN.name]}, DUNGEON),
        {"fortitude": [19, 20], "offers": [("ann", (THICK_SKIN.name,))]}),
    row("B02-moving-is-optional", "001",
        "Some Rooms have negative effects - remember that moving into a new Room is always "
        "optional!",
        Case((seat("ann", hand=(HEAL,)), seat("bob")), stumbles("ann"), {}, DUNGEON),
        {"room:ann": "Start", "hand": [1, 0], "fortitude": [20, 20]}),
    row("B02-the-goal-gives-a-reward", "001",
        "When you move to the Goal Room, you'll gain a reward specific to that Dungeon.",
        Case((seat("ann", hand=(HEAL,)), seat("bob")), stumbles("ann"),
             {"dungeon": ["Goal"], "reward": [POTION.name]}, DUNGEON, SHOWN,
             (("ann", "Hurt"),)),
        {"kept": [(POTION.name,), ()], "pile:Test Dungeon": (LOOT.name,),
         "options:reward": (POTION.name, LOOT.name)}),
    row("B02-back-to-the-start", "001",
        "It will also instruct you to go back to the Start Room.",
        Case((seat("ann", hand=(HEAL,)), seat("bob")), stumbles("ann"),
             {"dungeon": ["Goal"], "reward": [LOOT.name]}, DUNGEON, SHOWN, (("ann", "Hurt"),)),
        {"room:ann": "Start"}),
    row("B02-rewards-played-as-from-the-hand", "001",
        "Both Loot and Trick Cards may be played as though they were a card in your hand of "
        "their indicated subtype.",
        Case((seat("ann", kept=(LOOT,)), seat("bob")), lambda t: action(t, "ann"),
             {"action": [LOOT.name]}, DUNGEON),
        {"fortitude": [20, 17], "kept": [(), ()], "pile:Test Dungeon discard": (LOOT.name,)}),
    row("B02-immediate-trick", "001",
        "If you draw this card, you must reveal and play it immediately!",
        Case((seat("ann", hand=(HEAL,)), seat("bob")), stumbles("ann"), {"dungeon": ["Goal"]},
             Variant(dungeon=FACE_DOWN), ((FACE_DOWN.name, FACE_DOWN.rewards),),
             (("ann", "Hurt"),)),
        {"gold": [11, 9], "kept": [(), ()], "said:ann plays Gambling, go! (test)": True}),
    row("B02-out-of-the-game-no-move", "001",
        "If you are temporarily Ignoring all effects via a card like Magic Apple Cider, you "
        "may not move through the Dungeon.",
        Case((seat("ann", hand=(HEAL,)), seat("bob")), stumbles("ann"), {}, DUNGEON,
             resting=("ann",)),
        {"count:dungeon": 0}),
    row("B02-turn-ended-no-move", "001",
        "If your turn ends before your Drink Phase, you may not move through the Dungeon, "
        "since your turn has ended before the end of your Drink Phase.",
        Case((seat("ann", hand=(HEAL,)), seat("bob")), stumbles("ann"), {}, DUNGEON,
             resting=("ann",)),
        {"room:ann": "Start", "hand": [1, 0]}),
    row("B02-a-team-shares-a-token", "001",
        "When playing on a team, the team shares a single progress token (and the "
        "corresponding reference token near their player mat).",
        Case((seat("ann", team="red", hand=(HEAL,)), seat("bob", team="red", hand=(HEAL,)),
              seat("cid")), stumbles("bob"), {"dungeon": ["Library"], "room": ["bob"]},
             Variant(Mode.TWO_HEADED_DRAGON, dungeon=DISPLAYED)),
        {"room:ann": "Library", "room:bob": "Library", "room:cid": "Start"}),
    row("B02-each-teammate-discards", "001",
        "To move through the Dungeon, each player on the team must discard a card at the end "
        "of their shared Drink Phase, even if they are temporarily \"out of the game\" via an "
        "effect described above.",
        Case((seat("ann", team="red", hand=(HEAL,)), seat("bob", team="red", hand=(HEAL,)),
              seat("cid")), stumbles("ann"), {"dungeon": ["Hurt"], "room": ["bob"]},
             Variant(Mode.TWO_HEADED_DRAGON, dungeon=DISPLAYED), resting=("bob",)),
        {"discards": [(HEAL.name,), (HEAL.name,), ()], "hand": [0, 0, 0]}),
    row("B02-a-teammate-resolves-the-room", "001",
        "they choose a player on their team to resolve the Room's effect.",
        Case((seat("ann", team="red", hand=(HEAL,), deck=stock(2)),
              seat("bob", team="red", hand=(HEAL,), deck=stock(2)), seat("cid")),
             stumbles("ann"), {"dungeon": ["Library"], "room": ["bob"]},
             Variant(Mode.TWO_HEADED_DRAGON, dungeon=DISPLAYED)),
        {"hand": [0, 1, 0]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), DUNGEON_CASES)
def test_dungeon_training(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


PRIZES_ON = Variant(prizes=(TANKARD, BELT))
IN_THE_INN = ((PRIZES, (TANKARD, BELT)),)


def gambles(name: str) -> Callable[[Tavern], Resolution[Tavern]]:
    return lambda tavern: action(tavern, name)


PRIZE_CASES = [
    row("B03-the-starter-adds-a-prize", "001",
        "Whenever a player starts a Round of Gambling, that player must choose one of the "
        "Prize Cards in the Inn and add it to the pot before players ante. The player who "
        "wins the pot also takes the Prize and follows its instructions at the appropriate "
        "time.",
        Case((seat("ann", hand=(IM_IN,)), seat("bob")), gambles("ann"),
             {"action": [IM_IN.name], "prize": [BELT.name]}, PRIZES_ON, IN_THE_INN),
        {"kept": [(BELT.name,), ()], "pile:Prize": (TANKARD.name,), "gold": [11, 9],
         "options:prize": (TANKARD.name, BELT.name)}),
    row("B03-a-used-prize-goes-to-the-bin", "001",
        "Using a Prize will cause it to move to the Prize Bin, a holding pile for used "
        "Prizes.",
        Case((seat("ann", fortitude=10, kept=(TANKARD,)), seat("bob")),
             lambda t: anytime(t, "ann"), {"anytime": [TANKARD.name]}, PRIZES_ON),
        {"fortitude": [13, 20], "kept": [(), ()], f"pile:{PRIZE_BIN}": (TANKARD.name,)}),
    row("B03-the-bin-goes-back-to-the-inn", "001",
        "If a player starts a Round of Gambling and there are no Prizes in the Inn, move all "
        "Prizes from the Prize Bin to the Inn, then choose a Prize as normal.",
        Case((seat("ann", hand=(IM_IN,)), seat("bob")), gambles("ann"),
             {"action": [IM_IN.name], "prize": [TANKARD.name]}, PRIZES_ON,
             ((PRIZE_BIN, (TANKARD, BELT)),)),
        {"kept": [(TANKARD.name,), ()], "pile:Prize": (BELT.name,), f"pile:{PRIZE_BIN}": ()}),
    row("B03-no-prize-at-all", "001",
        "If a player starts a Round of Gambling and there are no Prizes in the Inn and no "
        "Prizes in the Prize Bin, that Round of Gambling simply doesn't include a Prize.",
        Case((seat("ann", hand=(IM_IN,)), seat("bob", kept=(TANKARD,))), gambles("ann"),
             {"action": [IM_IN.name]}, PRIZES_ON),
        {"kept": [(), (TANKARD.name,)], "count:prize": 0, "gold": [11, 9]}),
    row("B03-the-prize-goes-to-the-inn-with-the-pot", "001",
        "If the pot goes to the Inn, the Prize in that pot goes to the Inn with it.",
        Case((seat("ann", hand=(IM_IN, DIVING_SUIT)), seat("bob"), seat("cid")),
             gambles("ann"), {"action": [IM_IN.name], "prize": [BELT.name],
                              "leave": [DIVING_SUIT.name]}, PRIZES_ON, IN_THE_INN),
        {"kept": [(), (), ()], "pile:Prize": (TANKARD.name, BELT.name), "inn": 53}),
    row("B03-taking-the-pot-takes-the-prize", "001",
        "If they do this, they get the Prize.",
        Case((seat("ann", hand=(IM_IN,)), seat("gerki", hand=(GERKI,))), gambles("ann"),
             {"action": [IM_IN.name], "prize": [BELT.name], "respond": [GERKI.name]},
             PRIZES_ON, IN_THE_INN),
        {"kept": [(), (BELT.name,)], "gold": [9, 11]}),
    row("B03-a-teams-prize-is-one-players", "001",
        "In a team game, a Prize is won by the individual player who takes the pot. That "
        "Prize may only be used by that player, not by that player's teammates.",
        Case((seat("ann", team="red"), seat("bob", team="red", hand=(IM_IN,)),
              seat("cid", team="blue"), seat("dee", team="blue")), gambles("bob"),
             {"action": [IM_IN.name], "prize": [TANKARD.name], "champion": ["cid"]},
             Variant(Mode.TWO_HEADED_DRAGON, prizes=(TANKARD, BELT)), IN_THE_INN),
        {"kept": [(), (TANKARD.name,), (), ()], "gold": [11, 10, 9, 10]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), PRIZE_CASES)
def test_prizes(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


UNIQUE = [row("B03-unique-prize-cards", "001",
              "To play with this variant, add any number of unique Prize Cards to the Inn at "
              "the start of the game.")]


@pytest.mark.parametrize("quote", UNIQUE)
def test_prizes_are_unique_and_dealt_to_the_inn(quote: str, tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_text('[[prizes]]\nname = "A (test)"\nkind = "anytime"\nsteps = [ { draw = 1 } ]'
                    '\ncount = 2\n', encoding="utf-8")
    with pytest.raises(ContentError, match="unique"):
        load_prizes(path)
    deck = CharacterDeck("x", stock(10, HEAL))
    tavern = run(set_up(["ann", "bob"], [deck, deck], (LIGHT,) * 30,
                        variant=Variant(prizes=(TANKARD, BELT))))
    assert tavern.pile(PRIZES) == (TANKARD, BELT), quote


def test_the_sample_files_use_every_mechanic() -> None:
    root = Path(__file__).resolve().parents[2] / "decks"
    armory = load_dungeon(root / "dungeons" / "practice-armory.toml")
    gauntlet = load_dungeon(root / "dungeons" / "practice-gauntlet.toml")
    assert armory.display and not gauntlet.display
    assert any(c.immediate and c.starts_round for c in gauntlet.rewards)
    for each in (armory, gauntlet):
        assert any(len(r.exits) > 1 for r in each.rooms) and any(r.goal for r in each.rooms)
        assert {c.kind for c in each.rewards} >= {CardKind.ACTION, CardKind.SOMETIMES,
                                                   CardKind.ANYTIME}
    prizes = load_prizes(root / "prizes-sample.toml")
    assert {c.kind for c in prizes} >= {CardKind.ACTION, CardKind.SOMETIMES,
                                        CardKind.ANYTIME, CardKind.CHEATING}
    assert all(c.pile == PRIZES for c in prizes)


BAD_DUNGEONS = [
    ('dungeon = "D"\n[[rooms]]\nname = "A"\nexits = ["B"]\n', "no Room 'B'"),
    ('dungeon = "D"\n[[rooms]]\nname = "A"\n', "goal = true"),
    ('dungeon = "D"\nrewards = "pile"\n[[rooms]]\nname = "A"\ngoal = true\n', "'rewards'"),
    ('dungeon = "D"\nlevel = 2\n', "unknown key 'level'"),
]


@pytest.mark.parametrize(("text", "message"), BAD_DUNGEONS)
def test_a_bad_dungeon_is_one_line(text: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "d.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError, match=message) as error:
        load_dungeon(path)
    assert "\n" not in str(error.value)
