"""Schemer Movement, Appendix D of the reference manual (004), step by step.

1. Determine the target spaces that meet the Schemer's requirements: next to a target
   figure (on or next to a Tiny one), a feature's spaces (next to an Impassable one), a
   named space. Already on one: it does not move. Unoccupied Safe spaces it can reach with
   unlimited movement first; else Dangerous ones; else widen to the spaces next to those,
   repeating. If every path is blocked (by figures), targeting treats the movement as a Leap.
2. Of those, the final target space needs the least movement along a Safe path, or, when
   no Safe path exists, the least damage from Traps and Hazards (then the least movement).
   Ties: the players choose (a Decision for the table).
3. Move as close as possible: to the final target space if the movement reaches it (least
   damage if only Dangerous paths do); otherwise to the Nearest space it can reach, least
   damage among those. Ties: the players choose.

:func:`schemer_move` is a resolution generator: drive it with
:func:`~tales.rules.decisions.resolve`, or list every equally valid outcome with
:func:`~tales.rules.decisions.all_outcomes`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from tales.board.board import BoolArray
from tales.board.fields import entry_cost_field
from tales.board.figures import Figure, Keyword
from tales.board.position import Position
from tales.evolve import evolve
from tales.rules.decisions import (
    Decider,
    Decision,
    Resolution,
    SameOutcome,
    TieDetail,
    all_outcomes,
)
from tales.rules.health import LeastFortitude
from tales.rules.movement import (
    DEFAULT_RULES,
    MoveResult,
    MoveRules,
    blocking,
    dangers,
    move,
    reach,
    remembered,
)
from tales.rules.spaces import Pause, entry_costs
from tales.rules.targets import Selector, select, target_spaces

FloatArray = npt.NDArray[np.float64]


class DangerousPaths(StrEnum):
    """When a Schemer may step onto Dangerous spaces (flag ``dangerous_paths``,
    docs/rules-decisions.md, Appendix D)."""

    # glossary, Dangerous: "Schemers avoid moving through Dangerous spaces": where a Safe path
    # to the final target space exists, it moves only along Safe spaces, this turn too
    AVOID = "avoid"
    # the Safe path matters only for choosing the final target space; short of it, the
    # Nearest reachable space wins even across a Trap (damage only breaks ties)
    NEAREST_FIRST = "nearest-first"


class NearestTies(StrEnum):
    """Foes tied for Nearest (flag ``nearest_ties``, docs/rules-decisions.md)."""

    # glossary, Nearest: "Multiple targets: players choose" -- the table picks the Foe, then
    # Appendix D runs for that Foe alone (Leap X: it "will first choose what figure ... it
    # will try to move toward")
    CHOOSE = "choose"
    # the target spaces of every tied Foe together; step 2's least movement picks, and only
    # what is still tied goes to the players
    MERGE = "merge"


class Approach(StrEnum):
    """How "Nearest" is measured when a Schemer cannot reach its final target space
    (docs/rules-decisions.md, Appendix D step 3)."""

    # fewest movement points still needed to reach it; equally near, the space using the
    # most movement (004: "prioritizing using its entire movement effect")
    PATH = "path"
    LINE_OF_FIRE = "line-of-fire"  # Nearest by Line of Fire (004: "Nearest ~ space")


@dataclass(frozen=True, slots=True)
class SchemerRules:
    """Readings of ambiguous Schemer movement rules; defaults first."""

    move: MoveRules = DEFAULT_RULES
    approach: Approach = Approach.PATH
    dangerous_paths: DangerousPaths = DangerousPaths.AVOID
    nearest_ties: NearestTies = NearestTies.CHOOSE
    least_fortitude: LeastFortitude = LeastFortitude.SIDE_SHOWING
    same_outcome: SameOutcome = SameOutcome.SKIP


DEFAULT_SCHEMER_RULES = SchemerRules()


@dataclass(frozen=True)
class SchemerMove:
    """One outcome of a Schemer's movement, with its reasons in rule words."""

    figure: str
    start: int
    to: int
    path: tuple[int, ...]
    target: str | None
    final_target: int | None
    damage: int
    reasons: tuple[str, ...]
    result: MoveResult | None = field(default=None, compare=False, repr=False)
    #: every space a large Schemer ends on, its anchor (``to``) first; () for one space
    spaces: tuple[int, ...] = ()

    @property
    def position(self) -> Position | None:
        """The position after the move (None when the figure did not move)."""
        return None if self.result is None else self.result.position


