"""``tales simulate`` and ``tales play`` end to end through :func:`tales.cli.main`: reports
that depend only on the seed, one-line errors for bad input, and a terminal game that undoes,
saves, quits, resumes to the same question and replays to the same state."""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tales.cli import main
from tales.engine import saves
from tales.engine.content import load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.saves import SavedGame, encode, read_save, write_save
from tales.engine.state import GameRules, GameState, Setup
from tales.terminal import TerminalGame

ROOT = Path(__file__).resolve().parents[1]
CELLAR = "scenarios/cellar-door.toml"
HEROES = "gerki,deirdre"
SETUP = Setup(CELLAR, ("gerki", "deirdre"))
RESULT = re.compile(r"^(VICTORY|DEFEAT): .+ \(round \d+\)$")
QUESTION = re.compile(r"^\[[^\]]+\] \S")
OPTION = re.compile(r"^  \d+\) ")
ASKED = re.compile(r"choose 1-\d+> ")


@pytest.fixture(autouse=True)
def at_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from the checkout, so bundled names (scenarios/..., gerki) resolve."""
    monkeypatch.chdir(ROOT)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def one_line_error(status: int, out: str, err: str) -> str:
    """Check a refused command: status 2, nothing on stdout, one line on stderr."""
    assert (status, out) == (2, "")
    assert err.startswith("tales: ")
    assert err.count("\n") == 1 and err.endswith("\n")
    assert "Traceback" not in err
    return err.rstrip("\n")


# --- tales simulate --------------------------------------------------------------------------


SWEEP = ("simulate", CELLAR, "--heroes", HEROES, "--games", "6", "--seed", "3", "--json")


def simulate(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[str, dict[str, Any]]:
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "")
    return out, json.loads(out)


def test_simulate_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    _, report = simulate(capsys, *SWEEP)
    assert (report["scenario"], report["heroes"], report["bot"], report["seed"]) == (
        CELLAR, ["gerki", "deirdre"], "greedy", 3)
    assert report["games"] == 6
    assert 0 <= report["wins"] <= 6
    assert report["win_rate"] == round(report["wins"] / 6, 4)
    low, high = report["win_rate_95"]
    assert 0.0 <= low <= report["win_rate"] <= high <= 1.0
    assert low < high
    rounds = report["rounds"]
    assert 1 <= rounds["min"] <= rounds["mean"] <= rounds["max"] <= 8
    assert sum(report["defeats"].values()) == 6 - report["wins"]
    assert report["decisions_per_game"] > 0


def test_simulate_is_the_same_with_two_workers(capsys: pytest.CaptureFixture[str]) -> None:
    one, _ = simulate(capsys, *SWEEP)
    again, _ = simulate(capsys, *SWEEP)
    two, _ = simulate(capsys, *SWEEP, "--workers", "2")
    assert one == again == two


def test_simulate_another_seed_plays_other_games(capsys: pytest.CaptureFixture[str]) -> None:
    _, three = simulate(capsys, *SWEEP)
    _, four = simulate(capsys, *SWEEP[:-3], "--seed", "4", "--json")
    assert four["seed"] == 4
    del three["seed"], four["seed"]
    assert three != four  # checked: seeds 3 and 4 differ in rounds and damage


def test_simulate_random_bot(capsys: pytest.CaptureFixture[str]) -> None:
    out, report = simulate(capsys, *SWEEP, "--bot", "random")
    assert (report["bot"], report["games"]) == ("random", 6)
    low, high = report["win_rate_95"]
    assert low <= report["win_rate"] <= high
    assert simulate(capsys, *SWEEP, "--bot", "random")[0] == out


def test_simulate_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, *SWEEP[:-1])
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"{CELLAR} with gerki, deirdre (greedy bot, seed 3): 6 games"
    assert lines[1].startswith("  settings: Power Tree steps scenario's, not Legend, dice "
                               "bundled; rules end_check=objective-phase")
    assert re.fullmatch(r"  win rate \d+\.\d% \(95% interval \d+\.\d% to \d+\.\d%\), \d won",
                        lines[2])


def test_every_report_says_its_settings(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 20, 4: the report says what made it, and --steps and --legend reach the game."""
    def report(*extra: str) -> dict[str, object]:
        status, out, _ = run(capsys, "simulate", CELLAR, "--heroes", "gerki,deirdre",
                             "--games", "12", "--seed", "1", "--json", *extra)
        assert status == 0
        found: dict[str, object] = json.loads(out)
        return found

    plain, harder = report("--steps", "0"), report("--steps", "3", "--legend")
    assert plain["settings"] == {"companion": None, "legend": False, "budget": None,
                                 "power_tree_steps": 0, "dice": "bundled",
                                 "rules": GameRules().to_dict()}
    assert harder["settings"]["legend"] is True  # type: ignore[index]
    assert harder["settings"]["power_tree_steps"] == 3  # type: ignore[index]
    assert (plain["wins"], plain["rounds"], plain["damage_per_game"]) != (
        harder["wins"], harder["rounds"], harder["damage_per_game"])


