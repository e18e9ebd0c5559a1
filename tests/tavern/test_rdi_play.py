"""Playing The Red Dragon Inn at the terminal (issue 22, "Playing it"), scripted: the menus
with card texts, ``?``, the hand after discarding, several discards at once, Anytime
prompts once a window, "you order", who revealed what, ``q`` saving and ``--resume``, the
``--bots`` default, ``--drinks``, and the greedy bot keeping its hands off its own Drink."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tales.cli import main
from tales.errors import TalesError
from tales.rules.decisions import Decider, Decision
from tales.tavern.rdi.bots import policy
from tales.tavern.rdi.effects import anytime
from tales.tavern.rdi.model import Card, CardKind, Mode, Player, Stat, Step, Verb, Who
from tales.tavern.rdi.simulate import Sweep, _went_out, one_game
from tales.tavern.rdi.terminal import grammar, play, read_game
from tales.tavern.rdi.timing import Played, Pour, respond

from ._play import run, table

SEED = 4


def scripted(answers: list[str], then: str = "1") -> Iterator[str]:
    yield from answers
    while True:
        yield then


def test_the_menus_show_card_texts_and_the_hand_after_discarding() -> None:
    out: list[str] = []
    answers = scripted(["?", "2 3", "q"])
    play(3, 1, SEED, read=lambda prompt: next(answers), write=out.append)
    first = out.index("[you] you: discard a card?")
    assert out[first + 2].startswith("  2) ") and " - " in out[first + 2]  # its text
    texts = [line for line in out if line.startswith("  ") and " (action): " in line]
    assert texts, "? shows every card in hand with its text"
    discarded = next(i for i, line in enumerate(out) if "you discard 2 cards" in line)
    assert any(line.startswith("  your hand:") for line in out[discarded:])  # shown again
    assert not any("you discards" in line for line in out)


def test_grammar_speaks_to_you() -> None:
    assert grammar("you orders a Drink for bot1") == "you order a Drink for bot1"
    assert grammar("you passes out: 5 Gold to the Inn") == "you pass out: 5 Gold to the Inn"
    assert grammar("you's turn ends now") == "your turn ends now"
    assert grammar("bot1 orders a Drink for you") == "bot1 orders a Drink for you"
    # the characters' own lines (Keet, Nerodia, Molly...): regular and irregular verbs
    assert grammar("you starts with 10 Artifacts instead of Gold") == \
        "you start with 10 Artifacts instead of Gold"
    assert grammar("you Petrifies Dark Ale") == "you Petrify Dark Ale"
    assert grammar("you goes first; you does nothing") == "you go first; you do nothing"
    assert grammar("you catches it") == "you catch it"
    assert grammar("bot2 gives you 2 Gold") == "bot2 gives you 2 Gold"


def test_the_log_says_who_revealed_what() -> None:
    out: list[str] = []
    answers = scripted([], "1")
    play(3, 1, SEED, read=lambda prompt: next(answers), write=out.append)
    assert any(" reveals " in line for line in out)
    assert not any("you orders" in line or "you drinks" in line for line in out)


def test_q_saves_and_resume_goes_on(tmp_path: Path) -> None:
    save = tmp_path / "game.tales"
    out: list[str] = []
    answers = scripted(["1", "2", "1", "q"])
    assert play(3, 1, SEED, read=lambda prompt: next(answers), write=out.append,
                save=save) is None
    seating, choices = read_game(save)
    assert seating.players == 3 and seating.seed == SEED and choices
    assert not list(tmp_path.glob(".game.tales.*")), "no temporary file left behind"
    more = scripted(["q"])
    again: list[str] = []
    assert play(0, 0, 0, read=lambda prompt: next(more), write=again.append,
                resume=save) is None
    assert any(line.startswith("resuming") for line in again)
    assert read_game(save)[1] == choices  # nothing chosen: the same save
    rest = scripted([], "1")
    final = play(0, 0, 0, read=lambda prompt: next(rest), write=again.append, resume=save)
    assert final is not None and final.winners


def test_a_save_never_goes_over_another_file(tmp_path: Path) -> None:
    other = tmp_path / "notes.tales"
    other.write_text("my notes", encoding="utf-8")
    with pytest.raises(TalesError, match="not written over"):
        play(3, 1, SEED, read=lambda prompt: "q", write=lambda line: None, save=other)
    assert other.read_text(encoding="utf-8") == "my notes"
    first = tmp_path / "a.tales"
    play(3, 1, SEED, read=lambda prompt: "q", write=lambda line: None, save=first)
    with pytest.raises(TalesError, match="not written over"):  # another game's save
        play(3, 1, SEED + 1, read=lambda prompt: "q", write=lambda line: None, save=first)


def test_the_cli_default_save_moves_aside_for_another_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tavern.tales").write_text("someone else's", encoding="utf-8")
    monkeypatch.setattr("builtins.input", lambda prompt: "q")
    assert main(["tavern", "play", "--players", "3", "--seed", "1"]) == 2  # refused at once
    assert "not written over" in capsys.readouterr().err
    (tmp_path / "tavern.tales").unlink()
    assert main(["tavern", "play", "--players", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "[you]" in out and "[you1]" not in out  # --bots: all seats but one
    assert (tmp_path / "tavern.tales").exists()
    assert main(["tavern", "play", "--resume", "tavern.tales"]) == 0
    assert main(["tavern", "play", "--resume", "missing.tales"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_play_takes_a_drink_deck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.toml").write_text('[[drinks]]\nname = "Odd Brew (test)"\nalcohol = 2\n'
                                     'count = 30\n', encoding="utf-8")
    answers = scripted([], "1")
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    assert main(["tavern", "play", "--players", "2", "--drinks", "d.toml"]) == 0
    assert "Odd Brew (test)" in capsys.readouterr().out
    assert main(["tavern", "play", "--drinks", "missing.toml"]) == 2


SECOND_WIND = Card("Second wind (test)", CardKind.ANYTIME, (Step(Verb.FORTITUDE, 3),))
HIT = Card("Hit (test)", CardKind.ACTION, (Step(Verb.FORTITUDE, -1, Who.TARGET),))
THICK_SKIN = Card("Thick skin (test)", CardKind.SOMETIMES,
                  (Step(Verb.REDUCE, 1, stat=Stat.FORTITUDE),))
SPIKE = Card("Make it a double (test)", CardKind.SOMETIMES, (Step(Verb.SPIKE, 2),))


def test_anytime_prompts_once_a_window() -> None:
    asked: list[Decision[Any]] = []
    tavern = table([Player("ann", "x", 10, hand=(SECOND_WIND,)),
                    Player("bob", "x", 10, hand=(SECOND_WIND, SECOND_WIND))])
    run(anytime(tavern, "ann"), {"anytime": ["pass", SECOND_WIND.name]}, asked=asked)
    assert [d.figure for d in asked if d.kind == "anytime"] == ["ann", "bob", "bob"]
    asked.clear()
    hurts = (("ann", frozenset({Stat.FORTITUDE})), ("cid", frozenset({Stat.FORTITUDE})))
    played = Played("bob", HIT.name, HIT, hurts, hurts)
    run(_window(table([Player("ann", "x", 10, hand=(SECOND_WIND,)), Player("bob", "x", 10),
                       Player("cid", "x", 10, hand=(THICK_SKIN,))]), played),
        {"respond": ["pass", THICK_SKIN.name]}, asked=asked)
    assert [d.figure for d in asked if d.kind == "respond"] == ["ann", "cid"]


def _window(tavern: Any, played: Played) -> Any:
    tavern, _ = yield from respond(tavern, played)
    return tavern


@pytest.mark.parametrize(("drinker", "spikes"), [("bot", False), ("ann", True)])
def test_the_greedy_bot_does_not_spike_its_own_drink(drinker: str, spikes: bool) -> None:
    tavern = table([Player("bot", "x", 10, hand=(SPIKE,)), Player("ann", "x", 10)])
    played = Played(drinker, "Wine", None, pours=(Pour(drinker, "Wine", 2),))
    asked: list[Decision[Any]] = []
    bot = policy("greedy", np.random.default_rng(0))

    def choose(decision: Decision[Any]) -> Any:
        return bot(decision) if decision.decider is Decider.PLAYER else decision.options[0]

    final = run(_window(tavern, played), default=choose, asked=asked)
    assert (SPIKE.name in [c.name for c in final.player("bot").discard]) is spikes


def test_a_team_win_is_not_a_tie() -> None:
    from tales.tavern.rdi.model import Mode

    out: list[str] = []
    answers = scripted([], "1")
    final = play(4, 1, 3, read=lambda prompt: next(answers), write=out.append,
                 mode=Mode.TWO_HEADED_DRAGON)
    assert final is not None and final.winners
    assert len({final.player(n).side for n in final.winners}) == 1  # a team (of two) won
    assert len(final.winners) == 2 and out[-1].startswith("Winners: ")
    assert any(line.endswith(" win") for line in out)


def test_a_save_keeps_the_variant_and_its_add_ons(tmp_path: Path) -> None:
    from tales.tavern.rdi.model import Mode
    from tales.tavern.rdi.simulate import (
        SAMPLE_DUNGEON_EVENTS,
        SAMPLE_PRIZES,
        SAMPLE_PUB_CRAWL,
        SAMPLE_SEA_EVENTS,
    )

    save = tmp_path / "crawl.tales"
    answers = scripted(["1", "1", "1", "q"])
    assert play(4, 1, SEED, read=lambda prompt: next(answers), write=lambda line: None,
                mode=Mode.TWO_HEADED_DRAGON, bar_deck=True, dungeon="practice-gauntlet",
                prizes=str(SAMPLE_PRIZES), pub_crawl=str(SAMPLE_PUB_CRAWL),
                dungeon_events=str(SAMPLE_DUNGEON_EVENTS), sea_events=str(SAMPLE_SEA_EVENTS),
                save=save) is None
    seating, _ = read_game(save)
    assert (seating.mode, seating.bar_deck, seating.dungeon, seating.pub_crawl) == (
        Mode.TWO_HEADED_DRAGON.value, True, "practice-gauntlet", str(SAMPLE_PUB_CRAWL))
    out: list[str] = []
    rest = scripted([], "1")
    final = play(0, 0, 0, read=lambda prompt: next(rest), write=out.append, resume=save)
    assert final is not None and final.winners and final.party
    assert any("Event Deck" in line for line in out) and any("the party is at" in line
                                                              for line in out)


def test_the_pot_shows_what_characters_put_in_it() -> None:
    """Keet's Artifacts are Gold in the pot (000: "Face-up or face-down Artifacts may be
    anted to the pot"): the table line counts them beside the coins."""
    out: list[str] = []
    answers = scripted([], "1")
    play(4, 1, 3, read=lambda prompt: next(answers), write=out.append,
         characters=["keet", "wench", "molly", "wrench"])
    assert any(line.startswith("Inn ") and "pot 3 Gold and 1 Artifact" in line for line in out)
    assert any("you start with 10 Artifacts instead of Gold" in line for line in out)


