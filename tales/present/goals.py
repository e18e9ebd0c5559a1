"""What wins and what loses the scenario, in the game's words, with where each stands: each
objective met or not yet, each defeat condition (a Hero Defeated, the scenario's own),
and the rounds left where a round limit (or a ``rounds = N`` defeat) applies. The one
place the window's panel, the terminal, ``tales table`` and ``tales scenario show`` read
them from (docs/rules-decisions.md, "Round limits").
"""

from __future__ import annotations

from dataclasses import dataclass

from tales.content.scenarios import Objective, Scenario, When
from tales.engine.conditions import all_hold
from tales.engine.content import Context
from tales.engine.state import GameState, Result

#: The heading of the objectives and of the defeat conditions.
WIN = "To win, meet every objective:"
LOSE = "Lost if:"


@dataclass(frozen=True, slots=True)
class Goal:
    """One line of the goals and how it stands, for its colour: ``heading``, ``met`` (an
    objective met), ``open`` (not yet), ``near`` (a defeat holding, or its last round),
    ``lost`` (what lost the game) or ``""``."""

    text: str
    tone: str = ""


def goals(ctx: Context, state: GameState | None = None) -> list[Goal]:
    """The scenario's goals with their state in ``state`` (None: as play begins)."""
    return _goals(ctx.scenario, state, ctx)


def goal_lines(ctx: Context, state: GameState | None = None) -> list[str]:
    """The scenario's goals as short lines (the terminal's, ``tales table``'s)."""
    return [goal.text for goal in goals(ctx, state)]


def scenario_goal_lines(scenario: Scenario) -> list[str]:
    """The goals of a scenario file, no game played (``tales scenario show``, a render)."""
    return [goal.text for goal in _goals(scenario, None, None)]


def _goals(scenario: Scenario, state: GameState | None, ctx: Context | None) -> list[Goal]:
    found = [Goal(WIN, "heading")]
    for number, objective in enumerate(scenario.objectives):
        if state is None:
            found.append(Goal(f"  {objective.text}"))
        elif number in state.completed:
            found.append(Goal(f"  met: {objective.text}", "met"))
        else:
            found.append(Goal(f"  not yet: {objective.text}", "open"))
    found.append(Goal(LOSE, "heading"))
    if scenario.hero_defeat_loses:
        fallen = state is not None and bool(state.fallen)
        found.append(_tone("  a Hero is Defeated" + _held(
            state, fallen, fallen and state is not None and state.reason.endswith(
                " is Defeated"))))
    for condition in scenario.defeat:
        found.append(_tone(f"  {_defeat(condition, state, ctx)}"))
    return found


def _tone(line: str) -> Goal:
    """A defeat condition's line with its tone, by where it stands."""
    if line.endswith(" (met)"):
        return Goal(line, "lost")
    if line.endswith(("(last round)", "lost at the end of this round)")):
        return Goal(line, "near")
    return Goal(line)


def _defeat(condition: Objective, state: GameState | None, ctx: Context | None) -> str:
    """One defeat condition: a round limit or a lone ``rounds = N`` with the rounds left,
    another with whether it holds."""
    limit = condition.limit
    only = condition.when[0] if len(condition.when) == 1 else None
    if limit is not None:
        return (f"{condition.text}: lost at the end of round {limit} unless won"
                + _rounds_left(limit, condition.text, state))
    if only is not None and only.kind is When.ROUNDS:
        return (f"{condition.text}: lost at the end of round {only.number}, objectives met "
                "or not" + _rounds_left(only.number, condition.text, state))
    holds = (state is not None and ctx is not None
             and all_hold(ctx, state, condition.when))
    return condition.text + _held(state, holds, state is not None
                                  and state.reason == condition.text)


def _held(state: GameState | None, holds: bool, ended_it: bool) -> str:
    """Where a defeat condition stands: not yet, holding (lost at this round's end), or
    met (``ended_it``: it lost the game)."""
    if state is None:
        return ""
    if state.result is not None:
        return " (met)" if state.result is Result.DEFEAT and ended_it else ""
    return " (holds: lost at the end of this round)" if holds else " (not yet)"


def _rounds_left(last: int, text: str, state: GameState | None) -> str:
    """" (3 rounds left)", " (last round)", or how the game ended beside the limit."""
    if state is None:
        return f" ({last} round{'s' if last > 1 else ''})"
    if state.result is not None:
        if state.result is Result.DEFEAT and state.reason == text:
            return " (met)"
        return " (won in time)" if state.result is Result.VICTORY else ""
    current = state.rounds_ended + 1  # the round being played, or about to be
    left = last - current + 1
    if left <= 1:
        return " (last round)"
    return f" ({left} rounds left)"  # with this one: round 2 of 4 has 3 left
