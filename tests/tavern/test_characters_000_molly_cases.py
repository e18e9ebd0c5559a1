"""Molly the Stablehand (seed 000; 002's team note): her Stable Deck and Mounts, as a table of
cases quoting the Compendium. The cards are her sample deck's (``decks/characters/molly.toml``)
and a few test cards."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import molly
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.model import Card, CardKind, Player, Step, Tavern, Verb, Who
from tales.tavern.rdi.rules import CharacterDeck, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "molly.toml")
MOUNTS = tuple(c for c in DECK.cards if c.pile == molly.STABLE)


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


FEED = named("Don't feed them (sample)")  # a player loses 1; horseshoe
STALLS = named("Muck out the stalls (sample)")  # draw 1; horseshoe
FEEDING = named("Not now, it's feeding time (sample)")  # Ignore an Action card
BORT = named("Bort the donkey (sample)")  # Immediate: a player loses 1
GLITTER = named("Glitter the unicorn (sample)")  # Passive: 1 less Fortitude; Rival Bort
MULE = named("Sleepy mule (sample)")  # Passive: 1 less Alcohol
PANTHER = named("Prowling panther (sample)")  # Immediate; Rival Glitter: discard it, +1 Alcohol
SHELL = named("Shell the tortoise (sample)")  # Sometimes: Ignore an Action card
STAB = Card("Stab (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
COUNTER = Card("Counter (test)", CardKind.SOMETIMES, (Step(Verb.HIT_BACK, 1),))
FILLER = Card("Draw (test)", CardKind.ANYTIME, (Step(Verb.DRAW, 1),))


def at(card: Card, slot: int) -> Card:
    return replace(card, marker=slot)


def stablehand(*kept: Card, team: str = "") -> Player:
    return replace(seat("molly", mechanics="molly", deck=(FILLER,) * 5), kept=kept, team=team)


def stable(start: Start, deck: tuple[Card, ...] = (), discards: tuple[Card, ...] = ()) -> Start:
    """The Stable Deck (its top is the last card) and its discards."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        tavern = tavern.with_pile(molly.STABLE, deck)
        tavern = tavern.with_pile(f"{molly.STABLE} discard", discards)
        return (yield from start(tavern))
    return begin


def turn_starts(tavern: Tavern) -> Resolution[Tavern]:
    return molly.Molly().start_of_turn(tavern, "molly", "molly")


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    return set_up(["molly", "bob"], [CharacterDeck("Molly", DECK.cards, "molly"),
                                     CharacterDeck("Bob", (FILLER,) * 10)], tavern.drink_deck)


