"""content package."""
