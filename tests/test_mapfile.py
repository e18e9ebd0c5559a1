"""Map files (DESIGN.md, "Map file"): glyphs, layouts, names, neighbours, Walls, features,
writing, and the one-line errors for every kind of bad input."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tales.board.board import (
    NAMED_FEATURE_KINDS,
    Board,
    Cell,
    FeatureKind,
    FeatureSpec,
    Layout,
)
from tales.board.mapfile import Finding, load_map, parse_map, write_map
from tales.errors import ContentError
from tests.test_properties import boards

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_MAP = ROOT / "maps" / "cellar-stairs.toml"
SAMPLE_MAPS = sorted((ROOT / "maps").glob("*.toml"))


def board_of(text: str) -> Board:
    """Parse map text that must have no findings."""
    board, findings = parse_map(text, "test.toml")
    assert findings == []
    return board


def grid_map(rows: str, layout: str = "hex", extra: str = "") -> str:
    """Map file text with the given grid rows (one string, rows separated by newlines)."""
    return f'name = "t"\nlayout = "{layout}"\ngrid = """\n{rows}\n"""\n{extra}'


def names_of(board: Board, spaces: np.ndarray | list[int]) -> set[str]:
    return {board.names[int(s)] for s in spaces if s >= 0}


# --- glyphs -----------------------------------------------------------------------------

# glyph: (kind, impassable, difficult, hazard damage, trap damage, door, start, deployment)
GLYPH_TABLE = [
    (".", FeatureKind.OPEN, False, False, 0, 0, False, False, 0),
    ("#", FeatureKind.IMPASSABLE, True, False, 0, 0, False, False, 0),
    ("~", FeatureKind.DIFFICULT, False, True, 0, 0, False, False, 0),
    ("^", FeatureKind.HAZARD, False, False, 1, 0, False, False, 0),
    ("T", FeatureKind.TRAP, False, False, 0, 1, False, False, 0),
    ("D", FeatureKind.DOOR, False, False, 0, 0, True, False, 0),
    ("S", FeatureKind.START, False, False, 0, 0, False, True, 0),
    *[(str(d), FeatureKind.DEPLOYMENT, False, False, 0, 0, False, False, d) for d in (1, 5, 9)],
]


@pytest.mark.parametrize(
    ("glyph", "kind", "impassable", "difficult", "hazard", "trap", "door", "start", "deploy"),
    GLYPH_TABLE,
)
def test_each_standard_glyph_parses_to_its_kind(
    glyph: str, kind: FeatureKind, impassable: bool, difficult: bool, hazard: int, trap: int,
    door: bool, start: bool, deploy: int,
) -> None:
    board = board_of(grid_map(f". {glyph}"))
    space = board.space("B1")
    assert board.glyphs[space] == glyph
    assert board.feature_spec(glyph).kind is kind
    assert bool(board.impassable[space]) is impassable
    assert bool(board.difficult[space]) is difficult
    assert bool(board.hazard[space]) is (hazard > 0)
    assert int(board.hazard_damage[space]) == hazard
    assert int(board.trap_damage[space]) == trap
    assert bool(board.door[space]) is door
    assert bool(board.start[space]) is start
    assert int(board.deployment[space]) == deploy
    assert board.feature_name[space] is None


def test_no_space_glyph_and_short_rows_make_no_space() -> None:
    board = board_of(grid_map(". _ .\n.\n. . .", layout="square"))
    assert board.names == ("A1", "C1", "A2", "A3", "B3", "C3")
    assert board.find("B1") is None
    assert board.find("B2") is None
    assert board.find("C2") is None
    assert (board.width, board.height) == (3, 3)
    # A1 and C1 are not neighbours through the missing B1
    assert names_of(board, board.neighbours[board.space("A1")]) == {"A2"}
    assert names_of(board, board.neighbours[board.space("C1")]) == set()


def test_named_feature_without_settings_is_a_finding_not_a_kind() -> None:
    _, findings = parse_map(grid_map(". q"), "q.toml")
    assert findings == [
        Finding("q.toml", 4, "unknown glyph 'q' at B1 (a named feature needs a [features.q] table)")
    ]


# --- layouts and names ------------------------------------------------------------------


def test_layout_defaults_to_hex() -> None:
    board = board_of('grid = """\n. .\n . .\n"""\n')
    assert board.layout is Layout.HEX
    assert board.diagonals is False
    assert board.degree == 6
    assert board.name == "test"  # the file name's stem when there is no 'name'


@pytest.mark.parametrize(
    ("layout", "extra", "degree", "diagonals"),
    [("square", "", 4, False), ("square", "diagonals = true\n", 8, True), ("hex", "", 6, False)],
)
def test_layout_and_diagonals(layout: str, extra: str, degree: int, diagonals: bool) -> None:
    board = board_of(f'layout = "{layout}"\n{extra}grid = """\n. .\n"""\n')
    assert board.layout is Layout(layout)
    assert board.degree == degree
    assert board.neighbours.shape == (2, degree)
    assert board.diagonals is diagonals


@pytest.mark.parametrize(
    ("column", "row", "name"),
    [(0, 1, "A1"), (2, 3, "C3"), (25, 1, "Z1"), (26, 1, "AA1"), (27, 2, "AB2"), (29, 3, "AD3")],
)
def test_space_names_on_a_wide_map(column: int, row: int, name: str) -> None:
    row_text = " ".join(["."] * 30)
    board = board_of(grid_map(f"{row_text}\n {row_text}\n{row_text}"))
    assert board.n == 90
    space = board.space(name)
    assert (int(board.columns[space]), int(board.rows[space])) == (column, row)
    assert board.names[space] == name
    assert board.at(column, row) == space
    assert board.find(name.lower()) == space


def test_spaces_are_numbered_in_reading_order() -> None:
    board = board_of(grid_map(". .\n . . .\n."))
    assert board.names == ("A1", "B1", "A2", "B2", "C2", "A3")
    assert list(board.columns) == [0, 1, 0, 1, 2, 0]
    assert list(board.rows) == [1, 1, 2, 2, 2, 3]


# --- neighbours -------------------------------------------------------------------------

HEX_4X4 = grid_map(". . . .\n . . . .\n. . . .\n . . . .")

# worked by hand from DESIGN.md: odd row r, column c: (c-1,r) (c+1,r) (c-1,r-1) (c,r-1)
# (c-1,r+1) (c,r+1); even row: (c-1,r) (c+1,r) (c,r-1) (c+1,r-1) (c,r+1) (c+1,r+1)
HEX_NEIGHBOURS = [
    ("A1", {"B1", "A2"}),
    ("B1", {"A1", "C1", "A2", "B2"}),
    ("D1", {"C1", "C2", "D2"}),
    ("A2", {"B2", "A1", "B1", "A3", "B3"}),
    ("B2", {"A2", "C2", "B1", "C1", "B3", "C3"}),
    ("D2", {"C2", "D1", "D3"}),
    ("A3", {"B3", "A2", "A4"}),
    ("C3", {"B3", "D3", "B2", "C2", "B4", "C4"}),
    ("A4", {"B4", "A3", "B3"}),
    ("C4", {"B4", "D4", "C3", "D3"}),
    ("D4", {"C4", "D3"}),
]


@pytest.mark.parametrize(("space", "expected"), HEX_NEIGHBOURS)
def test_hex_neighbours_follow_the_odd_and_even_row_rules(space: str, expected: set[str]) -> None:
    board = board_of(HEX_4X4)
    row = board.neighbours[board.space(space)]
    assert names_of(board, row) == expected
    assert int((row >= 0).sum()) == len(expected)  # no neighbour listed twice


SQUARE_3X3 = ". . .\n. . .\n. . ."

SQUARE_NEIGHBOURS = [
    (False, "B2", {"A2", "C2", "B1", "B3"}),
    (False, "A1", {"B1", "A2"}),
    (False, "C3", {"B3", "C2"}),
    (True, "B2", {"A2", "C2", "B1", "B3", "A1", "C1", "A3", "C3"}),
    (True, "A1", {"B1", "A2", "B2"}),
    (True, "C2", {"B2", "C1", "C3", "B1", "B3"}),
]


@pytest.mark.parametrize(("diagonals", "space", "expected"), SQUARE_NEIGHBOURS)
def test_square_neighbours_four_or_eight(diagonals: bool, space: str, expected: set[str]) -> None:
    extra = "diagonals = true\n" if diagonals else ""
    board = board_of(f'layout = "square"\n{extra}grid = """\n{SQUARE_3X3}\n"""\n')
    assert names_of(board, board.neighbours[board.space(space)]) == expected


@pytest.mark.parametrize(
    ("text", "wall"),
    [
        (HEX_4X4 + 'walls = ["B2|C3"]\n', ("B2", "C3")),
        (HEX_4X4 + 'walls = [" C3 | B2 "]\n', ("B2", "C3")),
        (grid_map(SQUARE_3X3, "square", 'diagonals = true\nwalls = ["A1|B2"]\n'), ("A1", "B2")),
    ],
)
def test_a_wall_removes_exactly_that_link(text: str, wall: tuple[str, str]) -> None:
    board = board_of(text)
    a, b = board.space(wall[0]), board.space(wall[1])
    assert board.walls == frozenset({(min(a, b), max(a, b))})
    assert board.touching(a, b) and not board.adjacent(a, b)
    assert board.wall_between(b, a)
    changed = np.argwhere(board.links != board.neighbours)
    assert sorted(map(tuple, changed.tolist())) == sorted(
        [(a, int(np.flatnonzero(board.neighbours[a] == b)[0])),
         (b, int(np.flatnonzero(board.neighbours[b] == a)[0]))]
    )
    assert b not in board.linked(a) and a not in board.linked(b)


# --- [features] -------------------------------------------------------------------------

FEATURES_MAP = grid_map(
    ". ^ T o\n w s t h",
    extra="""
