"""The ``tales`` command: output of each command on the sample files, exit statuses, and
one-line errors without tracebacks."""

from __future__ import annotations

import argparse
import json
import subprocess
import sysconfig
from pathlib import Path

import pytest

from tales.cli import main

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"
SAMPLE_MAP = str(ROOT / "maps" / "cellar-stairs.toml")
SAMPLE_POSITION = str(ROOT / "positions" / "cellar-brawl.toml")
CORRIDOR = str(DATA / "corridor.toml")
WALLED = str(DATA / "walled-deployment.toml")
UNKNOWN_GLYPH = str(DATA / "unknown-glyph.toml")
MALFORMED = str(DATA / "malformed.toml")
MISSING = str(DATA / "no-such-file.toml")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``tales argv``; return (exit status, stdout, stderr)."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    status, out, err = run(capsys, *argv, "--json")
    assert (status, err) == (0, "")
    return json.loads(out)


SAMPLE_DRAWING = """\
     A   B   C   D   E   F   G   H
  1  S   S | .   .   .   .   .
  2    S   .   #   #   .   ~   ~ | .
  3  .   .   ^   .   T   .   o   .
                  \\
  4    .   .   .   D   .   .   .   1
  5  .   w   w   .   .   #   .   2
                      \\
  6    .   .   .   .   ~   .   .
Cellar stairs (sample) (hex, 46 spaces, 4 walls)
  #  Impassable
  D  door
  T  Trap, damage 1
  ^  Hazard 'Brazier', damage 2
  o  Impassable map feature 'Barrel stack'
  w  Difficult 'Wine puddle'
  ~  Difficult
  S  Hero start: A1 B1 A2
  1-9 deployment: 1=H4 2=H5
"""


# --- tales map show / check --------------------------------------------------------------


def test_map_show(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "map", "show", SAMPLE_MAP) == (0, SAMPLE_DRAWING, "")


def test_map_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "map", "show", SAMPLE_MAP)
    assert isinstance(data, dict)
    assert (data["name"], data["layout"], data["diagonals"]) == (
        "Cellar stairs (sample)", "hex", False)
    assert data["walls"] == ["B1|C1", "G2|H2", "D3|D4", "E5|E6"]
    spaces = data["spaces"]
    assert len(spaces) == 46
    assert list(spaces)[:3] == ["A1", "B1", "C1"]
    assert spaces["B1"] == {"glyph": "S", "kind": "start", "neighbours": ["A1", "A2", "B2"]}
    assert spaces["C3"] == {"glyph": "^", "kind": "hazard",
                            "neighbours": ["B3", "D3", "B2", "C2", "B4", "C4"]}
    assert spaces["D4"] == {"glyph": "D", "kind": "door",
                            "neighbours": ["C4", "E4", "E3", "D5", "E5"]}
    assert spaces["G3"]["kind"] == "impassable-feature"
    assert spaces["H4"] == {"glyph": "1", "kind": "deployment", "neighbours": ["G4", "H3", "H5"]}


def test_map_check_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "map", "check", SAMPLE_MAP) == (
        0, f"{SAMPLE_MAP}: ok (46 spaces)\n", "")


@pytest.mark.parametrize(
    ("path", "report"),
    [
        (WALLED, f"{WALLED}: deployment 1 space C2 cannot be reached from A1\n"),
        (UNKNOWN_GLYPH, f"{UNKNOWN_GLYPH}:6: unknown glyph 'X' at C3\n"),
    ],
    ids=["walled-off deployment", "unknown glyph"],
)
def test_map_check_findings_exit_1(
    capsys: pytest.CaptureFixture[str], path: str, report: str
) -> None:
    assert run(capsys, "map", "check", path) == (1, report, "")


def test_map_check_several_files(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "map", "check", SAMPLE_MAP, WALLED) == (
        1,
        f"{SAMPLE_MAP}: ok (46 spaces)\n"
        f"{WALLED}: deployment 1 space C2 cannot be reached from A1\n",
        "",
    )


@pytest.mark.parametrize(
    ("path", "message"),
    [
        (MALFORMED, f"{MALFORMED}:3: not valid TOML: Illegal character '\\n'"),
        (MISSING, f"{MISSING}: no such file"),
        (CORRIDOR, f"{CORRIDOR}: no 'grid': a map needs its rows of spaces"),
    ],
    ids=["malformed", "missing", "a position, not a map"],
)
def test_map_check_unreadable_exit_2(
    capsys: pytest.CaptureFixture[str], path: str, message: str
) -> None:
    assert run(capsys, "map", "check", path) == (2, "", message + "\n")


