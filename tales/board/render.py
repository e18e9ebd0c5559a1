"""ASCII drawings of a map or a position, with Walls, features and figures.

Each space takes four characters. On a hex layout even rows are shifted right by half a
space, as in the map file. A Wall between two spaces of a row is drawn ``|`` between them;
a Wall to the row below is drawn on a line between the rows: ``/`` towards the lower-left
neighbour, ``\\`` towards the lower-right one (``-`` straight down on squares, ``X`` where
two diagonal Walls cross). With a position, ``@`` marks a Hero-side figure, ``&`` a Schemer,
``*`` a space with several figures, ``'`` an open door; the legend lists them.
"""

from __future__ import annotations

from tales.board.board import FEATURE_WORDS, Board, FeatureKind, Layout
from tales.board.names import column_letters
from tales.board.position import Position

_MARGIN = 5  # characters before column A


def _x(board: Board, column: int, row: int) -> int:
    shift = 2 if board.layout is Layout.HEX and row % 2 == 0 else 0
    return _MARGIN + 4 * column + shift


def _put(line: list[str], x: int, char: str) -> None:
    while len(line) <= x:
        line.append(" ")
    line[x] = "X" if line[x] in "/\\" and char in "/\\" and line[x] != char else char


def _glyphs(board: Board, position: Position | None) -> list[str]:
    glyphs = list(board.glyphs)
    if position is None:
        return glyphs
    for space in range(board.n):
        if board.door[space] and space not in position.closed_doors:
            glyphs[space] = "'"
        if board.trap[space] and space not in position.traps:
            glyphs[space] = "."
    for space in position.traps:
        if glyphs[space] == ".":
            glyphs[space] = "T"
    for space in range(board.n):
        here = position.figures_at(space)
        if len(here) > 1:
            glyphs[space] = "*"
        elif here:
            glyphs[space] = "@" if here[0].heroic else "&"
    return glyphs


def render(board: Board, position: Position | None = None, legend: bool = True) -> str:
    """Draw ``board`` (and the figures and tokens of ``position``) as text."""
    glyphs = _glyphs(board, position)
    header: list[str] = []
    for column in range(board.width):
        for k, char in enumerate(column_letters(column)):
            _put(header, _MARGIN + 4 * column + k, char)
    lines = ["".join(header).rstrip()]
    for row in range(1, board.height + 1):
        line = list(f"{row:>3}  ")
        between: list[str] = []
        for column in range(board.width):
            space = board.at(column, row)
            if space is None:
                continue
            x = _x(board, column, row)
            _put(line, x, glyphs[space])
            for other in board.neighbours[space]:
                if other < 0 or not board.wall_between(space, int(other)):
                    continue
                o_col, o_row = int(board.columns[other]), int(board.rows[other])
                ox = _x(board, o_col, o_row)
                if o_row == row and ox > x:
                    _put(line, x + 2, "|")
                elif o_row == row + 1:
                    if ox < x:
                        _put(between, (x + ox) // 2, "/")
                    elif ox > x:
                        _put(between, (x + ox) // 2, "\\")
                    else:
                        _put(between, x, "-")
        lines.append("".join(line).rstrip())
        if "".join(between).strip():
            lines.append("".join(between).rstrip())
    if legend:
        lines.extend(_legend(board, position))
    return "\n".join(lines) + "\n"


def _legend(board: Board, position: Position | None) -> list[str]:
    out = [f"{board.name} ({board.layout.value}"
           + (", diagonals" if board.diagonals else "") + f", {board.n} spaces, "
           f"{len(board.walls)} walls)"]
    used = sorted(set(board.glyphs))
    for glyph in used:
        spec = board.feature_spec(glyph)
        if spec.kind in (FeatureKind.OPEN, FeatureKind.START, FeatureKind.DEPLOYMENT):
            continue
        if spec.kind is FeatureKind.TRAP and position is not None and not spec.name:
            continue  # the Trap tokens placed now are listed below, each with its damage
        text = f"  {glyph}  {FEATURE_WORDS[spec.kind]}"
        if spec.name:
            text += f" {spec.name!r}"
        if spec.kind in (FeatureKind.HAZARD, FeatureKind.TRAP):
            damage = {board.names[s]: int(board.hazard_damage[s] if spec.kind is
                                          FeatureKind.HAZARD else board.trap_damage[s])
                      for s in range(board.n) if board.glyphs[s] == glyph}
            if len(set(damage.values())) == 1:
                text += f", damage {next(iter(damage.values()))}"
            elif damage:  # each its own
                text += ", damage " + " ".join(f"{n}={d}" for n, d in damage.items())
        out.append(text)
    starts = [board.names[s] for s in range(board.n) if board.start[s]]
    if starts:
        out.append(f"  S  Hero start: {' '.join(starts)}")
    deploy = [f"{board.deployment[s]}={board.names[s]}" for s in range(board.n)
              if board.deployment[s]]
    if deploy:
        out.append(f"  1-9 deployment: {' '.join(deploy)}")
    if position is not None:
        names = board.names
        for figure in position.figures:
            mark = "@" if figure.heroic else "&"
            extra = []
            if figure.wounded:
                extra.append("Wounded")
            if figure.fortitude is not None:
                extra.append(f"{figure.damage}/{figure.fortitude} damage")
            if figure.role is not None:
                extra.append(figure.role.value + (f" of {figure.owner}" if figure.owner else ""))
            extra.extend(k.value for k in sorted(figure.keywords))
            extra.extend(f"Immune to {i}" for i in sorted(figure.immune))
            extra.extend(f"{t.value} x{c}" for t, c in figure.tokens)
            details = f" ({', '.join(extra)})" if extra else ""
            group = f" [{figure.group}]" if figure.group else ""
            where = " ".join(names[s] for s in position.spaces_of(figure))  # all of a large one
            out.append(f"  {mark}  {where} {figure.id}{group}{details}")
        if position.traps:
            out.append("  T  Trap tokens: " + ", ".join(
                f"{names[s]} damage {d}" for s, d in sorted(position.traps.items())))
        if position.wizard_fire:
            out.append("  Wizard Fire: " + " ".join(
                f"{names[s]}({d})" for s, d in sorted(position.wizard_fire.items())))
        opened = sorted(int(s) for s in range(board.n)
                        if board.door[s] and s not in position.closed_doors)
        if opened:
            out.append("  '  open doors: " + " ".join(names[s] for s in opened))
    return out
