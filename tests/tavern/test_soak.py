"""The soak property: The Red Dragon Inn at random tables (every structure, random
characters at every seat, random add-ons and Boss Otto options, either bot) never raises,
never hangs and always ends with winners. ``tales.tavern.rdi.soak`` draws the tables.

A soak run plays thousands: ``TAVERN_SOAK=3000 pytest tests/tavern/test_soak.py`` (or
``python tools/soak_tavern.py --games 3000 --workers 2``, which prints the command that
plays a failing game again).
"""

from __future__ import annotations

import os

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.tavern.rdi.model import Mode
from tales.tavern.rdi.soak import ADDONS, BOTS, PLAYERS, Table, draw, play, soak_game

GAMES = int(os.environ.get("TAVERN_SOAK", "40"))


@st.composite
def tables(draw_: st.DrawFn) -> Table:
    mode = draw_(st.sampled_from(tuple(PLAYERS)))
    return Table(mode, draw_(st.sampled_from(PLAYERS[mode])),
                 tuple(draw_(st.lists(st.integers(0, 10_000), min_size=8, max_size=8))),
                 frozenset(draw_(st.sets(st.sampled_from(ADDONS)))),
                 draw_(st.sampled_from(BOTS)), draw_(st.integers(0, 2**31 - 1)),
                 draw_(st.integers(0, 9)), draw_(st.booleans()))


@settings(max_examples=GAMES, deadline=None)
@given(table=tables())
def test_random_tables_play_to_the_end(table: Table) -> None:
    soaked = play(table)
    assert not soaked.error, f"{soaked.command}\n{soaked.error}\n{soaked.where}"


def test_every_structure_and_add_on_is_drawn() -> None:
    """The soak run's own tables (``tools/soak_tavern.py``) reach every structure and
    add-on, Boss seats get villains, and a failing game's command names its table."""
    drawn = [draw(np.random.default_rng(np.random.SeedSequence(0, spawn_key=(n,))))
             for n in range(200)]
    assert {t.mode for t in drawn} == set(Mode)
    assert set().union(*(t.addons for t in drawn)) == set(ADDONS)
    sweep = Table(Mode.BOSS_BATTLE, 3, (0,), frozenset({"--sea-events"}), "random", 5).sweep()
    assert sweep.characters is not None and sweep.characters[0] == "amundyr"  # a villain
    assert sweep.dungeon_events is not None  # Sea Events come with Dungeon Events
    command = Table(Mode.BOSS_OTTO, 2, (3,), frozenset({"--pub-crawl"}), "greedy", 9,
                    hard=True).command()
    assert command.startswith("tales tavern simulate --players 2 --games 1 --seed 9 --bot "
                              "greedy --variant boss-otto --character ")
    assert command.endswith("--pub-crawl --hard")


def test_a_game_that_raises_is_reported_with_its_command() -> None:
    broken = Table(Mode.INDIVIDUAL, 2, (0,), frozenset(), "bogus-bot", 1)
    soaked = play(broken)
    assert soaked.error.startswith("ValueError: no bot 'bogus-bot'")
    assert soaked.command.endswith("--bot bogus-bot --variant individual --character adonis "
                                   "--character adonis")
    assert not soak_game(0, 0).error
