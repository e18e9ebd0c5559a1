"""Baron von Vlazlo (seed 000): Blood Tokens, Blood costs and form cards, as a table of
cases quoting the Compendium. The cards are his sample deck's
(``decks/characters/vlazlo.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import vlazlo
from tales.tavern.rdi.decks import load_character, load_drinks
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
from tales.tavern.rdi.rules import CharacterDeck, draw_up, set_up
from tales.tavern.rdi.simulate import DECKS
from tales.tavern.rdi.zones import playable

from ._play import Got, Start, bot_games, check_got, plays, run, seat, table
from ._seeds import row

DECK = load_character(DECKS / "characters" / "vlazlo.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


NIBBLE = named("A little nibble (sample)")  # lose 1; 2 Blood
HUNGER = named("The hunger (sample)")  # costs 2 Blood
RIP = named("Rip them in half (sample)")  # Wolf
FLIT = named("Flit away (sample)")  # Bat
NOPE = Card("I don't think so! (test)", CardKind.SOMETIMES,
            (Step(Verb.NEGATE, target=Target.ACTION),))
DUCK = Card("Duck (test)", CardKind.SOMETIMES, (Step(Verb.IGNORE, target=Target.ACTION),))
FILLER = Card("Filler (test)", CardKind.ACTION, (Step(Verb.DRAW, 1),))


def vampire(*hand: Card, blood: int = 0, **fields: Any) -> Player:
    return replace(seat("vlazlo", *hand, mechanics="vlazlo", deck=(FILLER,) * 10,
                        tokens={vlazlo.BLOOD: blood}), **fields)


def forms(start: Start) -> Start:
    def go(tavern: Tavern) -> Resolution[Tavern]:
        return start(tavern.with_pile("wolf", (RIP, RIP)).with_pile("bat", (FLIT, FLIT)))
    return go


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    other = CharacterDeck("Other", (FILLER,) * 40)
    tavern = yield from set_up(["vlazlo", "bob"], [DECK, other],
                               load_drinks(DECKS / "drinks-sample.toml"))
    return (yield from vlazlo.Vlazlo().start_of_turn(tavern, "vlazlo", "vlazlo"))


def drawing(tavern: Tavern) -> Resolution[Tavern]:
    return draw_up(tavern, "vlazlo")


def blood(t: Tavern) -> int:
    return t.player("vlazlo").count(vlazlo.BLOOD)


def hand(t: Tavern) -> list[str]:
    return [c.name for c in t.player("vlazlo").hand]


CASES = [
    row("vlazlo-setup-form-card", "000",
        "Draw a card from your choice of the Wolf Deck or the Bat Deck, then draw 6 cards from "
        "your Character Deck, for a total of 7 cards.",
        [], setting_up, {"form": ["Bat Deck"]},
        [(lambda t: len(t.player("vlazlo").hand), 7),
         (lambda t: sum(c.pile == "bat" for c in t.player("vlazlo").hand), 1),
         (lambda t: len(t.pile("bat")), 7)]),
    row("vlazlo-blood-after-the-card", "000",
        "When you play one of these cards, move that many Blood Tokens from your supply to "
        "your player mat after all other effects on the card have been carried out.",
        [vampire(), seat("bob")], plays("vlazlo", NIBBLE, "bob"), {},
        [(blood, 2), (lambda t: t.player("bob").fortitude, 19)]),
    row("vlazlo-negated-no-blood", "000",
        "If a card that would give you Blood Tokens is Negated, you don’t get the tokens.",
        [vampire(), seat("bob", NOPE)], plays("vlazlo", NIBBLE, "bob"),
        {"respond": [NOPE.name]}, [(blood, 0)]),
    row("vlazlo-ignored-still-blood", "000",
        "However, if the card is Ignored, reduced or otherwise altered, you do get the tokens.",
        [vampire(), seat("bob", DUCK)], plays("vlazlo", NIBBLE, "bob"),
        {"respond": [DUCK.name]}, [(blood, 2), (lambda t: t.player("bob").fortitude, 20)]),
    row("vlazlo-eight-at-most", "000",
        "Vlazlo may never have more than 8 Blood Tokens on his player mat.",
        [vampire(blood=7), seat("bob")], plays("vlazlo", NIBBLE, "bob"), {}, [(blood, 8)]),
    row("vlazlo-buy-form-cards", "000",
        "After you discard cards in your Discard and Draw Phase, but before you draw new cards "
        "from your Character Deck, you may purchase form cards for 2 Blood Tokens each.",
        [vampire(FILLER, blood=5), seat("bob")], forms(drawing),
        {"form": ["Wolf Deck", "Bat Deck"]},
        [(blood, 1), (lambda t: len(t.player("vlazlo").hand), 7),
         (lambda t: {RIP.name, FLIT.name} <= set(hand(t)), True)]),
    row("vlazlo-buy-past-seven", "000",
        "You may purchase as many form cards as you can afford, even if purchasing would cause "
        "you to have more than 7 cards in hand.",
        [vampire(*(FILLER,) * 6, blood=4), seat("bob")], forms(drawing),
        {"form": ["Wolf Deck", "Wolf Deck"]},
        [(blood, 0), (lambda t: len(t.player("vlazlo").hand), 8)]),
    row("vlazlo-form-card-joins", "000",
        "That card becomes a part of your Character Deck for the rest of the game.",
        [vampire(), seat("bob")], plays("vlazlo", replace(RIP, owner="vlazlo"), "bob"), {},
        [(lambda t: [c.name for c in t.player("vlazlo").discard], [RIP.name]),
         (lambda t: t.pile("wolf discard"), ())]),
    row("vlazlo-blood-cost-no-refund", "000",
        "If you spend Blood Tokens in this way and the card is Negated or Ignored, you do not "
        "get a refund of the Blood Tokens you spent.",
        [vampire(blood=2), seat("bob", NOPE)], plays("vlazlo", HUNGER, "bob"),
        {"respond": [NOPE.name]}, [(blood, 0), (lambda t: t.player("bob").fortitude, 20)]),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_vlazlo(quote: str, players: list[Player], start: Start,
                answers: dict[str, list[Any]], expected: list[tuple[Got, object]]) -> None:
    check_got(quote, players, start, answers, expected)


COSTS = [
    row("vlazlo-blood-cost-needed", "000",
        "If you don't have enough Blood Tokens to pay the cost, you may not play the card."),
]


@pytest.mark.parametrize("quote", COSTS)
def test_a_blood_cost_needs_the_blood(quote: str) -> None:
    assert HUNGER.name not in {c.name for c in playable(table([vampire(HUNGER, blood=1)]),
                                                         "vlazlo")}, quote
    assert HUNGER.name in {c.name for c in playable(table([vampire(HUNGER, blood=2)]),
                                                     "vlazlo")}, quote


def test_vlazlo_sample_deck() -> None:
    """30 cards and 5 Boss cards; three 8-card form decks that join his deck, the
    Monstrosity Deck a Boss deck's; a villain."""
    assert DECK.mechanics == "vlazlo" and DECK.villain
    assert len([c for c in DECK.cards if not c.pile and not c.boss]) == 30
    assert len([c for c in DECK.cards if not c.pile and c.boss]) == 5
    assert all(c.boss for c in DECK.cards if c.pile == "monstrosity")
    for pile in vlazlo.FORMS.values():
        cards = [c for c in DECK.cards if c.pile == pile]
        assert len(cards) == 8 and all(c.joins for c in cards)
    assert any(c.cost == ((vlazlo.BLOOD, 2),) for c in DECK.cards)


