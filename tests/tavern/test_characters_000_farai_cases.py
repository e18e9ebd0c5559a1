"""Father Farai (seed 000): his Brews, as a table of cases quoting the Compendium. The cards
are his sample deck's (``decks/characters/farai.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import farai
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Tavern, Verb
from tales.tavern.rdi.rules import CharacterDeck, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "farai.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


SERMON = named("Sermon on temperance (sample)")  # Beer: a player loses 2
STIR = named("Stir the mash (sample)")  # mash paddle: draw 1
PALE = named("Harmonious pale ale (sample)")  # Beer Brew (2): each other player gains 2
STOUT = named("Stout of the faithful (sample)")  # Beer Brew (3): gain 3 Fortitude
RED = named("Communion red (sample)")  # Wine Brew (2)
FILLER = Card("Filler (test)", CardKind.ANYTIME, (Step(Verb.DRAW, 1),))
NO = replace(named("Not in my tavern (sample)"), name="No (test)")
BREWS = tuple(c for c in DECK.cards if c.pile)
TOKENS = (*(farai.at(b) for b in farai.BREWS), *(farai.progress(b) for b in farai.BREWS))


def friar(*hand: Card, at: str = "", **progress: int) -> Player:
    tokens = {farai.at(at): 1} if at else {}
    tokens.update({farai.progress(b): n for b, n in progress.items()})
    return seat("farai", *hand, mechanics="farai", deck=(FILLER,) * 10, tokens=tokens)


def brewing(start: Start, beer: tuple[Card, ...] = (STOUT, PALE),
            wine: tuple[Card, ...] = (RED,)) -> Start:
    """``start`` with ``beer`` and ``wine`` the Brew Decks (top last), no spirits."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = tavern.with_pile("beer", beer).with_pile("wine", wine)
        return (yield from start(tavern))
    return begin


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    return set_up(["farai", "bob"], [CharacterDeck("Farai", (FILLER,) * 10 + BREWS, "farai"),
                                     CharacterDeck("Bob", (FILLER,) * 10)], tavern.drink_deck)


def first_turn(tavern: Tavern) -> Resolution[Tavern]:
    return farai.Farai().start_of_turn(tavern, "farai", "farai")


