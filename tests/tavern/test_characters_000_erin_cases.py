"""Erin the Ever-Changing (seed 000): her four forms, as a table of cases quoting the
Compendium. The cards are her sample deck's (``decks/characters/erin.toml``); the Bear's
extra Fortitude loss is this engine's reading, 1 (the Form Card is not in the seeds)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import erin
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.drinks import drink_phase, drinking_contest
from tales.tavern.rdi.gambling import ante, award, start_round
from tales.tavern.rdi.model import Card, CardKind, Drink, Player, Stat, Step, Tavern, Verb, Who
from tales.tavern.rdi.rules import CharacterDeck, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "erin.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


CLAWS = named("Rending claws (sample)")  # a player loses 2; become a Bear
SHINY = named("Shiny things (sample)")  # a player pays you 1; become a Raven
ROOT = named("Take root (sample)")  # gain 2 Fortitude; become a Tree
WILD = named("Wild change (sample)")  # Ignore an Action card; become a Tree
IN = named("Gambling? I'm in! (sample)")
FILLER = Card("Filler (test)", CardKind.ANYTIME, (Step(Verb.DRAW, 1),))
CLUB = Card("Club (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -3, Who.TARGET),))
BRACE = Card("Brace (test)", CardKind.SOMETIMES,
             (Step(Verb.REDUCE, 1, stat=Stat.FORTITUDE), Step(Verb.HANDLER,
                                                              handler="become tree")))
SHIELD = Card("Shield (test)", CardKind.SOMETIMES, (Step(Verb.REDUCE, 2, stat=Stat.FORTITUDE),))
SHARE = Card("Share pain (test)", CardKind.SOMETIMES, (Step(Verb.REDIRECT),))
TOAST = Card("Toast (test)", CardKind.ACTION, (Step(Verb.ALCOHOL, 2),))
TREE_RAISE = Card("Tree raise (test)", CardKind.GAMBLING,
                  (Step(Verb.ANTE, 1), Step(Verb.HANDLER, handler="become tree")))
WINE = Drink("Wine (test)", 2)
FORMS = (erin.BEAR, erin.RAVEN, erin.TREE)


def druid(*hand: Card, now: str = erin.ELF, gold: int = 10) -> Player:
    return replace(seat("erin", *hand, mechanics="erin", deck=(FILLER,) * 10,
                        tokens={now: 1} if now != erin.ELF else {}), gold=gold)


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    return set_up(["erin", "bob"], [CharacterDeck("Erin", DECK.cards, "erin"),
                                    CharacterDeck("Bob", (FILLER,) * 10)], tavern.drink_deck)


def anteing(players: list[str], starter: str, opening: bool) -> Start:
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        return ante(tavern, players, 1, starter, opening)
        yield  # pragma: no cover
    return begin


def winning(pot: int) -> Start:
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        return award(replace(tavern, pot=pot, inn=tavern.inn - pot), "erin")
        yield  # pragma: no cover
    return begin


def drinking(*pile: Drink) -> Start:
    """Erin drinks from her Drink Me! pile ``pile`` (top last)."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = tavern.with_player(replace(tavern.player("erin"), drink_me=pile))
        return (yield from drink_phase(tavern, "erin"))
    return begin


def contest(*deck: Drink) -> Start:
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = replace(tavern, drink_deck=(WINE, *deck))
        return (yield from drinking_contest(tavern, "gerki", ["gerki", "erin"]))
    return begin


def turn_starts(tavern: Tavern) -> Resolution[Tavern]:
    return erin.Erin().start_of_turn(tavern, "erin", "erin")


def gambling(tavern: Tavern) -> Resolution[Tavern]:
    return start_round(tavern, "erin", IN)


