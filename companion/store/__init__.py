"""The only package that touches TinyDB: every file of the data folder."""

from companion.store.backups import BackupInfo, InvalidBackupError
from companion.store.errors import CorruptFileError, DataFolderInUse, NewerSchemaError, StoreError
from companion.store.store import Store, open_store

__all__ = [
    "BackupInfo", "CorruptFileError", "DataFolderInUse", "InvalidBackupError",
    "NewerSchemaError", "Store", "StoreError", "open_store",
]
