"""The window's edit keys: a key pressed over the board becomes one of the table's edits
(:class:`tales.table.edits.Edit`), the same vocabulary ``tales table`` takes in words.

The figure an edit is about is the one under the pointer; a space (a Schemer brought in, a
door opened) is the space under the pointer. What a key cannot mean here is a one-line
reason instead of an edit. Nothing here draws or imports pyglet.
"""

from __future__ import annotations

from dataclasses import dataclass

from tales.board.figures import Token
from tales.board.position import Position
from tales.present.keys import EDIT_KEYS, VIEW_KEYS, keys_help
from tales.table.edits import Edit, EditKind

__all__ = ["EDIT_KEYS", "PICK_TOKEN", "TOKENS", "VIEW_KEYS", "EditKeys", "keys_help"]

#: The tokens T gives and Shift+T takes, in the order K steps through them.
TOKENS: tuple[Token, ...] = tuple(t for t in Token if t not in (Token.REPAIR, Token.POOKY))

#: The prompt while K's list of tokens is open.
PICK_TOKEN = "Which token does T give (and Shift+T take)? A number or a click; K: back"


@dataclass
class EditKeys:
    """What the keys mean now: the token T gives and the group A brings in."""

    groups: tuple[str, ...] = ()
    token: Token = Token.SHIELD
    group: str | None = None
    picking: bool = False  # K: the tokens listed as buttons, one picked by number or click

    def __post_init__(self) -> None:
        if self.group is None and self.groups:
            self.group = self.groups[0]

    def next_token(self) -> str:
        """The next token kind (in the order of the list K shows)."""
        self.token = TOKENS[(TOKENS.index(self.token) + 1) % len(TOKENS)]
        return f"T now gives {self.token.rule_name}"

    def list_tokens(self) -> str:
        """K: the tokens as buttons (K again: back, T's token as it was)."""
        self.picking = not self.picking
        return (PICK_TOKEN if self.picking else f"T gives {self.token.rule_name}")

    def token_buttons(self) -> list[str]:
        """The buttons while K's list is open: every token, T's own marked."""
        return [f"{t.rule_name}{' (now)' if t is self.token else ''}" for t in TOKENS]

    def pick_token(self, index: int) -> str:
        """Button ``index`` of K's list: T gives that token from now on."""
        if not 0 <= index < len(TOKENS):
            return f"there is no token {index + 1}"
        self.token, self.picking = TOKENS[index], False
        return f"T now gives {self.token.rule_name}"

    def next_group(self) -> str:
        """G: the next group A brings in."""
        if not self.groups:
            return "no Scheme Blocks to bring a Schemer in from"
        at = self.groups.index(self.group) + 1 if self.group in self.groups else 0
        self.group = self.groups[at % len(self.groups)]
        return f"A now adds {self.group}"

    def status(self) -> str:
        """One line: what T and A do now."""
        group = f"; A adds {self.group}" if self.group else ""
        return f"T gives {self.token.rule_name}{group}"

    def edit(self, letter: str, shift: bool, position: Position, space: int | None
             ) -> Edit | str | None:
        """The edit key ``letter`` means over ``space`` (a reason when it means none here;
        None for a key that is no edit)."""
        kinds = {"d": EditKind.DAMAGE, "h": EditKind.HEAL, "f": EditKind.WOUNDED,
                 "x": EditKind.DEFEATED, "t": EditKind.SPEND if shift else EditKind.GAIN}
        if letter == "a":
            if self.group is None:
                return "no Scheme Blocks to bring a Schemer in from"
            if space is None:
                return "point at the space it comes in on"
            return Edit(EditKind.REINFORCE, self.group, space)
        if letter == "o":
            if space is None:
                return "point at the door to open"
            return Edit(EditKind.OPEN_DOOR, space=space)
        if letter not in kinds:
            return None
        here = position.figures_at(space) if space is not None else []
        if not here:
            return "point at a figure first"
        figure = here[-1].id
        kind = kinds[letter]
        if kind in (EditKind.GAIN, EditKind.SPEND):
            return Edit(kind, figure, amount=1, token=self.token)
        amount = 1 if kind in (EditKind.DAMAGE, EditKind.HEAL) else 0
        return Edit(kind, figure, amount=amount)