@pytest.mark.parametrize("mode", [Mode.BOSS_OTTO, Mode.BOSS_BATTLE])
def test_the_challengers_pass_out_together(mode: Mode) -> None:
    """The Challengers share one mat and pass out as one team: the log says so in the
    plural, and the report still counts it as passing out."""
    sweep = Sweep(4, 4, None, None, mode, False, "greedy", None, None, None, None, None)
    played = one_game(sweep, 0)
    assert played.team == ""  # the Boss won game 0 of seed 4
    assert played.lines[0].startswith("the Challengers pass out: ")
    assert _went_out(played.lines[0]) == "passed out"


def test_a_version_1_save_replays_by_the_rules_edition_1(tmp_path: Path) -> None:
    """Saves replay by recorded choice indices: one written before issue 43 changed which
    questions are asked (no edition in it) is played by edition 1, a new one by the
    latest; an edition this tales does not know is refused in one line."""
    from tales.engine.saves import SaveError, pack
    from tales.tavern.rdi.model import EDITION
    from tales.tavern.rdi.terminal import SAVE_KIND, Seating, start

    old = Seating(3, 1, SEED).to_dict()
    del old["edition"]
    path = tmp_path / "old.tales"
    path.write_bytes(pack(SAVE_KIND, 1, {"table": old, "choices": []}))
    seating, _ = read_game(path)
    assert seating.edition == 1 and EDITION >= 2
    from tales.engine.game import Game
    game: Game[Any] = Game(start(seating))
    while game.pending is not None and game.pending.state is None:
        game.answer(game.pending.options[0])
    assert game.pending is not None and game.pending.state.variant.edition == 1
    new = tmp_path / "new.tales"
    play(3, 1, SEED, read=lambda prompt: "q", write=lambda line: None, save=new)
    assert read_game(new)[0].edition == EDITION
    bad = {**Seating(3, 1, SEED).to_dict(), "edition": EDITION + 1}
    path.write_bytes(pack(SAVE_KIND, 2, {"table": bad, "choices": []}))
    with pytest.raises(SaveError, match=r"table\.edition"):
        read_game(path)


