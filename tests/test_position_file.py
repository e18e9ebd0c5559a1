"""Position files (DESIGN.md, "Position file"): the map by path or inline, figures with
keywords and tokens, Trap / Wizard Fire / door tokens, and one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.board.figures import Figure, Keyword, Side, Token
from tales.board.position import Position, load_position
from tales.errors import ContentError

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_POSITION = ROOT / "positions" / "cellar-brawl.toml"

ROOM = '''name = "Room"
layout = "square"
grid = """
S . . . .
. # T . 1
. . D . .
"""
'''

# Every line of BASE is counted by the cases below: keep it as it is.
BASE = '''# A position for the error tests.
map = "../maps/room.toml"
traps = { C1 = 2 }
wizard_fire = { D1 = 1 }
open_doors = ["C3"]

[[figures]]
id = "hero"
side = "hero"
at = "A1"
fortitude = 8
damage = 3
keywords = ["Immune to Traps", "Resistant"]
tokens = { shield = 2, stun = 1 }

[[figures]]
id = "rat"
side = "schemer"
group = "rats"
number = 2
at = "B1"
keywords = ["Tiny"]
'''


def load(tmp_path: Path, text: str, map_text: str = ROOM) -> Position:
    """Write ``map_text`` to maps/room.toml and ``text`` to positions/p.toml; load it."""
    (tmp_path / "maps").mkdir(exist_ok=True)
    (tmp_path / "positions").mkdir(exist_ok=True)
    (tmp_path / "maps" / "room.toml").write_text(map_text, encoding="utf-8")
    path = tmp_path / "positions" / "p.toml"
    path.write_text(text, encoding="utf-8")
    return load_position(path)


def edited(*changes: tuple[str, str]) -> str:
    """BASE with each (old, new) change made; each old text must occur exactly once."""
    text = BASE
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def named(position: Position, spaces: object) -> object:
    """Space indexes (a set or the keys of a dict) as names, for readable comparisons."""
    names = position.board.names
    if isinstance(spaces, dict):
        return {names[s]: v for s, v in spaces.items()}
    assert isinstance(spaces, frozenset | set)
    return {names[s] for s in spaces}


# --- reading ----------------------------------------------------------------------------


def test_map_by_path_relative_to_the_position_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    position = load(tmp_path, BASE)
    assert position.board.name == "Room"
    assert position.board.n == 15


def test_figures_as_written(tmp_path: Path) -> None:
    position = load(tmp_path, BASE)
    board = position.board
    assert position.figures == (
        Figure(id="hero", side=Side.HERO, at=board.space("A1"), fortitude=8, damage=3,
               keywords=frozenset({Keyword.RESISTANT}), immune=frozenset({"traps"}),
               tokens=((Token.SHIELD, 2), (Token.STUN, 1))),
        Figure(id="rat", side=Side.SCHEMER, at=board.space("B1"), group="rats", number=2,
               keywords=frozenset({Keyword.TINY})),
    )
    hero = position.figure("hero")
    assert hero.is_immune_to(["traps"])
    assert hero.remaining_fortitude == 5
    assert hero.token(Token.SHIELD) == 2 and hero.token(Token.EVADE) == 0


def test_tokens_on_the_map(tmp_path: Path) -> None:
    position = load(tmp_path, BASE)
    assert named(position, position.traps) == {"C1": 2}  # replaces the map's Trap at C2
    assert named(position, position.wizard_fire) == {"D1": 1}
    assert position.closed_doors == frozenset()


def test_defaults_are_the_map_as_printed(tmp_path: Path) -> None:
    position = load(tmp_path, 'map = "../maps/room.toml"\n')
    assert position.figures == ()
    assert named(position, position.traps) == {"C2": 1}
    assert position.wizard_fire == {}
    assert named(position, position.closed_doors) == {"C3"}
    assert position == Position.empty(position.board)


def test_empty_traps_table_removes_the_printed_traps(tmp_path: Path) -> None:
    position = load(tmp_path, 'map = "../maps/room.toml"\ntraps = {}\n')
    assert position.traps == {}


@pytest.mark.parametrize(
    ("keywords", "expected", "immune"),
    [
        ('["tiny", "BIG BAD"]', {Keyword.TINY, Keyword.BIG_BAD}, set()),
        ('["Immune to Traps"]', set(), {"traps"}),
        ('["Immune to Difficult Terrain", "immune to hazard"]', set(), {"difficult", "hazards"}),
        ('["Immune to Wine Puddle", "Heroic"]', {Keyword.HEROIC}, {"wine puddle"}),
        ("[]", set(), set()),
    ],
)
def test_keywords(tmp_path: Path, keywords: str, expected: set[Keyword], immune: set[str]) -> None:
    position = load(tmp_path, edited(('["Tiny"]', keywords), ('at = "B1"', 'at = "E1"')))
    rat = position.figure("rat")
    assert rat.keywords == frozenset(expected)
    assert rat.immune == frozenset(immune)


def test_tiny_figures_share_a_space(tmp_path: Path) -> None:
    position = load(tmp_path, edited(('at = "B1"', 'at = "A1"')))
    a1 = position.board.space("A1")
    assert [f.id for f in position.figures_at(a1)] == ["hero", "rat"]
    assert position.is_occupied(a1)
    assert not position.is_occupied(a1, ignoring="hero")


def test_figure_on_an_opened_door(tmp_path: Path) -> None:
    position = load(tmp_path, edited(('at = "B1"', 'at = "C3"')))
    assert position.board.names[position.figure("rat").at] == "C3"


def test_inline_map(tmp_path: Path) -> None:
    text = '''[map]
name = "Inline"
layout = "square"
grid = """
S T o
"""
walls = ["A1|B1"]
[map.features.o]
kind = "hazard"
name = "Brazier"
damage = 4
[map.features.T]
damage = 0

[[figures]]
id = "zot"
side = "hero"
at = "A1"
'''
    position = load(tmp_path, text)
    board = position.board
    assert (board.name, board.n) == ("Inline", 3)
    assert board.wall_between(0, 1)
    assert board.feature_name[2] == "Brazier" and int(board.hazard_damage[2]) == 4
    assert position.figure("zot").at == 0


def test_a_zero_damage_trap_is_still_a_trap(tmp_path: Path) -> None:
    position = load(tmp_path, 'map = "../maps/room.toml"\n',
                    map_text=ROOM + "[features.T]\ndamage = 0\n")
    assert named(position, position.traps) == {"C2": 0}


def test_sample_position() -> None:
    position = load_position(SAMPLE_POSITION)
    board = position.board
    assert board.name == "Cellar stairs (sample)"
    summary = [(f.id, f.side.value, board.names[f.at], f.fortitude,
                sorted(k.value for k in f.keywords), sorted(f.immune), f.tokens)
               for f in position.figures]
    assert summary == [
        ("zot", "hero", "B2", 8, [], [], ()),
        ("pooky", "hero", "B2", None, ["Avoided", "Tiny"], [], ()),
        ("deirdre", "hero", "A3", 10, [], [], ((Token.SHIELD, 1),)),
        ("gob1", "schemer", "F3", 3, ["Tiny"], [], ()),
        ("brute1", "schemer", "F4", 6, ["Massive"], ["difficult"], ()),
        ("golem", "schemer", "G5", 9, ["Juggernaut", "Overrun"], [], ()),
    ]
    assert named(position, position.traps) == {"E3": 1}
    assert named(position, position.closed_doors) == {"D4"}


# --- bad input --------------------------------------------------------------------------

FIGURE_KEYS = ("at, damage, fortitude, group, id, keywords, number, owner, recovering, "
               "recovery, role, side, tokens, toughness_refresh, wounded, wounded_fortitude")
KEYWORDS = ("Tiny, Avoided, Massive, Juggernaut, Immobile, Overrun, Big Bad, Berserk, Heroic, "
            "Resistant, Doom, Immune to X")
TOKENS = ("damage_boost, evade, hitback, overcharge, reset, shield, toughness, weaken, stun, "
          "repair, pooky")

# id: (changes to BASE, line, message)
BAD_POSITIONS: dict[str, tuple[list[tuple[str, str]], int | None, str]] = {
    "invalid TOML": ([('number = 2', 'number = ')], 20, "not valid TOML: Invalid value"),
    "unknown top-level key": ([('open_doors = ["C3"]', 'open_doors = ["C3"]\nweather = "rain"')],
                              6, "unknown key 'weather' (a position has: figures, map, "
                              "open_doors, traps, wizard_fire)"),
    "no map": ([('map = "../maps/room.toml"\n', "")], None,
               "no 'map': give map = \"FILE\" or a [map] table"),
    "map not a name or table": ([('map = "../maps/room.toml"', "map = 3")], 2,
                                "'map' must be a file name or a [map] table"),
    "unknown figure key": ([("fortitude = 8", "fortitude = 8\nhealth = 3")], 7,
                           f"figure 'hero': unknown key 'health' (a figure has: {FIGURE_KEYS})"),
    "figure without id": ([('id = "rat"\n', "")], 16,
                          "figure 2: needs an 'id' (a name such as \"zot\")"),
    "duplicate id": ([('id = "rat"', 'id = "hero"')], 16, "figure 'hero': the id is used twice"),
    "bad side": ([('side = "schemer"', 'side = "villain"')], 16,
                 "figure 'rat': side 'villain' is not \"hero\" or \"schemer\""),
    "no side": ([('side = "schemer"\n', "")], 16,
                "figure 'rat': side None is not \"hero\" or \"schemer\""),
    "unknown space": ([('at = "B1"', 'at = "Z9"')], 16,
                      "figure 'rat': at: no space Z9 on map 'Room'"),
    "not a space name": ([('at = "B1"', 'at = "the bar"')], 16,
                         "figure 'rat': at: no space the bar on map 'Room'"),
    "no at": ([('at = "B1"\n', "")], 16, "figure 'rat': at: None is not a space name"),
    "on Impassable": ([('at = "B1"', 'at = "B2"')], 16, "figure 'rat': B2 is Impassable"),
    "on a closed door": ([('open_doors = ["C3"]', "open_doors = []"), ('at = "B1"', 'at = "C3"')],
                         16, "figure 'rat': C3 has a closed door"),
    "two non-Tiny on one space": (
        [('keywords = ["Tiny"]', "keywords = []"), ('at = "B1"', 'at = "A1"')], 16,
        "figure 'rat': A1 is already Occupied by 'hero' (only Tiny figures share a space)"),
    "unknown keyword": ([('"Tiny"', '"Fast"')], 16,
                        f"figure 'rat': unknown keyword 'Fast' (keywords: {KEYWORDS})"),
    "keyword not a string": ([('"Tiny"', "1")], 16,
                             f"figure 'rat': unknown keyword 1 (keywords: {KEYWORDS})"),
    "keywords not a list": ([('["Tiny"]', '"Tiny"')], 16,
                            "figure 'rat': 'keywords' must be a list of strings"),
    "unknown token": ([("stun = 1", "gold = 1")], 7,
                      f"figure 'hero': unknown token 'gold' (known: {TOKENS})"),
    "negative token count": ([("stun = 1", "stun = -1")], 7,
                             "figure 'hero': tokens.stun must be a whole number, 0 or more"),
    "fortitude 0": ([("fortitude = 8", "fortitude = 0")], 7,
                    "figure 'hero': 'fortitude' must be a whole number, 1 or more"),
    "negative damage": ([("damage = 3", "damage = -3")], 7,
                        "figure 'hero': 'damage' must be a whole number, 0 or more"),
    "number not whole": ([("number = 2", "number = 2.5")], 16,
                         "figure 'rat': 'number' must be a whole number, 1 or more"),
    "group not a string": ([('group = "rats"', "group = 5")], 16,
                           "figure 'rat': 'group' must be a string"),
    "trap off the map": ([("C1 = 2", "Q1 = 2")], 3, "traps: no space Q1 on map 'Room'"),
    "trap on Impassable": ([("C1 = 2", "B2 = 2")], 3, "traps.B2: B2 is Impassable"),
    "negative trap damage": ([("C1 = 2", "C1 = -2")], 3,
                             "traps.C1: damage must be a whole number, 0 or more"),
    "wizard fire not a table": ([("wizard_fire = { D1 = 1 }", 'wizard_fire = ["D1"]')], 4,
                                "'wizard_fire' must be a table of space = damage"),
    "trap and wizard fire together": ([("D1 = 1", "C1 = 1")], 4,
                                      "C1 has both a Trap and a Wizard Fire token (glossary: "
                                      "Trap, Wizard Fire)"),
    "open door not a door": ([('["C3"]', '["A2"]')], 5, "open_doors: A2 is not a door space"),
    "open door off the map": ([('["C3"]', '["C9"]')], 5, "open_doors: no space C9 on map 'Room'"),
}


@pytest.mark.parametrize(
    ("changes", "line", "message"), BAD_POSITIONS.values(), ids=BAD_POSITIONS.keys()
)
def test_bad_position_is_one_error_naming_file_and_line(
    tmp_path: Path, changes: list[tuple[str, str]], line: int | None, message: str
) -> None:
    with pytest.raises(ContentError) as caught:
        load(tmp_path, edited(*changes))
    path = tmp_path / "positions" / "p.toml"
    where = f"{path}:{line}" if line is not None else str(path)
    assert str(caught.value) == f"{where}: {message}"
    assert "\n" not in str(caught.value)


def test_missing_map_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        load(tmp_path, edited(("room.toml", "cellar.toml")))
    path = tmp_path / "positions" / "p.toml"
    looked = tmp_path / "positions" / "../maps/cellar.toml"
    assert str(caught.value) == (
        f"{path}:2: map file '../maps/cellar.toml' not found (looked for {looked})")


def test_missing_position_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        load_position(tmp_path / "nowhere.toml")
    assert str(caught.value) == f"{tmp_path / 'nowhere.toml'}: no such file"


def test_error_in_the_map_file_names_the_map_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        load(tmp_path, BASE, map_text=ROOM.replace(". . D . .", ". . D X ."))
    map_path = tmp_path / "positions" / "../maps/room.toml"
    assert str(caught.value) == f"{map_path}:6: unknown glyph 'X' at D3"


def test_error_in_an_inline_map_names_the_position_file_line(tmp_path: Path) -> None:
    text = '''# inline map with a bad glyph and a bad wall
[map]
name = "Inline"
grid = """
S . .
 . X .
"""
walls = ["A1|C1"]

[[figures]]
id = "zot"
side = "hero"
at = "A1"
'''
    with pytest.raises(ContentError) as caught:
        load(tmp_path, text)
    path = tmp_path / "positions" / "p.toml"
    assert str(caught.value) == (
        f"{path}:6: unknown glyph 'X' at B2 (and 1 more finding: run 'tales map check')")


def test_inline_map_feature_error_names_its_table_line(tmp_path: Path) -> None:
    text = '[map]\ngrid = """\nS o\n"""\n\n[map.features.o]\nkind = "statue"\n'
    with pytest.raises(ContentError) as caught:
        load(tmp_path, text)
    path = tmp_path / "positions" / "p.toml"
    assert str(caught.value) == (f"{path}:6: [features.o]: unknown kind 'statue' (kinds: "
                                 "difficult, feature, hazard, impassable-feature, trap)")


def test_unknown_top_level_table_names_its_line(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        load(tmp_path, BASE + '\n[notes]\ntext = "round 2"\n')
    path = tmp_path / "positions" / "p.toml"
    assert str(caught.value) == (
        f"{path}:24: unknown key 'notes' (a position has: figures, map, open_doors, traps, "
        "wizard_fire)")