DISCARDS = "pile:stable discard"
CASES = [
    row("molly-stable-deck", "000",
        "Shuffle your Stable Deck and place it near the \u201cStable Deck\u201d space on your "
        "Player Mat.",
        [seat("molly")], setting_up, {}, {"pile:stable": len(MOUNTS), "hand": 7}),
    row("molly-three-slots", "000",
        "A Mount that is pushed off the \u201cAbout to Leave\u201d spot is discarded.",
        [stablehand(at(MULE, 0), at(SHELL, 1), at(GLITTER, 2)), seat("bob")],
        stable(turn_starts, (MULE,)), {},
        {"kept": 3, DISCARDS: 1, "slots": (MULE.name, MULE.name, SHELL.name)}),
    row("molly-just-got-here", "000",
        "When a new Mount comes into play, it takes the \u201cJust Got Here\u201d slot, pushing "
        "the other Mounts to the right as necessary.",
        [stablehand(at(MULE, 0)), seat("bob")], stable(turn_starts, (SHELL,)), {},
        {"slots": (SHELL.name, MULE.name)}),
    row("molly-immediate", "000",
        "Immediate Mounts take effect when revealed, then do nothing further other than stay "
        "in play.",
        [stablehand(), seat("bob")], stable(turn_starts, (BORT,)), {},
        {"fortitude": {"bob": 19}, "kept": 1}),
    row("molly-passive", "000",
        "Passive Mounts have an ongoing effect while that Mount is in play.",
        [stablehand(at(GLITTER, 0)), seat("bob")], stable(plays("bob", STAB, "molly")), {},
        {"fortitude": {"molly": 19}}),
    row("molly-sometimes", "000",
        "Mounts with the subtype \u201cSometimes\u201d may be played as though they were "
        "Sometimes Cards in your hand. If you play a Sometimes Mount in this way, discard it.",
        [stablehand(at(SHELL, 1)), seat("bob")], stable(plays("bob", STAB, "molly")),
        {"respond": [SHELL.name]}, {"fortitude": {"molly": 20}, "kept": 0, DISCARDS: 1}),
    row("molly-not-an-action", "000",
        "Immediate Mounts take effect when revealed, then do nothing further",
        [stablehand(at(BORT, 0)), seat("bob")], stable(lambda t: _actions(t)), {},
        {"options:action": ("pass", FEED.name)}),
    row("molly-rival", "000",
        "If you reveal a Mount with a Rival, and the listed Rival is already in play, follow "
        "the instructions in the Rival box on the Mount you just revealed (not the one "
        "already in play).",
        [stablehand(at(BORT, 0)), seat("bob")], stable(turn_starts, (GLITTER,)), {},
        {"slots": (GLITTER.name,), DISCARDS: 1}),
    row("molly-still-in-play", "000",
        "If the revealed Mount is still in play and it has an Immediate effect, resolve that "
        "effect.",
        [stablehand(at(GLITTER, 0)), seat("bob")], stable(turn_starts, (PANTHER,)), {},
        {"alcohol": {"molly": 1}, "fortitude": {"bob": 20}, "slots": (GLITTER.name,),
         DISCARDS: 1}),
    row("molly-start-of-turn", "000",
        "There are two times when you reveal a Mount Card: at the beginning of your turn, and "
        "whenever a card resolves that has the horseshoe icon in the bottom right.",
        [stablehand(), seat("bob")], stable(turn_starts, (MULE,)), {},
        {"slots": (MULE.name,), "pile:stable": 0}),
    row("molly-horseshoe-after", "000",
        "The Wench loses 1 Fortitude, then Molly reveals Bert the Donkey from the Stable Deck. "
        "Bert has an Immediate effect, so she picks Warthorn to lose 1 Fortitude from Bert.",
        [stablehand(), seat("wench"), seat("warthorn")],
        stable(plays("molly", FEED, "wench"), (BORT,)), {"target": ["warthorn"]},
        {"fortitude": {"wench": 19, "warthorn": 19}, "slots": (BORT.name,)}),
    row("molly-empty-slot", "000",
        "Prajeet takes the \u201cJust Got Here\u201d slot, Elandral moves to the \u201cEnjoying "
        "the Stay\u201d slot, and Bert stays in the \u201cAbout to Leave\u201d slot.",
        [stablehand(at(GLITTER, 0), at(BORT, 2)), seat("bob")],
        stable(turn_starts, (MULE,)), {},
        {"slots": (MULE.name, GLITTER.name, BORT.name), DISCARDS: 0}),
    row("molly-reshuffle", "000",
        "If the Stable Deck runs out, immediately reshuffle the Stable Deck discard pile and "
        "use that as the new Stable Deck.",
        [stablehand(), seat("bob")], stable(turn_starts, (), (MULE,)), {},
        {"slots": (MULE.name,), DISCARDS: 0}),
    row("molly-no-hit-back", "000",
        "Fortitude loss that comes from a Mount does not count as coming from any player, so "
        "neither the Mount nor Molly can be hit back by cards that would allow a player to do "
        "so.",
        [stablehand(), seat("bob", COUNTER)], stable(turn_starts, (BORT,)), {},
        {"fortitude": {"bob": 19, "molly": 20}, "count:hit-back": 0}),
    row("molly-not-answered", "000",
        "In addition, Mount effects may not be Negated, Ignored, reduced, etc. unless a card "
        "specifically allows it.",
        [stablehand(), seat("bob", FEEDING)], stable(turn_starts, (BORT,)), {},
        {"fortitude": {"bob": 19}, "respond:bob": 0}),
    row("molly-team-passive", "002",
        "Passive Mounts are Static Effects, so they only affect Molly, not her teammates.",
        [stablehand(at(GLITTER, 0), team="M"), replace(seat("ned"), team="M"), seat("bob")],
        stable(plays("bob", STAB, "ned")), {}, {"fortitude": {"molly": 18}}),
    row("molly-team-immediate", "002",
        "Immediate Mounts must be resolved by Molly herself.",
        [stablehand(team="M"), replace(seat("ned"), team="M"), seat("bob"), seat("carol")],
        stable(turn_starts, (BORT,)), {"target": ["carol"]},
        {"asked:molly": 1, "asked:ned": 0, "fortitude": {"carol": 19}}),
]


def _actions(tavern: Tavern) -> Resolution[Tavern]:
    """Molly's Action Phase with one card in hand: a Mount in play is not offered."""
    from tales.tavern.rdi.rules import action

    player = tavern.player("molly")
    return action(tavern.with_player(replace(player, hand=(FEED,))), "molly")


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_molly(quote: str, players: list[Player], start: Start,
               answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    seen: dict[str, Tavern] = {}

    def watch(tavern: Tavern) -> Resolution[Tavern]:
        seen["table"] = yield from start(tavern)
        return seen["table"]
    check_character(quote, players, watch, answers,
                    {k: v for k, v in expected.items() if k != "slots"}, "molly", ())
    if "slots" in expected:
        assert tuple(c.name for c in molly.mounts(seen["table"], "molly")) == \
            expected["slots"], quote


def test_molly_sample_deck() -> None:
    """40 cards and a Stable Deck, labelled a sample: Immediate, Passive and Sometimes
    Mounts, Rivals of both kinds of Rival box, cards with the horseshoe icon."""
    assert DECK.mechanics == "molly" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards)
    assert len(DECK.cards) - len(MOUNTS) == 40
    assert any(c.immediate for c in MOUNTS) and any(molly.PASSIVE in c.icons for c in MOUNTS)
    assert any(c.kind is CardKind.SOMETIMES for c in MOUNTS)
    boxes = {s.handler for c in MOUNTS if c.trigger for s in c.trigger.steps}
    assert {molly.DISCARD_THIS, molly.DISCARD_RIVAL} <= boxes
    assert any(molly.HORSESHOE in c.icons for c in DECK.cards if not c.pile)


def test_bots_ride() -> None:
    """Bots at a table of Mollys reveal Mounts, meet Rivals and play Sometimes Mounts."""
    _, log = bot_games("molly", 3, 3)
    assert any(" reveals the Mount " in line for line in log)
    assert any("Rival" in line for line in log)
    assert any(" plays Shell the tortoise (sample)" in line
               or " plays Buzzy the mosquito (sample)" in line for line in log)
