"""Keet the Treasure Hunter (seed 000; 002's team notes): Artifacts that count as Gold, as a
table of cases quoting the Compendium. The cards are his sample deck's
(``decks/characters/keet.toml``) and a few test cards."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import keet
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.effects import drink_potion
from tales.tavern.rdi.gambling import ante
from tales.tavern.rdi.model import (
    EDITION,
    Card,
    CardKind,
    Mode,
    Player,
    Stat,
    Step,
    Target,
    Tavern,
    Variant,
    Verb,
    Who,
)
from tales.tavern.rdi.rules import CharacterDeck, action, resolve_losses, set_up, settle
from tales.tavern.rdi.simulate import DECKS
from tales.tavern.rdi.stats import gold

from ._play import Start, bot_games, check_character, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "keet.toml")
ARTIFACTS = tuple(c for c in DECK.cards if c.pile == keet.ARTIFACTS)


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


DUST = named("Dust off the find (sample)")  # reveal an Artifact, draw a card
LOOK = named("Let me see that (sample)")  # take an Artifact of your choice from a player
KEEPERS = named("Finders keepers (sample)")  # take one discarded to the Inn
COIN = named("Old coin (sample)")  # no subtype
NAIL = named("Rusty nail (sample)")  # Triggered: when face up, lose 1
GEM = named("Gem of tipsiness (sample)")  # Triggered: at the start of your turn, gain 1
CHARM = named("Lucky scarab charm (sample)")  # Static: 1 less Fortitude from each card
DAGGER = named("Ceremonial dagger (sample)")  # Action: a player loses 2
AMULET = named("Amulet of warding (sample)")  # Sometimes: Ignore an Action card
UP = {c.name: replace(c, revealed=True) for c in ARTIFACTS}
STAB = Card("Stab (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
TAX = Card("Tax (test)", CardKind.ACTION, (Step(Verb.PAY, 1, Who.TARGET),))
TOLL = Card("Toll (test)", CardKind.ACTION, (Step(Verb.PAY, 1, to_inn=True),))
COUNTER = Card("Counter (test)", CardKind.SOMETIMES, (Step(Verb.HIT_BACK, 1),))
PRAYER = Card("Providence (test)", CardKind.ACTION, (Step(Verb.COLLECT, 2),))
POOF = Card("Poof (test)", CardKind.SOMETIMES,
            (Step(Verb.IGNORE, target=Target.CARD, stat=Stat.GOLD),))
FILLER = Card("Draw (test)", CardKind.ANYTIME, (Step(Verb.DRAW, 1),))


def hunter(*hand: Card, kept: tuple[Card, ...] = (), gold_: int = 0, **fields: Any) -> Player:
    return replace(seat("keet", *hand, mechanics="keet", deck=(FILLER,) * 5), gold=gold_,
                   kept=kept, **fields)


def stashed(start: Start, **stashes: tuple[Card, ...]) -> Start:
    """Each mat's stash of Artifacts (``keet=(COIN, NAIL)``), then ``start``, then the
    Artifacts gained turned face up (:func:`keet.settle`); ``artifacts_discard``: the
    Artifact discards."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        for mat, cards in stashes.items():
            where = keet.DISCARDS if mat == "artifacts_discard" else keet.stash(mat)
            tavern = tavern.with_pile(where, cards)
        tavern = yield from start(tavern)
        return (yield from keet.settle(tavern))
    return begin


def setting_up(players: int, mode: Mode = Mode.INDIVIDUAL) -> Start:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        names = ["keet", *(f"p{n}" for n in range(1, players))]
        decks = [CharacterDeck("Keet", DECK.cards, "keet"),
                 *(CharacterDeck("Bob", (FILLER,) * 10) for _ in names[1:])]
        return set_up(names, decks, tavern.drink_deck, variant=Variant(mode))
    return start


def anteing(name: str) -> Start:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        tavern = ante(tavern, [name], 1)
        for_keet = keet.Keet()
        return for_keet.after_round(tavern, "keet", ("keet", "bob"), "bob")
        yield  # pragma: no cover
    return start


