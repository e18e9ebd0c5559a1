"""Every file the command line names (issues 41 and 45): an input that is a FIFO,
``/dev/zero``, a directory, a loop of symbolic links or not UTF-8 is one line on standard
error and exit status 2, at once; an output is checked before any work, and nothing that
is not the command's own file (a scenario, a device, a FIFO, a folder) is written over."""

from __future__ import annotations

import errno
import io
import os
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType

import pytest

from tales.cli import main
from tales.errors import TalesError
from tales.files import PNG_SIGNATURE, READ_LIMIT, check_output, read_file, read_text_file

ROOT = Path(__file__).resolve().parents[1]
CELLAR = str(ROOT / "scenarios" / "cellar-door.toml")
POSITION = str(ROOT / "positions" / "cellar-brawl.toml")
MAP = str(ROOT / "maps" / "cellar-stairs.toml")
BLOCKS = str(ROOT / "scenarios" / "sample-schemers.toml")
HEROES = ("--heroes", "gerki,deirdre")
SECONDS = 20  # far more than a refusal takes; a FIFO waited on would take for ever


class TooSlow(Exception):
    pass


@pytest.fixture
def bounded() -> Iterator[None]:
    """The test body stopped after :data:`SECONDS` (a hang fails, it does not stall)."""
    def stop(signum: int, frame: FrameType | None) -> None:
        raise TooSlow(f"still running after {SECONDS} s")
    before = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def kinds(folder: Path, suffix: str = ".toml") -> dict[str, Path]:
    """A file of each kind no command reads or writes over, named ``KIND{suffix}``."""
    made = {"fifo": folder / f"fifo{suffix}", "directory": folder / f"directory{suffix}",
            "loop": folder / f"loop{suffix}", "device": folder / f"device{suffix}",
            "not-utf-8": folder / f"not-utf-8{suffix}"}
    os.mkfifo(made["fifo"])
    made["directory"].mkdir()
    made["loop"].symlink_to(made["loop"].name)  # a link to itself
    made["device"].symlink_to("/dev/zero")
    made["not-utf-8"].write_bytes(b"name = \"\xff\xfe\"\n\x80\x81")
    return made