def _outcome(moved: SchemerMove) -> tuple[Any, ...]:
    """What a Schemer's move changes: where it ends, the way it goes, the damage it takes
    and every figure after it (an Overrun's displaced ones too); not its reasons or the
    target named."""
    after = moved.result.position.figures if moved.result is not None else None
    return (moved.to, moved.path, moved.damage, moved.spaces, after)


class Asker:
    """Asks a Schemer's ties, leaving out each option that leads to the same moves as an
    earlier one; a tie left with one option is taken without asking, and the reasons say
    so (flag ``same_outcome``). ``again`` makes the same move afresh with every tie asked,
    to see where each answer leads; None: every tie is asked as it is."""

    def __init__(self, again: Callable[[], Resolution[SchemerMove]] | None,
                 reasons: list[str]) -> None:
        self.again = again
        self.reasons = reasons
        self.given: list[Any] = []  # every answer so far, asked or taken, in order
        self.taken = False  # the last tie was taken without asking

    def __call__(self, decision: Decision[Any], label: Callable[[Any], str]
                 ) -> Resolution[Any]:
        options = decision.options
        if self.again is not None:
            kept: list[Any] = []
            seen: list[frozenset[tuple[Any, ...]]] = []
            alike: list[tuple[Any, Any]] = []  # (an option, the earlier one it moves as)
            for option in options:
                ends = frozenset(_outcome(moved) for _, moved in all_outcomes(
                    self.again, prefix=(*self.given, option)))
                if ends in seen:
                    alike.append((option, kept[seen.index(ends)]))
                else:
                    seen.append(ends)
                    kept.append(option)
            if len(kept) == 1:
                self.reasons.append(f"{', '.join(label(o) for o in options)}: every choice "
                                    "leads to the same move, so the players are not asked "
                                    f"({label(kept[0])} taken)")
            elif alike:
                self.reasons.append("; ".join(f"{label(o)} leads to the same move as "
                                              f"{label(first)}" for o, first in alike)
                                    + ": not asked")
            options = tuple(kept)
        self.taken = len(options) == 1
        answer = options[0] if self.taken else (yield evolve(decision, options=options))
        self.given.append(answer)
        return answer


class _Model:
    """Reachability for targeting: steps along Safe paths, and (damage, steps) overall.

    The overall field is searched only when first asked (:meth:`reachable` asks it only of
    a space no Safe path reaches): a Safe path is a path, so a space with finite Safe steps
    is reachable, and most decisions never need the second search."""

    def __init__(self, safe_steps: FloatArray, dangerous: BoolArray, leap: bool,
                 overall: Callable[[], tuple[FloatArray, FloatArray]]) -> None:
        self.safe_steps = safe_steps
        self.dangerous = dangerous
        self.leap = leap
        self._overall = overall
        self._found: tuple[FloatArray, FloatArray] | None = None

    def overall(self) -> tuple[FloatArray, FloatArray]:
        """(least damage, then steps) to each space along any path; inf: no path."""
        if self._found is None:
            self._found = self._overall()
        return self._found

    def reachable(self, space: int) -> bool:
        """Can a path reach ``space`` at all?"""
        return bool(np.isfinite(self.safe_steps[space])
                    or np.isfinite(self.overall()[1][space]))


