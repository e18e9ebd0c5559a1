"""Forced Movement: Push X, Pull X, Grab and Place (glossary, step by step).

Push and Pull move the target one Unoccupied space at a time, each one space farther from
(or closer to) the figure doing it by Line of Fire range, never through figures, Impassable
spaces, Walls, closed doors or Map Edges, ignoring Difficult terrain. Every space entered
resolves (Traps, Hazards). When several paths are legal the controller of the figure doing
it chooses: for a Schemer, the players (a :class:`~tales.rules.decisions.Decider.TABLE`
Decision listing every legal path). Massive figures are Pushed or Pulled at most 1 and are
unaffected by Grab and Place; Juggernaut and Immobile figures ignore all of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tales.board.figures import Figure, Keyword
from tales.board.position import Position
from tales.errors import IllegalChoice
from tales.rules.decisions import Decision, Resolution
from tales.rules.health import decider_for
from tales.rules.large import DEFAULT_LARGE, LargeRules
from tales.rules.spaces import Entry, Pause, SpaceEvent, enter


@dataclass(frozen=True)
class ForcedResult:
    """What a Forced Movement did: new position, the target's path, and what happened.

    ``resisted`` names the keyword that stopped the effect (the target did not move).
    """

    position: Position
    path: tuple[int, ...]
    events: tuple[SpaceEvent, ...] = ()
    resisted: str | None = None

    @property
    def moved(self) -> bool:
        """True when the target ended somewhere else."""
        return len(self.path) > 1 and self.path[-1] != self.path[0]


_PAST = {"push": "pushed", "pull": "pulled", "grab": "grabbed", "place": "placed"}


def forced_line(position: Position, target_id: str, verb: str, result: ForcedResult) -> str:
    """One log line in rule words: "s1 is pushed to D5", "s1 resists the Push
    (Juggernaut)", "s1 is pushed onto D4 and Defeated there"."""
    names = position.board.names
    if result.resisted:
        return f"{target_id} resists the {verb.title()} ({result.resisted.title()})"
    past = _PAST.get(verb.lower(), f"{verb.lower()}ed")
    if not result.moved:
        return f"{target_id} is not {past}: no Unoccupied space to go to"
    end = names[result.path[-1]]
    if not position.has_figure(target_id):
        return f"{target_id} is {past} onto {end} and Defeated there"
    return f"{target_id} is {past} to {end}"


def _ignores_forced(target: Figure) -> str | None:
    for keyword in (Keyword.JUGGERNAUT, Keyword.IMMOBILE):
        if keyword in target.keywords:
            return keyword.value
    return None


def forced_paths(
    position: Position, actor: Figure, target: Figure, x: int, away: bool
) -> list[tuple[int, ...]]:
    """Every legal Push (``away``) or Pull path of ``target``, each from its space.

    At each step the target must enter a linked, Unoccupied, enterable space exactly one
    farther from (closer to) the actor by Line of Fire, while one exists and points remain.
    A Pull also stops when the target is adjacent to the actor; a Tiny actor may instead
    Pull it onto its own space (glossary: Tiny, 3).
    """
    board = position.board
    distance = position.line_of_fire_field(actor.at)
    occupied = position.occupied(ignoring=target.id)
    blocked = position.blocked()
    tiny_actor = Keyword.TINY in actor.keywords
    step = 1 if away else -1
    paths: list[tuple[int, ...]] = []

    def extend(path: tuple[int, ...], left: int) -> None:
        here = path[-1]
        d = int(distance[here])
        if left == 0 or d < 0:
            paths.append(path)
            return
        if not away and d <= 1:
            paths.append(path)
            if d == 1 and tiny_actor and not occupied[actor.at]:
                paths.append((*path, actor.at))
            return
        candidates = [
            int(s) for s in board.links[here]
            if s >= 0 and not blocked[s] and not occupied[s] and distance[s] == d + step
        ]
        if not candidates:
            paths.append(path)
            return
        for there in candidates:
            extend((*path, there), left - 1)

    extend((target.at,), x)
    return list(dict.fromkeys(paths))


def _forced(
    position: Position, actor_id: str, target_id: str, x: int, away: bool,
    pause: Pause | None = None, large: LargeRules = DEFAULT_LARGE,
) -> Resolution[ForcedResult]:
    actor = position.figure(actor_id)
    target = position.figure(target_id)
    resisted = _ignores_forced(target)
    if resisted:
        return ForcedResult(position, (target.at,), (), resisted)
    if target.large:  # the whole figure moves (tales.rules.large_forced)
        from tales.rules.large_forced import large_forced

        moved, anchors, shifted = yield from large_forced(position, actor, target, x, away,
                                                          large, pause)
        return ForcedResult(moved, anchors, shifted)
    if Keyword.MASSIVE in target.keywords:
        x = min(x, 1)  # glossary: Massive, "Push/Pull effects are reduced to 1"
    paths = forced_paths(position, actor, target, x, away)
    verb = "Push" if away else "Pull"
    path = paths[0]
    if len(paths) > 1:
        path = yield Decision(
            f"{verb.lower()}-path",
            f"{actor.id} {verb}es {target.id} {x}: choose the path",
            tuple(paths), decider_for(actor), actor.id, position=position)
    events: list[SpaceEvent] = []
    for step, space in enumerate(path[1:], start=1):
        position, happened = yield from enter(position, target_id, space, Entry.FORCED, pause)
        events.extend(happened)
        if not position.has_figure(target_id):
            # Defeated on the way: removed at once, it goes no farther (glossary: Defeated)
            return ForcedResult(position, path[:step + 1], tuple(events))
    return ForcedResult(position, path, tuple(events))


