"""Evil Pooky (seed 000): Doppelgangers, as a table of cases quoting the Compendium. The
cards are his sample deck's (``decks/characters/evil_pooky.toml``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi import model
from tales.tavern.rdi.characters import evil_pooky as ep
from tales.tavern.rdi.characters import pooky
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Tavern, Verb, Who
from tales.tavern.rdi.rules import CharacterDeck, action, discard, draw_up, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "evil_pooky.toml")
NAME = "evil_pooky"


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


BITE = named("Evil bunny bite (sample)")  # Portal: a player loses 2
GRIM = named("Grim Fiona (sample)")  # Immediate: each other player loses 1
ZOT = named("Mirror Zot (sample)")  # keep: Action, lose 2 | give: turn starts, lose 2
NEGA = named("Negadonis-like (sample)")  # keep: Negate an Action | give: turn ends, lose 1
BOSS_ZOT = named("Boss mirror Zot (sample)")
FILLER = Card("Filler (test)", CardKind.ANYTIME, (Step(Verb.DRAW, 1),))
CLUB = Card("Club (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
TOSS = Card("Toss (test)", CardKind.ACTION, (Step(Verb.DISCARD, 1),))
DODGE = replace(named("Other-planar blink (sample)"), name="Dodge (test)")
BACK = Card("Back at you (test)", CardKind.SOMETIMES, (Step(Verb.HIT_BACK, 1),))
PILE, DISCARDS = ep.REGULAR, f"{ep.REGULAR} discard"
GIVEN = ep.before(NAME, "bob")


def bunny(*hand: Card, kept: tuple[Card, ...] = ()) -> Player:
    return replace(seat(NAME, *hand, mechanics=NAME, deck=(FILLER,) * 10), kept=kept)


def stocked(start: Start, deck: tuple[Card, ...] = (ZOT,), given: tuple[Card, ...] = (),
            discards: tuple[Card, ...] = (), boss: bool = False) -> Start:
    """``start`` with ``deck`` the Doppelganger Deck (top last), ``given`` in front of bob
    and ``discards`` in its discard pile."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = tavern.with_pile(PILE, deck).with_pile(GIVEN, given)
        tavern = tavern.with_pile(DISCARDS, discards)
        if boss:
            battle = model.Variant(model.Mode.BOSS_BATTLE, boss=NAME)
            tavern = replace(tavern, variant=battle).with_pile(ep.BOSS, (BOSS_ZOT,))
        return (yield from start(tavern))
    return begin


def setting_up(mode: model.Mode) -> Start:
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        other = CharacterDeck("Other", (FILLER,) * 10)
        return set_up([NAME, "bob", "eve"], [DECK, other, other], tavern.drink_deck,
                      variant=model.Variant(mode))
    return begin


def turn_of(who: str, ends: bool = False) -> Start:
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        rules = ep.EvilPooky()
        if ends:
            return (yield from rules.end_of_turn(tavern, NAME, who))
        return (yield from rules.start_of_turn(tavern, NAME, who))
    return begin


def acting(tavern: Tavern) -> Resolution[Tavern]:
    return action(tavern, NAME)


def drawing_up(who: str) -> Start:
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        return draw_up(tavern, who)
    return begin


def discarding(tavern: Tavern) -> Resolution[Tavern]:
    return discard(tavern, NAME)


def revealing(tavern: Tavern) -> Resolution[Tavern]:
    return ep.reveal(tavern, NAME)


def with_minion(start: Start) -> Start:
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = replace(tavern, minions=(model.Minion("Grunt #1 (bob)", "bob", CLUB),))
        return (yield from start(tavern))
    return begin


def out(player: Player) -> Player:
    return replace(player, out=True)


def resting(start: Start) -> Start:
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        return (yield from start(replace(tavern, resting=("bob",))))
    return begin