def _model(position: Position, figure: Figure, leap: bool, rules: MoveRules) -> _Model:
    """The targeting model, searched once per position (replays and ties reuse it)."""
    return remembered(position, ("schemer model", figure.id, leap, rules),
                      lambda: _search_model(position, figure, leap, rules))


def _search_model(position: Position, figure: Figure, leap: bool, rules: MoveRules
                  ) -> _Model:
    board = position.board
    n = board.n
    blocked = position.blocked()
    no_pass, _ = blocking(position, figure, rules)
    damage, dangerous = dangers(position, figure)
    start = figure.at
    if leap:
        passable = ~blocked
        ones = np.ones(n, dtype=np.float64)
        steps = entry_cost_field(board.links, passable, ones, start)
        landing = np.where(np.isfinite(steps), damage.astype(np.float64), np.inf)
        landing[start] = 0.0
        safe = np.where(dangerous & (np.arange(n) != start), np.inf, steps)
        return _Model(safe, dangerous, True, lambda: (landing, steps))
    passable = ~blocked & ~no_pass
    costs = entry_costs(position, figure).astype(np.float64)
    safe_passable = passable & ~dangerous
    safe_steps = entry_cost_field(board.links, safe_passable, costs, start)

    def overall() -> tuple[FloatArray, FloatArray]:
        big = float(4 * n + 8)
        combined = entry_cost_field(board.links, passable, damage * big + costs, start)
        finite = np.isfinite(combined)
        known = np.where(finite, combined, 0.0)
        whole_damage = np.floor(known / big)
        total_damage = np.where(finite, whole_damage, np.inf)
        steps = np.where(finite, known - whole_damage * big, np.inf)
        return total_damage, steps

    return _Model(safe_steps, dangerous, False, overall)


def _endable(position: Position, figure: Figure) -> BoolArray:
    """Unoccupied (for this figure), enterable spaces."""
    ok = ~position.blocked()
    if Keyword.TINY not in figure.keywords:
        ok &= ~position.occupied(ignoring=figure.id)
    return ok


def _pick_candidates(
    position: Position, figure: Figure, ring0: list[int],
    models: list[Callable[[], _Model]], reasons: list[str],
) -> tuple[list[int], _Model | None]:
    """Appendix D step 1: Safe, then Dangerous, then Leap targeting, then widen. The
    models are built when first needed (the Leap one only if a Move reaches nothing)."""
    board = position.board
    names = board.names
    endable = _endable(position, figure)
    ring = sorted(ring0)
    seen = set(ring)
    widened = 0
    while ring:
        free = [s for s in ring if endable[s] or s == figure.at]
        for make in models:
            model = make()
            reachable = [s for s in free if model.reachable(s)]
            safe = [s for s in reachable if not model.dangerous[s] or s == figure.at]
            chosen = safe or reachable
            if chosen:
                kind = "Safe" if safe else "Dangerous (no Safe one)"
                how = (" (every path is blocked: targeting as if Leap)"
                       if model.leap and len(models) > 1 else "")
                where = f"spaces {widened} out from the targets" if widened else "target spaces"
                shared = Keyword.TINY in figure.keywords and any(
                    position.occupied(ignoring=figure.id)[s] for s in chosen)
                # a Tiny mover may end on a figure's space (Tiny 1): not "Unoccupied" then
                label = (f"{kind} {where} it may end on (Tiny: it may share a space)" if shared
                         else f"{kind} Unoccupied {where}")
                reasons.append(f"{label}{how}: " + " ".join(names[s] for s in chosen))
                return chosen, model
        widened += 1
        nxt: set[int] = set()
        for s in ring:
            nxt.update(t for t in board.linked(s) if t not in seen and not board.impassable[t])
        seen |= nxt
        ring = sorted(nxt)
        if ring:
            reasons.append("no Unoccupied target space can be reached: widening the search "
                           "to the spaces next to them")
    return [], None


