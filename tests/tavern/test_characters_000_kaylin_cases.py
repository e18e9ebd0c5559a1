"""Kaylin the Renegade with Wulfric (seed 000): Wulfric's mood, as a table of cases quoting
the Compendium. The cards are her sample deck's (``decks/characters/kaylin.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import kaylin
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.drinks import drink_phase, drinking_contest
from tales.tavern.rdi.model import Card, CardKind, Drink, Player, Step, Tavern, Verb, Who
from tales.tavern.rdi.rules import CharacterDeck, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "kaylin.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


SIC = named("Sic 'em, Wulfric (sample)")  # a player loses 2
LOYAL = named("Loyal (sample)")
CLUMSY = named("Clumsy (sample)")
STALWART = named("Stalwart (sample)")
SLEEPY = named("Sleepy (sample)")
MOODS = tuple(c for c in DECK.cards if c.pile == kaylin.WULFRIC)
FILLER = Card("Filler (test)", CardKind.ANYTIME, (Step(Verb.DRAW, 1),))
NO = replace(named("Renegade says no (sample)"), name="No (test)")
POOF = replace(named("Poof! (sample)"), name="Dodge (test)")
DART = Card("Dart shooter (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),
                                                      Step(Verb.FORTITUDE, -1, Who.TARGET)))
BITEY = Card("Bitey (test)", CardKind.ACTION, pile=kaylin.WULFRIC, icons=(kaylin.BITEY,),
             values=(1,))
PLAYFUL = Card("Playful (test)", CardKind.ACTION, pile=kaylin.WULFRIC,
               icons=(kaylin.PLAYFUL,), values=(1,))
STAB = Card("Stab (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
WINE = Drink("Wine (test)", 2, chaser=True)
ALE = Drink("Light Ale (test)", 1)
DISCARDS = kaylin.DISCARDS


def pixie(*hand: Card) -> Player:
    return seat("kaylin", *hand, mechanics="kaylin", deck=(FILLER,) * 10)


def feeling(now: Card | None, start: Start, deck: tuple[Card, ...] = (SLEEPY,),
            before: tuple[Card, ...] = ()) -> Start:
    """``start`` with Wulfric's mood ``now`` (on top of ``before``) and ``deck`` his deck."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        shown = (*before, now) if now is not None else before
        tavern = tavern.with_pile(kaylin.WULFRIC, deck).with_pile(DISCARDS, shown)
        return (yield from start(tavern))
    return begin


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    return set_up(["kaylin", "bob"], [CharacterDeck("Kaylin", DECK.cards, "kaylin"),
                                      CharacterDeck("Bob", (FILLER,) * 10)], tavern.drink_deck)


def turn_ends(tavern: Tavern) -> Resolution[Tavern]:
    return kaylin.Kaylin().end_of_turn(tavern, "kaylin", "kaylin")


def drinking(tavern: Tavern) -> Resolution[Tavern]:
    tavern = tavern.with_player(replace(tavern.player("kaylin"), drink_me=(ALE, WINE)))
    return (yield from drink_phase(tavern, "kaylin"))


def contest(tavern: Tavern) -> Resolution[Tavern]:
    tavern = replace(tavern, drink_deck=(ALE, Drink("Ale (test)", 2), Drink("Mead (test)", 3)))
    return (yield from drinking_contest(tavern, "kaylin", ["kaylin", "bob"]))