def test_bots_buy_form_cards() -> None:
    _, log = bot_games("vlazlo", 3, 2)
    assert any("takes a card from his" in line for line in log)


# --- Vlazlo as the Boss (002, "Boss Battle") ---------------------------------------------------

MAW = named("Monstrous maw (sample)")  # Monstrosity


def boss_setting_up(mode: Mode, challengers: int = 2) -> Start:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        other = CharacterDeck("Other", (FILLER,) * 40, villain=True)
        names = ["vlazlo", *(f"c{n}" for n in range(challengers))]
        tavern = yield from set_up(names, [DECK, *[other] * challengers],
                                   load_drinks(DECKS / "drinks-sample.toml"),
                                   variant=Variant(mode))
        return (yield from vlazlo.Vlazlo().start_of_turn(tavern, "vlazlo", "vlazlo"))
    return start


def own_cards(t: Tavern) -> int:
    """His Character Deck: the cards in his hand and deck that are no form card."""
    player = t.player("vlazlo")
    return sum(not c.pile for c in (*player.hand, *player.deck))


def monstrous(start: Start) -> Start:
    def go(tavern: Tavern) -> Resolution[Tavern]:
        return start(tavern.with_pile("wolf", (RIP,)).with_pile("bat", (FLIT,))
                     .with_pile("monstrosity", (MAW, MAW)))
    return go


BOSS = Variant(Mode.BOSS_BATTLE, boss="vlazlo")

