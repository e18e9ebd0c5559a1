"""A Hero's turn at a physical table, reported as edits instead of played by the rules.

The group plays its Hero (or Companion) turn with the printed game and tells the tool what
changed: a figure moved, damage dealt or healed, a figure flipped to Wounded, tokens
gained or spent, Epic Dice added to or taken from the Epic Pool, a door opened, a figure
Defeated, Schemers brought in (reinforcements). Each edit is one answer to a ``table-edit``
Decision whose options are every edit that can be made now, so a game with edits is
replayed, undone and saved like any other (DESIGN.md: a save is setup + log); ``end``
ends the turn. The edit phase is the :data:`~tales.engine.rounds.TurnPlayer` of
:func:`tales.engine.rounds.play_scenario`: the round, the Schemers' turns, parts, events
and objectives are the engine's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache

import numpy as np

from tales.board.board import BoolArray
from tales.board.figures import Figure, Keyword, Token
from tales.board.footprint import (
    Footprint,
    offsets_of,
    on_spaces,
    orientations,
    shape,
    spaces_at,
)
from tales.board.position import Position
from tales.content.heroes import HeroKit, hero_figures
from tales.engine.content import Context
from tales.engine.deploy import group_limit
from tales.engine.rounds import took_turn
from tales.engine.state import GameState
from tales.rules.attacks import Battle
from tales.rules.decisions import Decider, Decision, Resolution
from tales.rules.dice import dice_count
from tales.rules.epic_pool import EpicPool
from tales.rules.happened import Moved, TurnBegan
from tales.rules.health import (
    LeastFortitude,
    deal,
    fortitude_left,
    heal,
    remove_defeated,
    untouchable,
)
from tales.rules.large_movement import free_places
from tales.rules.schemes import SchemerGroup, Special, SpecialStep

EDIT_DECISION = "table-edit"
MOST_GAINED = 5  # tokens gained in one edit
MOST_DAMAGE = 30  # damage in one edit to a figure without Fortitude


class EditKind(StrEnum):
    """What changed on the table."""

    MOVE = "move"  # a figure now stands on ``space``
    DAMAGE = "damage"  # ``amount`` damage dealt (Wounded flip and Defeat as the rules say)
    HEAL = "heal"  # ``amount`` damage removed
    WOUNDED = "wounded"  # flipped to its Wounded side
    GAIN = "gain"  # ``amount`` ``token`` tokens gained
    SPEND = "spend"  # ``amount`` ``token`` tokens spent or discarded
    EPIC = "epic"  # ``amount`` Epic Dice added to the Epic Pool (taken out: negative)
    OPEN_DOOR = "open-door"  # the door on ``space`` opened
    DEFEATED = "defeated"  # the figure is Defeated: removed from the map
    REINFORCE = "reinforce"  # a new Schemer of group ``figure`` on ``space``
    END = "end"  # the turn is over


@dataclass(frozen=True, slots=True)
class Edit:
    """One change the table reports. ``figure`` is a figure's id (a group's id for
    ``reinforce``)."""

    kind: EditKind
    figure: str | None = None
    space: int | None = None
    amount: int = 0
    token: Token | None = None
    #: a figure that takes several spaces (move, reinforce): every space it stands on,
    #: ``space`` (its anchor) first; () for one space (see :func:`settled`)
    spaces: tuple[int, ...] = ()


END = Edit(EditKind.END)


def settled(position: Position, edit: Edit, blocks: Mapping[str, SchemerGroup]) -> Edit:
    """``edit`` with every space a large figure would stand on (docs/rules-decisions.md,
    "Large figures"): a move or reinforce naming one space puts the anchor there, the
    facing kept (a reinforce: the group's shape as given); naming them all (anchor first,
    in any order) picks the facing that covers them. A one-space figure's edit names no
    spaces. What cannot stand there is refused by :func:`refusal`, not here."""
    if edit.kind not in (EditKind.MOVE, EditKind.REINFORCE) or edit.space is None:
        return edit
    board = position.board
    offsets: Footprint = ()
    if edit.kind is EditKind.MOVE and edit.figure and position.has_figure(edit.figure):
        offsets = position.figure(edit.figure).footprint
    elif edit.kind is EditKind.REINFORCE and edit.figure is not None and edit.figure in blocks:
        block = blocks[edit.figure]
        offsets = shape(board.layout, block.shape, block.size) if block.size > 1 else ()
    typed = edit.spaces or (edit.space,)
    if not offsets:
        return replace(edit, spaces=typed if len(typed) > 1 else ())
    if len(typed) == 1:
        return replace(edit, spaces=spaces_at(board, edit.space, offsets) or typed)
    for facing in orientations(offsets, board.layout):
        found = spaces_at(board, edit.space, facing)
        if found is not None and sorted(found) == sorted(typed):
            return replace(edit, spaces=found)
    return replace(edit, spaces=typed)


def _stands(position: Position, who: str, spaces: tuple[int, ...],
            places: list[tuple[tuple[int, ...], Figure]]) -> str | None:
    """Why a large figure cannot stand on ``spaces`` (``places``: where it can)."""
    if any(spaces == found for found, _ in places):
        return None
    names = " ".join(position.board.names[s] for s in spaces)
    return (f"{who} cannot stand on {names}: its spaces must be in its shape, on the map, "
            "enterable, Unoccupied and not split by a Wall")


def refusal(ctx: Context, state: GameState, edit: Edit) -> str | None:
    """Why ``edit`` cannot be made now (one line), or None when it can."""
    position = state.position
    if edit.kind is EditKind.END:
        return None
    if edit.kind is EditKind.EPIC:
        pool = state.battle.pool
        if edit.amount == 0 or not 0 <= pool.dice + edit.amount <= pool.size:
            return (f"the Epic Pool holds {pool.dice} of {pool.size} dice: it cannot "
                    f"{'gain' if edit.amount > 0 else 'lose'} {abs(edit.amount)}")
        return None
    if edit.kind is EditKind.REINFORCE:
        return _reinforce_refusal(ctx, state, edit)
    return position_refusal(position, edit)


def position_refusal(position: Position, edit: Edit) -> str | None:
    """Why an edit of the board alone (a figure's, or a door) cannot be made on
    ``position`` (one line), or None when it can: the part of :func:`refusal` that needs
    no game (``tales view`` edits a position file with it)."""
    names = position.board.names
    if edit.kind is EditKind.OPEN_DOOR:
        if edit.space is None or edit.space not in position.closed_doors:
            where = names[edit.space] if edit.space is not None else "?"
            return f"there is no closed door on {where}"
        return None
    if edit.kind in (EditKind.END, EditKind.EPIC, EditKind.REINFORCE):
        return f"{edit.kind.value} is not an edit of the board alone"
    if edit.figure is None or not position.has_figure(edit.figure):
        known = ", ".join(f.id for f in position.figures) or "none"
        return f"no figure {edit.figure!r} on the map (figures: {known})"
    figure = position.figure(edit.figure)
    if edit.kind is EditKind.MOVE and figure.large:  # every space it would stand on
        if edit.spaces == position.spaces_of(figure):
            return f"{figure.id} is already on {' '.join(names[s] for s in edit.spaces)}"
        return _stands(position, figure.id, edit.spaces, free_places(position, figure))
    if edit.kind is EditKind.MOVE:
        if edit.space is None or not 0 <= edit.space < position.board.n:
            return "move it to which space?"
        if len(edit.spaces) > 1:
            return f"{figure.id} takes one space"
        if edit.space == figure.at:
            return f"{figure.id} is already on {names[edit.space]}"
        return _space_refusal(position, edit.space, Keyword.TINY in figure.keywords,
                              position.occupied(ignoring=figure.id))
    if edit.kind is EditKind.DAMAGE:
        if untouchable(figure):
            return f"{figure.id} cannot take damage now (Pooky, or a Companion's Recovery side)"
        most = _most_damage(position, figure.id)
        if not 1 <= edit.amount <= most:  # every figure alike: what it has left, both sides
            return (f"{figure.id} can take 1 to {most} damage (what it has left"
                    + (" on both sides; what passes its Fresh side is lost as it flips"
                       if figure.wounded_fortitude is not None else "") + ")")
        return None
    if edit.kind is EditKind.HEAL:
        if not 1 <= edit.amount <= figure.damage:
            return (f"{figure.id} has {figure.damage} damage: heal 1 to {figure.damage}"
                    if figure.damage else f"{figure.id} has no damage to heal")
        return None
    if edit.kind is EditKind.WOUNDED:
        if figure.wounded:
            return f"{figure.id} is already Wounded"
        if figure.wounded_fortitude is None:
            return f"{figure.id} has no Wounded side"
        return None
    if edit.kind in (EditKind.GAIN, EditKind.SPEND):
        if edit.token is None:
            return "which token?"
        held = figure.token(edit.token)
        if edit.kind is EditKind.GAIN and not 1 <= edit.amount <= MOST_GAINED:
            return f"gain 1 to {MOST_GAINED} tokens at a time"
        if edit.kind is EditKind.SPEND and not 1 <= edit.amount <= held:
            return f"{figure.id} has {held} {edit.token.rule_name}s"
        return None
    return None  # DEFEATED: any figure on the map


def _space_refusal(position: Position, space: int, tiny: bool, occupied: BoolArray
                   ) -> str | None:
    """Why a figure (``tiny`` or not) cannot stand on ``space``, ``occupied`` being the
    Occupied mask without it: Impassable, a closed door, or Occupied (glossary: Tiny)."""
    if position.is_blocked(space):
        name = position.board.names[space]
        if space in position.closed_doors:
            return f"{name} has a closed door (open {name} first, if it was opened)"
        return f"{name} is Impassable"
    if not tiny and occupied[space]:
        return f"{position.board.names[space]} is Occupied (only Tiny figures share a space)"
    return None


def _most_damage(position: Position, figure_id: str) -> int:
    left = fortitude_left(position.figure(figure_id), LeastFortitude.BOTH_SIDES)
    return MOST_DAMAGE if left is None else max(left, 1)


def _reinforce_refusal(ctx: Context, state: GameState, edit: Edit) -> str | None:
    groups = ctx.scenario.groups
    position = state.position
    if edit.figure not in groups:
        return f"no group {edit.figure!r} in this scenario (groups: {', '.join(groups)})"
    if edit.space is None or not 0 <= edit.space < position.board.n:
        return "bring it in on which space?"
    full = _at_limit(ctx, state, edit.figure)
    if full is not None:
        return full
    return arrival_refusal(position, groups[edit.figure].block, edit.space, edit.spaces)


def arrival_refusal(position: Position, block: SchemerGroup, space: int,
                    spaces: tuple[int, ...] = ()) -> str | None:
    """Why a new Schemer of ``block`` cannot come in on ``space`` (its Limit aside): every
    standee on the map already, or a space it cannot stand on (a group whose figures take
    several spaces: ``spaces``, every space it would stand on, anchor first)."""
    if not set(block.standees) - {f.number for f in position.figures if f.group == block.id}:
        return f"all {len(block.standees)} standees of {block.name} are on the map"
    if block.size > 1:
        return _stands(position, block.name, spaces, free_places(position, newcomer(
            position, block, space)))
    if len(spaces) > 1:
        return f"{block.name}: its figures take one space"
    return _space_refusal(position, space, Keyword.TINY in block.keywords,
                          position.occupied())


def newcomer(position: Position, block: SchemerGroup, space: int,
             spaces: tuple[int, ...] = ()) -> Figure:
    """The next Schemer of ``block`` (the lowest free standee number) with its anchor on
    ``space``, standing on ``spaces`` when its figures take several."""
    members = {f.number for f in position.figures if f.group == block.id}
    footprint = (offsets_of(position.board, spaces) if spaces else
                 shape(position.board.layout, block.shape, block.size) if block.size > 1
                 else ())
    return block.new_schemer(members, space, footprint=footprint)


def arrive(position: Position, block: SchemerGroup, space: int, spaces: tuple[int, ...] = ()
           ) -> tuple[Position, str]:
    """The board with a new Schemer of ``block`` on ``space`` (the lowest free standee
    number; on every one of ``spaces`` when it takes several), and what it did in words."""
    figure = newcomer(position, block, space, spaces)
    position = replace(position, figures=(*position.figures, figure))
    return position, f"{figure.id} comes in on {_where(position, figure)}"


def _where(position: Position, figure: Figure) -> str:
    """``C3``, or for a large figure ``C3 (on C3 D3)``: its anchor, then every space."""
    names = position.board.names
    return names[figure.at] + on_spaces(names, position.spaces_of(figure))


def hero_arrival_refusal(position: Position, kit: HeroKit, space: int) -> str | None:
    """Why the Hero of ``kit`` cannot be put on ``space``: already on the map, or a space
    it cannot stand on."""
    if position.has_figure(kit.id):
        return f"{kit.id} is on the map already"
    return _space_refusal(position, space, Keyword.TINY in kit.keywords, position.occupied())


def hero_arrives(position: Position, kit: HeroKit, space: int) -> tuple[Position, str]:
    """The board with the Hero of ``kit`` (and Pooky with Zot) on ``space``, and what it
    did in words."""
    position = replace(position, figures=(*position.figures, *hero_figures(kit, space)))
    return position, f"{kit.id} is put on {position.board.names[space]}"


def _at_limit(ctx: Context, state: GameState, group: str) -> str | None:
    limit = group_limit(ctx, state, group)
    if sum(f.group == group for f in state.position.figures) >= limit:
        return f"{ctx.scenario.groups[group].block.name} is at its Limit of {limit}"
    return None


def edit_options(ctx: Context, state: GameState) -> tuple[Edit, ...]:
    """Every edit that can be made now (``end`` first): the options of the Decision. Each
    is one :func:`refusal` accepts; spaces are checked with the masks computed once, and
    the edits themselves are made once per figure (:func:`_numbered`, :func:`_moves`): a
    save of thousands of entries replays in a second or two, not minutes."""
    position = state.position
    board = position.board
    options: list[Edit] = [END]
    pool = state.battle.pool
    options += [Edit(EditKind.EPIC, amount=n) for n in range(-pool.dice, pool.size - pool.dice + 1)
                if n]
    options += [Edit(EditKind.OPEN_DOOR, space=d) for d in sorted(position.closed_doors)]
    open_spaces = ~position.blocked()
    for figure in position.figures:
        fid = figure.id
        tiny = Keyword.TINY in figure.keywords
        if figure.large:  # every place it can stand on, any facing
            here = position.spaces_of(figure)
            options += [Edit(EditKind.MOVE, fid, spaces[0], spaces=spaces)
                        for spaces, _ in free_places(position, figure) if spaces != here]
        else:  # as _space_refusal, for every space at once
            free = open_spaces if tiny else open_spaces & ~position.occupied(ignoring=fid)
            moves = _moves(fid, board.n)
            options += [moves[s] for s in np.flatnonzero(free).tolist() if s != figure.at]
        if not untouchable(figure):
            options += _numbered(EditKind.DAMAGE, fid, _most_damage(position, fid))
        options += _numbered(EditKind.HEAL, fid, figure.damage)
        if not figure.wounded and figure.wounded_fortitude is not None:
            options.append(Edit(EditKind.WOUNDED, fid))
        options.append(Edit(EditKind.DEFEATED, fid))
        for token in Token:
            options += _numbered(EditKind.GAIN, fid, MOST_GAINED, token)
            options += _numbered(EditKind.SPEND, fid, figure.token(token), token)
    occupied = position.occupied()
    for gid, group in ctx.scenario.groups.items():
        if _at_limit(ctx, state, gid) is None and group.block.size > 1:
            places = free_places(position, newcomer(position, group.block, 0))
            options += [Edit(EditKind.REINFORCE, gid, spaces[0], spaces=spaces)
                        for spaces, _ in places]
        elif _at_limit(ctx, state, gid) is None:
            tiny = Keyword.TINY in group.block.keywords
            free = open_spaces if tiny else open_spaces & ~occupied
            arrivals = _moves(gid, board.n, EditKind.REINFORCE)
            options += [arrivals[s] for s in np.flatnonzero(free).tolist()]
    return tuple(options)


@lru_cache(maxsize=4096)
def _numbered(kind: EditKind, figure: str, most: int, token: Token | None = None
              ) -> tuple[Edit, ...]:
    """The edits ``kind`` of ``figure`` by 1 to ``most`` (of ``token``), made once."""
    return tuple(Edit(kind, figure, amount=n, token=token) for n in range(1, most + 1))


@lru_cache(maxsize=1024)
def _moves(figure: str, spaces: int, kind: EditKind = EditKind.MOVE) -> tuple[Edit, ...]:
    """The moves of ``figure`` (the arrivals of a group) to each space of a board of
    ``spaces``, made once."""
    return tuple(Edit(kind, figure, s) for s in range(spaces))


def apply_edit(ctx: Context, state: GameState, edit: Edit) -> GameState:
    """The state after ``edit`` (one that :func:`refusal` accepts), with a log line."""
    position = state.position
    battle = state.battle
    line = ""
    if edit.kind is EditKind.EPIC:
        pool = battle.pool
        battle = replace(battle, pool=EpicPool(pool.dice + edit.amount, pool.size))
        line = (f"{dice_count(abs(edit.amount), 'Epic')} "
                f"{'added to' if edit.amount > 0 else 'taken from'} the Epic Pool "
                f"({battle.pool.dice}/{battle.pool.size})")
    elif edit.kind is EditKind.REINFORCE:
        assert edit.figure is not None and edit.space is not None
        position, line = arrive(position, ctx.scenario.groups[edit.figure].block, edit.space,
                                edit.spaces)
        state = replace(state, deployed=state.deployed | {edit.figure})
    else:
        position, line = edit_position(position, edit)
    battle = battle.at(position).note(f"table: {line}")
    if edit.kind is EditKind.MOVE and edit.figure is not None and edit.space is not None:
        start = state.position.figure(edit.figure).at  # drawn as the Hero turn's arrow
        battle = battle.record(Moved(edit.figure, (start, edit.space)))
    return state.at(battle)


def edit_position(position: Position, edit: Edit) -> tuple[Position, str]:
    """The board after an edit of the board alone (one :func:`position_refusal`
    accepts), and what it did in words."""
    names = position.board.names
    line = ""
    if edit.kind is EditKind.OPEN_DOOR:
        assert edit.space is not None
        position = replace(position, closed_doors=position.closed_doors - {edit.space})
        line = f"the door on {names[edit.space]} is opened"
    else:
        assert edit.figure is not None
        figure = position.figure(edit.figure)
        if edit.kind is EditKind.MOVE:
            assert edit.space is not None
            footprint = (offsets_of(position.board, edit.spaces) if figure.large
                         else figure.footprint)
            position = position.with_figure(replace(figure, at=edit.space,
                                                    footprint=footprint))
            line = f"{figure.id} moves to {_where(position, position.figure(figure.id))}"
        elif edit.kind is EditKind.DAMAGE:
            position, hurt = deal(position, figure.id, edit.amount)
            position, gone = remove_defeated(position)
            kept = [f"{n} {t.rule_name}{'' if n == 1 else 's'}" for t, n in figure.tokens
                    if n and t in (Token.SHIELD, Token.TOUGHNESS)]
            line = (f"{figure.id} takes {edit.amount} damage"
                    + (": Wounded" if hurt.wounded else "")
                    + (f" ({edit.amount - hurt.lost} past its Fresh side lost as it flips)"
                       if hurt.wounded and hurt.lost < edit.amount else "")
                    + (": Defeated and removed" if gone else "")
                    + (f" (its {', '.join(kept)} not used: damage is what is dealt past "
                       "prevention; spend a token with 'spend')" if kept and not gone else ""))
        elif edit.kind is EditKind.HEAL:
            position, healed = heal(position, figure.id, edit.amount)
            line = f"{figure.id} heals {healed}"
        elif edit.kind is EditKind.WOUNDED:
            assert figure.wounded_fortitude is not None
            position = position.with_figure(replace(
                figure, damage=0, wounded=True, fortitude=figure.wounded_fortitude,
                wounded_fortitude=None))
            line = f"{figure.id} flips to its Wounded side"
        elif edit.kind in (EditKind.GAIN, EditKind.SPEND):
            assert edit.token is not None
            tokens = dict(figure.tokens)
            change = edit.amount if edit.kind is EditKind.GAIN else -edit.amount
            tokens[edit.token] = tokens.get(edit.token, 0) + change
            position = position.with_figure(figure.with_tokens(tokens))
            line = (f"{figure.id} {'gains' if change > 0 else 'spends'} {edit.amount} "
                    f"{edit.token.rule_name}{'s' if edit.amount > 1 else ''}")
        elif edit.kind is EditKind.DEFEATED:
            position = position.without_figure(figure.id)
            line = f"{figure.id} is Defeated and removed"
    return position, line


def edits_until_end(ctx: Context, state: GameState, who: str, prompt: str
                    ) -> Resolution[GameState]:
    """The table's edits, asked as ``prompt`` of ``who``, applied one by one until
    ``end``: a Hero's turn at the table, or a Scheme step of printed text."""
    while True:
        edit: Edit = yield Decision(EDIT_DECISION, prompt, edit_options(ctx, state),
                                    Decider.TABLE, who, position=state.position,
                                    battle=state.battle, state=state)
        if edit.kind is EditKind.END:
            return state
        state = apply_edit(ctx, state, edit)


def table_special(ctx: Context, state: GameState) -> Special:
    """A Scheme step of printed text, at its place in a group's turn at the table: the
    table reads it and applies it with edits until ``end``; the turn goes on from the
    board they leave (``state``: the game as the group's turn began)."""
    def carry_out(battle: Battle, figure: str, step: SpecialStep) -> Resolution[Battle]:
        done = yield from edits_until_end(
            ctx, state.at(battle), figure, f"{figure}: {str(step).rstrip('.')}. The table "
            "carries this out: what changed on the table? (end: go on with the turn)")
        return done.battle.note(f"{figure}: the table has carried out {step.name}")
    return carry_out


def table_turn(ctx: Context, state: GameState, who: str, full: bool
               ) -> Resolution[GameState]:
    """A Hero's (or Companion's) turn played at the table: edits until ``end``."""
    if not state.position.has_figure(who):
        return state.note(f"{who} is Defeated: the token is set aside")
    state = state.note(f"{who}'s {'full' if full else 'partial'} turn (played at the table)")
    # its start kept, as a Hero's turn the engine plays keeps it: what is drawn of the
    # turns before it ends with this turn (issue 39)
    state = state.at(state.battle.record(TurnBegan(who, "hero")))
    state = yield from edits_until_end(
        ctx, state, who, f"{who}'s {'full' if full else 'partial'} turn: what changed on "
        "the table?")
    return took_turn(state, who)