def refused(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
            argv: list[str]) -> str:
    """Run ``tales argv`` with nothing to read on standard input: exit status 2 and one
    line on standard error, no traceback; that line."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status = main(argv)
    err = capsys.readouterr().err
    assert status == 2, (argv, err)
    lint = argv[:2] == ["map", "check"]  # its lines are FILE: finding, as a linter's
    assert (lint or err.startswith("tales: ")) and err.count("\n") == 1, (argv, err)
    assert "Traceback" not in err
    return err.rstrip("\n")


# --- every command that reads a file: {} is where the bad file goes ----------------------

READERS: list[tuple[str, list[str]]] = [
    ("map show", ["map", "show", "{}"]),
    ("map check", ["map", "check", "{}"]),
    ("position show", ["position", "show", "{}"]),
    ("position new", ["position", "new", "{}"]),
    ("los", ["los", "{}", "A1", "B1"]),
    ("reach", ["reach", "{}", "--figure", "zot", "--move", "2"]),
    ("schemer move", ["schemer", "move", "{}", "--figure", "brute1", "--move", "1",
                      "--toward", "nearest foe"]),
    ("schemer turn position", ["schemer", "turn", "{}", "--group", "bouncers", "--scheme",
                               "1", "--blocks", BLOCKS]),
    ("schemer turn --blocks", ["schemer", "turn", POSITION, "--group", "bouncers",
                               "--scheme", "1", "--blocks", "{}"]),
    ("kit check", ["kit", "check", "{}"]),
    ("odds --dice", ["odds", "2 damage", "--dice", "{}"]),
    ("scenario check", ["scenario", "check", "{}"]),
    ("scenario show", ["scenario", "show", "{}"]),
    ("simulate", ["simulate", "{}", *HEROES, "--games", "1"]),
    ("simulate --heroes", ["simulate", CELLAR, "--heroes", "{},deirdre", "--games", "1"]),
    ("simulate --dice", ["simulate", CELLAR, *HEROES, "--games", "1", "--dice", "{}"]),
    ("simulate --companion", ["simulate", CELLAR, "--heroes", "gerki", "--companion", "{}",
                              "--games", "1"]),
    ("sweep", ["sweep", "{}", *HEROES, "--games", "1"]),
    ("play", ["play", "{}", *HEROES]),
    ("play --resume", ["play", "--resume", "{}"]),
    ("table --resume", ["table", "--resume", "{}"]),
    ("table --answers", ["table", CELLAR, *HEROES, "--answers", "{}", "--save",
                         "{tmp}/t.table"]),
    ("render", ["render", "{}", "{tmp}/out.png"]),
    ("render --blocks", ["render", CELLAR, "{tmp}/out.png", "--blocks", "{}"]),
    ("view --replay", ["view", "--replay", "{}"]),
    ("campaign import", ["campaign", "import", "{}", "--saves", "{tmp}/saves"]),
    ("campaign new --campaign", ["campaign", "new", "c", "--campaign", "{}", "--hero",
                                 "gerki", "--companion", "pooky", "--saves", "{tmp}/saves"]),
    ("tavern simulate --character", ["tavern", "simulate", "--games", "1", "--players", "2",
                                     "--character", "{}", "--character", "karl"]),
    ("tavern simulate --drinks", ["tavern", "simulate", "--games", "1", "--drinks", "{}"]),
    ("tavern simulate --dungeon-training", ["tavern", "simulate", "--games", "1",
                                            "--dungeon-training", "{}"]),
    ("tavern simulate --prize", ["tavern", "simulate", "--games", "1", "--prize", "{}"]),
    ("tavern simulate --dungeon-events", ["tavern", "simulate", "--games", "1",
                                          "--dungeon-events", "{}"]),
    ("tavern simulate --pub-crawl", ["tavern", "simulate", "--games", "1",
                                     "--pub-crawl", "{}"]),
    ("tavern simulate --otto", ["tavern", "simulate", "--games", "1", "--variant",
                                "boss-otto", "--players", "2", "--otto", "{}"]),
    ("tavern play --resume", ["tavern", "play", "--resume", "{}"]),
    ("encounter simulate --deck", ["tavern", "encounter", "simulate", "--games", "1",
                                   "--deck", "{}"]),
    ("encounter simulate --module", ["tavern", "encounter", "simulate", "--games", "1",
                                     "--module", "{}"]),
    ("encounter play --resume", ["tavern", "encounter", "play", "--resume", "{}"]),
    # issue 45's "Done when": every file argument of every command of the README
    ("table", ["table", "{}", *HEROES, "--answers", "{tmp}/none.txt", "--save",
               "{tmp}/t.table"]),
    ("table --dice", ["table", CELLAR, *HEROES, "--dice", "{}", "--save", "{tmp}/t.table"]),
    ("table --heroes", ["table", CELLAR, "--heroes", "{},deirdre", "--save",
                        "{tmp}/t.table"]),
    ("play --dice", ["play", CELLAR, *HEROES, "--dice", "{}"]),
    ("play --companion", ["play", CELLAR, "--heroes", "gerki", "--companion", "{}"]),
    ("sweep --dice", ["sweep", CELLAR, *HEROES, "--games", "1", "--dice", "{}"]),
    ("view", ["view", "{}"]),
    ("view --blocks", ["view", POSITION, "--blocks", "{}"]),
    ("campaign new --hero", ["campaign", "new", "c", "--hero", "{}", "--companion", "pooky",
                             "--saves", "{tmp}/saves"]),
    ("campaign continue", ["campaign", "continue", "c", "--saves", "{tmp}/saves",
                           "--bot", "greedy"]),
    ("campaign show", ["campaign", "show", "c", "--saves", "{tmp}/saves"]),
    ("solo", ["solo", "c", "--saves", "{tmp}/saves"]),
    ("tavern play --character", ["tavern", "play", "--players", "2", "--character", "{}"]),
    ("tavern play --drinks", ["tavern", "play", "--drinks", "{}"]),
    ("tavern play --otto", ["tavern", "play", "--variant", "boss-otto", "--players", "2",
                            "--otto", "{}"]),
    ("tavern simulate --sea-events", ["tavern", "simulate", "--games", "1",
                                      "--dungeon-events", "--sea-events", "{}"]),
    ("encounter play --deck", ["tavern", "encounter", "play", "--deck", "{}"]),
    ("encounter play --module", ["tavern", "encounter", "play", "--module", "{}"]),
    # issue 41: compare's two scenario files, and a side's own dice
    ("compare", ["compare", "{}", CELLAR, *HEROES, "--games", "1"]),
    ("compare B", ["compare", CELLAR, "{}", *HEROES, "--games", "1"]),
    ("compare --b-dice", ["compare", CELLAR, *HEROES, "--games", "1", "--b-dice", "{}"]),
]

#: The commands whose file is found by a name (a campaign's, in its saves folder): the bad
#: file is put where the name leads.
BY_NAME = {"campaign continue": "saves/c.tales", "campaign show": "saves/c.tales",
           "solo": "saves/c.tales"}


@pytest.mark.parametrize("kind", ["fifo", "directory", "loop", "device", "not-utf-8",
                                  "foreign"])
@pytest.mark.parametrize(("command", "argv"), READERS, ids=[c for c, _ in READERS])
def test_a_file_that_cannot_be_read_is_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        bounded: None, command: str, argv: list[str], kind: str) -> None:
    """A FIFO, a device, a folder, a loop of links, a file not UTF-8, or one of another
    kind (a PNG picture where a scenario, a deck or a save is read)."""
    monkeypatch.chdir(tmp_path)
    made = {**kinds(tmp_path), "foreign": tmp_path / "foreign.toml"}
    made["foreign"].write_bytes(PNG_SIGNATURE + bytes(range(256)))
    bad = made[kind]
    if command in BY_NAME:
        where = tmp_path / BY_NAME[command]
        where.parent.mkdir(parents=True, exist_ok=True)
        os.rename(bad, where)
        bad = where
    line = refused(capsys, monkeypatch, [a.replace("{}", str(bad)).replace(
        "{tmp}", str(tmp_path)) for a in argv])
    assert bad.name in line, line
    assert os.path.islink(bad) or bad.is_dir() or bad.is_fifo() or bad.is_file()
    assert not (tmp_path / "out.png").exists() and not (tmp_path / "t.table").exists()


# --- every command that writes a file: {} is where it writes -----------------------------

def _campaign(tmp_path: Path) -> None:
    assert main(["campaign", "new", "c", "--hero", "gerki", "--companion", "pooky",
                 "--saves", str(tmp_path / "saves")]) == 0


WRITERS: list[tuple[str, list[str], Callable[[Path], None] | None, str]] = [
    ("render", ["render", MAP, "{}"], None, ".png"),
    ("simulate --heatmap", ["simulate", CELLAR, *HEROES, "--games", "1", "--heatmap", "{}"],
     None, ".png"),
    ("play --save", ["play", CELLAR, *HEROES, "--save", "{}"], None, ".sav"),
    ("table --save", ["table", CELLAR, *HEROES, "--save", "{}"], None, ".table"),
    ("table --export", ["table", CELLAR, *HEROES, "--export", "{}", "--save",
                        "{tmp}/t.table"], None, ".toml"),
    ("tavern play --save", ["tavern", "play", "--save", "{}"], None, ".tales"),
    ("encounter play --save", ["tavern", "encounter", "play", "--save", "{}"], None,
     ".sav"),
    ("campaign export", ["campaign", "export", "c", "{}", "--saves", "{tmp}/saves"],
     _campaign, ".tales"),
    ("position new", ["position", "new", MAP, "{}"], None, ".toml"),
    ("position new --force", ["position", "new", MAP, "{}", "--force"], None, ".toml"),
]


@pytest.mark.parametrize("kind", ["foreign", "fifo", "directory", "loop", "device"])
@pytest.mark.parametrize(("command", "argv", "before", "suffix"), WRITERS,
                         ids=[c for c, *_ in WRITERS])
def test_nothing_but_its_own_file_is_written_over(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        bounded: None, command: str, argv: list[str],
        before: Callable[[Path], None] | None, suffix: str, kind: str) -> None:
    """A scenario file, a FIFO, a device... given as the output: refused before any work
    (nothing played, drawn or made), and left as it was."""
    if (command, kind) == ("position new --force", "foreign"):
        pytest.skip("--force asks for the file to be replaced")
    monkeypatch.chdir(tmp_path)
    if before is not None:
        before(tmp_path)
    capsys.readouterr()
    if kind == "foreign":
        target = tmp_path / f"foreign{suffix}"
        target.write_bytes(Path(CELLAR).read_bytes())
    else:
        target = kinds(tmp_path, suffix)[kind]
    line = refused(capsys, monkeypatch, [a.replace("{}", str(target)).replace(
        "{tmp}", str(tmp_path)) for a in argv])
    assert target.name in line, line
    if kind == "foreign":
        assert target.read_bytes() == Path(CELLAR).read_bytes()
    assert {"fifo": target.is_fifo, "directory": target.is_dir, "loop": target.is_symlink,
            "device": target.is_symlink, "foreign": target.is_file}[kind]()
    assert not (tmp_path / "t.table").exists()


def test_render_never_writes_over_what_it_reads(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """Issue 41: ``render X.toml X.toml`` wiped the scenario; any OUT not a .png, or the
    input itself, is refused before drawing, and the input is untouched."""
    source = tmp_path / "x.toml"
    source.write_bytes(Path(MAP).read_bytes())
    for out in (source, tmp_path / "x.jpg", tmp_path / "x"):
        assert "give a .png file to write" in refused(capsys, monkeypatch,
                                                       ["render", str(source), str(out)])
    png = tmp_path / "x.png"
    png.symlink_to(source)  # a .png name that is the input
    assert "is a file this command reads" in refused(capsys, monkeypatch,
                                                     ["render", str(source), str(png)])
    assert source.read_bytes() == Path(MAP).read_bytes()


@pytest.mark.parametrize("argv", [
    ["simulate", CELLAR, *HEROES, "--games", "1", "--heatmap", "{tmp}/a-file/heat.png"],
    ["render", MAP, "{tmp}/a-file/out.png"],
], ids=["heatmap", "render"])
def test_an_output_that_cannot_be_written_is_found_before_the_work(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        argv: list[str]) -> None:
    """Issue 41 item 4: the heatmap's folder is a file: said before any game is played
    (nothing on standard output: no report was made)."""
    (tmp_path / "a-file").write_text("")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main([a.replace("{tmp}", str(tmp_path)) for a in argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "cannot be written" in err


@pytest.mark.parametrize("argv", [
    ["play", CELLAR, *HEROES, "--steps", "200"],
    ["simulate", CELLAR, *HEROES, "--steps", "100"],
    ["sweep", CELLAR, *HEROES, "--steps", "0,200"],
    ["campaign", "new", "c", "--hero", "gerki", "--companion", "pooky", "--steps-change",
     "1" + "0" * 21],
])
def test_power_tree_steps_a_save_cannot_hold_are_refused(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        argv: list[str]) -> None:
    assert "to 99" in refused(capsys, monkeypatch, argv)


# --- the reader and the check themselves --------------------------------------------------


def test_the_reader_bounds_what_it_reads(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    with open(big, "wb") as file:
        file.truncate(READ_LIMIT + 1)  # sparse: no disk used
    with pytest.raises(TalesError, match="larger than 16 MB"):
        read_file(big)
    exact = tmp_path / "crlf.toml"
    exact.write_bytes(b"a = 1\r\nb = 2\r")
    assert read_text_file(exact) == "a = 1\nb = 2\n"


def test_a_save_of_this_game_is_written_over_and_no_other(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """Issue 45 item 1: ``play --save`` over its own save (the same setup and seed) goes
    on; over another game's save it is refused and the file is left."""
    save = tmp_path / "g.sav"
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", CELLAR, *HEROES, "--save", str(save)]) == 0
    first = save.read_bytes()
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", CELLAR, *HEROES, "--save", str(save)]) == 0
    capsys.readouterr()
    assert "not a save of this game" in refused(capsys, monkeypatch, [
        "play", CELLAR, *HEROES, "--seed", "3", "--save", str(save)])
    assert save.read_bytes() == first


