"""The stall detector of the scenario tester's reports (issue 40, item 3): a game in which
no Hero moved to another space, attacked or used an ability with an effect for two rounds
while an objective was still to do counts as stuck, and the report says so; greedy never
sticks on the bundled scenarios."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tales.board.figures import Figure, Role, Side, Token
from tales.board.mapfile import parse_map
from tales.board.position import Position
from tales.engine import simulate
from tales.engine.content import Context
from tales.engine.game import chance_by
from tales.engine.rounds import acted
from tales.engine.simulate import format_report, run_games, summarise
from tales.engine.state import Setup
from tales.engine.sweep import combinations, format_sweep, sweep
from tales.evolve import evolve
from tales.rules.decisions import Chooser, Decision
from tales.rules.happened import Attacked, Happened, Moved
from tales.rules.hero_turn import END_TURN

ROOT = Path(__file__).resolve().parents[1]

#: Every bundled scenario (not the Schemer blocks or the campaigns), with Heroes for it.
SCENARIOS = sorted(p.stem for p in (ROOT / "scenarios").glob("*.toml")
                   if not p.stem.startswith("sample-"))

BOARD = parse_map('grid = """\n. . D .\n . . . .\n"""\n', "test")[0]
HERO = Figure("gerki", Side.HERO, 0, fortitude=8, role=Role.HERO)
POOKY = Figure("pooky", Side.HERO, 4, role=Role.POOKY)
RAT = Figure("rat", Side.SCHEMER, 3, group="rats", fortitude=3)
BEFORE = evolve(Position.empty(BOARD), figures=(HERO, POOKY, RAT))


def board(*figures: Figure, **changes: Any) -> Position:
    return evolve(BEFORE, figures=figures, **changes)


#: (what the turn did, the board after it, what happened, did it act?)
ACTED: list[tuple[str, Position, tuple[Happened, ...], bool]] = [
    ("nothing: the same board", BEFORE, (), False),
    ("a Move to its own space", board(evolve(HERO), POOKY, RAT),
     (Moved("gerki", (0,)),), False),
    ("a heal of nothing", board(evolve(HERO, damage=0), POOKY, RAT), (), False),
    ("a Move back to where it began", board(HERO, POOKY, RAT),
     (Moved("gerki", (0, 1)), Moved("gerki", (1, 0))), False),
    ("Pooky's Rampage alone (its die decides)", board(HERO, evolve(POOKY, at=5), RAT),
     (Moved("pooky", (4, 5), "rampage"),), False),
    ("the Hero moved to another space", board(evolve(HERO, at=1), POOKY, RAT),
     (Moved("gerki", (0, 1)),), True),
    ("an Attack, missed", BEFORE, (Attacked("gerki", ("rat",), 0),), True),
    ("a Schemer lost Fortitude", board(HERO, POOKY, evolve(RAT, damage=1)), (), True),
    ("a Schemer Defeated", board(HERO, POOKY), (), True),
    ("a door opened", evolve(BEFORE, closed_doors=frozenset()), (), True),
    ("a Trap placed", evolve(BEFORE, traps={5: 1}), (), True),
    ("a Shield Token gained", board(evolve(HERO, tokens=((Token.SHIELD, 1),)), POOKY, RAT),
     (), True),
    ("a figure summoned", board(HERO, POOKY, RAT, Figure("hawk", Side.HERO, 6,
                                                          fortitude=2, role=Role.ALLY)),
     (), True),
]


@pytest.mark.parametrize(("what", "after", "happened", "expected"), ACTED,
                         ids=[case[0] for case in ACTED])
def test_what_counts_as_doing_something(what: str, after: Position,
                                        happened: tuple[Happened, ...],
                                        expected: bool) -> None:
    assert acted(BEFORE, after, happened) is expected, what


def stand_still(name: str, ctx: Context, rng: np.random.Generator, *_: Any) -> Chooser:
    """A bot that ends every turn at once (and answers anything else with its first
    option): the Heroes never do anything."""
    def choose(decision: Decision[Any]) -> Any:
        if decision.kind == "tile":
            return END_TURN
        return decision.options[0]
    return chance_by(rng, choose)


def test_a_bot_that_stands_still_is_flagged(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game of a stand-still bot is stuck from the end of round 2 (two rounds of
    nothing, an objective to do), and the report says so, with the first game."""
    monkeypatch.setattr(simulate, "policy", stand_still)
    setup = Setup(str(ROOT / "scenarios" / "cellar-door.toml"), ("gerki", "deirdre"))
    reports = run_games(setup, "stand-still", 3, seed=5)
    assert [r.stuck for r in reports] == [2, 2, 2]
    summary = summarise(setup, "stand-still", 5, reports)
    assert summary["stuck"] == {"games": 3, "first": {"seed": 5, "game": 0, "round": 2}}
    lines = list(format_report(summary))
    assert ("  stuck: 3 of 3 games (100%; the first: seed 5, game 0, round 2): no Hero did "
            "anything for 2 rounds with an objective still to do, so the win rate measures "
            "the bot, not the scenario") in lines
    table = sweep(setup, combinations([None], [False], ["stand-still"], [None]), 2, 5)
    assert table["rows"][0]["stuck"]["games"] == 2
    assert list(format_sweep(table))[-1].startswith(
        "  stuck: 2 of 2 games, over every row (100%; the first: steps scenario's, legend "
        "no, bot stand-still, companion -, seed 5, game 0, round 2)")


@pytest.mark.parametrize("name", SCENARIOS)
@pytest.mark.parametrize("heroes", [("gerki", "deirdre"), ("zot", "fiona", "deirdre")],
                         ids=["two", "three"])
def test_greedy_never_sticks(name: str, heroes: tuple[str, ...]) -> None:
    """Greedy does something every round on every bundled scenario: its win rate
    measures the scenario."""
    setup = Setup(str(ROOT / "scenarios" / f"{name}.toml"), heroes)
    reports = run_games(setup, "greedy", 4, seed=3)
    assert [r.stuck for r in reports] == [0] * 4
    lines = list(format_report(summarise(setup, "greedy", 3, reports)))
    assert "  stuck: 0 of 4 games (no Hero idle 2 rounds with an objective to do)" in lines


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_planner_never_sticks(name: str) -> None:
    """The planner's rollouts are greedy's and its choices only greedy's screened best:
    it does something every round too (issue 40: neither bot stalls on any bundled
    scenario), with three Heroes, where the start rooms are most crowded."""
    setup = Setup(str(ROOT / "scenarios" / f"{name}.toml"), ("zot", "fiona", "deirdre"))
    reports = run_games(setup, "planner", 2, seed=3, budget=2)
    assert [r.stuck for r in reports] == [0, 0]
