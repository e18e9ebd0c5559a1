"""Nitrel the Sapper (seed 000; seed 002's Minion and team notes): her Bomb Deck, as a table
of cases quoting the Compendium. The cards are her sample deck's
(``decks/characters/nitrel.toml``) and a few test cards."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi import characters
from tales.tavern.rdi.characters import nitrel
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Player,
    Stat,
    Step,
    Target,
    Tavern,
    Verb,
)
from tales.tavern.rdi.rules import CharacterDeck, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, grunted, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "nitrel.toml")
BOMBS = tuple(c for c in DECK.cards if c.pile == nitrel.BOMBS)


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


FIGHT = named("Fighting bomb on wheels (sample)")  # a player loses 1, then gets a Bomb
HOLD = named("Here, hold this (sample)")  # a player gets a Bomb
SPARKS = named("Sparks everywhere (sample)")  # each other player loses 1
BET = named("Bet you a bomb (sample)")  # a Bomb in the pot
SHIELD = named("Blast shield (sample)")  # Ignore an Action card
POPPER = named("Popper (sample)")  # lose 1
BIGGER = named("Bigger popper (sample)")  # lose 2
BANG = named("Pot of bang (sample)")  # pay 1 to pass it (not to Nitrel), or lose 3
OOPS = named("Oops (sample)")  # Nitrel loses 1
POOF = Card("Poof (test)", CardKind.SOMETIMES, (Step(Verb.IGNORE, target=Target.CARD,
                                                     stat=Stat.FORTITUDE),))
DUCK = Card("Duck (test)", CardKind.SOMETIMES, (Step(Verb.REDUCE, 2, stat=Stat.FORTITUDE),))
COUNTER = Card("Swift counterattack (test)", CardKind.SOMETIMES, (Step(Verb.HIT_BACK, 0),))


def sapper(*hand: Card, team: str = "") -> Player:
    return replace(seat("nitrel", *hand, mechanics="nitrel"), team=team)


def bombs(start: Start, deck: tuple[Card, ...] = (), discards: tuple[Card, ...] = (),
          pot: tuple[Card, ...] = ()) -> Start:
    """The Bomb Deck (its top is the last), its discards and the Bombs in the pot."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = tavern.with_pile(nitrel.BOMBS, deck).with_pile(nitrel.DISCARDS, discards)
        tavern = tavern.with_pile(nitrel.POT, pot)
        return (yield from start(tavern))
    return begin


def pot_won(winner: str | None) -> Start:
    """A Round of Gambling ends, won by ``winner`` (None: nobody)."""
    def start(tavern: Tavern) -> Resolution[Tavern]:
        for player, rules in characters.every(tavern):
            tavern = rules.after_round(tavern, player.name, ("nitrel", "bob"), winner)
        return (yield from characters.owed_choices(tavern))
    return start



def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    return set_up(["nitrel", "bob"], [CharacterDeck("Nitrel", DECK.cards, "nitrel"),
                                      CharacterDeck("Bob", (POOF,) * 10)], tavern.drink_deck)


