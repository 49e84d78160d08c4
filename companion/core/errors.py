"""Errors a player can cause: the message says, in plain words, what is not allowed."""


class DomainError(Exception):
    """A request the rules or the app refuse; `str(error)` is shown to the player."""
