"""Data out of a simulation (issue 41, "Data out"): every Fortitude the Heroes lose put on
its source from the turn's events, the round each objective was met, ``--csv``, and
shares that say "100%" only when all."""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path

import pytest

from tales.board.figures import Figure, Side
from tales.board.position import Position
from tales.cli import main
from tales.content.scenarios import load_scenario
from tales.engine.simulate import percent, run_games, summarise
from tales.engine.sources import DOOM, OWN_ATTACKS, UNATTRIBUTED, turn_sources
from tales.engine.state import Setup
from tales.rules.damage import DamageRoll
from tales.rules.happened import Attacked, Moved, Sprung

ROOT = Path(__file__).resolve().parents[1]
CELLAR = str(ROOT / "scenarios" / "cellar-door.toml")


def _before() -> Position:
    board = load_scenario(CELLAR).board
    figures = (Figure("gerki", Side.HERO, 0, fortitude=10),
               Figure("zot", Side.HERO, 1, fortitude=10),
               Figure("cellar-rats-1", Side.SCHEMER, 5, group="cellar-rats"))
    return replace(Position.empty(board), figures=figures)


def _doom(damage: int) -> DamageRoll:
    return DamageRoll((), None, True, damage, 0, False, 0, 0, 0)


# (what the turn recorded, what each Hero lost over the turn, the sources expected, the
# reading it checks)
CASES = [
    ([Attacked("cellar-rats-1", ("gerki",), 3, (("gerki", 3),))], {"gerki": 3},
     {"cellar-rats": 3}, "a Schemer's Attack: its group"),
    ([Attacked("gerki", ("cellar-rats-1",), 4, (("cellar-rats-1", 4),), _doom(2))],
     {"gerki": 2}, {DOOM: 2}, "Doom Die: 'causes unavoidable damage' to the attacker"),
    ([Moved("gerki", (0, 2), sprung=(Sprung("trap", "gerki", 2, 1),)),
      Moved("zot", (1, 3), sprung=(Sprung("hazard", "zot", 3, 2),
                                   Sprung("wizard-fire", "zot", 3, 1)))],
     {"gerki": 1, "zot": 3}, {"Traps": 1, "Hazards": 2, "Wizard Fire": 1},
     "a space entered: Trap, Hazard, Wizard Fire"),
    ([Attacked("zot", ("cellar-rats-1", "gerki"), 2, (("gerki", 2),))], {"gerki": 2},
     {OWN_ATTACKS: 2}, "a Burst on the Heroes' own side"),
    ([Attacked("cellar-rats-1", ("gerki",), 3, (("gerki", 3),))], {"gerki": 1},
     {"cellar-rats": 1}, "healed in the same turn: never more than was lost"),
    ([], {"zot": 2}, {UNATTRIBUTED: 2}, "nothing recorded: said so, not guessed"),
    ([Attacked("cellar-rats-1", ("gerki",), 1, (("gerki", 1),))], {"gerki": 3},
     {"cellar-rats": 1, UNATTRIBUTED: 2}, "more lost than recorded: the rest said so"),
]


@pytest.mark.parametrize(("events", "lost", "expected", "reading"), CASES,
                         ids=[c[3] for c in CASES])
def test_each_source_of_damage(events: list[object], lost: dict[str, int],
                               expected: dict[str, int], reading: str) -> None:
    assert turn_sources(_before(), lost, events) == expected, reading


def test_at_legend_every_fortitude_lost_has_its_source() -> None:
    """The issue's designer saw 8.4 of 12.6 Fortitude lost a game unattributed at Legend:
    now every point has a source (the Doom Die most of it), and they add up."""
    setup = Setup(CELLAR, ("gerki", "deirdre"), legend=True)
    reports = run_games(setup, "greedy", 4, 0)
    for report in reports:
        assert sum(report.sources.values()) == sum(report.hero_damage.values())
        assert UNATTRIBUTED not in report.sources
    summary = summarise(setup, "greedy", 0, reports)
    assert summary["damage_per_source"][DOOM] > 0
    for text, rounds in summary["objective_rounds"].items():
        met = round(summary["objectives_met"][text] * 4)
        assert sum(rounds.values()) == met
        assert all(1 <= int(r) <= summary["rounds"]["max"] for r in rounds)


