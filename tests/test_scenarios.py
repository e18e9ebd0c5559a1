"""Scenario files (docs/formats.md, "Scenarios"): the bundled samples load and check, and
every mistake in a scenario file is one :class:`ContentError` naming the file, the line and
the entry, never a traceback and never a half-loaded scenario."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from tales.cli import main
from tales.content.scenarios import Scenario, When, load_scenario
from tales.errors import ContentError

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
BUNDLED = ["bell-tower", "cellar-door", "drowned-chapel", "guardhouse", "market-riot"]


def toml(text: str) -> str:
    """A scenario's text, written flush left in the table below (line 1 is its first line)."""
    return textwrap.dedent(text).lstrip("\n")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder holding the cellar map and the sample Scheme Blocks, for scenarios to name."""
    shutil.copy(ROOT / "maps" / "cellar-stairs.toml", tmp_path)
    shutil.copy(SCENARIOS / "sample-schemers.toml", tmp_path)
    return tmp_path


def write(folder: Path, text: str) -> Path:
    path = folder / "broken.toml"
    path.write_text(text, encoding="utf-8")
    return path


# A valid scenario; every row of the table below is this with one mistake in it (the test
# `test_the_base_scenario_loads` proves the mistake, not something else, is what fails).
BASE = toml("""
    title = "Broken on purpose"
    map = "cellar-stairs.toml"
    scheme_blocks = "sample-schemers.toml"

    [[groups]]
    id = "cellar-rats"

    [[groups]]
    id = "golems"

    [[parts]]
    name = "Start"
    deploy = [ { group = "cellar-rats", tracker = 2 } ]

    [[objectives]]
    text = "Win"
    when = { defeated = "cellar-rats" }