def losses(tavern: Tavern) -> Resolution[Tavern]:
    return resolve_losses(tavern)
    yield  # pragma: no cover


def potion(name: str) -> Start:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        player = tavern.player(name)
        tavern = tavern.with_player(player.with_count("potion", 1))
        return drink_potion(tavern, name, "Potion Token: gain 3 Gold from the Inn")
        yield  # pragma: no cover
    return start


def dealt_out(tavern: Tavern) -> Resolution[Tavern]:
    """A Keet who passed out: his Artifacts dealt, then who else passes out."""
    tavern = yield from keet.settle(tavern)
    return resolve_losses(tavern)


def passing_out(edition: int = EDITION) -> Start:
    """The losses settled as after any card (:func:`rules.settle`, which declares the
    winner), by the rules' ``edition``."""
    def start(tavern: Tavern) -> Resolution[Tavern]:
        tavern = replace(tavern, variant=replace(tavern.variant, edition=edition))
        return (yield from settle(tavern))
    return start


def acting(tavern: Tavern) -> Resolution[Tavern]:
    return action(tavern, "keet")


def out(player: Player) -> Player:
    return replace(player, out=True)


CASES = [
    row("keet-starts-with-artifacts", "000",
        "Instead of starting the game with 10 Gold (or 8 or 12, depending on the number of "
        "players), Keet starts with that many Artifacts.",
        [seat("keet")], setting_up(2), {},
        {"gold": {"keet": 0}, "gold-like": {"keet": 8}, "artifacts:keet": 8}),
    row("keet-others-gold", "000",
        "Each player other than Keet starts with Gold pieces, as normal.",
        [seat("keet")], setting_up(3), {},
        {"gold": {"p1": 10, "p2": 10}, "gold-like": {"keet": 10}, "inn": 200 - 20}),
    row("keet-unused-removed", "000",
        "Remove the unused Artifact Cards from the game face down.",
        [seat("keet")], setting_up(2), {}, {"pile:artifacts": 18 - 8}),
    row("keet-pays-a-player", "000",
        "An Artifact may be anted in a Round of Gambling, used to pay the Inn, used to pay "
        "other players, etc.",
        [hunter(), seat("bob")], stashed(plays("bob", TAX, "keet"), keet=(COIN, COIN)), {},
        {"gold-like": {"keet": 1, "bob": 11}, "artifacts:bob": 1, "up:bob": 1}),
    row("keet-pays-the-inn", "000",
        "Whenever you must pay the Inn or another player, you may choose to pay with a "
        "face-up or face-down Artifact you control instead of a Gold piece.",
        [hunter(), seat("bob")], stashed(plays("keet", TOLL), keet=(COIN,)), {},
        {"gold-like": {"keet": 0}, "pile:artifacts discard": 1, "inn": 50}),
    row("keet-gives-the-gem", "000",
        "Keet happily gives Eve his Gleaming Gem (and the negative effect that goes with "
        "it!)",
        [hunter(), seat("eve")], stashed(plays("eve", TAX, "keet"), keet=(COIN, UP[GEM.name])),
        {}, {"artifacts:eve": 1, "up:eve": 1, "artifacts:keet": 1, "up:keet": 0}),
    row("keet-discarded-face-down", "000",
        "If Keet discards a face-down Artifact, it is discarded, then revealed. The effects "
        "on that card never happen",
        [hunter(), seat("bob")], stashed(plays("keet", TOLL), keet=(NAIL,)), {},
        {"fortitude": {"keet": 20}, "pile:artifacts discard": 1, "gold-like": {"keet": 0}}),
    row("keet-inn-gold-only", "000",
        "He may not take any of the discarded Artifacts. He must take actual Gold pieces.",
        [seat("bastian"), hunter()],
        stashed(plays("bastian", PRAYER), artifacts_discard=(UP[COIN.name],)), {},
        {"gold": {"bastian": 12}, "pile:artifacts discard": 1, "artifacts:bastian": 0}),
    row("keet-coins-first", "000",
        "For the purpose of all game rules, an Artifact (face up or face down) counts as a "
        "Gold.",
        [hunter(gold_=1), seat("bob")], stashed(plays("bob", TAX, "keet"), keet=(COIN,)), {},
        {"gold": {"keet": 0, "bob": 11}, "artifacts:keet": 1}),
    row("keet-not-kicked-out", "000",
        "A player is not kicked out of the tavern unless they have no Gold and no Artifacts "
        "(this applies to all players, not just Keet).",
        [hunter(), replace(seat("bob"), gold=0), seat("carol")],
        stashed(losses, keet=(COIN,), bob=(UP[COIN.name],)), {},
        {"out": {"keet": False, "bob": False}}),
    row("keet-played-is-lost", "000",
        "A discarded Artifact is out of play and no longer counts as a Gold, so playing an "
        "Artifact for its effect means that you are losing a Gold!",
        [hunter(kept=(UP[DAGGER.name],)), seat("bob")], stashed(acting, keet=(COIN,)),
        {"action": [DAGGER.name]},
        {"fortitude": {"bob": 18}, "gold-like": {"keet": 1}, "pile:artifacts discard": 1}),
    row("keet-no-subtype", "000",
        "If an Artifact has no subtype, it also has no effect, so it simply counts as a Gold "
        "piece.",
        [hunter(), seat("bob")], stashed(plays("keet", DUST), keet=(COIN,)), {},
        {"kept": 0, "up:keet": 1, "gold-like": {"keet": 1}}),
    row("keet-face-down-no-effect", "000",
        "An Artifact must be face up to have any of its effects. A face-down Artifact simply "
        "counts as a Gold piece.",
        [hunter(), seat("bob")], stashed(plays("bob", STAB, "keet"), keet=(CHARM,)), {},
        {"fortitude": {"keet": 18}}),
    row("keet-static", "000",
        "Static Artifacts look for a certain game event (like losing Fortitude) and alter "
        "that event as it happens.",
        [hunter(), seat("bob")], stashed(plays("bob", STAB, "keet"), keet=(UP[CHARM.name],)),
        {}, {"fortitude": {"keet": 19}}),
    row("keet-triggered-no-player", "000",
        "If an effect from a Triggered Artifact causes you to lose Fortitude, that does not "
        "count as a player making you lose Fortitude.",
        [hunter(COUNTER), seat("bob")], stashed(plays("keet", DUST), keet=(NAIL,)), {},
        {"fortitude": {"keet": 19}, "count:hit-back": 0}),
    row("keet-reveal", "000",
        "To do this, choose a facedown Artifact in your Stash and turn it face up. If it is a "
        "Triggered Artifact with an immediate effect, resolve that effect.",
        [hunter(), seat("bob")], stashed(plays("keet", DUST), keet=(COIN, NAIL)),
        {"artifact": [2]}, {"fortitude": {"keet": 19}, "up:keet": 1}),
    row("keet-others-reveal", "000",
        "Whenever a player other than Keet gains a face-down Artifact, that player "
        "immediately reveals it (and resolves its Triggered effect, if appropriate).",
        [hunter(), seat("bob")], stashed(plays("bob", TAX, "keet"), keet=(NAIL,)), {},
        {"fortitude": {"bob": 19}, "up:bob": 1}),
    row("keet-play-like-a-card", "000",
        "Artifacts with these subtypes may be played as though they were a card in your hand "
        "of that type.",
        [hunter(kept=(UP[AMULET.name],)), seat("bob")],
        stashed(plays("bob", STAB, "keet"), keet=(COIN,)), {"respond": [AMULET.name]},
        {"fortitude": {"keet": 20}, "kept": 0, "pile:artifacts discard": 1}),
    row("keet-ante", "000",
        "Face-up or face-down Artifacts may be anted to the pot during a Round of Gambling.",
        [hunter(), seat("bob")], stashed(anteing("keet"), keet=(COIN, COIN)), {},
        {"gold-like": {"keet": 1, "bob": 11}, "artifacts:bob": 1}),
    row("keet-take-of-his-choice", "000",
        "In this case, Keet's card specifically allows him to take an Artifact of his choice "
        "from a player.",
        [hunter(), seat("kaylin")],
        stashed(plays("keet", LOOK, "kaylin"), kaylin=(UP[COIN.name], UP[CHARM.name])),
        {"take-artifact": [CHARM.name]},
        {"artifacts:keet": 1, "up:keet": 1, "artifacts:kaylin": 1,
         "gold-like": {"keet": 1, "kaylin": 11}}),
    row("keet-take-affects-gold", "000",
        "Kaylin plays \u201c*Poof!*\u201d to Ignore Keet's card and keep the Box of "
        "Banishing.",
        [hunter(), replace(seat("kaylin", POOF), kept=())],
        stashed(plays("keet", LOOK, "kaylin"), kaylin=(UP[CHARM.name],)),
        {"respond": [POOF.name]}, {"artifacts:keet": 0, "artifacts:kaylin": 1}),
    row("keet-take-from-the-inn", "000",
        "Keet may play \u201cI'll take that!\u201d to acquire one of the Artifacts "
        "discarded to the Inn during this process.",
        [hunter(), seat("bob")],
        stashed(plays("keet", KEEPERS), artifacts_discard=(UP[COIN.name], UP[DAGGER.name])),
        {"take-artifact": [DAGGER.name]},
        {"kept": 1, "pile:artifacts discard": 1, "gold-like": {"keet": 1}}),
    row("keet-ante-face-down", "000",
        "When you ante a face-down Artifact, first look at it, then put it into the pot face "
        "down.",
        [hunter(), seat("bob")], stashed(anteing("keet"), keet=(NAIL,)), {},
        {"fortitude": {"keet": 20, "bob": 19}, "up:bob": 1}),
    row("keet-passing-out-last-two", "000",
        "Artifacts are distributed in this way even if a player passing out would cause there "
        "to be only one player left in the game.",
        [out(hunter()), replace(seat("fiona"), fortitude=1, alcohol=14)],
        stashed(dealt_out, keet=(NAIL, NAIL)), {},
        {"fortitude": {"fiona": 0}, "out": {"fiona": True}}),
    row("keet-worked-example-a-tie", "000",
        "Keet passes out. When his Artifacts are distributed, Fiona gains the Rusty Nail. She "
        "turns it face up, which causes her to lose 1 Fortitude. Fiona passes out as well, "
        "and the game is a tie!",
        [replace(hunter(), fortitude=0), replace(seat("fiona"), fortitude=15, alcohol=14)],
        stashed(passing_out(), keet=(NAIL, NAIL)), {},
        {"fortitude": {"fiona": 14}, "out": {"keet": True, "fiona": True},
         "said:a tie between keet, fiona": True, "said:fiona wins": False}),
    row("keet-edition-1-saves-replay-as-played", "000",
        "Artifacts are distributed in this way even if a player passing out would cause there "
        "to be only one player left in the game.",
        [replace(hunter(), fortitude=0), replace(seat("fiona"), fortitude=15, alcohol=14)],
        stashed(passing_out(1), keet=(NAIL, NAIL)), {},
        {"said:fiona wins": True, "said:a tie": False}),
    row("keet-passing-out", "000",
        "Give half of them, rounded up, to the Inn by discarding them, then distribute the "
        "rest evenly to the remaining players, with any remainder going to the Inn.",
        [out(hunter()), seat("bob"), seat("carol")], stashed(keet.settle, keet=(COIN,) * 5),
        {}, {"artifacts:bob": 1, "artifacts:carol": 1, "pile:artifacts discard": 3}),
    row("keet-passing-out-face-up", "000",
        "When his Artifacts are distributed, Fiona gains the Rusty Nail. She turns it face "
        "up, which causes her to lose 1 Fortitude.",
        [out(hunter()), seat("fiona")], stashed(keet.settle, keet=(NAIL, NAIL)), {},
        {"fortitude": {"fiona": 19}, "artifacts:fiona": 1, "pile:artifacts discard": 1}),
    row("keet-team-starts", "002",
        "Keet: If Keet is on a team, that team starts with 10 Artifacts instead of Gold.",
        [seat("keet")], setting_up(4, Mode.TWO_HEADED_DRAGON), {},
        {"gold": {"keet": 0}, "gold-like": {"keet": 10}, "artifacts:keet": 10}),
    row("keet-teammate-pays", "002",
        "If one of Keet's teammates needs to pay or ante Gold, they may do so with an "
        "Artifact their",
        [hunter(team="K"), replace(seat("ned"), team="K"), seat("bob")],
        stashed(plays("bob", TAX, "ned"), keet=(COIN,)), {},
        {"gold-like": {"ned": 0, "bob": 11}, "artifacts:bob": 1}),
    row("keet-static-for-its-holder", "002",
        "If another player gains control of a Static or Triggered Artifact, its effects apply "
        "to that player instead.",
        [hunter(STAB), seat("bob")],
        stashed(plays("keet", STAB, "bob"), bob=(UP[CHARM.name],)), {},
        {"fortitude": {"bob": 19}}),
    row("keet-potion-gold", "002",
        "If Keet's team sells a Potion Token for 3 Gold, that team gains Gold pieces from the "
        "Inn, not",
        [hunter(team="K"), replace(seat("ned"), team="K"), seat("bob")],
        stashed(potion("keet"), keet=(COIN,)), {},
        {"gold": {"keet": 3}, "artifacts:keet": 1}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_keet(quote: str, players: list[Player], start: Start,
              answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    seen: dict[str, Tavern] = {}

    def watch(tavern: Tavern) -> Resolution[Tavern]:
        seen["table"] = yield from start(tavern)
        return seen["table"]
    own = ("gold-like", "artifacts:", "up:", "inn", "out")
    check_character(quote, players, watch, answers,
                    {k: v for k, v in expected.items() if not k.startswith(own)}, "keet", ())
    tavern = seen["table"]
    for key, value in expected.items():
        if key == "gold-like":
            assert {n: gold(tavern, n) for n in value} == value, quote
        elif key.startswith("artifacts:"):
            assert len(keet.held(tavern, key[10:])) == value, quote
        elif key.startswith("up:"):
            assert sum(c.revealed for c in keet.held(tavern, key[3:])) == value, quote
        elif key == "inn":
            assert tavern.inn == value, quote
        elif key == "out":
            assert {n: tavern.player(n).out for n in value} == value, quote


def test_keet_sample_deck() -> None:
    """40 cards and an 18-card Artifact Deck, labelled a sample, with every subtype."""
    assert DECK.mechanics == "keet" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards)
    assert len(DECK.cards) - len(ARTIFACTS) == 40 and len(ARTIFACTS) == 18
    assert any(keet.STATIC in c.icons for c in ARTIFACTS)
    assert {c.trigger.when for c in ARTIFACTS if c.trigger} == {"revealed", "turn starts"}
    assert {c.kind for c in ARTIFACTS if keet.playable(c)} == {
        CardKind.ACTION, CardKind.SOMETIMES, CardKind.CHEATING}
    assert any(not c.steps and c.trigger is None for c in ARTIFACTS)


def test_bots_treasure() -> None:
    """Bots at a table of Keets reveal Artifacts, pay and ante with them, take them back and
    play them."""
    _, log = bot_games("keet", 3, 3)
    assert any(" turns the Artifact " in line for line in log)
    assert any(" antes " in line and "Artifact" in line for line in log)
    assert any(" takes " in line and "Artifact" in line for line in log)
    assert any(" plays Ceremonial dagger (sample)" in line
               or " plays Amulet of warding (sample)" in line for line in log)
