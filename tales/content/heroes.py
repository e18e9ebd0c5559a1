"""Hero kits as TOML: a Hero's mat (Fresh and Wounded sides), cards, Items and Power Tree.

See ``docs/formats.md``, "Hero kits". Every mistake (an unknown effect, a bad cost, a mat
ability with no side) is a one-line :class:`~tales.errors.ContentError` naming the file,
the line and the ability; nothing is half-loaded. The bundled kits in ``heroes/`` are
original samples, not the printed cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tales.board.burst import load_bursts
from tales.board.figures import (
    POWER_TOKENS,
    Figure,
    Keyword,
    Role,
    Side,
    Token,
    parse_keyword,
    unknown_keyword,
)
from tales.board.mapfile import (
    LineFinder,
    labelled_entries,
    read_text,
    read_toml,
    refuse_unknown_keys,
)
from tales.errors import ContentError, TalesError
from tales.rules.abilities import Source
from tales.rules.attacks import Battle, HeroAttack, parse_harm
from tales.rules.effects import (
    Ability,
    Aim,
    Cost,
    CostKind,
    Effect,
    Kind,
    Verb,
    equip,
    parse_aim,
)
from tales.rules.health import give_tokens
from tales.rules.items import ItemSpec, Slot
from tales.rules.power_tree import PowerTree, check_steps, collect, parse_power_tree
from tales.rules.reactions import Trigger
from tales.rules.schemer_attacks import AttackKind

KIT_KEYS = frozenset({"sample", "hero", "abilities", "power_tree", "pooky", "allies"})
ALLY_KEYS = frozenset({"id", "name", "fortitude", "keywords"})
POOKY_KEYS = frozenset({"name", "faces", "effects"})
HERO_KEYS = frozenset({"id", "name", "fortitude", "wounded_fortitude", "keywords", "limits"})
ABILITY_KEYS = frozenset({"name", "on", "side", "kind", "cost", "charges", "tokens", "ally",
                          "trigger", "card", "slot", "effects"})
MODIFIERS = frozenset({"may", "target", "dice", "fixed", "targets", "range", "template",
                       "harm", "splash", "backstab", "damage", "tokens", "text"})
SIDES = ("fresh", "wounded", "both")
SLOTS = ("support", "major", "masterwork")


@dataclass(frozen=True)
class KitAbility:
    """An ability of a kit with where it is printed: mat side, card, Item slot."""

    ability: Ability
    side: str | None = None  # mat abilities: fresh, wounded or both
    card: str | None = None
    slot: str | None = None
    ally: str | None = None  # Ally abilities: the Ally figure that uses them


@dataclass(frozen=True)
class AllySpec:
    """An Ally a kit can summon: a Heroic figure its Hero controls (glossary: Ally)."""

    id: str
    name: str
    fortitude: int
    keywords: frozenset[Keyword] = frozenset()


# The sources for_game sorts by, read once: in Python 3.11 a member read on its enum goes
# through the enum class's attribute hook (~70 ns a read; for every ability at every Hero's
# turn, issue 19)
_MAT = Source.MAT
_ALLY = Source.ALLY


@dataclass(frozen=True)
class HeroKit:
    """A Hero's kit: stats, abilities, reminder-card limits, Power Tree table."""

    id: str
    name: str
    fortitude: int
    wounded_fortitude: int
    keywords: frozenset[Keyword]
    limits: dict[str, int]
    abilities: tuple[KitAbility, ...]
    power_tree: PowerTree | None
    source: str
    sample: bool = False
    pooky: tuple[tuple[tuple[int, ...], Ability], ...] = ()
    allies: tuple[AllySpec, ...] = ()

    def ally_abilities(self) -> dict[str, tuple[Ability, ...]]:
        """Each Ally's abilities, by the Ally's id (for its tile on the Hero's full turn)."""
        return {a.id: tuple(k.ability for k in self.abilities if k.ally == a.id)
                for a in self.allies}

    def pooky_scheme(self, face: int) -> Ability:
        """Pooky's Scheme for a roll of his die (Appendix A, Pooky: "Schemes")."""
        for faces, scheme in self.pooky:
            if face in faces:
                return scheme
        raise TalesError(f"{self.name} has no Pooky Scheme for die face {face}")

    def mat(self, wounded: bool) -> tuple[Ability, ...]:
        """The mat abilities of the Fresh or Wounded side."""
        side = "wounded" if wounded else "fresh"
        return tuple(k.ability for k in self.abilities
                     if k.ability.source is Source.MAT and k.side in (side, "both"))

    def cards(self) -> tuple[Ability, ...]:
        """Abilities on Hero cards."""
        return tuple(k.ability for k in self.abilities if k.ability.source is Source.CARD)

    def card_titles(self) -> tuple[str, ...]:
        """The titles of the kit's Hero cards, in kit order."""
        return tuple(dict.fromkeys(a.card for a in self.cards() if a.card))

    def items(self) -> tuple[KitAbility, ...]:
        """Abilities on Items, with their slots."""
        return tuple(k for k in self.abilities if k.ability.source is Source.ITEM)

    def item_specs(self) -> tuple[ItemSpec, ...]:
        """The kit's Items as Armory entries (one per Item, by its card or ability name)."""
        specs: dict[str, ItemSpec] = {}
        for entry in self.items():
            name = entry.card or entry.ability.name
            specs.setdefault(name, ItemSpec(name, Slot(str(entry.slot))))
        return tuple(specs.values())

    def for_game(self, wounded: bool | None = None) -> tuple[Ability, ...]:
        """What the Hero itself uses in a game: its mat (both sides; each ability works
        only while its side shows), or one side's only, then cards and Items. Allies'
        abilities are theirs (:meth:`ally_abilities`)."""
        mat = (tuple(k.ability for k in self.abilities if k.ability.source is _MAT)
               if wounded is None else self.mat(wounded))
        return mat + tuple(k.ability for k in self.abilities
                           if k.ability.source not in (_MAT, _ALLY))


