"""A Move or Leap's cost and the damage on the way (Traps, Hazards, Wizard Fire), as
:func:`~tales.rules.movement.move` will take it: the safest route within the movement."""

from __future__ import annotations

from dataclasses import dataclass

from tales.board.position import Position
from tales.rules.decisions import Decision, MoveDetail
from tales.rules.movement import reach
from tales.rules.spaces import danger_table


@dataclass(frozen=True, slots=True)
class MoveCost:
    """Where a Move ends, what it costs, and what hurts on the way."""

    to: str
    points: int
    damage: int
    through: tuple[tuple[str, int], ...]  # ("the Trap on C2", 2), in the order entered

    def __str__(self) -> str:
        if not self.points:
            return f"{self.to}: stay"
        text = f"{self.to}: {self.points} movement"
        if self.damage:
            sources = [f"{what} ({n})" if len(self.through) > 1 else what
                       for what, n in self.through]
            text += f", {self.damage} damage from " + ", ".join(sources)
        return text


def move_points(decision: Decision[object]) -> tuple[int, bool] | None:
    """The movement points and Leap-or-not of a hero's ``move-to`` Decision."""
    detail = decision.detail
    if decision.kind != "move-to" or not isinstance(detail, MoveDetail):
        return None
    return detail.points, detail.leap


def move_cost(position: Position, figure_id: str, to: int, points: int, leap: bool
              ) -> MoveCost | None:
    """The cost of moving ``figure_id`` to ``to``, or None when it cannot end there."""
    routes = reach(position, figure_id, points, leap=leap)
    if to not in routes:
        return None
    route = routes.route(to, safest=True)
    damage, _ = danger_table(position, position.figure(figure_id))
    names = position.board.names
    entered = route.path[-1:] if leap else route.path[1:]
    through = []
    for space in entered:
        if not damage[space]:
            continue
        if space in position.traps:
            what = "the Trap"
        elif space in position.wizard_fire:
            what = "Wizard Fire"
        else:
            what = f"the {position.board.feature_name[space] or 'Hazard'}"
        through.append((f"{what} on {names[space]}", int(damage[space])))
    return MoveCost(names[to], route.cost, route.damage, tuple(through))


def decision_move_cost(decision: Decision[object], space: int) -> MoveCost | None:
    """The cost of answering a hero's ``move-to`` Decision with ``space``."""
    found = move_points(decision)
    if found is None or decision.position is None or decision.figure is None:
        return None
    return move_cost(decision.position, decision.figure, space, *found)
