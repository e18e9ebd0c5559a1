"""rules package."""
