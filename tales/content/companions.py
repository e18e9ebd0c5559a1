"""Companion cards as TOML (Appendix B, Solo Mode): Otto's variants and Pooky.

See ``docs/formats.md``, "Companion cards". A card gives the Companion's Fortitude and
keywords, its Recovery side (the keywords it gains there, the tokens that bring it back),
and its Companion actions in the hero-kit ability format; Pooky's card gives the Schemes
of his die instead. "All actions are optional and do not require Charge Tokens, Cooldown
Tokens, or other costs", so an action with a cost is refused. The bundled cards
(``companions/*.toml``) are original samples, not the printed cards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tales.board.figures import Keyword, Token
from tales.board.mapfile import LineFinder, read_text, read_toml, refuse_unknown_keys
from tales.content.heroes import read_ability, read_keywords, read_pooky
from tales.errors import ContentError
from tales.rules.companions import CompanionCard, Recovery
from tales.rules.effects import CostKind, Kind

CARD_KEYS = frozenset({"sample", "companion", "actions", "pooky"})
COMPANION_KEYS = frozenset({"id", "name", "variant", "fortitude", "keywords", "recovery",
                            "scenario_abilities"})
RECOVERY_KEYS = frozenset({"name", "keywords", "token", "tokens", "return_to_hero"})


def load_companion(path: str | Path) -> CompanionCard:
    """Read a Companion card file."""
    return parse_companion(read_text(path), str(path))


def parse_companion(text: str, source: str = "<companion>") -> CompanionCard:
    """Build a :class:`CompanionCard` from a card file's text."""
    data = read_toml(text, source)
    lines = LineFinder(text)
    refuse_unknown_keys(data, CARD_KEYS, source, lines, "a Companion card")
    spec = data.get("companion")
    where = lines.of_table("companion")
    if not isinstance(spec, dict):
        raise ContentError(source, "no [companion] table")

    def fail(message: str, line: int | None = None) -> ContentError:
        return ContentError(source, f"[companion]: {message}", line or where)

    for key in spec:
        if key not in COMPANION_KEYS:
            raise fail(f"unknown key {key!r} (keys: {', '.join(sorted(COMPANION_KEYS))})")
    cid = spec.get("id")
    if not isinstance(cid, str) or not cid:
        raise fail("needs an 'id'")
    fortitude = spec.get("fortitude")
    if isinstance(fortitude, bool) or not isinstance(fortitude, int) or fortitude < 1:
        raise fail("'fortitude' must be a whole number, 1 or more")
    keywords = read_keywords(spec.get("keywords", []), fail)
    recovery = _recovery(spec.get("recovery"), fail)
    actions_spec = data.get("actions", [])
    if not isinstance(actions_spec, list):
        raise ContentError(source, "'actions' must be [[actions]] tables",
                           lines.of_key("actions"))
    headers = lines.entries("actions")
    actions = []
    for n, entry in enumerate(actions_spec):
        line = headers[n] if n < len(headers) else None
        ability = read_ability(entry, n, line, source).ability
        if ability.cost.kind is not CostKind.FREE:
            raise ContentError(source, f"action {ability.name!r}: Companion actions have no "
                               "cost (Appendix B: they \"do not require Charge Tokens, "
                               "Cooldown Tokens, or other costs\")", line)
        if ability.kind not in (Kind.ACTION, Kind.SHENANIGAN, Kind.REACTION):
            raise ContentError(source, f"action {ability.name!r}: kind is action, "
                               "shenanigan or reaction", line)
        actions.append(ability)
    pooky = read_pooky(data.get("pooky", []), lines, source)
    if not actions and not pooky:
        raise ContentError(source, "a Companion card needs [[actions]] (or, for Pooky, "
                           "[[pooky]] Schemes)")
    if actions and pooky and any(a.kind is not Kind.REACTION for a in actions):
        raise ContentError(source, "a Companion acts by [[actions]] or by a die's [[pooky]] "
                           "Schemes, not both")
    return CompanionCard(cid, str(spec.get("name", cid)), fortitude, frozenset(keywords),
                         recovery, tuple(actions), pooky,
                         spec.get("scenario_abilities", False) is True,
                         str(spec.get("variant", "")), source,
                         bool(data.get("sample", False)))


def _recovery(spec: Any, fail: Any) -> Recovery:
    if not isinstance(spec, dict):
        raise fail("needs recovery = { name = \"Recovery Mode\", keywords = [\"Avoided\"], "
                   "token = \"repair\", tokens = 2 }")
    for key in spec:
        if key not in RECOVERY_KEYS:
            raise fail(f"recovery: unknown key {key!r} (keys: {', '.join(sorted(RECOVERY_KEYS))})")
    keywords = read_keywords(spec.get("keywords", ["Avoided"]), fail)
    if Keyword.AVOIDED not in keywords:
        raise fail("recovery: the Recovery side is Avoided (Appendix B: \"have 'Avoided', "
                   "making Schemers ignore them\")")
    token = spec.get("token", "repair")
    if token not in (Token.REPAIR.value, Token.POOKY.value):
        raise fail("recovery: token is \"repair\" (Otto) or \"pooky\" (Pooky)")
    tokens = spec.get("tokens")
    if isinstance(tokens, bool) or not isinstance(tokens, int) or tokens < 1:
        raise fail("recovery: 'tokens' (how many bring it back) must be 1 or more")
    return Recovery(str(spec.get("name", "Recovery Mode")), frozenset(keywords), Token(token),
                    tokens, spec.get("return_to_hero", False) is True)