[features."^"]
damage = 3
[features.T]
damage = 0
[features.o]
kind = "impassable-feature"
name = "Obelisk"
[features.w]
kind = "difficult"
name = "Wine puddle"
[features.s]
kind = "feature"
[features.t]
kind = "trap"
name = "Snare"
damage = 2
[features.h]
kind = "hazard"
name = "Brazier"
""",
)

# space: (kind, name, impassable, difficult, hazard damage (None: not a hazard), trap damage)
FEATURE_TABLE = [
    ("B1", FeatureKind.HAZARD, None, False, False, 3, 0),
    ("C1", FeatureKind.TRAP, None, False, False, None, 0),
    ("D1", FeatureKind.IMPASSABLE_FEATURE, "Obelisk", True, False, None, 0),
    ("A2", FeatureKind.DIFFICULT, "Wine puddle", False, True, None, 0),
    ("B2", FeatureKind.FEATURE, "s", False, False, None, 0),
    ("C2", FeatureKind.TRAP, "Snare", False, False, None, 2),
    ("D2", FeatureKind.HAZARD, "Brazier", False, False, 1, 0),
]


@pytest.mark.parametrize(
    ("space", "kind", "name", "impassable", "difficult", "hazard", "trap"), FEATURE_TABLE
)
def test_feature_settings(
    space: str, kind: FeatureKind, name: str | None, impassable: bool, difficult: bool,
    hazard: int | None, trap: int,
) -> None:
    board = board_of(FEATURES_MAP)
    index = board.space(space)
    assert board.feature_spec(board.glyphs[index]).kind is kind
    assert board.feature_name[index] == name
    assert bool(board.impassable[index]) is impassable
    assert bool(board.difficult[index]) is difficult
    assert bool(board.hazard[index]) is (hazard is not None)
    assert int(board.hazard_damage[index]) == (hazard or 0)
    assert int(board.trap_damage[index]) == trap


def test_feature_specs_are_kept_as_written() -> None:
    board = board_of(FEATURES_MAP)
    assert board.features == {
        "^": FeatureSpec("^", FeatureKind.HAZARD, None, 3),
        "T": FeatureSpec("T", FeatureKind.TRAP, None, 0),
        "o": FeatureSpec("o", FeatureKind.IMPASSABLE_FEATURE, "Obelisk", None),
        "w": FeatureSpec("w", FeatureKind.DIFFICULT, "Wine puddle", None),
        "s": FeatureSpec("s", FeatureKind.FEATURE, "s", None),
        "t": FeatureSpec("t", FeatureKind.TRAP, "Snare", 2),
        "h": FeatureSpec("h", FeatureKind.HAZARD, "Brazier", None),
    }


def test_sample_map_contents() -> None:
    board = load_map(SAMPLE_MAP)
    assert board.name == "Cellar stairs (sample)"
    assert board.n == 46
    assert {f"{board.names[a]}|{board.names[b]}" for a, b in board.walls} == {
        "B1|C1", "D3|D4", "E5|E6", "G2|H2"}
    assert [board.names[s] for s in np.flatnonzero(board.start)] == ["A1", "B1", "A2"]
    assert {board.names[s]: int(board.deployment[s]) for s in np.flatnonzero(board.deployment)} \
        == {"H4": 1, "H5": 2}
    assert board.feature_name[board.space("C3")] == "Brazier"
    assert int(board.hazard_damage[board.space("C3")]) == 2
    assert board.feature_name[board.space("B5")] == "Wine puddle"
    assert bool(board.difficult[board.space("C5")])
    assert bool(board.impassable[board.space("G3")])
    assert board.find("H1") is None and board.find("H6") is None


# --- writing ----------------------------------------------------------------------------

ROUND_TRIP_MAPS = {
    "square-diagonals": grid_map(
        "S . . 1\n. # ~ .\n^ . T D", "square",
        'diagonals = true\nwalls = ["A1|B2", "C2|D3", "B1|C1"]\n',
    ),
    "wide-hex": grid_map(
        " ".join(["."] * 28) + "\n " + " ".join(["~"] * 27 + ["2"]),
        extra='walls = ["Z1|AA1", "AA1|AA2", "AB1|AB2"]\n',
    ),
    "holes-and-short-rows": grid_map("\n . _ . _ S\n\n _ _ #\n. . .", extra='walls = ["C5|C4"]\n'),
    "features-and-quotes": (
        'name = "The \\"Red\\" Dragon\'s cellar \\\\ Kneipe zum Drachen — Keller"\n'
        + FEATURES_MAP.split("\n", 1)[1]
    ),
}


@pytest.mark.parametrize("text", ROUND_TRIP_MAPS.values(), ids=ROUND_TRIP_MAPS.keys())
def test_hand_made_maps_survive_write_and_read(text: str) -> None:
    board = board_of(text)
    written = write_map(board)
    again = board_of(written)
    assert again == board
    assert write_map(again) == written
    assert np.array_equal(again.links, board.links)


def test_hand_made_round_trip_maps_are_what_they_say() -> None:
    holes = board_of(ROUND_TRIP_MAPS["holes-and-short-rows"])
    assert holes.names == ("A2", "C2", "E2", "C4", "A5", "B5", "C5")
    assert holes.height == 5
    wide = board_of(ROUND_TRIP_MAPS["wide-hex"])
    assert wide.n == 56 and len(wide.walls) == 3
    assert board_of(ROUND_TRIP_MAPS["features-and-quotes"]).name == (
        "The \"Red\" Dragon's cellar \\ Kneipe zum Drachen — Keller")


@pytest.mark.parametrize("path", SAMPLE_MAPS, ids=[p.name for p in SAMPLE_MAPS])
def test_sample_maps_survive_load_write_load(path: Path) -> None:
    board = load_map(path)
    written = write_map(board)
    again = board_of(written)
    assert again == board
    assert write_map(again) == written


def test_write_map_text() -> None:
    board = board_of(grid_map(
        "S . o\n_ # 1\n", "square",
        'diagonals = true\nwalls = ["B1|C2", "A1|B1"]\n[features.o]\nkind = "hazard"\ndamage = 2\n'
        '[features.T]\ndamage = 0\n',
    ))
    assert write_map(board) == (
        'name = "t"\n'
        'layout = "square"\n'
        "diagonals = true\n"
        'grid = """\n'
        "S . o\n"
        "_ # 1\n"
        '"""\n'
        'walls = ["A1|B1", "B1|C2"]\n'
        "\n"
        '[features."T"]\n'
        'kind = "trap"\n'
        "damage = 0\n"
        "\n"
        '[features."o"]\n'
        'kind = "hazard"\n'
        'name = "o"\n'
        "damage = 2\n"
    )


