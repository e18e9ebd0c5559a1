"""Tavern card games: The Red Dragon Inn (rdi) and the encounter game."""

from pathlib import Path

#: The bundled sample decks (``decks/`` of the checkout), named here so that finding them
#: imports nothing of the games (the command line builds its help from it).
DECKS = Path(__file__).resolve().parents[2] / "decks"