CASES = [
    row("evil-pooky-portal-after-effects", "000",
        "When you play one of these cards, reveal a Doppelganger after all other effects on "
        "the card have been carried out.",
        [bunny(), seat("bob")], stocked(plays(NAME, BITE, "bob"), (GRIM,)), {},
        {"fortitude": {"bob": 17}, "pile:" + DISCARDS: 1}),
    row("evil-pooky-immediate", "000",
        "When you reveal an Immediate Doppelganger, resolve its effect, then put the card in "
        "the Doppelganger discard pile.",
        [bunny(), seat("bob"), seat("eve")], stocked(revealing, (ZOT, GRIM)), {},
        {"fortitude": {"bob": 19, "eve": 19}, "pile:" + DISCARDS: 1, "pile:" + PILE: 1}),
    row("evil-pooky-split-kept", "000",
        "When you reveal a Split Doppelganger, you must choose whether to keep it and put it "
        "in front of yourself or give it to another player (who must put it in front of "
        "themselves).",
        [bunny(), seat("bob")], stocked(revealing, (GRIM, ZOT)),
        {"doppelganger": [ep.KEEP]}, {"kept": 1, "pile:" + GIVEN: 0}),
    row("evil-pooky-split-given", "000",
        "When you reveal a Split Doppelganger, you must choose whether to keep it and put it "
        "in front of yourself or give it to another player (who must put it in front of "
        "themselves).",
        [bunny(), seat("bob")], stocked(revealing, (GRIM, ZOT)),
        {"doppelganger": ["bob"]}, {"kept": 0, "pile:" + GIVEN: 1, "fortitude": {"bob": 20}}),
    row("evil-pooky-kept-played-as-its-subtype", "000",
        "It has a subtype and may be played as though it were a card in your hand.",
        [bunny(kept=(ZOT,)), seat("bob")], stocked(acting), {"action": [ZOT.name]},
        {"fortitude": {"bob": 18}, "kept": 0, "pile:" + DISCARDS: 1}),
    row("evil-pooky-kept-not-in-hand", "000",
        "(It is not actually part of your hand, however\u2014so, for example, you may not "
        "discard it to an effect that instructs you to discard a card from your hand.)",
        [bunny(kept=(ZOT,)), seat("bob")], stocked(plays(NAME, TOSS)), {},
        {"kept": 1, "hand": 0}),
    row("evil-pooky-kept-response", "000",
        "If Evil Pooky plays a Split Doppelganger from in front of him, it counts as though "
        "it were a card of the listed type played from his hand.",
        [seat("bob"), bunny(kept=(NEGA,))], stocked(plays("bob", CLUB, NAME)),
        {"respond": [NEGA.name]}, {"fortitude": {NAME: 20}, "kept": 0}),
    row("evil-pooky-trigger", "000",
        "When that game state happens, the Doppelganger does what it says to the player who "
        "has it, then is discarded.",
        [bunny(), seat("bob")], stocked(turn_of("bob"), given=(ZOT, NEGA)), {},
        {"fortitude": {"bob": 18}, "pile:" + GIVEN: 1, "pile:" + DISCARDS: 1}),
    row("evil-pooky-trigger-at-the-end", "000",
        "The effect on the right is the one that happens when you give the card to another "
        "player. This is a triggered ability that looks for a certain game state.",
        [bunny(), seat("bob")], stocked(turn_of("bob", ends=True), given=(ZOT, NEGA)), {},
        {"fortitude": {"bob": 19}, "pile:" + GIVEN: 1}),
    row("evil-pooky-trigger-not-yet", "000",
        "This is a triggered ability that looks for a certain game state.",
        [bunny(), seat("bob"), seat("eve")], stocked(turn_of("eve"), given=(ZOT,)), {},
        {"fortitude": {"bob": 20}, "pile:" + GIVEN: 1}),
    row("evil-pooky-trigger-ignored-as-action", "000",
        "If a Doppelganger causes an Immediate or triggered effect to happen, that effect may "
        "be responded to as though it were an Action Card played from Evil Pooky's hand. So, "
        "for example, you could Ignore Fortitude loss as though it were an Action Card",
        [bunny(), seat("bob", DODGE)], stocked(turn_of("bob"), given=(ZOT,)),
        {"respond": [DODGE.name]}, {"fortitude": {"bob": 20}, "pile:" + DISCARDS: 1}),
    row("evil-pooky-trigger-hit-back", "000",
        "or you could take that Fortitude loss and hit Evil Pooky back!",
        [bunny(), seat("bob", BACK)], stocked(turn_of("bob"), given=(ZOT,)),
        {"hit-back": [BACK.name]}, {"fortitude": {"bob": 18, NAME: 19}}),
    row("evil-pooky-hand-size-one", "000",
        "If Evil Pooky has 0 or 1 Doppelgangers in front of him, his hand size is 7, as "
        "normal.",
        [bunny(kept=(ZOT,)), seat("bob")], drawing_up(NAME), {}, {"hand": 7}),
    row("evil-pooky-hand-size-three", "000",
        "Each Doppelganger beyond the first reduces his hand size by 1. So, for example, if "
        "Evil Pooky has 3 Doppelgangers, his hand size is 5.",
        [bunny(kept=(ZOT, NEGA, ZOT)), seat("bob")], drawing_up(NAME), {}, {"hand": 5}),
    row("evil-pooky-keeps-doppelgangers", "000",
        "Evil Pooky may not choose to discard Doppelgangers in front of him during his "
        "Discard and Draw Phase!",
        [bunny(FILLER, kept=(ZOT,)), seat("bob")], discarding, {},
        {"options:discard": ("pass", FILLER.name), "kept": 1}),
    row("evil-pooky-others-hand-size", "000",
        "Players other than Evil Pooky do not have their hand size affected by the number of "
        "Doppelgangers in front of them.",
        [bunny(), replace(seat("bob"), deck=(FILLER,) * 10)],
        stocked(drawing_up("bob"), given=(ZOT, ZOT, NEGA)), {}, {"hand": 0}),
    row("evil-pooky-reshuffle", "000",
        "If you reveal the last card in the Doppelganger Deck, shuffle the Doppelganger "
        "discard pile and use that as the new Doppelganger Deck. If the last card revealed "
        "was an Immediate Doppelganger, leave that card out of the reshuffle.",
        [bunny(), seat("bob")], stocked(revealing, (GRIM,), discards=(ZOT, NEGA)), {},
        {"pile:" + PILE: 2, "pile:" + DISCARDS: 1, "fortitude": {"bob": 19}}),
    row("evil-pooky-out-doppelgangers-stay", "000",
        "If Evil Pooky loses the game, any Doppelgangers in front of other players stay "
        "where they are. They will still take effect when appropriate.",
        [out(bunny()), seat("bob")], stocked(turn_of("bob"), given=(ZOT,)), {},
        {"fortitude": {"bob": 18}, "pile:" + GIVEN: 0}),
    row("evil-pooky-ignoring-all", "000",
        "However, if that Doppelganger's effect happens while the player is still Ignoring "
        "all effects, they will Ignore it. The Doppelganger will still go to the "
        "Doppelganger discard pile if this happens.",
        [bunny(), seat("bob")], stocked(resting(turn_of("bob")), given=(ZOT,)), {},
        {"fortitude": {"bob": 20}, "pile:" + DISCARDS: 1, "pile:" + GIVEN: 0}),
    row("evil-pooky-no-minions", "000",
        "Evil Pooky may not choose to give a Split Doppelganger to any of Wrench's Gizmos or "
        "Torglesnarf's Minions.",
        [bunny(), seat("bob")], with_minion(stocked(revealing)), {},
        {"options:doppelganger": (ep.KEEP, "bob")}),
    row("evil-pooky-hits-pooky", "000",
        "If Evil Pooky has a Doppelganger in front of him and uses it to hit Pooky, Pooky's "
        "Mood gets worse.",
        [bunny(kept=(ZOT,)), seat("pooky", mechanics="pooky", tokens={pooky.MOOD: 1})],
        stocked(acting), {"action": [ZOT.name]}, {"fortitude": {"pooky": 18}}),
    row("evil-pooky-boss-deck", "000",
        "He also uses the Boss Battle Doppelganger deck instead of the regular one.",
        [bunny(), seat("bob")], stocked(revealing, (GRIM,), boss=True),
        {"doppelganger": [ep.KEEP]}, {"kept": 1, "pile:" + PILE: 1, "pile:" + ep.BOSS: 0}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_evil_pooky(quote: str, players: list[Player], start: Start,
                    answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, NAME, ())


def test_evil_pooky_worsens_pookys_mood() -> None:
    """The Mood row above, its token: Pooky is Manic after Evil Pooky's Doppelganger."""
    from ._play import run, table

    tavern = run(stocked(acting)(table([bunny(kept=(ZOT,)), seat(
        "pooky", mechanics="pooky", tokens={pooky.MOOD: 1})])), {"action": [ZOT.name]})
    assert tavern.player("pooky").count(pooky.MOOD) == 2


SETUP = [
    row("evil-pooky-no-boss-cards", "000",
        "Remove the 7 Boss Cards (those with dragon heads in the upper corners) from your "
        "Character Deck unless you are playing the Boss Battle variant.",
        model.Mode.INDIVIDUAL, 40, ep.REGULAR),
    row("evil-pooky-boss-cards-in-a-boss-battle", "000",
        "When playing Evil Pooky as the boss in a Boss Battle, he shuffles his 7 Boss Cards "
        "into his Character Deck.",
        model.Mode.BOSS_BATTLE, 47, ep.BOSS),
    row("evil-pooky-doppelganger-deck", "000",
        "Shuffle your 15-card Doppelganger Deck and leave it near your player mat.",
        model.Mode.INDIVIDUAL, 40, ep.REGULAR),
]


@pytest.mark.parametrize(("quote", "mode", "cards", "deck"), SETUP)
def test_evil_pooky_setup(quote: str, mode: model.Mode, cards: int, deck: str) -> None:
    from ._play import run, table

    tavern = run(setting_up(mode)(table([seat("x")])))
    player = tavern.player(NAME)
    assert len(player.hand) + len(player.deck) == cards, quote
    assert len(tavern.pile(deck)) == 15, quote
    assert ep.deck_of(tavern, NAME) == deck, quote


def test_evil_pooky_sample_deck() -> None:
    """40 cards, 7 Boss Cards and two 15-card Doppelganger Decks, each with Immediate and
    Split Doppelgangers."""
    assert DECK.mechanics == NAME and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards)
    own = [c for c in DECK.cards if not c.pile]
    assert len([c for c in own if not c.boss]) == 40 and len([c for c in own if c.boss]) == 7
    for pile in (ep.REGULAR, ep.BOSS):
        cards = [c for c in DECK.cards if c.pile == pile]
        assert len(cards) == 15
        assert any(c.immediate for c in cards) and any(c.trigger for c in cards)
    assert any(ep.PORTAL in c.icons for c in own)


def test_bots_summon() -> None:
    """Bots at a table of Evil Pookys reveal, keep, give and play Doppelgangers."""
    _, log = bot_games(NAME, 3, 3)
    for mark in (" reveals the Doppelganger ", " keeps ", " gives ", "'s)"):
        assert any(mark in line for line in log), mark
