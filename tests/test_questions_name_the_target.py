"""Issue 38: the Epic Dice and Damage Boost questions of a Hero's Attack name its target."""

from __future__ import annotations

from tales.board.figures import Token
from tales.rules.attacks import HeroAttack, player_attack
from tales.rules.schemer_attacks import AttackKind
from tales.rules.schemes import plan_only
from tests.cases._combat import foe, hero_
from tests.cases.test_effect_cases import lane


def test_epic_dice_and_damage_boost_name_the_target() -> None:
    position = lane(hero_(tokens={Token.DAMAGE_BOOST.value: 1}), foe("s", "B1"))
    battle = plan_only(position, epic=1)
    asked = player_attack(battle, "h", HeroAttack(AttackKind.MELEE, dice=1), ["s"])
    prompts = []
    decision = next(asked)
    while True:
        if decision.kind in ("empower", "damage-boost"):
            prompts.append(decision.prompt)
        try:
            decision = asked.send(decision.options[-1] if decision.kind in (
                "empower", "damage-boost") else decision.options[0])
        except StopIteration:
            break
    assert prompts == ["h attacks s: add how many Epic Dice from the Epic Pool?",
                       "h attacks s: discard how many Damage Boost Tokens (+1 each)?"]
