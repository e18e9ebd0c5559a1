"""Solo Mode (Appendix B): Companions and their turns."""
