"""What a player reads: short lines for choices, abilities, moves and rolls in the game's
words, with the whole card or rule behind them one key away. Shared by the terminal and
the window (no pyglet, no printing, no clock)."""