""")


def with_line(line: int, new: str, text: str = BASE) -> str:
    """``text`` with line number ``line`` (from 1) replaced by ``new`` (which may be several
    lines)."""
    lines = text.splitlines()
    lines[line - 1] = new
    return "\n".join(lines) + "\n"


def appended(extra: str) -> str:
    return BASE + "\n" + toml(extra)


# (broken text, fragment of the message, line of the mistake (None: a missing thing))
CASES = [
    pytest.param(with_line(4, 'difficulty = "hard"'),
                 "unknown key 'difficulty' (a scenario has: ", 4,
                 id="unknown top-level key"),
    pytest.param(with_line(1, 'title = ""'), "needs a 'title'", 1, id="empty title"),
    pytest.param(with_line(1, "# no title"), "needs a 'title'", None, id="missing title"),
    pytest.param(with_line(2, 'map = "no-such-map.toml"'),
                 "map file 'no-such-map.toml' not found", 2, id="missing map file"),
    pytest.param(with_line(3, 'scheme_blocks = "nowhere.toml"'),
                 "scheme_blocks file 'nowhere.toml' not found", 3,
                 id="missing Scheme Block file"),
    pytest.param(with_line(2, "map = 3"), "needs 'map', a file name", 2,
                 id="map not a file name"),
    pytest.param(with_line(9, 'id = "dragons"'),
                 "group 'dragons' is not in the Scheme Block file (groups: cellar-rats, ", 8,
                 id="group not in Scheme Block file"),
    pytest.param(with_line(9, 'id = "golems"\nlimit = 2'),
                 "group 'golems': Limit 2 is more than its 1 standees", 8,
                 id="Limit above standees"),
    pytest.param(with_line(9, 'id = "golems"\nlimit = 0'),
                 "group 'golems': 'limit' must be a whole number, 1 or more", 8,
                 id="Limit zero"),
    pytest.param(with_line(6, 'id = "cellar-rats"\ninitiative = -1'),
                 "group 'cellar-rats': 'initiative' must be a whole number, 0 or more", 5,
                 id="negative initiative"),
    pytest.param(with_line(6, 'id = "cellar-rats"\ninitiative = "two"'),
                 "group 'cellar-rats': 'initiative' must be a whole number, 0 or more", 5,
                 id="initiative not a number"),
    pytest.param(with_line(6, 'id = "cellar-rats"\ncolour = "red"'),
                 "group 'cellar-rats': unknown key 'colour'", 5, id="unknown group key"),
    pytest.param(with_line(17, 'when = { killed = "cellar-rats" }'),
                 "objectives 1: unknown test 'killed' (tests: defeated, rounds, ", 15,
                 id="unknown when test"),
    pytest.param(with_line(17, 'when = { door_open = "C3" }'),
                 "objectives 1: C3 is not a door space", 15, id="door_open on a non-door"),
    pytest.param(with_line(17, "when = { rounds = 0 }"),
                 "objectives 1: 'rounds' is a whole number, 1 or more", 15, id="rounds zero"),
    pytest.param(with_line(17, "when = { hero_defeated = false }"),
                 "objectives 1: 'hero_defeated' can only be true", 15,
                 id="hero_defeated false"),
    pytest.param(with_line(17, 'when = "the rats are gone"'),
                 "objectives 1: 'when' is a table such as", 15, id="when not a table"),
    pytest.param(with_line(13, 'deploy = [ { group = "cellar-rats", spaces = ["Z9"] } ]'),
                 "part 'Start': no space 'Z9' on map 'Cellar stairs (sample)'", 11,
                 id="unknown space name"),
    pytest.param(with_line(17, 'when = { hero_on = "feature Fountain" }'),
                 "objectives 1: map 'Cellar stairs (sample)' has no feature 'Fountain'", 15,
                 id="unknown feature name"),
    pytest.param(with_line(13, 'deploy = [ { group = "cellar-rats", spaces = ["F4"], '
                               "tracker = 1 } ]"),
                 "part 'Start': deploy 'cellar-rats' onto 'spaces' or by 'tracker', one of "
                 "them", 11, id="deploy with spaces and tracker"),
    pytest.param(with_line(13, 'deploy = [ { group = "cellar-rats" } ]'),
                 "deploy 'cellar-rats' onto 'spaces' or by 'tracker', one of them", 11,
                 id="deploy with neither spaces nor tracker"),
    pytest.param(with_line(13, 'deploy = [ { group = "hounds", tracker = 1 } ]'),
                 "part 'Start': each deployment names one of the scenario's groups "
                 "(cellar-rats, golems)", 11, id="deploy of a group not in the scenario"),
    pytest.param(with_line(13, 'deploy = [ { group = "cellar-rats", tracker = 3 } ]'),
                 "part 'Start': 3 Schemers by a tracker deck of only 2 cards", 11,
                 id="tracker count above the deck"),
    pytest.param(with_line(13, 'deploy = [ { group = "cellar-rats", tracker = 1, '
                               "numbers = [1, 7] } ]"),
                 "part 'Start': 'numbers' lists numbered deployment spaces of the map (1, 2)",
                 11, id="tracker numbers not on the map"),
    pytest.param(with_line(13, 'deploy = [ { group = "cellar-rats", tracker = 0 } ]'),
                 "part 'Start': 'tracker' is how many Schemers to deploy", 11,
                 id="tracker zero"),
    pytest.param(with_line(13, 'when = { rounds = 1 }\ndeploy = []'),
                 "part 'Start': the first part begins at setup: it has no 'when'", 11,
                 id="first part with when"),
    pytest.param(with_line(14, '\n[[parts]]\nname = "Later"\ndeploy = []'),
                 "part 'Later': needs 'when': what begins this part", 15,
                 id="later part without when"),
    pytest.param(with_line(13, 'reinforce = []'),
                 "part 'Start': unknown key 'reinforce' (a part has: deploy, ", 11,
                 id="reinforce in a part"),
    pytest.param(with_line(14, '\n[[parts]]\nname = "Later"\nwhen = { rounds = 2 }\n'
                               "limits = { golems = 3 }"),
                 "part 'Later': Limit 3 for 'golems' is more than its standees", 15,
                 id="part Limit above standees"),
    pytest.param(with_line(14, '\n[[parts]]\nname = "Later"\nwhen = { rounds = 2 }\n'
                               "initiative = { hounds = 1 }"),
                 "part 'Later': 'initiative' maps group ids to whole numbers", 15,
                 id="part initiative for a group not in the scenario"),
    pytest.param(with_line(17, 'when = { fired = "dragon wakes" }'),
                 "'fired' names 'dragon wakes', which is not one of the scenario's events",
                 17, id="fired names an unknown event"),
    pytest.param(with_line(17, 'when = { part = "The lair" }'),
                 "'part' names 'The lair', which is not one of the scenario's parts", 17,
                 id="part names an unknown part"),
    pytest.param(with_line(17, 'when = { defeated = "dragons" }'),
                 "'defeated' names 'dragons', which is neither a group nor a destructible of "
                 "this scenario", 17, id="defeated names neither group nor destructible"),
    pytest.param(appended("""
        [[destructibles]]
        id = "warding-stone"
        at = "F2"
        fortitude = 0
        """),
                 "destructible 'warding-stone': 'fortitude' must be a whole number, 1 or more",
                 19, id="destructible with fortitude 0"),
    pytest.param(appended("""
        [[destructibles]]
        id = "warding-stone"
        at = "F2"
        """),
                 "destructible 'warding-stone': 'fortitude' must be a whole number, 1 or more",
                 19, id="destructible without fortitude"),
    pytest.param(appended("""
        [[destructibles]]
        id = "warding-stone"
        at = "F2"
        fortitude = 5
        keywords = ["Shiny"]
        """),
                 "destructible 'warding-stone': unknown keyword 'Shiny'", 19,
                 id="destructible with an unknown keyword"),
    pytest.param(appended("""
        [[destructibles]]
        id = "warding-stone"
        at = "C2"
        fortitude = 5
        """),
                 "destructible 'warding-stone': stands on C2, an Impassable space", 19,
                 id="destructible on an Impassable space"),
    pytest.param(appended("""
        [[destructibles]]
        id = "warding-stone"
        at = "Q1"
        fortitude = 5
        """),
                 "destructible 'warding-stone': no space 'Q1' on map", 19,
                 id="destructible on an unknown space"),
    pytest.param(appended("""
        [[doors]]
        space = "C3"
        """),
                 "door 1: C3 is not a door space (D on the map)", 19,
                 id="doors entry on a non-door space"),
    pytest.param(appended("""
        [[doors]]
        space = "D4"
        opened_by = "key"
        """),
                 "door 1: 'opened_by' is \"action\" or \"event\"", 19, id="bad opened_by"),
    pytest.param(with_line(4, "epic_pool = { size = 2, dice = 3 }"),
                 "'epic_pool': dice (3) is more than size (2) (written like epic_pool = "
                 "{ size = 3, dice = 1 })", 4, id="epic_pool dice above size"),
    pytest.param(with_line(4, "epic_pool = { size = -1 }"),
                 "'epic_pool': size = -1 is not a whole number, 0 or more", 4,
                 id="epic_pool negative size"),
    pytest.param(with_line(4, "heroes = { least = 0, most = 4 }"),
                 "'heroes': least = 0 is not 1 to 4 (as heroes = { least = 2, most = 4 })", 4,
                 id="heroes out of range"),
    pytest.param(with_line(13, 'deploy = [ { group = "cellar-rats", spaces = ["C2"] } ]'),
                 "part 'Start': deploys 'cellar-rats' onto C2, an Impassable space", 11,
                 id="deployed onto an Impassable space"),
    pytest.param(with_line(4, "heroes = { least = 2, most = 6 }"),
                 "'heroes': most = 6 is not 1 to 4", 4, id="heroes most 6 said as written"),
    pytest.param(with_line(4, "epic_pool = { size = 2, dice = 5 }"),
                 "'epic_pool': dice (5) is more than size (2)", 4,
                 id="epic_pool said as written"),
    pytest.param(with_line(4, 'power_tree_steps = "two"'),
                 "'power_tree_steps' must be a whole number", 4, id="power_tree_steps text"),
    pytest.param(appended("""
        [rewards]
        text = "A round on the house."
        unlock = "Ward-breaker charm"
        """),
                 "[rewards] has text = \"...\", unlock = [names], archive = [names]", 19,
                 id="rewards unlock not a list"),
    pytest.param(appended("""
        [rewards]
        gold = 10
        """),
                 "[rewards] has text = ", 19, id="rewards with an unknown key"),
    pytest.param(appended("""
        [story]
        prologue = 3
        """),
                 "[story] holds text: prologue, victory, defeat", 19, id="story not text"),
    pytest.param(appended("""
        [[abilities]]
        name = "Blink"
        kind = "action"
        effects = [ { teleport = 3 } ]
        """),
                 "ability 'Blink': effect 1: unknown effect 'teleport' (effects: ", 19,
                 id="scenario ability with an unknown effect"),
    pytest.param(appended("""
        [[abilities]]
        name = "Blink"
        kind = "dance"
        effects = [ { move = 3 } ]
        """),
                 "ability 'Blink': 'on' is one of ", 19, id="scenario ability of unknown kind"),
    pytest.param(appended("""
        [[events]]
        id = "more rats"
        when = { rounds = 2 }
        spawn = 3
        """),
                 "event 'more rats': unknown key 'spawn' (an event has: id, when, ", 19,
                 id="unknown event key"),
    pytest.param(appended("""
        [[events]]
        when = { rounds = 2 }
        """),
                 "event 1: needs an 'id'", 19, id="event without an id"),
    pytest.param(appended("""
        [[events]]
        id = "flare"
        when = { rounds = 2 }
        epic_dice = -1
        """),
                 "event 'flare': 'epic_dice' is a whole number", 19, id="negative epic_dice"),
    pytest.param(appended("""
        [[defeat]]
        text = "Too slow"
        when = { rounds = 8 }
        deadline = 8
        """),
                 "defeat 1: unknown key 'deadline' (keys: text, when)", 19,
                 id="unknown defeat key"),
    pytest.param(BASE.split("[[objectives]]")[0],
                 "needs [[objectives]] tables with text and when", None, id="no objectives"),
    pytest.param(with_line(4, "objectives = []", BASE.split("[[objectives]]")[0]),
                 "needs [[objectives]] tables with text and when", 4,
                 id="empty objectives list"),
    pytest.param(with_line(12, 'name = "Start'),
                 "not valid TOML: ", 12, id="not valid TOML"),
    # issue 41, every mistake before play: what play silently did otherwise
    pytest.param(with_line(13, 'deploy = [ { group = "golems", spaces = ["A3", "B3"] } ]'),
                 "part 'Start': deploys 2 'golems' but the group's Limit is 1 (a part's "
                 "'limits' raise it)", 11, id="deployment over the Limit"),
    pytest.param(with_line(6, 'id = "cellar-rats"\nlimit = 2', with_line(
        13, 'deploy = [ { group = "cellar-rats", tracker = 2 } ]\nlimits = { cellar-rats = 1 }')),
                 "part 'Start': deploys 2 'cellar-rats' but the group's Limit is 1", 12,
                 id="deployment over the Limit its part sets"),
    pytest.param(appended("""
        [[events]]
        id = "swarm"
        when = { rounds = 2 }
        reinforce = [ { group = "golems", spaces = ["A3", "B3"] } ]
        """),
                 "event 'swarm': deploys 2 'golems' but the group's Limit is 1", 19,
                 id="event reinforcement over the Limit"),
    pytest.param(with_line(17, 'when = { defeated = "golems" }'),
                 "objectives 1 ('Win'): needs 'golems' Defeated, but no part, event or Scheme "
                 "deploys that group: it can never be met", 15,
                 id="objective on a group never deployed"),
    pytest.param(with_line(17, 'when = { hero_on = ["A1", "C2"] }'),
                 "objectives 1: 'hero_on' names C2, an Impassable space: no Hero can stand "
                 "there", 15, id="hero_on an Impassable space"),
    pytest.param(with_line(17, 'when = { rounds = 5 }') + "\n" + toml("""
        [[defeat]]
        text = "Too slow"
        when = { round_limit = 4 }
        """),
                 "objectives 1 ('Win'): needs rounds = 5, but the game is lost by the end of "
                 "round 4 (its round limit): it can never be met", 15,
                 id="objective's round after the round limit"),
    pytest.param(with_line(17, 'when = { rounds = 4 }') + "\n" + toml("""
        [[defeat]]
        text = "Dawn"
        when = { rounds = 3 }
        """),
                 "objectives 1 ('Win'): needs rounds = 4, but the game is lost by the end of "
                 "round 3 (defeat 'Dawn', rounds = 3)", 15,
                 id="objective's round on a defeat checked first"),
    pytest.param(appended("""
        [[doors]]
        space = "D4"
        opened_by = "event"
        """),
                 "the door on D4 is opened by an event (opened_by = \"event\"), but no event "
                 "or part opens it", 20, id="event-only door no event opens"),
    pytest.param(appended("""
        [[events]]
        id = "flare"
        when = { rounds = 2 }
        epic_dice = 200
        """),
                 "event 'flare': 'epic_dice' is 200, more than the Epic Pool holds: give 0 "
                 "to 3 (its size, epic_pool.size)", 19, id="epic_dice 200"),
]


def test_the_base_scenario_loads(folder: Path) -> None:
    scenario = load_scenario(write(folder, BASE))
    assert scenario.title == "Broken on purpose"
    assert list(scenario.groups) == ["cellar-rats", "golems"]
    assert [p.name for p in scenario.parts] == ["Start"]
    assert scenario.objectives[0].when[0].kind is When.DEFEATED


@pytest.mark.parametrize(("text", "fragment", "line"), CASES)
def test_a_mistake_is_one_line_naming_file_and_line(
    folder: Path, text: str, fragment: str, line: int | None
) -> None:
    path = write(folder, text)
    with pytest.raises(ContentError) as caught:
        load_scenario(path)
    error = caught.value
    message = str(error)
    assert "\n" not in message
    assert (error.source, error.line) == (str(path), line)
    where = f"{path}:{line}: " if line is not None else f"{path}: "
    assert message.startswith(where)
    assert fragment in message


# --- mistakes the loader lets through or places wrongly -----------------------------------


def test_an_unknown_defeated_name_inside_an_earlier_word_gets_its_own_line(
    folder: Path,
) -> None:
    # "rats" is a substring of "cellar-rats" on line 6; the mistake is on line 17.
    path = write(folder, with_line(17, 'when = { defeated = "rats" }'))
    with pytest.raises(ContentError) as caught:
        load_scenario(path)
    assert "'defeated' names 'rats'" in str(caught.value)
    assert caught.value.line == 17


def test_open_doors_on_a_non_door_space_is_refused(folder: Path) -> None:
    path = write(folder, appended("""
        [[events]]
        id = "crack"
        when = { rounds = 2 }
        open_doors = ["C3"]
        """))
    with pytest.raises(ContentError, match="C3 is not a door space"):
        load_scenario(path)


def test_heroes_least_above_most_is_refused(folder: Path) -> None:
    with pytest.raises(ContentError, match="'heroes'"):
        load_scenario(write(folder, with_line(4, "heroes = { least = 3, most = 2 }")))


def test_deploy_group_given_as_a_list_is_one_line(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(folder, with_line(13, 'deploy = [ { group = ["cellar-rats"], tracker = 2 } ]'))
    assert main(["scenario", "check", str(path)]) == 2
    _, err = capsys.readouterr()
    assert err.startswith(f"tales: {path}:11: part 'Start': each deployment names one of")


def test_a_group_named_twice_is_refused(folder: Path) -> None:
    path = write(folder, with_line(9, 'id = "cellar-rats"'))
    with pytest.raises(ContentError, match="cellar-rats"):
        load_scenario(path)


# --- the bundled scenarios ----------------------------------------------------------------


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_scenarios_load(name: str) -> None:
    scenario = load_scenario(SCENARIOS / f"{name}.toml")
    assert isinstance(scenario, Scenario)
    assert scenario.sample
    assert "(sample)" in scenario.title
    assert scenario.parts and scenario.objectives and scenario.groups
    assert not scenario.parts[0].when
    assert all(p.when for p in scenario.parts[1:])


def test_bundled_scenario_details() -> None:
    cellar = load_scenario(SCENARIOS / "cellar-door.toml")
    assert (cellar.title, cellar.epic_pool, cellar.power_tree_steps) == (
        "The cellar door (sample)", (3, 1), 2)
    assert {g: s.limit for g, s in cellar.groups.items()} == {
        "cellar-rats": 4, "bouncers": 1, "golems": 1}
    assert [a.name for a in cellar.abilities] == ["Kick the door open"]
    chapel = load_scenario(SCENARIOS / "drowned-chapel.toml")
    assert chapel.heroes == (2, 3)
    assert [d.id for d in chapel.destructibles] == ["warding-stone"]
    assert [chapel.board.names[s] for s in chapel.sealed_doors] == ["G3"]
    second = chapel.parts[1]
    assert (second.limits, second.initiative) == ({"hounds": 2}, {"hounds": 2})
    assert second.effects.reinforce[0].numbers == (1, 2, 3)
    riot = load_scenario(SCENARIOS / "market-riot.toml")
    assert riot.hero_defeat_loses is False
    assert riot.groups["golems"].initiative == 2
    assert [e.effects.win for e in riot.events] == [True, False]
    assert [e.effects.lose for e in riot.events] == [False, True]


def test_scenario_check_on_the_bundled_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(SCENARIOS / f"{name}.toml") for name in BUNDLED]
    assert main(["scenario", "check", *files]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    lines = out.splitlines()
    assert len(lines) == len(BUNDLED)
    for file, line in zip(files, lines, strict=True):
        assert line.startswith(f"{file}: ok: ")
    assert ("'The cellar door (sample)', 2 parts, 1 event, 2 objectives; groups "
            "cellar-rats (Limit 4), bouncers (Limit 1), golems (Limit 1)") in lines[
        BUNDLED.index("cellar-door")]


def test_scenario_check_on_a_bad_file(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(folder, with_line(4, "epic_pool = { size = 2, dice = 3 }"))
    assert main(["scenario", "check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"tales: {path}:4: 'epic_pool': ")
    assert "Traceback" not in err


def test_scenario_check_on_a_missing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nothing.toml"
    assert main(["scenario", "check", str(missing)]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"tales: {missing}: no such file\n")


def test_scenario_show(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "show", str(SCENARIOS / "cellar-door.toml")]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == "The cellar door (sample) (sample, 2-3 Heroes, Epic Pool 3)"
    assert ("  part 'The cellar': 2 cellar-rats by the tracker deck (cards 1, 2); bouncers on F4"
            in lines)
    assert "  part 'Behind the door': golems on D5" in lines
    assert "  event 'more rats'" in lines
    goals = lines.index("  To win, meet every objective:")
    assert lines[goals + 1:goals + 6] == [
        "    Open the old door", "    Defeat every rat", "  Lost if:", "    a Hero is Defeated",
        "    The innkeeper locks the cellar: lost at the end of "
        "round 4 unless won (4 rounds)"]
    # the map is drawn as `tales map show` draws it
    assert main(["map", "show", str(ROOT / "maps" / "cellar-stairs.toml")]) == 0
    drawing, _ = capsys.readouterr()
    assert out.endswith(drawing)
    assert "Cellar stairs (sample) (hex, 46 spaces, 4 walls)" in out


# --- every Scheme step is carried out (issue 15, item 12) --------------------------------

#: Scheme Blocks with steps a game the engine plays cannot carry out, one per group: text
#: for the table, Harm the combat rules do not read, a door that is not one, a Reinforce of
#: a group the scenario does not have.
UNPLAYABLE = toml("""
    [groups.talkers]
    standees = [1]
    fortitude = 3

    [[groups.talkers.schemes]]
    name = "Taunt"
    faces = [1, 2, 3, 4, 5, 6]
    steps = [
      { move = 2, toward = "nearest foe" },
      { special = "Taunt", text = "Each Hero within 2 must attack this Schemer." },
    ]

    [groups.charmers]
    standees = [1]
    fortitude = 3

    [[groups.charmers.schemes]]
    name = "Charm"
    faces = [1, 2, 3, 4, 5, 6]
    steps = [ { attack = "melee", damage = 1, harm = "Weaken target 1. Target dances." } ]

    [groups.knockers]
    standees = [1]
    fortitude = 3

    [[groups.knockers.schemes]]
    name = "Knock"
    faces = [1, 2, 3, 4, 5, 6]
    steps = [ { open_door = "C3" } ]

    [groups.callers]
    standees = [1]
    fortitude = 3

    [[groups.callers.schemes]]
    name = "Call"
    faces = [1, 2, 3, 4, 5, 6]
    steps = [ { reinforce = 1, group = "talkers" } ]
