"""Scheme Block files (glossary: Scheme, Scheme Block, Scheme Die, Schemer Group, Alternating,
Unpredictable) and the ``tales schemer`` commands that use them.

Expected values are worked out by hand. The command-line positions are one-row corridors
``A1 B1 ... G1`` whose only neighbours are left and right, so Line of Fire distances are
column differences.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tales.board.figures import Keyword, Token
from tales.content.scheme_blocks import load_scheme_blocks, parse_scheme_blocks
from tales.errors import ContentError, TalesError
from tales.rules.schemer_attacks import AttackKind
from tales.rules.schemes import (
    AttackStep,
    MoveStep,
    Only,
    Recipients,
    SchemerGroup,
    TokenStep,
    Whom,
)
from tests.test_cli import run, run_json

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_BLOCKS = str(ROOT / "scenarios" / "sample-schemers.toml")
CRYPT = str(ROOT / "positions" / "crypt-ambush.toml")
KNOWN = ("(known: foe, nearest foe, farthest foe, wounded foe, foe with least remaining "
         "fortitude, space C4, feature NAME, A or B, A, or if none, B)")


@pytest.fixture(scope="module")
def sample() -> dict[str, SchemerGroup]:
    return load_scheme_blocks(SAMPLE_BLOCKS)


# --- the sample file ----------------------------------------------------------------------

#: How a melee tie states what the Schemer is after (tales.present.ties).
MELEE = "Melee: Attack 1: adjacent Foes by Line of Fire: "

def test_sample_groups(sample: dict[str, SchemerGroup]) -> None:
    got = {
        gid: (g.id, g.name, g.colour, g.standees, g.fortitude, g.keywords, g.immune, g.limit,
              g.alternating, g.unpredictable, g.sample)
        for gid, g in sample.items()
    }
    assert list(got) == ["cellar-rats", "bouncers", "golems", "wraiths", "hounds"]
    assert got == {
        "cellar-rats": ("cellar-rats", "Cellar rats (sample)", "brown", (1, 2, 3, 4), 3,
                        frozenset({Keyword.TINY}), frozenset(), 4, False, False, True),
        "bouncers": ("bouncers", "Bouncers (sample)", "grey", (1, 2), 6,
                     frozenset({Keyword.MASSIVE}), frozenset({"difficult"}), 2, True, False,
                     True),
        "golems": ("golems", "Clay golems (sample)", "ochre", (1,), 9,
                   frozenset({Keyword.JUGGERNAUT, Keyword.OVERRUN}), frozenset(), 1, False,
                   True, True),
        "wraiths": ("wraiths", "Crypt wraiths (sample)", "pale blue", (1, 2, 3), 4,
                    frozenset(), frozenset({"flooded nave"}), 3, False, False, True),
        "hounds": ("hounds", "Bone hounds (sample)", "black", (1, 2), 5,
                   frozenset({Keyword.BIG_BAD}), frozenset(), 2, False, False, True),
    }


SAMPLE_SCHEMES = {
    "cellar-rats": [
        ("Scurry and nip", (1, 2, 3), ["Move 4 toward nearest foe", "Melee: Attack 1"]),
        ("Swarm the weak", (4, 5, 6),
         ["Leap 3 toward wounded foe, or if none, foe with least remaining fortitude",
          "Melee: Attack 1, 2 targets",
          "Squeak: 1 Shield Token to self if adjacent to a foe"]),
    ],
    "bouncers": [
        ("Guard the door", (),
         ["Move 3 toward feature Barrel stack or space D4", "Ranged 3: Attack 2"]),
        ("Throw them out", (), ["Move 3 toward farthest foe", "Melee: Attack 3",
                                "Shoulder the door: open the doors next to it"]),
    ],
    "golems": [
        ("Trample", (1, 2, 3, 4), ["Move 2 toward nearest foe", "Melee: Attack 2, 3 targets"]),
        ("Hurl rubble", (5, 6), ["Ranged 5: Attack 2, 2 targets, Splash 1"]),
    ],
    "wraiths": [
        ("Drift and wail", (1, 2, 3, 4),
         ["Leap 4 toward nearest foe or feature Altar", "Ranged 2: Attack 1, 2 targets"]),
        ("Mend the dead", (5, 6),
         ["Mend: Heal 2 friends within 3 if damaged", "Leap 4 toward nearest foe",
          "Ranged 2: Attack 1"]),
    ],
    "hounds": [
        ("Howl", (1, 2, 3, 4),
         ["Howl: 1 Weaken Token to foes within 3", "Ranged 3: Attack 1"]),
        ("Call the pack", (5, 6),
         ["Call the pack: Reinforce 1 of its group next to it", "Move 3 toward nearest foe",
          "Melee: Attack 2"]),
    ],
}


@pytest.mark.parametrize("gid", SAMPLE_SCHEMES)
def test_sample_schemes(sample: dict[str, SchemerGroup], gid: str) -> None:
    got = [(s.name, s.faces, [str(step) for step in s.steps]) for s in sample[gid].schemes]
    assert got == SAMPLE_SCHEMES[gid]


def test_sample_step_details(sample: dict[str, SchemerGroup]) -> None:
    swarm = sample["cellar-rats"].schemes[1].steps
    assert isinstance(swarm[0], MoveStep)
    assert (swarm[0].points, swarm[0].leap) == (3, True)
    assert [[str(p) for p in alt] for alt in swarm[0].toward.fallbacks] == [
        ["wounded foe"], ["foe with least remaining fortitude"]]
    assert isinstance(swarm[1], AttackStep)
    assert (swarm[1].attack.kind, swarm[1].attack.damage, swarm[1].attack.targets,
            swarm[1].attack.range) == (AttackKind.MELEE, 1, 2, None)
    assert swarm[2] == TokenStep(((Token.SHIELD, 1),), Recipients(Whom.SELF, None,
                                                                  Only.ADJACENT_TO_A_FOE),
                                 "Squeak")
    guard = sample["bouncers"].schemes[0].steps
    assert isinstance(guard[0], MoveStep)
    assert (guard[0].points, guard[0].leap) == (3, False)
    assert isinstance(guard[1], AttackStep)
    assert (guard[1].attack.kind, guard[1].attack.damage, guard[1].attack.targets,
            guard[1].attack.range, guard[1].attack.harm) == (
        AttackKind.RANGED, 2, 1, 3, "Push target 1.")


# --- choosing the Scheme ------------------------------------------------------------------

@pytest.mark.parametrize(("gid", "face", "name"), [
    ("cellar-rats", "1", "Scurry and nip"),
    ("cellar-rats", "3", "Scurry and nip"),
    ("cellar-rats", "4", "Swarm the weak"),
    ("cellar-rats", " 6 ", "Swarm the weak"),
    ("cellar-rats", "Swarm the weak", "Swarm the weak"),
    ("cellar-rats", "scurry AND nip", "Scurry and nip"),
    ("golems", "5", "Hurl rubble"),
    ("bouncers", "Throw them out", "Throw them out"),
])
def test_scheme_by_face_or_name(
    sample: dict[str, SchemerGroup], gid: str, face: str, name: str
) -> None:
    assert sample[gid].scheme(face).name == name


@pytest.mark.parametrize(("gid", "face", "message"), [
    ("cellar-rats", "7", "group 'cellar-rats' has no Scheme '7' (die faces: 1, 2, 3, 4, 5, 6; "
     "schemes: 'Scurry and nip', 'Swarm the weak')"),
    ("cellar-rats", "Nibble", "group 'cellar-rats' has no Scheme 'Nibble' (die faces: 1, 2, "
     "3, 4, 5, 6; schemes: 'Scurry and nip', 'Swarm the weak')"),
    ("bouncers", "1", "group 'bouncers' has no Scheme '1' (die faces: none; schemes: "
     "'Guard the door', 'Throw them out')"),
    ("golems", "0", "group 'golems' has no Scheme '0' (die faces: 1, 2, 3, 4, 5, 6; "
     "schemes: 'Trample', 'Hurl rubble')"),
])
def test_unknown_scheme(
    sample: dict[str, SchemerGroup], gid: str, face: str, message: str
) -> None:
    with pytest.raises(TalesError) as error:
        sample[gid].scheme(face)
    assert str(error.value) == message
    assert "\n" not in str(error.value)


# --- bad files: one ContentError naming the file and the group ----------------------------

def _blocks(group: str = "", schemes: str = "") -> str:
    """A file whose group ``rats`` (header on line 3) has ``group`` keys and ``schemes``."""
    return ("sample = true\n\n[groups.rats]\nstandees = [1, 2]\nfortitude = 3\n" + group
            + (schemes or '[[groups.rats.schemes]]\nname = "Bite"\nfaces = [1]\n'
               'steps = [{ attack = "melee", damage = 1 }]\n'))


def _scheme(name: str, steps: str, faces: str = "[1]") -> str:
    return f'[[groups.rats.schemes]]\nname = "{name}"\nfaces = {faces}\nsteps = [{steps}]\n'


BITE = '{ attack = "melee", damage = 1 }'
BAD_FILES = {
    "a standee twice": (  # issue 41: two figures of one group would share a number
        _blocks().replace("standees = [1, 2]", "standees = [1, 1]"),
        "'standees' has standee 1 twice"),
    "unknown group key": (
        _blocks("speed = 3\n"),
        "unknown key 'speed' (a group has: alternating, colour, fortitude, keywords, limit, "
        "name, schemes, shape, size, standees, unpredictable)"),
    "unknown shape": (
        _blocks("size = 2\nshape = \"blob\"\n"),
        "size 2: unknown shape 'blob' (shapes: single, pair, triangle, line-3, "
        "block)"),
    "shape of another size": (
        _blocks("size = 3\nshape = \"pair\"\n"),
        "size 3: shape 'pair' takes 2 spaces, not 3"),
    "no default shape": (
        _blocks("size = 5\n"),
        "size 5: no default shape of size 5: name one of single, pair, triangle, line-3, block"),
    "face on two schemes": (
        _blocks(schemes=_scheme("Bite", BITE, "[1, 2]") + _scheme("Claw", BITE, "[2, 3]")),
        "die face 2 is on both 'Bite' and 'Claw'"),
    "alternating with three schemes": (
        _blocks("alternating = true\n", _scheme("A", BITE, "[]") + _scheme("B", BITE, "[]")
                + _scheme("C", BITE, "[]")),
        "an Alternating group has exactly two Schemes"),
    "alternating with one scheme": (
        _blocks("alternating = true\n", _scheme("A", BITE, "[]")),
        "an Alternating group has exactly two Schemes"),
    "move without toward": (
        _blocks(schemes=_scheme("Rush", "{ move = 3 }")),
        "scheme 'Rush', step 1: needs 'toward', a selector such as \"nearest foe\""),
    "bad selector": (
        _blocks(schemes=_scheme("Rush", BITE + ', { leap = 3, toward = "closest foe" }')),
        f"scheme 'Rush', step 2: selector 'closest foe': 'closest foe' is not understood "
        f"{KNOWN}"),
    "ranged without range": (
        _blocks(schemes=_scheme("Spit", '{ attack = "ranged", damage = 1 }')),
        "scheme 'Spit', step 1: 'range' must be a whole number, 1 or more"),
    "melee with range": (
        _blocks(schemes=_scheme("Bite", '{ attack = "melee", damage = 1, range = 2 }')),
        "scheme 'Bite', step 1: a melee attack has no 'range'"),
    "unknown attack kind": (
        _blocks(schemes=_scheme("Burst", '{ attack = "burst", damage = 1 }')),
        "scheme 'Burst', step 1: attack must be \"melee\" or \"ranged\""),
    "unknown step kind": (
        _blocks(schemes=_scheme("Fly", '{ fly = 3, toward = "nearest foe" }')),
        "scheme 'Fly', step 1: give exactly one of move, leap, attack, tokens, heal, "
        "reinforce, open_door, special"),
    "two step kinds": (
        _blocks(schemes=_scheme("Odd", '{ move = 3, leap = 3, toward = "nearest foe" }')),
        "scheme 'Odd', step 1: give exactly one of move, leap, attack, tokens, heal, "
        "reinforce, open_door, special"),
    "unknown step key": (
        _blocks(schemes=_scheme("Rush", '{ move = 3, toward = "foe", speed = 2 }')),
        "scheme 'Rush', step 1: unknown key 'speed' for a move step"),
    "unknown scheme key": (
        _blocks(schemes=_scheme("Bite", BITE) + "cost = 2\n"),
        "scheme 'Bite': unknown key 'cost' (a scheme has: faces, name, steps)"),
    "unknown keyword": (
        _blocks('keywords = ["Fast"]\n'), "unknown keyword 'Fast' (keywords: Tiny, Avoided, "
        "Massive, Juggernaut, Immobile, Overrun, Big Bad, Berserk, Heroic, Resistant, Doom, "
        "Immune to X)"),
    "no schemes": (
        "[groups.rats]\nstandees = [1]\nfortitude = 3\n",
        "needs at least one [[groups.NAME.schemes]]"),
    "alternating and unpredictable": (
        _blocks("alternating = true\nunpredictable = true\n",
                _scheme("A", BITE, "[]") + _scheme("B", BITE, "[]")),
        "a group is Alternating (no Scheme Die) or Unpredictable, not both"),
    "tokens to an unknown phrase": (
        _blocks(schemes=_scheme("Hex", '{ tokens = { weaken = 1 }, to = "every hero" }')),
        "scheme 'Hex', step 1: 'to' 'every hero' is not understood (write self, group, foes, "
        "adjacent foes, foes within N, friends, adjacent friends, friends within N)"),
    "adjacent within": (
        _blocks(schemes=_scheme("Hex", '{ tokens = { weaken = 1 }, to = "adjacent foes '
                                'within 2" }')),
        "scheme 'Hex', step 1: 'to' 'adjacent foes within 2' is not understood (write self, "
        "group, foes, adjacent foes, foes within N, friends, adjacent friends, friends "
        "within N)"),
    "an unknown if": (
        _blocks(schemes=_scheme("Mend", '{ heal = 1, if = "lonely" }')),
        "scheme 'Mend', step 1: 'if' 'lonely' is not understood (write adjacent to a foe, "
        "damaged, wounded)"),
    "an unknown token": (
        _blocks(schemes=_scheme("Hex", '{ tokens = { gold = 1 } }')),
        "scheme 'Hex', step 1: unknown token 'gold'"),
    "no tokens": (
        _blocks(schemes=_scheme("Hex", '{ tokens = {} }')),
        "scheme 'Hex', step 1: 'tokens' names at least one token, such as { shield = 1 }"),
    "heal nothing": (
        _blocks(schemes=_scheme("Mend", '{ heal = 0 }')),
        "scheme 'Mend', step 1: 'heal' must be a whole number, 1 or more"),
    "a key of another step kind": (
        _blocks(schemes=_scheme("Call", '{ reinforce = 1, to = "self" }')),
        "scheme 'Call', step 1: unknown key 'to' for a reinforce step"),
    "reinforce a group not in the file": (
        _blocks(schemes=_scheme("Call", '{ reinforce = 1, group = "wolves" }')),
        "scheme 'Call', step 1: reinforces 'wolves', which is not a group of this file "
        "(rats)"),
    "open no door": (
        _blocks(schemes=_scheme("Knock", '{ open_door = "" }')),
        "scheme 'Knock', step 1: 'open_door' is \"adjacent\" or a door's space, such as "
        "\"D4\""),
    "negative splash": (
        _blocks(schemes=_scheme("Spit", '{ attack = "melee", damage = 1, splash = -1 }')),
        "scheme 'Spit', step 1: 'splash' must be a whole number, 0 or more"),
    "rolled scheme without faces": (
        _blocks(schemes=_scheme("Bite", BITE) + _scheme("Nap", BITE, "[]")),
        "scheme 'Nap' has no die faces, so it can never be rolled (only Alternating groups "
        "have none)"),
}


#: Where a mistake inside a scheme is written (the others: the group's header): a step's
#: (every step of these files is on the ``steps`` line, line 9), a ``faces`` entry's, a
#: scheme's own key or header.
MISTAKE_LINES = {"face on two schemes": 12, "unknown scheme key": 10,
                 "rolled scheme without faces": 10, "a standee twice": 4,
                 "unknown group key": 6}  # the line of the key, not the group's header


@pytest.mark.parametrize(("name", "text", "message"),
                         [(k, *v) for k, v in BAD_FILES.items()], ids=BAD_FILES.keys())
def test_bad_scheme_block_file(name: str, text: str, message: str) -> None:
    with pytest.raises(ContentError) as error:
        parse_scheme_blocks(text, "bad.toml")
    line = 1 if text.startswith("[groups.rats]") else 3
    line = MISTAKE_LINES.get(name, 9 if ", step " in message else line)
    assert str(error.value) == f"bad.toml:{line}: group 'rats': {message}"
    assert (error.value.source, error.value.line) == ("bad.toml", line)


def test_bad_file_on_disk_is_named(tmp_path: Path) -> None:
    path = tmp_path / "blocks.toml"
    path.write_text(_blocks("speed = 3\n"), encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load_scheme_blocks(path)
    assert str(error.value).startswith(f"{path}:6: group 'rats': unknown key 'speed'")


def test_unknown_top_level_key() -> None:
    with pytest.raises(ContentError) as error:
        parse_scheme_blocks('sample = true\nschemers = 1\n[groups.rats]\nstandees = [1]\n',
                            "bad.toml")
    assert str(error.value) == ("bad.toml:2: unknown key 'schemers' (a Scheme Block file has: "
                                "groups, sample)")


def test_alternating_group_with_faces_is_refused() -> None:
    text = _blocks("alternating = true\n", _scheme("A", BITE, "[1, 2, 3]")
                   + _scheme("B", BITE, "[4, 5, 6]"))
    with pytest.raises(ContentError) as error:
        parse_scheme_blocks(text, "bad.toml")
    assert str(error.value).startswith("bad.toml:3: group 'rats': ")


def test_group_id_with_brackets() -> None:
    for gid in ("rats (big)", "rats (big"):
        good = (f'[groups."{gid}"]\nstandees = [1]\nfortitude = 3\n'
                f'[[groups."{gid}".schemes]]\nname = "Bite"\nfaces = [1]\nsteps = [{BITE}]\n')
        assert list(parse_scheme_blocks(good, "good.toml")) == [gid]
        bad = good.replace("fortitude = 3\n", "fortitude = 3\nspeed = 3\n")
        with pytest.raises(ContentError) as error:
            parse_scheme_blocks(bad, "bad.toml")
        assert str(error.value).startswith(f"bad.toml:4: group '{gid}': unknown key 'speed'")


# --- tales schemer move / turn ------------------------------------------------------------

def _position(tmp_path: Path, *figures: str, grid: str = ". . . . . . .") -> str:
    """A position file in ``tmp_path``: an inline corridor and ``figures`` as
    ``"id side at"`` or ``"id schemer at number"`` (a rat of group ``rats``)."""
    lines = ["[map]", 'name = "case"', f'grid = "{grid}"']
    for spec in figures:
        figure_id, side, at, *number = spec.split()
        lines += ["[[figures]]", f'id = "{figure_id}"', f'side = "{side}"', f'at = "{at}"']
        if number:
            lines += ['group = "rats"', f"number = {number[0]}"]
    path = tmp_path / "position.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


CLI_BLOCKS = """\
sample = true

