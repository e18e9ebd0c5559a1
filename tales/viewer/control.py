"""What the window shows and how pointing answers: a game being played, a Schemer turn
worked out for the table, a saved game stepped through.

Controllers hold no pyglet objects: each gives a :class:`~tales.viewer.scene.View` to draw
and takes clicks on spaces and option numbers, so a test can drive one without a window.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from tales.board.mapfile import read_text, read_toml
from tales.board.position import Position
from tales.board.writer import position_text
from tales.campaign.progress import (
    Campaign,
    campaign_file,
    new_campaign,
    record,
    start_game,
)
from tales.campaign.saves import load, path_for, save
from tales.campaign.settings import Settings, load_settings, save_settings
from tales.content.campaigns import load_campaign_file
from tales.content.scenarios import load_scenario
from tales.content.scheme_blocks import load_scheme_blocks
from tales.engine.content import Context, bundled, find_file, hero_kit, load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario, token_name
from tales.engine.saves import SavedGame, write_atomic
from tales.engine.state import GameState
from tales.errors import IllegalChoice, TalesError
from tales.present import picks
from tales.present.campaign import campaign_lines
from tales.present.chance import chance_options, chance_question
from tales.present.ending import Ending, ending
from tales.present.figures import cards, group_names
from tales.present.goals import goals
from tales.present.log import game_sides, line_sides, readable, sides
from tales.present.moves import decision_move_cost
from tales.present.odds import target_odds
from tales.present.options import Presenter, menu_order, option_text
from tales.present.schemes import acting_scheme, scenario_blocks, scheme_lines
from tales.present.ties import tie_lines, tie_targets
from tales.present.turns import TurnDrawing, drawing, with_dice, with_pending, with_targets
from tales.rules.decisions import Decider, Decision
from tales.rules.movement import reach
from tales.rules.schemes import (
    GroupTurn,
    Roster,
    Scheme,
    SchemerGroup,
    SchemerTurn,
    group_members,
    group_turn,
)
from tales.table import SPACE_DECISIONS
from tales.table.edits import (
    Edit,
    EditKind,
    arrival_refusal,
    arrive,
    edit_position,
    hero_arrival_refusal,
    hero_arrives,
    position_refusal,
    settled,
)
from tales.table.saves import TableSave
from tales.terminal import chance_for
from tales.viewer.edit_keys import EDIT_KEYS, PICK_TOKEN, VIEW_KEYS, EditKeys
from tales.viewer.scene import Panel, View

#: Decisions whose options are figure ids: a click on the figure answers.
FIGURE_DECISIONS = frozenset({"effect-target", "nearest-foe"})

#: Decisions whose options are tuples of figure ids (targets): a click on a figure answers
#: an option that is that figure alone.
TARGETS_DECISIONS = frozenset({"attack-targets", "melee-targets", "ranged-targets"})

#: Decisions whose options are paths: a click on the space a path ends on answers it
#: (when only one path ends there).
PATH_END_DECISIONS = frozenset({"push-path", "pull-path"})


#: Decisions whose options are space names (and words such as "stop"): the named spaces
#: are green and a click answers.
NAMED_SPACE_DECISIONS = frozenset({"rampage-step"})


def space_options(decision: Decision[Any], shown: Position | None = None
                  ) -> dict[int, Any]:
    """The spaces a click can answer ``decision`` with (space -> option); ``shown``: the
    position on screen, for a Decision that carries none."""
    position = decision.position or shown
    if position is None:
        return {}
    if decision.kind in NAMED_SPACE_DECISIONS:
        found = {position.board.find(o): o for o in decision.options if isinstance(o, str)}
        return {s: o for s, o in found.items() if s is not None}
    if decision.kind in SPACE_DECISIONS:
        return {int(o): o for o in decision.options if isinstance(o, int)}
    figures = {f.id: f.at for f in position.figures}
    by_space: dict[int, list[Any]] = {}
    for o in decision.options:
        if decision.kind in FIGURE_DECISIONS and o in figures:
            by_space.setdefault(figures[o], []).append(o)
        elif decision.kind in TARGETS_DECISIONS and isinstance(o, tuple) and len(o) == 1 \
                and o[0] in figures:
            by_space.setdefault(figures[o[0]], []).append(o)
        elif decision.kind in PATH_END_DECISIONS and isinstance(o, tuple) and o:
            by_space.setdefault(int(o[-1]), []).append(o)
    # a space a click cannot tell apart (two figures on it, two paths ending there): buttons
    return {space: options[0] for space, options in by_space.items() if len(options) == 1}


#: Yes/no questions about one space (its Decision's detail): the space is outlined green
#: and labelled, the buttons answer.
ASKED_SPACE = {"leap-trigger": "trigger?"}


def asked_space(decision: Decision[Any] | None) -> dict[int, str]:
    """The space a yes/no question is about, with its label ({} for other Decisions)."""
    if decision is None or decision.kind not in ASKED_SPACE or not isinstance(
            decision.detail, int):
        return {}
    return {decision.detail: ASKED_SPACE[decision.kind]}


def hover_label(decision: Decision[Any] | None, position: Position, space: int) -> str | None:
    """What hovering a space tells: the Line of Fire distance from the deciding figure,
    and for a Move the movement points it costs."""
    if decision is None or decision.figure is None:
        return None
    mover = next((f for f in position.figures if f.id == decision.figure), None)
    if mover is None:
        return None
    parts = []
    distance = position.line_of_fire(mover.at, space)
    parts.append(f"Line of Fire {distance}" if distance is not None else "no Line of Fire")
    if decision.kind == "move-to" and space in decision.options:
        cost = decision_move_cost(decision, space)
        if cost is not None:
            parts.append(f"{cost.points} movement"
                         + (f", {cost.damage} damage" if cost.damage else ""))
        else:
            found = reach(position, mover.id, 99).costs.get(space)
            if found is not None:
                parts.append(f"{found} movement")
    return ", ".join(parts)


def space_costs(decision: Decision[Any] | None) -> dict[int, str]:
    """On a hero's Move: each green space's movement points, and "!N" for damage on the
    way (Traps, Hazards, Wizard Fire)."""
    if decision is None or decision.kind != "move-to":
        return {}
    costs = {}
    for space in decision.options:
        cost = decision_move_cost(decision, space)
        if cost is not None and (cost.points or cost.damage):  # not "0" under the mover
            costs[int(space)] = f"{cost.points}" + (f" !{cost.damage}" if cost.damage else "")
    return costs


def bag_text(tokens: Sequence[str]) -> str:
    """Initiative tokens by name, in order, one of a kind with how many (``pooky
    (companion) x2``)."""
    counts = Counter(tokens)
    return ", ".join(token_name(t) + (f" x{counts[t]}" if counts[t] > 1 else "")
                     for t in dict.fromkeys(tokens))


def state_lines(state: GameState | None, parts: Sequence[str] = (),
                names: Mapping[str, str] | None = None) -> list[str]:
    """Round, the scenario's part by its name (``parts``: their names), the initiative
    tokens drawn and left, each group's Scheme."""
    if state is None:
        return []
    if state.round == 0:
        return ["Setup"]
    part = (f', part {state.part + 1}: "{parts[state.part]}"' if state.part < len(parts)
            else f", part {state.part + 1}")
    phase = "Combat Phase" if state.bag or state.drawn else "Ready Phase"
    lines = [f"Round {state.round}, {phase}" + (part if state.part else "")]

    if state.drawn:
        lines.append("drawn: " + bag_text(state.drawn))
    if phase == "Combat Phase":
        lines.append("in the bag: " + (bag_text(state.bag) or "nothing"))
    here = {f.group for f in state.position.figures if f.group}
    for group, scheme in sorted(state.schemes.items()):  # by its name (``names``)
        if group in here:  # a group gone from the map has no Scheme to show
            lines.append(f"{(names or {}).get(group, group)}: {scheme}")
    return lines


