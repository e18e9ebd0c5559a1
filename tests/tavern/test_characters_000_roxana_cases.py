"""Roxana, Adventurous Chef (seed 000): Ingredients on her Cutting Board, Recipes and the
Smorgasbord, as a table of cases quoting the Compendium. The cards are her sample deck's
(``decks/characters/roxana.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import roxana
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.effects import anytime, discard_cards
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Target, Tavern, Verb, Who
from tales.tavern.rdi.rules import action_phase
from tales.tavern.rdi.simulate import DECKS
from tales.tavern.rdi.zones import draw

from ._play import Got, Start, bot_games, check_got, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "roxana.toml")


def named(title: str) -> Card:
    return replace(next(c for c in DECK.cards if c.name == title), owner="rox")


MEAN = named("This one's some mean cuisine! (sample)")  # Meat: lose 2
SOUP = named("No soup for you! (sample)")  # Sauce, cleaver: lose 1
GOOSE = named("Remember when I cooked that golden goose? (sample)")  # Meat|Sauce, cleaver
VEG = named("Eat your vegetables! (sample)")  # Veg
KNUCKLE = named("Someone order a knuckle sandwich? (sample)")  # Veg|Sauce hit back 2
PREPPED = named("Everything's prepped! Who's hungry? (sample)")
MITTS = named("Oven mitts (sample)")  # not an Ingredient
COCKATRICE = next(c for c in DECK.cards if c.name == "Spatchcocked Cockatrice (sample)")
STEW = next(c for c in DECK.cards if c.name == "Hangover Stew (sample)")
ARMOR = Card("Luckily for me, I was wearing my armor! (test)", CardKind.SOMETIMES,
             (Step(Verb.IGNORE, target=Target.ACTION),))
NOPE = Card("I don't think so! (test)", CardKind.SOMETIMES,
            (Step(Verb.NEGATE, target=Target.CARD),))
ARM = Card("You wanna arm wrestle? (test)", CardKind.ACTION,
           (Step(Verb.FORTITUDE, -1, Who.TARGET),))
FILLER = Card("Filler (test)", CardKind.ACTION, (Step(Verb.DRAW, 1),))
BOARD = roxana.board("rox")
RECIPE = roxana.available("rox")


def chef(*hand: Card, **fields: Any) -> Player:
    return replace(seat("rox", *hand, mechanics="roxana", deck=(FILLER,) * 10), **fields)


def with_piles(start: Start, board: tuple[Card, ...] = (), recipe: tuple[Card, ...] = (),
               recipes: tuple[Card, ...] = ()) -> Start:
    def go(tavern: Tavern) -> Resolution[Tavern]:
        return start(tavern.with_pile(BOARD, board).with_pile(RECIPE, recipe)
                     .with_pile(roxana.RECIPES, recipes))
    return go


def turn_start(tavern: Tavern) -> Resolution[Tavern]:
    return roxana.Roxana().start_of_turn(tavern, "rox", "rox")


def acting(tavern: Tavern) -> Resolution[Tavern]:
    return action_phase(tavern, "rox")


def anytimes(tavern: Tavern) -> Resolution[Tavern]:
    return anytime(tavern, "rox")


def discarding(tavern: Tavern) -> Resolution[Tavern]:
    return discard_cards(tavern, "rox", 1)


def drawing(tavern: Tavern) -> Resolution[Tavern]:
    player = tavern.player("rox")
    return draw(tavern.with_player(replace(player, deck=(), discard=(FILLER, STEW))), "rox", 1)


def on_board(t: Tavern) -> list[str]:
    return [c.name for c in t.pile(BOARD)]


def discards(t: Tavern) -> int:
    return len(t.player("rox").discard)


def hand(t: Tavern) -> list[str]:
    return [c.name for c in t.player("rox").hand]


def recipe(t: Tavern) -> list[str]:
    return [c.name for c in t.pile(RECIPE)]


def bottom(t: Tavern) -> str:
    return t.pile(roxana.RECIPES)[0].name


CASES = [
    row("roxana-ingredient-to-board", "000",
        "When a card like this resolves, you must place it on your Cutting Board above your "
        "Player Mat instead of putting it into your discard pile.",
        [chef(), seat("bob")], plays("rox", MEAN, "bob"), {},
        [(on_board, [MEAN.name]), (discards, 0)]),
    row("roxana-ignored-still-to-board", "000",
        "Fiona loses no Fortitude, but Roxana still puts the \"mean cuisine\" card on her "
        "Cutting Board, where it counts as a Meat for a future Recipe.",
        [chef(), seat("fiona", ARMOR)], plays("rox", MEAN, "fiona"),
        {"respond": [ARMOR.name]}, [(on_board, [MEAN.name])]),
    row("roxana-negated-to-discard", "000",
        "The \"knuckle sandwich\" card goes to Roxana's discard pile, not to her Cutting "
        "Board.",
        [seat("fiona", NOPE), chef(KNUCKLE)], plays("fiona", ARM, "rox"),
        {"hit-back": [KNUCKLE.name], "respond": [NOPE.name]},
        [(on_board, []), (discards, 1)]),
    row("roxana-cleaver", "000",
        "The fact that \"golden goose\" also has a blue cleaver icon is irrelevant. Roxana may "
        "not discard yet another card to her Cutting Board.",
        [chef(GOOSE, GOOSE), seat("gerki")], plays("rox", SOUP, "gerki"),
        {"cutting-board": [GOOSE.name]},
        [(on_board, [SOUP.name, GOOSE.name]), (hand, [GOOSE.name]),
         (lambda t: t.inn, 50)]),
    row("roxana-prepped", "000",
        "One card, \"Everything's prepped! Who's hungry?\", is simply an Anytime Card that "
        "allows you to put up to three Ingredient Cards from your hand to your Cutting Board.",
        [chef(GOOSE, SOUP, VEG, MEAN), seat("bob")], plays("rox", PREPPED),
        {"cutting-board": [GOOSE.name, SOUP.name, VEG.name]},
        [(on_board, [GOOSE.name, SOUP.name, VEG.name]), (hand, [MEAN.name])]),
    row("roxana-not-an-ingredient", "000",
        "You may not place a card on your Cutting Board if that card does not have an "
        "Ingredient icon in the bottom left.",
        [chef(MITTS), seat("bob")], plays("rox", PREPPED), {},
        [(on_board, []), (hand, [MITTS.name])]),
    row("roxana-reveal-recipe", "000",
        "At the beginning of your turn, reveal the top card from your Recipe Deck and put it "
        "near the “Available Recipe” spot on your Player Mat.",
        [chef(), seat("bob")], with_piles(turn_start, recipes=(STEW, COCKATRICE)), {},
        [(recipe, [COCKATRICE.name])]),
    row("roxana-keep-one-recipe", "000",
        "If there is already a Recipe there, you must choose which Recipe you wish to keep, "
        "putting the other one face down on the bottom of the Recipe Deck.",
        [chef(), seat("bob")],
        with_piles(turn_start, recipe=(STEW,), recipes=(MITTS, COCKATRICE)),
        {"recipe": [STEW.name]}, [(recipe, [STEW.name]), (bottom, COCKATRICE.name)]),
    row("roxana-cook", "000",
        "The cost in the upper right indicates that Roxana must spend a Meat and either a "
        "Meat or a Sauce to cook this Recipe, so she decides to move \"mean cuisine\" and "
        "\"no soup\" from her Cutting Board to her discard pile and put Spatchcocked "
        "Cockatrice into her hand.",
        [chef(), seat("bob")], with_piles(acting, board=(MEAN, SOUP, VEG),
                                          recipe=(COCKATRICE,)),
        {"cook": [COCKATRICE.name]},
        [(on_board, [VEG.name]), (discards, 2), (hand, [COCKATRICE.name]), (recipe, [])]),
    row("roxana-cannot-cook-without", "000",
        "To cook a Recipe, spend the indicated Ingredients from your Cutting Board by moving "
        "those cards to your discard pile, then take the Recipe Card into your hand.",
        [chef(), seat("bob")], with_piles(acting, board=(VEG, VEG), recipe=(COCKATRICE,)),
        {}, [(on_board, [VEG.name, VEG.name]), (recipe, [COCKATRICE.name])]),
    row("roxana-recipe-to-discard", "000",
        "When you play a Recipe Card, it goes to your Character Deck’s discard pile.",
        [chef(), seat("bob")], plays("rox", replace(STEW, owner="rox")), {},
        [(discards, 1), (lambda t: t.pile(f"{roxana.RECIPES} discard"), ())]),
    row("roxana-smorgasbord", "000",
        "At any time, you may spend any three Ingredients from your Cutting Board to draw a "
        "card from your Character Deck.",
        [chef(), seat("bob")], with_piles(anytimes, board=(MEAN, SOUP, VEG, GOOSE)),
        {"anytime": ["Smorgasbord"], "ingredient": [GOOSE.name, MEAN.name]},
        [(on_board, [SOUP.name]), (discards, 3), (hand, [FILLER.name])]),
    row("roxana-smorgasbord-negated", "000",
        "If a Smorgasbord activation is Negated, you do not get a refund of the Ingredients "
        "you spent to activate it.",
        [chef(), seat("bob", NOPE)], with_piles(anytimes, board=(MEAN, SOUP, VEG)),
        {"anytime": ["Smorgasbord"], "respond": [NOPE.name]},
        [(on_board, []), (discards, 3), (hand, [])]),
    row("roxana-board-not-hand", "000",
        "Your Cutting Board and your Available Recipe are not part of your hand, so if an "
        "effect instructs you to discard cards, they must be from your hand.",
        [chef(), seat("bob")], with_piles(discarding, board=(MEAN,), recipe=(STEW,)), {},
        [(on_board, [MEAN.name]), (recipe, [STEW.name]), (discards, 0)]),
    row("roxana-discarded-ingredient", "000",
        "If you discard an Ingredient Card without playing it, it goes straight to your "
        "discard pile, not to your Cutting Board.",
        [chef(MEAN), seat("bob")], discarding, {}, [(on_board, []), (discards, 1)]),
    row("roxana-reshuffle-keeps-recipes", "000",
        "If your Character Deck runs out, immediately shuffle your discard pile (including "
        "any Recipe Cards you’ve cooked) and use that as your new Character Deck.",
        [chef(), seat("bob")], with_piles(drawing, board=(MEAN,)), {},
        [(lambda t: len(t.player("rox").deck) + len(t.player("rox").hand), 2),
         (on_board, [MEAN.name])]),
    row("roxana-no-more-recipes", "000",
        "If the Recipe Deck runs out of cards, you continue playing without revealing any "
        "more Recipes.",
        [chef(), seat("bob")], with_piles(turn_start, recipe=(STEW,)), {},
        [(recipe, [STEW.name])]),
    row("roxana-gambling-ingredient", "000",
        "If you play a Gambling or Cheating Card with an Ingredient icon, you take control of "
        "the Round of Gambling and resolve any other effects on the card. You then put the "
        "card directly onto your Cutting Board.",
        [chef(), seat("bob")],
        plays("rox", named("Secret family recipe (sample)")), {},
        [(on_board, ["Secret family recipe (sample)"])]),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_roxana(quote: str, players: list[Player], start: Start,
                answers: dict[str, list[Any]], expected: list[tuple[Got, object]]) -> None:
    check_got(quote, players, start, answers, expected)


def test_roxana_sample_deck() -> None:
    """40 cards and 5 Recipes, a sample: every Ingredient icon, cleavers, Recipes that join
    her deck."""
    assert DECK.mechanics == "roxana" and DECK.character.endswith("(sample deck)")
    own = [c for c in DECK.cards if not c.pile]
    recipes = [c for c in DECK.cards if c.pile == roxana.RECIPES]
    assert len(own) == 40 and len(recipes) == 5 and all(c.joins for c in recipes)
    icons = {i for c in own for i in c.icons}
    assert icons == {"meat", "veg", "sauce", "meat|sauce", "veg|sauce", "any", "cleaver"}


def test_bots_cook() -> None:
    """Bots at a table of Roxanas fill their Cutting Boards, cook and use the Smorgasbord."""
    _, log = bot_games("roxana", 3, 2)
    assert any(" cooks " in line for line in log)
    assert any("Smorgasbord" in line for line in log)