def test_tavern_play_saves_after_every_choice(tmp_path: Path) -> None:
    """Issue 45 item 3: the save is there from the start and grows with each choice, so
    an interrupted game loses at most the choice being made."""
    from tales.tavern.rdi.terminal import play, read_game

    save = tmp_path / "t.tales"
    seen: list[int] = []

    def read(prompt: str) -> str:
        seen.append(len(read_game(save)[1]))  # what is saved when each question is asked
        if len(seen) == 3:
            raise KeyboardInterrupt
        return "1"
    with pytest.raises(KeyboardInterrupt):
        play(3, 1, 5, read=read, write=lambda line: None, save=save)
    assert seen[0] >= 0 and seen[0] < seen[1] < seen[2]


def test_check_output_refuses_a_folder_that_cannot_hold_it(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("")
    with pytest.raises(TalesError, match=r"is not a folder|Not a directory"):
        check_output(tmp_path / "a-file" / "x.png")
    assert check_output(tmp_path / "new" / "deeper" / "x.png") == (
        tmp_path / "new" / "deeper" / "x.png")
    assert not (tmp_path / "new").exists()  # the check makes nothing


def _disk_full(*args: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize(("module", "argv", "named"), [
    ("tales.table.session", ["table", CELLAR, *HEROES, "--answers", "{tmp}/none.txt",
                             "--save", "{tmp}/t.table", "--export", "{tmp}/board.toml"],
     "board.toml"),
    ("tales.tavern.encounter.saves", ["tavern", "encounter", "play", "--save",
                                      "{tmp}/e.sav"], "e.sav"),
], ids=["table --export", "encounter play --save"])
def test_a_full_disk_is_one_line_on_standard_error_naming_the_file(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        module: str, argv: list[str], named: str) -> None:
    """Issue 45 item 8: the encounter game's "disk full" named no file, and a failed
    ``table --export`` was said on standard output."""
    (tmp_path / "none.txt").write_text("")
    monkeypatch.setattr(f"{module}.write_atomic", _disk_full)
    line = refused(capsys, monkeypatch, [a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert named in line and "No space left" in line, line
    assert not (tmp_path / named).exists()
