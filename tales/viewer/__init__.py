"""viewer package."""
