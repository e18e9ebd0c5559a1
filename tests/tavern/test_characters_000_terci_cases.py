"""Doctor Terci (seed 000): Medical Supply Tokens and Patients, as a table of cases quoting
the Compendium. The cards are their sample deck's (``decks/characters/terci.toml``)."""

from __future__ import annotations

from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import terci
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.effects import discard_cards
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Target, Tavern, Verb
from tales.tavern.rdi.rules import CharacterDeck, action_phase, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Got, Start, bot_games, check_got, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "terci.toml")


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


BILL = named("Doctor's bill (sample)")  # pay 1; Bandage
STING = named("Hold still, this will sting (sample)")  # lose 2; Salve or Splint
NEXT = named("Next patient, please! (sample)")  # dismiss a Waiting Patient; draw 1
MERCHANT = named("The grateful merchant (sample)")  # Patient (Bandage)
GOBLIN = named("The goblin with a broken arm (sample)")  # Patient (Splint, Bandage)
NOPE = Card("I don't think so! (test)", CardKind.SOMETIMES,
            (Step(Verb.NEGATE, target=Target.ACTION),))
DUCK = Card("Duck (test)", CardKind.SOMETIMES, (Step(Verb.IGNORE, target=Target.ACTION),))
FILLER = Card("Filler (test)", CardKind.ACTION, (Step(Verb.DRAW, 1),))
WAITING = terci.waiting("terci")
DISCARDS = f"{terci.PATIENTS} discard"


def doctor(*hand: Card, **supplies: int) -> Player:
    return seat("terci", *hand, mechanics="terci", deck=(FILLER,) * 5, tokens=supplies)


def patients(start: Start, waiting: tuple[Card, ...] = (), deck: tuple[Card, ...] = (),
             used: tuple[Card, ...] = ()) -> Start:
    def go(tavern: Tavern) -> Resolution[Tavern]:
        return start(tavern.with_pile(WAITING, waiting).with_pile(terci.PATIENTS, deck)
                     .with_pile(DISCARDS, used))
    return go


def turn_start(tavern: Tavern) -> Resolution[Tavern]:
    return terci.Terci().start_of_turn(tavern, "terci", "terci")


def acting(tavern: Tavern) -> Resolution[Tavern]:
    return action_phase(tavern, "terci")


def discarding(tavern: Tavern) -> Resolution[Tavern]:
    return discard_cards(tavern, "terci", 1)


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    other = CharacterDeck("Other", (FILLER,) * 40)
    return set_up(["terci", "bob"], [DECK, other], load_drinks(DECKS / "drinks-sample.toml"))


def supplies(t: Tavern) -> tuple[int, ...]:
    return tuple(t.player("terci").count(s) for s in terci.SUPPLIES)


def waiting(t: Tavern) -> list[str]:
    return [c.name for c in t.pile(WAITING)]


def hand(t: Tavern) -> list[str]:
    return [c.name for c in t.player("terci").hand]


