"""``tales table`` (issue 18, items 1 and 2): a whole physical game kept beside the table.

A scripted answer file (``tests/data/table-cellar-door.txt``) drives two rounds of the
sample scenario: tracker cards, Scheme dice and initiative tokens typed in as drawn (one
left to the tool), Hero turns as edits, Schemer ties and the players' defence, an undo,
bad input. The board is checked after it, a save resumes mid-round to the same board, and
the model under it (:class:`tales.table.session.TableSession`) is tested on its own.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.board.board import Board
from tales.board.figures import Token
from tales.board.footprint import Footprint, orientations, shape, spaces_at
from tales.board.position import load_position
from tales.cli import main
from tales.engine.content import load_context
from tales.engine.saves import SavedGame, write_save
from tales.engine.state import Setup
from tales.table.edits import END, Edit, EditKind, refusal
from tales.table.saves import TableSave, read_table_save, write_table_save
from tales.table.session import TableSession

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "data" / "table-cellar-door.txt"
CELLAR = "scenarios/cellar-door.toml"
SETUP = Setup(CELLAR, ("gerki", "deirdre"))

#: The board after the script: two rounds played (figure: space, damage, Wounded, tokens).
BOARD = {
    "bouncers-1": ("C4", 2, False, {}),
    "gerki": ("E2", 0, True, {"damage_boost": 1}),
    "deirdre": ("B3", 0, False, {"shield": 1}),
    "cellar-rats-1": ("F2", 0, False, {"shield": 1}),
    "golems-1": ("D5", 0, False, {}),
    "cellar-rats-2": ("H4", 0, False, {}),
    "cellar-rats-3": ("H5", 0, False, {}),
}


@pytest.fixture(autouse=True)
def at_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # no terminal: input ends there


def table(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["table", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def board_of(path: Path) -> dict[str, tuple[str, int, bool, dict[str, int]]]:
    position = load_position(path)
    names = position.board.names
    return {f.id: (names[f.at], f.damage, f.wounded, {t.value: c for t, c in f.tokens})
            for f in position.figures}


def script_part(tmp_path: Path, name: str, lines: list[str]) -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_two_rounds_from_a_scripted_answer_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save, board = tmp_path / "game.table", tmp_path / "board.toml"
    status, out, err = table(capsys, CELLAR, "--heroes", "gerki,deirdre", "--seed", "3",
                             "--save", str(save), "--answers", str(SCRIPT),
                             "--export", str(board))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    # bad input is one line and nothing changes (the next entries go on from there)
    assert "no space 'Z9' on map 'Cellar stairs (sample)'" in lines
    assert any(line.startswith("no figure 'nobody' on the map") for line in lines)
    assert "C2 is Impassable" in lines
    assert "undone" in lines
    # the engine's rounds, parts, events and Schemer turns, around the table's edits
    for said in ("  table: gerki moves to E2", "  table: the door on D4 is opened",
                 "  Part: Behind the door", "  golems-1 is deployed on D5",
                 "  Event: more rats", "  Round 2: Objective Phase",
                 "  table: cellar-rats-1 takes 3 damage: Defeated and removed",
                 "  deirdre discards a Toughness Token: no damage, no Harm"):
        assert said in lines
    assert lines[-2:] == [f"input ended; saved to {save}", f"the board is written to {board}"]
    assert board_of(board) == BOARD
    text = board.read_text(encoding="utf-8")
    assert text.startswith("# The cellar door (sample), round 3: exported by tales table\n")
    assert 'open_doors = ["D4"]' in text
    saved = read_table_save(save)
    assert saved.game.setup.heroes == ("gerki", "deirdre") and saved.game.seed == 3
    # resumed, the game stands at the same question: round 3's Scheme Die
    status, out, err = table(capsys, "--resume", str(save), "--export", str(board))
    assert (status, err) == (0, "")
    assert "Roll the scheme die: Cellar rats (sample)'s Scheme: which face is up?" in out
    assert board_of(board) == BOARD


def test_the_save_resumes_mid_round(capsys: pytest.CaptureFixture[str],
                                    tmp_path: Path) -> None:
    lines = SCRIPT.read_text(encoding="utf-8").splitlines()
    cut = lines.index("# the rats: a tie (F2), a bite, then the Epic Die spent on the second bite")
    first = script_part(tmp_path, "first.txt", lines[:cut])
    rest = script_part(tmp_path, "rest.txt", lines[cut:])
    save, board = tmp_path / "game.table", tmp_path / "board.toml"
    status, out, _ = table(capsys, CELLAR, "--heroes", "gerki,deirdre", "--seed", "3",
                           "--save", str(save), "--answers", str(first),
                           "--export", str(board))
    assert status == 0
    middle = board_of(board)
    assert middle["gerki"] == ("E2", 0, True, {"damage_boost": 1})  # round 2, after gerki
    assert "cellar-rats-3" not in middle
    status, out, err = table(capsys, "--resume", str(save), "--answers", str(rest),
                             "--export", str(board))
    assert (status, err) == (0, "")
    assert out.startswith("The cellar door (sample), kept at the table")
    assert board_of(board) == BOARD


def test_a_table_save_is_never_written_over_another_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    other = tmp_path / "play.sav"
    write_save(other, SavedGame(SETUP, 0, ()))
    before = other.read_bytes()
    status, _, err = table(capsys, CELLAR, "--heroes", "gerki,deirdre", "--save", str(other))
    assert status == 2 and err.count("\n") == 1 and "already exists" in err
    assert other.read_bytes() == before
    # nor by a game resumed from one file and saved to another's
    mine = tmp_path / "mine.table"
    write_table_save(mine, TableSave("a1", SavedGame(SETUP, 3, ())))
    theirs = tmp_path / "theirs.table"
    write_table_save(theirs, TableSave("b2", SavedGame(SETUP, 3, ())))
    kept = theirs.read_bytes()
    status, _, err = table(capsys, "--resume", str(mine), "--save", str(theirs))
    assert status == 2 and err.count("\n") == 1 and "holds another table game" in err
    assert theirs.read_bytes() == kept
    status, _, err = table(capsys, "--resume", str(other))
    assert status == 2 and "not a tales table save" in err


# --- the model ------------------------------------------------------------------------------


def session_at_an_edit() -> TableSession:
    """A session at gerki's first edit: cards, start spaces, steps, Scheme Die, token."""
    session = TableSession(load_context(SETUP), seed=3, game_id="t")
    for answer in (2, 0, 0, 0, 0, 0, 0, 0):  # card 2; A1, B1; Power Tree; Scheme 1
        pending = session.pending
        assert pending is not None
        refused = (session.answer(answer) if pending.kind == "tracker-card"
                   else session.choose(answer))
        assert refused is None, refused
    assert session.answer("hero gerki") is None
    assert session.pending is not None and session.pending.kind == "table-edit"
    return session


