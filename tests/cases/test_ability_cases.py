"""Rule cases for abilities' Cooldown and Charge Tokens (tales.rules.abilities).

Glossary entries: Cooldown Ability, Cooldown Token, Charge Ability, Charge Token, Setup Flag,
Fatigue X, Invigorate X, Recharge X, Overcharge Token, Reset Token. An ability is written
``ab(name, source, cooldown, charges, flag)``; ``flag`` is the Setup Flag's Charge Tokens
(None: not a Charge Ability). A result is summed up as ``"name cooldown/charges"`` per
ability, e.g. ``"a 3/0"``. Every expected value was worked out by hand from the row's passage.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tales.errors import IllegalChoice
from tales.rules.abilities import (
    Abilities,
    AbilityState,
    Source,
    can_activate,
    fatigue,
    fatigue_targets,
    invigorate,
    ready_phase,
    recharge,
    reset,
)
from tales.rules.decisions import Decider, Decision, Resolution, resolve

from ._build import Rule, case

HERO = "zot"
MAT, CARD, ITEM, ALLY, SETUP = Source.MAT, Source.CARD, Source.ITEM, Source.ALLY, Source.SETUP


def ab(name: str, source: Source = CARD, cooldown: int = 0, charges: int = 0,
       flag: int | None = None) -> AbilityState:
    return AbilityState(name, source, cooldown, charges, flag)


def summary(abilities: Abilities) -> list[str]:
    return [f"{a.name} {a.cooldown}/{a.charges}" for a in abilities]


# --- can_activate -------------------------------------------------------------------------

ACTIVATE = [
    case("cooldown-ability-blocked-by-its-tokens", "a Cooldown Token on an ability stops it",
         "Cooldown Ability", "Cannot be activated if it already has Cooldown Tokens.",
         ab("a", cooldown=1), 0, False),
    case("cooldown-tokens-block-any-ability", "Fatigue's tokens stop even a non-Cooldown "
         "ability (an Item here)",
         "Fatigue X", "abilities with Cooldown Tokens on them may not be activated, even if "
         "they are not Cooldown Abilities.",
         ab("a", ITEM, cooldown=2), 0, False),
    case("no-cooldown-token-activates", "with no Cooldown Token an ability may be activated",
         "Cooldown Token", "Prevents activation of abilities.",
         ab("a"), 0, True),
    case("charge-ability-needs-a-charge-token", "an empty Charge Ability cannot be activated",
         "Charge Ability", "Cannot be activated without Charge Tokens.",
         ab("a", charges=0, flag=2), 0, False),
    case("charge-ability-with-a-charge-token", "one Charge Token is enough",
         "Charge Ability", "Uses Charge Tokens to activate.",
         ab("a", charges=1, flag=2), 0, True),
    case("overcharge-activates-an-empty-charge-ability", "an Overcharge Token stands in for "
         "a missing Charge Token",
         "Overcharge Token", "You may discard an Overcharge Token to activate any of your "
         "Charge Abilities, even if that ability has no remaining Charge Tokens.",
         ab("a", charges=0, flag=3), 1, True),
    case("overcharge-instead-of-a-charge-token", "Charge Tokens left and an Overcharge Token: "
         "still activatable",
         "Overcharge Token", "If a Charge Ability still has Charge Tokens available, you may "
         "choose to use an Overcharge Token instead of spending one of the card",
         ab("a", charges=1, flag=3), 1, True),
    case("overcharge-cannot-override-cooldown", "Overcharge does not beat a Cooldown Token",
         "Overcharge Token", "You cannot use an Overcharge Token on a Charge Ability that has "
         "Cooldown Tokens on it (as affected by Fatigue).",
         ab("a", cooldown=1, charges=0, flag=2), 2, False),
    case("charge-tokens-cannot-override-cooldown", "Charge Tokens do not beat a Cooldown Token",
         "Cooldown Token", "Prevents activation of abilities.",
         ab("a", cooldown=1, charges=2, flag=2), 0, False),
]


@pytest.mark.parametrize(("rule", "ability", "overcharge", "expected"), ACTIVATE)
def test_can_activate(rule: Rule, ability: AbilityState, overcharge: int, expected: bool
                      ) -> None:
    assert can_activate(ability, overcharge) is expected, rule


# --- where Fatigue may put Cooldown Tokens ------------------------------------------------

TARGETS = [
    case("fatigue-not-on-the-hero-mat", "the Hero mat's abilities are never Fatigued",
         "Fatigue X", "Abilities on your Hero mat",
         (ab("m", MAT), ab("c")), [1]),
    case("fatigue-not-on-ally-cards", "Ally cards are never Fatigued",
         "Fatigue X", "Ally cards",
         (ab("c"), ab("y", ALLY)), [0]),
    case("fatigue-not-on-setup-abilities", "Setup abilities are never Fatigued",
         "Fatigue X", "Setup abilities",
         (ab("s", SETUP), ab("i", ITEM), ab("c")), [1, 2]),
    case("fatigue-not-on-an-empty-charge-ability", "a Charge Ability with no Charge Token left "
         "is skipped; one with a token is not",
         "Fatigue X", "Charge Abilities with no remaining Charge Tokens",
         (ab("e", charges=0, flag=2), ab("f", charges=1, flag=2), ab("i", ITEM)), [1, 2]),
    case("fatigue-on-any-ability-even-cooled", "any card or Item ability may take them, one "
         "that already has Cooldown Tokens too",
         "Fatigue X", "The ability that gains Cooldown Tokens does not need to be a Cooldown "
         "Ability.",
         (ab("c"), ab("i", ITEM, cooldown=1)), [0, 1]),
    case("fatigue-nowhere-to-go", "only the mat, an Ally and Setup: no target",
         "Fatigue X", "No Cooldown Tokens Added To:",
         (ab("m", MAT), ab("y", ALLY), ab("s", SETUP)), []),
]


@pytest.mark.parametrize(("rule", "abilities", "expected"), TARGETS)
def test_fatigue_targets(rule: Rule, abilities: Abilities, expected: list[int]) -> None:
    assert fatigue_targets(abilities) == expected, rule


# --- Fatigue, Invigorate, Recharge, Reset: the tokens moved and the Decisions asked --------

Asked = list[tuple[str, tuple[Any, ...]]]


def run(resolution: Resolution[Abilities], answers: list[Any]) -> tuple[Abilities, Asked]:
    """Answer each Decision with more than one option from ``answers`` in order, as
    :func:`resolve` does (a Decision with one option is answered with it and not listed).
    Returns the result and the Decisions asked: (kind, options)."""
    queue = list(answers)
    asked: Asked = []

    def choose(decision: Decision[Any]) -> Any:
        assert decision.decider is Decider.PLAYER
        assert decision.figure == HERO
        asked.append((decision.kind, decision.options))
        assert queue, f"no answer left for {decision.kind!r}"
        return queue.pop(0)

    result = resolve(resolution, choose)
    assert queue == [], "answers left over"
    return result, asked


Act = Callable[[Abilities], Resolution[Abilities]]


def fatigued(x: int) -> Act:
    return lambda abilities: fatigue(abilities, HERO, x)


def invigorated(x: int | None = None) -> Act:
    if x is None:
        return lambda abilities: invigorate(abilities, HERO)
    return lambda abilities: invigorate(abilities, HERO, x)


def recharged(x: int) -> Act:
    return lambda abilities: recharge(abilities, HERO, x)


def reset_token() -> Act:
    return lambda abilities: reset(abilities, HERO)


EFFECTS = [
    # Fatigue X
    case("fatigue-all-x-on-the-chosen-ability", "all X go on the one ability chosen",
         "Fatigue X", "Add X Cooldown Tokens to a single ability you control.",
         fatigued(3), (ab("a"), ab("b", ITEM), ab("m", MAT)), [1],
         [("fatigue", (0, 1))], ["a 0/0", "b 3/0", "m 0/0"]),
    case("fatigue-adds-to-tokens-already-there", "Fatigue on a cooled ability adds to them",
         "Fatigue X", "Add X Cooldown Tokens to a single ability you control.",
         fatigued(2), (ab("a", cooldown=1), ab("b")), [0],
         [("fatigue", (0, 1))], ["a 3/0", "b 0/0"]),
    case("fatigue-one-target-no-choice", "one possible ability: no Decision, it takes all X",
         "Fatigue X", "Abilities on your Hero mat",
         fatigued(2), (ab("m", MAT), ab("c", charges=1, flag=1)), [],
         [], ["m 0/0", "c 2/1"]),
    case("fatigue-with-no-target-does-nothing", "no ability can take them: nothing happens",
         "Fatigue X", "Charge Abilities with no remaining Charge Tokens",
         fatigued(2), (ab("m", MAT), ab("e", flag=2)), [],
         [], ["m 0/0", "e 0/0"]),
    # Invigorate X
    case("invigorate-removes-up-to-x", "Invigorate 3 on one Cooldown Token removes that one",
         "Invigorate X", "Removes up to X Cooldown Tokens from abilities.",
         invigorated(3), (ab("a", cooldown=1), ab("b")), [],
         [], ["a 0/0", "b 0/0"]),
    case("invigorate-without-a-number-is-1", "plain Invigorate removes one token",
         "Invigorate X", "Invigorate without a number means Invigorate 1.",
         invigorated(), (ab("a", cooldown=2),), [],
         [], ["a 1/0"]),
    case("invigorate-asks-per-token-when-several", "two cooled abilities: a Decision per token",
         "Invigorate X", "Removes up to X Cooldown Tokens from abilities.",
         invigorated(2), (ab("a", cooldown=1), ab("b", cooldown=2), ab("c")), [1, 0],
         [("invigorate", (0, 1)), ("invigorate", (0, 1))], ["a 0/0", "b 1/0", "c 0/0"]),
    case("invigorate-reaches-the-hero-mat", "the mat's Cooldown Tokens can be removed; once "
         "one ability is left no Decision is asked",
         "Cooldown Token", "Can be removed with Invigorate ability or Reset Token.",
         invigorated(2), (ab("m", MAT, cooldown=1), ab("b", cooldown=1)), [0],
         [("invigorate", (0, 1))], ["m 0/0", "b 0/0"]),
    # Recharge X
    case("recharge-adds-x", "Recharge 2 on an empty Charge Ability of 3",
         "Recharge X", "Adds X Charge Tokens to abilities.",
         recharged(2), (ab("a", flag=3), ab("b")), [],
         [], ["a 0/2", "b 0/0"]),
    case("recharge-never-above-the-setup-flag", "Recharge 3 on 1 of 2 stops at 2",
         "Recharge X", "Cannot exceed the setup flag amount.",
         recharged(3), (ab("a", charges=1, flag=2),), [],
         [], ["a 0/2"]),
    case("recharge-full-abilities-take-nothing", "every Charge Ability full: nothing happens",
         "Setup Flag", "Indicates Charge Tokens or Power Tokens at the start of the game.",
         recharged(2), (ab("a", charges=2, flag=2), ab("b", cooldown=1)), [],
         [], ["a 0/2", "b 1/0"]),
    case("recharge-asks-when-several-have-room", "two with room: asked; then one: not asked",
         "Recharge X", "Cannot exceed the setup flag amount.",
         recharged(2), (ab("a", flag=1), ab("c"), ab("b", charges=1, flag=3)), [0],
         [("recharge", (0, 2))], ["a 0/1", "c 0/0", "b 0/2"]),
    # Reset Token
    case("reset-removes-three", "a Reset Token takes three of five",
         "Reset Token", "Power Token removing up to three Cooldown Tokens from an ability.",
         reset_token(), (ab("a", cooldown=5),), [],
         [], ["a 2/0"]),
    case("reset-removes-up-to-three", "a Reset Token on two Cooldown Tokens clears them",
         "Reset Token", "Power Token removing up to three Cooldown Tokens from an ability.",
         reset_token(), (ab("a"), ab("b", ITEM, cooldown=2)), [],
         [], ["a 0/0", "b 0/0"]),
    case("reset-one-ability-chosen", "two cooled abilities: the player picks one, the other "
         "keeps its tokens",
         "Reset Token", "Power Token removing up to three Cooldown Tokens from an ability.",
         reset_token(), (ab("a", cooldown=2), ab("b", cooldown=4)), [1],
         [("reset", (0, 1))], ["a 2/0", "b 1/0"]),
]


@pytest.mark.parametrize(("rule", "act", "abilities", "answers", "asked", "expected"), EFFECTS)
def test_token_effects(rule: Rule, act: Act, abilities: Abilities, answers: list[Any],
                       asked: Asked, expected: list[str]) -> None:
    result, questions = run(act(abilities), answers)
    assert (questions, summary(result)) == (asked, expected), rule


# --- the Ready Phase ----------------------------------------------------------------------

READY = [
    case("ready-phase-clears-cooldown-tokens", "every Cooldown Token goes, the mat's too",
         "Cooldown Token", "Removed at the beginning of each round.",
         (ab("a", cooldown=3), ab("m", MAT, cooldown=1), ab("c", cooldown=2, charges=1, flag=2)),
         ["a 0/0", "m 0/0", "c 0/1"]),
    case("ready-phase-does-not-recharge", "Charge Tokens are not given back",
         "Charge Token", "Does not replenish except through Recharge abilities.",
         (ab("e", flag=3), ab("f", cooldown=1, charges=2, flag=3)),
         ["e 0/0", "f 0/2"]),
]


@pytest.mark.parametrize(("rule", "abilities", "expected"), READY)
def test_ready_phase(rule: Rule, abilities: Abilities, expected: list[str]) -> None:
    assert summary(ready_phase(abilities)) == expected, rule


# --- answers that are not options, and nothing to do -------------------------------------


def test_fatigue_refuses_a_mat_ability() -> None:
    abilities = (ab("m", MAT), ab("a"), ab("b"))
    with pytest.raises(IllegalChoice):
        resolve(fatigue(abilities, HERO, 1), lambda decision: 0)


def test_no_tokens_move_for_x_zero() -> None:
    abilities = (ab("a", cooldown=1), ab("b", cooldown=1), ab("c", flag=2), ab("d", flag=2))
    for act in (fatigued(0), invigorated(0), recharged(0)):
        assert run(act(abilities), []) == (abilities, [])
