"""Issue 43, the log: every change of Fortitude, Alcohol Content and Gold has a line saying
who and what, as it happens. A property over random tables (``tales.tavern.rdi.soak``'s:
every structure, random characters, add-ons, either bot): between any two moments a
question is asked, each team whose Fortitude, Alcohol Content or Gold changed is named (or
a group it is in: "each player", "everyone in the Round", "the Challengers") by a new line
that names that attribute. ``TAVERN_LOG_GAMES=N`` plays more."""

from __future__ import annotations

import os
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.engine.game import Game
from tales.tavern.rdi.bots import policy
from tales.tavern.rdi.model import Tavern
from tales.tavern.rdi.rules import play_game
from tales.tavern.rdi.simulate import _prepared
from tales.tavern.rdi.soak import draw

GAMES = int(os.environ.get("TAVERN_LOG_GAMES", "12"))
#: The words a line about each attribute uses.
WORDS = {"fortitude": ("Fortitude",), "alcohol": ("Alcohol",),
         "gold": ("Gold", "Artifact", "ante")}
#: Lines about several players at once.
GROUPS = ("players ante", "teams ante", "each player", "each other player", "everyone",
          "the Challengers", "each team")


def unsaid(before: Tavern, after: Tavern) -> list[str]:
    """The changes from ``before`` to ``after`` that no new line of the log says."""
    new = list(after.log[len(before.log):])
    missing = []
    for side in before.sides():
        mat = before.mat(next(p.name for p in before.players if p.side == side))
        now = after.mat(mat.name)
        if now.out:
            continue
        names = [p.name for p in before.players if p.side == side] + [side]
        for stat, words in WORDS.items():
            if getattr(mat, stat) == getattr(now, stat):
                continue
            if not any((any(n in line for n in names) or any(g in line for g in GROUPS))
                       and any(w in line for w in words) for line in new):
                missing.append(f"{stat} of {side}: {getattr(mat, stat)} -> "
                               f"{getattr(now, stat)}; new lines {new[-8:]}")
    return missing


def check_game(seed: int) -> list[str]:
    table = draw(np.random.default_rng(seed))
    names, decks, drinks, variant = _prepared(table.sweep())
    game: Game[Tavern] = Game(lambda: play_game(names, decks, drinks, variant=variant))
    bot = policy(table.bot, np.random.default_rng(seed))
    seen: list[Tavern] = []
    found: list[str] = []

    def choose(decision: Any) -> Any:
        state = decision.state
        if isinstance(state, Tavern):
            if seen:
                found.extend(unsaid(seen[-1], state))
            seen.append(state)
        return bot(decision)
    final = game.play(choose)
    if seen and final is not None:
        found.extend(unsaid(seen[-1], final))
    return [f"{table.command()}: {line}" for line in found]


@settings(max_examples=GAMES, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_every_change_has_a_line(seed: int) -> None:
    missing = check_game(seed)
    assert not missing, missing[0]


def test_the_check_can_fail() -> None:
    """A change the log does not say is caught."""
    from dataclasses import replace

    from tales.tavern.rdi.model import Player

    before = Tavern((Player("ann", "x", 10), Player("bob", "x", 10)), ())
    after = before.with_player(replace(before.player("ann"), gold=9))
    assert unsaid(before, after)
    assert not unsaid(before, after.note("ann pays 1 Gold to the Inn"))
