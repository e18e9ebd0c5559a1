"""Campaigns (docs/formats.md, "Campaign files"; docs/rules-decisions.md, "Solo Mode
(Appendix B) and the campaign"): campaign files load or are refused in one line, progress
unlocks and archives on a Victory and replays a lost scenario, each Hero gets only what is
unlocked (with Solo Mode's extras), a campaign plays on by bot or at the terminal saved after
every decision, and ``tales campaign ...`` works end to end."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from tales.campaign import play
from tales.campaign.play import continue_campaign
from tales.campaign.progress import (
    Campaign,
    ScenarioResult,
    available,
    campaign_file,
    game_seed,
    new_campaign,
    record,
    setup_for,
    start_game,
)
from tales.campaign.saves import backup_path, encode, load, path_for, save
from tales.cli import main
from tales.content.campaigns import CampaignFile, load_campaign_file
from tales.engine import saves as game_saves
from tales.engine.saves import SavedGame
from tales.engine.state import GameState, Loadout, Result
from tales.errors import ContentError, TalesError
from tales.rules.decisions import Decision

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
SAMPLE = "scenarios/sample-campaign.toml"
VAULT = ("Caltrops", "Sanctuary", "Fire storm", "Spray", "Dazzle", "Rip weapon",
         "Throwing knives", "Focus crystal", "Quiver", "Shimmering cloak", "Spiked bracers",
         "Duck", "Riposte")
FIRST_UNLOCK = ("Caltrops", "Sanctuary", "Fire storm", "Spray", "Dazzle", "Rip weapon")
SECOND_UNLOCK = ("Throwing knives", "Focus crystal", "Quiver", "Shimmering cloak",
                 "Spiked bracers")
SOLO = (("gerki",), "otto-guard")
DUO = (("gerki", "deirdre"), None)
QUESTION = re.compile(r"^\[[^\]]+\] \S")
ASKED = re.compile(r"choose 1-\d+> ")


@pytest.fixture(autouse=True)
def at_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from the checkout, so bundled names (sample-campaign, gerki) resolve."""
    monkeypatch.chdir(ROOT)


@pytest.fixture(scope="module")
def sample() -> CampaignFile:
    """The sample campaign file, read from the checkout (as the tests run there)."""
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        return load_campaign_file(SAMPLE)
    finally:
        os.chdir(here)


def ended(result: Result, reason: str = "because", rounds: int = 3) -> GameState:
    """A stand-in for a finished game's state: what :func:`record` reads."""
    return cast(GameState, SimpleNamespace(result=result, reason=reason, round=rounds))


# --- campaign files ----------------------------------------------------------------------------


def test_the_sample_campaign_loads(sample: CampaignFile) -> None:
    assert sample.title == "Trouble at the Red Dragon (sample campaign)"
    assert sample.sample is True
    assert sample.source == SAMPLE
    assert sample.vault == VAULT
    assert (sample.hero_cards, sample.allowance) == (2, (1, 1, 0))
    assert sample.chapters() == ["Chapter 1: Trouble downstairs (sample)"]
    assert [(s.number, s.file, s.title, s.power_tree_steps) for s in sample.scenarios] == [
        (1, "scenarios/cellar-door.toml", "The cellar door (sample)", 1),
        (2, "scenarios/drowned-chapel.toml", "The drowned chapel (sample)", 1),  # its own
        (3, "scenarios/market-riot.toml", "Riot in the market (sample)", 2),
    ]
    # what winning unlocks and retires comes from each scenario's [rewards]
    assert [s.unlock for s in sample.scenarios] == [FIRST_UNLOCK, SECOND_UNLOCK,
                                                    ("Duck", "Riposte")]
    assert [s.archive for s in sample.scenarios] == [(), (), ("Cheap shot",)]
    assert {n for s in sample.scenarios for n in s.unlock} == set(VAULT)


def campaign_text(*entries: str, head: str = 'title = "Test campaign"\nhero_cards = 2\n') -> str:
    chapter = '\n[[chapters]]\nname = "Only chapter"\n'
    return head + chapter + "".join(entries)


def entry(number: int, file: str = "cellar-door.toml", extra: str = "") -> str:
    return (f'\n[[chapters.scenarios]]\nnumber = {number}\nfile = "{SCENARIOS / file}"\n'
            f"{extra}")


