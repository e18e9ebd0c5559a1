"""Dale the Mycologist (seed 000): Mushrooms planted, grown, harvested and gathered, as a
table of cases quoting the Compendium. The cards are his sample deck's
(``decks/characters/dale.toml``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tales.errors import ContentError
from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import dale
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Tavern, Verb, Who
from tales.tavern.rdi.rules import CharacterDeck, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "dale.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


SPORES = named("Spore cloud (sample)")  # a player loses 2; Harvest 3: 2 more
STEW = named("Mushroom stew (sample)")  # gain 2; Harvest 4: instead gain 3, lose 2 Alcohol
PUFF = named("Puffball in the face (sample)")  # hit back 1; Harvest 2: 2 more
BUTTON = named("Button cap (sample)")  # 0, 1, 2; no Gather effect
MOREL = named("Morel (sample)")  # 1, 2, 3; Gather: gain 1 Fortitude
GLOW = named("Glowcap (sample)")  # 1, 1, 2, 3; Gather: a player loses 1 Fortitude
GOLDEN = named("Golden chanterelle (sample)")  # 0, 1, 5
EVER = named("The ever-mushroom (sample)")  # 1, 2, 3; never Gathered
MUSHROOMS = tuple(c for c in DECK.cards if c.pile == dale.MUSHROOMS)
FILLER = Card("Filler (test)", CardKind.ANYTIME, (Step(Verb.DRAW, 1),))
CLUB = Card("Club (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
NO = replace(named("Not my mushrooms! (sample)"), name="No (test)")
DODGE = replace(named("Pixie dodge (sample)"), name="Dodge (test)")
BOX, DISCARDS = dale.planter("dale"), dale.DISCARDS


def grown(card: Card, marker: int) -> Card:
    return replace(card, marker=marker)


def pixie(*hand: Card) -> Player:
    return seat("dale", *hand, mechanics="dale", deck=(FILLER,) * 10)


def planted(box: tuple[Card, ...], start: Start, deck: tuple[Card, ...] = (BUTTON,) * 3,
            discards: tuple[Card, ...] = ()) -> Start:
    """``start`` with ``box`` in Dale's Planter Box and ``deck`` the Mushroom Deck."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = tavern.with_pile(BOX, box).with_pile(dale.MUSHROOMS, deck)
        return (yield from start(tavern.with_pile(DISCARDS, discards)))
    return begin


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    return set_up(["dale", "bob"], [CharacterDeck("Dale", (FILLER,) * 10 + MUSHROOMS, "dale"),
                                    CharacterDeck("Bob", (FILLER,) * 10)], tavern.drink_deck)


def turn_starts(tavern: Tavern) -> Resolution[Tavern]:
    return dale.Dale().start_of_turn(tavern, "dale", "dale")


def turn_ends(tavern: Tavern) -> Resolution[Tavern]:
    return dale.Dale().end_of_turn(tavern, "dale", "dale")


def planting(tavern: Tavern) -> Resolution[Tavern]:
    return dale.plant(tavern, "dale")


def growing(tavern: Tavern) -> Resolution[Tavern]:
    return dale.grow(tavern, "dale")
    yield  # pragma: no cover


FULL = (grown(MOREL, 1), grown(BUTTON, 0), grown(GLOW, 2), grown(GOLDEN, 1))

