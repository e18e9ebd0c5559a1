"""Issue 23's "Done when" for the last five characters of part 1 (Keet, Molly, Natyli,
Nerodia, Nitrel): ``tales tavern simulate --character NAME`` plays 20 four-player games
deterministically, and bot games with the character at every other seat keep the
invariants of :mod:`tests.tavern.test_invariants` (0-20 limits, Gold conserved, sub-deck
cards never lost) at every Decision."""

from __future__ import annotations

import pytest

from tales.tavern.rdi.model import Mode
from tales.tavern.rdi.simulate import simulate

from .test_invariants import CHARACTERS, Table, play

NAMES = ("keet", "molly", "natyli", "nerodia", "nitrel")
TABLES = (Table(Mode.INDIVIDUAL, 4, False), Table(Mode.TWO_HEADED_DRAGON, 4, True),
          Table(Mode.BOSS_BATTLE, 5, False))


@pytest.mark.parametrize("name", NAMES)
def test_twenty_games_for_each_character(name: str) -> None:
    report = simulate(4, 20, 7, [name], bot="greedy")
    assert report["games"] == 20 and report["turns"]["min"] > 0
    assert simulate(4, 20, 7, [name], bot="greedy") == report


@pytest.mark.parametrize("table", TABLES, ids=str)
@pytest.mark.parametrize("name", NAMES)
def test_games_with_the_character_keep_the_invariants(name: str, table: Table) -> None:
    mine = next(n for n, d in enumerate(CHARACTERS) if d.mechanics == name)
    for seed in range(2):
        others = [(seed * 7 + k * 13) % len(CHARACTERS) for k in range(6)]
        picks = [mine if k % 2 == seed % 2 else others[k] for k in range(6)]
        play(table, picks, seed, ("random", "greedy")[seed])
