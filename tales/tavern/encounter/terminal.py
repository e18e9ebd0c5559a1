"""The encounter game at the terminal: people and random bots at one table. A person sees
the Encounter (its Life Points, or each token's, its Attack Matrix, Prestige and bonus
rounds), the Event, the order of Initiative, the damage stack, everyone's Life Points,
Items and Prestige, the log, and only their own hand, set card, Riders and Quest; every
choice is a numbered menu, and a card offered is shown with its value and what it does.
A game replays from its seed and the answers: ``q`` saves it (``--save FILE``, or the file
it was resumed from) and ``--resume FILE`` plays on.

This is the presentation layer: short lines in the game's words, built from the rules'
state; the rules print nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from tales.engine.game import Game
from tales.errors import IllegalChoice, TalesError
from tales.locks import holding_if
from tales.rules.decisions import Decision
from tales.tavern.at_table import drive
from tales.tavern.encounter import saves
from tales.tavern.encounter.attacks import chest
from tales.tavern.encounter.bots import policy
from tales.tavern.encounter.cards import load
from tales.tavern.encounter.fog import LIAR, WRONG, Bluff
from tales.tavern.encounter.model import (
    Card,
    Caverns,
    Encounter,
    Kind,
    Op,
    Rule,
    Special,
    Step,
    Strike,
    Target,
    When,
    Whom,
    value,
)
from tales.tavern.encounter.module import load_module
from tales.tavern.encounter.rules import ordinal
from tales.tavern.encounter.simulate import SAMPLE, game, veteran_seats

#: What clears a terminal's screen (ANSI: erase it, cursor home).
CLEAR = "\033[2J\033[H"
WHEN = {When.TURN: "on your turn", When.REVEAL: "after an Attack card is revealed",
        When.CREATURE: "when the creature attacks you", When.ANY: "at any time"}
WHOM = {Whom.YOU: "", Whom.OTHER: " (another player)", Whom.ANY: " (any player)",
        Whom.EACH: " (each player)", Whom.KILLER: " (the killing blow's player)"}
DOES = {Op.HEAL: "heal {n}", Op.HURT: "lose {n} Life Points", Op.WOUND: "the creature loses {n}",
        Op.TOUGHEN: "the creature gains {n}", Op.HALVE: "halve a revealed Attack card",
        Op.DOUBLE: "double a revealed Attack card", Op.MISS: "a revealed Attack card misses",
        Op.EDGE_OUT: "discard another player's set card",
        Op.DODGE: "the creature's attack on you misses",
        Op.REDIRECT: "send the creature's attack on you to another player",
        Op.COUNTER: "strike back for {n}", Op.DRAW: "draw {n}", Op.POISON: "{n} poison",
        Op.CURE: "remove {n} poison", Op.PRESTIGE: "{n} Prestige", Op.STEAL: "take an Item",
        Op.HAND: "maximum hand size +{n}", Op.RELIC: "a Relic"}


def steps_text(steps: Sequence[Step]) -> str:
    return ", ".join(DOES[s.op].format(n=s.amount) + WHOM[s.whom] for s in steps)


def ladder(values: Sequence[int], shown: int) -> str:
    return f"{values[shown]} ({'/'.join(str(v) for v in values)})"


def describe(card: Card) -> str:
    """A card in a few words: its value and what it does (and its own text, if any)."""
    parts: list[str] = []
    if card.values:
        parts.append(("ability attack " if card.ability else "Attack ")
                     + ladder(card.values, min(card.start, len(card.values) - 1)))
    if card.special_values:
        parts.append(f"Special Attack for {card.special}: "
                     + ladder(card.special_values, min(card.start,
                                                       len(card.special_values) - 1)))
    if card.kind is Kind.RIDER:
        parts.append(f"Rider: {'x' + format(card.times, 'g') if card.times else f'+{card.add}'}"
                     " on your next Attack card")
    elif card.kind is Kind.STAND_IN:
        parts.append(f"Stand In: replaced by {card.replace} card(s) from the deck"
                     + ("; set a second Attack card" if card.opportunity else ""))
    elif card.kind is Kind.TACTICAL:
        parts.append("no damage")
    if card.steps:
        parts.append(steps_text(card.steps))
    if card.either:
        parts.append(" or ".join(steps_text(e) for e in card.either))
    if card.kind in (Kind.ACTION, Kind.ITEM) and (card.steps or card.either or card.values):
        parts.append(WHEN[card.when])
    if card.potion:
        parts.append("Potion, one use")
    elif card.one_use:
        parts.append("one use")
    if card.text:
        parts.append(card.text)
    return "; ".join(parts)


def strike_text(row: Strike) -> str:
    who = f"Player {row.number}" if row.target is Target.RANDOM else row.target.value
    extra = [f"{row.poison} poison" if row.poison else "", "turns them" if row.turns else "",
             f"{row.prestige:+d} Prestige" if row.prestige else "",
             "switches seats" if row.swap else ""]
    return f"{who}: {row.damage}" + "".join(f", {e}" for e in extra if e)


def encounter_lines(table: Caverns, card: Encounter) -> list[str]:
    """The Encounter card as the table sees it now."""
    bonus = (f"; bonus rounds {', '.join(str(r) for r in card.bonus_rounds)} (+{card.bonus})"
             if card.bonus_rounds and card.bonus else "")
    if table.tokens:
        down = dict(table.fallen)
        left = ", ".join(f"{i + 1}: " + (f"destroyed by {down[i]}" if i in down
                                         else f"{max(table.token_left(i), 0)} Life Points")
                         for i in range(len(table.tokens)))
        worth = "no Prestige (the Lich alone scores)" if card.special is \
            Special.EMPEROR_LICH else f"Prestige {card.prestige} a token"
        head = f"tokens {left}; {worth}"
        if card.special is Special.EMPEROR_LICH:
            bonus = ""
    else:
        life, barrier = standing(table)
        head = (f"{max(life, 0)} Life Points" + (f", barrier {barrier}" if barrier else "")
                + f"; Prestige {card.prestige}")
    when = f"round {table.round}" if table.round else "before the first round"
    lines = [f"Encounter {table.number}: {card.name}, {when} - {head}{bonus}"]
    if card.matrix:
        lines.append("  Attack Matrix: " + "; ".join(strike_text(r) for r in card.matrix))
    if card.text:
        lines.append(f"  {card.text}")
    if table.event is not None:
        lines.append(f"  Event: {table.event.name}"
                     + (f" - {table.event.text}" if table.event.text else ""))
    if table.treasure is not None:
        lines.append(f"  Treasure: {table.treasure.name} - {steps_text(table.treasure.steps)}, "
                     "at the end of the Encounter")
    if table.rules:
        lines.append("  in force: " + ", ".join(rule_text(table, r) for r in table.rules))
    order = table.in_initiative()
    if not table.round:  # Initiative is drawn as the Encounter begins
        lines.append("  Initiative: drawn when the first round begins")
    elif order:
        lines.append("  Initiative: " + ", ".join(f"{ordinal(n)} {name}"
                                                  for n, name in enumerate(order, 1)))
    if table.stack:
        blows = "; ".join(f"{b.player} {b.card.name} {value(b, table)}"
                          + (f" (+{', '.join(r.name for r in b.riders)})" if b.riders else "")
                          for b in table.stack)
        lines.append(f"  damage stack: {blows} (total {table.damage()})")
    return lines


def rule_text(table: Caverns, rule: Rule) -> str:
    """A rule in force, with what it means at the table now."""
    if rule is Rule.FOG and table.edition >= 3:
        return (f"{rule.value} (cards are played face down and named, truly or not; anyone "
                f"may challenge: a lie caught is countered and costs {LIAR} Prestige, the "
                f"truth costs the challenger {WRONG})")
    event = chest(table)
    if rule is Rule.CHEST and event is not None and table.edition >= 3:
        left = list(event.burst)
        for done in table.matched:
            if done in left:
                left.remove(done)
        wanted = " or ".join(str(v) for v in sorted(set(left)))
        return (f"{rule.value} (only Attack cards drawn are kept; red burst "
                f"{', '.join(str(v) for v in event.burst)}: "
                + (f"an Attack card played showing {wanted} is a match: "
                   f"{steps_text(event.match)})" if wanted else "every value matched)"))
    return rule.value


def standing(table: Caverns) -> tuple[int, int]:
    """The creature's Life Points and barrier if the damage stack were totalled now (the
    raised barrier takes the stack's damage first)."""
    pending = table.pending()
    through = max(pending - table.barrier, 0)
    return table.life - through, max(table.barrier - pending, 0)