def test_an_edit_refused_changes_nothing() -> None:
    session = session_at_an_edit()
    entries, position = session.entries, session.position
    names = position.board.names if position is not None else ()
    c2 = names.index("C2")
    for edit, why in (
        (Edit(EditKind.MOVE, "gerki", c2), "C2 is Impassable"),
        (Edit(EditKind.MOVE, "gerki", names.index("D4")),
         "D4 has a closed door (open D4 first, if it was opened)"),
        (Edit(EditKind.MOVE, "gerki", names.index("B1")), "B1 is Occupied"),
        (Edit(EditKind.DAMAGE, "nobody", amount=1), "no figure 'nobody' on the map"),
        (Edit(EditKind.HEAL, "gerki", amount=1), "gerki has no damage to heal"),
        (Edit(EditKind.SPEND, "gerki", amount=1, token=None), "which token?"),
        (Edit(EditKind.EPIC, amount=3), "the Epic Pool holds 1 of 3 dice"),
        (Edit(EditKind.REINFORCE, "bouncers", names.index("H3")), "at its Limit of 1"),
    ):
        refused = session.edit(edit)
        assert refused is not None and why in refused.reason
        assert (session.entries, session.position) == (entries, position)


def test_edits_undo_and_replay() -> None:
    session = session_at_an_edit()
    names = session.position.board.names if session.position is not None else ()
    assert session.edit(Edit(EditKind.MOVE, "gerki", names.index("C1"))) is None
    assert session.edit(Edit(EditKind.DAMAGE, "cellar-rats-1", amount=3)) is None
    position = session.position
    assert position is not None and not position.has_figure("cellar-rats-1")
    assert names[position.figure("gerki").at] == "C1"
    again = TableSession(session.ctx, 3, session.saved().choices, "t")
    assert again.position == position
    assert session.undo() is None  # the rat is back
    assert session.position is not None and session.position.has_figure("cellar-rats-1")
    assert session.undo() is None and session.undo() is None  # and gerki's token undrawn
    assert session.pending is not None and session.pending.kind == "initiative"
    assert session.answer("hero gerki") is None
    assert session.edit(END) is None
    assert session.pending is not None and session.pending.kind == "initiative"


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=1, max_size=60))
def test_any_entries_replay_to_the_same_board_and_undo_steps_back(picks: list[int]) -> None:
    """Whatever the table enters (edits included), the save replays to the same board, and
    undoing the last entry gives the board before it."""
    session = TableSession(load_context(SETUP), seed=1, game_id="p")
    boards = []
    for pick in picks:
        pending = session.pending
        if pending is None:
            break
        boards.append((session.entries, session.position))
        assert session.choose(pick % len(pending.options)) is None
    again = TableSession(session.ctx, 1, session.saved().choices, "p")
    assert (again.position, again.log) == (session.position, session.log)
    entries, before = boards[-1]
    assert session.undo() is None
    assert (session.entries, session.position) == (entries, before)


