"""What a player reads (issue 17): abilities and picks in short and in full, tiles that
name their abilities and leave out those with no legal use, Moves with their cost and the
damage on the way, yes/no questions in one order; the terminal shows the same words."""

from __future__ import annotations

import re
from typing import Any

from tales.content.companions import load_companion
from tales.engine.content import find_file, hero_kit, load_context
from tales.engine.state import GameRules, Setup
from tales.present.abilities import ability_card, ability_line, companion_line, hero_line
from tales.present.options import Presenter, menu_order
from tales.rules.decisions import Decider, Decision, SameOutcome
from tales.rules.hero_turn import hero_turn, no_use
from tales.terminal import TerminalGame
from tests.build import positioned
from tests.cases._combat import foe, hero_
from tests.cases._heroes import ability, equipped

SHIV = ability("action", '{ attack = "melee", dice = 2, backstab = 1 }', name="Shiv")
SLINK = ability("shenanigan", "{ move = 3 }", name="Slink")
KIT = (SHIV, SLINK)


def first_tile(*figures: dict[str, object], grid: str = ". . . . . . .") -> Decision[Any]:
    table = equipped(positioned(grid, *figures), {"h": KIT})
    return next(hero_turn(table, "h", KIT))


def test_ability_lines_say_kind_cost_and_effects() -> None:
    gerki = {a.name: a for a in hero_kit("gerki").for_game()}
    assert ability_line(gerki["Shiv"]) == "Shiv (Action): Melee: Attack 2 dice, Backstab +1 dice"
    assert ability_line(gerki["Cheap shot"]).startswith("Cheap shot (Action, Cooldown 1): ")
    assert ability_line(gerki["Caltrops"]).startswith("Caltrops (Action, discard after use)")
    card = ability_card(gerki["Duck"])
    assert card == ["Duck (card Duck)", "Reaction; cost: Cooldown 2", "when: attacked",
                    "1. gain 1 Shield Token"]


def test_picks_say_fortitude_and_abilities() -> None:
    assert hero_line(hero_kit("gerki")) == (
        "Gerki (sample): Fortitude 7 (Wounded 8); Shiv: Melee: Attack 2 dice, Backstab +1 "
        "dice; Slink: move 3; Scramble: leap 2")
    otto = companion_line(load_companion(find_file("otto-guard", "companions")))
    assert otto.startswith("Otto, shield-bot (sample): Fortitude 8; Clank forward: move 2")


def test_an_attack_with_no_foe_in_reach_is_not_offered() -> None:
    """Issue 17, item 3: Shiv with no adjacent Foe does not use up the Action tile."""
    far = first_tile(hero_(), foe("s", "E1"))
    assert "action" not in far.options
    assert no_use(far.battle, "h", SHIV) == "no adjacent Foe"
    present = Presenter({"h": KIT})
    assert present.not_ready(far) == ["Shiv: not now (no adjacent Foe)"]
    near = first_tile(hero_(), foe("s", "B1"))
    assert "action" in near.options and no_use(near.battle, "h", SHIV) is None
    assert [present.option(near, o) for o in near.options] == [
        "an Action tile: Shiv", "a Shenanigan tile: Slink", "end the turn"]
    assert present.not_ready(near) == []


def test_move_options_carry_cost_and_damage_on_the_way() -> None:
    """Issue 17, item 2: a Move through a Trap says so before it is taken."""
    turn = hero_turn(equipped(positioned(". T . . . . .", hero_()), {"h": KIT}), "h", KIT)
    tile = next(turn)
    which = turn.send("shenanigan")
    present = Presenter({"h": KIT})
    assert [present.option(which, o) for o in which.options] == ["Slink (Shenanigan): move 3"]
    assert present.detail(which, "Slink") == ["Slink (card)", "Shenanigan; cost: free",
                                              "1. move 3"]
    move = turn.send("Slink")
    assert (tile.kind, move.kind) == ("tile", "move-to")
    names = move.position.board.names
    said = {names[s]: present.option(move, s) for s in move.options}
    assert said["A1"] == "A1: stay"
    assert said["C1"] == "C1: 2 movement, 1 damage from the Trap on B1"
    assert said["D1"] == "D1: 3 movement, 1 damage from the Trap on B1"


def test_yes_no_questions_are_listed_yes_first() -> None:
    for options in ((False, True), (True, False)):
        asked = Decision("overcharge", "?", options, Decider.PLAYER, "h")
        assert [options[i] for i in menu_order(asked)] == [True, False]
    other = Decision("ability", "?", ("b", "a"), Decider.PLAYER, "h")
    assert menu_order(other) == [0, 1]


def at_the_first_tile(*typed: str) -> list[str]:
    """What the terminal writes in a solo cellar game answered "1" until Gerki's first
    tile question, where ``typed`` is typed (a "-- typed" line marks the place)."""
    # the readings before issue 37 (same_outcome=ask): the scene these tests were found on
    ctx = load_context(Setup("scenarios/cellar-door.toml", ("gerki",), companion="otto-guard",
                             rules=GameRules(same_outcome=SameOutcome.ASK)))
    out: list[str] = []
    answers: list[str] = []

    def read(prompt: str) -> str:
        if not answers and any(line.startswith("[gerki] gerki: which ability tile")
                               for line in out):
            answers.extend(typed)
            out.append("-- typed")
        return answers.pop(0) if answers else "1"

    TerminalGame(ctx, 3, read=read, write=out.append).run()
    return out


