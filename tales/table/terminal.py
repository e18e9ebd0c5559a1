"""``tales table`` at the terminal: the front-end over :class:`~tales.table.session.TableSession`.

Each question is asked as the table meets it. A chance result (a tracker card, the
Scheme Die, an initiative token, a die's face) is typed in as drawn or rolled at the table
(a number or the result's words), or left to the tool with Enter (``--draw``: the tool
draws every one without asking). During a Hero's turn the table types its edits
(``move zot C4``, ``damage cellar-rats-1 2``, ``end``). A tie or a defence is a numbered
menu (a number, or the option's words: ``A1``). Everywhere: ``u`` undoes the last entry,
``b`` draws the board, ``l`` shows the whole log, ``w`` the rules' reasoning, ``g`` the
scenario's goals (also shown as each round begins), ``s [FILE]``
saves, ``x FILE`` writes the board as a position file, ``q`` saves and quits. Bad input
is one line and changes nothing. The game is saved after every entry. The words are
:mod:`tales.present`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tales.board.render import render
from tales.engine.saves import SaveError, write_atomic
from tales.errors import TalesError
from tales.files import check_output, first_line_ends
from tales.present.chance import chance_lines, read_chance
from tales.present.edits import EDIT_HELP, SHORT_HELP, read_edit, short_help
from tales.present.glossary import glossary_lines, terms_on
from tales.present.goals import goal_lines
from tales.present.log import short, why
from tales.present.options import Presenter, menu_order, option_text
from tales.present.readout import READ_OUT, last_group_turn, read_out, this_round
from tales.present.schemes import acting_scheme, scenario_blocks
from tales.present.ties import tie_lines
from tales.rules.decisions import Decider, Decision
from tales.table.defaults import DEFAULTS, read_setting, said_line, settings_line
from tales.table.edits import EDIT_DECISION
from tales.table.saves import write_table_save
from tales.table.session import Refused, TableSession, exported
from tales.terminal import schemer_status, status

HELP = ("u: undo the last entry   b: board   l: the whole log   w: why   g: goals   "
        "k: glossary   ?: help\n"
        "set NAME VALUE: a table default   ask [NAME]: the next group's turn asks   "
        "s [FILE]: save   q: save and quit\n"
        "x FILE: the board as a position file   t FILE [round]: the last group's turn "
        "(or the round) as text to read out")


class TableTerminal:
    """A table game driven by lines typed (or read from an answer file)."""

    def __init__(self, session: TableSession, save: Path | None,
                 read: Callable[[str], str] | None = None,
                 write: Callable[[str], None] = print, draw: bool = False) -> None:
        self.session = session
        self.save_path = save
        self.read = read or (lambda prompt: input(prompt))
        self.write = write
        self.draw = draw  # --draw: the tool draws every chance result
        self.present = Presenter(session.ctx.figure_abilities())
        self.shown = 0  # log lines shown
        self.asked = -1  # the entry number whose question is on screen
        self.unsaved: str | None = None
        self.editing: str | None = None  # whose turn's edits are being typed
        self.goals_round = -1  # the round whose goals were last shown as it began
        self.told_edits = False  # the edits and their short forms: at the first Hero's turn

    # --- saving ---------------------------------------------------------------------------

    def save(self, path: Path | None = None, quiet: bool = False) -> bool:
        """Save (atomically, never over another game's file); a failure is one line
        (not written with ``quiet``: the caller says it) and the game goes on."""
        target = path or self.save_path
        if target is None:
            self.write("no save file: give one with 's FILE'")
            return False
        try:
            write_table_save(target, self.session.table_save())
        except (OSError, SaveError) as bad:
            why_not = bad.strerror if isinstance(bad, OSError) and bad.strerror else bad
            self.unsaved = f"cannot save to {target}: {why_not}"
            if not quiet:
                self.write(self.unsaved)
            return False
        self.save_path, self.unsaved = target, None
        return True

    def read_out(self, rest: str) -> bool:
        """``t FILE [round]``: the last group's turn (or the round so far) as text to read
        out, never over a file that is not such a text."""
        words = rest.split()
        if not words or len(words) > 2 or words[1:] not in ([], ["round"]):
            self.write("t FILE: the last group's turn as text to read out; t FILE round: "
                       "the round so far")
            return False
        battle = self.session.battle
        whole = words[1:] == ["round"]
        lines = (this_round(battle) if whole else last_group_turn(battle)) if battle else []
        if not lines:
            self.write("no Schemer group has had a turn yet" if not whole else
                       "no round has begun yet")
            return False
        state = self.session.state
        what = (f"round {state.round if state is not None else 0}" if whole
                else "the last group's turn")
        text = read_out(self.session.ctx.scenario.title, lines, what)
        if not self.written(Path(words[0]), text, lambda p: first_line_ends(p, READ_OUT),
                            "a text tales table wrote to read out"):
            return False
        self.write(f"{what} is written to {words[0]} ({len(lines)} lines)")
        return True

    def written(self, path: Path, text: str, ours: Callable[[Path], bool], what: str) -> bool:
        """Write ``text`` to ``path`` (atomically), never over a file that is not ``what``
        nor over the game's own save; one line if it cannot be."""
        try:
            check_output(path, ours=ours, what=what, reading=(self.save_path,))
            write_atomic(path, text.encode("utf-8"))
        except TalesError as bad:
            self.write(str(bad))
            return False
        except OSError as bad:
            self.write(f"cannot write {path}: {bad.strerror or bad}")
            return False
        return True

    def export(self, path: Path) -> bool:
        """Write the board now as a position file (never over a file it did not export)."""
        try:
            text = self.session.export(path)
        except TalesError as bad:
            self.write(str(bad))
            return False
        if not self.written(path, text, exported, "a position tales table exported"):
            return False
        self.write(f"the board is written to {path}")
        return True

    def where(self) -> str:
        if self.unsaved is not None:
            return f"NOT saved ({self.unsaved})"
        return f"saved to {self.save_path}" if self.save_path else "not saved"

    # --- the loop -------------------------------------------------------------------------

    def run(self) -> int:
        """Keep the game until it ends or the table quits; the exit status."""
        session = self.session
        self.write(f"{session.ctx.scenario.title}, kept at the table")
        for line in HELP.splitlines():
            self.write(f"  {line}")
        self.write(settings_line(session.defaults))
        while not session.done:
            decision = session.pending
            assert decision is not None
            self.show_log()
            state = session.state
            round_now = state.round if state is not None else 0
            if round_now < self.goals_round:  # an undo went back a round: nothing is over
                self.goals_round = round_now
            if round_now > self.goals_round:  # after the prologue, and as each round begins
                if round_now > 1 and session.battle is not None:  # the last round's outcome
                    self.write(f"  Round {round_now - 1} is over:")
                    self.write(f"  {status(session.battle)}")
                    self.write(f"  {schemer_status(session.battle)}")
                if not (self.goals_round == 0 and round_now == 1):  # said just before
                    self.show_goals()
                self.goals_round = round_now
            if decision.decider is Decider.CHANCE and self.draw:
                self.entered(self.drawn(decision, session.draw()))
                continue
            if self.asked != session.entries:
                self.asked = session.entries
                for line in self.question(decision):
                    self.write(line)
            try:
                text = self.read(self.prompt(decision)).strip()
            except EOFError:
                self.stop("input ended")
                return 0
            command, _, rest = text.partition(" ")
            if command in ("q", "quit"):
                self.stop()
                return 0
            if self.common(command, rest.strip(), decision):
                continue
            self.entered(self.answer(decision, text))
        self.show_log()
        state = session.state
        assert state is not None and state.result is not None
        self.write(f"{state.result.value.upper()}: {state.reason} (round {state.round})")
        if self.save_path is not None:
            self.save()
        return 0

    def drawn(self, decision: Decision[Any], refused: Refused | None) -> Refused | None:
        """Say what the tool drew for ``decision`` (the table sees what was entered)."""
        if refused is None:
            self.write(f"  the tool draws: {option_text(decision, self.session.last_drawn)}")
        return refused

    def entered(self, refused: Refused | None) -> None:
        if refused is not None:
            self.write(refused.reason)
            return
        if self.save_path is not None:
            self.save()

    def stop(self, why_stopped: str = "") -> None:
        if self.save_path is not None:
            self.save()
        self.write((f"{why_stopped}; " if why_stopped else "") + self.where())

    def show_log(self) -> None:
        log = self.session.log
        self.shown = min(self.shown, len(log))
        for line in log[self.shown:]:
            self.write(f"  {short(line)}")
        self.shown = len(log)
        if self.session.said:  # what the table's defaults answered meanwhile
            self.write(f"  {said_line(self.session.said)}")
            self.session.said.clear()

    def show_goals(self) -> None:
        """The scenario's goals, where they stand as the last question showed the game."""
        for line in goal_lines(self.session.ctx, self.session.state):
            self.write(f"  {line}")

    def question(self, decision: Decision[Any]) -> list[str]:
        """The lines that ask ``decision``."""
        if decision.decider is Decider.CHANCE:
            self.editing = None
            return [*chance_lines(decision), "  (d: the tool draws it)"]
        if decision.kind == EDIT_DECISION:
            battle = self.session.battle
            lines = [status(battle), schemer_status(battle)] if battle is not None else []
            if self.editing == decision.figure:  # the same turn: the question is on screen
                return lines
            self.editing = decision.figure
            told, self.told_edits = self.told_edits, True  # the edits said once; then on ?
            return [*lines, decision.prompt,
                    *([] if told else [f"  {EDIT_HELP}", f"  {self.short_help()}"])]
        self.editing = None
        # a Schemer's tie: who acts, what it is after and why, before its options (as
        # tales play and the window say it)
        ties = tie_lines(decision)
        acting = acting_scheme(scenario_blocks(self.session.ctx), decision) if ties else []
        lines = [*(f"  {line}" for line in acting + ties), self.present.prompt(decision)]
        for number, index in enumerate(menu_order(decision), 1):
            lines.append(f"  {number}) {self.present.option(decision, decision.options[index])}")
        return lines

    def short_help(self) -> str:
        position = self.session.position
        return short_help(position) if position is not None else SHORT_HELP

    def prompt(self, decision: Decision[Any]) -> str:
        if decision.decider is Decider.CHANCE:
            return "result> "
        if decision.kind == EDIT_DECISION:
            return "edit> "
        return f"choose 1-{len(decision.options)}> "

    def answer(self, decision: Decision[Any], text: str) -> Refused | None:
        """An entry typed for ``decision``."""
        session = self.session
        if decision.decider is Decider.CHANCE:
            if text in ("d", "draw"):  # only when asked: a stray Enter is asked again
                return self.drawn(decision, session.draw())
            if not text:
                return Refused("type the result the table drew or rolled (a number or its "
                               "words), or d: the tool draws it")
            read = read_chance(decision, text)
            return Refused(read.reason) if read.reason else session.answer(read.option)
        if decision.kind == EDIT_DECISION:
            position = session.position
            assert position is not None
            typed = read_edit(text, position, decision.figure, list(session.ctx.scenario.groups))
            return Refused(typed.reason) if typed.edit is None else session.edit(typed.edit)
        order = menu_order(decision)
        if text.isdigit() and 1 <= int(text) <= len(order):
            return session.choose(order[int(text) - 1])
        said = " ".join(text.lower().split())
        shown = [self.present.option(decision, decision.options[i]) for i in order]
        for words in (shown, [option_text(decision, decision.options[i]) for i in order]):
            said_as = [" ".join(w.lower().split()) for w in words]
            if said and said_as.count(said) == 1:  # an option's own words: "A1", "pass"
                return session.choose(order[said_as.index(said)])
        return Refused(f"{text!r}: choose 1-{len(order)} or an option's words (?: help)")

    def common(self, command: str, rest: str, decision: Decision[Any]) -> bool:
        """The commands every question takes; True when ``command`` was one. A command
        that takes no words is none with words after it (``g d``: group dockhands)."""
        session = self.session
        if rest and command in _BARE:
            return False
        if command in ("u", "undo"):
            refused = session.undo()
            if refused is None:
                self.shown = len(session.log)
                self.asked = -1
                self.editing = None
                self.write("undone")
                if self.save_path is not None:
                    self.save()
            else:
                self.write(refused.reason)
            return True
        if command in ("b", "board"):
            position = session.position
            if position is not None:
                self.write(render(position.board, position).rstrip())
            return True
        if command in ("l", "log"):
            for line in session.log:
                self.write(f"  {line}")
            return True
        if command in ("w", "why"):
            for line in tie_lines(decision) + why(session.log) or ["nothing to explain"]:
                self.write(f"  {line}")
            return True
        if command in ("g", "goals"):
            self.show_goals()
            return True
        if command in ("k", "glossary") and session.position is not None:
            for line in glossary_lines(terms_on(session.position)):
                self.write(f"  {line}")
            return True
        if command in ("s", "save"):
            if self.save(Path(rest) if rest else None):
                self.write(f"saved to {self.save_path}")
            return True
        if command in ("x", "export"):
            if not rest:
                self.write("x FILE: the position file to write")
            else:
                self.export(Path(rest))
            return True
        if command in ("t", "text"):
            self.read_out(rest)
            return True
        if command == "set":
            read = read_setting(rest) if rest else ""
            if isinstance(read, tuple):
                session.set_default(*read)
                if self.save_path is not None:
                    self.save()
            elif read:
                self.write(read)
            self.write(settings_line(session.defaults))
            return True
        if command == "ask":
            names = [read_setting(f"{word} ask") for word in rest.split()]
            wrong = next((n for n in names if isinstance(n, str)), None)
            if wrong is not None:
                self.write(wrong)
                return True
            only = frozenset(n[0] for n in names if isinstance(n, tuple))
            session.ask_next(only)
            words = [d.words for d in DEFAULTS if not only or d.name in only]
            self.write(f"the next Schemer group's turn asks about {' and '.join(words)}, "
                       "whatever the table's defaults")
            return True
        if command in ("?", "help"):
            self.write(HELP)
            if decision.kind == EDIT_DECISION:
                self.write(EDIT_HELP)
                self.write(self.short_help())
            return True
        return False


#: The commands that take no words after them.
_BARE = frozenset({"u", "undo", "b", "board", "l", "log", "w", "why", "g", "goals", "k",
                   "glossary", "?", "help"})