def write(tmp_path: Path, text: str, name: str = "campaign.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_an_entry_adds_to_the_scenarios_rewards(tmp_path: Path) -> None:
    path = write(tmp_path, campaign_text(
        entry(4, extra='unlock = ["Duck"]\narchive = ["Cheap shot"]\npower_tree_steps = 0\n'),
        entry(9, "market-riot.toml"),
        head='title = "T"\nitems = { support = 0, major = 2, masterwork = 1 }\n'))
    loaded = load_campaign_file(path)
    first, second = loaded.scenarios
    assert (first.number, first.power_tree_steps) == (4, 0)
    assert first.unlock == (*FIRST_UNLOCK, "Duck")
    assert first.archive == ("Cheap shot",)
    assert (second.number, second.power_tree_steps, second.archive) == (9, 0, ("Cheap shot",))
    assert (loaded.hero_cards, loaded.allowance, loaded.vault, loaded.sample) == (
        None, (0, 2, 1), (), False)


HEAD = 'title = "T"\nvault = ["Duck"]\n'  # two lines: an entry's header is line 7
MALFORMED = [
    pytest.param(HEAD + 'colour = "red"\n' + campaign_text(entry(1), head=""), 3,
                 "unknown key 'colour' (a campaign has: chapters, hero_cards, items, sample, "
                 "title, vault)", id="unknown key"),
    pytest.param(campaign_text(entry(1), head='vault = []\n'), None, "needs a 'title'",
                 id="no title"),
    pytest.param(campaign_text(entry(1), head='title = ""\n'), 1, "needs a 'title'",
                 id="empty title"),
    pytest.param(HEAD, None, "needs [[chapters]], each with a name and [[chapters.scenarios]]",
                 id="no chapters"),
    pytest.param(HEAD + "chapters = []\n", None, "needs [[chapters]]", id="empty chapters"),
    pytest.param(HEAD + '\n[chapters]\nname = "C"\n', None, "needs [[chapters]]",
                 id="chapters a table"),
    pytest.param(HEAD + "\n[[chapters]]\n" + entry(1), 4, "chapter 1: needs a 'name'",
                 id="chapter without a name"),
    pytest.param(HEAD + '\n[[chapters]]\nname = "C"\n', 4,
                 "chapter 'C': needs [[chapters.scenarios]]", id="chapter without scenarios"),
    pytest.param(HEAD + '\n[[chapters]]\nname = "C"\nday = 1\n' + entry(1), 4,
                 "chapter 'C': keys are name and scenarios", id="chapter unknown key"),
    pytest.param(HEAD + '\n[[chapters]]\nname = "C"\nscenarios = [1]\n', 4,
                 "a campaign scenario is a table with number and file", id="entry not a table"),
    pytest.param(campaign_text(entry(2), entry(2, "drowned-chapel.toml"), head=HEAD), 11,
                 "scenario 2: numbers go up through the campaign (after 2)", id="number twice"),
    pytest.param(campaign_text(entry(3), entry(1, "drowned-chapel.toml"), head=HEAD), 11,
                 "scenario 1: numbers go up through the campaign (after 3)",
                 id="numbers going down"),
    pytest.param(campaign_text(entry(0), head=HEAD), 7,
                 "each scenario needs a 'number' (1 or more)", id="number 0"),
    pytest.param(campaign_text('\n[[chapters.scenarios]]\nnumber = 1.5\nfile = "x.toml"\n',
                               head=HEAD), 7, "each scenario needs a 'number'",
                 id="number not whole"),
    pytest.param(campaign_text('\n[[chapters.scenarios]]\nnumber = 1\n', head=HEAD), 7,
                 "scenario 1: needs a 'file'", id="no file"),
    pytest.param(campaign_text(entry(1), entry(2, "nowhere.toml"), head=HEAD), 11,
                 f"scenario 2: file '{SCENARIOS / 'nowhere.toml'}' not found", id="missing file"),
    pytest.param(campaign_text(entry(1, extra="power_tree_steps = -1\n"), head=HEAD), 7,
                 "scenario 1: 'power_tree_steps' is a whole number", id="negative steps"),
    pytest.param(HEAD + "hero_cards = -1\n" + campaign_text(entry(1), head=""), 3,
                 "'hero_cards' is how many Hero cards each Hero equips", id="hero_cards -1"),
    pytest.param(HEAD + 'hero_cards = "two"\n' + campaign_text(entry(1), head=""), 3,
                 "'hero_cards' is how many Hero cards", id="hero_cards text"),
    pytest.param(HEAD + "hero_cards = true\n" + campaign_text(entry(1), head=""), 3,
                 "'hero_cards' is how many Hero cards", id="hero_cards bool"),
    pytest.param(HEAD + "items = { support = 1, extra = 1 }\n" + campaign_text(entry(1), head=""),
                 3, "'items' is { support = 1, major = 1, masterwork = 0 }", id="items key"),
    pytest.param(HEAD + "items = { major = -1 }\n" + campaign_text(entry(1), head=""), 3,
                 "'items' is {", id="items negative"),
    pytest.param(HEAD + "items = 2\n" + campaign_text(entry(1), head=""), 3, "'items' is {",
                 id="items not a table"),
    pytest.param(campaign_text(entry(1), head='title = "T"\nvault = "Duck"\n'), 2,
                 "'vault' is a list of Hero card and Item names", id="vault not a list"),
    pytest.param(campaign_text(entry(1), head='title = "T"\nvault = ["Duck", 3]\n'), 2,
                 "'vault' is a list of Hero card and Item names", id="vault number"),
    pytest.param(campaign_text(entry(1, extra='reward = ["Duck"]\n'), head=HEAD), 7,
                 "unknown key 'reward' (a campaign scenario has: archive, file, number, "
                 "power_tree_steps, unlock)", id="unknown entry key"),
    pytest.param(campaign_text(entry(1, extra='unlock = "Duck"\n'), head=HEAD), 7,
                 "'unlock' is a list of Hero card and Item names", id="unlock not a list"),
    pytest.param(campaign_text(entry(1, extra='archive = [""]\n'), head=HEAD), 7,
                 "'archive' is a list of Hero card and Item names", id="archive empty name"),
    pytest.param("title = \n", 1, "not valid TOML", id="not TOML"),
    pytest.param((SCENARIOS / "cellar-door.toml").read_text(), 4, "unknown key 'map'",
                 id="a scenario, not a campaign"),
]


@pytest.mark.parametrize(("text", "line", "message"), MALFORMED)
def test_a_malformed_campaign_file_is_one_line(
    tmp_path: Path, text: str, line: int | None, message: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ContentError) as caught:
        load_campaign_file(path)
    error = caught.value
    assert "\n" not in str(error)
    assert (error.source, error.line) == (str(path), line)
    where = f"{path}:{line}" if line is not None else str(path)
    assert str(error).startswith(f"{where}: {message}")


def test_a_bad_scenario_in_a_campaign_names_the_scenario_file(tmp_path: Path) -> None:
    text = campaign_text('\n[[chapters.scenarios]]\nnumber = 1\nfile = '
                         f'"{ROOT / "maps" / "cellar-stairs.toml"}"\n')
    with pytest.raises(ContentError) as caught:
        load_campaign_file(write(tmp_path, text))
    assert str(caught.value).startswith(f"{ROOT / 'maps' / 'cellar-stairs.toml'}:3: unknown key")


# --- progress ----------------------------------------------------------------------------------


def test_a_new_campaign(sample: CampaignFile) -> None:
    campaign = new_campaign("trip_1", "sample-campaign", ("gerki",), "otto-guard", True, -1, 5)
    assert campaign == Campaign("trip_1", SAMPLE, ("gerki",), "otto-guard", True, -1, 5)
    assert campaign_file(campaign) == sample
    assert not campaign.finished(sample)
    assert campaign.current(sample) == sample.scenarios[0]


@pytest.mark.parametrize(("name", "heroes", "companion", "message"), [
    ("t", ("bob",), "otto-guard", "no hero kit 'bob' (bundled: deirdre, eve, fiona, gerki"),
    ("t", ("gerki",), None, "a one-Hero game is Solo Mode (Appendix B): give a Companion"),
    ("t", ("gerki", "deirdre"), "otto-guard", "a Companion is for Solo Mode"),
    ("t", ("gerki",), "nobody", "no Companion card 'nobody' (bundled: "),
    ("t", ("gerki", "gerki"), None, "Hero 'gerki' is named twice"),
    ("t", ("gerki", "deirdre", "eve", "fiona", "zot"), None, "not 5"),
    ("t", (), None, ""),
    ("a/b", ("gerki",), "otto-guard", "campaign name 'a/b': use letters, digits, - and _"),
    ("..", ("gerki",), "otto-guard", "campaign name '..': use letters"),
    ("", ("gerki",), "otto-guard", "campaign name '': use letters"),
], ids=["unknown hero", "one hero alone", "companion with two", "unknown companion",
        "hero twice", "five heroes", "no heroes", "slash", "dots", "empty name"])
def test_a_new_campaign_checks_its_heroes(
    name: str, heroes: tuple[str, ...], companion: str | None, message: str
) -> None:
    with pytest.raises(TalesError) as caught:
        new_campaign(name, "sample-campaign", heroes, companion)
    assert "\n" not in str(caught.value)
    assert message in str(caught.value)


def test_a_new_campaign_of_an_unknown_file() -> None:
    with pytest.raises(TalesError) as caught:
        new_campaign("t", "no-such-campaign", *SOLO)
    assert str(caught.value).startswith("no scenario 'no-such-campaign' (bundled: ")


def test_available_hides_the_vault_and_the_archive(sample: CampaignFile) -> None:
    start = Campaign("t", SAMPLE, ("gerki",))
    names = ("Cheap shot", "Caltrops", "Duck", "Throwing knives", "Elsewhere")
    assert available(start, sample, names) == ("Cheap shot", "Elsewhere")
    later = replace(start, unlocked=("Caltrops", "Duck"), archived=("Cheap shot",))
    assert available(later, sample, names) == ("Caltrops", "Duck", "Elsewhere")
    assert available(later, sample, ()) == ()


def test_each_hero_takes_only_what_is_unlocked(sample: CampaignFile) -> None:
    solo = Campaign("t", SAMPLE, *SOLO)
    setup = setup_for(solo, sample)
    assert (setup.scenario, setup.heroes, setup.companion, setup.power_tree_steps,
            setup.legend) == ("scenarios/cellar-door.toml", ("gerki",), "otto-guard", 1, False)
    assert setup.loadout == Loadout({"gerki": ("Cheap shot",)}, {"gerki": ()}, 2, (2, 1, 0))
    duo = Campaign("t", SAMPLE, *DUO, legend=True)
    setup = setup_for(duo, sample)
    assert setup.legend and setup.companion is None
    assert setup.loadout == Loadout(
        {"gerki": ("Cheap shot",), "deirdre": ("Mending prayer", "Guardian's call")},
        {"gerki": (), "deirdre": ()}, 2, (1, 1, 0))
    later = replace(duo, next=2, unlocked=(*FIRST_UNLOCK, *SECOND_UNLOCK, "Duck"),
                    archived=("Cheap shot",))
    setup = setup_for(later, sample)
    assert (setup.scenario, setup.power_tree_steps) == ("scenarios/market-riot.toml", 2)
    assert setup.loadout == Loadout(
        {"gerki": ("Caltrops", "Duck"),
         "deirdre": ("Mending prayer", "Guardian's call", "Sanctuary")},
        {"gerki": ("Throwing knives",), "deirdre": ()}, 2, (1, 1, 0))


def numbered(tmp_path: Path, hero_cards: str = "hero_cards = 2\n") -> Path:
    return write(tmp_path, campaign_text(
        entry(4), entry(5), entry(17),
        head=f'title = "Long"\n{hero_cards}items = {{ support = 1, major = 1, masterwork = 1 }}\n'
             'vault = ["Duck"]\n'))


def test_solo_mode_equips_more_hero_cards_from_scenarios_5_and_17(tmp_path: Path) -> None:
    path = numbered(tmp_path)
    solo = new_campaign("long", str(path), *SOLO)
    duo = new_campaign("long", str(path), *DUO)
    file = campaign_file(solo)
    assert [s.number for s in file.scenarios] == [4, 5, 17]
    found = []
    for campaign in (solo, duo):
        for n in range(3):
            loadout = setup_for(replace(campaign, next=n), file).loadout
            assert loadout is not None
            found.append((loadout.hero_cards, loadout.allowance))
    assert found == [(2, (2, 1, 1)), (3, (2, 1, 1)), (4, (2, 1, 1)),
                     (2, (1, 1, 1)), (2, (1, 1, 1)), (2, (1, 1, 1))]


def test_without_hero_cards_every_hero_takes_all_in_solo_mode_too(tmp_path: Path) -> None:
    path = numbered(tmp_path, hero_cards="")
    solo = new_campaign("long", str(path), *SOLO)
    file = campaign_file(solo)
    for n in range(3):
        loadout = setup_for(replace(solo, next=n), file).loadout
        assert loadout is not None and loadout.hero_cards is None


@pytest.mark.parametrize(("next_", "change", "steps"), [
    (0, 0, 1), (0, 2, 3), (0, -1, 0), (0, -5, 0), (2, 1, 3), (2, -2, 0), (1, 4, 5)])
def test_steps_change_moves_the_power_tree_steps(
    sample: CampaignFile, next_: int, change: int, steps: int
) -> None:
    campaign = Campaign("t", SAMPLE, *DUO, steps_change=change, next=next_)
    assert setup_for(campaign, sample).power_tree_steps == steps


def test_a_victory_unlocks_archives_and_moves_on(sample: CampaignFile) -> None:
    campaign = start_game(Campaign("t", SAMPLE, *SOLO, attempt=2, unlocked=("Duck",)), sample)
    won = record(campaign, sample, ended(Result.VICTORY, "Open the old door", 3))
    assert (won.next, won.attempt, won.game) == (1, 0, None)
    assert won.unlocked == ("Duck", *FIRST_UNLOCK)
    assert won.results == (ScenarioResult(1, "The cellar door (sample)", "victory",
                                          "Open the old door", 3, 3),)
    third = replace(won, next=2)
    last = record(third, sample, ended(Result.VICTORY, "Bells", 6))
    assert last.unlocked == ("Duck", *FIRST_UNLOCK, "Riposte")  # Duck once
    assert last.archived == ("Cheap shot",)
    assert last.finished(sample)
    again = record(replace(third, archived=("Cheap shot",)), sample, ended(Result.VICTORY))
    assert again.archived == ("Cheap shot",)
    with pytest.raises(TalesError) as caught:
        last.current(sample)
    assert str(caught.value) == "campaign 't' is finished: every scenario is won"


def test_an_entry_that_unlocks_a_reward_twice_unlocks_it_once(tmp_path: Path) -> None:
    path = write(tmp_path, campaign_text(entry(1, extra='unlock = ["Caltrops", "Duck"]\n'),
                                         head='title = "T"\nvault = ["Caltrops", "Duck"]\n'))
    campaign = new_campaign("t", str(path), *SOLO)
    file = campaign_file(campaign)
    assert file.scenarios[0].unlock.count("Caltrops") == 2
    won = record(campaign, file, ended(Result.VICTORY))
    assert won.unlocked == (*FIRST_UNLOCK, "Duck")


def test_a_defeat_replays_the_scenario_and_unlocks_nothing(sample: CampaignFile) -> None:
    campaign = start_game(Campaign("t", SAMPLE, *SOLO, next=1, unlocked=FIRST_UNLOCK), sample)
    lost = record(campaign, sample, ended(Result.DEFEAT, "four rounds", 4))
    assert (lost.next, lost.attempt, lost.game, lost.unlocked, lost.archived) == (
        1, 1, None, FIRST_UNLOCK, ())
    lost = record(start_game(lost, sample), sample, ended(Result.DEFEAT, "again", 5))
    assert (lost.next, lost.attempt) == (1, 2)
    assert [(r.number, r.result, r.attempt, r.rounds) for r in lost.results] == [
        (2, "defeat", 1, 4), (2, "defeat", 2, 5)]
    won = record(start_game(lost, sample), sample, ended(Result.VICTORY))
    assert (won.next, won.attempt, won.results[-1].attempt) == (2, 0, 3)


def test_the_game_seed_is_deterministic_and_differs_by_attempt_and_scenario(
    sample: CampaignFile,
) -> None:
    base = Campaign("t", SAMPLE, *SOLO, seed=11)
    seeds = {(s, n, a): game_seed(replace(base, seed=s, next=n, attempt=a))
             for s in (11, 12) for n in range(3) for a in range(3)}
    assert len(set(seeds.values())) == len(seeds)
    assert all(0 <= s < 2**64 for s in seeds.values())
    assert game_seed(replace(base, next=1, attempt=2)) == seeds[(11, 1, 2)]
    assert game_seed(Campaign("other", SAMPLE, *DUO, seed=11)) == seeds[(11, 0, 0)]
    started = start_game(base, sample)
    assert started.game == SavedGame(setup_for(base, sample), seeds[(11, 0, 0)], ())
    playing = replace(started, game=replace(started.game, choices=(1, 2)))
    assert start_game(playing, sample) is playing  # a game in progress is kept


# --- playing -----------------------------------------------------------------------------------


def fresh(folder: Path, team: tuple[tuple[str, ...], str | None], seed: int = 0,
          name: str = "run") -> Campaign:
    campaign = new_campaign(name, "sample-campaign", *team, seed=seed)
    save(campaign, folder)
    return campaign


Spy = list[tuple[int, int, int | None, int]]


def spy_on_saves(monkeypatch: pytest.MonkeyPatch, fail_at: int | None = None) -> Spy:
    """Record every save of the play module: (next, attempt, choices or None, results);
    raise KeyboardInterrupt instead of save number ``fail_at``."""
    seen: Spy = []
    real = save

    def spying(campaign: Campaign, folder: Path = Path("campaign_saves")) -> Path:
        if fail_at is not None and len(seen) + 1 == fail_at:
            raise KeyboardInterrupt
        game = campaign.game
        seen.append((campaign.next, campaign.attempt,
                     None if game is None else len(game.choices), len(campaign.results)))
        return real(campaign, folder)

    monkeypatch.setattr(play, "save", spying)
    return seen


def check_results(campaign: Campaign, sample: CampaignFile) -> None:
    """The results follow the campaign's rules whatever the dice: each scenario is lost
    some times (attempts 1, 2, ...) until it is won (the next attempt), in order; what the
    won scenarios unlock is unlocked and nothing else."""
    attempt, won = 1, 0
    for result in campaign.results:
        assert result.number == sample.scenarios[won].number
        assert result.title == sample.scenarios[won].title
        assert result.attempt == attempt
        assert result.result in ("victory", "defeat") and result.reason
        assert 1 <= result.rounds <= 12
        if result.result == "victory":
            won, attempt = won + 1, 1
        else:
            attempt += 1
    assert (campaign.next, campaign.attempt) == (won, attempt - 1)
    unlocked = [n for s in sample.scenarios[:won] for n in s.unlock]
    assert campaign.unlocked == tuple(dict.fromkeys(unlocked))
    assert campaign.archived == tuple(n for s in sample.scenarios[:won] for n in s.archive)


def said(campaign: Campaign, sample: CampaignFile) -> list[str]:
    """What playing ``campaign`` from the start writes (bots: no game output)."""
    lines, won = [], 0
    for result in campaign.results:
        entry = sample.scenarios[won]
        lines.append(f"Scenario {entry.number}: {entry.title} ({entry.chapter}; attempt "
                     f"{result.attempt})")
        lines.append(f"{result.result.upper()} in round {result.rounds}: {result.reason}")
        won += result.result == "victory"
    if campaign.finished(sample):
        lines.append(f"Campaign {campaign.name!r} complete: {sample.title}")
    return lines


@pytest.mark.parametrize("team", [SOLO, DUO], ids=["solo", "two heroes"])
def test_a_bot_plays_the_sample_campaign_to_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sample: CampaignFile,
    team: tuple[tuple[str, ...], str | None]
) -> None:
    fresh(tmp_path, team)
    seen = spy_on_saves(monkeypatch)
    out: list[str] = []
    # 20: abilities with no legal use are no longer offered (issue 17), so the dice fall
    # differently and the bot needs ten tries at the timed first scenario with this seed
    done = continue_campaign("run", tmp_path, bot="greedy", scenarios=20, write=out.append)
    assert done == load("run", tmp_path)
    assert done.finished(sample) and done.game is None  # the greedy bot wins in a few tries
    check_results(done, sample)
    assert done.unlocked == VAULT and done.archived == ("Cheap shot",)
    assert out == said(done, sample)
    assert out[-1] == "Campaign 'run' complete: Trouble at the Red Dragon (sample campaign)"
    # saved after every decision: within a game the choices grow one by one from none, and
    # each end is saved with its result and without the game
    games = sorted({(n, a) for n, a, c, _ in seen if c is not None})
    assert len(games) == len(done.results)
    for number, attempt in games:
        counts = [c for n, a, c, _ in seen if (n, a) == (number, attempt) and c is not None]
        assert counts == list(range(len(counts))) and len(counts) > 50
    assert [r for _, _, c, r in seen if c is None] == list(range(1, len(done.results) + 1))


