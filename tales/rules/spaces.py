"""What a space does to a figure that enters it: Traps, Hazards, Wizard Fire, Difficult.

Glossary entries: Trap, Hazard, Wizard Fire, Dangerous, Safe, Difficult, Immune to [Map
Feature], Resistant. The damage dealt here is added to the figure's damage as it is; how
Shield and Toughness Tokens meet it belongs to the combat rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from tales.board.board import BoolArray, IntArray
from tales.board.figures import Figure, Keyword, Role, Token
from tales.board.position import Position
from tales.evolve import evolve
from tales.rules.decisions import Resolution
from tales.rules.health import prevent_and_deal, remove_if_defeated

#: Wounded 3 as a hook for whatever moves figures: "If a figure becomes Wounded while
#: resolving an ability or Scheme, pause the resolution process ... Resolve any Reactions
#: that trigger upon becoming Wounded." Called with the figures just flipped; it resolves
#: their Wounded Reactions and returns the position after. Callers that hold the Heroes'
#: Reactions pass one (``tales.rules.attacks.WoundedPause``); planning passes none.
Pause = Callable[[Position, list[str]], Resolution[Position]]


class Entry(StrEnum):
    """How a figure comes into a space; it decides which space effects happen."""

    MOVE = "move"  # Move: every space entered
    LEAP_LAND = "leap"  # the space a Leap ends on
    LEAP_OVER = "leap-over"  # a space a Leap passes: nothing, unless a Hero chooses
    FORCED = "forced"  # Push, Pull: every space entered
    PLACED = "placed"  # Grab, Place, Overrun displacement: the space it ends on


@dataclass(frozen=True, slots=True)
class SpaceEffect:
    """The effects entering ``space`` would have on one figure."""

    space: int
    trap: int | None = None  # damage tokens of a Trap it would trigger
    hazard: int | None = None  # damage of a Hazard that affects it
    wizard_fire: int | None = None  # damage of a Wizard Fire token that burns it

    @property
    def dangerous(self) -> bool:
        """Dangerous to this figure (glossary: Dangerous, Safe)."""
        return self.trap is not None or self.hazard is not None or self.wizard_fire is not None

    @property
    def damage(self) -> int:
        """Total damage entering the space deals."""
        return (self.trap or 0) + (self.hazard or 0) + (self.wizard_fire or 0)


@dataclass(frozen=True, slots=True)
class SpaceEvent:
    """Something a space did to a figure: ``what`` is ``trap``, ``hazard`` or ``wizard-fire``."""

    what: str
    figure: str
    space: int
    damage: int


#: Figures that never trigger Traps or Hazards: Eve's Illusions ("do not trigger Traps or
#: Hazards") and Zot's Pooky ("cannot take damage, trigger Traps"), Appendix A.
UNTOUCHED_BY_SPACES = frozenset({Role.ILLUSION, Role.POOKY})


# The members these space checks compare, read once: in Python 3.11 a member read on its enum
# goes through the enum class's attribute hook (~70 ns a read; asked for every figure moved or
# hurt, issue 19)
_SHIELD, _TOUGHNESS = Token.SHIELD, Token.TOUGHNESS
_RESISTANT = Keyword.RESISTANT
_LEAP_OVER = Entry.LEAP_OVER


def protected(figure: Figure) -> bool:
    """It has a Shield or Toughness Token (what Resistant needs, glossary: Resistant)."""
    return figure.token(_SHIELD) + figure.token(_TOUGHNESS) > 0


def triggers_traps(figure: Figure) -> bool:
    """False for a figure Immune to Traps, or Resistant while it has Shield/Toughness Tokens,
    and for Illusions and Pooky."""
    if figure.is_immune_to(["traps"]) or figure.kind in UNTOUCHED_BY_SPACES:
        return False
    return not (_RESISTANT in figure.keywords and protected(figure))


def triggers_trap_at(position: Position, figure: Figure, space: int) -> bool:
    """Whether the Trap token on ``space`` would trigger for ``figure``.

    Besides :func:`triggers_traps`, a figure Immune to a named Trap feature of the map
    (e.g. "Immune to Pressure plate") does not trigger the Trap printed there.
    """
    if space not in position.traps or not triggers_traps(figure):
        return False
    board = position.board
    return not (board.trap[space] and figure.is_immune_to([board.feature_name[space]]))


def burned_by_wizard_fire(figure: Figure) -> bool:
    """Wizard Fire harms Zot's Foes: figures not on the Heroes' team, and Berserk ones."""
    return not figure.heroic or Keyword.BERSERK in figure.keywords


def space_effect(position: Position, figure: Figure, space: int) -> SpaceEffect:
    """What entering ``space`` would do to ``figure`` (ignoring how it enters)."""
    board = position.board
    feature = board.feature_name[space]
    trap = position.traps.get(space) if triggers_trap_at(position, figure, space) else None
    hazard: int | None = None
    if (board.hazard[space] and not figure.is_immune_to(["hazards", feature])
            and figure.kind not in UNTOUCHED_BY_SPACES):
        hazard = int(board.hazard_damage[space])
    fire = position.wizard_fire.get(space)
    if fire is not None and not burned_by_wizard_fire(figure):
        fire = None
    return SpaceEffect(space, trap, hazard, fire)


def affecting(position: Position, figure: Figure, spaces: BoolArray, kind: str) -> BoolArray:
    """The spaces of a feature class (``kind``: hazards, difficult) that affect ``figure``.

    Immune to the class or to a space's feature name takes that space out (glossary: Immune
    to [Map Feature]).
    """
    if figure.is_immune_to([kind]) or (
            kind == "hazards" and figure.kind in UNTOUCHED_BY_SPACES):
        return np.zeros_like(spaces)
    mask = spaces.copy()
    if figure.immune:
        names = position.board.feature_name
        for s in np.flatnonzero(mask):
            if figure.is_immune_to([names[s]]):
                mask[s] = False
    return mask


def danger_table(position: Position, figure: Figure) -> tuple[IntArray, BoolArray]:
    """Damage and Dangerous mask of every space for ``figure`` (vectorised over spaces)."""
    board = position.board
    hazards = affecting(position, figure, board.hazard, "hazards")
    damage = np.zeros(board.n, dtype=np.int32)
    np.copyto(damage, board.hazard_damage, where=hazards)  # one call, not four masked ones
    dangerous = hazards.copy()
    tokens: list[Mapping[int, int]] = []
    if triggers_traps(figure):
        tokens.append(position.traps if not figure.immune else  # Immune to no Trap feature
                      {s: d for s, d in position.traps.items()
                       if triggers_trap_at(position, figure, s)})
    if burned_by_wizard_fire(figure):
        tokens.append(position.wizard_fire)
    for placed in tokens:  # a few tokens on the map: written space by space, cheaper
        for space, amount in placed.items():  # than four numpy calls a mapping
            damage[space] += amount
            dangerous[space] = True
    return damage, dangerous


def entry_costs(position: Position, figure: Figure) -> IntArray:
    """Movement points to enter each space with a Move: 2 for Difficult, else 1.

    A figure Immune to Difficult (or to that feature's name) pays 1 (glossary: Difficult,
    Immune to [Map Feature]).
    """
    board = position.board
    costs = np.ones(board.n, dtype=np.int32)
    costs[affecting(position, figure, board.difficult, "difficult")] = 2
    return costs


def enter(
    position: Position, figure_id: str, space: int, entry: Entry, pause: Pause | None = None
) -> Resolution[tuple[Position, list[SpaceEvent]]]:
    """Put the figure on ``space`` and resolve what the space does to it.

    A Trap is removed with its damage tokens, which go to the figure; a Hazard deals its
    damage; a Wizard Fire token burns a Foe of Zot and is removed. Passing a space in the
    middle of a Leap does nothing (the Hero's option to trigger it is asked by the Leap).
    Triggering does not end the movement (glossary: Trap, 3). Each is one instance of
    damage: a Schemer's Toughness or Shield Tokens prevent it automatically, a player
    decides for their figures ("any source", Toughness Token 1), then it is dealt.

    A figure Defeated here is removed at once (glossary: Defeated; a Companion flips to its
    Recovery side) and the space does nothing more to it: the caller sees it gone and stops
    the movement. A Fresh figure flipped to Wounded here pauses the resolution for its
    Wounded Reactions (``pause``, Wounded 3) before anything else happens.
    """
    figure = position.figure(figure_id)
    figure = evolve(figure, at=space)
    if entry is _LEAP_OVER:
        return position.with_figure(figure), []
    return (yield from resolve_space(position.with_figure(figure), figure_id, space, pause))


def resolve_space(
    position: Position, figure_id: str, space: int, pause: Pause | None = None
) -> Resolution[tuple[Position, list[SpaceEvent]]]:
    """What ``space`` does to a figure that has just entered it (see :func:`enter`), the
    figure already standing there: a large figure resolves each space it enters this way
    (docs/rules-decisions.md, "Large figures")."""
    figure = position.figure(figure_id)
    events: list[SpaceEvent] = []
    effect = space_effect(position, figure, space)
    traps = dict(position.traps)
    fire = dict(position.wizard_fire)
    if effect.trap is not None:
        del traps[space]
        events.append(SpaceEvent("trap", figure.id, space, effect.trap))
    if effect.hazard is not None:
        events.append(SpaceEvent("hazard", figure.id, space, effect.hazard))
    if effect.wizard_fire is not None:
        del fire[space]
        events.append(SpaceEvent("wizard-fire", figure.id, space, effect.wizard_fire))
    moved = evolve(position, traps=traps, wizard_fire=fire)
    done: list[SpaceEvent] = []
    for event in events:
        done.append(event)
        if event.damage > 0:
            moved = yield from _hurt(moved, figure.id, event.damage,
                                     event.what.replace("-", " ").title(), pause)
            if fell(moved, figure):
                break  # Defeated: removed at once (or flipped to its Recovery side)
    return moved, done


def fell(position: Position, before: Figure) -> bool:
    """Whether ``before`` has been Defeated since: removed from the map, or (a Solo Mode
    Companion) flipped to its Recovery side. A move stops there (glossary: Defeated)."""
    if not position.has_figure(before.id):
        return True
    return position.figure(before.id).recovering and not before.recovering


def _hurt(position: Position, figure_id: str, amount: int, what: str, pause: Pause | None
          ) -> Resolution[Position]:
    """One instance of damage from a space: prevented, dealt, then Defeated removed at once
    or, for a figure just Wounded, the resolution paused for its Wounded Reactions."""
    position, hurt = yield from prevent_and_deal(position, figure_id, amount, what)
    if hurt.defeated:
        position, _ = remove_if_defeated(position, figure_id)
    elif hurt.wounded and pause is not None:
        position = yield from pause(position, [figure_id])
    return position


def lost_last_protection(before: Figure, after: Figure) -> bool:
    """A Resistant figure that had Shield or Toughness Tokens and has none now."""
    return _RESISTANT in after.keywords and protected(before) and not protected(after)


def spring_trap(
    position: Position, figure_id: str, pause: Pause | None = None
) -> Resolution[tuple[Position, list[SpaceEvent]]]:
    """Resistant: "Triggers Trap if on it when losing the last token." The Trap on the
    figure's space goes to it as if it had just entered."""
    figure = position.figure(figure_id)
    space = figure.at
    damage = position.traps.get(space)
    if damage is None or not triggers_trap_at(position, figure, space):
        return position, []
    traps = dict(position.traps)
    del traps[space]
    position = evolve(position, traps=traps)
    event = SpaceEvent("trap", figure.id, space, damage)
    if damage > 0:
        position = yield from _hurt(position, figure.id, damage, "Trap", pause)
    return position, [event]
