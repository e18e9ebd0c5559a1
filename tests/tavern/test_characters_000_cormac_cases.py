"""Cormac the Mighty (seed 000): his Rage Tiles and Rage Pool, as a table of cases quoting
the Compendium. The cards and the tiles are his sample deck's
(``decks/characters/cormac.toml``: A at 2 cards, +1 loss; B at 3, +1 Alcohol, +2 loss; C at
3, +2 and +3; D at 3, +3 and +4)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tales.errors import ContentError
from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import cormac
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.drinks import drink_phase, drinking_contest
from tales.tavern.rdi.model import Card, CardKind, Drink, Player, Step, Tavern, Verb, Who
from tales.tavern.rdi.rules import CharacterDeck, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "cormac.toml")


def named(title: str) -> Card:
    return next(replace(c, owner="cormac") for c in DECK.cards if c.name == title)


AXE = named("Axe to the face (sample)")  # Rage: a player loses 2
HOWL = named("Howl at the rafters (sample)")  # Double Rage: each other player loses 1
STAMINA = named("Northern stamina (sample)")  # gain 2, Rage Pool to the discard pile
GIANT = named("Drink like a giant (sample)")  # each other player and you: 1 Alcohol
REGRET = named("You'll regret that (sample)")  # Rage: hit back 1
HIDE = named("Thick northern hide (sample)")  # Rage: reduce 2
FILLER = Card("Filler (test)", CardKind.ANYTIME, (Step(Verb.DRAW, 1),), owner="cormac")
CLUB = Card("Club (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
BUILD, RAGING = cormac.building("cormac"), cormac.raging("cormac")


def _negate() -> Card:
    no = next(c for c in DECK.cards if c.name == "Barbarians don't listen (sample)")
    return replace(no, name="Not today (test)")


def _ignore() -> Card:
    return Card("Ignore it (test)", CardKind.SOMETIMES,
                (Step(Verb.IGNORE, target=_negate().steps[0].target),))


NO, IGNORE = _negate(), _ignore()


def barbarian(*hand: Card, rage: int = 0) -> Player:
    player = seat("cormac", *hand, mechanics="cormac", deck=(FILLER,) * 10,
                  tokens={cormac.RAGE: rage})
    return replace(player, track=DECK.track)


def raged(building: int, raging_: int, start: Start) -> Start:
    """``start`` with ``building`` and ``raging_`` cards already in Cormac's Rage Pool."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = tavern.with_pile(BUILD, (FILLER,) * building).with_pile(RAGING,
                                                                          (FILLER,) * raging_)
        return (yield from start(tavern))
    return begin


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    return set_up(["cormac", "bob"], [CharacterDeck("Cormac", DECK.cards, "cormac",
                                                    track=DECK.track),
                                      CharacterDeck("Bob", (FILLER,) * 10)], tavern.drink_deck)


def drinking(drink: Drink) -> Start:
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        player = tavern.player("cormac")
        tavern = tavern.with_player(replace(player, drink_me=(drink,)))
        return (yield from drink_phase(tavern, "cormac"))
    return begin


def contest(tavern: Tavern) -> Resolution[Tavern]:
    tavern = replace(tavern, drink_deck=(WINE, Drink("Dwarven Firewater (test)", 4),
                                         Drink("Elven Wine (test)", 3)))
    return (yield from drinking_contest(tavern, "cormac", ["cormac", "deirdre"]))


WINE = Drink("Wine (test)", 2)

