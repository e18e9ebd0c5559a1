"""``tales schemer turn`` tells a group turn as it happens (issue 37, item 5): each Attack is
dealt before the next Schemer decides, a Hero's defence is asked like a tie (``--answer``,
or at a terminal), every Harm and token an Attack or a step gives is in the text, and the
JSON ends with the board the turn left.

The position is a one-row hall (neighbours left and right only, so Line of Fire distances
are column differences): zot on A1 with 5 Fortitude left, fiona on M1 with 6 left, rat r1
on J1 (3 from fiona) and r2 on G1 (6 from each Hero).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tales.board.position import parse_position
from tales.rules.decisions import Decider, Decision
from tales.rules.dice import DieKind, load_dice
from tales.table import Pending, drive
from tests.test_cli import run, run_json

BLOCKS = """\
sample = true

[groups.rats]
name = "Spitting rats"
standees = [1, 2, 3]
fortitude = 3

[[groups.rats.schemes]]
name = "Spit and close in"
faces = [1]
steps = [
  { attack = "ranged", range = 3, damage = 2, harm = "Weaken target 1." },
  { move = 2, toward = "foe with least remaining fortitude" },
]

[[groups.rats.schemes]]
name = "Howl"
faces = [2]
steps = [{ name = "Howl", tokens = { weaken = 1 }, to = "foes within 3" }]
"""


def _files(tmp_path: Path, fiona_tokens: str = "") -> tuple[str, str]:
    blocks = tmp_path / "blocks.toml"
    blocks.write_text(BLOCKS, encoding="utf-8")
    position = tmp_path / "hall.toml"
    position.write_text(f"""\
[map]
name = "hall"
grid = ". . . . . . . . . . . . ."

[[figures]]
id = "zot"
side = "hero"
at = "A1"
fortitude = 8
damage = 3

[[figures]]
id = "fiona"
side = "hero"
at = "M1"
fortitude = 8
damage = 2
{fiona_tokens}

[[figures]]
id = "r1"
side = "schemer"
group = "rats"
number = 1
at = "J1"
fortitude = 3

[[figures]]
id = "r2"
side = "schemer"
group = "rats"
number = 2
at = "G1"
fortitude = 3
""", encoding="utf-8")
    return str(position), str(blocks)


def _turn(position: str, blocks: str, scheme: str, *more: str) -> list[str]:
    return ["schemer", "turn", position, "--group", "rats", "--scheme", scheme,
            "--blocks", blocks, *more]


def _figures(data: Any) -> dict[str, tuple[str, int, dict[str, int]]]:
    return {f["id"]: (f["at"], f["damage"], f["tokens"]) for f in data["after"]["figures"]}


def test_the_second_schemer_sees_the_first_hit(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """004, Schemer Attacks 3: "Schemer deals calculated damage to each target." r1's spit
    leaves fiona 4 left (zot 5), so r2 closes in on fiona (to I1), not on zot (E1)."""
    position, blocks = _files(tmp_path)
    data: Any = run_json(capsys, *_turn(position, blocks, "1"))
    assert data["pending"] is None
    r1, r2 = data["turns"]
    (spit,) = r1["attacks"][:1]
    assert (spit["targets"], spit["damage"], spit["dealt"], spit["lost"]) == (
        ["fiona"], 2, 2, {"fiona": 2})
    assert spit["lines"] == ["fiona loses 2 Fortitude", "Harm: fiona gains 1 Weaken Token"]
    assert r2["moves"][0]["to"] == "I1" and r2["moves"][0]["target"] == "fiona"
    assert r2["attacks"][0]["dealt"] is None  # out of Range: no Attack is made
    # the board after the turn
    assert _figures(data) == {"zot": ("A1", 3, {}), "fiona": ("M1", 4, {"weaken": 1}),
                              "r1": ("L1", 0, {}), "r2": ("I1", 0, {})}
    assert (data["after"]["removed"], data["after"]["closed_doors"]) == ([], [])


def test_the_text_says_the_harm_and_the_board_after(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    position, blocks = _files(tmp_path)
    status, out, err = run(capsys, *_turn(position, blocks, "1"))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[:6] == [
        "Spitting rats: Spit and close in", "1. r1",
        "   Ranged 3: Attack 2: Foes within Range 3: fiona (Line of Fire 3); attacks fiona",
        "   r1 attacks fiona for 2", "   fiona loses 2 Fortitude",
        "   Harm: fiona gains 1 Weaken Token"]
    assert lines[-4:] == ["after the turn:",
                          "  fiona: 4 damage of 8 (4 left); tokens 1 Weaken Token",
                          "  r1: on L1", "  r2: on I1"]


def test_a_token_step_says_who_gains_what(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """r1's Howl reaches fiona (3 away) only; r2's reaches nobody."""
    position, blocks = _files(tmp_path)
    status, out, _ = run(capsys, *_turn(position, blocks, "Howl"))
    assert status == 0
    assert ("   Howl: 1 Weaken Token to foes within 3: fiona gains 1 Weaken Token"
            in out.splitlines())
    assert out.splitlines()[-2:] == ["after the turn:", "  fiona: tokens 1 Weaken Token"]
    data: Any = run_json(capsys, *_turn(position, blocks, "Howl"))
    assert data["turns"][0]["effects"] == [
        "Howl: 1 Weaken Token to foes within 3: fiona gains 1 Weaken Token"]
    assert _figures(data)["fiona"] == ("M1", 2, {"weaken": 1})


def test_a_heroes_defence_is_asked_and_answered(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """004, Schemer Attacks 3: "Player-controlled targets may use Toughness or Shield Tokens
    to prevent damage." fiona's Shield is asked like a tie; spent, it stops both damage and
    the Harm, so fiona keeps 6 and r1 goes for zot (5), the least."""
    position, blocks = _files(tmp_path, "tokens = { shield = 1 }")
    argv = _turn(position, blocks, "1")
    data: Any = run_json(capsys, *argv)
    assert data["pending"] == {
        "kind": "shields", "figure": "fiona", "answered": [], "reasons": [], "options": [0, 1],
        "prompt": "fiona would take 2 damage (an Attack): discard how many Shield Tokens "
                  "(-2 each)?"}
    assert _figures(data)["fiona"] == ("M1", 2, {"shield": 1})  # the board as it is asked
    status, out, _ = run(capsys, *argv)
    assert status == 0
    assert "    2) 1 Shield Token" in out.splitlines()
    kept: Any = run_json(capsys, *argv, "--answer", "1")
    assert _figures(kept)["fiona"] == ("M1", 4, {"shield": 1, "weaken": 1})
    spent: Any = run_json(capsys, *argv, "--answer", "2", "--answer", "1")
    assert spent["pending"] is None
    assert spent["turns"][0]["attacks"][0]["lines"] == ["fiona discards 1 Shield Token"]
    assert spent["turns"][0]["moves"][0]["target"] == "zot"
    assert _figures(spent)["fiona"] == ("M1", 2, {})


def test_epic_dice_for_defence(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--epic N: the Epic Pool's dice; each Attack asks how many the table discards."""
    position, blocks = _files(tmp_path)
    data: Any = run_json(capsys, *_turn(position, blocks, "1", "--epic", "1"))
    assert (data["pending"]["kind"], data["pending"]["options"]) == ("epic-defence", [0, 1])
    done: Any = run_json(capsys, *_turn(position, blocks, "1", "--epic", "1", "--answer", "2"))
    assert done["turns"][0]["attacks"][0]["dealt"] == 0
    assert _figures(done)["fiona"] == ("M1", 2, {})