def test_write_map_shifts_even_hex_rows() -> None:
    board = board_of(grid_map(". .\n . .\n.\n _ ."))
    assert write_map(board) == (
        'name = "t"\nlayout = "hex"\ngrid = """\n. .\n . .\n.\n _ .\n"""\n'
    )


def test_write_map_escapes_every_control_character_in_a_name() -> None:
    board = Board("Rubout\x7f room", Layout.HEX, [Cell(0, 1, ".")])
    again, findings = parse_map(write_map(board), "w.toml")
    assert findings == []
    assert again == board


# --- random maps ------------------------------------------------------------------------

# every glyph but "_": tests.test_properties.boards() already leaves spaces out
RANDOM_GLYPHS = [".", "#", "~", "^", "T", "D", "S", "1", "7", "9", "o", "h"]
RANDOM_NAMES = ["Cellar", 'The "Red" Dragon', "back\\slash", "Kneipe — Keller", "t"]


@st.composite
def random_boards(draw: st.DrawFn) -> Board:
    """A random board of the property tests (holes, walls), with glyphs from the whole
    standard set, named features and [features] settings, and an awkward name."""
    shape = draw(boards())
    cells = [Cell(c.column, c.row, draw(st.sampled_from(RANDOM_GLYPHS))) for c in shape.cells]
    damage = st.none() | st.integers(0, 5)
    features = {
        "o": FeatureSpec("o", draw(st.sampled_from(sorted(NAMED_FEATURE_KINDS))), "Obelisk"),
        "h": FeatureSpec("h", FeatureKind.HAZARD, draw(st.sampled_from(["h", "Brazier"])),
                         draw(damage)),
    }
    if draw(st.booleans()):
        features["^"] = FeatureSpec("^", FeatureKind.HAZARD, None, draw(damage))
    if draw(st.booleans()):
        features["T"] = FeatureSpec("T", FeatureKind.TRAP, None, draw(damage))
    name = draw(st.sampled_from(RANDOM_NAMES))
    return Board(name, shape.layout, cells, shape.walls, features, shape.diagonals)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_boards())
