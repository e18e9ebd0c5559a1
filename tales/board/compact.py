"""The compact figure form of position files: one line per figure (docs/formats.md).

``ID KIND SPACE [WORD | KEY=VALUE]...``, words split as a shell does (quote a word with
spaces: ``'Big Bad'``, ``'Immune to Flooded nave'``):

- ``SPACE`` is where it stands; a figure that takes several spaces names each, its
  anchor first: ``C3,D3``;
- ``KIND`` is ``hero`` or ``schemer`` (the side), a role (``ally``, ``illusion``,
  ``pooky``, ``companion``: Heroes' side; ``boss``: the Schemers'), or else a Schemer
  Group's id (a Schemer of that group);
- a bare word is a keyword (``Tiny``, ``'Immune to Traps'``), ``wounded`` or
  ``recovering``;
- ``KEY=VALUE``: ``number``, ``fortitude``, ``damage``, ``wounded_fortitude``,
  ``toughness_refresh`` (whole numbers), ``group``, ``owner``, ``role``,
  ``recovery=Avoided,Tiny``, and a token's name with its count (``shield=1``).

A line reads into the long form's table (the same checks follow), so the two forms say
exactly the same things.

>>> compact_table("rat1 cellar-rats F1 damage=1 Tiny")
{'id': 'rat1', 'at': 'F1', 'side': 'schemer', 'group': 'cellar-rats', 'damage': 1, \
'keywords': ['Tiny']}
>>> compact_table("zot hero C3 fortitude=8 shield=1")
{'id': 'zot', 'at': 'C3', 'side': 'hero', 'fortitude': 8, 'tokens': {'shield': 1}}
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import Any

from tales.board.figures import HEROIC_ROLES, Figure, Role, Side, Token

NUMBERS = ("number", "fortitude", "damage", "wounded_fortitude", "toughness_refresh")
TEXTS = ("group", "owner", "role")
FLAGS = ("wounded", "recovering")
ROLE_WORDS = {r.value: r for r in Role if r not in (Role.HERO, Role.SCHEMER)}


def compact_table(line: str) -> dict[str, Any]:
    """The long-form table a compact figure line says; ValueError saying what is wrong."""
    try:
        words = shlex.split(line)
    except ValueError as bad:
        raise ValueError(f"cannot split it into words ({bad})") from None
    if len(words) < 3:
        raise ValueError("give at least ID KIND SPACE, e.g. \"zot hero C3\" or "
                         "\"rat1 cellar-rats F1\"")
    figure_id, kind, at, *rest = words
    # a figure that takes several spaces: every space, its anchor first ("C3,D3")
    table: dict[str, Any] = {"id": figure_id, "at": at.split(",") if "," in at else at}
    if kind in (Side.HERO.value, Side.SCHEMER.value):
        table["side"] = kind
    elif kind in ROLE_WORDS:
        role = ROLE_WORDS[kind]
        table["side"] = (Side.HERO if role in HEROIC_ROLES else Side.SCHEMER).value
        table["role"] = role.value
    else:
        table["side"] = Side.SCHEMER.value
        table["group"] = kind
    keywords: list[str] = []
    tokens: dict[str, int] = {}
    for word in rest:
        key, equals, value = word.partition("=")
        if equals and (key in table or key in tokens):
            raise ValueError(f"{key!r} is given twice")
        if not equals:
            if word.lower() in FLAGS:
                table[word.lower()] = True
            else:
                keywords.append(word)
            continue
        if key in NUMBERS or key in {t.value for t in Token}:
            if not value.isdigit():
                raise ValueError(f"{word!r}: {key} takes a whole number, 0 or more")
            if key in NUMBERS:
                table[key] = int(value)
            else:
                tokens[key] = int(value)
        elif key in TEXTS:
            table[key] = value
        elif key == "recovery":
            table["recovery"] = [k for k in value.split(",") if k]
        else:
            known = ", ".join((*NUMBERS, *TEXTS, "recovery", *(t.value for t in Token)))
            raise ValueError(f"unknown key {key!r} in {word!r} (known: {known})")
    if keywords:
        table["keywords"] = keywords
    if tokens:
        table["tokens"] = tokens
    return table


def _word(text: str) -> str:
    return shlex.quote(text)


def compact_line(figure: Figure, names: Sequence[str],
                 spaces: Sequence[int] | None = None) -> str:
    """``figure`` as one compact line, saying everything the long form would (``spaces``:
    every space of a figure that takes several, its anchor first)."""
    spaces = spaces or (figure.at,)
    role = figure.role
    group_named = False
    kind: str
    if role is not None and role.value in ROLE_WORDS and (
            role in HEROIC_ROLES) == (figure.side is Side.HERO):
        kind = role.value
        role = None
    elif figure.group and figure.side is Side.SCHEMER and figure.group not in (
            *ROLE_WORDS, Side.HERO.value, Side.SCHEMER.value) and "=" not in figure.group:
        kind = figure.group
        group_named = True
    else:
        kind = figure.side.value
    words = [_word(figure.id), _word(kind), ",".join(names[s] for s in spaces)]
    if figure.group and not group_named:
        words.append(_word(f"group={figure.group}"))
    if role is not None:
        words.append(f"role={role.value}")
    for key in NUMBERS:
        value = getattr(figure, key)
        if value is not None and (value != 0 or key in ("number", "fortitude",
                                                        "wounded_fortitude")):
            words.append(f"{key}={value}")
    if figure.owner:
        words.append(_word(f"owner={figure.owner}"))
    if figure.wounded:
        words.append("wounded")
    if figure.recovery is not None:
        words.append("recovery=" + ",".join(sorted(k.value for k in figure.recovery)))
    if figure.recovering:
        words.append("recovering")
    shown = figure.keywords - (figure.recovery or frozenset() if figure.recovering
                               else frozenset())
    words.extend(_word(k.value) for k in sorted(shown))
    words.extend(_word(f"Immune to {i}") for i in sorted(figure.immune))
    words.extend(f"{t.value}={c}" for t, c in figure.tokens)
    return " ".join(words)
