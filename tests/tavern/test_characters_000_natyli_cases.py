"""Witchdoctor Natyli (seed 000; seed 002's Minion and team notes): her Debuff Tokens, as a
table of cases quoting the Compendium. The cards are her sample deck's
(``decks/characters/natyli.toml``) and a few test cards."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import natyli
from tales.tavern.rdi.decks import load_character
from tales.tavern.rdi.drinks import drink_phase
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Condition,
    Drink,
    Mode,
    Player,
    Step,
    Tavern,
    Variant,
    Verb,
    Who,
)
from tales.tavern.rdi.rules import CharacterDeck, resolve_losses, set_up
from tales.tavern.rdi.simulate import DECKS

from ._play import Start, bot_games, check_character, grunted, plays, seat
from ._seeds import row

DECK = load_character(DECKS / "characters" / "natyli.toml")
PAIN, MIND, JINX = natyli.PAIN, natyli.MIND, natyli.JINX


def named(title: str) -> Card:
    return next(c for c in DECK.cards if c.name == title)


PIN = named("Pin in the doll (sample)")  # a player loses 1 and gains a Pain Curse
SHIELD = named("Stuffing for a shield (sample)")  # Ignore an Action card
STAB = Card("Stab (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),))
WINE = Card("Wine (test)", CardKind.ACTION, (Step(Verb.ALCOHOL, 2, Who.TARGET),))
SWILL = Card("Troll Swill (test)", CardKind.ACTION, (Step(Verb.ALCOHOL, 1),
                                                      Step(Verb.FORTITUDE, -1)))
HARD = Card("Hard hit (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -2, Who.TARGET),
                                                 Step(Verb.PAY, 2, Who.TARGET)))
BLOW = Card("Blow (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -1, Who.EACH_OTHER),))
SELF = Card("Own doll (test)", CardKind.ACTION, (Step(Verb.GAIN, 1, resource=PAIN),))
PIOUS = Card("Blasphemer (test)", CardKind.ACTION, (
    Step(Verb.FORTITUDE, -2, Who.TARGET, condition=Condition("piety", 3)),))
SCARABS = Card("Scarabs (test)", CardKind.ACTION, (Step(Verb.HANDLER, who=Who.TARGET,
                                                        handler="give 2 scarabs"),))


def witch(*hand: Card, **fields: Any) -> Player:
    return seat("natyli", *hand, mechanics="natyli", **fields)


def supplied(start: Start, **left: int) -> Start:
    """The table's Debuff supply: two of each unless said (``pain_curse=1``...)."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        for debuff in (*natyli.DEBUFFS, *(k for k in left if k == "scarab")):
            tavern = tavern.with_supply(debuff, left.get(debuff.replace(" ", "_"), 2))
        return (yield from start(tavern))
    return begin


def then(*starts: Start) -> Start:
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        for start in starts:
            tavern = yield from start(tavern)
        return tavern
    return begin


def bossed(start: Start) -> Start:
    """``start`` at a Boss Battle: the first seat is the Boss."""
    def begin(tavern: Tavern) -> Resolution[Tavern]:
        return (yield from start(replace(tavern, variant=Variant(Mode.BOSS_BATTLE))))
    return begin


def setting_up(tavern: Tavern) -> Resolution[Tavern]:
    return set_up(["natyli", "bob"], [CharacterDeck("Natyli", DECK.cards, "natyli"),
                                      CharacterDeck("Bob", (STAB,) * 10)], tavern.drink_deck)


def drinking(name: str) -> Start:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        return drink_phase(tavern, name)
    return start


def phase_ends(name: str) -> Start:
    def start(tavern: Tavern) -> Resolution[Tavern]:
        return natyli.Natyli().after_action_phase(tavern, "natyli", name)
        yield  # pragma: no cover
    return start


def losses(tavern: Tavern) -> Resolution[Tavern]:
    return resolve_losses(tavern)
    yield  # pragma: no cover



