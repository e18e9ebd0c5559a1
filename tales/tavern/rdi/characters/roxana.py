"""Roxana, Adventurous Chef (seed 000, "Roxana, Adventurous Chef"): Ingredients on her
Cutting Board, Recipes and the Smorgasbord.

An Ingredient is a card of her deck with an Ingredient icon (``icons = ["meat"]``; ``"veg"``,
``"sauce"``, ``"meat|sauce"`` and ``"veg|sauce"`` for either, ``"any"``); ``"cleaver"`` is the
blue cleaver. When one resolves (not Negated; Ignored is fine) it goes onto her Cutting Board
instead of her discard pile (:meth:`Roxana.resolved`), and a cleaver lets her move one more
Ingredient from her hand there, with no effect. ``{ handler = "prep" }`` moves one
Ingredient from her hand there ("Everything's prepped!": three such steps). The Cutting
Board is the pile ``"<her name>'s Cutting Board"``.

Her Recipes are the side deck ``pile = "recipes"`` of her file, each with ``joins = true``
(cooked, it is one of her cards) and the Ingredients it costs as ``icons`` (one symbol each,
``"meat|sauce"`` either). At the beginning of her turn she reveals the top Recipe; with one
already available she keeps one and puts the other on the bottom of the Recipe Deck
(:meth:`Roxana.start_of_turn`); the Available Recipe is the pile
``"<her name>'s Available Recipe"``. She cooks it by spending its Ingredients from her
Cutting Board to her discard pile, taking it into her hand (offered at the start of her Action
Phase). The Smorgasbord is an ability she may use like an Anytime card: spend any three
Ingredients, draw a card (:meth:`Roxana.virtual`).
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, register
from tales.tavern.rdi.icons import covered, fitting
from tales.tavern.rdi.model import Card, CardKind, Step, Tavern, Verb
from tales.tavern.rdi.timing import PASS
from tales.tavern.rdi.zones import take_top

NAME = "roxana"
RECIPES = "recipes"
KINDS = ("meat", "veg", "sauce")
ANY = "any"
CLEAVER = "cleaver"
PREP = "prep"
SMORGASBORD = Card("Smorgasbord", CardKind.ANYTIME, (Step(Verb.DRAW, 1),),
                   "Spend any three Ingredients from your Cutting Board: draw a card.",
                   virtual=True)


def board(name: str) -> str:
    return f"{name}'s Cutting Board"


def available(name: str) -> str:
    return f"{name}'s Available Recipe"


def kinds(symbol: str) -> set[str]:
    """What an Ingredient icon (or a Recipe's cost symbol) stands for."""
    return set(KINDS) if symbol == ANY else set(symbol.split("|")) & set(KINDS)


def ingredient(card: Card) -> bool:
    return any(kinds(i) for i in card.icons) and not card.pile


def pays(card: Card, symbol: str) -> bool:
    """An Ingredient pays a symbol it shares a kind with."""
    return any(kinds(i) & kinds(symbol) for i in card.icons)


def to_board(tavern: Tavern, name: str, card: Card) -> Tavern:
    return tavern.with_pile(board(name), (*tavern.pile(board(name)), card))


def from_hand(tavern: Tavern, name: str, why: str) -> Resolution[Tavern]:
    """Move one Ingredient from her hand to her Cutting Board, her choice (or none)."""
    titles = sorted({c.name for c in tavern.player(name).hand if ingredient(c)})
    if not titles:
        return tavern
    choice = yield Decision("cutting-board", f"{name}: put an Ingredient from your hand on "
                            f"your Cutting Board ({why})?", (PASS, *titles), Decider.PLAYER,
                            name, state=tavern)
    if choice == PASS:
        return tavern
    player = tavern.player(name)
    index = next(i for i, c in enumerate(player.hand) if c.name == choice)
    tavern = tavern.with_player(replace(player, hand=player.hand[:index]
                                        + player.hand[index + 1:]))
    return to_board(tavern, name, player.hand[index]).note(
        f"{name} puts {choice} on her Cutting Board")


def spend(tavern: Tavern, name: str, symbols: list[str]) -> Resolution[Tavern]:
    """Spend Ingredients from her Cutting Board for ``symbols``, to her discard pile."""
    from tales.tavern.rdi.zones import discard_card

    while symbols:
        symbol, symbols = symbols[0], symbols[1:]
        cards = tavern.pile(board(name))
        fits = fitting(cards, symbol, symbols, pays)
        titles = tuple(sorted({cards[i].name for i in fits}))
        title = titles[0]
        if len(titles) > 1:
            title = yield Decision("ingredient", f"{name}: spend which Ingredient for "
                                   f"{symbol}?", titles, Decider.PLAYER, name, state=tavern)
        index = next(i for i in fits if cards[i].name == title)
        tavern = tavern.with_pile(board(name), cards[:index] + cards[index + 1:])
        tavern = discard_card(tavern, cards[index], name)
    return tavern


def cook(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """000: "To cook a Recipe, spend the indicated Ingredients from your Cutting Board by
    moving those cards to your discard pile, then take the Recipe Card into your hand."""
    recipe = next(iter(tavern.pile(available(name))), None)
    if recipe is None or not covered(tavern.pile(board(name)), recipe.icons, pays):
        return tavern
    choice = yield Decision("cook", f"{name}: cook {recipe.name}?", (PASS, recipe.name),
                            Decider.PLAYER, name, state=tavern)
    if choice == PASS:
        return tavern
    tavern = yield from spend(tavern.with_pile(available(name), ()), name, list(recipe.icons))
    player = tavern.player(name)
    tavern = tavern.with_player(replace(player, hand=(*player.hand,
                                                      replace(recipe, owner=name))))
    return tavern.note(f"{name} cooks {recipe.name}")


class Roxana(Mechanics):
    name = NAME
    handlers = frozenset({PREP})

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        """000: "At the beginning of your turn, reveal the top card from your Recipe Deck ...
        If there is already a Recipe there, you must choose which Recipe you wish to keep,
        putting the other one face down on the bottom of the Recipe Deck." With the Recipe
        Deck empty, nothing is revealed."""
        if tavern.player(owner).side != tavern.player(active).side or \
                tavern.player(owner).out:
            return tavern
        tavern, new = take_top(tavern, RECIPES)
        if new is None:
            return tavern
        tavern = tavern.note(f"{owner} reveals the Recipe {new.name}")
        old = next(iter(tavern.pile(available(owner))), None)
        if old is None:
            return tavern.with_pile(available(owner), (new,))
        keep = yield Decision("recipe", f"{owner}: keep which Recipe?", (old.name, new.name),
                              Decider.PLAYER, owner, state=tavern)
        kept, other = (old, new) if keep == old.name else (new, old)
        return tavern.with_pile(available(owner), (kept,)).with_pile(
            RECIPES, (other, *tavern.pile(RECIPES)))

    def action_phase(self, tavern: Tavern, name: str) -> Resolution[tuple[Tavern, int]]:
        tavern = yield from cook(tavern, name)
        return tavern, 0

    def resolved(self, tavern: Tavern, name: str, card: Card
                 ) -> Resolution[tuple[Tavern, bool]]:
        """000: "When a card like this resolves, you **must** place it on your Cutting Board
        above your Player Mat instead of putting it into your discard pile."; a cleaver: "you
        also **may** place a single additional Ingredient Card from your hand"."""
        if not ingredient(card) or card.owner not in ("", name):
            return tavern, False
        tavern = to_board(tavern, name, card).note(f"{card.name} goes on {name}'s Cutting "
                                                   "Board")
        if CLEAVER in card.icons:
            tavern = yield from from_hand(tavern, name, "cleaver")
        return tavern, True

    def virtual(self, tavern: Tavern, name: str) -> tuple[Card, ...]:
        """000: "At any time, you may spend any three Ingredients from your Cutting Board to
        draw a card from your Character Deck."""
        return (SMORGASBORD,) if len(tavern.pile(board(name))) >= 3 else ()

    def use_virtual(self, tavern: Tavern, name: str, card: Card) -> Resolution[Tavern]:
        """The three Ingredients are spent as it is played: "If a Smorgasbord activation is
        Negated, you do not get a refund"."""
        tavern = yield from spend(tavern, name, [ANY] * 3)
        return tavern.note(f"{name} spends three Ingredients on the Smorgasbord")

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        if step.handler == PREP:
            return (yield from from_hand(tavern, name, "prepped"))
        return tavern


register(Roxana())