def test_map_check_unreadable_wins_over_findings(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "map", "check", WALLED, MISSING, SAMPLE_MAP)
    assert status == 2
    assert out == (f"{WALLED}: deployment 1 space C2 cannot be reached from A1\n"
                   f"{SAMPLE_MAP}: ok (46 spaces)\n")
    assert err == f"{MISSING}: no such file\n"


# --- tales position show -------------------------------------------------------------------


def test_position_show(capsys: pytest.CaptureFixture[str]) -> None:
    expected = """\
     A   B   C   D   E   F   G   H
  1  S   S | .   .   .   .   .
  2    S   *   #   #   .   ~   ~ | .
  3  @   .   ^   .   T   &   o   .
                  \\
  4    .   .   .   D   .   &   .   1
  5  .   w   w   .   .   #   &   2
                      \\
  6    .   .   .   .   ~   .   .
""" + SAMPLE_DRAWING.split("\n", 9)[9].replace("  T  Trap, damage 1\n", "") + """\
  @  B2 zot (0/8 damage)
  @  B2 pooky (pooky of zot, Avoided, Tiny)
  @  A3 deirdre (0/10 damage, shield x1)
  &  F3 gob1 [cellar-rats] (0/3 damage, Tiny)
  &  F4 brute1 [bouncers] (0/6 damage, Massive, Immune to difficult)
  &  G5 golem [golems] (0/9 damage, Juggernaut, Overrun)
  T  Trap tokens: E3 damage 1
"""
    assert run(capsys, "position", "show", SAMPLE_POSITION) == (0, expected, "")


def test_position_show_says_wounded_and_each_traps_damage(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # issue 18, item 6
    path = tmp_path / "p.toml"
    path.write_text(f'map = "{Path(SAMPLE_MAP).resolve()}"\ntraps = {{ E3 = 1, D5 = 3 }}\n'
                    '[[figures]]\nid = "zot"\nside = "hero"\nat = "B2"\nfortitude = 5\n'
                    'damage = 2\nwounded = true\n', encoding="utf-8")
    status, out, err = run(capsys, "position", "show", str(path))
    assert (status, err) == (0, "")
    assert "  @  B2 zot (Wounded, 2/5 damage)" in out.splitlines()
    assert "  T  Trap tokens: E3 damage 1, D5 damage 3" in out.splitlines()
    assert "  T  Trap, damage 1" not in out.splitlines()


def test_position_show_inline_map(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "position", "show", CORRIDOR) == (0, """\
     A   B   C   D   E
  1  @   .   D   .   1
Corridor (square, 5 spaces, 0 walls)
  D  door
  S  Hero start: A1
  1-9 deployment: 1=E1
  @  A1 zot
""", "")


# --- tales los ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [("A1", "H4", 9), ("h4", "a1", 9), ("B2", "B2", 0), ("C3", "D4", None), ("A1", "C2", None),
     ("D3", "C4", 1), ("D3", "D4", None)],
)
def test_los_json(
    capsys: pytest.CaptureFixture[str], a: str, b: str, distance: int | None
) -> None:
    assert run_json(capsys, "los", SAMPLE_POSITION, a, b) == {
        "from": a.upper(), "to": b.upper(), "distance": distance}


def test_los_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "los", SAMPLE_POSITION, "A1", "H4") == (
        0, "Line of Fire from A1 to H4: 9\n", "")


def test_los_text_none(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "los", CORRIDOR, "A1", "E1") == (
        0, "No Line of Fire from A1 to E1\n", "")


def test_los_stops_at_a_closed_door(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, "los", CORRIDOR, "A1", "E1") == {
        "from": "A1", "to": "E1", "distance": None}
    assert run_json(capsys, "los", CORRIDOR, "A1", "B1") == {
        "from": "A1", "to": "B1", "distance": 1}


# --- tales reach -------------------------------------------------------------------------

