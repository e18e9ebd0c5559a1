"""Wrench (seed 000, "Wrench"): Gizmos, as a table of cases quoting the Compendium. The
Gizmos and cards are his sample deck's (``decks/characters/wrench.toml``) and a few test
cards."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import wrench
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.drinks import drink_phase
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Drink,
    DrinkEvent,
    Event,
    EventKind,
    Minion,
    Player,
    Stat,
    Step,
    Tavern,
    Verb,
    Who,
)
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, plays, run, seat, table
from ._seeds import row

DECK = load_character(DECKS / "characters" / "wrench.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


ZAPPER = named("Sparkcoil Zapper (sample)")  # Active, 3-2-1: another player loses 2
BUCKLER = named("Brass Buckler Box (sample)")  # Passive, 4-3-2-1: reduce 1
MEDIC = named("Self-winding Medic (sample)")  # Active, 2-1: gain 2
OVERCHARGE = named("Overcharge it! (sample)")  # sacrifice a Gizmo; another loses 3
TUNE_UP = named("Quick tune-up (sample)")  # each of your Gizmos gains 1; draw 1
SAFETY = named("Oops, the safety catch (sample)")  # hit back 2, for him or a Gizmo
GLOVE = named("Spring-loaded glove (sample)")  # hit back 2, for him only
GREASER = named("Automatic Greaser (sample)")  # Active, 3-2-1: a "+" token on a Gizmo
HIT = Card("Punch (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
RAMPAGE = Card("Drunken rampage (test)", CardKind.ACTION,
               (Step(Verb.FORTITUDE, -1, Who.EACH_OTHER),))
EVERYONE = Card("Everybody hurts (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -1, Who.EACH),))
HEAL = Card("Mass heal (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, 1, Who.EACH),))
KORASH = Card("Not all healing (test)", CardKind.ACTION,
              (Step(Verb.FORTITUDE, -1, Who.TARGET), Step(Verb.ALCOHOL, 1, Who.TARGET)))
BACK = Card("Hit back (test)", CardKind.SOMETIMES, (Step(Verb.HIT_BACK, 2),))
SHRAPNEL = Drink("Shrapnel punch (test)", event=DrinkEvent.STEPS, effect=Event(
    "Shrapnel punch (test)", EventKind.DRINK, steps=(Step(Verb.FORTITUDE, -1),)))
LESS = Card("Shrug it off (test)", CardKind.SOMETIMES,
            (Step(Verb.REDUCE, 1, stat=Stat.FORTITUDE),))


def gizmo(card: Card, at: int, plus: int = 0) -> Minion:
    """``card`` in play for Wrench, its wrench token on the number ``at``, with ``plus``
    "+" tokens."""
    return Minion(f"{card.name} #1 (wrench)", "wrench",
                  replace(card, marker=card.values.index(at)), plus)


def zap(at: int, plus: int = 0) -> Minion:
    return gizmo(ZAPPER, at, plus)


def greaser(at: int, plus: int = 0) -> Minion:
    return gizmo(GREASER, at, plus)


def box(at: int, plus: int = 0) -> Minion:
    return gizmo(BUCKLER, at, plus)


def with_gizmos(start: Start, *gizmos: Minion) -> Start:
    def go(tavern: Tavern) -> Resolution[Tavern]:
        return (yield from start(replace(tavern, minions=gizmos)))
    return go


def ticking(tavern: Tavern) -> Resolution[Tavern]:
    return (yield from wrench.tick_down(tavern, "wrench"))


def wrench_seat(*hand: Card) -> Player:
    return seat("wrench", *hand, mechanics="wrench")


def track(tavern: Tavern) -> dict[str, int]:
    """Each Gizmo in play and its Fortitude."""
    return {m.card.name: wrench.fortitude(m) for m in tavern.minions}


def pluses(tavern: Tavern) -> dict[str, int]:
    """Each Gizmo in play and its "+" tokens."""
    return {m.card.name: m.plus for m in tavern.minions}


CASES = [
    row("wrench-play-gizmo", "000",
        "When you play a Gizmo, place it on the table in front of you and place a wrench "
        "token on the highest number on its Fortitude track.",
        [wrench_seat(), seat("bob")], plays("wrench", ZAPPER), {},
        {"track": {ZAPPER.name: 3}}),
    row("wrench-no-limit", "000",
        "There is no limit to the number of Gizmos you may have in play.",
        [wrench_seat(), seat("bob")], with_gizmos(plays("wrench", ZAPPER), zap(1), box(2)), {},
        {"gizmos": 3}),
    row("wrench-tick-down", "000",
        "At the end of your Action Phase, each Gizmo \"ticks down\" in the order of your "
        "choice. When a Gizmo ticks down, it loses 1 Fortitude.",
        [wrench_seat(), seat("bob")], with_gizmos(ticking, zap(3), box(4)),
        {"tick-down": [box(4).name], "gizmo": ["no"]},
        {"track": {ZAPPER.name: 2, BUCKLER.name: 3}, "first": "tick-down"}),
    row("wrench-active-ability", "000",
        "When an Active Gizmo ticks down, you may use its ability (you may do this even when "
        "the Gizmo ticks down to 0 and breaks down).",
        [wrench_seat(), seat("bob")], with_gizmos(ticking, zap(1)),
        {"gizmo": ["yes"]},
        {"track": {}, "fortitude": {"bob": 18}, "discard": 1}),
    row("wrench-tick-no-collateral", "000",
        "Note that Wrench does not suffer Collateral Damage if a Gizmo breaks down as the "
        "result of being ticked down at the end of his Action Phase.",
        [wrench_seat(), seat("bob")], with_gizmos(ticking, box(1)), {},
        {"track": {}, "fortitude": {"wrench": 20}, "discard": 1}),
    row("wrench-example-lightning", "000",
        "At the end of his Action Phase, he ticks the Lightning Generator down to 2 and uses "
        "it to cause Zot to lose 2 Fortitude.",
        [wrench_seat(), seat("zot")], with_gizmos(ticking, zap(3)), {"gizmo": ["yes"]},
        {"track": {ZAPPER.name: 2}, "fortitude": {"zot": 18}}),
    row("wrench-passive-ticks", "000",
        "Passive Gizmos tick down at the end of your Action Phase as well, but they simply "
        "remain \"on\" for as long as they are in play.",
        [wrench_seat(), seat("bob")], with_gizmos(ticking, box(4)), {},
        {"track": {BUCKLER.name: 3}, "count:gizmo": 0}),
    row("wrench-passive-buckler", "000",
        "Because he has the Buckler in play, Wrench only loses 1 Fortitude, not 2. Note that "
        "the Buckler does not tick down at this time.",
        [wrench_seat(), seat("zot")], with_gizmos(plays("zot", HIT, "wrench"), box(3)), {},
        {"fortitude": {"wrench": 19}, "track": {BUCKLER.name: 3}}),
    row("wrench-target-gizmo", "000",
        "Whenever a player other than Wrench must choose another player for a card's "
        "Fortitude loss or redirection effect, the player playing that card may choose to "
        "target one of Wrench's Gizmos instead.",
        [wrench_seat(), seat("zot")], with_gizmos(plays("zot", HIT), box(3)),
        {"target": [box(3).name]},
        {"fortitude": {"wrench": 20}, "track": {BUCKLER.name: 1},
         "options:target": ("wrench", box(3).name)}),
    row("wrench-breaks-down", "000",
        "When a Gizmo runs out of Fortitude, it breaks down and is placed into your discard "
        "pile immediately.",
        [wrench_seat(), seat("zot")], with_gizmos(plays("zot", HIT, zap(2).name), zap(2)), {},
        {"track": {}, "discard": 1}),
    row("wrench-collateral", "000",
        "If Fortitude loss from a card effect would cause a Gizmo to break down, then in "
        "addition to discarding the Gizmo, Wrench suffers 1 Fortitude loss that cannot be "
        "Negated, Ignored, reduced, redirected, etc.",
        [wrench_seat(), seat("zot")],
        with_gizmos(plays("zot", HIT, zap(2).name), zap(2), box(4)), {},
        {"track": {BUCKLER.name: 4}, "fortitude": {"wrench": 19}}),
    row("wrench-example-buckler-breaks", "000",
        "The Buckler breaks down, so Wrench discards it and suffers Collateral Damage. Wrench "
        "loses 1 Fortitude, which he cannot reduce, redirect, Ignore, etc.",
        [wrench_seat(), seat("zot")], with_gizmos(plays("zot", HIT, box(2).name), box(2)),
        {}, {"track": {}, "fortitude": {"wrench": 19}, "discard": 1}),
    row("wrench-all-players-loss", "000",
        "If a player plays a card that affects the Fortitude of all players, that card "
        "affects each Gizmo's Fortitude as well.",
        [wrench_seat(), seat("zot")], with_gizmos(plays("zot", EVERYONE), zap(3)), {},
        {"track": {ZAPPER.name: 2}, "fortitude": {"wrench": 19, "zot": 19}}),
    row("wrench-all-players-gain", "000",
        "This works both when players would lose Fortitude and when they would gain it (as in "
        "the case of Deirdre's \"Mass Heal\", for example).",
        [wrench_seat(), seat("deirdre")], with_gizmos(plays("deirdre", HEAL), zap(1)), {},
        {"track": {ZAPPER.name: 2}}),
    row("wrench-gizmo-max", "000",
        "A Gizmo may never have more Fortitude than the highest amount listed on its "
        "Fortitude track.",
        [wrench_seat(), seat("deirdre")], with_gizmos(plays("deirdre", HEAL), zap(3)), {},
        {"track": {ZAPPER.name: 3}}),
    row("wrench-example-head-case", "000",
        "Both Gizmos break down, and Wrench suffers Collateral Damage. He loses a total of 2 "
        "Fortitude.",
        [wrench_seat(), seat("zot")], with_gizmos(plays("zot", RAMPAGE), box(1), zap(1)), {},
        {"track": {}, "fortitude": {"wrench": 18}, "discard": 2}),
    row("wrench-first-wrench", "000",
        "When Wrench and one or more of his Gizmos would lose Fortitude at the same time, "
        "first Wrench loses Fortitude, then his Gizmos do.",
        [wrench_seat(), seat("zot")], with_gizmos(plays("zot", RAMPAGE), box(1)), {},
        {"track": {}, "fortitude": {"wrench": 19}}),
    row("wrench-hit-back-gizmo", "000",
        "If a Gizmo causes a player to lose Fortitude and that player has a card that allows "
        "him or her to \"hit back\", the player may use that card to target Wrench or the "
        "Gizmo that hit him or her.",
        [wrench_seat(), seat("bob", BACK)], with_gizmos(ticking, zap(3)),
        {"gizmo": ["yes"], "hit-back": [BACK.name], "hit-whom": [zap(3).name]},
        {"fortitude": {"bob": 18, "wrench": 19}, "track": {}}),
    row("wrench-phalanx-gizmo", "000",
        "One of Wrench's cards, \u201cSorry, I forgot the safety on my Automatic Phalanx!\u201d, "
        "allows Wrench to hit a player who just hit him or one of his Gizmos.",
        [wrench_seat(SAFETY), seat("zot")], with_gizmos(plays("zot", HIT, box(4).name), box(4)),
        {"hit-back": [SAFETY.name]}, {"track": {BUCKLER.name: 2}, "fortitude": {"zot": 18}}),
    row("wrench-phalanx-not-other-hit-backs", "000",
        "Pain Curses only trigger when Wrench loses Fortitude, not when a Gizmo loses "
        "Fortitude.",
        [wrench_seat(GLOVE), seat("zot")], with_gizmos(plays("zot", HIT, box(4).name), box(4)),
        {}, {"count:hit-back": 0, "fortitude": {"zot": 20}}),
    row("wrench-phalanx-reduced", "000",
        "However, you **may** play this card if you reduced the Fortitude loss, but still "
        "lost Fortitude (with \u201cHead Case\u201d, for example).",
        [wrench_seat(SAFETY), seat("zot")], with_gizmos(plays("zot", HIT, "wrench"), box(4)),
        {"hit-back": [SAFETY.name]}, {"fortitude": {"zot": 18, "wrench": 19}}),
    row("wrench-phalanx-not-if-none-lost", "000",
        "You may not play this card if you Ignored the Fortitude loss or reduced it to 0.",
        [wrench_seat(SAFETY, LESS), seat("zot")],
        with_gizmos(plays("zot", HIT, "wrench"), box(4)), {"respond": [LESS.name]},
        {"count:hit-back": 0, "fortitude": {"zot": 20, "wrench": 20}}),
    row("wrench-oil-can", "000",
        "One Gizmo, \"Automated Oil Can\", causes another Gizmo to have an increased effect "
        "until the next time it loses Fortitude. Use the \"+\" tokens to indicate this "
        "effect.",
        [wrench_seat(), seat("bob")], with_gizmos(ticking, greaser(3), zap(3)),
        {"tick-down": [greaser(3).name], "gizmo": ["yes", "yes"], "oil": [zap(3).name]},
        {"fortitude": {"bob": 17}, "plus": {GREASER.name: 0, ZAPPER.name: 0}}),
    row("wrench-oil-removed", "000",
        "Remember to remove the \"+\" token as soon as the targeted Gizmo loses Fortitude.",
        [wrench_seat(), seat("zot")], with_gizmos(plays("zot", HIT, zap(3, 1).name), zap(3, 1)),
        {}, {"track": {ZAPPER.name: 1}, "plus": {ZAPPER.name: 0}}),
    row("wrench-oil-passive", "000",
        "Others have abilities that are always on.",
        [wrench_seat(), seat("zot")], with_gizmos(plays("zot", HIT, "wrench"), box(4, 1)),
        {}, {"fortitude": {"wrench": 20}, "plus": {BUCKLER.name: 1}}),
    row("wrench-oil-itself", "000",
        "Note that \"Automated Oil Can\" may target itself. If it does, then the next time "
        "you active it, it will increase a Gizmo's effects by 2 instead of 1.",
        [wrench_seat(), seat("bob")], with_gizmos(ticking, greaser(3, 1), zap(3)),
        {"tick-down": [zap(3).name], "gizmo": ["no", "yes"], "oil": [zap(3).name]},
        {"plus": {GREASER.name: 0, ZAPPER.name: 2}, "track": {GREASER.name: 2,
                                                              ZAPPER.name: 2}}),
    row("wrench-altered-loss", "000",
        "If something would alter an effect's Fortitude loss, this works the same against "
        "Gizmos as it would against players.",
        [wrench_seat(), seat("karl", mechanics="karl", tokens={"buff": 1})],
        with_gizmos(plays("karl", HIT, zap(3).name), zap(3)), {"buff": ["yes"]},
        {"track": {}, "fortitude": {"wrench": 19}}),
    row("wrench-ignore-events", "000",
        "Gizmos Ignore all Event Cards. This includes Drink, Sea, Dungeon, and Tavern Events.",
        [wrench_seat(), replace(seat("bob"), drink_me=(SHRAPNEL,))],
        with_gizmos(lambda tavern: drink_phase(tavern, "bob"), zap(3)), {},
        {"track": {ZAPPER.name: 3}, "fortitude": {"wrench": 19, "bob": 19}}),
    row("wrench-other-attributes", "000",
        "Gizmos have Fortitude but no other attributes. If a card would affect another "
        "attribute of a Gizmo, that part of the card does nothing.",
        [wrench_seat(), seat("bastian")],
        with_gizmos(plays("bastian", KORASH, box(3).name), box(3)), {},
        {"track": {BUCKLER.name: 2}, "alcohol": {"wrench": 0}}),
    row("wrench-sacrifice", "000",
        "To do this, move a Gizmo from the play area in front of you to your discard pile. "
        "Sacrificing a Gizmo does not cause Collateral Damage to Wrench.",
        [wrench_seat(), seat("bob")], with_gizmos(plays("wrench", OVERCHARGE, "bob"), zap(3)),
        {}, {"track": {}, "fortitude": {"wrench": 20, "bob": 17}, "discard": 2}),
    row("wrench-sacrifice-if-any", "000",
        "Two of Wrench's cards, \"Noble sacrifice\" and \"Bad gizmo! Don't drink that!\", "
        "require you to sacrifice a Gizmo if you have one in play.",
        [wrench_seat(), seat("bob")], plays("wrench", OVERCHARGE, "bob"), {},
        {"fortitude": {"bob": 17}, "count:sacrifice": 0}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_wrench(quote: str, players: list[Player], start: Start,
                answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    asked: list[Any] = []
    tavern = run(start(table(players)), answers, asked=asked)
    for key, value in expected.items():
        kind, _, arg = key.partition(":")
        if kind == "track":
            assert track(tavern) == value, quote
        elif kind == "plus":
            assert pluses(tavern) == value, quote
        elif kind == "gizmos":
            assert len(wrench.gizmos(tavern, "wrench")) == value, quote
        elif kind in ("fortitude", "alcohol"):
            assert {n: getattr(tavern.player(n), kind) for n in value} == value, quote
        elif kind == "discard":
            assert len(tavern.player("wrench").discard) == value, quote
            assert all(c.marker == 0 for c in tavern.player("wrench").discard), quote
        elif kind == "options":
            assert next(d for d in asked if d.kind == arg).options == value, quote
        elif kind == "count":
            assert sum(d.kind == arg for d in asked) == value, quote
        elif kind == "first":
            assert asked[0].kind == value, quote
        else:
            raise AssertionError(key)


def test_wrench_sample_deck() -> None:
    """40 cards, labelled a sample, with Active and Passive Gizmos, a sacrifice and a
    repair."""
    assert DECK.mechanics == "wrench" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards) and len(DECK.cards) == 40
    tracks = [c for c in DECK.cards if c.minion]
    assert all(c.values and list(c.values) == sorted(c.values, reverse=True) for c in tracks)
    assert {i for c in tracks for i in c.icons} == {wrench.ACTIVE, wrench.PASSIVE}
    assert {s.handler for c in DECK.cards for s in c.steps} >= {wrench.SACRIFICE,
                                                                  wrench.REPAIR}


def test_tune_up_repairs_each_gizmo() -> None:
    tavern = run(with_gizmos(plays("wrench", TUNE_UP), zap(1), box(4))(
        table([wrench_seat(), seat("bob")])))
    assert track(tavern) == {ZAPPER.name: 2, BUCKLER.name: 4}


def test_bots_play_and_use_gizmos() -> None:
    kinds, log = bot_games("wrench", 4, 2)
    assert {"gizmo", "tick-down"} <= kinds
    assert any("comes into play" in line for line in log)
    assert any("'s ability" in line for line in log)
    assert any("breaks down" in line for line in log)


def test_the_table_shows_each_gizmo_fortitude() -> None:
    from tales.tavern.rdi.terminal import table_lines

    tavern = replace(table([wrench_seat(), seat("bob")]), minions=(zap(2), box(4, 1)))
    shown = "\n".join(table_lines(tavern, "bob"))
    assert f"{zap(2).name} (2 Fortitude)," in shown
    assert f"{box(4).name} (4 Fortitude) +1" in shown


NITREL = load_character(DECKS / "characters" / "nitrel.toml")


def test_a_gizmo_never_gets_a_bomb() -> None:
    """000 (Nitrel): "Gizmos may not get Bombs, and may not have Bombs passed to them. If a
    Gizmo would get a Bomb, Wrench gets it instead." Her example: "Nitrel plays
    'Self-propelled fighting bomb' on a Gizmo. That Gizmo loses 1 Fortitude, then Wrench
    gets a Bomb."."""
    from tales.tavern.rdi.characters import nitrel

    fight = next(c for c in NITREL.cards if c.name == "Fighting bomb on wheels (sample)")
    popper = next(c for c in NITREL.cards if c.name == "Popper (sample)")
    tavern = replace(table([wrench_seat(), seat("nitrel", mechanics="nitrel")]),
                     minions=(zap(3),)).with_pile(nitrel.BOMBS, (popper,))
    tavern = run(plays("nitrel", fight, zap(3).name)(tavern))
    assert track(tavern) == {ZAPPER.name: 2} and tavern.player("wrench").fortitude == 19