[groups.rats]
name = "Rats"
standees = [1, 2]
fortitude = 3

[[groups.rats.schemes]]
name = "Bite"
faces = [1]
steps = [{ attack = "melee", damage = 1 }]

[[groups.rats.schemes]]
name = "Rush and bite"
faces = [2]
steps = [
  { move = 4, toward = "nearest foe" },
  { attack = "melee", damage = 2, harm = "Weaken 1." },
]

[[groups.rats.schemes]]
name = "Squeak"
faces = [3]
steps = [
  { special = "Squeak", text = "Each rat gains 1 Shield Token." },
  { attack = "ranged", range = 3, damage = 1 },
]
"""


@pytest.fixture
def blocks(tmp_path: Path) -> str:
    path = tmp_path / "blocks.toml"
    path.write_text(CLI_BLOCKS, encoding="utf-8")
    return str(path)


def _outcome(to: str, path: list[str], target: str | None, final: str | None) -> dict[str, Any]:
    return {"to": to, "path": path, "target": target, "damage": 0, "final_target": final,
            "displaced": {}}


def test_move_json_ties_sorted_by_to(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # a (A1) and b (G1) are both 3 from D1; B1 and F1 are both 2 Moves away: with Move 1
    # the Schemer gets as near as it can to either, C1 or E1.
    position = _position(tmp_path, "b hero G1", "s schemer D1", "a hero A1")
    data = run_json(capsys, "schemer", "move", position, "--figure", "s", "--move", "1",
                    "--toward", "nearest foe")
    assert data == {"figure": "s", "outcomes": [
        _outcome("C1", ["D1", "C1"], "a", "B1"), _outcome("E1", ["D1", "E1"], "b", "F1")]}


def test_move_json_leap(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # space A1 is behind h on C1: a Move cannot pass h and stays (D1 is the Nearest space
    # it can reach), a Leap 3 passes over it.
    position = _position(tmp_path, "s schemer D1", "h hero C1")
    argv = ("schemer", "move", position, "--figure", "s", "--move", "3", "--toward",
            "space A1")
    assert run_json(capsys, *argv) == {
        "figure": "s", "outcomes": [_outcome("D1", ["D1"], None, "A1")]}
    assert run_json(capsys, *argv, "--leap") == {
        "figure": "s", "outcomes": [_outcome("A1", ["D1", "C1", "B1", "A1"], None, "A1")]}


def test_move_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    position = _position(tmp_path, "a hero A1", "b hero G1", "s schemer D1")
    status, out, err = run(capsys, "schemer", "move", position, "--figure", "s", "--move",
                           "1", "--toward", "Nearest Foe")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "s at D1: Move 1 toward nearest foe"
    assert "  2 equally valid outcomes: the players choose" in lines
    assert "  1) to C1 along D1 C1, toward a" in lines
    assert "  2) to E1 along D1 E1, toward b" in lines


def _so_far(figure: str) -> dict[str, Any]:
    return {"figure": figure, "moves": [], "attacks": [], "specials": [], "effects": [],
            "notes": []}


TIE_FIGURES = ("a hero B1", "b hero D1", "c hero F1", "r2 schemer E1 2", "r1 schemer C1 1")


def _bite(target: str, reason: str, damage: int = 1, harm: str | None = None,
          *also: str) -> dict[str, Any]:
    """A melee Attack on ``target`` dealt in full (issue 37, item 5): ``damage`` printed and
    dealt, ``target`` losing it, then the lines ``also`` (its Harm)."""
    return {"kind": "melee", "damage": damage, "range": None, "targets": [target],
            "harm": harm, "reason": reason, "dealt": damage, "lost": {target: damage},
            "defeated": [], "lines": [f"{target} loses {damage} Fortitude", *also]}


def _after(*figures: tuple[str, str, int]) -> dict[str, Any]:
    """The ``after`` board of the CLI positions: (id, space, damage) each, no Fortitude."""
    return {"figures": [{"id": f, "at": at, "damage": damage,
                         "fortitude": None, "wounded": False,
                         "tokens": {}} for f, at, damage in figures],
            "removed": [], "closed_doors": []}


def test_turn_pending_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, blocks: str
) -> None:
    position = _position(tmp_path, *TIE_FIGURES)
    argv = ("schemer", "turn", position, "--group", "rats", "--scheme", "1",
            "--blocks", blocks)
    # issue 18, item 4: the turns before the tie (the pending Schemer's own steps so far
    # included), the Schemer the tie is about and the reasons for it
    start = _after(("a", "B1", 0), ("b", "D1", 0), ("c", "F1", 0), ("r2", "E1", 0),
                   ("r1", "C1", 0))
    assert run_json(capsys, *argv) == {"group": "rats", "scheme": "Bite", "turns": [
        _so_far("r1")], "after": start, "pending": {
        "kind": "melee-targets", "figure": "r1",
        "prompt": "r1: 2 Foes are adjacent, players choose 1",
        "reasons": [f"{MELEE}a, 1 space; b, 1 space"], "options": [["a"], ["b"]],
        "answered": []}}
    assert run_json(capsys, *argv, "--answer", "2") == {
        "group": "rats", "scheme": "Bite", "turns": [
            {**_so_far("r1"), "attacks": [_bite("b", "players chose b of adjacent a, b")]},
            _so_far("r2")],
        "after": _after(("a", "B1", 0), ("b", "D1", 1), ("c", "F1", 0), ("r2", "E1", 0),
                        ("r1", "C1", 0)),  # the board so far: r1's bite dealt
        "pending": {
            "kind": "melee-targets", "figure": "r2",
            "prompt": "r2: 2 Foes are adjacent, players choose 1",
            "reasons": [f"{MELEE}b, 1 space; c, 1 space"], "options": [["b"], ["c"]],
            "answered": [2]}}
    # issue 37, item 5: the Attacks dealt, and the board the turn left (b and c each hit)
    assert run_json(capsys, *argv, "--answer", "2", "--answer", "2") == {
        "group": "rats", "scheme": "Bite", "pending": None, "turns": [
            {"figure": "r1", "moves": [], "specials": [], "effects": [], "notes": [],
             "attacks": [_bite("b", "players chose b of adjacent a, b")]},
            {"figure": "r2", "moves": [], "specials": [], "effects": [], "notes": [],
             "attacks": [_bite("c", "players chose c of adjacent b, c")]},
        ], "after": _after(("a", "B1", 0), ("b", "D1", 1), ("c", "F1", 1), ("r2", "E1", 0),
                           ("r1", "C1", 0))}


def test_turn_pending_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, blocks: str
) -> None:
    position = _position(tmp_path, *TIE_FIGURES)
    status, out, err = run(capsys, "schemer", "turn", position, "--group", "rats",
                           "--scheme", "Bite", "--blocks", blocks, "--answer", "1")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 11
    # issue 18, item 4: what r1 did (its Attack dealt: issue 37, item 5), then r2's steps
    # so far (none), then the tie
    assert lines[:8] == [
        "Rats: Bite", "1. r1", "   Melee: Attack 1: players chose a of adjacent a, b; attacks a",
        "   r1 attacks a for 1", "   a loses 1 Fortitude",
        "2. r2 (so far)",
        "  the players choose (r2): r2: 2 Foes are adjacent, players choose 1",
        f"    because: {MELEE}b, 1 space; c, 1 space"]
    assert lines[8].startswith("    1) ") and "b" in lines[8][7:] and "c" not in lines[8][7:]
    assert lines[9].startswith("    2) ") and "c" in lines[9][7:] and "b" not in lines[9][7:]
    assert lines[10] == "  run again with --answer 1 --answer N to go on"


def test_turn_move_then_attack_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, blocks: str
) -> None:
    # r1 moves D1 C1 B1 next to h, then bites it from B1.
    position = _position(tmp_path, "h hero A1", "r1 schemer D1 1")
    data = run_json(capsys, "schemer", "turn", position, "--group", "rats", "--scheme", "2",
                    "--blocks", blocks)
    assert (data["group"], data["scheme"], data["pending"]) == ("rats", "Rush and bite", None)
    (turn,) = data["turns"]
    assert set(turn) == {"figure", "moves", "attacks", "specials", "effects", "notes"}
    (moved,) = turn["moves"]
    assert set(moved) == {"to", "path", "target", "damage", "final_target", "displaced",
                          "reasons"}
    assert {k: v for k, v in moved.items() if k != "reasons"} == _outcome(
        "B1", ["D1", "C1", "B1"], "h", "B1")
    assert moved["reasons"] and all(isinstance(r, str) for r in moved["reasons"])
    assert turn["attacks"] == [_bite("h", "adjacent Foes: h", 2, "Weaken 1.",
                                     "Harm (for the table): Weaken 1")]
    assert data["after"] == _after(("h", "A1", 2), ("r1", "B1", 0))
    assert (turn["figure"], turn["specials"], turn["notes"]) == ("r1", [], [])


def test_turn_text(capsys: pytest.CaptureFixture[str], tmp_path: Path, blocks: str) -> None:
    position = _position(tmp_path, "h hero A1", "r1 schemer D1 1")
    status, out, err = run(capsys, "schemer", "turn", position, "--group", "rats",
                           "--scheme", "3", "--blocks", blocks)
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "Rats: Squeak",
        "1. r1",
        "   Squeak: Each rat gains 1 Shield Token. (the table carries this out)",
        "   Ranged 3: Attack 1: Foes within Range 3: h (Line of Fire 3); attacks h",
        "   r1 attacks h for 1",
        "   h loses 1 Fortitude",
        "after the turn:",
        "  h: 1 damage",
    ]


def test_turn_sample_hounds(capsys: pytest.CaptureFixture[str]) -> None:
    # hound1 on K8: its Foes zot (D3), gog (F1) and the Heroic otto (B7) are all more than 3
    # away, so the Howl gives nobody a Weaken Token and the Ranged 3 Attack finds no target.
    data = run_json(capsys, "schemer", "turn", CRYPT, "--group", "hounds", "--scheme", "4",
                    "--blocks", SAMPLE_BLOCKS)
    assert data == {"group": "hounds", "scheme": "Howl", "pending": None, "turns": [
        {"figure": "hound1", "moves": [], "notes": [], "specials": [],
         "effects": ["Howl: 1 Weaken Token to foes within 3: nobody gains a token"],
         "attacks": [{"kind": "ranged", "damage": 1, "range": 3, "targets": [], "harm": None,
                      "reason": "Foes within Range 3: none", "dealt": None, "lost": {},
                      "defeated": [], "lines": []}]}],
        "after": {**data["after"], "removed": []}}
    assert [f["id"] for f in data["after"]["figures"]] == [
        "zot", "gog", "otto", "wraith1", "wraith2", "hound1"]


def _mistakes(position: str, blocks: str) -> dict[str, tuple[list[str], str]]:
    move = ["schemer", "move", position, "--move", "2"]
    turn = ["schemer", "turn", position, "--blocks", blocks]
    return {
        "unknown figure": (
            [*move, "--figure", "nobody", "--toward", "nearest foe"],
            "no figure 'nobody' in this position (figures: h, k, r1)"),
        "bad selector": (
            [*move, "--figure", "r1", "--toward", "closest foe"],
            f"selector 'closest foe': 'closest foe' is not understood {KNOWN}"),
        "unknown space in selector": (
            [*move, "--figure", "r1", "--toward", "space Z9"], "no space Z9 on map 'case'"),
        "negative move": (
            ["schemer", "move", position, "--figure", "r1", "--move", "-1", "--toward", "foe"],
            "argument --move: -1: give a whole number, 0 or more (see tales schemer move "
            "--help)"),
        "unknown group": (
            [*turn, "--group", "wolves", "--scheme", "1"],
            f"{blocks}: no group 'wolves' (groups: rats)"),
        "bad face": (
            [*turn, "--group", "rats", "--scheme", "9"],
            "group 'rats' has no Scheme '9' (die faces: 1, 2, 3; schemes: 'Bite', "
            "'Rush and bite', 'Squeak')"),
        "group not on the map": (
            ["schemer", "turn", position, "--blocks", SAMPLE_BLOCKS, "--group", "hounds",
             "--scheme", "1"],
            "no figures of group 'hounds' in this position (groups: rats)"),
        "answer out of range": (
            [*turn, "--group", "rats", "--scheme", "1", "--answer", "3", "--json"],
            "answer 3 to 'melee-targets': choose 1 to 2"),
        "bad blocks file": (
            ["schemer", "turn", position, "--blocks", position, "--group", "rats",
             "--scheme", "1"],
            f"{position}:1: unknown key 'map' (a Scheme Block file has: groups, sample)"),
    }


MISTAKES = list(_mistakes("POSITION", "BLOCKS"))


@pytest.mark.parametrize("mistake", MISTAKES)
def test_schemer_mistakes_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, blocks: str, mistake: str
) -> None:
    # r1 on C1 has h (B1) and k (D1) adjacent: a tie for Bite's Melee 1.
    position = _position(tmp_path, "h hero B1", "k hero D1", "r1 schemer C1 1")
    argv, message = _mistakes(position, blocks)[mistake]
    assert run(capsys, *argv) == (2, "", f"tales: {message}\n")


def test_the_documented_example_loads() -> None:
    """docs/formats.md, "Scheme Blocks": the example file shows every step kind and loads."""
    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    section = text[text.index("## Scheme Blocks"):text.index("### Selectors")]
    example = section[section.index("```toml\n") + 8:section.index("```\n", section.index(
        "```toml\n"))]
    (group,) = parse_scheme_blocks(example, "formats.md").values()
    steps = [str(step) for step in group.schemes[0].steps]
    assert steps[4:] == [
        "Ranged 5: Attack 2, Splash 1",
        "Squeak: 1 Shield Token to self if adjacent to a foe",
        "Howl: 1 Weaken Token to foes within 3",
        "Mend: Heal 2 friends within 3 if damaged",
        "Call the pack: Reinforce 1 of its group next to it",
        "Shoulder the door: open the doors next to it",
    ]


def test_turn_pending_json_includes_the_pending_schemers_own_steps(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, blocks: str
) -> None:
    # issue 18, item 4: r1 has carried out its special step when its Ranged Attack ties
    # (a on B1 and b on F1 are both 2 from D1): the step is in "turns", the tie names r1.
    position = _position(tmp_path, "a hero B1", "b hero F1", "r1 schemer D1 1")
    data = run_json(capsys, "schemer", "turn", position, "--group", "rats", "--scheme",
                    "Squeak", "--blocks", blocks)
    assert data["turns"] == [{**_so_far("r1"), "specials": [
        {"name": "Squeak", "text": "Each rat gains 1 Shield Token."}]}]
    assert data["pending"] == {
        "kind": "ranged-targets", "figure": "r1",
        "prompt": "r1: a, b are tied for Nearest at 2; players choose 1",
        "reasons": ["Ranged 3: Attack 1: Nearest Foes within Range 3 by Line of Fire: "
                    "a, 2 spaces; b, 2 spaces"], "options": [["a"], ["b"]],
        "answered": []}


def test_turn_pending_json_carries_a_movement_ties_reasons(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, blocks: str
) -> None:
    # a (A1) and b (G1) are both 3 from r1 on D1: tied for Nearest, the players choose.
    position = _position(tmp_path, "a hero A1", "b hero G1", "r1 schemer D1 1")
    data = run_json(capsys, "schemer", "turn", position, "--group", "rats", "--scheme",
                    "2", "--blocks", blocks)
    assert data["turns"] == [_so_far("r1")]
    pending = data["pending"]
    assert (pending["kind"], pending["figure"], pending["options"]) == (
        "nearest-foe", "r1", ["a", "b"])
    assert pending["reasons"] == ["nearest Foe by Line of Fire: a, 3 spaces; b, 3 spaces"]


def test_schemer_line() -> None:
    from tales.present.table import schemer_line
    from tales.rules.schemer_attacks import AttackPlan, SchemerAttack
    from tales.rules.schemer_movement import SchemerMove
    from tales.rules.schemes import SchemerTurn

    names = ("A1", "B1", "C1", "D4")
    move = SchemerMove("rat3", 0, 3, (0, 1, 2, 3), "fiona", 3, 0, ())
    bite = AttackPlan(SchemerAttack(AttackKind.MELEE, 1), "rat3", ("fiona",), "adjacent")
    assert schemer_line(names, SchemerTurn("rat3", (move,), (bite,))) == (
        "rat3 → D4, attacks fiona for 1")


class _Tty:
    """Standard input that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_turn_at_a_terminal_one_line_per_schemer_then_detail(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, blocks: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # issue 18, item 4: at a terminal the ties are asked (r1 done is shown in one line
    # before r2's tie), then one line per Schemer, then the detail asked for.
    position = _position(tmp_path, *TIE_FIGURES)
    typed = iter(["1", "2", "2", ""])
    monkeypatch.setattr("sys.stdin", _Tty())
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    status, out, err = run(capsys, "schemer", "turn", position, "--group", "rats",
                           "--scheme", "Bite", "--blocks", blocks)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[:4] == ["r1: 2 Foes are adjacent, players choose 1:",
                         f"  ({MELEE}a, 1 space; b, 1 space)", "  1) a", "  2) b"]
    assert "r1 stays, attacks a for 1 (a loses 1 Fortitude)" in lines[4:]
    # issue 37, item 5: each Attack dealt as it comes, and the board the turn left
    assert lines[-9:] == ["Rats: Bite", "r2 stays, attacks c for 1 (c loses 1 Fortitude)",
                          "after the turn:", "  a: 1 damage", "  c: 1 damage", "2. r2",
                          "   Melee: Attack 1: players chose c of adjacent b, c; attacks c",
                          "   r2 attacks c for 1", "   c loses 1 Fortitude"]


def test_a_step_written_over_several_lines_is_named_by_its_own_line() -> None:
    text = _blocks(schemes='[[groups.rats.schemes]]\nname = "Rush"\nfaces = [1]\nsteps = [\n'
                   '  { move = 3, toward = "nearest foe" },  # a comment { with braces }\n'
                   '  { name = "x]{", tokens = { shield = 1 } },\n'
                   '  { attack = "melee", damage = 1, range = 2 },\n]\n')
    with pytest.raises(ContentError) as error:
        parse_scheme_blocks(text, "bad.toml")
    assert error.value.line == 12  # the line of step 3's table
    assert "step 3: a melee attack has no 'range'" in str(error.value)