def schemer_move(
    position: Position,
    figure_id: str,
    points: int,
    selector: Selector,
    leap: bool = False,
    rules: SchemerRules = DEFAULT_SCHEMER_RULES,
    pause: Pause | None = None,
) -> Resolution[SchemerMove]:
    """Move (or Leap) a Schemer toward ``selector`` by Appendix D; ties are Decisions.

    ``pause``: Wounded Reactions of a Hero flipped on the way (an Overrun shove onto a
    Trap), resolved where it happens (Wounded 3)."""
    figure = position.figure(figure_id)
    board = position.board
    names = board.names
    reasons: list[str] = []
    asking = evolve(rules, same_outcome=SameOutcome.ASK)
    ask = Asker(None if rules.same_outcome is SameOutcome.ASK else (
        lambda: schemer_move(position, figure_id, points, selector, leap, asking)), reasons)

    def stay(why: str) -> SchemerMove:
        reasons.append(why)
        return SchemerMove(figure.id, figure.at, figure.at, (figure.at,), None, None, 0,
                           tuple(reasons))

    if Keyword.IMMOBILE in figure.keywords:
        return stay("Immobile: it never moves")
    found = select(position, figure, selector, rules.least_fortitude)
    reasons.extend(found.notes)
    if not found:
        return stay(f"no target for {selector}: it does not move")
    if rules.nearest_ties is NearestTies.CHOOSE:
        for tied in found.ties:
            chosen = yield from ask(Decision(
                "nearest-foe", f"{figure.id}: {', '.join(tied)} are tied for Nearest: players "
                "choose the Foe it moves toward", tuple(tied), Decider.TABLE, figure.id,
                position=position, detail=_tie(position, figure, selector, [
                    f for f in found.figures if f.id in tied], reasons)), str)
            if not ask.taken:
                reasons.append(f"tied for Nearest: {', '.join(tied)}; the players chose "
                               f"{chosen}")
            found.figures = [f for f in found.figures if f.id == chosen or f.id not in tied]
    sight = position.figure_field(figure)
    described = [f"{f.id} (Line of Fire {d})" if (d := position.figure_distance(sight, f))
                 is not None else f.id for f in found.figures]
    described += [names[s] for s in found.spaces] + [f"feature {n}" for n in found.features]
    reasons.append(f"{selector}: {', '.join(described)}")
    spaces = target_spaces(position, found, figure)
    if figure.large:  # a Schemer that takes more than one space (tales.rules.large_schemer)
        from tales.rules.large_schemer import large_schemer_move

        return (yield from large_schemer_move(position, figure, points, leap, rules, spaces,
                                              found, reasons, pause, ask))
    if figure.at in spaces:
        who = spaces[figure.at]
        stay_target = who[0] if who else None
        reasons.append(f"already on a target space ({names[figure.at]}): it does not move")
        return SchemerMove(figure.id, figure.at, figure.at, (figure.at,), stay_target,
                           figure.at, 0, tuple(reasons))
    first = _model(position, figure, leap, rules.move)
    models: list[Callable[[], _Model]] = [lambda: first]
    if not leap:
        models.append(lambda: _model(position, figure, True, rules.move))
    candidates, model = _pick_candidates(position, figure, list(spaces), models, reasons)
    if not candidates or model is None:
        return stay("no legal target space: it does not move")

    # Step 2: least movement along a Safe path, else least damage then movement.
    widened = candidates[0] not in spaces  # a space of a widened search: not next to it
    with_safe = [s for s in candidates if np.isfinite(model.safe_steps[s])]
    if with_safe:
        best = min(model.safe_steps[s] for s in with_safe)
        finals = [s for s in with_safe if model.safe_steps[s] == best]
        reasons.append(f"least movement along a Safe path: {int(best)}")
    else:
        damage, steps = model.overall()
        best_key = min((damage[s], steps[s]) for s in candidates)
        finals = [s for s in candidates if (damage[s], steps[s]) == best_key]
        reasons.append(f"no Safe path: least damage {int(best_key[0])}, then movement "
                       f"{int(best_key[1])}")
    final = finals[0]
    if len(finals) > 1:
        final = yield from ask(Decision(
            "final-target-space",
            f"{figure.id}: players choose the final target space",
            tuple(sorted(finals)), Decider.TABLE, figure.id, position=position,
            detail=_tie(position, figure, selector, found.figures, reasons)), names.__getitem__)
    reasons.append(f"final target space {names[final]}")
    target = _target_of(position, spaces, final, found.figures)

    # Step 3: move as close as possible; only along Safe spaces while a Safe path to the
    # final target space exists (glossary, Dangerous: "Schemers avoid moving through
    # Dangerous spaces"), unless the flag reads otherwise.
    # (a Safe path for the Move itself: targeting as if Leap does not make one)
    safe_only = (rules.dangerous_paths is DangerousPaths.AVOID
                 and bool(np.isfinite(first.safe_steps[final])))
    # One Reach for the decision and the Move (when it arrives at no Dangerous space,
    # keeping to Safe ones changes nothing); a second, kept to Safe spaces, only when it
    # arrives at some.
    anywhere = reach(position, figure.id, points, leap, rules.move)
    keep_safe = safe_only and bool(first.dangerous.any())
    routes = (reach(position, figure.id, points, leap, rules.move, safe_only=True)
              if keep_safe and anywhere.arrives_at_any(np.flatnonzero(first.dangerous))
              else anywhere)
    if keep_safe:
        avoided = sorted(s for s in anywhere.costs if first.dangerous[s] and s != figure.at)
        if avoided:
            reasons.append("a Safe path exists: it keeps off the Dangerous "
                           + ("space " if len(avoided) == 1 else "spaces ")
                           + " ".join(names[s] for s in avoided))
    verb = "Leaps" if leap else "moves"
    if final in routes:
        route = routes.route(final, safest=True)
        beside = ""
        if target and final != position.figure(target).at:
            beside = f", toward {target}" if widened else f", next to {target}"
        reasons.append(f"can reach it: {verb} {route.cost} of {points} to {names[final]}{beside}"
                       + (f", taking {route.damage} damage" if route.damage else ""))
        to = final
    else:
        distance = _approach(position, figure, final, rules, safe_only,
                             as_if_leap=model.leap and not leap)
        damages = routes.least_damages()  # every end space's least damage, one pass
        far = distance.tolist()  # plain floats: one conversion, not one per end space
        costs = routes.costs
        options = [(int(far[s]), damage, costs[s], s) for s, damage in damages.items()
                   if math.isfinite(far[s])]
        if not options:
            return stay("cannot get any nearer: it does not move")
        nearest, ends, most = nearest_reachable(sorted(options, key=lambda o: o[3]),
                                                rules.approach)
        to = ends[0]
        if len(ends) > 1:
            to = yield from ask(Decision(
                "approach-space",
                f"{figure.id}: players choose among the Nearest spaces it can reach",
                tuple(ends), Decider.TABLE, figure.id, position=position,
                detail=_tie(position, figure, selector, found.figures, reasons)),
                names.__getitem__)
        route = routes.route(to, safest=True)
        measure = "by Line of Fire" if rules.approach is Approach.LINE_OF_FIRE else "by path"
        went = f"{verb} {route.cost} to {names[to]}" if to != figure.at else (
            f"it stays on {names[to]}")
        reasons.append(f"cannot reach it with {points}: {went}, "
                       f"Nearest reachable space {measure} ({nearest} from {names[final]})"
                       + (f", taking {route.damage} damage" if route.damage else "")
                       + (MOST_MOVEMENT if most else ""))
    if to == figure.at:
        return SchemerMove(figure.id, figure.at, figure.at, (figure.at,), target, final, 0,
                           tuple(reasons))
    result = yield from move(position, figure.id, to, points, leap, route.path, rules.move,
                             pause, routes=anywhere)
    if result.defeated:
        where = names[result.path[-1]]
        reasons.append(f"Defeated on {where}: removed at once, it goes no farther (Defeated)")
        return SchemerMove(figure.id, figure.at, result.path[-1], result.path, target, final,
                           result.damage, tuple(reasons), result)
    return SchemerMove(figure.id, figure.at, to, result.path, target, final, result.damage,
                       tuple(reasons), result)