def test_terminal_shows_tiles_with_abilities_and_the_whole_card() -> None:
    """The terminal words options as the window does, and ``i N`` shows the card."""
    out = at_the_first_tile("i 1", "q")
    tiles = [line for line in out if line.startswith("  1) an Action tile: ")]
    assert tiles, out[-20:]
    assert "     Shiv: not now (no adjacent Foe)" in out  # the Foes are far at the start
    shown = out[out.index(tiles[-1]):]
    first = tiles[-1].split(": ", 1)[1].split(", ")[0]
    assert "     Caltrops (card Caltrops)" in shown and first == "Caltrops", shown
    assert "     Action; cost: discard after use" in shown


def test_a_companion_question_says_what_the_ability_does() -> None:
    present = Presenter({"gerki": KIT, "otto": (SLINK,)})
    asked = Decision("companion-action", "otto: Slink?", (True, False), Decider.PLAYER, "otto")
    assert present.prompt(asked) == "[otto] otto: use Slink (Shenanigan): move 3?"
    assert present.detail(asked, True)[0] == "Slink (card)"


def test_physical_dice_results_by_number_or_words() -> None:
    from tales.present.chance import chance_lines, read_chance
    from tales.rules.dice import DieKind, load_dice, roll

    asked = next(roll(load_dice()[DieKind.DAMAGE], "gerki's damage die 1"))
    lines = chance_lines(asked)
    assert lines[0] == "Roll the damage die: gerki's damage die 1: which face is up?"
    assert lines[1:] == ["  1) blank", "  2) 1 damage", "  3) 2 damage", "  4) Critical Hit",
                         "  5) 1 damage, 1 Inspire"]  # a face printed twice is one answer
    assert read_chance(asked, "3").option == asked.options[2]
    assert read_chance(asked, " Critical  hit ").option == asked.options[3]
    assert read_chance(asked, "9").reason == ("'9' is not a result here: type 1-5 or the "
                                              "words of one")
    assert read_chance(asked, "").reason == "type what the table shows: 1-5 or the words of one"
    card = Decision("tracker-card", "draw a card from the red tracker deck", (2, 5),
                    Decider.CHANCE)
    assert read_chance(card, "5").option == 5 and read_chance(card, "1").reason


RAT_MOVE = ("cellar-rats-1: Move 4 toward nearest foe: nearest foe by Line of Fire: gerki (3); "
            "final target space F4; can reach it: moves 2 of 4 to F4, next to gerki; moves to "
            "F4 along H5 G4 F4")


def test_log_lines_are_outcomes_with_the_reasoning_behind_why() -> None:
    """Issue 17, item 8: one readable line per action; the reasoning one key away."""
    from tales.present.log import short, side_of, why

    assert short(RAT_MOVE) == "cellar-rats-1: moves to F4 along H5 G4 F4"
    story = "Story: Two rats squeak at the far wall; a bouncer blocks the way."
    for kept in (story, "gerki moves to D3", "cellar-rats-1 has no target"):
        assert short(kept) == kept
    assert why([story, RAT_MOVE, "gerki moves to D3"]) == [RAT_MOVE]
    who = {"gerki": "hero", "cellar-rats-1": "schemer"}
    assert [side_of(line, who) for line in (RAT_MOVE, "gerki uses Slink", story)] == [
        "schemer", "hero", ""]


def test_terminal_log_is_short_and_w_shows_why() -> None:
    out = at_the_first_tile("w", "q")
    before, after = out[:out.index("-- typed")], out[out.index("-- typed"):]
    short = [m for line in before
             if (m := re.match(r"  (\S+): (moves to \w+ along [\w ]+|stays on \w+)$", line))]
    assert short, before[-20:]
    assert not any(" toward " in line for line in before)
    schemer = short[-1].group(1)
    assert any(line.startswith(f"  {schemer}: ") and " toward " in line for line in after), after


def test_a_companion_is_not_asked_to_kick_an_open_door() -> None:
    """Issue 17, item 3: an action that would do nothing (no closed door in reach) is not
    asked of the Companion's player; the log says why."""
    from pathlib import Path

    from tales.content.companions import load_companion
    from tales.rules.companions import companion_turn
    from tales.rules.decisions import resolve
    from tests.build import fig, positioned
    from tests.cases._combat import hero_
    from tests.cases._heroes import ability, equipped

    otto = load_companion(Path(__file__).resolve().parents[1] / "companions" / "otto-guard.toml")
    kick = ability("action", '{ open_door = true, target = "adjacent door" }',
                   name="Kick the door open")
    position = positioned(". . . .", hero_("h", "A1"),
                          fig("otto", "B1", "hero", role="companion", fortitude=6))
    asked: list[str] = []

    def decline(decision: Any) -> Any:
        asked.append(decision.prompt)
        return False

    result = resolve(companion_turn(equipped(position, {}), otto, "h",
                                    scenario_abilities=(kick,)), decline)
    assert asked and not any("Kick the door open" in prompt for prompt in asked)
    assert "otto: Kick the door open: not now (no closed door in reach)" in result.log


def test_a_power_tree_step_says_what_each_space_gives() -> None:
    from tales.content.heroes import load_hero_kit
    from tales.rules.power_tree import choose_steps

    kit = load_hero_kit(str(find_file("gerki", "heroes")))
    assert kit.power_tree is not None
    decision = next(choose_steps(kit.power_tree, 1, "gerki"))
    shown = [Presenter().option(decision, o) for o in decision.options]
    assert shown == ["a: 1 Evade Token", "b: 1 Damage Boost Token"]


def test_a_companions_unusable_ability_is_behind_why() -> None:
    """Issue 17, item 8: the main log says what was done; why an ability was not used is
    behind the "why" key."""
    from tales.present.log import readable, why

    log = ["otto's Companion turn", "otto: Kick the door open: not now (no closed door in "
           "reach)", "otto moves to A2"]
    assert readable(log) == ["otto's Companion turn", "otto moves to A2"]
    assert why(log) == [log[1]]
