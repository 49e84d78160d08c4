"""The pearl boat game's screens."""
