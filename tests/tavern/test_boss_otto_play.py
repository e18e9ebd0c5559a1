"""Boss Otto played end to end (issue 22): 50 bot games repeat by their seed with and
without ``--hard``, the terminal plays a Challenger's game to the end and a save keeps the
variant, and bad input is one line with status 2."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tales.cli import main
from tales.tavern.rdi.model import Mode
from tales.tavern.rdi.ottodata import OTTO
from tales.tavern.rdi.terminal import play, read_game


def report(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    assert main(["tavern", "simulate", "--variant", "boss-otto", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("hard", [[], ["--hard"]], ids=["first-game", "advanced"])
def test_fifty_games_repeat_by_seed(hard: list[str], capsys: pytest.CaptureFixture[str]
                                    ) -> None:
    args = ("--players", "3", "--games", "50", "--seed", "5", *hard)
    first = report(capsys, *args)
    assert first == report(capsys, *args)
    assert first == report(capsys, *args, "--workers", "2")
    assert first["variant"] == "boss otto" and first["boss_otto"]["hard"] == bool(hard)
    assert OTTO in first["win_rate_per_seat"] and len(first["win_rate_per_seat"]) == 4
    assert set(first["team_wins"]) <= {"", "challengers", "tie"}
    assert first["losses"].get("unfinished (turn limit)", 0) == 0


@pytest.mark.parametrize("players", ["1", "4"])
def test_one_to_four_challengers(players: str, capsys: pytest.CaptureFixture[str]) -> None:
    first = report(capsys, "--players", players, "--games", "3", "--faction", "Battlebot",
                   "--faction", "Mecha-Lich")
    assert first["boss_otto"]["factions"] == ["Battlebot", "Mecha-Lich"]
    assert len(first["win_rate_per_seat"]) == 1 + int(players)


@pytest.mark.parametrize(("args", "message"), [
    (["--variant", "boss-otto", "--players", "5"], "1 to 4 Challengers"),
    (["--variant", "boss-otto", "--players", "0"], "1 to 4 Challengers"),
    (["--hard"], "for --variant boss-otto"),
    (["--variant", "boss-otto", "--faction", "Battlebot", "--faction", "Battlebot"],
     "two different factions"),
    (["--variant", "boss-otto", "--otto", "missing.toml"], "missing.toml"),
])
def test_bad_input_is_one_line(args: list[str], message: str,
                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tavern", "simulate", "--games", "1", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def scripted(answers: list[str], then: str = "1") -> Iterator[str]:
    yield from answers
    while True:
        yield then


def test_a_challenger_plays_boss_otto_at_the_terminal(tmp_path: Path) -> None:
    save = tmp_path / "otto.tales"
    answers = scripted(["1", "1", "q"])
    assert play(2, 1, 3, read=lambda prompt: next(answers), write=lambda line: None,
                mode=Mode.BOSS_OTTO, hard=True, save=save) is None
    seating, _ = read_game(save)
    assert (seating.mode, seating.hard, seating.players) == (Mode.BOSS_OTTO.value, True, 2)
    out: list[str] = []
    rest = scripted([], "1")
    final = play(0, 0, 0, read=lambda prompt: next(rest), write=out.append, resume=save)
    assert final is not None and final.winners
    text = "\n".join(out)
    assert f"{OTTO}: Threat Level" in text and "the Priority Target is" in text
    assert f"{OTTO} prepares" in text and "[challengers]" in text
    assert not any(line.startswith(f"[{OTTO}]") for line in out), "nobody plays Otto"


GOOD_TRACKS = "threat = [1,1,2,2,3,3,4,4,5,5,6,6,7]\nthreat_hard = [2,2,3,3,4,4,5,5,6,6,7,7,8]\n"
A_FACTION = ('[[actions]]\nname = "P"\nfaction = "{f}"\nsteps = [ {{ fortitude = -1, '
             'who = "target" }} ]\n[[sometimes]]\nname = "S"\nfaction = "{f}"\n'
             'steps = [ {{ collect = 1 }} ]\n[[gambling]]\nname = "G"\nfaction = "{f}"\n')


@pytest.mark.parametrize(("text", "message"), [
    ("threat = [1, 2]\n", "'threat' lists the Actions"),
    (GOOD_TRACKS + A_FACTION.format(f="A"), "at least two factions"),
    (GOOD_TRACKS + A_FACTION.format(f="A") + '[[sometimes]]\nname = "W"\nfaction = "A"\n'
     'whiff = [ { repair = 1 } ]\nsteps = [ { repair = 1 } ]\n', "only a Sometimes card with "
     "a subtype"),
    (GOOD_TRACKS + A_FACTION.format(f="A") + '[[actions]]\nname = "X"\nfaction = "B"\n'
     'subtype = "player"\nsteps = [ { repair = 1 } ]\n', "'subtype' here is one of"),
    (GOOD_TRACKS + A_FACTION.format(f="A") + '[[sometimes]]\nname = "X"\nfaction = "B"\n'
     'steps = [ { hit_back = 1 } ]\n', "Otto's response is one of"),
    (GOOD_TRACKS + A_FACTION.format(f="A") + '[[actions]]\nname = "X"\nfaction = "B"\n'
     'skulls = 3\nsteps = [ { repair = 1 } ]\n', "'skulls' is 0, 1"),
])
def test_a_bad_boss_otto_file_is_one_line(text: str, message: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "otto.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["tavern", "simulate", "--games", "1", "--variant", "boss-otto", "--otto",
                 str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "otto.toml" in err


DEXTERITY_DECK = ('sample = true\ncharacter = "Juggler (test)"\n[[cards]]\nname = "Toss (test)"\n'
                  'kind = "action"\ncount = 30\ndexterity = true\ntext = "Dexterity: toss a '
                  'coin into a cup. Another player loses 2 Fortitude."\n'
                  'steps = [ { fortitude = -2, who = "target" } ]\n')


def test_the_terminal_asks_whether_the_physical_action_worked(tmp_path: Path) -> None:
    """A Dexterity Card (001, "Dexterity Cards"): the person at the terminal says whether the
    physical action at the table worked; the bot's own attempt is its seeded chance."""
    deck = tmp_path / "juggler.toml"
    deck.write_text(DEXTERITY_DECK, encoding="utf-8")
    out: list[str] = []

    def read(prompt: str) -> str:  # the second option each time: play the card; it missed
        return "q" if sum("did it work?" in line for line in out) >= 2 else "2"

    play(2, 1, 1, read=read, write=out.append, characters=[str(deck)],
         save=tmp_path / "game.tales")
    text = "\n".join(out)
    assert "[you] you: Toss (test) asks for a physical action at the table: did it work?" in text
    assert "your physical action for Toss (test) missed: no effect" in text
    assert "bot1's physical action for Toss (test) " in text