def killing_blow(table: Caverns) -> str:
    """Who holds the killing blow now: who would get the kill if the damage stack resolved
    as it is (the point of the game), or how much more it takes."""
    if table.encounter is None:
        return ""
    if table.killed():
        if table.totalled:  # the round is over: it is landed
            return f"killing blow: {table.slayer or 'nobody'} landed it"
        return f"killing blow now: {table.slayer or 'nobody'} (if nothing changes)"
    if table.tokens:
        more = sum(max(table.token_left(i), 0) for i in range(len(table.tokens)))
    else:
        life, barrier = standing(table)
        more = life + barrier
    return f"killing blow now: nobody yet ({more} more damage to kill)"


def table_lines(table: Caverns, viewer: str) -> list[str]:
    """The table as ``viewer`` sees it."""
    card = table.encounter
    lines = encounter_lines(table, card) if card is not None else ["between Encounters"]
    for player in table.players:
        status = "dead" if player.dead else (
            f"{player.life} Life Points, {len(player.hand)} cards, Prestige {player.score}"
            + (f", poison {player.poison}" if player.poison else "")
            + (" (a Vampyre)" if player.vampyre else "")
            + (f"; Items: {', '.join(c.name for c in player.items)}" if player.items else ""))
        you = " - you" if player.name == viewer else ""
        lines.append(f"  {player.name} ({player.character or 'adventurer'}){you}: {status}")
    me = table.player(viewer)
    ability = dict(table.abilities).get(me.character)
    if ability is not None:
        left = max(ability.uses - me.used, 0)
        lines.append(f"  your ability ({me.character}): {ability.name} - {describe(ability)}; "
                     f"{left} use{'s' if left != 1 else ''} left this Encounter")
    mine = [c for n, c in table.set_cards if n == viewer]
    if mine:
        lines.append(f"  your set card: {mine[0].name} - {describe(mine[0])}")
    if me.riders:
        lines.append("  your Riders standing by: " + ", ".join(c.name for c in me.riders))
    if me.quest is not None:
        lines.append(f"  your Quest: {me.quest.name} ({me.quest.goal.value} at least "
                     f"{me.quest.at_least}: {me.quest.prestige} Prestige)")
    lines.append("  your hand:" + ("" if me.hand else " empty"))
    lines.extend(f"    {c.name} - {describe(c)}" for c in me.hand)
    lines.extend(f"    Item: {c.name} - {describe(c)}" for c in me.items)
    return lines


