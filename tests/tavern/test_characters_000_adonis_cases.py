"""Adonis the Magnificent, Bard of the Ages (seed 000): his three instruments, smashed as a
card is played or kept unbroken for a better effect, as a table of cases quoting the
Compendium. The cards are his sample deck's (``decks/characters/adonis.toml``)."""

from __future__ import annotations

from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import adonis
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Tavern, Verb, Who
from tales.tavern.rdi.rules import CharacterDeck, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "adonis.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


SWING = named("Bard-barian swing (sample)")  # 2 Fortitude; smash: 2 more
DRUM_SOLO = named("Drum solo (sample)")  # each other 1 Fortitude; 2 with the drum unbroken
MUSCLES = named("Muscles aren't just for show (sample)")  # hit back 1; smash: 2 more
NOPE = named("Nope, once more (sample)")  # smash an instrument: Negate a Sometimes card
STRINGS = named("Fresh strings (sample)")  # replace a smashed instrument, draw a card
MAGNIFICENT = named("Too magnificent to hit (sample)")  # Ignore an Action card
NOT_WHILE = named("Not while I'm singing (sample)")  # Negate an Action card
SCORCH = Card("Scorch (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
NO = Card("I don't think so! (test)", CardKind.SOMETIMES,
          (Step(Verb.NEGATE, target=NOPE.steps[0].target),))


def bard(*hand: Card, smashed: tuple[str, ...] = ()) -> Player:
    return seat("adonis", *hand, mechanics="adonis",
                tokens={i: int(i not in smashed) for i in adonis.INSTRUMENTS})


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    return set_up(["adonis", "zot"], [CharacterDeck("Adonis", (), "adonis"),
                                      CharacterDeck("Zot", ())], tavern.drink_deck)


CASES = [
    row("adonis-instruments-unbroken", "000",
        "Place these tokens near your player mat with the unbroken sides face up.",
        [seat("x")], setting_up, {}, {"tokens": (1, 1, 1)}),
    row("adonis-smash-for-a-better-effect", "000",
        "Adonis plays \u201cSometimes they call me Adonis the Bard-barian!\u201d and chooses to "
        "smash his drum by flipping it over to its smashed side. He chooses Zot to lose 4 "
        "Fortitude.",
        [bard(), seat("zot")], plays("adonis", SWING, "zot"),
        {"boost": ["yes"], "smash": ["drum"]},
        {"fortitude": {"zot": 16}, "tokens": (1, 1, 0)}),
    row("adonis-never-smash-a-smashed-one", "000",
        "You may not smash an instrument that is already smashed.",
        [bard(smashed=("drum",)), seat("zot")], plays("adonis", SWING, "zot"),
        {"boost": ["yes"], "smash": ["lyre"]},
        {"options:smash": ("flute", "lyre"), "tokens": (1, 0, 0)}),
    row("adonis-smash-as-you-play", "000",
        "When a card allows you to smash an instrument, you must choose which instrument to "
        "smash and smash it as you play the card. You may not wait for your opponents to "
        "respond.",
        [bard(), seat("zot", MAGNIFICENT)], plays("adonis", SWING, "zot"),
        {"boost": ["yes"], "smash": ["flute"]},
        {"order": ("boost", "smash", "respond"), "tokens": (0, 1, 1)}),
    row("adonis-no-instrument-back", "000",
        "If you smash an instrument but the card you played is Negated or Ignored, you do "
        "not get your instrument back.",
        [bard(), seat("zot", NOT_WHILE)], plays("adonis", SWING, "zot"),
        {"boost": ["yes"], "smash": ["drum"], "respond": [NOT_WHILE.name]},
        {"fortitude": {"zot": 20}, "tokens": (1, 1, 0)}),
    row("adonis-hit-back-smashing-the-flute", "000",
        "As he plays the card, he chooses to smash his flute so that Fiona will lose 3 "
        "Fortitude instead of 1.",
        [seat("fiona", SCORCH), bard(MUSCLES)], plays("fiona", SCORCH, "adonis"),
        {"hit-back": [MUSCLES.name], "boost": ["yes"], "smash": ["flute"]},
        {"fortitude": {"fiona": 17, "adonis": 18}, "tokens": (0, 1, 1)}),
    row("adonis-negated-hit-back-keeps-it-smashed", "000",
        "Fiona responds with \u201cI don\u2019t think so!\u201d, so she loses no Fortitude. Adonis "
        "does not get his flute back.",
        [seat("fiona", SCORCH, NO), bard(MUSCLES)], plays("fiona", SCORCH, "adonis"),
        {"hit-back": [MUSCLES.name], "boost": ["yes"], "smash": ["flute"],
         "respond": [NO.name]},
        {"fortitude": {"fiona": 20}, "tokens": (0, 1, 1)}),
    row("adonis-nope-needs-an-instrument", "000",
        "If you don\u2019t have an instrument to smash, you may not play this card.",
        [bard(NOPE, smashed=adonis.INSTRUMENTS), seat("gog", MAGNIFICENT)],
        plays("adonis", DRUM_SOLO), {"respond": [MAGNIFICENT.name]},
        {"fortitude": {"gog": 20}, "respond:adonis": 0, "hand": 1}),
    row("adonis-nope-smashes-the-drum-first", "000",
        "Since Adonis doesn\u2019t have his drum when \u201cRhythmic beatdown\u201d resolves, "
        "each other player (including Gog) loses 1 Fortitude, not 2.",
        [bard(NOPE), seat("gog", MAGNIFICENT), seat("zot")], plays("adonis", DRUM_SOLO),
        {"respond": [MAGNIFICENT.name, NOPE.name], "smash": ["drum"]},
        {"fortitude": {"gog": 19, "zot": 19}, "tokens": (1, 1, 0), "hand": 0}),
    row("adonis-unbroken-better-effect", "000",
        "You don't need to smash the instrument; the better effect just happens.",
        [bard(), seat("gog"), seat("zot")], plays("adonis", DRUM_SOLO), {},
        {"fortitude": {"gog": 18, "zot": 18}, "tokens": (1, 1, 1), "count:smash": 0}),
    row("adonis-replace-an-instrument", "000",
        "To replace an instrument, just flip it back over to its unbroken side.",
        [bard(smashed=("flute", "drum")), seat("zot")], plays("adonis", STRINGS),
        {"replace-instrument": ["drum"]},
        {"options:replace-instrument": ("flute", "drum"), "tokens": (0, 1, 1)}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_adonis(quote: str, players: list[Player], start: Start,
               answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, "adonis", adonis.INSTRUMENTS)


def test_adonis_sample_deck() -> None:
    """40 cards, a sample, in the card language plus his instruments: boosts and a cost in
    instruments, unbroken-instrument conditions, the replace handler."""
    assert DECK.mechanics == "adonis" and DECK.character.endswith("(sample deck)")
    assert len(DECK.cards) == 40 and all(c.name.endswith(" (sample)") for c in DECK.cards)
    costs = {r for c in DECK.cards for b in c.boosts for r, _ in b.cost} | {
        r for c in DECK.cards for r, _ in c.cost}
    assert costs == {adonis.INSTRUMENT}
    conditions = {s.condition.resource for c in DECK.cards for s in c.steps if s.condition}
    assert conditions == set(adonis.INSTRUMENTS)
    assert {s.handler for c in DECK.cards for s in c.steps if s.handler} == adonis.HANDLERS


def test_bots_smash_instruments() -> None:
    """Bots at a table of Adonises use his mechanics: they spend boosts by smashing
    instruments."""
    kinds, _ = bot_games("adonis", 4, 4)
    assert {"boost", "smash"} <= kinds
