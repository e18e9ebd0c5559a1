"""Decisions and their options in the game's words: one line each for a menu or a
button, and the whole card or rule behind an option for a "more" key or a hover."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tales.present.abilities import ability_card, ability_line
from tales.present.moves import decision_move_cost
from tales.present.odds import ability_odds, option_odds
from tales.rules.abilities import ABILITY_INDEX_DECISIONS
from tales.rules.decisions import Decision
from tales.rules.effects import Ability, Kind
from tales.rules.hero_turn import END_TURN, no_use
from tales.rules.reactions import unusable
from tales.table import describe_option

#: Decisions whose options are counts of something, and what (one, several).
COUNTS = {"empower": ("Epic Die", "Epic Dice"), "epic-defence": ("Epic Die", "Epic Dice"),
          "shields": ("Shield Token", "Shield Tokens"),
          "hitback": ("Hitback Token", "Hitback Tokens"),
          "evade": ("Evade Token", "Evade Tokens"),
          "damage-boost": ("Damage Boost Token", "Damage Boost Tokens")}


def count_text(kind: str, option: Any) -> str | None:
    """A count option of a ``kind`` of :data:`COUNTS` in words (``1 Shield Token``, ``0
    Epic Dice``); None for any other option."""
    if kind not in COUNTS or not isinstance(option, int) or isinstance(option, bool):
        return None
    one, several = COUNTS[kind]
    return f"{option} {one if option == 1 else several}"

#: Setup choices of what a Hero equips, and what each option is.
EQUIP_DECISIONS = {"hero-card": "a Hero card", "equip-item": "an Item"}

#: Tile options of a hero's turn, as a player says them.
TILES = {"action": "an Action tile", "shenanigan": "a Shenanigan tile",
         "pooky": "Pooky's tile", END_TURN: "end the turn"}


def option_text(decision: Decision[Any], option: Any) -> str:
    """An option in the table's words, with no more than the Decision knows."""
    if isinstance(option, bool):
        return "yes" if option else "no"
    counted = count_text(decision.kind, option)
    if counted is not None:
        return counted
    if decision.kind == "power-tree-step" and isinstance(decision.detail, Mapping):
        return f"{option}: {decision.detail.get(option, 'nothing')}"  # what the space gives
    if decision.kind.startswith("roll-") and isinstance(decision.detail, Mapping) and (
            option in decision.detail):  # a Scheme Die face and the Scheme it picks
        return f"{option}: {decision.detail[option]}"
    if decision.kind in ABILITY_INDEX_DECISIONS and isinstance(decision.detail, Mapping):
        return str(decision.detail.get(option, option))  # the ability by its name
    board = decision.position
    described = describe_option(board, decision, option) if board is not None else option
    if isinstance(described, (list, tuple)):
        return ", ".join(str(o) for o in described)
    return str(described)


def pooky_scheme(decision: Decision[Any]) -> Ability | None:
    """On a tile choice of Zot's: the Scheme Pooky's die rolled this round."""
    detail = decision.detail
    found = detail.get("pooky") if isinstance(detail, Mapping) else None
    return found if isinstance(found, Ability) else None


def menu_order(decision: Decision[Any]) -> list[int]:
    """The order options are listed in: a yes/no question always yes first."""
    indices = list(range(len(decision.options)))
    if all(isinstance(o, bool) for o in decision.options):
        indices.sort(key=lambda i: not decision.options[i])
    return indices