def cards_on(table: Caverns) -> dict[str, Card]:
    """Every card on the table by name (hands, Items, set cards, abilities)."""
    found = {c.name: c for p in table.players for c in (*p.hand, *p.items, *p.riders)}
    found.update({c.name: c for _, c in table.set_cards})
    found.update({c.name: c for _, c in table.abilities})
    return found


def option_text(decision: Decision[Any], option: Any) -> str:
    """A menu option; a card offered shows its value and what it does; Gluttony's cards to
    draw and the fog of war's announcements say what they are."""
    if decision.kind == "gorge":
        return "draw none" if option == 0 else f"draw {option} card{'s' if option != 1 else ''}"
    if decision.kind == "either" and decision.detail is not None:  # in the game's words
        return steps_text(decision.detail[decision.options.index(option)])
    if decision.kind == "announce":
        return f"{option} - the true damage" if option == decision.detail else \
            f"{option} - a lie (if caught you lose {LIAR} Prestige)"
    if isinstance(option, Bluff):  # the fog of war: a card named that is not held
        return (f"say {option.card.name} - a bluff: you lay another card face down "
                f"(caught: undone, you lose {LIAR} Prestige) - {describe(option.card)}")
    state = decision.state
    if isinstance(state, Caverns) and isinstance(option, str):
        card = cards_on(state).get(option)
        if card is not None:
            held = decision.kind == "play" and any(isinstance(o, Bluff)
                                                    for o in decision.options) \
                and card.kind is Kind.ACTION and not card.ability
            return f"{option} - " + ("the true card: you hold it - " if held else "") \
                + describe(card)
    return str(option)


