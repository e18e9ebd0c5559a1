"""Playing a scenario at the terminal: every Decision as a numbered menu.

Chance (dice, the initiative bag, tracker decks) is rolled by a generator seeded from the
game's seed and the number of choices made so far, so a replayed or undone game rolls the
same dice at the same point. Type a number to choose; ``i N`` shows the whole card behind
option N; ``w`` shows the rules' reasoning behind the recent lines (the log shows each
Schemer's outcome in one line); ``u`` takes back your last choice (and the dice after it),
``s`` saves, ``b`` draws the board, ``l`` shows the whole log, ``g`` the scenario's goals
(objectives met or not, what loses it, rounds left: also shown as each round begins),
``q`` saves and quits.
With ``--save FILE`` the game is saved after every choice. Options and prompts are
worded by :mod:`tales.present`, as in the window.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from tales.board.figures import Role
from tales.board.render import render
from tales.engine.content import Context
from tales.engine.game import Game, roll_chance
from tales.engine.rounds import play_scenario
from tales.engine.saves import SavedGame, SaveError, write_save
from tales.engine.state import GameState
from tales.errors import IllegalChoice
from tales.present.chance import chance_lines, read_chance
from tales.present.figures import tokens_text
from tales.present.glossary import glossary_lines, terms_on
from tales.present.goals import goal_lines
from tales.present.log import readable, why
from tales.present.options import Presenter, menu_order
from tales.present.schemes import acting_scheme, scenario_blocks
from tales.present.ties import tie_lines
from tales.present.turns import with_dice
from tales.rules.decisions import Decider, Decision

HELP = ("number: choose   u: undo   i N: the whole card of option N   w: why (the rules' "
        "reasoning)   s: save   b: board   l: the whole log   g: goals   k: glossary   "
        "q: save and quit   ?: help")


def _figure_line(figure: Any, side: bool) -> str:
    """A figure's Fortitude left of its side's, its side's name (``side``: always; else only
    when Wounded) and its tokens in the rulebook's words."""
    tokens = tokens_text(figure)
    shown = ("Wounded" if figure.wounded else "Fresh" if side else "")
    return (f"{figure.id} {figure.remaining_fortitude}/{figure.fortitude}"
            + (f" {shown}" if shown else "") + (f" ({tokens})" if tokens else ""))


def status(battle: Any) -> str:
    """One line: each Hero's Fortitude left, side and tokens, and the Epic Pool."""
    parts = [_figure_line(f, True) for f in battle.position.figures if f.kind is Role.HERO]
    pool = battle.pool
    return f"-- {'; '.join(parts)}; Epic Pool {pool.dice}/{pool.size}"


def schemer_status(battle: Any) -> str:
    """One line: each Schemer on the map with its Fortitude left and tokens."""
    parts = [_figure_line(f, False) for f in battle.position.figures if f.group is not None]
    return "-- Schemers: " + ("; ".join(parts) or "none on the map")


def chance_for(seed: int, step: int, decision: Decision[Any]) -> Any:
    """The chance answer at choice number ``step`` of a game seeded ``seed``."""
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(step,)))
    return roll_chance(decision, rng)