CASES = [
    row("farai-brew-decks", "000",
        "Shuffle each of the three 4-card Brew Decks (Beer, Wine, Spirits) and put them in "
        "front of your player mat.",
        [seat("x")], setting_up, {},
        {"pile:beer": 4, "pile:wine": 4, "pile:spirits": 4, "hand": 7,
         "tokens": (0, 0, 0, 0, 0, 0)}),
    row("farai-token-of-his-choice", "000",
        "After drawing your opening hand from your Character Deck, put your Farai Token near "
        "the Brew Deck of your choice.",
        [friar(), seat("bob")], brewing(first_turn), {"brew": ["wine"]},
        {"tokens": (0, 1, 0, 0, 0, 0), "options:brew": ("beer", "wine")}),
    row("farai-token-placed-once", "000",
        "This represents the Brew Farai is currently working on.",
        [friar(at="beer"), seat("bob")], brewing(first_turn), {},
        {"tokens": (1, 0, 0, 0, 0, 0), "count:brew": 0}),
    row("farai-work-adds-progress", "000",
        "If the Farai Token is already at the specified brew, add a Progress Token of the "
        "matching type to that Brew.",
        [friar(at="beer"), seat("bob")], brewing(plays("farai", SERMON, "bob")), {},
        {"tokens": (1, 0, 0, 1, 0, 0), "fortitude": {"bob": 18}}),
    row("farai-work-moves", "000",
        "If the Farai Token is not at that Brew, move it to that Brew. (Do not add a "
        "Progress Token in this case.)",
        [friar(at="wine", wine=1), seat("bob")], brewing(plays("farai", SERMON, "bob")), {},
        {"tokens": (1, 0, 0, 0, 1, 0)}),
    row("farai-work-after-effects", "000",
        "If you play a card with a symbol in the bottom left, Farai works on a Brew. After "
        "all effects on the card are carried out, one of two things happens:",
        [friar(at="beer", beer=1), seat("bob", NO)], brewing(plays("farai", SERMON, "bob")),
        {"respond": [NO.name]}, {"tokens": (1, 0, 0, 1, 0, 0), "pile:beer": 2}),
    row("farai-paddle-adds", "000",
        "After all the effects on such a card are carried out, you have a choice. You may "
        "either move to a different Brew, or you may add a Progress Token to the Brew you "
        "are currently at.",
        [friar(at="beer"), seat("bob")], brewing(plays("farai", STIR)),
        {"mash": [farai.ADD]},
        {"tokens": (1, 0, 0, 1, 0, 0), "options:mash": (farai.ADD, "move to wine")}),
    row("farai-paddle-moves", "000",
        "After all the effects on such a card are carried out, you have a choice. You may "
        "either move to a different Brew, or you may add a Progress Token to the Brew you "
        "are currently at.",
        [friar(at="beer"), seat("bob")], brewing(plays("farai", STIR)),
        {"mash": ["move to wine"]}, {"tokens": (0, 1, 0, 0, 0, 0)}),
    row("farai-brew-needs-its-number", "000",
        "Each Brew Card has a number in the upper right representing how many Progress "
        "Tokens are needed to finish brewing that card.",
        [friar(at="beer"), seat("bob")], brewing(plays("farai", SERMON, "bob"), (PALE, STOUT)),
        {}, {"tokens": (1, 0, 0, 1, 0, 0), "pile:beer": 2}),
    row("farai-brew-played", "000",
        "When you place a sufficient number of Progress Tokens on a Brew, play it "
        "immediately.",
        [friar(at="beer", beer=1), seat("bob")], brewing(plays("farai", SERMON, "bob")), {},
        {"alcohol": {"bob": 2}, "tokens": (1, 0, 0, 0, 0, 0), "pile:beer": 1,
         "pile:beer discard": 1}),
    row("farai-brew-answered-as-action", "000",
        "It may be responded to as though it were an Action Card played from your hand.",
        [friar(at="beer", beer=1), seat("bob", NO)], brewing(plays("farai", SERMON, "bob")),
        {"respond": ["pass", NO.name]},
        {"alcohol": {"bob": 0}, "fortitude": {"bob": 18}, "pile:beer discard": 1}),
    row("farai-last-brew", "000",
        "If Farai finishes all cards in a Brew Deck, then after the last one resolves, you "
        "may move Farai's Token to the Brew Deck of your choice.",
        [friar(at="beer", beer=1), seat("bob")],
        brewing(plays("farai", SERMON, "bob"), (PALE,)), {"brew": ["wine"]},
        {"tokens": (0, 1, 0, 0, 0, 0), "pile:beer": 0, "options:brew": ("stay", "wine")}),
    row("farai-brews-do-not-reshuffle", "000",
        "After a Brew is played, remove the Progress Tokens from it and put it in the Brew "
        "discard pile. Brews do not reshuffle.",
        [friar(at="beer", beer=1), seat("bob")],
        brewing(plays("farai", SERMON, "bob"), (PALE,)), {"brew": ["stay"]},
        {"tokens": (1, 0, 0, 0, 0, 0), "pile:beer": 0, "pile:beer discard": 1}),
    row("farai-empty-deck-stays", "000",
        "If Farai's Token would move to an empty Brew Deck, it stays where it is instead.",
        [friar(at="wine"), seat("bob")], brewing(plays("farai", SERMON, "bob"), ()), {},
        {"tokens": (0, 1, 0, 0, 0, 0)}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_farai(quote: str, players: list[Player], start: Start,
               answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, "farai", TOKENS)


def test_farai_sample_deck() -> None:
    """40 cards and three 4-card Brew Decks, a sample; every Brew symbol and the paddle."""
    assert DECK.mechanics == "farai" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards)
    assert len(DECK.cards) - len(BREWS) == 40
    assert [sum(c.pile == b for c in BREWS) for b in farai.BREWS] == [4, 4, 4]
    assert all(c.values for c in BREWS)
    assert {i for c in DECK.cards for i in c.icons} == {*farai.BREWS, farai.PADDLE}


def test_bots_brew() -> None:
    """Bots at a table of Farais work on Brews and finish them."""
    _, log = bot_games("farai", 3, 3)
    assert any(line.endswith("(Brew)") and " plays " in line for line in log)
    assert any(" moves to his " in line for line in log)