#: Said when equally Near spaces were told apart by the movement they use.
MOST_MOVEMENT = (", the one of those using the most movement (prioritizing using its entire "
                 "movement)")

S = TypeVar("S")


def nearest_reachable(
    options: Iterable[tuple[float, int, int, S]], approach: Approach
) -> tuple[float, list[S], bool]:
    """Appendix D step 3 among the spaces (or placements) a Schemer can end on, each given
    as (distance to the final target space, least damage, movement used, space): the
    Nearest, then the least damage ("minimizing damage"); by path, then the most movement
    used ("prioritizing using its entire movement effect"). Returns the Nearest distance,
    the spaces still tied in the order given (the players choose among them), and whether
    the movement used told equally Near spaces apart."""
    listed = list(options)
    nearest = min(d for d, _, _, _ in listed)
    least = min(dmg for d, dmg, _, _ in listed if d == nearest)
    tied = [(used, s) for d, dmg, used, s in listed if d == nearest and dmg == least]
    if approach is Approach.PATH and len(tied) > 1:
        most = max(used for used, _ in tied)
        kept = [s for used, s in tied if used == most]
        return nearest, kept, len(kept) < len(tied)
    return nearest, [s for _, s in tied], False


def _tie(position: Position, figure: Figure, selector: Selector,
         toward: Iterable[Figure], reasons: list[str]) -> TieDetail:
    """What a tie's Decision tells about the Schemer's target and reasoning so far."""
    sight = position.line_of_fire_field(figure.at)
    return TieDetail(str(selector), tuple((f.id, int(sight[f.at]) if sight[f.at] >= 0
                                           else None) for f in toward), tuple(reasons))


