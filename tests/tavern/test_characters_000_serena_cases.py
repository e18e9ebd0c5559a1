"""Serena the Pious (seed 000): her Piety, as a table of cases quoting the Compendium. The
cards are her sample deck's (``decks/characters/serena.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import serena
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.model import Card, CardKind, Drink, Player, Step, Tavern, Verb, Who
from tales.tavern.rdi.rules import CharacterDeck, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Got, Start, bot_games, check_got, fortitude, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "serena.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


DESERVE = named("I'm sure you did something to deserve it... (sample)")  # 3 (4 at 1); -1
BLASPHEMER = named("Blasphemer! (sample)")  # Piety -2
SMITE = named("Smite the wicked (sample)")  # 6+: pay 1
BLESSING = named("Blessing of the Order (sample)")  # Piety +1
CODEX = named("This is not in the Paladin's Codex... (sample)")  # Ignore a Drink; +1
SHIELD = named("Shield of faith (sample)")  # reduce 2
TITHE_BOX = named("Tithe box (sample)")  # collect 1; Piety -1
ANOTHER = Card("You think you're so big? Have another drink! (test)", CardKind.ANYTIME,
               (Step(Verb.DRINK, 1, Who.TARGET),))
FILLER = Card("Filler (test)", CardKind.ACTION, (Step(Verb.DRAW, 1),))


def paladin(piety: int, *hand: Card, **fields: Any) -> Player:
    return replace(seat("serena", *hand, mechanics="serena", tokens={serena.PIETY: piety}),
                   **fields)


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    other = CharacterDeck("Other", (FILLER,) * 40)
    return set_up(["serena", "bob"], [DECK, other], load_drinks(DECKS / "drinks-sample.toml"))


def piety(t: Tavern) -> int:
    return t.player("serena").count(serena.PIETY)


def gold(name: str) -> Got:
    return lambda t: t.player(name).gold


CASES = [
    row("serena-starts-at-8", "000",
        "Take the Piety Marker and place it on 8 on the Piety Chart, as shown here.",
        [], setting_up, {}, [(piety, 8)]),
    row("serena-piety-after-the-card", "000",
        "Kaylin loses 3 Fortitude, then Serena loses 1 Piety. Serena does not adjust her "
        "Piety until all of the card's other effects have been carried out, so Kaylin does "
        "not lose 4 Fortitude.",
        [paladin(2), seat("kaylin")], plays("serena", DESERVE, "kaylin"), {},
        [(fortitude("kaylin"), 17), (piety, 1)]),
    row("serena-piety-at-resolution", "000",
        "Since Serena is now at 2 Piety, Kaylin loses 3 Fortitude (not 4), then Serena goes "
        "back down to 1 Piety.",
        [paladin(1, CODEX, drink_me=(Drink("Elven Wine", 3),)), seat("kaylin", ANOTHER)],
        plays("serena", DESERVE, "kaylin"), {"respond": [ANOTHER.name, CODEX.name]},
        [(fortitude("kaylin"), 17), (piety, 1), (lambda t: t.player("serena").alcohol, 0)]),
    row("serena-piety-range", "000",
        "Some of Serena's cards have a better or worse effect depending on her Piety.",
        [paladin(6), seat("bob")], plays("serena", SMITE, "bob"), {},
        [(gold("bob"), 9), (fortitude("bob"), 18)]),
    row("serena-piety-range-not-met", "000",
        "Use the effect corresponding to your Piety at the time that the card takes effect.",
        [paladin(5), seat("bob")], plays("serena", SMITE, "bob"), {}, [(gold("bob"), 10)]),
    row("serena-not-above-8", "000", "Your Piety cannot go above 8 or below 1.",
        [paladin(8), seat("bob")], plays("serena", BLESSING), {}, [(piety, 8)]),
    row("serena-atone-tithe", "000",
        "If a card's effects would cause your Piety to drop below 1, it stays at 1, but you "
        "must atone for your sins by either tithing 1 Gold to the Inn or losing 1 Fortitude.",
        [paladin(1), seat("bob")], plays("serena", TITHE_BOX), {"atone": [serena.TITHE]},
        [(piety, 1), (gold("serena"), 10), (lambda t: t.inn, 50)]),
    row("serena-atone-unavoidable", "000",
        "If you choose to lose 1 Fortitude, you may not avoid that Fortitude loss in any way.",
        [paladin(1, SHIELD), seat("bob")], plays("serena", TITHE_BOX),
        {"atone": [serena.PENANCE]},
        [(piety, 1), (fortitude("serena"), 19), (gold("serena"), 11)]),
    row("serena-atone-once", "000",
        "If you are at 1 Piety and a card's effects would make you lose 2 or more Piety, you "
        "only need to atone once.",
        [paladin(1), seat("bob")], plays("serena", BLASPHEMER, "bob"),
        {"atone": [serena.PENANCE]}, [(piety, 1), (fortitude("serena"), 19)]),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_serena(quote: str, players: list[Player], start: Start,
                answers: dict[str, list[Any]], expected: list[tuple[Got, object]]) -> None:
    check_got(quote, players, start, answers, expected)


def test_serena_sample_deck() -> None:
    """40 cards, a sample: Piety up and down as each card's last steps, Piety ranges."""
    assert DECK.mechanics == "serena" and DECK.character.endswith("(sample deck)")
    assert len(DECK.cards) == 40
    moves = [c for c in DECK.cards if any(s.resource == serena.PIETY for s in c.steps)]
    assert all(c.steps[-1].resource == serena.PIETY for c in moves)
    assert {s.amount > 0 for c in moves for s in c.steps if s.resource} == {True, False}
    ranges = {(s.condition.at_least > 0, s.condition.below is not None) for c in DECK.cards
              for s in c.steps if s.condition}
    assert ranges == {(True, False), (False, True)}


def test_bots_move_piety() -> None:
    """Bots at a table of Serenas move their Piety both ways and atone."""
    _, log = bot_games("serena", 3, 2)
    assert any("gains 1 piety" in line for line in log)
    assert any("tithes" in line or "penance" in line for line in log)
