"""The tavern's commands end to end: variants, decks by name, bad input in one line with
status 2, and simulations that depend only on their seed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tales.cli import main

BAD = [
    (["tavern", "simulate", "--players", "5", "--variant", "two-headed-dragon"],
     "even number of players"),
    (["tavern", "simulate", "--players", "3", "--variant", "boss-battle", "--character",
      "bertha"], "not a villain"),
    (["tavern", "simulate", "--players", "7", "--variant", "boss-battle"], "2, 3 or 4"),
    (["tavern", "simulate", "--character", "nobody"], "no Character Deck 'nobody'"),
    (["tavern", "simulate", "--drinks", "missing.toml"], "missing.toml"),
    (["tavern", "play", "--players", "3", "--bots", "3"], "someone must play"),
    (["tavern", "encounter", "simulate", "--players", "9"], "--players is 2 to 6"),
    (["tavern", "encounter", "simulate", "--deck", "missing.toml"], "missing.toml"),
    (["tavern", "encounter", "simulate", "--workers", "0"],
     "argument --workers: 0: give a whole number, 1 or more"),
    (["tavern", "simulate", "--seed", "-1"], "argument --seed: -1: give a whole number"),
    (["tavern", "encounter", "simulate", "--seed", "-1"],
     "argument --seed: -1: give a whole number"),
    (["tavern", "play", "--seed", "-1"], "argument --seed: -1: give a whole number"),
    (["tavern", "encounter", "play", "--seed", "-1"], "argument --seed: -1: give a whole number"),
    (["tavern", "encounter", "play", "--resume", "missing.sav"], "missing.sav"),
]


@pytest.mark.parametrize(("args", "message"), BAD)
def test_bad_input_is_one_line_and_status_2(args: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def report(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    assert main(["tavern", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("variant", ["two-headed-dragon", "boss-battle"])
def test_variant_simulations_repeat_by_seed(variant: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "--players", "4", "--games", "3", "--seed", "7", "--variant", variant,
            "--bar-deck")
    first = report(capsys, *args)
    assert first == report(capsys, *args)
    assert first["variant"] == {"two-headed-dragon": "two-headed dragon",
                                "boss-battle": "boss battle"}[variant] and first["bar_deck"]
    assert sum(first["team_wins"].values()) == pytest.approx(1.0)


@pytest.mark.parametrize("variant", ["individual", "two-headed-dragon"])
def test_the_simulation_is_the_same_whatever_the_workers(
        variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 19, 5: `tavern simulate --workers` plays the same games (each one's generator
    is spawned from the seed by its number)."""
    args = ("simulate", "--players", "4", "--games", "6", "--seed", "3", "--variant", variant)
    assert report(capsys, *args) == report(capsys, *args, "--workers", "2")


def test_a_boss_battle_puts_a_villain_in_the_first_seat(
        capsys: pytest.CaptureFixture[str]) -> None:
    first = report(capsys, "simulate", "--players", "3", "--games", "2", "--variant",
                   "boss-battle", "--character", "valeria", "--character", "karl")
    assert "Dark Priestess Valeria (sample deck)" in first["win_rate_per_seat"]
    assert set(first["team_wins"]) <= {"", "challengers", "tie"}


def test_the_encounter_simulation_repeats_by_seed(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("encounter", "simulate", "--players", "3", "--games", "4", "--seed", "2")
    first = report(capsys, *args)
    assert first == report(capsys, *args)
    assert first == report(capsys, *args, "--workers", "2")
    assert set(first["prestige_per_character"]) == {"Talon (sample)", "Orn (sample)",
                                                    "Kai (sample)"}
    assert 0 < first["encounters_survived"] <= 9 + first["games_tied_after_the_last_encounter"]
    assert first["rounds_per_encounter"] and all(
        r >= 1 for r in first["rounds_per_encounter"].values())


def test_the_encounter_simulation_names_repeated_characters(
        capsys: pytest.CaptureFixture[str]) -> None:
    first = report(capsys, "encounter", "simulate", "--players", "5", "--games", "1")
    assert set(first["prestige_per_character"]) == {
        "Talon (sample) #1", "Talon (sample) #2", "Orn (sample)", "Kai (sample)",
        "Mira (sample)"}


def test_playing_a_team_game_at_the_terminal_shows_your_teammates_hand() -> None:
    from tales.tavern.rdi.model import Mode
    from tales.tavern.rdi.terminal import play

    out: list[str] = []
    assert play(4, 1, 3, read=lambda prompt: "q", write=out.append,
                mode=Mode.TWO_HEADED_DRAGON) is None
    text = "\n".join(out)
    assert "your hand:" in text and "bot1's hand:" in text and "[team 1]" in text
    assert "bot2's hand:" not in text


def test_the_encounter_game_at_the_terminal_plays_to_the_end() -> None:
    from tales.tavern.encounter.terminal import play

    out: list[str] = []
    final = play(3, 1, 5, read=lambda prompt: "1", write=out.append)
    assert final is not None and final.winners is not None
    assert any(line.startswith("[seat 1]") for line in out)


STRUCTURES = ["individual", "two-headed-dragon", "boss-battle", "two-headed-boss-battle",
              "leaders-and-lackeys", "boss-versus-boss"]
ADDONS = [["--bar-deck"], ["--dungeon-training"], ["--dungeon-training", "practice-gauntlet"],
          ["--prize"], ["--dungeon-events"], ["--dungeon-events", "--sea-events"],
          ["--pub-crawl"]]
EVERY_ADDON = ["--bar-deck", "--dungeon-training", "--prize", "--dungeon-events",
               "--sea-events", "--pub-crawl"]
RUNS = [(s, EVERY_ADDON) for s in STRUCTURES] + [("individual", a) for a in ADDONS]


@pytest.mark.parametrize(("variant", "addon"), RUNS,
                         ids=[f"{v}:{'+'.join(a)}" for v, a in RUNS])
def test_fifty_games_of_each_structure_and_add_on_repeat_by_seed(
        variant: str, addon: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "--players", "4", "--games", "50", "--seed", "3", "--variant",
            variant, *addon)
    first = report(capsys, *args)
    assert first == report(capsys, *args)
    assert first["games"] == 50 and first["variant"] == variant.replace("-", " ").replace(
        "two headed", "two-headed")
    if "--dungeon-training" in addon:
        assert first["dungeon"].endswith("(sample)")
    if "--prize" in addon:
        assert first["prizes"] == 5
    assert first["pub_crawl"] == (6 if "--pub-crawl" in addon else 0)
    assert first["event_decks"] == [k for k, flag in (("sea", "--sea-events"),
                                                       ("dungeon", "--dungeon-events"))
                                    if flag in addon]


@pytest.mark.parametrize(("args", "message"), [
    (["--dungeon-training", "nowhere"], "no Dungeon 'nowhere'"),
    (["--prize", "missing.toml"], "missing.toml"),
    (["--sea-events"], "played with Dungeon Events"),
])
def test_bad_add_on_files_are_one_line(args: list[str], message: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tavern", "simulate", "--games", "1", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
