"""Problems with the data folder that the user must hear about."""


class StoreError(Exception):
    """A problem with the data folder that the user must hear about."""


class CorruptFileError(StoreError):
    """A database file exists but cannot be used as it is."""


class NewerSchemaError(StoreError):
    """A file was written by a newer Companion than this one."""


class DataFolderInUse(StoreError):
    """Another Companion holds the lock on this data folder."""
