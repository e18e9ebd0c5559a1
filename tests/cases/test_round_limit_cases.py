"""Rule cases for a scenario's round limit and what the Objective Phase checks first
(issue 37, item 4; docs/rules-decisions.md, "Round limits").

``when = { round_limit = N }`` in a ``[[defeat]]`` table: lost at the end of round N
unless won. At round N's Objective Phase the objectives are checked first and a Victory
there wins; only a scenario not won is lost to the limit. A Hero Defeated and every other
defeat condition (``rounds = N`` among them, as before) are still checked before the
objectives. The tiny scenarios, the map and the scripted answers are those of
:mod:`tests.cases.test_game_loop_cases` (Heroes end their turns at once; nobody reaches the
far corner, so :data:`NEVER` is never met).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tales.engine.state import GameRules, Result

from ._build import Rule, case
from .test_game_loop_cases import (
    BRUTE,
    BRUTES_FIRST,
    EVERY_TURN,
    FIRST_TURN,
    IDLERS,
    LAST_2,
    NEVER,
    PLAIN,
    TWO,
    Look,
    defeat,
    event,
    field_of,
    load,
    notes,
    objective,
    play,
)

VICTORY, DEFEAT = Result.VICTORY, Result.DEFEAT
PASSAGE = ("Objective Phase", "Last phase of each round, checking Win Conditions and "
           "Objectives.")
LIMIT_2 = defeat("Dawn breaks", "{ round_limit = 2 }")
LIMIT_4 = defeat("The cellar floods", "{ round_limit = 4 }")
HOLD = objective("Hold the first part", FIRST_TURN)

ROWS = [
    case("limit-objectives-met-in-its-last-round-win", "a round limit of 2 and every "
         "objective met in round 2's Objective Phase: won (objectives before the limit)",
         *PASSAGE,
         IDLERS + LAST_2 + LIMIT_2, PLAIN, {}, (VICTORY, "Last two rounds", 2, 2),
         field_of("completed"), frozenset({0})),
    case("limit-reached-unmet-loses", "a round limit of 2 with an objective not met: lost at "
         "the end of round 2",
         *PASSAGE,
         IDLERS + LIMIT_2, PLAIN, {}, (DEFEAT, "Dawn breaks", 2, 2),
         notes("Last round"),
         ["Last round: lost at its end unless the scenario is won by then (Dawn breaks)"]),
    case("limit-n-plays-round-n", "a round limit of 4: round 4 is the last one played (four "
         "Objective Phases)",
         "Phase", "Each round has three Phases: Ready, Combat, Objective.",
         IDLERS + LIMIT_4, PLAIN, {}, (DEFEAT, "The cellar floods", 4, 4),
         notes("Objective Phase"), [f"Round {n}: Objective Phase" for n in (1, 2, 3, 4)]),
    case("rounds-defeat-still-checked-before-objectives", "a rounds = 2 defeat condition "
         "keeps its meaning: every objective met in round 2 and still lost",
         *PASSAGE,
         IDLERS + LAST_2 + defeat("Dawn breaks", "{ rounds = 2 }"), PLAIN, {},
         (DEFEAT, "Dawn breaks", 2, 2), field_of("completed"), frozenset({0})),
    case("hero-defeat-before-objectives-beside-a-limit", "a Hero Defeated in the limit's last "
         "round with every objective met: lost (a defeat condition is checked before the "
         "objectives; only the limit after)",
         *PASSAGE,
         BRUTE + objective("Last a round", "{ rounds = 1 }")
         + defeat("Dawn breaks", "{ round_limit = 1 }"), PLAIN, BRUTES_FIRST,
         (DEFEAT, "gerki is Defeated", 1, 1), field_of("completed"), frozenset({0})),
    case("win-event-in-the-last-round-beats-the-limit", "an event with win = true firing in "
         "the limit's last Objective Phase wins",
         *PASSAGE,
         IDLERS + event("dawn", "{ rounds = 2 }", 'story = "The watch arrives."', "win = true")
         + NEVER + LIMIT_2, PLAIN, {}, (VICTORY, "The watch arrives.", 2, 2),
         field_of("completed"), frozenset()),
    case("limit-early-victory-every-turn", "end_check=every-turn: objectives met in a turn "
         "win at once, the limit never reached",
         *PASSAGE,
         IDLERS + HOLD + LIMIT_2, EVERY_TURN, {}, (VICTORY, "Hold the first part", 1, 0),
         notes("Objective met"), ["Objective met: Hold the first part"]),
    case("objective-met-announced", "an objective met is said in the log when it is met, "
         "once",
         *PASSAGE,
         IDLERS + HOLD + LAST_2 + LIMIT_2, PLAIN, {},
         (VICTORY, "Hold the first part; Last two rounds", 2, 2),
         notes("Objective met"),
         ["Objective met: Hold the first part", "Objective met: Last two rounds"]),
]


@pytest.mark.parametrize(
    ("rule", "scenario", "rules", "answers", "end", "look", "expected"), ROWS)
def test_round_limit(tmp_path: Path, rule: Rule, scenario: str, rules: GameRules,
                     answers: dict[str, list[Any]], end: tuple[Result, str, int, int],
                     look: Look, expected: Any) -> None:
    state, seen = play(load(tmp_path, scenario, TWO, rules), answers)
    assert (state.result, state.reason, state.round, state.rounds_ended) == end, rule
    assert look(state, seen) == expected, rule