def load_hero_kit(path: str | Path) -> HeroKit:
    """Read a hero kit file."""
    return parse_hero_kit(read_text(path), str(path))


def parse_hero_kit(text: str, source: str = "<hero>") -> HeroKit:
    """Build a :class:`HeroKit` from a kit file's text."""
    data = read_toml(text, source)
    lines = LineFinder(text)
    refuse_unknown_keys(data, KIT_KEYS, source, lines, "a hero kit")
    hero = data.get("hero")
    if not isinstance(hero, dict):
        raise ContentError(source, "no [hero] table")
    where = lines.of_table("hero")

    def fail(message: str, line: int | None = None) -> ContentError:
        return ContentError(source, message, line or where)

    for key in hero:
        if key not in HERO_KEYS:
            raise fail(f"[hero]: unknown key {key!r} (a hero has: "
                       f"{', '.join(sorted(HERO_KEYS))})")
    hero_id = hero.get("id")
    if not isinstance(hero_id, str) or not hero_id:
        raise fail("[hero]: needs an 'id'")
    fortitude = _whole(hero, "fortitude", 1, lambda m: fail(f"[hero]: {m}"))
    wounded_fortitude = _whole(hero, "wounded_fortitude", 1, lambda m: fail(f"[hero]: {m}"))
    keywords = frozenset(read_keywords(hero.get("keywords", []),
                                       lambda m: fail(f"[hero]: {m}")))
    limits = hero.get("limits", {})
    if not isinstance(limits, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in limits.values()):
        raise fail("[hero]: 'limits' must be a table of whole numbers")
    specs = data.get("abilities", [])  # none: a kit for the table (its own turns on cards)
    if not isinstance(specs, list):
        raise fail("'abilities' must be [[abilities]] tables")
    headers = lines.entries("abilities")
    allies = _allies(data.get("allies", []), lines, source)
    abilities = tuple(read_ability(spec, n, headers[n] if n < len(headers) else None, source,
                               allies) for n, spec in enumerate(specs))
    names = [k.ability.name for k in abilities]
    for n, name in enumerate(names):
        if name in names[:n]:
            line = headers[n] if n < len(headers) else None
            raise ContentError(source, f"ability {name!r}: two abilities are named {name!r}",
                               line or where)
    tree = None
    if "power_tree" in data:
        tree = parse_power_tree(data["power_tree"], source, lines)
    pooky = read_pooky(data.get("pooky", []), lines, source)
    known = {a.id for a in allies}
    for entry in abilities:
        if entry.ally is not None and entry.ally not in known:
            raise fail(f"ability {entry.ability.name!r} names Ally {entry.ally!r}, which "
                       "has no [[allies]] table")
    return HeroKit(hero_id, str(hero.get("name", hero_id)), fortitude, wounded_fortitude,
                   keywords, dict(limits), abilities, tree, source,
                   bool(data.get("sample", False)), pooky, allies)


