"""``tales schemer move`` and ``schemer turn`` with a two-space Schemer (issue 25): every
equally valid outcome with the anchor and every space, and one-line refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tales.cli import main

ROOT = Path(__file__).resolve().parents[1]
CRAWLER = str(ROOT / "positions" / "cellar-crawler.toml")
BLOCKS = str(ROOT / "scenarios" / "sample-large-schemers.toml")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_schemer_move_lists_every_outcome_with_all_its_spaces(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "schemer", "move", CRAWLER, "--figure", "crawler1",
                           "--move", "3", "--toward", "nearest foe", "--json")
    assert (status, err) == (0, "")
    outcomes = json.loads(out)["outcomes"]
    assert [(o["to"], o["spaces"], o["target"], o["path"]) for o in outcomes] == [
        ("A6", ["A6", "B6"], "deirdre", ["D5", "C6", "B6", "A6"]),
        ("B4", ["B4", "C4"], "zot", ["D5", "C5", "B4"]),
    ]
    status, out, _ = run(capsys, "schemer", "move", CRAWLER, "--figure", "crawler1",
                         "--move", "3", "--toward", "nearest foe")
    assert status == 0
    assert out.startswith("crawler1 at D5 E5: Move 3 toward nearest foe\n")
    assert "2 equally valid outcomes: the players choose" in out
    assert "1) to A6 along D5 C6 B6 A6, on A6 B6, toward deirdre" in out
    assert "2) to B4 along D5 C5 B4, on B4 C4, toward zot" in out


def test_a_one_space_figure_reports_no_spaces(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "schemer", "move", str(ROOT / "positions" /
                                                       "cellar-brawl.toml"),
                         "--figure", "gob1", "--move", "3", "--toward", "nearest foe",
                         "--json")
    assert status == 0
    assert all("spaces" not in o for o in json.loads(out)["outcomes"])


def test_schemer_turn_reports_every_space(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "schemer", "turn", CRAWLER, "--group", "cellar-crawlers",
                         "--scheme", "1", "--blocks", BLOCKS, "--answer", "1")
    assert status == 0
    assert "moves to B4 along D5 C5 B4 (on B4 C4)" in out  # answer 1: zot
    status, out, _ = run(capsys, "schemer", "turn", CRAWLER, "--group", "cellar-crawlers",
                         "--scheme", "1", "--blocks", BLOCKS, "--json")
    assert json.loads(out)["pending"]["kind"] == "nearest-foe"


def test_a_large_group_figure_on_one_space_is_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = Path(CRAWLER).read_text().replace('at = ["D5", "E5"]', 'at = "D5"').replace(
        '"../maps/', f'"{ROOT}/maps/')
    one = tmp_path / "one.toml"
    one.write_text(text)
    status, out, err = run(capsys, "schemer", "turn", str(one), "--group",
                           "cellar-crawlers", "--scheme", "1", "--blocks", BLOCKS)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    assert "figure 'crawler1' stands on 1 space(s), but group 'cellar-crawlers' takes 2" in err


def test_large_rule_flags_reach_schemer_move(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "schemer", "move", CRAWLER, "--figure", "crawler1",
                           "--move", "3", "--toward", "nearest foe", "--json",
                           "--rule", "large_turns=pivot")
    assert (status, err) == (0, "")
    assert json.loads(out)["outcomes"]
    status, _, err = run(capsys, "schemer", "move", CRAWLER, "--figure", "crawler1",
                         "--move", "3", "--toward", "nearest foe", "--rule",
                         "large_turns=sideways")
    assert status == 2 and "large_turns is one of fixed, pivot" in err


def test_reach_lists_placements_of_a_large_figure(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "reach", CRAWLER, "--figure", "crawler1", "--move", "2",
                           "--json")
    assert (status, err) == (0, "")
    found = json.loads(out)
    assert found["from"] == ["D5", "E5"]
    # C5 is a Wine puddle (Difficult): the step onto C5 D5 costs 2 (large_difficult=once)
    assert {(" ".join(p["spaces"]), p["cost"]) for p in found["placements"]} == {
        ("D5 E5", 0), ("C6 D6", 1), ("B6 C6", 2), ("C5 D5", 2)}


def test_position_show_names_every_space(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "position", "show", CRAWLER)
    assert status == 0 and "D5 E5 crawler1 [cellar-crawlers]" in out
