"""Issue 23's "Done when" for the last five characters of part 1 (Keet, Molly, Natyli,
Nerodia, Nitrel): ``tales tavern simulate --character NAME`` plays 20 four-player games
deterministically, and bot games with the character at every other seat keep the
invariants of :mod:`tests.tavern.test_invariants` (0-20 limits, Gold conserved, sub-deck
cards never lost) at every Decision."""

from __future__ import annotations

import numpy as np
import pytest

from tales.engine.game import Game
from tales.tavern.rdi.bots import policy
from tales.tavern.rdi.characters import molly, natyli
from tales.tavern.rdi.model import Mode, Tavern, Variant
from tales.tavern.rdi.rules import play_game
from tales.tavern.rdi.simulate import simulate

from .test_invariants import CHARACTERS, DRINKS, Table, play

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


def limits(tavern: Tavern) -> list[str]:
    """Natyli's Debuffs (two of each, never more, held or left in her supply, or none once
    every Natyli is out) and Molly's three Mount slots."""
    broken = []
    natylis = [p for p in tavern.players if p.mechanics == "natyli"]
    for debuff in natyli.DEBUFFS:
        total = sum(p.count(debuff) for p in tavern.players) + tavern.left(debuff)
        if natylis and total not in ((0, 2) if all(p.out for p in natylis) else (2,)):
            broken.append(f"{debuff}: {total}")
    for player in tavern.players:
        if player.mechanics == "molly" and len(molly.mounts(tavern, player.name)) > 3:
            broken.append(f"{player.name}'s Mounts")
    return broken


@pytest.mark.parametrize("seed", range(4))
def test_tokens_stay_within_their_limits(seed: int) -> None:
    names = [f"seat {n}" for n in range(4)]
    decks = [CHARACTERS[next(n for n, d in enumerate(CHARACTERS) if d.mechanics == m)]
             for m in ("natyli", "molly", "natyli", "keet")]
    mode = (Mode.INDIVIDUAL, Mode.TWO_HEADED_DRAGON)[seed % 2]
    game: Game[Tavern] = Game(lambda: play_game(names, decks, DRINKS, variant=Variant(mode)))
    choose = policy(("random", "greedy")[seed // 2], np.random.default_rng(seed))
    while game.pending is not None:
        state = game.pending.state
        if isinstance(state, Tavern):
            assert limits(state) == [], state.log[-3:]
        game.answer(choose(game.pending))
    assert game.result is not None and limits(game.result) == []