CASES = [
    row("cormac-calm-at-first", "000",
        "At the beginning of the game, Cormac is calm. He has no activated Rage Tile yet, so "
        "he receives no special bonus or penalty from his Rage Tiles.",
        [seat("x")], setting_up, {}, {"tokens": (0,), "pile:" + BUILD: 0, "pile:" + RAGING: 0}),
    row("cormac-calm-no-bonus", "000",
        "At the beginning of the game, Cormac is calm. He has no activated Rage Tile yet, so "
        "he receives no special bonus or penalty from his Rage Tiles.",
        [barbarian(), seat("bob")], plays("cormac", AXE, "bob"), {},
        {"fortitude": {"bob": 18}}),
    row("cormac-rage-card-to-the-pool", "000",
        "After this card resolves, place it face down into your Rage Pool instead of putting "
        "it into your discard pile.",
        [barbarian(), seat("bob")], plays("cormac", AXE, "bob"), {},
        {"pile:" + BUILD: 1, "discard": 0, "tokens": (0,)}),
    row("cormac-rage-is-mandatory", "000",
        "Placing a card with a Rage icon into your Rage Pool is always mandatory when that "
        "card resolves.",
        [barbarian(FILLER), seat("bob")], plays("cormac", AXE, "bob"), {},
        {"count:rage": 0, "pile:" + BUILD: 1, "hand": 1}),
    row("cormac-plain-card-discarded", "000",
        "Some of Cormac's cards have special icons in their text boxes. Cards with these "
        "icons are not discarded after they are played.",
        [barbarian(), seat("bob")], plays("cormac", GIANT), {},
        {"pile:" + BUILD: 0, "discard": 1}),
    row("cormac-activate-a-tile", "000",
        "When the number of cards in your Building Rage Pile is equal to the number on your "
        "next Rage Tile, activate that Rage Tile by flipping it over and placing it on top of "
        "any previously-activated Rage Tiles. Then, move the cards in your Building Rage Pile "
        "to your Raging Pile.",
        [barbarian(), seat("bob")], raged(1, 0, plays("cormac", AXE, "bob")), {},
        {"tokens": (1,), "pile:" + BUILD: 0, "pile:" + RAGING: 2}),
    row("cormac-example-barbarian-rage", "000",
        "He puts \"Barbarian rage\" face down into his Building Rage Pile, then flips over "
        "his \"C\" Rage Tile, revealing its effect and placing it on top of the \"B\" tile. "
        "He then puts the three cards in his Building Rage Pile into his Raging Pile.",
        [barbarian(rage=2), seat("bob")], raged(2, 5, plays("cormac", AXE, "bob")), {},
        {"tokens": (3,), "pile:" + BUILD: 0, "pile:" + RAGING: 8}),
    row("cormac-more-fortitude-loss", "000",
        "When Cormac causes a player to lose Fortitude, that Fortitude loss is increased by "
        "the given amount.",
        [barbarian(rage=2), seat("bob")], plays("cormac", AXE, "bob"), {},
        {"fortitude": {"bob": 16}}),
    row("cormac-more-loss-on-each-player", "000",
        "When Cormac causes a player to lose Fortitude, that Fortitude loss is increased by "
        "the given amount.",
        [barbarian(rage=3), seat("bob"), seat("eve")], plays("cormac", HOWL), {},
        {"fortitude": {"bob": 16, "eve": 16, "cormac": 20}}),
    row("cormac-hit-back-raged", "000",
        "When Cormac causes a player to lose Fortitude, that Fortitude loss is increased by "
        "the given amount.",
        [seat("bob"), barbarian(REGRET, rage=1)], plays("bob", CLUB, "cormac"),
        {"hit-back": [REGRET.name]},
        {"fortitude": {"bob": 18, "cormac": 18}, "pile:" + BUILD: 1, "discard": 0}),
    row("cormac-more-alcohol-from-drinks", "000",
        "When Cormac gains Alcohol Content, that Alcohol Content gain is increased by the "
        "given amount.",
        [barbarian(rage=3), seat("bob")], drinking(WINE), {}, {"alcohol": {"cormac": 4}}),
    row("cormac-more-alcohol-from-cards", "000",
        "(Note that this affects all Alcohol Content gains, not just the gains from Drinks!)",
        [barbarian(rage=3), seat("bob")], plays("cormac", GIANT), {},
        {"alcohol": {"cormac": 3, "bob": 1}}),
    row("cormac-double-rage-optional", "000",
        "If a card has the \"double\" icon in its text box, then placing that card into your "
        "Rage Pool is mandatory, but placing a second card from your hand into your Rage Pool "
        "is optional.",
        [barbarian(FILLER), seat("bob")], plays("cormac", HOWL), {"rage": ["pass"]},
        {"pile:" + BUILD: 1, "hand": 1, "count:rage": 1}),
    row("cormac-double-rage-second-card", "000",
        "After this card resolves, place it face down into your Rage Pool instead of putting "
        "it into your discard pile. You may then also place a card from your hand face down "
        "into your Rage Pool.",
        [barbarian(FILLER), seat("bob")], plays("cormac", HOWL), {"rage": [FILLER.name]},
        {"pile:" + BUILD: 0, "hand": 0, "tokens": (1,), "pile:" + RAGING: 2}),
    row("cormac-double-rage-activates-first", "000",
        "If you play a card with the \"double\" Rage icon and the first card you place in "
        "your Rage Pool activates a new Rage Tile, first activate your new Rage Tile, then "
        "move your Building Rage Pile into your Raging Pile. You may then choose to place a "
        "second card from your hand into your Building Rage Pile, counting toward your next "
        "Rage Tile activation.",
        [barbarian(FILLER), seat("bob")], raged(1, 0, plays("cormac", HOWL)),
        {"rage": [FILLER.name]},
        {"tokens": (1,), "pile:" + RAGING: 2, "pile:" + BUILD: 1, "hand": 0}),
    row("cormac-after-the-last-tile", "000",
        "After Cormac's \"D\" Rage Tile is flipped over, there will be no more Rage Tiles, "
        "but cards with a Rage icon in their text boxes are still placed into his Building "
        "Rage Pile rather than being discarded.",
        [barbarian(rage=4), seat("bob")], raged(3, 11, plays("cormac", AXE, "bob")), {},
        {"tokens": (4,), "pile:" + BUILD: 4, "pile:" + RAGING: 11, "discard": 0,
         "fortitude": {"bob": 14}}),
    row("cormac-clear-the-pool", "000",
        "He gains 2 Fortitude and puts all 9 cards face up into his discard pile. After "
        "clearing his Rage Pool, Cormac puts all of his Rage Tiles back into a single "
        "face-down pile, in A-B-C-D order.",
        [replace(barbarian(rage=4), fortitude=10), seat("bob")],
        raged(1, 8, plays("cormac", STAMINA)), {},
        {"tokens": (0,), "pile:" + BUILD: 0, "pile:" + RAGING: 0, "discard": 10,
         "fortitude": {"cormac": 12}}),
    row("cormac-clear-then-calm", "000",
        "He now has no Rage effect, but his Rage will continue to increase as he plays more "
        "cards!",
        [barbarian(rage=4), seat("bob")],
        raged(1, 8, lambda t: _twice(t, STAMINA, AXE)), {},
        {"tokens": (0,), "pile:" + BUILD: 1, "fortitude": {"bob": 18}}),
    row("cormac-rage-after-effects", "000",
        "This means that you use Cormac's current active Rage Tile to figure out Fortitude "
        "loss, even if he would have a new active Rage Tile after the card resolves.",
        [barbarian(rage=2), seat("fiona")], raged(2, 5, plays("cormac", AXE, "fiona")), {},
        {"fortitude": {"fiona": 16}, "tokens": (3,)}),
    row("cormac-new-tile-for-the-drink", "000",
        "Because his \"C\" Rage Tile is now active, he gains 4 Alcohol Content (2 from the "
        "Wine plus 2 more from his new Rage effect).",
        [barbarian(rage=2), seat("fiona")],
        raged(2, 5, lambda t: _then_drink(t, AXE, "fiona")), {},
        {"fortitude": {"fiona": 16}, "tokens": (3,), "alcohol": {"cormac": 4}}),
    row("cormac-negated-to-discard", "000",
        "If a card with a Rage icon in its text box is Negated, it goes directly to your "
        "discard pile. It does not go to your Rage Pool, because it never resolves.",
        [barbarian(), seat("bob", NO)], plays("cormac", AXE, "bob"), {"respond": [NO.name]},
        {"pile:" + BUILD: 0, "discard": 1, "fortitude": {"bob": 20}}),
    row("cormac-ignored-still-rages", "000",
        "If a card with the Rage icon is altered, reduced, Ignored, etc., it still goes to "
        "your Rage Pool normally.",
        [barbarian(), seat("bob", IGNORE)], plays("cormac", AXE, "bob"),
        {"respond": [IGNORE.name]},
        {"pile:" + BUILD: 1, "discard": 0, "fortitude": {"bob": 20}}),
    row("cormac-rage-response", "000",
        "Some of Cormac's cards have special icons in their text boxes. Cards with these "
        "icons are not discarded after they are played. Instead, they are added to Cormac's "
        "Rage Pool.",
        [seat("bob"), barbarian(HIDE)], plays("bob", CLUB, "cormac"),
        {"respond": [HIDE.name]},
        {"pile:" + BUILD: 1, "discard": 0, "fortitude": {"cormac": 20}}),
    row("cormac-drinking-contest", "000",
        "Because of his active Rage Tile, Cormac gains 5 Alcohol Content, but Deirdre wins "
        "the Drinking Contest.",
        [barbarian(rage=3), seat("deirdre")], contest, {},
        {"alcohol": {"cormac": 5, "deirdre": 4}, "gold": {"cormac": 9, "deirdre": 11}}),
]