class TerminalGame:
    """A game driven by a person typing at the terminal (or lines piped in)."""

    def __init__(self, ctx: Context, seed: int, choices: tuple[int, ...] = (),
                 save: Path | None = None, read: Callable[[str], str] | None = None,
                 write: Callable[[str], None] = print,
                 on_change: Callable[[SavedGame], None] | None = None,
                 physical: bool = False, closing: bool = True) -> None:
        self.ctx, self.seed, self.save_path = ctx, seed, save
        self.physical = physical  # --physical-dice: every chance result is asked
        # say the result at the end (a campaign says it, with the rewards, itself)
        self.closing = closing
        self.read = read or (lambda prompt: input(prompt))
        self.write = write
        self.on_change = on_change  # a campaign saves itself after every choice
        self.unsaved: str | None = None  # why the last save failed, while it stands
        self.game: Game[GameState] = Game(lambda: play_scenario(ctx), choices=choices)
        self.shown = 0
        self.goals_round = 0  # the round whose goals were last shown as it began
        self.present = Presenter(ctx.figure_abilities())
        self.blocks = scenario_blocks(ctx)

    def saved(self) -> SavedGame:
        """The game as a save."""
        return SavedGame(self.ctx.setup, self.seed, tuple(self.game.choices))

    def save(self, path: Path | None = None) -> bool:
        """Write the save file (atomically); a file that cannot be written is one line and
        the game goes on."""
        target = path or self.save_path
        if target is None and self.on_change is not None:
            try:
                self.on_change(self.saved())
            except OSError as bad:
                self.unsaved = f"cannot save the campaign: {bad.strerror or bad}"
                self.write(self.unsaved)
                return False
            self.unsaved = None
            return True
        if target is None:
            self.write("no save file: give one with 's FILE' or start with --save FILE")
            return False
        try:
            write_save(target, self.saved())
        except OSError as bad:
            self.unsaved = f"cannot save to {target}: {bad.strerror or bad}"
            self.write(self.unsaved)
            return False
        except SaveError as bad:  # a setup no save holds: said, and the game goes on
            self.unsaved = f"cannot save: {bad}"
            self.write(self.unsaved)
            return False
        self.save_path = target
        self.unsaved = None
        return True

    def where(self) -> str:
        """Where the game stands saved, for the last line before stopping."""
        if self.unsaved is not None:
            return f"NOT saved ({self.unsaved})"
        return (f"saved to {self.save_path}" if self.save_path
                else "saved" if self.on_change else "not saved")

    def show_log(self, battle: Any, leave: int = 0) -> None:
        """Print the log lines not shown yet (but the last ``leave``: the end's own lines,
        said once by the closing lines)."""
        if battle is None:
            return
        log = with_dice(battle.log, getattr(battle, "events", ()))
        self.shown = min(self.shown, len(log))
        for line in readable(log[self.shown:len(log) - leave]):
            self.write(f"  {line}")
        self.shown = len(log)

    def figure_cards(self, position: Any) -> list[str]:
        """Each figure's card under the board (``b``): who it is, its Fortitude left, its
        tokens and keywords, a Schemer's Scheme this round (as hovering it in the window
        shows)."""
        from tales.present.figures import cards

        lines = []
        for figure, card in cards(self.ctx, self.game.seen_state, position):
            where = " ".join(position.board.names[s] for s in position.spaces_of(figure))
            lines.append(f"  {where}: {card[0]}")
            lines.extend(f"      {line}" for line in card[1:])
        return lines

    def show_goals(self) -> None:
        """The scenario's goals, where they stand as the last question showed the game."""
        for line in goal_lines(self.ctx, self.game.seen_state):
            self.write(f"  {line}")

    def run(self) -> int:
        """Play until the game ends or the player quits; the exit status."""
        self.write(f"{self.ctx.scenario.title}   ({HELP})")
        self.goals_round = -1
        while not self.game.done:
            decision = self.game.pending
            assert decision is not None
            self.show_log(decision.battle)
            state = self.game.seen_state
            round_now = state.round if state is not None else 0
            if round_now != self.goals_round:  # after the prologue, and as each round begins
                self.goals_round = round_now
                self.show_goals()
            if decision.decider is Decider.CHANCE and self.physical:
                if not self.ask_chance(decision):
                    return 0
                continue
            if decision.decider is Decider.CHANCE:
                self.game.answer(chance_for(self.seed, len(self.game.choices), decision))
                self.autosave()
                continue
            if not self.ask(decision):
                return 0
        state = self.game.result
        assert state is not None and state.result is not None
        story = self.ctx.scenario.story.get(state.result.value, "")
        # the engine's last lines: the story's end (if any) and "Victory: why"
        self.show_log(state.battle, leave=1 if self.closing or not story else 2)
        if self.closing:
            self.write(f"{state.result.value.upper()}: {state.reason} (round {state.round})")
        self.autosave()
        return 0

    def autosave(self) -> None:
        if self.save_path is not None or self.on_change is not None:
            self.save()

    def ask_chance(self, decision: Decision[Any]) -> bool:
        """Ask what the physical dice (or bag, or tracker deck) show; False when the
        player quits. Bad input is re-asked with a one-line reason."""
        for line in chance_lines(decision):
            self.write(line)
        while True:
            try:
                text = self.read("result> ").strip()
            except EOFError:
                return self.stop("input ended")
            if text in ("q", "quit"):
                return self.stop()
            if text in ("u", "undo"):
                if self.undo():
                    return True
                continue
            if text in ("g", "goals"):
                self.show_goals()
                continue
            read = read_chance(decision, text)
            if read.reason:
                self.write(read.reason)
                continue
            self.game.answer(read.option)
            self.autosave()
            return True

    def stop(self, why: str = "") -> bool:
        """Save and stop (``why``: the input ended): False, the game does not go on. The
        last line says where the game stands saved (or that it is NOT saved, and why)."""
        self.autosave()
        if why:
            self.write(why + (f"; {self.where()}" if self.save_path or self.unsaved else ""))
        else:
            self.write(self.where())
        return False

    def undo(self) -> bool:
        """Take back the last choice a person made (and the chance after it); False when
        there is none."""
        try:
            self.game.undo(chance=False)
        except IllegalChoice as why:
            self.write(str(why))
            return False
        self.shown = 0
        self.autosave()
        self.write("undone")
        return True

    def ask(self, decision: Decision[Any]) -> bool:
        """Ask one Decision; False when the player quits."""
        if decision.kind == "tile" and decision.battle is not None:
            self.write(status(decision.battle))
        ties = tie_lines(decision)
        for line in (acting_scheme(self.blocks, decision) if ties else []) + ties:
            self.write(f"  {line}")  # a tie: the acting group's Scheme, then who and why
        self.write(self.present.prompt(decision))
        order = menu_order(decision)
        for number, index in enumerate(order, 1):
            self.write(f"  {number}) {self.present.option(decision, decision.options[index])}")
        for line in self.present.not_ready(decision):
            self.write(f"     {line}")
        while True:
            try:
                text = self.read(f"choose 1-{len(decision.options)}> ").strip()
            except EOFError:
                return self.stop("input ended")
            command, _, rest = text.partition(" ")
            if text.isdigit() and 1 <= int(text) <= len(decision.options):
                self.game.choose(order[int(text) - 1])
                self.autosave()
                return True
            if command in ("i", "info") and rest.isdigit() and (
                    1 <= int(rest) <= len(decision.options)):
                for line in self.present.detail(decision, decision.options[order[int(rest) - 1]]):
                    self.write(f"     {line}")
                continue
            if command in ("q", "quit"):
                return self.stop()
            if command in ("u", "undo"):
                if self.undo():
                    return True
                continue
            if command in ("s", "save"):
                if self.save(Path(rest) if rest else None):
                    self.write(f"saved to {self.save_path}" if self.save_path else "saved")
                continue
            if command in ("b", "board") and decision.position is not None:
                self.write(render(decision.position.board, decision.position).rstrip())
                for line in self.figure_cards(decision.position):
                    self.write(line)
                continue
            if command in ("w", "why") and decision.battle is not None:
                for line in why(decision.battle.log) or ["nothing to explain"]:
                    self.write(f"  {line}")
                continue
            if command in ("l", "log") and decision.battle is not None:
                for line in decision.battle.log:
                    self.write(f"  {line}")
                continue
            if command in ("g", "goals"):
                self.show_goals()
                continue
            if command in ("k", "glossary") and decision.position is not None:
                for line in glossary_lines(terms_on(decision.position)):
                    self.write(f"  {line}")
                continue
            self.write(HELP)


