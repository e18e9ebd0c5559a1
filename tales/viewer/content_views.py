"""Pictures of content files for ``tales render``: a map file as it is (spaces, walls,
doors, Hero start and numbered deployment spaces) and a scenario file as play begins."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from tales.board.board import Board
from tales.board.figures import Figure, Side
from tales.board.position import Position
from tales.content.scenarios import Deploy, Scenario
from tales.present.goals import scenario_goal_lines
from tales.viewer.scene import Panel, View


def map_view(board: Board, name: str = "") -> View:
    """A map file's board with its doors closed and nobody on it; a saved picture of it
    has its legend in the panel."""
    return View(Position.empty(board), panel=Panel(title=name or "Map"))


def scenario_view(scenario: Scenario, colours: Mapping[str, str] | None = None) -> View:
    """A scenario as play begins: the figures every part deploys on named spaces (the
    first part's as they stand; later parts' beside them, named by part), the doors, the
    Destructible features; the panel lists each part's and event's deployment, the
    objectives and the defeat conditions."""
    board = scenario.board
    position = Position.empty(board)
    figures: list[Figure] = [Figure(d.id, Side.SCHEMER, d.at, fortitude=d.fortitude,
                                    keywords=d.keywords) for d in scenario.destructibles]
    taken = {f.at for f in figures}
    lines: list[str] = []
    for number, part in enumerate(scenario.parts, start=1):
        for deploy in part.effects.reinforce:
            if deploy.spaces:
                where = " ".join(board.names[s] for s in deploy.spaces)
                lines.append(f"part {number}: {deploy.group} on {where}")
                for n, space in enumerate(deploy.spaces, start=1):
                    if space in taken:
                        continue
                    taken.add(space)
                    figures.append(Figure(f"{deploy.group}-{n}" if number == 1 else
                                          f"p{number} {deploy.group}", Side.SCHEMER, space,
                                          group=deploy.group))
            else:
                lines.append(f"part {number}: {_by_tracker(deploy)}")
    for number, event in enumerate(scenario.events, start=1):
        for deploy in event.effects.reinforce:
            where = (" ".join(board.names[s] for s in deploy.spaces) if deploy.spaces
                     else "")
            lines.append(f"event {event.id!r}: " + (f"{deploy.group} on {where} (Ev{number})"
                                                    if where else _by_tracker(deploy)))
            for space in deploy.spaces:  # drawn by their group, marked Ev and the number
                if space not in taken:
                    taken.add(space)
                    figures.append(Figure(f"ev{number} {deploy.group}", Side.SCHEMER,
                                          space, group=deploy.group))
    title = scenario.title + (" (sample)" if scenario.sample and "sample" not in
                              scenario.title else "")
    groups = dict(colours) if colours is not None else {
        g: s.block.colour for g, s in scenario.groups.items() if s.block.colour}
    return View(replace(position, figures=tuple(figures)), groups=groups,
                sealed_doors=scenario.sealed_doors,
                panel=Panel(title=title, status=lines,
                            goals=scenario_goal_lines(scenario)))


def _by_tracker(deploy: Deploy) -> str:
    return (f"{deploy.tracker} {deploy.group} by the tracker deck on numbered spaces "
            f"{deploy.numbers}")