@pytest.mark.parametrize(("count", "games", "words"), [
    (1000, 1000, "100%"), (0, 1000, "0%"), (996, 1000, "99.6%"), (995, 1000, "99.5%"),
    (4, 1000, "0.4%"), (99999, 100000, ">99.9%"), (1, 100000, "<0.1%"), (3, 4, "75%"),
    (1, 3, "33%"),
])
def test_a_share_says_all_only_when_all(count: int, games: int, words: str) -> None:
    assert percent(count, games) == words


def test_csv_has_a_row_a_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.csv"
    assert main(["simulate", CELLAR, "--heroes", "gerki,deirdre", "--games", "3", "--legend",
                 "--seed", "7", "--csv", str(out)]) == 0
    assert f"wrote {out} (3 games)" in capsys.readouterr().out
    rows = list(csv.DictReader(out.open()))
    assert [r["game"] for r in rows] == ["0", "1", "2"]
    assert {r["seed"] for r in rows} == {"7"}
    header = list(rows[0])
    assert header[:7] == ["seed", "game", "result", "reason", "rounds", "stuck", "decisions"]
    assert "met: Open the old door" in header and "met: Defeat every rat" in header
    assert "lost: gerki" in header and "damage: the Doom Die" in header
    for row in rows:
        lost = sum(int(v) for k, v in row.items() if k.startswith("lost: "))
        damage = sum(int(v) for k, v in row.items() if k.startswith("damage: "))
        assert lost == damage
        for k, v in row.items():
            if k.startswith("met: ") and v:
                assert 1 <= int(v) <= int(row["rounds"])
    # written over: its own table, again
    assert main(["simulate", CELLAR, "--heroes", "gerki,deirdre", "--games", "1",
                 "--csv", str(out)]) == 0
    assert len(list(csv.DictReader(out.open()))) == 1


@pytest.mark.parametrize(("option", "name", "text", "says"), [
    ("--csv", "notes.csv", "name,score\nme,3\n", "not a table 'tales simulate --csv' wrote"),
    ("--report", "index.html", "<html>my page</html>", "not a page 'tales simulate --report'"),
    ("--curves", "photo.png", "not a picture", "not a PNG picture"),
])
def test_never_over_a_file_not_ours(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    option: str, name: str, text: str, says: str) -> None:
    other = tmp_path / name
    other.write_text(text)
    assert main(["simulate", CELLAR, "--heroes", "gerki,deirdre", "--games", "1",
                 option, str(other)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"tales: {option} {other}: holds something that is ") and says in err
    assert err.count("\n") == 1
    assert other.read_text() == text
    assert main(["simulate", CELLAR, "--heroes", "gerki,deirdre", "--games", "1",
                 option, str(tmp_path / "out.txt")]) == 2
    assert "file to write" in capsys.readouterr().err


def test_a_hero_put_on_a_hazard_with_no_record_is_the_hazards() -> None:
    """Pooky's summons Places Zot with no record of what the space did: the Hazard's own
    damage (Hazard: 'deals damage to a figure entering it'), up to what Zot lost."""
    before = _before()
    board = before.board
    hazard = board.find("C3")
    assert board.hazard[hazard] and int(board.hazard_damage[hazard]) == 2
    after = before.with_figure(replace(before.figure("zot"), at=hazard))
    assert turn_sources(before, {"zot": 2}, [], after) == {"Hazards": 2}
    assert turn_sources(before, {"zot": 3}, [], after) == {"Hazards": 2, UNATTRIBUTED: 1}
    assert turn_sources(before, {"zot": 2}, [], before) == {UNATTRIBUTED: 2}  # stayed put


@pytest.mark.parametrize(("count", "games", "value"), [
    (99999, 100000, 0.9999), (100000, 100000, 1.0), (1, 100000, 0.0001), (0, 5, 0.0),
    (1, 4, 0.25)])
def test_a_share_in_json_is_one_only_when_all(count: int, games: int, value: float) -> None:
    from tales.engine.simulate import fraction

    assert fraction(count, games) == value