class Toggles:
    """The panel's two keys: W (the log with the rules' reasoning) and L (the map's legend
    and the glossary in the log's place)."""

    why: bool
    legend: bool

    def toggle_why(self) -> None:
        """W: the log in full, with the rules' reasoning, or back to one line an action."""
        self.why = not self.why

    def toggle_legend(self) -> None:
        """L: the map's legend and the glossary in the log's place, or back."""
        self.legend = not self.legend


@dataclass
class GameControl(Toggles):
    """A scenario being played in the window (``tales solo``, or ``tales play --window``):
    chance is rolled for the players, every other Decision is shown and answered by a
    click or a key; ``on_change`` saves after each choice."""

    ctx: Context
    seed: int
    choices: tuple[int, ...] = ()
    on_change: Callable[[SavedGame], None] | None = None
    title: str = ""
    roll: bool = True  # roll chance for the players (a replay does not)
    physical: bool = False  # --physical-dice: chance is asked as buttons, never rolled
    legend: bool = False  # L: the map's legend and the glossary in the log's place
    legend_skip: int = 0  # lines of it scrolled past (the mouse wheel)
    confirm: bool = False  # a player's question with one option waits (a setting)
    why: bool = False  # W: the log's lines in full, with the rules' reasoning
    log_scroll: int = 0  # lines of the log scrolled back (the mouse wheel over the panel)
    hovered: int | None = None
    hovered_option: int | None = None  # the button under the pointer: its card is shown
    message: str = ""
    game: Game[GameState] = field(init=False)
    present: Presenter = field(init=False)

    def __post_init__(self) -> None:
        self.present = Presenter(self.ctx.figure_abilities())
        try:
            self.game = Game(lambda: play_scenario(self.ctx), choices=self.choices,
                             confirm=self.confirm)
        except IllegalChoice as bad:
            raise TalesError(f"the saved game does not replay ({bad})") from None
        self.title = self.title or self.ctx.scenario.title
        self._roll()

    def _roll(self) -> None:
        """Answer chance Decisions (dice, the bag, tracker cards) until a person must."""
        while self.roll and not self.physical and self.game.pending is not None and (
                self.game.pending.decider is Decider.CHANCE):
            decision = self.game.pending
            self.game.answer(chance_for(self.seed, len(self.game.choices), decision))
        self._save()

    def _save(self) -> None:
        if self.on_change is not None:
            self.on_change(SavedGame(self.ctx.setup, self.seed, tuple(self.game.choices)))

    @property
    def done(self) -> bool:
        return self.game.done

    def choose(self, index: int) -> None:
        """Press button ``index`` (the buttons list a yes/no question yes first)."""
        decision = self.game.pending
        if decision is None:
            return
        if decision.decider is Decider.CHANCE:  # the dice at the table: their results
            results = chance_options(decision)
            if 0 <= index < len(results):
                self._answer(decision.options.index(results[index]))
            return
        order = menu_order(decision)
        if not 0 <= index < len(order):
            self.message = f"there is no option {index + 1}"
            return
        self._answer(order[index])

    def _answer(self, index: int) -> None:
        """Answer the pending Decision with its option ``index``."""
        self.hovered_option = None
        try:
            self.game.choose(index)
        except IllegalChoice as bad:
            self.message = str(bad)
            return
        self.message = ""
        self._roll()

    def click_space(self, space: int) -> bool:
        """A click on a space: answers a Decision that offers it. True if it did."""
        decision = self.game.pending
        if decision is None:
            return False
        seen = self.game.seen
        offered = space_options(decision, seen.position if seen is not None else None)
        if space not in offered:
            self.message = "not one of the choices: pick a green space or a button"
            return False
        self._answer(decision.options.index(offered[space]))
        return True

    def undo(self) -> None:
        """Take back the last choice a person made (and the dice after it)."""
        try:
            self.game.undo(chance=False)
        except IllegalChoice as bad:
            self.message = str(bad)
            return
        self.message = "undone"
        self._roll()

    def view(self) -> View:
        """What to draw now."""
        decision = self.game.pending
        state = self.game.result
        battle = state.battle if state is not None else self.game.seen
        position = (decision.position if decision is not None and decision.position
                    is not None else battle.position if battle is not None else None)
        if position is None:
            position = self._last_position()
        labels = {}
        if self.hovered is not None:
            label = hover_label(decision, position, self.hovered)
            odds = self._odds(decision, self.hovered)
            label = "; ".join(t for t in (label, odds) if t)
            if label:
                labels[self.hovered] = label
        status = state_lines(state if state is not None else self.game.seen_state,
                             [p.name for p in self.ctx.scenario.parts],
                             group_names(self.ctx))
        if decision is None and state is not None and state.result is not None:
            status.append(f"{state.result.value.upper()}: {state.reason}")
        if self.message:
            status.append(self.message)
        options, prompt, detail = [], None, []
        if decision is not None and decision.decider is Decider.CHANCE:
            prompt = chance_question(decision)
            options = [option_text(decision, o) for o in chance_options(decision)]
        elif decision is not None:
            order = menu_order(decision)
            options = [self.present.option(decision, decision.options[i]) for i in order]
            prompt = self.present.prompt(decision)
            status.extend(self.present.not_ready(decision))
            if self.hovered_option is not None and self.hovered_option < len(order):
                detail = self.present.detail(decision,
                                             decision.options[order[self.hovered_option]])
            elif self.hovered is not None and decision.kind == "move-to" and (
                    self.hovered in decision.options):
                cost = decision_move_cost(decision, self.hovered)
                detail = [str(cost)] if cost is not None else []
        if not detail and self.hovered is not None:  # a figure hovered: its card
            detail = self._figure_card(position, self.hovered,
                                       state if state is not None else self.game.seen_state)
        groups = {g: s.block.colour for g, s in self.ctx.scenario.groups.items()}
        pool = (battle.pool.dice, battle.pool.size) if battle is not None else None
        log, log_sides = self._log(battle)
        explain = tie_lines(decision) if decision is not None else []
        shown = goals(self.ctx, state if state is not None else self.game.seen_state)
        blocks = scenario_blocks(self.ctx)
        panel = Panel(self.title, status, prompt, options, log, pool, detail, log_sides,
                      explain, goals=[g.text for g in shown],
                      goal_tones=[g.tone for g in shown], legend=self.legend,
                      legend_skip=self.legend_skip, scheme=acting_scheme(blocks, decision))
        legal = (frozenset(space_options(decision, position)) if decision is not None
                 else frozenset())
        asked = asked_space(decision)
        legal |= frozenset(asked)
        labels = {**asked, **labels}
        drawn = (with_pending(drawing(battle.events, sides(position.figures),
                                      position.board.names), decision)
                 if battle is not None else None)
        return View(position, legal, decision.figure if decision else None, labels,
                    self._objective_spaces(), groups, panel, space_costs(decision), drawn,
                    tie_targets(decision), names=group_names(self.ctx))

    def _log(self, battle: Any) -> tuple[list[str], list[str]]:
        """The log's last lines (scrolled back ``log_scroll``), one short line per action
        unless ``why`` asks for the reasoning; and each line's side, for its colour."""
        if battle is None:
            return [], []
        lines = with_dice(battle.log, battle.events)
        if not self.why:
            lines = readable(lines)
        self.log_scroll = max(0, min(self.log_scroll, len(lines) - 1))
        end = len(lines) - self.log_scroll
        shown = lines[max(0, end - 40):end]
        who = game_sides(self.ctx, battle.position)
        return shown, line_sides(shown, who)

    def scroll(self, lines: int) -> None:
        """Scroll the log back (positive) or on (negative); the legend and glossary, when
        shown, on (negative) or back."""
        if self.legend:
            self.legend_skip = max(0, self.legend_skip - lines)
        else:
            self.log_scroll = max(0, self.log_scroll + lines)

    def _figure_card(self, position: Position, space: int, state: GameState | None
                     ) -> list[str]:
        """The card of each figure on ``space`` (Tiny ones share): who it is, its
        Fortitude left, tokens, keywords, its group's Scheme this round."""
        return [line for _, card in cards(self.ctx, state, position, space) for line in card]

    def _odds(self, decision: Decision[Any] | None, space: int) -> str | None:
        """For a choice of targets, the odds of the Attack on the Foe under the pointer
        (:func:`tales.present.odds.target_odds`: the dice the Attack will roll)."""
        return target_odds(decision, space) if decision is not None else None

    def _objective_spaces(self) -> frozenset[int]:
        from tales.content.scenarios import When

        spaces: set[int] = set()
        for objective in self.ctx.scenario.objectives:
            for condition in objective.when:
                if condition.kind in (When.HERO_ON, When.ALL_HEROES_ON):
                    spaces |= condition.spaces
        return frozenset(spaces)

    def _last_position(self) -> Position:
        return Position.empty(self.ctx.scenario.board)