def _allies(specs: Any, lines: LineFinder, source: str) -> tuple[AllySpec, ...]:
    """``[[allies]]`` tables: id, name, fortitude, keywords."""
    if not isinstance(specs, list):
        raise ContentError(source, "'allies' must be [[allies]] tables", lines.of_key("allies"))
    headers = lines.entries("allies")
    allies = []
    for n, spec in enumerate(specs):
        line = headers[n] if n < len(headers) else None

        def fail(message: str, n: int = n, line: int | None = line) -> ContentError:
            return ContentError(source, f"Ally {n + 1}: {message}", line)

        if not isinstance(spec, dict) or not isinstance(spec.get("id"), str):
            raise fail("needs an 'id'")
        for key in spec:
            if key not in ALLY_KEYS:
                raise fail(f"unknown key {key!r} (an Ally has: {', '.join(sorted(ALLY_KEYS))})")
        allies.append(AllySpec(spec["id"], str(spec.get("name", spec["id"])),
                               _whole(spec, "fortitude", 1, fail),
                               frozenset(read_keywords(spec.get("keywords", []), fail))))
    return tuple(allies)


def read_pooky(specs: Any, lines: LineFinder, source: str
           ) -> tuple[tuple[tuple[int, ...], Ability], ...]:
    """Pooky's Schemes: ``[[pooky]]`` tables with a name, die faces and effect steps."""
    if not isinstance(specs, list):
        raise ContentError(source, "'pooky' must be [[pooky]] tables", lines.of_key("pooky"))
    schemes = []
    seen: set[int] = set()
    for _, spec, label, line in labelled_entries(specs, lines, "pooky", "Pooky Scheme"):
        name = spec.get("name") if isinstance(spec, dict) else None

        def fail(message: str, label: str = label, line: int | None = line) -> ContentError:
            return ContentError(source, f"{label}: {message}", line)

        if not isinstance(spec, dict) or not isinstance(name, str):
            raise fail("needs a 'name'")
        for key in spec:
            if key not in POOKY_KEYS:
                raise fail(f"unknown key {key!r} (a Pooky Scheme has: "
                           f"{', '.join(sorted(POOKY_KEYS))})")
        faces = spec.get("faces")
        if not isinstance(faces, list) or not faces or not all(
                isinstance(f, int) and not isinstance(f, bool) and f > 0 for f in faces):
            raise fail("'faces' must be a list of Pooky die faces such as [1, 2]")
        for face in faces:
            if face in seen:
                raise fail(f"die face {face} is on two Pooky Schemes")
            seen.add(face)
        steps = spec.get("effects")
        if not isinstance(steps, list) or not steps:
            raise fail("needs 'effects'")
        effects = tuple(_effect(e, k, fail) for k, e in enumerate(steps, 1))
        schemes.append((tuple(faces), Ability(name, Kind.ACTION, effects)))
    return tuple(schemes)


def _whole(table: dict[str, Any], key: str, least: int, fail: Any) -> int:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise fail(f"'{key}' must be a whole number, {least} or more")
    return value


