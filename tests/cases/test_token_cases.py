"""Rule cases for tokens that hold on every path (issue 15): a Stunned Ally, Reset Tokens
spent on a turn, a controlling figure's Power Tokens serving the figures it controls,
Resistant losing its last token by any means, and the Counter Attack effect.

Rows are :class:`tests.cases.test_effect_cases.Play` rows (a position, abilities written in
the kit format, what is done, dice and answers, and what must come of it), checked the
same way; a Hero's turn is played with :func:`tales.rules.hero_turn.hero_turn`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from tales.board.position import Position
from tales.content.heroes import prepare_hero
from tales.rules.attacks import Battle, CombatRules
from tales.rules.decisions import Resolution
from tales.rules.effects import Ability
from tales.rules.health import prevent_and_deal
from tales.rules.hero_turn import hero_turn
from tales.rules.reactions import ResetReading, unusable
from tests.build import fig

from ._build import Rule, case
from ._combat import ONE, Choice, battle, foe, hero_, run, space
from ._heroes import abilities_of, ability, sample_kits
from .test_effect_cases import (
    Act,
    Play,
    attack,
    check_play,
    cooled,
    illusion,
    lane,
    pooky,
    reaction,
    use,
)

STEP = ability("action", "{ move = 1 }", name="step")
PECK = ability("action", '{ attack = "melee", dice = 1 }', name="peck")


def ally(figure_id: str = "w", at: str = "B1", **keys: Any) -> dict[str, object]:
    """An Ally of ``h`` (Fortitude 3)."""
    return fig(figure_id, at, "hero", **({"role": "ally", "owner": "h", "fortitude": 3} | keys))


def trapped(position: Position, **traps: int) -> Position:
    """``position`` with Trap tokens (space name = damage)."""
    return replace(position, traps={space(position, n): d for n, d in traps.items()})


def resistant(figure_id: str, at: str, **tokens: int) -> dict[str, object]:
    """A Resistant Schemer (Fortitude 20) with ``tokens``."""
    return foe(figure_id, at, keywords=["Resistant"], tokens=tokens)


def turn(abilities: Sequence[Ability], allies: Mapping[str, Sequence[Ability]] | None = None,
         full: bool = True, by: str = "h") -> Act:
    """``by``'s turn with ``abilities`` (and its Allies' tiles)."""
    def act(table: Battle) -> Resolution[Battle]:
        return (yield from hero_turn(table, by, tuple(abilities), full,
                                     allies={a: tuple(k) for a, k in (allies or {}).items()}))
    return act


STUN = [
    case("token-stunned-ally-tile-flips", "a Stunned Ally is not offered on its Hero's full "
         "turn, and its Stun Token is discarded",
         "Stun Token", "If an Ally has a Stun Token, then on its Hero’s next full turn, that "
         "Hero flips the Ally ability tile to its grey side without activating the Ally and "
         "discards all of the Ally’s Stun Tokens.",
         Play(lane(hero_(), ally(tokens={"stun": 2}), foe("s", "C1")), {"h": [STEP]},
              turn([STEP], {"w": [PECK]}), [], [("tile", "end turn")],
              expect={"options:tile": ["action", "end turn"], "state": {"w": (0, {})}})),
    case("token-ally-not-stunned-acts", "an Ally without a Stun Token keeps its tile",
         "Ally", "Activated during the Hero’s full turn.",
         Play(lane(hero_(), ally(), foe("s", "C1")), {"h": [STEP]},
              turn([STEP], {"w": [PECK]}), [], [("tile", "end turn")],
              expect={"options:tile": ["action", "ally w", "end turn"]})),
]

ALLIES_MAY_SPEND = ("Allies may spend your Hero’s Power Tokens, but Companions may only "
                    "spend their own.")

SHARED = [
    case("token-ally-spends-heros-damage-boost", "an Ally's Attack may discard its Hero's "
         "Damage Boost Token: 1 rolled + 1",
         "Damage Boost Token", "Can be used by Heroes and their controlled figures.",
         Play(lane(hero_(tokens={"damage_boost": 1}), ally(), foe("s", "C1")), {},
              use(PECK, by="w"), [ONE], [("damage-boost", 1)],
              expect={"state": {"s": (2, {}), "h": (0, {})}})),
    case("token-pooky-spends-zots-damage-boost", "Pooky's Attack may discard Zot's Damage "
         "Boost Token",
         "Pooky", "Heroic figure controlled by Zot’s player.",
         Play(lane(hero_(tokens={"damage_boost": 2}), pooky("B1"), foe("s", "C1")), {},
              use(PECK, by="pooky"), [ONE], [("damage-boost", 2)],
              expect={"state": {"s": (3, {}), "h": (0, {})}})),
    case("token-illusion-evades-with-eves-token", "an Illusion damaged by an Attack: Eve "
         "discards her Evade Token, the Illusion Leaps 2 and Averts the Weaken",
         "Eve’s Illusions", "Eve can spend her Power Tokens to defend or augment Illusions.",
         Play(lane(hero_(tokens={"evade": 1}), foe("s", "B1"), illusion("i", "C1")), {},
              attack(1, "i", harm="Weaken target 1."), [],
              [("evade", 1), ("evade-leap", 4)],
              expect={"state": {"i": (1, {}), "h": (0, {})}, "where": {"i": "E1"}})),
    case("token-ally-hits-back-with-heros-token", "an Ally damaged by an Attack: its Hero's "
         "Hitback Token deals the attacker 2",
         "Appendix B Solo Mode", ALLIES_MAY_SPEND,
         Play(lane(hero_(tokens={"hitback": 1}), ally("w", "C1"), foe("s", "D1")), {},
              attack(1, "w"), [], [("hitback", 1)],
              expect={"state": {"w": (1, {}), "h": (0, {}), "s": (2, {})}})),
    case("token-companion-spends-only-its-own", "a Companion is not offered the Hero's "
         "Hitback Token",
         "Appendix B Solo Mode", ALLIES_MAY_SPEND,
         Play(lane(hero_(tokens={"hitback": 1}),
                   fig("c", "C1", "hero", role="companion", fortitude=6), foe("s", "D1")), {},
              attack(1, "c"), [], [],
              expect={"state": {"c": (1, {}), "h": (0, {"hitback": 1}), "s": (0, {})}})),
]

LOSING = "Triggers Trap if on it when losing the last token."
SPLASHER = ability("action", '{ attack = "melee", dice = 1, splash = 1 }', name="splasher")
DISARMER = ability("action", '{ disarm = 1, target = "adjacent foe" }', name="disarmer")

RESISTANT = [
    case("token-resistant-splash-takes-last-shield", "Splash 1 takes a Resistant Schemer's "
         "last Shield: the Trap under it springs, 2 damage",
         "Resistant", LOSING,
         Play(trapped(lane(hero_(), foe("s1", "B1"), resistant("s2", "C1", shield=1)), C1=2),
              {}, use(SPLASHER), [ONE], [],
              expect={"state": {"s1": (1, {}), "s2": (2, {})}, "traps": {}})),
    case("token-resistant-disarmed-of-last-token", "Disarm 1 takes a Resistant Schemer's "
         "only Toughness Token: the Trap under it springs",
         "Resistant", LOSING,
         Play(trapped(lane(hero_(), resistant("s", "B1", toughness=1)), B1=3), {},
              use(DISARMER), [], [],
              expect={"state": {"s": (3, {})}, "traps": {}})),
    case("token-resistant-hitback-takes-last-shield", "a Resistant attacker's last Shield "
         "goes against Hitback: the Trap under it springs",
         "Resistant", LOSING,
         Play(trapped(lane(hero_(tokens={"hitback": 1}), resistant("s", "B1", shield=1)),
                      B1=2), {}, attack(1, "h"), [], [("hitback", 1)],
              expect={"state": {"h": (1, {}), "s": (2, {})}, "traps": {}})),
]

COUNTER = reaction("damaged", '{ counter_attack = "melee", dice = 1 }', name="counter")
GUARD_COUNTER = reaction("friend attacked", '{ counter_attack = "ranged", fixed = 2 }',
                         name="guard")

COUNTER_ATTACKS = [
    case("token-counter-attack-ignores-range", "damaged by a Foe three spaces away: the Melee "
         "Counter Attack hits it anyway",
         "Counter Attack", "Ignores Range; targets the triggering figure directly.",
         Play(lane(hero_(), foe("s", "D1")), {"h": [COUNTER]}, attack(1, "h"), [ONE],
              [("reaction", "counter")],
              expect={"state": {"h": (1, {}), "s": (1, {})},
                      "used": ["h uses counter"]})),
    case("token-counter-attack-on-the-attacker", "a Friend is attacked: the Counter Attack "
         "goes to the attacker, not another Foe",
         "Counter Attack", "Reaction allowing an Attack against a triggering figure.",
         Play(lane(hero_(), foe("s2", "B1"), hero_("f", "C1"), foe("s", "D1")),
              {"h": [GUARD_COUNTER]}, attack(1, "f"), [], [("reaction", "guard")],
              expect={"state": {"s": (2, {}), "s2": (0, {}), "f": (1, {})}})),
]

WARD = ability("action", '{ gain = true, tokens = { shield = 1 } }', name="ward",
               cost="{ cooldown = 2 }")
PARRY = reaction("attacked", '{ gain = true, tokens = { shield = 1 } }', name="parry",
                 cost="{ cooldown = 1 }")
RESET_TOKEN = "Power Token removing up to three Cooldown Tokens from an ability."
ON_WARD = "spend a Reset Token on ward"


def any_time(table: Battle) -> Battle:
    """Flag ``reset_tokens=any-time``, and parry with a Cooldown Token on it."""
    cooled = tuple(replace(s, cooldown=1) if s.name == "parry" else s
                   for s in table.abilities["h"])
    return replace(table, rules=CombatRules(reset_tokens=ResetReading.ANY_TIME),
                   abilities={**table.abilities, "h": cooled})


RESETS = [
    case("token-reset-spent-on-a-turn", "between tiles the Hero discards its Reset Token: "
         "ward's three Cooldown Tokens go and it is used this turn",
         "Reset Token", RESET_TOKEN,
         Play(lane(hero_(tokens={"reset": 1})), {"h": [WARD, STEP]}, turn([WARD, STEP]), [],
              [("tile", ON_WARD), ("tile", "action"), ("ability", "ward"),
               ("tile", "end turn")],
              prepare=cooled("ward", 3),
              expect={"options:tile": ["action", ON_WARD, "end turn"],
                      "state": {"h": (0, {"shield": 1})},
                      "abilities": {"h": ["ward 2/0", "step 0/0"]}})),
    case("token-reset-leaves-the-rest", "five Cooldown Tokens: a Reset Token leaves two, and "
         "ward still cannot be used",
         "Cooldown Token", "Can be removed with Invigorate ability or Reset Token.",
         Play(lane(hero_(tokens={"reset": 1})), {"h": [WARD, STEP]}, turn([WARD, STEP]), [],
              [("tile", ON_WARD), ("tile", "end turn")],
              prepare=cooled("ward", 5),
              expect={"abilities": {"h": ["ward 2/0", "step 0/0"]},
                      "state": {"h": (0, {})}})),
    case("token-reset-not-offered-without-cooldown", "nothing cooling: no Reset option",
         "Reset Token", RESET_TOKEN,
         Play(lane(hero_(tokens={"reset": 1})), {"h": [WARD]}, turn([WARD]), [],
              [("tile", "end turn")],
              expect={"options:tile": ["action", "end turn"]})),
    case("token-reset-on-an-allys-ability", "the Hero's Reset Token clears its Ally's "
         "cooling ward, which the Ally then uses",
         "Appendix B Solo Mode", ALLIES_MAY_SPEND,
         Play(lane(hero_(tokens={"reset": 1}), ally()), {"h": [STEP], "w": [WARD]},
              turn([STEP], {"w": [WARD]}), [],
              [("tile", "spend a Reset Token on ward (w)"), ("tile", "ally w"),
               ("tile", "end turn")],
              prepare=cooled("ward", 2, figure="w"),
              expect={"options:tile": ["action", "ally w", "spend a Reset Token on ward (w)",
                                       "end turn"],
                      "state": {"h": (0, {}), "w": (0, {"shield": 1})},
                      "abilities": {"h": ["step 0/0"], "w": ["ward 2/0"]}})),
    case("token-reset-frees-a-reaction-any-time", "flag reset_tokens=any-time: attacked "
         "with parry cooling, the Hero discards its Reset Token and parries",
         "Reaction", "You may activate a Reaction whenever the specified Trigger happens, "
         "even if that interrupts some other effect, and even if it is not your turn.",
         Play(lane(hero_(tokens={"reset": 1}), foe()), {"h": [PARRY]}, attack(2, "h"), [],
              [("reaction", "spend a Reset Token on parry"), ("reaction", "parry"),
               ("shields", 1)], prepare=any_time,
              expect={"state": {"h": (0, {})}, "abilities": {"h": ["parry 1/0"]}})),
    case("token-reset-not-at-a-trigger-by-default", "by default a Reset Token is spent on "
         "the Hero's own turn: a cooling Reaction is not offered when attacked",
         "Reaction", "If the ability has Cooldown Tokens on it, you may not activate the "
         "Reaction.",
         Play(lane(hero_(tokens={"reset": 1}), foe()), {"h": [PARRY]}, attack(2, "h"), [],
              [], prepare=cooled("parry", 1),
              expect={"asked": [], "state": {"h": (2, {"reset": 1})}})),
]

def hurt(figure_id: str, amount: int) -> Act:
    """``amount`` damage from a space (one instance) to ``figure_id``."""
    def act(table: Battle) -> Resolution[Battle]:
        position, _ = yield from prevent_and_deal(table.position, figure_id, amount, "Trap")
        return table.at(position)
    return act


UNTOUCHABLE = [
    case("token-pooky-spends-no-token", "Pooky takes no damage, so Zot is not asked to spend "
         "a Toughness Token for him",
         "Pooky", "Limitations: Pooky cannot take damage, trigger Traps, open doors, or enter "
         "spaces with door tokens.",
         Play(lane(hero_(tokens={"toughness": 1}), pooky("B1")), {}, hurt("pooky", 2), [], [],
              expect={"asked": [], "state": {"h": (0, {"toughness": 1}),
                                             "pooky": (0, {})}})),
]

TABLES = (STUN, SHARED, RESISTANT, COUNTER_ATTACKS, RESETS, UNTOUCHABLE)
ROWS = [row for table in TABLES for row in table]


@pytest.mark.parametrize(("rule", "play"), ROWS)
def test_token(rule: Rule, play: Play) -> None:
    check_play(rule, play)


# --- an Ally's abilities in a game (set up by prepare_hero, not by the rows' equip) -------

ALLY_COSTS = [
    case("token-ally-ability-pays-its-cooldown", "the sample hawk's Swoop (cooldown 1) "
         "takes its Cooldown Token, and cannot be used again while it has it",
         "Cooldown Ability", "Cannot be activated if it already has Cooldown Tokens.",
         # no Foe on the lane: Talons has no legal use, so Swoop is the one ability offered
         [("tile", "ally hawk"), ("move-to", 4), ("tile", "end turn")],
         ["Talons 0/0", "Swoop 1/0"], ["Talons"]),
]


@pytest.mark.parametrize(("rule", "choices", "states", "ready"), ALLY_COSTS)
def test_ally_abilities_in_a_game(rule: Rule, choices: list[Choice], states: list[str],
                                  ready: list[str]) -> None:
    kit = sample_kits()["fiona"]
    position = lane(fig("fiona", "A1", "hero", fortitude=9, wounded_fortitude=8),
                    ally("hawk", "B1", owner="fiona", keywords=["Tiny"]))
    table = prepare_hero(battle(position), kit)
    allies = kit.ally_abilities()
    after, _ = run(hero_turn(table, "fiona", kit.for_game(), True, allies=allies), [],
                   choices)
    got = (abilities_of(after, "hawk"), [a.name for a in allies["hawk"]
                                         if unusable(after, "hawk", a.name, None) is None])
    assert got == (states, ready), rule
