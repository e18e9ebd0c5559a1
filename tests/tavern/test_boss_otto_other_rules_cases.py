"""Boss Otto - Other Rules (001): "Affecting Boss Otto's Hand or Deck" through the card
language's hand and deck steps (:mod:`tales.tavern.rdi.handdeck`), and his Gambling Deck's
"Otto passes", as a case table on the small Boss Otto table of ``test_boss_otto_cases``.
The bundled sample cards that use each step are checked too (``decks/otto``)."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from tales.tavern import DECKS
from tales.tavern.rdi.gambling import start_round
from tales.tavern.rdi.model import Card, CardKind, Step, Tavern, Verb, Who
from tales.tavern.rdi.otto import turn
from tales.tavern.rdi.ottodata import ACTIONS, GAMBLING, OTTO, SOMETIMES, OttoCard, threat
from tales.tavern.rdi.ottodata import DECKS as DECK_OF

from ._play import run
from ._seeds import row
from .test_boss_otto_cases import (
    BLUFF,
    IM_IN,
    PEANUTS,
    PUNCH,
    Check,
    Start,
    game,
    otto_of,
    plays,
    said,
    verify,
)

FOLD = OttoCard(Card("Fold (test)", CardKind.GAMBLING, pile=DECK_OF[CardKind.GAMBLING]), "A",
                passes=True)


def card(verb: Verb, amount: int = 1) -> Card:
    return Card(f"{verb.value} (test)", CardKind.ACTION, (Step(verb, amount, Who.TARGET),))


JUNK = Card("Junk (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -1, Who.TARGET),),
            owner="ann")


def piles(tavern: Tavern) -> list[int]:
    return [len(tavern.pile(p)) for p in (ACTIONS, f"{ACTIONS} discard", SOMETIMES,
                                          f"{SOMETIMES} discard")]


def with_discards(tavern: Tavern) -> Tavern:
    return tavern.with_pile(f"{ACTIONS} discard", (PUNCH.card,) * 2).with_pile(
        f"{SOMETIMES} discard", (PEANUTS.card,))


TOSS = Card("Coin in the cup (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -3, Who.TARGET),),
            dexterity=True)

CASES = [
    row("OTTO-hand-shuffle-each-deck-separately", "001",
        "If an effect would cause Boss Otto to shuffle his discard pile into his character "
        "deck, he does so with each of his decks separately.",
        plays("ann", card(Verb.SHUFFLE_DISCARDS), OTTO),
        with_discards(game((), actions=(PUNCH,))), {},
        lambda t, _: piles(t) == [3, 0, 1, 0]),
    row("OTTO-hand-into-his-deck-nothing", "001",
        "If an effect would cause Boss Otto to shuffle one or more cards from his hand into "
        "his deck, nothing happens.", plays("ann", card(Verb.SHUFFLE_HAND, 2), OTTO),
        with_discards(game((), actions=(PUNCH,))), {},
        lambda t, _: piles(t) == [1, 2, 0, 1] and said(t, "nothing happens") == 1),
    row("OTTO-hand-discards-back-nothing", "001",
        "If an effect would force Otto to return cards from his discard pile to his hand or "
        "deck, nothing happens.", plays("ann", card(Verb.RECOVER, 2), OTTO),
        with_discards(game((), actions=(PUNCH,))), {},
        lambda t, _: piles(t) == [1, 2, 0, 1] and otto_of(t).hand == ()),
    row("OTTO-hand-a-non-otto-card-is-discarded", "001",
        "If an effect would put a non-Otto card into or onto his deck, he discards it "
        "instead.", plays("ann", card(Verb.GIVE_CARDS), OTTO),
        game((JUNK,), actions=(PUNCH,)), {},
        lambda t, _: t.pile(ACTIONS) == (PUNCH.card,) and t.players[1].hand == ()
        and t.players[1].discard[-2:] == (JUNK, card(Verb.GIVE_CARDS))),
    row("OTTO-hand-looking-at-it-nothing", "001",
        "If an effect would change Otto's hand size, look at Otto's hand, or reveal cards "
        "from Otto's hand, nothing happens.", plays("ann", card(Verb.LOOK_HAND), OTTO),
        game(()), {}, lambda t, _: said(t, "nothing happens") == 1 and threat(t) == 1),
    row("OTTO-hand-players-choose-a-deck-to-reveal", "001",
        "If an effect would reveal or reorder cards in Otto's deck, the players may choose "
        "one of Otto's decks to reveal/reorder.", plays("ann", card(Verb.REVEAL_DECK, 2), OTTO),
        game((), actions=(PUNCH,), sometimes=(PEANUTS, PEANUTS, PEANUTS)),
        {"otto-deck": [SOMETIMES]},
        lambda t, asked: [d.options for d in asked if d.kind == "otto-deck"] == [
            (ACTIONS, SOMETIMES, GAMBLING)] and said(
            t, f"ann reveals {PEANUTS.card.name}, {PEANUTS.card.name} from {OTTO}'s") == 1
        and len(t.pile(SOMETIMES)) == 3),
    row("OTTO-hand-revealed-then-drawn-is-threat", "001",
        "If a reveal effect would then cause Otto to draw one or more of those cards, they "
        "instead are shuffled back into the appropriate deck and Otto gains 1 Threat.",
        plays("ann", card(Verb.REVEAL_DRAW, 1), OTTO), game((), actions=(PUNCH, PUNCH)),
        {"otto-deck": [ACTIONS]},
        lambda t, _: threat(t) == 2 and len(t.pile(ACTIONS)) == 2 and otto_of(t).hand == ()),
    row("OTTO-gambling-a-card-that-says-he-passes", "001",
        "If it is Boss Otto’s turn to act in a Round of Gambling, reveal the top card of his "
        "Gambling Deck and follow the instructions.", lambda t: start_round(t, "ann", IM_IN),
        game((), gambling=(BLUFF, FOLD)), {},
        lambda t, _: said(t, f"{OTTO} reveals Fold (test): he passes") == 1
        and said(t, "ann wins the Round") == 1 and t.pile(f"{GAMBLING} discard")
        == (FOLD.card,)),
    row("OTTO-dexterity-he-ignores-the-card", "001",
        "If a card requires a physical action (such as Helmet Pong), Boss Otto Ignores that "
        "card.", plays("ann", TOSS, OTTO), game((), sometimes=(PEANUTS,)),
        {"dexterity": ["it worked"]},
        lambda t, _: otto_of(t).fortitude == 20 and otto_of(t).gold == 10
        and said(t, "is provoked") == 0),
    row("OTTO-dexterity-he-never-plays-one", "001",
        "Dexterity Cards: If a card requires a physical action", lambda t: turn(t),
        game((), actions=(PUNCH,), otto_fields={"kept": (TOSS,)}), {},
        lambda t, _: said(t, f"{OTTO} plays Punch (test)") == 1 and otto_of(t).kept == (TOSS,)
        and t.players[1].fortitude == 18),
]


@pytest.mark.parametrize(("quote", "start", "tavern", "answers", "check"), CASES)
def test_boss_otto_other_rule(quote: str, start: Start, tavern: Tavern,
                              answers: dict[str, list[Any]], check: Check) -> None:
    verify(quote, start, tavern, answers, check)


def test_the_bundled_samples_use_every_hand_and_deck_step() -> None:
    """Every hand and deck step is on a bundled sample card (the Gearwright), and the
    sample Otto decks have a card that says he passes."""
    from tales.tavern.rdi.handdeck import STEPS

    text = (DECKS / "otto" / "gearwright-sample.toml").read_text(encoding="utf-8")
    assert all(f"{verb.value} =" in text for verb in STEPS)
    sample = tomllib.loads((DECKS / "otto" / "boss-otto-sample.toml").read_text(
        encoding="utf-8"))
    assert {c["faction"] for c in sample["gambling"] if c.get("passes")} == {
        "Battlebot", "Gamblotron", "Mecha-Lich", "Abominaton"}


# --- the same steps for an ordinary player -----------------------------------------------


def _bob(tavern: Tavern) -> Any:
    return tavern.player("bob")


def ordinary(verb: Verb, amount: int = 1, answers: dict[str, list[Any]] | None = None
             ) -> Tavern:
    from dataclasses import replace

    tavern = game((JUNK,), ())
    bob = replace(_bob(tavern), hand=(PUNCH.card, PEANUTS.card), deck=(BLUFF.card,),
                  discard=(IM_IN, FOLD.card))
    return run(plays("ann", card(verb, amount), "bob")(tavern.with_player(bob)), answers)


def test_shuffle_discards_puts_the_discard_pile_into_the_deck() -> None:
    bob = _bob(ordinary(Verb.SHUFFLE_DISCARDS))
    assert (len(bob.deck), bob.discard) == (3, ())


def test_shuffle_hand_moves_random_cards_into_the_deck() -> None:
    bob = _bob(ordinary(Verb.SHUFFLE_HAND, 1))
    assert (len(bob.hand), len(bob.deck)) == (1, 2)


def test_recover_takes_the_top_of_the_discard_pile() -> None:
    bob = _bob(ordinary(Verb.RECOVER, 1))
    assert bob.hand[-1] == FOLD.card and bob.discard == (IM_IN,)


def test_give_cards_puts_a_card_on_top_of_their_deck() -> None:
    bob = _bob(ordinary(Verb.GIVE_CARDS, 1))
    assert bob.deck[-1] == JUNK


def test_reveal_draw_gives_them_the_top_cards() -> None:
    bob = _bob(ordinary(Verb.REVEAL_DRAW, 1))
    assert bob.hand[-1] == BLUFF.card and bob.deck == ()


def test_a_dexterity_card_works_when_the_action_does() -> None:
    tavern = game((), ())
    worked = run(plays("ann", TOSS, "bob")(tavern), {"dexterity": ["it worked"]})
    missed = run(plays("ann", TOSS, "bob")(tavern), {"dexterity": ["it missed"]})
    assert (worked.mat("bob").fortitude, missed.mat("bob").fortitude) == (17, 20)
    assert any("missed: no effect" in line for line in missed.log)


def test_a_bot_answers_the_physical_action_by_its_seeded_chance() -> None:
    import numpy as np

    from tales.tavern.rdi.bots import policy

    tavern = game((), ())
    answers = set()
    for seed in range(12):
        bot = policy("greedy", np.random.default_rng(seed))
        final = run(plays("ann", TOSS, "bob")(tavern), default=bot)
        answers.add(final.mat("bob").fortitude)
        again = run(plays("ann", TOSS, "bob")(tavern),
                    default=policy("greedy", np.random.default_rng(seed)))
        assert again.mat("bob").fortitude == final.mat("bob").fortitude
    assert answers == {17, 20}