#: What G and A call a Hero put down in ``tales view`` ("hero gerki").
HERO = "hero "


@dataclass
class TableControl(Toggles):
    """The table assistant on screen (``tales view POSITION``): the board edited as the
    table changes it (figures dragged, damage, Wounded, tokens, Schemers added and
    removed, doors, each with the edit keys of :mod:`tales.viewer.edit_keys`), a group and
    its Scheme picked, each Schemer's move and attack stepped through with ties as options
    (each Attack dealt before the next Schemer decides, a Hero's defence a row of buttons);
    P saves the position back to its file. The last group turn stays drawn."""

    position: Position
    groups: dict[str, SchemerGroup]  # every Scheme Block loaded (buttons: those on the map)
    stage: str = "group"  # group -> scheme -> turn -> done
    group: SchemerGroup | None = None
    turn: Game[GroupTurn] | None = None
    dragging: str | None = None
    hovered: int | None = None
    message: str = ""
    path: Path | None = None  # the position file P writes back to
    blocks_note: str = ""  # which Scheme Blocks these are
    keys: EditKeys = field(default_factory=EditKeys)
    history: list[Position] = field(default_factory=list)  # before each edit: U undoes
    chosen: dict[str, int] = field(default_factory=dict)  # final target spaces the table chose
    drawn: TurnDrawing | None = None  # the last group turn: kept until the next one begins
    last_log: list[str] = field(default_factory=list)  # and its log
    why: bool = False  # W: the log with the rules' reasoning in full
    legend: bool = False  # L: the map's legend and the glossary in the log's place
    scheme: Scheme | None = None  # the Scheme the table picked for the group acting

    @classmethod
    def load(cls, position: Position, blocks: str, path: str | Path | None = None,
             note: str = "") -> TableControl:
        groups = load_scheme_blocks(blocks)
        heroes = tuple(f"{HERO}{h}" for h in bundled("heroes"))  # A puts a Hero down too
        return cls(position, groups, path=Path(path) if path is not None else None,
                   blocks_note=note, keys=EditKeys((*groups, *heroes)))

    def on_map(self) -> list[SchemerGroup]:
        """The groups with a Schemer on the map (the buttons of a group turn)."""
        here = {f.group for f in self.position.figures if f.group}
        return [b for g, b in self.groups.items() if g in here]

    def options(self) -> list[str]:
        """The buttons now."""
        if self.keys.picking:
            return self.keys.token_buttons()
        if self.stage == "group":
            return [f"{b.name}" for b in self.on_map()]
        if self.stage == "scheme" and self.group is not None:
            return [f"{s.name} (faces {', '.join(map(str, s.faces)) or 'alternating'})"
                    for s in self.group.schemes]
        if self.stage == "turn" and self.turn is not None and self.turn.pending is not None:
            pending = self.turn.pending
            return [option_text(pending, o) for o in pending.options]
        return ["another group turn"]

    def choose(self, index: int) -> None:
        """Press button ``index`` (a number key past the buttons does nothing)."""
        if self.keys.picking:
            self.message = self.keys.pick_token(index)
            return
        if not 0 <= index < len(self.options()):
            self.message = f"there is no option {index + 1}"
            return
        self.message = ""
        if self.stage == "group":
            self.group = self.on_map()[index]
            self.stage = "scheme"
        elif self.stage == "scheme" and self.group is not None:
            scheme = self.scheme = self.group.schemes[index]
            gid = self.group.id
            group_members(self.position, gid)
            start = self.position
            roster = Roster(self.groups)
            self.chosen, self.drawn, self.last_log = {}, None, []
            self.history.append(start)
            self.turn = Game(lambda: group_turn(start, gid, scheme, roster=roster))
            self.stage = "turn" if not self.turn.done else "done"
            if self.turn.done:
                self._finish()
        elif self.stage == "turn" and self.turn is not None:
            pending = self.turn.pending
            if pending is not None and pending.kind == "final-target-space" and pending.figure:
                self.chosen[pending.figure] = int(pending.options[index])
            self.turn.choose(index)
            if self.turn.done:
                self._finish()
        else:
            self.stage, self.group, self.turn = "group", None, None

    def _finish(self) -> None:
        assert self.turn is not None and self.turn.result is not None
        result = self.turn.result
        self.position = result.position
        self.drawn = self._drawing(result.battle, result.turns)
        self.last_log = [line for t in result.turns for line in t.log]
        self.stage = "done"

    def _drawing(self, battle: Any, done: tuple[SchemerTurn, ...]) -> TurnDrawing | None:
        """The group turn's paths and attacks, with each final target space marked."""
        if battle is None:
            return None
        names = battle.position.board.names
        return with_targets(drawing(battle.events, sides(battle.position.figures), names),
                            done, self.chosen)

    def click_space(self, space: int) -> bool:
        """A click on a space answers a tie that offers it."""
        pending = self.turn.pending if self.turn is not None else None
        if self.stage != "turn" or pending is None:
            return False
        offered = space_options(pending)
        if space not in offered:
            return False
        self.choose(pending.options.index(offered[space]))
        return True

    # --- edits ----------------------------------------------------------------------

    @property
    def editing(self) -> bool:
        """Edits are made between group turns (not while a Scheme or a tie is asked)."""
        return self.stage in ("group", "done")

    def press(self, space: int) -> None:
        """Mouse down on a space: pick up the figure there (to drag it)."""
        here = self.position.figures_at(space)
        self.dragging = here[-1].id if here and self.editing else None

    def release(self, space: int | None) -> None:
        """Mouse up: the dragged figure moves to ``space`` (if it may stand there)."""
        figure_id, self.dragging = self.dragging, None
        if figure_id is None or space is None or space == self.position.figure(figure_id).at:
            return
        self.edit(Edit(EditKind.MOVE, figure_id, space))

    def edit(self, edit: Edit) -> bool:
        """Make ``edit`` on the board (the table's edits, their refusals in one line)."""
        if not self.editing:
            self.message = "finish the group turn first (or U to take it back)"
            return False
        edit = settled(self.position, edit, self.groups)
        if edit.kind is EditKind.REINFORCE and (edit.figure or "").startswith(HERO):
            kit = hero_kit((edit.figure or "").removeprefix(HERO))
            why = hero_arrival_refusal(self.position, kit, edit.space or 0)
            if why is None:
                position, line = hero_arrives(self.position, kit, edit.space or 0)
        elif edit.kind is EditKind.REINFORCE:
            block = self.groups.get(edit.figure or "")
            if block is None or edit.space is None:
                self.message = f"no Scheme Block {edit.figure!r}"
                return False
            why = arrival_refusal(self.position, block, edit.space, edit.spaces)
            if why is None:
                position, line = arrive(self.position, block, edit.space, edit.spaces)
        else:
            why = position_refusal(self.position, edit)
            if why is None:
                position, line = edit_position(self.position, edit)
        if why is not None:
            self.message = why
            return False
        self.history.append(self.position)
        self.position, self.message = position, line
        return True

    def edit_key(self, letter: str, shift: bool = False) -> bool:
        """An edit key (K, G, P and those of :data:`EDIT_KEYS`); False: not one."""
        if letter == "k":
            self.message = self.keys.list_tokens()
        elif letter == "g":
            self.message = self.keys.next_group()
        elif letter == "p":
            self.save()
        else:
            made = self.keys.edit(letter, shift, self.position, self.hovered)
            if made is None:
                return False
            if isinstance(made, str):
                self.message = made
            else:
                self.edit(made)
        return True

    def undo(self) -> None:
        """U: take back the last edit, or the last group turn (the board before it)."""
        if not self.history:
            self.message = "nothing to undo"
            return
        self.position = self.history.pop()
        self.stage, self.group, self.turn, self.drawn = "group", None, None, None
        self.scheme, self.last_log, self.chosen = None, [], {}  # its log lines go too
        self.message = "undone"

    def save(self) -> Path | None:
        """P: write the board back to its position file (atomically); the file's map and
        opening comment are kept."""
        if self.path is None:
            self.message = "no position file to save to"
            return None
        try:
            text = read_text(self.path)
            head = "\n".join(line[1:].lstrip() for line in itertools.takewhile(
                lambda line: line.startswith("#"), text.splitlines()))
            reference = str(read_toml(text, str(self.path))["map"])
            write_atomic(self.path, position_text(self.position, reference, head)
                         .encode("utf-8"))
        except KeyError:
            self.message = f"{self.path}: not saved (it has no map = line to keep)"
            return None
        except (OSError, TalesError) as bad:
            self.message = f"{self.path}: not saved ({getattr(bad, 'strerror', None) or bad})"
            return None
        self.message = f"saved {self.path}"
        return self.path

    def view(self) -> View:
        pending = self.turn.pending if self.turn is not None else None
        prompts = {"group": "Which Schemer Group's token was drawn?",
                   "scheme": "Which Scheme did its die show?",
                   "done": "Done. Edit the board, or run another group turn."}
        prompt = pending.prompt if pending is not None else prompts.get(self.stage, "")
        unknown = sorted({f.group for f in self.position.figures if f.group}
                         - set(self.groups))
        if self.stage == "group" and unknown and not self.on_map():
            prompt = (f"No Scheme Block for the groups on this map ({', '.join(unknown)}): "
                      "give their file with --blocks FILE")
        if self.keys.picking:
            prompt = PICK_TOKEN
        position = self.position
        log = self.last_log
        if pending is not None and self.turn is not None:  # the board as the turn left it so far
            seen = pending.battle if pending.battle is not None else self.turn.seen
            position = (pending.position if pending.position is not None else
                        seen.position if seen is not None else position)
            done = pending.progress if isinstance(pending.progress, tuple) else ()
            log = [line for t in done for line in t.log]  # each Attack dealt as it came
        status = [self.message] if self.message else []
        if self.blocks_note:
            status.append(self.blocks_note)
        status.append(self.keys.status())
        keys = ([f"{k}: {what}" for k, what in (*EDIT_KEYS, *VIEW_KEYS)]
                if self.editing else [])
        acting = (scheme_lines(self.group, self.scheme) if self.group is not None
                  and self.scheme is not None and self.stage in ("turn", "done") else [])
        panel = Panel("Table assistant", status, prompt, self.options(),
                      log if self.why else readable(log),
                      explain=tie_lines(pending) if pending is not None else [], keys=keys,
                      legend=self.legend, scheme=acting)
        legal = frozenset(space_options(pending)) if pending is not None else frozenset()
        colours = {g: b.colour for g, b in self.groups.items()}
        labels = {}
        if self.hovered is not None:
            labels[self.hovered] = self.position.board.names[self.hovered]
        # the group turn so far (or the last one): each Schemer's path, attacks, target
        drawn = self.drawn
        if pending is not None:
            done = pending.progress if isinstance(pending.progress, tuple) else ()
            drawn = self._drawing(pending.battle, done)
        selected = pending.figure if pending is not None else self.dragging
        return View(position, legal, selected, labels, frozenset(), colours, panel,
                    drawing=drawn, targets=tie_targets(pending),
                    names={g: b.name for g, b in self.groups.items()})