CASES = [
    row("terci-setup-two-waiting", "000",
        "Reveal the top two cards from the Patient Deck and place them in the “Waiting "
        "Patient” slots above your player mat.",
        [], setting_up, {},
        [(lambda t: len(t.pile(WAITING)), 2), (lambda t: len(t.pile(terci.PATIENTS)), 12)]),
    row("terci-supply-after-the-card", "000",
        "When you play such a card, take one of that Medical Supply Token and put it on your "
        "player mat after all other effects on the card have been carried out.",
        [doctor(), seat("bob")], plays("terci", BILL, "bob"), {},
        [(supplies, (0, 0, 1)), (lambda t: t.player("bob").gold, 9)]),
    row("terci-split-icon", "000",
        "If the card has a split icon with multiple Medical Supplies, choose one of the tokens "
        "shown.",
        [doctor(), seat("bob")], plays("terci", STING, "bob"), {"supply": ["splint"]},
        [(supplies, (0, 1, 0))]),
    row("terci-negated-no-token", "000",
        "If a card that would give you a Medical Supply Token is Negated, you don’t get the "
        "token.",
        [doctor(), seat("bob", NOPE)], plays("terci", BILL, "bob"), {"respond": [NOPE.name]},
        [(supplies, (0, 0, 0))]),
    row("terci-ignored-still-a-token", "000",
        "If it is Ignored or otherwise altered, you do.",
        [doctor(), seat("bob", DUCK)], plays("terci", BILL, "bob"), {"respond": [DUCK.name]},
        [(supplies, (0, 0, 1)), (lambda t: t.player("bob").gold, 10)]),
    row("terci-three-at-most", "000",
        "If you would gain a Medical Supply Token, but all three of that particular token are "
        "already on your player mat, you don’t gain anything.",
        [doctor(bandage=3), seat("bob")], plays("terci", BILL, "bob"), {},
        [(supplies, (0, 0, 3))]),
    row("terci-treat-a-patient", "000",
        "At any time, you may spend a Patient’s required Medical Supply Tokens from your player "
        "mat, putting them back into the supply. If you do, take that Patient Card into your "
        "hand.",
        [doctor(splint=1, bandage=2), seat("bob")],
        patients(acting, waiting=(MERCHANT, GOBLIN)), {"treat": [GOBLIN.name, "pass"]},
        [(hand, [GOBLIN.name]), (supplies, (0, 0, 1)), (waiting, [MERCHANT.name])]),
    row("terci-patient-discarded-from-hand", "000",
        "Patient Cards in your hand act like any other cards in your hand - you may discard "
        "them to effects that cause you to discard cards, and they count toward your hand "
        "limit.",
        [doctor(MERCHANT), seat("bob")], discarding, {},
        [(hand, []), (lambda t: len(t.pile(DISCARDS)), 1)]),
    row("terci-fill-waiting", "000",
        "At the beginning of your turn, before your Discard and Draw Phase, fill any empty "
        "Waiting Patient slots by revealing new cards from the Patient Deck.",
        [doctor(), seat("bob")], patients(turn_start, waiting=(MERCHANT,), deck=(GOBLIN,)),
        {}, [(waiting, [MERCHANT.name, GOBLIN.name])]),
    row("terci-dismiss-only-when-a-card-says", "000",
        "Note that you may not discard Waiting Patients unless a card specifically says that "
        "you may do so.",
        [doctor(), seat("bob")], patients(plays("terci", NEXT), waiting=(MERCHANT, GOBLIN)),
        {"dismiss": [GOBLIN.name]},
        [(waiting, [MERCHANT.name]), (lambda t: len(t.pile(DISCARDS)), 1)]),
    row("terci-reshuffle-patients", "000",
        "If your Patient Deck runs out, shuffle the Patient discard pile and use that as the "
        "new Patient Deck.",
        [doctor(), seat("bob")], patients(turn_start, used=(MERCHANT, GOBLIN)), {},
        [(lambda t: len(t.pile(WAITING)), 2), (lambda t: len(t.pile(DISCARDS)), 0)]),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_terci(quote: str, players: list[Player], start: Start,
               answers: dict[str, list[Any]], expected: list[tuple[Got, object]]) -> None:
    check_got(quote, players, start, answers, expected)


def test_terci_sample_deck() -> None:
    """40 cards and a 14-card Patient Deck, a sample: every supply, split icons."""
    assert DECK.mechanics == "terci" and DECK.character.endswith("(sample deck)")
    assert len([c for c in DECK.cards if not c.pile]) == 40
    assert len([c for c in DECK.cards if c.pile == terci.PATIENTS]) == 14
    handlers = {s.handler for c in DECK.cards for s in c.steps if s.handler}
    assert {h for h in handlers if " or " in h} and terci.DISMISS in handlers


def test_bots_treat_patients() -> None:
    """Bots at a table of Tercis gather supplies and treat Patients."""
    _, log = bot_games("terci", 3, 2)
    assert any(" treats " in line for line in log)