def test_a_lost_scenario_is_played_again(tmp_path: Path, sample: CampaignFile) -> None:
    # the random bot loses the cellar (it does not open the door in time) with most seeds
    for seed in range(10):
        fresh(tmp_path, SOLO, seed=seed)
        lost = continue_campaign("run", tmp_path, bot="random", scenarios=1,
                                 write=lambda line: None)
        if lost.results[0].result == "defeat":
            break
    assert lost.results[0].result == "defeat", "no seed lost"
    assert (lost.next, lost.attempt, lost.unlocked, lost.game) == (0, 1, (), None)
    assert lost.results[0].attempt == 1
    out: list[str] = []
    again = continue_campaign("run", tmp_path, bot="greedy", scenarios=2, write=out.append)
    assert out[0] == ("Scenario 1: The cellar door (sample) (Chapter 1: Trouble downstairs "
                      "(sample); attempt 2)")
    assert (again.results[1].number, again.results[1].attempt) == (1, 2)
    assert again.results[0] == lost.results[0]
    check_results(again, sample)


def test_the_same_campaign_plays_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sample: CampaignFile
) -> None:
    played = {}
    for name, seed in (("first", 5), ("second", 5), ("other", 6)):
        fresh(tmp_path, DUO, seed=seed, name=name)
        games = last_choices(monkeypatch)
        campaign = continue_campaign(name, tmp_path, bot="greedy", scenarios=2,
                                     write=lambda line: None)
        check_results(campaign, sample)
        played[name] = (replace(campaign, name="first"), games)
    assert played["second"] == played["first"]
    assert played["other"][1] != played["first"][1]  # another seed rolls other dice