def push(position: Position, pusher_id: str, target_id: str, x: int,
         pause: Pause | None = None, large: LargeRules = DEFAULT_LARGE
         ) -> Resolution[ForcedResult]:
    """Push X: the target moves up to X spaces, each one farther from the pusher."""
    return _forced(position, pusher_id, target_id, x, True, pause, large)


def pull(position: Position, puller_id: str, target_id: str, x: int,
         pause: Pause | None = None, large: LargeRules = DEFAULT_LARGE
         ) -> Resolution[ForcedResult]:
    """Pull X: the target moves up to X spaces closer, stopping adjacent to the puller."""
    return _forced(position, puller_id, target_id, x, False, pause, large)


def grab_spaces(position: Position, grabber: Figure, target: Figure) -> list[int]:
    """Where a Grab may put ``target``: Unoccupied spaces adjacent to the grabber.

    A Tiny grabber's own space counts when it is Unoccupied (figures sharing a space with a
    Tiny figure are adjacent to it). The target's own space is not a destination.
    """
    board = position.board
    occupied = position.occupied(ignoring=target.id)
    blocked = position.blocked()
    spaces = [int(s) for s in board.links[grabber.at] if s >= 0]
    if Keyword.TINY in grabber.keywords:
        spaces.append(grabber.at)
    return sorted(
        s for s in set(spaces) if not blocked[s] and not occupied[s] and s != target.at
    )


def _unaffected_by_placing(target: Figure) -> str | None:
    if Keyword.MASSIVE in target.keywords:
        return Keyword.MASSIVE.value
    return _ignores_forced(target)


def grab(position: Position, grabber_id: str, target_id: str, pause: Pause | None = None,
         large: LargeRules = DEFAULT_LARGE) -> Resolution[ForcedResult]:
    """Grab: move the target to an Unoccupied space adjacent to the grabber (a Decision)."""
    grabber = position.figure(grabber_id)
    target = position.figure(target_id)
    resisted = _unaffected_by_placing(target)
    if resisted:
        return ForcedResult(position, (target.at,), (), resisted)
    if target.large:  # tales.rules.large_forced
        return (yield from _place_large(position, target, target.at, grabber, large, pause))
    spaces = grab_spaces(position, grabber, target)
    if not spaces:
        return ForcedResult(position, (target.at,))
    to = spaces[0]
    if len(spaces) > 1:
        to = yield Decision(
            "grab-space", f"{grabber.id} Grabs {target.id}: choose the space",
            tuple(spaces), decider_for(grabber), grabber.id, position=position)
    position, events = yield from enter(position, target_id, to, Entry.PLACED, pause)
    return ForcedResult(position, (target.at, to), tuple(events))


def place(position: Position, target_id: str, to: int, pause: Pause | None = None,
          large: LargeRules = DEFAULT_LARGE) -> Resolution[ForcedResult]:
    """Place: put the target on ``to`` without touching the spaces between.

    ``to`` must be an enterable, Unoccupied space; a Trap there triggers (glossary: Trap, 1).
    A large target's anchor goes on ``to``, its facing kept.
    """
    target = position.figure(target_id)
    resisted = _unaffected_by_placing(target)
    if resisted:
        return ForcedResult(position, (target.at,), (), resisted)
    if target.large:  # tales.rules.large_forced
        return (yield from _place_large(position, target, to, None, large, pause))
    names = position.board.names
    if position.is_blocked(to):
        raise IllegalChoice(f"cannot Place {target.id} on {names[to]}: it cannot be entered")
    if Keyword.TINY not in target.keywords and position.is_occupied(to, ignoring=target.id):
        raise IllegalChoice(f"cannot Place {target.id} on {names[to]}: it is Occupied")
    position, events = yield from enter(position, target_id, to, Entry.PLACED, pause)
    return ForcedResult(position, (target.at, to), tuple(events))


def _place_large(position: Position, target: Figure, to: int, grabber: Figure | None,
                 large: LargeRules, pause: Pause | None) -> Resolution[ForcedResult]:
    from tales.rules.large_forced import large_place

    moved, anchors, happened, resisted = yield from large_place(position, target, to, grabber,
                                                                large, pause)
    return ForcedResult(moved, anchors, happened, resisted)