def test_at_a_terminal_the_defence_is_a_menu(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    position, blocks = _files(tmp_path, "tokens = { shield = 1 }")
    typed = iter(["1", ""])

    class Tty:
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr("sys.stdin", Tty())
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    status, out, err = run(capsys, *_turn(position, blocks, "1"))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[:3] == [
        "fiona would take 2 damage (an Attack): discard how many Shield Tokens (-2 each)?:",
        "  1) 0 Shield Tokens", "  2) 1 Shield Token"]
    assert ("r1 → L1, attacks fiona for 2 (fiona loses 2 Fortitude; Harm: fiona gains 1 "
            "Weaken Token)") in lines


@pytest.mark.parametrize(("more", "message"), [
    (["--epic", "11"], "argument --epic: 11: give a whole number, from 0 to 10"),
    (["--answer", "0"], "argument --answer: 0: give a whole number, 1 or more"),
])
def test_bad_options_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                  more: list[str], message: str) -> None:
    position, blocks = _files(tmp_path)
    status, out, err = run(capsys, *_turn(position, blocks, "1", *more))
    assert (status, out) == (2, "")
    assert err.strip().count("\n") == 0 and message in err


def test_an_answer_past_the_options_is_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    position, blocks = _files(tmp_path, "tokens = { shield = 1 }")
    status, out, err = run(capsys, *_turn(position, blocks, "1", "--answer", "3"))
    assert (status, out) == (2, "")
    assert err.strip().count("\n") == 0 and "choose 1 to 2" in err


def _roll_twice() -> Any:
    """A resolution that rolls the Scheme die (faces 1-6 printed once each) then a die
    with a face printed twice."""
    die = load_dice()[DieKind.SCHEME]
    first = yield Decision("roll-scheme", "roll the scheme die: test", die.faces,
                           Decider.CHANCE, None, die.probabilities)
    twice = (die.faces[0], die.faces[0], die.faces[1])
    second = yield Decision("roll-scheme", "roll the scheme die: again", twice,
                            Decider.CHANCE, None, (1 / 3, 1 / 3, 1 / 3))
    return first, second


def test_a_chance_result_is_asked_with_its_distinct_faces() -> None:
    """A die's face is asked as ``tales table`` asks it ("which face is up?"), a face
    printed twice one answer; ``--answer`` answers it like a tie."""
    position = parse_position('[map]\nname = "m"\ngrid = ". ."\n', "<m>")
    asked: list[tuple[str, list[Any]]] = []

    def ask(decision: Decision[Any], options: list[Any]) -> int | None:
        asked.append((decision.prompt, options))
        return None

    pending = drive(position, _roll_twice(), [2], ask)
    assert isinstance(pending, Pending)
    assert asked[0][0] == "Roll the scheme die: again: which face is up?"
    assert len(asked[0][1]) == 2 and all(isinstance(o, str) for o in asked[0][1])
    faces = load_dice()[DieKind.SCHEME].faces
    assert drive(position, _roll_twice(), [2, 2], ask) == (faces[1], faces[1])