@dataclass
class ReplayControl:
    """A saved game stepped through (``tales view --replay SAVE``): left and right move
    one choice back or forward."""

    ctx: Context
    saved: SavedGame
    step: int = 0
    table: TableSave | None = None  # a table game's save (tales table): its frames
    source: str = ""
    game: Any = field(init=False)  # the frame: a GameControl, or a table's SessionControl

    def __post_init__(self) -> None:
        self.step = len(self.saved.choices)
        self._at(self.step)

    def _at(self, step: int) -> None:
        self.step = max(0, min(step, len(self.saved.choices)))
        if self.table is not None:
            from tales.table.session import resumed
            from tales.viewer.session_control import SessionControl

            self.game = SessionControl(resumed(self.table, self.source, self.step))
            return
        self.game = GameControl(self.ctx, self.saved.seed, self.saved.choices[:self.step],
                                roll=False)

    def choose(self, index: int) -> None:
        """A replay answers nothing: Left and Right step through it."""

    def forward(self) -> None:
        self._at(self.step + 1)

    def back(self) -> None:
        self._at(self.step - 1)

    def view(self) -> View:
        view: View = self.game.view()
        if view.panel is not None:
            what = "entry" if self.table is not None else "choice"
            view.panel.status.insert(0, f"replay: {what} {self.step} of "
                                        f"{len(self.saved.choices)} (left/right to step)")
            view.panel.options = []
        return view