@dataclass
class Presenter:
    """Turns Decisions into lines, knowing each figure's abilities by name."""

    abilities: Mapping[str, tuple[Ability, ...]] = field(default_factory=dict)

    def ability(self, figure: str | None, name: str) -> Ability | None:
        """``figure``'s ability called ``name`` (or anyone's: a door-opening Scenario
        Ability is every Companion's)."""
        mine = self.abilities.get(figure or "", ())
        everyone = (a for owned in self.abilities.values() for a in owned)
        return next((a for a in (*mine, *everyone) if a.name == name), None)

    def _asked_ability(self, decision: Decision[Any]) -> Ability | None:
        """The ability a Companion's "use X?" question is about."""
        if decision.kind != "companion-action" or decision.figure is None:
            return None
        name = decision.prompt[len(decision.figure) + 2:].rstrip("?")
        return self.ability(decision.figure, name)

    def prompt(self, decision: Decision[Any]) -> str:
        """The question, with who asks it and what a yes does."""
        who = decision.figure or "the table"
        asked = self._asked_ability(decision)
        text = decision.prompt
        if asked is not None:
            text = f"{decision.figure}: use {ability_line(asked).rstrip('.')}?"
        return f"[{who}] {text}"

    def on_card(self, decision: Decision[Any], option: Any) -> tuple[Ability, ...]:
        """At setup, the abilities printed on the Hero card or Item an option names."""
        if decision.kind not in EQUIP_DECISIONS or not isinstance(option, str):
            return ()
        return tuple(a for a in self.abilities.get(decision.figure or "", ())
                     if (a.card or a.name) == option)

    def option(self, decision: Decision[Any], option: Any) -> str:
        """One option as a menu line or a button."""
        printed = self.on_card(decision, option)
        if printed:  # a Hero card or Item: its abilities by name (the whole card on hover)
            names = ", ".join(a.name for a in printed if a.name != option)
            return f"{option}: {names}" if names else ability_line(printed[0])
        if decision.kind == "ability" and isinstance(option, str):
            found = self.ability(decision.figure, option)
            if found is not None:
                return ability_line(found)
        if decision.kind == "tile" and isinstance(option, str):
            return self.tile(decision, option)
        if decision.kind == "move-to" and isinstance(option, int):
            cost = decision_move_cost(decision, option)
            if cost is not None:
                return str(cost)
        return option_text(decision, option)

    def tile(self, decision: Decision[Any], option: str) -> str:
        """A tile option with the abilities it can be used for now."""
        figure = decision.figure
        if option.startswith("ally "):
            figure, label = option[len("ally "):], f"{option[len('ally '):]}'s tile"
            kinds: tuple[Kind, ...] = (Kind.ACTION, Kind.SHENANIGAN)
        elif option in (Kind.ACTION.value, Kind.SHENANIGAN.value):
            label, kinds = TILES[option], (Kind(option),)
        elif option == "pooky" and (scheme := pooky_scheme(decision)) is not None:
            return f"{TILES[option]}: {ability_line(scheme)}"  # this round's roll
        else:
            return TILES.get(option, option)
        names = [a.name for a in self.ready(decision, figure, kinds)]
        return f"{label}: {', '.join(names)}" if names else label

    def held(self, decision: Decision[Any], figure: str | None) -> tuple[Ability, ...]:
        """``figure``'s abilities in this game: in a battle, only those it was equipped
        with (a campaign's Hero takes the cards it unlocked and chose, never one in the
        Vault or left out at setup); the whole kit where the battle keeps none for it."""
        known = self.abilities.get(figure or "", ())
        battle = decision.battle
        kept = battle.abilities.get(figure) if battle is not None and figure else None
        if not kept:
            return known
        equipped = {state.name for state in kept}
        return tuple(a for a in known if a.name in equipped)

    def ready(self, decision: Decision[Any], figure: str | None, kinds: tuple[Kind, ...]
              ) -> list[Ability]:
        """``figure``'s abilities of ``kinds`` it can use now."""
        battle = decision.battle
        found = []
        for ability in self.held(decision, figure):
            if ability.kind not in kinds:
                continue
            if battle is not None and figure is not None and (
                    unusable(battle, figure, ability.name, ability.side)
                    or no_use(battle, figure, ability)):
                continue
            found.append(ability)
        return found

    def not_ready(self, decision: Decision[Any]) -> list[str]:
        """On a tile choice: the Hero's Actions and Shenanigans it cannot use now, and why
        (a Cooldown, no Foe in reach)."""
        battle, figure = decision.battle, decision.figure
        if decision.kind != "tile" or battle is None or figure is None:
            return []
        lines = []
        for ability in self.held(decision, figure):
            if ability.kind not in (Kind.ACTION, Kind.SHENANIGAN):
                continue
            if not ability.on_side(battle.position.figure(figure)):
                continue
            why = (unusable(battle, figure, ability.name, ability.side)
                   or no_use(battle, figure, ability))
            if why:
                lines.append(f"{ability.name}: not now ({why})")
        return lines

    def detail(self, decision: Decision[Any], option: Any) -> list[str]:
        """Everything behind an option: the whole card of an ability, a tile's abilities
        in full, a move's route."""
        if decision.kind == "ability" and isinstance(option, str):
            found = self.ability(decision.figure, option)
            if found is not None:
                return ability_card(found) + ability_odds(decision, found)
        printed = self.on_card(decision, option)
        if printed:
            return [f"{option} ({EQUIP_DECISIONS[decision.kind]})",
                    *(line for a in printed for line in ability_card(a))]
        odds = option_odds(decision, option)
        if odds:
            return [self.option(decision, option), *odds]
        if decision.kind == "tile" and option == "pooky" and (
                scheme := pooky_scheme(decision)) is not None:
            return [f"{TILES['pooky']}: the Scheme Pooky's die rolled this round",
                    *ability_card(scheme)]
        if decision.kind == "tile" and isinstance(option, str):
            figure = decision.figure
            kinds: tuple[Kind, ...] = ((Kind(option),) if option in ("action", "shenanigan")
                                       else (Kind.ACTION, Kind.SHENANIGAN))
            if option.startswith("ally "):
                figure = option[len("ally "):]
            return [line for a in self.ready(decision, figure, kinds)
                    for line in ability_card(a)]
        asked = self._asked_ability(decision)
        if asked is not None:
            return ability_card(asked) + ability_odds(decision, asked)
        return [self.option(decision, option)]