def test_random_maps_survive_write_then_parse(board: Board) -> None:
    written = write_map(board)
    again, findings = parse_map(written, "random.toml")
    assert findings == []
    assert again == board
    assert np.array_equal(again.neighbours, board.neighbours)
    assert np.array_equal(again.links, board.links)
    assert write_map(again) == written


@settings(max_examples=100, deadline=None)
@given(random_boards())
def test_neighbours_are_symmetric_and_walls_cut_only_their_link(board: Board) -> None:
    for a in range(board.n):
        for b in board.neighbours[a]:
            if b < 0:
                continue
            b = int(b)
            assert board.touching(b, a)
            assert board.adjacent(a, b) is ((min(a, b), max(a, b)) not in board.walls)


# --- bad input --------------------------------------------------------------------------

# Every line of BASE is counted by the cases below: keep it as it is.
BASE = '''# A map for the error tests.
name = "Test map"
layout = "hex"
grid = """
. . . .
 . # ~ .
S . ^ T
 . D . 1
"""
walls = [
    "A1|B1",
    "C3|C4",
]

[features."^"]
kind = "hazard"
damage = 3

[features.o]
kind = "feature"
name = "Obelisk"
'''

GRID_BLOCK = 'grid = """\n. . . .\n . # ~ .\nS . ^ T\n . D . 1\n"""\n'
FEATURE_HEADER = (
    "a feature glyph is one lower-case letter, or one of # D T ^ ~"
)