ZOT_MOVE_2 = """\
zot at B2, Move 2: 12 spaces it may end on
    B2  cost 0  path B2
    A2  cost 1  path B2 A2
    B1  cost 1  path B2 B1
    B3  cost 1  path B2 B3
    C1  cost 1  path B2 C1
    C3  cost 1  path B2 C3 (2 damage)
    A1  cost 2  path B2 B1 A1
    A4  cost 2  path B2 B3 A4
    B4  cost 2  path B2 B3 B4
    C4  cost 2  path B2 C3 C4 (2 damage)
    D1  cost 2  path B2 C1 D1
    D3  cost 2  path B2 C3 D3 (2 damage)
"""


def test_reach_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "reach", SAMPLE_POSITION, "--figure", "zot", "--move", "2") == (
        0, ZOT_MOVE_2, "")


def test_reach_text_offers_a_safer_route(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "reach", SAMPLE_POSITION, "--figure", "zot", "--move", "4")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "zot at B2, Move 4: 26 spaces it may end on"
    assert [line for line in lines if "safer" in line] == [
        "    C4  cost 2  path B2 C3 C4 (2 damage); safer: B2 B3 B4 C4 (cost 3)",
        "    D3  cost 2  path B2 C3 D3 (2 damage); safer: B2 B3 B4 C4 D3 (cost 4)",
        "    D5  cost 3  path B2 C3 C4 D5 (2 damage); safer: B2 B3 B4 C4 D5 (cost 4)",
    ]


def test_reach_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "reach", SAMPLE_POSITION, "--figure", "zot", "--move", "2")
    assert data == {
        "figure": "zot",
        "from": "B2",
        "spaces": {"A1": 2, "B1": 1, "C1": 1, "D1": 2, "A2": 1, "B2": 0, "B3": 1, "C3": 1,
                   "D3": 2, "A4": 2, "B4": 2, "C4": 2},
    }


# deirdre at A3: zot (not Tiny) on B2 is not a neighbour; Wine puddle B5 costs 2 to enter
DEIRDRE_MOVE_2 = {"A1": 2, "B1": 2, "A2": 1, "A3": 0, "B3": 1, "C3": 2, "A4": 1, "B4": 2,
                  "A5": 2}


@pytest.mark.parametrize(
    ("extra", "spaces"),
    [([], DEIRDRE_MOVE_2), (["--leap"], {**DEIRDRE_MOVE_2, "B5": 2})],
    ids=["move", "leap"],
)
def test_reach_move_and_leap(
    capsys: pytest.CaptureFixture[str], extra: list[str], spaces: dict[str, int]
) -> None:
    data = run_json(capsys, "reach", SAMPLE_POSITION, "--figure", "deirdre", "--move", "2",
                    *extra)
    assert data == {"figure": "deirdre", "from": "A3", "spaces": spaces}


def test_reach_stops_at_a_closed_door(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "reach", CORRIDOR, "--figure", "zot", "--move", "5")
    assert data == {"figure": "zot", "from": "A1", "spaces": {"A1": 0, "B1": 1}}


def test_reach_leap_text_header(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "reach", SAMPLE_POSITION, "--figure", "deirdre", "--move", "2",
                         "--leap")
    assert status == 0
    assert out.splitlines()[0] == "deirdre at A3, Leap 2: 10 spaces it may end on"
    assert out.splitlines()[-2:] == [
        "    B5  cost 2  path A3 A4 B5",
        "    C3  cost 2  path A3 B3 C3 (2 damage)",
    ]


# --- mistakes: exit 2, one line on stderr, no traceback -------------------------------------