BAD_SIMULATE = [
    pytest.param(["--heroes", "gerki,bob"], "tales: no ", id="unknown hero"),
    pytest.param(["--heroes", "gerki"],
                 "a one-Hero game is Solo Mode (Appendix B): give a Companion",
                 id="one hero only"),
    pytest.param(["--heroes", "gerki,gerki"], "Hero 'gerki' is named twice", id="hero twice"),
    pytest.param(["--heroes", "gerki,deirdre,eve,fiona,zot"],
                 "this scenario is for 2 to 3 Heroes, not 5", id="five heroes"),
    pytest.param(["--heroes", ""], "give the Heroes: --heroes gerki,deirdre", id="no heroes"),
    pytest.param(["--heroes", HEROES, "--rule", "nonsense=1"],
                 "--rule: unknown rule flag 'nonsense' (flags: end_check, tracker, cooldowns, "
                 "reset_tokens, dangerous_paths, nearest_ties, least_fortitude, approach, "
                 "large_turns, large_difficult, large_forced, same_outcome)",
                 id="unknown rule flag"),
    pytest.param(["--heroes", HEROES, "--rule", "end_check=bogus"],
                 "--rule: end_check is one of objective-phase, every-turn, not 'bogus'",
                 id="bad rule value"),
    pytest.param(["--heroes", HEROES, "--rule", "end_check"], "give FLAG=VALUE",
                 id="rule without a value"),
    pytest.param(["--heroes", HEROES, "--games", "0"],
                 "argument --games: 0: give a whole number, 1 or more", id="no games"),
    pytest.param(["--heroes", HEROES, "--workers", "0"],
                 "argument --workers: 0: give a whole number, 1 or more", id="no workers"),
    pytest.param(["--heroes", HEROES, "--steps", "-1"],
                 "argument --steps: -1: give a whole number, from 0 to 99", id="negative steps"),
    pytest.param(["--heroes", HEROES, "--seed", "-1"],
                 "argument --seed: -1: give a whole number from 0 to 2**64 - 1",
                 id="negative seed"),
    pytest.param(["--heroes", HEROES, "--games", "-3"],
                 "argument --games: -3: give a whole number, 1 or more", id="negative games"),
    pytest.param(["--heroes", HEROES, "--dice", "no-dice.toml"], "no-dice.toml: no such file",
                 id="missing dice file"),
]


@pytest.mark.parametrize(("argv", "fragment"), BAD_SIMULATE)
def test_simulate_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    assert fragment in one_line_error(*run(capsys, "simulate", CELLAR, *argv))


@pytest.mark.parametrize(("scenario", "fragment"), [
    ("nowhere", "tales: no scenario 'nowhere' (bundled: "),
    ("scenarios/nowhere.toml", "tales: scenarios/nowhere.toml: no such file"),
    ("maps/cellar-stairs.toml", "tales: maps/cellar-stairs.toml:3: unknown key 'name'"),
], ids=["unknown name", "missing file", "a map, not a scenario"])
def test_simulate_unknown_scenario(
    capsys: pytest.CaptureFixture[str], scenario: str, fragment: str
) -> None:
    err = one_line_error(*run(capsys, "simulate", scenario, "--heroes", HEROES))
    assert err.startswith(fragment)


