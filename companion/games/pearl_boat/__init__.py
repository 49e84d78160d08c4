"""The pearl boat game (seed 003): the banker and referee of a race for three different fish."""