def read_keywords(words: Any, fail: Any) -> set[Keyword]:
    """A content file's ``keywords`` list (a Hero's, a Companion's): each a keyword a
    figure can have; ``fail`` makes the one-line error."""
    if not isinstance(words, list):
        raise fail("'keywords' must be a list")
    found: set[Keyword] = set()
    for word in words:
        parsed = parse_keyword(word) if isinstance(word, str) else None
        if not isinstance(parsed, Keyword):
            raise fail(unknown_keyword(word))
        found.add(parsed)
    return found


def read_ability(spec: Any, n: int, line: int | None, source: str,
             allies: tuple[AllySpec, ...] = ()) -> KitAbility:
    name = spec.get("name") if isinstance(spec, dict) else None
    label = f"ability {name!r}" if isinstance(name, str) else f"ability {n + 1}"

    def fail(message: str) -> ContentError:
        return ContentError(source, f"{label}: {message}", line)

    if not isinstance(spec, dict):
        raise fail("must be a table")
    if not isinstance(name, str) or not name:
        raise fail("needs a 'name'")
    for key in spec:
        if key not in ABILITY_KEYS:
            raise fail(f"unknown key {key!r} (an ability has: {', '.join(sorted(ABILITY_KEYS))})")
    try:
        on = Source(spec.get("on", "card"))
        kind = Kind(str(spec.get("kind")))
    except ValueError:
        raise fail(f"'on' is one of {', '.join(s.value for s in Source)} and 'kind' one of "
                   f"{', '.join(k.value for k in Kind)}") from None
    side = spec.get("side")
    if on is Source.MAT and side not in SIDES:
        raise fail("a mat ability needs side = \"fresh\", \"wounded\" or \"both\"")
    if on is not Source.MAT and side is not None:
        raise fail("only mat abilities have a 'side'")
    slot = spec.get("slot")
    if on is Source.ITEM and slot not in SLOTS:
        raise fail(f"an Item needs slot = one of {', '.join(SLOTS)}")
    cost = _cost(spec.get("cost"), fail)
    charges = spec.get("charges")
    if charges is not None and (isinstance(charges, bool) or not isinstance(charges, int)
                                or charges < 1):
        raise fail("'charges' (the Setup Flag's Charge Tokens) must be 1 or more")
    if cost.kind is CostKind.CHARGE and charges is None:
        raise fail("a Charge Ability needs 'charges', its Setup Flag")
    trigger = None
    if kind is Kind.REACTION:
        try:
            trigger = Trigger(str(spec.get("trigger")))
        except ValueError:
            raise fail(f"a Reaction needs trigger = one of "
                       f"{', '.join(t.value for t in Trigger)}") from None
    elif "trigger" in spec:
        raise fail("only a Reaction has a 'trigger'")
    tokens = read_tokens(spec.get("tokens", {}), fail)
    effects_spec = spec.get("effects", [])
    if not isinstance(effects_spec, list) or (not effects_spec and kind is not Kind.SETUP):
        raise fail("needs 'effects', a list of effect steps")
    effects = tuple(_effect(e, k, fail, allies) for k, e in enumerate(effects_spec, 1))
    if kind is not Kind.REACTION and any(e.verb is Verb.COUNTER_ATTACK for e in effects):
        raise fail("counter_attack is a Reaction's effect (glossary, Counter Attack: "
                   "\"Reaction allowing an Attack against a triggering figure\")")
    card = spec.get("card")
    ability = Ability(name, kind, effects, cost, trigger, on, charges, tokens,
                      side if side in ("fresh", "wounded") else None,
                      card if isinstance(card, str) else None)
    ally = spec.get("ally")
    if (on is Source.ALLY) != isinstance(ally, str):
        raise fail("an Ally's ability names its Ally (ally = \"ID\"), and only those do")
    return KitAbility(ability, side, card if isinstance(card, str) else None, slot,
                      ally if isinstance(ally, str) else None)


