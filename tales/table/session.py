"""A game kept beside a physical table: the model under ``tales table`` (and the window).

The session is the engine's own game (:func:`tales.engine.rounds.play_scenario`, driven by
:class:`tales.engine.game.Game`) with the players' turns reported as edits
(:func:`tales.table.edits.table_turn`). Its log is a sequence of table entries, each the
answer to one Decision: a chance result typed in as the table rolled or drew it (or drawn
by the tool), an edit, a tie the players broke, a defence the players chose. A save is the
setup, the seed for what the tool draws and those entries (:mod:`tales.table.saves`);
loading replays them; undo replays all but the last. Nothing here prints or reads input.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tales.board.mapfile import read_text, read_toml
from tales.board.position import Position
from tales.board.writer import map_reference, position_text
from tales.engine.content import Context
from tales.engine.game import Game, roll_chance
from tales.engine.rounds import GROUP_TOKEN, play_scenario
from tales.engine.saves import SavedGame, write_atomic
from tales.engine.state import GameState
from tales.errors import IllegalChoice, TalesError
from tales.files import first_line_ends
from tales.rules.attacks import Battle
from tales.rules.decisions import Decider, Decision
from tales.table.defaults import said, standing_option
from tales.table.edits import (
    EDIT_DECISION,
    Edit,
    refusal,
    settled,
    table_special,
    table_turn,
)
from tales.table.saves import TableSave


def drawn_by_the_tool(seed: int, step: int, decision: Decision[Any]) -> Any:
    """What the tool draws for chance Decision number ``step`` of a session seeded
    ``seed`` (the same draw again after an undo)."""
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(step,)))
    return roll_chance(decision, rng)


@dataclass(frozen=True)
class Refused:
    """An entry that was not taken, and why (one line); nothing changed."""

    reason: str


class TableSession:
    """A scenario played at a physical table, entry by entry."""

    def __init__(self, ctx: Context, seed: int, choices: tuple[int, ...] = (),
                 game_id: str = "", defaults: dict[str, str] | None = None,
                 defaulted: frozenset[int] = frozenset()) -> None:
        self.ctx = ctx
        self.seed = seed
        self.game_id = game_id
        self.last_drawn: Any = None  # what the tool drew last (draw), for the table to see
        #: the table's standing answers (:mod:`tales.table.defaults`): name -> value
        self.defaults: dict[str, str] = dict(defaults or {})
        # ``ask``: (round, tokens drawn) from which the next group's turn asks every question
        self.asking_from: tuple[int, int] | None = None
        self.asking_only: frozenset[str] = frozenset()  # the defaults ``ask`` holds off
        self.said: list[tuple[str, str]] = []  # what the defaults answered, not yet shown
        self.game: Game[GameState] = Game(
            lambda: play_scenario(ctx, table_turn, table_special), choices=choices,
            standing=self._standing, defaulted=sorted(defaulted))

    def _standing(self, decision: Decision[Any]) -> int | None:
        """The table's default answer to ``decision`` (None: it is asked)."""
        settings = self.defaults
        if self.asking_from is not None and self._asking():
            settings = {n: v for n, v in settings.items()
                        if self.asking_only and n not in self.asking_only}
        index = standing_option(settings, decision)
        if index is not None:
            self.said.append((decision.kind, said(decision)))
        return index

    def _asking(self) -> bool:
        """Whether ``ask`` holds now: from where it was typed to the end of the first group
        turn after it (in that round)."""
        assert self.asking_from is not None
        state = self.game.seen_state
        asked_in, drawn = self.asking_from
        if state is None or state.round != asked_in or len(state.drawn) < drawn:
            self.asking_from = None
            return False
        since = state.drawn[drawn:]
        groups = [n for n, token in enumerate(since) if token.startswith(GROUP_TOKEN)]
        if groups and groups[0] < len(since) - 1:  # that group's turn is over
            self.asking_from = None
            return False
        return True

    def ask_next(self, only: frozenset[str] = frozenset()) -> None:
        """The next Schemer group's turn (or the one under way) asks every question the
        defaults ``only`` name (all when empty), whatever the defaults."""
        self.asking_only = only
        state, pending = self.game.seen_state, self.game.pending
        if state is None:
            self.asking_from = (0, 0)
            return
        between = pending is None or pending.kind == EDIT_DECISION or (
            pending.decider is Decider.CHANCE)  # no turn under way: the next one
        self.asking_from = (state.round, len(state.drawn) - (0 if between else 1))

    def set_default(self, name: str, value: str) -> None:
        """A standing answer from now on (the question pending now included)."""
        self.defaults[name] = value
        self.game.stand()

    # --- what the table sees --------------------------------------------------------------

    @property
    def pending(self) -> Decision[Any] | None:
        """The question now (None when the game is over)."""
        return self.game.pending

    @property
    def done(self) -> bool:
        return self.game.done

    @property
    def battle(self) -> Battle | None:
        """The table as the last question showed it (the final one when the game is over)."""
        if self.game.result is not None:
            return self.game.result.battle
        pending = self.game.pending
        if pending is not None and pending.battle is not None:
            return pending.battle  # type: ignore[no-any-return]
        return self.game.seen  # type: ignore[no-any-return]

    @property
    def state(self) -> GameState | None:
        """The game state the last question showed (round, part, bag, Schemes)."""
        if self.game.result is not None:
            return self.game.result
        return self.game.seen_state  # type: ignore[no-any-return]

    @property
    def position(self) -> Position | None:
        """The board now: where the pending question is asked, else the last one seen."""
        pending = self.game.pending
        if pending is not None and pending.position is not None:
            return pending.position  # type: ignore[no-any-return]
        battle = self.battle
        return battle.position if battle is not None else None

    @property
    def log(self) -> Sequence[str]:
        battle = self.battle
        return battle.log if battle is not None else ()

    @property
    def entries(self) -> int:
        """How many entries the table has made."""
        return len(self.game.choices)

    # --- entries ----------------------------------------------------------------------------

    def choose(self, index: int) -> Refused | None:
        """Answer the pending question with its option number ``index`` (from 0)."""
        try:
            self.game.choose(index)
        except IllegalChoice as bad:
            return Refused(str(bad))
        return None

    def answer(self, option: Any) -> Refused | None:
        """Answer the pending question with ``option`` (a chance result, an option)."""
        try:
            self.game.answer(option)
        except IllegalChoice as bad:
            return Refused(str(bad))
        return None

    def draw(self) -> Refused | None:
        """The tool rolls or draws the pending chance result."""
        decision = self.game.pending
        if decision is None or decision.decider is not Decider.CHANCE:
            return Refused("nothing to roll or draw now")
        self.last_drawn = drawn_by_the_tool(self.seed, self.entries, decision)
        return self.answer(self.last_drawn)

    def edit(self, edit: Edit) -> Refused | None:
        """Report a change made on the table during a player's turn."""
        decision = self.game.pending
        state = self.game.seen_state
        if decision is None or decision.kind != EDIT_DECISION or state is None:
            return Refused("edits are made during a Hero's turn; answer the question first")
        edit = settled(state.position, edit, {g: group.block for g, group in
                                              self.ctx.scenario.groups.items()})
        why = refusal(self.ctx, state, edit)
        if why is not None:
            return Refused(why)
        return self.answer(edit)

    def undo(self) -> Refused | None:
        """Take back the last entry (an edit, an answer, a chance result)."""
        try:
            self.game.undo(chance=True)
        except IllegalChoice as bad:
            return Refused(str(bad))
        return None

    # --- saving and exporting -------------------------------------------------------------

    @property
    def defaulted(self) -> frozenset[int]:
        """Which entries the table's defaults gave (undo passes over them)."""
        return frozenset(self.game.defaulted_choices)

    def saved(self) -> SavedGame:
        return SavedGame(self.ctx.setup, self.seed, tuple(self.game.choices))

    def table_save(self) -> TableSave:
        """What the save file keeps: the game, its id and the table's defaults."""
        return TableSave(self.game_id, self.saved(), dict(self.defaults), self.defaulted)

    def export(self, path: str | Path) -> str:
        """A position file of the board now, its map named relative to ``path``."""
        position = self.position
        if position is None:
            raise TalesError("there is no board yet")
        state = self.state
        where = (f"round {state.round}" if state is not None and state.round
                 else "setup")
        comment = f"{self.ctx.scenario.title}, {where}: {EXPORTED}"
        return position_text(position, map_reference(scenario_map_file(self.ctx), path),
                             comment)

    def write_export(self, path: str | Path) -> str:
        """Write :meth:`export` to ``path`` atomically; what to tell the table, or a
        one-line :class:`TalesError` naming the file (``--export`` says it on standard
        error, exit status 2)."""
        if self.position is None:
            raise TalesError(f"{path}: not written: there is no board yet")
        try:
            write_atomic(Path(path), self.export(path).encode("utf-8"))
        except OSError as bad:
            raise TalesError(f"{path}: cannot be written ({bad.strerror or bad})") from None
        return f"the board is written to {path}"


