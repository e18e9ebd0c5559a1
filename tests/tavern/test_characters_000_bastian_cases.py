"""Brother Bastian (seed 000): Prayer Tokens and Prayer Cards, as a table of cases quoting
the Compendium. The cards are his sample deck's (``decks/characters/bastian.toml``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tales.errors import ContentError
from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import bastian
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Tavern, Verb, Who
from tales.tavern.rdi.rules import CharacterDeck, action, draw_up, set_up
from tales.tavern.rdi.simulate import DECKS
from tales.tavern.rdi.terminal import table_lines

from ._play import Start, bot_games, check_character, plays, run, seat, table
from ._seeds import row

DECK = load_character(DECKS / "characters" / "bastian.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


JUSTICE = named("Prayer of Justice (sample)")  # Action, 3: a player loses 3 Fortitude
ZEAL = named("Prayer of Zeal (sample)")  # Action, 2: draw 1; another Action from the hand
WARDING = named("Prayer of Warding (sample)")  # Sometimes, 2: Ignore an Action card
STRIKE = named("Righteous strike (sample)")  # a player loses 2; gain a Prayer Token
HERESY = named("Heresy! (sample)")  # Negate an Action card
NO = Card("I don't think so! (test)", CardKind.SOMETIMES,
          (Step(Verb.NEGATE, target=named("Prayer of Rebuke (sample)").steps[0].target),))
CLUB = Card("Club (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
FILLER = Card("Filler (test)", CardKind.ANYTIME, (Step(Verb.DRAW, 1),))
PRAYERS = tuple(c for c in DECK.cards if c.pile == bastian.PRAYERS)


def monk(*hand: Card, prayer: int = 0, kept: tuple[Card, ...] = ()) -> Player:
    player = seat("bastian", *hand, mechanics="bastian", deck=(FILLER,) * 10,
                  tokens={bastian.PRAYER: prayer})
    return replace(player, kept=kept)


def acting(tavern: Tavern) -> Resolution[Tavern]:
    return action(tavern, "bastian")


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    return set_up(["bastian", "bob"], [CharacterDeck("Bastian", (FILLER,) * 10 + PRAYERS,
                                                     "bastian"),
                                       CharacterDeck("Bob", (FILLER,) * 10)], tavern.drink_deck)


def drawing_up(tavern: Tavern) -> Resolution[Tavern]:
    return draw_up(tavern, "bastian")


def twice(tavern: Tavern) -> Resolution[Tavern]:
    tavern = yield from action(tavern, "bastian")
    return (yield from action(tavern, "bastian"))


CASES = [
    row("bastian-deal-three-prayers", "000",
        "At the beginning of the game, shuffle your Prayer Cards together and deal yourself "
        "3. Remove the other 6 from the game, face down.",
        [seat("x")], setting_up, {}, {"kept": 3, "pile:prayers": 6, "hand": 7}),
    row("bastian-no-tokens-at-first", "000",
        "Bastian does not start the game with any Prayer Tokens, so he cannot play his "
        "Prayer Cards until later in the game.",
        [seat("x")], setting_up, {}, {"tokens": (0,)}),
    row("bastian-no-tokens-no-prayer", "000",
        "This is the number of Prayer Tokens that you must spend to play that Prayer Card.",
        [monk(STRIKE, prayer=2, kept=(JUSTICE,)), seat("bob")], acting, {},
        {"options:action": ("pass", STRIKE.name)}),
    row("bastian-pay-the-cost", "000",
        "This is the number of Prayer Tokens that you must spend to play that Prayer Card.",
        [monk(prayer=5, kept=(JUSTICE,)), seat("bob")], acting,
        {"action": [JUSTICE.name]}, {"tokens": (2,), "fortitude": {"bob": 17}}),
    row("bastian-prayer-as-its-subtype", "000",
        "You may play a Prayer Card whenever you could play a card from your hand of that "
        "type.",
        [seat("bob"), monk(prayer=2, kept=(WARDING,))], plays("bob", CLUB, "bastian"),
        {"respond": [WARDING.name]},
        {"fortitude": {"bastian": 20}, "tokens": (0,), "kept": 1}),
    row("bastian-prayer-stays-in-front", "000",
        "After a Prayer Card is played, it remains face up in front of you. You may play it "
        "later in the game as long as you can pay for it.",
        [monk(prayer=6, kept=(JUSTICE,)), seat("bob")],
        twice, {"action": [JUSTICE.name, JUSTICE.name]},
        {"tokens": (0,), "fortitude": {"bob": 14}, "kept": 1, "discard": 0}),
    row("bastian-no-refund", "000",
        "If a Prayer Card is Negated, Ignored, or otherwise altered, you do not get a refund "
        "of the Prayer Tokens you spent to play it.",
        [monk(prayer=3, kept=(JUSTICE,)), seat("bob", HERESY)], acting,
        {"action": [JUSTICE.name], "respond": [HERESY.name]},
        {"tokens": (0,), "fortitude": {"bob": 20}, "kept": 1}),
    row("bastian-sometimes-prayer-negated", "000",
        "So, for example, a Prayer Card with subtype \u201cSometimes\u201d may be Negated by "
        "\u201cI don\u2019t think so!\u201d",
        [seat("bob", NO), monk(prayer=2, kept=(WARDING,))], plays("bob", CLUB, "bastian"),
        {"respond": [WARDING.name, NO.name]},
        {"fortitude": {"bastian": 18}, "tokens": (0,), "kept": 1}),
    row("bastian-prayers-not-in-the-hand", "000",
        "Your Prayer Cards do not count as part of your hand, so you will refill your hand "
        "to 7 cards from your Character Deck each turn as normal, leaving your 3 Prayer "
        "Cards off to the side.",
        [monk(FILLER, kept=PRAYERS[:3]), seat("bob")], drawing_up, {},
        {"hand": 7, "kept": 3}),
    row("bastian-action-prayer-is-the-action", "000",
        "Playing a Prayer Card with subtype \u201cAction\u201d counts as your Action for the turn.",
        [monk(STRIKE, prayer=3, kept=(JUSTICE,)), seat("bob")], acting,
        {"action": [JUSTICE.name]},
        {"count:action": 1, "hand": 1, "fortitude": {"bob": 17}}),
    row("bastian-another-action-from-the-hand", "000",
        "In this case, you may not play another Prayer Card with subtype \u201cAction\u201d or "
        "replay the Prayer Card you just played.",
        [monk(STRIKE, prayer=5, kept=(ZEAL, JUSTICE)), seat("bob")], acting,
        {"action": [ZEAL.name], "another-action": [STRIKE.name]},
        {"options:another-action": ("pass", STRIKE.name), "fortitude": {"bob": 18},
         "tokens": (4,)}),
    row("bastian-another-action-only-the-hand", "000",
        "You also may not play a card that is not in your hand, such as one of Phrenk\u2019s "
        "Potion Cards.",
        [monk(prayer=5, kept=(ZEAL, JUSTICE)), seat("bob")], acting,
        {"action": [ZEAL.name]}, {"count:another-action": 0, "tokens": (3,), "kept": 2}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_bastian(quote: str, players: list[Player], start: Start,
                 answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, "bastian", (bastian.PRAYER,))


def test_bastian_sample_deck() -> None:
    """40 cards and 9 Prayer Cards, a sample: each Prayer Card stays and costs tokens."""
    assert DECK.mechanics == "bastian" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards)
    assert len(DECK.cards) - len(PRAYERS) == 40 and len(PRAYERS) == 9
    assert all(c.stays and c.cost and c.cost[0][0] == bastian.PRAYER for c in PRAYERS)
    assert not any(c.stays or c.cost for c in DECK.cards if c not in PRAYERS)
    assert {c.kind for c in PRAYERS} == {CardKind.ACTION, CardKind.SOMETIMES,
                                         CardKind.ANYTIME}


def test_bots_pray() -> None:
    """Bots at a table of Bastians earn Prayer Tokens and spend them on Prayer Cards."""
    _, log = bot_games("bastian", 3, 3)
    assert any(" prayer on Prayer of " in line for line in log)


def test_a_cost_is_for_cards_played_for_their_effect(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text('character = "x"\n[[cards]]\nname = "In (test)"\nkind = "gambling"\n'
                    'starts_round = true\ncost = { prayer = 1 }\n', encoding="utf-8")
    with pytest.raises(ContentError, match="'cost' is for an Action, Sometimes or Anytime"):
        load_character(path)


SEEN = [
    row("bastian-prayers-hidden", "000",
        "You may look at your Prayer Cards at any time, but you should keep them hidden from "
        "other players.", False),
    row("bastian-played-prayer-revealed", "000",
        "To play a Prayer Card, reveal it (if it isn't already revealed) and pay for it.", True),
]


@pytest.mark.parametrize(("quote", "played"), SEEN)
def test_prayer_cards_at_the_terminal(quote: str, played: bool) -> None:
    """Bastian sees his Prayer Cards; another player sees them face down until played."""
    tavern = table([monk(prayer=3, kept=(JUSTICE, ZEAL)), seat("bob")])
    if played:
        tavern = run(acting(tavern), {"action": [JUSTICE.name]})
    mine, theirs = (" ".join(table_lines(tavern, n)) for n in ("bastian", "bob"))
    assert JUSTICE.name in mine and ZEAL.name in mine, quote
    assert ZEAL.name not in theirs, quote
    assert f"{1 if played else 2} face down" in theirs, quote
    assert (JUSTICE.name in theirs) is played, quote


class _Lucky(bastian.Bastian):
    """Bastian with a Luck Potion on his next card: its numbers 2 further from zero (the
    engine's hook for "cards that affect the numerical values on cards")."""

    def amounts(self, tavern: Tavern, name: str, card: Card, steps: tuple[Step, ...]
                ) -> tuple[Step, ...]:
        return tuple(replace(s, amount=s.amount + (2 if s.amount > 0 else -2))
                     if s.amount else s for s in steps)


LUCK = [
    row("bastian-luck-potion-not-the-cost", "000",
        "Cards that affect the numerical values on cards (like Luck Potion) do not affect a "
        "Prayer Card's cost in Prayer Tokens, but they do affect other numerical values.",
        3, 5),
    row("bastian-luck-potion-example", "000",
        "He pays 3 Prayer Tokens and loses 5 Alcohol Content.", 3, 5),
]


@pytest.mark.parametrize(("quote", "paid", "sobered"), LUCK)
def test_luck_potion_on_a_prayer(monkeypatch: pytest.MonkeyPatch, quote: str, paid: int,
                                 sobered: int) -> None:
    """A Prayer Card whose numbers are changed as it resolves (Prayer of Clarity: lose 3
    Alcohol Content, cost 3) still costs what it says."""
    from tales.tavern.rdi import characters

    characters.known()
    monkeypatch.setitem(characters.REGISTRY, "bastian", _Lucky())
    clarity = named("Prayer of Clarity (sample)")
    player = replace(monk(prayer=4, kept=(clarity,)), alcohol=8)
    tavern = run(plays("bastian", clarity)(table([player, seat("bob")])))
    assert tavern.player("bastian").count(bastian.PRAYER) == 4 - paid, quote
    assert tavern.player("bastian").alcohol == 8 - sobered, quote
