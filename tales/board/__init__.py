"""board package."""