def test_the_same_campaign_plays_the_same_in_another_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["campaign", "new", "p", "--heroes", "gerki,deirdre", "--seed", "3", "--saves"]
    here, there = tmp_path / "here", tmp_path / "there"
    assert main([*argv, str(here)]) == 0
    assert main(["campaign", "continue", "p", "--bot", "greedy", "--scenarios", "1",
                 "--saves", str(here)]) == 0
    said_here = capsys.readouterr().out.splitlines()[1:]
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    for command in ([*argv, str(there)], ["campaign", "continue", "p", "--bot", "greedy",
                                          "--scenarios", "1", "--saves", str(there)]):
        done = subprocess.run([sys.executable, "-m", "tales.cli", *command], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)
        assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines() == said_here
    assert load("p", there) == load("p", here)


def test_scenarios_zero_plays_nothing(tmp_path: Path) -> None:
    campaign = fresh(tmp_path, DUO)
    before = path_for("run", tmp_path).read_bytes()
    out: list[str] = []
    assert continue_campaign("run", tmp_path, bot="greedy", scenarios=0,
                             write=out.append) == campaign
    assert out == []
    assert path_for("run", tmp_path).read_bytes() == before


def test_stopping_between_scenarios_plays_the_same_campaign(
    tmp_path: Path, sample: CampaignFile
) -> None:
    fresh(tmp_path, SOLO, seed=4, name="straight")
    straight = continue_campaign("straight", tmp_path, bot="greedy", scenarios=3,
                                 write=lambda line: None)
    fresh(tmp_path, SOLO, seed=4, name="stops")
    for _ in range(3):
        continue_campaign("stops", tmp_path, bot="greedy", scenarios=1, write=lambda line: None)
    assert replace(load("stops", tmp_path), name="straight") == straight
    assert len(straight.results) == 3 or straight.finished(sample)