""")

REFUSED_STEPS = [
    pytest.param("talkers", "group 'talkers' (unplayable.toml:10), scheme 'Taunt', step 2: "
                 "'Taunt: Each Hero within 2 must attack this Schemer.' is text for the "
                 "table; a game the engine plays carries out every step", id="special"),
    pytest.param("charmers", "group 'charmers' (unplayable.toml:20), scheme 'Charm', step 1: "
                 "its Harm 'Target dances' is text for the table", id="harm text"),
    pytest.param("knockers", "(unplayable.toml:29), scheme 'Knock', step 1: C3 is not a door "
                 "space of map "
                 "'Cellar stairs (sample)'", id="not a door"),
    pytest.param("callers", "(unplayable.toml:38), scheme 'Call', step 1: it reinforces "
                 "'talkers', which is not in "
                 "this scenario", id="reinforce a group not in it"),
]


def unplayable(folder: Path, group: str) -> Path:
    """The base scenario with ``group`` of the unplayable Scheme Blocks as its only group."""
    (folder / "unplayable.toml").write_text(UNPLAYABLE, encoding="utf-8")
    text = BASE.replace("sample-schemers.toml", "unplayable.toml")
    text = text.replace('[[groups]]\nid = "golems"\n\n', "").replace("cellar-rats", group)
    text = text.replace("tracker = 2", "tracker = 1")  # the group's Limit: one standee
    assert "golems" not in text
    return write(folder, text)


@pytest.mark.parametrize(("group", "message"), REFUSED_STEPS)
def test_a_step_the_engine_cannot_carry_out_is_refused(
    folder: Path, capsys: pytest.CaptureFixture[str], group: str, message: str
) -> None:
    path = unplayable(folder, group)
    with pytest.raises(ContentError) as caught:
        load_scenario(path)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert caught.value.line == 5  # the scenario's [[groups]] entry of that group
    checked = [] if group == "talkers" else [["scenario", "check", str(path)]]  # the table's
    for argv in (*checked,
                 ["simulate", str(path), "--heroes", "gerki,deirdre", "--games", "1"],
                 ["play", str(path), "--heroes", "gerki,deirdre"]):
        assert main(argv) == 2, argv
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1, argv
        # the scenario's line of the group, and the Scheme Block file's line of the step
        assert err.startswith(f"tales: {path}:5: group '{group}' (unplayable.toml:"), argv
        assert message in err, argv


def test_the_table_assistant_still_shows_a_step_for_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocks = tmp_path / "unplayable.toml"
    blocks.write_text(UNPLAYABLE, encoding="utf-8")
    position = tmp_path / "here.toml"
    position.write_text(toml("""
        [map]
        name = "corridor"
        layout = "square"
        grid = ". . . ."

        [[figures]]
        id = "h"
        side = "hero"
        at = "A1"

        [[figures]]
        id = "t1"
        side = "schemer"
        at = "D1"
        group = "talkers"
        number = 1
    """), encoding="utf-8")
    assert main(["schemer", "turn", str(position), "--group", "talkers", "--scheme", "1",
                 "--blocks", str(blocks)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert ("   Taunt: Each Hero within 2 must attack this Schemer. (the table carries this "
            "out)") in out.splitlines()


def _sample_steps(name: str) -> dict[str, set[str]]:
    """Every step of every Scheme of the sample scenario's groups, in words, by group."""
    scenario = load_scenario(SCENARIOS / f"{name}.toml")
    return {gid: {str(step) for scheme in group.block.schemes for step in scheme.steps}
            for gid, group in scenario.groups.items()}


