"""solo package."""