CASES = [
    row("kaylin-first-mood", "000",
        "Reveal the top card of the Wulfric Deck and place it on the Wulfric Deck discard "
        "pile. This is Wulfric's mood.",
        [seat("x")], setting_up, {},
        {"pile:" + DISCARDS: 1, "pile:wulfric": len(MOODS) - 1, "hand": 7}),
    row("kaylin-mood-changes", "000",
        "At the end of Kaylin's turn, after her Drink Phase, Wulfric's mood changes. Reveal "
        "and discard the top card of the Wulfric Deck.",
        [pixie(), seat("bob")], feeling(SLEEPY, turn_ends, (CLUMSY, LOYAL)), {},
        {"pile:" + DISCARDS: 2, "pile:wulfric": 1}),
    row("kaylin-mood-reshuffle", "000",
        "If the Wulfric Deck runs out of cards, leave Wulfric's current mood in place, then "
        "reshuffle the rest of the Wulfric discard pile and use that as the new Wulfric "
        "Deck.",
        [pixie(), seat("bob")], feeling(SLEEPY, turn_ends, (), (LOYAL, CLUMSY)), {},
        {"pile:" + DISCARDS: 2, "pile:wulfric": 1}),
    row("kaylin-loyal-card-as-a-whole", "000",
        "Wulfric's Loyal effect applies only to the card as a whole. It does not apply to "
        "each Fortitude loss effect individually. Kaylin loses a total of 2 Fortitude.",
        [seat("wizgille"), pixie()], feeling(LOYAL, plays("wizgille", DART, "kaylin")), {},
        {"fortitude": {"kaylin": 18}}),
    row("kaylin-loyal-standing", "000",
        "Wulfric's current mood determines a standing effect that applies to Kaylin "
        "continuously until Wulfric's mood changes again.",
        [seat("bob"), pixie()], feeling(SLEEPY, plays("bob", DART, "kaylin")), {},
        {"fortitude": {"kaylin": 17}}),
    row("kaylin-clumsy-drink-as-a-whole", "000",
        "Wulfric's Clumsy effect applies to the Drink as a whole, since a Drink with Chasers "
        "counts as one Drink. Kaylin gains a total of 2 Alcohol Content.",
        [pixie(), seat("bob")], feeling(CLUMSY, drinking), {},
        {"alcohol": {"kaylin": 2}, "said:and gains 2 Alcohol Content": True}),
    row("kaylin-clumsy-contest", "000",
        "Note that Wulfric's Clumsy effect does not alter the Alcohol Content of a Drink. It "
        "simply alters the effect Kaylin takes from that Drink.",
        [pixie(), seat("bob")], feeling(CLUMSY, contest), {},
        {"alcohol": {"kaylin": 2, "bob": 2}, "gold": {"kaylin": 11, "bob": 9}}),
    row("kaylin-stalwart-no-negate", "000",
        "When Wulfric is feeling Stalwart and Kaylin plays a card from her hand, players may "
        "not play any card that would Negate or Ignore that card.",
        [pixie(), seat("bob", NO, POOF)], feeling(STALWART, plays("kaylin", SIC, "bob")), {},
        {"fortitude": {"bob": 18}, "respond:bob": 0}),
    row("kaylin-not-stalwart", "000",
        "When Wulfric is feeling Stalwart and Kaylin plays a card from her hand, players may "
        "not play any card that would Negate or Ignore that card.",
        [pixie(), seat("bob", NO)], feeling(LOYAL, plays("kaylin", SIC, "bob")),
        {"respond": [NO.name]}, {"fortitude": {"bob": 20}}),
    row("kaylin-bitey", "000",
        "Wulfric's mood is Bitey. Kaylin plays \"Don't call me cute!\", targeting Wrench's "
        "\"Lightning Generator\". The Lightning Generator loses 3 Fortitude instead of the "
        "usual 2.",
        [pixie(), seat("bob")], feeling(BITEY, plays("kaylin", SIC, "bob")), {},
        {"fortitude": {"bob": 17, "kaylin": 20}}),
    row("kaylin-bitey-card-as-a-whole", "000",
        "If a Wulfric Card would adjust the numerical value of a card effect, it adjusts the "
        "card as a whole rather than the individual effects on the card.",
        [pixie(), seat("bob")], feeling(BITEY, plays("kaylin", DART, "bob")), {},
        {"fortitude": {"bob": 16}}),
    row("kaylin-bitey-only-hers", "000",
        "Wulfric's current mood determines a standing effect that applies to Kaylin "
        "continuously until Wulfric's mood changes again.",
        [seat("bob"), pixie()], feeling(BITEY, plays("bob", STAB, "kaylin")), {},
        {"fortitude": {"kaylin": 18, "bob": 20}}),
    row("kaylin-playful", "002",
        "Playful and a Minion causes Fortitude loss to Kaylin, she loses an extra Fortitude, "
        "but",
        [seat("bob"), pixie()], feeling(PLAYFUL, plays("bob", STAB, "kaylin")), {},
        {"fortitude": {"kaylin": 17, "bob": 19}, "said:bob loses 1 Fortitude to Wulfric": True}),
    row("kaylin-playful-not-her-own-card", "002",
        "Playful and a Minion causes Fortitude loss to Kaylin, she loses an extra Fortitude, "
        "but",
        [pixie(), seat("bob")], feeling(PLAYFUL, plays("kaylin", SIC, "bob")), {},
        {"fortitude": {"kaylin": 20, "bob": 18}}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_kaylin(quote: str, players: list[Player], start: Start,
                answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, "kaylin", ())


def test_kaylin_sample_deck() -> None:
    """40 cards and a Wulfric Deck with each kind of mood."""
    assert DECK.mechanics == "kaylin" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards)
    assert len(DECK.cards) - len(MOODS) == 40
    assert {i for c in MOODS for i in c.icons} == {kaylin.LOYAL, kaylin.CLUMSY,
                                                    kaylin.STALWART}


def test_bots_with_wulfric() -> None:
    """Bots at a table of Kaylins see Wulfric's mood change."""
    _, log = bot_games("kaylin", 3, 3)
    assert any(line.startswith("Wulfric's mood: ") for line in log)


def test_bitey_and_playful_in_a_deck_file(tmp_path: Any) -> None:
    """Issue 43, item 9: the moods the seeds name besides Loyal, Clumsy and Stalwart are
    written in a deck file as icons with a value (docs/formats.md)."""
    path = tmp_path / "kaylin.toml"
    path.write_text('''character = "Kaylin (test)"
mechanics = "kaylin"

[[cards]]
name = "Sic (test)"
kind = "action"
count = 40
steps = [ { fortitude = -2, who = "target" } ]
''' + "".join(f'''
[[cards]]
name = "{mood.title()} (test)"
kind = "action"
pile = "wulfric"
icons = ["{mood}"]
values = [{value}]
''' for mood, value in (("bitey", 1), ("playful", 2))), encoding="utf-8")
    moods = {c.name: c for c in load_character(path).cards if c.pile == kaylin.WULFRIC}
    assert moods["Bitey (test)"].icons == (kaylin.BITEY,) and \
        moods["Bitey (test)"].values == (1,)
    assert moods["Playful (test)"].icons == (kaylin.PLAYFUL,) and \
        moods["Playful (test)"].values == (2,)