def test_an_unknown_hero_is_named_a_hero(capsys: pytest.CaptureFixture[str]) -> None:
    err = one_line_error(*run(capsys, "simulate", CELLAR, "--heroes", "gerki,bob"))
    assert err.startswith("tales: no hero kit 'bob' (bundled: deirdre, eve, fiona, gerki, gog, zot")


def test_an_unknown_scenario_lists_only_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    err = one_line_error(*run(capsys, "simulate", "nowhere", "--heroes", HEROES))
    assert ("(bundled: bell-tower, cellar-door, crawler-cellar, drowned-chapel, guardhouse, "
            "locked-stores, market-riot, twin-beacons;") in err


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_a_negative_seed_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    status, out, err = run(capsys, command, CELLAR, "--heroes", HEROES, "--seed", "-1")
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "--seed" in err


def test_a_seed_too_large_to_save_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    status, _, err = run(capsys, "play", CELLAR, "--heroes", HEROES, "--seed", str(2**64),
                         "--save", str(tmp_path / "game.sav"))
    assert status == 2
    assert err.count("\n") == 1 and "--seed" in err


# --- tales play --------------------------------------------------------------------------------


def play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
         answers: Iterable[str], *argv: str) -> tuple[int, str, str]:
    """``tales play argv`` with ``answers`` typed at the prompts (then end of input); the
    prompts are removed from the output, so each message is on its own line."""
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{a}\n" for a in answers)))
    status, out, err = run(capsys, "play", *argv)
    return status, ASKED.sub("", out), err


def questions(out: str) -> list[list[str]]:
    """Each Decision shown: its ``[who] prompt`` line and its numbered options."""
    found: list[list[str]] = []
    for line in out.splitlines():
        if QUESTION.match(line):
            found.append([line])
        elif OPTION.match(line) and found:
            found[-1].append(line)
    return found


