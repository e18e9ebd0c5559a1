"""Less typing for a position (issue 18, items 6 and 7): the compact figure form beside the
long one, ``tales position new MAP``, positions written back (``--export``), and what
``position show`` says."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.board.compact import compact_table
from tales.board.figures import Figure, Keyword, Role, Side, Token
from tales.board.position import Position, load_position, parse_position
from tales.board.writer import map_reference, position_text
from tales.errors import ContentError
from tests.test_cli import run

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_MAP = ROOT / "maps" / "cellar-stairs.toml"
SAMPLE_POSITION = ROOT / "positions" / "cellar-brawl.toml"

COMPACT_BRAWL = '''map = "../maps/cellar-stairs.toml"
open_doors = []
figures = [
  "zot hero B2 fortitude=8",
  "pooky pooky B2 owner=zot Tiny Avoided",
  "deirdre hero A3 fortitude=10 shield=1",
  "gob1 cellar-rats F3 number=1 fortitude=3 Tiny",
  "brute1 bouncers F4 number=1 fortitude=6 Massive 'Immune to Difficult'",
  "golem golems G5 number=1 fortitude=9 Juggernaut Overrun",
]
'''


def _write(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "positions"
    folder.mkdir(exist_ok=True)
    (tmp_path / "maps").mkdir(exist_ok=True)
    (tmp_path / "maps" / "cellar-stairs.toml").write_text(
        SAMPLE_MAP.read_text(encoding="utf-8"), encoding="utf-8")
    path = folder / "p.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_compact_form_says_what_the_long_form_says(tmp_path: Path) -> None:
    assert load_position(_write(tmp_path, COMPACT_BRAWL)).figures == load_position(
        SAMPLE_POSITION).figures


def test_compact_and_inline_tables_mix(tmp_path: Path) -> None:
    text = COMPACT_BRAWL.replace(
        '  "zot hero B2 fortitude=8",',
        '  { id = "zot", side = "hero", at = "B2", fortitude = 8 },')
    assert load_position(_write(tmp_path, text)).figures == load_position(
        SAMPLE_POSITION).figures


@pytest.mark.parametrize(("line", "table"), [
    ("zot hero C3", {"id": "zot", "side": "hero", "at": "C3"}),
    ("rat1 cellar-rats F1 damage=1", {"id": "rat1", "side": "schemer", "group": "cellar-rats",
                                      "at": "F1", "damage": 1}),
    ("s schemer A1 'Big Bad' wounded", {"id": "s", "side": "schemer", "at": "A1",
                                        "keywords": ["Big Bad"], "wounded": True}),
    ("otto companion A1 recovery=Avoided,Tiny recovering", {
        "id": "otto", "side": "hero", "role": "companion", "at": "A1",
        "recovery": ["Avoided", "Tiny"], "recovering": True}),
    ("boss boss A1 group=ogres toughness_refresh=2 toughness=3 wounded_fortitude=9", {
        "id": "boss", "side": "schemer", "role": "boss", "at": "A1", "group": "ogres",
        "toughness_refresh": 2, "tokens": {"toughness": 3}, "wounded_fortitude": 9}),
])
def test_compact_lines(line: str, table: dict[str, object]) -> None:
    assert compact_table(line) == table


@pytest.mark.parametrize(("entry", "says"), [
    ("zot hero", "give at least ID KIND SPACE"),
    ("zot hero Z9", "at: no space Z9 on map"),
    ("zot hero C3 damage=lots", "'damage=lots': damage takes a whole number"),
    ("zot hero C3 colour=red", "unknown key 'colour'"),
    ("zot hero C3 damage=1 damage=2", "'damage' is given twice"),
    ("zot hero C3 Fast", "unknown keyword 'Fast'"),
    ("zot hero C3 glitter=1", "unknown key 'glitter'"),
    ("zot hero 'C3", "cannot split it into words"),
])
def test_a_bad_compact_line_is_one_line_naming_file_line_and_entry(
    tmp_path: Path, entry: str, says: str
) -> None:
    text = COMPACT_BRAWL.replace('  "golem golems G5 number=1 fortitude=9 Juggernaut Overrun",',
                                 f'  "{entry}",').replace('"zot hero B2 fortitude=8"',
                                                          '"zed hero B1"')
    path = _write(tmp_path, text)
    with pytest.raises(ContentError) as caught:
        load_position(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{path}:9: figure {entry!r}: ")
    assert says in message


def test_position_show_with_a_bad_line_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _write(tmp_path, COMPACT_BRAWL.replace("zot hero B2", "zot hero Q9"))
    status, out, err = run(capsys, "position", "show", str(path))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "p.toml:4: figure 'zot hero Q9 fortitude=8'" in err


# --- written back --------------------------------------------------------------------------


def test_a_written_position_reads_back(tmp_path: Path) -> None:
    position = load_position(SAMPLE_POSITION)
    position = replace(position, traps={}, wizard_fire={7: 2},
                       closed_doors=frozenset())
    zot = position.figure("zot")
    position = position.with_figure(replace(zot, damage=3, wounded=True,
                                            tokens=((Token.STUN, 1),)))
    path = tmp_path / "positions" / "out.toml"
    path.parent.mkdir()
    path.write_text(position_text(position, map_reference(SAMPLE_MAP, path), "a note"),
                    encoding="utf-8")
    assert load_position(path) == position


SPACES = st.integers(0, 45)
NAMES = st.text("abcxyz019-_", min_size=1, max_size=6)


@st.composite
def figures(draw: st.DrawFn) -> Figure:
    side = draw(st.sampled_from(list(Side)))
    roles = [None, Role.HERO, Role.ALLY, Role.ILLUSION, Role.POOKY] if side is Side.HERO \
        else [None, Role.SCHEMER, Role.BOSS]
    role = draw(st.sampled_from(roles))
    wounded = draw(st.booleans())
    return Figure(
        id=draw(NAMES), side=side, at=draw(SPACES),
        group=draw(st.none() | st.sampled_from(["rats", "hero", "boss", "a b"])),
        number=draw(st.none() | st.integers(1, 9)),
        fortitude=draw(st.none() | st.integers(1, 20)), damage=draw(st.integers(0, 9)),
        wounded=wounded,
        wounded_fortitude=None if wounded else draw(st.none() | st.integers(1, 20)),
        toughness_refresh=draw(st.integers(0, 3)),
        keywords=frozenset(draw(st.sets(st.sampled_from(
            [Keyword.MASSIVE, Keyword.BIG_BAD, Keyword.OVERRUN, Keyword.DOOM])))),
        immune=frozenset(draw(st.sets(st.sampled_from(["traps", "flooded nave"])))),
        tokens=tuple(sorted(draw(st.dictionaries(st.sampled_from(list(Token)),
                                                 st.integers(1, 3))).items())),
        role=role, owner=draw(st.none() | NAMES))


@settings(max_examples=200, deadline=None)
@given(figures())
def test_a_compact_line_reads_back_to_its_figure(figure: Figure) -> None:
    board = load_position(SAMPLE_POSITION).board
    text = position_text(Position(board, (figure,), {}, {}, frozenset()), "x")
    text = text.replace('map = "x"', f"map = {str(SAMPLE_MAP)!r}")
    free = [s for s in range(board.n) if not board.impassable[s] and not board.door[s]]
    if figure.at not in free:
        return
    assert parse_position(text).figures == (figure,)


# --- tales position new -----------------------------------------------------------------


def test_position_new_writes_a_skeleton_that_loads(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "positions" / "new.toml"
    status, _, err = run(capsys, "position", "new", str(SAMPLE_MAP), str(out))
    assert (status, err) == (0, "")
    text = out.read_text(encoding="utf-8")
    assert "# Hero start spaces: A1 B1 A2" in text
    assert "# Deployment spaces: 1=H4 2=H5" in text
    assert f'map = "{map_reference(SAMPLE_MAP, out)}"' in text
    position = load_position(out)
    assert [(f.id, position.board.names[f.at]) for f in position.figures] == [
        ("hero1", "A1"), ("hero2", "B1"), ("hero3", "A2")]
    again = run(capsys, "position", "new", str(SAMPLE_MAP), str(out))
    assert again[0] == 2 and "already exists" in again[2]
    assert run(capsys, "position", "new", str(SAMPLE_MAP), str(out), "--force")[0] == 0


def test_position_new_prints_without_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "position", "new", str(SAMPLE_MAP))
    assert (status, err) == (0, "")
    assert out.splitlines()[4] == f'map = "{SAMPLE_MAP.as_posix()}"'