# id: (old text, new text, line, message)
BAD_MAPS: dict[str, tuple[str, str, int | None, str]] = {
    "invalid TOML": ("damage = 3", "damage = ", 17, "not valid TOML: Invalid value"),
    "unterminated string": ('name = "Obelisk"', 'name = "Obelisk', 21,
                            "not valid TOML: Illegal character '\\n'"),
    "missing grid": (GRID_BLOCK, "", None, "no 'grid': a map needs its rows of spaces"),
    "grid not a string": (GRID_BLOCK, "grid = 42\n", 4,
                          "'grid' must be a string (a multi-line \"\"\" string)"),
    "empty grid": (GRID_BLOCK, 'grid = """\n_ _\n"""\n', 4, "the grid has no spaces"),
    "unknown layout": ('layout = "hex"', 'layout = "triangle"', 3,
                       "layout 'triangle' is not 'hex' or 'square'"),
    "diagonals not a boolean": ('layout = "hex"', 'layout = "square"\ndiagonals = "yes"', 4,
                                "'diagonals' must be true or false"),
    "diagonals on hex": ('layout = "hex"', 'layout = "hex"\ndiagonals = true', 4,
                         "'diagonals' applies only to a square layout"),
    "name not a string": ('name = "Test map"', "name = 7", 2, "'name' must be a string"),
    "unknown glyph": ("S . ^ T", "S . X T", 7, "unknown glyph 'X' at C3"),
    "unknown glyph in even row": (" . D . 1", " . D . 1 %", 8, "unknown glyph '%' at E4"),
    "even row not shifted": (
        " . D . 1", ". D . 1", 8,
        "row 4: an even row of a hex grid starts with one space "
        "(it is drawn shifted half a space right)",
    ),
    "odd row shifted": (". . . .\n .", " . . . .\n .", 5,
                        "row 1: unexpected leading space (only even rows of a hex grid are "
                        "shifted)"),
    "cells not separated": ("S . ^ T", "S . ^T", 7,
                            "row 3: cells must be separated by one space (found '^T' at C3)"),
    "walls not a list": ('walls = [\n    "A1|B1",\n    "C3|C4",\n]', 'walls = "A1|B1"', 10,
                         "'walls' must be a list of \"A1|B1\" strings"),
    "wall without bar": ('"C3|C4"', '"C3-C4"', 12, "wall 'C3-C4' is not of the form \"A1|B1\""),
    "wall with two bars": ('"C3|C4"', '"C3|C4|D4"', 12,
                           "wall 'C3|C4|D4' is not of the form \"A1|B1\""),
    "wall not a string": ('"C3|C4"', "34", 10, "wall 34 is not of the form \"A1|B1\""),
    "wall off the map": ('"C3|C4"', '"C3|C9"', 12, "wall C3|C9: C9 is not a space of this map"),
    "wall on no space": ('"A1|B1"', '"E1|D1"', 11, "wall E1|D1: E1 is not a space of this map"),
    "wall not a name": ('"C3|C4"', '"C3|door"', 12, "wall C3|door: door is not a space name"),
    "wall not adjacent": ('"C3|C4"', '"A1|D4"', 12, "wall A1|D4: A1 and D4 are not adjacent"),
    "wall across a row": ('"C3|C4"', '"B2|A3"', 12, "wall B2|A3: B2 and A3 are not adjacent"),
    "unknown top-level key": ('layout = "hex"', 'layout = "hex"\ncolour = "red"', 4,
                              "unknown key 'colour' (a map has: diagonals, features, grid, "
                              "layout, name, walls)"),
    "damage on a feature": ('name = "Obelisk"', 'name = "Obelisk"\ndamage = 1', 19,
                            "[features.o]: only a hazard or a trap has 'damage'"),
    "damage on impassable": ('[features.o]', '[features."#"]\ndamage = 1\n\n[features.o]', 19,
                             "[features.#]: only a hazard or a trap has 'damage'"),
    "negative damage": ("damage = 3", "damage = -1", 15,
                        "[features.^]: 'damage' must be a whole number, 0 or more"),
    "damage not a number": ("damage = 3", 'damage = "3"', 15,
                            "[features.^]: 'damage' must be a whole number, 0 or more"),
    "unknown kind": ('kind = "feature"', 'kind = "statue"', 19,
                     "[features.o]: unknown kind 'statue' (kinds: difficult, feature, hazard, "
                     "impassable-feature, trap)"),
    "named feature as door": ('kind = "feature"', 'kind = "door"', 19,
                              "[features.o]: a named feature's kind is one of difficult, feature, "
                              "hazard, impassable-feature, trap"),
    "standard glyph changes kind": ('kind = "hazard"', 'kind = "trap"', 15,
                                    "[features.^]: '^' is always hazard, not trap"),
    "unconfigurable glyph": ("[features.o]", "[features.S]", 19, f"[features.S]: {FEATURE_HEADER}"),
    "unknown setting": ('name = "Obelisk"', 'name = "Obelisk"\ncolour = "grey"', 19,
                        "[features.o]: unknown setting 'colour' (a feature has: damage, kind, "
                        "name)"),
    "name not a string in features": ('name = "Obelisk"', "name = 3", 19,
                                      "[features.o]: 'name' must be a string"),
    "features not a table": ('[features."^"]\nkind = "hazard"\ndamage = 3\n\n[features.o]\n'
                             'kind = "feature"\nname = "Obelisk"\n',
                             'features = "none"\n', 15,
                             "'features' must be a table of glyphs"),
}