CASES = [
    row("dale-setup-plants-one", "000",
        "Shuffle the 15-card Mushroom Deck and put it next to your player mat. Plant a "
        "Mushroom (see below).",
        [seat("x")], setting_up, {}, {"pile:" + BOX: 1, "pile:mushrooms": 14,
                                      "markers:" + BOX: (0,), "hand": 7}),
    row("dale-plant-topmost", "000",
        "To Plant a Mushroom, reveal the top card of the Mushroom Deck, put it into the "
        "Planter Box and put a Rake Token on the topmost number on that card.",
        [pixie(), seat("bob")], planted((grown(MOREL, 2),), planting, (MOREL, GLOW)), {},
        {"pile:" + BOX: 2, "markers:" + BOX: (2, 0), "pile:mushrooms": 1}),
    row("dale-full-discard-new", "000",
        "If you would Plant a Mushroom but there are already four in the Planter Box, "
        "reveal the Mushroom you would plant, then either discard a Mushroom from your "
        "Planter Box to make room for the newly-revealed Mushroom or discard the "
        "newly-revealed Mushroom.",
        [pixie(), seat("bob")], planted(FULL, planting, (EVER,)),
        {"plant": [f"new: {EVER.name} (1)"]},
        {"pile:" + BOX: 4, "markers:" + BOX: (1, 0, 2, 1), "pile:" + DISCARDS: 1,
         "options:plant": (f"new: {EVER.name} (1)", f"1: {MOREL.name} (2)",
                           f"2: {BUTTON.name} (0)", f"3: {GLOW.name} (2)",
                           f"4: {GOLDEN.name} (1)")}),
    row("dale-full-discard-planted", "000",
        "If you would Plant a Mushroom but there are already four in the Planter Box, "
        "reveal the Mushroom you would plant, then either discard a Mushroom from your "
        "Planter Box to make room for the newly-revealed Mushroom or discard the "
        "newly-revealed Mushroom.",
        [pixie(), seat("bob")], planted(FULL, planting, (EVER,)),
        {"plant": [f"2: {BUTTON.name} (0)"]},
        {"pile:" + BOX: 4, "markers:" + BOX: (1, 2, 1, 0), "pile:" + DISCARDS: 1}),
    row("dale-mushroom-deck-reshuffled", "000",
        "If the Mushroom Deck runs out of cards, shuffle the Mushroom discards and use that "
        "as the new Mushroom Deck.",
        [pixie(), seat("bob")], planted((), planting, (), (MOREL, GLOW, BUTTON)), {},
        {"pile:" + BOX: 1, "pile:mushrooms": 2, "pile:" + DISCARDS: 0}),
    row("dale-grow-one-spot", "000",
        "To Grow a Mushroom, move its Rake Token down one spot.",
        [pixie(), seat("bob")], planted((grown(MOREL, 0), grown(GLOW, 1)), growing), {},
        {"markers:" + BOX: (1, 2)}),
    row("dale-grow-at-the-bottom", "000",
        "If you would Grow a Mushroom whose Rake Token is already pointing to its "
        "bottom-most number, nothing happens.",
        [pixie(), seat("bob")], planted((grown(MOREL, 2), grown(GLOW, 3)), growing), {},
        {"markers:" + BOX: (2, 3)}),
    row("dale-beginning-of-turn", "000",
        "At the beginning of your turn, before your Discard and Draw Phase, first Grow all "
        "Mushrooms in your Planter Box, then Plant a Mushroom.",
        [pixie(), seat("bob")], planted((grown(MOREL, 0),), turn_starts, (GLOW,)), {},
        {"markers:" + BOX: (1, 0), "pile:mushrooms": 0}),
    row("dale-harvest-added", "000",
        "When you play a card with a Harvest effect, you may discard Mushrooms with a total "
        "Harvest Value equal to or greater than the Harvest number listed on the played "
        "card. If you do, the Harvest effect happens.",
        [pixie(), seat("bob")], planted((grown(MOREL, 1), grown(BUTTON, 1), grown(GLOW, 0)),
                                        plays("dale", SPORES, "bob")),
        {"boost": ["yes"], "harvest": [f"1: {MOREL.name} (2)", f"1: {BUTTON.name} (1)"]},
        {"fortitude": {"bob": 16}, "pile:" + BOX: 1, "pile:" + DISCARDS: 2}),
    row("dale-harvest-declined", "000",
        "When you play a card with a Harvest effect, you may discard Mushrooms with a total "
        "Harvest Value equal to or greater than the Harvest number listed on the played "
        "card.",
        [pixie(), seat("bob")], planted((grown(MOREL, 2),), plays("dale", SPORES, "bob")),
        {"boost": ["no"]}, {"fortitude": {"bob": 18}, "pile:" + BOX: 1}),
    row("dale-harvest-too-little", "000",
        "When you play a card with a Harvest effect, you may discard Mushrooms with a total "
        "Harvest Value equal to or greater than the Harvest number listed on the played "
        "card.",
        [pixie(), seat("bob")], planted((grown(MOREL, 1),), plays("dale", SPORES, "bob")), {},
        {"count:boost": 0, "fortitude": {"bob": 18}, "pile:" + BOX: 1}),
    row("dale-harvest-instead", "000",
        "If a Harvest effect uses the word \"instead\", it replaces the base effect.",
        [replace(pixie(), fortitude=10, alcohol=5), seat("bob")],
        planted((grown(GOLDEN, 2),), plays("dale", STEW)), {"boost": ["yes"]},
        {"fortitude": {"dale": 13}, "alcohol": {"dale": 3}, "pile:" + BOX: 0}),
    row("dale-harvest-otherwise-added", "000",
        "Otherwise, the Harvest effect is added to the base effect.",
        [pixie(), seat("bob")], planted((grown(GOLDEN, 2),), plays("dale", SPORES, "bob")),
        {"boost": ["yes"]}, {"fortitude": {"bob": 16}}),
    row("dale-harvest-before-responses", "000",
        "Harvesting is an additional cost that you must pay as you play the card. You may "
        "not wait to see if other players want to respond, then decide to pay the Harvest "
        "cost.",
        [pixie(), seat("bob", NO)], planted((grown(GOLDEN, 2),), plays("dale", SPORES, "bob")),
        {"boost": ["yes"], "respond": ["pass"]}, {"order": ("boost", "respond")}),
    row("dale-harvest-negated-no-refund", "000",
        "If you pay a Harvest cost and your card is Negated or Ignored, you do not get your "
        "Harvest cost back.",
        [pixie(), seat("bob", NO)], planted((grown(GOLDEN, 2),), plays("dale", SPORES, "bob")),
        {"boost": ["yes"], "respond": [NO.name]},
        {"fortitude": {"bob": 20}, "pile:" + BOX: 0, "pile:" + DISCARDS: 1}),
    row("dale-harvest-ignored-no-refund", "000",
        "If you pay a Harvest cost and your card is Negated or Ignored, you do not get your "
        "Harvest cost back.",
        [pixie(), seat("bob", DODGE)], planted((grown(GOLDEN, 2),),
                                               plays("dale", SPORES, "bob")),
        {"boost": ["yes"], "respond": [DODGE.name]},
        {"fortitude": {"bob": 20}, "pile:" + BOX: 0}),
    row("dale-overpay-once", "000",
        "There is no additional effect if you overpay a Harvest cost, and you may not pay a "
        "Harvest cost multiple times on a single card.",
        [pixie(), seat("bob")], planted((grown(GOLDEN, 2), grown(GOLDEN, 2)),
                                        plays("dale", SPORES, "bob")),
        {"boost": ["yes"], "harvest": [f"1: {GOLDEN.name} (5)"]},
        {"fortitude": {"bob": 16}, "count:boost": 1, "pile:" + BOX: 1}),
    row("dale-harvest-on-a-hit-back", "000",
        "Many cards in Dale's Character Deck have an improved effect if you Harvest "
        "Mushrooms from your Planter Box as you play them.",
        [seat("bob"), pixie(PUFF)], planted((grown(MOREL, 1),), plays("bob", CLUB, "dale")),
        {"hit-back": [PUFF.name], "boost": ["yes"]},
        {"fortitude": {"bob": 17, "dale": 18}, "pile:" + BOX: 0}),
    row("dale-gather-forced", "000",
        "At the end of your turn, you must discard any Mushroom whose Rake Token is pointing "
        "to its bottom-most Harvest Value. If any card discarded in this way has a Gather "
        "effect, resolve that effect as you discard the card.",
        [replace(pixie(), fortitude=10), seat("bob")],
        planted((grown(MOREL, 2), grown(MOREL, 1), grown(BUTTON, 2)), turn_ends), {},
        {"fortitude": {"dale": 11}, "pile:" + BOX: 1, "markers:" + BOX: (1,),
         "pile:" + DISCARDS: 2}),
    row("dale-gather-answered-as-action", "000",
        "A Gather effect may be responded to as though it came from an Action Card that you "
        "played from your hand.",
        [pixie(), seat("bob", NO)], planted((grown(GLOW, 3),), turn_ends),
        {"respond": [NO.name]}, {"fortitude": {"bob": 20}, "pile:" + DISCARDS: 1,
                                 "pile:" + BOX: 0}),
    row("dale-gather-hits", "000",
        "If any card discarded in this way has a Gather effect, resolve that effect as you "
        "discard the card.",
        [pixie(), seat("bob")], planted((grown(GLOW, 3),), turn_ends), {},
        {"fortitude": {"bob": 19}}),
    row("dale-evershroom-stays", "000",
        "Note that The Evershroom is an exception to the \"forced Gather\" rule. It is never "
        "Gathered\u2014it simply stays on its bottom-most Harvest Value for as long as you "
        "like!",
        [pixie(), seat("bob")], planted((grown(EVER, 2),), turn_ends), {},
        {"pile:" + BOX: 1, "markers:" + BOX: (2,)}),
    row("dale-harvested-not-gathered", "000",
        "You do not get the Gather effect for any Mushroom used to pay a Harvest cost, even "
        "if that Mushroom was on its bottom-most Harvest Value.",
        [replace(pixie(), fortitude=10), seat("bob")],
        planted((grown(MOREL, 2),), plays("dale", SPORES, "bob")), {"boost": ["yes"]},
        {"fortitude": {"dale": 10, "bob": 16}, "pile:" + DISCARDS: 1}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_dale(quote: str, players: list[Player], start: Start,
              answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, "dale", ())


def test_dale_sample_deck() -> None:
    """40 cards and a 15-card Mushroom Deck, a sample: Harvest boosts added and "instead",
    Mushrooms with and without Gather effects, one never Gathered."""
    assert DECK.mechanics == "dale" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards)
    assert len(DECK.cards) - len(MUSHROOMS) == 40 and len(MUSHROOMS) == 15
    assert all(m.values for m in MUSHROOMS)
    harvests = [b for c in DECK.cards for b in c.boosts if dict(b.cost).get(dale.HARVEST)]
    assert {b.instead for b in harvests} == {True, False}
    assert {bool(m.steps) for m in MUSHROOMS} == {True, False}
    assert sum(dale.NEVER in m.icons for m in MUSHROOMS) == 1


def test_bots_farm() -> None:
    """Bots at a table of Dales plant, harvest and gather."""
    _, log = bot_games("dale", 3, 3)
    assert any(" harvests " in line for line in log)
    assert any(" gathers " in line for line in log)
    assert any(" plants " in line for line in log)


@pytest.mark.parametrize(("text", "message"), [
    ("values = [1, -2]\n", "'values' lists the numbers"),
    ("values = 3\n", "'values' is a list"),
    ("boosts = [ { cost = { harvest = 2 }, steps = [], instead = true, when = 1 } ]\n",
     "a boost is a table"),
])
def test_a_bad_mushroom_is_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "deck.toml"
    path.write_text('character = "x"\n[[cards]]\nname = "In (test)"\nkind = "action"\n'
                    'steps = [ { draw = 1 } ]\n' + text, encoding="utf-8")
    with pytest.raises(ContentError, match=message):
        load_character(path)


def test_planter_box_at_the_terminal() -> None:
    """The table shows the piles in front of a player by what they are and their size."""
    from tales.tavern.rdi.terminal import table_lines

    from ._play import table

    tavern = table([pixie(), seat("bob")]).with_pile(BOX, (MOREL, GLOW))
    assert any("dale (x): " in line and "; planter 2" in line
               for line in table_lines(tavern, "bob"))
