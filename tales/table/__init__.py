"""The table assistant: what each Schemer does, with every tie shown as options.

Used by ``tales schemer move`` and ``tales schemer turn``. A Decision the rules ask of the
table is answered from ``--answer N`` values in order; when none is left it is asked at the
terminal, or, with no terminal (or ``--json``), reported as pending with its options, the
Schemer it is about, its reasons and every Schemer turn resolved before it. A group turn
deals its Attacks as it goes, so a Hero's defence (a Toughness or Shield Token, Evade,
Hitback, Epic Dice) is such a Decision too, and a chance result (none of the steps a
Scheme Block holds rolls a die today) is asked the same way, its distinct faces the options.

The package also keeps a whole physical game (``tales table``): :mod:`.edits` (a Hero's
turn reported as edits), :mod:`.session` (the model: the engine's game with those edits),
:mod:`.saves` (its save files) and :mod:`.terminal` (the terminal front-end).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from tales.board.position import Position
from tales.errors import IllegalChoice
from tales.rules.decisions import Decision, Resolution, all_outcomes
from tales.rules.schemer_movement import (
    DEFAULT_SCHEMER_RULES,
    SchemerMove,
    SchemerRules,
    schemer_move,
)
from tales.rules.targets import Selector

if TYPE_CHECKING:  # types only: `schemer move` need not load the Schemes and Attacks
    from tales.rules.schemer_attacks import AttackPlan
    from tales.rules.schemes import AttackDone, GroupTurn, SchemerTurn

R = TypeVar("R")

SPACE_DECISIONS = frozenset(
    {"final-target-space", "approach-space", "overrun-displace", "grab-space", "move-to",
     "evade-leap", "effect-space", "start-space", "deploy-space", "illusion-space",
     "open-door", "place-space", "reinforce-space", "summon-zot", "recovery-space",
     "wizard-fire-remove"})
PATH_DECISIONS = frozenset({"push-path", "pull-path"})
#: a large figure's placements: options are its spaces, anchor first
PLACEMENT_DECISIONS = frozenset({"final-target-placement", "approach-placement",
                                 "grab-placement", "deploy-placement",
                                 "reinforce-placement"})


def describe_option(position: Position, decision: Decision[Any], option: Any) -> Any:
    """An option in the table's words: space names, paths of names, figure ids."""
    names = position.board.names
    if decision.kind in SPACE_DECISIONS:
        return names[option]
    if decision.kind in PATH_DECISIONS:
        return [names[s] for s in option]
    if decision.kind in PLACEMENT_DECISIONS:
        return " ".join(names[s] for s in option)
    from tales.board.burst import Placement  # only a tie's options: not every command's

    if isinstance(option, Placement):
        return f"covering {' '.join(names[s] for s in option.spaces)}"
    if isinstance(option, bool):
        return "yes" if option else "no"
    if isinstance(option, tuple):
        return [_words(o) for o in option]
    return _words(option)


def _words(option: Any) -> Any:
    """A Harm effect by its text (a ``harm-order`` option), a die's face or a token kind by
    its words; ids, numbers and texts as they are."""
    text = getattr(option, "text", None)
    if isinstance(text, str) and text:
        return text
    if isinstance(option, (str, int, float)) or option is None:
        return str(option) if isinstance(option, str) else option
    return str(option)


def move_json(position: Position, move: SchemerMove) -> dict[str, Any]:
    """One Schemer movement outcome as JSON (the contract of ``tales schemer move``)."""
    names = position.board.names
    displaced = move.result.displaced if move.result is not None else {}
    return {
        "to": names[move.to],
        "path": [names[s] for s in move.path],
        "target": move.target,
        "damage": move.damage,
        "final_target": None if move.final_target is None else names[move.final_target],
        "displaced": {fid: names[s] for fid, s in displaced.items()},
        "reasons": list(move.reasons),
        **({"spaces": [names[s] for s in _spaces(position, move)]}
           if _spaces(position, move) else {}),
    }


def _spaces(position: Position, move: SchemerMove) -> tuple[int, ...]:
    """Every space a large Schemer ends on (also when it stays put); () for one space."""
    if move.spaces or not position.has_figure(move.figure):
        return move.spaces
    figure = position.figure(move.figure)
    return position.spaces_of(figure) if figure.large else ()


def move_outcomes(
    position: Position, figure_id: str, points: int, selector: Selector, leap: bool,
    rules: SchemerRules = DEFAULT_SCHEMER_RULES,
) -> list[dict[str, Any]]:
    """Every equally valid outcome of a Schemer's movement, sorted by ``to``."""
    found = all_outcomes(lambda: schemer_move(position, figure_id, points, selector, leap,
                                              rules))
    unique: dict[str, dict[str, Any]] = {}
    for _, outcome in found:
        entry = move_json(position, outcome)
        key = repr((entry["to"], entry["path"], entry["target"], entry["damage"],
                    entry["final_target"], sorted(entry["displaced"].items()),
                    entry.get("spaces")))
        unique.setdefault(key, entry)
    return sorted(unique.values(), key=lambda e: (e["to"], e["path"], e["target"] or "",
                                                  e["final_target"] or ""))


