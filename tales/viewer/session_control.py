"""``tales table`` in the window: the same :class:`~tales.table.session.TableSession` the
terminal drives, answered by pointing.

Chance (a tracker card, a Scheme die, an initiative token) is a button per result as the
table drew or rolled it (key N: the result on button N), or "the tool draws it" (Space);
a Hero's turn is the board edited (drag a figure, the edit keys of
:mod:`tales.viewer.edit_keys`; "end the turn" and the Epic Pool are buttons); a Schemer
group's ties and the players' defences are buttons and green spaces. U takes back the
last entry. The game is saved after every entry; the Schemer turns since the last Hero's
turn stay drawn on the map. Holds no pyglet objects, so a test drives it without a window.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tales.engine.saves import SaveError
from tales.present.chance import chance_options, chance_question
from tales.present.figures import group_names
from tales.present.goals import goals
from tales.present.log import game_sides, line_sides, readable, sides
from tales.present.options import Presenter, menu_order, option_text
from tales.present.schemes import acting_scheme, scenario_blocks
from tales.present.ties import tie_lines, tie_targets
from tales.present.turns import drawing, with_dice, with_pending
from tales.rules.decisions import Decider, Decision
from tales.table.defaults import DEFAULTS, defaults_status, said_line, settings_buttons
from tales.table.edits import EDIT_DECISION, Edit, EditKind
from tales.table.saves import write_table_save
from tales.table.session import Refused, TableSession
from tales.viewer.control import Toggles, space_options, state_lines
from tales.viewer.edit_keys import EDIT_KEYS, PICK_TOKEN, EditKeys
from tales.viewer.scene import Panel, View

#: A Hero's turn: the buttons beside the edit keys.
TURN_BUTTONS = ("end the turn", "add an Epic Die to the Epic Pool",
                "take an Epic Die from the Epic Pool")
DRAW = "the tool draws it (Space)"
WAIT = "edits are made during a Hero's turn; answer the question first"


@dataclass
class SessionControl(Toggles):
    """A whole physical game kept in the window, saved to ``save_path`` after each entry."""

    session: TableSession
    save_path: Path | None = None
    draw: bool = False  # --draw: the tool draws every chance result
    hovered: int | None = None
    hovered_option: int | None = None
    dragging: str | None = None
    message: str = ""
    unsaved: str | None = None  # why the last save failed
    why: bool = False  # W: the log with the rules' reasoning in full
    legend: bool = False  # L: the map's legend and the glossary in the log's place
    settings_open: bool = False  # F2: the table's defaults
    keys: EditKeys = field(init=False)
    present: Presenter = field(init=False)

    def __post_init__(self) -> None:
        self.keys = EditKeys(tuple(self.session.ctx.scenario.groups))
        self.present = Presenter(self.session.ctx.figure_abilities())
        self._draw_chance()

    # --- entries ----------------------------------------------------------------------

    @property
    def pending(self) -> Decision[Any] | None:
        return self.session.pending

    @property
    def done(self) -> bool:
        return self.session.done

    @property
    def editing(self) -> bool:
        """A Hero's turn: the board is edited."""
        pending = self.pending
        return pending is not None and pending.kind == EDIT_DECISION

    def _entered(self, refused: Refused | None, said: str = "") -> bool:
        """After an entry: its refusal shown, or the game saved (and, with ``draw``,
        chance drawn on)."""
        if refused is not None:
            self.message = refused.reason
            return False
        self.message = said
        self._draw_chance()
        self._said()
        self.save()
        return True

    def _draw_chance(self) -> None:
        while self.draw and self.pending is not None and (
                self.pending.decider is Decider.CHANCE):
            if self.session.draw() is not None:
                break

    def save(self) -> bool:
        """Save the game (atomically, never over another game's file)."""
        if self.save_path is None:
            return False
        try:
            write_table_save(self.save_path, self.session.table_save())
        except (OSError, SaveError) as bad:
            why = bad.strerror if isinstance(bad, OSError) and bad.strerror else bad
            self.unsaved = f"NOT saved: cannot save to {self.save_path}: {why}"
            return False
        self.unsaved = None
        return True

    def options(self) -> list[str]:
        """The buttons now."""
        decision = self.pending
        if self.keys.picking:
            return self.keys.token_buttons()
        if self.settings_open:
            return settings_buttons(self.session.defaults)
        if decision is None:
            return []
        if decision.decider is Decider.CHANCE:  # key N enters result N; Space draws
            return [*(option_text(decision, o) for o in chance_options(decision)), DRAW]
        if decision.kind == EDIT_DECISION:
            position = self.session.position
            acting = (position.figure(decision.figure) if position is not None and
                      decision.figure and position.has_figure(decision.figure) else None)
            if acting is not None and acting.group:  # a printed step the table carries out
                return ["done: go on with the turn", *TURN_BUTTONS[1:]]
            return list(TURN_BUTTONS)
        return [self.present.option(decision, decision.options[i])
                for i in menu_order(decision)]

    def choose(self, index: int) -> None:
        """Press button ``index``."""
        decision = self.pending
        if self.keys.picking:
            self.message = self.keys.pick_token(index)
            return
        if self.settings_open:
            self.change_default(index)
            return
        if decision is None or not 0 <= index < len(self.options()):
            self.message = f"there is no option {index + 1}"
            return
        if decision.decider is Decider.CHANCE:
            results = chance_options(decision)
            if index == len(results):
                self.draw_for_me()
            else:
                self._entered(self.session.answer(results[index]),
                              f"entered: {option_text(decision, results[index])}")
        elif decision.kind == EDIT_DECISION:
            edit = (Edit(EditKind.END) if index == 0 else
                    Edit(EditKind.EPIC, amount=1 if index == 1 else -1))
            self.edit(edit)
        else:
            self._entered(self.session.choose(menu_order(decision)[index]))

    def draw_for_me(self) -> None:
        """Space (or the last button): the tool draws this chance result; the panel says
        what it drew."""
        decision = self.pending
        if decision is None or decision.decider is not Decider.CHANCE:
            self.message = "nothing to draw now"
            return
        self._entered(self.session.draw())
        drawn = self.session.last_drawn
        if self.message == "" and drawn is not None:
            self.message = f"the tool drew: {option_text(decision, drawn)}"

    def click_space(self, space: int) -> bool:
        """A click on a green space answers a tie or a question that offers it."""
        decision = self.pending
        if decision is None or decision.kind == EDIT_DECISION or (
                decision.decider is Decider.CHANCE):
            return False
        offered = space_options(decision, self.session.position)
        if space not in offered:
            return False
        return self._entered(self.session.answer(offered[space]))

    def edit(self, edit: Edit) -> bool:
        """An edit of the Hero's turn (the table's refusal in one line if it cannot be)."""
        if not self.editing:
            self.message = WAIT
            return False
        return self._entered(self.session.edit(edit))

    def press(self, space: int) -> None:
        """Mouse down during a Hero's turn: pick up the figure there."""
        position = self.session.position
        here = position.figures_at(space) if position is not None else []
        self.dragging = here[-1].id if here and self.editing else None

    def release(self, space: int | None) -> None:
        """Mouse up: the dragged figure moves to ``space``."""
        figure_id, self.dragging = self.dragging, None
        position = self.session.position
        if figure_id is None or space is None or position is None or (
                position.figure(figure_id).at == space):
            return
        self.edit(Edit(EditKind.MOVE, figure_id, space))

    def edit_key(self, letter: str, shift: bool = False) -> bool:
        """An edit key (and K, G); False when ``letter`` is none."""
        position = self.session.position
        if letter == "k":
            self.message = self.keys.list_tokens()
        elif letter == "g":
            self.message = self.keys.next_group()
        elif position is not None:
            made = self.keys.edit(letter, shift, position, self.hovered)
            if made is None:
                return False
            if not self.editing:
                self.message = WAIT
            elif isinstance(made, str):
                self.message = made
            else:
                self.edit(made)
        return True

    def toggle_settings(self) -> None:
        """F2: the table's defaults (its standing answers) as buttons, or back to the game."""
        self.settings_open = not self.settings_open

    def change_default(self, index: int) -> None:
        """Button ``index`` of F2: a default on to its next value (the last button: the
        next group's turn asks all); kept in the save at once."""
        if index == len(DEFAULTS):
            self.session.ask_next()
            self.message = "the next Schemer group's turn asks every question"
        elif 0 <= index < len(DEFAULTS):
            default = DEFAULTS[index]
            value = self.session.defaults.get(default.name, "ask")
            after = default.values[(default.values.index(value) + 1) % len(default.values)]
            self._entered_default(default.name, after)
        self.settings_open = False

    def _entered_default(self, name: str, value: str) -> None:
        self.session.set_default(name, value)
        self._said()
        self.save()

    def _said(self) -> None:
        """What the table's defaults answered just now, in the panel's message."""
        if self.session.said:
            self.message = said_line(self.session.said)
            self.session.said.clear()

    def undo(self) -> None:
        """U: take back the last entry (an edit, an answer, a chance result)."""
        if self.session.entries == 0:
            self.message = "nothing to undo"
            return
        refused = self.session.undo()
        if refused is None:
            self.save()
        self.message = refused.reason if refused is not None else "undone"

    # --- what to draw -----------------------------------------------------------------

    def view(self) -> View:
        session = self.session
        decision = self.pending
        battle = session.battle
        position = session.position
        assert position is not None
        status = state_lines(session.state, [p.name for p in session.ctx.scenario.parts],
                             group_names(session.ctx)) or ["Setup"]
        state = session.state
        if decision is None and state is not None and state.result is not None:
            status.append(f"{state.result.value.upper()}: {state.reason}")
        prompt: str | None = None
        if self.keys.picking:
            prompt = PICK_TOKEN
        elif self.settings_open:
            prompt = "The table's defaults: click (or press its number) to change; F2: back"
        elif decision is not None and decision.decider is Decider.CHANCE:
            prompt = chance_question(decision)
        elif decision is not None and decision.kind == EDIT_DECISION:
            prompt = decision.prompt
            status.append(self.keys.status())
        elif decision is not None:
            prompt = self.present.prompt(decision)
        if any(v != "ask" for v in session.defaults.values()):
            status.append(defaults_status(session.defaults))
        if self.message:
            status.append(self.message)
        if self.unsaved:
            status.append(self.unsaved)
        log: list[str] = []
        log_sides: list[str] = []
        if battle is not None:
            lines = with_dice(battle.log, battle.events)
            log = (lines if self.why else readable(lines))[-40:]
            who = game_sides(session.ctx, battle.position)
            log_sides = line_sides(log, who)
        pool = (battle.pool.dice, battle.pool.size) if battle is not None else None
        shown = goals(session.ctx, state)
        keys = [f"{k}: {what}" for k, what in EDIT_KEYS] + [
            "K / G: which token T gives / which group A adds"] if self.editing else []
        panel = Panel(f"{session.ctx.scenario.title}: at the table", status, prompt,
                      self.options(), log, pool, log_sides=log_sides,
                      explain=tie_lines(decision) if decision is not None else [], keys=keys,
                      goals=[g.text for g in shown], goal_tones=[g.tone for g in shown],
                      legend=self.legend,
                      scheme=acting_scheme(scenario_blocks(session.ctx), decision))
        legal = (frozenset(space_options(decision, position))
                 if decision is not None and not self.editing
                 and decision.decider is not Decider.CHANCE else frozenset())
        labels = ({self.hovered: position.board.names[self.hovered]}
                  if self.hovered is not None else {})
        groups = {g: s.block.colour for g, s in session.ctx.scenario.groups.items()}
        drawn = (with_pending(drawing(battle.events, sides(position.figures),
                                      position.board.names, players=False), decision)
                 if battle is not None else None)
        selected = self.dragging or (decision.figure if decision is not None else None)
        return View(position, legal, selected, labels, frozenset(), groups, panel,
                    drawing=drawn, targets=tie_targets(decision),
                    names=group_names(session.ctx))
