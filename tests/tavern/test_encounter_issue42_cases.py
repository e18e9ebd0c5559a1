"""The encounter game of seed 003: the last wrong rulings of issue 42, as case tables in the
manner of :mod:`.test_encounter_cases` (its fixtures and :func:`check`), one row per ruling,
each quoting its seed passage. Rows marked "edition 1" play the rules as saves made before
these rulings replay (``docs/rules-decisions.md``, The rules' edition).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest

from tales.tavern.encounter import rules
from tales.tavern.encounter.model import Blow, Card, Kind, Op, Special, Step, Strike, Target, When

from . import test_encounter_cases as cases
from ._seeds import row
from .test_encounter_cases import (
    AXE,
    CASES,
    CLAW,
    COUNTER,
    DAGGER,
    DOUBLE_STRIKE,
    FIRE,
    FULL,
    FURY,
    GOBLINS,
    HIVEMIND,
    LICH,
    MAGUS,
    PICKPOCKET,
    POTION,
    SWORD,
    TRIP,
    TROLL,
    VAMPYRE,
    WEREBOAR,
    Case,
    adv,
    beast_fight,
    cave,
    chain,
    check,
    ending,
    hero,
    reveal,
    run,
    window,
)

#: Talon's ability as the sample's: it doubles a revealed Attack card.
TALON_DOUBLE = Card("Talon's Pounce (double, test)", Kind.ACTION, when=When.REVEAL,
                    steps=(Step(Op.DOUBLE),), ability=True)
TALON = (("Talon (test)", TALON_DOUBLE),)
#: The sample's Vampyre: the least damage is bitten and turned, and loses 1 Prestige.
COUNT = replace(VAMPYRE, matrix=(Strike(Target.LEAST, 5, turns=True, prestige=-1),))
#: The Magus at 10 Life Points behind his barrier of 20.
MAGUS_10 = {"encounter": MAGUS, "life": 10, "barrier": 20}
KILL_CHECK = ("Check to see if the player has killed the creature or completed the encounter "
              "after each Attack card is played.")
LOOTING = ("If the player died with an item, their body may be looted: at the end of the "
           "Encounter, draw Initiative.")

RULINGS = [
    # 1. the Barrier Magus: one quantity read by the kill check
    row("I42-1-magus-counter-struck-to-0-dies", "003",
        "If the creature is not killed, it may attack or act according to the rules on the "
        "Encounter card.",
        Case(cave(adv("ann", 1, SWORD, COUNTER), adv("bob", 2, DAGGER), **MAGUS_10),
             rules.combat_round, {"play": [COUNTER.name]}),
        {"killer": "ann", "creature": 0, "barrier": 5, "life": [90, 100]}),
    row("I42-1-magus-fire-kill-is-its-users", "003", KILL_CHECK,
        Case(cave(adv("ann", 1, SWORD, items=(FIRE,)), adv("bob", 2, AXE), **MAGUS_10),
             rules.combat_round, {"play": [FIRE.name]}),
        {"killer": "ann", "turns": [], "creature": -5}),
    row("I42-1-magus-edition-1-as-it-was", "003", KILL_CHECK,
        Case(cave(adv("ann", 1, SWORD, items=(FIRE,)), adv("bob", 2, AXE), edition=1,
                  **MAGUS_10), rules.combat_round, {"play": [FIRE.name]}),
        {"killer": "bob", "turns": ["ann", "bob"]}),
    # 2. a Wereboar with no party left wins
    row("I42-2-lone-wereboar-survivor-wins", "003",
        "A player who is now a Wereboar can win the game by killing the rest of the party.",
        Case(cave(adv("ann", 1, wereboar=True), adv("bob", dead=True), encounter=None,
                  wereboar=WEREBOAR), beast_fight),
        {"winners": ("ann",), "said:outlives the rest of the party": True}),
    row("I42-2-every-survivor-a-wereboar", "003",
        "A player who is now a Wereboar can win the game by killing the rest of the party.",
        Case(cave(adv("ann", 1, *FULL, wereboar=True, life=1), adv("bob", 2, *FULL,
                                                                   wereboar=True),
                  adv("cid", dead=True), encounter=None, wereboar=WEREBOAR), beast_fight),
        {"winners": ("bob",), "dead": ["ann", "cid"]}),
    # 4. an attack doubled by an ability is linked to it
    row("I42-4-doubled-by-talon-is-immune", "003",
        "In non-bonus rounds, any associated attacks linked to that ability are immediately "
        "immune to 'unwanted' Action cards.",
        Case(cave(hero("ann", 1, "Talon (test)"), adv("bob", 2, TRIP), round=1,
                  abilities=TALON),
             chain(cases.on_stack(Blow("ann", SWORD, 1)), window(When.REVEAL)),
             {"play": [TALON_DOUBLE.name]}),
        {"stack": (("ann", SWORD.name, 20),), "figures:play": ["ann"]}),
    row("I42-4-doubled-by-talon-tripped-from-round-7", "003",
        "From Round 7, the attack may be targeted by Action cards as normal.",
        Case(cave(hero("ann", 1, "Talon (test)"), adv("bob", 2, TRIP), round=7,
                  abilities=TALON),
             chain(cases.on_stack(Blow("ann", SWORD, 1)), window(When.REVEAL)),
             {"play": [TALON_DOUBLE.name, TRIP.name]}),
        {"stack": (("ann", SWORD.name, 10),), "figures:play": ["ann", "bob"]}),
    # 5. a Special Attack takes the cards its player wants
    row("I42-5-special-attack-takes-a-wanted-double", "003",
        "Special attacks are protected: once revealed, it cannot be affected by unwanted "
        "Action cards.",
        Case(cave(adv("ann", 1, character="Talon (test)"), adv("bob", 2, FURY, TRIP)),
             reveal("ann", CLAW), {"special": ["yes"], "play": [FURY.name], "accept": ["yes"]}),
        {"stack": (("ann", CLAW.name, 50),), "figures:accept": ["ann"],
         "options:play": ("pass", FURY.name)}),
    row("I42-5-special-attack-refuses-an-unwanted-double", "003",
        "Special attacks are protected: once revealed, it cannot be affected by unwanted "
        "Action cards.",
        Case(cave(adv("ann", 1, character="Talon (test)"), adv("bob", 2, FURY)),
             reveal("ann", CLAW), {"special": ["yes"], "play": [FURY.name], "accept": ["no"]}),
        {"stack": (("ann", CLAW.name, 25),), "said:ann refuses": True, "cards": [0, 0]}),
    # 6. a body is looted once
    row("I42-6-a-body-is-looted-once", "003", LOOTING,
        Case(cave(adv("ann", 1, *FULL), adv("bob", 2, *FULL), adv("cid", dead=True,
                                                                  items=(POTION,))),
             chain(ending("ann"), lambda t: replace(t, encounter=TROLL), ending("ann"))),
        {"count:loot": 2, "items": [(), (), (POTION.name,)]}),
    row("I42-6-edition-1-looted-every-encounter", "003", LOOTING,
        Case(cave(adv("ann", 1, *FULL), adv("bob", 2, *FULL), adv("cid", dead=True,
                                                                  items=(POTION,)),
                  edition=1),
             chain(ending("ann"), lambda t: replace(t, encounter=TROLL), ending("ann"))),
        {"count:loot": 4}),
    # 9. an Item that hits a token hits the one its player chooses
    row("I42-9-fire-on-the-token-chosen", "003",
        "When facing a token-based encounter, spread out the tokens and have players place "
        "their Attack cards on the specific token they wish to hit.",
        Case(cave(adv("ann", 1, items=(FIRE,)), adv("bob", 2), encounter=GOBLINS), window(),
             {"play": [FIRE.name], "token": ["token 2 (10 left)"]}),
        {"tokens": (10, 0), "options:token": ("token 1 (10 left)", "token 2 (10 left)")}),
    # 10. the Vampyre (003 is silent: docs/rules-decisions.md)
    row("I42-10-a-vampyre-is-not-turned-again", "003",
        "Players who have become Vampyres are not creatures; they are still players and act "
        "on their regular turn in Initiative order.",
        Case(cave(adv("ann", 1, SWORD), adv("bob", 2, vampyre=True), adv("cid", 3, DAGGER),
                  encounter=COUNT), rules.combat_round, {"bite": ["ann"]}),
        {"vampyre": ["bob", "cid"], "score": [0, 0, -1], "life": [95, 100, 95]}),
    row("I42-10-all-turned-the-vampyre-leaves", "003",
        "When the Vampyre dies, all 'turned' players revert to their natural state (keeping "
        "the LP and negative Prestige Points they gained).",
        Case(cave(adv("ann", 1, *FULL, vampyre=True), adv("bob", 2, *FULL, vampyre=True),
                  encounter=COUNT),
             chain(rules.fight, lambda t: ending(None)(t))),
        {"vampyre": [], "round": 0, "said:every living player is a Vampyre": True,
         "score": [0, 0]}),
    # 11. a Counter Strike that kills: the attack struck back still lands
    row("I42-11-the-attack-struck-back-lands", "003",
        "When a creature attacks a specific player, the damage is assigned immediately.",
        Case(cave(adv("ann", 1), adv("bob", 2, COUNTER, life=10), life=5),
             cases.hit("bob", 10), {"play": [COUNTER.name]}),
        {"creature": -5, "dead": ["bob"], "said:bob strikes back for 10": True}),
    # the log says what happened
    row("I42-a-stand-in-card-that-strikes-nothing-is-said", "003",
        "Stand In (Double Strike, Opportunity Fire) cards are immediately replaced with, new "
        "cards when revealed.",
        Case(cave(adv("ann", 1), adv("bob", 2), deck=(SWORD, TRIP)),
             reveal("ann", DOUBLE_STRIKE)),
        {"said:Trip (test) strikes nothing: discarded": True,
         "stack": (("ann", SWORD.name, 10),)}),
    row("I42-a-hivemind-token-attacks-by-its-number", "003",
        "the specific token that was attacked with that card splits off from the group and "
        "attacks the named player",
        Case(cave(adv("ann", 1, SWORD), adv("bob", 2, DAGGER), encounter=HIVEMIND),
             rules.combat_round),
        {"said:Hivemind (test)'s token 2 attacks ann for 2": True,
         "said:Hivemind (test)'s token 3 attacks ann for 2": True,
         "said:the creature attacks": False}),
    # the screen's items that are rulings too: no choice that changes nothing
    row("I42-pickpocket-only-from-a-player-with-items", "003",
        "When you draw an Item card, immediately place it faceup beside your character sheet.",
        Case(cave(adv("ann", 1, PICKPOCKET), adv("bob", 2), adv("cid", 3, items=(POTION,))),
             window(When.TURN), {"play": [PICKPOCKET.name]}),
        {"items": [(POTION.name,), (), ()], "count:target": 0,
         "said:ann takes Healing Potion (test) from cid": True}),
    row("I42-no-potion-for-a-player-at-full-health", "003",
        "Healing Potions can be used to aid other willing players, granting Prestige Points "
        "if used in this way (place the card on your Prestige pile).",
        Case(cave(adv("ann", 1, items=(POTION,)), adv("bob", 2, life=50), adv("cid", 3),
                  adv("dee", 4, life=90)), window(),
             {"play": [POTION.name], "target": ["bob"], "accept": ["no"]}),
        {"options:target": ("bob", "dee"), "said:bob refuses": True,
         "said:ann drinks": False, "said:ann tips Healing Potion (test)": True}),
]


@pytest.mark.parametrize(CASES, RULINGS)
def test_rulings(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


def test_the_emperor_lich_is_the_last_encounter() -> None:
    """003: "The players who have survived to this final encounter": the Lich dealt among
    the nine is the bottom card of the Encounter deck (the last faced); by edition 1 it
    lay where the shuffle put it."""
    dealt = (TROLL,) * 5 + (LICH,) + (TROLL,) * 6
    names = ["ann", "bob"]
    for edition, bottom in ((2, LICH.name), (1, TROLL.name)):
        table: Any = run(rules.set_up(names, (SWORD,) * 40, dealt, edition=edition))
        assert table.encounters[0].name == bottom
        assert sum(e.special is Special.EMPEROR_LICH for e in table.encounters) == 1


def test_a_lich_set_aside_stays_set_aside() -> None:
    """The Lich not dealt is not in the game: the nine are as dealt."""
    dealt = (LICH,) + (TROLL,) * 11
    table: Any = run(rules.set_up(["ann", "bob"], (SWORD,) * 40, dealt))
    assert [e.name for e in table.encounters] == [TROLL.name] * 9