@dataclass
class Pending:
    """A Decision left for the players, with its options in table words: the Schemer it is
    about (``figure``), the reasons that led to the tie, and (``turns``) every Schemer
    turn already resolved before it, the pending Schemer's own steps so far last;
    ``position``: the board as the question is asked, where the rules have it."""

    kind: str
    prompt: str
    options: list[Any]
    answered: list[int]
    figure: str | None = None
    reasons: list[str] = field(default_factory=list)
    turns: tuple[SchemerTurn, ...] = ()
    position: Position | None = None

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "figure": self.figure, "prompt": self.prompt,
                "reasons": self.reasons, "options": self.options, "answered": self.answered}


def drive(
    position: Position,
    resolution: Resolution[R],
    answers: Sequence[int],
    ask: Callable[[Decision[Any], list[Any]], int | None],
) -> R | Pending:
    """Run a resolution, answering table Decisions from ``answers`` (1-based), then ``ask``.

    ``ask`` gets the decision and its described options and returns a 1-based choice, or
    None to stop: the result is then a :class:`Pending`.
    """
    queue = list(answers)
    given: list[int] = []
    try:
        decision = next(resolution)
        while True:
            decision = _asked_as_a_tie(decision)
            if len(decision.options) == 1:
                decision = resolution.send(decision.options[0])
                continue
            described = [describe_option(position, decision, o) for o in decision.options]
            choice = queue.pop(0) if queue else ask(decision, described)
            if choice is None:
                from tales.present.ties import tie_reasons

                reasons = tie_reasons(decision.detail)
                turns = decision.progress if isinstance(decision.progress, tuple) else ()
                board = decision.position if decision.position is not None else (
                    decision.battle.position if decision.battle is not None else None)
                return Pending(decision.kind, decision.prompt, described, given,
                               decision.figure, [str(r) for r in reasons], turns, board)
            if not 1 <= choice <= len(decision.options):
                raise IllegalChoice(
                    f"answer {choice} to {decision.kind!r}: choose 1 to {len(decision.options)}")
            given.append(choice)
            decision = resolution.send(decision.options[choice - 1])
    except StopIteration as done:
        result: R = done.value
        return result


def _asked_as_a_tie(decision: Decision[Any]) -> Decision[Any]:
    """A chance Decision with its distinct results as the options (a face printed twice on
    a die is one answer), asked "which face is up?" as ``tales table`` asks it."""
    from tales.rules.decisions import Decider

    if decision.decider is not Decider.CHANCE:
        return decision
    from tales.evolve import evolve
    from tales.present.chance import chance_options, chance_question

    return evolve(decision, options=tuple(chance_options(decision)),
                  prompt=chance_question(decision), probabilities=None)


def turn_json(position: Position, turn: GroupTurn) -> dict[str, Any]:
    """A resolved group turn as JSON, with ``after``: the board the turn left."""
    return {
        "group": turn.group,
        "scheme": turn.scheme,
        "turns": [schemer_turn_json(position, t) for t in turn.turns],
        "after": board_json(position, turn.position),
    }


def board_json(before: Position, after: Position) -> dict[str, Any]:
    """The figures of ``after`` (where each stands, its damage, Wounded, tokens), those of
    ``before`` no longer on the map, and the doors still closed."""
    names = after.board.names
    here = {f.id for f in after.figures}
    figures = []
    for figure in after.figures:
        spaces = after.spaces_of(figure)
        figures.append({
            "id": figure.id, "at": names[figure.at],
            **({"spaces": [names[s] for s in spaces]} if figure.large else {}),
            "damage": figure.damage, "fortitude": figure.fortitude,
            "wounded": figure.wounded,
            "tokens": {t.value: n for t, n in figure.tokens if n}})
    return {"figures": figures,
            "removed": [f.id for f in before.figures if f.id not in here],
            "closed_doors": sorted(names[d] for d in after.closed_doors)}


def schemer_turn_json(position: Position, turn: SchemerTurn) -> dict[str, Any]:
    """One Schemer's turn (or its steps so far) as JSON."""
    dealt = (*turn.dealt, *(None,) * (len(turn.attacks) - len(turn.dealt)))
    return {
        "figure": turn.figure,
        "moves": [move_json(position, m) for m in turn.moves],
        "attacks": [_attack_json(a, d) for a, d in zip(turn.attacks, dealt, strict=True)],
        "specials": [{"name": s.name, "text": s.text} for s in turn.specials],
        "effects": list(turn.effects),
        "notes": list(turn.notes),
    }


def _attack_json(plan: AttackPlan, done: AttackDone | None) -> dict[str, Any]:
    """An Attack: as the Scheme prints it (``damage``), whom it targets, and once dealt
    (``dealt`` not null) its damage after tokens and Epic Dice, the Fortitude each target
    lost, the Defeated and its lines (defences, every Harm and token it gave)."""
    attack = plan.attack
    return {
        "kind": attack.kind.value, "damage": attack.damage, "range": attack.range,
        "targets": list(plan.targets), "harm": attack.harm, "reason": plan.reason,
        "dealt": None if done is None else done.damage,
        "lost": {} if done is None else dict(done.lost),
        "defeated": [] if done is None else list(done.defeated),
        "lines": [] if done is None else list(done.lines),
    }