WINE_DRINK = Drink("Wine", 2)
CASES = [
    row("natyli-setup", "000", "Take your six Debuff Tokens and place them near your Player Mat.",
        [seat("natyli")], setting_up, {}, {"supply": (2, 2, 2)}),
    row("natyli-gives-debuffs", "000",
        "Some of Witchdoctor Natyli's cards allow her to give Debuff Tokens to the other "
        "players in the game.",
        [witch(), seat("bob")], supplied(plays("natyli", PIN, "bob"), pain_curse=2), {},
        {"fortitude": {"bob": 19}, "held:bob": (1, 0, 0), "supply": (1, 2, 2)}),
    row("natyli-pain-curse", "000",
        "Immediately after you lose Fortitude, lose an additional Fortitude, then return this "
        "Debuff Token to Natyli.",
        [witch(), seat("bob", tokens={PAIN: 1})], supplied(plays("natyli", STAB, "bob"),
                                                           pain_curse=1),
        {}, {"fortitude": {"bob": 17}, "held:bob": (0, 0, 0), "supply": (2, 2, 2)}),
    row("natyli-pain-curse-example", "000",
        "Zot loses 2 Fortitude, then loses 1 additional Fortitude from the Pain Curse. He then "
        "returns the Pain Curse Token to Natyli.",
        [witch(), seat("gerki"), seat("zot", tokens={PAIN: 1})],
        supplied(plays("gerki", STAB, "zot"), pain_curse=1), {},
        {"fortitude": {"zot": 17}, "held:zot": (0, 0, 0)}),
    row("natyli-mind-hex", "000",
        "Immediately after you gain Alcohol Content, gain an additional Alcohol Content, then "
        "return this Debuff Token to Natyli.",
        [witch(), seat("bob", tokens={MIND: 1})], supplied(plays("natyli", WINE, "bob"),
                                                           mind_hex=1),
        {}, {"alcohol": {"bob": 3}, "held:bob": (0, 0, 0), "supply": (2, 2, 2)}),
    row("natyli-mind-hex-drink", "000",
        "Fleck gains 2 Alcohol Content, then gains 2 additional Alcohol Content from the two "
        "Mind Hexes. He then returns both Mind Hex Tokens to Natyli.",
        [witch(), replace(seat("fleck", tokens={MIND: 2}), drink_me=(WINE_DRINK,))],
        supplied(drinking("fleck"), mind_hex=0), {},
        {"alcohol": {"fleck": 4}, "held:fleck": (0, 0, 0), "supply": (2, 2, 2)}),
    row("natyli-power-jinx", "000",
        "While this Debuff Token is in front of you, reduce all numerical values by 1 on any "
        "Action Cards you play during your Action Phase (down to a minimum of 0).",
        [seat("phrenk", tokens={JINX: 1}), witch()], supplied(plays("phrenk", HARD, "natyli"),
                                                              power_jinx=1),
        {}, {"fortitude": {"natyli": 19}, "gold": {"natyli": 9, "phrenk": 11}}),
    row("natyli-jinx-only-own-phase", "000",
        "A Power Jinx affects any Action Card played on the debuffed player's Action Phase.",
        [witch(), seat("phrenk", tokens={JINX: 1})], supplied(plays("phrenk", HARD, "natyli"),
                                                              power_jinx=1),
        {}, {"fortitude": {"natyli": 18}}),
    row("natyli-jinx-returns", "000",
        "Return this Debuff Token to Natyli at the end of your Action Phase, even if you did "
        "not play an Action Card.",
        [seat("bob", tokens={JINX: 1}), witch()], supplied(phase_ends("bob"), power_jinx=1),
        {}, {"held:bob": (0, 0, 0), "supply": (2, 2, 2)}),
    row("natyli-numerals", "000",
        "A \"numerical value\" is defined as any numeral in the text of a card, like \"1\", "
        "\"2\", \"3\", etc.",
        [seat("bob", mechanics="amundyr", tokens={JINX: 1}), seat("carol"), witch()],
        supplied(plays("bob", SCARABS, "carol"), power_jinx=1, scarab=12), {},
        {"scarabs:carol": 1}),
    row("natyli-piety-ranges", "000",
        "Power Jinxes do not affect the numerical values indicating Serena's Piety ranges, "
        "although they DO affect all other numerical values on Serena's cards.",
        [seat("serena", tokens={JINX: 1, "piety": 3}), seat("eve"), witch()],
        supplied(plays("serena", PIOUS, "eve"), power_jinx=1), {}, {"fortitude": {"eve": 19}}),
    row("natyli-stack", "000",
        "A player may have multiple Debuff Tokens of the same or different types. The effects "
        "of multiple Debuff Tokens stack.",
        [seat("gog", tokens={PAIN: 2, MIND: 1}), witch()],
        supplied(plays("gog", SWILL), pain_curse=0, mind_hex=1), {},
        {"fortitude": {"gog": 17}, "alcohol": {"gog": 2}, "held:gog": (0, 0, 0),
         "supply": (2, 2, 2)}),
    row("natyli-must-actually-lose", "000",
        "Her Pain Curse remains, though, so when Deirdre next loses Fortitude, it will still "
        "apply!",
        [witch(), seat("deirdre", SHIELD, tokens={PAIN: 1})],
        supplied(plays("natyli", STAB, "deirdre"), pain_curse=1),
        {"respond": [SHIELD.name]}, {"fortitude": {"deirdre": 20}, "held:deirdre": (1, 0, 0)}),
    row("natyli-never-herself", "000", "Natyli is never affected by her own Debuff Tokens.",
        [witch(), seat("bob")], supplied(plays("natyli", SELF)), {},
        {"held:natyli": (0, 0, 0), "supply": (2, 2, 2)}),
    row("natyli-no-taking-back", "000",
        "Natyli may not choose to take back assigned Debuff Tokens in order to give them out "
        "to different players.",
        [witch(), seat("bob"), seat("carol", tokens={PAIN: 2})],
        supplied(plays("natyli", PIN, "bob"), pain_curse=0), {},
        {"held:bob": (0, 0, 0), "held:carol": (2, 0, 0), "count:reclaim": 0}),
    row("natyli-loser-returns", "000",
        "If a player with Debuff Tokens loses the game, that player's Debuff Tokens are "
        "returned to Natyli.",
        [witch(), replace(seat("bob", tokens={PAIN: 1, MIND: 1}), alcohol=20), seat("carol")],
        supplied(losses, pain_curse=1, mind_hex=1), {},
        {"held:bob": (0, 0, 0), "supply": (2, 2, 2)}),
    row("natyli-out-removes", "000",
        "If Natyli loses the game, her Debuff Tokens are removed from the game and no longer "
        "affect the debuffed players.",
        [replace(witch(), out=True), seat("bob", tokens={PAIN: 1}), seat("carol")],
        supplied(plays("carol", STAB, "bob"), pain_curse=1), {},
        {"fortitude": {"bob": 18}, "held:bob": (0, 0, 0), "supply": (0, 0, 0)}),
    row("natyli-pending-first", "000",
        "Since Dimli's Pain Curse creates a pending effect, Dimli loses 1 more Fortitude, "
        "bringing him to 8.",
        [seat("kaylin"), replace(seat("dimli", tokens={PAIN: 1}), fortitude=10, alcohol=8),
         replace(witch(), fortitude=10, alcohol=9)],
        supplied(plays("kaylin", BLOW), pain_curse=1), {},
        {"fortitude": {"dimli": 8, "natyli": 9}}),
    row("natyli-minion", "002",
        "If a card effect would cause a Minion to be debuffed, Torglesnarf becomes debuffed "
        "instead.",
        [witch(), seat("carol", mechanics="torglesnarf")],
        supplied(grunted(plays("natyli", PIN, "Grunt #1 (carol)"))), {"wages": ["discard it"]},
        {"held:carol": (1, 0, 0)}),
    row("natyli-non-boss-every-action", "002",
        "If a non-Boss happens to play multiple Action Cards during their Action Phase, then "
        "any Power Jinxes they have will affect them all.",
        [seat("bob", tokens={JINX: 1}), witch()],
        supplied(then(plays("bob", STAB, "natyli"), plays("bob", STAB, "natyli")),
                 power_jinx=1), {}, {"fortitude": {"natyli": 18}}),
    row("natyli-boss-first-action-only", "002",
        "If a Boss plays multiple Action Cards during their Action Phase, then any Power "
        "Jinxes that Boss has will affect only the first Action Card they play during that "
        "phase. Later Action Cards are unaffected.",
        [seat("bob", tokens={JINX: 1}), witch(), seat("carol")],
        supplied(bossed(then(plays("bob", STAB, "natyli"), plays("bob", STAB, "natyli"))),
                 power_jinx=1), {}, {"fortitude": {"natyli": 17}}),
]


