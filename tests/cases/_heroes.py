"""Shared pieces of the Heroes' tests: the sample kits, abilities written in the kit format,
Battles with abilities equipped, and a readable summary of what an ability did.

Abilities for a rule case are written as kit-file steps (``docs/formats.md``, "Hero
kits") and read with :func:`tales.content.heroes.parse_hero_kit`, so the rows exercise the
documented format too. A Battle is built with :func:`equipped`: each figure gets its
abilities through :func:`tales.rules.effects.equip` (Cooldown and Charge Tokens, Reactions,
Setup Flags) and the reminder-card ``limits``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from tales.board.position import Position
from tales.content.heroes import HeroKit, load_hero_kit, parse_hero_kit
from tales.rules.attacks import AttackResult, Battle
from tales.rules.effects import Ability, equip

from ._combat import Script, battle

HEROES = Path(__file__).resolve().parents[2] / "heroes"


@cache
def sample_kits() -> dict[str, HeroKit]:
    """Every kit in ``heroes/``, by file stem."""
    return {path.stem: load_hero_kit(path) for path in sorted(HEROES.glob("*.toml"))}


def kit_ability(kit_id: str, name: str) -> Ability:
    """The ability ``name`` of a sample kit (mat, card or Item)."""
    for entry in sample_kits()[kit_id].abilities:
        if entry.ability.name == name:
            return entry.ability
    raise KeyError(f"{kit_id} has no ability {name!r}")


KIT_HEAD = """\
[hero]
id = "h"
fortitude = 6
wounded_fortitude = 8

"""


def ability(kind: str, *steps: str, name: str = "it", **keys: str) -> Ability:
    """One ability in the kit format: ``ability("action", "{ move = 2 }", cost="{ cooldown
    = 1 }")``; ``keys`` are further ability keys written as TOML values."""
    lines = [f"name = {json.dumps(name)}", f'kind = "{kind}"']
    lines += [f"{key} = {value}" for key, value in keys.items()]
    if steps:
        lines.append("effects = [" + ", ".join(steps) + "]")
    text = KIT_HEAD + "[[abilities]]\n" + "\n".join(lines) + "\n"
    return parse_hero_kit(text, "<case>").abilities[0].ability


def equipped(
    position: Position,
    abilities: Mapping[str, Sequence[Ability]],
    pool: int = 0,
    limits: Mapping[str, int] | None = None,
) -> Battle:
    """A Battle on ``position`` with each figure's abilities equipped."""
    table = battle(position, pool)
    for figure_id, owned in abilities.items():
        table = equip(table, figure_id, tuple(owned))
    return replace(table, limits=dict(limits or {}))


def kit_battle(position: Position, *kit_ids: str, pool: int = 0) -> Battle:
    """A Battle with the whole sample kit of each Hero named (figure id = kit id) equipped,
    their reminder-card limits included."""
    kits = sample_kits()
    limits: dict[str, int] = {}
    for kit_id in kit_ids:
        limits |= kits[kit_id].limits
    return equipped(position, {k: kits[k].for_game() for k in kit_ids}, pool, limits)


def with_state(table: Battle, hero: str, name: str, cooldown: int | None = None,
               charges: int | None = None) -> Battle:
    """The Battle with ``hero``'s ability ``name`` holding these Cooldown/Charge Tokens."""
    states = tuple(
        replace(s, cooldown=s.cooldown if cooldown is None else cooldown,
                charges=s.charges if charges is None else charges)
        if s.name == name else s
        for s in table.abilities[hero])
    return replace(table, abilities={**table.abilities, hero: states})


def outcome(result: Battle | AttackResult) -> Battle:
    """The Battle after an ability (a Battle) or an Attack (its result's Battle)."""
    return result.battle if isinstance(result, AttackResult) else result


def abilities_of(table: Battle, hero: str) -> list[str]:
    """``"name cooldown/charges"`` for each of the hero's abilities, as equipped."""
    return [f"{s.name} {s.cooldown}/{s.charges}" for s in table.abilities.get(hero, ())]


def summary(table: Battle, script: Script) -> dict[str, Any]:
    """What a row may check, by name: where figures stand, their damage and tokens, who is
    Wounded, the abilities' tokens, what was discarded, the map's tokens, the Epic Pool,
    the Decisions asked and the abilities used in order."""
    position = table.position
    names = position.board.names
    return {
        "where": {f.id: names[f.at] for f in position.figures},
        "state": {f.id: (f.damage, {t.value: n for t, n in f.tokens})
                  for f in position.figures},
        "wounded": sorted(f.id for f in position.figures if f.wounded),
        "abilities": {hero: abilities_of(table, hero) for hero in table.abilities},
        "discarded": sorted(table.discarded),
        "traps": {names[s]: d for s, d in sorted(position.traps.items())},
        "wizard_fire": {names[s]: d for s, d in sorted(position.wizard_fire.items())},
        "closed_doors": sorted(names[s] for s in position.closed_doors),
        "pool": table.pool.dice,
        "asked": script.kinds,
        "used": [line for line in table.log if " uses " in line],
        "figures": sorted(f.id for f in position.figures),
        "fortitude": {f.id: f.fortitude for f in position.figures},
        "log": list(table.log),
    }


def options(script: Script, kind: str, position: Position) -> list[Any]:
    """The options of the first Decision of ``kind``; spaces given by name."""
    asked = script.decision(kind).options
    if kind in ("move-to", "effect-space", "illusion-space", "grab-space", "summon-zot",
                "wizard-fire-remove"):
        return [position.board.names[s] for s in asked]
    return list(asked)