#: How a step's log line ends when it changed nothing (no target, no door, nobody to heal).
IDLE = ("has no target", ": no closed door", ": nobody heals", ": nobody gains a token",
        "at its Limit", "no Unoccupied space next to it")


@pytest.mark.parametrize("name", BUNDLED)
def test_bots_carry_out_every_sample_step(name: str) -> None:
    """Bots play the sample scenario until each step of each of its groups' Schemes has
    been carried out with some effect (an Attack with a target, a token given, a door
    opened, a Schemer brought in ...) by a Schemer of that group; no step is ever left to
    the table."""
    import numpy as np

    from tales.engine.bots import policy
    from tales.engine.content import load_context
    from tales.engine.game import Game
    from tales.engine.rounds import play_scenario
    from tales.engine.state import Setup

    ctx = load_context(Setup(str(SCENARIOS / f"{name}.toml"), ("gerki", "deirdre")))
    left = {gid: set(steps) for gid, steps in _sample_steps(name).items()}
    for seed in range(60):
        final = Game(lambda: play_scenario(ctx)).play(
            policy("greedy", ctx, np.random.default_rng(seed)))
        log = final.battle.log
        assert not [line for line in log if "the table carries" in line
                    or "for the table" in line], (name, seed)
        for gid, steps in left.items():
            steps -= {step for step in steps for line in log
                      if line.startswith(f"{gid}-") and f": {step}: " in line
                      and not line.endswith(IDLE)}
        if not any(left.values()):
            break
    assert not any(left.values()), f"{name}: never carried out: {left}"


