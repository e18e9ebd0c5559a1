"""Appendix A, Character Mechanics: Backstab, Wizard Fire, Illusions, Pooky's summons.

These are the rules the six Heroes' cards lean on; the cards themselves are content.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from tales.board.figures import DEBUFF_TOKENS, Figure, Role, Side, is_friend
from tales.board.position import Position
from tales.errors import IllegalChoice
from tales.rules.decisions import Decider, Decision, Resolution
from tales.rules.health import prevent_and_deal
from tales.rules.movement import nearest_unoccupied
from tales.rules.spaces import Entry, affecting, burned_by_wizard_fire, enter

# --- Gerki's Backstab ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BackstabCheck:
    """Whether Backstab applies, and which condition each target meets (or none)."""

    applies: bool
    reasons: dict[str, str]


def backstab(position: Position, attacker: Figure, targets: list[Figure]) -> BackstabCheck:
    """Backstab applies if *all* targets meet at least one condition (Appendix A):
    adjacent to a Friendly figure (a Friend of the attacker other than itself); on a Hazard
    or Difficult space and not Immune to its effects; one or more Debuff Tokens."""
    board = position.board
    reasons: dict[str, str] = {}
    for target in targets:
        friends = [f for f in position.figures
                   if f.id not in (attacker.id, target.id) and is_friend(attacker, f)
                   and position.adjacent(f, target)]
        hazard = affecting(position, target, board.hazard, "hazards")[target.at]
        difficult = affecting(position, target, board.difficult, "difficult")[target.at]
        debuffs = [t for t, c in target.tokens if t in DEBUFF_TOKENS and c > 0]
        if friends:
            reasons[target.id] = f"adjacent to {friends[0].id}"
        elif hazard:
            reasons[target.id] = "on a Hazard"
        elif difficult:
            reasons[target.id] = "on Difficult terrain"
        elif debuffs:
            reasons[target.id] = f"has a {debuffs[0].rule_name}"
        else:
            reasons[target.id] = ""
    applies = bool(targets) and all(reasons.values())
    return BackstabCheck(applies, reasons)


# --- Zot's Wizard Fire and Trap tokens --------------------------------------------------


def can_hold_token(position: Position, space: int) -> bool:
    """A Trap or Wizard Fire token may go on a space that is not Impassable and has neither
    a Trap nor a Wizard Fire token (glossary: Trap 2, Wizard Fire 1, Impassable)."""
    return not (position.board.impassable[space] or space in position.traps
                or space in position.wizard_fire)


def place_trap(position: Position, space: int, damage: int) -> Position:
    """Place a Trap with ``damage`` damage tokens (Hazardous spaces allowed)."""
    if not can_hold_token(position, space):
        raise IllegalChoice(f"no Trap can be placed on {position.board.names[space]}")
    return replace(position, traps={**position.traps, space: damage})


def place_wizard_fire(
    position: Position, zot: str, space: int, damage: int, limit: int
) -> Resolution[Position]:
    """Place a Wizard Fire token; at the limit, Zot's player first removes one (a Decision).

    Appendix A: "Can remove existing tokens to place new ones."
    """
    if not can_hold_token(position, space):
        raise IllegalChoice(f"no Wizard Fire can be placed on {position.board.names[space]}")
    fire = dict(position.wizard_fire)
    if len(fire) >= limit:
        if limit <= 0:
            raise IllegalChoice("Zot has no Wizard Fire tokens to place")
        remove = yield Decision("wizard-fire-remove", f"{zot} has {len(fire)} Wizard Fire "
                                "tokens (the limit): remove which one first?",
                                tuple(sorted(fire)), Decider.PLAYER, zot,
                                position=position)
        del fire[remove]
    fire[space] = damage
    position = replace(position, wizard_fire=fire)
    for figure in position.figures_at(space):
        if burned_by_wizard_fire(figure):
            # Wizard Fire 2: a Foe sharing a space with the token takes its damage and the
            # token is removed, the moment it is placed there too
            del fire[space]
            position = replace(position, wizard_fire=dict(fire))
            position, _ = yield from prevent_and_deal(position, figure.id, damage,
                                                      "Wizard Fire")
            break
    return position


# --- Eve's Illusions -------------------------------------------------------------------

ILLUSION_FORTITUDE = 3


def illusion_limit(printed: int, eve: Figure) -> int:
    """The reminder card's maximum, one more while Eve is Wounded (Appendix A)."""
    return printed + (1 if eve.wounded else 0)


def illusion_spaces(position: Position, source: int, reach: int) -> list[int]:
    """Unoccupied spaces within Range ``reach`` of the placing ability's ``source``."""
    inside = position.within_range(source, reach)
    free = inside & ~position.occupied() & ~position.blocked()
    return [int(s) for s in np.flatnonzero(free)]


def summon_illusion(
    position: Position, eve_id: str, illusion_id: str, source: int, reach: int, printed: int
) -> Resolution[Position]:
    """Place an Illusion (Fortitude 3, Heroic, no initiative) on a space Eve's player picks;
    Eve's Power Tokens protect it ("Eve can spend her Power Tokens to defend ... Illusions")."""
    eve = position.figure(eve_id)
    on_map = [f for f in position.figures if f.kind is Role.ILLUSION]
    if len(on_map) >= illusion_limit(printed, eve):
        raise IllegalChoice(f"{eve_id} already has {len(on_map)} Illusions on the map (the "
                            "maximum)")
    options = tuple(illusion_spaces(position, source, reach))
    if not options:
        raise IllegalChoice("no Unoccupied space within range for an Illusion")
    space = yield Decision("illusion-space", f"{eve_id} summons an Illusion: where?",
                           options, Decider.PLAYER, eve_id, position=position)
    illusion = Figure(illusion_id, Side.HERO, space, fortitude=ILLUSION_FORTITUDE,
                      role=Role.ILLUSION, owner=eve_id)
    return replace(position, figures=(*position.figures, illusion))


# --- Pooky ------------------------------------------------------------------------------


def summon_zot(position: Position, zot_id: str, pooky_id: str) -> Resolution[Position]:
    """Pooky's "Summons Zot": Zot is placed on or adjacent to Pooky; if impossible, on the
    Nearest Unoccupied space (Appendix A). Zot's player picks among the legal spaces."""
    zot = position.figure(zot_id)
    pooky = position.figure(pooky_id)
    board = position.board
    occupied = position.occupied(ignoring=zot.id)
    blocked = position.blocked()
    around = [pooky.at, *board.linked(pooky.at)]
    options = [s for s in around if not occupied[s] and not blocked[s]]
    if not options:
        options = nearest_unoccupied(position, pooky.at, zot.id)
    if not options:
        return position
    space = options[0]
    if len(options) > 1:
        space = yield Decision("summon-zot", f"{pooky_id} summons {zot_id}: to which space?",
                               tuple(sorted(options)), Decider.PLAYER, zot_id,
                               position=position)  # Pooky where he stands now
    position, _ = yield from enter(position, zot.id, space, Entry.PLACED)
    return position