def _twice(tavern: Tavern, first: Card, second: Card) -> Resolution[Tavern]:
    tavern = yield from plays("cormac", first)(tavern)
    return (yield from plays("cormac", second, "bob")(tavern))


def _then_drink(tavern: Tavern, card: Card, target: str) -> Resolution[Tavern]:
    tavern = yield from plays("cormac", card, target)(tavern)
    return (yield from drinking(WINE)(tavern))


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_cormac(quote: str, players: list[Player], start: Start,
                answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, "cormac", (cormac.RAGE,))


def test_cormac_sample_deck() -> None:
    """40 cards, a sample, four Rage Tiles; single and double Rage icons and a card that
    clears the Pool."""
    assert DECK.mechanics == "cormac" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards) and len(DECK.cards) == 40
    assert [t.name for t in DECK.track] == ["A", "B", "C", "D"]
    assert sum(t.at for t in DECK.track[:2]) == 5 and DECK.track[2].at == 3
    assert (DECK.track[2].alcohol, DECK.track[2].fortitude) == (2, 3)
    assert DECK.track[1].fortitude == 2
    icons = {i for c in DECK.cards for i in c.icons}
    assert icons == {cormac.ICON, cormac.DOUBLE}
    assert any(s.handler == cormac.CLEAR for c in DECK.cards for s in c.steps)


