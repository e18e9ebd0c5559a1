"""campaign package."""