def _cost(spec: Any, fail: Any) -> Cost:
    if spec is None:
        return Cost()
    if not isinstance(spec, dict) or len(spec) != 1:
        raise fail("'cost' is one of { cooldown = N }, { charge = true }, { discard = true }")
    (key, value), = spec.items()
    if key == "cooldown" and isinstance(value, int) and not isinstance(value, bool) \
            and value >= 1:
        return Cost(CostKind.COOLDOWN, value)
    if key in ("charge", "discard") and value is True:
        return Cost(CostKind(key))
    raise fail(f"bad cost {spec!r}: use {{ cooldown = N }}, {{ charge = true }} or "
               "{ discard = true }")


def read_tokens(spec: Any, fail: Any) -> tuple[tuple[Token, int], ...]:
    """A ``{ shield = 1 }`` table of tokens; ``fail(message)`` makes the error."""
    if not isinstance(spec, dict):
        raise fail("'tokens' must be a table such as { shield = 1 }")
    found = []
    for name, count in spec.items():
        try:
            token = Token(name)
        except ValueError:
            raise fail(f"unknown token {name!r}") from None
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise fail(f"tokens.{name} must be 1 or more")
        found.append((token, count))
    return tuple(found)


def _effect(spec: Any, n: int, fail: Any, allies: tuple[AllySpec, ...] = ()) -> Effect:
    where = f"effect {n}"
    if not isinstance(spec, dict):
        raise fail(f"{where}: must be a table such as {{ move = 2 }}")
    verbs = [k for k in spec if k not in MODIFIERS]
    if len(verbs) != 1:
        raise fail(f"{where}: give exactly one effect ({', '.join(v.value for v in Verb)})")
    try:
        verb = Verb(verbs[0])
    except ValueError:
        raise fail(f"{where}: unknown effect {verbs[0]!r} (effects: "
                   f"{', '.join(v.value for v in Verb)})") from None
    value = spec[verb.value]
    may = spec.get("may", False)
    if not isinstance(may, bool):
        raise fail(f"{where}: 'may' must be true or false")
    try:
        aim = parse_aim(spec["target"]) if "target" in spec else Aim()
    except TalesError as bad:
        raise fail(f"{where}: {bad}") from None
    tokens = read_tokens(spec.get("tokens", {}), fail)
    if verb in (Verb.GAIN, Verb.GIVE) and not tokens:
        raise fail(f"{where}: {verb.value} needs tokens = {{ shield = 1 }}")
    if any(t not in POWER_TOKENS for t, _ in tokens) and verb is Verb.GIVE:
        raise fail(f"{where}: give only Power Tokens")
    attack = None
    amount = 0
    summon = None
    if verb is Verb.SUMMON_ALLY:
        ally = next((a for a in allies if a.id == value), None)
        if ally is None:
            raise fail(f"{where}: summon_ally names an Ally of this kit's [[allies]] "
                       f"(not {value!r})")
        summon = Figure(ally.id, Side.HERO, -1, fortitude=ally.fortitude,
                        keywords=ally.keywords, role=Role.ALLY)
    elif verb is Verb.ATTACK:
        attack = _attack(spec, value, where, fail)
    elif verb is Verb.COUNTER_ATTACK:
        # "Ignores Range; targets the triggering figure directly": one target, no range
        for key in ("range", "targets", "template", "backstab"):
            if key in spec:
                raise fail(f"{where}: a Counter Attack targets the triggering figure: no "
                           f"'{key}'")
        if value not in ("melee", "ranged"):
            raise fail(f"{where}: counter_attack is \"melee\" or \"ranged\"")
        attack = replace(_attack({**spec, "range": 1}, value, where, fail), range=None)
    elif isinstance(value, bool) or not isinstance(value, int):
        if value is not True:
            raise fail(f"{where}: {verb.value} takes a whole number (or true)")
    else:
        amount = value
    backstab = spec.get("backstab", 0)
    damage = spec.get("damage", 0)
    for key, number in (("backstab", backstab), ("damage", damage)):
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise fail(f"{where}: '{key}' must be a whole number")
    return Effect(verb, amount, may, aim, attack, backstab, tokens, damage,
                  str(spec.get("text", "")), summon)


