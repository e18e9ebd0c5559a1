"""Spyke (seed 000, "Spyke"): a munchkin like Flower, whose section his repeats word for word
(his Headgear, Footgear, Armor and two Hand slots, Treasure Cards and their subtypes, Get
Treasure, his Level). His rules are Flower's (:mod:`tales.tavern.rdi.characters.flower`):
the Treasure Deck is his file's ``pile = "treasure"``, his equipped Treasure the table's
pile ``<name> equipped`` (those he may play among the cards he keeps), his Level the token
``level``, "Get Treasure" the handler ``get treasure``.
"""

from __future__ import annotations

from tales.tavern.rdi.characters import register
from tales.tavern.rdi.characters.flower import Flower

NAME = "spyke"


class Spyke(Flower):
    name = NAME


register(Spyke())