BOSS_CASES = [
    row("vlazlo-boss-35-cards", "002",
        "The Boss shuffles their Boss Cards into their Character Deck. For Amundyr, Daareka, "
        "and Torglesnarf, this will result in a 55-card Character Deck. For Vlazlo, it will "
        "result in a 35-card Character Deck.",
        boss_setting_up(Mode.BOSS_BATTLE), {"form": ["Wolf Deck"]}, None,
        [(own_cards, 35)]),
    row("vlazlo-boss-three-form-decks", "002",
        "If the Boss is Vlazlo, he shuffles each of his three 8-card form decks separately "
        "(Bat, Wolf and Monstrosity) and leaves them each near his player mat. He then draws a "
        "card from the form deck of his choice.",
        boss_setting_up(Mode.BOSS_BATTLE), {"form": ["Monstrosity Deck"]},
        ("Wolf Deck", "Bat Deck", "Monstrosity Deck"),
        [(lambda t: len(t.pile("monstrosity")), 7), (lambda t: len(t.pile("wolf")), 8),
         (lambda t: sum(c.pile == "monstrosity" for c in t.player("vlazlo").hand), 1)]),
    row("vlazlo-boss-form-card-counts", "002",
        "The form card drawn by Vlazlo counts against his hand size, so he will draw one "
        "fewer card from his Character Deck.",
        boss_setting_up(Mode.BOSS_BATTLE, 3), {"form": ["Bat Deck"]}, None,
        [(lambda t: len(t.player("vlazlo").hand), 9),
         (lambda t: sum(not c.pile for c in t.player("vlazlo").hand), 8)]),
    row("vlazlo-boss-versus-boss-monstrosity", "000",
        "The 8-card Monstrosity Deck and the 5 Boss cards are only for the Boss variants and "
        "are not used in a normal game.",
        boss_setting_up(Mode.BOSS_VERSUS_BOSS), {"form": ["Wolf Deck"]},
        ("Wolf Deck", "Bat Deck", "Monstrosity Deck"), [(own_cards, 35)]),
    row("vlazlo-normal-game-no-monstrosity", "000",
        "(The 8-card Monstrosity Deck and the 5 Boss cards are only for the Boss variants and "
        "are not used in a normal game.",
        boss_setting_up(Mode.INDIVIDUAL), {"form": ["Wolf Deck"]}, ("Wolf Deck", "Bat Deck"),
        [(own_cards, 30), (lambda t: t.pile("monstrosity"), ())]),
    row("vlazlo-boss-buys-from-three", "002",
        "Vlazlo may use Blood Tokens to purchase cards from any of his three form decks during "
        "this phase.",
        monstrous(drawing), {"form": ["Monstrosity Deck"]},
        ("pass", "Wolf Deck", "Bat Deck", "Monstrosity Deck"),
        [(lambda t: MAW.name in hand(t), True), (blood, 0)]),
]


@pytest.mark.parametrize(("quote", "start", "answers", "options", "expected"), BOSS_CASES)
def test_vlazlo_as_the_boss(quote: str, start: Start, answers: dict[str, list[Any]],
                            options: tuple[str, ...] | None,
                            expected: list[tuple[Got, object]]) -> None:
    asked: list[Any] = []
    players = [vampire(FILLER, blood=2), seat("ann"), seat("bob")]
    tavern = run(start(table(players, variant=BOSS)), answers, asked=asked)
    if options is not None:
        assert next(d.options for d in asked if d.kind == "form") == options, quote
    for got, value in expected:
        assert got(tavern) == value, quote


def test_a_challenger_vlazlo_buys_no_monstrosity() -> None:
    """Only the Boss's form decks include the Monstrosity Deck."""
    challenger = replace(vampire(FILLER, blood=2), name="vlazlo")
    tavern = table([seat("boss"), challenger], variant=Variant(Mode.BOSS_BATTLE, boss="boss"))
    asked: list[Any] = []
    run(monstrous(drawing)(tavern), {"form": ["pass"]}, asked=asked)
    assert next(d.options for d in asked if d.kind == "form") == ("pass", "Wolf Deck",
                                                                   "Bat Deck")


def test_bots_buy_monstrosity_as_the_boss() -> None:
    from tales.tavern.rdi.simulate import simulate

    report = simulate(4, 20, 0, ["vlazlo"], mode=Mode.BOSS_BATTLE, bot="greedy")
    assert report["games"] == 20
    assert report == simulate(4, 20, 0, ["vlazlo"], mode=Mode.BOSS_BATTLE, bot="greedy")
