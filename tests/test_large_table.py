"""``tales table`` with Schemers that take two spaces (issue 25, item 4): the table
assistant reports the anchor and every space of a large figure, takes edits that name its
spaces, refuses the ones it cannot stand on in one line, and its save and its exported
position round-trip every space.

``tests/data/table-crawler-cellar.txt`` drives the sample scenario
scenarios/crawler-cellar.toml: a deployment facing chosen, a crawler slid (one space named:
its facing kept), another turned (both spaces named), three mistakes, a Defeat and a
reinforcement, then the crawlers' own turn."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.board.position import load_position
from tales.cli import main
from tales.engine.content import load_context
from tales.engine.state import Setup
from tales.present.edits import read_edit
from tales.table.edits import Edit, EditKind, settled
from tales.table.session import TableSession
from tests.test_table_game import play_checking_the_edit_options

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "data" / "table-crawler-cellar.txt"
CRAWLERS = "scenarios/crawler-cellar.toml"

#: where the crawlers stand when the script ends (every space, the anchor first)
STANDING = {"cellar-crawlers-1": "A2 B2", "cellar-crawlers-2": "A6 B6"}


@pytest.fixture(autouse=True)
def at_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # no terminal: input ends there


def standing(path: Path) -> dict[str, str]:
    position = load_position(path)
    names = position.board.names
    return {f.id: " ".join(names[s] for s in position.spaces_of(f))
            for f in position.figures if f.large}


def test_a_table_game_reports_and_keeps_every_space(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    save, board = tmp_path / "game.table", tmp_path / "board.toml"
    status = main(["table", CRAWLERS, "--heroes", "gerki,deirdre", "--seed", "3", "--draw",
                   "--save", str(save), "--answers", str(SCRIPT), "--export", str(board)])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    lines = [line.strip() for line in out.splitlines()]
    for said in (
        "cellar-crawlers-1 is deployed on G5 (on G5 H5)",
        "table: cellar-crawlers-1 moves to C3 (on C3 D3)",
        "cellar-crawlers-1 cannot stand on H3: its spaces must be in its shape, on the map, "
        "enterable, Unoccupied and not split by a Wall",
        "cellar-crawlers-2 cannot stand on E5 E6: its spaces must be in its shape, on the "
        "map, enterable, Unoccupied and not split by a Wall",
        "gerki takes one space",
        "table: cellar-crawlers-2 moves to D6 (on D6 E6)",
        "table: cellar-crawlers-2 comes in on A6 (on A6 B6)",
        "cellar-crawlers-1: moves to A2 along C3 B3 A2 (on A2 B2)",
    ):
        assert said in lines, said
    assert standing(board) == STANDING

    # the save resumes to the same board, and its export is the same file
    again = tmp_path / "again.toml"
    assert main(["table", "--resume", str(save), "--export", str(again)]) == 0
    capsys.readouterr()
    assert again.read_text(encoding="utf-8") == board.read_text(encoding="utf-8")
    assert standing(again) == STANDING


def test_an_edit_names_a_large_figure_by_its_anchor_or_by_all_its_spaces() -> None:
    ctx = load_context(Setup(CRAWLERS, ("gerki", "deirdre")))
    board = ctx.scenario.board
    position = load_position(ROOT / "positions" / "cellar-crawler.toml")
    large = next(f for f in position.figures if f.large)
    blocks = {g: group.block for g, group in ctx.scenario.groups.items()}

    def typed(text: str) -> Edit:
        edit = read_edit(text, position).edit
        assert edit is not None
        return settled(position, edit, blocks)

    c3, d3 = board.space("C3"), board.space("D3")
    facing_kept = typed(f"move {large.id} C3")
    assert facing_kept.kind is EditKind.MOVE and facing_kept.space == c3
    assert len(facing_kept.spaces) == len(large.footprint)
    assert facing_kept.spaces[0] == c3
    both = typed(f"move {large.id} C3 D3")
    assert both.spaces == (c3, d3)
    assert typed(f"move {large.id} D3 C3").spaces == (d3, c3)  # D3 its anchor


@settings(max_examples=4, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=20, max_size=40))
def test_the_edit_options_are_exactly_the_edits_not_refused(picks: list[int]) -> None:
    """With two-space crawlers on the map, the edits offered are exactly those not refused:
    every place a crawler (or a newcomer of its group) can stand on, in any facing; the
    save replays to the same board."""
    session = TableSession(load_context(Setup(CRAWLERS, ("gerki", "deirdre"))), seed=2,
                           game_id="p")
    play_checking_the_edit_options(session, picks, menus=3)  # each menu asks every place
    again = TableSession(session.ctx, 2, session.saved().choices, "p")
    assert (again.position, again.log) == (session.position, session.log)
