"""The encounter game at the terminal: what a person sees, bad input, saving and resuming."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tales.cli import main
from tales.engine.game import Game
from tales.tavern.encounter import saves
from tales.tavern.encounter.cards import load
from tales.tavern.encounter.simulate import SAMPLE, game
from tales.tavern.encounter.terminal import play


def answers(*lines: str) -> Iterator[str]:
    yield from lines
    while True:
        yield "1"


def test_the_screen_shows_the_matrix_and_the_cards() -> None:
    out: list[str] = []
    given = answers()
    final = play(2, 1, 5, read=lambda prompt: next(given), write=out.append)
    assert final is not None and final.winners is not None
    text = "\n".join(out)
    assert "Attack Matrix: least damage: 5" in text  # the first Encounter's matrix
    assert "tokens 1: 15 Life Points, 2: 15 Life Points" in text  # per token
    assert "; Prestige 1 a token; bonus rounds 1 (+2)" in text
    assert "Initiative: 1st seat " in text and ", 2nd seat " in text
    assert "  1) Axe Chop (sample) - Attack 15 (10/15/30/60)" in text  # a card offered
    assert "Edge Out (sample) - discard another player's set card; on your turn" in text
    assert "your Quest: " in text and "your set card: " in text
    assert "damage stack: " in text
    assert not any(line.startswith("[seat 1] seat 1") for line in out)  # named once


def test_a_wrong_answer_says_why_in_one_line() -> None:
    out: list[str] = []
    given = answers("x", "0", "q")
    assert play(2, 1, 5, read=lambda prompt: next(given), write=out.append) is None
    wrong = [line for line in out if "is not one of the choices" in line]
    assert wrong == ["'x' is not one of the choices: type a number from 1 to 2, or q quits",
                     "'0' is not one of the choices: type a number from 1 to 2, or q quits"]


def test_q_saves_and_resume_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "game.sav"
    out: list[str] = []
    given = answers(*(["1"] * 30), "q")
    assert play(3, 1, 7, read=lambda prompt: next(given), write=out.append,
                save=path) is None
    assert out[-1] == f"saved to {path}; go on with: tales tavern encounter play --resume {path}"
    saved = saves.read(path)
    assert saved.table == saves.Table(3, 1, 7) and len(saved.choices) > 30
    replayed = Game(game(load(SAMPLE), 3).start, choices=saved.choices)
    while replayed.pending is not None and replayed.pending.state is None:
        replayed.answer(replayed.pending.options[0])
    assert replayed.pending is not None
    log = [f"  {line}" for line in replayed.pending.state.log]
    assert log[-1] in out  # the first game got this far
    again: list[str] = []
    final = play(0, 0, 0, read=lambda prompt: "1", write=again.append, resume=path)
    assert final is not None and final.winners is not None
    assert again[:len(log)] == log  # and the resumed one goes on from there
    assert len(saves.read(path).choices) > len(saved.choices)


def test_a_save_never_goes_over_another_file(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("mine", encoding="utf-8")
    assert main(["tavern", "encounter", "play", "--players", "2", "--bots", "1", "--save",
                 str(other)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not written over" in err
    assert other.read_text(encoding="utf-8") == "mine"
    theirs = tmp_path / "theirs.sav"
    saves.write(theirs, saves.Saved(saves.Table(4, 1, 9), (0, 1)))
    before = theirs.read_bytes()
    assert main(["tavern", "encounter", "play", "--players", "2", "--bots", "1", "--save",
                 str(theirs)]) == 2
    assert "holds another game" in capsys.readouterr().err
    assert theirs.read_bytes() == before


@pytest.mark.parametrize(("content", "message"), [
    (b"", "empty"), (b"hello", "not a tales encounter game save"),
    (b"TALESAV1\x00\x00\x00\x00junk", "corrupt or truncated")])
def test_resuming_a_bad_file_is_one_line(tmp_path: Path, content: bytes, message: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.sav"
    bad.write_bytes(content)
    assert main(["tavern", "encounter", "play", "--resume", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


# --- issue 42: the screen ---------------------------------------------------------------------


def test_every_prompt_says_who_holds_the_killing_blow() -> None:
    out: list[str] = []
    given = answers()
    play(2, 1, 5, read=lambda prompt: next(given), write=out.append)
    prompts = [n for n, line in enumerate(out) if line.startswith("[seat 1] ")]
    without = [out[n] for n in prompts if not out[n - 1].startswith("killing blow")]
    assert prompts and without == [], without[:3]
    assert any(line.startswith("killing blow now: seat ") for line in out)
    assert any(line.startswith("killing blow now: nobody yet (") for line in out)
    assert any(line.startswith("killing blow: seat ") and line.endswith(" landed it")
               for line in out)


def test_the_killing_blow_is_whoever_brought_it_down() -> None:
    from tales.tavern.encounter.model import Blow
    from tales.tavern.encounter.terminal import killing_blow

    from .test_encounter_cases import MAGUS, SWORD, adv, cave

    table = cave(adv("ann", 1), adv("bob", 2), encounter=MAGUS, life=10, barrier=20)
    assert killing_blow(table) == "killing blow now: nobody yet (30 more damage to kill)"
    hit = replace(table, stack=(Blow("ann", SWORD, 3),), slayer="ann")  # 40 damage
    assert killing_blow(hit) == "killing blow now: ann (if nothing changes)"


def test_gluttony_and_fog_menus_say_what_each_number_does() -> None:
    from tales.rules.decisions import Decider, Decision
    from tales.tavern.encounter.terminal import option_text

    gorge = Decision("gorge", "draw how many cards?", (0, 1, 2), Decider.PLAYER, "seat 1")
    assert [option_text(gorge, o) for o in gorge.options] == [
        "draw none", "draw 1 card", "draw 2 cards"]
    fog = Decision("announce", "announce", (10, 20, 40), Decider.PLAYER, "seat 1", detail=20)
    assert [option_text(fog, o) for o in fog.options] == [
        "10 - a lie (if caught you lose 3 Prestige)", "20 - the true damage",
        "40 - a lie (if caught you lose 3 Prestige)"]


def test_an_encounter_opens_before_its_first_round() -> None:
    from tales.tavern.encounter.terminal import encounter_lines, table_lines

    from .test_encounter_cases import POUNCE, TROLL, adv, cave

    table = cave(adv("ann", 1, character="Talon (test)"), adv("bob", 2), round=0,
                 abilities=(("Talon (test)", POUNCE),))
    lines = encounter_lines(table, TROLL)
    assert "before the first round" in lines[0] and "round 0" not in lines[0]
    assert "  Initiative: drawn when the first round begins" in lines
    seen = table_lines(table, "ann")
    assert "  ann (Talon (test)) - you: 100 Life Points, 0 cards, Prestige 0" in seen
    assert any(line.startswith("  your ability (Talon (test)): Talon's Pounce (test) - ")
               and line.endswith("1 use left this Encounter") for line in seen)


def test_the_lichs_skeletons_score_nothing_on_the_screen() -> None:
    from tales.tavern.encounter.terminal import encounter_lines

    from .test_encounter_cases import LICH, adv, cave

    lines = encounter_lines(cave(adv("ann", 1), adv("bob", 2), encounter=LICH,
                                 tokens=(10, 10), round=1), LICH)
    assert "no Prestige (the Lich alone scores)" in lines[0]
    assert "a token" not in lines[0]


def test_a_hot_seat_clears_the_screen_and_asks_for_the_next_player() -> None:
    from tales.tavern.encounter.terminal import CLEAR

    out: list[str] = []
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "" if prompt.startswith("pass the seat") else "1"

    final = play(2, 2, 3, read=read, write=out.append)
    assert final is not None
    handed = [p for p in prompts if p.startswith("pass the seat to ")]
    assert handed and out.count(CLEAR) == len(handed)
    for n, line in enumerate(out):  # after each clear, only the new seat's hand is shown
        if line == CLEAR:
            nxt = next(x for x in out[n + 1:] if x.startswith("[seat "))
            shown = out[n + 1:out.index(nxt, n + 1)]
            seat = nxt[1:7]
            assert any(x.startswith(f"  {seat} (") and " - you: " in x for x in shown), shown


def test_q_at_the_hand_over_saves_and_quits(tmp_path: Path) -> None:
    path = tmp_path / "hot.tales"
    given = iter(["1"] * 200)

    def read(prompt: str) -> str:
        return "q" if prompt.startswith("pass the seat") else next(given)

    out: list[str] = []
    assert play(2, 2, 3, read=read, write=out.append, save=path) is None
    assert out[-1].startswith(f"saved to {path}") and saves.read(path).choices


def test_play_saves_by_default_never_over_another_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", lambda prompt: "q")
    assert main(["tavern", "encounter", "play", "--players", "2"]) == 0
    first = saves.read(tmp_path / "encounter.tales")
    assert first.table == saves.Table(2, 1, 0)
    assert main(["tavern", "encounter", "play", "--players", "2", "--seed", "4"]) == 0
    assert saves.read(tmp_path / "encounter.tales") == first  # not written over
    assert saves.read(tmp_path / "encounter-2.tales").table.seed == 4
    assert "encounter-2.tales" in capsys.readouterr().out


def test_an_unwritable_save_names_the_players_path(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "notes.txt"
    folder.write_text("a file, not a folder", encoding="utf-8")
    wanted = folder / "game.tales"
    assert main(["tavern", "encounter", "play", "--players", "2", "--save",
                 str(wanted)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(wanted) in err and "/." not in err.replace(
        str(tmp_path), "")
    assert f"({folder} is not a folder)" in err


def test_a_module_game_opens_with_the_module() -> None:
    out: list[str] = []
    module = SAMPLE.parent / "module-sample.toml"
    given = answers("q")
    play(3, 1, 2, read=lambda prompt: next(given), write=out.append, module=module)
    opening = next(line for line in out if "adventurers" in line)
    assert "the Adventure Module The Sunken Vault (sample)" in opening
    assert "9 Encounters" not in opening


def test_a_save_of_format_1_replays_by_the_rules_edition_1(tmp_path: Path) -> None:
    from tales.engine.saves import pack, write_atomic

    old = tmp_path / "old.tales"
    write_atomic(old, pack(saves.KIND, 1, {"players": 2, "people": 1, "seed": 3,
                                           "deck": "", "module": "", "veterans": [],
                                           "choices": [0, 0]}))
    saved = saves.read(old)
    assert saved.table.edition == 1 and saved.choices == (0, 0)
    new = tmp_path / "new.tales"
    saves.write(new, saves.Saved(saves.Table(2, 1, 3), ()))
    assert saves.read(new).table.edition == 3  # a new game: the rules' edition now
    two = tmp_path / "two.tales"  # a game of edition 2 stays one (issue 42, items 7 and 8)
    saves.write(two, saves.Saved(saves.Table(2, 1, 3, edition=2), ()))
    assert saves.read(two).table.edition == 2


@pytest.mark.parametrize("action", ["play", "simulate"])
def test_help_says_what_each_option_is_and_its_default(
        action: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tavern", "encounter", action, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "players at the table, people and bots (2 to 6; default 4)" in text
    assert "the seed of the shuffles and the bots (default 0)" in text
    if action == "play":
        assert "seats the bots take, the last ones (default: all but one" in text
        assert "(default: encounter.tales" in text
    else:
        assert "games to play (default 100)" in text