def bad_map(old: str, new: str) -> str:
    assert BASE.count(old) == 1, old
    return BASE.replace(old, new)


def test_base_map_is_clean() -> None:
    board = board_of(BASE)
    assert board.n == 16
    assert len(board.walls) == 2


@pytest.mark.parametrize(
    ("old", "new", "line", "message"), BAD_MAPS.values(), ids=BAD_MAPS.keys()
)
def test_bad_map_is_one_error_naming_file_and_line(
    tmp_path: Path, old: str, new: str, line: int | None, message: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(bad_map(old, new), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_map(path)
    where = f"{path}:{line}" if line is not None else str(path)
    assert str(caught.value) == f"{where}: {message}"
    assert (caught.value.source, caught.value.line, caught.value.detail) == (
        str(path), line, message)
    assert "\n" not in str(caught.value)


def test_findings_are_all_listed_and_load_map_reports_the_first(tmp_path: Path) -> None:
    text = bad_map("S . ^ T", "S . X T").replace('"C3|C4"', '"A1|D4"').replace(
        'kind = "feature"', 'kind = "statue"')
    board, findings = parse_map(text, "many.toml")
    assert [str(f) for f in findings] == [
        "many.toml:19: [features.o]: unknown kind 'statue' (kinds: difficult, feature, "
        "hazard, impassable-feature, trap)",
        "many.toml:7: unknown glyph 'X' at C3",
        "many.toml:12: wall A1|D4: A1 and D4 are not adjacent",
    ]
    assert board.glyphs[board.space("C3")] == "."  # read as open so checking can go on
    path = tmp_path / "many.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_map(path)
    assert str(caught.value) == (
        f"{path}:19: [features.o]: unknown kind 'statue' (kinds: difficult, feature, hazard, "
        "impassable-feature, trap) (and 2 more findings: run 'tales map check')"
    )


def test_line_numbers_with_grid_on_the_opening_line() -> None:
    _, findings = parse_map('name = "x"\n\ngrid = """. . .\n . X"""\n', "same-line.toml")
    assert findings == [Finding("same-line.toml", 4, "unknown glyph 'X' at B2")]


def test_windows_line_endings() -> None:
    text = BASE.replace("S . ^ T", "S . X T").replace("\n", "\r\n")
    board, findings = parse_map(text, "crlf.toml")
    assert findings == [Finding("crlf.toml", 7, "unknown glyph 'X' at C3")]
    assert board.n == 16


def test_parse_map_line_offset() -> None:
    _, findings = parse_map(bad_map("S . ^ T", "S . X T"), "pos.toml", line_offset=10)
    assert findings == [Finding("pos.toml", 17, "unknown glyph 'X' at C3")]


@pytest.mark.parametrize(
    ("content", "message"),
    [(None, "no such file"), ("dir", "is a directory, not a file"),
     (b"name = \"\xff\"\n", "is not UTF-8 text")],
)
def test_unreadable_map_file(tmp_path: Path, content: bytes | str | None, message: str) -> None:
    path = tmp_path / "unreadable.toml"
    if content == "dir":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    with pytest.raises(ContentError) as caught:
        load_map(path)
    assert str(caught.value) == f"{path}: {message}"


def test_unknown_top_level_table_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "extra-table.toml"
    path.write_text(BASE + "\n[extras]\nauthor = \"me\"\n", encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_map(path)
    assert str(caught.value) == (
        f"{path}:23: unknown key 'extras' (a map has: diagonals, features, grid, layout, "
        "name, walls)"
    )


def test_bad_wall_in_single_quotes_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "single-quotes.toml"
    path.write_text(bad_map('"C3|C4"', "'A1|D4'"), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_map(path)
    assert str(caught.value) == f"{path}:12: wall A1|D4: A1 and D4 are not adjacent"


def test_a_stray_double_space_is_one_finding() -> None:
    """Issue 20, 8: one double space in a row shifts every cell after it; it is one finding,
    and the row is read as its glyphs."""
    text = 'name = "x"\ngrid = """\nS . . .\n . .  . .\n"""\n'
    board, findings = parse_map(text, "stray.toml")
    assert [str(f) for f in findings] == [
        "stray.toml:4: row 2: cells must be separated by one space (found '  ' at C2)"]
    assert board.n == 8