@pytest.mark.parametrize(("quote", "players", "start", "answers", "expected"), CASES)
def test_natyli(quote: str, players: list[Player], start: Start,
                answers: dict[str, list[Any]], expected: dict[str, Any]) -> None:
    seen: dict[str, Any] = {}

    def watch(tavern: Tavern) -> Resolution[Tavern]:
        tavern = yield from start(tavern)
        seen["table"] = tavern
        return tavern
    plain = {k: v for k, v in expected.items()
             if not k.startswith(("held:", "supply", "scarabs:"))}
    check_character(quote, players, watch, answers, plain, players[0].name, ())
    tavern = seen["table"]
    for key, value in expected.items():
        if key.startswith("held:"):
            held = tavern.player(key[5:])
            assert tuple(held.count(d) for d in natyli.DEBUFFS) == value, quote
        elif key == "supply":
            assert tuple(tavern.left(d) for d in natyli.DEBUFFS) == value, quote
        elif key.startswith("scarabs:"):
            assert tavern.player(key[8:]).count("scarab") == value, quote


def test_natyli_sample_deck() -> None:
    """40 cards, labelled a sample, that give each of the three Debuffs."""
    assert DECK.mechanics == "natyli" and DECK.character.endswith("(sample deck)")
    assert all(c.name.endswith(" (sample)") for c in DECK.cards) and len(DECK.cards) == 40
    given = {s.resource for c in DECK.cards for s in c.steps if s.verb is Verb.GAIN}
    assert given == set(natyli.DEBUFFS)


def test_bots_debuff() -> None:
    """Bots at a table of Natylis give Debuffs and see them fire."""
    _, log = bot_games("natyli", 3, 2)
    assert any("from the Pain Curse" in line for line in log)
    assert any("from the Mind Hex" in line for line in log)
    assert any("returns the Power Jinx" in line for line in log)
