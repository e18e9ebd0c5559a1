"""The encounter game of seed 003: kills, deaths, hand limits, tokens, poison, the fog of
war, the Emperor Lich's returned dead, Quests and Stand Ins (issue 21), as case tables in
the manner of :mod:`.test_encounter_cases` (its fixtures and :func:`check`), one row per
ruling, each quoting its seed passage.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest

from tales.tavern.encounter import effects, rules
from tales.tavern.encounter.model import (
    Blow,
    Card,
    Event,
    Kind,
    Op,
    Rule,
    Step,
    Strike,
    Target,
    When,
    Whom,
)
from tales.tavern.encounter.module import Module, Scene

from ._seeds import row
from .test_encounter_cases import (
    AXE,
    CASES,
    COUNTER,
    DOUBLE_STRIKE,
    ENVENOM,
    FEINT,
    FIRE,
    FULL,
    FURY,
    GLUTTONY,
    GOBLINS,
    HIVEMIND,
    HUNTER,
    LICH,
    MISS,
    PHASE_TWO,
    POTION,
    RAT,
    SURVIVOR,
    SWORD,
    TRIP,
    TROLL,
    UGLY,
    VAMPYRE,
    Case,
    Start,
    adv,
    begin,
    by_players,
    cave,
    chain,
    check,
    ending,
    hero,
    hit,
    on_stack,
    reveal,
    undead,
    window,
)

#: A character's ability that is an attack (as the seed's Kai's is): on the damage stack.
KAI_LEAP = Card("Kai's Leap (test)", Kind.ACTION, (10, 20, 40), 1, when=When.TURN,
                ability=True)
KAI = (("Kai (test)", KAI_LEAP),)
CAVE_IN = Event("Cave-in (test)", (2,), steps=(Step(Op.HURT, 10, Whom.EACH),))
#: Attacks the player who did most damage, then everyone.
BRUTE = replace(TROLL, matrix=(Strike(Target.MOST, 10), Strike(Target.ALL, 5)))


def turn_window(name: str) -> Start:
    return lambda table: effects.window(table, When.TURN, [name], "your turn")


# --- 1. the kill check after every card; 2. credit for a changed card -------------------------

KILLS = [
    row("K1-counter-strike-kills-it-at-once", "003",
        "If the creature is not killed, it may attack or act according to the rules on the "
        "Encounter card.",
        Case(cave(adv("ann", 1, SWORD), adv("bob", 2, AXE, COUNTER), encounter=BRUTE, life=30),
             rules.combat_round, {"play": [COUNTER.name]}),
        {"killer": "bob", "life": [100, 90], "creature": 30 - 25 - 10,
         "said:the creature attacks ann": False}),
    row("K1-ability-attack-kills-before-the-set-card", "003",
        "Check to see if the player has killed the creature or completed the encounter after "
        "each Attack card is played.",
        Case(cave(hero("ann", 1, "Kai (test)", SWORD), adv("bob", 2, AXE), life=20,
                  abilities=KAI), rules.combat_round, {"play": [KAI_LEAP.name]}),
        {"killer": "ann", "turns": [], "discard": (SWORD.name, AXE.name)}),
    row("K1-alchemists-fire-kills-for-its-user", "003",
        "Check to see if the player has killed the creature or completed the encounter after "
        "each Attack card is played.",
        Case(cave(adv("ann", 1, SWORD), adv("bob", 2, AXE, items=(FIRE,)), life=25),
             rules.combat_round, {"play": [FIRE.name]}),
        {"killer": "bob", "turns": ["ann"], "life": [100, 100]}),
    row("K1-fire-before-the-first-round", "003",
        "Rounds continue until the creature is dead or the Encounter card conditions are met.",
        Case(cave(adv("ann", 1, SWORD, items=(FIRE,)), adv("bob", 2, AXE), life=15),
             rules.fight, {"play": [FIRE.name]}),
        {"killer": "ann", "turns": [], "round": 1}),
    row("K2-a-changed-card-credits-its-changer", "003",
        "The player who landed the final blow and killed the creature is awarded the Prestige "
        "Points listed",
        Case(cave(adv("ann", 2, SWORD), adv("bob", 1, AXE, FURY), life=40),
             rules.combat_round,
             {"play": ["pass", FURY.name], "blow": ["1: Axe (test) (bob, 15)"]}),
        {"killer": "bob", "turns": ["bob", "ann"]}),
    row("K2-a-trip-takes-the-credit-away", "003",
        "The player who landed the final blow and killed the creature is awarded the Prestige "
        "Points listed",
        Case(cave(adv("ann", 1, AXE, TRIP, FURY), adv("bob", 2, SWORD), adv("cid", 3, SWORD),
                  life=25, encounter=replace(TROLL, matrix=())),
             rules.combat_round,
             {"play": ["pass", TRIP.name, FURY.name],
              "blow": ["2: Sword (test) (bob, 10)", "1: Axe (test) (ann, 15)"]}),
        {"killer": "ann", "turns": ["ann", "bob"], "creature": 25 - 30 - 5}),
]


@pytest.mark.parametrize(CASES, KILLS)
def test_kills(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- 3. the dead are out at once; 4. the hand limit at any time --------------------------------

OUT = [
    row("K3-dead-at-once-after-a-bite", "003",
        "If a player dies they are out of the game.",
        Case(cave(adv("ann", 1, SWORD), adv("bob", 2, vampyre=True),
                  adv("cid", 3, SWORD, life=5, items=(POTION,)), encounter=VAMPYRE, life=100),
             rules.combat_round, {"bite": ["cid"]}),
        {"dead": ["cid"], "turns": ["ann", "bob"], "items": [(), (), (POTION.name,)],
         "initiative": [1, 2, 0]}),
    row("K3-dead-at-once-after-an-event", "003",
        "If a player dies they are out of the game.",
        Case(cave(adv("ann"), adv("bob", life=5, items=(POTION,)), encounter=None, number=1,
                  events=(CAVE_IN,)), begin(TROLL)),
        {"dead": ["bob"], "count:play": 0, "initiatives": (1,), "life": [90, -5]}),
    row("K3-the-dead-score-nothing-more", "003",
        "If a player dies they are out of the game.",
        Case(cave(adv("ann", 1, *FULL), adv("bob", 2, dead=True)), ending("bob")),
        {"score": [0, 0]}),
    row("K4-gluttony-dead-hands-trimmed-at-once", "003",
        "If at any time you have more than your maximum hand size, immediately discard cards "
        "of your choice that exceed that number.",
        Case(cave(adv("ann", 1, SWORD, *(AXE,) * 12), adv("bob", 2, *(AXE,) * 13),
                  encounter=GLUTTONY, life=10), rules.combat_round, {"set": [SWORD.name]}),
        {"killer": "ann", "cards": [7, 7]}),
    row("K4-daylight-refill-to-the-limit", "003",
        "Players draw new cards to their maximum hand size (normally 7 cards).",
        Case(cave(adv("ann", 1, SWORD), adv("bob", 2, *FULL), rules=(Rule.DAYLIGHT,)),
             ending("ann")),
        {"cards": [8, 8], "count:excess": 0}),
]


@pytest.mark.parametrize(CASES, OUT)
def test_the_dead_and_hand_limits(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- 5. tokens; 6. fog of war; 7. poison -------------------------------------------------------

FOG = {"rules": (Rule.FOG,)}

TOKENS = [
    row("K5-every-token-to-its-destroyer", "003",
        "he places the card or creature token in a scoring pile next to his character sheet",
        Case(cave(adv("ann", 1, SWORD), adv("bob", 2, SWORD), encounter=GOBLINS, round=1),
             chain(rules.combat_round, ending("bob")), {"token": ["token 1 (10 left)"]}),
        {"round": 2, "pile": [((f"{GOBLINS.name} token", 2),), ((GOBLINS.name, 2),)],
         "score": [2, 2]}),
    row("K5-a-dead-destroyer-scores-nothing", "003",
        "he places the card or creature token in a scoring pile next to his character sheet",
        Case(cave(adv("ann", 1, SWORD), adv("bob", 2, SWORD), adv("cid", dead=True),
                  encounter=GOBLINS, round=1, tokens=(0, 10)),
             chain(lambda t: replace(t, fallen=((0, "cid"),)), rules.combat_round,
                   ending("bob"))),
        {"score": [0, 2, 0]}),
    row("K6-fog-halving-changes-the-announced-damage", "003",
        "Move the bead on the Monster Track as the damage is announced in this particular "
        "case.",
        Case(cave(adv("ann", 1), adv("bob", 2, TRIP), **FOG), reveal("ann", SWORD),
             {"announce": [10], "play": [TRIP.name]}),
        {"stack": (("ann", SWORD.name, 5),)}),
    row("K6-fog-doubling-a-lie", "003",
        "Move the bead on the Monster Track as the damage is announced in this particular "
        "case.",
        Case(cave(adv("ann", 1), adv("bob", 2, FURY), **FOG), reveal("ann", SWORD),
             {"announce": [20], "play": [FURY.name]}),
        {"stack": (("ann", SWORD.name, 40),)}),
    row("K7-poison-on-cards-played-after-it", "003",
        "They also have all their attacks modified by -10 damage for each token.",
        Case(cave(adv("ann", 1), adv("bob", 2, ENVENOM)),
             chain(reveal("ann", SWORD), turn_window("bob")),
             {"play": [ENVENOM.name]}),
        {"poison": [1, 0], "stack": (("ann", SWORD.name, 10),)}),
    row("K7-poison-in-the-creatures-last-round", "003",
        "At the end of every round, players with a poison token are damaged for 5 points for "
        "each poison token they have.",
        Case(cave(adv("ann", 1, SWORD, poison=1), adv("bob", 2, SWORD), life=10),
             rules.combat_round),
        {"killer": "bob", "life": [95, 100]}),
]


@pytest.mark.parametrize(CASES, TOKENS)
def test_tokens_fog_and_poison(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)


# --- 8. the Emperor Lich; 9. Quests; 10. token Encounters and Stand Ins ----------------------

#: Skeletons hard enough to hit back before they fall.
TOUGH_LICH = replace(LICH, tokens=(30,), matrix=(Strike(Target.MOST, 10),),
                     life=by_players(10, 10, 10))
STORY = Module("A short tale (test)", (Scene("The end (test)"),))

LATER = [
    row("K8-only-the-dead-before-rise", "003",
        "The players who died prior to this encounter engage the party in battle; they are "
        "considered creatures (they do not get dealt Initiative cards and attack at the end of "
        "the round).",
        Case(cave(adv("ann", 1, *FULL), adv("bob", 2, *FULL), adv("cid", 3, *FULL, life=5),
                  adv("dee", dead=True), encounter=None, deck=(SWORD,) * 60),
             lambda t: rules.encounter(t, TOUGH_LICH)),
        {"said:cid dies": True, "said:the dead rise: dee": True,
         "said:the dead rise: cid": False}),
    row("K8-the-returned-dead-play-critical-miss", "003",
        "They must discard and redraw any Action cards or Items they draw other than Critical "
        "Miss or Trip.",
        Case(cave(adv("ann", 1), undead("cid", MISS), encounter=PHASE_TWO, tokens=(15,)),
             reveal("ann", SWORD), {"play": [MISS.name]}),
        {"figures:play": ["cid"], "stack": (("ann", SWORD.name, 0),)}),
    row("K8-the-returned-dead-draw-a-hand", "003",
        "They must discard and redraw any Action cards or Items they draw other than Critical "
        "Miss or Trip.",
        Case(cave(adv("ann", 1, *FULL), adv("bob", dead=True), encounter=None,
                  deck=(*(SWORD,) * 30, *(FURY, TRIP) * 4), started=2),
             lambda t: rules.encounter(t, replace(LICH, revive=30))),
        {"hand@play": [(SWORD.name,) * 5, (TRIP.name,) * 4 + (SWORD.name,) * 3],
         "figures:play": ["bob"] * 3, "said:bob (returned dead, Sword (test)) attacks ann for 10":
         True}),
    row("K9-no-quests-with-an-adventure-module", "003",
        "Without an adventure module, Quest cards can add to the winnning conditions of the "
        "standard game.",
        Case(cave(encounter=None),
             lambda _: rules.play_game(["ann", "bob"], (SWORD,) * 40, (RAT,) * 9,
                                       quests=(HUNTER, SURVIVOR), module=STORY)),
        {"quest": [None, None]}),
    row("K10-an-ability-attack-hits-a-token-standing", "003",
        "When facing a token-based encounter, spread out the tokens and have players place "
        "their Attack cards on the specific token they wish to hit.",
        Case(cave(hero("ann", 1, "Kai (test)", SWORD), adv("bob", 2, SWORD), encounter=GOBLINS,
                  tokens=(0, 20), round=1, abilities=KAI),
             rules.combat_round, {"play": [KAI_LEAP.name]}),
        {"killer": "ann", "tokens": (0, 0), "turns": []}),
    row("K10-an-item-drawn-for-a-stand-in", "003",
        "When you draw an Item card, immediately place it faceup beside your character sheet.",
        Case(cave(adv("ann", 1), adv("bob", 2), deck=(SWORD, FIRE)),
             reveal("ann", DOUBLE_STRIKE)),
        {"items": [(FIRE.name,), ()], "stack": (("ann", SWORD.name, 10),), "deck": 0}),
    row("K10-counter-strike-hits-the-attacking-token", "003",
        "If the Hivemind attacks in a round where a player has played / think he called you "
        "ugly too, the specific token that was attacked with that card splits off from the "
        "group and attacks the named player (it does not redirect the entire swarm).",
        Case(cave(adv("ann", 1, FEINT, COUNTER), adv("bob", 2, FEINT), encounter=HIVEMIND,
                  tokens=(0, 10, 10)), rules.combat_round,
             {"play": ["pass", COUNTER.name]}),
        {"tokens": (0, 10, 0), "life": [96, 98], "killer": None}),
    row("K10-no-item-for-a-stand-in-under-the-chest", "003",
        "Only Attack cards with Attack values in the red burst are used; discard any other "
        "cards.",
        Case(cave(adv("ann", 1), adv("bob", 2), deck=(SWORD, FIRE), rules=(Rule.CHEST,)),
             reveal("ann", DOUBLE_STRIKE)),
        {"items": [(), ()], "discard": (DOUBLE_STRIKE.name, FIRE.name), "removed": ()}),
]


@pytest.mark.parametrize(CASES, LATER)
def test_lich_quests_and_stand_ins(quote: str, case: Case,
                                   expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)



# --- 12. fewer prompts -------------------------------------------------------------------------

ANTIDOTE = Card("Antidote (test)", Kind.ITEM, potion=True, steps=(Step(Op.CURE, 2),))
MAUL_AT_TOP = Card("Maul (test)", Kind.STANDARD, (10, 20, 40), 2)

PROMPTS = [
    row("K12-no-potion-at-full-health", "003",
        "Players take any Potions they wish to use before or during this encounter.",
        Case(cave(adv("ann", 1, items=(POTION, ANTIDOTE)), adv("bob", 2)), window()),
        {"count:play": 0}),
    row("K12-a-potion-while-someone-is-hurt", "003",
        "Healing Potions can be used to aid other willing players, granting Prestige Points "
        "if used in this way (place the card on your Prestige pile).",
        Case(cave(adv("ann", 1, items=(POTION, ANTIDOTE)), adv("bob", 2, life=90)), window()),
        {"options:play": ("pass", POTION.name)}),
    row("K12-no-redirection-with-nobody-else-alive", "003",
        "If a player dies they are out of the game.",
        Case(cave(adv("ann", 1, UGLY), adv("bob", dead=True)), hit("ann", 10)),
        {"count:play": 0, "life": [90, 100]}),
    row("K12-warned-before-doubling-a-top-value", "003",
        "If there is no higher value, it cannot be doubled further.",
        Case(cave(adv("ann", 1), adv("bob", 2, FURY)),
             chain(on_stack(Blow("ann", MAUL_AT_TOP, 2), Blow("ann", SWORD, 1)),
                   window(When.REVEAL)),
             {"play": [FURY.name], "blow": ["2: Sword (test) (ann, 10)"]}),
        {"options:blow": ("1: Maul (test) (ann, 40) - at its top value: doubling does nothing",
                          "2: Sword (test) (ann, 10)"),
         "stack": (("ann", MAUL_AT_TOP.name, 40), ("ann", SWORD.name, 20))}),
]


@pytest.mark.parametrize(CASES, PROMPTS)
def test_fewer_prompts(quote: str, case: Case, expected: Mapping[str, Any]) -> None:
    check(quote, case, expected)
