"""The window's edit keys in words, as the panel and ``tales view --help`` list them
(what each does: :mod:`tales.viewer.edit_keys`). Nothing imported: ``tales --help`` reads
these without loading the viewer or the rules."""

from __future__ import annotations

#: The keys, as the panel and ``tales view --help`` list them.
EDIT_KEYS: tuple[tuple[str, str], ...] = (
    ("drag", "move a figure"),
    ("D / H", "1 damage to / heal 1 on the figure under the pointer"),
    ("F", "flip it to its Wounded side"),
    ("X", "it is Defeated: remove it"),
    ("T / Shift+T", "it gains / spends a token (K: the tokens listed, pick one)"),
    ("A", "add a Schemer of the group G picks on the space under the pointer"),
    ("O", "open the door under the pointer"),
    ("U", "undo the last change"),
)


#: The keys of ``tales view`` beyond the edits.
VIEW_KEYS: tuple[tuple[str, str], ...] = (
    ("K / G", "which token T gives / what A adds: a Schemer of a group, or a Hero"),
    ("P", "save the position back to its file"),
    ("1-9", "pick an option (a group, its Scheme, a tie)"),
)


def keys_help(extra: tuple[tuple[str, str], ...] = ()) -> str:
    """The keys in one line each (``D / H: 1 damage to ...``)."""
    return "\n".join(f"  {k}: {what}" for k, what in (*EDIT_KEYS, *extra))


#: The keys of a game in the window (``tales solo``, ``tales play --window``).
WINDOW_KEYS: tuple[tuple[str, str], ...] = (
    ("1-9 or a click", "pick an option (a button, or a green space on the map)"),
    ("U", "undo your last choice"),
    ("W", "the rules' reasoning behind each log line"),
    ("L", "the map's legend and the glossary of the words in play"),
    ("C", "the campaign: scenarios played and their results, the Vault (tales solo)"),
    ("F2", "settings: text size, confirm a question with one option, moves drawn"),
    ("wheel", "scroll the log"),
    ("S", "save a picture of the window"),
    ("? / F1", "these keys"),
    ("Esc", "close (the game is saved after every choice)"),
)


def keys_line(keys: tuple[tuple[str, str], ...] = WINDOW_KEYS) -> str:
    """The keys in one line, as the window's panel shows them on ``?`` or F1."""
    return "keys: " + "; ".join(f"{k} {what}" for k, what in keys)
