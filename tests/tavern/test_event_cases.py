"""Events (seed 002, "Dungeon Events", "Interaction Between Dungeon Events and Other Cards",
"Playing with Dungeon Events and Sea Events"; seed 001, "Gambling, Events and Team
Champions") as a table of cases, one row per ruling, each quoting its passage; the
rulebooks' examples as scripted rows. The Events are test fixtures."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from tales.errors import ContentError
from tales.rules.decisions import Decision, Resolution
from tales.tavern.rdi import events
from tales.tavern.rdi.decks import load_drinks
from tales.tavern.rdi.drinks import drink_phase
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Drink,
    DrinkEvent,
    Event,
    EventKind,
    Mode,
    Option,
    Player,
    Step,
    Target,
    Tavern,
    Variant,
    Verb,
)
from tales.tavern.rdi.rules import turn
from tales.tavern.rdi.simulate import SAMPLE_DUNGEON_EVENTS, SAMPLE_SEA_EVENTS, variant_for

from ._play import run, table
from ._seeds import row
from .test_base_rules_cases import DARKNESS, DODGE_EVENT, LIGHT, NAP, look, seat, stock

DUNGEON, SEA = EventKind.DUNGEON, EventKind.SEA
CAVE_IN = Event("Cave-in!", DUNGEON, 3, (Step(Verb.PAY, 1, to_inn=True),
                                         Step(Verb.DISCARD_DRINK, 1)))
QUIET = Event("Quiet (test)", DUNGEON, 2, (Step(Verb.FORTITUDE, 1),))
AMBUSH = Event("Ambush (test)", DUNGEON, 2, (Step(Verb.FORTITUDE, -2),), as_action=True)
SQUALL = Event("Squall (test)", SEA, 2, (Step(Verb.ALCOHOL, 1),))
DOOM = Event("Drink or Meet Your Doom!", DUNGEON, 2, options=(
    Option("discard 3 cards", (Step(Verb.DISCARD, 3),)),
    Option("gain 2 Alcohol Content", (Step(Verb.ALCOHOL, 2),))))
REUNION = Event("Reunion (test)", DUNGEON, 1, (Step(Verb.FORTITUDE, 2),), affects="villains")
FEATS = Event("Feats of Heroism", DUNGEON, 2, options=(
    Option("lose 1 Fortitude", (Step(Verb.FORTITUDE, -1),), "villains"),
    Option("gain 1 Alcohol Content", (Step(Verb.ALCOHOL, 1),), "heroes")))
NEGATE_EVENT = Card("Not today (test)", CardKind.SOMETIMES,
                    (Step(Verb.NEGATE, target=Target.EVENT),))
HEAL = Card("Heal (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, 1),))
Deck = tuple[EventKind, tuple[Event, ...], tuple[Event, ...], int]


@dataclass(frozen=True)
class Case:
    players: tuple[Player, ...]
    decks: tuple[Deck, ...]
    answers: Mapping[str, list[Any]] = field(default_factory=dict)
    start: Callable[[Tavern], Resolution[Tavern]] | None = None
    active: int = 0
    mode: Mode = Mode.INDIVIDUAL


def dungeon(*cards: Event, counters: int = 1, used: tuple[Event, ...] = ()) -> Deck:
    return DUNGEON, cards, used, counters


def readout(key: str, tavern: Tavern, asked: list[Decision[Any]]) -> Any:
    """``counters`` and ``used`` (per Event deck, in order), ``log`` (the Event lines);
    anything else as the base table reads it."""
    if key == "counters":
        return [n for _, _, _, n in tavern.events]
    if key == "used":
        return [tuple(e.name for e in used) for _, _, used, _ in tavern.events]
    if key == "revealed":
        return [line for line in tavern.log if " Event " in line and "reveals" in line]
    return look(key, tavern, asked)


def check(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    tavern = replace(table(list(case.players), variant=Variant(case.mode)), events=case.decks,
                     active=case.active)
    start = case.start or (lambda t: events.end_of_turn(t, t.players[t.active].name))
    asked: list[Decision[Any]] = []
    final = run(start(tavern), {k: list(v) for k, v in case.answers.items()}, asked=asked)
    assert {k: readout(k, final, asked) for k in expected} == dict(expected), quote


def three(**hands: tuple[Card, ...]) -> tuple[Player, ...]:
    return tuple(seat(n, hand=hands.get(n, ()), drink_me=(LIGHT, LIGHT))
                 for n in ("ann", "bob", "cid"))


CASES = [
    row("B10-a-counter-comes-off", "002",
        "At the end of each player's turn, remove a Progress Counter from the Dungeon Event "
        "Deck.",
        Case(three(), (dungeon(CAVE_IN, counters=2),)),
        {"counters": [1], "gold": [10, 10, 10], "revealed": []}),
    row("B10-the-last-counter-reveals", "002",
        "When you remove the last Progress Counter, reveal and discard the top card of the "
        "Dungeon Event Deck and follow the instructions on the card.",
        Case(three(), (dungeon(QUIET, CAVE_IN),)),
        {"gold": [9, 9, 9], "drink_me": [1, 1, 1], "used": [("Cave-in!",)],
         "inn": 53}),
    row("B10-counters-by-encounter-level", "002",
        "After this, place a number of Progress Counters onto the Dungeon Event Deck equal to "
        "the Encounter Level of the revealed Dungeon Event Card.",
        Case(three(), (dungeon(QUIET, CAVE_IN),)), {"counters": [3]}),
    row("B10-example-cave-in", "002",
        "\"Cave-in!\" has an Encounter Level of 3, so Vlazlo puts 3 Progress Counters onto the "
        "Dungeon Event Deck and the game continues.",
        Case((seat("vlazlo", drink_me=(LIGHT,)), seat("daareka", drink_me=(LIGHT, LIGHT))),
             (dungeon(CAVE_IN),)),
        {"gold": [9, 9], "drink_me": [0, 1], "counters": [3],
         "revealed": ["vlazlo reveals the Dungeon Event Cave-in!"]}),
    row("B10-reshuffle-the-discards", "002",
        "If you run out of cards in the Dungeon Event Deck, shuffle the discards and use that "
        "as the new Dungeon Event Deck.",
        Case(three(), (dungeon(used=(QUIET,)),)),
        {"fortitude": [20, 20, 20], "used": [("Quiet (test)",)], "counters": [2],
         "revealed": ["ann reveals the Dungeon Event Quiet (test)"]}),
    row("B10-choices-in-turn-order", "002",
        "If a Dungeon Event requires players to make a choice, those choices are made in turn "
        "order, starting with the player whose turn is ending, unless the card says otherwise.",
        Case(three(ann=stock(3, HEAL), bob=stock(3, HEAL), cid=stock(3, HEAL)),
             (dungeon(DOOM),), active=1),
        {"figures:event-option": ["bob", "cid", "ann"]}),
    row("B10-no-option-you-cannot-take", "002",
        "So, for example, if you have fewer than 3 cards in your hand, you may not choose to "
        "discard to \"Drink or Meet Your Doom!\"",
        Case(three(ann=stock(2, HEAL), bob=stock(3, HEAL)), (dungeon(DOOM),),
             {"event-option": ["discard 3 cards"]}),
        {"figures:event-option": ["bob"], "alcohol": [2, 0, 2], "hand": [2, 0, 0]}),
    row("B10-villains-and-heroes", "002",
        "A Villain is any of the characters from RDI 6, plus any future villainous "
        "characters that may exist. A Hero is any other character.",
        Case((seat("vlazlo", fortitude=10, villain=True), seat("karl", fortitude=10)),
             (dungeon(REUNION),)),
        {"fortitude": [12, 10]}),
    row("B10-the-last-thing-on-a-turn", "002",
        "Removing a Progress Counter and revealing a Dungeon Event (if appropriate) is the "
        "last thing that a player does on his or her turn.",
        Case(three(ann=stock(3, HEAL)), (dungeon(DOOM),), {"event-option": ["discard 3 cards"]},
             start=turn),
        {"kinds": ["discard", "action", "order", "event-option"]}),
    row("B10-a-counter-even-when-the-turn-ends-early", "002",
        "If a player loses the game on his or her turn, or if a turn ends prematurely (for "
        "example, with Vlazlo's card \"Bat nap\"), a Progress Counter is still removed from "
        "the Dungeon Event Deck as normal.",
        Case((seat("vlazlo", hand=(NAP,), drink_me=(LIGHT,)), seat("bob")),
             (dungeon(CAVE_IN, counters=2),), {"action": [NAP.name]}, start=turn),
        {"counters": [1], "said:vlazlo's turn ends now": True}),
    row("B10-answered-before-it-resolves", "002",
        "Once an Event Card starts resolving, it can no longer be Negated or Ignored (note "
        "that this rule applies to Dungeon Events, Sea Events, Drink Events and Tavern "
        "Events).",
        Case(three(bob=(DODGE_EVENT,)), (dungeon(CAVE_IN),),
             {"respond": [DODGE_EVENT.name]}),
        {"gold": [9, 10, 9], "responders": ["bob"]}),
    row("B10-cards-on-events-affect-every-kind", "002",
        "Cards that say that they affect Event cards can affect Dungeon Events, Sea Events, "
        "Drink Events or Tavern Events.",
        Case(three(cid=(NEGATE_EVENT,)), ((SEA, (SQUALL,), (), 1),),
             {"respond": [NEGATE_EVENT.name]}),
        {"alcohol": [0, 0, 0], "said:Squall (test) is Negated": True}),
    row("B10-as-though-an-action-card", "002",
        "Some Dungeon Events say that their effects may be reduced or Ignored as though they "
        "were Action Cards.",
        Case(three(bob=(DARKNESS,)), (dungeon(AMBUSH),), {"respond": [DARKNESS.name]}),
        {"fortitude": [18, 20, 18]}),
    row("B10-only-cards-for-action-cards", "002",
        "You may play cards to reduce or Ignore these effects only if the card you play "
        "specifically states that it may be played in response to an Action Card.",
        Case(three(bob=(DARKNESS,)), (dungeon(CAVE_IN),)),
        {"responders": [], "gold": [9, 9, 9]}),
    row("B11-sea-then-dungeon", "002",
        "At the end of each player's turn, remove a Progress Counter from the Sea Event Deck "
        "and reveal the event if appropriate. Then, do the same with the Dungeon Event Deck.",
        Case(three(), ((SEA, (SQUALL,), (), 1), dungeon(QUIET))),
        {"revealed": ["ann reveals the Sea Event Squall (test)",
                      "ann reveals the Dungeon Event Quiet (test)"],
         "alcohol": [1, 1, 1], "counters": [2, 2]}),
    row("B05-a-team-chooses-its-event-champion", "001",
        "If a team reveals a Sea Event, Dungeon Event or GM Event at the end of their shared "
        "turn, they still choose a Champion for the Event, regardless of which teammate "
        "revealed the card.",
        Case((seat("ann", team="red"), seat("bob", team="red"), seat("cid", team="blue"),
              seat("dee", team="blue")), (dungeon(CAVE_IN),),
             {"champion": ["bob", "dee"]}, mode=Mode.TWO_HEADED_DRAGON),
        {"figures:champion": ["ann", "cid"], "said:bob pays 1 Gold to the Inn": True,
         "gold": [9, 10, 9, 10]}),
    row("B05-event-example-3", "001",
        "They choose Oozwald as their Champion, so they gain 1 Alcohol Content rather than "
        "losing 1 Fortitude.",
        Case((seat("valeria", team="v", villain=True), seat("oozwald", team="v"),
              seat("karl", team="k"), seat("alaric", team="k")), (dungeon(FEATS),),
             {"champion": ["oozwald", "karl"]}, mode=Mode.TWO_HEADED_DRAGON),
        {"alcohol": [1, 0, 1, 0], "fortitude": [20, 20, 20, 20]}),
]


TOAST = Drink("A Toast (test)", event=DrinkEvent.STEPS, effect=Event(
    "A Toast (test)", EventKind.DRINK, steps=(Step(Verb.FORTITUDE, 1), Step(Verb.DRAW, 1))))


def drinks(name: str) -> Callable[[Tavern], Resolution[Tavern]]:
    return lambda tavern: drink_phase(tavern, name)


CASES += [
    row("B10-a-drink-event-follows-its-card", "001",
        "Some cards in the Drink Deck are Drink Event Cards. If you reveal a Drink Event, "
        "follow the instructions on the card.",
        Case((seat("ann", fortitude=10, drink_me=(TOAST,), deck=stock(2, HEAL)),
              seat("bob", fortitude=10, deck=stock(2, HEAL))), (), start=drinks("ann")),
        {"fortitude": [11, 11], "hand": [1, 1], "drink_discard": ("A Toast (test)",)}),
    row("B05-the-revealer-is-the-champion", "001",
        "When a player reveals a Drink Event that would affect all players, the player who "
        "revealed the Drink Event is automatically chosen as their team's Champion.",
        Case((seat("ann", team="red", fortitude=10, drink_me=(TOAST,), deck=stock(2, HEAL)),
              seat("bob", team="red", deck=stock(2, HEAL)),
              seat("cid", team="blue", fortitude=10, deck=stock(2, HEAL)),
              seat("dee", team="blue", deck=stock(2, HEAL))), (), {"champion": ["dee"]},
             start=drinks("ann"), mode=Mode.TWO_HEADED_DRAGON),
        {"figures:champion": ["cid"], "hand": [1, 0, 0, 1], "fortitude": [11, 20, 11, 20]}),
]


@pytest.mark.parametrize(("quote", "case", "expected"), CASES)
def test_events(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


COUNTERS = [
    row("B10-two-counters-to-start", "002",
        "If you decide to play with the Dungeon Event Deck, shuffle the deck and place two "
        "Dungeon Event Progress Counters on top of it.", (), [2]),
    row("B11-two-sea-three-dungeon", "002",
        "Shuffle each deck separately, then put 2 Sea Progress Counters onto the Sea Event "
        "Deck and 3 Dungeon Progress Counters onto the Dungeon Event Deck.",
        (str(SAMPLE_SEA_EVENTS),), [2, 3]),
]


@pytest.mark.parametrize(("quote", "sea", "counters"), COUNTERS)
def test_progress_counters_to_start(quote: str, sea: tuple[str, ...], counters: list[int]
                                    ) -> None:
    variant = variant_for(Mode.INDIVIDUAL, dungeon_events=str(SAMPLE_DUNGEON_EVENTS),
                          sea_events=sea[0] if sea else None)
    tavern = run(events.set_up(Tavern((), (), variant=variant)))
    assert [n for _, _, _, n in tavern.events] == counters, quote
    assert [k for k, _, _, _ in tavern.events] == ([SEA, DUNGEON] if sea else [DUNGEON])


def test_the_sample_event_decks_use_every_mechanic() -> None:
    variant = variant_for(Mode.INDIVIDUAL, dungeon_events=str(SAMPLE_DUNGEON_EVENTS),
                          sea_events=str(SAMPLE_SEA_EVENTS))
    for _, deck, _ in variant.event_decks:
        assert any(e.options for e in deck) and any(e.as_action for e in deck)
        assert len({e.level for e in deck}) > 1
    dungeon_deck = variant.event_decks[1][1]
    assert {e.affects for e in dungeon_deck} == {"all", "heroes", "villains"}
    assert any(s.verb is Verb.DISCARD_DRINK for e in dungeon_deck for s in e.steps)



def test_drink_event_steps_only_on_a_drink_event(tmp_path: Path) -> None:
    path = tmp_path / "d.toml"
    path.write_text('[[drinks]]\nname = "Odd (test)"\nalcohol = 1\n'
                    'steps = [ { fortitude = 1 } ]\n', encoding="utf-8")
    with pytest.raises(ContentError, match="a Drink Event of steps") as error:
        load_drinks(path)
    assert "\n" not in str(error.value)
    sample = load_drinks(Path(__file__).resolve().parents[2] / "decks" / "drinks-sample.toml")
    assert len(sample) == 30 and any(d.event is DrinkEvent.STEPS and d.effect is not None
                                     and d.effect.options for d in sample)
