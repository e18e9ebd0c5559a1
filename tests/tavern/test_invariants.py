"""Invariants of The Red Dragon Inn over whole bot games, with every bundled Character Deck
(``decks/characters/*.toml``) and the sample Drink Deck: individual games of 2 to 6 players,
Two-Headed Dragon with 4 and 6, Boss Battle with 3 to 5, each with and without the Bar Deck
(which plays with the sample deck twice over, so that its Bar Deck is not empty).

* Gold is conserved: the stashes, the Inn and the pot always add up to the Gold in the box
  (the Inn may go below 0: substitute markers, A-57).
* Every mat's Fortitude and Alcohol Content stay within 0-20 at every Decision (A-57).
* No character card is lost or duplicated: each deck's cards are, whenever a player is asked
  for an Action, in hands, Character Decks, discard piles, the shared piles or in play as
  Minions (virtual
  cards, a character's abilities, are not cards). Boss cards are only the Boss's (A-05).
* No Drink is lost or duplicated (Drink Deck, discards, Bar Deck, Drink Me! piles, Drinks
  left in front of players, a character's side deck of Drinks and its discards: the Wench's
  Special Reserve).
* The game ends with winners, and replaying its recorded choices gives the same table.

Cards are counted only when an Action is asked for: in the middle of resolving, a card being
played (or a Drink being drunk) is in no pile.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.engine.game import Game
from tales.rules.decisions import Decision
from tales.tavern.rdi.bots import policy
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.model import HIGH, LOW, Card, Drink, Mode, Tavern, Variant
from tales.tavern.rdi.rules import CharacterDeck, play_game

DECKS = Path(__file__).resolve().parents[2] / "decks"
DRINKS = load_drinks(DECKS / "drinks-sample.toml")
CHARACTERS = tuple(load_character(path)
                   for path in sorted((DECKS / "characters").glob("*.toml")))
#: Villains for the Boss seat (any deck, made a villain, if none is bundled).
VILLAINS = tuple(d for d in CHARACTERS if d.villain) or (replace(CHARACTERS[0], villain=True),)
GOLD_IN_BOX = 200


@dataclass(frozen=True)
class Table:
    mode: Mode
    players: int
    bar_deck: bool

    def __str__(self) -> str:
        return f"{self.mode.value}, {self.players} players{', Bar Deck' if self.bar_deck else ''}"


TABLES = tuple(
    Table(mode, count, bar)
    for mode, counts in ((Mode.INDIVIDUAL, range(2, 7)), (Mode.TWO_HEADED_DRAGON, (4, 6)),
                         (Mode.BOSS_BATTLE, range(3, 6)))
    for count in counts for bar in (False, True))


def seating(table: Table, picks: list[int]) -> tuple[list[str], list[CharacterDeck]]:
    """Seat names and decks: ``picks`` chooses each seat's deck (the Boss's among the
    villains)."""
    decks = [CHARACTERS[pick % len(CHARACTERS)] for pick in picks[: table.players]]
    if table.mode is Mode.BOSS_BATTLE:
        decks[0] = VILLAINS[picks[0] % len(VILLAINS)]
    return [f"seat {n + 1}" for n in range(table.players)], decks


def card_key(card: Card) -> tuple[str, str]:
    return (f"pile {card.pile}" if card.pile else card.owner, card.name)


def dealt_cards(names: list[str], decks: list[CharacterDeck], boss: str) -> Counter[Any]:
    """Every character card the table starts with."""
    held: Counter[Any] = Counter()
    for name, deck in zip(names, decks, strict=True):
        for card in deck.cards:
            if card.boss and name != boss:
                continue
            held[card_key(replace(card, owner="" if card.pile else name))] += 1
    return held


def cards_on_table(tavern: Tavern) -> Counter[Any]:
    held: Counter[Any] = Counter()
    for player in tavern.players:
        held.update(card_key(c) for c in (*player.hand, *player.deck, *player.discard,
                                          *player.kept)  # kept: Bastian's Prayer Cards
                    if not c.virtual)
    for _, cards in tavern.piles:
        held.update(card_key(c) for c in cards if not c.virtual)
    held.update(card_key(m.card) for m in tavern.minions)  # Minions in play
    return held


def drinks_on_table(tavern: Tavern) -> Counter[str]:
    piles: list[tuple[Drink, ...]] = [tavern.drink_deck, tavern.drink_discard, tavern.bar,
                                      *(d for _, d in tavern.drink_piles)]
    for player in tavern.players:
        piles += [player.drink_me, player.in_front]
    return Counter(d.name for pile in piles for d in pile)


def boss_cards_are_the_bosss(tavern: Tavern) -> bool:
    boss = tavern.variant.boss
    return all(not c.boss or c.owner == boss
               for p in tavern.players for c in (*p.hand, *p.deck, *p.discard))


def mats_in_bounds(tavern: Tavern) -> bool:
    return all(LOW <= p.fortitude <= HIGH and LOW <= p.alcohol <= HIGH and p.gold >= 0
               for p in tavern.players)


@dataclass
class Played:
    final: Tavern
    game: Game[Tavern]
    states: int


def play(table: Table, picks: list[int], seed: int, bot: str) -> Played:
    """One bot game, checking the invariants at every Decision on the way."""
    names, decks = seating(table, picks)
    drinks = DRINKS * 2 if table.bar_deck else DRINKS
    variant = Variant(table.mode, bar_deck=table.bar_deck)
    game: Game[Tavern] = Game(lambda: play_game(names, decks, drinks, variant=variant))
    choose = policy(bot, np.random.default_rng(seed))
    cards = dealt_cards(names, decks, names[0] if table.mode is Mode.BOSS_BATTLE else "")
    drink_names = Counter(d.name for d in (*drinks, *(d for k in decks for d in k.drinks)))
    states = 0
    where = f"{table}, seed {seed}, decks {[d.character for d in decks]}"
    while game.pending is not None:
        decision: Decision[Any] = game.pending
        tavern = decision.state
        if isinstance(tavern, Tavern):
            states += 1
            at = f"{where}, decision {len(game.log)} ({decision.kind})"
            assert tavern.total_gold == GOLD_IN_BOX, f"Gold not conserved: {at}"
            assert mats_in_bounds(tavern), f"Fortitude/Alcohol/Gold out of bounds: {at}"
            if decision.kind == "action":
                assert cards_on_table(tavern) == cards, f"character cards changed: {at}"
                assert drinks_on_table(tavern) == drink_names, f"Drinks changed: {at}"
                assert boss_cards_are_the_bosss(tavern), f"a Boss card strayed: {at}"
        game.answer(choose(decision))
    assert game.result is not None
    final = game.result
    assert final.total_gold == GOLD_IN_BOX, where
    assert mats_in_bounds(final), where
    assert cards_on_table(final) == cards, where
    assert drinks_on_table(final) == drink_names, where
    assert final.winners, where
    again: Game[Tavern] = Game(lambda: play_game(names, decks, drinks, variant=variant),
                               choices=game.choices)
    assert again.done and again.result == final, f"the replay differs: {where}"
    return Played(final, game, states)


#: More games for a soak run: ``TAVERN_GAMES=2000 pytest tests/tavern/test_invariants.py``.
GAMES = int(os.environ.get("TAVERN_GAMES", "120"))


@settings(max_examples=GAMES, deadline=None)
@given(table=st.sampled_from(TABLES),
       picks=st.lists(st.integers(0, 10_000), min_size=6, max_size=6),
       seed=st.integers(0, 2**32 - 1), bot=st.sampled_from(("random", "greedy")))
def test_random_games_keep_the_invariants(table: Table, picks: list[int], seed: int,
                                          bot: str) -> None:
    played = play(table, picks, seed, bot)
    assert played.states > 0


@pytest.mark.parametrize("index", range(len(TABLES)),
                         ids=[str(t).replace(", ", "-").replace(" ", "-") for t in TABLES])
def test_every_table_plays_to_a_winner(index: int) -> None:
    """Each kind of table at least once per run (hypothesis may not draw them all), the
    bundled decks seated in turn across the tables."""
    table = TABLES[index]
    picks = [index * 6 + seat for seat in range(6)]
    final = play(table, picks, seed=index, bot="greedy" if index % 2 else "random").final
    winners = final.winners or ()
    sides = {final.player(n).side for n in winners}
    assert len(sides) == 1 or any(line.startswith(("a tie between", "stopped after"))
                                  for line in final.log), final.log[-3:]


TORGLESNARF = next(n for n, d in enumerate(CHARACTERS) if d.mechanics == "torglesnarf")


@pytest.mark.parametrize("seed", range(6))
def test_several_copies_of_a_minion_deck_keep_the_invariants(seed: int) -> None:
    """Six copies of Torglesnarf's deck at one table (a random game once lost a Minion card
    this way, and once dealt a loss to a Minion already gone): many Minions of one name."""
    play(Table(Mode.INDIVIDUAL, 6, seed % 2 == 1), [TORGLESNARF] * 6, seed,
         "random" if seed % 3 else "greedy")


WENCH = next(n for n, d in enumerate(CHARACTERS) if d.mechanics == "wench")


@pytest.mark.parametrize("seed", range(4))
def test_special_reserve_drinks_keep_the_invariants(seed: int) -> None:
    """Four copies of the Wench's deck at one table: their Special Reserve Decks, merged,
    are never lost among the Drink Me! piles, the Elixirs in front and the discards."""
    play(Table(Mode.INDIVIDUAL, 4, seed % 2 == 1), [WENCH] * 4, seed,
         "greedy" if seed < 2 else "random")


WRENCH = next(n for n, d in enumerate(CHARACTERS) if d.mechanics == "wrench")


@pytest.mark.parametrize("seed", range(4))
def test_gizmos_keep_the_invariants(seed: int) -> None:
    """Wrench's deck at every seat: Gizmos come into play, tick down, break down, are
    sacrificed and are hit by everyone; no card is lost and Fortitude stays within 0-20."""
    play(Table(Mode.INDIVIDUAL, 4, seed % 2 == 1), [WRENCH] * 4, seed,
         "greedy" if seed < 2 else "random")
