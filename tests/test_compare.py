"""Issue 41, "Compare two versions": ``tales compare A.toml B.toml`` (or two settings of one
scenario) plays both on the same seeds and reports the paired difference, B less A, with a
95% paired normal interval, and the games that changed outcome."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from tales.cli import main
from tales.engine.compare import Side, compare, paired
from tales.engine.simulate import stream_games
from tales.engine.state import GameRules, Setup

ROOT = Path(__file__).resolve().parents[1]
CELLAR = ROOT / "scenarios" / "cellar-door.toml"
HEROES = ("gerki", "deirdre")


@pytest.mark.parametrize(("a", "b", "difference", "half"), [
    # one game of four changed, A lost it: +0.25, sd 0.5 of the differences, 1.96 * 0.5 / 2
    ([0, 1, 0, 1], [1, 1, 0, 1], 0.25, 1.959964 * 0.5 / 2),
    ([3, 4, 5], [3, 4, 5], 0.0, 0.0),  # the same games: no difference, no width
    ([2, 2], [3, 5], 2.0, 1.959964 * math.sqrt(2) / math.sqrt(2)),  # differences 1 and 3
    ([4], [6], 2.0, 0.0),  # one pair: no spread can be said
])
def test_the_paired_normal_interval(a: list[float], b: list[float], difference: float,
                                    half: float) -> None:
    row = paired(a, b)
    assert row["difference"] == pytest.approx(difference, abs=1e-4)
    low, high = row["interval_95"]
    assert (low, high) == (pytest.approx(difference - half, abs=1e-4),
                           pytest.approx(difference + half, abs=1e-4))
    assert row["a"] == pytest.approx(sum(a) / len(a), abs=1e-4)


def test_two_files_on_the_same_seeds(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """B is cellar-door with a round less: every game it loses that A won is listed with its
    game number and seed, and each side's games are exactly simulate's on that seed."""
    text = CELLAR.read_text(encoding="utf-8")
    text = text.replace('map = "../maps/', f'map = "{ROOT}/maps/').replace(
        'scheme_blocks = "', f'scheme_blocks = "{ROOT}/scenarios/')
    shorter = tmp_path / "shorter.toml"
    shorter.write_text(text.replace("round_limit = 4", "round_limit = 3"), encoding="utf-8")
    assert main(["compare", str(CELLAR), str(shorter), "--heroes", "gerki,deirdre",
                 "--games", "6", "--seed", "2", "--workers", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    a = {r.game: r for r in stream_games(Setup(str(CELLAR), HEROES), "greedy", 6, 2)}
    b = {r.game: r for r in stream_games(Setup(str(shorter), HEROES), "greedy", 6, 2)}
    changed = [n for n in range(6) if a[n].result != b[n].result]
    assert changed  # a round less loses games
    assert [(c["game"], c["seed"], c["a"], c["b"]) for c in report["changed"]["list"]] == [
        (n, 2, a[n].result, b[n].result) for n in changed]
    wins_a = sum(r.result == "victory" for r in a.values())
    wins_b = sum(r.result == "victory" for r in b.values())
    assert (report["a"]["wins"], report["b"]["wins"]) == (wins_a, wins_b)
    assert report["win_rate"]["difference"] == pytest.approx((wins_b - wins_a) / 6, abs=1e-4)
    assert report["rounds"]["difference"] == pytest.approx(
        sum(b[n].rounds - a[n].rounds for n in range(6)) / 6, abs=1e-4)
    assert report["fortitude_lost"]["a"] == pytest.approx(
        sum(sum(r.hero_damage.values()) for r in a.values()) / 6, abs=1e-4)
    assert main(["compare", str(CELLAR), str(shorter), "--heroes", "gerki,deirdre",
                 "--games", "6", "--seed", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "compare, 6 games a side on the same seeds (seed 2)"
    assert out[3].startswith("  B - A, paired game by game (paired normal, 95%")
    assert f"    seed 2, game {changed[0]}: A {a[changed[0]].result} in round " in "\n".join(out)


def test_two_settings_of_one_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    """--b-legend and --a-rule: one side's own settings beside the shared ones."""
    assert main(["compare", "cellar-door", "--heroes", "gerki,deirdre", "--games", "3",
                 "--b-legend", "--a-rule", "end_check=every-turn", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["a"]["setup"]["legend"] is False and report["b"]["setup"]["legend"] is True
    assert report["a"]["setup"]["rules"]["end_check"] == "every-turn"
    assert report["b"]["setup"]["rules"]["end_check"] == "objective-phase"
    assert report["a"]["side"] == ("cellar-door with gerki, deirdre, greedy bot, rules "
                                   "end_check=every-turn")
    assert report["b"]["side"] == "cellar-door with gerki, deirdre, greedy bot, Legend"
    every_turn = GameRules.from_dict({"end_check": "every-turn"})
    direct = compare(Side(Setup("cellar-door", HEROES, rules=every_turn)),
                     Side(Setup("cellar-door", HEROES, legend=True)), 3, 0)
    assert direct["win_rate"] == report["win_rate"]
    assert direct["fortitude_lost"] == report["fortitude_lost"]


@pytest.mark.parametrize(("argv", "message"), [
    (["cellar-door", "--heroes", "gerki,deirdre"], "the two sides are the same"),
    (["cellar-door", "--heroes", "gerki,deirdre", "--b-rule", "end_check=never"],
     "end_check"),
    (["cellar-door", "no-such-scenario", "--heroes", "gerki,deirdre"],
     "no scenario 'no-such-scenario'"),
    (["cellar-door", "--b-legend"], "give the Heroes"),
])
def test_compare_mistakes_are_one_line_before_any_game(
        capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert main(["compare", *argv, "--games", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err and err.count("\n") == 1
