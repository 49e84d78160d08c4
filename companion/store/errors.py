"""Problems with the data folder that the user must hear about."""

import errno

from companion.core.errors import DomainError


class StoreError(Exception):
    """A problem with the data folder that the user must hear about."""


class CorruptFileError(StoreError):
    """A database file exists but cannot be used as it is."""


class NewerSchemaError(StoreError):
    """A file was written by a newer Companion than this one."""


class DataFolderInUse(StoreError):
    """Another Companion holds the lock on this data folder."""


class DiskFull(DomainError, OSError):
    """A write that did not wholly reach the disk (it is full): nothing of it was kept or acknowledged.
    A refusal in words for the player (DomainError), and still the OSError it was for code that
    already copes with one (a saved state that could not be written only means a longer replay)."""

    def __init__(self) -> None:
        super().__init__("The disk is full: this tap was not kept. Free some space and tap again.")
        self.errno = errno.ENOSPC