def play(players: int, people: int, seed: int, deck: str | Path | None = None,
         read: Callable[[str], str] | None = None, write: Callable[[str], None] = print,
         module: str | Path | None = None, veterans: Sequence[int] = (),
         save: str | Path | None = None, resume: str | Path | None = None,
         default_save: str | Path | None = None) -> Caverns | None:
    """Play one game (an Adventure Module's, if given), or go on with a saved one
    (``resume``); the final table, or None if a person quit (saved to ``save``, else the
    file resumed from, else ``default_save`` or the first ``name-2``... that holds no other
    game). With several people at the table (a hot seat), the screen is cleared and the
    next person asked to take the seat before their hand is shown."""
    ask = read or (lambda prompt: input(prompt))
    choices: tuple[int, ...] = ()
    if resume is not None:
        saved = saves.read(resume)
        setup, choices = saved.table, saved.choices
    else:
        # absolute, links kept (a loop of links is then one line naming the file)
        setup = saves.Table(players, people, seed, os.path.abspath(deck) if deck else "",
                            os.path.abspath(module) if module else "", tuple(veterans))
    box = load(setup.deck or SAMPLE)
    story = load_module(setup.module, box.encounters) if setup.module else None
    run = game(box, setup.players, story, veteran_seats(setup.veterans, setup.players),
               setup.edition)
    try:
        run = Game(run.start, choices=choices)
    except IllegalChoice as bad:
        raise TalesError(f"{resume}: the save does not replay ({bad})") from None
    target = Path(save) if save is not None else Path(resume) if resume is not None else \
        saves.free_path(Path(default_save), saves.Saved(setup, choices)) \
        if default_save is not None else None

    with holding_if(target):  # one process at a time on a save
        def keep(played: Game[Caverns]) -> str:
            assert target is not None
            saves.write(target, saves.Saved(setup, tuple(played.choices)))
            return (f"saved to {target}; go on with: tales tavern encounter play --resume "
                    f"{target}")

        if target is not None:
            keep(run)  # at once: a file holding something else is refused before any play
            if resume is None:
                write(f"the game is saved to {target} after every choice")
        humans = {f"seat {n + 1}" for n in range(setup.people)}
        bot = policy(np.random.default_rng([setup.seed, 1, len(choices)]))

        def hand_over(figure: str) -> bool:
            """A hot seat: the last person's hand off the screen, the next one asked to
            sit."""
            write(CLEAR)
            try:
                text = ask(f"pass the seat to {figure}: {figure}, press Enter when you sit "
                           "down (q saves and quits)> ")
            except EOFError:
                return False
            return text.strip() != "q"

        return drive(run, humans, setup.seed + len(choices), bot, table_lines, ask, write,
                     label=option_text, keep=keep if target is not None else None,
                     say_why=True, status=lambda table, _: killing_blow(table),
                     hand_over=hand_over if setup.people > 1 else None)
