"""tavern package."""
