"""Rule cases for damage and health: prevention, Wounded and Defeated, Heal, tokens, Stun,
Disarm, and damage from Traps and Hazards (glossary entries named in each row).

Positions are one row ``A1 B1 C1 D1 E1`` (``LANE``). ``h`` is a Hero with Fortitude 6 and a
Wounded side of 8 unless said otherwise; ``s`` a Schemer with Fortitude 20. Every expected
value was worked out by hand from the passage in its row.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.board.figures import Token
from tales.board.position import Position
from tales.rules.attacks import HeroAttack, player_attack
from tales.rules.decisions import Decider
from tales.rules.health import (
    Damaged,
    Prevented,
    StunEffect,
    TurnKind,
    deal,
    disarm,
    give_tokens,
    heal,
    prevent,
    prevent_schemer,
    remove_defeated,
    stun_at_turn,
)
from tales.rules.schemer_attacks import AttackKind
from tales.rules.spaces import Entry, enter
from tests.build import positioned

from ._build import Rule, case
from ._combat import Choice, battle, foe, hero_, present, run, space, state

LANE = ". . . . ."
HAZARD_LANE = ". ^ . . ."

Keys = dict[str, Any]




def lane(*figures: dict[str, object], grid: str = LANE, traps: dict[str, int] | None = None
         ) -> Position:
    """The figures on ``grid``; ``traps`` (space name: damage) replaces the Trap tokens."""
    position = positioned(grid, *figures)
    if traps is not None:
        position = replace(position, traps={space(position, n): d for n, d in traps.items()})
    return position


def one(figure: dict[str, object]) -> Position:
    """A position holding only ``figure``."""
    return lane(figure)


def look(position: Position, figure_id: str) -> tuple[int, bool, int | None, dict[str, int]]:
    """Damage, Wounded, Fortitude and tokens of a figure on the map."""
    figure = position.figure(figure_id)
    return (figure.damage, figure.wounded, figure.fortitude,
            {t.value: n for t, n in figure.tokens})


# --- passages ----------------------------------------------------------------------------

WOUNDED_FLIP = ("When a figure takes damage equal to or greater than their Fortitude, they "
                "flip from their Fresh side to their Wounded side.")
WOUNDED_EXCESS = ("Any excess damage from the attack or effect that caused the figure to "
                  "become Wounded is ignored and does not carry over to the Wounded side.")
WOUNDED_HEAL = ("Once a figure becomes Wounded, healing cannot revert them back to Fresh. "
                "Healing can only restore Fortitude on the Wounded side.")
DEFEATED = "Figure is removed from the map if damage equals or exceeds Fortitude."
SHIELD_SCHEMER = ("When a Schemer would be dealt damage from any source, it discards Shield "
                  "Tokens until the damage is reduced to 0 or the Shield Tokens are "
                  "exhausted.")
SHIELD_BOTH = ("If a Schemer has both Toughness Tokens and Shield Tokens, it discards a "
               "Toughness Token and keeps its Shield Tokens.")
TOUGH_SCHEMER = ("When a Schemer would be dealt damage from any source, it discards a "
                 "Toughness Token if it has one.")
TOUGH_PLAYER = ("When a player-controlled figure would be dealt damage, the player may choose "
                "to discard a Toughness Token to prevent the damage.")
SHIELD_PLAYER = ("When a player-controlled figure would be dealt damage, the figure’s owner "
                 "may discard any number of Shield Tokens to reduce the damage.")
STUN_SCHEMER = ("If a Schemer or a Solo Mode Companion has a Stun Token when their turn "
                "begins, they skip their turn and discard all of their Stun Tokens.")
TRAP_DAMAGE = ("When a figure Moves < or is forced onto or through a Trap space, remove the "
               "Trap and all damage tokens on it from the map, and assign those damage tokens "
               "to that figure.")


# --- deal: Wounded and Defeated ------------------------------------------------------------

DEALS = [
    case("fresh-below-fortitude", "3 damage on a Fresh Hero with Fortitude 6 stays on it",
         "Fortitude", "Equals damage required to Defeat the figure.",
         hero_(), 3, Damaged("h", 3, 3), (3, False, 6, {})),
    case("fresh-flips-at-equal", "2 + 4 = 6 = Fortitude: Wounded, damage back to 0",
         "Fresh", "Heroes start Fresh and flip to Wounded when damage equals Fortitude.",
         hero_(damage=2), 4, Damaged("h", 4, 4, wounded=True), (0, True, 8, {})),
    case("fresh-excess-ignored", "10 damage on 4 left: Wounded with 0, only 4 lost",
         "Wounded", WOUNDED_EXCESS,
         hero_(damage=2), 10, Damaged("h", 10, 4, wounded=True), (0, True, 8, {})),
    case("fresh-one-short", "5 damage on Fortitude 6: still Fresh", "Wounded", WOUNDED_FLIP,
         hero_(), 5, Damaged("h", 5, 5), (5, False, 6, {})),
    case("wounded-side-fortitude", "the Wounded side has Fortitude 8: 7 damage stays",
         "Wounded", WOUNDED_FLIP,
         hero_(wounded=True, fortitude=8), 7, Damaged("h", 7, 7), (7, True, 8, {})),
    case("wounded-defeated-at-equal", "7 + 1 = 8 on the Wounded side: Defeated",
         "Defeated", "Heroes and some bosses must be Wounded before being Defeated.",
         hero_(wounded=True, fortitude=8, damage=7), 1, Damaged("h", 1, 1, defeated=True),
         (8, True, 8, {})),
    case("schemer-defeated-at-equal", "3 damage on a Fortitude 3 Schemer: Defeated",
         "Defeated", DEFEATED,
         foe(fortitude=3), 3, Damaged("s", 3, 3, defeated=True), (3, False, 3, {})),
    case("schemer-defeated-excess", "5 damage on 2 left: 2 lost, Defeated", "Defeated",
         DEFEATED,
         foe(fortitude=3, damage=1), 5, Damaged("s", 5, 2, defeated=True), (6, False, 3, {})),
    case("boss-flips-at-fortitude", "a Boss takes damage equal to its Fortitude: Wounded",
         "Boss", "Takes damage equal to Fortitude to become Wounded.",
         foe(fortitude=4, wounded_fortitude=10), 4, Damaged("s", 4, 4, wounded=True),
         (0, True, 10, {})),
    case("boss-flip-refreshes-toughness", "a Boss with no Toughness left flips and gets 2",
         "Boss", "Toughness Tokens are refreshed when flipping to Wounded.",
         foe(fortitude=4, wounded_fortitude=10, toughness_refresh=2, tokens={"shield": 1}), 6,
         Damaged("s", 6, 4, wounded=True), (0, True, 10, {"shield": 1, "toughness": 2})),
    case("boss-no-refresh-before-flip", "damage short of Fortitude: no Toughness yet", "Boss",
         "Toughness Tokens are refreshed when flipping to Wounded.",
         foe(fortitude=4, wounded_fortitude=10, toughness_refresh=2), 3, Damaged("s", 3, 3),
         (3, False, 4, {})),
]


@pytest.mark.parametrize(("rule", "figure", "amount", "damaged", "after"), DEALS)
def test_deal(rule: Rule, figure: dict[str, object], amount: int, damaged: Damaged,
              after: tuple[int, bool, int | None, dict[str, int]]) -> None:
    position, got = deal(one(figure), str(figure["id"]), amount)
    assert (got, look(position, str(figure["id"]))) == (damaged, after), rule


REMOVALS = [
    case("remove-defeated-only", "step 5 removes the Schemer and the Wounded Hero at "
         "Fortitude, not the two short of it", "Defeated", DEFEATED,
         lane(foe("s1", "A1", fortitude=3, damage=3), foe("s2", "B1", fortitude=3, damage=2),
              hero_("h", "C1", wounded=True, fortitude=4, damage=4),
              hero_("h2", "D1", fortitude=4, wounded_fortitude=6)),
         ["s1", "h"], ["h2", "s2"]),
]


@pytest.mark.parametrize(("rule", "position", "gone", "left"), REMOVALS)
def test_remove_defeated(rule: Rule, position: Position, gone: list[str], left: list[str]
                         ) -> None:
    assert present(position) == sorted(gone + left), rule
    position, removed = remove_defeated(position)
    assert (removed, present(position)) == (gone, left), rule


# --- Heal ------------------------------------------------------------------------------------

HEALS = [
    case("heal-up-to-x", "Heal 2 on 3 damage: 1 left", "Heal X",
         "Removes up to X damage from the target.",
         hero_(damage=3), 2, 2, (1, False, 6, {})),
    case("heal-not-above-fortitude", "Heal 5 on 3 damage removes 3", "Heal X",
         "Cannot exceed printed Fortitude or revert Wounded figures to Fresh.",
         hero_(damage=3), 5, 3, (0, False, 6, {})),
    case("heal-wounded-stays-wounded", "Heal 10 on a Wounded Hero: 0 damage, still Wounded",
         "Wounded", WOUNDED_HEAL,
         hero_(wounded=True, fortitude=8, damage=5), 10, 5, (0, True, 8, {})),
    case("heal-fresh-never-again", "a Wounded Hero with no damage heals nothing", "Fresh",
         "Healing cannot revert Wounded figures to Fresh.",
         hero_(wounded=True, fortitude=8), 3, 0, (0, True, 8, {})),
]


@pytest.mark.parametrize(("rule", "figure", "x", "healed", "after"), HEALS)
def test_heal(rule: Rule, figure: dict[str, object], x: int, healed: int,
              after: tuple[int, bool, int | None, dict[str, int]]) -> None:
    position, got = heal(one(figure), str(figure["id"]), x)
    assert (got, look(position, str(figure["id"]))) == (healed, after), rule


# --- tokens: Weaken X, Stun, Big Bad ---------------------------------------------------------

TOKENS = [
    case("weaken-x", "Weaken 2 gives two Weaken Tokens", "Weaken X", "Gives X Weaken Tokens.",
         foe(tokens={"weaken": 1}), Token.WEAKEN, 2, 2, {"weaken": 3}),
    case("big-bad-weaken-one-fewer", "a Big Bad given Weaken 2 gains 1", "Big Bad",
         "Reduces Debuff Tokens gained by one.",
         foe(keywords=["Big Bad"]), Token.WEAKEN, 2, 1, {"weaken": 1}),
    case("big-bad-weaken-one", "a Big Bad given Weaken 1 gains none", "Big Bad",
         "Reduces Debuff Tokens gained by one.",
         foe(keywords=["Big Bad"]), Token.WEAKEN, 1, 0, {}),
    case("big-bad-never-stunned", "a Big Bad given 2 Stun Tokens gains none", "Big Bad",
         "Cannot be Stunned.",
         foe(keywords=["Big Bad"]), Token.STUN, 2, 0, {}),
    case("big-bad-power-tokens-whole", "a Big Bad gains all of its Shield Tokens", "Big Bad",
         "Reduces Debuff Tokens gained by one.",
         foe(keywords=["Big Bad"]), Token.SHIELD, 2, 2, {"shield": 2}),
    case("stun-token-given", "a Schemer is given a Stun Token", "Stun",
         "Causes a figure to skip part or all of their next turn.",
         foe(), Token.STUN, 1, 1, {"stun": 1}),
]


@pytest.mark.parametrize(("rule", "figure", "token", "count", "given", "tokens"), TOKENS)
def test_give_tokens(rule: Rule, figure: dict[str, object], token: Token, count: int,
                     given: int, tokens: dict[str, int]) -> None:
    position, got = give_tokens(one(figure), str(figure["id"]), token, count)
    assert (got, state(position, str(figure["id"]))) == (given, (0, tokens)), rule


STUNS = [
    case("stun-schemer-skips", "a Stunned Schemer skips its turn, both Stun Tokens go",
         "Stun Token", STUN_SCHEMER,
         foe(tokens={"stun": 2, "weaken": 1}), TurnKind.SCHEMER, StunEffect.SKIP_TURN,
         {"weaken": 1}),
    case("stun-companion-skips", "a Stunned Solo Mode Companion skips its turn",
         "Stun Token", STUN_SCHEMER,
         hero_(tokens={"stun": 1}), TurnKind.COMPANION, StunEffect.SKIP_TURN, {}),
    case("stun-hero-full-turn", "a full turn: one Action tile flipped, Stun discarded",
         "Stun Token", "Full Initiative Turn: If a Hero has a Stun Token when their full "
         "initiative token is drawn, they flip one of their Action ability tiles to its grey "
         "side without taking an Action and discard all of their Stun Tokens.",
         hero_(tokens={"stun": 3}), TurnKind.HERO_FULL, StunEffect.LOSE_ACTION, {}),
    case("stun-hero-partial-turn", "a partial turn is skipped", "Stun Token",
         "Partial Initiative Turn (2-Hero Game): If a Hero has a Stun Token when their partial "
         "initiative token is drawn, they skip their turn and discard all of their Stun "
         "Tokens.",
         hero_(tokens={"stun": 1}), TurnKind.HERO_PARTIAL, StunEffect.SKIP_TURN, {}),
    case("stun-ally", "a Stunned Ally's tile is flipped without activating it",
         "Stun Token", "If an Ally has a Stun Token, then on its Hero’s next full turn, that "
         "Hero flips the Ally ability tile to its grey side without activating the Ally and "
         "discards all of the Ally’s Stun Tokens.",
         hero_(tokens={"stun": 1}), TurnKind.ALLY, StunEffect.SKIP_ALLY, {}),
    case("no-stun-no-effect", "without a Stun Token the turn goes ahead, tokens kept",
         "Stun Token", STUN_SCHEMER,
         foe(tokens={"weaken": 1}), TurnKind.SCHEMER, StunEffect.NONE, {"weaken": 1}),
]


@pytest.mark.parametrize(("rule", "figure", "turn", "effect", "tokens"), STUNS)
def test_stun_at_turn(rule: Rule, figure: dict[str, object], turn: TurnKind,
                      effect: StunEffect, tokens: dict[str, int]) -> None:
    position, got = stun_at_turn(one(figure), str(figure["id"]), turn)
    assert (got, state(position, str(figure["id"]))) == (effect, (0, tokens)), rule


# --- Disarm X ------------------------------------------------------------------------------

DISARMS = [
    case("disarm-x", "Disarm 2 of three Shield Tokens: one left, nothing to choose",
         "Disarm X", "Affected figure discards X Power Tokens.",
         foe(tokens={"shield": 3}), 2, (), 2, {"shield": 1}, None),
    case("disarm-fewer-than-x", "Disarm 5 with two Power Tokens: both go", "Disarm X",
         "If fewer than X, discards all Power Tokens.",
         foe(tokens={"evade": 1, "shield": 1}), 5, (("disarm", Token.SHIELD),), 2, {},
         Decider.TABLE),
    case("disarm-keeps-debuffs", "Disarm 3: the Shield goes, the Weaken Tokens stay",
         "Disarm X", "If fewer than X, discards all Power Tokens.",
         foe(tokens={"shield": 1, "weaken": 2}), 3, (), 1, {"weaken": 2}, None),
    case("disarm-player-chooses", "a Hero's player picks which token to discard",
         "Disarm X", "Affected figure discards X Power Tokens.",
         hero_(tokens={"evade": 1, "shield": 1}), 1, (("disarm", Token.SHIELD),), 1,
         {"evade": 1}, Decider.PLAYER),
]


@pytest.mark.parametrize(("rule", "figure", "x", "choices", "lost", "tokens", "decider"),
                         DISARMS)
def test_disarm(rule: Rule, figure: dict[str, object], x: int, choices: tuple[Choice, ...],
                lost: int, tokens: dict[str, int], decider: Decider | None) -> None:
    figure_id = str(figure["id"])
    (position, got), script = run(disarm(one(figure), figure_id, x), (), choices)
    asked = script.decision("disarm").decider if decider else None
    assert (got, state(position, figure_id), asked) == (lost, (0, tokens), decider), rule


# --- prevention ----------------------------------------------------------------------------

SCHEMER_PREVENTS = [
    case("toughness-first", "Toughness prevents all 3; both Shields kept", "Toughness Token",
         SHIELD_BOTH, {"toughness": 1, "shield": 2}, 3, Prevented("s", 3, True, 0, 0),
         {"shield": 2}),
    case("shields-until-zero", "4 damage: two Shields of three, nothing through",
         "Shield Token", SHIELD_SCHEMER, {"shield": 3}, 4, Prevented("s", 4, False, 2, 0),
         {"shield": 1}),
    case("shields-odd-damage", "3 damage: two Shields (2 would leave 1)", "Shield Token",
         SHIELD_SCHEMER, {"shield": 3}, 3, Prevented("s", 3, False, 2, 0), {"shield": 1}),
    case("shields-exhausted", "5 damage on one Shield: 3 through", "Shield Token",
         SHIELD_SCHEMER, {"shield": 1}, 5, Prevented("s", 5, False, 1, 3), {}),
    case("nothing-to-prevent", "no damage: no token spent", "Toughness Token", TOUGH_SCHEMER,
         {"toughness": 1, "shield": 1}, 0, Prevented("s", 0, False, 0, 0),
         {"shield": 1, "toughness": 1}),
]


@pytest.mark.parametrize(("rule", "tokens", "amount", "prevented", "left"), SCHEMER_PREVENTS)
def test_prevent_schemer(rule: Rule, tokens: dict[str, int], amount: int,
                         prevented: Prevented, left: dict[str, int]) -> None:
    figure = one(foe(tokens=tokens)).figure("s")
    figure, got = prevent_schemer(figure, amount)
    assert (got, {t.value: n for t, n in figure.tokens}) == (prevented, left), rule


PLAYER_PREVENTS = [
    case("player-toughness", "the player spends Toughness: all 3 prevented",
         "Toughness Token", TOUGH_PLAYER,
         {"toughness": 1, "shield": 1}, 3, (("toughness", True),),
         Prevented("h", 3, True, 0, 0), {"shield": 1}, {"toughness": (False, True)}),
    case("player-declines-then-shields", "Toughness kept, one Shield: 1 through",
         "Shield Token", SHIELD_PLAYER,
         {"toughness": 1, "shield": 1}, 3, (("toughness", False), ("shields", 1)),
         Prevented("h", 3, False, 1, 1), {"toughness": 1}, {"shields": (0, 1)}),
    case("player-shields-offered", "3 damage: up to two of five Shields are offered",
         "Shield Token", SHIELD_PLAYER,
         {"shield": 5}, 3, (("shields", 0),), Prevented("h", 3, False, 0, 3), {"shield": 5},
         {"shields": (0, 1, 2)}),
]


@pytest.mark.parametrize(("rule", "tokens", "amount", "choices", "prevented", "left",
                          "options"), PLAYER_PREVENTS)
def test_prevent_player(rule: Rule, tokens: dict[str, int], amount: int,
                        choices: tuple[Choice, ...], prevented: Prevented,
                        left: dict[str, int], options: dict[str, tuple[object, ...]]) -> None:
    (position, got), script = run(prevent(one(hero_(tokens=tokens)), "h", amount, "a test"),
                                  (), choices)
    offered = {k: script.decision(k).options for k in options}
    assert (got, state(position, "h"), offered) == (prevented, (0, left), options), rule


# --- Traps, Hazards and Resistant ------------------------------------------------------------

SPACES = [
    case("trap-shielded-schemer", "a Trap's 2 damage: the Schemer's Shield prevents it",
         "Shield Token", SHIELD_SCHEMER,
         lane(foe(at="A1", tokens={"shield": 1}), traps={"B1": 2}), "s", (),
         (0, {}), False, {}),
    case("trap-toughness-schemer", "a Trap's 3 damage: Toughness, Shield kept",
         "Toughness Token", TOUGH_SCHEMER,
         lane(foe(at="A1", tokens={"toughness": 1, "shield": 1}), traps={"B1": 3}), "s", (),
         (0, {"shield": 1}), False, {}),
    case("trap-unprotected-schemer", "a Trap's tokens go to the Schemer: 2 damage", "Trap",
         TRAP_DAMAGE,
         lane(foe(at="A1"), traps={"B1": 2}), "s", (), (2, {}), False, {}),
    case("trap-hero-toughness", "the Hero's player may spend Toughness on Trap damage",
         "Toughness Token", TOUGH_PLAYER,
         lane(hero_(tokens={"toughness": 1}), traps={"B1": 2}), "h", (("toughness", True),),
         (0, {}), False, {}),
    case("trap-wounds-hero", "3 Trap damage on a Fortitude 2 Hero: Wounded at 0", "Wounded",
         WOUNDED_EXCESS,
         lane(hero_(fortitude=2, wounded_fortitude=5), traps={"B1": 3}), "h", (),
         (0, {}), True, {}),
    case("resistant-shielded-no-trigger", "a Resistant Schemer with a Shield does not "
         "trigger the Trap", "Resistant", "With Shield/Toughness Tokens, does not trigger "
         "Traps.",
         lane(foe(at="A1", keywords=["Resistant"], tokens={"shield": 1}), traps={"B1": 2}),
         "s", (), (0, {"shield": 1}), False, {"B1": 2}),
    case("resistant-without-tokens", "a Resistant Schemer with no token triggers it",
         "Resistant", "With Shield/Toughness Tokens, does not trigger Traps.",
         lane(foe(at="A1", keywords=["Resistant"]), traps={"B1": 2}), "s", (), (2, {}),
         False, {}),
    case("hazard-shielded-schemer", "a Hazard's 1 damage: one Shield prevents it",
         "Shield Token", SHIELD_SCHEMER,
         lane(foe(at="A1", tokens={"shield": 2}), grid=HAZARD_LANE, traps={}), "s", (),
         (0, {"shield": 1}), False, {}),
    case("resistant-hazard-takes-last-shield", "a Resistant Schemer with one Shield enters a "
         "Hazard with a Trap: the Trap waits, the Hazard takes the Shield, then the Trap "
         "springs", "Resistant", "Triggers Trap if on it when losing the last token.",
         lane(foe(at="A1", keywords=["Resistant"], tokens={"shield": 1}), grid=HAZARD_LANE,
              traps={"B1": 2}), "s", (), (2, {}), False, {}),
]


@pytest.mark.parametrize(("rule", "position", "mover", "choices", "after", "wounded",
                          "traps"), SPACES)
def test_entering_b1(rule: Rule, position: Position, mover: str, choices: tuple[Choice, ...],
                     after: tuple[int, dict[str, int]], wounded: bool,
                     traps: dict[str, int]) -> None:
    (moved, _), _ = run(enter(position, mover, space(position, "B1"), Entry.MOVE), (),
                        choices)
    names = moved.board.names
    got = (state(moved, mover), moved.figure(mover).wounded,
           {names[s]: d for s, d in moved.traps.items()})
    assert got == (after, wounded, traps), rule


RESISTANT_LOSES = [
    case("resistant-loses-last-shield-on-trap", "3 damage takes the last Shield: 1 through, "
         "then the Trap under it deals 2", "Resistant",
         "Triggers Trap if on it when losing the last token.",
         lane(hero_(), foe(keywords=["Resistant"], tokens={"shield": 1}), traps={"B1": 2}),
         3, (3, {}), {}),
    case("resistant-keeps-a-token", "a Resistant Schemer with Shields left stays untouched by "
         "the Trap", "Resistant", "With Shield/Toughness Tokens, does not trigger Traps.",
         lane(hero_(), foe(keywords=["Resistant"], tokens={"shield": 3}), traps={"B1": 2}),
         3, (0, {"shield": 1}), {"B1": 2}),
]


@pytest.mark.parametrize(("rule", "position", "fixed", "after", "traps"), RESISTANT_LOSES)
def test_resistant_on_a_trap_attacked(rule: Rule, position: Position, fixed: int,
                                      after: tuple[int, dict[str, int]],
                                      traps: dict[str, int]) -> None:
    attack = HeroAttack(AttackKind.MELEE, fixed=fixed)
    result, _ = run(player_attack(battle(position), "h", attack, ["s"]))
    moved = result.battle.position
    names = moved.board.names
    got = (state(moved, "s"), {names[s]: d for s, d in moved.traps.items()})
    assert got == (after, traps), rule
