"""Issue 43, item 10: Boss Otto - Advanced in any combination (001: "try adding any
combination of the following game adjustments"): a flag for each of the five, --hard for
the first four together; the report and a saved game keep which."""

from __future__ import annotations

import json

import pytest

from tales.cli import main
from tales.errors import TalesError
from tales.tavern.rdi.model import Mode
from tales.tavern.rdi.simulate import ADVANCED, otto_for
from tales.tavern.rdi.terminal import Seating


@pytest.mark.parametrize("chosen", [(), ("hard-cards",), ("epic-cards", "threat-hard"),
                                    ("tough-components",), tuple(ADVANCED)])
def test_each_adjustment_on_its_own(chosen: tuple[str, ...]) -> None:
    rules = otto_for(Mode.BOSS_OTTO, advanced=chosen, extra_potions=2)
    assert rules is not None
    for name, field in ADVANCED.items():
        assert getattr(rules, field) is (name in chosen), name
    assert rules.extra_potions == 2


def test_hard_is_all_four_and_the_flags_are_for_boss_otto() -> None:
    rules = otto_for(Mode.BOSS_OTTO, hard=True)
    assert rules is not None and all(getattr(rules, f) for f in ADVANCED.values())
    assert rules.extra_potions == 0
    with pytest.raises(TalesError, match="are for --variant boss-otto"):
        otto_for(Mode.INDIVIDUAL, advanced=("hard-cards",))
    with pytest.raises(TalesError, match="no Boss Otto adjustment 'spiky'"):
        otto_for(Mode.BOSS_OTTO, advanced=("spiky",))


def test_the_report_says_which(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tavern", "simulate", "--variant", "boss-otto", "--players", "2",
                 "--games", "2", "--tough-components", "--extra-potions", "1",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["boss_otto"]["advanced"] == ["tough-components"]
    assert report["boss_otto"]["extra_potions"] == 1


def test_a_saved_game_keeps_the_adjustments() -> None:
    seating = Seating(2, 1, 3, mode=Mode.BOSS_OTTO.value, advanced=("epic-cards",),
                      extra_potions=2)
    again = Seating.from_dict(json.loads(json.dumps(seating.to_dict())), "x")
    assert again == seating