DISCARDS = "pile:" + nitrel.DISCARDS
CASES = [
    row("nitrel-bomb-deck", "000",
        "At the beginning of the game, shuffle your Bomb Deck and place it in the center of "
        "the table so that everyone can reach it.",
        [sapper()], setting_up, {}, {"pile:bombs": 18, "hand": 7}),
    row("nitrel-get-a-bomb", "000",
        "When this happens, that player reveals the top card of the Bomb Deck, carries out "
        "its effects, then discards the card.",
        [sapper(), seat("bob")], bombs(plays("nitrel", HOLD, "bob"), (POPPER,)), {},
        {"fortitude": {"bob": 19}, "pile:bombs": 0, DISCARDS: 1}),
    row("nitrel-example", "000",
        "Zot loses 1 Fortitude, then reveals Firecrackers from the top of the Bomb Deck. Zot "
        "loses another 1 Fortitude, then discards the Firecrackers.",
        [sapper(), seat("zot")], bombs(plays("nitrel", FIGHT, "zot"), (POPPER,)), {},
        {"fortitude": {"zot": 18}, DISCARDS: 1}),
    row("nitrel-holder-chooses", "000",
        "If a Bomb includes a choice, the player who currently controls the Bomb makes that "
        "choice.",
        [sapper(), seat("bob"), seat("carol")], bombs(plays("nitrel", HOLD, "bob"), (BANG,)),
        {"pass-bomb": ["carol", nitrel.KEEP]},
        {"fortitude": {"bob": 20, "carol": 17}, "gold": {"bob": 9, "carol": 10},
         "asked:bob": 1, "asked:carol": 1}),
    row("nitrel-card-first", "000",
        "If a card has other effects in addition to giving a player a Bomb, resolve all "
        "effects on the original card, then reveal and resolve the Bomb separately.",
        [sapper(), seat("bob", COUNTER), seat("carol")],
        bombs(plays("nitrel", FIGHT, "bob"), (BANG,)), {"pass-bomb": [nitrel.KEEP]},
        {"order": ("hit-back", "pass-bomb"), "fortitude": {"bob": 16}}),
    row("nitrel-reshuffle", "000",
        "If the Bomb Deck runs out of cards, shuffle the Bomb discard pile and use that as "
        "the new Bomb Deck.",
        [sapper(), seat("bob")], bombs(plays("nitrel", HOLD, "bob"), (), (POPPER,)), {},
        {"fortitude": {"bob": 19}, DISCARDS: 1, "pile:bombs": 0}),
    row("nitrel-bomb-in-the-pot", "000",
        "Several cards allow a Bomb to be added face down to the pot during a Round of "
        "Gambling.",
        [sapper(), seat("bob")], bombs(plays("nitrel", BET), (POPPER,)), {},
        {"pile:" + nitrel.POT: 1, "pile:bombs": 0, "fortitude": {"bob": 20}}),
    row("nitrel-pot-winner", "000",
        "When this happens, the player who wins the pot reveals all Bombs in the pot, then "
        "carries out their effects in the order of their choice.",
        [sapper(), seat("bob")], bombs(pot_won("bob"), pot=(POPPER, BIGGER)),
        {"bomb-order": [BIGGER.name]},
        {"fortitude": {"bob": 17}, DISCARDS: 2, "pile:" + nitrel.POT: 0}),
    row("nitrel-pot-nobody", "000",
        "If no player wins the pot, any Bombs in the pot are discarded face up and do not "
        "take effect.",
        [sapper(), seat("bob")], bombs(pot_won(None), pot=(POPPER, BIGGER)), {},
        {"fortitude": {"bob": 20, "nitrel": 20}, DISCARDS: 2}),
    row("nitrel-wins-her-own", "000",
        "(Note that Nitrel herself can get Bombs by winning a Round of Gambling!)",
        [sapper(), seat("bob")], bombs(pot_won("nitrel"), pot=(POPPER,)), {},
        {"fortitude": {"nitrel": 19}, DISCARDS: 1}),
    row("nitrel-answered-like-her-action", "000",
        "The effects of a Bomb may be reduced, Negated, Ignored, or responded to as though "
        "they came from an Action Card played by Nitrel.",
        [sapper(), seat("gerki", DUCK)], bombs(plays("nitrel", HOLD, "gerki"), (BIGGER,)),
        {"respond": [DUCK.name]}, {"fortitude": {"gerki": 20}, DISCARDS: 1}),
    row("nitrel-hit-back", "000",
        "Sera loses 2 Fortitude, then plays \u201cSwift counterattack\u201d to hit Nitrel "
        "back, so Nitrel also loses 2 Fortitude.",
        [sapper(), seat("sera", COUNTER)], bombs(plays("nitrel", HOLD, "sera"), (BIGGER,)),
        {"hit-back": [COUNTER.name]}, {"fortitude": {"sera": 18, "nitrel": 18}}),
    row("nitrel-backfire", "000",
        "Nitrel cannot hit Ozrik back, since the Fortitude loss from Backfire counts as though "
        "it came from Nitrel herself.",
        [sapper(COUNTER), seat("ozrik")], bombs(plays("nitrel", HOLD, "ozrik"), (OOPS,)), {},
        {"fortitude": {"nitrel": 19, "ozrik": 20}, "count:hit-back": 0}),
    row("nitrel-ignored-no-bomb", "000",
        "If a player Negates or Ignores a card that would give them a Bomb, they do not get a "
        "Bomb.",
        [sapper(), seat("bob", SHIELD)], bombs(plays("nitrel", HOLD, "bob"), (POPPER,)),
        {"respond": [SHIELD.name]}, {"fortitude": {"bob": 20}, "pile:bombs": 1}),
    row("nitrel-bomb-only-no-poof", "000",
        "Kaylin may not play \u201cPoof!\u201d here, because Nitrel\u2019s card does not "
        "affect Kaylin\u2019s Fortitude, Alcohol Content, or Gold. However, Kaylin may play "
        "\u201cPoof!\u201d on the resulting Bomb if that Bomb affects one of those attributes.",
        [sapper(), seat("kaylin", POOF)], bombs(plays("nitrel", HOLD, "kaylin"), (POPPER,)),
        {"respond": [POOF.name]}, {"fortitude": {"kaylin": 20}, "respond:kaylin": 1}),
    row("nitrel-minion", "002",
        "Nitrel\u2019s Bombs: Minions may not get Bombs from Nitrel. If a Minion would get a "
        "Bomb, Torglesnarf gets it instead.",
        [sapper(), seat("carol", mechanics="torglesnarf")],
        grunted(bombs(plays("nitrel", FIGHT, "Grunt #1 (carol)"), (POPPER,))),
        {"wages": ["discard it"]}, {"fortitude": {"carol": 19}, DISCARDS: 1}),
    row("nitrel-team-pass", "002",
        "If a Bomb says that it cannot be passed to Nitrel, it can still be passed to one of "
        "her teammates!",
        [sapper(team="A"), replace(seat("ned"), team="A"), seat("bob"), seat("carol")],
        bombs(plays("nitrel", HOLD, "bob"), (BANG,)), {"pass-bomb": ["ned", nitrel.KEEP]},
        {"options:pass-bomb": (nitrel.KEEP, "ned", "carol")}),
    row("nitrel-team-each-other", "002",
        "Nitrel: \u201cDrinksplosion\u201d and \u201cSpitfire Spinner\u201d affect each "
        "player that isn\u2019t on Nitrel\u2019s team.",
        [sapper(team="A"), replace(seat("ned"), team="A"), seat("bob")],
        plays("nitrel", SPARKS), {}, {"fortitude": {"nitrel": 20, "bob": 19}}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_nitrel(quote: str, players: list[Player], start: Start,
                answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    check_character(quote, players, start, answers, expected, "nitrel", ())


def test_nitrel_sample_deck() -> None:
    """40 cards and an 18-card Bomb Deck, labelled a sample: Bombs that hurt their holder,
    one that hurts Nitrel, one that may be passed on, one that does nothing."""
    assert DECK.mechanics == "nitrel" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards)
    assert len(DECK.cards) - len(BOMBS) == 40 and len(BOMBS) == 18
    assert all(c.immediate for c in BOMBS)
    handlers = {s.handler for c in DECK.cards for s in c.steps}
    assert {nitrel.BOMB, nitrel.TO_POT} <= handlers
    assert any(nitrel.PASSES in c.icons for c in BOMBS) and any(not c.steps for c in BOMBS)


def test_bots_bomb() -> None:
    """Bots at a table of Nitrels give Bombs, bet them and pass them on."""
    kinds, log = bot_games("nitrel", 3, 3)
    assert any(" reveals the Bomb " in line for line in log)
    assert any("adds a Bomb to the pot" in line for line in log)
    assert "pass-bomb" in kinds
