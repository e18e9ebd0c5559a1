"""The Red Dragon Inn (seeds 000-002)."""