def test_a_finished_campaign_says_so(tmp_path: Path, sample: CampaignFile) -> None:
    won = tuple(ScenarioResult(n, f"scenario {n}", "victory", "won", 4, 1) for n in (1, 2, 3))
    done = replace(fresh(tmp_path, SOLO), next=3, unlocked=VAULT, results=won)
    save(done, tmp_path)
    out: list[str] = []
    assert continue_campaign("run", tmp_path, bot="greedy", write=out.append) == done
    assert out == ["Campaign 'run' complete: Trouble at the Red Dragon (sample campaign)"]
    assert continue_campaign("run", tmp_path, write=out.append, read=refuse) == done


def refuse(prompt: str) -> str:
    raise AssertionError(f"asked {prompt!r}")


class Player:
    """Answers at the terminal as a function of how many answers it has given (so a game
    quit and resumed gets the same answers), quitting or ending input when told to."""

    def __init__(self) -> None:
        self.given = 0
        self.stop: str | None = None  # "eof" or "q": at the next prompt

    def read(self, prompt: str) -> str:
        if prompt == "next> ":  # between scenarios: Enter goes on (issue 17, item 11)
            return ""
        found = re.fullmatch(r"choose 1-(\d+)> ", prompt)
        assert found, prompt
        if self.stop == "eof":
            self.stop = None
            raise EOFError
        if self.stop == "q":
            self.stop = None
            return "q"
        self.given += 1
        return str((self.given * 7 + self.given // 3) % int(found.group(1)) + 1)


def until(player: Player, answers: int, how: str) -> Callable[[str], str]:
    def read(prompt: str) -> str:
        if player.given >= answers and player.stop is None:
            player.stop = how
        return player.read(prompt)
    return read


def test_a_terminal_campaign_quit_and_continued_plays_the_same(tmp_path: Path) -> None:
    fresh(tmp_path, SOLO, seed=3, name="straight")
    shown: list[str] = []
    straight = continue_campaign("straight", tmp_path, scenarios=2, write=shown.append,
                                 read=Player().read)
    assert len(straight.results) == 2

    fresh(tmp_path, SOLO, seed=3, name="stops")
    player = Player()
    parts: list[list[str]] = []
    for answers, how in ((12, "eof"), (30, "q"), (31, "eof")):
        parts.append([])
        stopped = continue_campaign("stops", tmp_path, scenarios=2, write=parts[-1].append,
                                    read=until(player, answers, how))
        assert parts[-1][-1] == ("input ended" if how == "eof" else "saved")
        assert stopped == load("stops", tmp_path)  # everything up to the stop is saved
        assert stopped.game is not None and len(stopped.game.choices) >= answers
        assert stopped.results == ()
    for before, after in pairwise(parts):
        # it asks again what it was asking when it stopped
        asked_before = [line for line in before if QUESTION.match(line)]
        asked_after = [line for line in after if QUESTION.match(line)]
        assert asked_before[-1] == asked_after[0]
    resumed = continue_campaign("stops", tmp_path, scenarios=2, write=lambda line: None,
                                read=player.read)
    assert replace(resumed, name="straight") == straight


def test_a_bot_campaign_interrupted_mid_scenario_continues_from_its_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sample: CampaignFile
) -> None:
    fresh(tmp_path, SOLO)
    spy_on_saves(monkeypatch, fail_at=60)
    with pytest.raises(KeyboardInterrupt):
        continue_campaign("run", tmp_path, bot="greedy", write=lambda line: None)
    stopped = load("run", tmp_path)
    assert stopped.game is not None
    assert len(stopped.game.choices) == 58  # saves 1-59 were made: the start and 58 choices
    kept = stopped.game.choices

    games: list[tuple[int, ...]] = []

    def watching(campaign: Campaign, folder: Path = Path("campaign_saves")) -> Path:
        if campaign.game is not None:
            games.append(campaign.game.choices)
        return save(campaign, folder)

    monkeypatch.setattr(play, "save", watching)
    out: list[str] = []
    done = continue_campaign("run", tmp_path, bot="greedy", scenarios=1, write=out.append)
    assert games[0] == kept  # it starts from the saved choices
    assert [len(g) for g in games] == list(range(len(kept), len(kept) + len(games)))
    assert all(g[:len(kept)] == kept for g in games)
    assert len(done.results) == 1 and done.game is None  # and plays the scenario to its end
    assert out == said(done, sample)[:2]
    check_results(done, sample)


def last_choices(monkeypatch: pytest.MonkeyPatch, fail_at: int | None = None
                 ) -> dict[tuple[int, int], tuple[int, ...]]:
    """The last choices saved of each game (by scenario and attempt); KeyboardInterrupt
    instead of save number ``fail_at``."""
    games: dict[tuple[int, int], tuple[int, ...]] = {}
    calls = [0]

    def watching(campaign: Campaign, folder: Path = Path("campaign_saves")) -> Path:
        calls[0] += 1
        if calls[0] == fail_at:
            raise KeyboardInterrupt
        if campaign.game is not None:
            games[(campaign.next, campaign.attempt)] = campaign.game.choices
        return save(campaign, folder)

    monkeypatch.setattr(play, "save", watching)
    return games


@pytest.mark.parametrize("seed", [0, 1])
def test_a_bot_campaign_interrupted_mid_scenario_plays_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    fresh(tmp_path, DUO, seed=seed, name="straight")
    straight_games = last_choices(monkeypatch)
    straight = continue_campaign("straight", tmp_path, bot="random", scenarios=1,
                                 write=lambda line: None)

    fresh(tmp_path, DUO, seed=seed, name="stops")
    stopped_games = last_choices(monkeypatch, fail_at=40)
    with pytest.raises(KeyboardInterrupt):
        continue_campaign("stops", tmp_path, bot="random", scenarios=1, write=lambda line: None)
    assert stopped_games[(0, 0)] == straight_games[(0, 0)][:38]  # the same up to the stop
    resumed_games = last_choices(monkeypatch)
    resumed = continue_campaign("stops", tmp_path, bot="random", scenarios=1,
                                write=lambda line: None)
    assert resumed_games == straight_games
    assert replace(resumed, name="straight") == straight


def test_a_saved_game_that_does_not_replay_is_one_line(tmp_path: Path) -> None:
    campaign = fresh(tmp_path, DUO)
    started = start_game(campaign, campaign_file(campaign))
    assert started.game is not None
    save(replace(started, game=replace(started.game, choices=(0, 99))), tmp_path)
    for bot in ("greedy", None):
        with pytest.raises(TalesError) as caught:
            continue_campaign("run", tmp_path, bot=bot, write=lambda line: None, read=refuse)
        message = str(caught.value)
        assert "\n" not in message
        assert message.startswith("campaign 'run': the saved game does not replay (")


# --- tales campaign ... ------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def ok(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, ""), err
    return out


def one_line_error(status: int, out: str, err: str) -> str:
    """A refused command: status 2, nothing on stdout, one line on stderr."""
    assert (status, out) == (2, "")
    assert err.startswith("tales: ")
    assert err.count("\n") == 1 and err.endswith("\n")
    return err.rstrip("\n")


@pytest.fixture
def saves_dir(tmp_path: Path) -> Iterator[str]:
    yield str(tmp_path / "saves")


def test_cli_a_solo_campaign(capsys: pytest.CaptureFixture[str], saves_dir: str) -> None:
    out = ok(capsys, "campaign", "new", "solo", "--hero", "gerki", "--companion", "otto-guard",
             "--saves", saves_dir)
    assert out == ("campaign 'solo': Trouble at the Red Dragon (sample campaign), 3 scenarios; "
                   f"saved to {saves_dir}/solo.tales. Play it with: tales campaign continue "
                   "solo\n")
    assert load("solo", Path(saves_dir)) == Campaign("solo", SAMPLE, *SOLO)
    out = ok(capsys, "campaign", "continue", "solo", "--bot", "greedy", "--scenarios", "1",
             "--saves", saves_dir)
    lines = out.splitlines()
    assert lines[0] == ("Scenario 1: The cellar door (sample) (Chapter 1: Trouble downstairs "
                        "(sample); attempt 1)")
    assert len(lines) == 2
    found = re.fullmatch(r"(VICTORY|DEFEAT) in round (\d+): (.+)", lines[1])
    assert found
    result, rounds, reason = found.groups()
    won = result == "VICTORY"
    campaign = load("solo", Path(saves_dir))
    assert campaign.results == (ScenarioResult(1, "The cellar door (sample)", result.lower(),
                                               reason, int(rounds), 1),)
    assert ok(capsys, "campaign", "list", "--saves", saves_dir) == (
        f"solo: gerki + otto-guard; scenario {2 if won else 1}; 1 played\n")
    ok(capsys, "campaign", "note", "solo", "Otto lost a bolt", "--saves", saves_dir)
    ok(capsys, "campaign", "note", "solo", "then found it", "--saves", saves_dir)
    shown = ok(capsys, "campaign", "show", "solo", "--saves", saves_dir).splitlines()
    chapter = "[Chapter 1: Trouble downstairs (sample)]"
    assert shown == [
        "solo: Trouble at the Red Dragon (sample campaign)",
        "  Heroes: gerki with Companion otto-guard; Power Tree steps +0 per scenario",
        f"   1. The cellar door (sample) {chapter} {'won' if won else 'next'}",
        f"   2. The drowned chapel (sample) {chapter} {'next' if won else ''}",
        f"   3. Riot in the market (sample) {chapter} ",
        f"  unlocked: {', '.join(FIRST_UNLOCK) if won else 'nothing yet'}",
        f"  still in the Vault: {', '.join(VAULT[6:] if won else VAULT)}",
        "  Archive: empty",
        f"  scenario 1 (attempt 1): {result.lower()} in round {rounds}: {reason}",
        "  note: Otto lost a bolt",
        "  note: then found it",
    ]
    # the note was a save: the campaign before it is backup 1
    assert load("solo", Path(saves_dir), backup=1).notes == ("Otto lost a bolt",)
    shown_before = ok(capsys, "campaign", "show", "solo", "--backup", "2", "--saves", saves_dir)
    assert "note:" not in shown_before and "attempt 1" in shown_before


def test_cli_two_heroes_and_a_finished_campaign(
    capsys: pytest.CaptureFixture[str], saves_dir: str
) -> None:
    ok(capsys, "campaign", "new", "duo", "--heroes", "gerki,deirdre", "--legend",
       "--steps-change", "-1", "--seed", "9", "--saves", saves_dir)
    assert load("duo", Path(saves_dir)) == Campaign("duo", SAMPLE, *DUO, True, -1, 9)
    out = ok(capsys, "campaign", "continue", "duo", "--bot", "random", "--scenarios", "2",
             "--saves", saves_dir)
    campaign = load("duo", Path(saves_dir))
    assert len(campaign.results) == 2
    check_results(campaign, load_campaign_file(SAMPLE))
    assert out.splitlines() == said(campaign, load_campaign_file(SAMPLE))
    assert campaign.results[0].attempt == 1
    game_setup = setup_for(campaign, load_campaign_file(SAMPLE))
    assert game_setup.legend and game_setup.power_tree_steps == 0  # 1 - 1
    shown = ok(capsys, "campaign", "show", "duo", "--saves", saves_dir)
    assert "  Heroes: gerki, deirdre; Legend difficulty; Power Tree steps -1 per scenario\n" in (
        shown)
    for result in campaign.results:
        assert (f"  scenario {result.number} (attempt {result.attempt}): {result.result} in "
                f"round {result.rounds}: {result.reason}\n") in shown
    won = tuple(ScenarioResult(n, f"scenario {n}", "victory", "won", 4, 1) for n in (1, 2, 3))
    finished = replace(campaign, next=3, attempt=0, results=won, game=None)
    save(finished, Path(saves_dir))
    out = ok(capsys, "campaign", "continue", "duo", "--bot", "greedy", "--saves", saves_dir)
    assert out == "Campaign 'duo' complete: Trouble at the Red Dragon (sample campaign)\n"
    assert load("duo", Path(saves_dir)) == finished
    shown = ok(capsys, "campaign", "show", "duo", "--saves", saves_dir)
    assert shown.count("] won\n") == 3 and "next" not in shown


def test_cli_refuses_an_existing_name_without_force(
    capsys: pytest.CaptureFixture[str], saves_dir: str
) -> None:
    new = ("campaign", "new", "same", "--heroes", "gerki,deirdre", "--saves", saves_dir)
    ok(capsys, *new)
    ok(capsys, "campaign", "continue", "same", "--bot", "greedy", "--scenarios", "1",
       "--saves", saves_dir)
    played = path_for("same", Path(saves_dir)).read_bytes()
    err = one_line_error(*run(capsys, *new))
    assert err == (f"tales: campaign 'same' already exists in {saves_dir} (--force to start it "
                   "again)")
    assert path_for("same", Path(saves_dir)).read_bytes() == played
    ok(capsys, *new, "--force")
    assert load("same", Path(saves_dir)) == Campaign("same", SAMPLE, *DUO)
    assert load("same", Path(saves_dir), backup=1).results != ()  # the old one, kept


def test_cli_export_and_import(
    capsys: pytest.CaptureFixture[str], saves_dir: str, tmp_path: Path
) -> None:
    ok(capsys, "campaign", "new", "out", "--hero", "gerki", "--companion", "otto-medic",
       "--saves", saves_dir)
    ok(capsys, "campaign", "note", "out", "exported", "--saves", saves_dir)
    exported = tmp_path / "elsewhere" / "out.tales"
    assert ok(capsys, "campaign", "export", "out", str(exported), "--saves", saves_dir) == (
        f"exported 'out' to {exported}\n")
    original = load("out", Path(saves_dir))
    assert exported.read_bytes() == encode(original)
    other = tmp_path / "other-saves"
    assert ok(capsys, "campaign", "import", str(exported), "--name", "other", "--saves",
              str(other)) == f"imported 'other' to {other}/other.tales\n"
    assert load("other", other) == replace(original, name="other")
    ok(capsys, "campaign", "import", str(exported), "--saves", str(other))
    assert load("out", other) == original
    err = one_line_error(*run(capsys, "campaign", "import", str(exported), "--saves",
                              str(other)))
    assert err == f"tales: campaign 'out' already exists in {other} (--name NEW or --force)"
    ok(capsys, "campaign", "import", str(exported), "--force", "--saves", str(other))
    # an earlier save exports too
    ok(capsys, "campaign", "export", "out", str(tmp_path / "old.tales"), "--backup", "1",
       "--saves", saves_dir)
    assert (tmp_path / "old.tales").read_bytes() == encode(replace(original, notes=()))


def corrupt(saves_dir: str, name: str) -> Path:
    path = path_for(name, Path(saves_dir))
    data = bytearray(path.read_bytes())
    data[-2] ^= 0x10
    path.write_bytes(bytes(data))
    return path


def test_cli_a_corrupt_save(capsys: pytest.CaptureFixture[str], saves_dir: str) -> None:
    ok(capsys, "campaign", "new", "c", "--heroes", "gerki,deirdre", "--saves", saves_dir)
    path = corrupt(saves_dir, "c")
    bad = path.read_bytes()
    for action in (["show", "c"], ["continue", "c", "--bot", "greedy"], ["note", "c", "x"],
                   ["export", "c", f"{saves_dir}/x.tales"]):
        err = one_line_error(*run(capsys, "campaign", *action, "--saves", saves_dir))
        assert err == (f"tales: {path}: corrupt or truncated (checksum mismatch); no good "
                       "backup")
    assert path.read_bytes() == bad
    assert ok(capsys, "campaign", "list", "--saves", saves_dir) == (
        f"c: unreadable ({path}: corrupt or truncated (checksum mismatch); no good backup)\n")
    err = one_line_error(*run(capsys, "campaign", "import", str(path), "--name", "d",
                              "--saves", saves_dir))
    assert err == f"tales: {path}: corrupt or truncated (checksum mismatch)"


def test_cli_continue_from_a_backup(capsys: pytest.CaptureFixture[str], saves_dir: str) -> None:
    ok(capsys, "campaign", "new", "c", "--heroes", "gerki,deirdre", "--saves", saves_dir)
    ok(capsys, "campaign", "note", "c", "first", "--saves", saves_dir)
    good = load("c", Path(saves_dir))
    ok(capsys, "campaign", "note", "c", "second", "--saves", saves_dir)
    corrupt(saves_dir, "c")
    err = one_line_error(*run(capsys, "campaign", "show", "c", "--saves", saves_dir))
    assert err.endswith("; good backups: 1 (scenario 1), 2 (scenario 1) (continue with "
                        "--backup N)")
    assert "first" in ok(capsys, "campaign", "show", "c", "--backup", "1", "--saves", saves_dir)
    assert ok(capsys, "campaign", "continue", "c", "--backup", "1", "--scenarios", "0",
              "--saves", saves_dir) == ""
    assert load("c", Path(saves_dir)) == good
    assert backup_path(path_for("c", Path(saves_dir)), 1).exists()


def test_cli_continue_at_the_terminal_quits_and_saves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, saves_dir: str
) -> None:
    ok(capsys, "campaign", "new", "t", "--hero", "gerki", "--companion", "pooky", "--saves",
       saves_dir)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n2\nq\n"))
    out = ASKED.sub("", ok(capsys, "campaign", "continue", "t", "--saves", saves_dir))
    assert out.splitlines()[0].startswith("Scenario 1: The cellar door (sample)")
    assert out.splitlines()[-1] == "saved"
    campaign = load("t", Path(saves_dir))
    assert campaign.game is not None and len(campaign.game.choices) >= 2
    assert campaign.game.setup.companion == "pooky"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    out = ASKED.sub("", ok(capsys, "campaign", "continue", "t", "--saves", saves_dir))
    assert out.splitlines()[-1] == "input ended"
    assert load("t", Path(saves_dir)) == campaign


