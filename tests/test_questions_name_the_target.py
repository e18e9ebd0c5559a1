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


def test_shield_question_names_whose_tokens_they_are() -> None:
    """An Illusion spends Eve's Shield Tokens (Appendix A): the question says they are
    hers; a Hero's own are not named."""
    from tales.rules.health import prevent

    position = lane(hero_("eve", tokens={Token.SHIELD.value: 1}),
                    hero_("illusion1", "B1", role="illusion", owner="eve", fortitude=3))
    asked = next(prevent(position, "illusion1", 2, "an Attack"))
    assert asked.prompt == ("illusion1 would take 2 damage (an Attack): discard how many "
                            "Shield Tokens of eve's (-2 each)?")
    asked = next(prevent(position, "eve", 2, "an Attack"))
    assert asked.prompt == ("eve would take 2 damage (an Attack): discard how many "
                            "Shield Tokens (-2 each)?")
