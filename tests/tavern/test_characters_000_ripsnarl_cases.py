"""Ripsnarl, Bad Dog (seed 000): his form and his Fury, as a table of cases quoting the
Compendium. The cards are his sample deck's (``decks/characters/ripsnarl.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.tavern.rdi.characters import ripsnarl
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Mode,
    Player,
    Step,
    Target,
    Tavern,
    Variant,
    Verb,
)
from tales.tavern.rdi.simulate import DECKS

from ._play import Got, Start, bot_games, check_got, fortitude, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "ripsnarl.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


AWOO = named("AWOOOO! (sample)")  # lose 1 (human) or 3 (wolf); Turn Wolf
MAUL = named("Maul (sample)")  # lose 2; wolf: pay 1
BROOD = named("Brooding in the corner (sample)")  # human: draw 1; gain 1 Fury; wolf: +2
SUNRISE = named("Sunrise already? (sample)")  # Turn Human
NOPE = Card("I don't think so! (test)", CardKind.SOMETIMES,
            (Step(Verb.NEGATE, target=Target.SOMETIMES),))
GODDESS = Card("My Goddess doesn't like that! (test)", CardKind.SOMETIMES,
               (Step(Verb.HIT_BACK, 2),))
FILLER = Card("Filler (test)", CardKind.ACTION, (Step(Verb.DRAW, 1),))


def wolf(form: int = 0, fury: int = 0, **fields: Any) -> Player:
    return replace(seat("rip", mechanics="ripsnarl", deck=(FILLER,) * 5,
                        tokens={"wolf": form, "fury": fury}), **fields)


def boss(start: Start) -> Start:
    return lambda t: start(replace(t, variant=Variant(Mode.BOSS_BATTLE, boss="rip")))


def challenger(name: str, *hand: Card) -> Player:
    return replace(seat(name, *hand), team="challengers")


def form(t: Tavern) -> tuple[int, int]:
    return t.player("rip").count("wolf"), t.player("rip").count("fury")


CASES = [
    row("ripsnarl-turn-wolf", "000",
        "If you play one of these cards, turn your Form Marker to the appropriate side.",
        [wolf(), seat("bob")], plays("rip", AWOO, "bob"), {}, [(form, (1, 0))]),
    row("ripsnarl-turn-human", "000",
        "Many cards in Ripsnarl's deck tell you to Turn Human or Turn Wolf.",
        [wolf(1), seat("bob")], plays("rip", SUNRISE), {}, [(form, (0, 0))]),
    row("ripsnarl-already-in-that-form", "000",
        "If an effect would turn you into a human or wolf, but you are already in that form, "
        "you simply stay in that form.",
        [wolf(1, 2), seat("bob")], plays("rip", AWOO, "bob"), {},
        [(form, (1, 2)), (fortitude("bob"), 17)]),
    row("ripsnarl-form-at-resolution", "000",
        "Check your form when the card resolves, and note that this could be different from "
        "your form when you played the card!",
        [wolf(), seat("bob")], plays("rip", AWOO, "bob"), {}, [(fortitude("bob"), 19)]),
    row("ripsnarl-form-effects-mandatory", "000",
        "You must follow all instructions corresponding to whatever form you're in.",
        [wolf(1), seat("bob")], plays("rip", MAUL, "bob"), {},
        [(fortitude("bob"), 18), (lambda t: t.player("bob").gold, 9)]),
    row("ripsnarl-gain-fury-human", "000",
        "Some cards cause Ripsnarl to gain Fury while he is human.",
        [wolf(), seat("bob")], plays("rip", BROOD), {}, [(form, (0, 1))]),
    row("ripsnarl-fury-at-most-3", "000",
        "If Ripsnarl would gain Fury but he already has 3 Fury, he doesn't gain any.",
        [wolf(0, 3), seat("bob")], plays("rip", BROOD), {}, [(form, (0, 3))]),
    row("ripsnarl-no-fury-as-wolf", "000",
        "If Ripsnarl would gain Fury while in werewolf form, he doesn't gain any.",
        [wolf(1), seat("bob")], plays("rip", BROOD), {},
        [(form, (1, 0)), (fortitude("rip"), 20)]),
    row("ripsnarl-fury-released", "000",
        "When Ripsnarl becomes a werewolf, he removes all Fury Tokens from his Form Marker. "
        "The Fury he has accumulated turns into damage he deals to other players, with each "
        "Fury causing 1 Fortitude loss.",
        [wolf(0, 3), seat("ann"), seat("bob")], plays("rip", AWOO, "bob"),
        {"fury": ["ann", "bob", "bob"]},
        [(form, (1, 0)), (fortitude("ann"), 19), (fortitude("bob"), 17)]),
    row("ripsnarl-fury-negated-per-player", "000",
        "Piper's Negate effect stops both Fury Tokens coming her way, but it does not affect "
        "the damage heading to Ohava.",
        [wolf(0, 3), seat("ohava"), seat("piper", NOPE)], plays("rip", AWOO, "ohava"),
        {"fury": ["ohava", "piper", "piper"], "respond": ["pass", NOPE.name]},
        [(fortitude("ohava"), 18), (fortitude("piper"), 20)]),
    row("ripsnarl-fury-hit-back", "000",
        "Deirdre loses 1 Fortitude, then plays “My Goddess doesn’t like that!” to hit "
        "Ripsnarl back. Ripsnarl loses 2 Fortitude.",
        [wolf(0, 1), seat("deirdre", GODDESS)], plays("rip", AWOO, "deirdre"),
        {"hit-back": ["pass", GODDESS.name]},
        [(fortitude("deirdre"), 18), (fortitude("rip"), 18)]),
    row("ripsnarl-boss-printed-fury", "000",
        "When Boss Ripsnarl is in human form, he starts with 1 Fury automatically, which is "
        "printed directly onto the Form Marker.",
        [wolf(), challenger("ann"), challenger("bob")], boss(plays("rip", AWOO, "bob")),
        {"fury": ["ann"]}, [(fortitude("ann"), 18), (form, (1, 0))]),  # one team mat
    row("ripsnarl-boss-at-most-3", "000",
        "He may still have a maximum of 3 Fury, so you will only need two of the three Fury "
        "Tokens in a Boss Battle.",
        [wolf(0, 2), challenger("ann")], boss(plays("rip", BROOD)), {}, [(form, (0, 2))]),
]
CASES.append(row("ripsnarl-boss-fury-one-card", "000",
                "In a Boss Battle, all of Ripsnarl’s Fury damage can be Ignored as though it "
                "were a single Sometimes Card, since the Challengers have shared defense.",
                [wolf(0, 2), challenger("ann", NOPE), challenger("bob")],
                boss(plays("rip", AWOO, "bob")),
                {"fury": ["ann", "bob", "bob"], "respond": [NOPE.name]},
                [(fortitude("ann"), 19)]))  # the team's mat: only AWOOOO!'s 1


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_ripsnarl(quote: str, players: list[Player], start: Start,
                  answers: dict[str, list[Any]], expected: list[tuple[Got, object]]) -> None:
    check_got(quote, players, start, answers, expected)


def test_ripsnarl_sample_deck() -> None:
    """40 cards, a sample: both turns, both forms' effects, Fury gains; he may be the Boss."""
    assert DECK.mechanics == "ripsnarl" and DECK.character.endswith("(sample deck)")
    assert len(DECK.cards) == 40 and DECK.villain and DECK.hero
    handlers = {s.handler for c in DECK.cards for s in c.steps if s.handler}
    assert handlers == ripsnarl.HANDLERS
    forms = {(s.condition.at_least, s.condition.below) for c in DECK.cards for s in c.steps
             if s.condition and s.condition.resource == "wolf"}
    assert forms == {(1, None), (0, 1)}


def test_bots_turn_wolf_and_release_fury() -> None:
    """Bots at a table of Ripsnarls turn wolf and human and release their Fury."""
    _, log = bot_games("ripsnarl", 3, 2)
    assert any("turns wolf" in line for line in log)
    assert any("turns human" in line for line in log)
    assert any("'s Fury: " in line for line in log)
