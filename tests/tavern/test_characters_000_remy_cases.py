"""First Mate Remy (seed 000): his marks, as a table of cases quoting the Compendium. The
cards are his sample deck's (``decks/characters/remy.toml``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import remy
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.model import Card, CardKind, Minion, Player, Step, Tavern, Verb, Who
from tales.tavern.rdi.rules import CharacterDeck, resolve_losses, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Got, Start, check_got, fortitude, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "remy.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


WARNING = named("Take this as a warning! Next time it'll be the brig (sample)")
EYE = named("I've had my eye on you (sample)")  # 1, or 3 if marked; unmarked
DECK_HANDS = named("All hands on deck! (sample)")  # each other player becomes marked
TOMFOOLERY = named("I have no time for your tomfoolery! (sample)")
PUT_ER = Card("Put 'er there, pal! (test)", CardKind.ACTION,
              (Step(Verb.FORTITUDE, -2, Who.TARGET),))
MARK_REMY = Card("Mark him (test)", CardKind.ACTION,
                 (Step(Verb.GAIN, 1, Who.TARGET, resource=remy.MARK),))
FILLER = Card("Filler (test)", CardKind.ACTION, (Step(Verb.DRAW, 1),))


def mate(**fields: Any) -> Player:
    return replace(seat("remy", mechanics="remy"), **fields)


def marked(name: str, **fields: Any) -> Player:
    return replace(seat(name, tokens={remy.MARK: 1}), **fields)


def supply(n: int) -> Callable[[Start], Start]:
    def wrap(start: Start) -> Start:
        def go(tavern: Tavern) -> Resolution[Tavern]:
            return start(tavern.with_supply(remy.MARK, n))
        return go
    return wrap


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    other = CharacterDeck("Other", (FILLER,) * 40)
    return set_up(["remy", "ann", "bob", "cid"], [DECK, other, other, other],
                  load_drinks(DECKS / "drinks-sample.toml"))


def losing(tavern: Tavern) -> Resolution[Tavern]:
    return resolve_losses(tavern)
    yield  # pragma: no cover


def marks(name: str) -> Got:
    return lambda t: t.player(name).count(remy.MARK)


def left(t: Tavern) -> int:
    return t.left(remy.MARK)


CASES = [
    row("remy-marks-players-minus-one", "000",
        "When playing with Remy, take a number of his marks equal to the number of players in "
        "the game minus one and place them near your Player Mat.",
        [], setting_up, {}, [(left, 3)]),
    row("remy-becomes-marked", "000",
        "When you play a card that says that a player becomes marked, give that player a mark "
        "unless they already have one.",
        [mate(), seat("bob")], supply(1)(plays("remy", WARNING, "bob")), {},
        [(marks("bob"), 1), (left, 0), (fortitude("bob"), 18)]),
    row("remy-already-marked", "000",
        "A player may never have multiple marks.",
        [mate(), marked("bob")], supply(1)(plays("remy", WARNING, "bob")), {},
        [(marks("bob"), 1), (left, 1)]),
    row("remy-unmarked", "000",
        "If a card says that a player becomes unmarked, take back that player's mark.",
        [mate(), marked("bob")], supply(0)(plays("remy", EYE, "bob")), {},
        [(marks("bob"), 0), (left, 1), (fortitude("bob"), 17)]),
    row("remy-stronger-against-marked", "000",
        "Some of Remy's cards have a more powerful effect against marked players.",
        [mate(), seat("bob")], supply(1)(plays("remy", EYE, "bob")), {},
        [(fortitude("bob"), 19)]),
    row("remy-never-marked", "000", "Remy himself may never be marked.",
        [seat("bob"), mate()], supply(1)(plays("bob", MARK_REMY, "remy")), {},
        [(marks("remy"), 0), (left, 1)]),
    row("remy-each-other-marked", "000",
        "Players can only be either marked or unmarked.",
        [mate(), marked("ann"), seat("bob")], supply(1)(plays("remy", DECK_HANDS)), {},
        [(marks("ann"), 1), (marks("bob"), 1), (left, 0)]),
    row("remy-tomfoolery-example", "000",
        "Because Bryn is marked, she loses 1 Fortitude, then becomes unmarked.",
        [marked("bryn"), mate(hand=(TOMFOOLERY,))], supply(0)(plays("bryn", PUT_ER, "remy")),
        {"respond": [TOMFOOLERY.name]},
        [(fortitude("remy"), 20), (fortitude("bryn"), 19), (marks("bryn"), 0), (left, 1)]),
    row("remy-gizmo-marks-its-controller", "000",
        "Gizmos may not be marked by Remy. If a card effect would cause a Gizmo to be marked, "
        "Wrench becomes marked instead.",
        [mate(), seat("torg", mechanics="torglesnarf")],
        supply(1)(lambda t: plays("remy", WARNING, "Grunt #1 (torg)")(replace(t, minions=(
            Minion("Grunt #1 (torg)", "torg", Card("Grunt", CardKind.ACTION, minion=True,
                                                   wages=1)),)))),
        {"wages": ["discard it"]}, [(marks("torg"), 1)]),
    row("remy-mark-back-when-out", "000",
        "Remy takes back Bryn's mark and puts it near his Player Mat.",
        [mate(), marked("bryn", alcohol=20), seat("cid")], supply(1)(losing), {},
        [(left, 2), (marks("bryn"), 0)]),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_remy(quote: str, players: list[Player], start: Start,
              answers: dict[str, list[Any]], expected: list[tuple[Got, object]]) -> None:
    check_got(quote, players, start, answers, expected)


def test_remy_sample_deck() -> None:
    """40 cards, a sample: cards that mark, unmark and hit marked players harder."""
    assert DECK.mechanics == "remy" and DECK.character.endswith("(sample deck)")
    assert len(DECK.cards) == 40 and all(c.name.endswith(" (sample)") for c in DECK.cards)
    gains = {s.amount for c in DECK.cards for s in c.steps if s.resource == remy.MARK}
    assert gains == {1, -1}
    assert any(s.condition and s.condition.resource == remy.MARK for c in DECK.cards
               for s in c.steps)


def test_bots_mark_players() -> None:
    """Bots at a table of Remys and Karls mark players (a Remy is never marked)."""
    import numpy as np

    from tales.engine.game import Game
    from tales.tavern.rdi.bots import policy
    from tales.tavern.rdi.model import Mode, Variant
    from tales.tavern.rdi.rules import play_game
    from tales.tavern.rdi.simulate import table as seats

    names, decks = seats(4, ["remy", "karl"], Mode.INDIVIDUAL)
    drinks = load_drinks(DECKS / "drinks-sample.toml")
    game = Game(lambda: play_game(names, decks, drinks, variant=Variant(Mode.INDIVIDUAL)))
    final = game.play(policy("greedy", np.random.default_rng(0)))
    assert final is not None
    assert any(line.startswith("Karl") and line.endswith("gains 1 mark") for line in final.log)
