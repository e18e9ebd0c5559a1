"""Hostile deck files and huge decks (issue 16, items 9 and 14): counts are bounded at load
with one line naming the file and line, a value that should be a word but is a list is
refused the same way, and shuffling n cards costs time linear in n (a Decision over every
card left made a 30,000-card Drink Deck take 46 s a game)."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tales.engine.game import chance_by
from tales.errors import ContentError
from tales.rules.decisions import Decision, resolve
from tales.tavern import chance
from tales.tavern.rdi.bots import policy
from tales.tavern.rdi.decks import MOST_CARDS, load_character, load_drinks, load_events
from tales.tavern.rdi.model import Drink, Mode, Variant
from tales.tavern.rdi.rules import play_game
from tales.tavern.rdi.simulate import table

CARD = """character = "x (test)"
[[cards]]
name = "Jab (test)"
kind = "action"
steps = [ { fortitude = -1, who = "target" } ]
"""
DRINK = """[[drinks]]
name = "Light Ale"
alcohol = 1
"""
EVENT = """deck = "dungeon"
[[events]]
name = "Rats (test)"
steps = [ { fortitude = -1 } ]
"""
LOADERS = {"card": load_character, "drink": load_drinks, "event": load_events}
TEXTS = {"card": CARD, "drink": DRINK, "event": EVENT}


def refused(tmp_path: Path, kind: str, text: str) -> str:
    """The one-line error loading ``text`` as a ``kind`` file; it names file and line."""
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as error:
        LOADERS[kind](path)
    message = str(error.value)
    assert "\n" not in message and re.search(r"deck\.toml:\d+: ", message), message
    return message


@pytest.mark.parametrize("kind", sorted(LOADERS))
@pytest.mark.parametrize("count", ["9223372036854775807", "100000000000000000000",
                                   str(MOST_CARDS + 1), "0", "-1", "2.5", "true"])
def test_a_count_out_of_bounds_is_one_line(tmp_path: Path, kind: str, count: str) -> None:
    message = refused(tmp_path, kind, TEXTS[kind] + f"count = {count}\n")
    assert f"'count' is a whole number from 1 to {MOST_CARDS:,}" in message


@pytest.mark.parametrize("kind", sorted(LOADERS))
def test_a_deck_of_too_many_cards_in_all_is_one_line(tmp_path: Path, kind: str) -> None:
    first, rest = TEXTS[kind].split("[[", 1)
    text = first + f"[[{rest}count = {MOST_CARDS}\n" + f"[[{rest}count = 1\n"
    assert f"at most {MOST_CARDS:,} cards" in refused(tmp_path, kind, text)


def test_a_deck_of_the_most_cards_loads(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(DRINK + f"count = {MOST_CARDS}\n", encoding="utf-8")
    assert len(load_drinks(path)) == MOST_CARDS


@pytest.mark.parametrize(("kind", "old", "new"), [
    ("card", 'who = "target"', 'who = ["target"]'),
    ("card", 'who = "target"', 'who = "target", affecting = ["gold"]'),
    ("card", 'who = "target"', 'who = "target", if = { resource = "x", at_least = 1, '
                               'whose = ["you"] }'),
    ("card", 'kind = "action"\nsteps = [ { fortitude = -1, who = "target" } ]',
     'kind = "sometimes"\nsteps = [ { negate = ["action"] } ]'),
    ("card", 'kind = "action"\nsteps = [ { fortitude = -1, who = "target" } ]',
     'kind = "sometimes"\nsteps = [ { fortitude = 1 } ]\nphase = ["action"]'),
    ("drink", "alcohol = 1", 'event = ["drinking contest"]'),
    ("event", 'deck = "dungeon"', 'deck = ["dungeon"]'),
])
def test_a_list_for_a_word_is_one_line(tmp_path: Path, kind: str, old: str, new: str) -> None:
    assert old in TEXTS[kind]
    refused(tmp_path, kind, TEXTS[kind].replace(old, new))


def answered(n: int) -> tuple[list[Decision[Any]], tuple[int, ...]]:
    """Shuffle ``n`` cards, answering chance at random: the Decisions and the order."""
    asked: list[Decision[Any]] = []
    rng = np.random.default_rng(7)

    def answer(decision: Decision[Any]) -> Any:
        asked.append(decision)
        return decision.options[int(rng.choice(len(decision.options),
                                               p=decision.probabilities))]
    return asked, resolve(chance.shuffle(range(n), "the pile"), answer)


def test_shuffling_many_cards_asks_few_options_each() -> None:
    n = 20_000
    asked, order = answered(n)
    assert sorted(order) == list(range(n))
    assert max(len(d.options) for d in asked) <= chance.SPAN
    # A Decision over every card left offers n * (n + 1) / 2 options in all (200 million);
    # in blocks, at most two Decisions of SPAN options a card.
    assert sum(len(d.options) for d in asked) <= 2 * chance.SPAN * n


def test_a_small_pile_is_one_decision_a_card_and_the_first_answers_keep_its_order() -> None:
    asked, _ = answered(chance.SPAN)
    assert [len(d.options) for d in asked] == list(range(chance.SPAN, 1, -1))
    first = resolve(chance.shuffle(range(chance.SPAN), "the pile"), lambda d: d.options[0])
    assert first == tuple(range(chance.SPAN))


@pytest.mark.parametrize("n", [3, 5, 6])
def test_a_shuffle_in_blocks_makes_every_order_equally_likely(
        n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of 2 cards (and of 4): every answer sequence's probability, summed by
    the order it makes, is 1/n! for each of the n! orders."""
    monkeypatch.setattr(chance, "SPAN", 2)
    likely: Counter[tuple[int, ...]] = Counter()

    def walk(answers: tuple[int, ...], p: Fraction) -> None:
        game = chance.shuffle(range(n), "the pile")
        decision = next(game)
        try:
            for a in answers:
                decision = game.send(a)
        except StopIteration as done:
            likely[done.value] += p
            return
        assert decision.probabilities is not None
        for option, q in zip(decision.options, decision.probabilities, strict=True):
            walk((*answers, option), p * Fraction(q).limit_denominator(1000))

    walk((), Fraction(1))
    orders = set(itertools.permutations(range(n)))
    assert set(likely) == orders
    assert all(p == Fraction(1, len(orders)) for p in likely.values())


