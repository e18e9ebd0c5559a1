"""Edits typed at the table (``tales table``): ``move zot C4``, ``damage cellar-rats-1 2``,
``gain zot shield``, ``epic +1``, ``end``; read into :class:`tales.table.edits.Edit`, an
unknown word, figure or space a one-line reason. The window builds edits from its own
gestures; this is the terminal's words (no printing)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from tales.board.figures import Token
from tales.board.position import Position
from tales.table.edits import Edit, EditKind

EDIT_HELP = (
    "edits: move ID SPACE [SPACE...] | damage ID N | heal ID N | wounded ID | gain ID TOKEN [N] | "
    "spend ID TOKEN [N] | epic +N / epic -N | open SPACE | defeated ID | "
    "reinforce GROUP SPACE [SPACE...] | end (the turn is over)")
#: the short forms, said under the edits: every word as short as it stays the only one
SHORT_HELP = (
    "short: C4 (the Hero whose turn it is moves there) | rats-1 2 or r1 2 (2 damage to "
    "cellar-rats-1) | e (end) | no ID: the Hero whose turn it is (m c4, ga sh, sp ev, da 1) | "
    "m, dmg, done, pool, defeat, wound, and any verb, figure or token cut short (da ge 2)")


def short_help(position: Position) -> str:
    """:data:`SHORT_HELP` with a Schemer of this board as its example (``dockhands-1 2 or
    d1 2``), where its short name is its own."""
    ids = [f.id for f in position.figures]
    for figure in position.figures:
        stem, _, number = figure.id.rpartition("-")
        if figure.group and stem and number.isdigit():
            compact = f"{stem.split('-')[-1][0]}{number}"
            if named_by(compact, ids) == figure.id:
                return SHORT_HELP.replace("rats-1 2 or r1 2", f"{figure.id} 2 or {compact} 2"
                                          ).replace("(2 damage to cellar-rats-1)",
                                                    f"(2 damage to {figure.id})")
    return SHORT_HELP

_VERBS = {"move": EditKind.MOVE, "m": EditKind.MOVE, "damage": EditKind.DAMAGE,
          "dmg": EditKind.DAMAGE, "heal": EditKind.HEAL, "wounded": EditKind.WOUNDED,
          "wound": EditKind.WOUNDED, "gain": EditKind.GAIN, "spend": EditKind.SPEND,
          "epic": EditKind.EPIC, "pool": EditKind.EPIC, "open": EditKind.OPEN_DOOR,
          "defeated": EditKind.DEFEATED, "defeat": EditKind.DEFEATED,
          "reinforce": EditKind.REINFORCE, "end": EditKind.END, "done": EditKind.END,
          "e": EditKind.END}


_SPACE = re.compile(r"[a-z]{1,2}[0-9]{1,3}")  # what a space's name looks like: C4, AB12


@dataclass(frozen=True, slots=True)
class ReadEdit:
    """What a typed edit meant: the edit, or why it is not one (one line)."""

    edit: Edit | None = None
    reason: str = ""


def named_by(word: str, names: Sequence[str]) -> str | list[str]:
    """The one of ``names`` that ``word`` names: itself, the only one it begins, or the
    only one ending in ``-word`` (``rats-2`` for ``cellar-rats-2``); else the names it could
    be (none, or several), for the reason."""
    said = word.lower()
    if said in names:
        return said
    letters, number = said.rstrip("0123456789"), said[len(said.rstrip("0123456789")):]
    compact = [n for n in names if letters and number and _numbered(n, letters, number)]
    for found in ([n for n in names if n.startswith(said)],
                  [n for n in names if n.endswith(f"-{said}")], compact):
        if len(found) == 1:
            return found[0]
        if found:
            return found
    return []


def _numbered(name: str, letters: str, number: str) -> bool:
    """Whether ``name`` is figure ``number`` of a group with a word beginning ``letters``:
    ``r1`` names ``cellar-rats-1``, ``b1`` names ``brute1``."""
    stem = name[:-len(number)] if name.endswith(number) else ""
    if not stem or stem[-1].isdigit():
        return False
    return any(part.startswith(letters) for part in stem.rstrip("-").split("-"))


def read_edit(text: str, position: Position, acting: str | None = None,
              groups: Sequence[str] = ()) -> ReadEdit:
    """A typed edit (``move zot C4``, ``damage rat1 2``, ``gain zot shield``, ``epic +1``),
    each word as short as it stays the only one it names (``m ge c4``, ``dam rats-2 2``,
    ``g ge sh``, ``da r1 2``): an unknown or ambiguous word, figure or space is a one-line
    reason and no edit. With ``acting`` (the Hero whose turn it is) an edit may leave out
    its figure (``m c4``, ``ga sh``), a space alone moves that Hero (``c4``) and a figure
    with a number damages it (``r1 2``). ``groups`` are the scenario's Schemer groups, for
    ``reinforce`` (``re ra h4``)."""
    words = text.split()
    ids = [f.id for f in position.figures]
    board = position.board
    if words and isinstance(named_by(words[0], list(_VERBS)), list):
        if acting is not None and (all(board.find(w) is not None for w in words) or (
                len(words) == 1 and _SPACE.fullmatch(words[0].lower()))):
            words = ["move", acting, *words]  # "C4": the acting Hero moves there
        elif len(words) == 2 and isinstance(named_by(words[0], ids), str) and (
                words[1].isdigit()):
            words = ["damage", *words]  # "rats-1 2": 2 damage to cellar-rats-1
    verb = named_by(words[0], list(_VERBS)) if words else []
    if isinstance(verb, list):
        if len(verb) > 1 and len({_VERBS[v] for v in verb}) == 1:
            verb = verb[0]  # "de" names "defeat" and "defeated": the same edit
        elif len(verb) > 1:
            return ReadEdit(reason=f"{words[0]!r} could be {', '.join(verb)}: type more of it")
        else:
            return ReadEdit(reason=EDIT_HELP)
    kind = _VERBS[verb]
    args = words[1:]
    if acting is not None and _leaves_out_figure(kind, args, ids, position):
        args = [acting, *args]
    if args and kind is EditKind.REINFORCE and groups:
        group = named_by(args[0], list(groups))
        if isinstance(group, str):
            args = [group, *args[1:]]
        elif group:
            return ReadEdit(reason=f"{args[0]!r} could be {', '.join(group)}: type more of it")
    if args and kind not in (EditKind.END, EditKind.EPIC, EditKind.OPEN_DOOR,
                             EditKind.REINFORCE):
        who = named_by(args[0], ids)
        if isinstance(who, str):
            args = [who, *args[1:]]
        elif who:
            return ReadEdit(reason=f"{args[0]!r} could be {', '.join(who)}: type more of it")
    wanted = {EditKind.END: 0, EditKind.EPIC: 1, EditKind.OPEN_DOOR: 1,
              EditKind.WOUNDED: 1, EditKind.DEFEATED: 1, EditKind.MOVE: 2,
              EditKind.DAMAGE: 2, EditKind.HEAL: 2, EditKind.REINFORCE: 2}.get(kind)
    if kind in (EditKind.MOVE, EditKind.REINFORCE) and len(args) > 2:  # a large figure's
        wanted = len(args)  # every space: the anchor first, then the rest
    if len(args) != wanted if wanted is not None else len(args) not in (2, 3):
        return ReadEdit(reason=f"{text.strip()!r}: {_usage(kind)}")

    def space(name: str) -> int | str:
        found = board.find(name)
        return found if found is not None else f"no space {name!r} on map {board.name!r}"

    def figure(name: str) -> str | None:
        if position.has_figure(name):
            return None
        known = ", ".join(f.id for f in position.figures) or "none"
        return f"no figure {name!r} on the map (figures: {known})"

    def count(word: str) -> int | str:
        digits = word.lstrip("+-")
        if not digits.isdigit():
            return f"{word!r} is not a number"
        return -int(digits) if word.startswith("-") else int(digits)

    if kind is EditKind.END:
        return ReadEdit(Edit(kind))
    if kind is EditKind.EPIC:
        amount = count(args[0])
        return ReadEdit(reason=amount) if isinstance(amount, str) else ReadEdit(
            Edit(kind, amount=amount))
    if kind is EditKind.OPEN_DOOR:
        where = space(args[0])
        return ReadEdit(reason=where) if isinstance(where, str) else ReadEdit(
            Edit(kind, space=where))
    places = [space(name) for name in args[1:]] if kind in (
        EditKind.MOVE, EditKind.REINFORCE) else []
    wrong = next((p for p in places if isinstance(p, str)), None)
    if wrong is not None:
        return ReadEdit(reason=wrong)
    spaces = tuple(p for p in places if isinstance(p, int))
    if kind is EditKind.REINFORCE:
        return ReadEdit(Edit(kind, args[0], spaces[0], spaces=spaces if len(spaces) > 1
                             else ()))
    missing = figure(args[0])
    if missing is not None:
        return ReadEdit(reason=missing)
    if kind in (EditKind.WOUNDED, EditKind.DEFEATED):
        return ReadEdit(Edit(kind, args[0]))
    if kind is EditKind.MOVE:
        return ReadEdit(Edit(kind, args[0], spaces[0], spaces=spaces if len(spaces) > 1
                             else ()))
    if kind in (EditKind.DAMAGE, EditKind.HEAL):
        amount = count(args[1])
        return ReadEdit(reason=amount) if isinstance(amount, str) else ReadEdit(
            Edit(kind, args[0], amount=amount))
    name = named_by(args[1].lower().replace("-", "_"), [t.value for t in Token])
    token = next((t for t in Token if t.value == name), None)
    if token is None:
        return ReadEdit(reason=f"no token {args[1]!r} (tokens: "
                        f"{', '.join(t.value for t in Token)})")
    amount = count(args[2]) if len(args) == 3 else 1
    return ReadEdit(reason=amount) if isinstance(amount, str) else ReadEdit(
        Edit(kind, args[0], amount=amount, token=token))


def _leaves_out_figure(kind: EditKind, args: list[str], ids: list[str],
                       position: Position) -> bool:
    """Whether an edit's words leave out its figure (meaning the acting Hero's): ``m c4``,
    ``da 2``, ``ga sh [N]``; a first word naming a figure keeps it. Wounded and Defeated
    always name their figure."""
    names_figure = bool(args) and isinstance(named_by(args[0], ids), str)
    if kind is EditKind.MOVE:
        return len(args) == 1 or (len(args) > 1 and not names_figure and all(
            position.board.find(a) is not None for a in args))
    if kind in (EditKind.DAMAGE, EditKind.HEAL):
        return len(args) == 1
    if kind in (EditKind.GAIN, EditKind.SPEND):
        return len(args) == 1 or (len(args) == 2 and args[1].isdigit() and not names_figure)
    return False


def _usage(kind: EditKind) -> str:
    return next(part.strip() for part in EDIT_HELP.split(": ", 1)[1].split("|")
                if part.strip().split()[0] == {"open-door": "open"}.get(kind.value, kind.value))