def test_play_undo_save_quit_and_resume(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "game.sav"
    answers = ["u", "1", "2", "u", "2", "1", "x", f"s {save}", "q"]
    status, out, err = play(capsys, monkeypatch, answers, CELLAR, "--heroes", HEROES,
                            "--seed", "1")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("The cellar door (sample)   (number: choose   u: undo")
    assert "nothing to undo" in lines and "undone" in lines
    assert lines.count(f"saved to {save}") == 2  # by `s FILE`, then by `q`
    asked = questions(out)
    assert asked[0] == ["[gerki] Gerki (sample): which Hero start space?",
                        "  1) A1", "  2) B1", "  3) A2"]
    pending = asked[-1]
    assert len(pending) >= 3  # a prompt and at least two options

    saved = read_save(save)
    assert (saved.setup, saved.seed) == (SETUP, 1)
    # the undo took back the second answer: the save is as if it had never been given
    status, straight, _ = play(capsys, monkeypatch, ["1", "2", "1", "q"], CELLAR, "--heroes",
                               HEROES, "--seed", "1", "--save", str(tmp_path / "other.sav"))
    assert status == 0
    assert read_save(tmp_path / "other.sav") == saved
    assert questions(straight)[-1] == pending

    status, resumed, err = play(capsys, monkeypatch, ["q"], "--resume", str(save))
    assert (status, err) == (0, "")
    assert questions(resumed)[-1] == pending
    assert resumed.splitlines()[-1] == f"saved to {save}"
    assert read_save(save) == saved


def test_play_resume_then_go_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "game.sav"
    play(capsys, monkeypatch, ["1", "q"], CELLAR, "--heroes", HEROES, "--save", str(save))
    first = read_save(save).choices
    status, out, _ = play(capsys, monkeypatch, ["2", "q"], "--resume", str(save))
    assert status == 0
    # the resumed game is autosaved to the file it came from
    longer = read_save(save).choices
    assert longer[:len(first)] == first and len(longer) > len(first)
    assert questions(out)[0] == ["[deirdre] Deirdre (sample): which Hero start space?",
                                 "  1) B1", "  2) A2"]


def test_play_input_ended_saves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "game.sav"
    status, out, _ = play(capsys, monkeypatch, ["1", "1"], CELLAR, "--heroes", HEROES,
                          "--save", str(save))
    assert status == 0
    assert out.splitlines()[-1] == f"input ended; saved to {save}"
    assert len(read_save(save).choices) >= 2


def test_play_to_the_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "game.sav"
    status, out, err = play(capsys, monkeypatch, ["1"] * 3000, CELLAR, "--heroes", HEROES,
                            "--seed", "1", "--save", str(save))
    assert (status, err) == (0, "")
    assert "input ended" not in out  # the game ended before the 3000 answers did
    last = out.splitlines()[-1]
    assert RESULT.match(last)
    finished = read_save(save)
    # resuming a finished game shows its end again and asks nothing
    status, again, err = play(capsys, monkeypatch, [], "--resume", str(save))
    assert (status, err) == (0, "")
    assert again.splitlines()[-1] == last
    assert questions(again) == []
    assert read_save(save) == finished


def test_play_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    err = one_line_error(*play(capsys, monkeypatch, [], "--heroes", HEROES))
    assert err == "tales: give a scenario file (or --resume SAVE)"
    err = one_line_error(*play(capsys, monkeypatch, [], CELLAR))
    assert err == "tales: give the Heroes: --heroes gerki,deirdre"
    err = one_line_error(*play(capsys, monkeypatch, [], CELLAR, "--heroes", "gerki"))
    assert "a one-Hero game is Solo Mode (Appendix B): give a Companion" in err


def corrupt(data: bytes) -> bytes:
    flipped = bytearray(data)
    flipped[-1] ^= 0x01
    return bytes(flipped)


GOOD = encode(SavedGame(SETUP, 1, (1, 0)))


@pytest.mark.parametrize(("data", "message"), [
    (corrupt(GOOD), "corrupt or truncated (checksum mismatch)"),
    (GOOD[:-4], "corrupt or truncated (checksum mismatch)"),
    (GOOD[:10], "truncated"),
    (b"", "not a tales game save"),
    (b"name = 'not a save'\n", "not a tales game save"),
    (encode(SavedGame(SETUP, 1, (1, 0, 99))), "the save does not replay (99 is not an option"),
    (encode(SavedGame(Setup("scenarios/gone.toml", ("gerki", "deirdre")), 1, ())),
     "scenarios/gone.toml: no such file"),
], ids=["flipped bit", "truncated body", "truncated header", "empty", "a TOML file",
        "an option that is not there", "a missing scenario"])
def test_play_resume_refuses_a_bad_save(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    data: bytes, message: str
) -> None:
    save = tmp_path / "game.sav"
    save.write_bytes(data)
    err = one_line_error(*play(capsys, monkeypatch, ["1"], "--resume", str(save)))
    assert message in err
    assert save.read_bytes() == data  # a refused save is left as it was


def test_play_resume_of_a_missing_save(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    missing = tmp_path / "none.sav"
    err = one_line_error(*play(capsys, monkeypatch, [], "--resume", str(missing)))
    assert err == f"tales: {missing}: no such file"


@pytest.mark.parametrize("where", ["folder", "under a file", "unwritable"])
def test_play_save_to_a_path_it_cannot_write_says_so_and_plays_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    where: str
) -> None:
    """Issue 16: ``--save`` where no save can go was "saved to PATH", exit status 0, after
    "cannot save" at every choice. Now it is one line before anything is played."""
    target = {"folder": tmp_path, "under a file": tmp_path / "a-file" / "game.sav",
              "unwritable": tmp_path / "locked" / "game.sav"}[where]
    (tmp_path / "a-file").write_text("")
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked").chmod(0o500)
    if where == "unwritable" and os.access(tmp_path / "locked", os.W_OK):
        pytest.skip("running as a user who can write anywhere")
    err = one_line_error(*play(capsys, monkeypatch, ["1", "q"], CELLAR, "--heroes", HEROES,
                               "--save", str(target)))
    assert err.startswith(f"tales: {target}: ") and err.endswith("; nothing played")
    assert "saved to" not in err


def test_play_save_that_fails_mid_game_exits_non_zero(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The save could be written at the start, not later (the disk filled up): the last
    line and the exit status say the game is not saved."""
    save = tmp_path / "game.sav"
    real = saves.write_atomic
    calls = 0

    def full_after_two(path: Any, data: bytes) -> None:
        nonlocal calls
        calls += 1
        if calls > 2:
            raise OSError(28, "No space left on device")
        real(path, data)

    monkeypatch.setattr(saves, "write_atomic", full_after_two)
    status, out, err = play(capsys, monkeypatch, ["1", "1", "q"], CELLAR, "--heroes", HEROES,
                            "--save", str(save))
    assert out.splitlines()[-1] == (f"NOT saved (cannot save to {save}: No space left on "
                                    "device)")
    assert "saved to" not in out
    assert status == 2 and err == (f"tales: cannot save to {save}: No space left on device; "
                                   "the game is NOT saved\n")


def test_saving_to_a_bad_path_keeps_playing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    status, out, err = play(capsys, monkeypatch, ["1", f"s {blocker}/game.sav", "q"], CELLAR,
                            "--heroes", HEROES)
    assert questions(out)[-1][0].startswith("[deirdre]")
    # the game went on after the failed save; quitting then says it is not saved
    assert out.splitlines()[-1].startswith(f"NOT saved (cannot save: {blocker}/game.sav: ")
    assert status == 2 and err.count("\n") == 1
    assert err.startswith("tales: cannot save: ") and err.endswith("; the game is NOT saved\n")


# --- replaying a save reaches the same state ---------------------------------------------------


def terminal_game(
    seed: int, script: Callable[[TerminalGame], str]
) -> tuple[TerminalGame, list[str]]:
    shown: list[str] = []
    game = TerminalGame(load_context(SETUP), seed, write=shown.append)
    game.read = lambda prompt: script(game)  # the script sees the game it answers
    assert game.run() == 0
    return game, shown


def random_player(seed: int, steps: int, path: Path) -> Callable[[TerminalGame], str]:
    """Answers at random (sometimes undoing) for ``steps`` prompts, then saves to ``path``
    and quits at the first Decision that shows the table."""
    rng = np.random.default_rng(seed)
    typed: list[str] = []

    def answer(game: TerminalGame) -> str:
        decision = game.game.pending
        assert decision is not None
        if typed and typed[-1].startswith("s "):
            typed.append("q")
        elif len(typed) >= steps and decision.battle is not None:
            typed.append(f"s {path}")
        elif game.game.choices and rng.random() < 0.1:
            typed.append("u")
        else:
            typed.append(str(int(rng.integers(len(decision.options))) + 1))
        return typed[-1]
    return answer


def replayed(saved: SavedGame) -> Game[GameState]:
    ctx = load_context(saved.setup)
    return Game(lambda: play_scenario(ctx), choices=saved.choices)


@pytest.mark.parametrize(("seed", "steps"), [(0, 5), (1, 40), (2, 60), (7, 80)])
def test_a_saved_game_replays_to_the_same_state(seed: int, steps: int, tmp_path: Path) -> None:
    path = tmp_path / "game.sav"
    game, _ = terminal_game(seed, random_player(seed, steps, path))
    live = game.game.pending
    assert live is not None and live.battle is not None
    saved = read_save(path)
    assert saved == game.saved()
    replay = replayed(saved)
    again = replay.pending
    assert again == live  # the same Decision: kind, prompt, options, who decides
    assert again is not None
    assert again.position == live.position
    assert again.battle.log == live.battle.log
    assert replay.log == game.game.log


def test_a_finished_game_replays_to_the_same_end(tmp_path: Path) -> None:
    path = tmp_path / "game.sav"
    game, shown = terminal_game(5, lambda g: "1")
    assert RESULT.match(shown[-1])
    write_save(path, game.saved())
    replay = replayed(read_save(path))
    assert replay.done and game.game.done
    live, again = game.game.result, replay.result
    assert live is not None and again is not None
    assert again.position == live.position
    assert again.battle.log == live.battle.log
    assert (again.result, again.reason, again.round) == (live.result, live.reason, live.round)
    assert same_state(again, live)


def same_state(a: GameState, b: GameState) -> bool:
    """Equal states: every field, the Reactions compared by what they are (their ``run`` is a
    closure made afresh by each game, see the test below)."""
    def reactions(state: GameState) -> list[tuple[Any, ...]]:
        return [(r.figure, r.name, r.trigger, r.side) for r in state.battle.reactions]

    return (replace(a, battle=replace(a.battle, reactions=())) ==
            replace(b, battle=replace(b.battle, reactions=()))
            and reactions(a) == reactions(b))


def test_two_plays_of_the_same_game_are_equal_states() -> None:
    first, _ = terminal_game(5, lambda g: "1")
    second, _ = terminal_game(5, lambda g: "1")
    assert first.game.result is not None and second.game.result is not None
    assert same_state(first.game.result, second.game.result)  # all but the closures agree
    assert first.game.result == second.game.result


def test_play_save_of_a_setup_no_save_holds_is_refused_before_playing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """500 Power Tree steps are more than a save holds (0 to 99): ``--steps`` says so
    before anything is played or written (issue 41; a save is written only if it reads
    back, tests/test_saves.py)."""
    save = tmp_path / "game.sav"
    err = one_line_error(*play(capsys, monkeypatch, ["1", "q"], CELLAR, "--heroes", HEROES,
                               "--steps", "500", "--save", str(save)))
    assert err == ("tales: argument --steps: 500: give a whole number, from 0 to 99 (see "
                   "tales play --help)")
    assert not save.exists() and list(tmp_path.iterdir()) == []


PHYSICAL_ANSWERS = ROOT / "tests" / "data" / "physical-dice-cellar.txt"


def test_physical_dice_play_a_scenario_from_an_answer_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue 17, item 10: with --physical-dice every chance result is asked (tracker card,
    Scheme die, initiative tokens, each die's face) and the answers come from the player;
    bad input is re-asked with a one-line reason. The answer file's first two lines are
    wrong on purpose; then the first result, or the first option, every time."""
    save = tmp_path / "game.sav"
    monkeypatch.setattr("sys.stdin", io.StringIO(PHYSICAL_ANSWERS.read_text()))
    status, out, err = run(capsys, "play", CELLAR, "--heroes", HEROES, "--physical-dice",
                           "--save", str(save))
    assert (status, err) == (0, "")
    lines = [re.sub(r"^(result|choose 1-\d+)> ", "", line) for line in out.splitlines()]
    # the story so far is told before the card is asked (the tracker card's Decision
    # carries the table since issue 18), then the scenario's goals (issue 37)
    assert lines[4:10] == ["  To win, meet every objective:", "    Open the old door",
                           "    Defeat every rat", "  Lost if:", "    a Hero is Defeated",
                           "    The innkeeper locks the cellar: lost at the end of round 4 "
                           "unless won (4 rounds)"]
    del lines[4:10]
    assert lines[1:5] == ["  Story: Rats in the cellar again, and something heavy behind "
                          "the old door.", "  Part: The cellar",
                          "  Story: Two rats squeak at the far wall; a bouncer blocks the way.",
                          "Draw a card from the brown tracker deck: which card?"]
    assert lines[5:8] == ["  cards left: 1, 2",
                          "'7' is not a result here: type one of the cards left: 1, 2",
                          "'banana' is not a result here: type one of the cards left: 1, 2"]
    asked = [line for line in lines if line.endswith(": which face is up?")]
    assert any(line.startswith("Roll the scheme die: ") for line in asked)
    assert any(line.startswith("Roll the damage die: ") for line in asked)
    assert lines.count("Draw an initiative token from the bag: which one?") > 4
    assert RESULT.match(lines[-1]), lines[-5:]
    # the save holds the results typed in: it replays to the same end without asking
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status, again, _ = run(capsys, "play", "--resume", str(save))
    assert status == 0 and again.splitlines()[-1] == lines[-1]
