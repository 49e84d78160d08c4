"""Lure's screens."""