def test_the_readme_names_every_character_with_own_rules() -> None:
    """Issue 43: README's list of characters with their own rules is every one the engine
    registers, and Wizgille, whose own rules are all card language (her deck's Gear Cards):
    fifty, not a list kept by hand."""
    from tales.tavern.rdi.characters import known

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    listed = readme[readme.index("with their own rules `"):].split(";")[0]
    assert [n.strip(" `") for n in listed.removeprefix("with their own rules ").split(",")] \
        == sorted([*known(), "wizgille"])
    assert len(known()) + 1 == 50


def test_ctrl_c_loses_no_choice(tmp_path: Path) -> None:
    """Issue 43: the game is saved after every choice, so Ctrl-C at a question keeps every
    answer given; a wrong answer is answered with why."""
    save = tmp_path / "game.tales"
    out: list[str] = []
    given = iter(["1", "x", "1"])

    def read(prompt: str) -> str:
        try:
            return next(given)
        except StopIteration:
            raise KeyboardInterrupt from None
    with pytest.raises(KeyboardInterrupt):  # (the command exits 130: tests/test_locks.py)
        play(3, 1, SEED, read=read, write=out.append, save=save)
    assert any("is not one of the choices" in line for line in out)
    quit_ = tmp_path / "quit.tales"
    answers = iter(["1", "1", "q"])
    play(3, 1, SEED, read=lambda prompt: next(answers), write=lambda line: None, save=quit_)
    assert read_game(save)[1] == read_game(quit_)[1]  # as much as q saves


def test_the_discard_hint_leaves_out_done() -> None:
    """Issue 43: option 1 of a discard is "pass" (done): the hint's example is of others."""
    prompts: list[str] = []
    answers = scripted(["q"])

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)
    play(3, 1, SEED, read=read, write=lambda line: None)
    assert "(several: 2 3 4)" in prompts[0] and "several: 1" not in prompts[0]
