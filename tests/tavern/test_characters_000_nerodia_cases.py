"""Nerodia the Petrifier (seed 000; 002's team note): Petrify, Decay and Glare, as a table of
cases quoting the Compendium. The cards are her sample deck's
(``decks/characters/nerodia.toml``) and a few test cards."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import nerodia
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Target, Tavern, Verb
from tales.tavern.rdi.rules import CharacterDeck, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, grunted, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "nerodia.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


STARE = named("Stony stare (sample)")  # lose 1, Petrify 1; GLARE 1: 2 more
STATUES = named("Turn to statues (sample)")  # each other player Petrifies 1
HEAVY = named("Heavy as granite (sample)")  # Petrify 2; GLARE 2: draw 2
SKIN = named("Skin of stone (sample)")  # Ignore an Action card
NO = Card("No (test)", CardKind.SOMETIMES, (Step(Verb.NEGATE, target=Target.ACTION),))
MIRROR = Card("Mirror (test)", CardKind.ACTION, (Step(Verb.HANDLER, handler="petrify 1"),))
FILLER = Card("Draw (test)", CardKind.ANYTIME, (Step(Verb.DRAW, 1),))


def stone(name: str, count: int = 1) -> tuple[Card, ...]:
    """``count`` Petrified cards that came from ``name``."""
    return (replace(Card(f"Pebble of {name} (test)", CardKind.ACTION), owner=name),) * count


PILE = nerodia.pile("nerodia")


def gorgon(*hand: Card, **fields: Any) -> Player:
    return replace(seat("nerodia", *hand, mechanics="nerodia"), **fields)


def holding(name: str, *cards: Card, **fields: Any) -> Player:
    return replace(seat(name, *cards, *stone(name, 2)), **fields)


def petrified(start: Start, cards: tuple[Card, ...] = ()) -> Start:
    """Her Petrification Pile (its top is the last card)."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        return (yield from start(tavern.with_pile(PILE, cards)))
    return begin


def turn_starts(active: str) -> Start:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        return nerodia.Nerodia().start_of_turn(tavern, "nerodia", active)
    return start


def turn_ends(tavern: Tavern) -> Resolution[Tavern]:
    return nerodia.Nerodia().end_of_turn(tavern, "nerodia", "bob")



def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    return set_up(["nerodia", "bob"], [CharacterDeck("Nerodia", DECK.cards, "nerodia"),
                                       CharacterDeck("Bob", (FILLER,) * 10)], tavern.drink_deck)