CASES = [
    row("erin-starts-an-elf", "000",
        "Lay out the 4 Form Cards next to your Player Mat. Place your Form Marker above the "
        "Elf Form Card.",
        [seat("x")], setting_up, {}, {"tokens": (0, 0, 0)}),
    row("erin-form-changes-last", "000",
        "When Erin plays a card that changes her form, she changes form after all other "
        "effects on the card have been carried out.",
        [druid(), seat("bob")], plays("erin", CLAWS, "bob"), {},
        {"fortitude": {"bob": 18}, "tokens": (1, 0, 0)}),
    row("erin-bear-extra-damage", "000",
        "Erin's Bear form causes her to do extra damage to other players.",
        [druid(now=erin.BEAR), seat("bob")], plays("erin", CLAWS, "bob"), {},
        {"fortitude": {"bob": 17}, "tokens": (1, 0, 0)}),
    row("erin-bear-before-reductions", "000",
        "When Erin is a Bear and causes damage, apply the Bear effect before applying other "
        "replacement effects or modifications.",
        [druid(now=erin.BEAR), seat("bob", SHIELD)], plays("erin", CLAWS, "bob"),
        {"respond": [SHIELD.name]}, {"fortitude": {"bob": 19}}),
    row("erin-bear-antes-two", "000",
        "Erin's Bear form also causes her to ante 2 Gold instead of 1 at the beginning of a "
        "Round of Gambling (the other players still ante 1 as normal).",
        [druid(now=erin.BEAR), seat("bob")], anteing(["bob", "erin"], "bob", True), {},
        {"gold": {"erin": 8, "bob": 9}, "pot": (3, 50)}),
    row("erin-bear-raise-one", "000",
        "This happens only at the beginning of the Round. If a player later plays \"I "
        "raise!\", Erin only antes 1 Gold as normal.",
        [druid(now=erin.BEAR), seat("bob")], anteing(["bob", "erin"], "bob", False), {},
        {"gold": {"erin": 9, "bob": 9}}),
    row("erin-bear-one-gold-left", "000",
        "If Erin must ante 2 Gold as a result of being in Bear form, but she only has 1 Gold "
        "left, she antes 1 Gold.",
        [druid(now=erin.BEAR, gold=1), seat("bob")], anteing(["bob", "erin"], "bob", True),
        {}, {"gold": {"erin": 0, "bob": 9}, "pot": (2, 50)}),
    row("erin-raven-extra-gold", "000",
        "Erin's Raven form causes her to gain 1 extra Gold from the Inn whenever she gains "
        "Gold.",
        [druid(now=erin.RAVEN), seat("bob")], plays("erin", SHINY, "bob"), {},
        {"gold": {"erin": 12, "bob": 9}, "pot": (0, 49)}),
    row("erin-raven-pot", "000",
        "This includes winning the pot in a Round of Gambling, even if Erin was the only "
        "player to contribute Gold to that pot.",
        [druid(now=erin.RAVEN), seat("bob")], winning(1), {},
        {"gold": {"erin": 12}, "pot": (0, 48)}),
    row("erin-raven-antes-from-the-inn", "000",
        "In addition, Raven form allows Erin to ante with Gold from the Inn whenever she "
        "starts a Round of Gambling on her own turn.",
        [druid(now=erin.RAVEN), seat("bob")], anteing(["erin", "bob"], "erin", True), {},
        {"gold": {"erin": 10, "bob": 9}, "pot": (2, 49)}),
    row("erin-raven-raise-from-the-inn", "000",
        "As long as Erin remains in Raven form, this effect will apply every time she must "
        "ante during that Round of Gambling, even in response to someone playing \"I "
        "raise!\".",
        [druid(now=erin.RAVEN), seat("bob")], anteing(["erin", "bob"], "erin", False), {},
        {"gold": {"erin": 10, "bob": 9}, "pot": (2, 49)}),
    row("erin-raven-others-round", "000",
        "This effect does not apply if a player other than Erin starts a Round of Gambling.",
        [druid(now=erin.RAVEN), seat("bob")], anteing(["bob", "erin"], "bob", True), {},
        {"gold": {"erin": 9, "bob": 9}, "pot": (2, 50)}),
    row("erin-raven-extra-alcohol", "000",
        "When Erin is a Raven, she gains 1 extra Alcohol Content from any effect that would "
        "increase her Alcohol Content.",
        [druid(now=erin.RAVEN), seat("bob")], drinking(WINE), {}, {"alcohol": {"erin": 3}}),
    row("erin-tree-ends-her-turn", "000",
        "If Erin turns into a Tree during her own turn, her turn ends immediately.",
        [druid(), seat("bob")], plays("erin", ROOT), {},
        {"resting": ("erin",), "tokens": (0, 0, 1)}),
    row("erin-tree-on-another-turn", "000",
        "If Erin turns into a Tree during her own turn, her turn ends immediately.",
        [seat("bob"), druid(WILD)], plays("bob", CLUB, "erin"), {"respond": [WILD.name]},
        {"resting": (), "tokens": (0, 0, 1), "fortitude": {"erin": 20}}),
    row("erin-tree-round-to-the-inn", "000",
        "If a Gambling Round is underway, the anted Gold goes to the Inn.",
        [druid(TREE_RAISE), seat("bob", IN)], gambling,
        {"gamble": [IN.name, TREE_RAISE.name]},
        {"resting": ("erin",), "pot": (0, 54), "gold": {"erin": 8, "bob": 8}}),
    row("erin-tree-protected", "000",
        "While Erin is in Tree form, she is well-protected. Any effects that would increase "
        "her Alcohol Content or decrease her Fortitude have their effect reduced by 2.",
        [seat("bob"), druid(now=erin.TREE)], plays("bob", CLUB, "erin"), {},
        {"fortitude": {"erin": 19}}),
    row("erin-tree-ogre-brew", "000",
        "Her Tree effect reduces the Fortitude loss by 2 and reduces the Alcohol Content "
        "gain by 2. Erin takes no effects from the Drink.",
        [druid(now=erin.TREE), seat("bob")], drinking(Drink("Ogre Brew (test)", 2, -2)), {},
        {"fortitude": {"erin": 20}, "alcohol": {"erin": 0}}),
    row("erin-tree-plays-a-card", "000",
        "If Erin is a Tree and plays a card, she must return to Elf form immediately. This "
        "happens as soon as she plays the card; she does not wait until the played card "
        "resolves.",
        [druid(now=erin.TREE), seat("bob")], plays("erin", TOAST), {},
        {"tokens": (0, 0, 0), "alcohol": {"erin": 2}}),
    row("erin-tree-must-return", "000",
        "If Erin is a Tree, she must return to Elf form at this time.",
        [druid(now=erin.TREE), seat("bob")], turn_starts, {},
        {"tokens": (0, 0, 0), "count:form": 0}),
    row("erin-bear-may-stay", "000",
        "If Erin is a Bear or a Raven, she may choose to return to Elf form before "
        "discarding and drawing for her turn.",
        [druid(now=erin.BEAR), seat("bob")], turn_starts, {"form": ["no"]},
        {"tokens": (1, 0, 0)}),
    row("erin-raven-may-return", "000",
        "If Erin is a Bear or a Raven, she may choose to return to Elf form before "
        "discarding and drawing for her turn.",
        [druid(now=erin.RAVEN), seat("bob")], turn_starts, {"form": ["yes"]},
        {"tokens": (0, 0, 0)}),
    row("erin-form-when-it-resolves", "000",
        "She does not gain an extra Gold for being a Raven, since she was an Elf when she "
        "gained Gold.",
        [druid(), seat("bob")], plays("erin", SHINY, "bob"), {},
        {"gold": {"erin": 11}, "tokens": (0, 1, 0)}),
    row("erin-form-at-the-ante", "000",
        "As a Bear, Erin would have to ante 2 Gold instead of 1, so she plays \"Wildshape\" "
        "before anteing to turn into a Raven. She only antes 1 Gold.",
        [druid(now=erin.RAVEN), seat("serena")], anteing(["serena", "erin"], "serena", True),
        {}, {"gold": {"erin": 9}}),
    row("erin-modifier-resolves-first", "000",
        "When a card effect causes Erin to Negate, Ignore, replace or otherwise modify "
        "another card effect, the modifying card effect resolves before the original "
        "effect.",
        [seat("bob"), druid(BRACE)], plays("bob", CLUB, "erin"), {"respond": [BRACE.name]},
        {"fortitude": {"erin": 20}, "tokens": (0, 0, 1)}),
    row("erin-ignores-her-own-form-change", "000",
        "If Erin Ignores one of her own cards, any form change on that card is also "
        "Ignored.",
        [druid(WILD), seat("eve", SHARE)], plays("erin", CLAWS, "eve"),
        {"respond": [SHARE.name, WILD.name]},
        {"fortitude": {"erin": 20, "eve": 20}, "tokens": (0, 0, 1)}),
    row("erin-tree-contest", "000",
        "Erin's Tree effect does not affect the Alcohol Content of her Elven Wine, so she "
        "will win the Drinking Contest, even though she will gain 1 Alcohol Content to "
        "Gerki's 2.",
        [seat("gerki"), druid(now=erin.TREE)], contest(Drink("Elven Wine (test)", 3), WINE),
        {}, {"alcohol": {"erin": 1, "gerki": 2}, "gold": {"erin": 11, "gerki": 9}}),
    row("erin-raven-contest", "000",
        "Gerki wins the Drinking Contest, even though they both gain 3 Alcohol Content.",
        [seat("gerki"), druid(now=erin.RAVEN)], contest(WINE, Drink("Pixie Punch (test)", 3)),
        {}, {"alcohol": {"erin": 3, "gerki": 3}, "gold": {"erin": 9, "gerki": 11}}),
    row("erin-tree-drink-as-a-whole", "000",
        "Since the Drink and its Chaser count as a single Drink, Erin's Tree effect reduces "
        "the total Alcohol Content gain from 7 to 5, not the gains from each individual "
        "card.",
        [druid(now=erin.TREE), seat("bob")],
        drinking(Drink("Dragon Breath Ale (test)", 4), Drink("Pixie Punch (test)", 3,
                                                             chaser=True)), {},
        {"alcohol": {"erin": 5}}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_erin(quote: str, players: list[Player], start: Start,
              answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, "erin", FORMS)


def test_erin_sample_deck() -> None:
    """40 cards, a sample, each form reached by some card."""
    assert DECK.mechanics == "erin" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards) and len(DECK.cards) == 40
    handlers = {s.handler for c in DECK.cards for s in c.steps if s.handler}
    assert handlers == set(erin.BECOME)


def test_bots_shapeshift() -> None:
    """Bots at a table of Erins take every form."""
    _, log = bot_games("erin", 3, 3)
    for new in ("a Bear", "a Raven", "a Tree", "an Elf"):
        assert any(line.endswith(f"becomes {new}") for line in log), new
