"""Issue 38, item 3: the odds shown before a Hero's Attack are the odds of the Attack the
rules make. Each row's Attack is resolved exactly (every branch of its dice, weighted by its
chance, Critical Hit chains cut below 1e-8) through :func:`tales.rules.effects.activate`,
and the damage the target took is compared with the odds the players are shown
(:mod:`tales.present.odds`), with Backstab, Damage Boost, Weaken, Shield and Epic Dice."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tales.board.position import Position
from tales.present.odds import ability_odds, odds_line, option_odds, percent, target_odds
from tales.present.options import Presenter
from tales.rules.attacks import AttackDice, Battle
from tales.rules.decisions import Decider, Decision, Resolution
from tales.rules.effects import Ability, activate, planned_attack
from tales.rules.odds import damage_distribution, mean, planned_spec
from tests.build import positioned
from tests.cases._combat import DICE, foe, hero_
from tests.cases._heroes import ability, equipped

LANE = ". . . . . . ."
CUT = 1e-8


def stab(dice: int = 2, backstab: int = 1, targets: int = 1) -> Ability:
    return ability("action", f'{{ attack = "melee", dice = {dice}, targets = {targets}, '
                   f'backstab = {backstab} }}')


def exact(start: Callable[[], Resolution[Battle]], answer: Callable[[Decision[Any]], Any],
          target: str) -> tuple[dict[int, float], list[Decision[Any]]]:
    """The damage ``target`` has after the resolution, with each total's probability
    (players answer with ``answer``); and the player Decisions asked on the first branch."""
    found: dict[int, float] = defaultdict(float)
    asked: list[Decision[Any]] = []
    pending: list[tuple[tuple[Any, ...], float]] = [((), 1.0)]
    while pending:
        prefix, chance = pending.pop()
        generator = start()
        taken: list[Any] = []
        try:
            decision = next(generator)
            while True:
                if len(taken) < len(prefix):
                    reply = prefix[len(taken)]
                elif decision.decider is Decider.CHANCE:
                    assert decision.probabilities is not None
                    for option, p in zip(decision.options, decision.probabilities,
                                         strict=True):
                        if chance * p >= CUT:
                            pending.append(((*taken, option), chance * p))
                    break
                elif len(decision.options) == 1:  # not asked: taken (the Game driver's way)
                    reply = decision.options[0]
                else:
                    reply = answer(decision)
                    if not prefix:
                        asked.append(decision)
                taken.append(reply)
                decision = generator.send(reply)
        except StopIteration as stop:
            table = stop.value
            found[table.position.figure(target).damage] += chance
    return dict(found), asked


def scripted(choices: dict[str, Any]) -> Callable[[Decision[Any]], Any]:
    def answer(decision: Decision[Any]) -> Any:
        assert decision.kind in choices, f"{decision.kind} asked: {decision.prompt}"
        return choices[decision.kind]
    return answer


ROWS = {
    # the issue's example: 2 printed dice, Backstab +1 on a Weakened Foe: 3 dice
    "backstab": (dict(tokens={"weaken": 1}), {}, 0, {}, 3),
    "backstab-not-met": ({}, {}, 0, {}, 2),
    "damage-boost": (dict(tokens={"weaken": 1}), dict(tokens={"damage_boost": 2}), 0,
                     {"damage-boost": 2}, 3),
    "weaken": ({}, dict(tokens={"weaken": 1}), 0, {}, 2),
    "shield": (dict(tokens={"shield": 1, "weaken": 1}), {}, 0, {}, 3),
    "epic-dice": (dict(tokens={"weaken": 1}), {}, 2, {"empower": 1}, 2),  # 1 printed
}


def row_battle(name: str) -> tuple[Battle, Ability]:
    target, attacker, pool, _, _ = ROWS[name]
    position = positioned(LANE, hero_("h", "A1", **attacker),
                          foe("s", "B1", fortitude=99, **target))
    it = stab(dice=1 if name == "epic-dice" else 2)  # fewer branches to walk
    return equipped(position, {"h": [it]}, pool), it


@pytest.mark.parametrize("name", list(ROWS))
def test_the_odds_are_the_attack_made(name: str) -> None:
    table, it = row_battle(name)
    choices, dice = ROWS[name][3], ROWS[name][4]
    dealt, asked = exact(lambda: activate(table, "h", it), scripted(choices), "s")
    position = table.position
    planned = planned_attack(position, position.figure("h"), it.effects[0],
                             [position.figure("s")], epic=choices.get("empower", 0))
    assert planned.yellow == dice
    odds = damage_distribution(planned_spec(planned, position.figure("s")), DICE)
    made = np.zeros(max(max(dealt) + 1, len(odds)))
    for total, p in dealt.items():
        made[total] = p
    shown = np.zeros(len(made))
    shown[:len(odds)] = odds
    assert made.sum() > 1 - 1e-3  # the branches cut weigh less than that
    assert np.abs(made - shown).max() < 1e-4, (made[:10], shown[:10])
    # the odds shown at the last question before the roll are the same numbers
    if "empower" in choices:
        empower = next(d for d in asked if d.kind == "empower")
        assert isinstance(empower.detail, AttackDice)
        line = option_odds(empower, choices["empower"])[0]
        assert line == odds_line(planned, position.figure("s"), DICE)
        assert "1 Epic Die" in line


def test_the_issue_example_from_the_bundled_dice() -> None:
    """3 Damage Dice (2 printed, Backstab +1): mean 3.6, 8.5% to deal 6; the printed 2
    alone said 2.4 and 1%."""
    table, it = row_battle("backstab")
    position = table.position
    planned = planned_attack(position, position.figure("h"), it.effects[0],
                             [position.figure("s")])
    dist = damage_distribution(planned_spec(planned, position.figure("s")), DICE)
    assert mean(dist) == pytest.approx(3.6)
    assert float(dist[6:].sum()) == pytest.approx(0.0855, abs=5e-4)
    two = damage_distribution(planned_spec(
        AttackDice("h", ("s",), 2, 0, 0, False, False, 0, 0), position.figure("s")), DICE)
    assert mean(two) == pytest.approx(2.4)
    assert f"{float(two[6:].sum()):.0%}" == "1%"
    weak = positioned(LANE, hero_("h", "A1"), foe("s", "B1", fortitude=6,
                                                  tokens={"weaken": 1}))
    line = odds_line(planned_attack(weak, weak.figure("h"), it.effects[0],
                                    [weak.figure("s")]), weak.figure("s"), DICE)
    assert line == "s: 3 Damage Dice (Backstab +1): mean 3.6 damage, 8.5% to deal 6"


def test_percent() -> None:
    assert [percent(p) for p in (0.0, 0.0004, 0.0852, 0.36, 0.9999, 1.0)] == [
        "0%", "<0.1%", "8.5%", "36%", ">99%", "100%"]


def ability_decision(position: Position, table: Battle) -> Decision[Any]:
    return Decision("ability", "h: use which ability?", ("it",), Decider.PLAYER, "h",
                    position=position, battle=table)


def test_the_only_target_chosen_automatically_has_its_odds_on_the_ability() -> None:
    """One Foe in reach: no choice of targets is asked, so the ability's card says the odds
    (the window's hover of the ability button, the terminal's ``i N``)."""
    table, it = row_battle("backstab")
    _, asked = exact(lambda: activate(table, "h", it), scripted({}), "s")
    assert "attack-targets" not in [d.kind for d in asked]
    detail = Presenter({"h": (it,)}).detail(ability_decision(table.position, table), "it")
    assert "Odds (the only target, chosen for you):" in detail
    assert "  s: 3 Damage Dice (Backstab +1): mean 3.6 damage, 0% to deal 99" in detail


def test_a_choice_of_targets_shows_each_targets_odds() -> None:
    position = positioned(LANE, hero_("h", "B1"), foe("s1", "A1", tokens={"weaken": 1}),
                          foe("s2", "C1"))
    it = stab()
    table = equipped(position, {"h": [it]})
    lines = ability_odds(ability_decision(position, table), it)
    assert lines[0] == "Odds, each target alone:"
    assert lines[1].startswith("  s1: 3 Damage Dice (Backstab +1): mean 3.6")
    assert lines[2].startswith("  s2: 2 Damage Dice: mean 2.4")
    _, asked = exact(lambda: activate(table, "h", it), scripted({"attack-targets": ("s1",)}),
                     "s1")
    choice = next(d for d in asked if d.kind == "attack-targets")
    s1 = position.board.names.index("A1")
    assert target_odds(choice, s1) == lines[1].strip()
    assert Presenter({"h": (it,)}).detail(choice, ("s2",))[1] == lines[2].strip()