@pytest.mark.parametrize(("argv", "message"), [
    (["show", "nobody"], "tales: no campaign 'nobody' in {saves} (campaigns: there)"),
    (["continue", "nobody", "--bot", "greedy"], "tales: no campaign 'nobody' in {saves}"),
    (["note", "nobody", "x"], "tales: no campaign 'nobody' in {saves}"),
    (["export", "nobody", "x.tales"], "tales: no campaign 'nobody' in {saves}"),
    (["show", "there", "--backup", "3"],
     "tales: {saves}/there.tales.3: no such file"),
    (["import", "{saves}/none.tales"],
     "tales: {saves}/none.tales: no such file"),
    (["new", "x", "--hero", "gerki", "--companion", "otto-nobody"],
     "tales: no Companion card 'otto-nobody' (bundled: otto-guard, otto-medic, otto-scout, "
     "otto-tinker, pooky; or give a file path)"),
    (["new", "x", "--hero", "gerki"], "tales: a one-Hero game is Solo Mode (Appendix B)"),
    (["new", "x", "--heroes", "gerki,bob"], "tales: no hero kit 'bob'"),
    (["new", "x"], "tales: give --hero NAME (with --companion for Solo Mode) or --heroes A,B"),
    (["new", "x", "--hero", "gerki", "--heroes", "gerki,deirdre"], "tales: give --hero NAME"),
    (["new", "a/b", "--heroes", "gerki,deirdre"],
     "tales: campaign name 'a/b': use letters, digits, - and _"),
    (["new", "../up", "--heroes", "gerki,deirdre"], "tales: campaign name '../up': use"),
    (["new", "x", "--heroes", "gerki,deirdre", "--seed", "-1"],
     "tales: argument --seed: -1: give a whole number from 0 to 2**64 - 1 (see tales "
     "campaign new --help)"),
    (["new", "x", "--heroes", "gerki,deirdre", "--campaign", "nowhere"],
     "tales: no scenario 'nowhere' (bundled: "),
    (["new", "x", "--heroes", "gerki,deirdre", "--campaign", "scenarios/cellar-door.toml"],
     "tales: scenarios/cellar-door.toml:4: unknown key 'map'"),
], ids=["show unknown", "continue unknown", "note unknown", "export unknown", "no backup",
        "import missing", "bad companion", "no companion", "unknown hero", "no hero",
        "hero and heroes", "slash in name", "dots in name", "negative seed", "unknown file",
        "not a campaign file"])
