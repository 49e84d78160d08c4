"""Salmon Run's screens."""
