"""Piper, Eagle-Eyed Sniper (seed 000): her Quiver of Arrow Cards, as a table of cases
quoting the Compendium. The Arrows are her sample deck's (``decks/characters/piper.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import piper
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.effects import discard_cards
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Tavern, Verb, Who
from tales.tavern.rdi.rules import CharacterDeck, action_phase, draw_up, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Got, Start, bot_games, check_got, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "piper.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


BROADHEAD = named("Broadhead arrow (sample)")  # Arrow-Action: lose 1
BARBED = named("Barbed arrow (sample)")  # Arrow-Action: lose 1, draw an Arrow
DEFLECT = named("Deflecting shot (sample)")  # Sometimes Arrow: Negate an Action
NEVER_MISS = named("I never miss (sample)")  # Action: lose 3
RESTOCK = named("Restock the quiver (sample)")  # Action: draw 2
CLUB = Card("Club (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
FILLER = Card("Filler (test)", CardKind.ANYTIME, (Step(Verb.DRAW, 1),))
QUIVER = (BROADHEAD, BROADHEAD, BARBED)
DISCARDS = f"{piper.QUIVER} discard"


def sniper(*hand: Card, **fields: Any) -> Player:
    return replace(seat("piper", *hand, mechanics="piper", deck=(FILLER,) * 10), **fields)


def quiver(start: Start, cards: tuple[Card, ...] = QUIVER, used: tuple[Card, ...] = ()
           ) -> Start:
    def go(tavern: Tavern) -> Resolution[Tavern]:
        return start(tavern.with_pile(piper.QUIVER, cards).with_pile(DISCARDS, used))
    return go


def drawing(tavern: Tavern) -> Resolution[Tavern]:
    return draw_up(tavern, "piper")


def acting(tavern: Tavern) -> Resolution[Tavern]:
    return action_phase(tavern, "piper")


def discarding(tavern: Tavern) -> Resolution[Tavern]:
    return discard_cards(tavern, "piper", 1)


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    other = CharacterDeck("Other", (FILLER,) * 40)
    return set_up(["piper", "bob"], [DECK, other], load_drinks(DECKS / "drinks-sample.toml"))


def arrows(t: Tavern) -> int:
    return sum(c.pile == piper.QUIVER for c in t.player("piper").hand)


def hand(t: Tavern) -> int:
    return len(t.player("piper").hand)


def left(t: Tavern) -> int:
    return len(t.pile(piper.QUIVER))


def bob(t: Tavern) -> int:
    return t.player("bob").fortitude


SEVEN = (FILLER,) * 7
CASES = [
    row("piper-setup", "000",
        "Draw 1 card from your Quiver and 6 more from your Character Deck, for a total of 7 "
        "cards.", [], setting_up, {}, [(hand, 7), (arrows, 1), (left, 13)]),
    row("piper-first-draw-from-the-quiver", "000",
        "If you are playing as Piper, then during your Discard and Draw Phase, your first draw "
        "comes from your Quiver (even if you already have Arrow Cards in your hand).",
        [sniper(BROADHEAD, FILLER, FILLER), seat("bob")], quiver(drawing), {},
        [(hand, 7), (arrows, 2), (left, 2)]),
    row("piper-other-draws-from-the-deck", "000",
        "When you draw cards at times other than your Discard and Draw Phase (for example, if "
        "a Drink or Event makes you draw cards), all of the draws come from your Character "
        "Deck as normal.",
        [sniper(), seat("bob")], quiver(plays("piper", RESTOCK)), {},
        [(hand, 2), (arrows, 0), (left, 3)]),
    row("piper-arrows-count-toward-hand-size", "000",
        "Your hand size is 7 as normal, and any Arrow Cards in your hand count toward that.",
        [sniper(BROADHEAD, *(FILLER,) * 5), seat("bob")], quiver(drawing), {},
        [(hand, 7), (arrows, 2)]),
    row("piper-arrows-part-of-the-hand", "000",
        "If an effect would make you reveal your hand, show it to another player, discard "
        "cards from it, etc., the Arrow Cards are part of that.",
        [sniper(BROADHEAD), seat("bob")], quiver(discarding), {},
        [(hand, 0), (lambda t: len(t.pile(DISCARDS)), 1)]),
    row("piper-many-arrow-actions", "000",
        "During your Action Phase, you may play either one Action Card from your hand or as "
        "many Arrow-Action Cards as you like.",
        [sniper(BROADHEAD, BROADHEAD, NEVER_MISS), seat("bob")], quiver(acting),
        {"arrow": [BROADHEAD.name, BROADHEAD.name]}, [(bob, 18), (hand, 1)]),
    row("piper-one-action-card", "000",
        "During your Action Phase, you may play either one Action Card from your hand or as "
        "many Arrow-Action Cards as you like.",
        [sniper(BROADHEAD, NEVER_MISS, NEVER_MISS), seat("bob")], quiver(acting),
        {"arrow": ["pass"], "action": [NEVER_MISS.name]}, [(bob, 17), (hand, 2)]),
    row("piper-no-reshuffle", "000",
        "If your Quiver runs out, do not reshuffle it. You simply don't draw any more Arrows.",
        [sniper(FILLER), seat("bob")], quiver(drawing, (), (BROADHEAD,)), {},
        [(hand, 7), (arrows, 0), (lambda t: len(t.pile(DISCARDS)), 1)]),
    row("piper-drawn-arrows-played-too", "000",
        "If you are in the middle of playing multiple Arrow-Action Cards during your Action "
        "Phase and you happen to draw more Arrow-Action Cards, you may play those as well.",
        [sniper(BARBED), seat("bob")], quiver(acting, (BROADHEAD,)),
        {"arrow": [BARBED.name, BROADHEAD.name]}, [(bob, 18), (hand, 0)]),
    row("piper-more-than-seven", "000",
        "In this case, you draw from neither your Quiver nor your Character Deck.",
        [sniper(*SEVEN, FILLER), seat("bob")], quiver(drawing), {},
        [(hand, 8), (left, 3)]),
    row("piper-sometimes-arrows", "000",
        "Sometimes Arrows may be played just like normal Sometimes Cards.",
        [seat("bob"), sniper(DEFLECT)], plays("bob", CLUB, "piper"),
        {"respond": [DEFLECT.name]},
        [(lambda t: t.player("piper").fortitude, 20), (lambda t: len(t.pile(DISCARDS)), 1)]),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_piper(quote: str, players: list[Player], start: Start,
               answers: dict[str, list[Any]], expected: list[tuple[Got, object]]) -> None:
    check_got(quote, players, start, answers, expected)


def test_piper_sample_deck() -> None:
    """35 Character Cards and a 14-card Quiver of Action and Sometimes Arrows; a sample."""
    assert DECK.mechanics == "piper" and DECK.character.endswith("(sample deck)")
    own = [c for c in DECK.cards if not c.pile]
    arrow_cards = [c for c in DECK.cards if c.pile == piper.QUIVER]
    assert len(own) == 35 and len(arrow_cards) == 14
    assert {c.kind for c in arrow_cards} == {CardKind.ACTION, CardKind.SOMETIMES}
    assert any(s.handler == piper.DRAW_ARROW for c in arrow_cards for s in c.steps)


def test_bots_loose_arrows() -> None:
    """Bots at a table of Pipers draw Arrows and play several in one Action Phase."""
    _, log = bot_games("piper", 3, 2)
    assert any("draws an Arrow" in line for line in log)
    assert any(" plays " in line and "arrow (sample)" in line for line in log)
