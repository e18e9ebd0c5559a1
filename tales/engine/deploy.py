"""Deploying and reinforcing Schemers (glossary: Reinforce, Schemer Group; the scenario's
deployment tables), never past a group's Limit.

A fixed deployment puts one Schemer on each listed space. A tracker deployment shuffles the
group's tracker deck (one card per numbered deployment space it covers) and draws a card per
Schemer: each is a chance Decision. Which standee comes out: the lowest-numbered one not on
the map (flag ``tracker = "space"``), or the one whose number the card shows (``"standee"``).
A deployment space that is Occupied sends the Schemer to the Nearest Unoccupied space (a
table Decision on ties). At the Limit, the rest of the line is not deployed.
"""

from __future__ import annotations

from tales.board.figures import Figure
from tales.board.footprint import on_spaces, shape
from tales.board.position import Position
from tales.content.scenarios import Deploy
from tales.engine.content import Context
from tales.engine.state import GameState, TrackerReading
from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.rules.large_movement import LargeGraph, standing_places
from tales.rules.movement import nearest_unoccupied


def group_limit(ctx: Context, state: GameState, group: str) -> int:
    """The group's Limit now: the scenario's, or the current part's."""
    limit = ctx.scenario.groups[group].limit
    for part in ctx.scenario.parts[: state.part + 1]:
        limit = part.limits.get(group, limit)
    return limit


def deploy(ctx: Context, state: GameState, entries: tuple[Deploy, ...]
           ) -> Resolution[GameState]:
    """Carry out deployment lines in order."""
    for entry in entries:
        state = yield from _deploy_line(ctx, state, entry)
    return state


def _deploy_line(ctx: Context, state: GameState, entry: Deploy) -> Resolution[GameState]:
    block = ctx.scenario.groups[entry.group].block
    board = state.position.board
    by_standee = ctx.setup.rules.tracker is TrackerReading.STANDEE
    on_map = {f.number for f in state.position.figures if f.group == entry.group}
    deck = [n for n in entry.numbers if not by_standee
            or (n in block.standees and n not in on_map)]
    count = len(entry.spaces) if entry.spaces else min(entry.tracker, len(deck))
    for n in range(count):
        members = [f for f in state.position.figures if f.group == entry.group]
        limit = group_limit(ctx, state, entry.group)
        if len(members) >= limit:  # checked before a card is drawn for it
            state = state.note(f"{block.name}: at its Limit of {limit}, no more are deployed")
            break
        standee: int | None = None
        if entry.spaces:
            space = entry.spaces[n]
        else:
            card = yield Decision(
                "tracker-card", f"draw a card from the {block.colour or block.name} tracker "
                "deck", tuple(sorted(deck)), Decider.CHANCE, None,
                tuple(1 / len(deck) for _ in deck), position=state.position,
                battle=state.battle)
            deck.remove(card)
            space = next(i for i, number in enumerate(board.deployment) if number == card)
            standee = card if by_standee else None
        figure = block.new_schemer({f.number for f in members}, space, standee,
                                   shape(board.layout, block.shape, block.size))
        position = state.position
        if figure.large:  # takes several spaces: the players choose a facing (Large figures)
            placed = yield from _deploy_large(position, figure, space)
            if placed is None:
                state = state.note(f"{figure.id}: no Unoccupied place to deploy on")
                continue
            figure = placed
            space = figure.at
        elif position.is_occupied(space) or position.is_blocked(space):
            options = nearest_unoccupied(position, space, ignoring=figure.id)
            if not options:
                state = state.note(f"{figure.id}: no Unoccupied space to deploy on")
                continue
            space = options[0] if len(options) == 1 else (yield Decision(
                "deploy-space", f"{figure.id}: {board.names[space]} is Occupied; which "
                "Nearest Unoccupied space?", tuple(options), Decider.TABLE, figure.id,
                position=position))
            figure = evolve(figure, at=space)
        position = evolve(position, figures=(*position.figures, figure))
        state = evolve(state, battle=state.battle.at(position),
                        deployed=state.deployed | {entry.group})
        whole = on_spaces(board.names, position.spaces_of(figure))  # a large one's spaces
        state = state.note(f"{figure.id} is deployed on {board.names[space]}{whole}")
    return state


def _deploy_large(position: Position, figure: Figure, space: int
                  ) -> Resolution[Figure | None]:
    """A large Schemer's place on the map: its anchor on ``space`` in a facing whose spaces
    are free, else the Nearest such anchor; a tie is the table's (docs/rules-decisions.md,
    "Deploying a large figure")."""
    graph = LargeGraph(position, evolve(figure, at=space))
    states = standing_places(position, figure, space)
    if not states:
        return None
    options = tuple(graph.spaces(s) or (s[0],) for s in states)
    chosen = options[0] if len(options) == 1 else (yield Decision(
        "deploy-placement", f"{figure.id}: players choose where it stands (its anchor "
        "first)", options, Decider.TABLE, figure.id, position=position))
    anchor, facing = states[options.index(chosen)]
    return evolve(figure, at=anchor, footprint=graph.facings[facing])