def resumed(save: TableSave, source: str | Path, step: int | None = None) -> TableSession:
    """The game ``save`` holds (read from ``source``), replayed to its end or to entry
    ``step`` (a replay's frame: the defaults then answer nothing more); a save that does
    not replay is one line naming ``source``."""
    from tales.engine.content import load_context

    game = save.game
    ctx = load_context(game.setup, table=True)  # printed text steps: the table's to do
    choices = game.choices if step is None else game.choices[:step]
    defaults = dict(save.defaults) if step is None else {}
    try:
        return TableSession(ctx, game.seed, choices, save.game_id, defaults,
                            frozenset(n for n in save.defaulted if n < len(choices)))
    except IllegalChoice as bad:
        raise TalesError(f"{source}: the save does not replay ({bad})") from None


#: The end of an exported position's first line: the only file ``--export`` writes over.
EXPORTED = "exported by tales table"


def exported(path: Path) -> bool:
    """Whether ``path`` holds a position ``tales table`` exported (its first line says so)."""
    return first_line_ends(path, EXPORTED)


def scenario_map_file(ctx: Context) -> Path:
    """The map file the scenario names (``map = "..."``, beside the scenario file)."""
    source = ctx.scenario.source
    data = read_toml(read_text(source), source)
    return Path(source).parent / str(data["map"])