def test_cli_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], saves_dir: str, argv: list[str], message: str
) -> None:
    ok(capsys, "campaign", "new", "there", "--heroes", "gerki,deirdre", "--saves", saves_dir)
    before = sorted(p.name for p in Path(saves_dir).iterdir())
    argv = [a.replace("{saves}", saves_dir) for a in argv]
    err = one_line_error(*run(capsys, "campaign", *argv, "--saves", saves_dir))
    assert err.startswith(message.replace("{saves}", saves_dir))
    assert sorted(p.name for p in Path(saves_dir).iterdir()) == before


def test_cli_list_without_campaigns(capsys: pytest.CaptureFixture[str], saves_dir: str) -> None:
    assert ok(capsys, "campaign", "list", "--saves", saves_dir) == (
        f"no campaigns in {saves_dir}\n")


def test_cli_import_of_a_game_save(
    capsys: pytest.CaptureFixture[str], saves_dir: str, tmp_path: Path
) -> None:
    game = tmp_path / "game.sav"
    game_saves.write_save(game, SavedGame(setup_for(
        Campaign("t", SAMPLE, *DUO), load_campaign_file(SAMPLE)), 1, ()))
    err = one_line_error(*run(capsys, "campaign", "import", str(game), "--saves", saves_dir))
    assert err == f"tales: {game}: not a tales campaign save"


