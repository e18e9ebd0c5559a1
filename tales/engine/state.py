"""What a scenario in play is: the setup it started from, the state between turns, and the
readings of ambiguous rules that a game can switch (docs/rules-decisions.md, Game loop)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from tales.board.figures import Figure, Role
from tales.board.position import Position
from tales.evolve import evolve
from tales.rules.decisions import SameOutcome
from tales.rules.health import LeastFortitude
from tales.rules.large import LargeDifficult, LargeForced, LargeRules, LargeTurns
from tales.rules.movement import MoveRules
from tales.rules.reactions import ResetReading
from tales.rules.schemer_movement import Approach, DangerousPaths, NearestTies, SchemerRules

if TYPE_CHECKING:  # a type only: the flags (GameRules) load without the Attacks
    from tales.rules.attacks import Battle


class EndCheck(StrEnum):
    """When Win and defeat conditions are checked (flag ``end_check``)."""

    OBJECTIVE_PHASE = "objective-phase"  # the glossary: "checking Win Conditions"
    EVERY_TURN = "every-turn"  # after every turn as well


class TrackerReading(StrEnum):
    """What a tracker card's number means (flag ``tracker``)."""

    SPACE = "space"  # the numbered deployment space; the next standee goes there
    STANDEE = "standee"  # the standee number and the numbered space both


class CooldownReading(StrEnum):
    """How many Cooldown Tokens the Ready Phase removes (flag ``cooldowns``)."""

    # Invigorate 1 in the Ready Phase: one token from each ability, so Cooldown 2 waits a
    # round longer than Cooldown 1 (Ready Phase: "Invigorate abilities"; Invigorate X)
    ONE = "one"
    ALL = "all"  # Cooldown Token: "Removed at the beginning of each round": every one