BLESSING = replace(Card("Blessing (test)", CardKind.SOMETIMES), pile="blessings", owner="bob")
CASES = [
    row("nerodia-petrify", "000",
        "When a player Petrifies one or more cards, they must give that many cards, face down, "
        "from their hand to Nerodia to put on the bottom of her Petrification Pile.",
        [gorgon(), holding("bob")], petrified(plays("nerodia", HEAVY, "bob"), stone("carol")),
        {}, {"pile:" + PILE: 3, "top": "carol", "hands": {"bob": 0}}),
    row("nerodia-random-order", "000",
        "If multiple cards are Petrified at the same time (from a single player or from "
        "multiple different players), put them under her Petrification Pile in a random "
        "order.",
        [gorgon(), holding("bob"), holding("carol")], petrified(plays("nerodia", STATUES)), {},
        {"pile:" + PILE: 2, "count:shuffle": 1}),
    row("nerodia-not-her-own", "000",
        "If Nerodia would Petrify a card from her own hand (via a redirection effect or "
        "something similar), she does not.",
        [gorgon(FILLER), seat("bob")], petrified(plays("nerodia", MIRROR)), {},
        {"pile:" + PILE: 0, "hand": 1}),
    row("nerodia-empty-hand", "000",
        "If a player needs to Petrify cards and has no cards remaining in their hand, they do "
        "not Petrify any cards.",
        [gorgon(), seat("bob")], petrified(plays("nerodia", HEAVY, "bob")), {},
        {"pile:" + PILE: 0, "count:petrify": 0}),
    row("nerodia-eliminated-player", "000",
        "If a card would be returned to a player that has been eliminated from the game, that "
        "card is simply discarded.",
        [gorgon(), replace(seat("bob"), out=True)],
        petrified(turn_starts("nerodia"), stone("bob")), {},
        {"pile:" + PILE: 0, "hands": {"bob": 0}, "discards": {"bob": 1}}),
    row("nerodia-stays-after-elimination", "000",
        "If a player is eliminated and has cards in Nerodia's Petrification Pile, those cards "
        "remain in the pile until they Decay or are Glared (see below).",
        [gorgon(), replace(seat("bob"), out=True), seat("carol")],
        petrified(turn_starts("carol"), stone("bob")), {}, {"pile:" + PILE: 1}),
    row("nerodia-out", "000",
        "If Nerodia is eliminated, all cards in her Petrification Pile return to the hands of "
        "the characters they came from.",
        [gorgon(out=True), seat("bob"), seat("carol")],
        petrified(turn_ends, (*stone("bob", 2), *stone("carol"))), {},
        {"pile:" + PILE: 0, "hands": {"bob": 2, "carol": 1}}),
    row("nerodia-negated", "000",
        "If a player Negates a card with a Petrify effect, no player Petrifies cards.",
        [gorgon(), holding("bob", NO)], petrified(plays("nerodia", HEAVY, "bob")),
        {"respond": [NO.name]}, {"pile:" + PILE: 0, "hands": {"bob": 2}}),
    row("nerodia-ignored", "000",
        "If a player Ignores a card with a Petrify effect, that player doesn't Petrify cards, "
        "although other players might.",
        [gorgon(), holding("bob", SKIN), holding("carol")],
        petrified(plays("nerodia", STATUES)), {"respond": [SKIN.name]},
        {"pile:" + PILE: 1, "hands": {"bob": 2, "carol": 1}}),
    row("nerodia-decay", "000",
        "At the start of Nerodia's turn, she returns the top card of the Petrification Pile to "
        "the hand of the character it came from.",
        [gorgon(), seat("bob"), seat("carol")],
        petrified(turn_starts("nerodia"), (*stone("bob"), *stone("carol"))), {},
        {"pile:" + PILE: 1, "hands": {"bob": 0, "carol": 1}}),
    row("nerodia-no-decay-on-others-turns", "000",
        "Nerodia's Petrification Pile slowly decays!",
        [gorgon(), seat("bob")], petrified(turn_starts("bob"), stone("bob")), {},
        {"pile:" + PILE: 1}),
    row("nerodia-glare", "000",
        "GLARE X means that as you play the card, you may spend X cards from the top of the "
        "Petrification Pile for that effect.",
        [gorgon(), holding("bob"), seat("carol")],
        petrified(plays("nerodia", STARE, "bob"), stone("carol")), {"boost": ["yes"]},
        {"fortitude": {"bob": 17}, "hands": {"bob": 1, "carol": 1}, "pile:" + PILE: 1,
         "top": "bob"}),
    row("nerodia-glare-negated", "000",
        "When the played card goes to your discard pile (even if it's Negated or Ignored) "
        "return all of the attached cards, without looking at them, to the hand(s) of the "
        "player(s) they came from.",
        [gorgon(), holding("bob", NO), seat("carol")],
        petrified(plays("nerodia", STARE, "bob"), stone("carol")),
        {"boost": ["yes"], "respond": [NO.name]},
        {"fortitude": {"bob": 20}, "hands": {"carol": 1}, "pile:" + PILE: 0}),
    row("nerodia-glare-needs-the-cards", "000",
        "You may not declare the use of a Glare ability unless you have at least the "
        "indicated number of cards already in your Petrification Pile when you play the card.",
        [gorgon(), holding("bob")], petrified(plays("nerodia", HEAVY, "bob"), stone("carol")),
        {}, {"count:boost": 0, "pile:" + PILE: 3}),
    row("nerodia-glare-not-from-this-petrify", "000",
        "If a card has both a Petrify ability and a Glare ability, you may not use the cards "
        "from that Petrify ability to pay the Glare, because the Glare cost must be paid "
        "before the Petrify ability resolves.",
        [gorgon(), holding("bob")], petrified(plays("nerodia", STARE, "bob")), {},
        {"count:boost": 0, "pile:" + PILE: 1, "fortitude": {"bob": 19}}),
    row("nerodia-glare-once", "000",
        "A Glare ability on a card may only be used once.",
        [gorgon(), holding("bob"), seat("carol")],
        petrified(plays("nerodia", STARE, "bob"), stone("carol", 3)), {"boost": ["yes"]},
        {"count:boost": 1, "fortitude": {"bob": 17}, "hands": {"carol": 1}}),
    row("nerodia-blessings", "000",
        "However, when that card would return to a player's hand from the Petrification Pile, "
        "it goes to the Blessing discard pile instead.",
        [gorgon(), seat("bob")], petrified(turn_starts("nerodia"), (BLESSING,)), {},
        {"hands": {"bob": 0}, "pile:blessings discard": 1}),
    row("nerodia-minion", "000",
        "If Nerodia would cause a Gizmo, a Minion, or Otto to Petrify cards, nothing happens.",
        [gorgon(), holding("carol", mechanics="torglesnarf")],
        grunted(petrified(plays("nerodia", STARE, "Grunt #1 (carol)"))),
        {"wages": ["discard it"]}, {"pile:" + PILE: 0, "hands": {"carol": 2}}),
    row("nerodia-power-jinx", "000",
        "If numeric effects are changed on Nerodia's cards (via a Power Jinx from Natyli, for "
        "example), this affects Petrify abilities but not Glare abilities.",
        [gorgon(FILLER, tokens=(("power jinx", 1),), deck=(FILLER,) * 5), holding("bob"),
         seat("carol"),
         seat("natyli", mechanics="natyli")],
        petrified(plays("nerodia", HEAVY, "bob"), stone("carol", 2)), {"boost": ["yes"]},
        {"hands": {"bob": 1, "carol": 2}, "pile:" + PILE: 1, "hand": 2}),
    row("nerodia-team", "000",
        "Team Variants: Although a team has shared Fortitude, Alcohol Content and Gold, they "
        "each have individual hands, so if a player must Petrify cards, only the targeted "
        "player may do so, not their teammates.",
        [gorgon(), holding("bob", team="B"), holding("ben", team="B")],
        petrified(plays("nerodia", HEAVY, "bob")), {}, {"hands": {"bob": 0, "ben": 2}}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_nerodia(quote: str, players: list[Player], start: Start,
                 answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    seen: dict[str, Tavern] = {}

    def watch(tavern: Tavern) -> Resolution[Tavern]:
        seen["table"] = yield from start(tavern)
        return seen["table"]
    own = ("top", "hands", "discards")
    check_character(quote, players, watch, answers,
                    {k: v for k, v in expected.items() if k not in own}, "nerodia", ())
    tavern = seen["table"]
    if "top" in expected:
        assert tavern.pile(PILE)[-1].owner == expected["top"], quote
    for name, count in expected.get("hands", {}).items():
        assert len(tavern.player(name).hand) == count, quote
    for name, count in expected.get("discards", {}).items():
        assert len(tavern.player(name).discard) == count, quote


def test_nerodia_sample_deck() -> None:
    """40 cards, labelled a sample, with Petrify (one player, each other player) and Glare."""
    assert DECK.mechanics == "nerodia" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards) and len(DECK.cards) == 40
    assert any(b.cost == ((nerodia.GLARE, 2),) for c in DECK.cards for b in c.boosts)
    assert {s.who.value for c in DECK.cards for s in c.steps
            if s.handler.startswith("petrify")} == {"target", "each other"}


def test_bots_petrify_and_glare() -> None:
    """Bots at a table of Nerodias Petrify, Glare, and see cards Decay."""
    _, log = bot_games("nerodia", 3, 2)
    assert any(" Petrifies " in line for line in log)
    assert any("decays back" in line for line in log)
    assert any("Glared card" in line for line in log)
