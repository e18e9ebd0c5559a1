"""Zariah the Summoner (seed 000): her summons and the Chimera, as a table of cases quoting
the Compendium. The cards are her sample deck's (``decks/characters/zariah.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import zariah
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.model import Card, CardKind, Drink, Player, Step, Target, Tavern, Verb
from tales.tavern.rdi.rules import CharacterDeck, action_phase, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Got, Start, bot_games, check_got, fortitude, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "zariah.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


SICEM = named("Sic 'em, Scrappy! (sample)")  # lose 2; Chimera: 4; Scrappy
HUSTLE = named("Nice hustle, Bandit! (sample)")  # pay 1; Chimera: lose 1, pay 2, Drink
AMBER = named("Amber, cool me down (sample)")  # Amber
FORTH = named("Come forth, my friends! (sample)")  # any summon
NOPE = Card("I don't think so! (test)", CardKind.SOMETIMES,
            (Step(Verb.NEGATE, target=Target.ACTION),))
DUCK = Card("Duck (test)", CardKind.SOMETIMES, (Step(Verb.IGNORE, target=Target.ACTION),))
BACK = Card("Hit back (test)", CardKind.SOMETIMES, (Step(Verb.HIT_BACK, 1),))
FILLER = Card("Filler (test)", CardKind.ACTION, (Step(Verb.DRAW, 1),))


def summoner(*hand: Card, chimera: int = 0, placed: tuple[str, ...] = (), **fields: Any
             ) -> Player:
    tokens = {zariah.CHIMERA: chimera, **{s: int(s in placed) for s in zariah.SUMMONS}}
    return replace(seat("zariah", *hand, mechanics="zariah", deck=(FILLER,) * 5,
                        tokens=tokens), **fields)


def acting(tavern: Tavern) -> Resolution[Tavern]:
    return action_phase(tavern, "zariah")


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    other = CharacterDeck("Other", (FILLER,) * 40)
    return set_up(["zariah", "bob"], [DECK, other], load_drinks(DECKS / "drinks-sample.toml"))


def tokens(t: Tavern) -> tuple[int, ...]:
    player = t.player("zariah")
    return tuple(player.count(r) for r in (zariah.CHIMERA, *zariah.SUMMONS))


CASES = [
    row("zariah-setup", "000",
        "Place the oversize Chimera card near your player mat face down (i.e. with the gray "
        "side up). Place the three summon tokens off to the side.",
        [], setting_up, {}, [(tokens, (0, 0, 0, 0))]),
    row("zariah-summon-after-the-card", "000",
        "When one of these cards resolves, put the token for the indicated summon onto the "
        "corresponding spot on your face-down Chimera card. Do this after all other effects "
        "on the card have been carried out.",
        [summoner(), seat("bob")], plays("zariah", SICEM, "bob"), {},
        [(fortitude("bob"), 18), (tokens, (0, 1, 0, 0))]),
    row("zariah-summon-any", "000",
        "Some cards have all three summon icons in their textbox. When one of these cards "
        "resolves, you may place a single summon token of your choice.",
        [summoner(), seat("bob")], plays("zariah", FORTH), {"summon": ["amber"]},
        [(tokens, (0, 0, 0, 1))]),
    row("zariah-summon-already-placed", "000",
        "If you would place a summon that is already on your Chimera card, nothing happens.",
        [summoner(placed=("scrappy",)), seat("bob")], plays("zariah", SICEM, "bob"), {},
        [(tokens, (0, 1, 0, 0))]),
    row("zariah-summon-chimera-face-up", "000",
        "If you would place a summon, but your Chimera card is face up, nothing happens.",
        [summoner(chimera=1), seat("bob")], plays("zariah", SICEM, "bob"), {"boost": ["no"]},
        [(tokens, (1, 0, 0, 0))]),
    row("zariah-summon-negated", "000",
        "If a card that would place a summon is Negated, you do not place that summon.",
        [summoner(), seat("bob", NOPE)], plays("zariah", SICEM, "bob"),
        {"respond": [NOPE.name]}, [(tokens, (0, 0, 0, 0)), (fortitude("bob"), 20)]),
    row("zariah-chimera-forms", "000",
        "If your Chimera card holds all three summon tokens, immediately remove those tokens "
        "and flip the Chimera card over.",
        [summoner(placed=("scrappy", "bandit")), seat("bob")], plays("zariah", AMBER), {},
        [(tokens, (1, 0, 0, 0))]),
    row("zariah-chimera-attack", "000",
        "During your Action Phase, you may dispel Chimera to make a player lose 3 Fortitude. "
        "This counts as your Action for the turn, so you may not do this and play an Action "
        "Card during the same Action Phase.",
        [summoner(SICEM, chimera=1), seat("bob")], acting,
        {"chimera": [zariah.ATTACK.name]},
        [(fortitude("bob"), 17), (tokens, (0, 0, 0, 0)),
         (lambda t: len(t.player("zariah").hand), 1)]),
    row("zariah-chimera-attack-ignored", "000",
        "The targeted player may reduce, redirect, Ignore, or otherwise affect that Fortitude "
        "loss as though it came from an Action Card.",
        [summoner(chimera=1), seat("bob", DUCK)], acting,
        {"chimera": [zariah.ATTACK.name], "respond": [DUCK.name]},
        [(fortitude("bob"), 20), (tokens, (0, 0, 0, 0))]),
    row("zariah-chimera-attack-hit-back", "000",
        "That player may also use a “hit back” card to attack Zariah after losing Fortitude "
        "from the Chimera.",
        [summoner(chimera=1), seat("bob", BACK)], acting,
        {"chimera": [zariah.ATTACK.name], "hit-back": [BACK.name]},
        [(fortitude("bob"), 17), (fortitude("zariah"), 19)]),
    row("zariah-power-up-example", "000",
        "Zot loses 1 Fortitude, pays Zariah 2 Gold and discards the top card on his Drink Me! "
        "Pile. Zariah then places her Bandit token on her now-facedown Chimera card.",
        [summoner(chimera=1), replace(seat("zot"), drink_me=(Drink("Wine", 2),))],
        plays("zariah", HUSTLE, "zot"), {"boost": ["yes"]},
        [(fortitude("zot"), 19), (lambda t: t.player("zot").gold, 8),
         (lambda t: t.player("zot").drink_me, ()), (tokens, (0, 0, 1, 0))]),
    row("zariah-power-up-needs-dispelling", "000",
        "Note that you may only use the powered-up effect by dispelling Chimera—simply having "
        "the Chimera in play is not enough.",
        [summoner(chimera=1), seat("bob")], plays("zariah", SICEM, "bob"), {"boost": ["no"]},
        [(fortitude("bob"), 18), (tokens, (1, 0, 0, 0))]),
    row("zariah-dispelled-and-negated", "000",
        "If you dispel Chimera, but a player Negates, Ignores, or otherwise affects the "
        "resulting card, you do not get your Chimera back.",
        [summoner(chimera=1), seat("bob", NOPE)], plays("zariah", SICEM, "bob"),
        {"boost": ["yes"], "respond": [NOPE.name]},
        [(fortitude("bob"), 20), (tokens, (0, 0, 0, 0))]),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_zariah(quote: str, players: list[Player], start: Start,
                answers: dict[str, list[Any]], expected: list[tuple[Got, object]]) -> None:
    check_got(quote, players, start, answers, expected)


def test_zariah_sample_deck() -> None:
    """40 cards, a sample: each summon, the three-icon summon, Chimera power-ups."""
    assert DECK.mechanics == "zariah" and DECK.character.endswith("(sample deck)")
    assert len(DECK.cards) == 40
    assert {s.handler for c in DECK.cards for s in c.steps if s.handler} == zariah.HANDLERS
    assert any(b.cost == ((zariah.CHIMERA, 1),) for c in DECK.cards for b in c.boosts)


def test_bots_summon_the_chimera() -> None:
    """Bots at a table of Zariahs summon, form the Chimera and dispel it."""
    _, log = bot_games("zariah", 3, 2)
    assert any("Chimera is ready" in line for line in log)
    assert any("dispels the Chimera" in line or "spends 1 chimera" in line for line in log)