@dataclass
class CampaignControl:
    """``tales solo``: a campaign in the window. A new one starts with a choice of Hero and
    Companion; then each scenario is a :class:`GameControl`, saved after every choice;
    between scenarios the result is shown with a button to go on."""

    name: str
    folder: Path
    campaign: Campaign | None = None
    hero: str | None = None
    control: GameControl | None = None
    message: str = ""
    hovered: int | None = None
    hovered_option: int | None = None
    physical: bool = False  # --physical-dice

    last: View | None = None
    ended: Ending | None = None  # the scenario just ended: the end screen
    overview: bool = False  # C: the campaign view (scenarios, results, Vault) in the panel
    settings: Settings = field(default_factory=Settings)  # kept beside the save
    settings_open: bool = False  # F2: the settings screen

    HEROES: ClassVar[tuple[str, ...]] = picks.HEROES
    COMPANIONS: ClassVar[tuple[str, ...]] = picks.COMPANIONS

    def __post_init__(self) -> None:
        self.settings, unread = load_settings(self.name, self.folder)
        self.message = unread or self.message
        if self.campaign is None and path_for(self.name, self.folder).exists():
            self.campaign = load(self.name, self.folder)
        if self.campaign is not None:
            self._next_game()

    # --- choosing who plays --------------------------------------------------------

    def options(self) -> list[str]:
        if self.campaign is None and self.hero is None:
            return list(self.HEROES)
        if self.campaign is None:
            return picks.companions_for(self.hero or "")
        if self.control is None and self.ended is not None:
            return [self.ended.go] if self.ended.go else []
        if self.control is None:
            return ["play the next scenario"] if not self._finished() else []
        return []

    def labels(self) -> list[str]:
        """The buttons: a Hero or Companion pick says what it is (Fortitude, abilities)."""
        options = self.options()
        if self.campaign is None and self.hero is None:
            return [picks.hero_label(h) for h in options]
        if self.campaign is None:
            return [picks.companion_label(c) for c in options]
        return options

    def detail(self, index: int | None) -> list[str]:
        """The whole mat or card behind pick ``index``: every ability in full."""
        options = self.options()
        if index is None or not 0 <= index < len(options) or self.campaign is not None:
            return []
        if self.hero is None:
            return picks.hero_card(options[index])
        return picks.companion_card(options[index])

    def _finished(self) -> bool:
        return self.campaign is not None and self.campaign.finished(campaign_file(self.campaign))

    def toggle_settings(self) -> None:
        """F2: the settings screen, or back to the game."""
        self.settings_open = not self.settings_open

    def change_setting(self, index: int) -> None:
        """Setting ``index`` on to its next value, kept beside the save at once and used
        from now on (a question with one option waits, or not, from the next answer)."""
        self.settings = self.settings.changed(index)
        try:
            save_settings(self.name, self.folder, self.settings)
        except OSError as bad:
            self.message = f"settings NOT kept: {bad.strerror or bad}"
        if self.control is not None:
            self.control.confirm = self.control.game.confirm = self.settings.confirm_single

    def choose(self, index: int) -> None:
        if self.settings_open:
            if 0 <= index < len(self.settings.lines()):
                self.change_setting(index)
            return
        if self.overview:  # the campaign view has no buttons: C goes back
            self.message = "C: back to the game"
            return
        if self.control is not None:
            self.control.choose(index)
            self._after_move()
            return
        options = self.options()
        if not 0 <= index < len(options):
            return
        if self.campaign is None and self.hero is None:
            self.hero = options[index]
        elif self.campaign is None:
            self.campaign = new_campaign(self.name, "sample-campaign", (str(self.hero),),
                                         options[index])
            save(self.campaign, self.folder)
            self._next_game()
        else:
            self._next_game()

    def click_space(self, space: int) -> bool:
        if self.control is None or self.overview or self.settings_open:
            return False
        done = self.control.click_space(space)
        self._after_move()
        return done

    def undo(self) -> None:
        if self.control is not None:
            self.control.undo()
        else:
            self.message = "nothing to undo"

    def _end_screen(self, end: Ending, board: View) -> View:
        """The scenario's end: the board as it was left (figures in their own colours, the
        last turn drawn), a banner, the story, what was gained, what comes next, and one
        button that says what it does."""
        panel = Panel(f"{self.name}: scenario {end.title}",
                      [line for line in end.lines()[:-1]], end.next, self.labels(),
                      list(board.panel.log) if board.panel else [],
                      log_sides=list(board.panel.log_sides) if board.panel else [])
        return replace(board, legal=frozenset(), selected=None, labels={}, costs={},
                       panel=panel, banner=("VICTORY" if end.victory else "DEFEAT"),
                       banner_side="hero" if end.victory else "schemer")

    def _next_game(self) -> None:
        assert self.campaign is not None
        self.ended = None
        file = campaign_file(self.campaign)
        if self.campaign.finished(file):
            self.control = None
            self.message = f"Campaign complete: {file.title}"
            return
        self.campaign = start_game(self.campaign, file)
        save(self.campaign, self.folder)
        game = self.campaign.game
        assert game is not None
        entry = self.campaign.current(file)

        def keep(saved: SavedGame) -> None:
            assert self.campaign is not None
            self.campaign = replace(self.campaign, game=saved)
            save(self.campaign, self.folder)

        self.control = GameControl(load_context(game.setup), game.seed, game.choices, keep,
                                   title=f"{entry.number}. {entry.title}",
                                   physical=self.physical,
                                   confirm=self.settings.confirm_single)
        self._after_move()

    def _after_move(self) -> None:
        control = self.control
        if control is None or not control.done or self.campaign is None:
            return
        state = control.game.result
        assert state is not None
        file = campaign_file(self.campaign)
        before = self.campaign
        self.campaign = record(self.campaign, file, state)
        save(self.campaign, self.folder)
        self.ended = ending(before, self.campaign, file)
        self.message = self.ended.headline
        self.last = control.view()
        self.control = None

    def toggle_campaign(self) -> None:
        """C: the campaign view in the panel, or back to the game."""
        if self.campaign is None:
            self.message = "no campaign yet: choose a Hero and a Companion first"
            return
        self.overview = not self.overview

    def _overview(self, board: View) -> View:
        """The campaign view over the map: every scenario by chapter with how it stands
        (won, next, the attempt), what is unlocked and what waits in the Vault, the
        Archive, the last results."""
        assert self.campaign is not None
        lines = campaign_lines(self.campaign, campaign_file(self.campaign), results=8,
                               attempts=True)
        panel = Panel(f"Solo campaign {self.name!r}", lines[1:], "C: back to the game",
                      legend=False)
        return replace(board, legal=frozenset(), labels={}, costs={}, panel=panel)

    def view(self) -> View:
        board = self._view()
        if self.settings_open:
            panel = Panel(f"Solo campaign {self.name!r}: settings",
                          ["Kept with the campaign; they change nothing in the game."],
                          "Click (or press its number) to change; F2: back to the game",
                          self.settings.lines())
            board = replace(board, legal=frozenset(), labels={}, costs={}, panel=panel)
        elif self.overview and self.campaign is not None:
            board = self._overview(board)
        return replace(board, text_size=self.settings.text_scale,
                       animation=self.settings.animation_seconds)

    def _view(self) -> View:
        if self.control is not None:
            return self.control.view()
        if self.ended is not None and self.last is not None:
            return self._end_screen(self.ended, self.last)
        board_view = self.last
        prompts = ("Choose your Hero", "Choose a Companion (Appendix B)")
        prompt = (prompts[0] if self.campaign is None and self.hero is None
                  else prompts[1] if self.campaign is None else self.message)
        if board_view is not None:
            position = board_view.position
        else:
            first = load_campaign_file(find_file("sample-campaign", "scenarios")).scenarios[0]
            position = Position.empty(load_scenario(first.file).board)
        panel = Panel(f"Solo campaign {self.name!r}", [self.message] if self.message and
                      self.campaign is None else [], prompt, self.labels(),
                      list(board_view.panel.log) if board_view and board_view.panel else [],
                      detail=self.detail(self.hovered_option))
        return View(position, panel=panel,
                    groups=board_view.groups if board_view is not None else {},
                    names=board_view.names if board_view is not None else {})