def test_a_printed_text_step_is_the_tables_to_carry_out(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 39, item 4: a `special` step does not refuse the scenario at the table. `scenario
    check` says it is left to the table; `tales table` shows it at its place in the group's
    turn, waits while the table applies it with edits, and goes on with the next step."""
    from tales.board.figures import Token
    from tales.engine.content import load_context
    from tales.engine.state import Setup
    from tales.present.edits import read_edit
    from tales.rules.decisions import Decider
    from tales.table.edits import EDIT_DECISION
    from tales.table.session import TableSession

    path = unplayable(folder, "talkers")
    assert main(["scenario", "check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and ("    group 'talkers', scheme 'Taunt', step 2: Taunt: Each Hero "
                          "within 2 must attack this Schemer.") in out.splitlines()
    assert "left to the table (1 step:" in out
    session = TableSession(load_context(Setup(str(path), ("gerki", "deirdre")), table=True), 3)
    asked = None
    for _ in range(300):
        decision = session.pending
        if decision is None:
            break
        if decision.kind == EDIT_DECISION and decision.figure and decision.figure.startswith(
                "talkers"):
            asked = decision
            break
        if decision.kind == EDIT_DECISION:
            session.edit(read_edit("end", session.position).edit)  # type: ignore[arg-type]
        elif decision.decider is Decider.CHANCE:
            session.draw()
        else:
            session.choose(0)
    assert asked is not None, "the talkers' turn never reached its Taunt"
    assert asked.prompt.startswith(f"{asked.figure}: Taunt: Each Hero within 2 must attack "
                                   "this Schemer. The table carries this out: what changed")
    assert any(line.endswith("(the table carries this out)") for line in session.log)
    typed = read_edit("gain gerki shield", session.position)
    assert typed.edit is not None and session.edit(typed.edit) is None
    assert session.position.figure("gerki").token(Token.SHIELD) == 1
    typed = read_edit("end", session.position)
    assert typed.edit is not None and session.edit(typed.edit) is None
    assert any(line.endswith("the table has carried out Taunt") for line in session.log)
    assert session.pending is None or session.pending.prompt != asked.prompt  # gone on


def test_scenario_check_says_what_the_scheme_die_cannot_roll(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 41: a rolling group with no Scheme for a face of the die (simulate refused it)
    and a Scheme's face the die does not have (never rolled), both in one run."""
    (folder / "lunge.toml").write_text(toml("""
        [groups.cellar-rats]
        standees = [1, 2]
        fortitude = 3

        [[groups.cellar-rats.schemes]]
        name = "Bite"
        faces = [1, 2, 3]
        steps = [{ attack = "melee", damage = 1 }]

        [[groups.cellar-rats.schemes]]
        name = "Lunge"
        faces = [5, 6, 7]
        steps = [{ attack = "melee", damage = 2 }]
        """), encoding="utf-8")
    text = BASE.replace('scheme_blocks = "sample-schemers.toml"', 'scheme_blocks = "lunge.toml"')
    text = text.replace('[[groups]]\nid = "golems"\n\n', "")
    path = write(folder, text)
    assert main(["scenario", "check", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert [line.split(" (dice: ")[0] for line in err] == [
        f"tales: {path}: group 'cellar-rats' has no Scheme for Scheme Die face 4",
        f"tales: {path}: group 'cellar-rats', scheme 'Lunge': face 7 is not on the Scheme "
        "Die, so it is never rolled"]


# --- issue 41: every mistake before play, in one run --------------------------------------

#: A Scheme Block file with a mistake in each of three groups, two in one group's Schemes
#: and one in a step: all five said by one run of scenario check, each with its line.
MANY_MISTAKES = toml("""
    [groups.cellar-rats]
    standees = [1, 2]
    fortitude = 3
    colour_name = "grey"

    [[groups.cellar-rats.schemes]]
    name = "Bite"
    faces = [1, 2, 3, 4, 5, 6]
    steps = [{ attack = "melee", damage = 1 }, { move = 2 }]

    [[groups.cellar-rats.schemes]]
    name = "Gnaw"
    faces = [7]
    steps = [{ attack = "sideways", damage = 1 }]

    [groups.golems]
    standees = [1, 1]
    fortitude = 8

    [[groups.golems.schemes]]
    name = "Slam"
    faces = [1, 2, 3, 4, 5, 6]
    steps = [{ attack = "melee", damage = "two" }]
    """)


def test_scenario_check_says_every_scheme_block_mistake_in_one_run(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 41: 'Scheme Block mistakes come one per run (12 mistakes took 12 runs)'."""
    blocks = folder / "many.toml"
    blocks.write_text(MANY_MISTAKES, encoding="utf-8")
    path = write(folder, BASE.replace("sample-schemers.toml", "many.toml"))
    assert main(["scenario", "check", str(path), str(path)]) == 2  # every file, too
    err = capsys.readouterr().err.splitlines()
    said = [
        f"tales: {blocks}:4: group 'cellar-rats': unknown key 'colour_name'",
        f"tales: {blocks}:9: group 'cellar-rats': scheme 'Bite', step 2: needs 'toward'",
        f"tales: {blocks}:14: group 'cellar-rats': scheme 'Gnaw', step 1: attack must be "
        "\"melee\" or \"ranged\"",
        f"tales: {blocks}:17: group 'golems': 'standees' has standee 1 twice",
        f"tales: {blocks}:23: group 'golems': scheme 'Slam', step 1: 'damage' must be a whole "
        "number, 0 or more"]
    assert len(err) == 2 * len(said)
    for line, start in zip(err, said + said, strict=True):
        assert line.startswith(start), (line, start)
    with pytest.raises(ContentError, match=r"\(and 4 more mistakes: run 'tales scenario "
                       r"check'\)"):  # play says the first and how many more
        load_scenario(path)


def test_an_unused_features_table_is_a_warning(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 41: an unused [features.x] table is said, as a warning: the exit status of
    scenario check and map check stays what the mistakes make it (0 here)."""
    map_path = folder / "cellar-stairs.toml"
    map_path.write_text(map_path.read_text(encoding="utf-8")
                        + '\n[features.x]\nkind = "feature"\nname = "Lost crate"\n',
                        encoding="utf-8")
    path = write(folder, BASE)
    warning = f"{map_path}:31: warning: [features.x] is not used: no space of the grid is 'x'"
    assert main(["scenario", "check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == f"tales: {warning}\n" and out.startswith(f"{path}: ok:")
    assert main(["map", "check", str(map_path)]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [warning, f"{map_path}: ok (46 spaces)"]
    broken = write(folder, with_line(17, 'when = { rounds = 0 }'))  # and with a mistake: 2
    assert main(["scenario", "check", str(broken)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"tales: {warning}" and "'rounds' is a whole number" in err[1]


def test_a_part_s_limits_let_it_deploy_more(folder: Path) -> None:
    """The Limit a deployment is checked against is its part's (drowned-chapel: 'limits =
    { hounds = 2 }' with a tracker of 2 hounds), and an event's is the highest of any part."""
    text = with_line(6, 'id = "cellar-rats"\nlimit = 1', with_line(
        13, 'deploy = [ { group = "cellar-rats", tracker = 2 } ]\nlimits = { cellar-rats = 2 }'))
    text += "\n" + toml("""
        [[events]]
        id = "swarm"
        when = { rounds = 2 }
        reinforce = [ { group = "cellar-rats", spaces = ["A3", "B3"] } ]
        """)
    scenario = load_scenario(write(folder, text))
    assert scenario.groups["cellar-rats"].limit == 1
    assert scenario.parts[0].limits == {"cellar-rats": 2}
    assert load_scenario(SCENARIOS / "drowned-chapel.toml").parts[1].limits == {"hounds": 2}


def test_the_size_message_says_the_limits(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", "cellar-door", "x.png", "--size", "10x10"]) == 2
    assert capsys.readouterr().err == (
        "tales: --size '10x10': give WIDTHxHEIGHT in pixels, each 100 to 8000, e.g. "
        "1200x800\n")
