"""Who plays a new solo campaign: the bundled Heroes and Companions to pick from, each said
in one line (Fortitude, what its abilities do) with the whole mat or card behind it; the
window's pick buttons and the terminal's menu read them from here."""

from __future__ import annotations

from tales.content.companions import load_companion
from tales.engine.content import find_file, hero_kit
from tales.present.abilities import ability_card, companion_line, hero_line

HEROES: tuple[str, ...] = ("deirdre", "eve", "fiona", "gerki", "gog", "zot")
COMPANIONS: tuple[str, ...] = ("otto-guard", "otto-medic", "otto-tinker", "otto-scout",
                               "pooky")


def companions_for(hero: str) -> list[str]:
    """The Companions ``hero`` may take: Zot already has Pooky (Appendix B)."""
    return [c for c in COMPANIONS if not (hero == "zot" and c == "pooky")]


def hero_label(hero: str) -> str:
    return hero_line(hero_kit(hero))


def companion_label(companion: str) -> str:
    return companion_line(load_companion(find_file(companion, "companions")))


def hero_card(hero: str) -> list[str]:
    """The whole mat: its name and Fortitude, then every ability in full."""
    kit = hero_kit(hero)
    return [hero_line(kit).split(";")[0],
            *(line for a in kit.for_game() for line in ability_card(a))]


def companion_card(companion: str) -> list[str]:
    """The whole Companion card: its name and Fortitude, then every action in full."""
    card = load_companion(find_file(companion, "companions"))
    abilities = card.actions or tuple(s for _, s in card.pooky)
    return [companion_line(card).split(";")[0],
            *(line for a in abilities for line in ability_card(a))]