@dataclass(frozen=True)
class GameRules:
    """Readings of the rules where the seed leaves a choice (docs/rules-decisions.md): the
    game loop's, and those of Schemer movement and targeting."""

    end_check: EndCheck = EndCheck.OBJECTIVE_PHASE
    tracker: TrackerReading = TrackerReading.SPACE
    cooldowns: CooldownReading = CooldownReading.ONE
    reset_tokens: ResetReading = ResetReading.TURN
    dangerous_paths: DangerousPaths = DangerousPaths.AVOID
    nearest_ties: NearestTies = NearestTies.CHOOSE
    least_fortitude: LeastFortitude = LeastFortitude.SIDE_SHOWING
    approach: Approach = Approach.PATH
    large_turns: LargeTurns = LargeTurns.FIXED
    large_difficult: LargeDifficult = LargeDifficult.ONCE
    large_forced: LargeForced = LargeForced.WHOLE
    same_outcome: SameOutcome = SameOutcome.SKIP

    def to_dict(self) -> dict[str, str]:
        """The flags as plain values (for saves and reports)."""
        return {name: getattr(self, name).value for name in FLAGS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameRules:
        """Flags from plain values (a missing one takes its default); an unknown flag or
        value is a ValueError."""
        if not isinstance(data, Mapping):
            raise ValueError("rule flags are a table of FLAG = VALUE")
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in FLAGS:
                raise ValueError(f"unknown rule flag {key!r} (flags: {', '.join(FLAGS)})")
            allowed = [v.value for v in FLAGS[key]]
            if value not in allowed:
                raise ValueError(f"{key} is one of {', '.join(allowed)}, not {value!r}")
            values[key] = FLAGS[key](value)
        return cls(**values)

    def schemer_rules(self) -> SchemerRules:
        """The Schemer movement readings among these flags."""
        return SchemerRules(move=MoveRules(large=self.large_rules()),
                            approach=self.approach, dangerous_paths=self.dangerous_paths,
                            nearest_ties=self.nearest_ties,
                            least_fortitude=self.least_fortitude,
                            same_outcome=self.same_outcome)

    def large_rules(self) -> LargeRules:
        """The readings for figures that take more than one space among these flags."""
        return LargeRules(self.large_turns, self.large_difficult, self.large_forced)


#: Every rule flag and the values it takes (``--rule FLAG=VALUE``).
FLAGS: dict[str, type[StrEnum]] = {
    "end_check": EndCheck, "tracker": TrackerReading, "cooldowns": CooldownReading,
    "reset_tokens": ResetReading,
    "dangerous_paths": DangerousPaths, "nearest_ties": NearestTies,
    "least_fortitude": LeastFortitude, "approach": Approach,
    "large_turns": LargeTurns, "large_difficult": LargeDifficult, "large_forced": LargeForced,
    "same_outcome": SameOutcome,
}


#: The reading each flag had when it was added, where the default has changed since: a
#: save written before the flag existed played that reading, so it replays with it (a flag
#: added later, whose default never changed, takes its default).
FIRST_READINGS: dict[str, str] = {"approach": Approach.LINE_OF_FIRE.value,
                                  "cooldowns": CooldownReading.ALL.value,
                                  "same_outcome": SameOutcome.ASK.value}


def earlier_defaults() -> GameRules:
    """The defaults before any of them changed (:data:`FIRST_READINGS`): a campaign's
    scenario begun then goes on with them."""
    return GameRules.from_dict(FIRST_READINGS)


@dataclass(frozen=True)
class Loadout:
    """What a campaign lets each Hero take into a scenario: the Hero cards and Items it has
    unlocked, how many cards it equips and the Item allowance (glossary: Vault, Armory,
    Archive; Appendix B, Solo Mode 1-2). Without one a Hero takes its whole kit."""

    cards: Mapping[str, tuple[str, ...]]
    items: Mapping[str, tuple[str, ...]]
    hero_cards: int | None = None  # None: every available card
    allowance: tuple[int, int, int] = (1, 1, 0)  # Support, Major, Masterwork Items

    def to_dict(self) -> dict[str, Any]:
        """Plain values for a save file."""
        return {"cards": {h: list(c) for h, c in self.cards.items()},
                "items": {h: list(i) for h, i in self.items.items()},
                "hero_cards": self.hero_cards, "allowance": list(self.allowance)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Loadout:
        """A loadout from :meth:`to_dict`'s values (ValueError if malformed)."""
        if not isinstance(data, Mapping):
            raise ValueError("a loadout is a table")

        def names(table: Any) -> dict[str, tuple[str, ...]]:
            if not isinstance(table, Mapping) or not all(
                    isinstance(k, str) and isinstance(v, list)
                    and all(isinstance(n, str) for n in v) for k, v in table.items()):
                raise ValueError("loadout cards and items map Heroes to names")
            return {k: tuple(v) for k, v in table.items()}

        count = data.get("hero_cards")
        allowance = data.get("allowance", [1, 1, 0])
        if count is not None and (isinstance(count, bool) or not isinstance(count, int)
                                  or count < 0):
            raise ValueError("hero_cards is a whole number")
        if not isinstance(allowance, list) or len(allowance) != 3 or not all(
                isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in allowance):
            raise ValueError("allowance is [support, major, masterwork]")
        return cls(names(data.get("cards", {})), names(data.get("items", {})), count,
                   (allowance[0], allowance[1], allowance[2]))


@dataclass(frozen=True)
class Setup:
    """Everything a game starts from besides the answers: a save is this plus the log."""

    scenario: str
    heroes: tuple[str, ...]
    legend: bool = False
    dice: str | None = None
    power_tree_steps: int | None = None  # None: the scenario's number
    rules: GameRules = GameRules()
    companion: str | None = None  # Solo Mode: the Companion card (Appendix B)
    loadout: Loadout | None = None  # a campaign's unlocks; None: whole kits

    def to_dict(self) -> dict[str, Any]:
        """Plain values for a save file."""
        return {"scenario": self.scenario, "heroes": list(self.heroes), "legend": self.legend,
                "dice": self.dice, "power_tree_steps": self.power_tree_steps,
                "rules": self.rules.to_dict(), "companion": self.companion,
                "loadout": None if self.loadout is None else self.loadout.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Setup:
        """A setup from :meth:`to_dict`'s values (a ValueError or TypeError if malformed)."""
        if not isinstance(data, Mapping):
            raise ValueError("a setup is a table")
        heroes = data["heroes"]
        if not isinstance(data["scenario"], str) or not isinstance(heroes, list) or not all(
                isinstance(h, str) for h in heroes):
            raise ValueError("a setup names a scenario file and hero names")
        steps = data.get("power_tree_steps")
        if steps is not None and (isinstance(steps, bool) or not isinstance(steps, int)):
            raise ValueError("power_tree_steps is a whole number")
        dice = data.get("dice")
        if dice is not None and not isinstance(dice, str):
            raise ValueError("dice is a file name")
        companion = data.get("companion")
        if companion is not None and not isinstance(companion, str):
            raise ValueError("companion is a Companion card's name")
        loadout = data.get("loadout")
        return cls(data["scenario"], tuple(heroes), bool(data.get("legend", False)), dice,
                   steps, GameRules.from_dict(data.get("rules", {})), companion,
                   None if loadout is None else Loadout.from_dict(loadout))


class Result(StrEnum):
    """How a scenario ended."""

    VICTORY = "victory"
    DEFEAT = "defeat"


@dataclass(frozen=True)
class Fallen:
    """A Hero Defeated: where, in which round, on whose turn."""

    hero: str
    space: str
    round: int
    turn: str


# The role hero_figures looks for, read once: in Python 3.11 a member read on its enum goes
# through the enum class's attribute hook (~70 ns a read; asked after every turn, issue 19)
_HERO = Role.HERO


@dataclass(frozen=True)
class GameState:
    """The state of a scenario between two steps of play."""

    battle: Battle
    heroes: tuple[str, ...]
    round: int = 0
    rounds_ended: int = 0  # rounds whose Objective Phase has begun
    part: int = 0
    schemes: Mapping[str, str] = field(default_factory=dict)  # group -> Scheme this round
    alternating: Mapping[str, int] = field(default_factory=dict)  # group -> Scheme index
    pooky: Mapping[str, int] = field(default_factory=dict)  # Zot's or a Companion's id ->
    # the face its die rolled for its next turn
    turns: Mapping[str, int] = field(default_factory=dict)  # turns taken this round, by id
    bag: tuple[str, ...] = ()  # initiative tokens not yet drawn this round
    drawn: tuple[str, ...] = ()  # initiative tokens drawn this round, in order
    fired: frozenset[str] = frozenset()
    deployed: frozenset[str] = frozenset()  # groups that have had a figure on the map
    completed: frozenset[int] = frozenset()  # objectives completed (latched)
    met_in: Mapping[int, int] = field(default_factory=dict)  # objective -> round met
    schemers_defeated: int = 0
    fallen: tuple[Fallen, ...] = ()
    dealt: Mapping[str, int] = field(default_factory=dict)  # group -> Fortitude it took
    taken: Mapping[str, int] = field(default_factory=dict)  # group -> Fortitude it lost
    hero_damage: Mapping[str, int] = field(default_factory=dict)  # Hero -> Fortitude lost
    # source (a group, Traps, the Doom Die, ...) -> Fortitude the Heroes lost to it
    # (tales.engine.sources)
    sources: Mapping[str, int] = field(default_factory=dict)
    heroes_wounded: frozenset[str] = frozenset()  # Heroes flipped to their Wounded side
    # the last round a Hero's (or Companion's) turn did anything (:func:`~tales.engine.
    # rounds.acted`), and the first round at whose end the Heroes had done nothing for two
    # rounds with an objective still to do (0: none): a stuck game, the bot's doing
    heroes_acted: int = 0
    stuck: int = 0
    story: tuple[str, ...] = ()
    result: Result | None = None
    reason: str = ""

    @property
    def position(self) -> Position:
        """The board and figures now."""
        return self.battle.position

    def copy(self, **changes: Any) -> GameState:
        """This state with ``changes``: a cheap copy (its log is shared and append-only,
        :mod:`tales.journal`), for a bot that plans ahead. A state never changes, so the
        state itself is its own snapshot; replay and undo go through the Game driver."""
        return evolve(self, **changes)

    def at(self, battle: Battle) -> GameState:
        """This state with ``battle``."""
        if battle is self.battle:  # itself (an immutable value), no copy
            return self
        return evolve(self, battle=battle)

    def note(self, *lines: str) -> GameState:
        """This state with ``lines`` added to the log."""
        return evolve(self, battle=self.battle.note(*lines))

    def tell(self, text: str) -> GameState:
        """Story text shown to the players (and logged)."""
        if not text:
            return self
        return evolve(self, story=(*self.story, text), battle=self.battle.note(f"Story: {text}"))

    def hero_figures(self) -> list[Figure]:
        """The Heroes on the map."""
        return [f for f in self.position.figures if f.kind is _HERO]

    def heroes_for_rules(self) -> list[Figure]:
        """The Heroes and a Solo Mode Companion: "Rules and scenarios referring to a Hero
        include both your Hero and your Companion" (Appendix B)."""
        return [f for f in self.position.figures if f.kind in (Role.HERO, Role.COMPANION)]