def _approach(
    position: Position, figure: Figure, final: int, rules: SchemerRules, safe_only: bool,
    as_if_leap: bool = False,
) -> FloatArray:
    """Distance from each space to the final target space, per the Approach reading (by
    path: along Safe spaces only, when the Schemer keeps to them; when every path is
    blocked and the final target space was found as if Leap, measured as that Leap is:
    through figures, a step a space)."""
    if rules.approach is Approach.LINE_OF_FIRE:
        field_ = position.line_of_fire_field(final).astype(np.float64)
        field_[field_ < 0] = np.inf
        return field_
    board = position.board
    passable = ~position.blocked()
    if as_if_leap:
        return entry_cost_field(board.links, passable, np.ones(board.n, dtype=np.float64),
                                final, toward=True)
    no_pass, _ = blocking(position, figure, rules.move)
    passable &= ~no_pass
    if safe_only:
        passable &= ~dangers(position, figure)[1]
        passable[final] = True
    costs = entry_costs(position, figure).astype(np.float64)
    return entry_cost_field(board.links, passable, costs, final, toward=True)


def _target_of(
    position: Position, spaces: dict[int, list[str]], final: int, figures: list[Figure]
) -> str | None:
    """The target figure the final target space is next to (the Nearest one to it); for a
    space in a widened search, the Nearest target figure; None for a space or feature."""
    ids = spaces[final] if final in spaces else [f.id for f in figures]
    if not ids:
        return None
    field_ = position.line_of_fire_field(final)
    measured = [(int(field_[position.figure(i).at]), i) for i in ids
                if field_[position.figure(i).at] >= 0]
    return min(measured)[1] if measured else ids[0]
