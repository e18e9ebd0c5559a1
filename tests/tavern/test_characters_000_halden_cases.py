"""Halden the Unhinged (seed 000): Totem Cards and Totem Combos, as a table of cases quoting
the Compendium. The cards are his sample deck's (``decks/characters/halden.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import halden
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Player, Stat, Step, Tavern, Verb, Who
from tales.tavern.rdi.rules import CharacterDeck, action_phase, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "halden.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


FIST = named("The spirits guide my fist (sample)")  # Totem: a player loses 1
BUSINESS = named("Unfinished business (sample)")  # reveal two totems
SAVAGE = named("Savage totem (sample)")  # damage, needs mind: a player loses 1
ALERT = named("Alert totem (sample)")  # mind, needs damage: draw 1
QUIET = named("Quiet totem (sample)")  # mind, no effect
TOTEMS = tuple(c for c in DECK.cards if c.pile == halden.TOTEMS)
FILLER = Card("Filler (test)", CardKind.ANYTIME, (Step(Verb.DRAW, 1),))
NO = replace(named("Not while I'm communing (sample)"), name="No (test)")
HELMET = Card("Helmet (test)", CardKind.SOMETIMES,
              (Step(Verb.IGNORE, target=NO.steps[0].target),))
FORT_HELMET = Card("Great-grandfather's helmet (test)", CardKind.SOMETIMES,
                   (Step(Verb.IGNORE, target=named(
                       "The dead watch over me (sample)").steps[0].target,
                         stat=Stat.FORTITUDE),))
BACK = named("Spiteful spirit (sample)")
BOOZY = Card("Exhilarating (test)", CardKind.ACTION,
              (Step(Verb.ALCOHOL, 1, Who.TARGET),), pile=halden.TOTEMS,
              icons=("mind", "needs health"))
HEARTY = Card("Hearty (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, 1, Who.EACH),),
              pile=halden.TOTEMS, icons=("health", "needs damage"))
SAVAGE_ALL = Card("Savage (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -1, Who.EACH),),
                  pile=halden.TOTEMS, icons=("damage", "needs mind"))
UNCOMFY = Card("Uncomfortable (test)", CardKind.ACTION, (Step(Verb.PAY, 1, Who.EACH_OTHER),),
               pile=halden.TOTEMS, icons=("mind", "needs health"))
HEALTH = Card("Plain health (test)", CardKind.ACTION, pile=halden.TOTEMS, icons=("health",))
SHOWN, DISCARDS = halden.revealed("halden"), halden.DISCARDS


def shaman(*hand: Card) -> Player:
    return seat("halden", *hand, mechanics="halden", deck=(FILLER,) * 10)


def totems(start: Start, shown: tuple[Card, ...] = (), deck: tuple[Card, ...] = (QUIET,)
           ) -> Start:
    """``start`` with ``shown`` revealed and ``deck`` the Totem Deck (top last)."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = tavern.with_pile(SHOWN, shown).with_pile(halden.TOTEMS, deck)
        return (yield from start(tavern))
    return begin


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    return set_up(["halden", "bob"], [CharacterDeck("Halden", (FILLER,) * 10 + TOTEMS,
                                                    "halden"),
                                      CharacterDeck("Bob", (FILLER,) * 10)], tavern.drink_deck)


def turn_starts(tavern: Tavern) -> Resolution[Tavern]:
    return halden.Halden().start_of_turn(tavern, "halden", "halden")


def combo(tavern: Tavern) -> Resolution[Tavern]:
    tavern, _ = yield from halden.totem_combo(tavern, "halden")
    return tavern


def acting(tavern: Tavern) -> Resolution[Tavern]:
    return action_phase(tavern, "halden")


