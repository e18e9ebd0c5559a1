"""Tavern card games: The Red Dragon Inn (rdi) and the encounter game."""