def test_bots_rage() -> None:
    """Bots at a table of Cormacs build their Rage Pools and activate Rage Tiles."""
    kinds, log = bot_games("cormac", 3, 3)
    assert any(" activates his Rage Tile " in line for line in log)
    assert any(" into his Rage Pool" in line for line in log)
    assert "rage" in kinds  # a double Rage icon: a spare Gambling card joins the Pool
    assert any(line.endswith("puts Gambling? I'm in! (sample) into his Rage Pool")
               for line in log)
    assert any(" puts his Rage Pool (" in line for line in log)


@pytest.mark.parametrize(("text", "message"), [
    ('[[track]]\nname = "A"\nat = 0\n', "'at' (cards to reach it, at least 1)"),
    ('[[track]]\nname = "A"\nat = 2\nalcohol = "x"\n', "whole numbers"),
    ('track = 3\n', "'track' is [[track]] tables"),
    ('[[track]]\nname = "A"\nat = 2\nwhen = 1\n', "unknown key 'when'"),
])
def test_a_bad_track_is_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "deck.toml"
    path.write_text('character = "x"\n' + text + '[[cards]]\nname = "In (test)"\n'
                    'kind = "gambling"\nstarts_round = true\n', encoding="utf-8")
    with pytest.raises(ContentError, match=re.escape(message)):
        load_character(path)