CASES = [
    row("halden-totem-deck", "000",
        "Shuffle your Totem Deck and place it near your player mat. Leave space for a Totem "
        "Deck discard pile.",
        [seat("x")], setting_up, {}, {"pile:totems": len(TOTEMS), "hand": 7}),
    row("halden-reveal-at-turn-start", "000",
        "At the beginning of your turn, before you discard and draw, reveal a card from your "
        "Totem Deck and place it face up in front of you so that everyone can see it.",
        [shaman(), seat("bob")], totems(turn_starts), {},
        {"pile:" + SHOWN: 1, "pile:totems": 0}),
    row("halden-totem-icon", "000",
        "Gog loses 1 Fortitude, then Halden reveals a card from his Totem Deck.",
        [shaman(), seat("gog")], totems(plays("halden", FIST, "gog")), {},
        {"fortitude": {"gog": 19}, "pile:" + SHOWN: 1, "discard": 1}),
    row("halden-reveal-a-totem", "000",
        "When one of these cards resolves, or when a card effect tells you to reveal a "
        "totem, reveal a card from your Totem Deck and place it face up in front of you.",
        [shaman(), seat("bob")], totems(plays("halden", BUSINESS), deck=(QUIET, ALERT)), {},
        {"pile:" + SHOWN: 2, "pile:totems": 0}),
    row("halden-combo-chain", "000",
        "A Totem Combo is a chain of two or more Totem Cards that link together from left to "
        "right by matching the totem type required by each card's effect.",
        [shaman(), seat("bob")], totems(combo, (SAVAGE, ALERT)),
        {halden.COMBO: [SAVAGE.name]},
        {"fortitude": {"bob": 19}, "pile:" + SHOWN: 0, "pile:" + DISCARDS: 2,
         "options:" + halden.COMBO: (SAVAGE.name, ALERT.name, "pass")}),
    row("halden-last-effect-never", "000",
        "Note that the effect of the Exhilarating Totem does not take effect, because it has "
        "not been activated by having a Mind Totem after it.",
        [shaman(), seat("bob")], totems(combo, (SAVAGE, ALERT)),
        {halden.COMBO: [SAVAGE.name]}, {"hand": 0}),
    row("halden-any-order-not-all", "000",
        "You do not need to chain your Totem Cards in the order that they were revealed, nor "
        "do you need to use all of your revealed Totem Cards when forming a Totem Combo.",
        [shaman(), seat("bob")], totems(combo, (ALERT, QUIET, SAVAGE)),
        {halden.COMBO: [SAVAGE.name, QUIET.name]},
        {"fortitude": {"bob": 19}, "pile:" + SHOWN: 1, "hand": 0}),
    row("halden-action-and-combo", "000",
        "During your Action Phase, you may play both an Action Card from your hand and one "
        "Totem Combo using any combination of your revealed Totem Cards.",
        [shaman(FIST), seat("bob")], totems(acting, (SAVAGE, ALERT, SAVAGE, ALERT)),
        {halden.COMBO: [SAVAGE.name, halden.END], "action": [FIST.name]},
        {"fortitude": {"bob": 18}, "pile:" + SHOWN: 3, "count:" + halden.COMBO: 2}),
    row("halden-combo-after-the-action", "000",
        "You may play a Totem Combo either before or after playing your Action Card for the "
        "turn. Both an Action Card and a Totem Combo are optional.",
        [shaman(FIST), seat("bob")], totems(acting, (SAVAGE, ALERT)),
        {halden.COMBO: ["pass", SAVAGE.name], "action": [FIST.name]},
        {"fortitude": {"bob": 18}, "pile:" + DISCARDS: 2,
         "order": (halden.COMBO, "action")}),
    row("halden-declare-all-first", "000",
        "You must declare your entire Totem Combo before knowing whether any player intends "
        "to respond to it. You may not declare part of the Totem Combo, wait for responses, "
        "then add to your combo.",
        [shaman(), seat("bob", NO)], totems(combo, (SAVAGE, QUIET)),
        {halden.COMBO: [SAVAGE.name], "respond": ["pass"]},
        {"order": (halden.COMBO, "respond"), "fortitude": {"bob": 19}}),
    row("halden-combo-negated", "000",
        "If a Totem Combo is Negated, the entire combo is discarded and none of its effects "
        "happen.",
        [shaman(), seat("bob", NO)], totems(combo, (SAVAGE, QUIET)),
        {halden.COMBO: [SAVAGE.name], "respond": [NO.name]},
        {"fortitude": {"bob": 20}, "pile:" + DISCARDS: 2, "pile:" + SHOWN: 0}),
    row("halden-combo-ignored-whole", "000",
        "Since the Totem Combo counts as though it were a single Action Card, Dimli Ignores "
        "both the Fortitude loss and the Alcohol Content gain.",
        [shaman(), seat("dimli", HELMET)], totems(combo, (SAVAGE, BOOZY, HEALTH)),
        {halden.COMBO: [SAVAGE.name, HEALTH.name], "respond": [HELMET.name]},
        {"fortitude": {"dimli": 20}, "alcohol": {"dimli": 0}, "pile:" + DISCARDS: 3}),
    row("halden-combo-hit-back", "000",
        "If a Totem Combo causes a player to lose Fortitude, that player may use a \"hit "
        "back\" card to attack Halden.",
        [shaman(), seat("bob", BACK)], totems(combo, (SAVAGE, QUIET)),
        {halden.COMBO: [SAVAGE.name], "hit-back": [BACK.name]},
        {"fortitude": {"bob": 19, "halden": 19}}),
    row("halden-combo-cancels-out", "000",
        "Because each player is both gaining a Fortitude from the Hearty Totem and losing a "
        "Fortitude from the Savage Totem, the Totem Combo is not considered to be affecting "
        "any player's Fortitude.",
        [shaman(), seat("dimli", FORT_HELMET)], totems(combo, (HEARTY, SAVAGE_ALL, UNCOMFY)),
        {halden.COMBO: [HEARTY.name, UNCOMFY.name]},
        {"fortitude": {"dimli": 20, "halden": 20}, "respond:dimli": 0}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_halden(quote: str, players: list[Player], start: Start,
                answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, "halden", ())


def test_halden_sample_deck() -> None:
    """40 cards and a Totem Deck of every type, each needing another (or none)."""
    assert DECK.mechanics == "halden" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards)
    assert len(DECK.cards) - len(TOTEMS) == 40
    assert {halden.kind_of(t) for t in TOTEMS} == set(halden.TYPES)
    assert {halden.needs(t) for t in TOTEMS} == {*halden.TYPES, ""}
    assert any(halden.ICON in c.icons for c in DECK.cards if not c.pile)


def test_bots_combo() -> None:
    """Bots at a table of Haldens reveal totems and play Totem Combos."""
    _, log = bot_games("halden", 3, 3)
    assert any(" plays Totem Combo (" in line for line in log)
