"""Ohava the Grand Cleric (seed 000): her four Deity Cards flipped by her cards, and the
harmony bonuses, as a table of cases quoting the Compendium. The cards are her sample
deck's (``decks/characters/ohava.toml``)."""

from __future__ import annotations

from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import ohava
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Tavern, Verb, Who
from tales.tavern.rdi.rules import CharacterDeck, draw_up, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "ohava.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


SEARING = named("Korash's searing light (sample)")  # a player loses 2; flip Korash
SHIELD = named("Shield of the Sun (sample)")  # reduce a Fortitude loss by 2; flip Korash
FORBIDS = named("The All-Mother forbids it (sample)")  # Negate an Action card
CLUB = Card("Club (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -4, Who.TARGET),))
DUCK = Card("Duck (test)", CardKind.SOMETIMES, (Step(Verb.IGNORE, target=FORBIDS.steps[0].target),))
FILLER = Card("Filler (test)", CardKind.ACTION, (Step(Verb.DRAW, 1),))


def cleric(*hand: Card, harmony: tuple[str, ...] = ()) -> Player:
    return seat("ohava", *hand, mechanics="ohava", deck=(FILLER,) * 10,
                tokens={d: int(d in harmony) for d in ohava.DEITIES})


def drawing_up(tavern: Tavern) -> Resolution[Tavern]:
    return draw_up(tavern, "ohava")


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    return set_up(["ohava", "bob"], [CharacterDeck("Ohava", (FILLER,) * 10, "ohava"),
                                     CharacterDeck("Bob", (FILLER,) * 10)], tavern.drink_deck)


THREE = ("korash", "elaana", "farnir")
ALL = ohava.DEITIES
SEVEN = (FILLER,) * 7

CASES = [
    row("ohava-deities-start-in-discord", "000", "They each start in discord.",
        [seat("x")], setting_up, {}, {"tokens": (0, 0, 0, 0), "hand": 7}),
    row("ohava-flip-after-the-card", "000",
        "If you play a card with an icon, then after all effects on that card have resolved, "
        "flip over the corresponding Deity Card.",
        [cleric(), seat("bob")], plays("ohava", SEARING, "bob"), {},
        {"tokens": (1, 0, 0, 0), "fortitude": {"bob": 18}}),
    row("ohava-flip-both-ways", "000",
        "So, if the Deity Card is in discord, it will become harmonious, and if it is "
        "harmonious, it will go to discord.",
        [cleric(harmony=("korash",)), seat("bob")], plays("ohava", SEARING, "bob"), {},
        {"tokens": (0, 0, 0, 0)}),
    row("ohava-flip-is-mandatory", "000", "Flipping a Deity Card in this way is mandatory.",
        [cleric(), seat("bob")], plays("ohava", SEARING, "bob"), {},
        {"tokens": (1, 0, 0, 0), "asked:ohava": 0}),
    row("ohava-three-in-harmony-hand-size", "000",
        "Whenever three or more Deities are in harmony, Ohava's hand size is increased by "
        "one.", [cleric(harmony=THREE), seat("bob")], drawing_up, {}, {"hand": 8}),
    row("ohava-two-in-harmony-hand-size", "000",
        "Whenever three or more Deities are in harmony, Ohava's hand size is increased by "
        "one.", [cleric(harmony=("korash", "elaana")), seat("bob")], drawing_up, {},
        {"hand": 7}),
    row("ohava-third-deity-draws-nothing-at-once", "000",
        "More specifically, turning a third Deity harmonious does not make you immediately "
        "draw up to an increased hand size.",
        [cleric(*SEVEN, harmony=("elaana", "farnir")), seat("bob")],
        plays("ohava", SEARING, "bob"), {}, {"tokens": (1, 1, 1, 0), "hand": 7}),
    row("ohava-all-four-numbers-one-more", "000",
        "Whenever all four Deities are in harmony, all numeric effects on Ohava's Character "
        "Cards are increased by one.",
        [cleric(harmony=ALL), seat("bob")], plays("ohava", SEARING, "bob"), {},
        {"fortitude": {"bob": 17}, "tokens": (0, 1, 1, 1)}),
    row("ohava-all-four-a-response-one-more", "000",
        "Whenever all four Deities are in harmony, all numeric effects on Ohava's Character "
        "Cards are increased by one.",
        [seat("bob"), cleric(SHIELD, harmony=ALL)], plays("bob", CLUB, "ohava"),
        {"respond": [SHIELD.name]}, {"fortitude": {"ohava": 19}, "tokens": (0, 1, 1, 1)}),
    row("ohava-all-four-only-her-cards", "000",
        "Whenever all four Deities are in harmony, all numeric effects on Ohava's Character "
        "Cards are increased by one.",
        [seat("bob"), cleric(harmony=ALL)], plays("bob", CLUB, "ohava"), {},
        {"fortitude": {"ohava": 16}}),
    row("ohava-all-four-and-the-hand-size", "000",
        "This bonus is in addition to the increased hand size mentioned above.",
        [cleric(harmony=ALL), seat("bob")], drawing_up, {}, {"hand": 8}),
    row("ohava-ignored-still-flips", "000",
        "If a card with a Deity symbol is Ignored by any player, the Deity Card still flips.",
        [cleric(), seat("bob", DUCK)], plays("ohava", SEARING, "bob"),
        {"respond": [DUCK.name]}, {"fortitude": {"bob": 20}, "tokens": (1, 0, 0, 0)}),
    row("ohava-negated-nothing-flips", "000",
        "If a card with a symbol is Negated, nothing flips.",
        [cleric(), seat("bob", FORBIDS)], plays("ohava", SEARING, "bob"),
        {"respond": [FORBIDS.name]}, {"fortitude": {"bob": 20}, "tokens": (0, 0, 0, 0)}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_ohava(quote: str, players: list[Player], start: Start,
               answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, "ohava", ohava.DEITIES)


def test_ohava_sample_deck() -> None:
    """40 cards, a sample; every Deity has cards, each flip its card's last step."""
    assert DECK.mechanics == "ohava" and DECK.character.endswith("(sample deck)")
    assert len(DECK.cards) == 40 and all(c.name.endswith(" (sample)") for c in DECK.cards)
    flips = [c for c in DECK.cards if any(s.handler for s in c.steps)]
    assert {c.steps[-1].handler for c in flips} == ohava.HANDLERS
    assert all(s.handler == "" for c in flips for s in c.steps[:-1])


def test_bots_bring_the_deities_into_harmony() -> None:
    """Bots at a table of Ohavas play her Deity cards: Deities flip both ways."""
    _, log = bot_games("ohava", 3, 3)
    assert any(": harmonious" in line for line in log)
    assert any(": in discord" in line for line in log)
