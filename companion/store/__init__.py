"""The only package that touches TinyDB: every file of the data folder."""

from companion.store.backups import BackupInfo, InvalidBackupError
from companion.store.errors import CorruptFileError, NewerSchemaError, StoreError
from companion.store.store import DataFolderInUse, Store, open_store

__all__ = [
    "BackupInfo", "CorruptFileError", "DataFolderInUse", "InvalidBackupError",
    "NewerSchemaError", "Store", "StoreError", "open_store",
]