@pytest.mark.parametrize("name", ["a/b", "../escaped"])
def test_cli_import_refuses_a_bad_name(
    capsys: pytest.CaptureFixture[str], saves_dir: str, tmp_path: Path, name: str
) -> None:
    ok(capsys, "campaign", "new", "ok", "--heroes", "gerki,deirdre", "--saves", saves_dir)
    exported = tmp_path / "ok.tales"
    ok(capsys, "campaign", "export", "ok", str(exported), "--saves", saves_dir)
    try:
        err = one_line_error(*run(capsys, "campaign", "import", str(exported), "--name", name,
                                  "--saves", saves_dir))
        assert "campaign name" in err
    finally:
        escaped = [p for p in tmp_path.rglob("*.tales") if p.name in ("b.tales",
                                                                       "escaped.tales")]
        for path in escaped:
            path.unlink()
    assert escaped == []


def test_cli_a_note_that_cannot_be_saved_is_one_line(
    capsys: pytest.CaptureFixture[str], saves_dir: str
) -> None:
    ok(capsys, "campaign", "new", "n", "--heroes", "gerki,deirdre", "--saves", saves_dir)
    before = path_for("n", Path(saves_dir)).read_bytes()
    try:
        one_line_error(*run(capsys, "campaign", "note", "n", "bad \udcff byte", "--saves",
                            saves_dir))
    finally:
        assert path_for("n", Path(saves_dir)).read_bytes() == before


def test_cli_a_saves_folder_that_is_a_file_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    err = one_line_error(*run(capsys, "campaign", "new", "x", "--heroes", "gerki,deirdre",
                              "--saves", str(blocker)))
    assert str(blocker) in err


def test_cli_an_unreadable_campaign_file_in_a_save_is_one_line(
    capsys: pytest.CaptureFixture[str], saves_dir: str
) -> None:
    save(Campaign("moved", "scenarios/moved-away.toml", *DUO), Path(saves_dir))
    for action in (["show", "moved"], ["continue", "moved", "--bot", "greedy"]):
        err = one_line_error(*run(capsys, "campaign", *action, "--saves", saves_dir))
        assert err == "tales: scenarios/moved-away.toml: no such file"


# --- what the Heroes are offered ---------------------------------------------------------------


def _printed_on(kit_name: str) -> dict[str, str]:
    """Each card and Item ability of a kit by name, with the card or Item it is printed on."""
    from tales.engine.content import hero_kit
    from tales.rules.abilities import Source

    kit = hero_kit(kit_name)
    found = {k.ability.name: k.ability.card or k.ability.name for k in kit.abilities
             if k.ability.source is Source.CARD and k.ability.card}
    found.update({k.ability.name: k.card or k.ability.name for k in kit.items()})
    return found


@pytest.mark.parametrize("team", [SOLO, DUO], ids=["solo", "two heroes"])
def test_a_whole_chapter_offers_only_what_the_heroes_have(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sample: CampaignFile,
    team: tuple[tuple[str, ...], str | None]
) -> None:
    """Issue 15, item 13: a bot plays the sample campaign's chapter; every option a Hero is
    offered (Hero cards and Items at setup, abilities and Reactions in play) is in the
    campaign's loadout: unlocked, not Archived, and equipped in this game."""
    from tales.engine import bots

    fresh(tmp_path, team)
    printed = {hero: _printed_on(hero) for hero in team[0]}
    offered: list[tuple[str, str, str]] = []
    real = bots.policy

    def watching(name: str, ctx: Any, rng: Any, budget: Any = None,
                 answered: Any = ()) -> Callable[[Decision[Any]], Any]:
        chooser = real(name, ctx, rng, budget, answered)
        campaign = load("run", tmp_path)  # saved before every choice: as the game began
        locked = (set(sample.vault) - set(campaign.unlocked)) | set(campaign.archived)
        loadout = ctx.setup.loadout
        assert loadout is not None
        for hero in team[0]:
            assert not locked & {*loadout.cards[hero], *loadout.items[hero]}

        def choose(decision: Decision[Any]) -> Any:
            answer = chooser(decision)
            hero = decision.figure
            if hero in printed and decision.kind in ("hero-card", "equip-item"):
                options = {o for o in decision.options if o is not None}
                allowed = loadout.cards[hero] if decision.kind == "hero-card" \
                    else loadout.items[hero]
                assert options <= set(allowed), (decision.prompt, options - set(allowed))
            if hero in printed and decision.kind in ("ability", "reaction"):
                equipped = _equipped(decision.battle, hero) if decision.battle else None
                for option in decision.options:
                    card = printed[hero].get(option)
                    if card is None:
                        continue  # the mat's, the scenario's, or "pass"
                    offered.append((hero, option, card))
                    assert card not in locked, f"{hero} is offered {option} ({card}): locked"
                    assert card in {*loadout.cards[hero], *loadout.items[hero]}
                    if equipped is not None:
                        assert card in equipped, f"{hero} is offered {option}, not equipped"
            return answer

        return choose

    monkeypatch.setattr(play, "policy", watching)
    done = continue_campaign("run", tmp_path, bot="greedy", scenarios=20,
                             write=lambda line: None)
    assert done.finished(sample)
    assert offered  # cards and Items were offered once unlocked


def _equipped(battle: Any, hero: str) -> set[str]:
    """The cards and Items the log says ``hero`` equipped this game."""
    line = next(entry for entry in battle.log if entry.startswith(f"{hero} equips "))
    return set(line[len(f"{hero} equips "):].split(", "))