def every_edit(session: TableSession) -> set[Edit]:
    """Every edit there is to type now, allowed or not (a superset of the options)."""
    state = session.state
    assert state is not None
    position = state.position
    spaces = range(position.board.n)
    edits = {END, *(Edit(EditKind.EPIC, amount=n) for n in range(-5, 6)),
             *(Edit(EditKind.OPEN_DOOR, space=s) for s in spaces)}
    board = position.board
    for figure in position.figures:
        fid = figure.id
        edits |= {Edit(EditKind.MOVE, fid, s) for s in spaces}
        edits |= {Edit(EditKind.MOVE, fid, anchor, spaces=placed)  # a large one, any facing
                  for anchor, placed in placings(board, figure.footprint)}
        edits |= {Edit(kind, fid, amount=n) for kind in (EditKind.DAMAGE, EditKind.HEAL)
                  for n in range(0, 32)}
        edits |= {Edit(EditKind.WOUNDED, fid), Edit(EditKind.DEFEATED, fid)}
        edits |= {Edit(kind, fid, amount=n, token=t) for kind in (EditKind.GAIN, EditKind.SPEND)
                  for t in Token for n in range(0, 40)}
    edits |= {Edit(EditKind.REINFORCE, g, s) for g in session.ctx.scenario.groups for s in spaces}
    for gid, group in session.ctx.scenario.groups.items():
        block = group.block
        if block.size > 1:
            edits |= {Edit(EditKind.REINFORCE, gid, anchor, spaces=placed) for anchor, placed
                      in placings(board, shape(board.layout, block.shape, block.size))}
    return edits


def placings(board: Board, footprint: Footprint) -> set[tuple[int, tuple[int, ...]]]:
    """Every anchor and the spaces a figure of ``footprint`` covers there, in any facing,
    on the map (none for a one-space figure)."""
    if not footprint:
        return set()
    found = {(anchor, spaces_at(board, anchor, facing))
             for facing in orientations(footprint, board.layout) for anchor in range(board.n)}
    return {(anchor, placed) for anchor, placed in found if placed is not None}


@settings(max_examples=10, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=20, max_size=80))
def test_the_edit_options_are_exactly_the_edits_not_refused(picks: list[int]) -> None:
    play_checking_the_edit_options(TableSession(load_context(SETUP), seed=2, game_id="p"),
                                   picks)


def play_checking_the_edit_options(session: TableSession, picks: list[int],
                                   menus: int | None = None) -> None:
    """Enter ``picks`` (each an option's number, modulo); at each of the first ``menus``
    edit menus (all when None), the options are exactly the edits not refused."""
    for pick in picks:
        pending = session.pending
        if pending is None:
            break
        if pending.kind == "table-edit" and (menus is None or menus > 0):
            menus = None if menus is None else menus - 1
            state = session.state
            assert state is not None
            allowed = {e for e in every_edit(session)
                       if refusal(session.ctx, state, e) is None}
            assert set(pending.options) == allowed
            assert len(set(pending.options)) == len(pending.options)
        assert session.choose(pick % len(pending.options)) is None


def test_a_menu_takes_the_words_shown_and_a_mistake_is_one_short_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    answers = script_part(tmp_path, "answers.txt", ["2", "a1", "xx", "A2"])
    status, out, err = table(capsys, CELLAR, "--heroes", "gerki,deirdre", "--seed", "3",
                             "--save", str(tmp_path / "game.table"), "--answers",
                             str(answers))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert "  gerki starts on A1" in lines
    assert "'xx': choose 1-2 or an option's words (?: help)" in lines
    # A2 answered deirdre's start space: the next question is gerki's Power Tree
    assert any(line.startswith("[gerki] gerki's Power Tree, step 1") for line in lines)
