"""Issue 24's "Done when": ``tales tavern simulate --character NAME`` plays 20 four-player
games deterministically for every character of part 2 brought in so far, and Boss Battle
with Epic Pooky, or Vlazlo, as the Boss."""

from __future__ import annotations

import pytest

from tales.tavern.rdi.model import Mode
from tales.tavern.rdi.simulate import simulate

NAMES = ("ozrik", "petra", "phrenk", "phyll", "piper", "remy", "ripsnarl", "roxana",
         "samantha", "serena", "spyke", "terci", "vlazlo", "warthorn", "wench", "wizgille",
         "wrench", "ygella", "zariah")


@pytest.mark.parametrize("name", NAMES)
def test_twenty_games_for_each_character(name: str) -> None:
    report = simulate(4, 20, 7, [name], bot="greedy")
    assert report["games"] == 20
    assert report["turns"]["min"] > 0


def test_the_same_seed_gives_the_same_report() -> None:
    first = simulate(4, 20, 3, ["petra", "zariah"], bot="greedy")
    assert simulate(4, 20, 3, ["petra", "zariah"], bot="greedy") == first


def test_boss_battle_with_epic_pooky() -> None:
    report = simulate(4, 20, 0, ["pooky"], mode=Mode.BOSS_BATTLE, bot="greedy")
    again = simulate(4, 20, 0, ["pooky"], mode=Mode.BOSS_BATTLE, bot="greedy")
    assert report["games"] == 20 and report == again


def test_boss_battle_with_vlazlo() -> None:
    report = simulate(4, 20, 0, ["vlazlo"], mode=Mode.BOSS_BATTLE, bot="greedy")
    assert report["games"] == 20
    assert report == simulate(4, 20, 0, ["vlazlo"], mode=Mode.BOSS_BATTLE, bot="greedy")