def _attack(spec: dict[str, Any], kind: Any, where: str, fail: Any) -> HeroAttack:
    try:
        attack_kind = AttackKind(kind)
    except ValueError:
        raise fail(f"{where}: attack is \"melee\", \"ranged\" or \"burst\"") from None
    numbers = {}
    for key, default in (("dice", 0), ("fixed", 0), ("targets", 1), ("splash", 0)):
        value = spec.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise fail(f"{where}: '{key}' must be a whole number")
        if key == "targets" and value < 1:  # an Attack of no targets is never made
            raise fail(f"{where}: 'targets' is 1 or more")
        numbers[key] = value
    reach = spec.get("range")
    if attack_kind is AttackKind.RANGED and (not isinstance(reach, int) or reach < 1):
        raise fail(f"{where}: a Ranged Attack needs 'range'")
    template = None
    if attack_kind is AttackKind.BURST:
        name = spec.get("template")
        templates = load_bursts()
        if not isinstance(name, str) or name not in templates:
            raise fail(f"{where}: a Burst Attack needs template = one of "
                       f"{', '.join(templates)}")
        template = templates[name]
    harm = spec.get("harm")
    if harm is not None and not isinstance(harm, str):
        raise fail(f"{where}: 'harm' must be text")
    return HeroAttack(attack_kind, numbers["dice"], numbers["fixed"], numbers["targets"],
                      reach if isinstance(reach, int) else None, template, parse_harm(harm),
                      numbers["splash"])


def prepare_hero(
    battle: Battle,
    kit: HeroKit,
    tree_steps: Sequence[str] = (),
    items: Sequence[str] | None = None,
    extra: Sequence[Ability] = (),
    cards: Sequence[str] | None = None,
) -> Battle:
    """Set a Hero up for a scenario: its mat, the chosen Hero cards and Items (all of the
    kit's when ``cards`` or ``items`` is None) with their Setup Flags, the ``extra``
    abilities every Hero has in this scenario (Scenario Ability), and the Power Tokens of
    the Power Tree spaces it stepped on (glossary: Power Tree, "Collecting Power
    Tokens")."""
    figure_id = kit.id
    battle.position.figure(figure_id)  # the Hero must be on the map
    chosen_items = None if items is None else set(items)
    chosen_cards = None if cards is None else set(cards)
    abilities = [a for a in kit.for_game()
                 if (a.source is not Source.ITEM or chosen_items is None
                     or any(k.ability is a and (k.card or a.name) in chosen_items
                            for k in kit.items()))
                 and (a.source is not Source.CARD or chosen_cards is None
                      or a.card in chosen_cards)]
    battle = equip(battle, figure_id, (*abilities, *extra))
    for ally, owned in kit.ally_abilities().items():
        # an Ally's abilities pay their costs like the Hero's (Cooldown and Charge Tokens
        # kept under the Ally's id) and its Reactions answer their Triggers once it is on
        # the map; "Ally cards" take no Fatigue (Fatigue X) since they are not the Hero's
        battle = equip(battle, ally, owned, supply=figure_id)
    if tree_steps:
        if kit.power_tree is None:
            raise TalesError(f"{kit.name} has no Power Tree")
        check_steps(kit.power_tree, tree_steps)
        position = battle.position
        for token, count in collect(kit.power_tree, tree_steps).items():
            position, _ = give_tokens(position, figure_id, token, count)
        battle = battle.at(position)
    return replace(battle, limits={**battle.limits, **kit.limits})


def hero_figures(kit: HeroKit, at: int) -> tuple[Figure, ...]:
    """The Hero of ``kit`` standing on ``at`` (its mat's Fortitude on both sides, its
    keywords), and Pooky with Zot ("Pooky starts on the same space as Zot", Appendix A)."""
    hero = Figure(kit.id, Side.HERO, at, fortitude=kit.fortitude,
                  wounded_fortitude=kit.wounded_fortitude, keywords=kit.keywords,
                  role=Role.HERO)
    if not kit.pooky:
        return (hero,)
    return hero, Figure("pooky", Side.HERO, at,
                        keywords=frozenset({Keyword.TINY, Keyword.AVOIDED}),
                        role=Role.POOKY, owner=kit.id)