USER_ERRORS = {
    "map show, missing file": (["map", "show", MISSING], f"{MISSING}: no such file"),
    "map show, malformed map": (["map", "show", MALFORMED],
                                f"{MALFORMED}:3: not valid TOML: Illegal character '\\n'"),
    "map show, unknown glyph": (["map", "show", UNKNOWN_GLYPH],
                                f"{UNKNOWN_GLYPH}:6: unknown glyph 'X' at C3"),
    "map show --json, missing file": (["map", "show", MISSING, "--json"],
                                      f"{MISSING}: no such file"),
    "position show, missing file": (["position", "show", MISSING], f"{MISSING}: no such file"),
    "position show, a map not a position": (["position", "show", SAMPLE_MAP],
                                            f"{SAMPLE_MAP}:3: unknown key 'name' (a position has: "
                                            "figures, map, open_doors, traps, wizard_fire)"),
    "los, missing file": (["los", MISSING, "A1", "B1"], f"{MISSING}: no such file"),
    "los, unknown space": (["los", SAMPLE_POSITION, "A1", "Z9"],
                           "no space Z9 on map 'Cellar stairs (sample)'"),
    "los, not a space name": (["los", SAMPLE_POSITION, "bar", "A1", "--json"],
                              "no space bar on map 'Cellar stairs (sample)'"),
    "reach, unknown figure": (
        ["reach", SAMPLE_POSITION, "--figure", "nobody", "--move", "2"],
        "no figure 'nobody' in this position (figures: zot, pooky, deirdre, gob1, brute1, "
        "golem)"),
    "reach, negative move": (["reach", SAMPLE_POSITION, "--figure", "zot", "--move", "-1"],
                             "argument --move: -1: give a whole number, 0 or more (see tales "
                             "reach --help)"),
    "reach, missing file": (["reach", MISSING, "--figure", "zot", "--move", "1", "--json"],
                            f"{MISSING}: no such file"),
}


@pytest.mark.parametrize(("argv", "message"), USER_ERRORS.values(), ids=USER_ERRORS.keys())
def test_user_mistakes_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert run(capsys, *argv) == (2, "", f"tales: {message}\n")


# --- the parser: a command builds only its family's parsers ---------------------------------


def _command_words(parser: argparse.ArgumentParser) -> tuple[str, ...]:
    """The command words of a parser's sub-commands, in the order they were added."""
    found = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return tuple(found[0].choices)


def test_each_family_lists_the_commands_it_registers() -> None:
    from tales.cli import FAMILIES, build_parser, family
    from tales.cli.common import Parser

    listed = [c for words in FAMILIES.values() for c in words]
    assert sorted(listed) == sorted(_command_words(build_parser()))
    for name, words in FAMILIES.items():
        alone = Parser(prog="tales")
        family(name).register(alone.add_subparsers(dest="command"))
        assert _command_words(alone) == words
        for command in words:
            assert _command_words(build_parser(command)) == words


def test_schemer_commands_without_rule_flags_take_the_game_loops_defaults() -> None:
    from tales.cli.common import schemer_rules_of
    from tales.engine.state import GameRules
    from tales.rules.schemer_movement import Approach

    assert schemer_rules_of(argparse.Namespace(rule=None)) == GameRules().schemer_rules()
    assert schemer_rules_of(argparse.Namespace(rule=["approach=path"])) == GameRules(
        approach=Approach.PATH).schemer_rules()


def test_a_word_that_is_no_command_lists_every_command(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "lso")
    assert (status, out) == (2, "")
    assert "invalid choice: 'lso'" in err and "'tavern'" in err and "'los'" in err


# --- the installed console script -------------------------------------------------------------


def test_console_script_entry_point() -> None:
    script = Path(sysconfig.get_path("scripts")) / "tales"
    assert script.exists(), f"the 'tales' console script is not installed at {script}"
    done = subprocess.run(
        [str(script), "los", SAMPLE_POSITION, "A1", "H4", "--json"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout) == {"from": "A1", "to": "H4", "distance": 9}


def test_console_script_error_has_no_traceback() -> None:
    script = Path(sysconfig.get_path("scripts")) / "tales"
    done = subprocess.run(
        [str(script), "map", "show", MALFORMED],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"tales: {MALFORMED}:3: not valid TOML: Illegal character '\\n'\n"


def test_a_reader_that_stops_early_gets_no_complaint() -> None:
    """`tales ... | head`: the pipe closed before the report is written is no mistake of
    the user's: no message and status 0 (it was "tales: Broken pipe" and status 2)."""
    script = Path(sysconfig.get_path("scripts")) / "tales"
    run = subprocess.Popen([str(script), "tavern", "simulate", "--games", "3"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert run.stdout is not None and run.stderr is not None
    run.stdout.close()  # closed before the games are played and the report printed
    error = run.stderr.read()
    assert (run.wait(timeout=120), error) == (0, b"")


def test_a_command_imports_only_its_own_family() -> None:
    import subprocess
    import sys

    code = ("import sys; from tales.cli import build_parser; build_parser('los'); "
            "print(sorted(m for m in sys.modules if m.startswith('tales.cli.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "['tales.cli.board', 'tales.cli.common']"