def test_a_game_with_a_huge_drink_deck_asks_a_linear_number_of_options() -> None:
    """10,000 Drinks: the game's Decisions offer a few hundred options a card in all."""
    n = 10_000
    drinks = tuple(Drink("Light Ale", 1) for _ in range(n))
    names, decks = table(4, None, Mode.INDIVIDUAL)
    offered: list[int] = []
    bot = chance_by(np.random.default_rng(3), policy("greedy", np.random.default_rng(3)))

    def count(decision: Decision[Any]) -> Any:
        offered.append(len(decision.options))
        return bot(decision)
    resolve(play_game(names, decks, drinks, variant=Variant(Mode.INDIVIDUAL)), count)
    assert sum(offered) <= 2 * chance.SPAN * n


def test_encounter_card_counts_are_bounded(tmp_path: Path) -> None:
    """Issue 45, item 6: `count = 65536` on an encounter card is refused at load (it made
    two games take 11-17 s); 0 copies is not a card either."""
    from tales.errors import ContentError
    from tales.tavern.encounter.cards import MOST_COPIES, load

    sample = Path(__file__).resolve().parents[2] / "decks" / "encounter" / "sample.toml"
    text = sample.read_text(encoding="utf-8")
    for bad in (MOST_COPIES + 1, 0, 65536):
        path = tmp_path / "big.toml"
        path.write_text(text.replace("count = ", f"count = {bad} # ", 1), encoding="utf-8")
        with pytest.raises(ContentError) as caught:
            load(path)
        assert f"'count' is a whole number from 1 to {MOST_COPIES:,}" in str(caught.value)