def pick_who_plays(read: Callable[[str], str] | None = None,
                   write: Callable[[str], None] | None = None) -> tuple[str, str] | None:
    """A new solo campaign at the terminal: the player picks a Hero, then a Companion, from
    the bundled ones (each said in one line; ``i N`` shows the whole mat or card), as the
    window's buttons offer them. None: the player stopped (q, or the input ended)."""
    from tales.present import picks

    read = read or input  # looked up now: a test's input stands in for the builtin
    write = write or print

    def menu(title: str, names: list[str], line: Callable[[str], str],
             card: Callable[[str], list[str]]) -> str | None:
        write(title)
        for number, name in enumerate(names, 1):
            write(f"  {number}) {line(name)}")
        while True:
            try:
                text = read(f"choose 1-{len(names)} (i N: the whole card, q: stop)> ").strip()
            except EOFError:
                return None
            if text == "q":
                return None
            shown = text.removeprefix("i ").strip()
            if text.startswith("i ") and shown.isdigit() and 1 <= int(shown) <= len(names):
                for row in card(names[int(shown) - 1]):
                    write(f"    {row}")
            elif text.isdigit() and 1 <= int(text) <= len(names):
                return names[int(text) - 1]
            else:
                write(f"  a number from 1 to {len(names)}, i N to read one, or q")

    hero = menu("Pick your Hero:", list(picks.HEROES), picks.hero_label, picks.hero_card)
    if hero is None:
        return None
    companion = menu("Pick a Companion:", picks.companions_for(hero),
                     picks.companion_label, picks.companion_card)
    return None if companion is None else (hero, companion)
